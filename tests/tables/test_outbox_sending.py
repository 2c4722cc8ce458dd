"""A notice this process is sending goes out once: where no other process shares the database,
the outbox holds in memory the rows a change kept (its front-end sends them at once) and those a
read took, so that neither the resender's read of the rows due (`waiting`) nor a newer change's
read of what its channel owes (`owed`) takes them meanwhile. What was refused comes back after its
pause, what nobody finished sending after a lease, and a restart sends at once what it finds."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from gavel.tables.notices import Notice, Public
from gavel.tables.service import TableService
from gavel.tables.store import StoreError
from rules.core import Msg
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat


async def act(svc: TableService) -> list[Notice]:
    """Whoever is asked acts: the first legal action of the first human asked."""
    table = svc.table(CHANNEL)
    assert table is not None and table.state is not None
    seat_ = table.humans_to_act()[0]
    player = next(p for p in (ALICE, BOB) if p.user_id == table.seats[seat_].user_id)
    return await svc.act(CHANNEL, player, str(table.game.legal_actions(table.state, seat_)[0]))


def rows(notices: list[Notice]) -> list[int]:
    return [n.outbox for n in notices if n.outbox is not None]


def read(found: dict[int, list[Notice]]) -> list[int]:
    return rows(found.get(CHANNEL, []))


def at(svc: TableService, seconds: float) -> None:
    """The wall clock `seconds` later."""
    start = svc.wall()
    svc.wall = lambda: start + seconds


async def test_a_changes_notices_are_not_read_back_while_it_sends_them() -> None:
    svc = make_service()
    started = rows(await seat(svc, ALICE, BOB))
    assert started and await svc.waiting() == {}  # due at once in the database, but being sent
    newer = await act(svc)
    owed = await svc.owed(CHANNEL, rows(newer))
    assert owed.before == [] and owed.held == frozenset(rows(newer))  # behind the older ones, not sending them
    await svc.delivered(started)  # the older change's delivery is done: the newer ones go out next
    assert read(await svc.waiting()) == rows(newer)
    assert await svc.waiting() == {}  # and the resender's read holds them in turn


async def test_a_read_just_as_a_change_is_kept_does_not_take_its_rows() -> None:
    """A change's rows are in the database once its write commits, a moment before the outbox
    holds them: a read that finds them then (the resender's, falling due just then) waits for the
    keep to hold them, and takes none of them."""
    svc = make_service()
    await seat(svc, ALICE, BOB)
    await svc.delivered([r["id"] for r in svc.store.outbox_due(float("inf"))])
    table = svc.table(CHANNEL)
    assert table is not None
    loop = asyncio.get_running_loop()
    add, notices_of = svc.store.outbox_add, svc.outbox._notices
    picked = threading.Event()
    reads: list[Any] = []

    async def noticed(rows: list[dict[str, Any]]) -> dict[int, list[Notice]]:
        picked.set()  # the read picked what it takes
        return await notices_of(rows)

    def add_then_read(*args: Any, **kwargs: Any) -> list[int]:
        ids = add(*args, **kwargs)  # committed: due at once in the database
        reads.append(asyncio.run_coroutine_threadsafe(svc.waiting(), loop))
        # the read picks its rows before the keep returns, unless it waits for the keep
        picked.wait(2.0)
        return ids

    svc.store.outbox_add = add_then_read  # type: ignore[method-assign]
    svc.outbox._notices = noticed  # type: ignore[method-assign]
    kept = rows(await svc.outbox.keep(table, [Public(table.id, [Msg("table.board")], names=table.names)]))
    assert kept and read(await asyncio.wrap_future(reads[0])) == []
    svc.store.outbox_add = add  # type: ignore[method-assign]
    assert await svc.waiting() == {}  # and no later read either, while it is being sent


async def test_what_a_read_took_is_not_owed_to_a_newer_change_meanwhile() -> None:
    svc = make_service()
    started = rows(await seat(svc, ALICE, BOB))
    await svc.undelivered(started)  # refused: read again after the pause
    at(svc, 10)
    assert read(await svc.waiting()) == started  # the resender sends them now
    newer = await act(svc)
    owed = await svc.owed(CHANNEL, rows(newer))
    assert owed.before == [] and owed.held == frozenset(rows(newer))
    await svc.undelivered(started)  # refused again: the next change sends them first, in order
    owed = await svc.owed(CHANNEL, rows(newer))
    assert rows(owed.before) == started and owed.held == frozenset()


async def test_refused_they_come_back_after_their_pause_and_lost_after_a_lease() -> None:
    svc = make_service()
    refused = rows(await seat(svc, ALICE, BOB))
    await svc.undelivered(refused)
    lost = rows(await act(svc))  # being sent: nobody will say what became of it
    assert refused and lost
    at(svc, 6)  # the first pause is 5 s: the refused ones are read again, the newer still being sent
    assert read(await svc.waiting()) == refused
    await svc.delivered(refused)
    at(svc, svc.timing.lease + 1)  # its send was lost: read again once its lease ran out
    assert read(await svc.waiting()) == lost


async def test_a_restart_sends_at_once_what_the_last_run_was_sending(backend: Backend) -> None:
    location = backend.location()
    svc = make_service(location)
    started = rows(await seat(svc, ALICE, BOB))
    assert await svc.waiting() == {}
    fresh = make_service(location)
    await fresh.restore()
    assert read(await fresh.waiting()) == started
    fresh.close()
    svc.close()


async def test_holds_whose_lease_ran_out_are_forgotten_once_a_lease() -> None:
    """What was delivered stays held for its lease, then holds nothing; the holds are forgotten
    by a read a lease after the last forgetting, not kept for ever (nor walked at every read)."""
    svc = make_service()
    delivered = rows(await seat(svc, ALICE, BOB))
    await svc.delivered(delivered)
    assert delivered and set(delivered) <= set(svc.outbox.sending)
    await svc.waiting()  # the first read forgets what ran out (nothing yet)
    at(svc, svc.timing.lease / 2)
    await svc.waiting()
    assert set(delivered) <= set(svc.outbox.sending)  # within their lease: still held
    at(svc, svc.timing.lease * 2 + 1)
    await svc.waiting()
    assert not set(delivered) & set(svc.outbox.sending)


async def test_notices_delivered_while_the_database_is_away_are_not_sent_again() -> None:
    """Discord accepted the notices, but their end could not be written (the database away): no
    read of the outbox takes them, however long it stays away, and the first read once it is back
    writes their end."""
    for shared in (False, True):
        svc = make_service()
        svc.outbox.shared = shared  # processes sharing the database: the outbox's claims
        started = rows(await seat(svc, ALICE, BOB))
        assert started
        done = svc.store.outbox_done

        def away(*args: Any, **kwargs: Any) -> Any:
            raise StoreError("the database is away")

        svc.store.outbox_done = away  # type: ignore[method-assign]
        with pytest.raises(StoreError):  # the front-end hears of it (and logs it) as before
            await svc.delivered(started)
        at(svc, svc.lease + 1)  # every hold and claim ran out
        assert await svc.waiting() == {}, shared  # none of them goes out again
        assert {r["id"] for r in svc.store.outbox_due(float("inf"))} == set(started)  # still in the database
        svc.store.outbox_done = done  # type: ignore[method-assign]
        assert await svc.waiting() == {}, shared
        assert svc.store.outbox_due(float("inf")) == []  # their end written by that read
        newer = rows(await act(svc))
        await svc.delivered(newer)
        assert svc.store.outbox_due(float("inf")) == []
