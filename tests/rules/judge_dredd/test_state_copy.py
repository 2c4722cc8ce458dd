"""A copy of a Judge Dredd state in the middle of a fight or of a card-play window (where a copy
has the most to carry: the fight's dice, the window's pending answers) holds to what every game's
copy promises (`tests/rules/test_state_copy.py`)."""

from __future__ import annotations

import random

from rules import registry
from rules.core import SeededChance
from tests.rules.test_state_copy import check_copy


def test_a_copy_in_a_fight_or_a_window_is_equal_shares_nothing_and_plays_apart() -> None:
    game = registry.plugin("judge_dredd").game
    state = game.new_game({}, 6, SeededChance(4))
    rng = random.Random(4)
    fights = windows = 0
    for step in range(400):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        if state.fight is not None or (state.window and state.window.pending):
            fights += state.fight is not None
            windows += bool(state.window and state.window.pending)
            check_copy(game, state, seat, action, f"{step}")
        else:
            game.apply(state, seat, action, SeededChance(f"{step}"))
    assert fights and windows, "the game reached no fight or no open window"
