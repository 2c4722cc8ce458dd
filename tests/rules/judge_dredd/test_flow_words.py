"""Every event and every action label of whole games reads in English and Traditional Chinese:
each message id exists, every field of its text is filled."""

from __future__ import annotations

import random

import pytest

from gavel.tables import i18n
from rules.core import Msg, SeededChance
from rules.judge_dredd import GAME

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


def test_flow_words_each_fight_window_names_what_is_fought() -> None:
    """The window before the dice says whose fight it is and against what (an Arrest attempt on a
    Crime, by one Judge or several; the Alien Creature; two Judges; the Cadet's Right)."""
    from rules.core import Event

    def text(**params: object) -> str:
        msg = GAME.describe(Event("window", {"window": "before_fight", **params}))
        readable(msg)
        return i18n.render(msg, "en", seat_name=lambda s: f"P{s}")

    assert "P0's Arrest attempt on Murder" in text(seat=0, fight="perp", judges=[0], crime="murder")
    assert "Murder by 2 Judges (P1 first)" in text(seat=1, fight="perp", judges=[1, 0], crime="murder")
    assert "Alien Creature" in text(seat=0, fight="alien", judges=[0])
    assert "between P0 and P1" in text(seat=0, fight="block", judges=[0, 1])
    assert "Cadet's Right" in text(seat=0, fight="cadet", judges=[0, 1, 2])


def test_flow_words_the_issue_window_asks_for_discards_not_cards() -> None:
    from rules.core import Event

    issue = i18n.render(GAME.describe(Event("window", {"window": "issue", "seat": None})), "en")
    assert "discard" in issue and "Play a card" not in issue
    done = GAME.describe(Event("passed", {"seat": 0, "window": "issue", "for": None}))
    assert done.key == "judge_dredd.event.done_discarding"
    answer = GAME.describe(Event("window", {"window": "answer", "seat": 1, "card": "barney_resyk"}))
    assert answer.key == "judge_dredd.event.window_answer"
    readable(answer)


def test_flow_words_the_dice_show_how_each_total_is_made() -> None:
    """Arrest Process: the Perp's total (its value + dice) then each Judge's (5 + cards + dice)."""
    from .kit import at_arrests, dice, position

    state = position(at={0: "agg", 1: "cty"}, crimes=[("robot_smashing", "ice_pick_brown", "agg")], hands={})
    events = at_arrests(state, dice(3, 6))
    perp = next(e for e in events if e.kind == "perp_rolled")
    judge = next(e for e in events if e.kind == "judge_rolled")
    assert (perp.params["value"], perp.params["total"]) == (11, 14)
    assert (judge.params["value"], judge.params["total"]) == (5, 11)
    line = i18n.render(GAME.describe(perp), "en")
    assert "11" in line and "3" in line and "14" in line
