"""Beacon Relay, a game kept outside `rules/` as a plug-in: everything Gavel knows of it is in this
folder, and one line installs it (`rules.registry.install("tests.plugin_game")`, or
`GAVEL_PLUGINS=tests.plugin_game` for a process). It is the proof that a game needs no edit to
the platform (`gavel/tables/`) or the front-ends (the console, the cogs).

`GAME` is the engine; `PLUGIN.ai` its computer player (`PLUGIN.ai(GAME, state, seat) -> Action`);
`PLUGIN` the plug-in: words, commands (its slash group's declaration) and renderer, all in this package, and the
catalogue the engine brings itself (`Game.catalogue`, from `messages.toml`).
"""

from rules.plugin import Plugin

from .ai import choose
from .commands import COMMANDS
from .engine import KEY, BeaconRelay
from .words import WORDS

GAME = BeaconRelay()
PLUGIN = Plugin(GAME, WORDS, COMMANDS, ai=choose, renderer=f"{__name__}.render")
"""Beacon Relay's plug-in."""

__all__ = ["GAME", "KEY", "PLUGIN", "BeaconRelay", "choose"]
