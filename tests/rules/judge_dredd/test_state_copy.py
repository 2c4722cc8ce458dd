"""A copy of a Judge Dredd state (`copy.deepcopy`, as an undo's trial makes) is equal to it and
shares nothing that changes in place."""

from __future__ import annotations

import copy
import random
from typing import Any

from rules import registry
from rules.core import SeededChance


def _mutables(value: Any, found: list[Any]) -> list[Any]:
    if isinstance(value, (list, dict)) or hasattr(value, "__dict__"):
        found.append(value)
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else \
            vars(value).values()
        for v in items:
            _mutables(v, found)
    return found


def test_a_copied_state_is_equal_and_shares_nothing_mutable() -> None:
    game = registry.plugin("judge_dredd").game
    state = game.new_game({}, 6, SeededChance(4))
    rng = random.Random(4)
    for step in range(400):
        if step % 20 == 0 or state.fight is not None or (state.window and state.window.pending):
            twin = copy.deepcopy(state)
            assert twin == state and twin.to_json() == state.to_json()
            assert type(twin) is type(state)
            theirs = {id(v) for v in _mutables(state, [])}
            assert not theirs & {id(v) for v in _mutables(twin, [])}
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), SeededChance(f"{step}"))
