"""The decision open at each table, and its clock: what the platform knows of "who is asked now".

The game states the decision (`rules.core.Decision`, through `Table.decision`): the seats asked,
what they are asked in public words, who passed, who is on the clock, and a `key` that stays the
same while only passes move it on. `Decisions` remembers per table the decision last seen, the
version it opened at and when its clock started, and answers from that alone:

- `answering`: a command or click made at an older version still answers the decision open now
  when that decision is the same one (its key is, or nothing happened since): a pass by someone
  else in a card-play window leaves everyone else's menu standing; anything else makes it stale.
- `deadline`: the clock runs from when the decision opened (a pass does not give the others a
  fresh minute; a card played is a new decision, with the whole time again), for the human seats
  the decision puts on the clock, when the table has a clock at all.
- `clocked`: who takes their `Game.timeout_action` when it runs out (`TableService.expire`).

The service also keeps each clock in the database (`gavel.tables.answers.Answers.save_clock`: the version the
decision opened at and when it runs out), so that another process, or this one after a restart,
`resume`s it with the time it has left instead of a fresh clock, and whichever process finds it
due first claims and fires it (`gavel.tables.clock`). Without a stored clock a decision counts from the
version, and the moment, the table is first looked at again. `clock_lines`, `time_lines` and
`turn_lines` are the table's words for them.

**Two clocks, one deadline.** A table has two settings:

- the *window clock* (`Table.timeout`, seconds): for the decisions the game itself puts on a
  clock (`Decision.clocked`: a card-play window, a frame). When it runs out each clocked human
  takes `Game.timeout_action` (`table.timed_out`). Unchanged by the time control.
- the *time control* (`Table.time`, seconds: none, live = 5 minutes or daily = 24 hours a
  decision, `gavel.tables.table.TIME_CONTROLS`, chosen at `/<game> new time:`): it clocks every asked
  HUMAN seat that is NOT in `Decision.clocked` and whose `Game.time_up_action(state, seat)` is
  not None (`timed`). When it runs out each such seat takes its `time_up_action`, logged like
  any action (replay stays exact), and the channel hears who ran out of time (`table.time_up`).

A decision has one deadline (`on_clock`): the window clock when window-clocked humans are asked
and the table has one, else the time control. Both are stored the same way (the clock row's
`due`), so a restart gives no fresh time, and one process fires each.

**Walk-aways.** A human seat that lets the time control run out twice in a row (no action of its
own in between; a window clock running out does not count) is handed to the AI: the seat keeps
its user (`SeatInfo.away`), the AI plays it until the user takes it back (`/table sit`,
`TableService.sit`). The other humans may also vote a silent seat away (`/table away`,
`TableService.away`): a strict majority of the other humans (not AI, not that seat) is enough,
for a seat the decision open now asks once it has waited half its clock (`Decisions.waited`),
never at a table of two humans; the AI then leaves that decision alone for a grace period
(`gavel.tables.away`, `gavel.tables.timing.Clocks.hold`).
The count and the votes are stored with the seat (`SeatInfo.timeouts`, `SeatInfo.votes`) and
cleared when the seat acts itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from gavel.tables import i18n
from gavel.tables.clock import Deadline
from gavel.tables.store import dumps
from gavel.tables.table import Table, time_name
from rules.core import Decision, Listed, Msg, SeatName


@dataclass(frozen=True)
class Opened:
    """The decision a table was last seen at: since which version it stands, and since when its
    clock runs."""

    decision: Decision
    version: int
    """The table's version when this decision opened (or was first seen, after a restart)."""
    seen: int
    """The table's version when it was last looked at."""
    started: float
    """When its clock started (the service's clock)."""
    pinged: frozenset[int] = frozenset()
    """The seats already mentioned in the channel for this decision (`Decisions.to_ping`): a
    seat is pinged once per decision, not again when another seat's pass moves it on."""
    turn: Any = None
    """The last turn (`Decision.turn`) a decision here belonged to, kept through the plain
    decisions between its windows."""
    turn_pinged: frozenset[int] = frozenset()
    """The seats mentioned by that turn's decisions: a later one of the same turn pings them no more."""


class Decisions:
    """The decision open at every table of one service, with its clock (see the module)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._now = clock
        self._open: dict[int, Opened] = {}

    def track(self, table: Table) -> Opened | None:
        """The decision open now at `table` (None outside a game in play): the one last seen, if
        nothing happened since or the game says it is the same (`Decision.same`), keeping the
        version it opened at and its clock's start; else a new one, opened now."""
        if table.status != "active" or table.state is None:
            self._open.pop(table.id, None)
            return None
        decision = table.decision()
        known = self._open.get(table.id)
        if known is not None and (known.seen == table.version or decision.same(known.decision)):
            opened = replace(known, decision=decision, seen=table.version)
        else:
            # A new decision of a turn (`Decision.turn`) seen before keeps whom that turn mentioned.
            turn, turn_pinged = (known.turn, known.turn_pinged) if known is not None else (None, frozenset())
            same_turn = decision.turn is not None and decision.turn == turn
            if decision.turn is not None and not same_turn:
                turn, turn_pinged = decision.turn, frozenset()
            opened = Opened(decision, table.version, table.version, self._now(),
                            pinged=turn_pinged if same_turn else frozenset(), turn=turn, turn_pinged=turn_pinged)
        self._open[table.id] = opened
        return opened

    def resume(self, table: Table, opened: int, left: float | None) -> None:
        """The decision open at `table` opened at version `opened` and has `left` seconds on its
        clock (None: no clock ran), as the database says (another process opened it, or this one
        before a restart): it keeps that time, never a fresh clock."""
        if table.status != "active" or table.state is None or opened > table.version:
            return
        total = self.total(table)
        # A clock paused or stopped past its whole time has more left than it gives: it starts later.
        started = self._now() - (total - max(0.0, total if left is None else left))
        decision = table.decision()
        # Whoever opened it (another process, or this one before a restart) mentioned its seats.
        self._open[table.id] = Opened(decision, opened, table.version, started, pinged=decision.asked)

    def shift(self, table_id: int, seconds: float) -> None:
        """The clock of the decision open at the table runs out `seconds` later (its notice was
        delivered late, it stood still): all else of it stays (whom it pinged, its turn)."""
        known = self._open.get(table_id)
        if known is not None:
            self._open[table_id] = replace(known, started=known.started + seconds)

    def peek(self, table_id: int) -> Opened | None:
        """What is known of the table's decision (to put back with `put` if a change fails)."""
        return self._open.get(table_id)

    def put(self, table_id: int, opened: Opened | None) -> None:
        """Put back what `peek` gave (a change that was not stored)."""
        if opened is None:
            self._open.pop(table_id, None)
        else:
            self._open[table_id] = opened

    def forget(self, table_id: int) -> None:
        """The table closed: nothing is open there any more."""
        self._open.pop(table_id, None)

    def now(self) -> float:
        """The service's clock, which every decision's wait is read against."""
        return self._now()

    def tables(self) -> set[int]:
        """The tables a decision is known at."""
        return set(self._open)

    def waited(self, table: Table) -> float:
        """How long (seconds, the service's clock) the decision open now has been waiting: since
        it opened, or since this process first saw it (0 outside a game in play)."""
        opened = self.track(table)
        return 0.0 if opened is None else max(0.0, self._now() - opened.started)

    def answering(self, table: Table, version: int) -> bool:
        """Whether a command or click made when the table was at `version` still answers the
        decision open now: the same version, or the same decision that only other seats' passes
        have moved on since. Anything else (a move, a card played, a new turn) answered a
        position that is gone."""
        if version == table.version:
            return True
        opened = self.track(table)
        return opened is not None and opened.version <= version <= table.version

    def to_ping(self, table: Table, quiet: frozenset[int] = frozenset()) -> frozenset[int]:
        """The human seats the decision open now asks that were not mentioned yet in it (nor in
        an earlier decision of the same turn, `Decision.turn`), now counted as mentioned: every
        human asked when a decision opens, and later only a seat it asks anew (never one asked
        again because another seat passed). A seat played by the AI (away) is no human to ask.
        `quiet`: the seat whose own action this answers; it is counted as mentioned but not
        pinged (its player reads the buttons in the reply to their own click). Called once per
        change's notices (`gavel.tables.answers.Answers.notices`)."""
        opened = self.track(table)
        if opened is None:
            return frozenset()
        new = frozenset(table.humans_to_act()) - opened.pinged
        if new:
            turn_pinged = opened.turn_pinged | new if opened.decision.turn is not None else opened.turn_pinged
            self._open[table.id] = replace(opened, pinged=opened.pinged | new, turn_pinged=turn_pinged)
        return new - quiet

    def waiting(self, table: Table) -> Listed:
        """The names of the seats the decision open now waits for (for a stale refusal)."""
        return Listed.of(table.seat_name(s) for s in sorted(table.decision().waiting()))

    def clocked(self, table: Table) -> list[int]:
        """The human seats the decision open now puts on the clock: when it runs out each takes
        its `Game.timeout_action`."""
        if table.status != "active" or table.state is None:
            return []
        return [s for s in sorted(table.decision().clocked) if not table.seats[s].is_ai]

    def timed(self, table: Table) -> list[int]:
        """The human seats the table's time control clocks now: asked, not on the game's own
        clock (`Decision.clocked`), with a `Game.time_up_action`. Empty without a time control."""
        if table.time <= 0 or table.status != "active" or table.state is None:
            return []
        decision = table.decision()
        return [s for s in sorted(decision.asked - decision.clocked)
                if not table.seats[s].is_ai and table.game.time_up_action(table.state, s) is not None]

    def on_clock(self, table: Table) -> OnClock | None:
        """The one clock the decision open now runs on, and the seats it clocks: the window clock
        when the table has one and the game puts a human on it, else the time control when it
        clocks a human; None when neither does."""
        if table.timeout > 0 and (seats := self.clocked(table)):
            return OnClock(False, tuple(seats), table.timeout)
        if seats := self.timed(table):
            return OnClock(True, tuple(seats), table.time)
        return None

    def total(self, table: Table) -> float:
        """The seconds the clock of the decision open now gives in all (0: none runs)."""
        found = self.on_clock(table)
        return found.seconds if found is not None else 0.0

    def seconds_left(self, table: Table) -> float | None:
        """How long the decision open now still waits before it runs out by itself, or None: no
        clock at this table, or nobody human on it."""
        found = self.on_clock(table)
        if found is None:
            return None
        opened = self.track(table)
        if opened is None:
            return None
        return max(0.0, found.seconds - (self._now() - opened.started))

    def deadline(self, table: Table) -> Deadline | None:
        """When the decision open now runs out by itself (see `seconds_left`), at this version."""
        left = self.seconds_left(table)
        return None if left is None else Deadline(table.id, table.channel_id, table.version, left)

    @staticmethod
    def still_open(table: Table, ran_out: Decision, version: int, seat: int) -> bool:
        """Whether `seat` is still on the clock of the decision `ran_out` (open at `version`):
        another seat's timeout action may have closed it and opened the next one, which did not
        run out."""
        now = table.decision()
        return (table.version == version or now.same(ran_out)) and seat in now.clocked

    @staticmethod
    def still_timed(table: Table, ran_out: Decision, version: int, seat: int) -> bool:
        """Whether `seat` is still asked, off the game's own clock, in the decision `ran_out`
        (open at `version`) whose time control ran out (see `still_open`)."""
        now = table.decision()
        return (table.version == version or now.same(ran_out)) and seat in now.asked and seat not in now.clocked


class OnClock(NamedTuple):
    """The clock a decision runs on (`Decisions.on_clock`)."""

    time_control: bool
    """The table's time control (else the game's window clock)."""
    seats: tuple[int, ...]
    """The human seats it clocks."""
    seconds: float
    """How long it gives in all."""


class ClockRow(NamedTuple):
    """A decision and its clock as the database keeps them with the table (`clock_text`)."""

    at: int
    """The table's version."""
    opened: int
    """The version the decision opened at."""
    due: float | None
    """When its clock runs out (a `time.time()`); None: no clock runs."""
    ai: float | None = None
    """When AI seats still to act should be played on by whoever finds them (a process that
    stopped while playing them); None: none is to act."""
    remind: float | None = None
    """When half of the decision's clock is gone (a `time.time()`): the seats still to act then
    get a reminder by DM (`TableService.remind`; once per decision, `Store.claim_reminder`).
    None: no reminder (no clock, or one shorter than `REMIND_FROM`)."""
    hold: float | None = None
    """When the window's hold ends (a `time.time()`) while passes wait for it (`Clocks.holding`):
    due like the clock, so that whichever process finds it first applies them; None: nothing waits."""
    queued: tuple[tuple[int, str], ...] = ()
    """The passes given by hand during the hold, not applied yet: (seat, action text)."""
    start: float | None = None
    """When its clock started (a `time.time()`): the pauses and outages since are skipped
    (`gavel.tables.pauses`)."""
    heard: float | None = None
    """When the notice that opened it reached its players (the outbox's delivery, `TableStore.outbox_done`):
    its clock counts from then. None: not known to be delivered yet (or no outbox)."""


REMIND_FROM = 120.0
"""The shortest clock (seconds) whose players get a half-time reminder: a card-play window of a
minute gets none."""


def clock_text(row: ClockRow | None) -> str | None:
    """A decision and its clock as the database keeps them, JSON text (`at`, `opened`, and `due`,
    `ai`, `remind`, `hold` and `queued` when set: see `ClockRow`), or None."""
    if row is None:
        return None
    found: dict[str, object] = {"at": row.at, "opened": row.opened, "due": row.due, "ai": row.ai,
                                "remind": row.remind, "hold": row.hold,
                                "start": row.start if row.due is not None else None, "heard": row.heard}
    if row.queued:
        found["queued"] = [[seat, text] for seat, text in row.queued]
    return dumps({k: v for k, v in found.items() if v is not None})


def clock_lines(table: Table) -> list[Msg]:
    """How long the table's clock gives a decision, for games some of whose decisions run on it
    (`GameInfo.timed`); nothing for the others. A game whose clock is not a card-play window's
    says it in its own words (`<game>.clock`, `<game>.no_clock`, e.g. minutes per move)."""
    if not table.game.info.timed:
        return []
    key = "no_clock" if table.timeout <= 0 else "clock"
    params = {"seconds": f"{table.timeout:g}", "minutes": f"{table.timeout / 60:g}"} if table.timeout > 0 else {}
    return [Msg(i18n.own_or(table.game_key, key, f"table.{key}"), params)]


def time_lines(table: Table) -> list[Msg]:
    """The table's time control, when it has one: how long each decision may take and what
    running out does (`table.time_control`, or the game's own words `<game>.time_control`:
    a game whose player departs); nothing without one."""
    if table.time <= 0:
        return []
    name = time_name(table.time)
    control: Msg = Msg(f"table.time.{name}") if name else Msg("table.time.minutes", {
        "minutes": f"{table.time / 60:g}", "length": i18n.duration(table.time)})
    return [Msg(i18n.own_or(table.game_key, "time_control", "table.time_control"),
                {"control": control, "minutes": f"{table.time / 60:g}"})]


def deadline_lines(table: Table, left: float | None, wall: float, *, timestamps: bool = False) -> list[Msg]:
    """When the decision open now runs out by itself (`table.runs_out`: the time `left`, in
    minutes, hours or days (`i18n.duration`; `minutes` too), which local play prints; with
    `timestamps`, `table.runs_out_at`: `at`, a `time.time()` a front-end
    shows as a live countdown, as Discord does); nothing when no clock runs."""
    if left is None:
        return []
    key = "table.runs_out_at" if timestamps else "table.runs_out"
    return [Msg(key, {"at": int(wall + left), "minutes": f"{max(1, round(left / 60))}", "left": i18n.duration(left)})]


def turn_lines(table: Table, seats: Iterable[int] | None = None, *, waited: bool = False) -> list[Msg]:
    """Whose turn it is: "X, it is your turn", or, when several may act at once (a card-play
    window of six), one line naming them all. `seats`: those to name (the humans prompted);
    by default every seat the decision open now asks. `waited`: a decision the game names
    (`Decision.about`: a card-play window, a question) waits for whoever it asks, even one
    alone ("X may act"): it is not their turn (a move, even on its clock, is)."""
    decision = table.decision()
    named = sorted(decision.asked if seats is None else seats)
    if len(named) > 1 or (named and waited and decision.about is not None):
        return [Msg("table.may_act", {"players": Listed.of(table.seat_name(s) for s in named)})]
    return [Msg("table.your_turn", {"player": SeatName(s)}) for s in named]
