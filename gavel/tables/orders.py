"""Standing orders, for the table service: a player sets, for themselves and at one table, the
windows their seat passes without being asked (`set`), and reads them (`notice`); both answered
to that player alone. The orders are the game's (`rules.plugin.StandingOrder`, its plug-in's
`standing_orders`); a player who never chose has the game's defaults (`IDLE`: pass only where
the seat holds nothing playable). The choice is stored with the seat (`SeatInfo.orders`, the
seats' `orders` column), so it outlives a restart.

Applying them is the clocks' and the play's business, the same for every game: a window's
passes, from an order or by hand, wait for the window's hold and are applied together when it
ends (`gavel.tables.timing`, `Play.answer_waiting`), and a pass that leaves the window open
tells the channel nothing (`Answers.still_open`), so nothing public says whose pass came from
an order, nor what anyone holds.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from gavel.tables import standing
from gavel.tables.answers import Answers, _Out
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice, Public
from gavel.tables.play import Play
from gavel.tables.table import Player, Table
from rules.core import IllegalAction, Msg

SWITCHES = ("on", "off")


class Orders:
    """A player's standing orders at a table (it keeps nothing of its own: the seat does)."""

    def __init__(self, ground: Ground, play: Play, answers: Answers) -> None:
        self._tables, self._access, self._writes, self._timing = ground
        self._play, self._answers = play, answers

    async def set(self, channel_id: int, player: Player, order: str | None = None,
                  switch: str | None = None) -> tuple[Public, list[Notice]]:
        """With `order` and `switch` (`on`/`off`): set or clear that order for the player's seat
        at the channel's table; then say the seat's orders (for the player alone: the `Public`
        is an answer to them, never the channel's). A set order may answer the window open now:
        when its hold is over the pass is applied at once, as one the player gave by hand, and
        the change's notices come second (nothing while the window stays open). Refused:
        `bad_order` (no such order in this game, or not `on`/`off`), changing nothing."""
        return await self._access.on_table(channel_id, lambda table: self._set(table, player, order, switch))

    async def _set(self, table: Table, player: Player, order: str | None,
                   switch: str | None) -> tuple[Public, list[Notice]]:
        self._access.require(table, "active")
        seat = table.require_seat(player.user_id)
        if order is None and switch is None:
            return self.said(table, seat), []
        keys = [o.key for o in standing.declared(table)]
        if order not in keys or switch not in SWITCHES:
            raise IllegalAction("bad_order", order=order or "", orders=", ".join(keys) or "-")
        chosen = dict(standing.orders_of(table, seat))
        if switch == "on":
            chosen[order] = standing.mark(table, order)
        else:
            chosen.pop(order, None)
        info = replace(table.seats[seat], orders=chosen)
        await asyncio.to_thread(self._tables.store.update_seat, table.id, seat, {"orders": info.orders_text()})
        table.seats[seat] = info
        out = _Out(before=table.decision(), actor=seat)  # the player's own call: no ping for them
        notices: list[Notice] = []
        version = table.version
        if switch == "on":
            await self._play.answer_waiting(table, out)  # a window whose hold is over: the order answers now
        if table.version != version:  # told as the seat's own pass would be (nothing while the window stays open)
            await self._play.run_ai(table, out)
            notices = await self._answers.notices(table, out)
        else:  # nothing else happened: nothing is told, the clock row notes the pass waiting (or not)
            await self._answers.save_clock(table)
        return replace(self.said(table, seat), lines=[Msg("table.orders.saved"), *self.said(table, seat).lines]), \
            notices

    def notice(self, channel_id: int, player: Player) -> Public:
        """The player's orders at the channel's table, for them alone."""
        table = self._tables.table(channel_id)
        if table is None or table.status != "active":
            raise IllegalAction("not_started")
        return self.said(table, table.require_seat(player.user_id))

    @staticmethod
    def said(table: Table, seat: int) -> Public:
        """One line per order the game offers, set or not (`table.orders.on`/`off`), or that the
        game has no windows to answer (`table.orders.none`)."""
        offered = standing.declared(table)
        if not offered:
            return Public(None, [Msg("table.orders.none")])
        chosen = standing.orders_of(table, seat)
        lines = [Msg("table.orders.on" if o.key in chosen else "table.orders.off",
                     {"order": Msg(o.words(table.game_key)), "name": o.key}) for o in offered]
        return Public(None, [Msg("table.orders"), *lines])
