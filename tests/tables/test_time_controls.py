"""Time controls and walk-aways in the service, with the injected clocks (`TableService(clock=)`
and `wall`): the `_time` setting, one deadline per decision (the window clock first), the
time-up action, the AI taking a seat away twice in a row, `sit`, the vote (`away`), a restart
and another process (shared database) keeping the time left and the count, both backends."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables.clock import WindowClock
from gavel.tables.notices import Notice, Public, Reminder
from gavel.tables.service import Player, TableService
from gavel.tables.table import TIME_KEY, stored_time, time_name
from rules.core import IllegalAction, Msg
from tests.cogs import toy
from tests.tables import toy_window
from tests.tables.backends import Backend

ALICE, BOB, CAROL, DAVE = (Player(i, name) for i, name in enumerate(("alice", "bob", "carol", "dave"), 1))
CHANNEL, GUILD = 300, 9
LIVE, DAILY = 300.0, 86400.0


class Wall:
    """The service's clock and wall clock at once, moved by the test."""

    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


def service(db: str = ":memory:", wall: Wall | None = None, *, heard: bool = True) -> TableService:
    """A service on the test's clocks. `heard`: every notice kept before a clock runs out was
    delivered (`deliver_all`, before each `expire`), so a time-up is the player's own; without
    it, nothing is ever delivered (a time-up then is the platform's fault, and never counted)."""
    wall = wall or Wall()
    svc = TableService(db, renderers={toy.KEY: None, "toy_window": None, "judtho": None, "dads_army": None},
                       ais={toy.KEY: toy.ai_first, "toy_window": toy_window.choose,
                            "judtho": lambda game, state, seat: game.legal_actions(state, seat)[0]}, clock=wall)
    svc.wall = wall
    if heard:
        expire = svc.expire

        async def delivered_then_expire(channel_id: int, version: int) -> list[Notice]:
            await deliver_all(svc, wall)
            return await expire(channel_id, version)

        svc.expire = delivered_then_expire  # type: ignore[method-assign]
    return svc


async def deliver_all(svc: TableService, wall: Wall | None = None) -> None:
    """The front-end delivered every notice waiting in the outbox (their rows are done); with
    `wall`, as soon as they were kept (when the clock of the decision they opened started: a
    clock counts from its notice's delivery)."""
    now = wall.now if wall is not None else None
    for row in svc.store.open_rows():
        clock = json.loads(row["clock"]) if isinstance(row["clock"], str) else row["clock"]
        if wall is not None and isinstance(clock, dict) and clock.get("start") is not None and not clock.get("heard"):
            wall.now = min(wall.now, float(clock["start"]))
    await svc.delivered([int(r["id"]) for r in svc.store.outbox_due(1e18)])
    if wall is not None and now is not None:
        wall.now = now


async def race(svc: TableService, *players: Player, time: str | None = "live", ai: int = 0) -> Any:
    await svc.create(GUILD, CHANNEL, toy.KEY, players[0], seed="t", time=time)
    for p in players[1:]:
        await svc.join(CHANNEL, p)
    for _ in range(ai):
        await svc.add_ai(CHANNEL, players[0])
    await svc.start(CHANNEL, players[0])
    return svc.table(CHANNEL)


def keys(notices: list[Notice]) -> list[str]:
    return [m.key for n in notices for m in getattr(n, "lines", [])]


def line(notices: list[Notice], key: str) -> Msg:
    return next(m for n in notices for m in getattr(n, "lines", []) if m.key == key)


def stored_seat(svc: TableService, table_id: int, seat: int) -> dict[str, Any]:
    return svc.store.seats(table_id)[seat]


# --------------------------------------------------------------------------- the setting
async def test_the_time_control_is_a_table_setting_kept_with_the_table(tmp_path) -> None:
    db = str(tmp_path / "t.sqlite3")
    svc = service(db)
    table = await race(svc, ALICE, BOB, time="daily")
    stored = json.loads(svc.store.table_row(table.id)["config"])
    assert stored[TIME_KEY] == DAILY and "time" not in table.game.view(table.state, None)
    assert time_name(DAILY) == "daily" and time_name(123.0) is None
    svc.store.close()
    again = service(db)
    await again.restore()
    assert again.table(CHANNEL).time == DAILY


async def test_none_is_the_default_and_an_unknown_control_is_refused() -> None:
    svc = service()
    with pytest.raises(IllegalAction) as refused:
        await svc.create(GUILD, CHANNEL, toy.KEY, ALICE, time="blitz")
    assert refused.value.code == "bad_time" and svc.table(CHANNEL) is None
    table = await race(svc, ALICE, BOB, time=None)
    assert table.time == 0 and svc.deadline(CHANNEL) is None


def test_an_old_row_reads_a_chosen_move_clock_as_its_time_control() -> None:
    """Before time controls a game without windows could only have a clock on each move (Judtho's
    `/judtho new timeout:`): a `_timeout` other than the game's default becomes the time control;
    the default a game with windows stored (60 s) never does."""
    from rules.judtho.engine import GAME as JUDTHO
    from tests.tables.toy_window import GAME as WINDOWS

    assert stored_time({"_lang": "en", "_timeout": 1800}, JUDTHO) == 1800
    assert stored_time({"_lang": "en", "_timeout": 0}, JUDTHO) == 0
    assert stored_time({"_lang": "en", "_timeout": 60}, toy.GAME) == 0  # the default every table stored
    assert stored_time({"_lang": "en", "_timeout": 30}, WINDOWS) == 0  # a window clock stays one
    assert stored_time({"_lang": "en", "_timeout": 1800, "_time": 0}, JUDTHO) == 0  # a new row says it


async def test_an_old_judtho_table_with_a_move_clock_keeps_it_after_the_upgrade(tmp_path) -> None:
    db, wall = str(tmp_path / "j.sqlite3"), Wall()
    svc = service(db, wall)
    await svc.create(GUILD, CHANNEL, "judtho", ALICE, seed="j", variant="duo")
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    table_id = svc.table(CHANNEL).id
    svc.store.update_table(table_id, config=json.dumps({"_lang": "en", "_timeout": 1800}))  # as stored before
    svc.store.close()
    again = service(db, wall)
    await again.restore()
    table = again.table(CHANNEL)
    assert table.time == 1800 and again.deadline(CHANNEL).seconds == 1800
    wall.now += 1801
    notices = await again.expire(CHANNEL, table.version)
    assert "table.time_up" in keys(notices) and again.store.actions(table_id)[-1]["action"] == "depart timeout"
    assert table.status == "finished" and table.game.outcome(table.state).reason == "timeout"


# --------------------------------------------------------------------------- one deadline
async def test_a_window_keeps_its_own_clock_and_the_time_control_clocks_plain_decisions() -> None:
    """toy_window: the draw is a plain turn, on the time control (its time-up action draws); a
    window is clocked by the window clock (30 s), never by the time control, and its running out
    counts for no walk-away."""
    svc = service()
    await svc.create(GUILD, CHANNEL, "toy_window", ALICE, seed="w", timeout=30, time="live")
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    assert table.time == LIVE and svc.deadline(CHANNEL).seconds == LIVE  # the plain draw
    assert svc.decisions.on_clock(table).time_control is True
    await svc.act(CHANNEL, ALICE, "draw")
    deadline = svc.deadline(CHANNEL)
    assert deadline.seconds == 30 and svc.decisions.on_clock(table).time_control is False
    svc.wall.now += 31
    notices = await svc.expire(CHANNEL, deadline.version)
    assert "table.timed_out" in keys(notices) and "table.time_up" not in keys(notices)
    assert [s.timeouts for s in table.seats] == [0, 0]


async def test_the_prompt_and_the_status_say_when_the_decision_runs_out() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB)
    prompt = svc.prompt(CHANNEL, ALICE)
    assert prompt.deadline == LIVE and prompt.timed and prompt.ends(0) == svc.wall() + LIVE
    assert svc.prompt(CHANNEL, BOB).deadline is None  # not asked
    svc.wall.now += 60
    status = await svc.status(CHANNEL)
    runs_out = line([status], "table.runs_out")
    assert runs_out.params == {"at": int(svc.wall() + LIVE - 60), "minutes": "4", "left": i18n.duration(LIVE - 60)}
    assert "about 4 minutes" in status.text("en")[-1]
    assert line([status], "table.time_control").params["control"] == Msg("table.time.live")
    assert table.version == 0
    svc.timestamps = True  # a front-end that shows a moment as a live countdown (Discord) is told the moment
    said = line([await svc.status(CHANNEL)], "table.runs_out_at")
    assert said.params["at"] == runs_out.params["at"] and "<t:" in i18n.render(said, "en")


# --------------------------------------------------------------------------- running out, walking away
async def test_time_up_twice_in_a_row_hands_the_seat_to_the_ai_and_sit_gives_it_back() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB)
    deadline = svc.deadline(CHANNEL)
    assert deadline.seconds == LIVE
    svc.wall.now += LIVE - 1
    assert svc.deadline(CHANNEL).seconds == 1
    svc.wall.now += 2
    notices = await svc.expire(CHANNEL, deadline.version)
    assert line(notices, "table.time_up").params["players"].items == ("alice",)
    assert [a["action"] for a in svc.store.actions(table.id)] == ["roll"]
    assert table.seats[0].timeouts == 1 and stored_seat(svc, table.id, 0)["timeouts"] == 1
    with pytest.raises(IllegalAction) as refused:  # the clock chose it: not hers to take back
        await svc.undo(CHANNEL, ALICE)
    assert refused.value.code == "undo_not_yours"
    assert svc.deadline(CHANNEL).seconds == LIVE  # her move is a new decision, with its whole time
    svc.wall.now += LIVE + 1
    notices = await svc.expire(CHANNEL, svc.deadline(CHANNEL).version)
    assert "table.away_twice" in keys(notices) and table.seats[0].away and table.seats[0].is_ai
    row = stored_seat(svc, table.id, 0)
    assert row["away"] == 1 and row["ai"] == "normal" and row["user_id"] == ALICE.user_id
    assert svc.replay(table.id).to_json() == table.state.to_json()  # time-up actions are logged
    with pytest.raises(IllegalAction) as refused:
        await svc.act(CHANNEL, ALICE, "roll")
    assert refused.value.code == "away_seat"
    # bob plays; the AI plays alice's turn
    await svc.act(CHANNEL, BOB, "roll")
    await svc.act(CHANNEL, BOB, svc.legal_for(CHANNEL, BOB)[0])
    assert [a["seat"] for a in svc.store.actions(table.id)][-2:] == [0, 0] and table.to_act() == [1]
    for who in (BOB, CAROL):
        with pytest.raises(IllegalAction) as refused:
            await svc.sit(CHANNEL, who)
        assert refused.value.code == "not_away"
    notices = await svc.sit(CHANNEL, ALICE)
    assert "table.sat_back" in keys(notices) and not table.seats[0].is_ai and not table.seats[0].away
    assert stored_seat(svc, table.id, 0)["away"] == 0 and stored_seat(svc, table.id, 0)["ai"] is None
    status = await svc.status(CHANNEL)
    assert "table.seat_away" not in keys([status])


async def test_the_seat_s_own_action_resets_the_count() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB)
    svc.wall.now += LIVE + 1
    await svc.expire(CHANNEL, svc.deadline(CHANNEL).version)
    assert table.seats[0].timeouts == 1
    await svc.act(CHANNEL, ALICE, svc.legal_for(CHANNEL, ALICE)[0])
    assert table.seats[0].timeouts == 0 and stored_seat(svc, table.id, 0)["timeouts"] == 0
    await svc.act(CHANNEL, BOB, "roll")
    await svc.act(CHANNEL, BOB, svc.legal_for(CHANNEL, BOB)[0])
    svc.wall.now += LIVE + 1
    notices = await svc.expire(CHANNEL, svc.deadline(CHANNEL).version)
    assert "table.away_twice" not in keys(notices) and table.seats[0].timeouts == 1


async def test_the_status_names_an_away_seat() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB)
    for _ in range(2):
        svc.wall.now += LIVE + 1
        await svc.expire(CHANNEL, svc.deadline(CHANNEL).version)
    status = await svc.status(CHANNEL)
    assert line([status], "table.seat_away").params == {"n": 1, "player": "alice"} and table.seats[0].away


# --------------------------------------------------------------------------- the vote
async def test_a_strict_majority_of_the_other_humans_votes_a_seat_away() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, DAVE, time=None)
    svc.wall.now += 301  # she kept the table waiting five minutes
    first = await svc.away(CHANNEL, BOB, ALICE.user_id)
    assert keys(first) == ["table.away_vote"] and isinstance(first[0], Public)
    assert line(first, "table.away_vote").params["needed"] == 2  # of bob, carol and dave: 2 of 3
    assert stored_seat(svc, table.id, 0)["away_votes"] == json.dumps([BOB.user_id])
    for voter, target, code in ((BOB, ALICE, "away_voted"), (BOB, BOB, "away_self"), (BOB, 99, "away_not_seated"),
                                (Player(99, "zed"), ALICE, "not_seated")):
        with pytest.raises(IllegalAction) as refused:
            await svc.away(CHANNEL, voter, target if isinstance(target, int) else target.user_id)
        assert refused.value.code == code
    second = await svc.away(CHANNEL, CAROL, ALICE.user_id)
    assert line(second, "table.away_voted").params["n"] == 2 and table.seats[0].away
    assert svc.store.actions(table.id) == []  # not at once: she has a minute to come back
    svc.wall.now += 61
    await svc.advance(CHANNEL)
    assert svc.store.actions(table.id)[0]["seat"] == 0  # the AI played her turn
    with pytest.raises(IllegalAction) as refused:
        await svc.away(CHANNEL, DAVE, ALICE.user_id)
    assert refused.value.code == "away_ai"


async def test_votes_are_cleared_when_the_seat_acts_and_no_vote_outside_a_game() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=None)
    svc.wall.now += 301
    await svc.away(CHANNEL, BOB, ALICE.user_id)
    await svc.act(CHANNEL, ALICE, "roll")
    assert table.seats[0].votes == () and stored_seat(svc, table.id, 0)["away_votes"] is None
    svc.wall.now += 301  # her next decision waits five minutes too
    notices = await svc.away(CHANNEL, CAROL, ALICE.user_id)
    assert keys(notices) == ["table.away_vote"] and not table.seats[0].away  # 1 of 2: not yet
    await svc.cancel(CHANNEL, ALICE, can_manage=True)
    with pytest.raises(IllegalAction) as refused:
        await svc.away(CHANNEL, BOB, ALICE.user_id)
    assert refused.value.code == "no_table"
    await svc.create(GUILD, CHANNEL, toy.KEY, ALICE, seed="t")
    await svc.join(CHANNEL, BOB)
    with pytest.raises(IllegalAction) as refused:
        await svc.away(CHANNEL, BOB, ALICE.user_id)
    assert refused.value.code == "not_started"


async def test_an_ai_seat_has_no_player_to_vote_away() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, ai=1, time=None)
    assert table.seats[2].is_ai and table.seats[2].user_id is None
    with pytest.raises(IllegalAction) as refused:
        await svc.away(CHANNEL, BOB, 0)
    assert refused.value.code == "away_not_seated"


# --------------------------------------------------------------------------- restarts, processes
async def test_a_restart_keeps_the_time_left_and_the_count(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = service(db, wall)
    table = await race(here, ALICE, BOB)
    wall.now += LIVE + 1
    await here.expire(CHANNEL, here.deadline(CHANNEL).version)
    wall.now += 200  # 200 of her 300 seconds to move are gone
    again = service(db, wall)  # a restart, or another process
    await again.restore()
    table = again.table(CHANNEL)
    assert table.seats[0].timeouts == 1
    assert again.deadline(CHANNEL).seconds == pytest.approx(LIVE - 200)
    wall.now += LIVE - 200 + 1
    notices = await again.expire(CHANNEL, again.deadline(CHANNEL).version)
    assert "table.away_twice" in keys(notices) and again.store.seats(table.id)[0]["away"] == 1


async def test_one_process_fires_a_time_control_it_never_timed(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = service(db, wall)
    table = await race(here, ALICE, BOB, time="daily")
    there = service(db, wall)  # another process: it has not loaded the table

    seen: list[tuple[int, list[Notice]]] = []

    async def deliver(channel: int, notices: list[Notice]) -> None:
        seen.append((channel, notices))

    there_clock, here_clock = WindowClock(there, deliver), WindowClock(here, deliver)
    try:
        assert await there_clock.poll_once() == 0
        wall.now += DAILY + 1
        assert await there_clock.poll_once() == 1
        assert await here_clock.poll_once() == 0 and await there_clock.poll_once() == 0  # fired once
    finally:
        there_clock.close()
        here_clock.close()
    [_fired] = [n for _, n in seen if "table.time_up" in keys(n)]  # exactly once
    # the half-time reminder of a daily decision went out too (once), to the seat on the time control
    [reminder] = [r for _, n in seen for r in n if isinstance(r, Reminder)]
    assert reminder.seat == 0 and reminder.user_id == ALICE.user_id
    assert [a["action"] for a in here.store.actions(table.id)] == ["roll"]
    assert here.store.seats(table.id)[0]["timeouts"] == 1


def test_a_seat_row_changes_alone_and_only_as_expected(backend: Backend) -> None:
    from gavel.tables.stores import open_store

    s = open_store(backend.location())
    table_id = s.create_table({"guild": 1, "channel": 2, "game": toy.KEY, "status": "active", "version": 0,
                               "host": 1}, [{"user_id": 1, "name": "a", "ai": None, "resigned": 0},
                                            {"user_id": 2, "name": "b", "ai": None, "resigned": 0}])
    assert s.update_seat(table_id, 0, {"timeouts": 1})
    assert s.update_seat(table_id, 1, {"away_votes": "[1]"}, expected={"away_votes": None})
    assert not s.update_seat(table_id, 1, {"away_votes": "[1, 3]"}, expected={"away_votes": None})  # changed
    assert s.update_seat(table_id, 1, {"away_votes": "[1, 3]"}, expected={"away_votes": "[1]"})
    assert s.update_seat(table_id, 0, {"ai": "normal", "away": 1}, expected={"ai": None, "away": 0})
    rows = s.seats(table_id)
    assert [(r["ai"], r["away"], r["timeouts"], r["away_votes"]) for r in rows] == [
        ("normal", 1, 1, None), (None, None, None, "[1, 3]")]
    s.close()


# --------------------------------------------------------------------------- local play
async def test_local_play_takes_the_time_control_and_shows_it_but_runs_no_clock(tmp_path) -> None:
    import io

    from gavel.tables import i18n
    from gavel.tables.console import LocalOptions, run

    svc = TableService(":memory:", outbox=False)
    out = io.StringIO()
    code = await run(LocalOptions(game="dads_army", seats=1, ai=1, seed="3", images=str(tmp_path), time="live"),
                     service=svc, stdin=io.StringIO("/table status\n"), out=out)
    text = out.getvalue()
    control = i18n.gettext("table.time_control", control=i18n.gettext("table.time.live"))
    assert code == 0 and text.count(control) == 2  # the lobby, then /table status
    assert svc.deadline(1) is None and "min." not in text.split(control)[-1]  # no deadline at the terminal
    bad = await run(LocalOptions(game="dads_army", seats=1, ai=1, images=str(tmp_path), time="blitz"),
                    service=TableService(":memory:", outbox=False), stdin=io.StringIO(""), out=io.StringIO())
    assert bad == 2


async def test_a_rematch_keeps_the_time_control() -> None:
    svc = service()
    table = await race(svc, ALICE, BOB, time="daily")
    await svc.leave(CHANNEL, BOB)  # the game ends: alice is left
    assert table.status == "finished"
    await svc.rematch(CHANNEL, ALICE, table.id)
    again = svc.table(CHANNEL)
    assert again is not None and again.id != table.id and again.time == DAILY
    assert json.loads(svc.store.table_row(again.id)["config"])[TIME_KEY] == DAILY
