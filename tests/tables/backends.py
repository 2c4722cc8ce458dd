"""The two database backends, for tests that hold for both: `backend` gives a SQLite file or a
PostgreSQL schema of its own per test, and the few things a test does below the store's contract
(raw SQL, the schema version) in that backend's terms.

PostgreSQL is the server at `GAVEL_TEST_PG` (default: 127.0.0.1:5432, database `test`, user
`postgres`, trust auth). Each database a test asks for is a new schema named for the test, given
to the store through the URL's `search_path`, and dropped afterwards with every store still open
on it. Where no server answers, the PostgreSQL tests skip and say why, except under `CI=true`,
where a missing server fails them: CI must prove both backends.

A test that restarts its database runs a server of its own (`own_server`: `initdb` and `pg_ctl`
on a free port), and skips where the machine has no such tools.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from gavel.tables import store

PG_URL = os.environ.get("GAVEL_TEST_PG") or "postgresql://postgres@127.0.0.1:5432/test"
BACKENDS = ["sqlite", "postgresql"]

_reachable: dict[str, str | None] = {}


def pg_unreachable() -> str | None:
    """Why no PostgreSQL server can be used for tests (None: one can), asked once per run."""
    if PG_URL not in _reachable:
        try:
            import psycopg

            psycopg.connect(PG_URL, connect_timeout=5, autocommit=True).close()
            _reachable[PG_URL] = None
        except Exception as exc:  # no driver, no server, refused login...
            _reachable[PG_URL] = f"no PostgreSQL server for the tests at {store.redacted(PG_URL)}" \
                                 f" ({type(exc).__name__}: {' '.join(str(exc).split())})"
    return _reachable[PG_URL]


def require_pg() -> None:
    """Skip the test when no PostgreSQL server is reachable; under CI=true, fail it instead."""
    reason = pg_unreachable()
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI must run the PostgreSQL store's tests", pytrace=False)
    pytest.skip(reason)


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


class Backend:
    """One backend for one test: where its databases are, and raw access under the contract."""

    def __init__(self, name: str, tmp_path: Path, test: str) -> None:
        self.name = name
        self.tmp_path = tmp_path
        self._prefix = "t_" + re.sub(r"[^a-z0-9]+", "_", test.lower())[:30] + "_" + uuid.uuid4().hex[:8]
        self.schemas: list[str] = []
        self.stores: list[Any] = []

    @property
    def pg(self) -> bool:
        return self.name == "postgresql"

    def location(self, name: str = "g") -> str:
        """A database of this test's (the same `name`, the same database): a file, or a schema."""
        if not self.pg:
            return str(self.tmp_path / f"{name}.sqlite3")
        schema = f"{self._prefix}_{name}"
        if schema not in self.schemas:
            _admin(f'CREATE SCHEMA "{schema}"')
            self.schemas.append(schema)
        separator = "&" if "?" in PG_URL else "?"
        return f"{PG_URL}{separator}options={quote(f'-csearch_path={schema}')}"

    def execute(self, s: Any, sql: str, params: list[Any] | tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Raw SQL (`?` placeholders) on a store's database, committed; its rows as tuples."""
        if not self.pg:
            return list(s.db.execute(sql, list(params)).fetchall())
        with s.pool.connection() as conn:
            cursor = conn.cursor(row_factory=lambda _: tuple)  # type: ignore[arg-type]
            cursor.execute(sql.replace("?", "%s"), list(params))
            return cursor.fetchall() if cursor.description else []

    @property
    def integrity_error(self) -> type[Exception]:
        if not self.pg:
            return sqlite3.IntegrityError
        import psycopg

        return psycopg.IntegrityError

    @property
    def module(self) -> Any:
        """The backend's module: its `MIGRATIONS`, `schema_version`."""
        if not self.pg:
            return store
        from gavel.tables import pgstore

        return pgstore

    def set_schema(self, location: str, number: int) -> None:
        """Stamp a database (no store open on it) with schema `number`, as a newer Gavel would."""
        if not self.pg:
            conn = sqlite3.connect(location)
            conn.execute(f"PRAGMA user_version = {int(number)}")
            conn.close()
            return
        import psycopg

        with psycopg.connect(location, autocommit=True) as conn:
            conn.execute(f"UPDATE gavel_schema SET version = {int(number)}")  # type: ignore[arg-type]

    def schema_of(self, location: str) -> int:
        """The schema a database has had, read without a store."""
        if not self.pg:
            conn = sqlite3.connect(location)
            try:
                return int(conn.execute("PRAGMA user_version").fetchone()[0])
            finally:
                conn.close()
        from gavel.tables import pgstore

        conn = pgstore.connect(location)
        try:
            return pgstore.schema_version(conn)
        finally:
            conn.close()

    def has_table(self, s: Any, name: str) -> bool:
        if not self.pg:
            return name in s.db.table_names()
        return bool(self.execute(s, "SELECT to_regclass(?) IS NOT NULL", [name])[0][0])

    def has_index(self, s: Any, name: str) -> bool:
        if not self.pg:
            return bool(self.execute(s, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [name]))
        return bool(self.execute(s, "SELECT to_regclass(?) IS NOT NULL", [name])[0][0])

    def close(self) -> None:
        """Close every PostgreSQL store the test opened, then drop its schemas."""
        for s in self.stores:
            s.close()
        for schema in self.schemas:
            _admin(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Backend]:
    """Each backend in turn (parametrize `backend` indirectly to choose)."""
    chosen = Backend(request.param, tmp_path, request.node.name)
    if chosen.pg:
        require_pg()
        from gavel.tables.pgstore import PgStore

        opened = PgStore.__init__

        def tracked(self: PgStore, *args: Any, **kwargs: Any) -> None:
            opened(self, *args, **kwargs)
            chosen.stores.append(self)

        monkeypatch.setattr(PgStore, "__init__", tracked)
    try:
        yield chosen
    finally:
        chosen.close()


class OwnServer:
    """A PostgreSQL server of this test's own (`initdb`, `pg_ctl`: as the `postgres` user when
    run as root, which PostgreSQL refuses), on a free port, in a folder of its own."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.user: list[str] = []
        if os.geteuid() == 0:
            self.user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(folder, "postgres")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        self._ctl("start")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        subprocess.run([*self.user, *command], check=True, capture_output=True, timeout=60)

    def _ctl(self, what: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "server.log"), "-m",
                  "immediate", "-w", what)

    def restart(self) -> None:
        """Down at once (as a crash: its clients' connections cut, nothing shut down cleanly), and up again."""
        self._ctl("restart")

    def stop(self) -> None:
        self._ctl("stop")


@contextlib.contextmanager
def own_server() -> Iterator[OwnServer]:
    """A PostgreSQL server of the caller's own (a test that restarts its database), stopped and
    removed afterwards. Skips the test where this machine has no `initdb` or `pg_ctl` (they come
    with PostgreSQL's server package, which a machine that only reaches a server may not have)."""
    missing = [tool for tool in ("initdb", "pg_ctl") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"no {' or '.join(missing)} here to run a PostgreSQL server of the test's own")
    folder = Path(tempfile.mkdtemp(prefix="gavel-pg-"))  # not under tmp_path: its user must reach it
    try:
        server = OwnServer(folder)
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Backend]:
    """A PostgreSQL database of the test's own (skipped, with the reason, where there is none;
    failed under `CI=true`), for tests of PostgreSQL alone."""
    require_pg()
    chosen = Backend("postgresql", tmp_path, request.node.name)
    try:
        yield chosen
    finally:
        chosen.close()
