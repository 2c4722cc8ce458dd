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


def _nearest(typed: str, known: list[str]) -> str:
    """The name in `known` closest to `typed` (difflib's ratio, ties to the first), "" for none."""
    import difflib

    found = difflib.get_close_matches(typed.lower(), known, n=1, cutoff=0.0)
    return found[0] if found else ""


def local_game(name: str) -> str:
    """The key of the game a command line names: its key or its Discord group's name (the slash
    group its plug-in declares), in any case. Another name is refused (`unknown_local_game`) with
    every game and the nearest to what was typed (a letter missing, one too many)."""
    from rules import registry

    typed = name.strip().lower()
    names = {p.game.info.key: p.game.info.key for p in registry.plugins().values()}
    names.update({p.commands.group: p.game.info.key for p in registry.plugins().values() if p.commands.group})
    if typed in names:
        return names[typed]
    if installed(typed) is not None:  # a game registered without a plug-in of its own (a test's)
        return typed
    keys = list(registry.plugins())
    nearest = names[_nearest(typed, list(names))] if names else ""
    raise IllegalAction("unknown_local_game", game=name, games=", ".join(keys), nearest=nearest)


def local_variant(game_key: str, name: str | None) -> str | None:
    """The variant of `game_key` a command line names (in any case), None for none. Another name
    is refused (`unknown_local_variant`) with the game's variants and the nearest to it."""
    if name is None:
        return None
    variants = list(get_game(game_key).info.variants)
    typed = name.strip().lower()
    if typed in variants:
        return typed
    if not variants:
        raise IllegalAction("unknown_variant", variant=name)
    raise IllegalAction("unknown_local_variant", variant=name, variants=", ".join(variants),
                        nearest=_nearest(typed, variants))
