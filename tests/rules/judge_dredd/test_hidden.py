"""Hidden information: no public event and no other seat's view shows a hand or an unrevealed
Perp, over seeded playouts (random moves and card plays mixed with a busy player)."""

from __future__ import annotations

import random

import pytest

from rules.core import Event, SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd.content import load_cards, load_perps
from rules.judge_dredd.state import DreddState

from .kit import busy_policy, conserved, hide_check

CARD_IDS = set(load_cards())
PERP_IDS = set(load_perps())
FACE_UP_KEYS = ("card", "against")
"""Where a public event may name a card: one played face up (or answered with)."""


def strings(value: object, key: str = "") -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(key, value)]
    if isinstance(value, dict):
        return [pair for k, v in value.items() for pair in strings(v, k)]
    if isinstance(value, (list, tuple)):
        return [pair for v in value for pair in strings(v, key)]
    return []


def check_public(event: Event, state: DreddState) -> None:
    face_up = {c.perp for c in state.crimes if c.revealed}
    face_up |= {p for j in state.judges for p, _ in j.arrested} | {p for p, _ in state.gone}
    for key, text in strings(event.params):
        if text in CARD_IDS:
            answering = event.kind == "window" and event.params.get("window") == "answer"  # the card just played
            assert key in FACE_UP_KEYS and (event.kind.startswith("card_") or answering), (event, key)
        if text in PERP_IDS:
            assert text in face_up, event


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_hidden_no_public_event_or_other_view_shows_a_hand_or_a_face_down_perp(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game({}, seats, SeededChance(seed))
    for step in range(500):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        action = rng.choice(legal) if rng.random() < 0.5 else busy_policy(state, seat, legal)
        for event in GAME.apply(state, seat, action, SeededChance(rng.randrange(1 << 30))):
            if event.public:
                check_public(event, state)
            else:
                assert event.to and len(event.to) <= 2
        conserved(state)
        if step % 5 == 0:
            for viewer in [None, *range(seats)]:
                hide_check(state, viewer)
                view = GAME.view(state, viewer)
                for judge in view["judges"]:
                    assert isinstance(judge["hand"], int)
                assert view["hand"] == (state.judges[viewer].hand if viewer is not None else None)


def test_hidden_the_check_catches_a_leaked_perp_or_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.judge_dredd import engine

    from .kit import placed

    state = placed(3)
    real = engine.view

    def leaky_perp(game: object, st: DreddState, seat: int | None) -> dict:
        return {**real(game, st, seat), "leak": [c.perp for c in st.crimes]}

    monkeypatch.setattr(engine, "view", leaky_perp)
    with pytest.raises(AssertionError):
        hide_check(state, 0)

    def leaky_hand(game: object, st: DreddState, seat: int | None) -> dict:
        return {**real(game, st, seat), "leak": st.judges[1].hand}

    monkeypatch.setattr(engine, "view", leaky_hand)
    with pytest.raises(AssertionError):
        hide_check(state, 0)
    hide_check(state, 1)  # its own hand is no secret to seat 1
