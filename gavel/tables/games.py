"""What the platform knows of a game by its key: the registered game, its name and its variant's
in the players' words, the table statuses' names. The lowest of the service's modules: every part
may import it."""

from __future__ import annotations

import importlib
from typing import Any

from gavel.tables import i18n
from gavel.tables.table import Table
from rules.core import Game, IllegalAction, Msg
from rules.core import get_game as _get_game

STATUS = {
    "lobby": Msg("table.status_lobby"),
    "active": Msg("table.status_active"),
    "finished": Msg("table.status_finished"),
    "cancelled": Msg("table.status_cancelled"),
}


def get_game(key: str) -> Game[Any]:
    """A registered game; importing `rules` first registers every game package."""
    try:
        return _get_game(key)
    except IllegalAction:
        importlib.import_module("rules")
        return _get_game(key)


def installed(key: str) -> Game[Any] | None:
    """The game if it is installed; None for a key in the database that no package registers."""
    try:
        return get_game(key)
    except IllegalAction:
        return None


def game_name(game: Game[Any]) -> Msg | str:
    key = f"game.{game.info.key}"
    return Msg(key) if i18n.has(key) else game.info.names.get("en", game.info.key)


def variant_name(table: Table) -> Msg | str:
    """The table's variant as players know it (`<game>.variant.<name>`), else its code."""
    key = f"{table.game_key}.variant.{table.variant}"
    return Msg(key) if i18n.has(key) else table.variant or ""


def variant_lines(table: Table) -> list[Msg]:
    """The table's variant, named in the players' language."""
    return [Msg("table.variant", {"variant": variant_name(table)})] if table.variant else []


def lobby_hint(table: Table) -> Msg:
    """How many players the table needs, under its variant (a variant may take an exact number)."""
    seats = table.seat_range
    if len(seats) == 1:
        return Msg("table.lobby_hint_exact", {"n": seats[0]})
    return Msg("table.lobby_hint", {"min": seats[0], "max": seats[-1]})
