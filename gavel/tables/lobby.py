"""The lobby part of the table service: opening a table (or a rematch of the channel's last
game: `rematch`, its window `gavel.tables.rematch`), seating players and AI seats, starting the
game, and closing it early (`cancel`)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from gavel.tables import i18n
from gavel.tables.ai import AITurns
from gavel.tables.answers import Answers, _Out
from gavel.tables.decisions import clock_lines, time_lines
from gavel.tables.games import game_name, get_game, installed, lobby_hint, variant_lines, variant_name
from gavel.tables.ground import Ground
from gavel.tables.notices import Notice, Public
from gavel.tables.pauses import POLICIES, is_daily
from gavel.tables.play import Play
from gavel.tables.reliability import RELIABLE_SHARE, admit
from gavel.tables.rematch import REMATCH_AGE, REMATCH_WAIT, Invite, Rematches, Window, ended_at
from gavel.tables.store import StaleWrite, dumps, loads
from gavel.tables.table import (
    TIME_CONTROLS,
    Player,
    SeatInfo,
    Table,
    engine_config,
    public_config,
    split_config,
    stored_config,
    stored_pauses,
    stored_time,
    table_settings,
)
from gavel.tables.writes import StaleTable
from rules.core import IllegalAction, Msg


class Lobby:
    """Opening a table (or a rematch of the channel's last game), seating, starting and
    cancelling it (it keeps nothing of its own: the seating is stored, the table `Tables`')."""

    def __init__(self, ground: Ground, ai_turns: AITurns, play: Play, answers: Answers, rematches: Rematches) -> None:
        self._tables, self._access, self._writes, self._timing = ground
        self._store = ground.tables.store
        self._ai_turns, self._play, self._answers, self._rematches = ai_turns, play, answers, rematches

    async def create(self, guild_id: int | None, channel_id: int, game_key: str, host: Player, *,
                     variant: str | None = None, config: dict[str, Any] | None = None,
                     seed: int | str | None = None, sit: bool = True, dice: list[int] | None = None,
                     lang: str | None = None, timeout: float | None = None, time: str | None = None,
                     draws: list[int] | None = None, settings: dict[str, Any] | None = None,
                     reliable: bool = False, pauses: str | None = None) -> list[Notice]:
        """A lobby in `channel_id`. `timeout`: seconds a card-play window may wait for a human
        (default: the game's `info.default_timeout`; 0 = no clock), kept with the table for its
        whole life. `time`: the time control (`none` by default, `live` or `daily`:
        `gavel.tables.table.TIME_CONTROLS`), kept the same way (see `gavel.tables.decisions`); without it, a
        `time` among `settings` (seconds: a rematch copies its game's). `draws`: every random
        number the table draws, set-up first, comes from this list while it lasts (a replayed
        record, `gavel.tables.record`), then as usual. `settings`: more of the table's own settings,
        stored as they are (`_<name>`: a rematch copies its game's). `reliable`: only players with
        a reliable record on this server may join (`gavel.tables.reliability`). `pauses`: how much
        a daily table's clocks stop for its players' vacations and sleep (`none`, `some`, `any`:
        `gavel.tables.pauses`; without it, a `pauses` among `settings`, else `any`)."""

        if await self._access.look(channel_id) is not None:  # open, here or by another process (as stored now)
            raise IllegalAction("table_exists")
        self._tables.refuse_broken(channel_id)
        game = get_game(game_key)
        if variant is not None and variant not in game.info.variants:
            raise IllegalAction("unknown_variant", variant=variant)
        if timeout is not None and not 0 <= timeout <= 86400:
            raise IllegalAction("bad_timeout", max=86400)
        if time is not None and time not in TIME_CONTROLS:
            raise IllegalAction("bad_time", time=time, choices=", ".join(TIME_CONTROLS))
        if pauses is not None and pauses not in POLICIES:
            raise IllegalAction("bad_pauses", pauses=pauses, choices=", ".join(POLICIES))
        table = Table(
            id=0, guild_id=guild_id, channel_id=channel_id, game=game, host_id=host.user_id,
            seed=str(seed) if seed is not None else secrets.token_hex(8), variant=variant,
            config=split_config(config)[0], dice=list(dice) if dice else None, lang=i18n.language(lang),
            timeout=game.info.default_timeout if timeout is None else float(timeout),
            time=TIME_CONTROLS[time] if time is not None else stored_time(
                {f"_{k}": v for k, v in (settings or {}).items()}),
            seats=[SeatInfo(host.user_id, host.name)] if sit else [],
            reliable=reliable or bool((settings or {}).get("reliable")),
            pauses=pauses if pauses is not None else stored_pauses({f"_{k}": v for k, v in (settings or {}).items()}),
        )
        try:
            table.id = await asyncio.to_thread(self._store.create_table, {  # the row and its seats in one transaction
                "guild": guild_id, "channel": channel_id, "game": game.info.key, "variant": variant,
                "status": "lobby", "seed": table.seed,
                "config": dumps(stored_config(table.config, table.lang, **{**(settings or {}),
                                                                           "timeout": table.timeout,
                                                                           "time": table.time,
                                                                           "reliable": table.reliable or None,
                                                                           "pauses": table.pauses})),
                "version": 0, "host": host.user_id,
            }, [s.to_row() for s in table.seats], alone=True)
        except StaleWrite as exc:  # another process opened a table here first
            raise IllegalAction("table_exists") from exc
        if draws:
            self._writes.replay_draws(table.id, draws)
        self._tables.hold(table)
        lines = [
            Msg("table.created", {"game": game_name(game), "host": host.name}),
            *variant_lines(table),
            *(clock_lines(table) if self._timing.enabled else []),
            *time_lines(table),
            *([Msg("table.reliable_only", {"share": round(RELIABLE_SHARE * 100)})] if table.reliable else []),
            *([Msg(f"table.pauses.{table.pauses}")] if is_daily(table.time) else []),
            lobby_hint(table),
        ]
        return [Public(table.id, lines, names=table.names)]

    async def join(self, channel_id: int, player: Player) -> list[Notice]:
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "lobby")
            if table.seat_of(player.user_id) is not None:
                raise IllegalAction("already_seated")
            await admit(self._store, table, player)  # blocks either way; a reliable table's record
            window = await self._rematches.window(table)
            awaited = window.awaited(table, self._timing.wall()) if window is not None else []
            invite = next((i for i in awaited if i.user_id == player.user_id), None)
            if window is not None and invite is not None:  # back in their seat of the last game
                await self._writes.save_seats(table, self._rematches.seat_back(table, window, invite, player))
            else:
                self._require_room(table, reserved=len(awaited))
                await self._writes.save_seats(table, [*table.seats, SeatInfo(player.user_id, player.name)])
            msg = Msg("table.joined", {"player": player.name, "n": len(table.seats), "max": table.seat_range[-1]})
            lines = [msg]
            if invite is not None and len(awaited) == 1 \
                    and await asyncio.to_thread(self._store.rematch_close, table.id):
                host = next((s.name for s in table.seats if s.user_id == table.host_id), "")
                lines.append(Msg("table.rematch_all_back", {"host": host}))
            return [Public(table.id, lines, names=table.names)]

        return await self._access.on_table(channel_id, change)

    async def leave(self, channel_id: int, player: Player) -> list[Notice]:
        """Leave a lobby; during a game this resigns."""
        async def change(table: Table) -> list[Notice]:
            if table.status == "active":
                return await self._play.resign_table(table, player)
            self._access.require(table, "lobby")
            seat = table.require_seat(player.user_id)
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            lines = [Msg("table.left", {"player": player.name})]
            host = None
            if player.user_id == table.host_id:
                humans = [s for s in seats if not s.is_ai]
                if not humans:
                    await self._writes.close(table, "cancelled")
                    table.seats = seats
                    return [Public(table.id, [*lines, Msg("table.closed_empty")], names=table.names)]
                host = humans[0].user_id
                lines.append(Msg("table.new_host", {"player": humans[0].name}))
            await self._writes.save_seats(table, seats, host=host)
            await self._rematches.left(table, player)
            return [Public(table.id, lines, names=table.names)]

        return await self._access.on_table(channel_id, change)

    async def add_ai(self, channel_id: int, by: Player, level: str = "normal") -> list[Notice]:
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "lobby")
            self._access.require_host(table, by)
            if self._ai_turns.policy(table) is None:
                raise IllegalAction("no_ai", game=game_name(table.game))
            window = await self._rematches.window(table)
            awaited = window.awaited(table, self._timing.wall()) if window is not None else []
            self._require_room(table, reserved=len(awaited))
            taken = {s.name for s in table.seats}
            name = next(f"AI {k}" for k in range(1, 100) if f"AI {k}" not in taken)
            await self._writes.save_seats(table, [*table.seats, SeatInfo(None, name, ai=level)])
            msg = Msg("table.ai_added", {"player": name, "n": len(table.seats), "max": table.seat_range[-1]})
            return [Public(table.id, [msg], names=table.names)]

        return await self._access.on_table(channel_id, change)

    async def remove_ai(self, channel_id: int, by: Player, seat: int | None = None) -> list[Notice]:
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "lobby")
            self._access.require_host(table, by)
            ai = [i for i, s in enumerate(table.seats) if s.is_ai]
            chosen = ai[-1] if seat is None and ai else seat
            if chosen is None or chosen not in ai:
                raise IllegalAction("no_ai_seat")
            removed = table.seats[chosen]
            await self._writes.save_seats(table, [s for i, s in enumerate(table.seats) if i != chosen])
            return [Public(table.id, [Msg("table.ai_removed", {"player": removed.name})], names=table.names)]

        return await self._access.on_table(channel_id, change)

    def _require_room(self, table: Table, reserved: int = 0) -> None:
        """Room for one more, beside `reserved` seats kept for a rematch's invited players."""
        most = table.seat_range[-1]
        if len(table.seats) + reserved >= most:
            raise IllegalAction("table_full", max=most)

    async def start(self, channel_id: int, by: Player) -> list[Notice]:
        async def change(table: Table) -> list[Notice]:
            self._access.require(table, "lobby")
            self._access.require_host(table, by)
            window = await self._rematches.window(table)
            if window is not None and not window.done:
                awaited = window.awaited(table, self._timing.wall())
                if awaited:
                    raise IllegalAction("rematch_waiting", players=", ".join(i.name for i in awaited),
                                        seconds=max(1, round(window.ends - self._timing.wall())))
                await asyncio.to_thread(self._store.rematch_close, table.id)  # the window is over
            info = table.game.info
            seats = table.seat_range
            if len(table.seats) < info.min_seats:
                raise IllegalAction("not_enough_players", min=info.min_seats)
            if len(table.seats) not in seats:
                allowed = str(seats[0]) if len(seats) == 1 else f"{seats[0]}-{seats[-1]}"
                raise IllegalAction("variant_seats", variant=variant_name(table), n=len(table.seats), seats=allowed)
            config = engine_config(table.config, table.variant)
            chance = self._writes.chance(table, "setup")
            state = table.game.new_game(config, len(table.seats), chance)
            snapshot = state.to_snapshot()
            try:
                # memory follows the database
                await asyncio.to_thread(self._store.start, table.id, snapshot, state.version, chance.record,
                                        seats=[s.to_row() for s in table.seats])
            except StaleWrite as exc:  # started or closed by another process: look again
                raise StaleTable() from exc
            self._writes.spend_dice(table, chance)
            table.state, table.snapshot, table.setup_record = state, snapshot, list(chance.record)
            table.status = "active"
            # The host's click answered in the channel's message: its buttons are in front of them, no ping.
            out = _Out([Msg("table.started", {"game": game_name(table.game), "players": i18n.Listed.of(table.names)})],
                       actor=table.seat_of(by.user_id))
            await self._play.run_ai(table, out)
            return await self._answers.notices(table, out)

        return await self._access.on_table(channel_id, change)

    async def cancel(self, channel_id: int, by: Player, *, can_manage: bool = False) -> list[Notice]:
        """Close the table with no result. The host may cancel a lobby, and abort a game only
        while some seat has not acted yet (as chess servers allow an abort before both sides
        moved): after that a player can only resign (`leave`), which records the result, so a
        losing host cannot wipe it. Staff (Manage Messages) may cancel at any time; the table is
        then recorded as cancelled. A table that could not be loaded is for staff only."""
        if self._tables.broken_in(channel_id) is not None:
            return self._tables.cancel_broken(channel_id, by, can_manage)
        async def change(table: Table) -> list[Notice]:
            if table.status not in ("lobby", "active"):
                raise IllegalAction("no_table")
            if not can_manage:
                if by.user_id != table.host_id:
                    raise IllegalAction("cannot_cancel")
                if table.status == "active" and await self._everyone_acted(table):
                    raise IllegalAction("cannot_abort")
            started = table.status == "active"
            await self._writes.close(table, "cancelled")
            told: list[Notice] = [Public(table.id, [Msg("table.cancelled", {"player": by.name})], names=table.names)]
            return [*told, *self._answers.waiting(table)] if started else told

        return await self._access.on_table(channel_id, change)

    async def _everyone_acted(self, table: Table) -> bool:
        """Whether every seat has an action in the log (the game can no longer be aborted)."""
        return await asyncio.to_thread(self._store.seats_that_acted, table.id) >= set(range(len(table.seats)))

    async def rematch(self, channel_id: int, by: Player, previous: int | None = None, *,
                      wait: float = REMATCH_WAIT) -> list[Notice]:
        """A new lobby like the channel's last game (`previous`: the table the button was on;
        refused as `rematch_old` when a later game was played here since, or it ended more than
        `REMATCH_AGE` ago). `by` must have played a human seat of it; they become the host, the AI
        seats come back at once, and the other humans are invited for `wait` seconds."""
        if await self._access.look(channel_id) is not None:
            raise IllegalAction("table_exists")
        self._tables.refuse_broken(channel_id)
        row = await asyncio.to_thread(self._store.last_row, channel_id, "finished")
        if row is None or installed(row["game"]) is None:
            raise IllegalAction("rematch_none")
        ended = ended_at(row)
        too_old = ended is not None and self._timing.wall() - ended > REMATCH_AGE
        if (previous is not None and row["id"] != previous) or too_old:
            raise IllegalAction("rematch_old")
        before = await asyncio.to_thread(self._store.seats, row["id"])
        if not any(s["user_id"] == by.user_id for s in before):
            raise IllegalAction("rematch_not_player")
        stored = loads(row["config"]) or {}
        settings = table_settings(stored)
        lang, timeout = settings.pop("lang", None), settings.pop("timeout", None)
        notices = await self.create(row["guild"], channel_id, row["game"], by, variant=row["variant"],
                                    config=public_config(stored), lang=lang if isinstance(lang, str) else None,
                                    timeout=float(timeout) if isinstance(timeout, (int, float)) else None,
                                    settings=settings)
        table = self._tables.table(channel_id)
        assert table is not None
        self._tables.forget(table)  # loaded again as stored: every setting read the way a restart reads it
        order: list[int | str] = [s["name"] if s["user_id"] is None else s["user_id"] for s in before]
        invited: dict[int, Invite] = {}
        for i, s in enumerate(before):
            if s["user_id"] is not None and s["user_id"] != by.user_id:
                invited.setdefault(s["user_id"], Invite(i, s["user_id"], s["name"]))
        back = [SeatInfo(None, s["name"], ai=s["ai"] or "normal") if s["user_id"] is None
                else SeatInfo(by.user_id, by.name) for s in before if s["user_id"] in (None, by.user_id)]
        back = [s for i, s in enumerate(back) if s.is_ai or all(t.user_id != s.user_id for t in back[:i])]

        async def seat(table: Table) -> Table:
            await self._writes.save_seats(table, back + [s for s in table.seats if s.user_id not in (None, by.user_id)])
            return table

        table = await self._access.on_table(channel_id, seat)
        lines: list[Msg] = []
        if invited:
            window = Window(table.id, channel_id, row["id"], tuple(order), tuple(invited.values()),
                            self._timing.wall() + wait, False)
            await asyncio.to_thread(self._store.rematch_add, table.id, channel_id, row["id"], window.stored(),
                                    window.ends)
            lines.append(Msg("table.rematch_waiting", {"players": i18n.Listed.of(i.name for i in invited.values()),
                                                       "seconds": round(wait)}))
        else:
            lines.append(Msg("table.rematch_ready", {"host": by.name}))
        first = next((n for n in notices if isinstance(n, Public)), None)
        head = [Msg("table.rematch", {"game": game_name(table.game), "host": by.name})]
        kept = [m for m in first.lines if m.key != "table.created"] if first is not None else []
        return [Public(table.id, [*head, *kept, *lines], names=table.names)]
