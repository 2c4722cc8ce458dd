"""What every part of `TableService` shares: its state, finding a table, and the checks every
call makes. The service is one object made of parts, one module each (`gavel.tables.lobby`,
`gavel.tables.play`, `gavel.tables.ai_turns`, `gavel.tables.restoring`, `gavel.tables.images`, `gavel.tables.hands`,
`gavel.tables.outbox`, `gavel.tables.views`); `gavel.tables.service.TableService` puts them together and sets the
state up. `ServiceBase` declares that state, and the methods one part calls in another, so each
part reads (and type-checks) on its own.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from gavel.tables.notices import Notice, Prompt, Public
from gavel.tables.ratings import Update
from gavel.tables.store import Keep, StaleWrite, TableStore, loads
from gavel.tables.table import Player, SeatInfo, Table
from rules.core import Chance, IllegalAction, Msg, Outcome

if TYPE_CHECKING:
    from gavel.tables.ai_turns import AITurns
    from gavel.tables.decisions import ClockRow, Decisions, Opened
    from gavel.tables.hands import Secrets
    from gavel.tables.images import Images
    from gavel.tables.record import GameRecord
    from gavel.tables.registry import Tables
    from gavel.tables.rematch import Invite, Window
    from gavel.tables.timing import Clocks

T = TypeVar("T")

RETRIES = 4
"""How many times a call that lost a race to another process (`StaleTable`) is run again on
the table as the database has it, before the player is told (`stale_write`)."""


class StaleTable(IllegalAction):
    """The stored table moved on under a call (another process wrote it first): nothing of the
    failed write was stored. `_on_table` runs the call again on the fresh table; past its
    retries the player hears `stale_write`."""

    code = "stale_write"


@dataclass
class _Out:
    """Lines gathered while a call runs, before they become notices."""

    public: list[Msg] = field(default_factory=list)
    private: dict[int, list[Msg]] = field(default_factory=lambda: defaultdict(list))
    heard: int = 0
    """How many of `public` the service's `live` listener was already given (then not repeated
    in the call's notice)."""


@dataclass
class _Unsaved:
    """An action applied in memory whose write waits for the call's notices (`Play._step` with
    `defer`), so that the log row, the snapshot and the outbox rows are one transaction
    (`Play._save`). The table's `snapshot` stays the stored one meanwhile (what a failed write
    puts memory back to); its dice and clock row are taken up once the write lands."""

    seat: int
    by: int | None
    action: str
    chance: Chance
    events: list[dict[str, Any]]
    snapshot: dict[str, Any]
    version: int
    expected: int
    clock: ClockRow | None
    """The clock of the decision open after it (`_save_clock` brings it up to date)."""
    tracked: Opened | None
    """The decision known before it (put back if the write fails)."""


async def _same(table: Table) -> Table:
    return table


class ServiceBase:
    """The state of a `TableService` (set up by its `__init__`) and the lookups every part uses."""

    store: TableStore
    tables: Tables
    images: Images
    ai_turns: AITurns
    secrets: Secrets
    timing: Clocks
    wall: Callable[[], float]
    _outbox: bool
    clocks: bool
    shared: bool
    lease: float
    decisions: Decisions
    _draws: dict[int, list[int]]
    _undo_points: dict[int, tuple[int, int]]
    _unsaved: dict[int, _Unsaved]
    live: Callable[[Public], None] | None

    # ------------------------------------------------------------------ lookup
    # Two ways to find a table. The sync `table(channel)` is a cheap cached read of this
    # process's memory: views and menus use it, and it may be behind the database (another
    # process may have moved the table, or opened it). Every change goes through `_on_table`
    # (async): it finds the table in memory or, failing that, in the database (`_find`, in a
    # worker thread), brings it up to date with the database under the table's lock (`_fresh`)
    # and runs the change; writes are compare-and-swap, and a change that lost a race to
    # another process (`StaleTable`) runs again on the table as it now is.
    def table(self, channel_id: int) -> Table | None:
        """The open (lobby or active) table in a channel, as this process last saw it."""
        return self.tables.table(channel_id)

    async def look(self, channel_id: int) -> Table | None:
        """The channel's open table as the database has it now (async: read in a worker thread),
        or None: for a menu or a command's choices on a process that may be behind (another
        process moved the table, or opened it). Read it; change it only through the service."""
        try:
            return await self._on_table(channel_id, _same)
        except IllegalAction:
            return None

    async def _touch(self, channel_id: int) -> Table:
        """The channel's open table: from memory, else from the database (opened by another
        process, or not loaded since start-up). `no_table` (or `table_broken`) when none."""
        table = self.tables.table(channel_id)
        if table is None:
            table = await self._find(channel_id)
        if table is None:
            self.tables.refuse_broken(channel_id)
            raise IllegalAction("no_table")
        return table

    async def _on_table(self, channel_id: int, change: Callable[[Table], Awaitable[T]]) -> T:
        """Run `change` on the channel's table under its lock, on the table as the database has
        it; again (up to `RETRIES` times) when another process wrote it first (`StaleTable`),
        or closed it (then on the table open there now, if any)."""
        for attempt in range(RETRIES + 1):
            table = await self._touch(channel_id)
            async with table.lock:
                if not await self._fresh(table):
                    continue  # closed by another process: look for the table open there now
                try:
                    return await change(table)
                except StaleTable:
                    if attempt == RETRIES:
                        raise
        raise IllegalAction("no_table")

    async def _fresh(self, table: Table) -> bool:
        """Bring a table held in memory up to what the database has (call under its lock): its
        seats and host always (cheap), its state when another process moved it on. False (and
        the table forgotten here) when it is no longer open."""
        head = await asyncio.to_thread(self.store.head, table.id)
        if head is None or head["status"] not in ("lobby", "active"):
            if head is not None:
                table.status = head["status"]
            self._forget(table)
            return False
        seats = [SeatInfo.from_row(s) for s in head["seats"]]
        if seats != table.seats:
            table.seats = seats
        table.host_id = head["host"]
        if head["status"] != table.status or (head["status"] == "active" and head["version"] != table.version):
            row = await asyncio.to_thread(self.store.table_row, table.id)
            if row is None or row["status"] not in ("lobby", "active"):
                self._forget(table)
                return False
            table.status = row["status"]
            table.setup_record = loads(row["setup"]) or []
            if row["state"]:
                table.snapshot = loads(row["state"])
                table.state = table.game.load(table.snapshot)
            self.timing.resume(table, row.get("clock"))  # the decision's clock as stored with this state
        return True

    def _forget(self, table: Table) -> None:
        """This process no longer holds the table (closed here or by another process): every
        part that keeps something per table forgets it (`Tables.on_forget`)."""
        self.tables.forget(table)

    def open_channels(self) -> list[int]:
        """The channels with an open (lobby or active) table."""
        return self.tables.open_channels()

    def get(self, table_id: int) -> Table | None:
        """Any table by id: open ones from memory, finished or cancelled ones from the database."""
        if (held := self.tables.held(table_id)) is not None:
            return held
        row = self.store.table_row(table_id)
        return self._load(row) if row else None

    def _open(self, channel_id: int) -> Table:
        table = self.table(channel_id)
        if table is None:
            self.tables.refuse_broken(channel_id)
            raise IllegalAction("no_table")
        return table

    @staticmethod
    def _require(table: Table, status: str) -> None:
        if table.status == status:
            return
        if table.status in ("finished", "cancelled"):
            raise IllegalAction("no_table")
        raise IllegalAction("lobby_only" if status == "lobby" else "not_started")

    @staticmethod
    def _require_host(table: Table, by: Player) -> None:
        if by.user_id != table.host_id:
            raise IllegalAction("not_host")

    async def _save_seats(self, table: Table, seats: list[SeatInfo] | None = None, *,
                          host: int | None = None) -> None:
        """Store the seating (`seats`, else the table's own) and a new `host`, then adopt them:
        the database first, so a failed write leaves the table in memory as it was."""
        # A new seating made from the one in memory is written only over that one (`expected`):
        # a lobby change made by another process meanwhile is never overwritten.
        # A lobby change is written only to a lobby (not to a game another process just started).
        expected = None if seats is None else [s.to_row() for s in table.seats]
        seats = table.seats if seats is None else seats
        await self._save(table)  # an action not written yet goes first
        try:
            await asyncio.to_thread(self.store.save_seats, table.id, [s.to_row() for s in seats], host=host,
                                    expected=expected, status="lobby" if table.status == "lobby" else None)
        except StaleWrite as exc:
            raise StaleTable() from exc
        table.seats = seats
        if host is not None:
            table.host_id = host

    # ------------------------------------------------------------------ one part calls another
    # Each is written in the part named; declared here so that every part type-checks alone.

    def _load(self, row: dict[str, Any]) -> Table:  # tables.restoring
        raise NotImplementedError


    async def _find(self, channel_id: int) -> Table | None:  # tables.restoring
        raise NotImplementedError


    def _cancel_broken(self, channel_id: int, by: Player, can_manage: bool) -> list[Notice]:  # tables.restoring
        raise NotImplementedError

    async def rematch_window(self, table: Table) -> Window | None:  # tables.rematch
        raise NotImplementedError

    def _seat_back(self, table: Table, window: Window, invite: Invite,  # tables.rematch
                   player: Player) -> list[SeatInfo]:
        raise NotImplementedError

    async def _rematch_left(self, table: Table, player: Player) -> None:  # tables.rematch
        raise NotImplementedError

    def _log_lines(self, table: Table, after: int) -> list[Msg]:  # tables.views
        raise NotImplementedError




    async def _count_time_up(self, table: Table, seat: int, out: _Out) -> None:  # tables.away
        raise NotImplementedError

    async def _acted(self, table: Table, seat: int) -> None:  # tables.away
        raise NotImplementedError

    def _chance(self, table: Table, tag: str) -> Chance:  # tables.play
        raise NotImplementedError

    def _spend_dice(self, table: Table, chance: Chance) -> None:  # tables.play
        raise NotImplementedError

    async def _step(self, table: Table, seat: int, text: str, out: _Out) -> list[int]:  # tables.play
        raise NotImplementedError

    async def _save(self, table: Table, keep: Keep | None = None) -> bool:  # tables.play
        raise NotImplementedError

    async def _note_undo(self, table: Table, seat: int, before: dict[str, Any] | None,  # tables.undo
                         text: str, draws: list[int]) -> None:
        raise NotImplementedError

    async def _run_ai(self, table: Table, out: _Out) -> None:  # tables.play
        raise NotImplementedError

    async def _finish(self, table: Table, outcome: Outcome, out: _Out) -> None:  # tables.play
        raise NotImplementedError

    async def _close(self, table: Table, status: str, results: list[dict[str, Any]] | None = None, *,
                     rate: Update | None = None) -> None:  # tables.play
        raise NotImplementedError

    async def resign(self, channel_id: int, player: Player) -> list[Notice]:  # tables.play
        raise NotImplementedError

    async def _resign(self, table: Table, player: Player) -> list[Notice]:  # tables.play
        raise NotImplementedError



    def export_row(self, row: dict[str, Any]) -> GameRecord:  # tables.restoring
        raise NotImplementedError






    def answering(self, table: Table, version: int) -> bool:  # tables.service (the decision open now)
        raise NotImplementedError



    def _prompt_for(self, table: Table, seat: int) -> Prompt | None:  # tables.service
        raise NotImplementedError

    async def _public(self, table: Table, lines: list[Msg]) -> tuple[Public, list[Prompt]]:  # tables.service
        raise NotImplementedError

    async def _notices(self, table: Table, out: _Out) -> list[Notice]:  # tables.service
        raise NotImplementedError
