"""A seat's change and what tells it are one transaction: a seat taken back (`sit`), a vote to
hand a silent seat to the AI, a seat handed over, and a half-time reminder with its claim. A
process that stops between two writes can then never store a change nobody is told of, nor
claim a reminder it never keeps (which nobody would then ever send). The statements SQLite runs
are read (`set_trace_callback`): each such call commits once, its seat row and outbox rows in
that one commit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from gavel.tables.away import GRACE, VOTE_AFTER
from gavel.tables.notices import Public, Reminder
from gavel.tables.service import TableService
from gavel.tables.store import Store
from rules.core import IllegalAction
from tests.tables.conftest import CHANNEL as WINDOW_CHANNEL
from tests.tables.test_reminders import LONG
from tests.tables.test_shared_clock import Wall as ClockWall
from tests.tables.test_shared_clock import window_service, window_table
from tests.tables.test_time_controls import ALICE, BOB, CAROL, CHANNEL, race, service


@contextmanager
def transactions(svc: TableService) -> Iterator[list[list[str]]]:
    """The store's transactions meanwhile, each the list of its statements' first words."""
    store = svc.store
    assert isinstance(store, Store)
    seen: list[list[str]] = []
    current: list[str] = []

    def trace(sql: str) -> None:
        words = " ".join(sql.split()[:3])
        if words.startswith("BEGIN"):
            current.clear()
        elif words.startswith("COMMIT"):
            seen.append(list(current))
        else:
            current.append(words)

    store.db.conn.set_trace_callback(trace)
    try:
        yield seen
    finally:
        store.db.conn.set_trace_callback(None)


def writes_seat_and_outbox_together(seen: list[list[str]]) -> bool:
    together = [t for t in seen if "UPDATE seats SET" in t and "INSERT INTO outbox" in t]
    alone = [t for t in seen if ("UPDATE seats SET" in t) != ("INSERT INTO outbox" in t)]
    return len(together) == 1 and not alone


async def voted_away(svc: TableService) -> None:
    await race(svc, ALICE, BOB, CAROL, time=None)
    svc.wall.now += VOTE_AFTER + 1  # type: ignore[attr-defined]  # the test's own clock
    await svc.away(CHANNEL, BOB, ALICE.user_id)


async def test_a_vote_and_its_announcement_are_one_transaction() -> None:
    svc = service()
    await race(svc, ALICE, BOB, CAROL, time=None)
    svc.wall.now += VOTE_AFTER + 1  # type: ignore[attr-defined]
    with transactions(svc) as seen:
        notices = await svc.away(CHANNEL, BOB, ALICE.user_id)
    assert writes_seat_and_outbox_together(seen), seen
    assert [n.outbox is not None for n in notices] == [True] * len(notices)
    assert isinstance(notices[0], Public) and notices[0].lines[0].key == "table.away_vote"


async def test_the_vote_that_hands_the_seat_over_and_its_announcement_are_one_transaction() -> None:
    svc = service()
    await voted_away(svc)
    with transactions(svc) as seen:
        notices = await svc.away(CHANNEL, CAROL, ALICE.user_id)
    assert writes_seat_and_outbox_together(seen), seen
    assert svc.table(CHANNEL).seats[0].away and svc.store.seats(svc.table(CHANNEL).id)[0]["away"]
    assert any(m.key == "table.away_voted" for n in notices if isinstance(n, Public) for m in n.lines)


async def test_taking_the_seat_back_and_saying_so_are_one_transaction() -> None:
    svc = service()
    await voted_away(svc)
    await svc.away(CHANNEL, CAROL, ALICE.user_id)
    svc.wall.now += GRACE / 2  # type: ignore[attr-defined]
    with transactions(svc) as seen:
        notices = await svc.sit(CHANNEL, ALICE)
    assert writes_seat_and_outbox_together(seen), seen
    assert any(m.key == "table.sat_back" for n in notices if isinstance(n, Public) for m in n.lines)
    assert not svc.store.seats(svc.table(CHANNEL).id)[0]["away"]


async def test_a_vote_whose_row_moved_on_is_written_with_nothing_and_memory_goes_back() -> None:
    """Another process changed the seat's row since this one read it: the vote's transaction
    rolls back whole (no vote stored, no announcement kept), and memory holds the seat as stored."""
    svc = service()
    table = await race(svc, ALICE, BOB, CAROL, time=None)
    svc.wall.now += VOTE_AFTER + 1  # type: ignore[attr-defined]
    svc.store.update_seat(table.id, 0, {"timeouts": 1})  # behind this process's back
    table.seen = "stale"  # as if nobody had written: the write's compare-and-swap must catch it
    with pytest.raises(IllegalAction):
        for _ in range(10):  # each try finds the row moved on again
            svc.store.update_seat(table.id, 0, {"timeouts": svc.store.seats(table.id)[0]["timeouts"] + 1})
            table.seen = "stale"
            await svc.writes.store_seat(table, 0, table.seats[0], checked=True)
            await svc.outbox.keep(table, [Public(table.id, [])])
    assert svc.store.seats(table.id)[0]["away_votes"] is None
    assert table.seats[0].timeouts == 0  # memory back at what this process last read


async def test_a_reminder_is_claimed_in_the_transaction_that_keeps_it() -> None:
    wall = ClockWall()
    svc = window_service(":memory:", wall)
    await window_table(svc, timeout=LONG)
    opened = svc.table(WINDOW_CHANNEL).version
    with transactions(svc) as seen:
        notices = await svc.remind(WINDOW_CHANNEL, opened)
    assert [n for n in notices if isinstance(n, Reminder)] and all(n.outbox is not None for n in notices)
    claimed = [t for t in seen if any(s.startswith("INSERT OR IGNORE") for s in t)]
    assert len(claimed) == 1 and "INSERT INTO outbox" in claimed[0], seen
    assert await svc.remind(WINDOW_CHANNEL, opened) == []  # once
