"""What one action costs the database, and that its one transaction holds everything it writes.

A player's action is one transaction with its notices: the log row, the snapshot (with the
decision's clock and the version announced) and the outbox rows are committed together
(`Play.step(defer=True)`, `Writes.save`, `TableStore.record_action(keep=)`). The count test
reads the statements SQLite runs (`set_trace_callback`), so a change that adds a read or a
transaction per action shows here, as a count, never as a time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from gavel.tables.service import TableService
from gavel.tables.store import Keep, StaleWrite, Store
from gavel.tables.stores import open_store
from rules.core import IllegalAction
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat
from tests.tables.test_persistence import REFUSE_VERSION_1
from tests.tables.test_store_soundness import started_table


@contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """The SQL statements the store's connection runs meanwhile, each as its first words."""
    seen: list[str] = []
    store.db.conn.set_trace_callback(lambda sql: seen.append(" ".join(sql.split()[:3])))
    try:
        yield seen
    finally:
        store.db.conn.set_trace_callback(None)


def sqlite_store(svc: TableService) -> Store:
    assert isinstance(svc.store, Store)
    return svc.store


async def test_one_action_is_one_transaction_of_five_statements(tmp_path: Path) -> None:
    svc = make_service(str(tmp_path / "g.sqlite3"))
    await seat(svc, ALICE, BOB, dice=[3, 4])
    table = svc.table(CHANNEL)
    with statements(sqlite_store(svc)) as seen:
        notices = await svc.act(CHANNEL, ALICE, "roll")
    # no head read (nobody else wrote the file since the table was last read: `others_mark`), then
    # one transaction: the snapshot with its clock and the version announced, the log row, the
    # outbox rows (one insert for them all)
    assert seen == ["BEGIN IMMEDIATE", "UPDATE tables SET", "INSERT INTO actions", "INSERT INTO outbox", "COMMIT"]
    assert notices and all(n.outbox is not None for n in notices)
    assert [n.outbox for n in notices] == sorted(n.outbox for n in notices)  # the rows in the notices' order
    row = svc.store.table_row(table.id)
    assert row["version"] == row["announced"] == 1 and [a["seq"] for a in svc.store.actions(table.id)] == [1]
    with statements(sqlite_store(svc)) as seen:
        await svc.act(CHANNEL, ALICE, "move 3")
    assert len(seen) == 5 and seen.count("COMMIT") == 1
    assert [a["seq"] for a in svc.store.actions(table.id)] == [1, 2]


async def test_the_head_is_read_again_once_another_service_wrote_the_file(tmp_path: Path) -> None:
    """Two services on one SQLite file (as two processes would share a database): one that wrote
    makes the other read the table's head before its next change, and play on the table as stored."""
    path = str(tmp_path / "g.sqlite3")
    svc = make_service(path)
    await seat(svc, ALICE, BOB, dice=[3, 4, 5, 6])
    await svc.act(CHANNEL, ALICE, "roll")
    other = make_service(path)
    await other.act(CHANNEL, ALICE, "move 3")  # Bob's turn now, as the file has it
    table = svc.table(CHANNEL)
    with statements(sqlite_store(svc)) as seen:
        await svc.act(CHANNEL, BOB, "roll")  # this service's copy still has Alice to move
    assert seen[0] == "SELECT t.status, t.version," and seen.count("COMMIT") == 1
    assert [a["seat"] for a in svc.store.actions(table.id)] == [0, 0, 1]
    move = next(a for a in svc.legal_for(CHANNEL, BOB) if a.startswith("move"))
    with statements(sqlite_store(svc)) as seen:
        await svc.act(CHANNEL, BOB, move)  # nobody else wrote since: no head
    assert seen[0] == "BEGIN IMMEDIATE"
    other.close()


async def test_an_action_and_the_ai_seats_answer_are_one_transaction_with_the_notices(tmp_path: Path) -> None:
    """The AI seats' answer to a player's action is written with it and the notices, in one
    transaction; each action keeps its own log row and version (the game replays). An AI step
    that fails never takes the player's action with it (`tests/tables/test_persistence.py`)."""
    svc = make_service(str(tmp_path / "g.sqlite3"))
    await seat(svc, ALICE, ai=1, dice=[3, 4, 5, 6])
    table = svc.table(CHANNEL)
    await svc.act(CHANNEL, ALICE, "roll")
    before = len(svc.store.actions(table.id))
    with statements(sqlite_store(svc)) as seen:
        await svc.act(CHANNEL, ALICE, "move 3")
    logged = svc.store.actions(table.id)[before:]
    moves = len(logged)  # the player's and the AI's
    assert moves >= 3 and seen.count("INSERT INTO actions") == moves and {r["seat"] for r in logged} == {0, 1}
    assert [r["version"] for r in logged] == list(range(logged[0]["version"], logged[0]["version"] + moves))
    assert seen.count("BEGIN IMMEDIATE") == seen.count("COMMIT") == 1 and seen.count("INSERT INTO outbox") == 1
    assert svc.store.table_row(table.id)["announced"] == table.version == logged[-1]["version"]
    assert svc.replay(table.id).to_json() == table.state.to_json()


def test_a_call_s_notices_are_one_insert_and_keep_their_order(tmp_path: Path) -> None:
    s = Store(str(tmp_path / "g.sqlite3"))
    table_id = started_table(s)
    items = [(f'{{"n":{i}}}', None) for i in range(1200)]  # more than one insert's worth (`OUTBOX_CHUNK`)
    with statements(s) as seen:
        ids = s.outbox_add(table_id, CHANNEL, 1, items)
    assert seen == ["BEGIN IMMEDIATE", *["INSERT INTO outbox"] * 3, "UPDATE tables SET", "COMMIT"]
    assert ids == sorted(ids) and len(set(ids)) == 1200
    assert [r["notice"] for r in s.outbox_due(0.0)] == [n for n, _ in items]


def test_the_log_row_the_snapshot_and_the_notices_are_written_together(backend: Backend) -> None:
    s = open_store(backend.location())
    table_id = started_table(s)
    keep = Keep(CHANNEL, [('{"n":1}', b"png"), ('{"n":2}', None)], hold=5.0)
    seq = s.record_action(table_id, 0, ALICE.user_id, "roll", [3], [], {"version": 1}, 1, expected=0, keep=keep)
    assert seq == 1 and len(keep.ids) == 2 and keep.ids[0] < keep.ids[1]
    assert s.table_row(table_id)["announced"] == 1
    assert [(r["id"], r["version"]) for r in s.outbox_due(5.0)] == [(keep.ids[0], 1), (keep.ids[1], 1)]
    # a refused snapshot takes the log row and the notices with it
    for sql in REFUSE_VERSION_1[backend.name]:
        backend.execute(s, sql.replace("NEW.version = 1", "NEW.version = 2"))
    late = Keep(CHANNEL, [('{"n":3}', None)])
    with pytest.raises(Exception, match="disk trouble"):
        s.record_action(table_id, 0, ALICE.user_id, "move 3", [], [], {"version": 2}, 2, expected=1, keep=late)
    assert [a["seq"] for a in s.actions(table_id)] == [1] and s.table_row(table_id)["announced"] == 1
    assert len(s.outbox_due(1e12)) == 2 and late.ids == []
    s.close()


async def test_notices_that_cannot_be_kept_leave_the_action_written_and_go_out(backend: Backend) -> None:
    """The outbox refuses the call's notices: the action is written alone (as when the outbox
    was its own transaction), the notices go out unkept, and the table counts as not announced
    (a restart tells what happened since)."""
    svc = make_service(backend.location())
    await seat(svc, ALICE, BOB, dice=[3])
    table = svc.table(CHANNEL)
    refuse = {
        "sqlite": ["CREATE TRIGGER refuse BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox trouble'); END"],
        "postgresql": ["CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS"
                       " $$ BEGIN RAISE EXCEPTION 'outbox trouble'; END $$",
                       "CREATE TRIGGER refuse BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse()"],
    }
    for sql in refuse[backend.name]:
        backend.execute(svc.store, sql)
    notices = await svc.act(CHANNEL, ALICE, "roll")
    assert notices and all(n.outbox is None for n in notices)
    assert [a["version"] for a in svc.store.actions(table.id)] == [1] and table.snapshot["roll"] == 3
    row = svc.store.table_row(table.id)
    assert row["version"] == 1 and (row["announced"] or 0) == 0


async def test_a_call_that_fails_before_its_notices_still_writes_the_action(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action is applied, then the notices fail (a broken picture, a cancelled call): the
    action is written all the same, as it was before it waited for them, and memory is the
    database's."""
    svc = make_service(backend.location())
    await seat(svc, ALICE, BOB, dice=[3])
    table = svc.table(CHANNEL)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no picture")

    monkeypatch.setattr(svc.answers, "_told", broken)
    with pytest.raises(RuntimeError, match="no picture"):
        await svc.act(CHANNEL, ALICE, "roll")
    assert [a["version"] for a in svc.store.actions(table.id)] == [1]
    assert table.version == 1 and table.snapshot == table.state.to_snapshot() and svc.writes.pending(table.id) is None
    monkeypatch.undo()
    await svc.act(CHANNEL, ALICE, "move 3")
    assert [a["version"] for a in svc.store.actions(table.id)] == [1, 2]


async def test_an_action_whose_write_fails_with_its_notices_is_not_told_and_memory_goes_back(
        backend: Backend) -> None:
    svc = make_service(backend.location())
    await seat(svc, ALICE, BOB, dice=[3])
    table = svc.table(CHANNEL)
    for sql in REFUSE_VERSION_1[backend.name]:
        backend.execute(svc.store, sql)
    with pytest.raises(Exception, match="disk trouble"):
        await svc.act(CHANNEL, ALICE, "roll")
    assert table.version == 0 and table.state.roll is None and svc.writes.pending(table.id) is None
    assert svc.store.actions(table.id) == []
    assert [r["version"] for r in svc.store.outbox_due(1e12)] == [0]  # the start's notice alone
    with pytest.raises(IllegalAction):
        await svc.act(CHANNEL, ALICE, "move 3")  # nothing was rolled


async def test_an_action_that_lost_the_race_with_its_notices_runs_again_and_is_told_once(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    """The write with the notices finds the table moved on (after the pictures were drawn):
    nothing of it is stored, memory goes back, and the call runs again on the table as stored."""
    svc = make_service(backend.location())
    await seat(svc, ALICE, BOB, dice=[3, 3])
    table = svc.table(CHANNEL)
    record, lost = svc.store.record_action, []

    def loses_once(table_id: int, *args: object, expected: int, **kwargs: object) -> int:
        if not lost:
            lost.append(kwargs.get("keep"))
            raise StaleWrite(table_id, expected)
        return record(table_id, *args, expected=expected, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(svc.store, "record_action", loses_once)
    notices = await svc.act(CHANNEL, ALICE, "roll")
    assert isinstance(lost[0], Keep)  # it was the write with the notices that lost
    assert [a["version"] for a in svc.store.actions(table.id)] == [1] and table.version == 1
    assert table.snapshot == table.state.to_snapshot() and svc.writes.pending(table.id) is None
    kept = [n.outbox for n in notices]
    assert all(kept) and sorted(r["id"] for r in svc.store.outbox_due(1e12) if r["version"] == 1) == sorted(kept)
