"""The walk-away part of `TableService`: a seat whose player is gone is handed to the AI, and
the player takes it back (see `gavel.tables.decisions` for the time control that finds them gone).

- A human seat that lets the table's time control run out twice in a row (no action of its own
  in between; a window clock does not count) is handed to the AI (`_count_time_up`).
- `away(channel, by, user_id)`: another seated human votes to hand a silent seat to the AI; once
  a strict majority of the OTHER humans (not AI, not that seat) has voted while that seat has
  not acted since, it is.
- `sit(channel, player)`: the player of an away seat takes it back; the AI stops at once.

An away seat keeps its user (`SeatInfo.away`, with `ai` set, so every AI path plays it). The
count (`SeatInfo.timeouts`) and the votes (`SeatInfo.votes`) are stored with the seat
(`TableStore.update_seat`), so they survive a restart and are shared by every process, and
both are cleared when the seat acts itself (`_acted`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from gavel.tables.base import ServiceBase, StaleTable, _Out
from gavel.tables.notices import Notice, Public
from gavel.tables.table import Player, SeatInfo, Table
from rules.core import IllegalAction, Msg, SeatName

log = logging.getLogger(__name__)

AWAY_AFTER = 2
"""Time-control decisions run out in a row after which a seat is handed to the AI."""
AWAY_AI = "normal"
"""The AI level that plays an away seat."""


def _fields(seat: SeatInfo) -> dict[str, object]:
    """The columns of a seat's row a walk-away changes (who plays it, and the walk-away's own)."""
    return {"ai": seat.ai, **seat.away_row()}


class Away(ServiceBase):
    async def _store_seat(self, table: Table, seat: int, new: SeatInfo, *, checked: bool = False) -> None:
        """Store one seat's walk-away state, then adopt it. `checked`: only over the row as this
        process last read it (a vote or a return racing another process's), else `StaleTable`
        (the call runs again on the table as it now is)."""
        old = table.seats[seat]
        expected = _fields(old) if checked else None
        await self._save(table)  # an action not written yet goes first
        done = await asyncio.to_thread(self.store.update_seat, table.id, seat, _fields(new), expected=expected)
        if not done and checked:
            raise StaleTable()
        table.seats[seat] = new

    async def _count_time_up(self, table: Table, seat: int, out: _Out) -> None:
        """`seat` let the time control run out once more: the second time in a row the AI takes
        it (when the game has an AI and the seat is still human)."""
        info = table.seats[seat]
        if info.is_ai or info.resigned:
            return
        counted = replace(info, timeouts=info.timeouts + 1)
        if counted.timeouts >= AWAY_AFTER and self.ai_turns.policy(table) is not None:
            await self._hand_to_ai(table, seat, out, Msg("table.away_twice", {"player": SeatName(seat)}))
            return
        await self._store_seat(table, seat, counted)

    async def _hand_to_ai(self, table: Table, seat: int, out: _Out, said: Msg, *, checked: bool = False) -> None:
        """The AI plays `seat` for its user from now on (`SeatInfo.away`), until they sit again."""
        info = table.seats[seat]
        await self._store_seat(table, seat, replace(info, ai=AWAY_AI, away=True, timeouts=0, votes=()),
                               checked=checked)
        out.public.append(said)

    async def _acted(self, table: Table, seat: int) -> None:
        """`seat` acted itself: its time-up count and the votes against it start again. A failure
        here costs only the count (the action is stored): it is logged, never raised."""
        info = table.seats[seat]
        if not info.timeouts and not info.votes:
            return
        await self._save(table)  # the action first: a failure to write it is the call's, never swallowed here
        try:
            await self._store_seat(table, seat, replace(info, timeouts=0, votes=()))
        except Exception:
            log.exception("table %s: the walk-away count of seat %s could not be cleared", table.id, seat)

    async def sit(self, channel_id: int, player: Player) -> list[Notice]:
        """The player of an away seat takes it back: the AI stops playing it at once (`not_away`
        for anyone who has no away seat here)."""
        async def change(table: Table) -> list[Notice]:
            self._require(table, "active")
            seat = table.away_seat(player.user_id)
            if seat is None:
                raise IllegalAction("not_away")
            info = table.seats[seat]
            await self._store_seat(table, seat, replace(info, ai=None, away=False, timeouts=0, votes=()),
                                   checked=True)
            out = _Out([Msg("table.sat_back", {"player": SeatName(seat)})])
            if seat in table.decision().asked:  # the AI had not answered it: the player gets the whole time
                self.decisions.forget(table.id)
            await self._run_ai(table, out)
            return await self._notices(table, out)

        return await self._on_table(channel_id, change)

    async def away(self, channel_id: int, by: Player, user_id: int) -> list[Notice]:
        """`by` (a seated human) votes to hand the seat of `user_id` to the AI. Refused: a vote for
        oneself (`away_self`), for an AI seat (`away_ai`), for someone not seated (`away_not_seated`),
        a second vote (`away_voted`), outside a game in play. Once a strict majority of the other
        humans (not AI, not that seat) voted while that seat has not acted, the AI takes it."""
        async def change(table: Table) -> list[Notice]:
            self._require(table, "active")
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
            votes = tuple(v for v in (*info.votes, by.user_id) if v in others)
            needed = len(others) // 2 + 1
            params = {"voter": SeatName(voter), "player": SeatName(seat), "n": len(votes), "needed": needed}
            if len(votes) < needed:
                await self._store_seat(table, seat, replace(info, votes=votes), checked=True)
                return [Public(table.id, [Msg("table.away_vote", params)], names=table.names)]
            out = _Out()
            await self._hand_to_ai(table, seat, out, Msg("table.away_voted", params), checked=True)
            await self._run_ai(table, out)
            return await self._notices(table, out)

        return await self._on_table(channel_id, change)
