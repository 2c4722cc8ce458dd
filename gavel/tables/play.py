"""The play part of the table service: an action applied and stored (`step`), AI seats playing
on (`run_ai`, `advance`), a player resigning, a game's end (`finish`), and a seat that let the
time control run out twice in a row handed to the AI (`count_time_up`; `gavel.tables.away`).

Every applied action, human or AI, is its own log row with the state snapshot after it; a
player's own action is written with the AI seats' answer to it and the call's notices in one
transaction (`step(defer=True)`, `run_ai`'s `step(batch=True)`, `Writes.save`): one commit per
move. Other actions are one transaction each. Each action's
randomness is `SeededChance(f"{seed}:{version}")` (set-up: `f"{seed}:setup"`), so a restored
table draws the same as one that never stopped; the drawn numbers are logged too, so
`game.replay` reproduces the game without the seed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gavel.tables import i18n, ratings
from gavel.tables.ai import AITurns
from gavel.tables.answers import Answers, _Out
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice, Public
from gavel.tables.pauses import Schedule
from gavel.tables.registry import let_go
from gavel.tables.store import TableStore, loads
from gavel.tables.table import Player, Table
from gavel.tables.writes import AIUnwritten, StaleTable, UndoPoints, _Unsaved
from rules.core import (
    UNDO,
    BadActionText,
    Event,
    Game,
    IllegalAction,
    Msg,
    Outcome,
    SeatName,
    allowed_text,
)
from rules.plugin import PASSING

log = logging.getLogger(__name__)

AWAY_AFTER = 2
"""Time-control decisions run out in a row after which a seat is handed to the AI."""
AWAY_AI = "normal"
"""The AI level that plays an away seat."""

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


def log_lines(store: TableStore, table: Table, after: int) -> list[Msg]:
    """The public lines of the actions logged after version `after` (what the channel heard)."""
    lines: list[Msg] = []
    for row in store.actions(table.id):
        if row["version"] is None or row["version"] <= after:
            continue
        if row["action"] == UNDO:  # who took back what was told just before
            lines.append(Msg("table.undone_secretly", {"player": SeatName(row["seat"])}))
            continue
        events = [Event.from_json(e) for e in loads(row["events"]) or []]
        public = [table.game.describe(e) for e in events if e.public]
        lines += public or [quiet_line(table.game, row["seat"], table.game.parse_action(row["action"]))]
    return lines


class Play:
    """Actions applied, AI seats played, resignations and a game's end (it keeps nothing of its
    own but who hears AI seats as they play: `live`)."""

    def __init__(self, ground: Ground, ai_turns: AITurns, answers: Answers, undo_points: UndoPoints) -> None:
        tables, self._access, self._writes, self._timing = ground
        self._store = tables.store
        self._ai_turns, self._answers, self._undo_points = ai_turns, answers, undo_points
        self.live: Callable[[Public], None] | None = None
        """Who hears the channel's lines as AI seats play them, one action at a time (local play
        prints an AI-only game as it goes); a call's notice then carries only the lines not heard
        yet. None (the bot's case): every line waits for the call's notice."""

    async def act(self, channel_id: int, player: Player, action_text: str, *,
                  version: int | None = None, lang: str | None = None) -> list[Notice]:
        """Apply a player's action (`version`: the table's version the player saw, so that a move
        made against a position that is gone is refused as `stale`, never applied to another;
        `lang`: the channel's language, its notice worded in it)."""
        return await self._access.on_table(channel_id,
                                           lambda table: self._act(table, player, action_text, version, lang))

    async def _act(self, table: Table, player: Player, action_text: str, version: int | None,
                   lang: str | None = None) -> list[Notice]:
        self._access.require(table, "active")
        seat = table.require_seat(player.user_id)
        if version is not None and not self._timing.decisions.answering(table, version):
            raise IllegalAction("stale", players=self._timing.decisions.waiting(table))
        if await self._queued(table, seat, action_text.strip()):
            return []  # the pass waits for the window's hold: the player's own acknowledgement says so
        out = _Out(lang=lang, actor=seat, before=table.decision())
        before = table.snapshot_text
        # Written with the call's notices (one transaction), or before anything else is written.
        draws = await self.step(table, seat, action_text.strip(), out, by=player.user_id, defer=True)
        try:
            await self.acted(table, seat)  # the seat is here: its walk-away count and votes start again
            await self._undo_points.note(table, seat, before, action_text.strip(), draws)  # before AI seats play on
            public, private = len(out.public), {s: len(lines) for s, lines in out.private.items()}
            try:
                await self.run_ai(table, out)  # their answer is written with the action (one transaction)
                return await self._answers.notices(table, out)
            except AIUnwritten:  # the action alone was written: told without the AI seats' moves
                failures = self._ai_turns.failed(table)
                log.warning("table %s: the AI seats' answer could not be written (failure %d in a row); it will be"
                            " asked again", table.id, failures)
                del out.public[public:]
                out.heard = min(out.heard, public)
                for reader in list(out.private):
                    del out.private[reader][private.get(reader, 0):]
                return await self._answers.notices(table, out)
        finally:
            await self._writes.save(table)  # what failed before the notices were kept: the action stands all the same

    async def _queued(self, table: Table, seat: int, text: str) -> bool:
        """A pass given during a window's hold (`Clocks.holding`) waits for its end, applied then
        with the others (`answer_waiting`); nothing is told now. True when `text` was such a pass
        (checked legal first: a refusal is told as ever). Any other action drops the seat's
        waiting pass (it played after all)."""
        state = table.state
        if state is None or self._timing.holding(table) is None:
            return False
        try:
            action = table.game.check(state, seat, text)
        except IllegalAction:
            return False  # refused by the step, in its words
        if getattr(action, "verb", None) not in PASSING or seat not in table.decision().clocked:
            self._timing.unqueue(table, seat)
            return False
        self._timing.queue(table, seat, str(action))
        await self._answers.save_queued(table)
        return True

    async def answer_waiting(self, table: Table, out: _Out, batch: bool = False) -> bool:
        """Once a window's hold is over, apply the passes that waited for it (`Clocks.waiting_passes`:
        given by hand during it, or by the seats' standing orders), each while the window still
        asks its seat; True when any was applied. Logged as the clock's (`by` None)."""
        if table.state is None or table.status != "active" or self._timing.holding(table) is not None:
            return False
        passes = self._timing.waiting_passes(table)
        if not passes:
            return False
        window = table.decision()
        applied = False
        for seat, text in passes.items():
            now = table.decision()
            if table.status != "active" or not now.same(window) or seat not in now.asked:
                break
            try:
                await self.step(table, seat, text, out, defer=batch, batch=batch)
            except IllegalAction:  # never the player's call's failure: the seat answers it itself
                log.exception("table %s: the waiting pass %r of seat %s was refused", table.id, text, seat)
                break
            applied = True
        return applied

    async def advance(self, channel_id: int) -> list[Notice]:
        """Let AI seats play on (after `MAX_AI_STEPS` stopped them); nothing when a human must act."""
        return await self._access.on_table(channel_id, self.advance_table)

    async def advance_table(self, table: Table) -> list[Notice]:
        self._access.require(table, "active")
        out = _Out()
        await self.run_ai(table, out)
        return await self._answers.notices(table, out)

    async def resign(self, channel_id: int, player: Player) -> list[Notice]:
        """The player leaves the game in play. When the game says what leaving does
        (`Game.leave_action`: a departure its rules define) that action is applied for the seat,
        logged like any other (the game replays), and the table finishes if the game is over;
        otherwise, or when the game goes on after it, the AI takes the seat (with one seat left,
        that seat wins; with no human left, the game is abandoned)."""
        return await self._access.on_table(channel_id, lambda table: self.resign_table(table, player))

    async def resign_table(self, table: Table, player: Player) -> list[Notice]:
        self._access.require(table, "active")
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
                await self.step(table, seat, str(leaving), out, by=player.user_id)
            except BaseException:
                table.seats[seat].resigned = False
                raise
            if table.status != "active":
                return await self._answers.notices(table, out)
        else:
            out = _Out([Msg("table.resigned", {"player": SeatName(seat)})])
        remaining = [i for i, s in enumerate(table.seats) if not s.resigned]
        humans = [i for i in remaining if not table.seats[i].is_ai]
        if len(remaining) == 1:
            await self.finish(table, Outcome((remaining[0],), "resigned"), out)
        elif not humans or self._ai_turns.policy(table) is None:
            await self.finish(table, Outcome((), "abandoned"), out)
        else:
            table.seats[seat].ai = "normal"
            await self._writes.save_seats(table)
            out.public.append(Msg("table.ai_takes_over", {"player": SeatName(seat)}))
            if new_host is not None:
                out.public.append(new_host)
            await self.run_ai(table, out)
        return await self._answers.notices(table, out)

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
        await self._writes.set_host(table, host)
        return Msg("table.new_host", {"player": table.seats[heir].name})

    async def step(self, table: Table, seat: int, text: str, out: _Out, *, by: int | None = None,
                    defer: bool = False, batch: bool = False) -> list[int]:
        """Apply one action and persist it with the new state in one transaction, written in a
        worker thread (a durable write waits for the disk; the event loop must not); returns the
        numbers it drew. `by`: the user who chose it, logged with it (None: the AI or the clock
        acted for the seat, so that its player cannot take it back as their own). On any
        failure the in-memory state is put back to the last snapshot, so memory and database
        never disagree; a caller cancelled mid-write waits for the write to land first.

        `defer`: the write waits for the call's notices (`Outbox.keep` writes both in one transaction)
        or for the next write of the table, whichever comes first (`Writes.save`); the caller makes
        sure it runs before it returns. An action that ends the game is written at once
        (the results follow it). `batch`: an action not written yet is written with this one,
        in one transaction (the AI seats' answer to a player's action), not before it."""
        if not batch:
            await self._writes.save(table)  # an action not written yet goes first, in its own transaction
        game, state = table.game, table.state
        latest = self._writes.latest(table)  # the stored snapshot, or the last action's of this batch
        assert state is not None and latest is not None  # set together when the game starts or loads
        try:
            action = game.parse_action(text)
        except BadActionText as unread:  # said with what the seat may play instead, when it may play
            legal = game.legal_actions(state, seat)
            if not legal:
                raise
            raise BadActionText("unreadable_action", text=unread.params.get("text", text),
                                allowed=allowed_text(legal, secret=game.info.hidden_information)) from unread
        chance = self._writes.chance(table, str(state.version))
        expected = state.version
        tracked = self._timing.decisions.peek(table.id)
        try:
            try:
                events = game.apply(state, seat, action, chance)
            except IllegalAction as refused:  # the game names seats; the table knows their names
                refused.params = i18n.name_seats(refused.params, table.seat_name)
                raise
            # the clock of the decision open after it is stored with it: any process finds it due
            unsaved = _Unsaved(seat, by, str(action), chance, [e.to_json() for e in events], state.to_snapshot(),
                               state.version, expected, self._timing.row(table), tracked)
            outcome = game.outcome(state)
        except BaseException:
            table.state = game.load(latest)
            self._timing.decisions.put(table.id, tracked)
            raise
        self._writes.defer(table, unsaved)
        if not defer or outcome is not None:
            await self._writes.save(table)
        public = [game.describe(e) for e in events if e.public] or [quiet_line(game, seat, action)]
        out.public += public
        out.moved = out.moved or getattr(action, "verb", None) not in PASSING
        for event in events:
            for reader in event.to or ():
                out.private[reader].append(game.describe(event))
        if outcome is not None:
            await self.finish(table, outcome, out)
        return list(chance.record)

    async def run_ai(self, table: Table, out: _Out) -> None:
        """Let AI seats play until a human must act (at most `MAX_AI_STEPS`). An AI step that
        fails (its policy, its worker, the database) stops them without undoing what was
        already done, the human's own move included: the failure is logged and counted, and
        the clock asks again after a pause (`ai_due`), so the table carries on by itself."""
        policy = self._ai_turns.policy(table)
        # The AI seats' answer to a player's action not written yet is written with it, in one
        # transaction (`Writes.save`): should that fail, the action is written alone (`AIUnwritten`).
        batch = self._writes.pending(table.id) is not None
        for _ in range(MAX_AI_STEPS):
            held = self._timing.held(table)  # a seat just voted away: its open decision waits a little
            movers = [s for s in table.ai_to_act() if s not in held]
            snapshot = self._writes.latest(table)
            if not movers or policy is None or table.state is None or snapshot is None:
                if await self.answer_waiting(table, out, batch):  # humans' passes that waited for the hold
                    continue
                self._ai_turns.settled(table)
                return
            seat = movers[0]
            if self._ai_turns.thinking.apart:  # what is applied is written before the lock is let go
                await self._writes.save(table)
                batch = False
            try:
                text = await self._think(table, snapshot, seat, policy)
                if text is None:
                    continue  # the table moved on while the seat thought: it thinks again on it
                await self.step(table, seat, text, out, defer=batch, batch=batch)
                self._hear(table, out)
            except AIUnwritten:
                raise  # the batch could not be written: the call writes the player's action alone
            except StaleTable:  # another process played this table meanwhile: its moves stand, ours was not written
                if batch:
                    raise  # the player's action was not written either: the call runs again
                log.info("table %s moved on in another process while its AI seat %s was playing", table.id, seat)
                return
            except Exception:
                failures = self._ai_turns.failed(table)
                log.exception("table %s: the AI seat %s could not play (failure %d in a row); it will be asked again",
                              table.id, seat, failures)
                return
            await asyncio.sleep(0)  # let other tables and Discord breathe between AI moves

    async def _think(self, table: Table, snapshot: dict[str, Any], seat: int, policy: Any) -> str | None:
        """What the AI plays for `seat`. Thinking apart from the event loop (`Seats.apart`), from the
        snapshot, the table's lock is let go meanwhile (everything applied is written already):
        other players' calls on the table are not held up by it. None when one of them moved the
        table on or closed it meanwhile (the answer was for a position that is gone)."""
        thinking, state = self._ai_turns.thinking, table.state
        assert state is not None  # a game in play
        if not thinking.apart:
            return await thinking.choose(table.game, state, snapshot, seat, policy)
        version = table.version
        async with let_go(table):  # the state may move on meanwhile: it thinks from the snapshot
            text = await thinking.choose(table.game, state, snapshot, seat, policy)
        if table.status != "active" or table.version != version or seat not in table.ai_to_act():
            return None
        return text

    def _hear(self, table: Table, out: _Out) -> None:
        """Give `live` (when set) the channel's lines gathered since it last heard, at once."""
        if self.live is None or out.heard == len(out.public):
            return
        lines, out.heard = out.public[out.heard:], len(out.public)
        self.live(Public(table.id, lines, names=table.names))

    async def finish(self, table: Table, outcome: Outcome, out: _Out) -> None:
        n = len(table.seats)
        scores = outcome.scores or {}
        rows: list[dict[str, Any]] = []
        held: list[dict[str, Any]] = []
        # A seat the AI keeps warm for a player still on vacation at the end was not abandoned.
        resting = await asyncio.to_thread(self._on_vacation, [s.user_id for s in table.seats
                                                              if s.away and not s.resigned and s.user_id is not None])
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
                         "resigned": int(seat.resigned), "reason": outcome.reason,
                         # abandoned: still played by the AI for its walked-away player at the end
                         # (the column only when set: a row without it fits an older schema too)
                         **({"away": 1} if seat.away and not seat.resigned and seat.user_id not in resting
                            else {})})
            # A substitute's seat: each earlier holder's share of the game, and the player's now.
            shares = seat.shares(table.version)
            if shares:
                rows[-1]["share"] = max(0.0, 1.0 - sum(share for _, _, share in shares))
            held += [{"seat": i, "user_id": user, "name": name, "share": share, "winner": int(i in outcome.winners)}
                     for user, name, share in shares]
        await self._writes.save_seats(table)
        try:
            rate = ratings.update(table.guild_id, table.game_key, table.game, table.state,
                                  ratings.players_of(rows, held), outcome)
        except Exception:  # a game's broken `rating_teams` costs the rating, never the game's end
            log.exception("table %s (%s): the game could not be rated", table.id, table.game_key)
            rate = None
        await self._writes.close(table, "finished", rows, rate=rate, shares=held)
        if outcome.winners:
            names = i18n.Listed.of(table.seat_name(s) for s in outcome.winners)
            out.public.append(Msg("table.winner", {"names": names}, count=len(outcome.winners)))
        else:
            out.public.append(Msg("table.no_winner"))

    def _on_vacation(self, users: list[int]) -> set[int]:
        """Of `users`, those on vacation now (their stored settings: `gavel.tables.pauses`)."""
        now = self._timing.wall()
        return {u for u in users if Schedule.of(self._store.user_settings(u)).on_vacation(now)}

    async def count_time_up(self, table: Table, seat: int, out: _Out) -> None:
        """`seat` let the time control run out once more: the second time in a row the AI takes
        it (when the game has an AI and the seat is still human)."""
        info = table.seats[seat]
        if info.is_ai or info.resigned:
            return
        counted = replace(info, timeouts=info.timeouts + 1)
        if counted.timeouts >= AWAY_AFTER and self._ai_turns.policy(table) is not None:
            await self.hand_to_ai(table, seat, out, Msg("table.away_twice", {"player": SeatName(seat)}))
            return
        await self._writes.store_seat(table, seat, counted)

    def has_ai(self, table: Table) -> bool:
        """Whether the table's game has an AI to play a seat its player left."""
        return self._ai_turns.policy(table) is not None

    async def hand_to_ai(self, table: Table, seat: int, out: _Out, said: Msg, *, checked: bool = False) -> None:
        """The AI plays `seat` for its user from now on (`SeatInfo.away`), until they sit again."""
        info = table.seats[seat]
        await self._writes.store_seat(table, seat, replace(info, ai=AWAY_AI, away=True, timeouts=0, votes=()),
                               checked=checked)
        out.public.append(said)
        out.away.append(seat)

    async def acted(self, table: Table, seat: int) -> None:
        """`seat` acted itself: its time-up count and the votes against it start again, written
        with the action (`Writes.store_seat`)."""
        info = table.seats[seat]
        if not info.timeouts and not info.votes:
            return
        await self._writes.store_seat(table, seat, replace(info, timeouts=0, votes=()))  # written with the action
