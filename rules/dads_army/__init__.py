"""Dad's Army (Denys Fisher, 1974): a dice race across Walmington-on-Sea.

`GAME` is the registered engine; `PLUGIN.ai` (also `rules.dads_army.ai.choose`) picks an
action for a computer-controlled seat: `PLUGIN.ai(GAME, state, seat) -> Action`.
Variants (`GAME.info.variants`) are switched on through the config given to `new_game`,
as tables/ passes it: `{"variant": "redraw_bombed_reference"}` (D26).
"""

from rules.plugin import Plugin

from .ai import choose
from .commands import COMMANDS
from .engine import DadsArmy
from .luck import LUCK
from .words import WORDS

GAME = DadsArmy()
PLUGIN = Plugin(GAME, WORDS, COMMANDS, ai=choose,
                renderer="renderer.dads_army", luck=LUCK)
"""Gavel's plug-in for this game (listed in `rules.registry`)."""

__all__ = ["GAME", "PLUGIN", "DadsArmy", "choose"]
