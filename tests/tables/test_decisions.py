"""The platform reads the decision the game states (`Game.decision`) and nothing else: one
tracker per table keyed on `Decision.key` keeps the version a decision opened at (stale checks)
and its clock's start; prompts carry its public words, who is asked, who passed, the time left,
and (alone, never on the channel's notice) what the seat alone is asked."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from gavel.tables.decisions import clock_lines
from gavel.tables.notices import Prompt, Public, from_record, to_record
from gavel.tables.service import TableService
from gavel.tables.store import dumps, loads
from rules import registry
from rules.core import Decision, Msg, SeatName
from rules.plugin import Commands, Plugin, Words
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


def test_a_prompt_keeps_what_a_front_end_needs_through_the_outbox() -> None:
    """The game, the seat names and users, the words' facts and the square labels, and when the
    prompt was made, all survive the outbox's JSON; a row kept before them still loads."""
    prompt = Prompt(7, 3, 1, 42, ["play 5", "pass"], True, deadline=30.0, game="toy_window",
                    names=("alice", "bob"), users=(41, None), facts={"players": {"red": "alice"}, "alive": ["red"]},
                    labels={"play 5": "A"}, made=1000.0)
    back = from_record(loads(dumps(to_record(prompt))))
    assert back == prompt and back.made == 1000.0 and back.ends(5.0) == 1030.0
    assert (back.game, back.names, back.users, back.facts, back.labels) == (
        "toy_window", ("alice", "bob"), (41, None), {"players": {"red": "alice"}, "alive": ["red"]}, {"play 5": "A"})
    old = from_record({"kind": "prompt", "table": 7, "version": 3, "seat": 1, "user": 42, "actions": ["pass"],
                       "deadline": 30.0})
    assert (old.game, old.names, old.users, old.facts, old.labels, old.made) == ("", (), (), {}, {}, None)
    assert old.ends(5.0) == 35.0 and old.seat_name(0) == "#1"


class _Labels(toy_window.HandRenderer):
    """Labels each card played by its last digit from the hand-less PUBLIC view ("LEAK" if it
    ever sees a hand); `draw` and `pass` have none."""

    def label_actions(self, view, actions):
        return {a: (None if not a.startswith("play ") else "LEAK" if view["hand"] is not None else a[-1])
                for a in actions}


@dataclass(frozen=True)
class _FactWords(Words):
    """Words whose facts say which view they were read from."""

    reads_facts = True

    def facts(self, public, names):
        return {"hand": public["hand"], "hands": public["hands"], "names": list(names)}


async def test_prompts_carry_public_facts_their_own_labels_names_and_users(monkeypatch) -> None:
    monkeypatch.setitem(registry._PLUGINS, "toy_window",
                        Plugin(toy_window.GAME, _FactWords(key="toy_window"), Commands(group="toy_window")))
    svc = TableService(":memory:", renderers={"toy_window": _Labels()}, ais={"toy_window": toy_window.choose},
                       clock=Time())
    await window_table(svc, ALICE, BOB, ai=1)
    notices = await svc.act(CHANNEL, ALICE, "draw")
    prompts = [notices[0].prompt, *(n for n in notices if isinstance(n, Prompt))]
    table = svc.table(CHANNEL)
    assert sorted(p.seat for p in prompts) == [0, 1]
    for prompt in prompts:
        assert prompt.game == "toy_window" and prompt.names == ("alice", "bob", table.seat_name(2))
        assert prompt.users == (ALICE.user_id, BOB.user_id, None)  # the AI seat plays no user
        hands = [len(h) for h in table.state.hands]
        assert prompt.facts == {"hand": None, "hands": hands, "names": list(prompt.names)}  # the PUBLIC view
        plays = [a for a in prompt.actions if a != "pass"]
        assert prompt.labels == {a: a[-1] for a in plays}  # its own actions only, `pass` unlabelled
    assert {a for p in prompts for a in p.labels} == {a for p in prompts for a in p.actions if a != "pass"}


async def test_a_broken_renderer_costs_a_prompt_its_labels_not_its_actions(monkeypatch) -> None:
    class Broken(toy_window.HandRenderer):
        def label_actions(self, view, actions):
            raise RuntimeError("no labels today")

    svc = TableService(":memory:", renderers={"toy_window": Broken()}, clock=Time())
    notices = await window_table(svc, ALICE, BOB)
    assert notices[0].prompt.actions == ["draw"] and notices[0].prompt.labels == {}

    def unloadable(key):
        raise ImportError("Pillow is missing")

    monkeypatch.setattr(svc.images, "renderer", unloadable)
    prompt = svc.prompt(CHANNEL, ALICE)
    assert prompt is not None and prompt.actions == ["draw"] and prompt.labels == {}


async def test_a_seat_asks_for_its_prompt_with_what_it_alone_knows(monkeypatch) -> None:
    """`TableService.prompt`: the seat's prompt as a change would make it, `own` included (the
    channel's copy never has it); its actions empty when it has nothing to do; None for a user
    without a seat, a channel without a game in play."""
    monkeypatch.setattr(toy_window.GAME, "own_question", lambda state, seat: Msg("toy_window.own", {"seat": seat}))
    svc = window_service()
    notices = await window_table(svc, ALICE, BOB)
    idle = svc.prompt(CHANNEL, BOB)
    assert idle is not None and idle.actions == [] and idle.seat == 1  # not asked: nothing to do
    assert svc.prompt(CHANNEL, CAROL) is None and svc.prompt(CHANNEL + 1, ALICE) is None
    notices = await svc.act(CHANNEL, ALICE, "draw")
    asked = svc.prompt(CHANNEL, BOB.user_id)
    assert asked is not None and asked.own == Msg("toy_window.own", {"seat": 1})
    assert asked.about == Msg("toy_window.window") and "pass" in asked.actions
    channel = notices[0].prompt
    assert channel is not None and channel.own is None
    mine = svc.prompt(CHANNEL, channel.user_id)
    assert mine is not None and mine.own == Msg("toy_window.own", {"seat": channel.seat})
    assert replace(mine, own=None) == channel  # the same prompt, what the seat alone knows apart


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
