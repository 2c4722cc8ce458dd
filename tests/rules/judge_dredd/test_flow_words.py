"""Every event and every action label of whole games reads in English and Traditional Chinese:
each message id exists, every field of its text is filled."""

from __future__ import annotations

import random

import pytest

from rules.core import Msg, SeededChance
from rules.judge_dredd import GAME
from tables import i18n

from .kit import busy_policy


def keys(msg: Msg) -> list[str]:
    return [msg.key, *(k for v in msg.params.values() if isinstance(v, Msg) for k in keys(v))]


def readable(msg: Msg) -> None:
    missing = [k for k in keys(msg) if not i18n.has(k)]
    assert missing == [], msg
    for lang in ("en", "zh-TW"):
        text = i18n.render(msg, lang, seat_name=lambda s: f"P{s}")
        assert "{" not in text and "judge_dredd." not in text, (msg, text)


@pytest.mark.parametrize(("seats", "seed"), [(3, 5), (5, 6)])
def test_flow_words_every_event_and_action_label_renders(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game({}, seats, SeededChance(seed))
    seen_events: set[str] = set()
    seen_verbs: set[str] = set()
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            if action.verb not in seen_verbs or rng.random() < 0.02:
                readable(GAME.label(action))
                seen_verbs.add(action.verb)
        action = busy_policy(state, seat, legal) if rng.random() < 0.7 else rng.choice(legal)
        for event in GAME.apply(state, seat, action, SeededChance(rng.randrange(1 << 30))):
            if event.kind not in seen_events or rng.random() < 0.05:
                readable(GAME.describe(event))
                seen_events.add(event.kind)
    assert {"moved", "perp_rolled", "judge_rolled", "window", "passed", "crime_reported"} <= seen_events
    assert {"pass", "move", "play"} <= seen_verbs


def test_flow_words_every_phase_and_window_has_a_name() -> None:
    for phase in ("place", "movement", "arrest", "issue", "cadet", "over"):
        assert i18n.has(f"judge_dredd.phase.{phase}")
    for window in ("before_move", "after_moves", "before_fight", "after_arrest", "answer", "issue"):
        assert i18n.has(f"judge_dredd.window.{window}")
