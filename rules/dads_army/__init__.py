"""Dad's Army (Denys Fisher, 1974): a dice race across Walmington-on-Sea.

`GAME` is the registered engine; `GAME.ai` (also `rules.dads_army.ai.choose`) picks an
action for a computer-controlled seat: `GAME.ai(GAME, state, seat) -> Action`.
"""

from rules.core import register

from .ai import choose
from .engine import DadsArmy

GAME = DadsArmy()
GAME.ai = choose  # type: ignore[attr-defined]
register(GAME)

__all__ = ["GAME", "DadsArmy", "choose"]
