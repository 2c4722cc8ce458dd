"""The window clock: a card-play window does not wait for ever for a human who does not answer.

The service knows *whether* and *how long* a table's current decision may wait
(`TableService.deadline`) and what happens when it runs out (`TableService.expire`, which
applies `game.timeout_action` — passing a window — for every human the game's decision puts on
the clock, `Decision.clocked`; `gavel.tables.decisions` keeps when each decision opened). This module
only keeps time: one asyncio task per channel that sleeps, expires, hands the notices to the
front-end's `deliver(channel_id, notices)` and arms the next window. The front-end calls
`arm(channel_id)` after it delivers the notices of any change (an action, a start, a restore),
because every change may open or move on a window.

The same timer keeps AI seats moving when no call is playing them: after a restart (restoring
never waits for them) or after an AI step failed, `TableService.ai_due` says when to ask them
again, and the timer calls `advance` then.

Many processes may share one database: each decision's clock is stored with the table
(`gavel.tables.answers.Answers.save_clock`), and exactly one process fires each timeout. A process's own timer
claims the clock first (`TableService.claim`: False when another process holds it); `watch`
polls the database for clocks that ran out at tables this process never touched and claims
them (`TableService.due_clocks`: `FOR UPDATE SKIP LOCKED` on PostgreSQL). A claim lasts the
service's `lease`: a process that dies holding one lets another fire it after that. AI seats
that a stopped process left to act fall due the same way (a lease after its last write), and
the watch lets them play on (`advance`).

Half-way through a clock of at least two minutes (`Deadline.remind`), a second timer of the
channel asks the service to remind the seats still to act by DM (`TableService.remind`); the
service claims each decision's reminder in the database, so it goes out once whichever process
(or restarted process) fires it, and `watch` also finds reminders due at tables this process
never touched (`TableService.due_reminders`).

A timer that fires late is harmless: `expire` checks the version it was armed for, so a
window that moved on in the meantime is left alone (and its write is a compare-and-swap).
Errors in a timer are logged, never raised into the event loop. The console (local play) has no clock.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from gavel.tables.notices import Deadline as Deadline
from gavel.tables.notices import Notice, Public, Timer
from rules.core import IllegalAction

log = logging.getLogger(__name__)

Deliver = Callable[[int, list[Notice]], Awaitable[object]]
"""The front-end's way to send a table's notices: `await deliver(channel_id, notices)`."""


class ClockService(Protocol):
    """What `WindowClock` asks of the table service (`gavel.tables.service.TableService`)."""

    def deadline(self, channel_id: int) -> Deadline | None: ...

    def ai_due(self, channel_id: int) -> float | None: ...

    def open_channels(self) -> list[int]: ...

    async def due_reminders(self) -> list[Deadline]: ...

    async def due_clocks(self) -> list[Deadline]: ...

    async def advance(self, channel_id: int) -> list[Notice]: ...

    async def expire(self, channel_id: int, version: int) -> list[Notice]: ...

    async def remind(self, channel_id: int, opened: int) -> list[Notice]: ...

    async def claim(self, deadline: Deadline) -> bool: ...


class WindowClock:
    """One timer per channel, re-armed after every change (see the module docstring)."""

    def __init__(self, service: ClockService, deliver: Deliver) -> None:
        self.service = service
        self.deliver = deliver
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._reminders: dict[int, asyncio.Task[None]] = {}
        """Per channel: the timer of the open decision's half-time reminder."""
        self._watch: asyncio.Task[None] | None = None
        self._armed: dict[int, tuple[int, int]] = {}
        """Per channel: the (table, version) whose timer was armed last (an older one is not)."""

    def arm(self, channel_id: int, timer: Timer | None = None) -> Deadline | None:
        """(Re)start the channel's timer for the decision open now; returns its deadline, or
        None (and no timer) when nobody who has a clock must act. Call inside the event loop.

        `timer`: the one a change's answer carries (`Public.timer`), armed without asking the
        service; left alone when a later change of the table armed one already (deliveries may
        end out of order). Without it the service is asked what is open now."""
        if timer is not None:
            if (timer.table_id, timer.version) < self._armed.get(channel_id, (-1, -1)):
                return None  # an older change's: the newer one's timer stands
            self.disarm(channel_id)
            self._armed[channel_id] = (timer.table_id, timer.version)
            deadline, due = timer.deadline, timer.ai_due
        else:
            self.disarm(channel_id)
            deadline = self.service.deadline(channel_id)
            due = self.service.ai_due(channel_id) if deadline is None else None
            if deadline is not None:  # what is open now: no older change's timer after it
                self._armed[channel_id] = max(self._armed.get(channel_id, (-1, -1)),
                                              (deadline.table_id, deadline.version))
        loop = asyncio.get_running_loop()
        if deadline is not None:
            self._tasks[channel_id] = loop.create_task(self._run(deadline), name=f"window-clock-{channel_id}")
            if deadline.remind is not None and deadline.opened is not None:
                self._reminders[channel_id] = loop.create_task(self._remind(deadline),
                                                               name=f"reminder-{channel_id}")
        elif due is not None:
            self._tasks[channel_id] = loop.create_task(self._play_on(channel_id, due), name=f"ai-clock-{channel_id}")
        return deadline

    def arm_all(self) -> list[Deadline]:
        """Arm every open table (at start-up, after `service.restore()`)."""
        return [d for channel in self.service.open_channels() if (d := self.arm(channel)) is not None]

    def disarm(self, channel_id: int) -> None:
        """Stop the channel's timer, if any (the table finished, was cancelled, or moved on)."""
        for tasks in (self._tasks, self._reminders):
            task = tasks.pop(channel_id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def forget(self, channel_id: int) -> None:
        """The channel's table was dropped from memory while idle: its timers stop, and the
        database's clock fires it from now on (`watch`, which loads it)."""
        self.disarm(channel_id)
        self._armed.pop(channel_id, None)

    def armed(self, channel_id: int) -> bool:
        return channel_id in self._tasks

    def reminding(self, channel_id: int) -> bool:
        """Whether a half-time reminder is waiting to be sent in the channel."""
        return channel_id in self._reminders

    def close(self) -> None:
        """Stop every timer (at shut-down)."""
        for channel in {*self._tasks, *self._reminders}:
            self.disarm(channel)
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None

    def watch(self, every: float = 1.0) -> None:
        """Poll the database every `every` seconds for clocks that ran out at any table, and fire
        those this process claims (processes sharing a database; call inside the event loop)."""
        if self._watch is None:
            self._watch = asyncio.get_running_loop().create_task(self._poll(every), name="window-clock-watch")

    async def poll_once(self) -> int:
        """Fire every clock that ran out and this process claims now, and send the half-time
        reminders due; how many clocks it claimed."""
        for reminder in await self.service.due_reminders():
            await self._send_reminder(reminder.channel_id, reminder.opened)
        due = await self.service.due_clocks()
        for deadline in due:
            channel = deadline.channel_id
            if deadline.ai:
                await self._settle(channel, functools.partial(self.service.advance, channel),
                                   f"AI seats of channel {channel} (table {deadline.table_id})", own=False)
                continue
            await self._settle(channel, functools.partial(self.service.expire, channel, deadline.version),
                               f"window clock of channel {channel} (table {deadline.table_id})", own=False)
        return len(due)

    async def _poll(self, every: float) -> None:
        while True:
            try:
                await self.poll_once()
            except Exception:  # the database is away for a moment: try again at the next tick
                log.exception("polling the window clocks failed")
            await asyncio.sleep(every)

    async def _play_on(self, channel_id: int, due: float) -> None:
        """AI seats are to act but no call is playing them (after a restart, or after an AI step
        failed): after `due` seconds let them play on, deliver what they did, and arm what
        comes next (a failure again backs off for longer: `TableService.ai_due`)."""
        await asyncio.sleep(due)
        await self._settle(channel_id, lambda: self.service.advance(channel_id), f"AI seats of channel {channel_id}")

    async def _remind(self, deadline: Deadline) -> None:
        """Half-way through the decision's clock: remind who has not acted yet. From here on the
        timer is no longer cancellable by `arm` (a reminder claimed must be delivered)."""
        channel = deadline.channel_id
        await asyncio.sleep(max(0.0, deadline.remind or 0.0))
        if self._reminders.get(channel) is asyncio.current_task():
            del self._reminders[channel]
        assert deadline.opened is not None  # armed only with it
        await self._send_reminder(channel, deadline.opened)

    async def _send_reminder(self, channel: int, opened: int | None) -> None:
        if opened is None:
            return
        try:
            notices = await self.service.remind(channel, opened)
        except Exception:
            log.exception("the half-time reminder of channel %s could not be made", channel)
            return
        if not notices:  # answered, moved on, or another process sent it
            return
        try:
            await self.deliver(channel, notices)
        except Exception:
            log.exception("the half-time reminder of channel %s could not be delivered", channel)

    async def _run(self, deadline: Deadline) -> None:
        channel = deadline.channel_id
        await asyncio.sleep(deadline.seconds)
        try:
            claimed = await self.service.claim(deadline)
        except Exception:
            log.exception("window clock of channel %s could not be claimed", channel)
            return
        if not claimed:  # moved on, or another process fires it
            if self._tasks.get(channel) is asyncio.current_task():
                del self._tasks[channel]
            return
        await self._settle(channel, lambda: self.service.expire(channel, deadline.version),
                           f"window clock of channel {channel} (table {deadline.table_id})")

    def _rearm(self, channel: int, what: str) -> None:
        """Arm the channel's timer for what is open now, unless it is due at once (a change that
        told nothing must not fire again and again)."""
        try:
            deadline = self.service.deadline(channel)
            if deadline is None or deadline.seconds > 0:
                self.arm(channel)
        except Exception:
            log.exception("%s could not re-arm", what)

    async def _settle(self, channel: int, call: Callable[[], Awaitable[list[Notice]]], what: str, *,
                      own: bool = True) -> None:
        """Make the timed change, deliver its notices and arm what comes next. From here on the
        timer is no longer cancellable by `arm`: the change is about to be applied, and its
        notices must be delivered, not lost to a newer timer. `own`: called by the channel's
        own timer (not by `watch`)."""
        if own and self._tasks.get(channel) is asyncio.current_task():
            del self._tasks[channel]
        try:
            notices = await call()
        except IllegalAction:  # the table closed in the meantime
            return
        except Exception:  # a bug in a game: do not try again and again
            log.exception("%s failed", what)
            return
        if not notices:
            # Stale (the table moved on, and whoever moved it armed what is open now), or a
            # window's passes applied without closing it (nothing to tell): whatever is open now
            # still needs its timer when nobody armed one.
            if channel not in self._tasks:
                self._rearm(channel, what)
            return
        try:
            await self.deliver(channel, notices)
        except Exception:  # the messages are lost, but the table must not stop: arm the next decision
            log.exception("%s could not deliver", what)
        try:
            if channel not in self._tasks:  # nobody armed the next decision yet: the change's timer
                self.arm(channel, next((n.timer for n in notices if isinstance(n, Public) and n.timer), None))
        except Exception:
            log.exception("%s could not re-arm", what)
