"""審判之城 The City of Judgement: hidden roles for 4-9 players (issue 5).

Each player secretly picks a character and is dealt a secret identity (Royal Guard, Assassin or
Commoner); the pieces move round a ring of six locations by d4+d6, take the location's effect and
attack within range, until every Guard or every Assassin is dead or a Commoner's goal is met.

The fixed content is data (`data/judgement/*.toml`, read by `content.load()`). The rules are split
by the rule they hold: set-up and the start rolls (setup.py), the ring and range (board.py), the
move (movement.py), the turn's steps (turn.py), the cards and locations (cards.py, locations.py,
orders.py), the characters, attacks and deaths (skills.py, reveal.py, attack.py, damage.py,
death.py, victory.py), what each seat may see and the words (view.py, present.py), and the engine
contract over them all (engine.py, `GAME`).
"""

from rules.core import register

from .ai import choose
from .engine import GAME

GAME.ai = choose  # type: ignore[attr-defined]  # the computer seat (ai.py), as Judge Dredd's
register(GAME)

__all__ = ["GAME"]
