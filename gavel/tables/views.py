"""The reading part of the table service: what a player or the channel may look at without changing
anything: the board, the log, the table's status, a user's results, a seat's legal actions."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gavel.tables import i18n
from gavel.tables.answers import Answers
from gavel.tables.decisions import clock_lines, deadline_lines, time_lines, turn_lines
from gavel.tables.games import STATUS, game_name, lobby_hint, variant_lines
from gavel.tables.ground import Ground
from gavel.tables.images import Images
from gavel.tables.notices import Private, Public
from gavel.tables.rematch import Rematches
from gavel.tables.store import loads
from gavel.tables.table import Player, Table
from rules import registry
from rules.core import UNDO, Event, Game, IllegalAction, Msg, SeatName


class Views:
    """What a player or the channel may look at without changing anything (it keeps nothing of
    its own)."""

    def __init__(self, ground: Ground, images: Images, answers: Answers, rematches: Rematches) -> None:
        self._tables, self._access, _, self._timing = ground
        self._store = ground.tables.store
        self._images, self._answers, self._rematches = images, answers, rematches
        self.timestamps = False
        """Whether the front-end shows a time as a live countdown (Discord's timestamps): a
        decision's end is then said as a moment (`table.runs_out_at`), else in minutes."""

    async def me(self, channel_id: int, player: Player) -> Private:
        """A player's own view: their seat, their secrets (`game.secrets`: a hand), their recent
        private events, their legal actions (when not asked, those it may take at any time), and
        the board as they see it."""
        async def read(table: Table) -> Private:
            seat = table.require_seat(player.user_id)
            lines = [Msg("table.me_seat", {"n": seat + 1, "player": SeatName(seat)})]
            if table.status != "active":
                return Private(table.id, seat, player.user_id, [*lines, Msg("table.me_lobby")], names=table.names)
            events = [table.game.describe(e) for row in await asyncio.to_thread(self._store.actions, table.id)
                      for e in map(Event.from_json, loads(row["events"]) or []) if e.to is not None and seat in e.to]
            lines += [*table.game.secrets(table.state, seat), *events[-10:]] or [Msg("table.me_nothing_secret")]
            prompt = self._answers.prompt_for(table, seat)
            if prompt:
                lines.append(Msg("table.me_to_act", {"actions": ", ".join(prompt.actions[:25])}))
            elif anytime := [str(a) for a in table.game.legal_actions(table.state, seat)]:
                # not asked, yet the game lets this seat act whenever it likes (`Game.anytime_actions`)
                lines.append(Msg("table.me_anytime", {"actions": ", ".join(anytime[:25])}))
            image, alt, board = await self._images.picture(table, seat, prompt)
            return Private(table.id, seat, player.user_id, lines, image, names=table.names, shows="board", alt=alt,
                           board=board)

        return await self._access.read(channel_id, read)

    async def hand(self, channel_id: int, player: Player) -> Private:
        """A player's secrets only (`game.secrets`: "My hand"), with the hand image when the
        renderer draws one: lighter than `me`, for a button pressed often."""
        async def read(table: Table) -> Private:
            seat = table.require_seat(player.user_id)
            self._access.require(table, "active")
            lines = table.game.secrets(table.state, seat) or [Msg("table.me_nothing_secret")]
            image, alt, board = await self._images.hand_picture(table, seat)
            return Private(table.id, seat, player.user_id, list(lines), image, names=table.names, alt=alt,
                           board=board)

        return await self._access.read(channel_id, read)

    def legal_for(self, channel_id: int, player: Player) -> list[str]:
        table = self._tables.table(channel_id)
        if table is None or table.state is None or table.status != "active":
            return []
        seat = table.seat_of(player.user_id)
        if seat is None:
            return []
        return [str(a) for a in table.game.legal_actions(table.state, seat)]

    async def board(self, channel_id: int, for_user: Player | int | None = None,
                    actions: Sequence[str] | None = None) -> Public | Private:
        """The board: the channel's, or `for_user`'s own where moves are secret. `actions` (some
        of `for_user`'s legal actions: a step of their menu) asks for their own board marking
        those alone, in any game (the channel's board may mark none of them)."""
        async def read(table: Table) -> Public | Private:
            self._access.require(table, "active")
            user_id = for_user.user_id if isinstance(for_user, Player) else for_user
            seat = table.seat_of(user_id) if user_id is not None else None
            if seat is not None and (table.game.info.hidden_information or actions is not None):
                assert user_id is not None  # a seat was found for it
                prompt = self._answers.prompt_for(table, seat)
                if prompt is not None and actions is not None:
                    prompt = replace(prompt, actions=[a for a in prompt.actions if a in set(actions)])
                image, alt, board = await self._images.picture(table, seat, prompt)
                return Private(table.id, seat, user_id, [Msg("table.board_private")], image, names=table.names,
                               shows="board", alt=alt, board=board)
            public, _ = await self._answers.public(table, [Msg("table.board", {"game": game_name(table.game),
                                                                        "version": table.version})])
            return public

        return await self._access.read(channel_id, read)

    async def log(self, channel_id: int, n: int = 10) -> Public:
        """The last `n` actions with their public events (private events stay private)."""
        table = self._access.open(channel_id)
        rows = await asyncio.to_thread(self._store.actions, table.id, max(1, n))
        lines: list[Msg] = []
        for row in rows:
            lines.append(Msg("table.log_line", {"seq": row["seq"], "player": SeatName(row["seat"]),
                                                "action": self._label(table.game, row["action"])}))
            events = [Event.from_json(e) for e in loads(row["events"]) or []]
            lines += [table.game.describe(e) for e in events if e.public]
        return Public(table.id, lines or [Msg("table.log_empty")], names=table.names)

    async def status(self, channel_id: int) -> Public:
        if (broken := self._tables.broken_in(channel_id)) is not None:
            return Public(broken.table_id, [broken.note()])

        table = self._access.open(channel_id)
        lines = [Msg("table.status", {"game": game_name(table.game), "status": STATUS[table.status],
                                      "n": len(table.seats), "max": table.seat_range[-1]}),
                 *variant_lines(table), *(clock_lines(table) if self._timing.enabled else []), *time_lines(table)]
        for i, seat in enumerate(table.seats):
            params = {"n": i + 1, "player": seat.name}
            if seat.away and not seat.resigned:
                lines.append(Msg("table.seat_away", params))
            elif seat.is_ai:
                lines.append(Msg("table.seat_ai", params))
            elif seat.user_id == table.host_id:
                lines.append(Msg("table.seat_host", params))
            else:
                lines.append(Msg("table.seat", params))
        if table.status == "lobby":
            lines.append(lobby_hint(table))
            window = await self._rematches.window(table)
            awaited = window.awaited(table, self._timing.wall()) if window is not None else []
            if awaited:
                lines.append(Msg("table.rematch_awaited", {"players": i18n.Listed.of(i.name for i in awaited)}))
        lines += turn_lines(table, waited=True)
        if self._timing.enabled and table.status == "active":  # when the decision open now runs out by itself
            lines += deadline_lines(table, self._timing.decisions.seconds_left(table), self._timing.wall(),
                                    timestamps=self.timestamps)
        return Public(table.id, lines, names=table.names)

    def help(self) -> Public:
        """What Gavel plays and how to start (`/help`, `help` in local play): every installed game
        with its command group and seat counts, how a table starts, and the shared commands."""
        lines = [Msg("help.title")]
        for _key, plugin in sorted(registry.plugins().items()):
            seats = plugin.game.info.seats_for(None)
            players = str(seats[0]) if len(seats) == 1 else f"{seats[0]}–{seats[-1]}"
            lines.append(Msg("help.game", {"game": game_name(plugin.game), "group": plugin.commands.group,
                                           "players": players}))
        return Public(None, [*lines, Msg("help.start"), Msg("help.shared")])

    @staticmethod
    def _label(game: Game[Any], text: str) -> Msg | str:
        if text == UNDO:
            return Msg("table.undo_label")
        try:
            return game.label(game.parse_action(text))
        except IllegalAction:
            return text
