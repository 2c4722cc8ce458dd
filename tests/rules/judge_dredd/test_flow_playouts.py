"""Whole games: seeded playouts from set-up to The Winner (random plays mixed with a busy player),
every variant included; each ends (the Perp pack used up, R20, or eight Game Turns without an
Arrest, R26), conserves its cards and replays exactly from its log."""

from __future__ import annotations

import random

import pytest

from rules.core import SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd.turn import QUIET_LIMIT, quiet_turns

from .kit import busy_policy, conserved

LIMIT = 8000


def play_out(seats: int, seed: int, config: dict) -> None:
    rng = random.Random(seed)
    setup = SeededChance(seed)
    state = GAME.new_game(config, seats, setup)
    log: list[tuple[int, str, list[int]]] = []
    for _ in range(LIMIT):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        action = busy_policy(state, seat, legal) if rng.random() < 0.8 else rng.choice(legal)
        chance = SeededChance(rng.randrange(1 << 30))
        GAME.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
    outcome = GAME.outcome(state)
    assert outcome is not None, f"{seats} seats did not end in {LIMIT} actions"
    conserved(state)
    if outcome.reason == "no_arrests" or quiet_turns(state) >= QUIET_LIMIT:  # ended by R26
        assert quiet_turns(state) >= QUIET_LIMIT and state.turn - state.last_arrest == QUIET_LIMIT
    else:  # ended by the Perp pack (R20)
        assert not state.perp_pack and state.end_holder is not None
    assert outcome.scores is not None and outcome.winners[0] in range(seats)
    assert GAME.replay(config, seats, list(setup.record), log).to_json() == state.to_json()


@pytest.mark.parametrize(("seats", "seed"), [(2, 11), (3, 12), (5, 13), (6, 14)])
def test_end_of_game_seeded_playouts_reach_the_winner(seats: int, seed: int) -> None:
    play_out(seats, seed, {})


@pytest.mark.parametrize("variant", GAME.info.variants)
def test_end_of_game_seeded_playouts_of_each_variant(variant: str) -> None:
    play_out(4, 21, {"variant": variant})
