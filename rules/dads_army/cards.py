"""The Top Secret deck, the Order packs and the marker supply, read from `data/dads_army/cards.toml`.

A card in the deck is a short string: `hodges`, `air_raid`, `union_jack`, or
`character:<man>` for a card naming one man.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.data import data_path

CARDS_FILE = data_path("dads_army", "cards.toml")


@dataclass(frozen=True)
class Supply:
    deck: tuple[str, ...]
    """Every Top Secret card, unshuffled."""
    pink: int
    black: int
    bombs: int
    union_jacks: int


def card_kind(card: str) -> str:
    return card.split(":", 1)[0]


def card_man(card: str) -> str | None:
    return card.split(":", 1)[1] if ":" in card else None


@cache
def load_supply(path: Path = CARDS_FILE) -> Supply:
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    deck: list[str] = []
    for entry in raw["deck"]:
        if entry["kind"] == "character":
            deck += [f"character:{man}" for man in entry["men"] for _ in range(entry["copies"])]
        else:
            deck += [entry["kind"]] * entry["copies"]
    return Supply(
        deck=tuple(deck),
        pink=int(raw["orders"]["pink"]),
        black=int(raw["orders"]["black"]),
        bombs=int(raw["markers"]["bombs"]),
        union_jacks=int(raw["markers"]["union_jacks"]),
    )
