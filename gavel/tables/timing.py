"""The clocks' part of the table service: the decision open at each table (`Decisions`), the
clock stored with it (`ClockRow`: what the database keeps, written only when it changes), the
half-time reminders this process sent, and the wall clock and lease every stored time is read
against. It owns that state; the parts that write a table read the clock to store from it
(`row`) and tell it what landed (`stored`).

**The hold.** A window (a decision that puts a human seat on the game's window clock,
`Decision.clocked`, whatever the table's clock setting) stays open at least `HOLD` seconds
after it opened. Until then the humans' passes wait (`queue`: given by hand, acknowledged to
their player alone; `gavel.tables.standing.answers`: given by a standing order) and are applied
together when the hold ends (`holding`, `Clocks.deadline`: the timer fires then, stored in the
clock row's `hold` so any process, or this one after a restart, applies them once; a pass
queued is stored merged with those the row already holds, `TableStore.queue_clock`, and a
process takes up another's from the table's head, `adopt`, so none is lost). So a window
closes no earlier than the hold, whether its passes came from orders or from hands, and when
it closes says nothing of which were which. What stays: a human who thinks longer than the hold
keeps the window open until they answer, as at a real table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from gavel.tables import standing
from gavel.tables.ai import AITurns
from gavel.tables.decisions import REMIND_FROM, ClockRow, Decisions
from gavel.tables.notices import Deadline, Timer
from gavel.tables.store import loads
from gavel.tables.table import Table

HOLD = 5.0
"""Seconds a window that asks a human stays open at least (the module's "hold"): passes given
before then, by hand or by a standing order, are applied together when it ends."""
EARLY = 0.01
"""Seconds by which a timer may wake before the hold's end and still find it over."""


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
                 enabled: bool = True, window_hold: float | None = None) -> None:
        self._ai_turns = ai_turns
        self.window_hold = HOLD if window_hold is None else window_hold
        """Seconds a window that asks a human stays open at least (`HOLD`); 0: none (passes
        apply as they come, the channel hears each, and no standing order answers: without the
        hold, when a window closes would tell an order's pass from a player's)."""
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
        self._queued: dict[int, tuple[int, dict[int, str]]] = {}
        """Per table: the window (the version it opened at) and the passes given by hand during
        its hold, not applied yet ({seat: action text})."""

    def forget(self, table_id: int) -> None:
        """The table is no longer held here."""
        self.decisions.forget(table_id)
        self._rows.pop(table_id, None)
        self._reminded.pop(table_id, None)
        self._holds.pop(table_id, None)
        self._queued.pop(table_id, None)

    def tracked(self) -> set[int]:
        """The tables this part keeps anything for (none once a table is forgotten)."""
        return {*self.decisions.tables(), *self._rows, *self._reminded, *self._holds, *self._queued}

    # ------------------------------------------------------------------ the hold (see the module)
    def window(self, table: Table) -> bool:
        """Whether the decision open now is a window a human seat is asked in (the game puts it
        on its window clock), where clocks run at all."""
        if not self.enabled or table.status != "active" or table.state is None:
            return False
        return any(not table.seats[s].is_ai for s in table.decision().clocked)

    def holding(self, table: Table) -> float | None:
        """Seconds until the hold of the window open now ends, or None: no window, or its hold
        is over."""
        if self.window_hold <= 0 or not self.window(table):
            return None
        opened = self.decisions.track(table)
        if opened is None:
            return None
        left = opened.started + self.window_hold - self.decisions.now()
        return left if left > EARLY else None

    def queue(self, table: Table, seat: int, text: str) -> None:
        """`seat` passed by hand (`text`) during the hold: applied when the hold ends."""
        opened = self.decisions.track(table)
        if opened is None:
            return
        found = self._queued.get(table.id)
        passes = found[1] if found is not None and found[0] == opened.version else {}
        self._queued[table.id] = (opened.version, {**passes, seat: text})

    def adopt(self, table: Table, clock: str | None) -> None:
        """Take up the passes the stored clock (`clock`, JSON text) says wait for the window
        open now (queued by another process, or merged by the store with this one's:
        `Store.queue_clock`), beside this process's own; the row is then what is stored."""
        found = loads(clock) if clock else None
        opened = self.decisions.track(table)
        if not isinstance(found, dict) or found.get("at") != table.version or opened is None \
                or found.get("opened") != opened.version or not found.get("queued"):
            return
        mine = self._queued.get(table.id)
        passes = dict(mine[1]) if mine is not None and mine[0] == opened.version else {}
        for seat, text in found["queued"]:
            passes.setdefault(int(seat), str(text))
        self._queued[table.id] = (opened.version, passes)
        known = self._rows.get(table.id)
        if known is not None and known.at == table.version:
            self._rows[table.id] = known._replace(queued=tuple(sorted(passes.items())))

    def unqueue(self, table: Table, seat: int) -> None:
        """`seat` answered otherwise (it played after all): its waiting pass is dropped."""
        found = self._queued.get(table.id)
        if found is not None and seat in found[1]:
            self._queued[table.id] = (found[0], {s: t for s, t in found[1].items() if s != seat})

    def queued(self, table: Table) -> dict[int, str]:
        """The passes given by hand in the window open now and not applied yet, of seats it still
        asks ({seat: action text})."""
        found = self._queued.get(table.id)
        opened = self.decisions.track(table)
        if found is None or opened is None or found[0] != opened.version:
            self._queued.pop(table.id, None)
            return {}
        asked = table.decision().asked
        return {s: t for s, t in found[1].items() if s in asked}

    def waiting_passes(self, table: Table) -> dict[int, str]:
        """Every pass that waits for the window open now ({seat: action text}, by seat): those
        given by hand (`queued`) and those the seats' standing orders give (`standing.answers`)."""
        if self.window_hold <= 0 or not self.window(table):
            return {}  # without the hold an order's pass would be told apart by its timing: none applies
        found = {**standing.answers(table), **self.queued(table)}
        return {seat: found[seat] for seat in sorted(found)}  # in seat order, whoever gave them

    def hold_due(self, table: Table) -> float | None:
        """Seconds until passes waiting for the hold are to be applied (0 once it is over), or
        None when none waits."""
        if not self.waiting_passes(table):
            return None
        return self.holding(table) or 0.0

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
        start: float | None = None
        heard: float | None = None
        if left is not None:
            same = known is not None and known.opened == opened.version and known.due is not None
            if same and known is not None:
                due, remind, start, heard = known.due, known.remind, known.start, known.heard
            else:  # the decision's clock starts now: its reminder is due half-way
                start = self.wall()
                due = start + left
                remind = start + left / 2 if left >= REMIND_FROM else None
        held = self.hold_left(table) or 0.0
        ai = self.wall() + max(self.lease, held) \
            if table.ai_to_act() and self._ai_turns.policy(table) is not None else None
        hold = self.hold_due(table)
        queued = tuple(sorted(self.queued(table).items()))
        return ClockRow(table.version, opened.version, due, ai, remind,
                        None if hold is None else self.wall() + hold, queued, start, heard)

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
        hold = float(found["hold"]) if found.get("hold") is not None else None
        queued = tuple((int(seat), str(text)) for seat, text in found.get("queued") or ())
        start = float(found["start"]) if found.get("start") is not None else None
        heard = float(found["heard"]) if found.get("heard") is not None else None
        self.decisions.resume(table, opened, None if due is None else due - self.wall())
        if queued:
            self._queued[table.id] = (opened, dict(queued))
        self._rows[table.id] = ClockRow(table.version, opened, due, ai, remind, hold, queued, start, heard)

    def moved(self, table: Table, clock: str) -> None:
        """The stored clock of the decision open now was moved on (`clock`, JSON text: its notice
        was delivered late, or it stood still for a pause or an outage): its due time and
        reminder are taken up, the decision's clock shifted by as much, all else kept. A clock
        not known here is taken up whole (`resume`)."""
        found = loads(clock) if clock else None
        known = self._rows.get(table.id)
        if not isinstance(found, dict) or found.get("at") != table.version:
            return
        if known is None or known.opened != found.get("opened") or known.due is None or found.get("due") is None:
            self.resume(table, clock)
            return
        due, remind = float(found["due"]), found.get("remind")
        heard = float(found["heard"]) if found.get("heard") is not None else known.heard
        self.decisions.shift(table.id, due - known.due)
        self._rows[table.id] = known._replace(due=due, remind=None if remind is None else float(remind), heard=heard)

    def deadline(self, table: Table) -> Deadline | None:
        """When the decision open now runs out by itself (`Decisions.deadline`), with when its
        half-time reminder is due unless it was sent here already."""
        if not self.enabled:
            return None
        found = self.decisions.deadline(table)
        hold = self.hold_due(table)  # passes wait for the window's hold: the timer fires when it ends
        if hold is not None and (found is None or hold < found.seconds):
            found = Deadline(table.id, table.channel_id, table.version, hold) if found is None \
                else replace(found, seconds=hold)
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
