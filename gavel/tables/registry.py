"""The tables a process holds: the one object that owns the table cache shared by every part
of the table service (each open table by id and by channel, with its lock: `Table.lock`), the
store, and the channels whose table could not be loaded (`BrokenTable`). A part that keeps
something per table registers with `on_forget`, so that a table no longer held here leaves
nothing behind in any part.

Memory follows the tables in use, not the tables stored: each table held notes when it was last
touched (`touched`: found, loaded or opened), and one left untouched for a while that owes
nothing (`idle`: no part says it `owes` the table something only memory holds) may be dropped
(`drop`): every part forgets it, and the next touch loads it again from the store
(`gavel.tables.access.Access.find`). A part that must carry something of a table across a drop
keeps it compactly (`on_forget(..., idle=False)`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from gavel.tables.games import game_name, get_game, installed
from gavel.tables.notices import Notice, Public
from gavel.tables.store import TableStore, loads
from gavel.tables.table import (
    Player,
    SeatInfo,
    Table,
    split_config,
    stored_pauses,
    stored_time,
    stored_timeout,
    table_settings,
)
from rules.core import IllegalAction, Msg

REST = 60.0
"""Seconds a table may stay untouched before the bot keeps only its compact form in memory (its
stored JSON text: `Table.rest`), whatever its idle time (`TableService.idle`)."""


def hand_back() -> bool:
    """Give the C heap's free memory back to the system (glibc's `malloc_trim`; False where there
    is none): tables dropped from memory leave their pages free but resident otherwise, spread
    over the heaps of the threads that drew their pictures. Takes a few milliseconds: call it in a
    worker thread, after a sweep that dropped something."""
    import ctypes

    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return False
    trim(0)
    return True


HEAP_ARENAS = 1
"""The C heaps (glibc's malloc arenas) the process's threads share (`tune_heap`). glibc gives
each thread drawing pictures or reading the database a heap of its own (up to eight per core),
and the memory each frees stays with it, cut into pieces no other heap can use: 10,000 open
tables after 1,000 actions held 100 MB freed but resident so. One heap for all keeps it to a
fifth of that; the threads take turns only around an allocation (they run Python under one lock
anyway)."""
M_ARENA_MAX = -8
"""glibc's `mallopt` parameter for the most arenas (malloc.h)."""


def tune_heap(arenas: int = HEAP_ARENAS) -> bool:
    """Have the C heap serve every thread started from now on from at most `arenas` arenas
    (glibc's `mallopt`; False where there is none): call it before the worker threads start."""
    import ctypes

    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_ARENA_MAX, arenas))


@contextlib.asynccontextmanager
async def let_go(table: Table) -> AsyncIterator[None]:
    """The table's lock, held by the caller, let go while the block runs (a wait that needs
    nothing of the table: an AI seat thinking in a worker process), and taken again after it:
    other calls on the table run meanwhile, so the caller finds it as they left it. Taken again
    even when the caller is cancelled meanwhile (its `async with table.lock` lets it go)."""
    table.lock.release()
    try:
        yield
    finally:
        await _take_again(table.lock)


async def _take_again(lock: asyncio.Lock) -> None:
    """Acquire `lock` whatever happens: a cancellation meanwhile is raised once it is held (the
    acquiring itself cancelled, as the event loop closing does: raised at once)."""
    taking = asyncio.ensure_future(lock.acquire())
    cancelled = False
    while not taking.done():
        try:
            await asyncio.shield(taking)
        except asyncio.CancelledError:
            cancelled = True
    if cancelled or taking.cancelled():
        raise asyncio.CancelledError()


@dataclass(frozen=True)
class BrokenTable:
    """An open table whose stored row could not be loaded at start-up (bad JSON, a game or
    variant this Gavel lacks, a state the engine refuses). It still owns its channel: no new
    table opens there until an admin repairs the row or cancels it (`/table cancel` with Manage
    Messages), so a repaired table never comes back beside a newer one. `reason` is for the
    admin (the log, `python bot.py --check-db`), in English like every operator message."""

    table_id: int
    channel_id: int
    game: str
    reason: str

    def note(self) -> Msg:
        """What the channel is told about it (at start-up, and by `/table status`)."""
        found = installed(self.game)
        return Msg("table.broken_note", {"table": self.table_id,
                                         "game": game_name(found) if found is not None else self.game})


class Tables:
    """The open tables this process holds, the store they live in, and the broken ones."""

    def __init__(self, store: TableStore, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self._by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}
        self.broken: dict[int, BrokenTable] = {}
        """channel id -> the open table there that `restore` could not load (reported, never skipped)."""
        self._forgetting: list[tuple[Callable[[int], None], bool]] = []
        self._owing: list[Callable[[Table], bool]] = []
        self._clock = clock
        self._touched: dict[int, float] = {}
        """table id -> when it was last touched (the service's clock), for every table held."""

    def on_forget(self, forget: Callable[[int], None], *, idle: bool = True) -> None:
        """Call `forget(table_id)` whenever a table is no longer held here. `idle=False`: not when
        it is only dropped while idle (`drop`): the part keeps what it holds of the table (small)
        for when it is loaded again."""
        self._forgetting.append((forget, idle))

    def on_owing(self, owes: Callable[[Table], bool]) -> None:
        """`owes(table)` says whether a part still needs the table in memory (something not
        stored, or not re-read from the store on the next load): such a table is never dropped."""
        self._owing.append(owes)

    def touched(self, table: Table) -> None:
        """The table is in use now (found for a call, loaded, opened): it is not idle."""
        if self._by_id.get(table.id) is table:
            self._touched[table.id] = self._clock()

    def idle(self, seconds: float, *, resting: bool = True) -> list[Table]:
        """The tables held here and untouched for `seconds` or more that owe nothing (`on_owing`)
        and that no call is using (their lock free): those `drop` may let go. A look at one
        dictionary of times; only the idle ones are asked further. `resting=False`: not those
        already resting (`Table.rest`)."""
        since = self._clock() - seconds
        found: list[Table] = []
        for table_id, last in list(self._touched.items()):
            if last > since:
                continue
            table = self._by_id.get(table_id)
            if table is None or (not resting and table.resting) or not self.quiet(table):
                continue
            found.append(table)
        return found

    def quiet(self, table: Table) -> bool:
        """Whether nothing is going on at the table: no call holds it, it owes nothing only memory
        holds (`on_owing`), no scripted dice wait. Such a table's state is the stored one."""
        return not (table.lock.locked() or table.dice or any(owes(table) for owes in self._owing))

    def drop(self, table: Table) -> None:
        """Let go of an idle table (`idle`): every part forgets it (but those that keep something
        compactly across a drop), and the next touch loads it again from the store."""
        if self._by_id.get(table.id) is not table:
            return
        self._let_go(table, idle=True)

    def table(self, channel_id: int) -> Table | None:
        """The open (lobby or active) table in a channel, as this process last saw it."""
        return self._by_channel.get(channel_id)

    def held(self, table_id: int) -> Table | None:
        """The open table with this id, when this process holds it."""
        return self._by_id.get(table_id)

    def holds(self, table_id: int, channel_id: int) -> Table | None:
        """The table held here with this id, else the one held in this channel."""
        return self._by_id.get(table_id) or self._by_channel.get(channel_id)

    def open_channels(self) -> list[int]:
        """The channels with an open (lobby or active) table."""
        return list(self._by_channel)

    def hold(self, table: Table) -> None:
        """Hold an open table (opened here, or loaded from the store); its channel is no longer broken."""
        self.broken.pop(table.channel_id, None)
        self._by_id[table.id] = table
        self._by_channel[table.channel_id] = table
        self._touched[table.id] = self._clock()

    def forget(self, table: Table) -> None:
        """This process no longer holds the table (closed here or by another process)."""
        self._let_go(table, idle=False)

    def _let_go(self, table: Table, *, idle: bool) -> None:
        for forget, on_idle in self._forgetting:
            if on_idle or not idle:
                forget(table.id)
        self._by_id.pop(table.id, None)
        self._touched.pop(table.id, None)
        if self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]

    def load(self, row: dict[str, Any], seat_rows: list[dict[str, Any]] | None = None) -> Table:
        """A table as its stored `row` and seat rows say it (read from the store when not given),
        not held: with its state when the row has one."""
        game = get_game(row["game"])
        seats = [SeatInfo.from_row(s) for s in (self.store.seats(row["id"]) if seat_rows is None else seat_rows)]
        stored = loads(row["config"])
        config, lang = split_config(stored)
        table = Table(
            id=row["id"], guild_id=row["guild"], channel_id=row["channel"], game=game, host_id=row["host"],
            seed=row["seed"], variant=row["variant"], config=config, lang=lang, timeout=stored_timeout(stored),
            time=stored_time(stored, game), reliable=bool(table_settings(stored).get("reliable")),
            pauses=stored_pauses(stored),
            status=row["status"],
            seats=seats, setup_record=loads(row["setup"]) or [],
        )
        if row["state"]:
            stored = row["state"]
            table.stored_as(stored if isinstance(stored, str) else json.dumps(stored, ensure_ascii=False,
                                                                              separators=(",", ":")))
        return table

    def broke(self, broken: BrokenTable) -> None:
        """The open table of `broken.channel_id` could not be loaded: the channel stays closed."""
        self.broken[broken.channel_id] = broken

    def cancel_broken(self, channel_id: int, by: Player, can_manage: bool) -> list[Notice]:
        """A moderator gives up on a table that could not be loaded: its row is marked cancelled
        (kept, with its log, for whoever wants to look) and the channel is free again."""
        broken = self.broken[channel_id]
        if not can_manage:
            raise IllegalAction("broken_cancel", table=broken.table_id)
        self.store.finish(broken.table_id, "cancelled", [])
        del self.broken[channel_id]
        return [Public(broken.table_id, [Msg("table.cancelled", {"player": by.name})])]

    def broken_in(self, channel_id: int) -> BrokenTable | None:
        """The table of this channel that could not be loaded (and no table open there since)."""
        return self.broken.get(channel_id) if channel_id not in self._by_channel else None

    def refuse_broken(self, channel_id: int) -> None:
        """`table_broken` when the channel's table could not be loaded."""
        if (broken := self.broken_in(channel_id)) is not None:
            raise IllegalAction("table_broken", table=broken.table_id)
