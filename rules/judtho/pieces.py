"""The pieces of an army (rulebook 1.2.2) and their notation letters (J29), read from `data/judtho/army.toml`."""

from __future__ import annotations

import tomllib

from rules.data import data_path

ARMY_FILE = data_path("judtho", "army.toml")

with ARMY_FILE.open("rb") as _fh:
    _RAW = tomllib.load(_fh)

ARMY: dict[str, int] = dict(_RAW["army"])
"""How many of each piece an army places (1.2.2); `prince_or_princess` is the player's choice."""
LETTERS: dict[str, str] = dict(_RAW["letters"])
"""Piece -> notation letter (J29, §10); a pawn has none."""
PIECES: dict[str, str] = {letter: piece for piece, letter in LETTERS.items()}
PROMOTIONS: tuple[str, ...] = tuple(_RAW["promotion"]["pieces"])
"""2.2: a Pawn promotes to any piece except a King."""
