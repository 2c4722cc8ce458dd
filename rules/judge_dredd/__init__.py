"""Judge Dredd (Games Workshop, 1982): crime-busting in Mega-City One, with private hands of
Action Cards played in windows (R7).

`GAME` is the registered engine; `PLUGIN.ai` (also `rules.judge_dredd.ai.choose`) picks an action
for a computer-controlled seat: `PLUGIN.ai(GAME, state, seat) -> Action`. Variants
(`GAME.info.variants`) come through the config as tables/ passes it:
`{"variant": "dredd_plus_ten"}` (R17) or `{"variant": "no_tipoff_into_protected"}` (R4).
"""

from rules.plugin import Plugin

from .ai import choose
from .commands import COMMANDS
from .engine import JudgeDredd
from .luck import LUCK
from .standing import ORDERS
from .words import WORDS

GAME = JudgeDredd()
PLUGIN = Plugin(GAME, WORDS, COMMANDS, ai=choose,
                renderer="renderer.judge_dredd", luck=LUCK, orders=ORDERS)
"""Gavel's plug-in for this game (listed in `rules.registry`)."""

__all__ = ["GAME", "PLUGIN", "JudgeDredd", "choose"]
