"""A lazy start-up (`restore(lazy=True)`, for processes sharing one database): it loads only the
tables that owe their channel something, whatever the number of open tables; any other table is
loaded when first touched (a command, a click carrying its version, its clock), and one that
cannot be loaded is found broken then. On both database backends."""

from __future__ import annotations

from typing import Any

import pytest

from gavel.tables.store import StaleWrite
from rules.core import IllegalAction
from tests.tables import toy_game
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, GUILD, make_service, seat

FIRST = 500
TABLES = 12


async def test_a_lazy_start_loads_only_what_is_owed_and_the_rest_on_first_touch(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    db = backend.location()
    first = make_service(db)
    for channel in range(FIRST, FIRST + TABLES):
        await seat(first, ALICE, BOB, seed=f"lazy{channel}", channel=channel)
    await first.act(FIRST + 3, ALICE, "roll")
    owed = first.table(FIRST + 3)
    # the process stopped after saving an action but before queueing what it said
    backend.execute(first.store, "UPDATE tables SET announced = 0 WHERE id = ?", [owed.id])
    broken = first.table(FIRST + 5).id
    backend.execute(first.store, "UPDATE tables SET game = 'no_such_game' WHERE id = ?", [broken])
    first.close()

    again = make_service(db)
    read: list[Any] = []
    seats = again.store.seats
    monkeypatch.setattr(again.store, "seats", lambda table_id: read.append(table_id) or seats(table_id))
    assert await again.restore(lazy=True) == 1
    assert read == [owed.id] and again.open_channels() == [FIRST + 3]  # nothing else was loaded
    assert again.table(FIRST + 7) is None and again.broken == {}

    # a click made at version 0 on a table this process never loaded is played on it
    await again.act(FIRST + 7, ALICE, "roll", version=0)
    table = again.table(FIRST + 7)
    assert table is not None and table.version == 1
    assert [a["version"] for a in again.store.actions(table.id)] == [1]
    looked = await again.look(FIRST + 8)
    assert looked is not None and looked.version == 0 and looked.names == ("alice", "bob")
    with pytest.raises(IllegalAction) as exists:  # a channel's table in the database still owns it
        await again.create(GUILD, FIRST + 9, "toy", ALICE)
    assert exists.value.code == "table_exists"
    with pytest.raises(IllegalAction) as refused:
        await again.act(FIRST + 5, ALICE, "roll")
    assert refused.value.code == "table_broken" and again.broken_in(FIRST + 5).table_id == broken


async def test_a_start_up_leaves_alone_a_table_another_process_closed_meanwhile(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    db = backend.location()
    first = make_service(db)
    await seat(first, ALICE, BOB, seed="over", channel=FIRST)
    table = first.table(FIRST)
    for _ in range(200):
        if first.table(FIRST) is None:
            break
        mover = ALICE if first.legal_for(FIRST, ALICE) else BOB
        await first.act(FIRST, mover, toy_game.choose(table.game, table.state, table.seat_of(mover.user_id)))
    # saved as over, but the process stopped before it closed the table and told the channel
    backend.execute(first.store, "UPDATE tables SET status = 'active', announced = 0 WHERE id = ?", [table.id])
    first.close()
    again = make_service(db)

    def closed_elsewhere(table_id: int, *args: object, **kwargs: object) -> None:
        raise StaleWrite(table_id, -1)

    monkeypatch.setattr(again.store, "finish", closed_elsewhere)
    assert await again.restore(lazy=True) == 0  # no crash: the other process finished it
    assert again.table(FIRST) is None and again.broken == {}
