"""TableService: lobbies, seats, turns, AI seats and persistence for every game, generically.

The API is the one in the team brief. Additions (all optional, nothing renamed):
- `TableService(db_path=None, renderers=None, *, ais=None)`: `renderers` maps a game key to a
  module or object with `render(view, *, highlight=None)` (and optionally `highlights(view,
  actions)`), or to a plain render function, or to None (no images); other games import
  `renderer.<key>` lazily. `ais` maps a game key to a policy `choose(game, state, seat)`;
  other games import `rules.<key>.ai`.
- `create(..., sit=True, dice=None, lang=None)`: `sit=False` makes a lobby whose host does not
  play (an all-AI table); `dice` scripts the dice thrown at that table (local play `--dice`);
  `lang` is the language of the table's images (default English), kept for its whole life.
- Renderers whose `render` accepts them also get `names` (seat -> display name, AI seats
  included) and `text` (message id -> text in the table's language): the renderer draws the
  board in the table's words without importing the translation layer.
- Notices carry `names` (seat names, for `SeatName`) and `.text(lang)` renders their lines.
  `Prompt.private` is True for games with hidden information (show its actions privately).
- `await stats(guild_id, user) -> Public`, `await advance(channel_id)` (more AI moves when the
  per-call bound stopped them), `replay(table_id) -> State` (the game rebuilt from its log).
- `board(channel_id, for_user)` is `Private` (that seat's view) only for games with hidden
  information; otherwise it is the public board.
- `leave` during a game is `resign`. A game that says what leaving does (`Game.leave_action`)
  has that action applied and logged for the seat; otherwise, or when the game goes on, a
  resigned seat is played by the AI (when the game has one and a human is left); with one seat
  left that seat wins.
- `create(..., timeout=None)`: the table's window clock in seconds (default 60, 0 = none),
  stored with the table. `deadline(channel_id) -> Deadline | None` says whether the decision
  open now runs out (the game's `Decision.clocked` names a human), `expire(channel_id,
  version)` applies their timeout actions; `tables.clock.WindowClock` keeps the time. A
  decision's clock runs from when it opened (`Decision.key`: a pass does not restart it, a card
  played opens a new decision); `tables.decisions` keeps that, and
  `TableService(..., clock=time.monotonic)` lets tests move time by hand.
- Secrets: after every change, each human seat whose `game.secrets(state, seat)` changed gets
  them in its one `Private` of that call (with its private events and, when the renderer has
  `render_hand(view, ...)`, a hand image). `hand(channel_id, player)` shows them on request.
- When several humans may act at once (a card-play window), the channel's `Public` says who
  may still act in one line (`table.may_act`) and carries the first prompt; the others follow
  as standalone `Prompt`s (for a hidden-information game they are all `private`, and one
  "show my actions" button serves them all).

Every applied action — human or AI — is one transaction (log row + state snapshot). Each
action's randomness is `SeededChance(f"{seed}:{version}")` (set-up: `f"{seed}:setup"`), so a
restored table draws the same as one that never stopped; the drawn numbers are logged too, so
`game.replay` reproduces the game without the seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

from rules.core import (
    Chance,
    Decision,
    Event,
    Game,
    IllegalAction,
    Msg,
    Outcome,
    ScriptedChance,
    SeatName,
    SeededChance,
    State,
)
from rules.core import games as _games
from rules.core import get_game as _get_game
from tables import ai as ai_seats
from tables import i18n
from tables.clock import Deadline
from tables.decisions import Decisions, clock_lines, turn_lines
from tables.notices import Notice, Private, Prompt, Public, from_record, to_record
from tables.record import GameRecord, RecordedAction, record_text
from tables.store import StaleWrite, Store, dumps, loads
from tables.table import (
    Player,
    SeatInfo,
    Table,
    engine_config,
    split_config,
    stored_config,
    stored_timeout,
)

__all__ = ["BrokenTable", "Deadline", "Player", "SeatInfo", "Table", "TableService", "clock_lines", "turn_lines"]

log = logging.getLogger(__name__)

MAX_AI_STEPS = 2000
"""AI actions per call; an all-AI game continues with `advance`. Stops a looping policy."""

STATUS = {
    "lobby": Msg("table.status_lobby"),
    "active": Msg("table.status_active"),
    "finished": Msg("table.status_finished"),
    "cancelled": Msg("table.status_cancelled"),
}


def get_game(key: str) -> Game[Any]:
    """A registered game; importing `rules` first registers every game package."""
    try:
        return _get_game(key)
    except IllegalAction:
        importlib.import_module("rules")
        return _get_game(key)


def game_name(game: Game[Any]) -> Msg | str:
    key = f"game.{game.info.key}"
    return Msg(key) if i18n.has(key) else game.info.names.get("en", game.info.key)


def variant_name(table: Table) -> Msg | str:
    """The table's variant as players know it (`<game>.variant.<name>`), else its code."""
    key = f"{table.game_key}.variant.{table.variant}"
    return Msg(key) if i18n.has(key) else table.variant or ""


def variant_lines(table: Table) -> list[Msg]:
    """The table's variant, named in the players' language."""
    return [Msg("table.variant", {"variant": variant_name(table)})] if table.variant else []


def lobby_hint(table: Table) -> Msg:
    """How many players the table needs, under its variant (Judtho's Duo takes exactly 2)."""
    seats = table.seat_range
    if len(seats) == 1:
        return Msg("table.lobby_hint_exact", {"n": seats[0]})
    return Msg("table.lobby_hint", {"min": seats[0], "max": seats[-1]})


def quiet_line(game: Game[Any], seat: int, action: Any) -> Msg:
    """What the channel hears of an action that made no public event: the action itself in an
    open game; where moves are secret, that something happened, not what ("X has made a move"),
    except a `pass` that is no secret action: "X passes". A pass is what every seat asked may
    answer whatever it holds (a rescue window, a counter-attack, an Order card's own question are
    asked whatever the secret, judgement e1), and who is asked is public, so it tells nothing the
    channel did not know; the log (`/table log`) names it anyway. A game may name another such
    uniform answer in its own words (`<game>.quiet.<verb>`, e.g. The City of Judgement's `keep`: any
    seat a card asks to show may keep it hidden). Anything else stays unnamed."""
    if not game.info.hidden_information:
        return Msg("table.acted", {"player": SeatName(seat), "action": game.label(action)})
    verb = getattr(action, "verb", None)
    shared = "table.acted_secretly"
    if verb and not game.secret_action(action):
        shared = i18n.own_or(game.info.key, f"quiet.{verb}", "table.passed" if verb == "pass" else shared)
    return Msg(shared, {"player": SeatName(seat)})


@dataclass(frozen=True)
class BrokenTable:
    """An open table whose stored row could not be loaded at start-up (bad JSON, a game or
    variant this Gavel lacks, a state the engine refuses). It still owns its channel: no new
    table opens there until an admin repairs the row or cancels it (`/table cancel` with Manage
    Messages), so a repaired table never comes back beside a newer one. `reason` is for the
    admin (the log, `python bot.py --check-db`), in English like every operator message."""

    table_id: int
    channel_id: int
    game: str
    reason: str

    def note(self) -> Msg:
        """What the channel is told about it (at start-up, and by `/table status`)."""
        installed = _installed(self.game)
        return Msg("table.broken_note", {"table": self.table_id,
                                         "game": game_name(installed) if installed is not None else self.game})


@dataclass
class _Out:
    """Lines gathered while a call runs, before they become notices."""

    public: list[Msg] = field(default_factory=list)
    private: dict[int, list[Msg]] = field(default_factory=lambda: defaultdict(list))


class TableService:
    def __init__(self, db_path: Any = None, renderers: dict[str, Any] | None = None, *,
                 ais: dict[str, Any] | None = None, clock: Callable[[], float] = time.monotonic,
                 thinking: ai_seats.Seats | None = None, outbox: bool = True) -> None:
        self.store = Store(db_path)
        self._thinking: ai_seats.Seats = thinking or ai_seats.InlineSeats()
        """Where AI seats decide: inline by default (local play, tests); the bot passes a
        `PooledSeats`, so that no search ever holds its event loop."""
        self.wall: Callable[[], float] = time.time
        """The wall clock of the outbox's retry times (they outlive the process; tests move it)."""
        self._outbox = outbox
        """Whether changes' notices wait in the database until delivered (the bot's case; local
        play prints them at once and keeps nothing)."""
        self._ai_failures: dict[int, int] = {}
        """Per table: AI steps that failed in a row (the clock retries them with a growing pause)."""
        self.decisions = Decisions(clock)
        """The decision open at each table, as its game states it, and its clock (memory only)."""
        self._renderer_overrides = dict(renderers or {})
        self._renderers: dict[str, Any] = {}
        self._ais = ais
        self._by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}
        self._draws: dict[int, list[int]] = {}
        """Per table: recorded draws still to be fed back (a replayed record's `--draws`; memory only)."""
        self.langs: dict[int, str] = {}
        """user id -> the language that user reads (the bot fills it from their Discord client; memory
        only): an image drawn for one seat alone (its hand, its role card, its board) is drawn in
        its reader's language, the channel's in the table's."""
        self._sent: dict[tuple[int, int], list[Msg]] = {}
        """The secrets last sent to each (table id, seat): memory only, so a restart re-sends nothing."""
        self.broken: dict[int, BrokenTable] = {}
        """channel id -> the open table there that `restore` could not load (reported, never skipped)."""

    # ------------------------------------------------------------------ lookup
    def table(self, channel_id: int) -> Table | None:
        """The open (lobby or active) table in a channel."""
        return self._by_channel.get(channel_id)

    def open_channels(self) -> list[int]:
        """The channels with an open (lobby or active) table."""
        return list(self._by_channel)

    def get(self, table_id: int) -> Table | None:
        """Any table by id: open ones from memory, finished or cancelled ones from the database."""
        if table_id in self._by_id:
            return self._by_id[table_id]
        row = self.store.table_row(table_id)
        return self._load(row) if row else None

    def legal_for(self, channel_id: int, player: Player) -> list[str]:
        table = self.table(channel_id)
        if table is None or table.state is None or table.status != "active":
            return []
        seat = table.seat_of(player.user_id)
        if seat is None:
            return []
        return [str(a) for a in table.game.legal_actions(table.state, seat)]

    def _open(self, channel_id: int) -> Table:
        table = self.table(channel_id)
        if table is None:
            self._refuse_broken(channel_id)
            raise IllegalAction("no_table")
        return table

    def broken_tables(self) -> list[BrokenTable]:
        """The open tables `restore` could not load, one per channel: the front-end posts each
        one's `note()` in its channel at start-up."""
        return list(self.broken.values())

    def broken_in(self, channel_id: int) -> BrokenTable | None:
        """The table of this channel that could not be loaded (and no table open there since)."""
        return self.broken.get(channel_id) if channel_id not in self._by_channel else None

    def _refuse_broken(self, channel_id: int) -> None:
        if (broken := self.broken_in(channel_id)) is not None:
            raise IllegalAction("table_broken", table=broken.table_id)

    @staticmethod
    def _require(table: Table, status: str) -> None:
        if table.status == status:
            return
        if table.status in ("finished", "cancelled"):
            raise IllegalAction("no_table")
        raise IllegalAction("lobby_only" if status == "lobby" else "not_started")

    @staticmethod
    def _require_host(table: Table, by: Player) -> None:
        if by.user_id != table.host_id:
            raise IllegalAction("not_host")

    # ------------------------------------------------------------------ lobby
    async def create(self, guild_id: int | None, channel_id: int, game_key: str, host: Player, *,
                     variant: str | None = None, config: dict[str, Any] | None = None,
                     seed: int | str | None = None, sit: bool = True, dice: list[int] | None = None,
                     lang: str | None = None, timeout: float | None = None,
                     draws: list[int] | None = None) -> list[Notice]:
        """A lobby in `channel_id`. `timeout`: seconds a card-play window may wait for a human
        (default: the game's `info.default_timeout`; 0 = no clock), kept with the table for its
        whole life. `draws`: every random number the table draws, set-up first, comes from this
        list while it lasts (a replayed record, `tables.record`), then as usual."""
        if channel_id in self._by_channel:
            raise IllegalAction("table_exists")
        self._refuse_broken(channel_id)
        game = get_game(game_key)
        if variant is not None and variant not in game.info.variants:
            raise IllegalAction("unknown_variant", variant=variant)
        if timeout is not None and not 0 <= timeout <= 86400:
            raise IllegalAction("bad_timeout", max=86400)
        table = Table(
            id=0, guild_id=guild_id, channel_id=channel_id, game=game, host_id=host.user_id,
            seed=str(seed) if seed is not None else secrets.token_hex(8), variant=variant,
            config=split_config(config)[0], dice=list(dice) if dice else None, lang=i18n.language(lang),
            timeout=game.info.default_timeout if timeout is None else float(timeout),
            seats=[SeatInfo(host.user_id, host.name)] if sit else [],
        )
        table.id = await asyncio.to_thread(self.store.create_table, {  # the row and its seats in one transaction
            "guild": guild_id, "channel": channel_id, "game": game.info.key, "variant": variant,
            "status": "lobby", "seed": table.seed,
            "config": dumps(stored_config(table.config, table.lang, timeout=table.timeout)),
            "version": 0, "host": host.user_id,
        }, [s.to_row() for s in table.seats])
        if draws:
            self._draws[table.id] = list(draws)
        self._by_id[table.id] = table
        self._by_channel[channel_id] = table
        lines = [
            Msg("table.created", {"game": game_name(game), "host": host.name}),
            *variant_lines(table),
            *clock_lines(table),
            lobby_hint(table),
        ]
        return [Public(table.id, lines, names=table.names)]

    async def join(self, channel_id: int, player: Player) -> list[Notice]:
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "lobby")
            if table.seat_of(player.user_id) is not None:
                raise IllegalAction("already_seated")
            self._require_room(table)
            await self._save_seats(table, [*table.seats, SeatInfo(player.user_id, player.name)])
            msg = Msg("table.joined", {"player": player.name, "n": len(table.seats), "max": table.seat_range[-1]})
            return [Public(table.id, [msg], names=table.names)]

    async def leave(self, channel_id: int, player: Player) -> list[Notice]:
        """Leave a lobby; during a game this resigns."""
        table = self._open(channel_id)
        if table.status == "active":
            return await self.resign(channel_id, player)
        async with table.lock:
            self._require(table, "lobby")
            seat = table.require_seat(player.user_id)
            seats = [s for i, s in enumerate(table.seats) if i != seat]
            lines = [Msg("table.left", {"player": player.name})]
            host = None
            if player.user_id == table.host_id:
                humans = [s for s in seats if not s.is_ai]
                if not humans:
                    await self._close(table, "cancelled")
                    table.seats = seats
                    return [Public(table.id, [*lines, Msg("table.closed_empty")], names=table.names)]
                host = humans[0].user_id
                lines.append(Msg("table.new_host", {"player": humans[0].name}))
            await self._save_seats(table, seats, host=host)
            return [Public(table.id, lines, names=table.names)]

    async def add_ai(self, channel_id: int, by: Player, level: str = "normal") -> list[Notice]:
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "lobby")
            self._require_host(table, by)
            if self._policy(table) is None:
                raise IllegalAction("no_ai", game=game_name(table.game))
            self._require_room(table)
            taken = {s.name for s in table.seats}
            name = next(f"AI {k}" for k in range(1, 100) if f"AI {k}" not in taken)
            await self._save_seats(table, [*table.seats, SeatInfo(None, name, ai=level)])
            msg = Msg("table.ai_added", {"player": name, "n": len(table.seats), "max": table.seat_range[-1]})
            return [Public(table.id, [msg], names=table.names)]

    async def remove_ai(self, channel_id: int, by: Player, seat: int | None = None) -> list[Notice]:
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "lobby")
            self._require_host(table, by)
            ai = [i for i, s in enumerate(table.seats) if s.is_ai]
            if seat is None and ai:
                seat = ai[-1]
            if seat not in ai:
                raise IllegalAction("no_ai_seat")
            removed = table.seats[seat]
            await self._save_seats(table, [s for i, s in enumerate(table.seats) if i != seat])
            return [Public(table.id, [Msg("table.ai_removed", {"player": removed.name})], names=table.names)]

    def _require_room(self, table: Table) -> None:
        most = table.seat_range[-1]
        if len(table.seats) >= most:
            raise IllegalAction("table_full", max=most)

    async def _save_seats(self, table: Table, seats: list[SeatInfo] | None = None, *,
                          host: int | None = None) -> None:
        """Store the seating (`seats`, else the table's own) and a new `host`, then adopt them:
        the database first, so a failed write leaves the table in memory as it was."""
        seats = table.seats if seats is None else seats
        await asyncio.to_thread(self.store.save_seats, table.id, [s.to_row() for s in seats], host=host)
        table.seats = seats
        if host is not None:
            table.host_id = host

    async def start(self, channel_id: int, by: Player) -> list[Notice]:
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "lobby")
            self._require_host(table, by)
            info = table.game.info
            seats = table.seat_range
            if len(table.seats) < info.min_seats:
                raise IllegalAction("not_enough_players", min=info.min_seats)
            if len(table.seats) not in seats:
                allowed = str(seats[0]) if len(seats) == 1 else f"{seats[0]}-{seats[-1]}"
                raise IllegalAction("variant_seats", variant=variant_name(table), n=len(table.seats), seats=allowed)
            config = engine_config(table.config, table.variant)
            chance = self._chance(table, "setup")
            state = table.game.new_game(config, len(table.seats), chance)
            snapshot = state.to_json()
            try:
                # memory follows the database
                await asyncio.to_thread(self.store.start, table.id, snapshot, state.version, chance.record)
            except StaleWrite as exc:
                raise IllegalAction("stale_write") from exc
            self._spend_dice(table, chance)
            table.state, table.snapshot, table.setup_record = state, snapshot, list(chance.record)
            table.status = "active"
            out = _Out([Msg("table.started", {"game": game_name(table.game), "players": i18n.Listed.of(table.names)})])
            await self._run_ai(table, out)
            return await self._notices(table, out)

    # ------------------------------------------------------------------ play
    async def act(self, channel_id: int, player: Player, action_text: str, *,
                  version: int | None = None) -> list[Notice]:
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "active")
            seat = table.require_seat(player.user_id)
            if version is not None and not self.answering(table, version):
                raise IllegalAction("stale", players=self.decisions.waiting(table))
            out = _Out()
            await self._step(table, seat, action_text.strip(), out)
            await self._run_ai(table, out)
            return await self._notices(table, out)

    def answering(self, table: Table, version: int) -> bool:
        """Whether a command or click made when the table was at `version` still answers the
        decision open now: the same version, or the same decision (`Decision.key`) that only
        other seats' passes have moved on since (a card-play window where someone passed).
        Anything else (a move, a card played, a new turn) means the player answered a position
        that is gone."""
        return self.decisions.answering(table, version)

    async def advance(self, channel_id: int) -> list[Notice]:
        """Let AI seats play on (after `MAX_AI_STEPS` stopped them); nothing when a human must act."""
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "active")
            out = _Out()
            await self._run_ai(table, out)
            return await self._notices(table, out)

    # ------------------------------------------------------------------ the window clock
    def deadline(self, channel_id: int) -> Deadline | None:
        """When the decision open now runs out by itself: the table has a clock and the decision
        puts some human on it (`Decision.clocked`: a card-play window's `pass`, Judtho's move).
        None otherwise (no table, no clock, a decision without one, or only AI seats on it).

        `seconds` is the time left: the clock starts when the decision opens (a card played in a
        window opens a new one); a pass does not give the others a fresh minute."""
        table = self.table(channel_id)
        return self.decisions.deadline(table) if table is not None else None

    async def expire(self, channel_id: int, version: int) -> list[Notice]:
        """The clock ran out at `version`: every human the decision puts on the clock takes its
        timeout action (a public `table.timed_out` names them), AI seats play on, and the usual
        notices come back. Nothing at all (`[]`) when the table moved on since (a stale timer)."""
        table = self.table(channel_id)
        if table is None:
            return []
        async with table.lock:
            if table.status != "active" or table.state is None or table.version != version:
                return []
            seats = self.decisions.clocked(table)
            if not seats:
                return []
            ran_out = table.decision()
            names = i18n.Listed.of(table.seat_name(s) for s in seats)
            out = _Out([Msg("table.timed_out", {"players": names})])
            for seat in seats:
                # One seat's answer may close the decision and open the next: each takes its
                # timeout action only while the one that ran out is still open and clocks it.
                if table.status != "active" or not self.decisions.still_open(table, ran_out, version, seat):
                    continue
                action = table.game.timeout_action(table.state, seat)
                if action is not None:
                    await self._step(table, seat, str(action), out)
            await self._run_ai(table, out)
            return await self._notices(table, out)

    async def resign(self, channel_id: int, player: Player) -> list[Notice]:
        """The player leaves the game in play. When the game says what leaving does
        (`Game.leave_action`, e.g. Judtho's departure, J18) that action is applied for the seat,
        logged like any other (the game replays), and the table finishes if the game is over;
        otherwise, or when the game goes on after it, the AI takes the seat (with one seat left,
        that seat wins; with no human left, the game is abandoned)."""
        table = self._open(channel_id)
        async with table.lock:
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
                    await self._step(table, seat, str(leaving), out)
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
            elif not humans or self._policy(table) is None:
                await self._finish(table, Outcome((), "abandoned"), out)
            else:
                table.seats[seat].ai = "normal"
                await self._save_seats(table)
                out.public.append(Msg("table.ai_takes_over", {"player": SeatName(seat)}))
                if new_host is not None:
                    out.public.append(new_host)
                await self._run_ai(table, out)
            return await self._notices(table, out)

    async def cancel(self, channel_id: int, by: Player, *, can_manage: bool = False) -> list[Notice]:
        """Close the table with no result. The host may cancel a lobby, and abort a game only
        while some seat has not acted yet (as chess servers allow an abort before both sides
        moved): after that a player can only resign (`leave`), which records the result, so a
        losing host cannot wipe it. Staff (Manage Messages) may cancel at any time; the table is
        then recorded as cancelled. A table that could not be loaded is for staff only."""
        if self.broken_in(channel_id) is not None:
            return self._cancel_broken(channel_id, by, can_manage)
        table = self._open(channel_id)
        async with table.lock:
            if table.status not in ("lobby", "active"):
                raise IllegalAction("no_table")
            if not can_manage:
                if by.user_id != table.host_id:
                    raise IllegalAction("cannot_cancel")
                if table.status == "active" and await self._everyone_acted(table):
                    raise IllegalAction("cannot_abort")
            await self._close(table, "cancelled")
            return [Public(table.id, [Msg("table.cancelled", {"player": by.name})], names=table.names)]

    async def _everyone_acted(self, table: Table) -> bool:
        """Whether every seat has an action in the log (the game can no longer be aborted)."""
        return await asyncio.to_thread(self.store.seats_that_acted, table.id) >= set(range(len(table.seats)))

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
        await asyncio.to_thread(self.store.update_table, table.id, host=table.seats[heir].user_id)
        table.host_id = table.seats[heir].user_id  # type: ignore[assignment]
        return Msg("table.new_host", {"player": table.seats[heir].name})

    def _cancel_broken(self, channel_id: int, by: Player, can_manage: bool) -> list[Notice]:
        """A moderator gives up on a table that could not be loaded: its row is marked cancelled
        (kept, with its log, for whoever wants to look) and the channel is free again."""
        broken = self.broken[channel_id]
        if not can_manage:
            raise IllegalAction("broken_cancel", table=broken.table_id)
        self.store.finish(broken.table_id, "cancelled", [])
        del self.broken[channel_id]
        return [Public(broken.table_id, [Msg("table.cancelled", {"player": by.name})])]

    # ------------------------------------------------------------------ reading
    async def board(self, channel_id: int, for_user: Player | int | None = None) -> Public | Private:
        table = self._open(channel_id)
        async with table.lock:
            self._require(table, "active")
            user_id = for_user.user_id if isinstance(for_user, Player) else for_user
            seat = table.seat_of(user_id) if user_id is not None else None
            if seat is not None and table.game.info.hidden_information:
                assert user_id is not None  # a seat was found for it
                image = await self._render(table, seat, self._prompt_for(table, seat))
                return Private(table.id, seat, user_id, [Msg("table.board_private")], image, names=table.names)
            public, _ = await self._public(table, [Msg("table.board", {"game": game_name(table.game),
                                                                        "version": table.version})])
            return public

    async def me(self, channel_id: int, player: Player) -> Private:
        """A player's own view: their seat, their secrets (`game.secrets`: a hand), their recent
        private events, their legal actions (when not asked, those it may take at any time), and
        the board as they see it."""
        table = self._open(channel_id)
        async with table.lock:
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
            image = await self._render(table, seat, prompt)
            return Private(table.id, seat, player.user_id, lines, image, names=table.names)

    async def hand(self, channel_id: int, player: Player) -> Private:
        """A player's secrets only (`game.secrets`: "My hand"), with the hand image when the
        renderer draws one: lighter than `me`, for a button pressed often."""
        table = self._open(channel_id)
        async with table.lock:
            seat = table.require_seat(player.user_id)
            self._require(table, "active")
            lines = table.game.secrets(table.state, seat) or [Msg("table.me_nothing_secret")]
            image = await self._render_hand(table, seat)
            return Private(table.id, seat, player.user_id, list(lines), image, names=table.names)

    def _log_lines(self, table: Table, after: int) -> list[Msg]:
        """The public lines of the actions logged after version `after` (what the channel heard)."""
        lines: list[Msg] = []
        for row in self.store.actions(table.id):
            if row["version"] is None or row["version"] <= after:
                continue
            events = [Event.from_json(e) for e in loads(row["events"]) or []]
            public = [table.game.describe(e) for e in events if e.public]
            lines += public or [quiet_line(table.game, row["seat"], table.game.parse_action(row["action"]))]
        return lines

    async def log(self, channel_id: int, n: int = 10) -> Public:
        """The last `n` actions with their public events (private events stay private)."""
        table = self._open(channel_id)
        rows = await asyncio.to_thread(self.store.actions, table.id, max(1, n))
        lines: list[Msg] = []
        for row in rows:
            lines.append(Msg("table.log_line", {"seq": row["seq"], "player": SeatName(row["seat"]),
                                                "action": self._label(table.game, row["action"])}))
            events = [Event.from_json(e) for e in loads(row["events"]) or []]
            lines += [table.game.describe(e) for e in events if e.public]
        return Public(table.id, lines or [Msg("table.log_empty")], names=table.names)

    async def status(self, channel_id: int) -> Public:
        if (broken := self.broken_in(channel_id)) is not None:
            return Public(broken.table_id, [broken.note()])
        table = self._open(channel_id)
        lines = [Msg("table.status", {"game": game_name(table.game), "status": STATUS[table.status],
                                      "n": len(table.seats), "max": table.seat_range[-1]}),
                 *variant_lines(table), *clock_lines(table)]
        for i, seat in enumerate(table.seats):
            params = {"n": i + 1, "player": seat.name}
            if seat.is_ai:
                lines.append(Msg("table.seat_ai", params))
            elif seat.user_id == table.host_id:
                lines.append(Msg("table.seat_host", params))
            else:
                lines.append(Msg("table.seat", params))
        if table.status == "lobby":
            lines.append(lobby_hint(table))
        lines += turn_lines(table)
        return Public(table.id, lines, names=table.names)

    async def stats(self, guild_id: int | None, user: Player | int) -> Public:
        """A user's results (in one guild, or everywhere with `guild_id=None`)."""
        user_id = user.user_id if isinstance(user, Player) else user
        rows = await asyncio.to_thread(self.store.user_results, user_id, guild_id)
        if not rows:
            return Public(None, [Msg("table.stats_none")])
        lines = [Msg("table.stats_total", {"played": len(rows), "won": sum(r["winner"] for r in rows)})]
        for key in sorted({r["game"] for r in rows}):
            mine = [r for r in rows if r["game"] == key]
            game = _installed(key)
            name = game_name(game) if game is not None else key
            lines.append(Msg("table.stats_game", {"game": name, "played": len(mine),
                                                  "won": sum(r["winner"] for r in mine)}))
        return Public(None, lines)

    def replay(self, table_id: int) -> State:
        """The game rebuilt from its set-up draws and action log (equal to the live state)."""
        row = self.store.table_row(table_id)
        if row is None or not row["state"]:
            raise IllegalAction("no_table")
        game = get_game(row["game"])
        config = engine_config(split_config(loads(row["config"]))[0], row["variant"])
        log_rows = [(a["seat"], a["action"], loads(a["chance"])) for a in self.store.actions(table_id)]
        return game.replay(config, len(self.store.seats(table_id)), loads(row["setup"]) or [], log_rows)

    def export(self, channel_id: int) -> GameRecord:
        """The whole game of the channel's table (the open one, else the last one played there)
        as a script the local console replays to the same state (`tables.record`). A game with
        hidden information (its record holds every draw) or with a secret action in its log
        (`Game.secret_action`) is exported only once it is over."""
        table = self.table(channel_id)
        row = self.store.table_row(table.id) if table is not None else self.store.last_row(channel_id)
        if row is None or not row["state"] or _installed(row["game"]) is None:
            raise IllegalAction("no_table" if row is None or row["state"] else "not_started")
        game = get_game(row["game"])
        actions = [RecordedAction(a["seat"], a["action"], loads(a["chance"]) or [])
                   for a in self.store.actions(row["id"])]
        if row["status"] == "active" and (game.info.hidden_information or any(
                game.secret_action(game.parse_action(a.action)) for a in actions)):
            raise IllegalAction("export_after_end")
        lang = split_config(loads(row["config"]))[1]
        variant_key = f"{game.info.key}.variant.{row['variant']}"
        seats = self.store.seats(row["id"])
        return record_text(
            table_id=row["id"], game_key=game.info.key, game_name=i18n.render(game_name(game), lang),
            names=[s["name"] for s in seats], ai=[bool(s["ai"]) and not s["resigned"] for s in seats],
            variant=row["variant"], lang=lang, started=(row["started"] or row["created"] or "")[:16].replace("T", " "),
            status=i18n.render(STATUS.get(row["status"], row["status"]), lang),
            setup=loads(row["setup"]) or [], actions=actions,
            variant_name=i18n.gettext(variant_key, lang) if i18n.has(variant_key) else None)

    # ------------------------------------------------------------------ restart
    async def restore(self) -> int:
        """Reload every lobby and active table from the database (at start-up). AI seats whose
        turn it is play on later, through `advance` (the clock calls it: `ai_due`), so start-up
        never waits for them. Returns how many tables are open again."""
        count = 0
        for row in self.store.open_rows():
            if row["id"] in self._by_id or row["channel"] in self._by_channel:
                continue
            try:
                if _installed(row["game"]) is None:
                    raise LookupError(f"game {row['game']!r} is not installed")
                table = self._load(row)
                if table.variant is not None and table.variant not in table.game.info.variants:
                    raise LookupError(f"{row['game']} has no variant {table.variant!r}")
            except Exception as exc:  # one unreadable table must not keep the others down, nor be hidden
                log.exception("table %s in channel %s could not be restored; the channel stays closed until"
                              " it is repaired or cancelled", row["id"], row["channel"])
                self.broken[row["channel"]] = BrokenTable(row["id"], row["channel"], str(row["game"]),
                                                          f"{type(exc).__name__}: {exc}")
                continue
            self._by_id[table.id] = table
            self._by_channel[table.channel_id] = table
            self._remember_secrets(table)
            announced = row.get("announced")
            behind = table.status == "active" and announced is not None and table.version > announced
            # The process stopped after saving actions but before queueing what they said: the
            # channel hears them now (their public lines, then the game as it stands).
            out = _Out([Msg("table.resumed"), *self._log_lines(table, int(announced or 0))] if behind else [])
            outcome = table.game.outcome(table.state) if table.state is not None else None
            if table.status == "active" and outcome is not None:
                # The last action was saved but the process stopped before the results were:
                # finish it now rather than leave a game nobody can move in.
                await self._finish(table, outcome, out)
            if out.public:
                await self._notices(table, out)
            if table.status not in ("active", "lobby"):
                continue
            # AI seats to act (the process stopped between their moves) play on afterwards,
            # when the front-end's clock asks (`ai_due` is 0): restoring never waits for them.
            count += 1
        return count

    def _load(self, row: dict[str, Any]) -> Table:
        game = get_game(row["game"])
        seats = [SeatInfo(s["user_id"], s["name"], s["ai"], bool(s["resigned"])) for s in self.store.seats(row["id"])]
        stored = loads(row["config"])
        config, lang = split_config(stored)
        table = Table(
            id=row["id"], guild_id=row["guild"], channel_id=row["channel"], game=game, host_id=row["host"],
            seed=row["seed"], variant=row["variant"], config=config, lang=lang, timeout=stored_timeout(stored),
            status=row["status"],
            seats=seats, setup_record=loads(row["setup"]) or [],
        )
        if row["state"]:
            table.snapshot = loads(row["state"])
            table.state = game.load(table.snapshot)
        return table

    # ------------------------------------------------------------------ internals
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

    def _policy(self, table: Table) -> Any:
        return ai_seats.find_policy(table.game_key, self._ais)

    async def _step(self, table: Table, seat: int, text: str, out: _Out) -> None:
        """Apply one action and persist it with the new state in one transaction, written in a
        worker thread (a durable write waits for the disk; the event loop must not). On any
        failure the in-memory state is put back to the last snapshot, so memory and database
        never disagree; a caller cancelled mid-write waits for the write to land first."""
        game, state = table.game, table.state
        assert state is not None and table.snapshot is not None  # set together when the game starts or loads
        action = game.parse_action(text)
        chance = self._chance(table, str(state.version))
        expected = state.version
        try:
            events = game.apply(state, seat, action, chance)
            snapshot = state.to_json()
            write = asyncio.ensure_future(asyncio.to_thread(
                self.store.record_action, table.id, seat, table.seats[seat].user_id, str(action), chance.record,
                [e.to_json() for e in events], snapshot, state.version, expected=expected))
            await _see_through(write)
        except StaleWrite as exc:  # the stored table moved on without us: nothing was written
            table.state = game.load(table.snapshot)
            raise IllegalAction("stale_write") from exc
        except BaseException as exc:
            if isinstance(exc, _Landed):  # cancelled once the write had landed: memory keeps what the database has
                table.snapshot = snapshot
                self._spend_dice(table, chance)
            else:
                table.state = game.load(table.snapshot)
            raise
        table.snapshot = snapshot
        self._spend_dice(table, chance)
        public = [game.describe(e) for e in events if e.public] or [quiet_line(game, seat, action)]
        out.public += public
        for event in events:
            for reader in event.to or ():
                out.private[reader].append(game.describe(event))
        if (outcome := game.outcome(state)) is not None:
            await self._finish(table, outcome, out)

    async def _run_ai(self, table: Table, out: _Out) -> None:
        """Let AI seats play until a human must act (at most `MAX_AI_STEPS`). An AI step that
        fails (its policy, its worker, the database) stops them without undoing what was
        already done, the human's own move included: the failure is logged and counted, and
        the clock asks again after a pause (`ai_due`), so the table carries on by itself."""
        policy = self._policy(table)
        for _ in range(MAX_AI_STEPS):
            movers = table.ai_to_act()
            if not movers or policy is None or table.state is None or table.snapshot is None:
                self._ai_failures.pop(table.id, None)
                return
            seat = movers[0]
            try:
                text = await self._thinking.choose(table.game, table.state, table.snapshot, seat, policy)
                await self._step(table, seat, text, out)
            except Exception:
                self._ai_failures[table.id] = self._ai_failures.get(table.id, 0) + 1
                log.exception("table %s: the AI seat %s could not play (failure %d in a row); it will be asked again",
                              table.id, seat, self._ai_failures[table.id])
                return
            await asyncio.sleep(0)  # let other tables and Discord breathe between AI moves

    def ai_due(self, channel_id: int) -> float | None:
        """In how many seconds the AI seats of the channel's table should be asked to play on
        (`advance`), or None when none is to act: 0 after a restart or when a call stopped at
        `MAX_AI_STEPS`, then 1, 2, 4 … (at most 60) seconds after failures in a row."""
        table = self.table(channel_id)
        if table is None or table.status != "active" or not table.ai_to_act() or self._policy(table) is None:
            return None
        failures = self._ai_failures.get(table.id, 0)
        return 0.0 if failures == 0 else min(60.0, 2.0 ** (failures - 1))

    def warm(self) -> None:
        """Do the one-time work of a first table before there is any (at start-up): load every
        game, its renderer and both languages' catalogues. Done lazily, on the event loop, it
        would stall every table for a tenth of a second or more the first time each is needed."""
        importlib.import_module("rules")
        for key in _games():
            self._renderer(key)
        for lang in i18n.LANGUAGES:
            i18n.catalogue(lang)

    def close(self) -> None:
        """Stop the AI workers and close the database (at shut-down)."""
        self._thinking.close()
        self.store.close()

    async def _finish(self, table: Table, outcome: Outcome, out: _Out) -> None:
        n = len(table.seats)
        scores = outcome.scores or {}
        rows = []
        for i, seat in enumerate(table.seats):
            if seat.resigned:
                place = n
            elif scores:
                place = 1 + sum(1 for s in scores.values() if s > scores.get(i, 0))
            elif outcome.winners:
                place = 1 if i in outcome.winners else len(outcome.winners) + 1
            else:
                place = None
            rows.append({"guild": table.guild_id, "game": table.game_key, "seat": i, "user_id": seat.user_id,
                         "name": seat.name, "ai": seat.ai, "place": place, "winner": int(i in outcome.winners),
                         "score": scores.get(i), "resigned": int(seat.resigned), "reason": outcome.reason})
        await self._save_seats(table)
        await self._close(table, "finished", rows)
        if outcome.winners:
            names = i18n.Listed.of(table.seat_name(s) for s in outcome.winners)
            out.public.append(Msg("table.winner", {"names": names}))
        else:
            out.public.append(Msg("table.no_winner"))

    async def _close(self, table: Table, status: str, results: list[dict[str, Any]] | None = None) -> None:
        await asyncio.to_thread(self.store.finish, table.id, status, results or [])
        table.status = status
        self.decisions.forget(table.id)
        self._ai_failures.pop(table.id, None)
        self._draws.pop(table.id, None)
        for key in [k for k in self._sent if k[0] == table.id]:
            del self._sent[key]
        self._by_id.pop(table.id, None)
        if self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]

    def _prompt_for(self, table: Table, seat: int) -> Prompt | None:
        """`seat`'s prompt, or None when that seat is not a human who may act now."""
        return self._prompt(table, seat) if seat in table.humans_to_act() else None

    def _prompt(self, table: Table, seat: int, decision: Decision | None = None,
                left: float | None = None) -> Prompt:
        """`seat`'s prompt: its legal actions, and the decision they answer as the game states it
        (its public words, who is asked and who passed, the time `left` when `seat` is on the
        clock), with what `seat` alone knows of its question (`Game.own_question`). `decision`
        and `left`, when given, are the table's now (worked out once for all its prompts)."""
        assert table.state is not None  # a seat is prompted only in a game in play
        if decision is None:
            decision, left = table.decision(), self.decisions.seconds_left(table)
        actions = [str(a) for a in table.game.legal_actions(table.state, seat)]
        return Prompt(table.id, table.version, seat, table.seats[seat].user_id, actions,  # type: ignore[arg-type]
                      private=table.game.info.hidden_information, about=decision.about,
                      own=table.game.own_question(table.state, seat), asked=tuple(sorted(decision.asked)),
                      passed=tuple(sorted(decision.passed)), deadline=left if seat in decision.clocked else None)

    def _prompts(self, table: Table) -> list[Prompt]:
        """A prompt for every human who may act now (whose turn it is is asked once)."""
        seats = table.humans_to_act()
        if not seats:
            return []
        decision, left = table.decision(), self.decisions.seconds_left(table)
        return [self._prompt(table, s, decision, left) for s in seats]

    async def _public(self, table: Table, lines: list[Msg]) -> tuple[Public, list[Prompt]]:
        """The channel's notice: these lines, whose turn it is, the public board marking the first
        prompt's moves, and that prompt; with every prompt (the others stand alone).

        When several humans may act at once (a card-play window: six players may be asked
        together) the channel gets one `table.may_act` line naming them all, not one "your
        turn" line each; who may still act is public (the passes are), what they hold is not."""
        prompts = self._prompts(table)
        first = prompts[0] if prompts else None
        lines = [*lines, *turn_lines(table, [p.seat for p in prompts])]
        # Where moves are secret, the channel's board must not mark what the player to act may do.
        image = await self._render(table, None, None if first is None or first.private else first)
        # What the seat alone knows of its question never rides on the channel's notice.
        shown = replace(first, own=None) if first is not None and first.own is not None else first
        return Public(table.id, lines, image, shown, names=table.names), prompts

    async def _notices(self, table: Table, out: _Out) -> list[Notice]:
        """The channel's notice, then ONE `Private` per human seat that has news (its private
        events, then its secrets when they changed, with the hand image), then the other prompts."""
        self.decisions.track(table)
        public, prompts = await self._public(table, out.public)
        notices: list[Notice] = [public]
        for seat, info in enumerate(table.seats):
            if info.user_id is None or info.is_ai:
                continue
            secrets_now = self._changed_secrets(table, seat)
            lines = [*out.private.get(seat, []), *secrets_now]
            if lines:
                image = await self._render_hand(table, seat) if secrets_now else None
                notices.append(Private(table.id, seat, info.user_id, lines, image, names=table.names))
        return await self._keep(table, [*notices, *prompts[1:]])

    async def _keep(self, table: Table, notices: list[Notice]) -> list[Notice]:
        """Put a change's notices in the outbox (in a worker thread) and give each its row: they
        stay there until the front-end says Discord accepted them (`delivered`), so a failed
        post, a crash or a disconnect never loses what a table had to say. If even that write
        fails, the notices still go out now (they just are not kept)."""
        if not self._outbox:
            return notices
        items = [(dumps(to_record(n)), getattr(n, "image", None)) for n in notices]
        try:
            ids = await asyncio.to_thread(self.store.outbox_add, table.id, table.channel_id, table.version, items)
        except Exception:
            log.exception("table %s: the notices of version %s could not be kept in the outbox", table.id,
                          table.version)
            return notices
        for notice, row in zip(notices, ids, strict=True):
            notice.outbox = row
        return notices

    # ------------------------------------------------------------------ the outbox
    async def delivered(self, rows: Iterable[int]) -> None:
        """Discord accepted these notices (outbox rows): they are done."""
        rows = list(rows)
        if rows:
            await asyncio.to_thread(self.store.outbox_done, rows)

    async def undelivered(self, rows: Iterable[int]) -> None:
        """These notices could not be delivered: try again later, each time after a longer pause
        (5 s, 10 s, 20 s … at most 10 minutes)."""
        rows = list(rows)
        if rows:
            await asyncio.to_thread(self.store.outbox_later, rows, self.wall(), _backoff)

    async def waiting(self, channel_id: int | None = None, before: int | None = None) -> dict[int, list[Notice]]:
        """Notices still to deliver, by channel, oldest first: those due now, or all of one
        channel's kept before outbox row `before` (they go out before anything newer there). A
        notice of a version the table has moved past keeps its lines and board but no longer asks
        anyone to act."""
        rows = await asyncio.to_thread(self.store.outbox_due, self.wall(), channel_id, before)
        found: dict[int, list[Notice]] = defaultdict(list)
        dropped: list[int] = []
        for row in rows:
            try:
                notice = from_record(loads(row["notice"]), row["image"], row["id"])
            except Exception:  # a notice nobody can read is dropped, not retried for ever
                log.exception("outbox row %s cannot be read; dropped", row["id"])
                dropped.append(row["id"])
                continue
            table = self._by_id.get(row["table_id"])
            current = table is not None and table.status == "active" and table.version == row["version"]
            if isinstance(notice, Prompt) and not current:
                dropped.append(row["id"])  # a turn long past: nobody is to be asked any more
                continue
            if isinstance(notice, Public) and notice.prompt is not None and not current:
                notice = replace(notice, prompt=None)
            found[row["channel"]].append(notice)
        await self.delivered(dropped)
        return dict(found)

    def next_waiting(self) -> float | None:
        """In how many seconds the next notice waiting in the outbox is due (0 or less: now), or None."""
        due = self.store.outbox_next()
        return None if due is None else due - self.wall()

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

    # ------------------------------------------------------------------ images
    def _renderer(self, key: str) -> Any:
        if key not in self._renderers:
            if key in self._renderer_overrides:
                found = self._renderer_overrides[key]
                if found is not None and not hasattr(found, "render"):
                    found = SimpleNamespace(render=found)
            else:
                found = ai_seats.optional_module(f"renderer.{key}")
            self._renderers[key] = found
        return self._renderers[key]

    async def _render(self, table: Table, seat: int | None, prompt: Prompt | None) -> bytes | None:
        """A PNG of `seat`'s view (None: the public one), marking the prompt's moves, with the
        seats' names, in the table's language (a seat's own view: in its reader's, `langs`).
        Pillow runs in a worker thread; a broken renderer costs the image, never the move."""
        renderer = self._renderer(table.game_key)
        if renderer is None or table.state is None:
            return None
        try:
            view = table.game.view(table.state, seat)
            highlight = None
            if prompt is not None and hasattr(renderer, "highlights"):
                highlight = renderer.highlights(view, prompt.actions)
            extras = _accepted(renderer.render, **_words(table, self._reader(table, seat)))
            return await asyncio.to_thread(renderer.render, view, highlight=highlight, **extras)
        except Exception:
            log.exception("rendering table %s (%s) failed", table.id, table.game_key)
            return None

    async def _render_hand(self, table: Table, seat: int) -> bytes | None:
        """A PNG of `seat`'s hand from the renderer's optional `render_hand(view, ...)` (seat's own
        view, in its reader's language); None when the renderer has none or fails (the lines
        still say it all)."""
        render_hand = getattr(self._renderer(table.game_key), "render_hand", None)
        if render_hand is None or table.state is None:
            return None
        try:
            view = table.game.view(table.state, seat)
            words = _words(table, self._reader(table, seat))
            return await asyncio.to_thread(render_hand, view, **_accepted(render_hand, **words))
        except Exception:
            log.exception("rendering a hand at table %s (%s) failed", table.id, table.game_key)
            return None

    def _reader(self, table: Table, seat: int | None) -> str:
        """The language of an image drawn for `seat` alone: its player's (`langs`), else the
        table's; the table's for the public image (`seat` None) and an AI seat."""
        if seat is None or not 0 <= seat < len(table.seats) or table.seats[seat].user_id is None:
            return table.lang
        return self.langs.get(table.seats[seat].user_id, table.lang)  # type: ignore[arg-type]

    @staticmethod
    def _label(game: Game[Any], text: str) -> Msg | str:
        try:
            return game.label(game.parse_action(text))
        except IllegalAction:
            return text


def _backoff(attempts: int) -> float:
    """Seconds before the next delivery attempt of a notice that failed `attempts` times."""
    return min(600.0, 5.0 * 2 ** (attempts - 1))


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


def _words(table: Table, lang: str | None = None) -> dict[str, Any]:
    """What a renderer needs to draw in the table's words (or `lang`'s): seat names and message texts."""
    lang = lang or table.lang
    return {"names": dict(enumerate(table.names)), "text": lambda key: i18n.gettext(key, lang)}


def _accepted(render: Any, **options: Any) -> dict[str, Any]:
    """The options that `render` takes: renderers written before `names` and `text` (and test
    stand-ins) keep working, they just draw without them."""
    try:
        params = inspect.signature(render).parameters
    except (TypeError, ValueError):
        return {}
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return options
    return {k: v for k, v in options.items() if k in params}


def _installed(key: str) -> Game[Any] | None:
    """The game if it is installed; None for a key in the database that no package registers."""
    try:
        return get_game(key)
    except IllegalAction:
        return None
