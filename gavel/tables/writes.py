"""The writes' part of the table service: every change of a table goes to the store through it.

An action applied in memory waits here (`_Unsaved`) until it is written, alone or with the
call's notices in one transaction (`save`, `keep`); a write that fails puts memory back to the
stored snapshot, and one that lost a race to another process is `StaleTable` (the call runs
again on the table as it now is). Each action's randomness is `SeededChance(f"{seed}:{version}")`
(set-up: `f"{seed}:setup"`), scripted dice and a replayed record's draws first (`chance`). The
seating (`save_seats`, `store_seat`) and the table's end (`close`) are written here too, and so
is whether a seat may take back its last action (`UndoPoints`: worked out after each action).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, replace
from typing import Any

from gavel.tables import ratings
from gavel.tables.decisions import ClockRow, Opened, clock_text
from gavel.tables.registry import Tables
from gavel.tables.store import Keep, Logged, SeatWrite, StaleWrite
from gavel.tables.table import SeatInfo, Table
from gavel.tables.timing import Clocks
from rules.core import Chance, IllegalAction, ScriptedChance, SeededChance

log = logging.getLogger(__name__)

RETRIES = 4
"""How many times a call that lost a race to another process (`StaleTable`) is run again on
the table as the database has it, before the player is told (`stale_write`)."""


class StaleTable(IllegalAction):
    """The stored table moved on under a call (another process wrote it first): nothing of the
    failed write was stored. `Access.on_table` runs the call again on the fresh table; past its
    retries the player hears `stale_write`."""

    code = "stale_write"


@dataclass
class _Unsaved:
    """An action applied in memory whose write waits for the call's notices (`Play.step` with
    `defer`), so that the log row, the snapshot and the outbox rows are one transaction
    (`Writes.save`). The table's `snapshot` stays the stored one meanwhile (what a failed write
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
    """The clock of the decision open after it (`Answers.save_clock` brings it up to date)."""
    tracked: Opened | None
    """The decision known before it (put back if the write fails)."""
    dice: list[int] | None = None
    """The table's scripted dice before it (its own are spent when it is applied: the next
    action of a batch throws the next ones; put back if the write fails)."""
    draws: list[int] | None = None
    """The recorded draws still to be fed back before it (likewise)."""

    def logged(self) -> Logged:
        """The action as an earlier row of a batch (`record_action(earlier=)`)."""
        return Logged(self.seat, self.by, self.action, list(self.chance.record), self.events, self.version)


@dataclass(frozen=True)
class _SeatChange:
    """A seat's walk-away state changed in memory by the call, written with its next write."""

    seat: int
    old: SeatInfo
    new: SeatInfo
    checked: bool

    def write(self) -> SeatWrite:
        return SeatWrite(self.seat, _fields(self.new), _fields(self.old) if self.checked else None)


class AIUnwritten(Exception):
    """A batch (a player's action and the AI seats' answer, `Play.run_ai`) could not be written
    as one: the player's action was written alone and memory is back at it; the AI seats play
    on later (`AITurns.due`), and the call's notices are made again without their moves."""


def _fields(seat: SeatInfo) -> dict[str, object]:
    """The columns of a seat's row a walk-away changes (who plays it, and the walk-away's own; a
    substitute's user and name)."""
    return {"user_id": seat.user_id, "name": seat.name, "ai": seat.ai, **seat.away_row()}


@dataclass(frozen=True)
class Before:
    """One action a seat may take back, as this process applied it: the table's version after it,
    the seat, the action's text and the state before it (its snapshot as compact JSON text)."""

    version: int
    seat: int
    action: str
    snapshot: str

    def state(self, game: Any) -> Any:
        """The state before the action, made again."""
        return game.load(json.loads(self.snapshot))


BEFORES_KEPT = 8
"""Actions of one seat in a row whose states before them a table keeps (`UndoPoints.taken_back`)."""


class UndoPoints:
    """Per table: (version, seat) when that seat may take back its last action at that version
    (`gavel.tables.undo`: the Undo button; memory only, the log decides); and the states before
    that seat's last actions in a row (`Before`, at most `BEFORES_KEPT`), so that taking them back
    here needs no fold of the log (`taken_back`)."""

    def __init__(self) -> None:
        self._points: dict[int, tuple[int, int]] = {}
        self._befores: dict[int, list[Before]] = {}

    def can_undo(self, table: Table, seat: int | None) -> bool:
        """Whether `seat` may take back its last action at the table now (the front-ends show the
        Undo button only then): as this process last worked it out; `/table undo` asks the log."""
        if seat is None or table.status != "active" or table.state is None:
            return False
        return self._points.get(table.id) == (table.version, seat)

    async def note(self, table: Table, seat: int, before: str | None, text: str, draws: list[int]) -> None:
        """After `seat`'s own action (`text`, drawing `draws`, applied to the snapshot `before`, as
        its JSON text: `Table.snapshot_text`):
        remember whether it may take it back (the engine asked in a worker thread: it tries the
        action on a copy). A failing engine costs the button, never the move."""
        self._points.pop(table.id, None)
        kept = self._befores.pop(table.id, [])
        if before is None or draws or table.status != "active" or table.seats[seat].is_ai:
            return
        game, version = table.game, table.version
        try:
            undoable = await asyncio.to_thread(
                lambda: game.undoable(game.load(json.loads(before)), seat, game.parse_action(text)))
        except Exception:
            log.exception("table %s: could not tell whether %r may be taken back", table.id, text)
            return
        if undoable and table.version == version:
            self._points[table.id] = (version, seat)
            # the seat's actions just before this one still stand with nothing between: kept too
            run = kept if kept and kept[-1].seat == seat and kept[-1].version == version - 1 else []
            self._befores[table.id] = [*run, Before(version, seat, text, before)][-BEFORES_KEPT:]

    def taken_back(self, table: Table, seat: int) -> tuple[Before, bool] | None:
        """The seat's last action, when this process applied it and the table has not moved
        since (the Undo button's own condition), taken off the list: its `Before`, and whether
        the one before it may be taken back next (kept too, with nothing between). None: the log
        must be folded (`gavel.tables.undo`)."""
        kept = self._befores.get(table.id)
        if not kept or kept[-1].seat != seat or kept[-1].version != table.version or not self.can_undo(table, seat):
            return None
        last = kept.pop()
        if not kept:
            del self._befores[table.id]
        return last, bool(kept)

    def after_undo(self, table: Table) -> None:
        """An undo landed at the table's version: the action before the one taken back (if kept)
        stands last again, now at this version; without a fast path for it, nothing is kept."""
        kept = self._befores.get(table.id)
        if kept:
            kept[-1] = replace(kept[-1], version=table.version)

    def seat(self, table: Table) -> int | None:
        """The seat that may take back its last action at the table now, if any (`can_undo`)."""
        found = self._points.get(table.id)
        return found[1] if found is not None and found[0] == table.version and table.status == "active" else None

    def may_undo_next(self, table: Table, seat: int, again: bool) -> None:
        """An undo landed: `seat` may take back the one before too when `again`."""
        self._points.pop(table.id, None)
        if again:
            self._points[table.id] = (table.version, seat)

    def unwritten(self, table_id: int, version: int) -> None:
        """The action that made `version` was never written: no Undo of what never was."""
        if self._points.get(table_id, (None, None))[0] == version:
            del self._points[table_id]
        kept = self._befores.get(table_id)
        if kept and kept[-1].version == version:
            del self._befores[table_id]

    def forget(self, table_id: int) -> None:
        """The table is no longer held here (closed). A table only dropped while idle keeps its
        point (two numbers, checked against the table's version when read): loaded again, its
        seat still sees the Undo button it had."""
        self._points.pop(table_id, None)
        self._befores.pop(table_id, None)

    def let_go(self, table_id: int) -> None:
        """The table is dropped while idle: the states kept for its undos go (the Undo point
        stays; an undo after the reload folds the log)."""
        self._befores.pop(table_id, None)

    def tracked(self) -> set[int]:
        """The tables this part keeps anything for."""
        return {*self._points, *self._befores}


class Writes:
    """What is written of each table: the action not written yet, the recorded draws still to
    be fed back (a replayed record's `--draws`; memory only), the seating and the end."""

    def __init__(self, tables: Tables, timing: Clocks, undo_points: UndoPoints) -> None:
        self._tables = tables
        self._store = tables.store
        self._timing = timing
        self._undo_points = undo_points
        self._unsaved: dict[int, list[_Unsaved]] = {}
        """Per table: the actions applied in memory whose write waits for the call's notices (one
        transaction for all: `save` with `keep`), oldest first; empty between calls."""
        self._draws: dict[int, list[int]] = {}
        """Per table: recorded draws still to be fed back (memory only)."""
        self._seats: dict[int, list[_SeatChange]] = {}
        """Per table: the seats the call changed (`store_seat`), written with its next write (its
        action, else its notices: one transaction); empty between calls."""

    def forget(self, table_id: int) -> None:
        """The table is no longer held here."""
        self._draws.pop(table_id, None)

    def tracked(self) -> set[int]:
        """The tables this part keeps anything for (none once a table is forgotten, between calls)."""
        return {*self._draws, *(t for t, b in self._unsaved.items() if b), *(t for t, c in self._seats.items() if c)}

    def owes(self, table: Table) -> bool:
        """Whether the table holds here what is not stored: an action or a seat change not written
        yet, recorded draws still to feed back (memory only)."""
        return bool(self._unsaved.get(table.id) or self._seats.get(table.id) or self._draws.get(table.id))

    def replay_draws(self, table_id: int, draws: list[int]) -> None:
        """Every random number the table draws comes from `draws` while they last."""
        self._draws[table_id] = list(draws)

    def pending(self, table_id: int) -> _Unsaved | None:
        """The last action applied at the table and not written yet, if any."""
        batch = self._unsaved.get(table_id)
        return batch[-1] if batch else None

    def latest(self, table: Table) -> dict[str, Any] | None:
        """The snapshot of the table as it is in memory: the last action not written yet's, else
        the stored one (what a failed step puts memory back to, what an AI seat thinks from)."""
        unsaved = self.pending(table.id)
        return unsaved.snapshot if unsaved is not None else table.snapshot

    def defer(self, table: Table, unsaved: _Unsaved) -> None:
        """`unsaved` is applied in memory: written by the next `save`, after any applied before it
        (its dice are spent now: the next action throws the next ones)."""
        unsaved.dice, unsaved.draws = table.dice, self._draws.get(table.id)
        self.spend_dice(table, unsaved.chance)
        self._unsaved.setdefault(table.id, []).append(unsaved)

    def chance(self, table: Table, tag: str) -> Chance:
        seeded = SeededChance(f"{table.seed}:{tag}")
        chance = ScriptedChance(table.dice, fallback=seeded) if table.dice else seeded
        draws = self._draws.get(table.id)
        return _Replayed(draws, chance) if draws else chance

    def spend_dice(self, table: Table, chance: Chance) -> None:
        if isinstance(chance, _Replayed):
            self._draws[table.id] = chance.values
            chance = chance.then
        if isinstance(chance, ScriptedChance):
            table.dice = chance.remaining

    async def save(self, table: Table, keep: Keep | None = None) -> bool:
        """Write the table's actions applied but not written yet (`Play.step`), if any, in one
        transaction with `keep`'s notices; True when they were kept with them. Another writer
        that got there first is `StaleTable` (nothing written). Any other failure of the write
        with the notices is tried again without them: a failure of the outbox's part then leaves
        the actions written and their notices unkept (as `Outbox.keep` does when the outbox
        cannot be written). When a batch (a player's action and the AI seats' answer) cannot be
        written even so, the first action is written alone and `AIUnwritten` says the rest was
        not; a failure of that one is the call's. A write that fails puts memory back to the
        stored snapshot; a caller cancelled mid-write waits for the write to land first."""
        batch = self._unsaved.pop(table.id, None)
        if not batch:
            if keep is None:
                await self.flush_seats(table)
            return False
        try:
            return await self._write(table, batch, keep)
        except (StaleTable, asyncio.CancelledError):
            raise
        except Exception:
            if len(batch) == 1:
                raise
            log.exception("table %s: versions %s to %s could not be written together; the first is written alone",
                          table.id, batch[0].version, batch[-1].version)
        self._unwind(table, batch[1:], stored=batch[0].snapshot)  # memory back at the first action
        await self._write(table, batch[:1], None)
        raise AIUnwritten()

    async def _write(self, table: Table, batch: list[_Unsaved], keep: Keep | None) -> bool:
        last = batch[-1]
        for kept in ([keep, None] if keep is not None else [None]):
            extra: dict[str, Any] = {"keep": kept} if kept is not None else {}  # an action alone: the plain call
            if len(batch) > 1:
                extra["earlier"] = [u.logged() for u in batch[:-1]]
            if self._seats.get(table.id):
                extra["seats"] = self.seat_writes(table.id)
            write = asyncio.ensure_future(asyncio.to_thread(
                self._store.record_action, table.id, last.seat, last.by, last.action, last.chance.record,
                last.events, last.snapshot, last.version, expected=batch[0].expected,
                clock=clock_text(last.clock), **extra))
            try:
                await _see_through(write)
            except StaleWrite as exc:  # the stored table moved on without us: nothing was written
                self._unwind(table, batch)
                self.unwind_seats(table)
                raise StaleTable() from exc
            except _Landed:  # cancelled once the write had landed: memory keeps what the database has
                self._landed(table, last)
                self._seats.pop(table.id, None)
                raise
            except Exception:
                if kept is not None:
                    log.exception("table %s: version %s could not be written with its notices; written alone",
                                  table.id, last.version)
                    continue
                if len(batch) > 1:  # the caller writes the first alone: memory stays as it is meanwhile
                    raise
                self._unwind(table, batch)
                self.unwind_seats(table)
                raise
            except BaseException:
                self._unwind(table, batch)
                self.unwind_seats(table)
                raise
            self._landed(table, last)
            self._seats.pop(table.id, None)
            return kept is not None
        return False  # pragma: no cover (the last try returns or raises)

    def _landed(self, table: Table, unsaved: _Unsaved) -> None:
        """The action's write is in the database: memory takes up its snapshot and clock."""
        table.snapshot = unsaved.snapshot
        self._timing.stored(table.id, unsaved.clock)

    def _unwind(self, table: Table, batch: list[_Unsaved], *, stored: dict[str, Any] | None = None) -> None:
        """`batch` was not written: memory goes back to the snapshot before it (`stored`, else
        the stored one), with the decision known then and the dice not thrown."""
        first = batch[0]
        snapshot = stored if stored is not None else table.snapshot
        assert snapshot is not None
        table.state = table.game.load(snapshot)
        self._timing.decisions.put(table.id, first.tracked)
        table.dice = first.dice
        if first.draws is not None:
            self._draws[table.id] = first.draws
        else:
            self._draws.pop(table.id, None)
        for unsaved in batch:
            self._undo_points.unwritten(table.id, unsaved.version)

    async def save_seats(self, table: Table, seats: list[SeatInfo] | None = None, *,
                         host: int | None = None) -> None:
        """Store the seating (`seats`, else the table's own) and a new `host`, then adopt them:
        the database first, so a failed write leaves the table in memory as it was."""
        # A new seating made from the one in memory is written only over that one (`expected`):
        # a lobby change made by another process meanwhile is never overwritten.
        # A lobby change is written only to a lobby (not to a game another process just started).
        expected = None if seats is None else [s.to_row() for s in table.seats]
        seats = table.seats if seats is None else seats
        await self.save(table)  # an action not written yet goes first
        try:
            await asyncio.to_thread(self._store.save_seats, table.id, [s.to_row() for s in seats], host=host,
                                    expected=expected, status="lobby" if table.status == "lobby" else None)
        except StaleWrite as exc:
            raise StaleTable() from exc
        table.seats = seats
        if host is not None:
            table.host_id = host

    async def set_host(self, table: Table, host: int) -> None:
        """Store a new host of a game in play, then adopt it."""
        await asyncio.to_thread(self._store.update_table, table.id, host=host)
        table.host_id = host

    async def store_seat(self, table: Table, seat: int, new: SeatInfo, *, checked: bool = False) -> None:
        """Change one seat's walk-away state: adopted now, written with the call's next write (its
        action with its notices, or its notices alone: `Outbox.keep`), so a seat taken back, a vote
        or a seat handed to the AI is never stored without what tells it, nor told unstored.
        `checked`: only over the row as this process last read it (a vote or a return racing
        another process's), else `StaleTable` then (the call runs again on the table as it now is)."""
        self._seats.setdefault(table.id, []).append(_SeatChange(seat, table.seats[seat], new, checked))
        table.seats[seat] = new

    def seat_writes(self, table_id: int) -> list[SeatWrite]:
        """The seat changes the call made at the table, not written yet (`store_seat`)."""
        return [change.write() for change in self._seats.get(table_id, [])]

    def seats_written(self, table_id: int) -> None:
        """The seat changes were written (with the call's notices)."""
        self._seats.pop(table_id, None)

    def unwind_seats(self, table: Table) -> None:
        """The seat changes were not written: memory goes back to the seats as they were."""
        for change in reversed(self._seats.pop(table.id, [])):
            table.seats[change.seat] = change.old

    async def flush_seats(self, table: Table) -> None:
        """Write the call's seat changes that no write of its took along (no outbox: local play; a
        call that kept no notice), each alone; `StaleTable` when a checked one lost a race."""
        changes = self._seats.get(table.id)
        if not changes:
            return
        try:
            for change in changes:
                write = change.write()
                done = await asyncio.to_thread(self._store.update_seat, table.id, write.seat, write.fields,
                                               expected=write.expected)
                if not done and change.checked:
                    raise StaleTable()
        except BaseException:
            self.unwind_seats(table)
            raise
        self._seats.pop(table.id, None)

    async def close(self, table: Table, status: str, results: list[dict[str, Any]] | None = None, *,
                    rate: ratings.Update | None = None, shares: list[dict[str, Any]] | None = None) -> None:
        """Close the table with its results, its seats' earlier holders with their shares of the
        game (`shares`: a substitute took their seat) and, for a rated game
        (`gavel.tables.ratings`), the ratings it moves, in one transaction in a worker thread."""
        try:
            # an unrated close without substitutes is the plain call it always was
            extra: dict[str, Any] = {**({"rate": rate} if rate is not None else {}),
                                     **({"shares": shares} if shares else {})}
            await asyncio.to_thread(self._store.finish, table.id, status, results or [], **extra)
        except StaleWrite as exc:  # closed by another process meanwhile
            raise StaleTable() from exc
        table.status = status
        self._tables.forget(table)


async def _see_through(write: asyncio.Future[Any]) -> None:
    """Await a database write running in a worker thread. If the caller is cancelled meanwhile
    the write still runs to its end: wait for it, then let the cancellation go on (as `_Landed`
    when the write is in the database, so the caller keeps memory in step with it)."""
    try:
        await asyncio.shield(write)
    except asyncio.CancelledError:
        with contextlib.suppress(BaseException):
            await write
        if write.done() and not write.cancelled() and write.exception() is None:
            raise _Landed() from None
        raise


class _Landed(asyncio.CancelledError):
    """A cancellation that came while a write was landing: the write is in the database."""


class _Replayed(Chance):
    """Every draw from recorded `values` while they last, then from `then`: a replayed record
    draws exactly what the game drew (dice, shuffles, everything), and plays on after it."""

    def __init__(self, values: list[int], then: Chance) -> None:
        super().__init__()
        self.values = list(values)
        self.then = then

    def _draw(self, low: int, high: int, *, die: bool) -> int:
        if self.values:
            return self.values.pop(0)
        return self.then._draw(low, high, die=die)
