"""`python bot.py --check-db`: what is wrong with a Gavel database, table by table.

For every table row: its config and snapshot are JSON, its game (and variant) is installed, its
seats are readable, and for a game that started, the snapshot loads, the log's versions run
1..n with no gap or repeat up to the table's version, and replaying the log from its set-up
draws (`Game.replay`) gives the stored snapshot. Also: no channel has two open tables (only
one of them could be loaded). The database (a SQLite file, or a PostgreSQL one named by a
`postgresql://` URL) is opened read-only and without Gavel's lock, so the check runs beside a
live bot and changes nothing.

The lines are for the operator, in English like every command-line message.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from gavel.tables import store
from gavel.tables.table import engine_config, split_config

OPEN = ("lobby", "active")


@dataclass(frozen=True)
class Problem:
    """One thing wrong, and where: a table (id and channel), or the file itself (None)."""

    table_id: int | None
    channel: int | None
    what: str

    def line(self) -> str:
        if self.table_id is None:
            return f"database: {self.what}"
        return f"table {self.table_id} (channel {self.channel}): {self.what}"


@dataclass
class Report:
    tables: int = 0
    problems: list[Problem] = field(default_factory=list)
    empty: bool = False
    """The database holds no tables at all (a file made by a first start killed before it made
    them): nothing is wrong, and Gavel makes its tables there when it starts on it."""

    @property
    def ok(self) -> bool:
        return not self.problems


class Source(Protocol):
    """What the check reads, whichever the database: rows as dicts, JSON columns as JSON text."""

    def schema(self) -> tuple[int, int]:
        """(the schema the database has had, the newest this Gavel knows)."""

    def is_gavel(self) -> bool: ...
    def is_empty(self) -> bool:
        """Whether it holds no table at all (not even one of another program)."""

    def rows(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """A query's rows (`?` placeholders)."""


class SqliteSource:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        conn.row_factory = sqlite3.Row

    def schema(self) -> tuple[int, int]:
        return store.schema_version(self.conn), len(store.MIGRATIONS)

    def is_gavel(self) -> bool:
        return bool(self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'")
                    .fetchone())

    def is_empty(self) -> bool:
        return not self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table'").fetchone()

    def rows(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [dict(r) for r in self.conn.execute(query, params)]


class PgSource:
    """A PostgreSQL database, read in one read-only transaction (one consistent snapshot)."""

    def __init__(self, url: str) -> None:
        from gavel.tables import pgstore

        self.pg = pgstore
        self.conn = pgstore.connect(url)
        self.conn.read_only = True
        self.conn.isolation_level = pgstore.psycopg.IsolationLevel.REPEATABLE_READ

    def schema(self) -> tuple[int, int]:
        return self.pg.schema_version(self.conn), len(self.pg.MIGRATIONS)

    def is_gavel(self) -> bool:
        return bool(self.rows("SELECT to_regclass('tables') IS NOT NULL AS present")[0]["present"])

    def is_empty(self) -> bool:
        return not self.rows("SELECT 1 AS found FROM information_schema.tables"
                             " WHERE table_schema = current_schema() LIMIT 1")

    def rows(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [self.pg.as_row(r) for r in self.conn.execute(query.replace("?", "%s"), params).fetchall()]

    def close(self) -> None:
        self.conn.close()


def check(path: str | Path) -> Report:
    """Check the database at `path`, a SQLite file or a PostgreSQL URL (read-only)."""
    if store.is_postgres(path):
        source = PgSource(str(path))
        try:
            return check_source(source)
        finally:
            source.close()
    conn = store.read_only(path)
    try:
        return check_connection(conn)
    finally:
        conn.close()


def check_connection(conn: sqlite3.Connection) -> Report:
    return check_source(SqliteSource(conn))


def check_source(source: Source) -> Report:
    report = Report()
    found, known = source.schema()
    if found > known:
        report.problems.append(Problem(None, None, f"schema {found} is newer than this Gavel knows"
                                                   f" ({known}); check it with a newer Gavel"))
        return report
    if not source.is_gavel():
        if found == 0 and source.is_empty():  # a first start killed before it made its tables
            report.empty = True
            return report
        report.problems.append(Problem(None, None, "not a Gavel database (it has no `tables` table)"))
        return report
    open_in: dict[Any, list[int]] = defaultdict(list)
    for row in source.rows("SELECT * FROM tables ORDER BY id"):
        report.tables += 1
        report.problems += [Problem(row["id"], row["channel"], what) for what in check_table(source, row)]
        if row["status"] in OPEN:
            open_in[row["channel"]].append(row["id"])
    for channel, ids in open_in.items():
        if len(ids) > 1:
            report.problems.append(Problem(ids[-1], channel, f"the channel has {len(ids)} open tables"
                                                             f" ({', '.join(map(str, ids))}); only one is loaded"))
    return report


def check_table(source: Source, row: dict[str, Any]) -> list[str]:
    """What is wrong with one table row (nothing: an empty list)."""
    from gavel.tables.games import installed  # the engines are imported only when a check runs

    game = installed(str(row["game"]))
    if game is None:
        return [f"game {row['game']!r} is not installed"]
    problems: list[str] = []
    if row["variant"] is not None and row["variant"] not in game.info.variants:
        problems.append(f"{row['game']} has no variant {row['variant']!r}")
    try:
        config = split_config(_json(row["config"]))[0]
    except ValueError as exc:
        return [*problems, f"config is not valid JSON ({exc})"]
    seats = source.rows("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", [row["id"]])
    problems += _seat_problems(seats)
    if not row["state"]:
        if row["status"] == "active":
            problems.append("the game is active but has no snapshot")
        return problems
    try:
        snapshot = _json(row["state"])
    except ValueError as exc:
        return [*problems, f"snapshot is not valid JSON ({exc})"]
    try:
        state = game.load(snapshot)
    except Exception as exc:
        return [*problems, f"snapshot does not load ({type(exc).__name__}: {exc})"]
    log = source.rows("SELECT * FROM actions WHERE table_id = ? ORDER BY seq", [row["id"]])
    problems += _version_problems([a["version"] for a in log], row["version"])
    try:
        replayed = game.replay(engine_config(config, row["variant"]), len(seats), _json(row["setup"]) or [],
                               [(a["seat"], a["action"], _json(a["chance"]) or []) for a in log])
    except Exception as exc:
        return [*problems, f"the log does not replay ({type(exc).__name__}: {exc})"]
    if replayed.to_json() != state.to_json():
        problems.append(f"the snapshot (version {state.version}) differs from the replay of its log"
                        f" (version {replayed.version})")
    return problems


def _json(text: str | None) -> Any:
    try:
        return json.loads(text) if text else None
    except json.JSONDecodeError as exc:
        raise ValueError(str(exc)) from exc


def _seat_problems(seats: list[dict[str, Any]]) -> list[str]:
    problems = []
    if [s["seat"] for s in seats] != list(range(len(seats))):
        problems.append(f"seat numbers are {[s['seat'] for s in seats]}, not 0..{len(seats) - 1}")
    for s in seats:
        if not isinstance(s["name"], str) or not s["name"]:
            problems.append(f"seat {s['seat']} has no name")
        if s["user_id"] is None and s["ai"] is None:
            problems.append(f"seat {s['seat']} has neither a user nor an AI")
        if s["user_id"] is not None and not isinstance(s["user_id"], int):
            problems.append(f"seat {s['seat']} has a user id that is not a number ({s['user_id']!r})")
        if s["resigned"] not in (0, 1, None):
            problems.append(f"seat {s['seat']} has resigned = {s['resigned']!r}")
    return problems


def _version_problems(versions: list[Any], stored: Any) -> list[str]:
    """The log's versions must be 1..n in order, n being the table's version."""
    problems = []
    repeated = sorted(v for v, n in Counter(versions).items() if n > 1)
    if repeated:
        problems.append(f"the log repeats version(s) {', '.join(map(str, repeated))}")
    top = stored if isinstance(stored, int) else max(versions, default=0)
    missing = sorted(set(range(1, top + 1)) - set(versions))
    if missing:
        problems.append(f"the log lacks version(s) {', '.join(map(str, missing))}")
    beyond = sorted({v for v in versions if not isinstance(v, int) or not 1 <= v <= top})
    if beyond:
        problems.append(f"the log has version(s) {', '.join(map(str, beyond))} beyond the table's version {top}")
    if not repeated and not missing and not beyond and versions != sorted(versions):
        problems.append("the log's versions are out of order")
    return problems


def main(path: str | Path, out: TextIO | None = None) -> int:
    """Print one line per problem and a summary; 0 when all is well, 1 otherwise."""
    out = out or sys.stdout
    report = check(path)
    for problem in report.problems:
        print(problem.line(), file=out)
    name = store.redacted(path)
    if report.empty:
        print(f"{name}: an empty database, it holds no tables yet (Gavel makes them when it starts on it).",
              file=out)
        return 0
    if report.ok:
        print(f"{name}: {report.tables} table(s) checked, all well.", file=out)
        return 0
    print(f"{name}: {report.tables} table(s) checked, {len(report.problems)} problem(s).", file=out)
    return 1
