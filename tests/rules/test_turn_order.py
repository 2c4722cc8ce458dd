"""`Game.turn_order`: the order in which seats take their turns, as each game tells it (the turn
inbox says how many seats act before a player from it).

Seeded games of every game with the hook are played (by the contract's playout players), and at
every position where the game tells an order: it names each seat at most once, every seat in it
is at the table, its first seat is the one whose turn it is (the sole seat asked, whenever only
one is asked), and it foretells the next turn: when the seat whose turn it is changes, the new
one is the first of the seats after the old one in the old order still in the new order (a seat
killed or gone meanwhile is skipped), unless the old order ran out (a round of turns ended).
Asking it changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules import registry
from rules.core import Game, SeededChance, seats_before
from tests.rules.test_contract import PLAYOUT_AI

GAMES = {key: p.game for key, p in registry.plugins().items()
         if type(p.game).turn_order is not Game.turn_order}
STEPS = 600
CASES = [(key, seats, seed) for key, game in sorted(GAMES.items())
         for seats in (game.info.min_seats, game.info.max_seats) for seed in range(2)]


def test_every_game_that_ships_tells_its_order_of_turns() -> None:
    assert {"dads_army", "judge_dredd", "judgement", "judtho"} <= set(GAMES)


@pytest.mark.parametrize(("key", "seats", "seed"), CASES)
def test_the_order_of_turns_names_who_moves_now_and_foretells_who_moves_next(key: str, seats: int,
                                                                             seed: int) -> None:
    game = GAMES[key]
    rng = random.Random(seed)
    state = game.new_game({}, seats, SeededChance(seed))
    ai = PLAYOUT_AI.get(key, registry.plugin(key).ai)
    before: list[int] | None = None
    told = foretold = 0
    for _ in range(STEPS):
        if game.outcome(state) is not None:
            break
        text = json.dumps(state.to_json(), sort_keys=True)
        order = game.turn_order(state)
        assert json.dumps(state.to_json(), sort_keys=True) == text  # asking changes nothing
        actors = sorted(game.to_act(state))
        if order is not None:
            told += 1
            assert order and len(set(order)) == len(order) and all(0 <= s < seats for s in order)
            if len(actors) == 1 and _plain_turn(game, state):
                assert order[0] == actors[0]
            for place, seat in enumerate(order):
                assert seats_before(game, state, seat) == place
            if before is not None and order[0] != before[0]:
                expected = next((s for s in before[1:] if s in order), None)
                if expected is not None:  # None: the order told ran out (a round ended), a new one begins
                    assert order[0] == expected, (before, order)
                    foretold += 1
        before = order
        seat = rng.choice(actors)
        legal = game.legal_actions(state, seat)
        action = ai(game, state, seat) if ai is not None and rng.random() < 0.8 else rng.choice(legal)
        game.apply(state, seat, action, SeededChance(rng.randrange(1 << 30)))
    assert told and foretold, "the game never told an order of turns, or never moved on to the next"


def _plain_turn(game: Game[Any], state: Any) -> bool:
    """Whether the position asks the seat whose turn it is for its turn (not a window or a
    question that asks another seat on the way)."""
    decision = game.decision(state)
    return decision.about is None
