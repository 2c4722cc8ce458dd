"""Beacon Relay's words in both languages, read from `messages.toml` beside this file: the game
brings its catalogue itself (`Game.catalogue`), so it needs no `.po` file under `data/`."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

FILE = Path(__file__).resolve().with_name("messages.toml")


@cache
def _all() -> dict[str, dict[str, str]]:
    with FILE.open("rb") as fh:
        data = tomllib.load(fh)
    return {lang: dict(_flat(table)) for lang, table in data.items()}


def _flat(table: dict[str, object], prefix: str = "") -> list[tuple[str, str]]:
    """Nested TOML tables as dotted message ids: `[en.beacon_relay.event] rolled = ...` is
    `beacon_relay.event.rolled`."""
    out: list[tuple[str, str]] = []
    for key, value in table.items():
        if isinstance(value, dict):
            out += _flat(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", str(value)))
    return out


def messages(lang: str) -> dict[str, str]:
    """Every message of this game in `lang` (`en` or `zh-TW`; none for another language)."""
    return dict(_all().get(lang, {}))
