"""The decision The City of Judgement states (`Game.decision`, `own_question`): the set-up's pick
and start roll, and every frame's question in public words (the seat named by its colour and its
player, as the table names them), with who passed; the same decision while only passes happen
(and, in the pick, while the others pick); the Order card a seat must give or answer, for its own
menu only. That the words hold no secret is checked on whole games by the counterfactuals of
test_leaks (`test_leak_views_counterfactual`)."""

from __future__ import annotations

import random

from gavel.tables import i18n
from rules.core import Msg, SeededChance
from rules.judgement.engine import GAME
from rules.judgement.frames import KINDS, asked
from rules.judgement.state import COLOURS, top

from .test_leaks import playout

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy")


def said(msg: Msg | None, lang: str = "en") -> str:
    assert msg is not None
    return i18n.render(msg, lang, lambda seat: NAMES[seat])


def test_every_question_has_its_words_in_both_languages() -> None:
    keys = [f"judgement.moment.{kind}" for kind in KINDS]
    keys += ["judgement.moment.phase.pick", "judgement.moment.phase.start_roll", "judgement.moment.seat",
             "judgement.moment.passed", "judgement.own.order"]
    for lang in i18n.LANGUAGES:
        assert [k for k in keys if not i18n.has(k, lang)] == [], lang


def test_c5_the_pick_is_one_decision_on_the_clock_while_the_others_pick() -> None:
    state = GAME.new_game({}, 5, SeededChance(2))
    first = GAME.decision(state)
    assert first.asked == first.clocked == frozenset(range(5)) and first.passed == frozenset()
    assert first.about == Msg("judgement.moment.phase.pick")
    assert said(first.about).startswith("Everyone picks a character in secret")
    GAME.apply(state, 3, f"pick {state.players[3].options[0]}", SeededChance(0))
    after = GAME.decision(state)
    assert after.same(first) and after.asked == frozenset({0, 1, 2, 4})
    for seat in sorted(after.asked):
        GAME.apply(state, seat, f"pick {state.players[seat].options[-1]}", SeededChance(seat))
    rolls = GAME.decision(state)
    assert rolls.about == Msg("judgement.moment.phase.start_roll") and not rolls.same(first)
    assert len(rolls.asked) == 1 and rolls.clocked == rolls.asked
    (roller,) = rolls.asked
    GAME.apply(state, roller, "roll", SeededChance(9))
    assert not GAME.decision(state).same(rolls)  # a throw is no pass: the next throw is a new decision


def test_frames_say_their_question_in_public_words_and_a_pass_keeps_them() -> None:
    """Over seeded games: each frame's decision asks the frame's seats, names its question by its
    kind, and stays the same decision exactly when the seat's answer was its pass (the clock's
    answer) and left the same question to the others; any other answer opens a new one."""
    seen: set[str] = set()
    kept = 0
    for seed in (11, 12, 13):
        for step in playout(6, seed):
            before = GAME.decision(step.before)
            frame = top(step.before)
            if frame is None:
                continue
            seen.add(frame.kind)
            assert before.asked == frozenset(asked(frame)) and before.passed == frozenset(frame.passed)
            assert before.about is not None and before.about.key in (f"judgement.moment.{frame.kind}",
                                                                      "judgement.moment.passed")
            assert "{" not in said(before.about) and "{" not in said(before.about, "zh-TW")
            if frame.kind == "rescue":  # the dying seat, by its colour and its player
                dying = frame.data["seat"]
                assert said(before.about).startswith(f"{COLOURS[dying]} {NAMES[dying]} is dying"), said(before.about)
            after = GAME.decision(step.after)
            rest = top(step.after)
            passing = step.action == GAME.timeout_action(step.before, step.seat)
            if passing and rest is not None and len(step.after.frames) == len(step.before.frames) \
                    and rest.kind == frame.kind and rest.data == frame.data \
                    and asked(rest) == [s for s in asked(frame) if s != step.seat]:
                assert after.same(before), (seed, frame.kind, step.action)
                kept += 1
            else:
                assert not after.same(before), (seed, frame.kind, step.action)
    assert {"rescue", "give", "obey", "attack"} <= seen, seen
    assert kept > 0


def test_c30_the_order_card_is_asked_of_its_giver_and_recipient_alone() -> None:
    found = 0
    for seed in (21, 22, 23):
        for step in playout(5, seed):
            state = step.before
            frame = top(state)
            for seat in range(state.seats):
                own = GAME.own_question(state, seat)
                ordered = frame is not None and frame.kind in ("give", "obey") and seat in asked(frame)
                if not ordered:
                    assert own is None
                    continue
                card = frame.data["card"]
                assert own == Msg("judgement.own.order", {"card": Msg(f"judgement.card.{card}"),
                                                          "text": Msg(f"judgement.card_text.{card}")})
                assert said(own, "zh-TW").startswith("你的指令卡：")
                found += 1
    assert found > 5


def test_the_turns_own_steps_are_plain_and_have_no_clock() -> None:
    rng = random.Random(5)
    for step in playout(4, 31):
        state = step.before
        if state.phase == "turn" and top(state) is None and rng.random() < 0.5:
            decision = GAME.decision(state)
            assert decision.about is None and decision.clocked == frozenset()
