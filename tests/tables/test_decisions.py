"""The platform reads the decision the game states (`Game.decision`) and nothing else: one
tracker per table keyed on `Decision.key` keeps the version a decision opened at (stale checks)
and its clock's start; prompts carry its public words, who is asked, who passed, the time left,
and (alone, never on the channel's notice) what the seat alone is asked."""

from __future__ import annotations

import pytest

from rules.core import Decision, Msg, SeatName
from tables.decisions import clock_lines
from tables.notices import Prompt, Public, from_record, to_record
from tests.tables import toy_window
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL
from tests.tables.test_window_clock import Time, open_window, window_service, window_table


def test_a_prompt_keeps_the_decisions_words_through_the_outbox() -> None:
    prompt = Prompt(7, 3, 1, 42, ["pass"], True, about=Msg("x.window", {"seat": SeatName(0)}),
                    own=Msg("x.own", {"card": Msg("x.card.y")}), asked=(1, 2), passed=(0,), deadline=12.5)
    back = from_record(to_record(prompt), None, 9)
    assert back == prompt and back.outbox == 9
    public = Public(7, [Msg("x.line")], None, prompt)
    assert from_record(to_record(public)) == public
    old = {"kind": "prompt", "table": 7, "version": 3, "seat": 1, "user": 42, "actions": ["pass"], "private": True}
    assert from_record(old) == Prompt(7, 3, 1, 42, ["pass"], True)  # a record kept before these fields


async def test_prompts_carry_the_window_asked_passed_and_the_time_left() -> None:
    time = Time()
    svc = window_service(clock=time)
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    time.now += 15
    notices = await svc.act(CHANNEL, BOB, "pass")
    public, prompts = notices[0], [n for n in notices if isinstance(n, Prompt)]
    assert isinstance(public, Public) and public.prompt is not None
    for prompt in [public.prompt, *prompts]:
        assert prompt.about == Msg("toy_window.window")
        assert prompt.asked == (0, 2) and prompt.passed == (1,) and prompt.deadline == 45
    assert sorted(p.seat for p in [public.prompt, *prompts]) == [0, 2]


async def test_a_plain_turn_has_no_words_and_no_clock() -> None:
    svc = window_service()
    notices = await window_table(svc, ALICE, BOB)
    prompt = notices[0].prompt
    assert prompt is not None and (prompt.about, prompt.asked, prompt.passed, prompt.deadline) == (None, (0,), (), None)


async def test_what_a_seat_alone_is_asked_never_rides_on_the_channels_notice(monkeypatch) -> None:
    monkeypatch.setattr(toy_window.GAME, "own_question", lambda state, seat: Msg("toy_window.own", {"seat": seat}))
    svc = window_service()
    await window_table(svc, ALICE, BOB, CAROL)
    await svc.act(CHANNEL, ALICE, "draw")
    notices = await svc.act(CHANNEL, CAROL, "pass")
    assert notices[0].prompt is not None and notices[0].prompt.own is None
    alone = [n for n in notices if isinstance(n, Prompt)]
    assert alone and all(p.own == Msg("toy_window.own", {"seat": p.seat}) for p in alone)


async def test_without_a_key_every_action_opens_a_new_decision_but_nothing_happening_keeps_it(monkeypatch) -> None:
    """A decision the game gives no key is never the same after an action (a pass restarts the
    clock and makes an older click stale); a call that changes nothing keeps it as it was."""
    def keyless(state):
        asked = frozenset(toy_window.GAME.to_act(state))
        return Decision(asked, clocked=asked if state.window else frozenset())

    monkeypatch.setattr(toy_window.GAME, "decision", keyless)
    time = Time()
    svc = window_service(clock=time)
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    table = svc.table(CHANNEL)
    seen = table.version
    time.now += 20
    await svc.advance(CHANNEL)  # nothing to do: the same decision, its clock running on
    assert svc.deadline(CHANNEL).seconds == 40 and svc.answering(table, seen)
    await svc.act(CHANNEL, CAROL, "pass")
    assert svc.deadline(CHANNEL).seconds == 60 and not svc.answering(table, seen)


async def test_with_its_key_a_pass_keeps_the_decision_open_since_its_version() -> None:
    time = Time()
    svc = window_service(clock=time)
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    table = svc.table(CHANNEL)
    seen = table.version
    time.now += 20
    await svc.act(CHANNEL, CAROL, "pass")
    assert svc.deadline(CHANNEL).seconds == 40 and svc.answering(table, seen)
    assert not svc.answering(table, seen - 1)  # before the window opened


@pytest.mark.parametrize("timed", [True, False])
async def test_the_clock_is_named_for_games_that_say_they_are_timed(monkeypatch, timed: bool) -> None:
    from dataclasses import replace

    monkeypatch.setattr(type(toy_window.GAME), "info", replace(toy_window.GAME.info, timed=timed))
    svc = window_service()
    await window_table(svc, ALICE, BOB, timeout=30)
    assert [m.key for m in clock_lines(svc.table(CHANNEL))] == (["table.clock"] if timed else [])
