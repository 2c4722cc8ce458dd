"""The undo part of the table service: a player takes back their own last action while nothing new
has come to light since, as Board Game Arena allows it.

What may be taken back is the last action still standing in the table's log when:
- it is the player's own, and nobody else (an AI seat included) has acted since;
- it drew no random number (its recorded chance is empty: no die thrown, no card shuffled up);
- its game says it showed nobody anything new (`Game.undoable`, asked of the state before it).

The log is the truth: the state before the action is rebuilt by folding the log up to it (in a
worker thread, on the rows the database has), so an undo works the same in a process that never
held the table, after a restart, and in every process sharing one database. Where this process
applied the action and the table has not moved since (the Undo button's own condition), the
state before it was kept when it was applied (`UndoPoints.taken_back`), and no fold is needed:
an undo then costs the same whatever the log's length. The undo is logged
as a row of its own (`rules.core.UNDO`, no draws) at the next version, written with
compare-and-swap like any action: `Game.replay` (the check-db tool, `replay`), the exported
record and local play's `--script` all take it back the same way. The version moves on, so every
button of the undone position is stale. A player may take back several actions of theirs in a
row (each one undoable) while nobody else acts.

Whether the Undo button shows (`can_undo`) is worked out when the action is taken, or undone, by
this process and kept in memory (`gavel.tables.writes.UndoPoints`, per table: the version and the seat that may
undo at it); a table moved on elsewhere shows no button until it acts here again, while
`/table undo` always asks the log.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from dataclasses import dataclass
from typing import Any

from gavel.tables import i18n
from gavel.tables.answers import Answers, _Out
from gavel.tables.decisions import clock_text
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice
from gavel.tables.play import Play
from gavel.tables.store import StaleWrite, loads
from gavel.tables.table import Player, Table, engine_config
from gavel.tables.writes import StaleTable, UndoPoints
from rules.core import UNDO, Game, IllegalAction, Msg, SeatName, State, replay_chance

log = logging.getLogger(__name__)


@dataclass
class _TakenBack:
    """What folding the log found: the state before the action taken back, the action's text,
    and whether the seat may take back the one before it too (the next Undo button)."""

    before: State
    action: str
    again: bool


class Undo:
    """A player taking back their last action (it keeps nothing of its own: whether a seat may,
    as last worked out here, is `UndoPoints`')."""

    def __init__(self, ground: Ground, undo_points: UndoPoints, play: Play, answers: Answers) -> None:
        _, self._access, _, self._timing = ground
        self._store = ground.tables.store
        self._undo_points, self._play, self._answers = undo_points, play, answers

    async def undo(self, channel_id: int, player: Player, *, version: int | None = None) -> list[Notice]:
        """`player` takes back their last action (see the module). `version`: the table's
        version when the Undo button was made; a button of a position that is gone is refused.
        Refused, with the reason, when there is nothing of theirs to take back, someone has acted
        since, the action drew a random number or showed something new."""
        return await self._access.on_table(channel_id, lambda table: self._undo(table, player, version))

    async def _undo(self, table: Table, player: Player, version: int | None) -> list[Notice]:
        self._access.require(table, "active")
        seat = table.require_seat(player.user_id)
        if version is not None and version != table.version:
            raise IllegalAction("undo_gone")
        assert table.state is not None and table.snapshot is not None
        kept = self._undo_points.taken_back(table, seat)
        if kept is not None:  # applied here, nothing since: the state before it was kept, no fold
            last, again = kept
            found = _TakenBack(last.state(table.game), last.action, again)
        else:
            found = await self._folded(table, seat, player.user_id)
        game, expected = table.game, table.version
        old_state, old_snapshot = table.state, table.snapshot
        tracked = self._timing.decisions.peek(table.id)
        state = found.before
        state.version = expected + 1
        snapshot = state.to_snapshot()
        table.state = state
        try:
            clock = self._timing.row(table)
            await asyncio.to_thread(self._store.record_action, table.id, seat, player.user_id, UNDO, [], [], snapshot,
                                    state.version, expected=expected, clock=clock_text(clock))
        except StaleWrite as exc:
            table.state, table.snapshot = old_state, old_snapshot
            self._timing.decisions.put(table.id, tracked)
            raise StaleTable() from exc
        except BaseException:
            table.state, table.snapshot = game.load(old_snapshot), old_snapshot
            self._timing.decisions.put(table.id, tracked)
            raise
        table.snapshot = snapshot
        self._timing.stored(table.id, clock)
        self._undo_points.may_undo_next(table, seat, found.again)
        if kept is not None:
            self._undo_points.after_undo(table)
        out = _Out([undo_line(game, seat, found.action)], actor=seat)
        await self._play.run_ai(table, out)
        return await self._answers.notices(table, out)


    async def _folded(self, table: Table, seat: int, user: int) -> _TakenBack:
        """The state before the seat's last action, folded from the log (in a worker thread):
        an action another process applied, or one from before a restart. `user`: who asks (an
        action of the seat's player before them is not theirs to take back)."""
        rows = await asyncio.to_thread(self._store.actions, table.id)
        if rows and rows[-1]["version"] != table.version:
            raise StaleTable()  # the log and the table disagree: another process is writing it
        config = engine_config(table.config, table.variant)
        try:
            return await asyncio.to_thread(_take_back, table.game, config, len(table.seats), table.setup_record,
                                           rows, seat, user)
        except IllegalAction as refusal:  # the seat it names, by name (as `Play.step` does)
            refusal.params = i18n.name_seats(refusal.params, table.seat_name)
            raise


def undo_line(game: Game[Any], seat: int, text: str) -> Msg:
    """What the channel hears: "X took back: <the action>", or where moves are secret, that X
    took back their last action (the channel was never told what it was)."""
    if game.info.hidden_information:
        return Msg("table.undone_secretly", {"player": SeatName(seat)})
    return Msg("table.undone", {"player": SeatName(seat), "action": game.label(game.parse_action(text))})


def standing(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's rows still standing: each undo row takes back the last one before it."""
    kept: list[dict[str, Any]] = []
    for row in rows:
        if str(row["action"]).strip() == UNDO:
            if kept:
                kept.pop()
        else:
            kept.append(row)
    return kept


def _fold(game: Game[Any], config: dict[str, Any], seats: int, setup: list[int],
          rows: list[dict[str, Any]]) -> State:
    state: State = game.new_game(config, seats, replay_chance(setup))
    for row in rows:
        state.version = row["version"] - 1  # as it was taken: a state may keep the version it was at
        game.apply(state, row["seat"], row["action"], replay_chance(loads(row["chance"]) or []))
    return state


def _may_take_back(game: Game[Any], before: State, row: dict[str, Any], seat: int) -> str | None:
    """Why `seat` may not take back the action of `row` (applied to `before`), else None."""
    if row["seat"] != seat:
        return "undo_nothing"
    if loads(row["chance"]):
        return "undo_chance"
    if not game.undoable(copy.deepcopy(before), seat, game.parse_action(row["action"])):
        return "undo_revealed"
    return None


def _take_back(game: Game[Any], config: dict[str, Any], seats: int, setup: list[int],
               rows: list[dict[str, Any]], seat: int, user: int | None = None) -> _TakenBack:
    """Fold the log to just before `seat`'s last action still standing, if it may be taken back
    (runs in a worker thread); `IllegalAction` with the reason otherwise. `user`: who asks; an
    action the seat's player before them chose (a substitute took the seat since) is not theirs."""
    kept = standing(rows)
    if not kept or not any(r["seat"] == seat for r in kept):
        raise IllegalAction("undo_nothing")
    target = kept[-1]
    since = [r for r in rows if r["seq"] > target["seq"] and r["seat"] != seat]
    if target["seat"] != seat or since:
        other = since[0]["seat"] if since else target["seat"]
        raise IllegalAction("undo_acted_since", player=SeatName(other))
    if target["user_id"] is None or (user is not None and target["user_id"] != user):
        raise IllegalAction("undo_not_yours")  # the clock, the AI or the seat's player before acted for it
    if loads(target["chance"]):
        raise IllegalAction("undo_chance")
    earlier = _fold(game, config, seats, setup, kept[:-2])
    before = earlier
    if len(kept) >= 2:
        before = copy.deepcopy(earlier)
        prior = kept[-2]
        before.version = prior["version"] - 1
        game.apply(before, prior["seat"], prior["action"], replay_chance(loads(prior["chance"]) or []))
    if _may_take_back(game, before, target, seat) is not None:
        raise IllegalAction("undo_revealed")
    # the one before may be taken back next when it is the seat's own too, with nobody between
    again = (len(kept) >= 2 and kept[-2]["user_id"] is not None
             and _may_take_back(game, earlier, kept[-2], seat) is None
             and not any(r["seat"] != seat for r in rows if r["seq"] > kept[-2]["seq"]))
    return _TakenBack(before, target["action"], again)
