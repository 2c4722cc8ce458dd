"""A Judtho state copied while its memo of relations is filled (`JudthoState.rel`, kept between
actions for speed) holds to what every game's copy promises (`tests/rules/test_state_copy.py`):
the memo is not shared with the copy, so an action on the copy cannot change the original's."""

from __future__ import annotations

import random

from rules import registry
from rules.core import SeededChance
from tests.rules.test_state_copy import check_copy


def test_a_copy_with_its_memo_filled_is_equal_shares_nothing_and_plays_apart() -> None:
    game = registry.plugin("judtho").game
    state = game.new_game({}, 4, SeededChance(5))
    rng = random.Random(5)
    for step in range(150):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        state.rel()  # the memo the copy must not carry over
        seat = min(game.to_act(state))
        check_copy(game, state, seat, rng.choice(game.legal_actions(state, seat)), f"t:{step}")
    assert step >= 20, "the game ended before its copies were checked in play"
