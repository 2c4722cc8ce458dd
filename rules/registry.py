"""The one list of games. The bot, the console, the renderers, the contract test and the bench
find games here and nowhere else; adding a game is adding its folders and one line to
`INSTALLED` (or, for a game kept outside this repository, naming its module in `GAVEL_PLUGINS`).

Each installed module exposes `PLUGIN` (a `rules.plugin.Plugin`). A game registered with
`rules.core.register` alone (a test's toy game) is a plug-in with the default words and commands.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Any

from rules.core import Game, IllegalAction, games, register
from rules.plugin import Plugin, plain

INSTALLED = (
    "rules.dads_army",
    "rules.judge_dredd",
    "rules.judgement",
    "rules.judtho",
)
"""The modules of the games Gavel plays, each with its `PLUGIN`: one line per game."""

_PLUGINS: dict[str, Plugin] = {}
_loaded = False


def install(plugin: Plugin | str) -> Plugin:
    """Register a plug-in (or the `PLUGIN` of the module named): its game joins `rules.core.games`."""
    if isinstance(plugin, str):
        plugin = import_module(plugin).PLUGIN
    assert isinstance(plugin, Plugin)
    register(plugin.game)
    _PLUGINS[plugin.key] = plugin
    return plugin


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    extra = [m.strip() for m in os.environ.get("GAVEL_PLUGINS", "").split(",") if m.strip()]
    for module in (*INSTALLED, *extra):
        install(module)


def plugins() -> dict[str, Plugin]:
    """Every game's plug-in by key: the installed ones, then any game registered on its own."""
    _load()
    out = dict(_PLUGINS)
    for key, game in games().items():
        if key not in out or out[key].game is not game:
            out[key] = _PLUGINS[key] if key in _PLUGINS and _PLUGINS[key].game is game else plain(game)
    return out


def plugin(key: str) -> Plugin:
    """One game's plug-in; `IllegalAction("unknown_game")` for a key no game has."""
    found = plugins().get(key)
    if found is None:
        raise IllegalAction("unknown_game", game=key)
    return found


def of(game: Game[Any]) -> Plugin:
    """The plug-in of a game object."""
    return plugin(game.info.key)


def by_group(group: str) -> Plugin | None:
    """The plug-in whose slash command group is `group` (`dredd`), or whose key it is."""
    every = plugins()
    return next((p for p in every.values() if p.commands.group == group), every.get(group))
