"""The database's soundness: compare-and-swap writes, one process per file, threads, schema
versions, durability and backups, broken tables reported, lobby writes before memory.

The store's contract holds for both backends: the tests that take `backend` run on SQLite and on
PostgreSQL (`tests/tables/backends.py`); the rest are about SQLite's own means (its file lock,
pragmas and online backup)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from gavel.tables import i18n, store
from gavel.tables.service import TableService
from gavel.tables.store import MigrationFailed, SchemaTooNew, StaleWrite, Store, TableStore
from gavel.tables.stores import open_store
from gavel.tables.writes import RETRIES
from rules.core import IllegalAction
from tests.tables.backends import PG_URL, Backend
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, make_service, seat

ROOT = Path(__file__).resolve().parents[2]


def started_table(s: TableStore, channel: int = CHANNEL) -> int:
    """A started table row with two seats, straight in the Store (version 0)."""
    table_id = s.create_table({"guild": GUILD, "channel": channel, "game": "toy", "status": "lobby", "seed": "x",
                               "config": "{}", "version": 0, "host": ALICE.user_id},
                              [{"user_id": ALICE.user_id, "name": "alice"}, {"user_id": BOB.user_id, "name": "bob"}])
    s.start(table_id, {"version": 0}, 0, [])
    return table_id


def write(s: TableStore, table_id: int, version: int, tag: str = "") -> int:
    return s.record_action(table_id, 0, ALICE.user_id, f"roll{tag}", [], [], {"version": version, "by": tag},
                           version, expected=version - 1)


def versions(s: TableStore, table_id: int) -> list[int]:
    return [a["version"] for a in s.actions(table_id)]


def run_bot(*args: str, db: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python bot.py ...` in another process, on database `db`, without a Discord token."""
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environ.update(GAVEL_DB=db, PYTHONPATH=str(ROOT), **env)
    return subprocess.run([sys.executable, "bot.py", *args], cwd=ROOT, env=environ, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=120)


# ---------------------------------------------------------------------- compare-and-swap
def test_two_writers_of_the_same_version_one_is_refused_and_the_log_has_it_once(backend: Backend) -> None:
    path = backend.location()
    first = open_store(path)
    second = open_store(path)  # a second connection on the database (SQLite: the lock is shared in-process)
    table_id = started_table(first)
    write(first, table_id, 1)
    write(first, table_id, 2, "first")
    with pytest.raises(StaleWrite, match=f"table {table_id} is no longer at version 1"):
        write(second, table_id, 2, "second")
    assert versions(second, table_id) == [1, 2]
    row = second.table_row(table_id)
    assert row["version"] == 2 and json.loads(row["state"])["by"] == "first"
    write(second, table_id, 3, "second")  # computed from the newest version, it goes through
    assert versions(first, table_id) == [1, 2, 3]


def test_racing_writers_of_one_version_one_wins_and_the_rest_are_refused(backend: Backend) -> None:
    """Four writers, each with its own store (on PostgreSQL: its own pool, as another process
    would have), all write version 2 at once: one is stored, three get `StaleWrite`."""
    path = backend.location()
    stores = [open_store(path) for _ in range(4)]
    table_id = started_table(stores[0])
    write(stores[0], table_id, 1)
    barrier, outcomes = threading.Barrier(len(stores)), []

    def race(s: TableStore, tag: str) -> None:
        barrier.wait()
        try:
            write(s, table_id, 2, tag)
            outcomes.append(tag)
        except StaleWrite:
            outcomes.append("stale")

    threads = [threading.Thread(target=race, args=(s, f"w{i}")) for i, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    [winner] = [o for o in outcomes if o != "stale"]
    assert outcomes.count("stale") == 3 and versions(stores[1], table_id) == [1, 2]
    assert json.loads(stores[2].table_row(table_id)["state"])["by"] == winner
    assert stores[3].actions(table_id)[-1]["action"] == f"roll{winner}"


def test_racing_seatings_of_one_table_take_turns(backend: Backend) -> None:
    """Two stores (two processes, on PostgreSQL) seat one table over and over at once: no write
    fails, and the table ends with one whole seating, never a mix of two."""
    path = backend.location()
    stores = [open_store(path), open_store(path)]
    table_id = started_table(stores[0])
    errors: list[BaseException] = []

    def seat_again(s: TableStore, name: str) -> None:
        try:
            for n in range(1, 31):
                s.save_seats(table_id, [{"user_id": ALICE.user_id, "name": name}] * (1 + n % 3))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=seat_again, args=(s, f"s{i}")) for i, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    seats = stores[0].seats(table_id)
    assert [r["seat"] for r in seats] == list(range(len(seats))) and len({r["name"] for r in seats}) == 1


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_connection_the_server_dropped_is_replaced(backend: Backend) -> None:
    """The server ends every connection of the store's pool (a restart would): the next call
    gets a new one instead of an error."""
    s = open_store(backend.location())
    table_id = started_table(s)
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        pids = admin.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s",
                             [s.application_name]).fetchall()
        assert pids
        for (pid,) in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    write(s, table_id, 1)
    assert versions(s, table_id) == [1]


def test_the_log_never_holds_a_version_twice(backend: Backend) -> None:
    s = open_store(backend.location())
    table_id = started_table(s)
    write(s, table_id, 1)
    with pytest.raises(backend.integrity_error):
        backend.execute(s, "INSERT INTO actions (table_id, seq, seat, action, version) VALUES (?, 2, 0, 'roll', 1)",
                        [table_id])


def test_a_lobby_starts_once(backend: Backend) -> None:
    s = open_store(backend.location())
    table_id = started_table(s)
    with pytest.raises(StaleWrite):
        s.start(table_id, {"version": 0}, 0, [])


async def test_a_move_against_a_position_another_writer_moved_on_is_refused_never_applied(backend: Backend) -> None:
    db = backend.location()
    here = make_service(db)
    await seat(here, ALICE, BOB, seed="cas")
    there = make_service(db)  # another writer that loaded the same table
    await there.restore()
    await here.act(CHANNEL, ALICE, "roll")
    with pytest.raises(IllegalAction) as refused:  # clicked at version 0: that position is gone
        await there.act(CHANNEL, ALICE, "roll", version=0)
    assert refused.value.code == "stale"
    # `there` looked at the database before refusing: it holds the table as stored now
    assert there.table(CHANNEL).version == 1 and there.table(CHANNEL).state.roll is not None
    assert [a["version"] for a in here.store.actions(here.table(CHANNEL).id)] == [1]
    # a command typed without a version runs on the table as it stands (here: a move), once
    roll = there.table(CHANNEL).state.roll
    await there.act(CHANNEL, ALICE, f"move {roll}")
    assert [a["version"] for a in here.store.actions(here.table(CHANNEL).id)] == [1, 2]


async def test_a_write_that_keeps_losing_the_race_is_refused_and_memory_is_kept(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    db = backend.location()
    there = make_service(db)
    await seat(there, ALICE, BOB, seed="cas")
    tries: list[int] = []

    def lose(table_id: int, *args: object, expected: int, **kwargs: object) -> int:
        tries.append(expected)
        raise StaleWrite(table_id, expected)

    monkeypatch.setattr(there.store, "record_action", lose)
    with pytest.raises(IllegalAction) as refused:
        await there.act(CHANNEL, ALICE, "roll")
    assert refused.value.code == "stale_write" and len(tries) == RETRIES + 1
    assert there.table(CHANNEL).version == 0 and there.table(CHANNEL).state.roll is None
    assert there.store.actions(there.table(CHANNEL).id) == []
    assert i18n.gettext("error.stale_write", "en").startswith("That was not saved: this table was changed")
    assert i18n.has("error.stale_write", "zh-TW")


# ---------------------------------------------------------------------- the outbox
def test_the_outbox_keeps_notices_until_they_are_delivered(backend: Backend) -> None:
    s = open_store(backend.location())
    table_id = started_table(s)
    other = started_table(s, channel=CHANNEL + 1)
    first = s.outbox_add(table_id, CHANNEL, 3, [('{"n":1}', b"png"), ('{"n":2}', None)])
    [third] = s.outbox_add(other, CHANNEL + 1, 1, [('{"n":3}', None)])
    assert first[0] < first[1] < third and s.table_row(table_id)["announced"] == 3
    due = s.outbox_due(0.0)
    assert [(r["id"], json.loads(r["notice"]), r["image"], r["attempts"]) for r in due] == [
        (first[0], {"n": 1}, b"png", 0), (first[1], {"n": 2}, None, 0), (third, {"n": 3}, None, 0)]
    assert [r["id"] for r in s.outbox_due(0.0, channel=CHANNEL)] == first
    assert [r["id"] for r in s.outbox_due(0.0, channel=CHANNEL, before=first[1])] == [first[0]]
    assert s.outbox_next() == 0.0
    s.outbox_later([first[0], third], 100.0, lambda attempts: 10.0 * attempts)
    s.outbox_later([third], 200.0, lambda attempts: 10.0 * attempts)
    assert [r["id"] for r in s.outbox_due(50.0)] == [first[1]]
    s.outbox_done([first[1]])
    assert s.outbox_next() == 110.0 and [r["id"] for r in s.outbox_due(110.0)] == [first[0]]
    assert [(r["id"], r["attempts"]) for r in s.outbox_due(220.0)] == [(first[0], 1), (third, 2)]
    s.outbox_done([first[0], third])
    assert s.outbox_next() is None and s.outbox_due(1e12) == []


# ---------------------------------------------------------------------- one process per file
HOLD = "from gavel.tables.store import Store; import sys; Store(sys.argv[1]); print('opened')"


def test_a_second_process_is_refused_while_a_store_holds_the_file(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    held = Store(db)
    other = subprocess.run([sys.executable, "-c", HOLD, db], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert other.returncode != 0 and "DatabaseInUse" in other.stderr
    assert f"{db} is in use by another Gavel process (pid {os.getpid()})" in other.stderr
    held.close()
    again = subprocess.run([sys.executable, "-c", HOLD, db], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and again.stdout.strip() == "opened"


@contextlib.contextmanager
def held_by_another_process(db: str) -> Iterator[int]:
    """The SQLite file `db` held open by another process (a Store of its own, as a running bot holds
    it) while the block runs: that process's pid."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD + "; sys.stdin.read()", db], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "opened"
        yield holder.pid
    finally:
        holder.communicate("", timeout=60)


@pytest.fixture(scope="module")
def held_elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A database file another process holds until the module's tests end: its path and that pid."""
    db = str(tmp_path_factory.mktemp("held") / "g.sqlite3")
    with held_by_another_process(db) as pid:
        yield db, pid


@pytest.mark.parametrize("args", [("--local", "dads_army", "--seats", "1", "--db"), ()], ids=["console", "discord"])
def test_bot_py_says_the_file_is_in_use_and_exits_non_zero(held_elsewhere: tuple[str, int], args: tuple[str, ...],
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """bot.py's `main` in this process, on a file another process holds (the file lock is between
    processes: the holder is the other one, one for both command lines). Local play is given the
    file with `--db` (it never reads `GAVEL_DB`); the bot has a token (without one it stops
    before opening anything), which it never uses: the file is refused first."""
    from gavel.cli import main

    db, pid = held_elsewhere
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.setenv("GAVEL_DB", db)
    args = (*args, db) if args else args
    capsys.readouterr()
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level  # the Discord bot sets up logging before it opens the file
    try:
        assert main(list(args)) == 1
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
    err = capsys.readouterr().err
    assert err.strip() == f"gavel: {db} is in use by another Gavel process (pid {pid}). Stop that" \
                          " process first, or set GAVEL_DB to another file."
    assert "Traceback" not in err


def test_in_memory_databases_take_no_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Store(":memory:")
    assert list(tmp_path.iterdir()) == []


def test_a_refused_open_leaves_no_lock_behind(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    Store(str(db)).close()
    newer = sqlite3.connect(db)
    newer.execute(f"PRAGMA user_version = {store.SCHEMA_VERSION + 1}")
    newer.close()
    with pytest.raises(SchemaTooNew):
        Store(str(db))
    assert os.path.realpath(db) + ".lock" not in store._held


# ---------------------------------------------------------------------- threads
VERSIONS = 30


def test_many_threads_may_write_through_one_store(backend: Backend) -> None:
    """Six threads, each writing its table's log 30 times (and reading it and its seats between),
    with the interpreter switching threads every microsecond: each write of one thread falls among
    the others' transactions, 180 writes in all; more versions a thread would repeat the same
    kind of interleaving more times, not add another."""
    s = open_store(backend.location())
    tables = [started_table(s, channel=CHANNEL + i) for i in range(6)]
    errors: list[BaseException] = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: interleave the transactions

    def hammer(table_id: int) -> None:
        try:
            for version in range(1, VERSIONS + 1):
                write(s, table_id, version)
                s.actions(table_id, last=1)
                s.save_seats(table_id, [{"user_id": ALICE.user_id, "name": "alice"}])
        except BaseException as exc:
            errors.append(exc)

    try:
        threads = [threading.Thread(target=hammer, args=(t,)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []
    for table_id in tables:
        assert versions(s, table_id) == list(range(1, VERSIONS + 1)) and s.table_row(table_id)["version"] == VERSIONS


# ---------------------------------------------------------------------- schema versions
def user_version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def indexes(s: Store) -> set[str]:
    return {r[0] for r in s.db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}


def test_a_new_file_gets_the_newest_schema(backend: Backend) -> None:
    s = open_store(backend.location())
    assert s.schema == len(backend.module.MIGRATIONS) >= 1
    if not backend.pg:
        assert s.schema == store.SCHEMA_VERSION >= 2
    assert backend.has_index(s, "actions_table_version")
    assert all(backend.has_table(s, name) for name in ("tables", "actions", "seats", "results", "outbox"))


async def make_old_file(path: Path) -> int:
    """A file as Gavel wrote it before schema versions: today's tables, user_version 0, no
    unique index on the log; with a game in it."""
    svc = make_service(str(path))
    await seat(svc, ALICE, BOB, seed="old")
    await svc.act(CHANNEL, ALICE, "roll")
    table_id = svc.table(CHANNEL).id
    svc.store.db.execute("DROP INDEX actions_table_version")
    svc.store.db.execute("DROP TABLE outbox")
    svc.store.db.execute("ALTER TABLE tables DROP COLUMN announced")
    for column in ("away", "timeouts", "away_votes", "orders", "wanted", "holders"):  # each came later
        svc.store.db.execute(f"ALTER TABLE seats DROP COLUMN {column}")
    svc.store.db.execute("ALTER TABLE results DROP COLUMN away")  # players' records came later
    svc.store.db.execute("ALTER TABLE results DROP COLUMN share")  # and substitutes' shares
    svc.store.db.execute("PRAGMA user_version = 0")
    svc.store.close()
    assert user_version(path) == 0
    return table_id


async def test_an_old_file_is_migrated_and_keeps_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    table_id = await make_old_file(path)
    svc = make_service(str(path))
    assert svc.store.schema == store.SCHEMA_VERSION
    assert "actions_table_version" in indexes(svc.store)
    assert await svc.restore() == 1
    table = svc.table(CHANNEL)
    assert table.id == table_id and table.version == 1 and table.names == ("alice", "bob")
    await svc.act(CHANNEL, ALICE, f"move {table.state.roll}")
    assert [a["version"] for a in svc.store.actions(table_id)] == [1, 2]


async def test_a_migration_is_one_line_appended_and_runs_in_one_transaction(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    path = backend.location()
    open_store(path).close()
    module = backend.module
    broken = [*module.MIGRATIONS, "CREATE TABLE extra (id INTEGER PRIMARY KEY); INSERT INTO nowhere VALUES (1)"]
    monkeypatch.setattr(module, "MIGRATIONS", broken)
    with pytest.raises(MigrationFailed, match=f"schema {len(broken)} failed .*left at schema {len(broken) - 1}"):
        open_store(path)
    assert backend.schema_of(path) == len(broken) - 1
    monkeypatch.setattr(module, "MIGRATIONS", [*broken[:-1], "CREATE TABLE extra (id INTEGER PRIMARY KEY)"])
    s = open_store(path)
    assert s.schema == len(module.MIGRATIONS) and backend.has_table(s, "extra")
    assert backend.execute(s, "SELECT COUNT(*) FROM extra") == [(0,)]  # the failed try's table was rolled back


def test_a_file_from_a_newer_gavel_is_refused_and_left_alone(backend: Backend, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = backend.location()
    open_store(path).close()
    known = len(backend.module.MIGRATIONS)
    newer = known + 1
    backend.set_schema(path, newer)
    with pytest.raises(SchemaTooNew) as refused:
        open_store(path)
    assert str(refused.value) == (f"{path}: this database was written by a newer Gavel (schema {newer}, this one"
                                  f" knows {known}); upgrade Gavel or use another file.")
    assert backend.schema_of(path) == newer
    # bot.py's `main`, in this process (no file lock is involved: `run_bot` is for those)
    from gavel.cli import main

    monkeypatch.delenv("GAVEL_DB", raising=False)
    capsys.readouterr()
    assert main(["--local", "dads_army", "--seats", "1", "--db", str(path)]) == 1
    assert "GAVEL_DB" not in os.environ  # local play's database is its own, not the bot's setting
    assert capsys.readouterr().err.strip() == f"gavel: {refused.value}"
    assert backend.schema_of(path) == newer


# ---------------------------------------------------------------------- durability and backups
def test_commits_are_synchronous_full(tmp_path: Path) -> None:
    s = Store(str(tmp_path / "g.sqlite3"))
    assert s.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert s.db.journal_mode == "wal"


def rows_of(path: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {name: conn.execute(f"SELECT * FROM [{name}] ORDER BY rowid").fetchall() for name in names}
    finally:
        conn.close()


async def test_backup_copies_the_live_database_while_it_is_held(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    svc = make_service(str(db))
    await seat(svc, ALICE, BOB, seed="backup")
    await svc.act(CHANNEL, ALICE, "roll")
    copy = tmp_path / "gavel-backup.sqlite3"
    result = run_bot("--backup", str(copy), db=str(db))  # another process, while this one holds the file
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{db} copied to {copy}"
    live = rows_of(db)
    assert live == rows_of(copy) and len(live["actions"]) == 1 and len(live["seats"]) == 2
    restored = make_service(str(copy))
    assert await restored.restore() == 1 and restored.table(CHANNEL).version == 1


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_backup_of_a_postgresql_database_is_refused_and_names_pg_dump(backend: Backend, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """bot.py's `main` in this process (no file lock is involved)."""
    from gavel.cli import main

    url = backend.location()
    open_store(url).close()
    copy = tmp_path / "copy.dump"
    monkeypatch.setenv("GAVEL_DB", url)
    capsys.readouterr()
    assert main(["--backup", str(copy)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith(f"gavel: {url} is a PostgreSQL database: --backup copies SQLite files only.")
    assert f"pg_dump --format=custom --file {copy}" in err and not copy.exists()


def test_a_backup_onto_the_database_itself_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    Store(str(db)).close()
    with pytest.raises(store.StoreError, match="cannot be the database itself"):
        store.backup(db, db)


# ---------------------------------------------------------------------- broken tables
CORRUPTIONS = {
    "bad json": ("UPDATE tables SET state = '{not json' WHERE id = ?", "JSONDecodeError"),
    "unknown variant": ("UPDATE tables SET variant = 'moon' WHERE id = ?", "toy has no variant 'moon'"),
    "state that does not load": ("UPDATE tables SET state = '{\"pos\": 5}' WHERE id = ?", "TypeError"),
    "game not installed": ("UPDATE tables SET game = 'chess' WHERE id = ?", "game 'chess' is not installed"),
}


PG_CORRUPTIONS = {name: v for name, v in CORRUPTIONS.items() if name != "bad json"}
"""What a PostgreSQL database can hold wrong (jsonb refuses text that is not JSON)."""


def corruption(backend: Backend) -> str:
    """A damage either backend can hold."""
    return CORRUPTIONS["state that does not load" if backend.pg else "bad json"][0]


async def broken_service(backend: Backend, sql: str) -> tuple[TableService, int]:
    db = backend.location()
    first = make_service(db)
    await seat(first, ALICE, BOB, seed="broken")
    await first.act(CHANNEL, ALICE, "roll")
    table_id = first.table(CHANNEL).id
    backend.execute(first.store, sql, [table_id])
    first.store.close()
    svc = make_service(db)
    assert await svc.restore() == 0
    return svc, table_id


@pytest.mark.parametrize(("backend", "name"), [*(("sqlite", name) for name in CORRUPTIONS),
                                               *(("postgresql", name) for name in PG_CORRUPTIONS)],
                         indirect=["backend"])
async def test_a_broken_table_is_reported_and_keeps_its_channel(backend: Backend, name: str) -> None:
    sql, reason = CORRUPTIONS[name]
    svc, table_id = await broken_service(backend, sql)
    [broken] = svc.broken_tables()
    assert (broken.table_id, broken.channel_id) == (table_id, CHANNEL) and reason in broken.reason
    assert svc.broken[CHANNEL] is broken
    with pytest.raises(IllegalAction) as refused:
        await svc.create(GUILD, CHANNEL, "toy", CAROL)
    assert refused.value.code == "table_broken" and refused.value.params == {"table": table_id}
    assert svc.table(CHANNEL) is None and len(svc.store.open_rows()) == 1


async def test_the_broken_note_and_refusals_say_what_to_do(backend: Backend) -> None:
    svc, table_id = await broken_service(backend, corruption(backend))
    note = svc.broken_tables()[0].note()
    assert note.key == "table.broken_note"
    english = i18n.render(note, "en")
    assert f"Table #{table_id} (Toy race)" in english and "/table cancel" in english and "--check-db" in english
    assert f"第 {table_id} 桌" in i18n.render(note, "zh-TW")
    status = await svc.status(CHANNEL)
    assert status.lines == [note] and status.table_id == table_id
    refusal = i18n.gettext("error.table_broken", "en").format(table=table_id)
    assert f"#{table_id}" in refusal and "/table cancel" in refusal and "python bot.py --check-db" in refusal
    with pytest.raises(IllegalAction) as joining:
        await svc.join(CHANNEL, CAROL)
    assert joining.value.code == "table_broken"


async def test_a_moderator_cancels_a_broken_table_and_frees_the_channel(backend: Backend) -> None:
    svc, table_id = await broken_service(backend, corruption(backend))
    with pytest.raises(IllegalAction) as refused:
        await svc.cancel(CHANNEL, ALICE)  # even its host: only a moderator gives up on saved data
    assert refused.value.code == "broken_cancel" and CHANNEL in svc.broken
    [notice] = await svc.cancel(CHANNEL, CAROL, can_manage=True)
    assert notice.text("en") == ["carol cancelled the table."] and notice.table_id == table_id
    assert svc.broken_tables() == [] and svc.store.table_row(table_id)["status"] == "cancelled"
    await svc.create(GUILD, CHANNEL, "toy", CAROL)
    assert svc.table(CHANNEL).id != table_id
    again = make_service(svc.store.path)  # after a restart the old row stays cancelled
    assert await again.restore() == 1 and again.table(CHANNEL).host_id == CAROL.user_id and again.broken == {}


# ---------------------------------------------------------------------- lobby writes first
def refuse(*args, **kwargs):
    raise OSError("disk full")


@pytest.mark.parametrize("change", ["join", "leave", "host leaves", "add_ai", "remove_ai"])
async def test_a_failed_lobby_write_leaves_memory_unchanged(bsvc: TableService, monkeypatch: pytest.MonkeyPatch,
                                                            change: str) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB, ai=1, start=False)
    table = svc.table(CHANNEL)
    before = (list(table.seats), table.host_id, [s.name for s in table.seats])
    monkeypatch.setattr(svc.store, "save_seats", refuse)
    call = {
        "join": lambda: svc.join(CHANNEL, CAROL),
        "leave": lambda: svc.leave(CHANNEL, BOB),
        "host leaves": lambda: svc.leave(CHANNEL, ALICE),
        "add_ai": lambda: svc.add_ai(CHANNEL, ALICE),
        "remove_ai": lambda: svc.remove_ai(CHANNEL, ALICE),
    }[change]
    with pytest.raises(OSError, match="disk full"):
        await call()
    assert (list(table.seats), table.host_id, [s.name for s in table.seats]) == before
    stored = [s["name"] for s in svc.store.seats(table.id)]
    assert stored == before[2] and svc.store.table_row(table.id)["host"] == ALICE.user_id


async def test_the_host_hand_over_is_saved_with_the_seats(backend: Backend) -> None:
    db = backend.location()
    svc = make_service(db)
    await seat(svc, ALICE, BOB, start=False)
    await svc.leave(CHANNEL, ALICE)
    again = make_service(db)
    await again.restore()
    assert again.table(CHANNEL).host_id == BOB.user_id and again.table(CHANNEL).names == ("bob",)


async def test_a_failed_start_leaves_the_lobby(bsvc: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB, start=False)
    table = svc.table(CHANNEL)
    monkeypatch.setattr(svc.store, "start", refuse)
    with pytest.raises(OSError):
        await svc.start(CHANNEL, ALICE)
    assert table.status == "lobby" and table.state is None and svc.store.table_row(table.id)["status"] == "lobby"


async def test_create_writes_the_table_and_its_seats_together(bsvc: TableService, backend: Backend,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    svc = bsvc
    monkeypatch.setattr(svc.store, "save_seats", refuse)
    with pytest.raises(OSError):
        await svc.create(GUILD, CHANNEL, "toy", ALICE)
    assert svc.table(CHANNEL) is None
    assert backend.execute(svc.store, "SELECT COUNT(*) FROM tables") == [(0,)]
    monkeypatch.undo()
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    table = svc.table(CHANNEL)
    assert [s["name"] for s in svc.store.seats(table.id)] == ["alice"]


def test_a_claim_takes_a_channel_oldest_first_up_to_a_row_another_holds_and_of_its_shards_only(
        backend: Backend) -> None:
    s = open_store(backend.location())
    here = started_table(s)
    elsewhere = s.create_table({"guild": 1 << 22, "channel": CHANNEL + 1, "game": "toy", "status": "lobby",
                                "seed": "x", "config": "{}", "version": 0, "host": ALICE.user_id},
                               [{"user_id": ALICE.user_id, "name": "alice"}])
    no_guild = s.create_table({"guild": None, "channel": CHANNEL + 2, "game": "toy", "status": "lobby", "seed": "x",
                               "config": "{}", "version": 0, "host": ALICE.user_id},
                              [{"user_id": ALICE.user_id, "name": "alice"}])
    one, two = s.outbox_add(here, CHANNEL, 1, [('{"n":1}', None), ('{"n":2}', None)])
    [held] = s.outbox_add(here, CHANNEL, 2, [('{"n":3}', None)], hold=100.0, claimer="writer")
    [newer] = s.outbox_add(here, CHANNEL, 3, [('{"n":4}', None)])
    [theirs] = s.outbox_add(elsewhere, CHANNEL + 1, 1, [('{"n":5}', None)])
    [anyone] = s.outbox_add(no_guild, CHANNEL + 2, 1, [('{"n":6}', None)])
    shard = ([0], 2)  # this process runs shard 0 of two (GUILD's); `elsewhere` is on shard 1
    assert (GUILD >> 22) % 2 == 0

    def claim(at: float, claimer: str, channel: int | None = None, **kw: object) -> list[int]:
        return [r["id"] for r in s.outbox_due(at, channel, claim=5.0, claimer=claimer, **kw)]  # type: ignore[arg-type]

    # Each channel oldest first, up to the row its writer still holds (the newer one waits behind
    # it); another shard's channel is never claimed, a table of no guild is anyone's.
    assert claim(10.0, "flush", shards=shard) == [one, two, anyone]
    # The writer takes its own row back, but not past older rows another claim holds.
    assert claim(11.0, "writer", CHANNEL, before=held + 1, mine=[held]) == []
    s.outbox_release([one], "someone else", 11.0)  # only the claimer lets go of its claim
    s.outbox_release([two], "flush", 11.0)
    assert claim(12.0, "writer", CHANNEL, before=held + 1, mine=[held]) == []  # `one` still held
    assert claim(15.0, "writer", CHANNEL, before=held + 1, mine=[held]) == [one, two, held]  # the lease ran out
    # Every shard's: `theirs`, and `anyone` whose claim ran out; `newer` waits behind `held` still.
    assert claim(16.0, "other") == [theirs, anyone]
    s.outbox_done([one, two])
    s.outbox_later([held], 16.0, lambda attempts: 100.0)  # Discord refused it: it does not hold the channel up
    assert claim(30.0, "flush", CHANNEL) == [newer]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_a_servers_history_holds_its_own_finished_games_newest_first(backend: Backend) -> None:
    """`finished_rows` of a server: its finished games only (not another server's, not a game
    outside any server, not one in play), newest first; games outside any server by `None`."""
    s = open_store(backend.location())
    mine = [started_table(s, channel=CHANNEL + n) for n in range(3)]
    other = s.create_table({"guild": GUILD + 1, "channel": CHANNEL + 10, "game": "toy", "status": "lobby",
                            "seed": "x", "config": "{}", "version": 0}, [])
    nowhere = s.create_table({"guild": None, "channel": CHANNEL + 11, "game": "toy", "status": "lobby",
                              "seed": "x", "config": "{}", "version": 0}, [])
    for table_id in (*mine[:2], other, nowhere):
        s.finish(table_id, "finished", [])
    assert [r["id"] for r in s.finished_rows(GUILD)] == [mine[1], mine[0]]
    assert [r["id"] for r in s.finished_rows(GUILD, limit=1, offset=1)] == [mine[0]]
    assert [r["id"] for r in s.finished_rows(None)] == [nowhere]
    assert "state" not in s.finished_rows(GUILD)[0]
    s.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_a_pass_queued_for_a_hold_keeps_the_passes_the_stored_clock_holds(backend: Backend) -> None:
    """Two processes queue passes in one window's hold: the second write keeps the first's (one
    per seat, the earlier hold end); a clock of another window, or a table moved on, is not merged."""
    s = open_store(backend.location())
    table_id = started_table(s)
    assert s.set_clock(table_id, 0, json.dumps({"at": 0, "opened": 0, "hold": 10.0, "queued": [[1, "pass"]]}))
    merged = s.queue_clock(table_id, 0, json.dumps({"at": 0, "opened": 0, "hold": 12.0, "queued": [[0, "pass"]]}))
    assert merged is not None and json.loads(merged)["queued"] == [[0, "pass"], [1, "pass"]]
    assert json.loads(merged)["hold"] == 10.0
    assert json.loads(s.table_row(table_id)["clock"])["queued"] == [[0, "pass"], [1, "pass"]]
    other = s.queue_clock(table_id, 0, json.dumps({"at": 0, "opened": 5, "queued": [[1, "pass"]]}))
    assert other is not None and json.loads(other)["queued"] == [[1, "pass"]]
    assert s.queue_clock(table_id, 3, json.dumps({"at": 3, "opened": 3, "queued": [[0, "pass"]]})) is None
    s.close()
