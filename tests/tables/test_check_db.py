"""`python bot.py --check-db` (gavel/tables/check.py): every problem of a table row is reported, a
clean database reports nothing; on a SQLite file and on a PostgreSQL database."""

from __future__ import annotations

import asyncio
import io
import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql as pgsql

from gavel.tables import check, pgstore, store
from gavel.tables.pgstore import PgStore
from gavel.tables.store import Store
from gavel.tables.stores import open_store
from tests.tables.backends import Backend, require_pg
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, make_service, seat
from tests.tables.test_persistence import play_to_the_end
from tests.tables.test_store_soundness import held_by_another_process


@pytest.fixture(scope="module")
def filled_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`fill`'s database, written once for the module's SQLite tests (each gets a copy)."""
    path = tmp_path_factory.mktemp("filled") / "good.sqlite3"
    asyncio.run(fill(str(path)))
    return path


@pytest.fixture
def good_db(filled_db: Path, tmp_path: Path) -> Path:
    """A database with a finished game, an active one, a lobby and a cancelled lobby: a copy of
    the module's `filled_db` (the same games, played once), the test's own to read or damage."""
    path = tmp_path / "good.sqlite3"
    shutil.copy(filled_db, path)
    return path


async def fill(location: str) -> None:
    """A finished game, an active one, a lobby and a cancelled lobby, written at `location`."""
    svc = make_service(location)
    await seat(svc, ALICE, BOB, ai=1, seed="done")
    await play_to_the_end(svc, [ALICE, BOB])
    await seat(svc, ALICE, BOB, seed="playing", channel=CHANNEL + 1)
    await svc.act(CHANNEL + 1, ALICE, "roll")
    await svc.act(CHANNEL + 1, ALICE, f"move {svc.table(CHANNEL + 1).state.roll}")
    await seat(svc, CAROL, BOB, start=False, channel=CHANNEL + 2)
    await seat(svc, CAROL, start=False, channel=CHANNEL + 3)
    await svc.cancel(CHANNEL + 3, CAROL)
    svc.store.close()


def corrupt(source: Path, *statements: str) -> Path:
    """A copy of `source` with `statements` run on it (the log's unique index dropped first, as
    a hand-edited or older file may lack it)."""
    target = source.with_name(f"bad-{abs(hash(statements))}.sqlite3")
    shutil.copy(source, target)
    conn = sqlite3.connect(target)
    conn.execute("DROP INDEX IF EXISTS actions_table_version")
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()
    return target


def lines(path: Path) -> list[str]:
    return [p.line() for p in check.check(path).problems]


def active_id(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT id FROM tables WHERE channel = ?", [CHANNEL + 1]).fetchone()[0]
    finally:
        conn.close()


def test_a_clean_database_reports_nothing(good_db: Path) -> None:
    report = check.check(good_db)
    assert report.problems == [] and report.tables == 4
    out = io.StringIO()
    assert check.main(good_db, out) == 0
    assert out.getvalue() == f"{good_db}: 4 table(s) checked, all well.\n"


def test_a_snapshot_that_is_not_json(good_db: Path) -> None:
    table = active_id(good_db)
    bad = corrupt(good_db, f"UPDATE tables SET state = '{{oops' WHERE id = {table}")
    [line] = lines(bad)
    assert line.startswith(f"table {table} (channel {CHANNEL + 1}): snapshot is not valid JSON")


def test_a_snapshot_that_differs_from_its_log(good_db: Path) -> None:
    table = active_id(good_db)
    conn = sqlite3.connect(good_db)
    state = json.loads(conn.execute("SELECT state FROM tables WHERE id = ?", [table]).fetchone()[0])
    conn.close()
    state["pos"][0] += 1  # a hand edit: alice one square further than her moves took her
    bad = corrupt(good_db, f"UPDATE tables SET state = '{json.dumps(state)}' WHERE id = {table}")
    assert lines(bad) == [f"table {table} (channel {CHANNEL + 1}): the snapshot (version 2) differs from the replay"
                          " of its log (version 2)"]


def test_a_repeated_version_in_the_log(good_db: Path) -> None:
    table = active_id(good_db)
    bad = corrupt(good_db, "INSERT INTO actions (table_id, seq, seat, action, chance, events, version)"
                           f" SELECT table_id, 3, seat, action, chance, events, version FROM actions"
                           f" WHERE table_id = {table} AND seq = 2")
    found = lines(bad)
    assert f"table {table} (channel {CHANNEL + 1}): the log repeats version(s) 2" in found


def test_a_missing_version_in_the_log(good_db: Path) -> None:
    table = active_id(good_db)
    bad = corrupt(good_db, f"DELETE FROM actions WHERE table_id = {table} AND seq = 1")
    found = lines(bad)
    assert f"table {table} (channel {CHANNEL + 1}): the log lacks version(s) 1" in found
    assert any("does not replay" in line or "differs from the replay" in line for line in found)


@pytest.mark.parametrize(("sql", "what"), [
    ("UPDATE tables SET game = 'chess' WHERE id = {t}", "game 'chess' is not installed"),
    ("UPDATE tables SET variant = 'moon' WHERE id = {t}", "toy has no variant 'moon'"),
    ("UPDATE tables SET config = '[' WHERE id = {t}", "config is not valid JSON"),
    ("UPDATE seats SET seat = 5 WHERE table_id = {t} AND seat = 1", "seat numbers are [0, 5], not 0..1"),
    ("UPDATE seats SET user_id = NULL WHERE table_id = {t} AND seat = 0", "seat 0 has neither a user nor an AI"),
    ("UPDATE tables SET state = '{{\"pos\": 5}}' WHERE id = {t}", "snapshot does not load (TypeError"),
    ("UPDATE tables SET state = NULL WHERE id = {t}", "the game is active but has no snapshot"),
    ("UPDATE tables SET status = 'lobby', channel = {c} WHERE channel = {c2}", "the channel has 2 open tables"),
])
def test_each_kind_of_damage_is_named(good_db: Path, sql: str, what: str) -> None:
    table = active_id(good_db)
    bad = corrupt(good_db, sql.format(t=table, c=CHANNEL + 1, c2=CHANNEL + 2))
    found = lines(bad)
    assert len(found) == 1 and what in found[0] and found[0].startswith("table ")


def test_the_summary_and_exit_code_when_something_is_wrong(good_db: Path) -> None:
    table = active_id(good_db)
    bad = corrupt(good_db, f"UPDATE tables SET state = '{{oops' WHERE id = {table}",
                  f"DELETE FROM actions WHERE table_id = {table} AND seq = 2")
    out = io.StringIO()
    assert check.main(bad, out) == 1
    printed = out.getvalue().splitlines()
    assert len(printed) == 2 and printed[-1] == f"{bad}: 4 table(s) checked, 1 problem(s)."


def test_a_file_from_a_newer_gavel_is_named(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    Store(str(path)).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {store.SCHEMA_VERSION + 3}")
    conn.close()
    assert lines(path) == [f"database: schema {store.SCHEMA_VERSION + 3} is newer than this Gavel knows"
                           f" ({store.SCHEMA_VERSION}); check it with a newer Gavel"]


def test_an_empty_file_is_an_empty_database_not_a_foreign_one(tmp_path: Path) -> None:
    """A first start killed before it made its tables leaves an empty file: --check-db says it
    holds no tables (all well), and the bot starts on it as on a new database."""
    path = tmp_path / "g.sqlite3"
    path.touch()
    report = check.check(path)
    assert report.ok and report.empty and report.tables == 0
    out = io.StringIO()
    assert check.main(path, out) == 0
    assert out.getvalue() == (f"{path}: an empty database, it holds no tables yet"
                              " (Gavel makes them when it starts on it).\n")
    svc = make_service(str(path))
    asyncio.run(seat(svc, ALICE, BOB))
    svc.store.close()
    assert check.main(path, io.StringIO()) == 0 and check.check(path).tables == 1 and not check.check(path).empty


def test_a_file_of_another_program_is_still_not_a_gavel_database(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    assert lines(path) == ["database: not a Gavel database (it has no `tables` table)"]
    assert not check.check(path).empty


def main_here(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: str,
              *args: str) -> tuple[int, str, str]:
    """`bot.py *args` with GAVEL_DB=`db`, by bot.py's `main` in this process: exit code, out, err
    (for what needs no second process; `--db` sets GAVEL_DB, which the monkeypatch restores)."""
    from gavel.cli import main

    monkeypatch.setenv("GAVEL_DB", db)
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_bot_py_check_db_runs_beside_a_live_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """While another process holds the file (as the bot would), bot.py's `main` here checks it: no
    lock is taken (a Store opened here would be refused). `--db` over GAVEL_DB and a missing file too."""
    path = tmp_path / "g.sqlite3"
    made = Store(str(path))
    table = made.create_table({"channel": 5, "game": "chess", "status": "lobby", "version": 0}, [])
    made.close()
    with held_by_another_process(str(path)):
        ok = main_here(monkeypatch, capsys, str(path), "--check-db")
    assert ok[:2] == (1, f"table {table} (channel 5): game 'chess' is not installed\n"
                         f"{path}: 1 table(s) checked, 1 problem(s).\n")
    other = tmp_path / "other.sqlite3"
    Store(str(other)).close()
    clean = main_here(monkeypatch, capsys, str(path), "--check-db", "--db", str(other))  # --db wins over GAVEL_DB
    assert clean[:2] == (0, f"{other}: 0 table(s) checked, all well.\n")
    nothing = tmp_path / "nothing.sqlite3"
    code, _, err = main_here(monkeypatch, capsys, str(nothing), "--check-db")
    assert code == 1 and err == f"gavel: {nothing}: no such database file\n"


# ---------------------------------------------------------------------- the same checks on PostgreSQL
@pytest.fixture(scope="module")
def filled_pg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`fill`'s database in a PostgreSQL schema, written once for the module's PostgreSQL tests
    (each gets a copy of its rows): the schema's name."""
    require_pg()
    template = Backend("postgresql", tmp_path_factory.mktemp("filled_pg"), "check_db_filled")
    try:
        asyncio.run(fill(template.location()))
        yield template.schemas[0]
    finally:
        template.close()


@pytest.fixture
def good_pg(backend: Backend, filled_pg: str) -> str:
    """`good_db` in a PostgreSQL schema of the test's own: its URL. The schema is made by the
    store (every migration) and given every row of `filled_pg`, the same games played once."""
    url = backend.location()
    PgStore(url).close()
    with psycopg.connect(url, autocommit=True) as conn:
        names = [row[0] for row in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s AND table_name <> %s",
            [filled_pg, pgstore.SCHEMA_TABLE])]
        with conn.transaction():
            for name in names:
                conn.execute(pgsql.SQL("INSERT INTO {} SELECT * FROM {}").format(
                    pgsql.Identifier(name), pgsql.Identifier(filled_pg, name)))
    return url


def pg_run(url: str, *statements: str) -> list[tuple]:
    """Statements on the database at `url` (the log's unique index dropped first, as in
    `corrupt`), committed; the last one's rows."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP INDEX IF EXISTS actions_table_version")
        rows: list[tuple] = []
        for sql in statements:
            cursor = conn.execute(sql)  # type: ignore[arg-type]
            rows = cursor.fetchall() if cursor.description else []
        return rows


def pg_active_id(url: str) -> int:
    return pg_run(url, f"SELECT id FROM tables WHERE channel = {CHANNEL + 1}")[0][0]


PG = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)


@PG
def test_a_clean_postgresql_database_reports_nothing(good_pg: str) -> None:
    report = check.check(good_pg)
    assert report.problems == [] and report.tables == 4
    out = io.StringIO()
    assert check.main(good_pg, out) == 0
    assert out.getvalue() == f"{good_pg}: 4 table(s) checked, all well.\n"


@PG
@pytest.mark.parametrize(("sql", "what"), [
    ("UPDATE tables SET game = 'chess' WHERE id = {t}", "game 'chess' is not installed"),
    ("UPDATE tables SET variant = 'moon' WHERE id = {t}", "toy has no variant 'moon'"),
    ("UPDATE seats SET seat = 5 WHERE table_id = {t} AND seat = 1", "seat numbers are [0, 5], not 0..1"),
    ("UPDATE seats SET user_id = NULL WHERE table_id = {t} AND seat = 0", "seat 0 has neither a user nor an AI"),
    ("UPDATE tables SET state = '{{\"pos\": 5}}' WHERE id = {t}", "snapshot does not load (TypeError"),
    ("UPDATE tables SET state = NULL WHERE id = {t}", "the game is active but has no snapshot"),
    ("UPDATE tables SET status = 'lobby', channel = {c} WHERE channel = {c2}", "the channel has 2 open tables"),
])
def test_each_kind_of_damage_is_named_on_postgresql(good_pg: str, sql: str, what: str) -> None:
    table = pg_active_id(good_pg)
    pg_run(good_pg, sql.format(t=table, c=CHANNEL + 1, c2=CHANNEL + 2))
    found = lines(good_pg)
    assert len(found) == 1 and what in found[0] and found[0].startswith("table ")


@PG
def test_a_repeated_and_a_missing_version_in_the_log_on_postgresql(good_pg: str) -> None:
    table = pg_active_id(good_pg)
    pg_run(good_pg, "INSERT INTO actions (table_id, seq, seat, action, chance, events, version) SELECT table_id, 3,"
                    f" seat, action, chance, events, version FROM actions WHERE table_id = {table} AND seq = 2",
           f"DELETE FROM actions WHERE table_id = {table} AND seq = 1")
    found = lines(good_pg)
    assert f"table {table} (channel {CHANNEL + 1}): the log repeats version(s) 2" in found
    assert f"table {table} (channel {CHANNEL + 1}): the log lacks version(s) 1" in found


@PG
def test_a_snapshot_that_differs_from_its_log_on_postgresql(good_pg: str) -> None:
    table = pg_active_id(good_pg)
    pg_run(good_pg, f"UPDATE tables SET state = jsonb_set(state, '{{pos,0}}', to_jsonb((state #>> '{{pos,0}}')::int"
                    f" + 1)) WHERE id = {table}")
    assert lines(good_pg) == [f"table {table} (channel {CHANNEL + 1}): the snapshot (version 2) differs from the"
                              " replay of its log (version 2)"]


@PG
def test_a_postgresql_database_from_a_newer_gavel_or_of_something_else_is_named(backend: Backend) -> None:
    empty = backend.location("empty")
    assert lines(empty) == [] and check.check(empty).empty  # no table at all: a new database, all well
    with psycopg.connect(empty) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    assert lines(empty) == ["database: not a Gavel database (it has no `tables` table)"]
    url = backend.location()
    open_store(url).close()
    newer = len(pgstore.MIGRATIONS) + 3
    backend.set_schema(url, newer)
    assert lines(url) == [f"database: schema {newer} is newer than this Gavel knows ({len(pgstore.MIGRATIONS)});"
                          " check it with a newer Gavel"]


@PG
def test_bot_py_check_db_runs_beside_a_live_postgresql_store(backend: Backend, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    url = backend.location()
    held = open_store(url)
    table = held.create_table({"channel": 5, "game": "chess", "status": "lobby", "version": 0}, [])
    # bot.py's `main` here: the check's connection is its own, outside the live store's pool, as it
    # would be from another process (PostgreSQL has no file lock to be held)
    ok = main_here(monkeypatch, capsys, url, "--check-db")
    assert ok[:2] == (1, f"table {table} (channel 5): game 'chess' is not installed\n"
                                             f"{url}: 1 table(s) checked, 1 problem(s).\n")
    assert held.table_row(table)["status"] == "lobby"  # the live store goes on
    down = "postgresql://postgres@127.0.0.1:1/test"  # no server listens on port 1
    code, _, err = main_here(monkeypatch, capsys, down, "--check-db")
    assert code == 1 and err.startswith(f"gavel: {down}: cannot connect to PostgreSQL (")
    assert "Traceback" not in err
