"""Vacations, sleep hours and fair clocks, on the test's clocks (never the wall clock), both
backends: a daily clock stops for its player's vacation and sleep (as far as the table's
`pauses` accepts, then the AI keeps the seat warm), never at a live table; a clock counts from
its notice's delivery and stops during outages (notices that cannot be delivered, a restart
after downtime); `/table vacation` and `/table settings sleep: tz:` in both languages."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from gavel.tables import i18n, pauses
from gavel.tables.notices import Notice, Public
from gavel.tables.pauses import DAY, Schedule, parse_sleep, run_until, sleep_spans, subtract
from gavel.tables.service import Player, Table, TableService
from rules.core import IllegalAction
from tests.tables import toy_game
from tests.tables.backends import Backend

ALICE, BOB = Player(1, "alice"), Player(2, "bob")
CHANNEL, OTHER, GUILD = 700, 701, 7
HOUR = 3600.0
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
"""A Monday noon (UTC): 20:00 in Taipei (UTC+8, no summer time)."""


class Wall:
    """The service's clock and wall clock at once, moved by the test."""

    def __init__(self) -> None:
        self.now = T0 - HOUR

    def __call__(self) -> float:
        return self.now


def service(location: str, wall: Wall) -> TableService:
    svc = TableService(location, renderers={"toy": None}, ais={"toy": toy_game.choose}, clock=wall)
    svc.wall = wall
    return svc


async def heard(svc: TableService) -> None:
    """Every notice waiting in the outbox reached its channel now."""
    await svc.delivered([int(r["id"]) for r in svc.store.outbox_due(1e18)])


async def bobs_turn(svc: TableService, wall: Wall, *, time: str = "daily", pauses: str | None = None,
                    deliver: bool = True) -> Table:
    """Alice and Bob; Alice rolls and moves, so that Bob's decision opens at `T0` (its notice
    delivered at once unless `deliver` is off)."""
    await svc.create(GUILD, CHANNEL, "toy", ALICE, seed="p", dice=[3] * 40, time=time, pauses=pauses)
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "roll")
    wall.now = T0
    await svc.act(CHANNEL, ALICE, "move 1")
    if deliver:
        await heard(svc)
    table = svc.table(CHANNEL)
    assert table is not None and table.decision().asked == frozenset({1})
    return table


def clock(svc: TableService, table: Table) -> dict[str, Any]:
    head = svc.store.head(table.id)
    assert head is not None
    found = head["clock"]
    return json.loads(found) if isinstance(found, str) else found


async def fire(svc: TableService, wall: Wall, at: float) -> list[Notice]:
    """The clock's timer fires at `at` (the service's deadline then)."""
    wall.now = at
    table = svc.table(CHANNEL)
    assert table is not None
    return await svc.expire(CHANNEL, table.version)


def keys(notices: list[Notice]) -> list[str]:
    return [m.key for n in notices for m in getattr(n, "lines", [])]


def left(svc: TableService) -> float:
    deadline = svc.deadline(CHANNEL)
    assert deadline is not None
    return deadline.seconds


# --------------------------------------------------------------------------- the arithmetic
def test_a_clock_skips_its_stops_and_a_cap_lets_it_run_on() -> None:
    assert run_until(0, 100, [(10, 20)]) == (110, 10)
    assert run_until(0, 100, [(10, 20)], cap=5) == (105, 5)  # stopped 5 s, then ran through the rest
    assert run_until(0, 100, [(10, 20)], free=[(15, 30)]) == (120, 5)  # an outage is never capped
    assert run_until(0, 100, [(10, 20), (50, 60)], cap=15, free=[(15, 30)]) == (130, 15)
    assert run_until(50, 10, [(0, 55)]) == (65, 5)  # a stop begun before the clock
    assert subtract([(0, 10), (20, 30)], [(5, 25)]) == [(0, 5), (25, 30)]


def test_sleep_hours_are_read_in_the_player_s_time_zone() -> None:
    assert parse_sleep("23-07") == (23 * 60, 7 * 60) and parse_sleep("22:30-06:45") == (22 * 60 + 30, 6 * 60 + 45)
    for bad in ("7-23", "23-23", "25-07", "23:60-07", "night", ""):  # 16 hours, none, no such hour
        assert parse_sleep(bad) is None
    taipei = ZoneInfo("Asia/Taipei")
    [night, *_] = sleep_spans((23 * 60, 7 * 60), taipei, T0, T0 + DAY)
    assert night == (T0 + 3 * HOUR, T0 + 11 * HOUR)  # 23:00 to 07:00 in Taipei is 15:00 to 23:00 UTC
    london = ZoneInfo("Europe/London")  # summer time starts 2026-03-29 at 01:00 UTC
    spring = datetime(2026, 3, 28, 12, tzinfo=ZoneInfo("UTC")).timestamp()
    nights = sleep_spans((23 * 60, 7 * 60), london, spring, spring + DAY)
    assert nights[-1][0] == spring + 11 * HOUR  # 23:00 GMT; the night is 8 hours of clock time all the same
    assert pauses.zone("Mars/Olympus") is None and pauses.zone("../etc/passwd") is None
    assert pauses.zone("Asia/Taipei") == taipei


def test_the_allowance_is_a_year_s_and_ending_early_gives_back_the_days_not_begun() -> None:
    taken = pauses.take(None, 5, T0)
    assert pauses.days_left(taken, T0) == 9 and pauses.current(taken, T0 + DAY) == (T0, T0 + 5 * DAY)
    ended = pauses.take(taken, 0, T0 + 1.5 * DAY)  # 3.5 days unused: 3 whole days back
    assert pauses.days_left(ended, T0 + 2 * DAY) == 12 and pauses.current(ended, T0 + 2 * DAY) is None
    assert Schedule.of({"vacation": ended}).vacations == ((T0, T0 + 1.5 * DAY),)  # kept for the clocks it stopped
    next_year = datetime(2027, 1, 2, tzinfo=ZoneInfo("UTC")).timestamp()
    assert pauses.days_left(ended, next_year) == pauses.ALLOWANCE


# --------------------------------------------------------------------------- vacations and sleep
async def test_a_vacation_stops_a_daily_clock_to_the_second(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await bobs_turn(svc, wall)
    assert clock(svc, table)["due"] == T0 + DAY and clock(svc, table)["heard"] == T0
    wall.now = T0 + HOUR
    said = await svc.vacation(BOB.user_id, 2)
    assert [m.key for m in said.lines] == ["table.vacation.started", "table.vacation.on", "table.vacation.left"]
    assert await fire(svc, wall, T0 + DAY) == []  # not yet: the vacation stopped it
    assert clock(svc, table)["due"] == T0 + 3 * DAY  # 1 hour ran, 48 stopped, 23 to run
    assert left(svc) == 2 * DAY
    wall.now = T0 + 3 * DAY - 1
    assert left(svc) == 1  # to the second
    notices = await fire(svc, wall, T0 + 3 * DAY)
    assert "table.time_up" in keys(notices) and table.seats[1].timeouts == 1
    svc.close()


async def test_sleep_hours_stop_a_daily_clock_every_night(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    await svc.settings_notice(BOB.user_id, sleep="23-07", tz="Asia/Taipei")
    table = await bobs_turn(svc, wall)
    # 20:00 in Taipei: 3 hours run, 8 asleep, 16 run, 8 asleep, 5 run: 12:00 two days on
    assert await fire(svc, wall, T0 + DAY) == []
    assert clock(svc, table)["due"] == T0 + 40 * HOUR
    assert "table.time_up" in keys(await fire(svc, wall, T0 + 40 * HOUR))
    svc.close()


async def test_a_live_table_never_pauses_for_a_player(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    await svc.vacation(BOB.user_id, 3)
    await svc.settings_notice(BOB.user_id, sleep="00-12", tz="UTC")
    table = await bobs_turn(svc, wall, time="live")
    assert clock(svc, table)["due"] == T0 + 300
    assert "table.time_up" in keys(await fire(svc, wall, T0 + 300))
    assert not table.seats[1].away  # a time-up as any other: the vacation is for daily games
    svc.close()


async def test_pauses_none_lets_the_ai_keep_a_vacationing_seat_warm(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    await svc.vacation(BOB.user_id, 2)
    table = await bobs_turn(svc, wall, pauses="none")
    notices = await fire(svc, wall, T0 + DAY)  # the clock ran as if nobody were away
    assert "table.vacation_warm" in keys(notices) and "table.time_up" not in keys(notices)
    bob = svc.store.seats(table.id)[1]
    assert bob["ai"] and table.seats[1].away and table.seats[1].timeouts == 0  # no walk-away counted
    await svc.sit(CHANNEL, BOB)  # back early: the seat is his again
    assert not svc.table(CHANNEL).seats[1].is_ai
    svc.close()


async def test_pauses_some_stops_three_days_then_the_ai_keeps_the_seat_warm(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    wall.now = T0 - HOUR
    await svc.vacation(BOB.user_id, 7)
    table = await bobs_turn(svc, wall, pauses="some")
    assert await fire(svc, wall, T0 + DAY) == []
    assert clock(svc, table)["due"] == T0 + DAY + pauses.SOME  # three days stopped, no more
    paused = svc.store.user_settings(BOB.user_id)["paused"][str(table.id)]
    assert paused[1] == pauses.SOME
    notices = await fire(svc, wall, T0 + DAY + pauses.SOME)
    assert "table.vacation_warm" in keys(notices) and table.seats[1].away and table.seats[1].timeouts == 0
    svc.close()


async def test_pauses_any_is_the_default_and_a_bad_one_is_refused() -> None:
    wall = Wall()
    svc = service(":memory:", wall)
    with pytest.raises(IllegalAction) as refused:
        await svc.create(GUILD, CHANNEL, "toy", ALICE, time="daily", pauses="sometimes")
    assert refused.value.code == "bad_pauses" and svc.table(CHANNEL) is None
    notices = await svc.create(GUILD, CHANNEL, "toy", ALICE, time="daily")
    assert svc.table(CHANNEL).pauses == "any" and "table.pauses.any" in keys(notices)
    for lang in ("en", "zh-TW"):
        for key in ("table.pauses.none", "table.pauses.some", "table.pauses.any", "table.vacation_warm"):
            assert i18n.has(key, lang)
    svc.close()


# --------------------------------------------------------------------------- fair clocks
async def test_a_clock_starts_when_its_notice_is_delivered_and_stops_during_an_outage(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await bobs_turn(svc, wall, deliver=False)
    rows = [int(r["id"]) for r in svc.store.outbox_due(1e18)]
    await svc.undelivered(rows)  # Discord is down: nothing reaches the channel, an outage begins
    wall.now = T0 + 2 * HOUR
    await svc.delivered(rows)  # it is back: Bob is told now, and his clock starts now
    assert clock(svc, table)["heard"] == T0 + 2 * HOUR and clock(svc, table)["due"] == T0 + 2 * HOUR + DAY
    assert left(svc) == DAY
    # another outage while his clock runs: an hour of it stops the clock
    await svc.create(GUILD, OTHER, "toy", ALICE)
    await svc.join(OTHER, BOB)
    await svc.start(OTHER, ALICE)
    other = [int(r["id"]) for r in svc.store.outbox_due(1e18)]
    assert other
    wall.now = T0 + 5 * HOUR
    await svc.undelivered(other)
    wall.now = T0 + 6 * HOUR
    await svc.delivered(other)
    assert await fire(svc, wall, T0 + 2 * HOUR + DAY) == []
    assert clock(svc, table)["due"] == T0 + 3 * HOUR + DAY
    assert "table.time_up" in keys(await fire(svc, wall, T0 + 3 * HOUR + DAY))
    assert table.seats[1].timeouts == 1  # heard, and his own: it counts
    svc.close()


async def test_a_notice_never_delivered_runs_out_but_never_counts(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await bobs_turn(svc, wall, time="live", deliver=False)
    notices = await fire(svc, wall, T0 + 300)  # no send failed (no outage): only the count is spared
    assert "table.time_up" in keys(notices) and table.seats[1].timeouts == 0
    svc.close()


async def test_a_restart_after_downtime_gives_the_clock_back_the_time_gavel_was_down(backend: Backend) -> None:
    wall = Wall()
    location = backend.location()
    svc = service(location, wall)
    table = await bobs_turn(svc, wall)
    wall.now = T0 + HOUR
    await svc.alive()
    svc.close()  # Gavel is down for ten hours
    wall.now = T0 + 11 * HOUR
    again = service(location, wall)
    assert await again.alive() == T0 + HOUR  # the outage is stored: every clock stopped meanwhile
    await again.restore()
    assert await fire(again, wall, T0 + DAY) == []
    assert clock(again, table)["due"] == T0 + DAY + 10 * HOUR
    assert "table.time_up" in keys(await fire(again, wall, T0 + DAY + 10 * HOUR))
    again.close()


async def test_another_process_fires_the_clock_at_the_paused_time(backend: Backend) -> None:
    """Shared database (two services of one SQLite file stand for two processes): the vacation
    stored by one postpones the clock the other one fires from the database, to the same second."""
    wall = Wall()
    location = backend.location()
    here = service(location, wall)
    here.shared = True
    table = await bobs_turn(here, wall)
    there = service(location, wall)
    there.shared = True
    await there.vacation(BOB.user_id, 1)
    wall.now = T0 + DAY
    [due] = await there.due_clocks()
    assert await there.expire(due.channel_id, due.version) == []
    assert clock(here, table)["due"] == T0 + 2 * DAY
    wall.now = T0 + 2 * DAY
    [due] = await here.due_clocks()
    assert "table.time_up" in keys(await here.expire(due.channel_id, due.version))
    here.close()
    there.close()


# --------------------------------------------------------------------------- the commands
async def test_vacation_shows_sets_and_ends_and_refuses_changing_nothing(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    shown = await svc.vacation(BOB.user_id)
    assert [m.key for m in shown.lines] == ["table.vacation.left"] and shown.lines[0].params["days"] == 14
    await svc.vacation(BOB.user_id, 5)
    assert (await svc.vacation(BOB.user_id, 10)).lines[0].key == "table.vacation.ended"  # in place of the 5
    for days, code in ((15, "vacation_too_long"), (-1, "bad_vacation"), (400, "bad_vacation")):
        with pytest.raises(IllegalAction) as refused:
            await svc.vacation(BOB.user_id, days)
        assert refused.value.code == code
    with pytest.raises(IllegalAction) as refused:
        await svc.vacation(ALICE.user_id, 0)
    assert refused.value.code == "no_vacation"
    wall.now += 1.5 * DAY
    ended = await svc.vacation(BOB.user_id, 0)  # back early: 3 whole days given back
    assert [m.key for m in ended.lines] == ["table.vacation.ended", "table.vacation.left"]
    assert ended.lines[0].params["days"] == 8 and ended.lines[1].params["days"] == 12
    for lang in ("en", "zh-TW"):
        for notice in (shown, ended):
            assert all(i18n.has(m.key, lang) for m in notice.lines)
        assert "12" in i18n.render(ended.lines[1], lang)
    svc.close()


async def test_sleep_and_time_zone_are_settings_and_bad_ones_change_nothing(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    said = await svc.settings_notice(BOB.user_id, sleep="22:30-06:30", tz="Europe/London")
    assert isinstance(said, Public) and "table.settings.saved" in keys([said])
    assert (await svc.settings(BOB.user_id))["sleep"] == "22:30-06:30"
    for bad, code in (({"sleep": "all day"}, "bad_sleep"), ({"tz": "Mars/Olympus"}, "bad_tz"),
                      ({"sleep": "23-07", "tz": "nowhere"}, "bad_tz")):
        with pytest.raises(IllegalAction) as refused:
            await svc.settings_notice(BOB.user_id, **bad)
        assert refused.value.code == code
        for lang in ("en", "zh-TW"):
            assert i18n.has(f"error.{code}", lang)
    found = await svc.settings(BOB.user_id)
    assert (found["sleep"], found["tz"]) == ("22:30-06:30", "Europe/London")  # unchanged
    for lang in ("en", "zh-TW"):
        assert any("22:30-06:30" in line for line in said.text(lang))
        assert any("Europe/London" in line for line in said.text(lang))
    svc.close()


async def test_no_reminder_while_the_player_sleeps_or_is_on_vacation(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    await svc.vacation(BOB.user_id, 2)
    table = await bobs_turn(svc, wall)
    wall.now = T0 + 12 * HOUR
    assert await svc.remind(CHANNEL, clock(svc, table)["opened"]) == []
    svc.close()


async def test_local_play_shows_vacation_and_sets_sleep_hours(tmp_path) -> None:
    import io

    from gavel.tables.console import LocalOptions, run

    svc = TableService(":memory:", renderers={"toy": None}, ais={"toy": toy_game.choose})
    out = io.StringIO()
    script = "/table vacation\n/table vacation 3\n/table settings sleep:23-07 tz:Asia/Taipei\nvacation 0\n"
    code = await run(LocalOptions(game="toy", images=str(tmp_path / "img"), seats=2), service=svc,
                     stdin=io.StringIO(script), out=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Vacation days left this year: 14 of 14." in text and "Vacation: 3 days from now" in text
    assert "23:00-07:00" in text and "Asia/Taipei" in text
    assert "unused days given back" in text  # the whole days not begun of the 3


@pytest.mark.parametrize("back_early", [False, True])
async def test_a_seat_kept_warm_for_a_vacation_is_not_abandoned_unless_the_vacation_ended(
        backend: Backend, back_early: bool) -> None:
    """The AI keeps Bob's seat warm while he is on vacation and plays it to the end: his record
    counts no abandoned game. Had his vacation ended before the end without his taking the
    seat back, the game counts as abandoned, as any walk-away."""
    wall = Wall()
    svc = service(backend.location(), wall)
    await svc.vacation(BOB.user_id, 10)
    table = await bobs_turn(svc, wall, pauses="none")
    await fire(svc, wall, T0 + DAY)
    assert table.seats[1].away
    if back_early:
        await svc.vacation(BOB.user_id, 0)
    while table.status == "active":
        await svc.act(CHANNEL, ALICE, "roll" if table.state.roll is None else f"move {table.state.roll}")
    record = await svc.record(GUILD, BOB.user_id)
    assert (record.games, record.abandoned) == (1, 1 if back_early else 0)
    svc.close()
