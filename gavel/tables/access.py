"""Finding a table, for every part of the table service: from this process's memory (`Tables`),
else from the database (one another process opened, or one not touched since start-up), and
every change run on the table as the database has it now, under its lock (`on_table`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from gavel.tables.games import installed
from gavel.tables.hands import Secrets
from gavel.tables.notices import draw_later
from gavel.tables.registry import BrokenTable, Tables
from gavel.tables.store import loads
from gavel.tables.table import Player, SeatInfo, Table, seating_fault
from gavel.tables.timing import Clocks
from gavel.tables.writes import RETRIES, StaleTable, Writes
from rules.core import IllegalAction

log = logging.getLogger(__name__)

T = TypeVar("T")


async def _same(table: Table) -> Table:
    return table


class Access:
    """The way every part finds a table and runs a change on it (it keeps nothing of its own:
    the tables are `Tables`', their clocks `Clocks`', what their seats were sent `Secrets`')."""

    def __init__(self, tables: Tables, timing: Clocks, secrets: Secrets, writes: Writes) -> None:
        self._tables = tables
        self._store = tables.store
        self._timing = timing
        self._secrets = secrets
        self._writes = writes

    # ------------------------------------------------------------------ lookup
    # Two ways to find a table. The sync `table(channel)` is a cheap cached read of this
    # process's memory: views and menus use it, and it may be behind the database (another
    # process may have moved the table, or opened it). Every change goes through `on_table`
    # (async): it finds the table in memory or, failing that, in the database (`find`, in a
    # worker thread), brings it up to date with the database under the table's lock (`fresh`)
    # and runs the change; writes are compare-and-swap, and a change that lost a race to
    # another process (`StaleTable`) runs again on the table as it now is.
    def table(self, channel_id: int) -> Table | None:
        """The open (lobby or active) table in a channel, as this process last saw it."""
        return self._tables.table(channel_id)

    async def look(self, channel_id: int) -> Table | None:
        """The channel's open table as the database has it now (async: read in a worker thread),
        or None: for a menu or a command's choices on a process that may be behind (another
        process moved the table, or opened it). Read it; change it only through the service."""
        try:
            return await self.on_table(channel_id, _same)
        except IllegalAction:
            return None

    async def peek(self, channel_id: int) -> Table | None:
        """The channel's open table for reading, or None, never waiting for its lock
        (`Access.read`): a command or a click is judged by it while another change (an AI seat
        thinking, a drawing, a write) holds the table."""
        try:
            return await self.read(channel_id, _same)
        except IllegalAction:
            return None

    async def read(self, channel_id: int, read: Callable[[Table], Awaitable[T]]) -> T:
        """Run `read` on the channel's table without holding its lock: a look (`/table me`, the
        board, a status) never waits for a change in progress. When nobody holds the lock, the
        table is first brought up to what the database has (`fresh`, under the lock, taken at
        once and let go before `read` runs: a drawing never holds the table); while a change
        holds it, the copy in memory is read as the change leaves it (this process's change,
        written or rolled back in a moment). `read` must change nothing."""
        for _ in range(RETRIES + 1):
            table = await self.touch(channel_id)
            if table.lock.locked():
                return await read(table)
            async with table.lock:
                current = await self.fresh(table)
            if current:
                return await read(table)
        raise IllegalAction("no_table")

    async def touch(self, channel_id: int) -> Table:
        """The channel's open table: from memory, else from the database (opened by another
        process, or not loaded since start-up). `no_table` (or `table_broken`) when none."""
        table = self._tables.table(channel_id)
        if table is None:
            table = await self.find(channel_id)
        if table is None:
            self._tables.refuse_broken(channel_id)
            raise IllegalAction("no_table")
        self._tables.touched(table)  # in use: not idle (`Tables.idle`)
        return table

    async def on_table(self, channel_id: int, change: Callable[[Table], Awaitable[T]]) -> T:
        """Run `change` on the channel's table under its lock, on the table as the database has
        it; again (up to `RETRIES` times) when another process wrote it first (`StaleTable`),
        or closed it (then on the table open there now, if any). A change lets the lock go only
        while it waits for nothing of the table, all it applied written (`registry.let_go`: an AI
        seat thinking in a worker process). The pictures of the notices it returns are drawn after
        the lock is let go (`notices.draw_later`): they were made ready under it, from the table
        as the change left it; they are returned after the change before theirs returned its own."""
        for attempt in range(RETRIES + 1):
            table = await self.touch(channel_id)
            async with table.lock:
                if not await self.fresh(table):
                    continue  # closed by another process: look for the table open there now
                try:
                    done = await change(table)
                    await self._writes.flush_seats(table)  # a seat change no notice took along: written all the same
                    earlier, table.drawing = table.drawing, asyncio.get_running_loop().create_future()
                    drawing = table.drawing
                except StaleTable:
                    self._writes.unwind_seats(table)
                    table.seen = None
                    if attempt == RETRIES:
                        raise
                    continue
                except BaseException:  # memory may hold what a failed write did not store: read it again
                    self._writes.unwind_seats(table)
                    table.seen = None
                    raise
            # The change's pictures, made ready under the lock, are drawn now that it is let go:
            # another change of the table never waits for them. Its notices are returned once the
            # change before it has returned its own (they go out in the order they were kept).
            try:
                await draw_later(done)
                if earlier is not None:
                    await asyncio.shield(earlier)
            finally:
                drawing.set_result(None)
                if table.drawing is drawing:
                    table.drawing = None
            if not table.lock.locked() and not self._writes.owes(table):
                # all the change did is written, no other call holds the table: its state is the
                # stored one, and the state object (five times its JSON text) goes until the next
                # look makes it again from the text (`Table.state`), notices waiting or not
                table.rest()
            return done
        raise IllegalAction("no_table")

    async def fresh(self, table: Table) -> bool:
        """Bring a table held in memory up to what the database has (call under its lock): its
        seats and host always (cheap), its state when another process moved it on. False (and
        the table forgotten here) when it is no longer open. Nothing is read when nobody else
        has written the database since this copy was last found current (`others_mark`: one
        process on its own SQLite file); every write is a compare-and-swap all the same."""
        mark = self._store.others_mark()  # before the head: a write after it shows next time
        if mark is not None and table.seen == mark:
            return True
        table.seen = None  # until the head is read and taken up
        head = await asyncio.to_thread(self._store.head, table.id)
        if head is None or head["status"] not in ("lobby", "active"):
            if head is not None:
                table.status = head["status"]
            self._tables.forget(table)
            return False
        seats = [SeatInfo.from_row(s) for s in head["seats"]]
        if seats != table.seats:
            table.seats = seats
        table.host_id = head["host"]
        if head["status"] != table.status or (head["status"] == "active" and head["version"] != table.version):
            row = await asyncio.to_thread(self._store.table_row, table.id)
            if row is None or row["status"] not in ("lobby", "active"):
                self._tables.forget(table)
                return False
            table.status = row["status"]
            table.setup_record = loads(row["setup"]) or []
            if row["state"]:
                table.stored_as(row["state"])
            self._timing.resume(table, row.get("clock"))  # the decision's clock as stored with this state
            # What the seats hold now was told them by the process that wrote it (its notices are
            # kept with its action, in one transaction): nothing of it is news from here.
            self._secrets.remember(table)
        elif head["status"] == "active":  # same version: passes another process queued for the hold
            self._timing.adopt(table, head.get("clock"))
        table.seen = mark
        return True

    def get(self, table_id: int) -> Table | None:
        """Any table by id: open ones from memory, finished or cancelled ones from the database."""
        if (held := self._tables.held(table_id)) is not None:
            return held
        row = self._store.table_row(table_id)
        return self.load(row) if row else None

    def open(self, channel_id: int) -> Table:
        table = self.table(channel_id)
        if table is None:
            self._tables.refuse_broken(channel_id)
            raise IllegalAction("no_table")
        return table

    @staticmethod
    def require(table: Table, status: str) -> None:
        if table.status == status:
            return
        if table.status in ("finished", "cancelled"):
            raise IllegalAction("no_table")
        raise IllegalAction("lobby_only" if status == "lobby" else "not_started")

    @staticmethod
    def require_host(table: Table, by: Player) -> None:
        if by.user_id != table.host_id:
            raise IllegalAction("not_host")

    async def find(self, channel_id: int) -> Table | None:
        """The channel's open table read from the database into memory (in a worker thread):
        one another process opened, or one this process has not touched since it started. None
        when no table is open there (or it cannot be loaded: it is then `broken`)."""
        row = await asyncio.to_thread(self._store.open_row, channel_id)
        if row is None:
            return None
        loaded = await asyncio.to_thread(self.loaded, row)
        known = self._tables.holds(row["id"], channel_id)
        if known is not None:  # another call of this process found it meanwhile
            return known
        return self.adopt(row, loaded)

    def loaded_batch(self, rows: list[dict[str, Any]],
                      seats: dict[int, list[dict[str, Any]]]) -> list[Table | Exception]:
        """`loaded` for each of `rows` (in one worker-thread call), with the seats already read."""
        return [self.loaded(row, seats.get(row["id"])) for row in rows]

    def loaded(self, row: dict[str, Any], seats: list[dict[str, Any]] | None = None) -> Table | Exception:
        """A stored row as a table, or why it cannot be one (runs in a worker thread); `seats`: its
        seat rows when already read (else they are read here)."""
        try:
            if installed(row["game"]) is None:
                raise LookupError(f"game {row['game']!r} is not installed")
            seats = self._store.seats(row["id"]) if seats is None else seats
            table = self.load(row, seats)
            if table.variant is not None and table.variant not in table.game.info.variants:
                raise LookupError(f"{row['game']} has no variant {table.variant!r}")
            if (fault := seating_fault(table, [int(s["seat"]) for s in seats])) is not None:
                raise LookupError(fault)
            return table
        except Exception as exc:  # one unreadable table must not keep the others down, nor be hidden
            return exc

    def adopt(self, row: dict[str, Any], loaded: Table | Exception) -> Table | None:
        """Hold a loaded table in memory (None, and the channel's table `broken`, when it could
        not be loaded)."""
        if isinstance(loaded, Exception):
            log.error("table %s in channel %s could not be restored; the channel stays closed until it is"
                      " repaired or cancelled", row["id"], row["channel"], exc_info=loaded)
            self._tables.broke(BrokenTable(row["id"], row["channel"], str(row["game"]),
                                           f"{type(loaded).__name__}: {loaded}"))
            return None
        self._tables.hold(loaded)
        self._secrets.remember(loaded)
        self._timing.resume(loaded, row.get("clock"))
        return loaded

    def load(self, row: dict[str, Any], seat_rows: list[dict[str, Any]] | None = None) -> Table:
        return self._tables.load(row, seat_rows)

