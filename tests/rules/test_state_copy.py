"""Every game's state copies as `copy.deepcopy` promises (what an undo's trial and the AI's search
play on): at each position of a seeded random game the copy is equal to the original (as objects
and as JSON), shares nothing that changes in place, and an action played on the copy leaves the
original as it was. Games give their states a `__deepcopy__` of their own for speed; this holds
each to the promise."""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import random
from typing import Any

import pytest

from rules import registry
from rules.core import SeededChance

GAMES = {"dads_army": 4, "judge_dredd": 6, "judgement": 6, "judtho": 4}
"""The seat count each game's copies are checked at (its largest state, or near it)."""

STEPS = 160


def mutables(value: Any, found: list[Any] | None = None) -> list[Any]:
    """Everything inside `value` (itself included) that can change in place: lists, dicts, sets
    and objects other than frozen dataclasses and enum members; looked into through tuples and
    frozen objects too."""
    found = [] if found is None else found
    if isinstance(value, (str, bytes, int, float, bool, type(None), enum.Enum)):
        return found
    if isinstance(value, (list, set, bytearray)):
        found.append(value)
        for item in value:
            mutables(item, found)
    elif isinstance(value, dict):
        found.append(value)
        for key, item in value.items():
            mutables(key, found)
            mutables(item, found)
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            mutables(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            found.append(value)
        for f in dataclasses.fields(value):
            mutables(getattr(value, f.name), found)
    elif hasattr(value, "__dict__"):
        found.append(value)
        for item in vars(value).values():
            mutables(item, found)
    return found


def check_copy(game: Any, state: Any, seat: int, action: Any, chance: str) -> None:
    """The copy of `state` is equal, shares nothing mutable, and `action` played on it leaves
    `state` as it was (then `state` plays it too and the two agree again)."""
    twin = copy.deepcopy(state)
    assert type(twin) is type(state) and twin == state
    assert twin.to_json() == state.to_json()
    shared = {id(v) for v in mutables(state)} & {id(v) for v in mutables(twin)}
    assert not shared
    before = json.dumps(state.to_json(), sort_keys=True)
    game.apply(twin, seat, action, SeededChance(chance))  # played on the copy...
    assert json.dumps(state.to_json(), sort_keys=True) == before  # ...the original is as it was
    game.apply(state, seat, action, SeededChance(chance))
    assert twin.to_json() == state.to_json()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_copied_state_is_equal_shares_nothing_mutable_and_plays_apart(key: str) -> None:
    game = registry.plugin(key).game
    state = game.new_game({}, GAMES[key], SeededChance(4))
    rng = random.Random(4)
    for step in range(STEPS):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        seat = min(game.to_act(state))
        check_copy(game, state, seat, rng.choice(game.legal_actions(state, seat)), f"c:{step}")
    assert step >= 40, "the game ended before its copies were checked in play"


def test_the_check_finds_a_shared_list() -> None:
    """The check can fail: a copy that shares a list with its original is found."""

    @dataclasses.dataclass
    class Held:
        items: list[int]

    one = Held([1])
    assert {id(v) for v in mutables(one)} & {id(v) for v in mutables(copy.copy(one))}
    assert not {id(v) for v in mutables(one)} & {id(v) for v in mutables(copy.deepcopy(one))}
