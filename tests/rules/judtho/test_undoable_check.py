"""Judtho's `undoable` asks whether the action may be taken (`check`), not a trial on a copy: a
move, a pass or a placement draws nothing and tells every seat the same. Here both answers are
compared, action by action, over whole games: the trial (`revealed_nothing`: no number drawn,
no private event) says what the check says, for the legal actions and for illegal ones."""

from __future__ import annotations

import random

from rules import registry
from rules.core import SeededChance, revealed_nothing
from rules.judtho.engine import PlaceRest
from rules.judtho.notation import Move, Pass, Place

LEAVING = frozenset({"resign", "depart", "draw", "void"})
"""Verbs left out of the random play, which would end the game before its play phase."""


def test_undoable_says_what_the_trial_on_a_copy_says() -> None:
    game = registry.plugin("judtho").game
    kinds: set[str] = set()
    for seed, seats in ((1, 4), (2, 3), (3, 2)):
        state = game.new_game({}, seats, SeededChance(seed))
        rng = random.Random(seed)
        for step in range(160):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            others = [a for s in range(seats) if s != seat for a in game.legal_actions(state, s)[:3]]
            untouched = state.to_json()
            for action in [*rng.sample(legal, min(6, len(legal))), *others]:
                for asker in {seat, (seat + 1) % seats}:
                    trial = isinstance(action, (Move, Pass, Place, PlaceRest))
                    # `revealed_nothing` tries the action on its own copy: no second copy is needed
                    # here (that it leaves `state` untouched is checked after the step's trials).
                    expected = trial and revealed_nothing(game, state, asker, action)
                    assert game.undoable(state, asker, action) == expected, (seed, step, asker, str(action))
                    kinds.add(type(action).__name__ if expected else "refused")
            assert state.to_json() == untouched, (seed, step)
            staying = [a for a in legal if str(a).split(" ", 1)[0] not in LEAVING] or legal
            game.apply(state, seat, rng.choice(staying), SeededChance(f"u:{step}"))
    assert {"Move", "Place", "refused"} <= kinds, kinds
