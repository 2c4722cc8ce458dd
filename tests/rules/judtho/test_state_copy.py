"""A Judtho state's deep copy (`JudthoState.__deepcopy__`, what `Judtho.undoable` tries an action
on): equal to the original, sharing nothing that can change, and a whole game played on copies
leaves each original as it was."""

from __future__ import annotations

import copy
import json
import random

from rules import registry
from rules.core import SeededChance


def _containers(value: object) -> list[object]:
    found: list[object] = []
    if isinstance(value, dict):
        found.append(value)
        for item in value.values():
            found += _containers(item)
    elif isinstance(value, list):
        found.append(value)
        for item in value:
            found += _containers(item)
    return found


def test_a_copy_is_equal_and_shares_no_dict_or_list() -> None:
    game = registry.plugin("judtho").game
    state = game.new_game({}, 4, SeededChance(5))
    rng = random.Random(5)
    for step in range(150):
        if game.outcome(state) is not None:
            break
        state.rel()  # the memo the copy must not carry over
        twin = copy.deepcopy(state)
        assert type(twin) is type(state) and twin == state
        assert twin.to_json() == state.to_json()
        originals = {id(c) for c in _containers(vars(state))}
        assert not originals & {id(c) for c in _containers(vars(twin))}
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        before = json.dumps(state.to_json(), sort_keys=True)
        game.apply(twin, seat, action, SeededChance(f"t:{step}"))  # played on the copy...
        assert json.dumps(state.to_json(), sort_keys=True) == before  # ...the original is as it was
        game.apply(state, seat, action, SeededChance(f"t:{step}"))
        assert twin.to_json() == state.to_json()
