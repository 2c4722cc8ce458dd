"""How Gavel scales with worker processes and with saved tables; prints one JSON object.

    python bench/scale.py [--quick] [--backends sqlite,postgresql] [--game dads_army]
                          [--processes 1,2,4] [--tables 20] [--actions 400] [--startup-tables 10000]

For each store backend (a SQLite file; PostgreSQL at `--pg`, in a new schema per measurement,
dropped afterwards and listed in `schemas_dropped`):

- **Throughput with images.** 1, 2 and 4 worker processes (`--processes`), each a bot-like
  process with its own `TableService` on the shared database, each playing its own `--tables`
  tables of `--game` whose seats are all humans, one action after another, round the tables,
  for `--actions` actions. The humans' moves are chosen by the game's AI (the plug-in's
  `ai`) and sent through `service.act`, so every action is applied, written to the database,
  its board drawn by the real renderer (and a hidden-information game's hands) and its notices
  kept in the outbox, as in the bot. A finished game is replaced by a new one at its table
  (`games_finished`; that set-up is inside the timed window). Per process count:
  `actions_per_s` (all workers' actions over the wall time from the common start to the
  last worker's end) beside `actions_per_cpu_s` (over the CPU seconds the workers report,
  `time.process_time`, render threads included), `wall_s`, `cpu_s`, `driver_ai_cpu_s` (the
  part of that CPU the simulated players spent choosing their moves: not the service's work)
  and, for PostgreSQL on this machine, `db_server_cpu_s` (the server processes serving the
  workers' connections, read from /proc; null where they cannot be read).
- **Latency of one action** in each of those runs: `act_ms` (`service.act` end to end: apply,
  render, database write, outbox) as p50 / p95 by the wall clock, and `act_cpu_ms` by the
  acting process's CPU time.
- **Start-up with many saved tables.** `--startup-tables` tables (every other one a lobby, the
  rest active tables with a freshly set-up state) are written straight through the store, a
  few hundred per transaction; then a new process times a new `TableService(location)` and
  its `restore()`: `open_s` / `open_cpu_s` and `restore_s` / `restore_cpu_s` (wall / CPU),
  the tables restored and the process's peak resident memory (`max_rss_mb`); `lazy`: the same
  for a start-up that loads tables on first touch (`restore(lazy=True)`, shared mode).

SQLite allows one process per file (the store's `DatabaseInUse` lock), so its throughput is
measured with one process only (the JSON says so in its `note`). Every worker runs in a
process of its own (spawned, so nothing is shared but the database); the processes start
together after they have set up their tables and warmed their renderers (one action per
table, not counted). Quote the numbers with the command and how busy the machine was: the
CPU figures are what a busy machine inflates less. Tests assert no time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import resource
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, LiteralString
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.service import Player, TableService
from gavel.tables.store import dumps, is_postgres, redacted
from gavel.tables.stores import open_store
from gavel.tables.table import SeatInfo, stored_config
from rules import registry
from rules.core import SeededChance

DEFAULT_PG = os.environ.get("GAVEL_TEST_PG") or "postgresql://postgres@127.0.0.1:5432/test"
"""The PostgreSQL server used by default: the tests' (`tests/tables/backends.py`)."""
SQLITE_NOTE = ("SQLite allows one Gavel process per database file (the store holds an flock on"
               " <db>.lock; a second process gets DatabaseInUse), so its throughput is measured with one"
               " process only")
CHANNELS_PER_WORKER = 1_000_000
"""Worker `w` plays in channels `w * CHANNELS_PER_WORKER + i` (and its players have user ids there)."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def spread(samples: list[float]) -> dict[str, float]:
    """p50 / p95 of millisecond samples, and how many there were."""
    return {"p50": round(statistics.median(samples), 2) if samples else 0.0,
            "p95": round(percentile(samples, 0.95), 2), "n": len(samples)}


def seats_for(key: str, wanted: int | None) -> int:
    """Seats at each table: `wanted` within the game's range, else one more than its least."""
    info = registry.plugin(key).game.info
    return max(info.min_seats, min(info.max_seats, wanted if wanted else info.min_seats + 1))


# ---------------------------------------------------------------------- where the data lives
def _admin(url: str, statement: LiteralString, schema: str) -> None:
    """Run `statement` with `schema`'s name quoted in its `{}`."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
        conn.execute(sql.SQL(statement).format(sql.Identifier(schema)))


@contextlib.contextmanager
def database(backend: str, pg_url: str, name: str, made: list[str]) -> Iterator[str]:
    """A new empty database for one measurement: a SQLite file in a temporary folder, or a
    PostgreSQL schema of its own (named in the URL's `search_path`, added to `made`), dropped
    afterwards."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="gavel-scale-") as folder:
            yield str(Path(folder) / f"{name}.sqlite3")
        return
    schema = f"bench_scale_{name}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    _admin(pg_url, "CREATE SCHEMA {}", schema)
    made.append(schema)
    try:
        separator = "&" if "?" in pg_url else "?"
        yield f"{pg_url}{separator}options={quote(f'-csearch_path={schema}')}"
    finally:
        _admin(pg_url, "DROP SCHEMA IF EXISTS {} CASCADE", schema)


def prepared(location: str) -> None:
    """Open and close a store on `location`, so that its schema exists before the workers start
    (they then find nothing to migrate)."""
    open_store(location).close()


def server_cpu(pg_url: str, worker_pids: list[int]) -> dict[int, float] | None:
    """CPU seconds so far of the PostgreSQL server processes serving the workers' connections (a
    store names them `gavel-<pid>-<n>`), by server pid; None when they cannot be read (a server
    on another machine)."""
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        rows = conn.execute("SELECT pid, application_name FROM pg_stat_activity"
                            " WHERE application_name LIKE 'gavel-%'").fetchall()
    wanted = {f"gavel-{pid}-" for pid in worker_pids}
    found: dict[int, float] = {}
    for server_pid, name in rows:
        if not any(str(name).startswith(prefix) for prefix in wanted):
            continue
        try:
            fields = Path(f"/proc/{server_pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        found[int(server_pid)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


# ---------------------------------------------------------------------- throughput
class Worker:
    """One bot-like process: a `TableService` on the shared database and its own tables, whose
    human seats the game's AI plays through `service.act`."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.key: str = spec["game"]
        choose = registry.plugin(self.key).ai
        assert choose is not None, f"{self.key} has no AI to drive its players"
        self.choose: Callable[..., Any] = choose
        self.base = (spec["index"] + 1) * CHANNELS_PER_WORKER
        self.service = TableService(spec["location"])
        self.players: dict[int, list[Player]] = {}
        self.rounds: dict[int, int] = {}
        self.games_finished = 0
        self.act_ms: list[float] = []
        self.act_cpu_ms: list[float] = []
        self.driver_cpu = 0.0

    async def open_table(self, channel: int) -> None:
        """A new game at `channel`, every seat a human of this worker's."""
        round_ = self.rounds.get(channel, 0)
        self.rounds[channel] = round_ + 1
        players = [Player(channel * 10 + s, f"P{s + 1}") for s in range(self.spec["seats"])]
        self.players[channel] = players
        await self.service.create(1, channel, self.key, players[0], seed=f"scale-{channel}-{round_}")
        for player in players[1:]:
            await self.service.join(channel, player)
        await self.service.start(channel, players[0])

    async def step(self, channel: int, *, timed: bool) -> None:
        """One action at `channel`'s table: the first human to act plays the AI's choice (a new
        game first when the last one is over)."""
        table = self.service.table(channel)
        if table is None or table.status != "active" or table.state is None or not table.humans_to_act():
            if table is not None and table.status == "active":
                raise RuntimeError(f"table at channel {channel} is active but nobody can act")
            self.games_finished += 1
            await self.open_table(channel)
            table = self.service.table(channel)
            assert table is not None and table.state is not None
        seat = min(table.humans_to_act())
        c0 = time.process_time()
        action = str(self.choose(table.game, table.state, seat))
        t0, c1 = time.perf_counter(), time.process_time()
        await self.service.act(channel, self.players[channel][seat], action)
        t1, c2 = time.perf_counter(), time.process_time()
        if timed:
            self.driver_cpu += c1 - c0
            self.act_ms.append((t1 - t0) * 1000)
            self.act_cpu_ms.append((c2 - c1) * 1000)

    async def run(self, start: Any) -> dict[str, Any]:
        channels = [self.base + i for i in range(self.spec["tables"])]
        self.service.warm()  # as the bot does at start-up
        for channel in channels:
            await self.open_table(channel)
            await self.step(channel, timed=False)  # warm the renderer and the connections
        self.games_finished = 0
        start()  # every worker is ready: they begin together
        t0, c0 = time.monotonic(), time.process_time()
        for n in range(self.spec["actions"]):
            await self.step(channels[n % len(channels)], timed=True)
        return {"pid": os.getpid(), "start": t0, "end": time.monotonic(), "cpu_s": time.process_time() - c0,
                "actions": len(self.act_ms), "act_ms": self.act_ms, "act_cpu_ms": self.act_cpu_ms,
                "driver_ai_cpu_s": self.driver_cpu, "games_finished": self.games_finished}


def _worker_main(spec: dict[str, Any], barrier: Any, results: Any, release: Any) -> None:
    """A worker process: set up, wait for the others, play, report, and close its service
    only when the parent has read the server's CPU time."""
    try:
        worker = Worker(spec)
        report = asyncio.run(worker.run(lambda: barrier.wait(timeout=600)))
        results.put(report)
        release.wait(timeout=600)
        worker.service.close()
    except BaseException as exc:
        barrier.abort()
        results.put({"error": f"{type(exc).__name__}: {exc}"})
        raise


def throughput(backend: str, location: str, pg_url: str, processes: int, args: argparse.Namespace,
               seats: int) -> dict[str, Any]:
    """The figures of `processes` workers playing at once on `location`."""
    prepared(location)
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(processes + 1)
    results = context.Queue()
    release = context.Event()
    workers = [context.Process(target=_worker_main, args=({
        "index": i, "location": location, "game": args.game, "seats": seats, "tables": args.tables,
        "actions": args.actions}, barrier, results, release), daemon=True) for i in range(processes)]
    for process in workers:
        process.start()
    pids = [p.pid for p in workers if p.pid is not None]
    try:
        barrier.wait(timeout=600)  # every worker has set up its tables
        cpu_before = server_cpu(pg_url, pids) if backend == "postgresql" else None
        reports = [results.get(timeout=3600) for _ in workers]
        cpu_after = server_cpu(pg_url, pids) if backend == "postgresql" else None
    except BaseException as exc:
        for process in workers:
            process.kill()
        with contextlib.suppress(Exception):  # a worker that failed said why
            reason = results.get(timeout=1)
            if "error" in reason:
                raise RuntimeError(f"a worker failed: {reason['error']}") from exc
        raise
    finally:
        release.set()
        for process in workers:
            process.join(timeout=60)
    failed = [r["error"] for r in reports if "error" in r]
    if failed:
        raise RuntimeError(f"a worker failed: {failed[0]}")
    wall = max(r["end"] for r in reports) - min(r["start"] for r in reports)
    cpu = sum(r["cpu_s"] for r in reports)
    actions = sum(r["actions"] for r in reports)
    figures: dict[str, Any] = {
        "processes": processes,
        "actions": actions,
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "actions_per_s": round(actions / max(wall, 1e-9), 2),
        "actions_per_cpu_s": round(actions / max(cpu, 1e-9), 2),
        "driver_ai_cpu_s": round(sum(r["driver_ai_cpu_s"] for r in reports), 3),
        "games_finished": sum(r["games_finished"] for r in reports),
        "act_ms": spread([ms for r in reports for ms in r["act_ms"]]),
        "act_cpu_ms": spread([ms for r in reports for ms in r["act_cpu_ms"]]),
    }
    if backend == "postgresql":
        figures["db_server_cpu_s"] = None if cpu_before is None or cpu_after is None else round(
            sum(cpu - cpu_before.get(pid, 0.0) for pid, cpu in cpu_after.items()), 3)
    return figures


# ---------------------------------------------------------------------- start-up
def write_tables(location: str, key: str, count: int, seats: int, batch: int = 500) -> float:
    """`count` saved tables, written straight through the store (`batch` to a transaction):
    even ones lobbies, odd ones active tables with a freshly set-up state. Returns the seconds
    it took."""
    game = registry.plugin(key).game
    chance = SeededChance("scale-startup")
    state = game.new_game({}, seats, chance)
    snapshot, setup = state.to_json(), list(chance.record)
    config = dumps(stored_config({}, "en"))
    t0 = time.perf_counter()
    store = open_store(location)
    try:
        for first in range(0, count, batch):
            atomic = getattr(store, "atomic", None)  # both stores have one; outside the contract
            with atomic() if atomic is not None else contextlib.nullcontext():
                for n in range(first, min(count, first + batch)):
                    channel = 10_000_000 + n
                    users = [channel * 10 + s for s in range(seats)]
                    table_id = store.create_table(
                        {"guild": 1, "channel": channel, "game": key, "variant": None, "status": "lobby",
                         "seed": f"startup-{n}", "config": config, "version": 0, "host": users[0]},
                        [SeatInfo(user, f"P{s + 1}").to_row() for s, user in enumerate(users)])
                    if n % 2:
                        store.start(table_id, snapshot, state.version, setup)
    finally:
        store.close()
    return time.perf_counter() - t0


def _startup_main(location: str, results: Any, lazy: bool = False) -> None:
    """A new process: how long a new service takes to open and restore every saved table (or,
    `lazy`, only those that owe their channel something, as processes sharing a database do)."""
    try:
        t0, c0 = time.perf_counter(), time.process_time()
        service = TableService(location)
        t1, c1 = time.perf_counter(), time.process_time()
        restored = asyncio.run(service.restore(lazy=lazy))
        t2, c2 = time.perf_counter(), time.process_time()
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        service.close()
        results.put({"open_s": round(t1 - t0, 3), "open_cpu_s": round(c1 - c0, 3), "restore_s": round(t2 - t1, 3),
                     "restore_cpu_s": round(c2 - c1, 3), "restored": restored, "max_rss_mb": round(rss_mb, 1)})
    except BaseException as exc:
        results.put({"error": f"{type(exc).__name__}: {exc}"})
        raise


def startup(location: str, args: argparse.Namespace, seats: int) -> dict[str, Any]:
    written = write_tables(location, args.game, args.startup_tables, seats)
    context = multiprocessing.get_context("spawn")
    reports = []
    for lazy in (False, True):
        results = context.Queue()
        process = context.Process(target=_startup_main, args=(location, results, lazy), daemon=True)
        process.start()
        report = results.get(timeout=3600)
        process.join(timeout=60)
        if "error" in report:
            raise RuntimeError(f"start-up failed: {report['error']}")
        reports.append(report)
    eager, lazy_report = reports
    lobbies = (args.startup_tables + 1) // 2
    return {"tables": args.startup_tables, "lobbies": lobbies, "active": args.startup_tables - lobbies,
            "write_s": round(written, 3), **eager,
            "lazy": {k: v for k, v in lazy_report.items() if k != "open_cpu_s"}}


# ---------------------------------------------------------------------- the whole run
def bench_backend(backend: str, args: argparse.Namespace, seats: int) -> dict[str, Any]:
    counts = [1] if backend == "sqlite" else args.processes
    result: dict[str, Any] = {"processes": counts}
    if backend == "sqlite":
        result["note"] = SQLITE_NOTE
    else:
        result["server"] = redacted(args.pg)
    result["throughput"] = {}
    schemas: list[str] = []
    for processes in counts:
        with database(backend, args.pg, f"p{processes}", schemas) as location:
            result["throughput"][str(processes)] = throughput(backend, location, args.pg, processes, args, seats)
    with database(backend, args.pg, "startup", schemas) as location:
        result["startup"] = startup(location, args, seats)
    if backend == "postgresql":
        result["schemas_dropped"] = schemas
    return result


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="small sizes (a smoke run): 3 tables, 30 actions, 300 saved tables, 1 and 2 processes")
    parser.add_argument("--backends", default="sqlite,postgresql", help="comma-separated: sqlite, postgresql")
    parser.add_argument("--pg", default=DEFAULT_PG, help="the PostgreSQL server (a schema of its own is made in it)")
    parser.add_argument("--game", default="dads_army", help="the game every table plays")
    parser.add_argument("--seats", type=int, default=None, help="human seats per table (default: the game's least + 1)")
    parser.add_argument("--processes", default=None, help="worker process counts (default 1,2,4)")
    parser.add_argument("--tables", type=int, default=None, help="tables per worker process (default 20)")
    parser.add_argument("--actions", type=int, default=None, help="timed actions per worker process (default 400)")
    parser.add_argument("--startup-tables", type=int, default=None, help="saved tables at start-up (default 10000)")
    args = parser.parse_args(argv)
    quick = args.quick
    args.processes = [int(p) for p in (args.processes or ("1,2" if quick else "1,2,4")).split(",") if p]
    args.tables = args.tables or (3 if quick else 20)
    args.actions = args.actions or (30 if quick else 400)
    args.startup_tables = args.startup_tables or (300 if quick else 10_000)
    args.backends = [b for b in args.backends.split(",") if b]
    unknown = set(args.backends) - {"sqlite", "postgresql"}
    if unknown:
        parser.error(f"unknown backend(s): {', '.join(sorted(unknown))}")
    if args.game not in registry.plugins():
        parser.error(f"unknown game {args.game!r} (installed: {', '.join(sorted(registry.plugins()))})")
    if not is_postgres(args.pg):
        parser.error("--pg must be a postgresql:// URL")
    if min(args.processes) < 1 or args.tables < 1 or args.actions < 1 or args.startup_tables < 1:
        parser.error("process counts and sizes must be positive")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    seats = seats_for(args.game, args.seats)
    report: dict[str, Any] = {
        "game": args.game, "seats": seats, "tables_per_process": args.tables, "actions_per_process": args.actions,
        "cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    for backend in args.backends:
        report[backend] = bench_backend(backend, args, seats)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
