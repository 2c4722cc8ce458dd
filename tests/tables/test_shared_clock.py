"""Decision clocks kept in the database: any process fires a timeout that ran out (even at a table
it never touched), exactly one does, a pass never moves the due time and a restart (or another
process) never gives fresh time. Two services on one database stand for two processes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gavel.tables.clock import WindowClock
from gavel.tables.notices import Notice
from gavel.tables.service import TableService
from tests.tables import toy_window
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, make_service


class Wall:
    """A wall clock the test moves by hand (the service's `wall` and its `clock` both)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def window_service(db: str, wall: Wall) -> TableService:
    svc = TableService(db, renderers={"toy_window": None}, ais={"toy_window": toy_window.choose}, clock=wall)
    svc.wall = wall
    return svc


async def window_table(svc: TableService, timeout: float = 30) -> int:
    """A two-seat toy-window table whose first window is open (Alice drew); its id."""
    await svc.create(GUILD, CHANNEL, "toy_window", ALICE, seed="w", timeout=timeout)
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "draw")
    table = svc.table(CHANNEL)
    assert table is not None and table.decision().clocked == {0, 1}
    return table.id


def stored_clock(svc: TableService, table_id: int) -> dict[str, Any] | None:
    row = svc.store.table_row(table_id)
    assert row is not None
    return json.loads(row["clock"]) if row["clock"] else None


class Delivered:
    def __init__(self) -> None:
        self.notices: list[tuple[int, list[Notice]]] = []

    async def __call__(self, channel: int, notices: list[Notice]) -> None:
        self.notices.append((channel, notices))


async def test_a_timeout_is_fired_once_by_a_process_that_never_touched_the_table(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = window_service(db, wall)
    table_id = await window_table(here)
    version = here.table(CHANNEL).version
    assert stored_clock(here, table_id) == {"at": version, "opened": version, "due": wall.now + 30,
                                            "start": wall.now}
    there = window_service(db, wall)  # another process: it has not loaded the table
    seen_there, seen_here = Delivered(), Delivered()
    there_clock, here_clock = WindowClock(there, seen_there), WindowClock(here, seen_here)
    assert await there_clock.poll_once() == 0  # not due yet
    wall.now += 31
    try:
        assert await there_clock.poll_once() == 1
        assert await here_clock.poll_once() == 0 and await there_clock.poll_once() == 0  # fired once
    finally:
        there_clock.close()
        here_clock.close()
    [(channel, notices)] = seen_there.notices
    assert channel == CHANNEL and any(line.key == "table.timed_out" for line in notices[0].lines)
    log = here.store.actions(table_id)
    assert [(a["seat"], a["action"], a["version"]) for a in log[-2:]] == [(0, "pass", version + 1),
                                                                           (1, "pass", version + 2)]
    assert stored_clock(here, table_id) == {"at": version + 2, "opened": version + 2}  # a draw: no clock
    # `here` still holds the table at the old version: its next change looks at the database first
    await here.act(CHANNEL, BOB, "draw")
    assert here.store.actions(table_id)[-1]["version"] == version + 3
    assert seen_here.notices == []


async def test_a_pass_keeps_the_due_time_and_a_restart_gets_no_fresh_time(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = window_service(db, wall)
    table_id = await window_table(here)
    opened = here.table(CHANNEL).version
    start = wall.now
    due = start + 30
    wall.now += 20
    await here.act(CHANNEL, BOB, "pass")
    assert stored_clock(here, table_id) == {"at": opened + 1, "opened": opened, "due": due, "start": start}
    again = window_service(db, wall)  # a restart, or another process
    await again.restore()
    deadline = again.deadline(CHANNEL)
    assert deadline is not None and deadline.version == opened + 1 and deadline.seconds == pytest.approx(10)
    # the process that timed the clock itself claims it before it fires; then nobody else may
    assert await again.claim(deadline) and not await here.claim(deadline)
    # a click Alice made on the window's first menu still answers it on a process that never saw
    # that menu: the decision's opening version is stored with it
    third = window_service(db, wall)
    await third.act(CHANNEL, ALICE, "pass", version=opened)
    assert [a["action"] for a in third.store.actions(table_id)][-2:] == ["pass", "pass"]


async def test_ai_seats_a_stopped_process_left_to_act_are_played_on_by_another(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = make_service(db)
    here.wall = wall
    await here.create(GUILD, CHANNEL, "toy", ALICE, seed="ai-left")
    await here.add_ai(CHANNEL, ALICE)
    await here.start(CHANNEL, ALICE)

    async def stopped(*args: Any) -> str:
        raise RuntimeError("this process stopped here")

    here.ai_turns.thinking.choose = stopped  # type: ignore[method-assign]
    await here.act(CHANNEL, ALICE, "roll")
    roll = here.table(CHANNEL).state.roll
    await here.act(CHANNEL, ALICE, f"move {roll}")  # the AI seat's turn: it never plays here
    table_id = here.table(CHANNEL).id
    assert here.table(CHANNEL).ai_to_act() == [1] and stored_clock(here, table_id)["ai"] == wall.now + here.lease
    there = make_service(db)
    there.wall = wall
    watch = WindowClock(there, Delivered())
    try:
        assert await watch.poll_once() == 0  # its process may still be playing it
        wall.now += there.lease + 1
        assert await watch.poll_once() == 1 and await watch.poll_once() == 0
    finally:
        watch.close()
    seats = [a["seat"] for a in there.store.actions(table_id)]
    assert seats[:2] == [0, 0] and seats[2:] and set(seats[2:4]) == {1}  # the AI seat rolled and moved
