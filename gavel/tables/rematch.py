"""The rematch part of the table service: "Play again" once a game has ended.

`Lobby.rematch(channel_id, by)` opens a new lobby in the channel of the last game played there, with
the same game, variant and config, and every one of its table settings (the stored `_` keys:
language, clock and whatever else a table keeps; copied as they are, whatever they are). The
seats come back in the same order: AI seats at once, the clicker (the new host) at once, and
the previous game's other humans are *invited*: each may take their old seat back (Join) until
the window ends (`REMATCH_WAIT` seconds); their seats are kept free meanwhile (`_require_room`).

The window lives in the database with the lobby (`rematches`: who is invited, from which seat,
until when as a `time.time()`), so it survives a restart: `RematchClock` arms a timer for every
open window at start-up, and in shared mode polls for windows any process left behind.
Closing a window is a compare-and-swap (`store.rematch_close`): however many processes fire
it, one alone tells the channel who dropped out. Nobody is ever seated by the window; a seat
not taken back is simply not there, so a start after the window's end needs no timer at all.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from gavel.tables import i18n
from gavel.tables.access import Access
from gavel.tables.notices import Notice, Public
from gavel.tables.registry import Tables
from gavel.tables.store import TableStore, dumps, loads
from gavel.tables.table import Player, SeatInfo, Table
from gavel.tables.timing import Clocks
from rules.core import Msg

log = logging.getLogger(__name__)

REMATCH_WAIT = 60.0
"""Seconds the previous game's other humans have to take their seats back."""
REMATCH_AGE = 24 * 3600.0
"""Seconds after a game's end that its "Play again" still opens a rematch."""
NEWCOMER = 10**6
"""The previous seat of anyone who did not play the previous game: after everyone who did."""


@dataclass(frozen=True)
class Invite:
    """One human of the previous game asked back: their seat there, user id and name."""

    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class Window:
    """A rematch lobby's window, as stored: the previous game's seats (`order`: user id, or the
    AI seat's name) and who is invited back until `ends` (a `time.time()`)."""

    table_id: int
    channel_id: int
    previous: int
    order: tuple[int | str, ...]
    invited: tuple[Invite, ...]
    ends: float
    done: bool

    @classmethod
    def of(cls, row: dict[str, Any]) -> Window:
        data = loads(row["invited"]) or {}
        invited = tuple(Invite(int(i["seat"]), int(i["user_id"]), str(i["name"])) for i in data.get("invited", []))
        return cls(int(row["table_id"]), int(row["channel"]), int(row["previous"]), tuple(data.get("order", [])),
                   invited, float(row["ends"]), bool(row["done"]))

    def stored(self) -> str:
        return dumps({"order": list(self.order),
                      "invited": [{"seat": i.seat, "user_id": i.user_id, "name": i.name} for i in self.invited]})

    def missing(self, table: Table) -> list[Invite]:
        """The invited who have not taken their seat back."""
        seated = {s.user_id for s in table.seats if not s.is_ai}
        return [i for i in self.invited if i.user_id not in seated]

    def awaited(self, table: Table, now: float) -> list[Invite]:
        """The invited still to come while the window is open (none once it ended or closed)."""
        return [] if self.done or now >= self.ends else self.missing(table)

    def previous_seat(self, seat: SeatInfo) -> int:
        """Where a seat sat in the previous game (`NEWCOMER` for one that did not)."""
        key: int | str | None = seat.name if seat.is_ai else seat.user_id
        return self.order.index(key) if key in self.order else NEWCOMER


def ended_at(row: dict[str, Any]) -> float | None:
    """When a stored table finished, as a `time.time()` (None when unknown)."""
    try:
        return datetime.fromisoformat(str(row["finished"])).timestamp() if row.get("finished") else None
    except ValueError:
        return None


class Rematches:
    """The rematch windows of lobbies (stored with them; this keeps nothing of its own)."""

    def __init__(self, tables: Tables, access: Access, timing: Clocks) -> None:
        self._store = tables.store
        self._access = access
        self._timing = timing

    async def window(self, table: Table) -> Window | None:
        """The lobby's rematch window as stored, or None (not a rematch, or no one invited)."""
        if table.status != "lobby":
            return None
        row = await asyncio.to_thread(self._store.rematch_window, table.id)
        return Window.of(row) if row is not None else None

    async def awaited(self, channel_id: int) -> tuple[list[Invite], float | None]:
        """Who the channel's lobby still waits for, and when its window ends (a `time.time()`)."""
        table = await self._access.look(channel_id)
        window = await self.window(table) if table is not None else None
        if table is None or window is None:
            return [], None
        awaited = window.awaited(table, self._timing.wall())
        return awaited, window.ends if awaited else None

    @staticmethod
    def seat_back(table: Table, window: Window, invite: Invite, player: Player) -> list[SeatInfo]:
        """The seating with `player` back in their previous game's place among those present."""
        seats = list(table.seats)
        at = next((j for j, s in enumerate(seats) if window.previous_seat(s) > invite.seat), len(seats))
        seats.insert(at, SeatInfo(player.user_id, player.name))
        return seats

    async def left(self, table: Table, player: Player) -> None:
        """An invited player who took their seat back and left again is no longer awaited."""
        window = await self.window(table)
        if window is None or window.done or all(i.user_id != player.user_id for i in window.invited):
            return
        rest = tuple(i for i in window.invited if i.user_id != player.user_id)
        await asyncio.to_thread(self._store.rematch_invite, table.id,
                                Window(window.table_id, window.channel_id, window.previous, window.order, rest,
                                       window.ends, False).stored())

    async def expire(self, channel_id: int, table_id: int) -> list[Notice]:
        """The window of the lobby `table_id` ended: whoever has not taken their seat back is
        dropped, and the host is told to start. Only the caller that closes the window speaks
        (`[]` for any other, and when the window was closed already: everyone came back, or the
        game started)."""
        if not await asyncio.to_thread(self._store.rematch_close, table_id):
            return []
        row = await asyncio.to_thread(self._store.rematch_window, table_id)
        table = await self._access.look(channel_id)
        if row is None or table is None or table.id != table_id or table.status != "lobby":
            return []
        missing = Window.of(row).missing(table)
        host = next((s.name for s in table.seats if s.user_id == table.host_id), "")
        lines = [Msg("table.rematch_dropped", {"players": i18n.Listed.of(i.name for i in missing)})] if missing else []
        return [Public(table.id, [*lines, Msg("table.rematch_ready", {"host": host})], names=table.names)]

    async def due(self) -> list[tuple[int, int]]:
        """(channel id, table id) of every open window that has ended, at any table."""
        rows = await asyncio.to_thread(self._store.rematch_open, self._timing.wall())
        return [(int(r["channel"]), int(r["table_id"])) for r in rows]


Deliver = Callable[[int, list[Notice]], Awaitable[object]]


class RematchService(Protocol):
    """What `RematchClock` asks of the table service."""

    store: TableStore

    @property
    def wall(self) -> Callable[[], float]: ...

    async def look(self, channel_id: int) -> Table | None: ...

    async def rematch_window(self, table: Table) -> Window | None: ...

    async def due_rematches(self) -> list[tuple[int, int]]: ...

    async def rematch_expire(self, channel_id: int, table_id: int) -> list[Notice]: ...


class RematchClock:
    """The timers of rematch windows: one per open window, on the event loop's clock. At start-up
    (`arm_all`) every window stored as open gets one again; in shared mode `watch` also polls for
    windows whose process stopped. Each timer asks `rematch_expire`, which acts once in all."""

    def __init__(self, service: RematchService, deliver: Deliver) -> None:
        self.service = service
        self.deliver = deliver
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._watch: asyncio.Task[None] | None = None

    def armed(self, table_id: int) -> bool:
        return table_id in self._tasks

    def arm(self, channel_id: int, table_id: int, seconds: float) -> None:
        """Expire the window of `table_id` in `seconds` (call inside the event loop)."""
        old = self._tasks.pop(table_id, None)
        if old is not None:
            old.cancel()
        self._tasks[table_id] = asyncio.get_running_loop().create_task(
            self._run(channel_id, table_id, max(0.0, seconds)), name=f"rematch-{table_id}")

    async def arm_channel(self, channel_id: int) -> None:
        """Arm the window of the channel's lobby, if it has one open."""
        table = await self.service.look(channel_id)
        window = await self.service.rematch_window(table) if table is not None else None
        if window is not None and not window.done:
            self.arm(channel_id, window.table_id, window.ends - self.service.wall())

    async def arm_all(self) -> int:
        """Arm every window stored as open (at start-up); how many."""
        rows = await asyncio.to_thread(self.service.store.rematch_open)
        for row in rows:
            self.arm(int(row["channel"]), int(row["table_id"]), float(row["ends"]) - self.service.wall())
        return len(rows)

    def watch(self, every: float = 5.0) -> None:
        """Poll for ended windows every `every` seconds (processes sharing one database)."""
        if self._watch is None:
            self._watch = asyncio.get_running_loop().create_task(self._poll(every), name="rematch-watch")

    async def poll_once(self) -> int:
        due = await self.service.due_rematches()
        for channel_id, table_id in due:
            await self._fire(channel_id, table_id)
        return len(due)

    async def _poll(self, every: float) -> None:
        while True:
            try:
                await self.poll_once()
            except Exception:
                log.exception("polling the rematch windows failed")
            await asyncio.sleep(every)

    async def _run(self, channel_id: int, table_id: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self._tasks.get(table_id) is asyncio.current_task():
            del self._tasks[table_id]
        await self._fire(channel_id, table_id)

    async def _fire(self, channel_id: int, table_id: int) -> None:
        try:
            notices = await self.service.rematch_expire(channel_id, table_id)
            if notices:
                await self.deliver(channel_id, notices)
        except Exception:
            log.exception("the rematch window of table %s could not close", table_id)

    def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None

