"""Folding a log with undo rows (`Game.replay`) gives the state the table had, for every game:
each undo row puts back the state before the last action still standing, at the next version,
however many undos there are and however they nest."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules import registry
from rules.core import UNDO, Game, IllegalAction, SeededChance, taken_back

STEPS = 120


def games() -> dict[str, Game]:
    """Gavel's games (not the toy games other tests register)."""
    return {key: plugin.game for key, plugin in registry.plugins().items()
            if type(plugin.game).__module__.startswith("rules.")}


def played_with_undos(game: Game, seats: int, seed: int) -> tuple[list[int], list[tuple[int, str, list[int]]], Any]:
    """A seeded random game whose player takes back one to three actions now and then, as the
    table does it: the state before the action comes back, at the next version. Returns the
    set-up draws, the log (undo rows included) and the live state."""
    rng = random.Random(seed)
    setup = SeededChance(seed)
    state = game.new_game({}, seats, setup)
    log: list[tuple[int, str, list[int]]] = []
    before: list[Any] = []
    for _ in range(STEPS):
        if game.outcome(state) is not None:
            break
        if before and rng.random() < 0.15:
            for _ in range(min(len(before), rng.randint(1, 3))):
                version = state.version + 1
                state = before.pop()
                state.version = version
                log.append((0, UNDO, []))
            continue
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        before.append(copy.deepcopy(state))
        chance = SeededChance(rng.randrange(1 << 30))
        game.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
    return list(setup.record), log, state


@pytest.mark.parametrize("key", sorted(games()))
def test_a_log_with_undos_folds_to_the_state_the_table_had(key: str) -> None:
    game = games()[key]
    seats = game.info.max_seats
    for seed in (1, 2, 3):
        setup, log, state = played_with_undos(game, seats, seed)
        assert any(text == UNDO for _, text, _ in log)
        assert game.replay({}, seats, setup, log).to_json() == state.to_json()


def test_an_undo_with_nothing_standing_is_refused() -> None:
    game = games()["dads_army"]
    setup = SeededChance(7)
    game.new_game({}, 2, setup)
    with pytest.raises(IllegalAction):
        game.replay({}, 2, list(setup.record), [(0, UNDO, [])])


def test_taken_back_names_the_actions_each_undo_takes_back() -> None:
    texts = ["a", "b", UNDO, "c", "d", UNDO, UNDO, "e", UNDO, UNDO, "f"]
    # b by the first undo; d then c by the next two; e, then a (the last standing) by the last two
    assert taken_back(texts) == {1, 4, 3, 7, 0}
    assert taken_back([UNDO, "a"]) == set()
