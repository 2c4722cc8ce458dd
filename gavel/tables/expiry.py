"""The clocks' running out, for the table service: a decision's clock that ran out (`expire`:
each human it clocks takes the game's timeout action; a time control's `time_up` action, twice
in a row and the seat is handed to the AI), the clocks of any table due now (`due_clocks`,
`claim`), and the half-time reminders (`remind`, `due_reminders`), sent once whichever process
gets there. The clocks themselves are `gavel.tables.timing.Clocks`'.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from gavel.tables import i18n
from gavel.tables.answers import Answers, _Out
from gavel.tables.clock import Deadline
from gavel.tables.decisions import OnClock
from gavel.tables.games import game_name
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice, Reminder
from gavel.tables.outbox import Outbox
from gavel.tables.pauses import SOME, Schedule, due, is_daily, usage, used
from gavel.tables.play import Play
from gavel.tables.settings import Settings
from gavel.tables.store import dumps, loads
from gavel.tables.table import Table
from gavel.tables.writes import StaleTable
from rules.core import IllegalAction, Msg, SeatName

OUTAGE_WAIT = 300.0
"""Seconds a clock waits, past an outage still open, before it is looked at again."""
EARLY = 0.5
"""Seconds by which a clock's timer may fire before its due time and still find it run out."""


class Expiry:
    """What happens when a clock runs out (it keeps nothing of its own)."""

    def __init__(self, ground: Ground, play: Play, answers: Answers, outbox: Outbox, settings: Settings) -> None:
        self._tables, self._access, _, self._timing = ground
        self._store = ground.tables.store
        self._play, self._answers, self._outbox, self._settings = play, answers, outbox, settings

    # ------------------------------------------------------------------ the window clock
    def deadline(self, channel_id: int) -> Deadline | None:
        """When the decision open now runs out by itself: the table has a clock and the decision
        puts some human on it (`Decision.clocked`: a card-play window's `pass`, a move on a
        chess clock). None otherwise (no table, no clock, a decision without one, or only AI
        seats on it).

        `seconds` is the time left: the clock starts when the decision opens (a card played in a
        window opens a new one); a pass does not give the others a fresh minute."""
        table = self._tables.table(channel_id)
        return self._timing.deadline(table) if table is not None else None

    async def expire(self, channel_id: int, version: int) -> list[Notice]:
        """The clock ran out at `version`: every human the decision puts on the clock takes its
        timeout action (a public `table.timed_out` names them), AI seats play on, and the usual
        notices come back. Nothing at all (`[]`) when the table moved on since (a stale timer)."""
        return await self._unless_gone(channel_id, lambda table: self._expire(table, version))

    async def _unless_gone(self, channel_id: int,
                           change: Callable[[Table], Awaitable[list[Notice]]]) -> list[Notice]:
        """`change` on the channel's table, or nothing (`[]`) when there is none any more or it
        cannot be loaded: a timer outlives its table."""
        try:
            return await self._access.on_table(channel_id, change)
        except IllegalAction as exc:
            if exc.code in ("no_table", "table_broken"):
                return []
            raise

    async def _expire(self, table: Table, version: int) -> list[Notice]:
        if table.status != "active" or table.state is None or table.version != version:
            return []
        if self._timing.hold_due(table) is not None:  # passes wait for the window's hold
            return await self._hold_over(table)
        found = self._timing.decisions.on_clock(table)
        if found is not None and found.time_control:
            fair = await self._fair(table, found)
            if fair is None:  # it runs out later: its pauses, an outage or a notice not heard yet
                return []
            return await self._time_up(table, version, list(found.seats), fair)
        seats = self._timing.decisions.clocked(table)
        if not seats:
            return []
        ran_out = table.decision()
        names = i18n.Listed.of(table.seat_name(s) for s in seats)
        out = _Out([Msg("table.timed_out", {"players": names})])
        applied = False
        for seat in seats:
            # One seat's answer may close the decision and open the next: each takes its
            # timeout action only while the one that ran out is still open and clocks it.
            if table.status != "active" or not self._timing.decisions.still_open(table, ran_out, version, seat):
                continue
            action = table.game.timeout_action(table.state, seat)
            if action is not None:
                try:
                    await self._play.step(table, seat, str(action), out)
                except StaleTable:
                    if not applied:  # nothing of ours is stored: `on_table` looks again (and finds it stale)
                        raise
                    break  # another process moved the table on: what we stored is told below
                applied = True
        await self._play.run_ai(table, out)
        return await self._answers.notices(table, out)

    async def _hold_over(self, table: Table) -> list[Notice]:
        """The window's hold ended: the passes that waited for it are applied (`Play.answer_waiting`,
        within `run_ai`), the AI seats play on, and the channel hears them if they closed the
        window (else nothing: `Answers.still_open`). Too early (a timer a little ahead of the
        service's clock): nothing, and the front-end's timer is armed again."""
        if self._timing.holding(table) is not None:
            return []
        out = _Out(before=table.decision(), waited=frozenset(self._timing.queued(table)))
        await self._play.run_ai(table, out)
        return await self._answers.notices(table, out)

    async def _fair(self, table: Table, found: OnClock) -> frozenset[int] | None:
        """Whether the time control of the decision open now really ran out (`gavel.tables.pauses`):
        its clock counts from when its notice reached its players (`ClockRow.heard`: a notice
        still undelivered while sends fail is an outage, below; one never delivered at all makes
        the time-up no walk-away, `_time_up`), stops
        during outages, and, at a daily table, during the vacations and sleep hours of the seats
        it clocks, as much as the table accepts (`Table.pauses`). Not yet: its clock is stored
        with the later due time (taken up here, and by any process from the store) and None
        comes back. Else the seats it clocks whose player is on vacation now (the AI keeps
        their seat warm instead of timing them out)."""
        head = await asyncio.to_thread(self._store.head, table.id)
        stored = head.get("clock") if head is not None else None
        clock = loads(stored) if isinstance(stored, str) else stored
        if not isinstance(clock, dict) or clock.get("at") != table.version or clock.get("due") is None:
            return frozenset()
        total = found.seconds
        # Its timer (or the database's watch) found it due: the time is read as no earlier than
        # its due time (a wall clock behind the service's never holds a clock longer).
        now = max(self._timing.wall(), float(clock["due"]))
        opened = int(clock.get("opened", table.version))
        start = float(clock["start"]) if clock.get("start") is not None else float(clock["due"]) - total
        start = max(start, float(clock.get("heard") or start))
        outages = [(a, now + OUTAGE_WAIT if b is None else b)
                   for a, b in await asyncio.to_thread(self._store.outages, start)]
        users = {s: table.seats[s].user_id for s in found.seats}
        schedules: dict[int, tuple[Schedule, float | None]] = {}
        if is_daily(table.time):  # a live table never pauses for a player
            for user in {u for u in users.values() if u is not None}:
                settings = await asyncio.to_thread(self._store.user_settings, user)
                taken = usage(settings.get("paused"), table.id, opened)
                cap = {"none": 0.0, "some": max(0.0, SOME - taken)}.get(table.pauses)
                schedules[user] = (Schedule.of(settings), cap)
        seats = [schedules.get(users[s] or 0, (Schedule(), None)) for s in found.seats]
        ends, stopped = due(start, total, outages, seats)
        if ends > now + EARLY:
            paused = {users[s] or 0: stopped[i] for i, s in enumerate(found.seats) if stopped[i]}
            await self._later(table, clock, ends, paused if table.pauses == "some" else {})
            return None
        vacation = {u for u, (schedule, _) in schedules.items() if schedule.on_vacation(now)}
        return frozenset(s for s in found.seats if users[s] in vacation)

    async def _later(self, table: Table, clock: dict[str, Any], ends: float, paused: dict[int, float]) -> None:
        """The decision's clock runs out at `ends` after all: stored so (by any process found
        due then), taken up here (the timer is armed again from it), its half-time reminder not
        sent yet moved on as much; `paused`: the seconds
        each player's pauses stopped it, counted against what a `pauses:some` table accepts."""
        opened = int(clock.get("opened", table.version))
        for user, seconds in paused.items():
            settings = await asyncio.to_thread(self._store.user_settings, user)
            await asyncio.to_thread(self._store.set_user_settings, user,
                                    {"paused": used(settings.get("paused"), table.id, opened, seconds)})
        later = {k: v for k, v in clock.items() if k != "claimed"}
        if later.get("remind") is not None and not self._timing.was_reminded(table.id, opened):
            later["remind"] = float(later["remind"]) + max(0.0, ends - float(later["due"]))  # half-way still
        later["due"] = ends
        text = dumps(later)
        if await asyncio.to_thread(self._store.set_clock, table.id, table.version, text):
            self._timing.moved(table, text)

    async def _time_up(self, table: Table, version: int, seats: list[int],
                       away: frozenset[int] = frozenset()) -> list[Notice]:
        """The time control ran out at `version`: each seat it clocks takes its
        `Game.time_up_action` (logged like any action), the channel hears who ran out of time
        (`table.time_up`), a seat that ran out twice in a row is handed to the AI (`away`), and
        AI seats play on. A time-up whose decision's notice was never delivered (still in the
        outbox: `TableStore.undelivered`) is the platform's fault, and does not count."""
        assert table.state is not None
        ran_out = table.decision()
        opened = self._timing.decisions.track(table)
        # A platform fault is never the player's: while what asked them still waits in the
        # outbox (not delivered), the time-up is not counted towards a walk-away.
        unheard = opened is not None and await asyncio.to_thread(
            self._store.undelivered, table.id, table.channel_id, opened.version)
        out = _Out()
        for seat in away:  # on vacation where the table accepts no more pausing: the AI keeps the seat warm
            if self._play.has_ai(table) and not table.seats[seat].is_ai:
                await self._play.hand_to_ai(table, seat, out, Msg("table.vacation_warm", {"player": SeatName(seat)}))
        seats = [s for s in seats if not table.seats[s].is_ai]
        if seats:
            out.public.insert(0, Msg("table.time_up", {"players": i18n.Listed.of(table.seat_name(s) for s in seats)}))
        timed_out: list[int] = []
        for seat in seats:
            if table.status != "active" or not self._timing.decisions.still_timed(table, ran_out, version, seat):
                continue
            action = table.game.time_up_action(table.state, seat)
            if action is None:
                continue
            try:
                await self._play.step(table, seat, str(action), out)
            except StaleTable:
                if not timed_out:  # nothing of ours is stored: `on_table` looks again (and finds it stale)
                    raise
                break  # another process moved the table on: what we stored is told below
            timed_out.append(seat)
        if table.status == "active" and not unheard:
            for seat in timed_out:
                await self._play.count_time_up(table, seat, out)
        await self._play.run_ai(table, out)
        return await self._answers.notices(table, out)

    async def alive(self, gap: float | None = None) -> float | None:
        """This process is alive now (`TableStore.heartbeat`, the bot's heartbeat and start-up):
        when no process was for `gap` seconds (`OUTAGE_GAP` by default) or more, that time is an
        outage, and every clock stopped meanwhile. When the last heartbeat before was (None: never)."""
        if gap is None:
            return await asyncio.to_thread(self._store.heartbeat, self._timing.wall())
        return await asyncio.to_thread(self._store.heartbeat, self._timing.wall(), gap)

    async def due_clocks(self) -> list[Deadline]:
        """The clocks of any table (touched here or not) that ran out, claimed by this process
        for `lease` seconds: each is this process's to `expire`, or, `ai`, to `advance` (AI seats
        left to act by a process that stopped) (`gavel.tables.clock.WindowClock`)."""
        rows = await asyncio.to_thread(self._store.claim_clocks, self._timing.wall(), self._timing.lease)
        return [Deadline(r["id"], r["channel"], r["at"], 0.0, ai=bool(r["ai"])) for r in rows]

    # ------------------------------------------------------------------ half-time reminders
    async def due_reminders(self) -> list[Deadline]:
        """The half-time reminders due now at any table (touched here or not) and not sent yet,
        as deadlines whose `opened` names the decision (for `remind`; nothing is claimed yet)."""
        rows = await asyncio.to_thread(self._store.due_reminders, self._timing.wall())
        return [Deadline(r["id"], r["channel"], r["at"], 0.0, remind=0.0, opened=r["opened"]) for r in rows]

    async def remind(self, channel_id: int, opened: int) -> list[Notice]:
        """Half of the clock of the decision opened at version `opened` is gone: one `Reminder`
        (a DM) for each human seat on its clock that has not acted yet and has not turned
        reminders off (`/table settings`). Claimed in the database first, so that it goes out
        once whichever process, or restarted process, gets here; nothing (`[]`) when the
        decision was answered or moved on, or the reminder was sent already."""
        return await self._unless_gone(channel_id, lambda table: self._remind(table, opened))

    async def _remind(self, table: Table, opened: int) -> list[Notice]:
        now = self._timing.decisions.track(table) if table.status == "active" and self._timing.enabled else None
        if now is None or now.version != opened or self._timing.was_reminded(table.id, opened):
            return []
        notices = await self._reminders(table, opened)
        self._timing.reminded(table.id, opened)
        if notices:  # claimed in the transaction that keeps them: a stop between the two cannot lose them
            return await self._outbox.keep(table, notices, reminder=opened)
        # Claimed even when nobody is left to remind: the watch then stops finding it due.
        await asyncio.to_thread(self._store.claim_reminder, table.id, opened)
        return []

    async def _reminders(self, table: Table, opened: int) -> list[Notice]:
        """The DMs of the half-time reminder of the decision opened at `opened`: one per human
        still on its clock who has not turned reminders off."""
        waiting = table.decision().waiting()
        found = self._timing.decisions.on_clock(table)  # the window clock's seats, or the time control's
        seats = [s for s in (found.seats if found is not None else ()) if s in waiting]
        left = self._timing.decisions.seconds_left(table)
        if not seats or left is None:
            return []
        row, wall = self._timing.known(table.id), self._timing.wall
        ends = row.due if row is not None and row.due is not None and row.opened == opened else wall() + left
        users = {s: table.seats[s].user_id for s in seats}
        wanted = await asyncio.to_thread(self._settings.want_reminders, [u for u in users.values() if u is not None],
                                         wall())
        return [Reminder(table.id, seat, user, table.guild_id, table.channel_id, opened, ends, max(0.0, ends - wall()),
                         game_name(table.game))
                for seat, user in users.items() if user is not None and wanted.get(user, True)]

    async def claim(self, deadline: Deadline) -> bool:
        """Claim a clock this process timed itself: False when the table moved on, or another
        process holds it (it fires it)."""
        return bool(await asyncio.to_thread(self._store.claim_clock, deadline.table_id, deadline.version,
                                            self._timing.wall(), self._timing.lease))

