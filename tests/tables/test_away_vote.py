"""`/table away` may not take a turn at will (service level, the injected clock): a vote concerns
only a seat the table waits for, only after the decision has waited half its clock (or five
minutes without one), never at a table of two humans; once it passes, the AI leaves the decision
that was open then alone for a grace period (a minute, or the clock's time left if shorter).
Every refusal says why, in both languages, and changes nothing."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from gavel.tables.away import GRACE, VOTE_AFTER
from gavel.tables.service import TableService
from rules.core import IllegalAction, Msg
from tests.tables.test_time_controls import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    LIVE,
    Wall,
    keys,
    line,
    race,
    service,
    stored_seat,
)


def wall_of(svc: TableService) -> Wall:
    wall = svc.wall
    assert isinstance(wall, Wall)
    return wall


async def refused(svc: TableService, by, user_id: int) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        await svc.away(CHANNEL, by, user_id)
    return caught.value


def unchanged(svc: TableService, table) -> None:
    """Nothing the refused vote could have touched moved: no vote stored, no seat handed over,
    no action logged."""
    assert all(not s.away and not s.votes for s in table.seats)
    assert all(r["away_votes"] is None and not r["away"] for r in svc.store.seats(table.id))
    assert svc.store.actions(table.id) == []


async def test_a_table_of_two_humans_relies_on_the_time_control_alone() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, ai=1)  # an AI seat does not make a third voter
    wall_of(svc).now += LIVE - 1  # alice has kept bob waiting almost all her time
    error = await refused(svc, BOB, ALICE.user_id)
    assert error.code == "away_two_humans" and error.params == {"player": "alice"}
    unchanged(svc, table)
    wall_of(svc).now += 2  # her time runs out: the time control acts, as it always did
    notices = await svc.expire(CHANNEL, svc.deadline(CHANNEL).version)
    assert "table.time_up" in keys(notices)


async def test_a_vote_concerns_only_a_seat_the_table_is_waiting_for() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=None)
    assert table.humans_to_act() == [0]
    wall_of(svc).now += VOTE_AFTER * 10
    error = await refused(svc, ALICE, BOB.user_id)  # bob is not asked anything: he keeps nobody waiting
    assert error.code == "away_not_waiting" and error.params == {"player": "bob"}
    error = await refused(svc, CAROL, BOB.user_id)
    assert error.code == "away_not_waiting"
    unchanged(svc, table)


@pytest.mark.parametrize(("time", "after"), [(None, VOTE_AFTER), ("live", LIVE / 2)])
async def test_a_vote_waits_until_the_decision_has_waited_long_enough(time: str | None, after: float) -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=time)
    error = await refused(svc, BOB, ALICE.user_id)  # at once: no
    minutes = round(after / 60 + 0.49)
    assert error.code == "away_too_soon" and error.params == {"player": "alice", "minutes": minutes,
                                                              "wait": i18n.duration(minutes * 60)}
    wall_of(svc).now += after - 30
    error = await refused(svc, BOB, ALICE.user_id)
    assert error.code == "away_too_soon" and error.params["minutes"] == 1
    unchanged(svc, table)
    wall_of(svc).now += 31
    notices = await svc.away(CHANNEL, BOB, ALICE.user_id)
    assert keys(notices) == ["table.away_vote"] and stored_seat(svc, table.id, 0)["away_votes"] == f"[{BOB.user_id}]"


async def test_a_new_decision_waits_its_own_time_before_a_vote() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=None)
    wall_of(svc).now += VOTE_AFTER + 1
    await svc.act(CHANNEL, ALICE, "roll")  # she acts: her next decision (a move) opens now
    assert table.humans_to_act() == [0]
    assert (await refused(svc, BOB, ALICE.user_id)).code == "away_too_soon"


async def test_the_ai_leaves_the_open_decision_alone_for_a_grace_period_then_plays_on() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=None)
    wall_of(svc).now += VOTE_AFTER + 1
    await svc.away(CHANNEL, BOB, ALICE.user_id)
    notices = await svc.away(CHANNEL, CAROL, ALICE.user_id)
    assert line(notices, "table.away_voted").params["n"] == 2 and table.seats[0].away and table.seats[0].is_ai
    assert svc.store.actions(table.id) == []  # the AI did not answer her decision on the vote
    assert svc.ai_due(CHANNEL) == pytest.approx(GRACE)  # the front-end's clock asks again then
    await svc.advance(CHANNEL)
    assert svc.store.actions(table.id) == []  # asked too early: it still waits
    wall_of(svc).now += GRACE - 1
    await svc.advance(CHANNEL)
    assert svc.store.actions(table.id) == []
    wall_of(svc).now += 2
    await svc.advance(CHANNEL)
    assert [a["seat"] for a in svc.store.actions(table.id)][:1] == [0]  # now the AI plays on
    assert svc.ai_due(CHANNEL) is None


async def test_the_grace_period_is_the_clock_s_time_left_when_that_is_shorter() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL)
    wall_of(svc).now += LIVE - 10  # ten seconds left on her clock
    await svc.away(CHANNEL, BOB, ALICE.user_id)
    await svc.away(CHANNEL, CAROL, ALICE.user_id)
    assert table.seats[0].away and svc.store.actions(table.id) == []
    assert svc.ai_due(CHANNEL) == pytest.approx(10)
    wall_of(svc).now += 11
    await svc.advance(CHANNEL)
    assert svc.store.actions(table.id)[0]["seat"] == 0


async def test_the_player_who_comes_back_in_the_grace_period_answers_the_decision_herself() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=None)
    wall_of(svc).now += VOTE_AFTER + 1
    await svc.away(CHANNEL, BOB, ALICE.user_id)
    await svc.away(CHANNEL, CAROL, ALICE.user_id)
    wall_of(svc).now += GRACE / 2
    await svc.sit(CHANNEL, ALICE)
    assert not table.seats[0].is_ai and svc.store.actions(table.id) == []
    await svc.act(CHANNEL, ALICE, "roll")
    assert [(a["seat"], a["action"]) for a in svc.store.actions(table.id)] == [(0, "roll")]


@pytest.mark.parametrize("code", ["away_two_humans", "away_not_waiting", "away_too_soon"])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_each_refusal_says_why_in_both_languages(code: str, lang: str) -> None:
    key = f"error.{code}"
    assert i18n.has(key, lang), (key, lang)
    params = {"player": "alice", "minutes": 3, "wait": i18n.duration(180)}
    said = i18n.render(Msg(key, params), lang)
    assert "alice" in said and "{" not in said
    if code == "away_too_soon":
        assert "3" in said
    if lang != "en":
        assert said != i18n.render(Msg(key, params), "en")


async def test_judtho_duo_one_vote_no_longer_hands_the_opponent_s_assembly_to_the_ai() -> None:
    """The probe's case: at a Duo table one vote gave the AI the other player's seat, and it
    placed their Assembly on the spot."""
    svc = service()
    await svc.create(7, CHANNEL, "judtho", ALICE, seed="duo", time="live", variant="duo")
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    assert table is not None
    [asked] = table.humans_to_act()
    silent, voter = (ALICE, BOB) if asked == 0 else (BOB, ALICE)
    wall_of(svc).now += LIVE - 1
    error = await refused(svc, voter, silent.user_id)
    assert error.code == "away_two_humans"
    assert not table.seats[asked].is_ai and svc.store.actions(table.id) == []
