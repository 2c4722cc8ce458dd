"""A start-up with many saved tables (`TableService.restore`): every table's seats read in one
query (`TableStore.open_seats`), the tables loaded a batch at a time, each as it was saved, one
that cannot be loaded found broken without keeping the others down, and Python's cycle collector
running again afterwards. On both database backends."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from gavel.tables import restoring
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CAROL, make_service, seat

FIRST = 700
TABLES = 7


async def test_many_tables_are_restored_in_batches_with_their_seats_read_at_once(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    db = backend.location()
    first = make_service(db)
    for n, channel in enumerate(range(FIRST, FIRST + TABLES)):
        players = (ALICE, BOB, CAROL) if n % 3 == 0 else (ALICE, BOB)
        await seat(first, *players, seed=f"many{channel}", channel=channel, start=n % 2 == 0)
    await first.act(FIRST + 2, ALICE, "roll")
    saved = {c: (t.id, t.status, t.names, t.state.to_json() if t.state is not None else None)
             for c in range(FIRST, FIRST + TABLES) if (t := first.table(c)) is not None}
    broken = first.table(FIRST + 4).id
    backend.execute(first.store, "UPDATE tables SET game = 'no_such_game' WHERE id = ?", [broken])
    seats_by_table = first.store.open_seats()
    assert sorted(seats_by_table) == sorted(i for i, *_ in saved.values())
    assert [s["seat"] for s in seats_by_table[saved[FIRST][0]]] == [0, 1, 2]
    first.close()

    again = make_service(db)
    read: list[Any] = []
    seats = again.store.seats
    monkeypatch.setattr(again.store, "seats", lambda table_id: read.append(table_id) or seats(table_id))
    monkeypatch.setattr(restoring, "RESTORE_BATCH", 3)
    assert await again.restore() == TABLES - 1
    assert read == []  # no table read its seats alone
    assert gc.isenabled()
    assert again.broken_in(FIRST + 4).table_id == broken
    for channel, (table_id, status, names, state) in saved.items():
        if channel == FIRST + 4:
            continue
        table = again.table(channel)
        assert table is not None and (table.id, table.status, table.names) == (table_id, status, names)
        assert (table.state.to_json() if table.state is not None else None) == state
    assert again.table(FIRST + 2).version == 1


async def test_the_cycle_collector_is_left_as_it_was(tmp_path) -> None:
    svc = make_service(str(tmp_path / "g.sqlite3"))
    await seat(svc, ALICE, BOB, channel=FIRST)
    gc.disable()
    try:
        again = make_service(str(tmp_path / "g.sqlite3"))
        svc.close()
        assert await again.restore() == 1
        assert not gc.isenabled()  # a process that turned it off keeps it off
    finally:
        gc.enable()
