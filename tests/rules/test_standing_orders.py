"""The games' standing orders over random positions: the default every new player gets (`IDLE`)
never passes a seat that holds something it could play, and every order answers only with a
legal pass of a window that asks the seat.

Positions come from random playouts (hypothesis picks the seed, the seat count and how far to
play), each seat asked answering with a random legal action."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import registry
from rules.core import SeededChance
from rules.judge_dredd import cards as dredd_cards
from rules.plugin import IDLE, PASSING

GAMES = ("judge_dredd", "judgement")


def positions(key: str, seed: int, seats: int, steps: int) -> Any:
    """The states of one random playout of `key`, one after each action."""
    game = registry.plugin(key).game
    rng = random.Random(seed)
    state = game.new_game({}, seats, SeededChance(f"{seed}:setup"))
    for step in range(steps):
        if game.outcome(state) is not None:
            return
        asked = sorted(game.to_act(state))
        if not asked:
            return
        yield state
        seat = rng.choice(asked)
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, rng.choice(legal), SeededChance(f"{seed}:{step}"))


def playable(key: str, state: Any, seat: int) -> bool:
    """Whether `seat` could do more than pass now (its any-time actions aside), in the game's own
    terms where it has them (a Judge Dredd hand with a card it may play)."""
    game = registry.plugin(key).game
    if key == "judge_dredd" and state.window is not None and state.window.kind != "issue" \
            and dredd_cards.card_plays(state, seat):
        return True
    anytime = set(map(str, game.anytime_actions(state, seat)))
    return any(a.verb not in PASSING for a in game.legal_actions(state, seat) if str(a) not in anytime)


@settings(max_examples=30, deadline=None)
@given(key=st.sampled_from(GAMES), seed=st.integers(0, 10**6), extra=st.integers(0, 2),
       steps=st.integers(1, 160))
def test_the_default_order_never_passes_a_seat_that_could_play(key: str, seed: int, extra: int, steps: int) -> None:
    plugin = registry.plugin(key)
    game = plugin.game
    seats = game.info.min_seats + extra
    answered = 0
    for state in positions(key, seed, seats, steps):
        clocked = game.decision(state).clocked
        for seat in sorted(game.to_act(state)):
            legal = game.legal_actions(state, seat)
            action = IDLE.answers(game, state, seat, None)
            if action is not None:
                answered += 1
                assert not playable(key, state, seat), (seed, state.version, seat, legal)
                assert action in legal and action.verb in PASSING and seat in clocked
            for order in plugin.orders:
                mark = order.mark(state) if order.mark is not None else None
                found = order.answers(game, state, seat, mark)
                assert found is None or (found in legal and found.verb in PASSING and seat in clocked)
    assert answered >= 0


def test_some_random_position_is_answered_by_the_default() -> None:
    """The property above is not empty: random playouts do reach windows the default passes."""
    found = 0
    for seed in range(6):
        for key in GAMES:
            game = registry.plugin(key).game
            for state in positions(key, seed, game.info.min_seats + 1, 160):
                found += sum(1 for s in game.to_act(state) if IDLE.answers(game, state, s, None) is not None)
    assert found > 0
