"""The play part of `TableService`: an action applied and stored (`_step`), AI seats playing on
(`_run_ai`, `advance`), a player resigning, and a game's end (`_finish`, `_close`).

Every applied action, human or AI, is one transaction (log row + state snapshot); a player's
own action that ends the call's changes is written with the call's notices in that same
transaction (`_step(defer=True)`, `_save`): one commit per move. Each action's
randomness is `SeededChance(f"{seed}:{version}")` (set-up: `f"{seed}:setup"`), so a restored
table draws the same as one that never stopped; the drawn numbers are logged too, so
`game.replay` reproduces the game without the seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from gavel.tables import i18n, ratings
from gavel.tables.base import ServiceBase, StaleTable, _Out, _Unsaved
from gavel.tables.decisions import clock_text
from gavel.tables.notices import Notice, Public
from gavel.tables.store import Keep, StaleWrite
from gavel.tables.table import Player, Table
from rules.core import (
    BadActionText,
    Chance,
    Game,
    IllegalAction,
    Msg,
    Outcome,
    ScriptedChance,
    SeatName,
    SeededChance,
    allowed_text,
)

log = logging.getLogger(__name__)

MAX_AI_STEPS = 2000
"""AI actions per call; an all-AI game continues with `advance`. Stops a looping policy."""


def quiet_line(game: Game[Any], seat: int, action: Any) -> Msg:
    """What the channel hears of an action that made no public event: the action itself in an
    open game; where moves are secret, that something happened, not what ("X has made a move"),
    except a `pass` that is no secret action: "X passes". A pass is what every seat asked may
    answer whatever it holds (a rescue window, a counter-attack, an Order card's own question are
    asked whatever the secret), and who is asked is public, so it tells nothing the channel did
    not know; the log (`/table log`) names it anyway. A game may name another such
    uniform answer in its own words (`<game>.quiet.<verb>`, e.g. a `keep` that any seat asked to
    show a card may answer, keeping it hidden). Anything else stays unnamed."""
    if not game.info.hidden_information:
        return Msg("table.acted", {"player": SeatName(seat), "action": game.label(action)})
    verb = getattr(action, "verb", None)
    shared = "table.acted_secretly"
    if verb and not game.secret_action(action):
        shared = i18n.own_or(game.info.key, f"quiet.{verb}", "table.passed" if verb == "pass" else shared)
    return Msg(shared, {"player": SeatName(seat)})


class Play(ServiceBase):
    async def act(self, channel_id: int, player: Player, action_text: str, *,
                  version: int | None = None) -> list[Notice]:
        """Apply a player's action (`version`: the table's version the player saw, so that a move
        made against a position that is gone is refused as `stale`, never applied to another)."""
        return await self._on_table(channel_id, lambda table: self._act(table, player, action_text, version))

    async def _act(self, table: Table, player: Player, action_text: str, version: int | None) -> list[Notice]:
        self._require(table, "active")
        seat = table.require_seat(player.user_id)
        if version is not None and not self.answering(table, version):
            raise IllegalAction("stale", players=self.decisions.waiting(table))
        out = _Out()
        before = table.snapshot
        # Written with the call's notices (one transaction), or before anything else is written.
        draws = await self._step(table, seat, action_text.strip(), out, by=player.user_id, defer=True)
        try:
            await self._acted(table, seat)  # the seat is here: its walk-away count and votes start again
            await self._note_undo(table, seat, before, action_text.strip(), draws)  # before AI seats play on
            await self._run_ai(table, out)
            return await self._notices(table, out)
        finally:
            await self._save(table)  # what failed before the notices were kept: the action stands all the same

    async def advance(self, channel_id: int) -> list[Notice]:
        """Let AI seats play on (after `MAX_AI_STEPS` stopped them); nothing when a human must act."""
        return await self._on_table(channel_id, self._advance)

    async def _advance(self, table: Table) -> list[Notice]:
        self._require(table, "active")
        out = _Out()
        await self._run_ai(table, out)
        return await self._notices(table, out)

    async def resign(self, channel_id: int, player: Player) -> list[Notice]:
        """The player leaves the game in play. When the game says what leaving does
        (`Game.leave_action`: a departure its rules define) that action is applied for the seat,
        logged like any other (the game replays), and the table finishes if the game is over;
        otherwise, or when the game goes on after it, the AI takes the seat (with one seat left,
        that seat wins; with no human left, the game is abandoned)."""
        return await self._on_table(channel_id, lambda table: self._resign(table, player))

    async def _resign(self, table: Table, player: Player) -> list[Notice]:
        self._require(table, "active")
        seat = table.require_seat(player.user_id)
        assert table.state is not None
        leaving = table.game.leave_action(table.state, seat)
        table.seats[seat].resigned = True
        new_host = await self._hand_over_host(table, seat)
        if leaving is not None:
            out = _Out([])
            try:
                # the game's own events say who left (else the table's `acted` line does);
                # the step finishes the table if the game is over
                await self._step(table, seat, str(leaving), out, by=player.user_id)
            except BaseException:
                table.seats[seat].resigned = False
                raise
            if table.status != "active":
                return await self._notices(table, out)
        else:
            out = _Out([Msg("table.resigned", {"player": SeatName(seat)})])
        remaining = [i for i, s in enumerate(table.seats) if not s.resigned]
        humans = [i for i in remaining if not table.seats[i].is_ai]
        if len(remaining) == 1:
            await self._finish(table, Outcome((remaining[0],), "resigned"), out)
        elif not humans or self.ai_turns.policy(table) is None:
            await self._finish(table, Outcome((), "abandoned"), out)
        else:
            table.seats[seat].ai = "normal"
            await self._save_seats(table)
            out.public.append(Msg("table.ai_takes_over", {"player": SeatName(seat)}))
            if new_host is not None:
                out.public.append(new_host)
            await self._run_ai(table, out)
        return await self._notices(table, out)

    async def _hand_over_host(self, table: Table, leaving: int) -> Msg | None:
        """When the host leaves a game in play, the next human seat in order becomes the host
        (host powers end with the host's seat); None when the host stays or nobody is left."""
        if table.seats[leaving].user_id != table.host_id:
            return None
        order = [*range(leaving + 1, len(table.seats)), *range(leaving)]
        heir = next((i for i in order if not table.seats[i].is_ai and not table.seats[i].resigned
                     and table.seats[i].user_id is not None), None)
        if heir is None:
            return None
        host = table.seats[heir].user_id
        assert host is not None  # the heir is chosen among the seats a user plays
        await asyncio.to_thread(self.store.update_table, table.id, host=host)
        table.host_id = host
        return Msg("table.new_host", {"player": table.seats[heir].name})

    def _chance(self, table: Table, tag: str) -> Chance:
        seeded = SeededChance(f"{table.seed}:{tag}")
        chance = ScriptedChance(table.dice, fallback=seeded) if table.dice else seeded
        draws = self._draws.get(table.id)
        return _Replayed(draws, chance) if draws else chance

    def _spend_dice(self, table: Table, chance: Chance) -> None:
        if isinstance(chance, _Replayed):
            self._draws[table.id] = chance.values
            chance = chance.then
        if isinstance(chance, ScriptedChance):
            table.dice = chance.remaining

    async def _step(self, table: Table, seat: int, text: str, out: _Out, *, by: int | None = None,
                    defer: bool = False) -> list[int]:
        """Apply one action and persist it with the new state in one transaction, written in a
        worker thread (a durable write waits for the disk; the event loop must not); returns the
        numbers it drew. `by`: the user who chose it, logged with it (None: the AI or the clock
        acted for the seat, so that its player cannot take it back as their own). On any
        failure the in-memory state is put back to the last snapshot, so memory and database
        never disagree; a caller cancelled mid-write waits for the write to land first.

        `defer`: the write waits for the call's notices (`_keep` writes both in one transaction)
        or for the next write of the table, whichever comes first (`_save`); the caller makes
        sure `_save` runs before it returns. An action that ends the game is written at once
        (the results follow it)."""
        await self._save(table)  # an action not written yet goes first, in its own transaction
        game, state = table.game, table.state
        assert state is not None and table.snapshot is not None  # set together when the game starts or loads
        try:
            action = game.parse_action(text)
        except BadActionText as unread:  # said with what the seat may play instead, when it may play
            legal = game.legal_actions(state, seat)
            if not legal:
                raise
            raise BadActionText("unreadable_action", text=unread.params.get("text", text),
                                allowed=allowed_text(legal, secret=game.info.hidden_information)) from unread
        chance = self._chance(table, str(state.version))
        expected = state.version
        tracked = self.decisions.peek(table.id)
        try:
            try:
                events = game.apply(state, seat, action, chance)
            except IllegalAction as refused:  # the game names seats; the table knows their names
                refused.params = i18n.name_seats(refused.params, table.seat_name)
                raise
            # the clock of the decision open after it is stored with it: any process finds it due
            unsaved = _Unsaved(seat, by, str(action), chance, [e.to_json() for e in events], state.to_json(),
                               state.version, expected, self.timing.row(table), tracked)
            outcome = game.outcome(state)
        except BaseException:
            table.state = game.load(table.snapshot)
            self.decisions.put(table.id, tracked)
            raise
        self._unsaved[table.id] = unsaved
        if not defer or outcome is not None:
            await self._save(table)
        public = [game.describe(e) for e in events if e.public] or [quiet_line(game, seat, action)]
        out.public += public
        for event in events:
            for reader in event.to or ():
                out.private[reader].append(game.describe(event))
        if outcome is not None:
            await self._finish(table, outcome, out)
        return list(chance.record)

    async def _save(self, table: Table, keep: Keep | None = None) -> bool:
        """Write the table's action applied but not written yet (`_step`), if any, with `keep`'s
        notices in the same transaction; True when they were kept with it. Another writer that
        got there first is `StaleTable` (nothing written). Any other failure of the write with
        the notices is tried again without them: a failure of the outbox's part then leaves the
        action written and its notices unkept (as `_keep` does when the outbox cannot be
        written), one of the action's own is the call's. A write that fails puts memory back to
        the stored snapshot; a caller cancelled mid-write waits for the write to land first."""
        unsaved = self._unsaved.pop(table.id, None)
        if unsaved is None:
            return False
        for kept in ([keep, None] if keep is not None else [None]):
            extra = {"keep": kept} if kept is not None else {}  # an action alone is the plain call it always was
            write = asyncio.ensure_future(asyncio.to_thread(
                self.store.record_action, table.id, unsaved.seat, unsaved.by, unsaved.action, unsaved.chance.record,
                unsaved.events, unsaved.snapshot, unsaved.version, expected=unsaved.expected,
                clock=clock_text(unsaved.clock), **extra))
            try:
                await _see_through(write)
            except StaleWrite as exc:  # the stored table moved on without us: nothing was written
                self._unwind(table, unsaved)
                raise StaleTable() from exc
            except _Landed:  # cancelled once the write had landed: memory keeps what the database has
                self._landed(table, unsaved)
                raise
            except Exception:
                if kept is not None:
                    log.exception("table %s: version %s could not be written with its notices; written alone",
                                  table.id, unsaved.version)
                    continue
                self._unwind(table, unsaved)
                raise
            except BaseException:
                self._unwind(table, unsaved)
                raise
            self._landed(table, unsaved)
            return kept is not None
        return False  # pragma: no cover (the last try returns or raises)

    def _landed(self, table: Table, unsaved: _Unsaved) -> None:
        """The action's write is in the database: memory takes up its snapshot, clock and dice."""
        table.snapshot = unsaved.snapshot
        self.timing.stored(table.id, unsaved.clock)
        self._spend_dice(table, unsaved.chance)

    def _unwind(self, table: Table, unsaved: _Unsaved) -> None:
        """The action was not written: memory goes back to the stored snapshot."""
        assert table.snapshot is not None
        table.state = table.game.load(table.snapshot)
        self.decisions.put(table.id, unsaved.tracked)
        if self._undo_points.get(table.id, (None, None))[0] == unsaved.version:  # an Undo of what never was
            del self._undo_points[table.id]

    async def _run_ai(self, table: Table, out: _Out) -> None:
        """Let AI seats play until a human must act (at most `MAX_AI_STEPS`). An AI step that
        fails (its policy, its worker, the database) stops them without undoing what was
        already done, the human's own move included: the failure is logged and counted, and
        the clock asks again after a pause (`ai_due`), so the table carries on by itself."""
        policy = self.ai_turns.policy(table)
        for _ in range(MAX_AI_STEPS):
            movers = table.ai_to_act()
            if not movers or policy is None or table.state is None or table.snapshot is None:
                self.ai_turns.settled(table)
                return
            seat = movers[0]
            # The action before (a player's own) is written first, in its own transaction: an AI
            # step that fails never takes it with it, and a failure to write it is the call's.
            await self._save(table)
            try:
                text = await self.ai_turns.thinking.choose(table.game, table.state, table.snapshot, seat, policy)
                await self._step(table, seat, text, out)
                self._hear(table, out)
            except StaleTable:  # another process played this table meanwhile: its moves stand, ours was not written
                log.info("table %s moved on in another process while its AI seat %s was playing", table.id, seat)
                return
            except Exception:
                failures = self.ai_turns.failed(table)
                log.exception("table %s: the AI seat %s could not play (failure %d in a row); it will be asked again",
                              table.id, seat, failures)
                return
            await asyncio.sleep(0)  # let other tables and Discord breathe between AI moves

    def _hear(self, table: Table, out: _Out) -> None:
        """Give `live` (when set) the channel's lines gathered since it last heard, at once."""
        if self.live is None or out.heard == len(out.public):
            return
        lines, out.heard = out.public[out.heard:], len(out.public)
        self.live(Public(table.id, lines, names=table.names))

    async def _finish(self, table: Table, outcome: Outcome, out: _Out) -> None:
        n = len(table.seats)
        scores = outcome.scores or {}
        rows = []
        for i, seat in enumerate(table.seats):
            # An away seat's human is the player of record (rated like any), the AI only stood in.
            if seat.resigned:
                place = n
            elif scores:
                place = 1 + sum(1 for s in scores.values() if s > scores.get(i, 0))
            elif outcome.winners:
                place = 1 if i in outcome.winners else len(outcome.winners) + 1
            else:
                place = None
            rows.append({"guild": table.guild_id, "game": table.game_key, "seat": i, "user_id": seat.user_id,
                         "name": seat.name, "ai": None if seat.away else seat.ai, "place": place,
                         "winner": int(i in outcome.winners), "score": scores.get(i),
                         "resigned": int(seat.resigned), "reason": outcome.reason})
        await self._save_seats(table)
        try:
            rate = ratings.update(table.guild_id, table.game_key, table.game, table.state,
                                  ratings.players_of(rows), outcome)
        except Exception:  # a game's broken `rating_teams` costs the rating, never the game's end
            log.exception("table %s (%s): the game could not be rated", table.id, table.game_key)
            rate = None
        await self._close(table, "finished", rows, rate=rate)
        if outcome.winners:
            names = i18n.Listed.of(table.seat_name(s) for s in outcome.winners)
            out.public.append(Msg("table.winner", {"names": names}, count=len(outcome.winners)))
        else:
            out.public.append(Msg("table.no_winner"))

    async def _close(self, table: Table, status: str, results: list[dict[str, Any]] | None = None, *,
                     rate: ratings.Update | None = None) -> None:
        """Close the table with its results and, for a rated game (`gavel.tables.ratings`), the
        ratings it moves, in one transaction in a worker thread."""
        try:
            extra = {"rate": rate} if rate is not None else {}  # an unrated close is the plain call it always was
            await asyncio.to_thread(self.store.finish, table.id, status, results or [], **extra)
        except StaleWrite as exc:  # closed by another process meanwhile
            raise StaleTable() from exc
        table.status = status
        self._forget(table)


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
