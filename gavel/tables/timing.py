"""The clocks' part of the table service: the decision open at each table (`Decisions`), the
clock stored with it (`ClockRow`: what the database keeps, written only when it changes), the
half-time reminders this process sent, and the wall clock and lease every stored time is read
against. It owns that state; the parts that write a table read the clock to store from it
(`row`) and tell it what landed (`stored`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from gavel.tables.ai import AITurns
from gavel.tables.decisions import REMIND_FROM, ClockRow, Decisions
from gavel.tables.notices import Deadline, Timer
from gavel.tables.store import loads
from gavel.tables.table import Table


class Hold(NamedTuple):
    """A seat just voted away whose open decision the AI does not answer yet (`Clocks.hold`)."""

    seat: int
    opened: int
    """The version the decision it waits on opened at: a later decision is the AI's at once."""
    until: float
    """When the AI may answer it (the service's clock)."""


class Clocks:
    """Each table's decision open now and its stored clock (memory only; the database decides)."""

    def __init__(self, ai_turns: AITurns, clock: Callable[[], float] = time.monotonic, *,
                 enabled: bool = True) -> None:
        self._ai_turns = ai_turns
        self.decisions = Decisions(clock)
        """The decision open at each table, as its game states it, and its clock (memory only)."""
        self.enabled = enabled
        """Whether decisions run on the table's clock here (the bot's case). Local play runs none:
        nobody's time runs out, so no notice speaks of a clock or a deadline."""
        self.wall: Callable[[], float] = time.time
        """The wall clock of stored times (they outlive the process; tests move it)."""
        self.lease = 30.0
        """Seconds a process holds a clock or outbox notices it claimed before another may take
        them (it died firing or sending them)."""
        self._rows: dict[int, ClockRow | None] = {}
        """Per table: the clock last stored (version, version its decision opened at, due as a
        `time.time()`), or None when none runs: a clock is written only when it changes."""
        self._reminded: dict[int, int] = {}
        """Per table: the decision (the version it opened at) whose half-time reminder this process
        sent or found sent, not to be armed again here. The database's claim is what makes it
        once everywhere."""
        self._holds: dict[int, Hold] = {}
        """Per table: a seat voted away whose open decision the AI leaves alone a little longer."""

    def forget(self, table_id: int) -> None:
        """The table is no longer held here."""
        self.decisions.forget(table_id)
        self._rows.pop(table_id, None)
        self._reminded.pop(table_id, None)
        self._holds.pop(table_id, None)

    def tracked(self) -> set[int]:
        """The tables this part keeps anything for (none once a table is forgotten)."""
        return {*self.decisions.tables(), *self._rows, *self._reminded, *self._holds}

    def owes(self, table: Table) -> bool:
        """Whether a seat of the table was just voted away and its decision waits (`hold`: kept
        in memory only). The decision, its clock and its reminder are read again from the stored
        clock when the table is loaded (`resume`; a reminder is claimed in the store)."""
        return table.id in self._holds

    def hold(self, table: Table, seat: int, seconds: float) -> None:
        """`seat` was just voted away: the AI leaves the decision open now alone for `seconds`
        (its player may still answer it with `/table sit`), then plays on (`held`)."""
        opened = self.decisions.track(table)
        if opened is not None:
            self._holds[table.id] = Hold(seat, opened.version, self.decisions.now() + seconds)

    def held(self, table: Table) -> frozenset[int]:
        """The AI seats that may not answer the decision open now yet (see `hold`)."""
        left = self.hold_left(table)
        found = self._holds.get(table.id)
        return frozenset({found.seat}) if left is not None and found is not None else frozenset()

    def hold_left(self, table: Table) -> float | None:
        """Seconds until the held seat's AI may answer the decision open now, or None: no seat is
        held (none was voted away, its decision moved on, or the time is over)."""
        found = self._holds.get(table.id)
        if found is None:
            return None
        opened = self.decisions.track(table)
        left = found.until - self.decisions.now()
        if opened is None or opened.version != found.opened or left <= 0 or not table.seats[found.seat].is_ai:
            del self._holds[table.id]
            return None
        return left

    def release(self, table_id: int) -> None:
        """No seat of the table is held any more (its player took it back)."""
        self._holds.pop(table_id, None)

    def row(self, table: Table) -> ClockRow | None:
        """The decision open now (tracking it: `decisions.track`) and its clock, as the database
        keeps them (`ClockRow`), or None outside a game in play (or where no clocks run). A pass
        moves the version on, never the due time. Another process reads the opening version
        too: a click made earlier in the same decision still answers it there (`answering`).
        When AI seats are to act, whoever finds them still to act a `lease` from now plays them
        on (this process stopped while playing them)."""
        opened = self.decisions.track(table) if self.enabled else None
        if opened is None:
            return None
        left = self.decisions.seconds_left(table)
        known = self._rows.get(table.id)
        due: float | None = None
        remind: float | None = None
        if left is not None:
            same = known is not None and known.opened == opened.version and known.due is not None
            if same and known is not None:
                due, remind = known.due, known.remind
            else:  # the decision's clock starts now: its reminder is due half-way
                due = self.wall() + left
                remind = self.wall() + left / 2 if left >= REMIND_FROM else None
        held = self.hold_left(table) or 0.0
        ai = self.wall() + max(self.lease, held) \
            if table.ai_to_act() and self._ai_turns.policy(table) is not None else None
        return ClockRow(table.version, opened.version, due, ai, remind)

    def is_stored(self, table_id: int, row: ClockRow | None) -> bool:
        """Whether `row` is the clock stored last for the table (nothing to write)."""
        return table_id in self._rows and self._rows[table_id] == row

    def stored(self, table_id: int, row: ClockRow | None) -> None:
        """`row` is the table's clock as the database now has it. No clock (None) is remembered
        only over one this table had: a table that closed (and was forgotten) before its last
        notices cleared its clock leaves nothing behind here."""
        if row is None and table_id not in self._rows:
            return
        self._rows[table_id] = row

    def known(self, table_id: int) -> ClockRow | None:
        """The table's clock as last stored (None when none runs or none is known)."""
        return self._rows.get(table_id)

    def resume(self, table: Table, clock: str | None) -> None:
        """Take up the stored clock of a table loaded from the database (see `row`)."""
        found = loads(clock) if clock else None
        if not isinstance(found, dict) or found.get("at") != table.version:
            return
        opened = int(found.get("opened", table.version))
        due = float(found["due"]) if found.get("due") is not None else None
        ai = float(found["ai"]) if found.get("ai") is not None else None
        remind = float(found["remind"]) if found.get("remind") is not None else None
        self.decisions.resume(table, opened, None if due is None else due - self.wall())
        self._rows[table.id] = ClockRow(table.version, opened, due, ai, remind)

    def deadline(self, table: Table) -> Deadline | None:
        """When the decision open now runs out by itself (`Decisions.deadline`), with when its
        half-time reminder is due unless it was sent here already."""
        if not self.enabled:
            return None
        found = self.decisions.deadline(table)
        row = self._rows.get(table.id)
        opened = self.decisions.peek(table.id)
        if found is None or row is None or row.remind is None or opened is None or row.opened != opened.version \
                or self._reminded.get(table.id) == row.opened:
            return found
        return replace(found, remind=row.remind - self.wall(), opened=row.opened)

    def timer(self, table: Table) -> Timer:
        """What the front-end's timer waits for now at `table`: its decision's clock
        (`deadline`), else when its AI seats are to be asked again (`AITurns.due`)."""
        deadline = self.deadline(table)
        return Timer(table.id, table.version, deadline, self.ai_due(table) if deadline is None else None)

    def ai_due(self, table: Table | None) -> float | None:
        """In how many seconds the table's AI seats are to be asked to play on (`AITurns.due`),
        not before a seat just voted away may be played (`hold`); None when none is to act."""
        due = self._ai_turns.due(table)
        if due is None or table is None:
            return due
        return max(due, self.hold_left(table) or 0.0)

    def was_reminded(self, table_id: int, opened: int) -> bool:
        """Whether the reminder of the decision opened at `opened` was sent (or found sent) here."""
        return self._reminded.get(table_id) == opened

    def reminded(self, table_id: int, opened: int) -> None:
        """The reminder of the decision opened at `opened` is sent (or found sent)."""
        self._reminded[table_id] = opened
