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

An away seat keeps its user (`SeatInfo.away`, with `ai` set, so every AI path plays it). The
count (`SeatInfo.timeouts`) and the votes (`SeatInfo.votes`) are stored with the seat
(`TableStore.update_seat`), so they survive a restart and are shared by every process, and
both are cleared when the seat acts itself (`Play.acted`).
"""

from __future__ import annotations

import logging
import math
from dataclasses import replace

from gavel.tables import i18n
from gavel.tables.answers import Answers, _Out
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice, Public
from gavel.tables.play import AWAY_AFTER, AWAY_AI, Play
from gavel.tables.table import Player, Table
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

    def __init__(self, ground: Ground, play: Play, answers: Answers) -> None:
        _, self._access, self._writes, self._timing = ground
        self._play, self._answers = play, answers

    async def sit(self, channel_id: int, player: Player) -> list[Notice]:
        """The player of an away seat takes it back: the AI stops playing it at once (`not_away`
        for anyone who has no away seat here)."""
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "active")
            seat = table.away_seat(player.user_id)
            if seat is None:
                raise IllegalAction("not_away")
            info = table.seats[seat]
            await self._writes.store_seat(table, seat, replace(info, ai=None, away=False, timeouts=0, votes=()),
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
            self._timing.hold(table, seat, grace)
            await self._play.run_ai(table, out)
            return await self._answers.notices(table, out)

        return await self._access.on_table(channel_id, change)
