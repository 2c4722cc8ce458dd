"""Judge Dredd (Games Workshop, 1982): crime-busting in Mega-City One, with private hands of
Action Cards played in windows (R7).

`GAME` is the registered engine. Variants (`GAME.info.variants`) come through the config as
tables/ passes it: `{"variant": "dredd_plus_ten"}` (R17) or `"no_tipoff_into_protected"` (R4).
"""

from rules.core import register

from .engine import JudgeDredd

GAME = JudgeDredd()
register(GAME)

__all__ = ["GAME", "JudgeDredd"]
