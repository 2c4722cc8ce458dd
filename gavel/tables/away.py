"""The walk-away part of the table service: a seat whose player is gone is handed to the AI, and
the player takes it back (see `gavel.tables.decisions` for the time control that finds them gone).

- A human seat that lets the table's time control run out twice in a row (no action of its own
  in between; a window clock does not count) is handed to the AI (`Play.count_time_up`).
- `away(channel, by, user_id)`: another seated human votes to hand a silent seat to the AI; once
  a strict majority of the OTHER humans (not AI, not that seat) has voted while that seat has
  not acted since, it is. A vote concerns only a seat the table is waiting for (a human asked
  by the decision open now), only once that decision has waited `vote_after` (half its clock,
  or `VOTE_AFTER` without one), and never at a table of two humans (one vote would hand the
  other's seat over: there the time control alone does). The AI leaves the decision that was
  open when the vote passed alone for `GRACE` (or the time its clock had left, if shorter; the
  player may still `/table sit` and answer it), then plays on (`Clocks.hold`).
- `sit(channel, player)`: the player of an away seat takes it back; the AI stops at once.
- `want(channel, by, seat)`: the host offers an away seat to a new player (the away vote offers
  the seat it hands over by itself): the seat is `wanted`, and the channel told once, with a
  "Take this seat" button.
- `take(channel, player, seat)`: a user not seated at the table takes a wanted away seat. The
  seat is theirs from now on (their name shown), the AI stops, the player before is kept in
  `SeatInfo.holders` with the version they gave it up at, and the newcomer is sent privately
  everything the seat has been told so far (`gavel.tables.briefing`, folded from the log), then
  the channel is told. At the end each holder is credited for their share of the game
  (`SeatInfo.shares`: results, ratings and the record of the one who walked away).

An away seat keeps its user (`SeatInfo.away`, with `ai` set, so every AI path plays it). The
count (`SeatInfo.timeouts`) and the votes (`SeatInfo.votes`) are stored with the seat
(`TableStore.update_seat`), so they survive a restart and are shared by every process, and
both are cleared when the seat acts itself (`Play.acted`).
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import replace

from gavel.tables import i18n
from gavel.tables.answers import Answers, _Out
from gavel.tables.briefing import Briefing, brief
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice, Private, Public
from gavel.tables.play import AWAY_AFTER, AWAY_AI, Play
from gavel.tables.table import Player, Table, engine_config
from gavel.tables.writes import StaleTable, UndoPoints
from rules.core import IllegalAction, Msg, SeatName

log = logging.getLogger(__name__)

__all__ = ["AWAY_AFTER", "AWAY_AI", "GRACE", "VOTE_AFTER", "Away", "vote_after"]

VOTE_AFTER = 300.0
"""Seconds a decision without a clock waits before its silent seat may be voted away."""
GRACE = 60.0
"""Seconds the AI leaves a seat's open decision alone after the vote that handed it over."""


def vote_after(clock: float) -> float:
    """How long a decision must have waited before a vote may concern its silent seat: half its
    clock (`clock` seconds in all), or `VOTE_AFTER` when none runs."""
    return clock / 2 if clock > 0 else VOTE_AFTER


class Away:
    """A player taking their seat back (`sit`) and the votes to hand a silent seat to the AI
    (`away`); it keeps nothing of its own (the count and the votes are stored with the seat)."""

    def __init__(self, ground: Ground, play: Play, answers: Answers, undo_points: UndoPoints) -> None:
        _, self._access, self._writes, self._timing = ground
        self._store = ground.tables.store
        self._play, self._answers, self._undo_points = play, answers, undo_points

    async def sit(self, channel_id: int, player: Player) -> list[Notice]:
        """The player of an away seat takes it back: the AI stops playing it at once (`not_away`
        for anyone who has no away seat here)."""
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "active")
            seat = table.away_seat(player.user_id)
            if seat is None:
                raise IllegalAction("not_away")
            info = table.seats[seat]
            await self._writes.store_seat(table, seat, replace(info, ai=None, away=False, wanted=False, timeouts=0,
                                                                      votes=()),
                                   checked=True)
            out = _Out([Msg("table.sat_back", {"player": SeatName(seat)})], actor=seat)
            self._timing.release(table.id)
            if seat in table.decision().asked:  # the AI had not answered it: the player gets the whole time
                self._timing.decisions.forget(table.id)
            await self._play.run_ai(table, out)
            return await self._answers.notices(table, out)

        return await self._access.on_table(channel_id, change)

    async def away(self, channel_id: int, by: Player, user_id: int) -> list[Notice]:
        """`by` (a seated human) votes to hand the seat of `user_id` to the AI. Refused: a vote for
        oneself (`away_self`), for an AI seat (`away_ai`), for someone not seated (`away_not_seated`),
        a second vote (`away_voted`), outside a game in play, at a table of two humans
        (`away_two_humans`), for a seat the table is not waiting for (`away_not_waiting`), before
        its decision has waited `vote_after` (`away_too_soon`). Once a strict majority of the
        other humans (not AI, not that seat) voted while that seat has not acted, the AI takes it,
        and answers the decision open then only after `GRACE`."""
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "active")
            voter = table.require_seat(by.user_id)
            if user_id == by.user_id:
                raise IllegalAction("away_self")
            seat = next((i for i, s in enumerate(table.seats) if s.user_id == user_id and not s.resigned), None)
            if seat is None:
                raise IllegalAction("away_not_seated")
            info = table.seats[seat]
            if info.is_ai:
                raise IllegalAction("away_ai", player=info.name)
            if by.user_id in info.votes:
                raise IllegalAction("away_voted", player=info.name)
            others = {s.user_id for i, s in enumerate(table.seats)
                      if i != seat and not s.is_ai and not s.resigned and s.user_id is not None}
            if len(others) < 2:  # one vote would hand the only other player's seat over
                raise IllegalAction("away_two_humans", player=info.name)
            if seat not in table.humans_to_act():
                raise IllegalAction("away_not_waiting", player=info.name)
            decisions = self._timing.decisions
            clock = decisions.total(table)
            wait = vote_after(clock) - decisions.waited(table)
            if wait > 0:
                raise IllegalAction("away_too_soon", player=info.name, minutes=max(1, math.ceil(wait / 60)),
                                    wait=i18n.duration(max(60, math.ceil(wait / 60) * 60)))
            votes = tuple(v for v in (*info.votes, by.user_id) if v in others)
            needed = len(others) // 2 + 1
            params = {"voter": SeatName(voter), "player": SeatName(seat), "n": len(votes), "needed": needed}
            if len(votes) < needed:
                await self._writes.store_seat(table, seat, replace(info, votes=votes), checked=True)
                # the vote and what tells it, one transaction
                return await self._answers.keep(table, [Public(table.id, [Msg("table.away_vote", params)],
                                                               names=table.names)])
            left = decisions.seconds_left(table)
            grace = GRACE if left is None else min(GRACE, left)
            out = _Out()
            await self._play.hand_to_ai(table, seat, out, Msg("table.away_voted", params), checked=True)
            # the seat is offered to a new player at once: the others voted that its player is gone
            await self._writes.store_seat(table, seat, replace(table.seats[seat], wanted=True))
            out.after.append(self._offer(table, seat))
            self._timing.hold(table, seat, grace)
            await self._play.run_ai(table, out)
            return await self._answers.notices(table, out)

        return await self._access.on_table(channel_id, change)

    # ------------------------------------------------------------------ substitutes
    @staticmethod
    def seat_named(table: Table, text: str) -> int:
        """The seat `text` names: its number (from 1) or its player's name, any case
        (`no_such_seat` otherwise)."""
        wanted = text.strip()
        if wanted.isdigit() and 1 <= int(wanted) <= len(table.seats):
            return int(wanted) - 1
        found = [i for i, s in enumerate(table.seats) if s.name.casefold() == wanted.casefold()]
        if len(found) != 1:
            raise IllegalAction("no_such_seat", seat=wanted)
        return found[0]

    @staticmethod
    def _offer(table: Table, seat: int) -> Public:
        """The channel's line offering `seat`, with its "Take this seat" button."""
        return Public(table.id, [Msg("table.seat_wanted", {"player": SeatName(seat)})], names=table.names,
                      wanted=seat)

    async def want(self, channel_id: int, by: Player, seat_text: str) -> list[Notice]:
        """The host offers an away seat to a new player (`table.seat_wanted`, once). Refused: not
        the host (`not_host`), a seat its player holds or that resigned (`wanted_not_away`), a seat
        offered already (`wanted_already`)."""
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "active")
            self._access.require_host(table, by)
            seat = self.seat_named(table, seat_text)
            info = table.seats[seat]
            if not info.away or info.resigned:
                raise IllegalAction("wanted_not_away", player=info.name)
            if info.wanted:
                raise IllegalAction("wanted_already", player=info.name)
            await self._writes.store_seat(table, seat, replace(info, wanted=True), checked=True)
            return await self._answers.keep(table, [self._offer(table, seat)])

        return await self._access.on_table(channel_id, change)

    async def briefing(self, table: Table, seat: int) -> Briefing:
        """What `seat` has been told so far, folded from the stored log in a worker thread
        (`StaleTable` when the log and the table disagree: another process is writing it)."""
        assert table.state is not None  # a game in play
        rows = await asyncio.to_thread(self._store.actions, table.id)
        if rows and rows[-1]["version"] != table.version:
            raise StaleTable()
        config = engine_config(table.config, table.variant)
        found, _ = await asyncio.to_thread(brief, table.game, config, len(table.seats), table.setup_record, rows,
                                           seat)
        return found

    async def take(self, channel_id: int, player: Player, seat_text: str) -> list[Notice]:
        """`player` (not seated at the table) takes the wanted away seat `seat_text`: the seat is
        theirs, its player before is kept in `holders`, and they are sent the seat's briefing
        before the channel hears of it. Refused: a player seated here already (`take_seated`), a
        seat not offered (`take_not_wanted`)."""
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "active")
            if any(s.user_id == player.user_id and not s.resigned for s in table.seats):
                raise IllegalAction("take_seated")
            seat = self.seat_named(table, seat_text)
            info = table.seats[seat]
            if not (info.away and info.wanted) or info.resigned or info.user_id is None:
                raise IllegalAction("take_not_wanted", player=info.name)
            briefing = await self.briefing(table, seat)
            before = info.name
            held = (*info.holders, (info.user_id, info.name, table.version))
            await self._writes.store_seat(table, seat, replace(
                info, user_id=player.user_id, name=player.name, ai=None, away=False, wanted=False, timeouts=0,
                votes=(), orders=None, holders=held), checked=True)
            told = Private(table.id, seat, player.user_id, briefing_lines(briefing, before), names=table.names)
            self._answers.secrets_told(table, seat)  # the briefing says what the seat holds: not sent again
            out = _Out([Msg("table.seat_taken", {"player": SeatName(seat), "before": before})], actor=seat,
                       ahead=[told])
            self._timing.release(table.id)
            if seat in table.decision().asked:  # the AI had not answered it: the newcomer gets the whole time
                self._timing.decisions.forget(table.id)
            self._undo_points.forget(table.id)  # the player before's last action is not the newcomer's to take back
            await self._play.run_ai(table, out)
            return await self._answers.notices(table, out)

        return await self._access.on_table(channel_id, change)


def briefing_lines(briefing: Briefing, before: str) -> list[Msg]:
    """A substitute's private message: whose seat it was, what it was told, what it holds now."""
    lines = [Msg("table.briefing", {"before": before, "n": briefing.seat + 1})]
    lines += briefing.told or [Msg("table.briefing_nothing")]
    if briefing.secrets:
        lines += [Msg("table.briefing_holds"), *briefing.secrets]
    return lines
