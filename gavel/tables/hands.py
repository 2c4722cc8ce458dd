"""The secrets part of `TableService`: what each seat holds (`Game.secrets`), sent to its player
when it changes and shown on request (`me`, `hand`). What was last sent is kept in memory only, so
a restart sends nothing again until something changes."""

from __future__ import annotations

import asyncio
import logging

from gavel.tables.base import ServiceBase
from gavel.tables.notices import Private
from gavel.tables.store import loads
from gavel.tables.table import Player, Table
from rules.core import Event, Msg, SeatName

log = logging.getLogger(__name__)


class Hands(ServiceBase):
    async def me(self, channel_id: int, player: Player) -> Private:
        """A player's own view: their seat, their secrets (`game.secrets`: a hand), their recent
        private events, their legal actions (when not asked, those it may take at any time), and
        the board as they see it."""
        async def read(table: Table) -> Private:
            seat = table.require_seat(player.user_id)
            lines = [Msg("table.me_seat", {"n": seat + 1, "player": SeatName(seat)})]
            if table.status != "active":
                return Private(table.id, seat, player.user_id, [*lines, Msg("table.me_lobby")], names=table.names)
            events = [table.game.describe(e) for row in await asyncio.to_thread(self.store.actions, table.id)
                      for e in map(Event.from_json, loads(row["events"]) or []) if e.to is not None and seat in e.to]
            lines += [*table.game.secrets(table.state, seat), *events[-10:]] or [Msg("table.me_nothing_secret")]
            prompt = self._prompt_for(table, seat)
            if prompt:
                lines.append(Msg("table.me_to_act", {"actions": ", ".join(prompt.actions[:25])}))
            elif anytime := [str(a) for a in table.game.legal_actions(table.state, seat)]:
                # not asked, yet the game lets this seat act whenever it likes (`Game.anytime_actions`)
                lines.append(Msg("table.me_anytime", {"actions": ", ".join(anytime[:25])}))
            image, alt = await self.images.picture(table, seat, prompt)
            return Private(table.id, seat, player.user_id, lines, image, names=table.names, shows="board", alt=alt)

        return await self._on_table(channel_id, read)

    async def hand(self, channel_id: int, player: Player) -> Private:
        """A player's secrets only (`game.secrets`: "My hand"), with the hand image when the
        renderer draws one: lighter than `me`, for a button pressed often."""
        async def read(table: Table) -> Private:
            seat = table.require_seat(player.user_id)
            self._require(table, "active")
            lines = table.game.secrets(table.state, seat) or [Msg("table.me_nothing_secret")]
            image, alt = await self.images.hand_picture(table, seat)
            return Private(table.id, seat, player.user_id, list(lines), image, names=table.names, alt=alt)

        return await self._on_table(channel_id, read)

    def _changed_secrets(self, table: Table, seat: int) -> list[Msg]:
        """`seat`'s secrets if they changed since they were last sent (and remember them)."""
        if table.state is None or table.status != "active":
            return []
        lines = list(table.game.secrets(table.state, seat))
        key = (table.id, seat)
        if lines == self._sent.get(key, []):
            return []
        self._sent[key] = lines
        return lines

    def _remember_secrets(self, table: Table) -> None:
        """After a restart: what the players hold counts as sent (`/table me` shows it any time);
        only a change is sent again."""
        if table.state is None or table.status != "active":
            return
        try:
            for seat, info in enumerate(table.seats):
                if not info.is_ai:
                    self._sent[(table.id, seat)] = list(table.game.secrets(table.state, seat))
        except Exception:  # at worst the hands are sent again; the table itself comes back
            log.exception("table %s: the players' secrets could not be read after the restart", table.id)
