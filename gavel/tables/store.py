"""Persistence for tables: the SQLite `Store` (sqlite-utils, WAL, `synchronous=FULL`), which
`gavel.tables.stores.open_store` gives, or the PostgreSQL one (`gavel.tables.pgstore.PgStore`), by
what `GAVEL_DB` names: a `postgresql://` (or `postgres://`) URL, or a file (the default, `gavel.sqlite3`).
Both keep the `TableStore` contract below; what follows is the SQLite one.

Four tables: `tables` (one row per lobby/game with a snapshot of its state), `actions`
(append-only log: enough to replay a game from its set-up draws), `seats` and `results`; beside
them the `outbox`, each user's own settings (`user_settings`) and the half-time reminders sent
(`reminders`, one row per decision: the claim that sends it once), the `ratings`, `rematches` (a
rematch lobby's invitation window) and `welcomes` (the guilds the bot has welcomed).
Every applied action is one transaction that writes the log row and the new snapshot
together (a player's own action with the notices that tell it: `record_action(keep=)`), so a
crash never loses something a player was told had happened. Columns for
clocks and ratings exist already (empty) so those features need no migration.

Soundness rules, each for a failure seen or feared:

- **One process per file.** A Store holds an OS lock (`flock` on `<db>.lock`) for its whole
  life; a second Gavel process on the same file is refused at start (`DatabaseInUse`) until a
  multi-process mode exists. Within one process any number of Stores may share the file (a
  restart in tests, the console): the lock is counted per process, not per Store.
- **Compare-and-swap writes.** `record_action` updates the table's row only if it still has the
  version the action was computed from (`expected`), and the log has one row per (table,
  version) (a UNIQUE index): two writers can never both append "version 5". The loser's whole
  transaction is rolled back and it gets `StaleWrite`.
- **Threads.** Every public method holds one re-entrant lock for its whole run, so the service
  may call the Store from worker threads (`asyncio.to_thread`) on its single connection.
- **Schema versions.** `PRAGMA user_version` says which of `MIGRATIONS` a file has had. A new
  file gets them all, an older one the missing ones (one transaction each), and a file from a
  newer Gavel is refused (`SchemaTooNew`) rather than written in a shape it does not know.
- **Backups** go through SQLite's online backup API (`backup`), which is safe while the bot
  runs and takes no lock.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

from gavel.tables.ratings import Rated, Rating, Update


def _sqlite_utils_database() -> Any:
    """sqlite-utils' `Database`, imported without NumPy: sqlite-utils imports NumPy when it is
    installed only to map NumPy's number types to column types, for values Gavel never stores
    (its rows hold str, int, float and None), and that import is most of the cost of importing
    sqlite-utils (about 0.1 s of CPU in every Gavel process: the bot, `--local`, each AI worker).
    While sqlite-utils loads, `numpy` is marked missing (as when it is not installed, which
    sqlite-utils supports); afterwards it imports as usual for whoever wants it. Where NumPy is
    loaded already, sqlite-utils gets it as before."""
    absent = "numpy" not in sys.modules
    if absent:
        modules: dict[str, Any] = sys.modules  # None there marks a module missing
        modules["numpy"] = None  # import numpy -> ImportError
    try:
        from sqlite_utils import Database as found
    finally:
        if absent and sys.modules.get("numpy", ...) is None:
            del sys.modules["numpy"]
    return found


if TYPE_CHECKING:
    from sqlite_utils import Database
else:
    Database = _sqlite_utils_database()

fcntl: ModuleType | None
try:  # POSIX; elsewhere the single-process guard is off (the bot runs on Linux)
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None

DEFAULT_DB = "gavel.sqlite3"


def default_path() -> str:
    return os.environ.get("GAVEL_DB") or DEFAULT_DB


def is_postgres(location: str | Path) -> bool:
    """Whether a `GAVEL_DB` value names a PostgreSQL database (a URL) rather than a SQLite file."""
    return str(location).startswith(("postgresql://", "postgres://"))


def redacted(location: str | Path) -> str:
    """A database's name for messages: a URL without its password."""
    parts = urlsplit(str(location))
    if not is_postgres(location) or parts.password is None:
        return str(location)
    netloc = f"{parts.username}:***@{parts.hostname or ''}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | None) -> Any:
    return json.loads(text) if text else None


def merge_queued(stored: str | None, clock: str) -> str:
    """The clock `clock` (JSON text, see `gavel.tables.decisions.ClockRow`) with the passes
    waiting for the same window's hold in the clock `stored` kept (`queued`, one per seat: the
    new clock's own for a seat both name), so two processes queuing passes in one window lose
    neither's; the earlier of their hold ends stays. Another window's (`opened`) are dropped."""
    old, new = loads(stored), loads(clock)
    if not isinstance(old, dict) or not isinstance(new, dict) or old.get("opened") != new.get("opened") \
            or old.get("at") != new.get("at") or not old.get("queued"):
        return clock
    passes = {int(seat): str(text) for seat, text in old.get("queued") or ()}
    passes.update({int(seat): str(text) for seat, text in new.get("queued") or ()})
    new["queued"] = [[seat, passes[seat]] for seat in sorted(passes)]
    holds = [float(h) for h in (old.get("hold"), new.get("hold")) if h is not None]
    if holds:
        new["hold"] = min(holds)
    return json.dumps(new)


def merge_clock(stored: str | None, clock: str | None) -> str | None:
    """The clock `clock` (JSON text) to write over the clock `stored`: of the same decision
    (`opened`), it keeps when its notice was heard (`heard`), when it started (`start`) and a
    due time moved later (a delivery or a pause another process stored meanwhile)."""
    old, new = loads(stored), loads(clock)
    if not isinstance(old, dict) or not isinstance(new, dict) or old.get("opened") != new.get("opened"):
        return clock
    changed = False
    for key in ("heard", "start"):
        if old.get(key) is not None and new.get(key) != old.get(key):
            new[key], changed = old[key], True
    for key in ("due", "remind"):
        if old.get(key) is not None and new.get(key) is not None and float(old[key]) > float(new[key]):
            new[key], changed = old[key], True
    return json.dumps(new) if changed else clock


def heard_clock(stored: str | None, at: float) -> str | None:
    """The clock `stored` (JSON text) once the notice of its decision reached its players at
    `at` (every notice of the table up to the version it opened at is delivered): its clock
    starts then (`heard`), its due time and reminder moved on by the time the notice took.
    None: no clock runs, or it was heard already."""
    found = loads(stored)
    if not isinstance(found, dict) or found.get("due") is None or found.get("heard") is not None:
        return None
    start = float(found.get("start") or at)
    late = max(0.0, at - start)
    found["heard"] = at
    found["due"] = float(found["due"]) + late
    if found.get("remind") is not None:
        found["remind"] = float(found["remind"]) + late
    return json.dumps(found)


OUTAGE_GAP = 180.0
"""Seconds without a heartbeat from any process (`TableStore.heartbeat`) that count as Gavel
being down: the clocks stopped meanwhile."""


SQLITE_INT_MAX = 2**63 - 1
"""The largest integer SQLite stores (and takes as a LIMIT)."""


SEAT_FIELDS = ("user_id", "name", "ai", "resigned")

OUTBOX_CHUNK = 500
"""Outbox rows written by one INSERT statement (SQLite takes at most 32766 parameters in one)."""


@dataclass
class Keep:
    """A call's notices to keep in the outbox in the same transaction as the action they tell
    (`record_action(keep=)`): one commit for the move and what the players are told of it, and
    the table's notices up to that action's version count as queued (`announced`). `items`:
    (notice JSON text, image) each; `hold` and `claimer` as for `outbox_add`. The store fills
    `ids` with their outbox rows, in order."""

    channel: int
    items: Sequence[tuple[str, bytes | None]]
    hold: float = 0.0
    claimer: str | None = None
    ids: list[int] = field(default_factory=list)
    older: bool = True
    """Whether rows of the channel kept before these still wait (the store says so as it writes
    them: the front-end then sends those first); True until the store has looked."""


@dataclass(frozen=True)
class Logged:
    """An action logged before the last one of a batch written in one transaction
    (`record_action(earlier=)`): each keeps its own log row and version."""

    seat: int
    user_id: int | None
    action: str
    chance: list[int]
    events: list[dict[str, Any]]
    version: int


Shards = tuple[Sequence[int], int]
"""Some shards of the bot: (shard ids, shard count). A guild's events come to shard
`(guild >> 22) % count` (Discord's rule)."""


def shard_filter(shards: Shards | None, mark: str, modulo: str = "%") -> tuple[str, list[Any]]:
    """SQL (`AND ...`, on the outbox `o` joined with its table `t`) keeping the rows the process
    over `shards` sends: those of its shards' guilds, and those of a table of no guild (anyone's);
    with `mark` the backend's placeholder and `modulo` its remainder operator as a query spells
    it. Nothing to add for None (every shard)."""
    if shards is None:
        return "", []
    ids, count = shards
    wanted = sorted(set(ids)) or [-1]
    return (f" AND (t.guild IS NULL OR ((t.guild >> 22) {modulo} {mark}) IN ({', '.join([mark] * len(wanted))}))",
            [count, *wanted])


def claimable(rows: Iterable[dict[str, Any]], at: float, claimer: str | None, mine: Iterable[int],
              before: int | None = None) -> list[dict[str, Any]]:
    """Of a channel's outbox rows (by channel, oldest first), those a claim takes: in each channel
    the oldest-first run of rows due by `at` or held by this `claimer` among its own rows `mine`
    (the notices it just wrote), stopping at the first row held by another claim (another
    process is sending it, or one that died holding it lets it fall due after its lease) or at
    row `before`: a channel's notice never goes out while an older one there waits. A notice
    Discord refused, waiting out its pause (`attempts`, held by nobody), does not hold its
    channel up."""
    own = set(mine)
    taken: list[dict[str, Any]] = []
    stopped: set[Any] = set()
    for row in rows:
        channel = row["channel"]
        if channel in stopped:
            continue
        if before is not None and row["id"] >= before:
            stopped.add(channel)
        elif row["next_try"] <= at or (claimer is not None and row["claimer"] == claimer and row["id"] in own):
            taken.append(row)
        elif not (row["attempts"] and row["claimer"] is None):
            stopped.add(channel)
    return taken


def first_column(row: Any) -> Any:
    """The first column of a row, whatever the row factory (a tuple, or a dict by column name)."""
    return next(iter(row.values())) if isinstance(row, dict) else row[0]


def finished_query(mark: str, guild: int | None, limit: int, offset: int) -> tuple[str, list[Any]]:
    """The query of a server's finished games, newest first (never the state), with its
    parameters, for both backends (`mark`: the placeholder). A server's games are found by
    equality, which the index on (guild, status, finished) answers without reading other
    servers' games; games outside any server (`guild` None) by `IS NULL`."""
    where, params = (f"guild = {mark}", [guild]) if guild is not None else ("guild IS NULL", [])
    return (f"SELECT id, guild, channel, game, variant, started, finished FROM tables WHERE {where}"
            f" AND status = 'finished' ORDER BY finished DESC, id DESC LIMIT {mark} OFFSET {mark}",
            [*params, limit, offset])


def guild_where(column: str, mark: str, guild: int | None) -> tuple[str, list[Any]]:
    """`column` is the server `guild` (None: no server, local play), with its parameters."""
    return (f"{column} = {mark}", [guild]) if guild is not None else (f"{column} IS NULL", [])


def record_queries(mark: str, seconds: str, user_id: int,
                   guild: int | None) -> tuple[tuple[str, list[Any]], tuple[str, list[Any]]]:
    """The two queries of a player's record on a server (`TableStore.record`), for both backends
    (`mark`: the placeholder; `seconds`: the backend's seconds from `p.time` to `a.time`).

    The first counts their finished games (`results`, by the index on (user_id, guild)): all of
    them, those they resigned, and those abandoned (their seat still played by the AI for them at
    the end, `away`, and not resigned); and the games whose seat a substitute took from them
    (`shares`, by its index on (user_id, guild)), each a game they abandoned. The second averages
    their time to act: each action of their own hand (`actions.user_id`: AI and time-up actions have
    none; `undo` rows are not counted) less the time of the log row before it at its table, which
    stands for when the decision asking them opened (the AI's answers are written with the move they
    answer, so the row before is the last thing the table did). The index on `actions (user_id)`
    finds their rows; the table and the row before are found by their keys."""
    where, params = guild_where("guild", mark, guild)
    counts = (f"SELECT COUNT(*) AS games, COALESCE(SUM(resigned), 0) AS resigned,"
              f" COALESCE(SUM(abandoned), 0) AS abandoned FROM ("
              f"SELECT CASE WHEN resigned = 1 THEN 1 ELSE 0 END AS resigned,"
              f" CASE WHEN away = 1 AND resigned = 0 THEN 1 ELSE 0 END AS abandoned"
              f" FROM results WHERE user_id = {mark} AND {where}"
              f" UNION ALL SELECT 0, 1 FROM shares WHERE user_id = {mark} AND {where}) AS played",
              [user_id, *params, user_id, *params])
    where, params = guild_where("t.guild", mark, guild)
    times = (f"SELECT COUNT(*) AS acted, AVG({seconds}) AS average FROM actions a"
             f" JOIN tables t ON t.id = a.table_id JOIN actions p ON p.table_id = a.table_id AND p.seq = a.seq - 1"
             f" WHERE a.user_id = {mark} AND {where} AND a.action <> {mark}", [user_id, *params, "undo"])
    return counts, times


def record_row(counts: dict[str, Any], times: dict[str, Any]) -> dict[str, Any]:
    """A record's row (`TableStore.record`) from its two queries' rows."""
    average = times.get("average")
    return {"games": int(counts.get("games") or 0), "resigned": int(counts.get("resigned") or 0),
            "abandoned": int(counts.get("abandoned") or 0), "acted": int(times.get("acted") or 0),
            "average": float(average) if average is not None else None}


def ratings_query(mark: str, guild: int, game: str | None, user_id: int | None,
                  limit: int | None) -> tuple[str, list[Any]]:
    """The query of a server's rating rows, of one game and/or one user, best first (by
    `mu - 3 sigma`), with its parameters, for both backends (`mark`: the placeholder); a
    `limit` past the databases' integers reads as all of them."""
    where: list[str] = [f"guild = {mark}"]
    params: list[Any] = [guild]
    if game is not None:
        where, params = [*where, f"game = {mark}"], [*params, game]
    if user_id is not None:
        where, params = [*where, f"user_id = {mark}"], [*params, user_id]
    query = f"SELECT * FROM ratings WHERE {' AND '.join(where)} ORDER BY mu - 3 * sigma DESC, games DESC, user_id"
    if limit is not None:
        query, params = f"{query} LIMIT {mark}", [*params, min(limit, SQLITE_INT_MAX)]
    return query, params


def outbox_rows(execute: Callable[[str, list[Any]], Any], mark: str, table_id: int, channel: int, version: int,
                items: Sequence[tuple[str, bytes | None]], hold: float, stamp: Any,
                claimer: str | None = None) -> list[int]:
    """Insert outbox rows (inside the caller's transaction), a multi-row INSERT per `OUTBOX_CHUNK`,
    through `execute(sql, params)` (a cursor back) with `mark` one row's placeholders in the
    backend's style; their ids in the order of `items` (SQLite's AUTOINCREMENT and PostgreSQL's
    identity ids grow in insertion order; RETURNING's own order is not promised, so they are sorted)."""
    ids: list[int] = []
    for start in range(0, len(items), OUTBOX_CHUNK):
        chunk = items[start:start + OUTBOX_CHUNK]
        params = [v for notice, image in chunk for v in (table_id, channel, version, notice, image, stamp, hold,
                                                         claimer)]
        rows = execute("INSERT INTO outbox (table_id, channel, version, notice, image, created, next_try, claimer)"
                       f" VALUES {', '.join([mark] * len(chunk))} RETURNING id", params).fetchall()
        ids += sorted(int(first_column(r)) for r in rows)
    return ids



def same_seats(stored: Iterable[dict[str, Any]], expected: Iterable[dict[str, Any]]) -> bool:
    """Whether stored seat rows are the seating `expected` (seat rows as `SeatInfo.to_row` makes them)."""
    def norm(rows: Iterable[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(r.get("user_id"), r.get("name"), r.get("ai"), int(r.get("resigned") or 0)) for r in rows]
    return norm(stored) == norm(expected)


def rating_columns(rated: Rated | None, row: dict[str, Any]) -> dict[str, Any]:
    """A result row's `rating_before`/`rating_after`: its user's shown rating (rated games only)."""
    user = row.get("user_id")
    if rated is None or user not in rated.after:
        return {}
    return {"rating_before": float(rated.before_shown[user]), "rating_after": float(rated.after_shown[user])}


# ---------------------------------------------------------------------- errors
class StoreError(Exception):
    """The database file cannot be used as it is; the message says why and what to do. The
    command line (`bot.py`) prints it and exits non-zero instead of a traceback."""


class DatabaseInUse(StoreError):
    """Another Gavel process holds the file: two processes would write over each other's games."""

    def __init__(self, path: str, pid: str | None = None) -> None:
        who = f" (pid {pid})" if pid else ""
        super().__init__(f"{path} is in use by another Gavel process{who}. Stop that process first,"
                         " or set GAVEL_DB to another file.")
        self.path = path


class SchemaTooNew(StoreError):
    """The file was written by a newer Gavel: this one would not know what it may change."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(f"{path}: this database was written by a newer Gavel (schema {found}, this one knows"
                         f" {known}); upgrade Gavel or use another file.")
        self.path, self.found, self.known = path, found, known


class MigrationFailed(StoreError):
    """A migration could not be applied (the file is left at the schema it had)."""


@dataclass(frozen=True)
class SeatWrite:
    """One seat's walk-away columns changed by a call (`update_seat`), written in the same
    transaction as the call's action or notices (`record_action(seats=)`, `outbox_add(seats=)`):
    a seat taken back, a vote, a seat handed to the AI is never stored without what tells it.
    `expected`: only over those columns as they were (else `StaleWrite`, nothing written)."""

    seat: int
    fields: dict[str, Any]
    expected: dict[str, Any] | None = None


class ReminderSent(Exception):
    """The half-time reminder a call would keep was claimed already (by another process, or by
    this one before a restart): nothing was written."""


class _SeatWriter(Protocol):
    def update_seat(self, table_id: int, seat: int, fields: dict[str, Any], *,
                    expected: dict[str, Any] | None = None) -> bool: ...

    def claim_reminder(self, table_id: int, opened: int) -> bool: ...


def write_with(store: _SeatWriter, table_id: int, version: int, seats: Sequence[SeatWrite],
               reminder: int | None = None) -> None:
    """Inside a transaction of `store`: the seats' changes (`StaleWrite` when one's `expected`
    no longer holds) and the claim of the reminder of the decision opened at `reminder`
    (`ReminderSent` when it was claimed before); either rolls the whole transaction back."""
    for write in seats:
        if not store.update_seat(table_id, write.seat, write.fields, expected=write.expected) \
                and write.expected is not None:
            raise StaleWrite(table_id, version)
    if reminder is not None and not store.claim_reminder(table_id, reminder):
        raise ReminderSent()


class StaleWrite(Exception):
    """A write was computed from a version of the table that is no longer the stored one:
    someone else changed it in between. Nothing was written."""

    def __init__(self, table_id: int, expected: int) -> None:
        super().__init__(f"table {table_id} is no longer at version {expected} in the database:"
                         " it was changed by another writer; nothing was written")
        self.table_id, self.expected = table_id, expected


# ---------------------------------------------------------------------- schema
def _schema_1(db: Database) -> None:
    """The first schema (every file from before schema versions has exactly this)."""
    db.table("tables").create(
        {
            "id": int, "guild": int, "channel": int, "game": str, "variant": str, "status": str,
            "seed": str, "config": str, "state": str, "version": int, "setup": str, "host": int,
            "created": str, "updated": str, "started": str, "finished": str,
            "clock": str, "rated": int,  # room for clocks and ratings
        },
        pk="id", not_null=["game", "status"], if_not_exists=True,
    )
    db.table("actions").create(
        {"table_id": int, "seq": int, "seat": int, "user_id": int, "action": str,
         "chance": str, "events": str, "version": int, "time": str},
        pk=("table_id", "seq"), if_not_exists=True,
    )
    db.table("seats").create(
        {"table_id": int, "seat": int, "user_id": int, "name": str, "ai": str, "resigned": int},
        pk=("table_id", "seat"), if_not_exists=True,
    )
    db.table("results").create(
        {"table_id": int, "guild": int, "game": str, "seat": int, "user_id": int, "name": str,
         "ai": str, "place": int, "winner": int, "score": int, "resigned": int, "reason": str,
         "finished": str, "rating_before": float, "rating_after": float},
        pk=("table_id", "seat"), if_not_exists=True,
    )
    db.table("tables").create_index(["channel", "status"], if_not_exists=True)
    db.table("results").create_index(["user_id", "guild"], if_not_exists=True)


Migration = Callable[[Database], None] | str
"""A function given the database, or SQL (one or more statements), run in one transaction."""

MIGRATIONS: list[Migration] = [
    _schema_1,
    # 2: one log row per (table, version): the compare-and-swap of `record_action` made structural.
    "CREATE UNIQUE INDEX IF NOT EXISTS actions_table_version ON actions (table_id, version)",
    # 3: the outbox (notices kept until Discord accepts them) and the version each table last
    # queued notices for (older files: everything counts as announced).
    "CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, table_id INTEGER NOT NULL,"
    " channel INTEGER, version INTEGER, notice TEXT NOT NULL, image BLOB, created TEXT,"
    " attempts INTEGER NOT NULL DEFAULT 0, next_try REAL NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS outbox_channel ON outbox (channel, id);"
    "ALTER TABLE tables ADD COLUMN announced INTEGER;"
    "UPDATE tables SET announced = version",
    # 4: each user's own settings (JSON: `reminders`, ...), and the half-time reminders sent, one
    # per (table, decision): the row is the claim that makes one process send it, once.
    "CREATE TABLE IF NOT EXISTS user_settings (user_id INTEGER PRIMARY KEY, settings TEXT NOT NULL, updated TEXT);"
    "CREATE TABLE IF NOT EXISTS reminders (table_id INTEGER NOT NULL, opened INTEGER NOT NULL, sent TEXT,"
    " PRIMARY KEY (table_id, opened))",
    # 5: ratings: one row per (server, game, user), local play's server 0 (`gavel.tables.ratings`); and
    # the history of a server's finished games, newest first.
    "CREATE TABLE IF NOT EXISTS ratings (guild INTEGER NOT NULL, game TEXT NOT NULL, user_id INTEGER NOT NULL,"
    " name TEXT, mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0,"
    " wins INTEGER NOT NULL DEFAULT 0, updated TEXT, PRIMARY KEY (guild, game, user_id));"
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (guild, game);"
    "CREATE INDEX IF NOT EXISTS tables_guild_finished ON tables (guild, status, finished)",
    # 6: a rematch's window (the previous game's humans invited back until `ends`, a
    # `time.time()`; `done` once one process has acted on it) and the guilds welcomed once.
    "CREATE TABLE IF NOT EXISTS rematches (table_id INTEGER PRIMARY KEY, channel INTEGER, previous INTEGER,"
    " invited TEXT NOT NULL, ends REAL NOT NULL, done INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS welcomes (guild INTEGER PRIMARY KEY, at TEXT)",
    # 7: walk-aways: a seat the AI plays while its user is away (`away`), the time-control
    # decisions it let run out in a row (`timeouts`) and the users who voted it away (JSON list).
    "ALTER TABLE seats ADD COLUMN away INTEGER;"
    "ALTER TABLE seats ADD COLUMN timeouts INTEGER;"
    "ALTER TABLE seats ADD COLUMN away_votes TEXT",
    # 8: who holds an outbox row while sending it (`claimer`: the process that wrote or claimed
    # it), so that a process takes back its own rows and no other's.
    "ALTER TABLE outbox ADD COLUMN claimer TEXT",
    # 9: each table's live message (`notices.LivePost`): the channel message its turn is told in,
    # edited while the turn goes on, by whichever process delivers the channel's notices.
    "CREATE TABLE IF NOT EXISTS live_posts (table_id INTEGER PRIMARY KEY, channel INTEGER NOT NULL,"
    " message INTEGER NOT NULL, version INTEGER NOT NULL, asked TEXT, lines TEXT, posted REAL NOT NULL,"
    " buttons INTEGER NOT NULL DEFAULT 0, image TEXT)",
    # 10: each seat's standing orders at its table (`gavel.tables.orders`): JSON {order: mark},
    # NULL for the game's defaults.
    "ALTER TABLE seats ADD COLUMN orders TEXT",
    # 11: the turn inbox (`gavel.tables.inbox`): each table's wait on each of its players, in
    # public words (JSON, NULL once it waits no more; `version` keeps an older one out), and each
    # player's inbox message (its DM channel and id, what it shows, `rev` for compare-and-swap).
    "CREATE TABLE IF NOT EXISTS inbox_waits (user_id INTEGER NOT NULL, table_id INTEGER NOT NULL,"
    " version INTEGER NOT NULL, wait TEXT, PRIMARY KEY (user_id, table_id));"
    "CREATE INDEX IF NOT EXISTS inbox_waits_table ON inbox_waits (table_id);"
    "CREATE TABLE IF NOT EXISTS inboxes (user_id INTEGER PRIMARY KEY, channel INTEGER, message INTEGER,"
    " digest TEXT, posted REAL, idle REAL, rev INTEGER NOT NULL DEFAULT 0)",
    # 12: a player's record (`gavel.tables.standings`): whether a result's seat was still played
    # by the AI for its walked-away player at the game's end (`away`), the log read by user (time
    # to act), and the players each user blocked from their tables (`blocks`).
    "ALTER TABLE results ADD COLUMN away INTEGER;"
    "CREATE INDEX IF NOT EXISTS actions_user ON actions (user_id);"
    "CREATE TABLE IF NOT EXISTS blocks (user_id INTEGER NOT NULL, blocked INTEGER NOT NULL, at TEXT,"
    " PRIMARY KEY (user_id, blocked));"
    "CREATE INDEX IF NOT EXISTS blocks_blocked ON blocks (blocked)",
    # 13: substitutes: an away seat offered to a new player (`wanted`) and who held the seat
    # before its player now (`holders`: JSON [[user id, name, version given up], ...]).
    "ALTER TABLE seats ADD COLUMN wanted INTEGER;"
    "ALTER TABLE seats ADD COLUMN holders TEXT",
    # 14: a substitute's seat in the results: the share of the game its player at the end held
    # it for (`share`, NULL: all of it), and each earlier holder's share (`shares`), which their
    # record counts as a game they walked away from.
    "ALTER TABLE results ADD COLUMN share REAL;"
    "CREATE TABLE IF NOT EXISTS shares (table_id INTEGER NOT NULL, seat INTEGER NOT NULL, user_id INTEGER NOT NULL,"
    " guild INTEGER, game TEXT, name TEXT, share REAL NOT NULL, winner INTEGER, finished TEXT,"
    " PRIMARY KEY (table_id, seat, user_id));"
    "CREATE INDEX IF NOT EXISTS shares_user_guild ON shares (user_id, guild)",
    # 15: a finished game's insight (its chances to win at each step and its luck, JSON), worked
    # out once on first asking and kept (`insight`, `keep_insight`).
    "CREATE TABLE IF NOT EXISTS insights (table_id INTEGER PRIMARY KEY, figures TEXT NOT NULL, at TEXT)",
    # 16: fair clocks (`gavel.tables.pauses`): the platform's outages (Discord's: notices that
    # could not be delivered; Gavel's: no process alive), which stop every clock, and when a
    # process of this database was last alive (`heartbeat`, one row).
    "CREATE TABLE IF NOT EXISTS outages (started REAL NOT NULL, ended REAL);"
    "CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at REAL NOT NULL)",
]
"""Schema `n` is what the first `n` migrations make. A change to the schema is one line
appended here, never an edit of an entry already released (files out there have had it)."""

INBOX_COLUMNS = ("user_id", "channel", "message", "digest", "posted", "idle")
"""The columns of a player's inbox message (`inbox_keep`) but its `rev`, the key first; both stores keep them."""


def changed_waits(stored: dict[int, tuple[int, str | None]], version: int,
                  waits: dict[int, str | None]) -> tuple[list[int], list[int]]:
    """Of `waits` (a table's wait on each user at `version`), the users whose stored row is to be
    written (none yet, or one of this version or an older one: a game cancelled keeps its version)
    and, among them, those whose wait reads otherwise than before (their inbox is to be shown again)."""
    write, changed = [], []
    for user, wait in waits.items():
        known = stored.get(user)
        if known is not None and known[0] > version:
            continue
        write.append(user)
        if (known[1] if known is not None else None) != wait:
            changed.append(user)
    return write, changed


LIVE_COLUMNS = ("table_id", "channel", "message", "version", "asked", "lines", "posted", "buttons", "image")
"""The columns of a table's live message (`live_keep`), the key first; both stores keep them."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The newest schema this Gavel knows (the code reads `len(MIGRATIONS)`, so tests may append)."""


def schema_version(conn: sqlite3.Connection) -> int:
    """The schema a file has had. A file from before schema versions (`user_version` 0 with our
    tables in it) has schema 1."""
    found = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if found == 0 and conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'").fetchone():
        return 1
    return found


# ---------------------------------------------------------------------- the process lock
_held: dict[str, list[int]] = {}
"""Lock file path -> [file descriptor, Stores of this process using it]."""
_held_guard = threading.Lock()
_peers: dict[str, list[Store]] = {}
"""Lock file path -> the open Stores of this process on that database: the only writers it can
have (the lock keeps every other process out)."""


def _lock_path(target: str) -> str | None:
    if target in ("", ":memory:") or target.startswith("file:"):
        return None
    return os.path.realpath(target) + ".lock"


def _acquire(target: str) -> str | None:
    """Take (or share, within this process) the OS lock of a database file; None: no lock needed."""
    path = _lock_path(target)
    if path is None or fcntl is None:
        return None
    with _held_guard:
        if path in _held:
            _held[path][1] += 1
            return path
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = os.pread(fd, 32, 0).decode(errors="replace").strip() or None
            os.close(fd)
            raise DatabaseInUse(target, pid) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)  # who holds it, for the refusal's message
        _held[path] = [fd, 1]
        return path


def _release(path: str | None) -> None:
    if path is None:
        return
    with _held_guard:
        entry = _held.get(path)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] <= 0:
            del _held[path]
            os.close(entry[0])  # closing the descriptor releases the flock


# ---------------------------------------------------------------------- the store
P = ParamSpec("P")
R = TypeVar("R")


def _locked(method: Callable[Concatenate[Store, P], R]) -> Callable[Concatenate[Store, P], R]:
    """Hold the Store's lock for the whole call (one connection, many threads)."""

    @functools.wraps(method)
    def wrapper(self: Store, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper


class Store:
    """The database behind a TableService. Calls are short and synchronous (SQLite is fast);
    any of them may come from a worker thread."""

    def __init__(self, path: str | Path | None = None) -> None:
        target = str(path if path is not None else default_path())
        self.path = target
        self._lock = threading.RLock()
        self._lock_file = _acquire(target)
        try:
            # Autocommit at the driver level: transactions are explicit, never implicit.
            conn = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
            self.db = Database(conn)
            try:
                found = schema_version(conn)
                if found > len(MIGRATIONS):
                    raise SchemaTooNew(target, found, len(MIGRATIONS))
                if target != ":memory:":
                    self.db.enable_wal()
                # FULL: a commit is on disk before a player is told a move happened (WAL's NORMAL
                # may lose the last commits on a power cut).
                self.db.execute("PRAGMA synchronous=FULL")
                self._migrate(found)
            except BaseException:
                conn.close()
                raise
        except BaseException:
            _release(self._lock_file)
            raise
        if self._lock_file is not None:
            with _held_guard:
                _peers.setdefault(self._lock_file, []).append(self)

    def close(self) -> None:
        with self._lock:
            if self._lock_file is not None:
                with _held_guard:
                    mine = _peers.get(self._lock_file, [])
                    if self in mine:
                        mine.remove(self)
            self.db.close()
            _release(self._lock_file)
            self._lock_file = None

    def others_mark(self) -> Hashable | None:
        """A mark that stays the same while nobody else writes this database: equal marks mean
        no other writer changed a row in between, so what this Store's owner holds in memory of
        a table is still what the database has (`Access.fresh` then reads no head). Another
        process cannot write a file this process locked, so the other writers are the other
        Stores of this process on it (tests: two services on one file). None when it cannot
        tell (a database without the process lock)."""
        if self._lock_file is None:
            return () if self.path in ("", ":memory:") else None
        with _held_guard:
            peers = [s for s in _peers.get(self._lock_file, []) if s is not self]
        try:
            return tuple((id(peer), peer.db.conn.total_changes) for peer in peers)
        except sqlite3.ProgrammingError:  # a peer closed meanwhile: cannot tell
            return None

    # ------------------------------------------------------------------ transactions
    @contextlib.contextmanager
    def atomic(self) -> Iterator[Database]:
        """One write transaction (BEGIN IMMEDIATE: the write lock from the start, so a
        compare-and-swap reads the newest row), holding the Store's lock; nested: a savepoint."""
        with self._lock:
            conn = self.db.conn
            if conn.in_transaction:
                with self.db.atomic():
                    yield self.db
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            try:
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    # ------------------------------------------------------------------ schema
    @property
    def schema(self) -> int:
        with self._lock:
            return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self, found: int) -> None:
        if found and self.schema != found:  # a file from before schema versions: stamp it
            self.db.execute(f"PRAGMA user_version = {int(found)}")
        for number in range(found + 1, len(MIGRATIONS) + 1):
            step = MIGRATIONS[number - 1]
            try:
                with self.atomic() as db:
                    if callable(step):
                        step(db)
                    else:
                        for statement in filter(str.strip, step.split(";")):
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {int(number)}")
            except sqlite3.Error as exc:
                raise MigrationFailed(f"{self.path}: updating the database to schema {number} failed ({exc});"
                                      f" it is left at schema {number - 1}. `python bot.py --check-db` says"
                                      " what is wrong with it.") from exc

    # ------------------------------------------------------------------ tables & seats
    @_locked
    def insert_table(self, row: dict[str, Any]) -> int:
        stamp = now()
        with self.atomic():
            table = self.db.table("tables").insert({**row, "created": stamp, "updated": stamp})
        assert table.last_pk is not None
        return int(table.last_pk)

    @_locked
    def create_table(self, row: dict[str, Any], seats: Iterable[dict[str, Any]], *, alone: bool = False) -> int:
        """A new table and its seats in one transaction: a crash leaves both or neither. `alone`:
        only if no table is open in its channel yet (`StaleWrite` otherwise: another process
        opened one first)."""
        with self.atomic():
            if alone and self.db.execute("SELECT 1 FROM tables WHERE channel = ? AND status IN ('lobby', 'active')",
                                         [row.get("channel")]).fetchone():
                raise StaleWrite(0, 0)
            table_id = self.insert_table(row)
            self.save_seats(table_id, seats)
        return table_id

    @_locked
    def update_table(self, table_id: int, **fields: Any) -> None:
        with self.atomic():
            self.db.table("tables").update(table_id, {**fields, "updated": now()})

    @_locked
    def save_seats(self, table_id: int, seats: Iterable[dict[str, Any]], *, host: int | None = None,
                   expected: list[dict[str, Any]] | None = None, status: str | None = None) -> None:
        """Replace the seating of a table (lobby changes, resignations), and with `host` its host,
        in one transaction. `expected`: only if the stored seating is still that one (the one the
        change was made from), `status`: only if the table still has it (a lobby change, not on
        a game another process started); `StaleWrite` otherwise."""
        with self.atomic():
            if expected is not None and not same_seats(self.seats(table_id), expected):
                raise StaleWrite(table_id, -1)
            if status is not None and (self.db.execute("SELECT status FROM tables WHERE id = ?", [table_id])
                                       .fetchone() or [None])[0] != status:
                raise StaleWrite(table_id, -1)
            self.db.execute("DELETE FROM seats WHERE table_id = ?", [table_id])
            rows = [{"table_id": table_id, "seat": i, **seat} for i, seat in enumerate(seats)]
            if rows:
                self.db.table("seats").insert_all(rows)
            if host is not None:
                self.db.execute("UPDATE tables SET host = ?, updated = ? WHERE id = ?", [host, now(), table_id])

    @_locked
    def update_seat(self, table_id: int, seat: int, fields: dict[str, Any], *,
                    expected: dict[str, Any] | None = None) -> bool:
        """Change one seat's row (`fields`: column -> value, e.g. a walk-away's `away`,
        `timeouts`, `away_votes`) without rewriting the others; with `expected` only while
        those columns still hold those values (NULL and 0 alike). False when nothing was changed
        (no such seat, or `expected` no longer holds: another process changed it first)."""
        sets = ", ".join(f"{name} = ?" for name in fields)
        checks = "".join(f" AND COALESCE({name}, 0) = COALESCE(?, 0)" for name in expected or {})
        with self.atomic():
            cursor = self.db.execute(f"UPDATE seats SET {sets} WHERE table_id = ? AND seat = ?{checks}",
                                     [*fields.values(), table_id, seat, *(expected or {}).values()])
            return cursor.rowcount == 1

    @_locked
    def start(self, table_id: int, state: dict[str, Any], version: int, setup: list[int], *,
              seats: list[dict[str, Any]] | None = None) -> None:
        """Lobby to game. Only a lobby starts (`StaleWrite` otherwise: someone else started or
        closed it), and with `seats` only with that seating (the one the game was dealt for)."""
        stamp = now()
        with self.atomic():
            cursor = self.db.execute(
                "UPDATE tables SET status = 'active', state = ?, version = ?, setup = ?, started = ?, updated = ?"
                " WHERE id = ? AND status = 'lobby'",
                [dumps(state), version, dumps(setup), stamp, stamp, table_id])
            if cursor.rowcount != 1 or (seats is not None and not same_seats(self.seats(table_id), seats)):
                raise StaleWrite(table_id, 0)

    @_locked
    def record_action(self, table_id: int, seat: int, user_id: int | None, action: str, chance: list[int],
                      events: list[dict[str, Any]], state: dict[str, Any], version: int, *, expected: int,
                      clock: str | None = None, keep: Keep | None = None, earlier: Sequence[Logged] = (),
                      seats: Sequence[SeatWrite] = ()) -> int:
        """Append one applied action and the state after it (`version`), atomically, if the stored
        table is still at `expected` (the version the action was computed from); `StaleWrite`
        and nothing written otherwise. `clock`: the clock of the decision open after it (see
        `set_clock`), written with it. `keep`: the notices that tell it, kept in the outbox in
        the same transaction (their rows in `keep.ids`, and `keep.older` whether older rows of
        the channel still wait). `earlier`: actions applied before it since `expected` (the AI
        seats' answer is written with the move it answers), each logged as its own row and
        version in the same transaction. `seats`: the call's seat changes, written with it
        (`write_with`). Returns its seq."""
        stamp = now()
        # Plain SQL: this runs for every move of every game (an all-AI game makes thousands), and
        # sqlite-utils' insert/update introspect the table on each call. One statement per row
        # written: the table's row, the log row (its seq found by the insert itself) and the
        # outbox rows (one multi-row insert).
        with self.atomic():
            if keep is None:
                cursor = self.db.execute("UPDATE tables SET state = ?, version = ?, updated = ?, clock = ?"
                                         " WHERE id = ? AND version = ?",
                                         [dumps(state), version, stamp, clock, table_id, expected])
                if cursor.rowcount != 1:
                    raise StaleWrite(table_id, expected)
            else:  # whether older notices of the channel still wait, read before these are kept
                found = self.db.execute(
                    "UPDATE tables SET state = ?, version = ?, updated = ?, clock = ?, announced = ?"
                    " WHERE id = ? AND version = ? RETURNING EXISTS (SELECT 1 FROM outbox WHERE channel = ?)",
                    [dumps(state), version, stamp, clock, version, table_id, expected, keep.channel]).fetchone()
                if found is None:
                    raise StaleWrite(table_id, expected)
                keep.older = bool(found[0])
            logged = [*earlier, Logged(seat, user_id, action, chance, events, version)]
            for one in logged:
                row = self.db.execute(
                    "INSERT INTO actions (table_id, seq, seat, user_id, action, chance, events, version, time)"
                    " SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ?, ?, ? FROM actions WHERE table_id = ?"
                    " RETURNING seq",
                    [table_id, one.seat, one.user_id, one.action, dumps(one.chance), dumps(one.events), one.version,
                     stamp, table_id]).fetchone()
            write_with(self, table_id, expected, seats)
            if keep is not None:
                keep.ids = self._outbox_rows(table_id, keep.channel, version, keep.items, keep.hold, stamp,
                                             keep.claimer)
        return int(row[0])

    @_locked
    def finish(self, table_id: int, status: str, results: list[dict[str, Any]], *,
               rate: Update | None = None, shares: Sequence[dict[str, Any]] = ()) -> None:
        """Close a table with its results; `rate`: the ratings the game moves, read, computed and
        written in the same transaction (each result row gets its user's shown rating before and
        after); `shares`: its seats' earlier holders (`seat`, `user_id`, `name`, `share`, `winner`)."""
        stamp = now()
        with self.atomic():
            cursor = self.db.execute("UPDATE tables SET status = ?, finished = ?, updated = ? WHERE id = ?"
                                     " AND status IN ('lobby', 'active')", [status, stamp, stamp, table_id])
            if cursor.rowcount != 1:  # finished or cancelled already (by another process)
                raise StaleWrite(table_id, -1)
            rated = self._rate(rate, results, stamp) if rate is not None else None
            if results:
                self.db.table("results").insert_all([{**r, "table_id": table_id, "finished": stamp,
                                                      **rating_columns(rated, r)} for r in results], replace=True)
            if shares:
                guild_game = next(({"guild": r.get("guild"), "game": r.get("game")} for r in results), {})
                self.db.table("shares").insert_all([{**r, **guild_game, "table_id": table_id, "finished": stamp}
                                                    for r in shares], replace=True)

    def _rate(self, rate: Update, results: list[dict[str, Any]], stamp: str) -> Rated | None:
        users = rate.users
        marks = ", ".join("?" * len(users))
        rows = self.db.execute(f"SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild = ? AND game = ?"
                               f" AND user_id IN ({marks})", [rate.guild, rate.game, *users]).fetchall()
        rated = rate({int(r[0]): Rating(r[1], r[2], r[3], r[4]) for r in rows})
        if rated is None:
            return None
        names = {r.get("user_id"): r.get("name") for r in results}
        for user, new in rated.after.items():
            self.db.execute(
                "INSERT INTO ratings (guild, game, user_id, name, mu, sigma, games, wins, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild, game, user_id) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                " wins = excluded.wins, updated = excluded.updated",
                [rate.guild, rate.game, user, names.get(user), new.mu, new.sigma, new.games, new.wins, stamp])
        return rated

    # ------------------------------------------------------------------ reading
    @_locked
    def table_row(self, table_id: int) -> dict[str, Any] | None:
        rows = list(self.db["tables"].rows_where("id = ?", [table_id]))
        return rows[0] if rows else None

    @_locked
    def open_row(self, channel: int) -> dict[str, Any] | None:
        """The open (lobby or active) table of a channel, if any (one another process opened)."""
        rows = list(self.db["tables"].rows_where("channel = ? AND status IN ('lobby', 'active')", [channel],
                                                 order_by="id desc", limit=1))
        return rows[0] if rows else None

    @_locked
    def head(self, table_id: int) -> dict[str, Any] | None:
        """What a process checks of a table it holds before it changes it: the row's `status`,
        `version`, `host` and `clock`, and its `seats` (never the state: cheap)."""
        # One statement (this runs before every change): the row joined with its seats.
        cursor = self.db.execute("SELECT t.status, t.version, t.host, t.clock, s.* FROM tables t LEFT JOIN seats s"
                                 " ON s.table_id = t.id WHERE t.id = ? ORDER BY s.seat", [table_id])
        names = [c[0] for c in cursor.description][4:]
        rows = cursor.fetchall()
        if not rows:
            return None
        first = rows[0]
        seats = [dict(zip(names, r[4:], strict=True)) for r in rows if r[4] is not None]
        return {"status": first[0], "version": first[1], "host": first[2], "clock": first[3], "seats": seats}

    # ------------------------------------------------------------------ decision clocks
    @_locked
    def set_clock(self, table_id: int, at: int, clock: str | None) -> bool:
        """Store the clock of the decision open at version `at` (JSON text: `opened`, the version
        it opened at; `at`; `due`, when it runs out as a `time.time()`), or None: no clock runs.
        Only while the table is still at `at` (a slower process never overwrites a newer clock)."""
        with self.atomic():
            row = self.db.execute("SELECT clock FROM tables WHERE id = ? AND version = ?", [table_id, at]).fetchone()
            if row is None:
                return False
            self.db.execute("UPDATE tables SET clock = ? WHERE id = ? AND version = ?",
                            [merge_clock(row[0], clock), table_id, at])
        return True

    @_locked
    def queue_clock(self, table_id: int, at: int, clock: str) -> str | None:
        """Store the clock of a window while passes wait for its hold, merged with the one
        stored (`merge_queued`: another process's waiting passes in that window are kept), in
        one transaction; the clock written, or None when the table is no longer at `at`."""
        with self.atomic():
            row = self.db.execute("SELECT clock FROM tables WHERE id = ? AND version = ?", [table_id, at]).fetchone()
            if row is None:
                return None
            merged = merge_queued(row[0], clock)
            self.db.execute("UPDATE tables SET clock = ? WHERE id = ? AND version = ?", [merged, table_id, at])
        return merged

    @_locked
    def claim_clocks(self, now: float, lease: float, limit: int = 50) -> list[dict[str, Any]]:
        """The clocks that ran out by `now` and nobody holds, claimed for `lease` seconds (a
        process that dies holding one lets another take it after that): rows of `id`,
        `channel`, `at` (the version to expire) and `ai` (AI seats are to be played on, not a
        window); a window's hold that ended (`hold`) is due like its clock. One writer at a time
        (BEGIN IMMEDIATE)."""
        with self.atomic():
            rows = self.db.execute(
                "SELECT id, channel, version, COALESCE(json_extract(clock, '$.ai') <= ?, 0) FROM tables"
                " WHERE status = 'active' AND clock IS NOT NULL AND json_extract(clock, '$.at') = version"
                " AND (json_extract(clock, '$.due') <= ? OR json_extract(clock, '$.ai') <= ?"
                " OR json_extract(clock, '$.hold') <= ?)"
                " AND COALESCE(json_extract(clock, '$.claimed'), 0) <= ? ORDER BY id LIMIT ?",
                [now, now, now, now, now, limit]).fetchall()
            for row in rows:
                self.db.execute("UPDATE tables SET clock = json_set(clock, '$.claimed', ?) WHERE id = ?",
                                [now + lease, row[0]])
        return [{"id": r[0], "channel": r[1], "at": r[2], "ai": bool(r[3])} for r in rows]

    @_locked
    def claim_clock(self, table_id: int, at: int, now: float, lease: float) -> bool:
        """Claim the clock of the table at version `at` for `lease` seconds, whenever it is due
        (a process's own timer): False when the table moved on or another process holds it."""
        with self.atomic():
            cursor = self.db.execute(
                "UPDATE tables SET clock = json_set(COALESCE(clock, '{}'), '$.at', ?, '$.claimed', ?)"
                " WHERE id = ? AND status = 'active' AND version = ? AND NOT (clock IS NOT NULL"
                " AND COALESCE(json_extract(clock, '$.at'), -1) = ?"
                " AND COALESCE(json_extract(clock, '$.claimed'), 0) > ?)",
                [at, now + lease, table_id, at, at, now])
        return cursor.rowcount == 1

    # ------------------------------------------------------------------ half-time reminders
    @_locked
    def due_reminders(self, now: float, limit: int = 50) -> list[dict[str, Any]]:
        """The decisions whose half-time reminder (`remind` in the clock, a `time.time()`) is due
        by `now` and not sent yet, at any active table: rows of `id`, `channel`, `at` (the table's
        version) and `opened` (the version the decision opened at). Nothing is claimed: `claim_reminder` does that."""
        rows = self.db.execute(
            "SELECT t.id, t.channel, t.version, json_extract(t.clock, '$.opened') FROM tables t"
            " WHERE t.status = 'active' AND t.clock IS NOT NULL AND json_extract(t.clock, '$.at') = t.version"
            " AND json_extract(t.clock, '$.remind') <= ? AND NOT EXISTS (SELECT 1 FROM reminders r"
            " WHERE r.table_id = t.id AND r.opened = json_extract(t.clock, '$.opened')) ORDER BY t.id LIMIT ?",
            [now, limit]).fetchall()
        return [{"id": r[0], "channel": r[1], "at": r[2], "opened": r[3]} for r in rows]

    @_locked
    def claim_reminder(self, table_id: int, opened: int) -> bool:
        """Claim the half-time reminder of the table's decision opened at version `opened`: True
        for exactly one caller, ever (the others find it sent). The table's older decisions'
        rows are dropped meanwhile: only the decision open now can still be reminded of."""
        with self.atomic():
            cursor = self.db.execute("INSERT OR IGNORE INTO reminders (table_id, opened, sent) VALUES (?, ?, ?)",
                                     [table_id, opened, now()])
            self.db.execute("DELETE FROM reminders WHERE table_id = ? AND opened < ?", [table_id, opened])
        return cursor.rowcount == 1

    # ------------------------------------------------------------------ per-user settings
    @_locked
    def user_settings(self, user_id: int) -> dict[str, Any]:
        """A user's own settings (`{}` for one who never set any)."""
        row = self.db.execute("SELECT settings FROM user_settings WHERE user_id = ?", [user_id]).fetchone()
        found = loads(row[0]) if row else None
        return found if isinstance(found, dict) else {}

    @_locked
    def set_user_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]:
        """Change some of a user's settings (the others stay); returns them all."""
        with self.atomic():
            settings = {**self.user_settings(user_id), **changes}
            self.db.execute("INSERT INTO user_settings (user_id, settings, updated) VALUES (?, ?, ?)"
                            " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings,"
                            " updated = excluded.updated", [user_id, dumps(settings), now()])
        return settings

    @_locked
    def last_row(self, channel: int, status: str | None = None) -> dict[str, Any] | None:
        """The newest table of a channel, whatever its status (a finished game's export), or the
        newest with `status` (the last game played there: `finished`)."""
        where, params = ("channel = ?", [channel]) if status is None else ("channel = ? AND status = ?",
                                                                           [channel, status])
        rows = list(self.db["tables"].rows_where(where, params, order_by="id desc", limit=1))
        return rows[0] if rows else None

    # ------------------------------------------------------------------ rematch windows, welcomes
    @_locked
    def rematch_add(self, table_id: int, channel: int, previous: int, invited: str, ends: float) -> None:
        """A rematch lobby's window: `invited` (JSON text: the previous game's humans asked back,
        with their seats) may join until `ends` (a `time.time()`)."""
        with self.atomic():
            self.db.execute("INSERT OR REPLACE INTO rematches (table_id, channel, previous, invited, ends, done)"
                            " VALUES (?, ?, ?, ?, ?, 0)", [table_id, channel, previous, invited, ends])

    @_locked
    def rematch_window(self, table_id: int) -> dict[str, Any] | None:
        rows = list(self.db.execute_returning_dicts("SELECT * FROM rematches WHERE table_id = ?", [table_id]))
        return rows[0] if rows else None

    @_locked
    def rematch_invite(self, table_id: int, invited: str) -> None:
        """Who is still invited (one who joined and left again is no longer)."""
        with self.atomic():
            self.db.execute("UPDATE rematches SET invited = ? WHERE table_id = ?", [invited, table_id])

    @_locked
    def rematch_close(self, table_id: int) -> bool:
        """Close a window: True for the one caller that closed it (every process may try; one acts)."""
        with self.atomic():
            cursor = self.db.execute("UPDATE rematches SET done = 1 WHERE table_id = ? AND done = 0", [table_id])
        return cursor.rowcount == 1

    @_locked
    def rematch_open(self, due: float | None = None) -> list[dict[str, Any]]:
        """The windows still open (`due`: only those that end by then), oldest first."""
        query = "SELECT * FROM rematches WHERE done = 0" + ("" if due is None else " AND ends <= ?")
        return list(self.db.execute_returning_dicts(query + " ORDER BY table_id", [] if due is None else [due]))

    @_locked
    def insight(self, table_id: int) -> str | None:
        """A finished game's insight as kept (JSON text), or None before it is worked out."""
        row = self.db.execute("SELECT figures FROM insights WHERE table_id = ?", [table_id]).fetchone()
        return str(row[0]) if row else None

    @_locked
    def keep_insight(self, table_id: int, data: str) -> str:
        """Keep a game's insight unless one is kept already (two processes that worked it out at
        once keep the first); returns the one kept."""
        with self.atomic():
            self.db.execute("INSERT OR IGNORE INTO insights (table_id, figures, at) VALUES (?, ?, ?)",
                            [table_id, data, now()])
        return self.insight(table_id) or data

    @_locked
    def welcome(self, guild: int) -> bool:
        """Note that `guild` is welcomed: True for the one caller that noted it first."""
        with self.atomic():
            cursor = self.db.execute("INSERT OR IGNORE INTO welcomes (guild, at) VALUES (?, ?)", [guild, now()])
        return cursor.rowcount == 1

    @_locked
    def unwelcome(self, guild: int) -> None:
        """Forget a welcome that could not be posted (a later join tries again)."""
        with self.atomic():
            self.db.execute("DELETE FROM welcomes WHERE guild = ?", [guild])

    # ------------------------------------------------------------------ live messages
    @_locked
    def live_post(self, table_id: int) -> dict[str, Any] | None:
        """The table's live message (`notices.LivePost.to_row`), or None."""
        rows = list(self.db.execute_returning_dicts("SELECT * FROM live_posts WHERE table_id = ?", [table_id]))
        return rows[0] if rows else None

    @_locked
    def live_keep(self, row: dict[str, Any]) -> bool:
        """Note the table's live message, unless the one noted is for a newer version (a delivery
        that ended late never takes the place of a newer message): True when written."""
        names = LIVE_COLUMNS
        with self.atomic():
            cursor = self.db.execute(
                f"INSERT INTO live_posts ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})"
                f" ON CONFLICT (table_id) DO UPDATE SET"
                f" {', '.join(f'{n} = excluded.{n}' for n in names[1:])}"
                " WHERE live_posts.version <= excluded.version", [row[n] for n in names])
        return cursor.rowcount == 1

    # ------------------------------------------------------------------ turn inboxes
    @_locked
    def inbox_wait(self, table_id: int, version: int, waits: dict[int, str | None]) -> list[int]:
        """Note table `table_id`'s wait on each of these users as of `version` (JSON text, None:
        it waits on them no more); a row noted for a newer version stays. Returns the users whose
        wait reads otherwise than before."""
        if not waits:
            return []
        with self.atomic():
            marks = ", ".join("?" for _ in waits)
            stored = {int(r[0]): (int(r[1]), r[2]) for r in self.db.execute(
                f"SELECT user_id, version, wait FROM inbox_waits WHERE table_id = ? AND user_id IN ({marks})",
                [table_id, *waits]).fetchall()}
            write, changed = changed_waits(stored, version, waits)
            for user in write:
                self.db.execute("INSERT INTO inbox_waits (user_id, table_id, version, wait) VALUES (?, ?, ?, ?)"
                                " ON CONFLICT (user_id, table_id) DO UPDATE SET version = excluded.version,"
                                " wait = excluded.wait", [user, table_id, version, waits[user]])
        return changed

    @_locked
    def inbox_waiting(self, user_id: int) -> list[dict[str, Any]]:
        """The waits on a user of the tables in play (rows of `table_id`, `version`, `wait`), by table."""
        return list(self.db.execute_returning_dicts(
            "SELECT w.table_id, w.version, w.wait FROM inbox_waits w JOIN tables t ON t.id = w.table_id"
            " WHERE w.user_id = ? AND w.wait IS NOT NULL AND t.status = 'active' ORDER BY w.table_id", [user_id]))

    @_locked
    def inbox_row(self, user_id: int) -> dict[str, Any] | None:
        """A user's inbox message (`INBOX_COLUMNS` and `rev`), or None."""
        rows = list(self.db.execute_returning_dicts("SELECT * FROM inboxes WHERE user_id = ?", [user_id]))
        return rows[0] if rows else None

    @_locked
    def inbox_keep(self, row: dict[str, Any], rev: int) -> bool:
        """Note a user's inbox message if its row is still at `rev` (0: none yet), moving it to
        `rev + 1`: True when written, False when another writer got there first."""
        names = INBOX_COLUMNS
        with self.atomic():
            if rev == 0:
                cursor = self.db.execute(
                    f"INSERT OR IGNORE INTO inboxes ({', '.join(names)}, rev)"
                    f" VALUES ({', '.join('?' for _ in names)}, 1)", [row.get(n) for n in names])
            else:
                cursor = self.db.execute(
                    f"UPDATE inboxes SET {', '.join(f'{n} = ?' for n in names[1:])}, rev = rev + 1"
                    " WHERE user_id = ? AND rev = ?", [*(row.get(n) for n in names[1:]), row["user_id"], rev])
        return cursor.rowcount == 1

    # ------------------------------------------------------------------ the outbox
    @_locked
    def outbox_add(self, table_id: int, channel: int, version: int,
                   items: Sequence[tuple[str, bytes | None]], *, hold: float = 0.0,
                   claimer: str | None = None, seats: Sequence[SeatWrite] = (),
                   reminder: int | None = None) -> list[int]:
        """Keep a call's notices (JSON text, image) until they are delivered, and note that the
        table's notices up to `version` are queued. Returns their row ids, in order. `hold`: not
        due before then (a `time.time()`): the writer, `claimer`, sends them itself meanwhile
        (processes sharing a database); if it dies first, they are due then for anyone. `seats`,
        `reminder`: the call's seat changes and the reminder it sends, written and claimed with
        them (`write_with`)."""
        with self.atomic():
            write_with(self, table_id, version, seats, reminder)
            ids = self._outbox_rows(table_id, channel, version, items, hold, now(), claimer)
            self.db.execute("UPDATE tables SET announced = ? WHERE id = ?", [version, table_id])
        return ids

    def _outbox_rows(self, table_id: int, channel: int, version: int, items: Sequence[tuple[str, bytes | None]],
                     hold: float, stamp: str, claimer: str | None = None) -> list[int]:
        return outbox_rows(self.db.execute, "(?, ?, ?, ?, ?, ?, ?, ?)", table_id, channel, version, items, hold,
                           stamp, claimer)

    @_locked
    def outbox_due(self, at: float, channel: int | None = None, before: int | None = None, *,
                   claim: float | None = None, claimer: str | None = None, mine: Iterable[int] = (),
                   shards: Shards | None = None) -> list[dict[str, Any]]:
        """Notices waiting for delivery, oldest first: those due by `at` (a `time.time()`), or
        every one of `channel` (a new notice there goes out after the older ones) kept before row
        `before` (the new notices themselves are not read back). `claim` (processes sharing a
        database): in each channel (`channel`, else every channel with a row due, of `shards`
        only when given: `shard_filter`) the rows `claimable` takes, oldest first, each then held
        by `claimer` for `claim` seconds (this process sends them; nobody else takes them
        meanwhile); `mine`: the rows `claimer` holds as their writer, which it takes too (they come back without
        their notice and image: it has them at hand)."""
        columns = "o.id, o.table_id, o.channel, o.version, o.notice, o.image, o.attempts"
        if claim is None:
            where, params = ("o.channel = ?", [channel]) if channel is not None else ("o.next_try <= ?", [at])
            if before is not None:
                where, params = f"{where} AND o.id < ?", [*params, before]
            return self._rows(f"SELECT {columns} FROM outbox o WHERE {where} ORDER BY o.id", params)
        with self.atomic():
            if channel is not None:
                channels = [channel]
            else:
                extra, params = shard_filter(shards, "?")
                channels = [r["channel"] for r in self._rows(
                    "SELECT DISTINCT o.channel FROM outbox o LEFT JOIN tables t ON t.id = o.table_id"
                    f" WHERE o.next_try <= ?{extra}", [at, *params])]
            if not channels:
                return []
            rows = self._rows("SELECT o.id, o.table_id, o.channel, o.version, o.attempts, o.next_try, o.claimer"
                              f" FROM outbox o WHERE o.channel IN ({', '.join('?' * len(channels))})"
                              " ORDER BY o.channel, o.id", channels)
            taken = claimable(rows, at, claimer, mine, before)
            self.db.conn.executemany("UPDATE outbox SET next_try = ?, claimer = ? WHERE id = ?",
                                     [[at + claim, claimer, r["id"]] for r in taken])
            # The notices themselves (with their images), but not those of the claimer's own rows:
            # it has them at hand.
            own = set(mine)
            read = [r["id"] for r in taken if r["id"] not in own]
            marks = ", ".join("?" * len(read))
            bodies = {row["id"]: row for row in self._rows(
                f"SELECT id, notice, image FROM outbox WHERE id IN ({marks})", read)} if read else {}
        return [{**r, "notice": bodies.get(r["id"], {}).get("notice"), "image": bodies.get(r["id"], {}).get("image")}
                for r in sorted(taken, key=lambda r: r["id"])]

    def _rows(self, query: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        cursor = self.db.execute(query, list(params))
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @_locked
    def outbox_release(self, ids: Iterable[int], claimer: str, at: float) -> None:
        """Rows `claimer` holds but will not send (another's older notice holds their channel up,
        or its channel is another process's): due again at `at`, held by nobody."""
        with self.atomic():
            self.db.conn.executemany("UPDATE outbox SET next_try = ?, claimer = NULL WHERE id = ? AND claimer = ?",
                                     [[at, i, claimer] for i in ids])

    @_locked
    def outbox_next(self) -> float | None:
        """When the next waiting notice is due (a `time.time()`), or None when none waits."""
        row = self.db.execute("SELECT MIN(next_try) FROM outbox").fetchone()
        return float(row[0]) if row and row[0] is not None else None

    @_locked
    def outbox_done(self, ids: Iterable[int], at: float | None = None) -> dict[int, str]:
        """These notices were delivered: forget them. With `at` (when), an outage open ends,
        and the clock of each of their tables whose decision's notices are all delivered now
        starts (`heard_clock`): the clocks changed, by table."""
        ids = list(ids)
        changed: dict[int, str] = {}
        with self.atomic():
            tables = [] if at is None else [r[0] for r in self.db.execute(
                f"SELECT DISTINCT table_id FROM outbox WHERE id IN ({','.join('?' * len(ids))})", ids).fetchall()]
            self.db.conn.executemany("DELETE FROM outbox WHERE id = ?", [[i] for i in ids])
            if at is None:
                return changed
            self.db.execute("UPDATE outages SET ended = ? WHERE ended IS NULL", [at])
            for table_id in tables:
                row = self.db.execute("SELECT clock, channel, version FROM tables WHERE id = ? AND status = 'active'",
                                      [table_id]).fetchone()
                found = loads(row[0]) if row is not None and row[0] else None
                if not isinstance(found, dict) or found.get("at") != row[2] \
                        or self.undelivered(table_id, row[1], int(found.get("opened", row[2]))):
                    continue
                text = heard_clock(row[0], at)
                if text is not None:
                    self.db.execute("UPDATE tables SET clock = ? WHERE id = ? AND version = ?",
                                    [text, table_id, row[2]])
                    changed[table_id] = text
        return changed

    @_locked
    def outage(self, at: float) -> None:
        """Notices could not be delivered at `at`: an outage begins, unless one is open."""
        with self.atomic():
            if self.db.execute("SELECT 1 FROM outages WHERE ended IS NULL").fetchone() is None:
                self.db.execute("INSERT INTO outages (started, ended) VALUES (?, NULL)", [at])

    @_locked
    def outages(self, since: float) -> list[tuple[float, float | None]]:
        """The outages that ended after `since` or are still open (ended None), oldest first."""
        return [(float(r[0]), None if r[1] is None else float(r[1])) for r in self.db.execute(
            "SELECT started, ended FROM outages WHERE ended IS NULL OR ended > ? ORDER BY started", [since])]

    @_locked
    def heartbeat(self, at: float, gap: float = OUTAGE_GAP) -> float | None:
        """A process is alive at `at`: when none was for more than `gap` seconds before (Gavel
        was down, or restarted), that time is stored as an outage; returns when the last
        heartbeat before was, or None."""
        with self.atomic():
            row = self.db.execute("SELECT at FROM heartbeat WHERE id = 1").fetchone()
            last = None if row is None else float(row[0])
            if last is not None and at - last > gap:
                self.db.execute("INSERT INTO outages (started, ended) VALUES (?, ?)", [last, at])
                self.db.execute("DELETE FROM outages WHERE ended IS NOT NULL AND ended < ?", [at - 90 * 86400])
            self.db.execute("INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE"
                            " SET at = MAX(heartbeat.at, excluded.at)", [at])
        return last

    @_locked
    def outbox_later(self, ids: Iterable[int], at: float, backoff: Callable[[int], float]) -> None:
        """These notices could not be delivered: try again at `at + backoff(attempts so far)`."""
        with self.atomic():
            for i in ids:
                row = self.db.execute("SELECT attempts FROM outbox WHERE id = ?", [i]).fetchone()
                if row is not None:
                    attempts = int(row[0]) + 1
                    self.db.execute("UPDATE outbox SET attempts = ?, next_try = ?, claimer = NULL WHERE id = ?",
                                    [attempts, at + backoff(attempts), i])

    @_locked
    def open_rows(self) -> list[dict[str, Any]]:
        return list(self.db["tables"].rows_where("status IN ('lobby', 'active')", order_by="id"))

    @_locked
    def unannounced_rows(self) -> list[dict[str, Any]]:
        """The open tables with actions saved but never queued for their channel (a process
        stopped in between): what a lazy start-up loads (`TableService.restore(lazy=True)`)."""
        return list(self.db["tables"].rows_where(
            "status IN ('lobby', 'active') AND announced IS NOT NULL AND version > announced", order_by="id"))

    @_locked
    def seats(self, table_id: int) -> list[dict[str, Any]]:
        cursor = self.db.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", [table_id])
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @_locked
    def open_seats(self) -> dict[int, list[dict[str, Any]]]:
        """The seats of every open table (lobby or active) by table id, in seat order: one query
        for a whole start-up, rather than `seats` once per table."""
        cursor = self.db.execute("SELECT seats.* FROM seats JOIN tables ON tables.id = seats.table_id"
                                 " WHERE tables.status IN ('lobby', 'active') ORDER BY seats.table_id, seats.seat")
        names = [d[0] for d in cursor.description]
        found: dict[int, list[dict[str, Any]]] = {}
        for values in cursor.fetchall():
            row = dict(zip(names, values, strict=True))
            found.setdefault(row["table_id"], []).append(row)
        return found

    @_locked
    def wanted_seats(self, guild: int | None) -> list[dict[str, Any]]:
        """The away seats offered to a new player at the server's tables in play (`/games open`):
        `table_id`, `channel`, `game`, `variant`, `seat`, `name`, oldest table first."""
        cursor = self.db.execute(
            "SELECT tables.id AS table_id, tables.channel, tables.game, tables.variant, seats.seat, seats.name"
            " FROM seats JOIN tables ON tables.id = seats.table_id WHERE tables.guild IS ? AND tables.status = 'active'"
            " AND COALESCE(seats.wanted, 0) = 1 AND COALESCE(seats.away, 0) = 1 ORDER BY tables.id, seats.seat",
            [guild])
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @_locked
    def actions(self, table_id: int, last: int | None = None) -> list[dict[str, Any]]:
        """The log in order (all of it, or the `last` n rows). A `last` past what SQLite's LIMIT
        holds (a signed 64-bit integer) is the whole log, which is what asking for more rows
        than exist means, not an error."""
        if last is None or last > SQLITE_INT_MAX:
            return list(self.db["actions"].rows_where("table_id = ?", [table_id], order_by="seq"))
        rows = list(self.db["actions"].rows_where("table_id = ?", [table_id], order_by="seq desc", limit=last))
        return rows[::-1]

    @_locked
    def seats_that_acted(self, table_id: int) -> set[int]:
        """The seats with at least one action in the table's log."""
        return {int(r[0]) for r in self.db.execute("SELECT DISTINCT seat FROM actions WHERE table_id = ?", [table_id])}

    @_locked
    def results(self, table_id: int) -> list[dict[str, Any]]:
        return list(self.db["results"].rows_where("table_id = ?", [table_id], order_by="seat"))

    @_locked
    def user_results(self, user_id: int, guild: int | None = None) -> list[dict[str, Any]]:
        if guild is None:
            return list(self.db["results"].rows_where("user_id = ?", [user_id]))
        return list(self.db["results"].rows_where("user_id = ? AND guild = ?", [user_id, guild]))

    @_locked
    def record(self, user_id: int, guild: int | None) -> dict[str, Any]:
        """A player's record on a server (`record_queries`): `games`, `resigned`, `abandoned`,
        `acted` (their own actions timed) and `average` (seconds to act; None before any)."""
        (counts, params), (times, more) = record_queries(
            "?", "(julianday(a.time) - julianday(p.time)) * 86400.0", user_id, guild)
        return record_row(self._rows(counts, params)[0], self._rows(times, more)[0])

    @_locked
    def block(self, user_id: int, blocked: int) -> bool:
        """`user_id` blocks `blocked` from their tables; False when they had already."""
        with self.atomic():
            cursor = self.db.execute("INSERT OR IGNORE INTO blocks (user_id, blocked, at) VALUES (?, ?, ?)",
                                     [user_id, blocked, now()])
        return cursor.rowcount == 1

    @_locked
    def unblock(self, user_id: int, blocked: int) -> bool:
        """`user_id` lifts their block on `blocked`; False when there was none."""
        with self.atomic():
            cursor = self.db.execute("DELETE FROM blocks WHERE user_id = ? AND blocked = ?", [user_id, blocked])
        return cursor.rowcount == 1

    @_locked
    def blocks_between(self, user_id: int, others: Sequence[int]) -> list[dict[str, Any]]:
        """The blocks between `user_id` and any of `others`, either way (rows of `user_id`, `blocked`)."""
        if not others:
            return []
        marks = ", ".join("?" * len(others))
        return self._rows(f"SELECT user_id, blocked FROM blocks WHERE (user_id = ? AND blocked IN ({marks}))"
                          f" OR (blocked = ? AND user_id IN ({marks}))", [user_id, *others, user_id, *others])

    @_locked
    def undelivered(self, table_id: int, channel: int, version: int) -> bool:
        """Whether a notice of the table kept at `version` or before still waits in the outbox
        (a delivered one's row is gone, `outbox_done`): what told a decision opened then may not
        have reached its players."""
        return self.db.execute("SELECT 1 FROM outbox WHERE channel = ? AND table_id = ? AND version <= ? LIMIT 1",
                               [channel, table_id, version]).fetchone() is not None

    # ------------------------------------------------------------------ ratings and history
    @_locked
    def ratings(self, guild: int, game: str | None = None, user_id: int | None = None,
                limit: int | None = None) -> list[dict[str, Any]]:
        """Rating rows (`guild`, `game`, `user_id`, `name`, `mu`, `sigma`, `games`, `wins`,
        `updated`) of a server, of one game and/or one user, best first (by `mu - 3 sigma`)."""
        cursor = self.db.execute(*ratings_query("?", guild, game, user_id, limit))
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @_locked
    def finished_rows(self, guild: int | None, limit: int = 10, offset: int = 0) -> list[dict[str, Any]]:
        """A server's finished games, newest first: rows of `id`, `guild`, `channel`, `game`,
        `variant`, `started`, `finished` (never the state)."""
        cursor = self.db.execute(*finished_query("?", guild, limit, offset))
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


# ---------------------------------------------------------------------- either store
class TableStore(Protocol):
    """What the service asks of its database, whichever it is (`Store`, `PgStore`). Rows are
    dicts of their columns; JSON columns hold JSON text, times ISO-8601 text."""

    path: str

    def close(self) -> None: ...
    @property
    def schema(self) -> int: ...
    def insert_table(self, row: dict[str, Any]) -> int: ...
    def create_table(self, row: dict[str, Any], seats: Iterable[dict[str, Any]], *, alone: bool = False) -> int: ...
    def update_table(self, table_id: int, **fields: Any) -> None: ...
    def save_seats(self, table_id: int, seats: Iterable[dict[str, Any]], *, host: int | None = None,
                   expected: list[dict[str, Any]] | None = None, status: str | None = None) -> None: ...
    def update_seat(self, table_id: int, seat: int, fields: dict[str, Any], *,
                    expected: dict[str, Any] | None = None) -> bool: ...
    def start(self, table_id: int, state: dict[str, Any], version: int, setup: list[int], *,
              seats: list[dict[str, Any]] | None = None) -> None: ...
    def record_action(self, table_id: int, seat: int, user_id: int | None, action: str, chance: list[int],
                      events: list[dict[str, Any]], state: dict[str, Any], version: int, *, expected: int,
                      clock: str | None = None, keep: Keep | None = None, earlier: Sequence[Logged] = (),
                      seats: Sequence[SeatWrite] = ()) -> int: ...
    def finish(self, table_id: int, status: str, results: list[dict[str, Any]], *,
               rate: Update | None = None, shares: Sequence[dict[str, Any]] = ()) -> None: ...
    def table_row(self, table_id: int) -> dict[str, Any] | None: ...
    def open_row(self, channel: int) -> dict[str, Any] | None: ...
    def head(self, table_id: int) -> dict[str, Any] | None: ...
    def others_mark(self) -> Hashable | None: ...
    def set_clock(self, table_id: int, at: int, clock: str | None) -> bool: ...
    def queue_clock(self, table_id: int, at: int, clock: str) -> str | None: ...
    def claim_clocks(self, now: float, lease: float, limit: int = 50) -> list[dict[str, Any]]: ...
    def claim_clock(self, table_id: int, at: int, now: float, lease: float) -> bool: ...
    def due_reminders(self, now: float, limit: int = 50) -> list[dict[str, Any]]: ...
    def claim_reminder(self, table_id: int, opened: int) -> bool: ...
    def user_settings(self, user_id: int) -> dict[str, Any]: ...
    def set_user_settings(self, user_id: int, changes: dict[str, Any]) -> dict[str, Any]: ...
    def last_row(self, channel: int, status: str | None = None) -> dict[str, Any] | None: ...
    def rematch_add(self, table_id: int, channel: int, previous: int, invited: str, ends: float) -> None: ...
    def rematch_window(self, table_id: int) -> dict[str, Any] | None: ...
    def rematch_invite(self, table_id: int, invited: str) -> None: ...
    def rematch_close(self, table_id: int) -> bool: ...
    def rematch_open(self, due: float | None = None) -> list[dict[str, Any]]: ...
    def insight(self, table_id: int) -> str | None: ...
    def keep_insight(self, table_id: int, data: str) -> str: ...
    def welcome(self, guild: int) -> bool: ...
    def unwelcome(self, guild: int) -> None: ...
    def live_post(self, table_id: int) -> dict[str, Any] | None: ...
    def live_keep(self, row: dict[str, Any]) -> bool: ...
    def inbox_wait(self, table_id: int, version: int, waits: dict[int, str | None]) -> list[int]: ...
    def inbox_waiting(self, user_id: int) -> list[dict[str, Any]]: ...
    def inbox_row(self, user_id: int) -> dict[str, Any] | None: ...
    def inbox_keep(self, row: dict[str, Any], rev: int) -> bool: ...
    def outbox_add(self, table_id: int, channel: int, version: int,
                   items: Sequence[tuple[str, bytes | None]], *, hold: float = 0.0,
                   claimer: str | None = None, seats: Sequence[SeatWrite] = (),
                   reminder: int | None = None) -> list[int]: ...
    def outbox_due(self, at: float, channel: int | None = None, before: int | None = None, *,
                   claim: float | None = None, claimer: str | None = None, mine: Iterable[int] = (),
                   shards: Shards | None = None) -> list[dict[str, Any]]: ...
    def outbox_release(self, ids: Iterable[int], claimer: str, at: float) -> None: ...
    def outbox_next(self) -> float | None: ...
    def outbox_done(self, ids: Iterable[int], at: float | None = None) -> dict[int, str]: ...
    def outage(self, at: float) -> None: ...
    def outages(self, since: float) -> list[tuple[float, float | None]]: ...
    def heartbeat(self, at: float, gap: float = ...) -> float | None: ...
    def outbox_later(self, ids: Iterable[int], at: float, backoff: Callable[[int], float]) -> None: ...
    def open_rows(self) -> list[dict[str, Any]]: ...
    def unannounced_rows(self) -> list[dict[str, Any]]: ...
    def seats(self, table_id: int) -> list[dict[str, Any]]: ...
    def open_seats(self) -> dict[int, list[dict[str, Any]]]: ...
    def wanted_seats(self, guild: int | None) -> list[dict[str, Any]]: ...
    def actions(self, table_id: int, last: int | None = None) -> list[dict[str, Any]]: ...
    def seats_that_acted(self, table_id: int) -> set[int]: ...
    def results(self, table_id: int) -> list[dict[str, Any]]: ...
    def user_results(self, user_id: int, guild: int | None = None) -> list[dict[str, Any]]: ...
    def ratings(self, guild: int, game: str | None = None, user_id: int | None = None,
                limit: int | None = None) -> list[dict[str, Any]]: ...
    def finished_rows(self, guild: int | None, limit: int = 10, offset: int = 0) -> list[dict[str, Any]]: ...
    def record(self, user_id: int, guild: int | None) -> dict[str, Any]: ...
    def block(self, user_id: int, blocked: int) -> bool: ...
    def unblock(self, user_id: int, blocked: int) -> bool: ...
    def blocks_between(self, user_id: int, others: Sequence[int]) -> list[dict[str, Any]]: ...
    def undelivered(self, table_id: int, channel: int, version: int) -> bool: ...


# ---------------------------------------------------------------------- outside the Store
def read_only(path: str | Path) -> sqlite3.Connection:
    """A read-only connection that takes no Gavel lock and changes nothing (no migration): for
    `--check-db` and `--backup`, which must work beside a running bot."""
    file = Path(path)
    if not file.is_file():
        raise StoreError(f"{path}: no such database file")
    return sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)


def backup(source: str | Path, target: str | Path) -> None:
    """Copy the live database `source` to `target` with SQLite's online backup API: a consistent
    copy even while the bot writes (WAL readers never block the writer). A PostgreSQL database
    is refused: PostgreSQL's own `pg_dump` makes its consistent copy while the bot runs."""
    if is_postgres(source):
        raise StoreError(f"{redacted(source)} is a PostgreSQL database: --backup copies SQLite files only."
                         " Back it up with PostgreSQL's own tool while the bot runs, e.g."
                         f" `pg_dump --format=custom --file {target} <the GAVEL_DB URL>`"
                         " (and restore it with `pg_restore`).")
    if Path(target).resolve() == Path(source).resolve():
        raise StoreError(f"{target}: the backup cannot be the database itself")
    src = read_only(source)
    try:
        dst = sqlite3.connect(str(target))
        try:
            src.backup(dst)
        finally:
            dst.close()
    except sqlite3.Error as exc:
        raise StoreError(f"backing up {source} to {target} failed: {exc}") from exc
    finally:
        src.close()
