"""Many open tables in one process, each acting now and then, as a bot lives; prints one JSON object per game.

    python bench/fleet.py [--only GAME] [--tables 10000] [--actions 1000] [--seed 1] [--lazy] [--idle SECONDS]
                          [--db postgresql://postgres@127.0.0.1:5432/test] [--states 200] [--no-upload]
                          [--inline]

`bench/run.py` times one table acting again and again, every cache warm. A bot holds thousands
of tables, each acting now and then; this script measures that shape. Per game (every shipped
game, or `--only`):

1. **The tables.** `--tables` open tables at the game's most seats, every seat a human, each
   table with its own players (user ids and display names of its own: Latin and Chinese names of
   several lengths), in a channel of its own. Each table's state is one of `--states` mid-game
   states of the game (random legal play from a seed of its own, never an action that ends the
   game by agreement or departure: `bench/run.py`'s `staying`, through its real play phase, cut
   somewhere in its middle third; a game whose random play ended early is cut before its end).
   They are written straight through the store (as `bench/scale.py` writes its start-up tables),
   in a new database: a SQLite file in a temporary folder (the default), or with `--db
   postgresql://...` a new schema of that database, dropped afterwards: `schema_dropped`). No
   action log is written with them: an action appends to the log and reads none of it. `states`,
   `state_json_bytes` (their mean), `states_s` and `write_s` (the seconds to play and to write them).
2. **Start-up, as the bot starts** (`cogs/bot.py`'s `setup_hook`), in a new process (spawned: it
   holds only what the bot would): `TableService(location)`, `warm()`, `restore()`, `settle()`: every
   table loaded (the script's default: the bot's `GAVEL_EAGER=1`), or with `--lazy`
   `restore(lazy=True)` as the bot starts by default (in shared mode on PostgreSQL: a table is
   loaded when first touched, inside the action that touches it). `startup_cpu_s` / `startup_s`:
   the service made, warmed, restored and settled (CPU / wall); `restored`: the tables it loaded;
   `rss_mb.process`: resident memory before the service is made; `rss_mb.base`: once warmed,
   before the tables; `rss_mb.start`: once restored; `kb_per_table`: the difference per table,
   in KiB (about 0 with `--lazy`: see `kb_per_touched_table`).
3. **Actions at random tables.** `--actions` times a table drawn at random (`--seed`), a seat it
   asks drawn at random, and a random `staying` legal action of that seat's, sent through
   `service.act` as a click sends it: applied, the board and hands drawn with their alt text, the
   notices kept in the outbox, everything written in the action's transaction. Only the `act` call
   is timed: `cpu_ms` (`time.process_time`, the render threads included) median and p95, `wall_ms`
   median and p95; `actions_s`: the wall seconds of them all, choosing included. A table whose game
   ends is dropped from the draw (`games_finished`); an action refused is counted by its exception
   (`refused`, none expected). The outbox rows stay undelivered (no front-end here), unless `--idle`
   is given: then each action's notices are marked delivered after it, as the bot's front-end does
   once Discord has them, and every `SWEEP_EVERY` actions the tables untouched for `--idle` seconds
   are dropped from memory (`TableService.drop_idle`, those untouched for `REST` resting, the C
   heap's free memory handed back, as the bot's sweep does), outside the timed call, and once after
   the last action; `dropped`: how many times a table was, `held_end`: the tables held at the end. A
   table drawn again after its drop is loaded inside its action. `rss_mb.end`: resident memory after
   the actions (and the last sweep); `kb_per_touched_table`: its growth over `rss_mb.start` per
   table the actions touched (`tables_touched`; the render caches filling count in it);
   `malloc_mb_end`: the C heap then, in use and freed but held (glibc's `mallinfo2`; null
   elsewhere).
4. **What the front-end adds.** `upload`: each action's channel boards (its `Public` notices'
   pictures) made ready to upload as the bot's delivery does after the action (`upload_form`: the
   same pixels as lossless WebP, in a worker thread; nothing with `GAVEL_UPLOAD=png` in the
   environment, which sends the PNG as drawn), outside the timed call: `form`, `boards` (how many),
   `cpu_ms` per action (median and p95; 0 for an action with no board) and `with_action_cpu_ms`,
   the action and its uploads together, what the bot's process spends per action. `--no-upload`
   leaves it out (`upload` null).
5. **What an action writes.** `db_bytes_per_action`: the bytes of row data the store is handed
   per timed action (mean; `median` of the total), by what they are: `state` (the table's state
   JSON), `log` (its log rows: action text, draws, events, for every action written with it),
   `outbox_json` and `outbox_images` (the notices kept, their JSON and their PNGs), `other` (any
   other write: seats, clocks, a finished game's results). Counted by wrapping the store's write
   methods, whatever they are handed, before the database sees it. Beside it, what the database
   made of it: `sqlite_file_bytes_per_action` (the file and its WAL, before the actions and once
   the service is closed) or `pg_wal_bytes_per_action` (`pg_current_wal_lsn()` before and after).
   The WAL is the server's, of every database on it: `pg_wal_background_bytes_per_s` is its growth
   per second over `PG_QUIET_S` seconds before the actions, what other clients on the server
   wrote meanwhile.
6. **Render caches.** `render_caches`: what the renderers' `functools` caches hold after the
   actions (entries and an estimate of their bytes: a picture's pixels, bytes, strings,
   containers followed; a font object counted at its Python size only), each by name, with the
   service's cache of pictures drawn lately (`gavel.tables.images.Drawn`), and `total_bytes`.

`--inline` measures in this process instead of a new one (the tests' smoke run; its memory
figures then include the tables written and the script's own). Quote the numbers with the
command and how busy the machine was (`load_average`): the CPU figures are what a busy machine
inflates less. Tests assert no time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any, cast

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from run import MID_GAME_STEPS, SETUP_PHASES, staying  # noqa: E402  (the end-to-end's choices)
from scale import DEFAULT_PG, database, percentile  # noqa: E402  (a fresh database per run)

from gavel.tables.images import uploads_png  # noqa: E402
from gavel.tables.notices import Public  # noqa: E402
from gavel.tables.registry import REST, hand_back  # noqa: E402
from gavel.tables.service import Player, TableService  # noqa: E402
from gavel.tables.store import dumps, is_postgres, loads, redacted  # noqa: E402
from gavel.tables.stores import open_store  # noqa: E402
from gavel.tables.table import SeatInfo, stored_config  # noqa: E402
from renderer.common import upload_form  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Game, SeededChance  # noqa: E402

FIRST_CHANNEL = 20_000_000
"""Table `n` is in channel `FIRST_CHANNEL + n`; its seat `s` is user `channel * 10 + s`."""
NAMES = ("Ada", "Bao", "Chen Wei-Ling", "Dara", "Eli", "美玲", "Fang", "Gustavo", "志明", "Hana",
         "Ivo", "Jun", "Kit", "林小華", "Maximilian", "Noor", "Oskar", "Pei")
"""Display names a table's players are made from (each with its table's number, so every table's are its own)."""
PG_QUIET_S = 3.0
"""Seconds the server's WAL is watched before the actions: what other clients write meanwhile."""
WRITE_BATCH = 500
"""Tables written per transaction."""
SWEEP_EVERY = 25
"""Actions between two sweeps for idle tables (`--idle`)."""
STORE_WRITES = ("record_action", "outbox_add", "set_clock", "update_seat", "save_seats", "update_table",
                "finish", "start", "create_table", "insert_table", "claim_reminder", "rematch_add",
                "rematch_invite", "rematch_close", "outbox_later", "outbox_release", "outbox_done")
"""The store's methods that write (counted by `WriteCounter`)."""


def rss_mb() -> float:
    """This process's resident memory now, in MB (2^20 bytes), from /proc (0 where there is none)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


def malloc_mb() -> dict[str, float] | None:
    """The C heap as glibc's `mallinfo2` sees it, in MB: `in_use` (allocated) and `free` (held
    by the process, not in use: what fragmentation keeps resident); None without glibc."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                     "fordblks", "keepcost")]

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
    except (OSError, AttributeError):
        return None
    info = libc.mallinfo2()
    return {"in_use": round((info.uordblks + info.hblkhd) / 2**20, 1), "free": round(info.fordblks / 2**20, 1)}


def spread(samples: list[float]) -> dict[str, float]:
    """Median and p95 of millisecond samples, and how many there were."""
    return {"median": round(statistics.median(samples), 3) if samples else 0.0,
            "p95": round(percentile(samples, 0.95), 3), "n": len(samples)}


# ---------------------------------------------------------------------- the tables
def names_for(table: int, seats: int) -> list[str]:
    """The display names of table `table`'s players: its own."""
    return [f"{NAMES[(table * 7 + seat * 5) % len(NAMES)]} {table}" for seat in range(seats)]


def mid_game(game: Game[Any], seats: int, seed: str) -> tuple[dict[str, Any], list[int], int]:
    """One mid-game state (its JSON), the set-up draws and its version: random `staying` play
    from `seed` through the game's set-up phases, to its end or three times `MID_GAME_STEPS`, cut
    at a random point of the middle third of the states past the set-up with no outcome."""
    rng = random.Random(seed)
    chance = SeededChance(seed)
    state = game.new_game({}, seats, chance)
    setup = list(chance.record)
    limit = 3 * MID_GAME_STEPS.get(game.info.key, 40)
    setting_up = SETUP_PHASES.get(game.info.key, frozenset())
    kept: list[tuple[dict[str, Any], int]] = []
    for step in range(limit):
        if game.outcome(state) is not None:
            break
        if str(getattr(state, "phase", "") or "") not in setting_up:
            kept.append((state.to_json(), state.version))
        seat = rng.choice(sorted(game.to_act(state)))
        text = rng.choice(staying([str(a) for a in game.legal_actions(state, seat)]))
        game.apply(state, seat, game.parse_action(text), SeededChance(f"{seed}:{step}"))
    if not kept:
        raise RuntimeError(f"{game.info.key}: seed {seed} ended before its play phase")
    third = len(kept) // 3
    snapshot, version = kept[rng.randrange(third, max(third + 1, 2 * third))]
    return snapshot, setup, version


def write_tables(location: str, key: str, count: int, states: int, seed: int) -> dict[str, Any]:
    """`count` active tables of `key` at its most seats, each its own players, each state one of
    `states` mid-game states, written straight through the store. Their figures: seats, the
    states' mean JSON bytes, the seconds it took."""
    game = registry.plugin(key).game
    seats = game.info.max_seats
    t0 = time.perf_counter()
    pool = [mid_game(game, seats, f"fleet-{seed}-{n}") for n in range(max(1, min(states, count)))]
    made = time.perf_counter()
    config = dumps(stored_config({}, "en"))
    store = open_store(location)
    atomic = cast(Any, store).atomic  # both stores have one; outside the `TableStore` protocol
    try:
        for first in range(0, count, WRITE_BATCH):
            with atomic():
                for n in range(first, min(count, first + WRITE_BATCH)):
                    channel = FIRST_CHANNEL + n
                    users = [channel * 10 + s for s in range(seats)]
                    table_id = store.create_table(
                        {"guild": 1, "channel": channel, "game": key, "variant": None, "status": "lobby",
                         "seed": f"fleet-{n}", "config": config, "version": 0, "host": users[0]},
                        [SeatInfo(user, name).to_row() for user, name in zip(users, names_for(n, seats), strict=True)])
                    snapshot, setup, version = pool[n % len(pool)]
                    store.start(table_id, snapshot, version, setup)
    finally:
        store.close()
    return {"seats": seats, "states": len(pool),
            "state_json_bytes": round(statistics.mean(len(dumps(s)) for s, _, _ in pool)),
            "states_s": round(made - t0, 3), "write_s": round(time.perf_counter() - made, 3)}


# ---------------------------------------------------------------------- what the store is handed
def size(value: Any) -> int:
    """The bytes of a value as a row holds it: text as UTF-8, bytes as they are, JSON as text."""
    if value is None:
        return 0
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, (bool, int, float)):
        return 8
    if is_dataclass(value) and not isinstance(value, type):
        return sum(size(getattr(value, f.name)) for f in fields(value))
    if isinstance(value, (list, tuple)) and any(isinstance(v, (bytes, tuple)) or is_dataclass(v) for v in value):
        return sum(size(v) for v in value)
    return len(dumps(value).encode("utf-8"))


class WriteCounter:
    """Wraps a store's write methods (on the instance) and sums what each is handed, by kind,
    while `counting`."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.counting = False
        self.kinds = dict.fromkeys(("state", "log", "outbox_json", "outbox_images", "other"), 0)
        self.per_action: list[int] = []
        for name in STORE_WRITES:
            method = getattr(self.store, name, None)
            if method is not None:
                setattr(self.store, name, self._wrapped(name, method))

    def _wrapped(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        signature = inspect.signature(method)

        def counted(*args: Any, **kwargs: Any) -> Any:
            if self.counting:
                self.add(name, signature.bind(*args, **kwargs).arguments)
            return method(*args, **kwargs)
        return counted

    def _items(self, items: Any) -> None:
        for notice, image in items or ():
            self.kinds["outbox_json"] += size(notice)
            self.kinds["outbox_images"] += size(image)

    def add(self, name: str, given: dict[str, Any]) -> None:
        """Count what a write method was handed (`given`: its arguments by name)."""
        if name == "record_action":
            self.kinds["state"] += size(given["state"])
            self.kinds["log"] += sum(size(given[k]) for k in ("seat", "user_id", "action", "chance", "events",
                                                                 "version"))
            self.kinds["log"] += sum(size(e) for e in given.get("earlier", ()))
            keep = given.get("keep")
            if keep is not None:
                self._items(keep.items)
            self.kinds["other"] += sum(size(s) for s in given.get("seats", ()))
        elif name == "outbox_add":
            self._items(given.get("items"))
            self.kinds["other"] += sum(size(s) for s in given.get("seats", ()))
        else:
            self.kinds["other"] += sum(size(v) for v in given.values())

    @contextmanager
    def action(self) -> Iterator[None]:
        """Count the writes of one action."""
        before = sum(self.kinds.values())
        self.counting = True
        try:
            yield
        finally:
            self.counting = False
            self.per_action.append(sum(self.kinds.values()) - before)

    def figures(self) -> dict[str, Any]:
        n = max(1, len(self.per_action))
        return {**{kind: round(total / n) for kind, total in self.kinds.items()},
                "total": round(sum(self.kinds.values()) / n),
                "median": round(statistics.median(self.per_action)) if self.per_action else 0}


# ---------------------------------------------------------------------- what the caches hold
PIXEL_BYTES = {"1": 1, "L": 1, "P": 1, "I;16": 2}
"""Bytes Pillow keeps per pixel by mode (4 for the others: RGB is kept as 4 bytes too)."""


OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
"""What `held` does not count or follow: code and modules, shared by everything."""


def held(value: Any, seen: set[int]) -> int:
    """An estimate of the bytes `value` holds: a picture's pixels, containers followed, objects'
    attributes followed, each object once."""
    from PIL import Image

    if id(value) in seen:
        return 0
    seen.add(id(value))
    own = sys.getsizeof(value)
    if isinstance(value, Image.Image):
        return own + value.width * value.height * PIXEL_BYTES.get(value.mode, 4)
    if type(value).__name__ == "ImagingCore":  # a glyph mask as a font hands it out
        width, height = value.size
        return own + width * height * PIXEL_BYTES.get(value.mode, 4)
    if isinstance(value, (str, bytes, bytearray, int, float, bool)) or value is None:
        return own
    if isinstance(value, dict):
        return own + sum(held(k, seen) + held(v, seen) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return own + sum(held(v, seen) for v in value)
    if isinstance(value, OPAQUE):
        return 0
    # anything else (an object's attributes, slots, a cache's own links): what it refers to
    return own + sum(held(v, seen) for v in gc.get_referents(value))


def cache_name(cache: Any) -> str | None:
    """A renderer's cache by name: a module's function (`renderer.common.token`), or a method
    of one of its objects cached per object (`renderer.common.CachedFont.getmask2`: a font's
    text runs); None for a cache that is not a renderer's."""
    module = str(getattr(cache, "__module__", ""))
    if module.startswith("renderer") and hasattr(cache, "__wrapped__"):
        return f"{module}.{getattr(cache, '__qualname__', '?')}"
    owner = getattr(getattr(cache, "__wrapped__", None), "__self__", None)
    if owner is not None and type(owner).__module__.startswith("renderer"):
        return f"{type(owner).__module__}.{type(owner).__qualname__}.{getattr(cache, '__name__', '?')}"
    return None


def render_caches() -> dict[str, Any]:
    """What the renderers keep between boards, each cache by name with its entries and an
    estimate of its bytes (`held`; an object two caches share counted in the first): every
    module-level cache of `renderer` (a `functools` cache, or an object emptied like one:
    `cache_clear`, e.g. `renderer.common.Kept`), the caches a renderer's objects keep each
    (a font's text runs), and the pictures the service drew lately (`gavel.tables.images.Drawn`)."""
    import functools

    from gavel.tables.images import Drawn

    gc.unfreeze()  # what start-up set aside (`TableService.settle`) is listed by `gc.get_objects` again
    gc.collect()
    lru = type(functools.lru_cache(maxsize=1)(len))
    found: dict[int, tuple[str, Any]] = {}
    for module_name, module in sorted(sys.modules.items()):
        if module_name == "renderer" or module_name.startswith("renderer."):
            for attribute, value in vars(module).items():
                if callable(getattr(value, "cache_clear", None)) and not isinstance(value, type):
                    found.setdefault(id(value), (cache_name(value) or f"{module_name}.{attribute}", value))
    for value in gc.get_objects():
        if id(value) in found:
            continue
        if isinstance(value, lru) and (name := cache_name(value)) is not None:
            found[id(value)] = (name, value)
        elif isinstance(value, Drawn):
            found[id(value)] = ("gavel.tables.images.Drawn", value)
    caches: dict[str, dict[str, int]] = {}
    seen: set[int] = set()
    for name, cache in found.values():
        if isinstance(cache, lru):  # its dict, or, bounded, each entry's key and result
            inside = [r for r in gc.get_referents(cache) if r is not getattr(cache, "__dict__", None)
                      and not isinstance(r, OPAQUE)]
            entries = cache.cache_info().currsize
        else:
            inside = [cache] if isinstance(cache, dict) else [v for v in vars(cache).values() if isinstance(v, dict)]
            entries = len(cache) if hasattr(cache, "__len__") else sum(len(d) for d in inside)
        figures = caches.setdefault(name, {"entries": 0, "bytes": 0})
        figures["entries"] += entries
        figures["bytes"] += sum(held(d, seen) for d in inside)
    kept = {name: c for name, c in sorted(caches.items(), key=lambda kv: -kv[1]["bytes"]) if c["entries"]}
    return {"total_bytes": sum(c["bytes"] for c in kept.values()),
            "total_entries": sum(c["entries"] for c in kept.values()), "caches": kept}


# ---------------------------------------------------------------------- the database's growth
def sqlite_bytes(location: str) -> int:
    """A SQLite database's file and its WAL, in bytes."""
    return sum(Path(f"{location}{suffix}").stat().st_size for suffix in ("", "-wal")
               if Path(f"{location}{suffix}").exists())


def wal_lsn(location: str) -> str:
    import psycopg

    with psycopg.connect(location, autocommit=True, connect_timeout=10) as conn:
        row = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()
    assert row is not None
    return str(row[0])


def wal_bytes(location: str, since: str) -> int:
    """The server's WAL written since the LSN `since`."""
    import psycopg

    with psycopg.connect(location, autocommit=True, connect_timeout=10) as conn:
        row = conn.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), %s::pg_lsn)", [since]).fetchone()
    assert row is not None
    return int(row[0])


# ---------------------------------------------------------------------- the bot-like process
class Driver:
    """The players of every table: who acts where, and what, from the table as it stands (as
    held in memory once touched; as stored until then, so a lazy load stays inside the timed
    action)."""

    def __init__(self, service: TableService, game: Game[Any], spec: dict[str, Any]) -> None:
        self.service = service
        self.game = game
        self.seats: int = spec["seats"]
        self.rng = random.Random(spec["seed"])
        self.open = list(range(spec["tables"]))
        self.stored: dict[int, Any] = {}
        self.touched: set[int] = set()
        self.finished = 0

    def state(self, n: int) -> Any:
        table = self.service.table(FIRST_CHANNEL + n)
        if table is not None:
            return table.state
        if n not in self.stored:  # not loaded yet (`--lazy`): the state as stored
            row = self.service.store.open_row(FIRST_CHANNEL + n)
            assert row is not None, f"table {n} is not in the database"
            self.stored[n] = self.game.load(loads(row["state"]) if isinstance(row["state"], str) else row["state"])
        return self.stored[n]

    def next(self) -> tuple[int, Player, str] | None:
        """A random open table, a random seat it asks and a random `staying` action of it."""
        while self.open:
            n = self.rng.choice(self.open)
            state = self.state(n)
            asked = sorted(self.game.to_act(state)) if self.game.outcome(state) is None else []
            if not asked:
                self.open.remove(n)
                continue
            seat = self.rng.choice(asked)
            text = self.rng.choice(staying([str(a) for a in self.game.legal_actions(state, seat)]))
            return n, Player((FIRST_CHANNEL + n) * 10 + seat, names_for(n, self.seats)[seat]), text
        return None

    def after(self, n: int) -> None:
        self.touched.add(n)
        self.stored.pop(n, None)
        table = self.service.table(FIRST_CHANNEL + n)
        if table is None or table.status != "active":
            self.finished += 1
            self.open.remove(n)


def upload_cpu_ms(notices: list[Any]) -> tuple[float, int]:
    """What the front-end spends making the channel uploads of one action's notices
    (`cogs.delivery.channel_file`: each board a channel message posts or edits re-encoded by
    `upload_form`, unless `GAVEL_UPLOAD=png` sends the PNG as drawn), in CPU ms, and how many
    boards it made ready."""
    boards = [n.image for n in notices if isinstance(n, Public) and n.image]
    if uploads_png():
        return 0.0, len(boards)
    p0 = time.process_time()
    for png in boards:
        upload_form(png)
    return (time.process_time() - p0) * 1000, len(boards)


def sweep(service: TableService, idle: float) -> int:
    """The bot's sweep (`cogs.bot.GavelBot.sweep`): the tables idle for `idle` seconds dropped,
    and when some were, the C heap's free memory handed back (`registry.hand_back`); how many."""
    dropped = len(service.drop_idle(idle))
    if dropped:
        hand_back()
    return dropped


async def bot_like(spec: dict[str, Any]) -> dict[str, Any]:
    """Start as the bot starts, then act at random tables; the figures."""
    location, lazy = spec["location"], spec["lazy"]
    postgres = is_postgres(location)
    game = registry.plugin(spec["game"]).game
    gc.collect()
    rss_before = rss_mb()
    t0, c0 = time.perf_counter(), time.process_time()
    service = TableService(location)
    if spec.get("idle") is not None:
        service.rest = REST  # as the bot's sweep: a table untouched for a minute rests
    if lazy and postgres:
        service.shared = True  # as GAVEL_SHARED=1 starts on PostgreSQL
    await asyncio.to_thread(service.warm)
    rss_base = rss_mb()
    restored = await service.restore(lazy=lazy)
    service.settle()  # as `setup_hook` ends its start-up
    startup_s, startup_cpu_s = time.perf_counter() - t0, time.process_time() - c0
    rss_start = rss_mb()
    counter = WriteCounter(service.store)
    driver = Driver(service, game, spec)
    before_db: int | str
    background = None
    if postgres:
        quiet = wal_lsn(location)
        await asyncio.sleep(PG_QUIET_S)
        background = wal_bytes(location, quiet) / PG_QUIET_S
        before_db = wal_lsn(location)
    else:
        before_db = sqlite_bytes(location)
    cpu: list[float] = []
    wall: list[float] = []
    upload: list[float] = []
    uploaded = 0
    failures: dict[str, int] = {}
    idle: float | None = spec.get("idle")
    dropped = 0
    t_actions = time.perf_counter()
    for done_actions in range(spec["actions"]):
        chosen = driver.next()
        if chosen is None:
            break
        n, player, text = chosen
        notices: list[Any] = []
        with counter.action():
            w0, p0 = time.perf_counter(), time.process_time()
            try:
                notices = await service.act(FIRST_CHANNEL + n, player, text)
            except Exception as exc:  # a refusal is a figure too, not the end of the run
                failures[type(exc).__name__] = failures.get(type(exc).__name__, 0) + 1
            p1, w1 = time.process_time(), time.perf_counter()
        cpu.append((p1 - p0) * 1000)
        wall.append((w1 - w0) * 1000)
        if spec.get("upload", True):  # outside the timed call: the front-end's part, in a worker thread
            spent, boards = upload_cpu_ms(notices)
            upload.append(spent)
            uploaded += boards
        driver.after(n)
        if idle is not None:  # as the bot's front-end and its sweep do
            await service.delivered([row for notice in notices if (row := notice.outbox) is not None])
            if (done_actions + 1) % SWEEP_EVERY == 0:
                dropped += sweep(service, idle)
    actions_s = time.perf_counter() - t_actions
    if idle is not None:
        dropped += sweep(service, idle)  # the sweep after the last action
    gc.collect()
    rss_end = rss_mb()
    heap = malloc_mb()
    caches = render_caches()
    done = max(1, len(cpu))
    figures: dict[str, Any] = {
        "restored": restored, "actions": len(cpu), "games_finished": driver.finished,
        "tables_touched": len(driver.touched), "refused": failures,
        "cpu_ms": spread(cpu), "wall_ms": spread(wall), "actions_s": round(actions_s, 3),
        "upload": None if not upload else {
            "form": "png" if uploads_png() else "webp", "boards": uploaded, "cpu_ms": spread(upload),
            "with_action_cpu_ms": spread([a + b for a, b in zip(cpu, upload, strict=True)])},
        "startup_s": round(startup_s, 3), "startup_cpu_s": round(startup_cpu_s, 3),
        "idle": idle, "dropped": dropped, "held_end": len(service.open_channels()),
        "rss_mb": {"process": rss_before, "base": rss_base, "start": rss_start, "end": rss_end},
        "malloc_mb_end": heap,
        "kb_per_table": round((rss_start - rss_base) * 1024 / max(1, spec["tables"]), 1),
        "kb_per_touched_table": round((rss_end - rss_start) * 1024 / max(1, len(driver.touched)), 1),
        "db_bytes_per_action": counter.figures(),
    }
    if postgres:
        assert isinstance(before_db, str)
        figures["pg_wal_bytes_per_action"] = round(wal_bytes(location, before_db) / done)
        figures["pg_wal_background_bytes_per_s"] = round(background or 0.0)
        service.close()
    else:
        service.close()
        assert isinstance(before_db, int)
        figures["sqlite_file_bytes_per_action"] = round((sqlite_bytes(location) - before_db) / done)
    figures["render_caches"] = caches
    return figures


def _child(spec: dict[str, Any], results: Any) -> None:
    """The bot-like process: its figures (or why it failed) on `results`."""
    try:
        results.put(asyncio.run(bot_like(spec)))
    except BaseException as exc:
        results.put({"error": f"{type(exc).__name__}: {exc}"})
        raise


def measured(spec: dict[str, Any], inline: bool) -> dict[str, Any]:
    """`bot_like` in a new process (or this one, `inline`)."""
    if inline:
        return asyncio.run(bot_like(spec))
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    process = context.Process(target=_child, args=(spec, results), daemon=True)
    process.start()
    report = results.get(timeout=24 * 3600)
    process.join(timeout=120)
    if "error" in report:
        raise RuntimeError(f"the measured process failed: {report['error']}")
    return dict(report)


def bench_game(key: str, args: argparse.Namespace) -> dict[str, Any]:
    """Every figure of one game (the database made for it dropped afterwards)."""
    backend = "postgresql" if is_postgres(args.db) else "sqlite"
    made: list[str] = []
    with database(backend, args.db if backend == "postgresql" else DEFAULT_PG, f"fleet_{key}", made) as location:
        written = write_tables(location, key, args.tables, args.states, args.seed)
        spec = {"location": location, "game": key, "tables": args.tables, "actions": args.actions,
                "seed": args.seed, "lazy": args.lazy, "seats": written["seats"], "idle": args.idle,
                "upload": not args.no_upload}
        figures = measured(spec, args.inline)
    head = {"game": key, "backend": backend, "lazy": args.lazy, "tables": args.tables, **written}
    if backend == "postgresql":
        head["server"] = redacted(args.db)
        head["schema_dropped"] = made[0] if made else None
    return {**head, **figures, "cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()]}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="one game (default: every shipped game, one after another)")
    parser.add_argument("--tables", type=int, default=10_000, help="open tables (default 10000)")
    parser.add_argument("--actions", type=int, default=1000, help="timed actions at random tables (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the states, the tables drawn and the actions chosen")
    parser.add_argument("--lazy", action="store_true", help="start-up loads tables on first touch (shared mode)")
    parser.add_argument("--idle", type=float, default=None, metavar="SECONDS",
                        help="mark each action's notices delivered and drop the tables untouched for SECONDS"
                             " (as the bot's sweep does); default: no table is dropped")
    parser.add_argument("--db", default="sqlite",
                        help="'sqlite' (a temporary file, the default) or a postgresql:// URL (a new schema in it)")
    parser.add_argument("--states", type=int, default=200, help="distinct mid-game states the tables are dealt")
    parser.add_argument("--no-upload", action="store_true",
                        help="leave out the channel uploads' encoding (`upload`): the action alone")
    parser.add_argument("--inline", action="store_true", help="measure in this process (a smoke run)")
    args = parser.parse_args(argv)
    shipped = sorted(k for k, plugin in registry.plugins().items() if plugin.renderer)
    if args.only and args.only not in shipped:
        parser.error(f"unknown game {args.only!r} (shipped: {', '.join(shipped)})")
    if args.db != "sqlite" and not is_postgres(args.db):
        parser.error("--db must be 'sqlite' or a postgresql:// URL")
    if args.tables < 1 or args.actions < 1 or args.states < 1:
        parser.error("--tables, --actions and --states must be positive")
    if args.idle is not None and not args.idle >= 0:
        parser.error("--idle must be 0 or more seconds")
    args.games = [args.only] if args.only else shipped
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    for key in args.games:
        print(json.dumps(bench_game(key, args), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
