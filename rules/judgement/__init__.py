"""審判之城 The City of Judgement: hidden roles for 4-9 players.

Each player secretly picks a character and is dealt a secret identity (Royal Guard, Assassin or
Commoner); the pieces move round a ring of six locations by d4+d6, take the location's effect and
attack within range, until every Guard or every Assassin is dead or a Commoner's goal is met.

The fixed content is data (`data/judgement/*.toml`, read by `content.load()`). The rules are split
by the rule they hold: set-up and the start rolls (setup.py), the ring and range (board.py), the
move (movement.py), the turn's steps (turn.py), the cards and locations (cards.py, locations.py,
orders.py), the characters, attacks and deaths (skills.py, reveal.py, attack.py, damage.py,
death.py, victory.py), what each seat may see and the words (view.py, present.py), and the engine
contract over them all (engine.py, `GAME`).

Rulebook clauses and rulings are cited by code everywhere in this package and its tests: c1-c44
(the rulebook's clauses), ruling 1-15 (r1-r15), e1-e9 (the engine's), "Ruling (ours)", N6.1-N6.8,
k1-k15 and o1-o12 (the content), P3/P4/P6 and Q2-Q8 (design notes). `docs/rulings/judgement.md`
defines every one of them in our own words, with its reason and source.
"""

from rules.plugin import Plugin

from .ai import choose
from .commands import COMMANDS
from .engine import GAME
from .luck import LUCK
from .standing import ORDERS
from .words import WORDS

PLUGIN = Plugin(GAME, WORDS, COMMANDS, ai=choose,
                renderer="renderer.judgement", luck=LUCK, orders=ORDERS)
"""Gavel's plug-in for this game (listed in `rules.registry`)."""

__all__ = ["GAME", "PLUGIN"]
