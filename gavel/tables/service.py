"""TableService: lobbies, seats, turns, AI seats and persistence for every game, generically.

The API the front-ends call (the cogs, the console, the tests), whatever the game:
- `TableService(db_path=None, renderers=None, *, ais=None)`: `db_path` is a SQLite file or a
  `postgresql://` URL (`gavel.tables.stores.open_store`; default `GAVEL_DB`); `renderers` maps a
  game key to a `renderer.Renderer` or to None (no images); other games draw with the renderer their plug-in
  names (`rules.plugin.Plugin.renderer`, imported on first use). `ais` maps a game key to a
  policy `choose(game, state, seat)`; other games import `rules.<key>.ai`.
- `create(..., sit=True, dice=None, lang=None)`: `sit=False` makes a lobby whose host does not
  play (an all-AI table); `dice` scripts the dice thrown at that table (local play `--dice`);
  `lang` is the language of the table's images (default English), kept for its whole life.
- Every renderer gets `names` (seat -> display name, AI seats included), `text` (message id
  -> text in the reader's language) and `texts` (the same for every language): the renderer
  draws in the players' words without importing the translation layer (`gavel.tables.images`).
- Notices carry `names` (seat names, for `SeatName`) and `.text(lang)` renders their lines.
  `Prompt.private` is True for games with hidden information (show its actions privately). A
  prompt carries all a front-end needs to show it and build its menus (the game, seat names and
  users, the words' facts from the PUBLIC view, its actions' square labels, the decision and its
  clock); `prompt(channel_id, player)` is a seat's prompt now, with what it alone knows (`own`),
  for a menu opened later ("My options", `/table me`).
- `await stats(guild_id, user, named=False) -> Public` (results, ratings, last games),
  `await leaderboard(guild_id, game, channel_id) -> Public`, `await history(guild_id, page)`,
  `await history_game(guild_id, table_id)` (a finished game's record and public final board;
  `gavel.tables.standings`, ratings made by `gavel.tables.ratings`), `await advance(channel_id)`
  (more AI moves when the per-call bound stopped them), `replay(table_id) -> State` (the game rebuilt from its log).
- `board(channel_id, for_user)` is `Private` (that seat's view) only for games with hidden
  information; otherwise it is the public board.
- `leave` during a game is `resign`. A game that says what leaving does (`Game.leave_action`)
  has that action applied and logged for the seat; otherwise, or when the game goes on, a
  resigned seat is played by the AI (when the game has one and a human is left); with one seat
  left that seat wins.
- `create(..., timeout=None)`: the table's window clock in seconds (default 60, 0 = none),
  stored with the table. `deadline(channel_id) -> Deadline | None` says whether the decision
  open now runs out (the game's `Decision.clocked` names a human), `expire(channel_id,
  version)` applies their timeout actions; `gavel.tables.clock.WindowClock` keeps the time. A
  decision's clock runs from when it opened (`Decision.key`: a pass does not restart it, a card
  played opens a new decision); `gavel.tables.decisions` keeps that, and
  `TableService(..., clock=time.monotonic)` lets tests move time by hand.
- Secrets: after every change, each human seat whose `game.secrets(state, seat)` changed gets
  them in its one `Private` of that call (with its private events and, when the renderer has
  `render_hand(view, ...)`, a hand image). `hand(channel_id, player)` shows them on request.
- When several humans may act at once (a card-play window), the channel's `Public` says who
  may still act in one line (`table.may_act`) and carries the first prompt; the others follow
  as standalone `Prompt`s (for a hidden-information game they are all `private`, and one
  "show my actions" button serves them all).
- A front-end edits no line: the service words them for it. `mentions = True` (Discord: the
  prompt's own line names the players to act): no turn line; `timestamps = True` (a live
  countdown): a decision's end is a moment (`table.runs_out_at`), else minutes. What a
  front-end acts on is a field: `Public.away` (a seat the AI took for its away player),
  `Public.undo` (who may take their action back), `Public.over`, `Public.timer` (the timer to
  arm once the change is delivered), `Public.owed` (whether older notices of the channel still
  wait in the outbox), and with `act(..., lang=)` `Public.said` (the lines worded in it). `await for_click(channel,
  player, table_id, version)` decodes a menu click in one light call (the table, still
  answering, and the clicker's prompt without the board's labels).
- Many processes may share one PostgreSQL database, any of them taking any command: every
  change reads the table as the database has it first (loading one this process never held)
  and runs again when another process wrote first (`gavel.tables.access.Access.on_table`);
  `await look(channel_id)` is the table as stored now, `await peek(channel_id)` the same
  without waiting for a change in progress (the copy in memory while one holds the table),
  `table(channel_id)` this process's cached copy (cheap, maybe behind). `restore(lazy=True)`
  loads only what start-up owes; each decision's clock is stored with the table and fired by
  one process (`due_clocks`, `claim`, `gavel.tables.clock.WindowClock.watch`).
- Half-time reminders: a clock of `REMIND_FROM` (two minutes) or more stores when half of it is
  gone (`ClockRow.remind`; `Deadline.remind`/`opened` for the timer), and `remind(channel_id,
  opened)` then gives one `Reminder` (a DM) per human still on the clock who has not turned
  reminders off, once per decision (`store.claim_reminder`; `due_reminders` for the watch).
  The channel pings a seat once per decision (`Prompt.ping`, `Decisions.to_ping`).
- Per-player settings (`SETTINGS`, stored per user): `settings(user_id)`, `set_settings(user_id,
  reminders=False)`, and `settings_notice(user_id, reminders=None)` for `/table settings`.

The service is one object made of parts, each owning its state and given its collaborators
when it is made (no part reaches into another's attributes); their modules import one way, from
the platform's plain modules up:
- `gavel.tables.registry.Tables`: the shared state, one small object: the open tables (by id and
  by channel, each with its lock), the store, the broken tables; a part that keeps something per
  table forgets it when `Tables` does (`on_forget`).
- `gavel.tables.images.Images` (pictures), `gavel.tables.ai.AITurns` (AI policies),
  `gavel.tables.hands.Secrets` (what each seat was last sent), `gavel.tables.timing.Clocks` (each
  table's decision and its stored clock, the wall clock), `gavel.tables.writes.Writes` (every
  write: the action not written yet, seating, the end; `UndoPoints`), `gavel.tables.outbox.Outbox`,
  `gavel.tables.access.Access` (finding a table, `on_table`), `gavel.tables.answers.Answers`
  (prompts and the notices a change returns), `gavel.tables.play.Play` (actions, AI seats, the
  end), `gavel.tables.away.Away`, `gavel.tables.undo.Undo`, `gavel.tables.expiry.Expiry` (clocks
  running out, reminders), `gavel.tables.rematch.Rematches` (windows), `gavel.tables.lobby.Lobby`
  (opening, seating, starting, rematches), `gavel.tables.restoring.Restoring`,
  `gavel.tables.views.Views`, `gavel.tables.standings.Standings`,
  `gavel.tables.settings.Settings` and `gavel.tables.orders.Orders` (each player's standing
  orders at a table: `orders(channel_id, player, order, switch)` for `/table orders`).
This module puts them together: `TableService` is the one object the front-ends call.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gavel.tables import ai as ai_seats
from gavel.tables import i18n, reliability
from gavel.tables.access import Access
from gavel.tables.ai import AITurns
from gavel.tables.answers import Answers, _Out
from gavel.tables.away import Away
from gavel.tables.briefing import Briefing
from gavel.tables.clock import Deadline
from gavel.tables.decisions import Decisions, clock_lines, time_lines, turn_lines
from gavel.tables.expiry import Expiry
from gavel.tables.games import (
    STATUS,
    game_name,
    get_game,
    installed,
    lobby_hint,
    variant_lines,
    variant_name,
)
from gavel.tables.ground import Ground
from gavel.tables.hands import Secrets
from gavel.tables.images import Images
from gavel.tables.inbox import Inbox, Messenger, Wait, local_lines
from gavel.tables.insight import Insight, Insights
from gavel.tables.lobby import Lobby
from gavel.tables.notices import LivePost, Notice, Private, Prompt, Public, Waiting
from gavel.tables.orders import Orders
from gavel.tables.outbox import Outbox, Owed
from gavel.tables.play import Play, quiet_line
from gavel.tables.record import GameRecord
from gavel.tables.registry import BrokenTable, Tables, tune_heap
from gavel.tables.reliability import Record
from gavel.tables.rematch import REMATCH_WAIT, Invite, Rematches, Window
from gavel.tables.replays import Replay, ReplayPage, Replays
from gavel.tables.restoring import Restoring
from gavel.tables.settings import SETTINGS, Settings
from gavel.tables.standings import HISTORY, LEADERBOARD, FinishedGame, Standing, Standings
from gavel.tables.store import Shards
from gavel.tables.stores import open_store
from gavel.tables.table import Player, SeatInfo, Table
from gavel.tables.timing import Clocks
from gavel.tables.undo import Undo
from gavel.tables.views import Views
from gavel.tables.writes import UndoPoints, Writes
from rules import registry
from rules.core import IllegalAction, Msg, State

if TYPE_CHECKING:
    from renderer import Renderer

__all__ = [
    "SETTINGS",
    "STATUS",
    "BrokenTable",
    "Deadline",
    "Player",
    "SeatInfo",
    "Table",
    "TableService",
    "_Out",
    "clock_lines",
    "game_name",
    "get_game",
    "installed",
    "lobby_hint",
    "quiet_line",
    "time_lines",
    "turn_lines",
    "variant_lines",
    "variant_name",
]


class TableService:
    """Every table of the bot (or of a local game), for every game alike: the one object the
    front-ends call. It makes the parts (see the module) and passes each call to the part that
    answers it; it keeps no state of its own."""

    def __init__(self, db_path: Any = None, renderers: Mapping[str, Renderer | None] | None = None, *,
                 ais: dict[str, Any] | None = None, clock: Callable[[], float] = time.monotonic,
                 thinking: ai_seats.Seats | None = None, outbox: bool = True, clocks: bool = True) -> None:
        tune_heap()  # before any worker thread: their C heaps shared (`registry.HEAP_ARENAS`)
        self.tables = Tables(open_store(db_path), clock)
        """The open tables this process holds, the store, the broken tables: what every part shares."""
        self.store = self.tables.store
        self.images = Images(renderers)
        self.ai_turns = AITurns(ais, thinking)
        """`thinking`: where AI seats decide: inline by default (local play, tests); the bot
        passes a `PooledSeats`, so that no search ever holds its event loop."""
        self.secrets = Secrets()
        self.timing = Clocks(self.ai_turns, clock, enabled=clocks)
        """`clocks`: whether decisions run on the table's clock here (the bot's case). Local play
        runs none: nobody's time runs out, so no notice speaks of a clock or a deadline."""
        self.undo_points = UndoPoints()
        self.writes = Writes(self.tables, self.timing, self.undo_points)
        self.outbox = Outbox(self.tables, self.timing, self.writes, self.images, enabled=outbox)
        """`outbox`: whether changes' notices wait in the database until delivered (the bot's
        case; local play prints them at once and keeps nothing)."""
        self.access = Access(self.tables, self.timing, self.secrets, self.writes)
        ground = Ground(self.tables, self.access, self.writes, self.timing)
        self.inbox = Inbox(self.tables, self.timing)
        """The players' turn inboxes (`gavel.tables.inbox`): off until the front-end turns it on."""
        self.answers = Answers(ground, self.images, self.secrets, self.outbox, self.undo_points, self.inbox)
        self.play = Play(ground, self.ai_turns, self.answers, self.undo_points)
        self.walkaways = Away(ground, self.play, self.answers, self.undo_points)
        self.undos = Undo(ground, self.undo_points, self.play, self.answers)
        self.player_settings = Settings(self.store)
        self.expiry = Expiry(ground, self.play, self.answers, self.outbox, self.player_settings)
        self.standing_orders = Orders(ground, self.play, self.answers)
        self.rematches = Rematches(self.tables, self.access, self.timing)
        self.lobby = Lobby(ground, self.ai_turns, self.play, self.answers, self.rematches)
        self.restoring = Restoring(self.tables, self.access, self.play, self.answers)
        self.views = Views(ground, self.images, self.answers, self.rematches)
        self.results = Standings(self.tables, self.images, self.restoring)
        self.replays = Replays(self.store, self.images)
        self.insights = Insights(self.tables, self.ai_turns)
        self.replays.additions.append(self.insights.to_replay)
        """Finished games' chances to win step by step and luck (`gavel.tables.insight`)."""
        for part in (self.timing, self.ai_turns, self.secrets, self.writes, self.inbox):
            self.tables.on_forget(part.forget)
        self.tables.on_forget(self.undo_points.forget, idle=False)  # two numbers, kept across a drop
        self.tables.on_forget(self.undo_points.let_go)  # but not the states kept for its undos
        for owing in (self.timing, self.ai_turns, self.writes, self.outbox):
            self.tables.on_owing(owing.owes)
        self.idle = 0.0
        """Seconds a table may stay untouched before `drop_idle` lets it go (0: never; the bot
        sets it, `GAVEL_IDLE`)."""
        self.rest = 0.0
        """Seconds a table may stay untouched before `drop_idle` keeps only its compact form
        (`Table.rest`: its stored JSON text, the state object made again when next looked at;
        0: never; the bot sets it, `REST`)."""

    # ------------------------------------------------------------------ settings the parts own
    @property
    def wall(self) -> Callable[[], float]:
        """The wall clock of stored times (`Clocks.wall`; tests move it)."""
        return self.timing.wall

    @wall.setter
    def wall(self, wall: Callable[[], float]) -> None:
        self.timing.wall = wall

    @property
    def hold(self) -> float:
        """Seconds a window that asks a human stays open at least (`Clocks.window_hold`, `timing.HOLD`)."""
        return self.timing.window_hold

    @hold.setter
    def hold(self, seconds: float) -> None:
        self.timing.window_hold = seconds

    @property
    def lease(self) -> float:
        """Seconds a process holds a clock or outbox notices it claimed (`Clocks.lease`)."""
        return self.timing.lease

    @lease.setter
    def lease(self, lease: float) -> None:
        self.timing.lease = lease

    @property
    def clocks(self) -> bool:
        """Whether decisions run on the table's clock here (`Clocks.enabled`)."""
        return self.timing.enabled

    @clocks.setter
    def clocks(self, enabled: bool) -> None:
        self.timing.enabled = enabled

    @property
    def text_boards(self) -> bool:
        """Whether pictures are drawn as text too (`Images.text_boards`: local play in a terminal)."""
        return self.images.text_boards

    @text_boards.setter
    def text_boards(self, enabled: bool) -> None:
        self.images.text_boards = enabled

    @property
    def decisions(self) -> Decisions:
        """The decision open at each table (`Clocks.decisions`)."""
        return self.timing.decisions

    @decisions.setter
    def decisions(self, decisions: Decisions) -> None:
        self.timing.decisions = decisions

    @property
    def shared(self) -> bool:
        """Whether other processes share this database (`Outbox.shared`)."""
        return self.outbox.shared

    @shared.setter
    def shared(self, shared: bool) -> None:
        self.outbox.shared = shared

    @property
    def live(self) -> Callable[[Public], None] | None:
        """Who hears the channel's lines as AI seats play them (`Play.live`)."""
        return self.play.live

    @live.setter
    def live(self, live: Callable[[Public], None] | None) -> None:
        self.play.live = live

    @property
    def mentions(self) -> bool:
        """Whether the front-end says whose turn it is itself, from the prompts (`Answers.mentions`)."""
        return self.answers.mentions

    @mentions.setter
    def mentions(self, mentions: bool) -> None:
        self.answers.mentions = mentions

    @property
    def escape(self) -> Callable[[str], str] | None:
        """How the front-end shows names in lines the service words for it (`Answers.escape`)."""
        return self.answers.escape

    @escape.setter
    def escape(self, escape: Callable[[str], str] | None) -> None:
        self.answers.escape = escape

    @property
    def timestamps(self) -> bool:
        """Whether the front-end shows a time as a live countdown (`Views.timestamps`)."""
        return self.views.timestamps

    @timestamps.setter
    def timestamps(self, timestamps: bool) -> None:
        self.views.timestamps = timestamps

    @property
    def langs(self) -> dict[int, str]:
        """user id -> the language that user reads (`Images.langs`)."""
        return self.images.langs

    @property
    def broken(self) -> dict[int, BrokenTable]:
        """channel id -> the open table there that `restore` could not load (`Tables.broken`)."""
        return self.tables.broken

    def open_channels(self) -> list[int]:
        """The channels with an open (lobby or active) table."""
        return self.tables.open_channels()

    def answering(self, table: Table, version: int) -> bool:
        """Whether a command or click made when the table was at `version` still answers the
        decision open now (`Decisions.answering`)."""
        return self.timing.decisions.answering(table, version)

    def ai_due(self, channel_id: int) -> float | None:
        """In how many seconds the AI seats of the channel's table should be asked to play on
        (`advance`), or None when none is to act (`AITurns.due`); not before a seat just voted
        away may be played (`Clocks.hold`)."""
        return self.timing.ai_due(self.tables.table(channel_id))

    async def for_click(self, channel_id: int, player: Player, table_id: int, version: int, *,
                        fresh: bool = False) -> tuple[Table, Prompt | None]:
        """What a click on a turn menu is decoded from, in one light call (`Answers.for_click`)."""
        return await self.answers.for_click(channel_id, player, table_id, version, fresh=fresh)

    def can_undo(self, table: Table, seat: int | None) -> bool:
        """Whether `seat` may take back its last action at the table now (`UndoPoints.can_undo`)."""
        return self.undo_points.can_undo(table, seat)

    async def rematch_window(self, table: Table) -> Window | None:
        """The lobby's rematch window as stored, or None (not a rematch, or no one invited)."""
        return await self.rematches.window(table)

    async def rematch_awaited(self, channel_id: int) -> tuple[list[Invite], float | None]:
        """Who the channel's lobby still waits for, and when its window ends (a `time.time()`)."""
        return await self.rematches.awaited(channel_id)

    async def rematch_expire(self, channel_id: int, table_id: int) -> list[Notice]:
        """The window of the lobby `table_id` ended (`Rematches.expire`)."""
        return await self.rematches.expire(channel_id, table_id)

    async def due_rematches(self) -> list[tuple[int, int]]:
        """(channel id, table id) of every open window that has ended, at any table."""
        return await self.rematches.due()

    # ------------------------------------------------------------------ access (`access`)
    def table(self, channel_id: int) -> Table | None:
        """The open (lobby or active) table in a channel, as this process last saw it."""
        return self.access.table(channel_id)

    async def look(self, channel_id: int) -> Table | None:
        """The channel's open table as the database has it now (async: read in a worker thread),
        or None: for a menu or a command's choices on a process that may be behind (another
        process moved the table, or opened it). Read it; change it only through the service."""
        return await self.access.look(channel_id)

    async def peek(self, channel_id: int) -> Table | None:
        """The channel's open table to judge a command or a click by, never waiting for its lock
        (a change in progress: the copy in memory as it stands); else as `look`."""
        return await self.access.peek(channel_id)

    def get(self, table_id: int) -> Table | None:
        """Any table by id: open ones from memory, finished or cancelled ones from the database."""
        return self.access.get(table_id)

    # ------------------------------------------------------------------ lobby (`lobby`)
    async def create(self, guild_id: int | None, channel_id: int, game_key: str, host: Player, *,
                     variant: str | None = None, config: dict[str, Any] | None = None,
                     seed: int | str | None = None, sit: bool = True, dice: list[int] | None = None,
                     lang: str | None = None, timeout: float | None = None, time: str | None = None,
                     draws: list[int] | None = None, settings: dict[str, Any] | None = None,
                     reliable: bool = False, pauses: str | None = None) -> list[Notice]:
        """A lobby in `channel_id`, its options as `Lobby.create` reads them (the clock, the time
        control, scripted draws, the table's own settings, reliable players only, its pauses)."""
        return await self.lobby.create(guild_id, channel_id, game_key, host, variant=variant, config=config, seed=seed,
                                       sit=sit, dice=dice, lang=lang, timeout=timeout, time=time, draws=draws,
                                       settings=settings, reliable=reliable, pauses=pauses)

    async def join(self, channel_id: int, player: Player) -> list[Notice]:
        return await self.lobby.join(channel_id, player)

    async def leave(self, channel_id: int, player: Player) -> list[Notice]:
        """Leave a lobby; during a game this resigns."""
        return await self.lobby.leave(channel_id, player)

    async def add_ai(self, channel_id: int, by: Player, level: str = "normal") -> list[Notice]:
        return await self.lobby.add_ai(channel_id, by, level)

    async def remove_ai(self, channel_id: int, by: Player, seat: int | None = None) -> list[Notice]:
        return await self.lobby.remove_ai(channel_id, by, seat)

    async def start(self, channel_id: int, by: Player) -> list[Notice]:
        return await self.lobby.start(channel_id, by)

    async def cancel(self, channel_id: int, by: Player, *, can_manage: bool = False) -> list[Notice]:
        """Close the table with no result: a lobby, or a game nobody has yet to act in by its
        host, any table by staff (`can_manage`); the rules are `Lobby.cancel`'s."""
        return await self.lobby.cancel(channel_id, by, can_manage=can_manage)

    async def rematch(self, channel_id: int, by: Player, previous: int | None = None, *,
                      wait: float = REMATCH_WAIT) -> list[Notice]:
        """A new lobby like the channel's last game (`previous`: the table the button was on;
        refused as `rematch_old` when a later game was played here since, or it ended more than
        `REMATCH_AGE` ago). `by` must have played a human seat of it; they become the host, the AI
        seats come back at once, and the other humans are invited for `wait` seconds."""
        return await self.lobby.rematch(channel_id, by, previous, wait=wait)

    # ------------------------------------------------------------------ play (`play`)
    async def act(self, channel_id: int, player: Player, action_text: str, *,
                  version: int | None = None, lang: str | None = None) -> list[Notice]:
        """Apply a player's action (`version`: the table's version the player saw, so that a move
        made against a position that is gone is refused as `stale`, never applied to another).
        `lang`: the channel's language, when the front-end knows it: its notice comes worded in
        it (`Public.said`)."""
        return await self.play.act(channel_id, player, action_text, version=version, lang=lang)

    async def advance(self, channel_id: int) -> list[Notice]:
        """Let AI seats play on (after `MAX_AI_STEPS` stopped them); nothing when a human must act."""
        return await self.play.advance(channel_id)

    async def resign(self, channel_id: int, player: Player) -> list[Notice]:
        """The player leaves the game in play. When the game says what leaving does
        (`Game.leave_action`: a departure its rules define) that action is applied for the seat,
        logged like any other (the game replays), and the table finishes if the game is over;
        otherwise, or when the game goes on after it, the AI takes the seat (with one seat left,
        that seat wins; with no human left, the game is abandoned)."""
        return await self.play.resign(channel_id, player)

    # ------------------------------------------------------------------ away (`away`)
    async def sit(self, channel_id: int, player: Player) -> list[Notice]:
        """The player of an away seat takes it back: the AI stops playing it at once (`not_away`
        for anyone who has no away seat here)."""
        return await self.walkaways.sit(channel_id, player)

    async def away(self, channel_id: int, by: Player, user_id: int) -> list[Notice]:
        """`by` (a seated human) votes to hand the seat of `user_id` to the AI. Refused: a vote for
        oneself (`away_self`), for an AI seat (`away_ai`), for someone not seated (`away_not_seated`),
        a second vote (`away_voted`), outside a game in play. Once a strict majority of the other
        humans (not AI, not that seat) voted while that seat has not acted, the AI takes it."""
        return await self.walkaways.away(channel_id, by, user_id)

    # ------------------------------------------------------------------ substitutes (`away`)
    async def want(self, channel_id: int, by: Player, seat: str) -> list[Notice]:
        """The host offers the away seat `seat` (its number or its player's name) to a new player:
        one line in the channel, with a "Take this seat" button (`Public.wanted`)."""
        return await self.walkaways.want(channel_id, by, seat)

    async def take(self, channel_id: int, player: Player, seat: str) -> list[Notice]:
        """`player`, not seated here, takes the wanted away seat `seat`: first their briefing (a
        `Private`: everything the seat has been told, folded from the log), then the channel's
        notice; the player before is kept in the seat's `holders`."""
        return await self.walkaways.take(channel_id, player, seat)

    async def briefing(self, channel_id: int, seat: int) -> Briefing:
        """What `seat` of the channel's table in play has been told so far, from the log
        (`gavel.tables.briefing`)."""
        async def read(table: Table) -> Briefing:
            self.access.require(table, "active")
            return await self.walkaways.briefing(table, seat)

        return await self.access.on_table(channel_id, read)

    async def wanted_seats(self, guild_id: int | None) -> list[dict[str, Any]]:
        """`/games open`: the away seats offered at the server's tables in play, from the database
        (`table_id`, `channel`, `game`, `variant`, `seat`, `name`)."""
        return await asyncio.to_thread(self.store.wanted_seats, guild_id)

    # ------------------------------------------------------------------ undo (`undo`)
    async def undo(self, channel_id: int, player: Player, *, version: int | None = None) -> list[Notice]:
        """`player` takes back their last action (see the module). `version`: the table's
        version when the Undo button was made; a button of a position that is gone is refused.
        Refused, with the reason, when there is nothing of theirs to take back, someone has acted
        since, the action drew a random number or showed something new."""
        return await self.undos.undo(channel_id, player, version=version)

    # ------------------------------------------------------------------ expiry (`expiry`)
    async def alive(self, gap: float | None = None) -> float | None:
        """This process is alive (`Expiry.alive`): Gavel's own outages (no process alive for
        `gap` seconds) stop every clock."""
        return await self.expiry.alive(gap)

    def deadline(self, channel_id: int) -> Deadline | None:
        """When the decision open now runs out by itself: the table has a clock and the decision
        puts some human on it (`Decision.clocked`: a card-play window's `pass`, a move on a
        chess clock). None otherwise (no table, no clock, a decision without one, or only AI
        seats on it)."""
        return self.expiry.deadline(channel_id)

    async def expire(self, channel_id: int, version: int) -> list[Notice]:
        """The clock ran out at `version`: every human the decision puts on the clock takes its
        timeout action (a public `table.timed_out` names them), AI seats play on, and the usual
        notices come back. Nothing at all (`[]`) when the table moved on since (a stale timer)."""
        return await self.expiry.expire(channel_id, version)

    async def due_clocks(self) -> list[Deadline]:
        """The clocks of any table (touched here or not) that ran out, claimed by this process
        for `lease` seconds: each is this process's to `expire`, or, `ai`, to `advance` (AI seats
        left to act by a process that stopped) (`gavel.tables.clock.WindowClock`)."""
        return await self.expiry.due_clocks()

    async def due_reminders(self) -> list[Deadline]:
        """The half-time reminders due now at any table (touched here or not) and not sent yet,
        as deadlines whose `opened` names the decision (for `remind`; nothing is claimed yet)."""
        return await self.expiry.due_reminders()

    async def remind(self, channel_id: int, opened: int) -> list[Notice]:
        """Half of the clock of the decision opened at version `opened` is gone: one `Reminder`
        (a DM) for each human seat on its clock that has not acted yet and has not turned
        reminders off (`/table settings`). Claimed in the database first, so that it goes out
        once whichever process, or restarted process, gets here; nothing (`[]`) when the
        decision was answered or moved on, or the reminder was sent already."""
        return await self.expiry.remind(channel_id, opened)

    async def claim(self, deadline: Deadline) -> bool:
        """Claim a clock this process timed itself: False when the table moved on, or another
        process holds it (it fires it)."""
        return await self.expiry.claim(deadline)

    # ------------------------------------------------------------------ answers (`answers`)
    def prompt(self, channel_id: int, player: Player | int, *, labels: bool = True) -> Prompt | None:
        """The prompt `player`'s seat answers now at the channel's table, as `prompt_of` makes it
        (with what that seat alone knows of its question, `own`): what a front-end opens a
        player's menu from ("My options", `/table me`, a command's autocomplete). Its `actions`
        are the seat's legal actions, those it may take at any time when nobody asks it, and
        empty when it has nothing to do. None when the channel has no game in play or the user
        plays no seat there."""
        return self.answers.prompt(channel_id, player, labels=labels)

    def step_labels(self, channel_id: int, actions: Sequence[str]) -> dict[str, str]:
        """{action: label} that the board gives `actions` alone (`Renderer.label_actions` on the
        public view): a step of a menu (one piece's moves) may be marked where the whole prompt
        is not. Empty without a table, a renderer or labels; a broken renderer costs the labels."""
        return self.answers.step_labels(channel_id, actions)

    # ------------------------------------------------------------------ views (`views`)
    async def me(self, channel_id: int, player: Player) -> Private:
        """A player's own view: their seat, their secrets (`game.secrets`: a hand), their recent
        private events, their legal actions (when not asked, those it may take at any time), and
        the board as they see it."""
        return await self.views.me(channel_id, player)

    async def hand(self, channel_id: int, player: Player) -> Private:
        """A player's secrets only (`game.secrets`: "My hand"), with the hand image when the
        renderer draws one: lighter than `me`, for a button pressed often."""
        return await self.views.hand(channel_id, player)

    def legal_for(self, channel_id: int, player: Player) -> list[str]:
        return self.views.legal_for(channel_id, player)

    async def board(self, channel_id: int, for_user: Player | int | None = None,
                    actions: Sequence[str] | None = None) -> Public | Private:
        """The board: the channel's, or `for_user`'s own where moves are secret. `actions` (some
        of `for_user`'s legal actions: a step of their menu) asks for their own board marking
        those alone, in any game (the channel's board may mark none of them)."""
        return await self.views.board(channel_id, for_user, actions)

    async def log(self, channel_id: int, n: int = 10) -> Public:
        """The last `n` actions with their public events (private events stay private)."""
        return await self.views.log(channel_id, n)

    async def status(self, channel_id: int) -> Public:
        return await self.views.status(channel_id)

    def help(self) -> Public:
        """What Gavel plays and how to start (`/help`, `help` in local play): every installed game
        with its command group and seat counts, how a table starts, and the shared commands."""
        return self.views.help()

    # ------------------------------------------------------------------ restoring (`restoring`)
    def broken_tables(self) -> list[BrokenTable]:
        """The open tables `restore` could not load, one per channel: the front-end posts each
        one's `note()` in its channel at start-up."""
        return self.restoring.broken_tables()

    def broken_in(self, channel_id: int) -> BrokenTable | None:
        """The table of this channel that could not be loaded (and no table open there since)."""
        return self.restoring.broken_in(channel_id)

    async def restore(self, *, lazy: bool = False) -> int:
        """Reload every lobby and active table from the database (at start-up). AI seats whose
        turn it is play on later, through `advance` (the clock calls it: `ai_due`), so start-up
        never waits for them. Returns how many tables are open again (were loaded)."""
        return await self.restoring.restore(lazy=lazy)

    def replay(self, table_id: int) -> State:
        """The game rebuilt from its set-up draws and action log (equal to the live state)."""
        return self.restoring.replay(table_id)

    def drop_idle(self, seconds: float | None = None) -> list[Table]:
        """Let go of every table untouched for `seconds` (default `idle`, where 0 means never)
        that owes nothing only memory holds (`Tables.idle`): every part forgets it, and its next
        touch (a command, a click, its clock running out) loads it again from the store as it was.
        Those untouched for `rest` seconds (when set) keep their compact form only (`Table.rest`).
        Returns the tables let go (the front-end stops their timers: the store's clock fires them).
        Cheap: one look at a dictionary of times, then the idle tables alone."""
        if self.rest > 0:
            for table in self.tables.idle(self.rest, resting=False):
                table.rest()
        if seconds is None:
            if self.idle <= 0:
                return []
            seconds = self.idle
        dropped = self.tables.idle(seconds)
        for table in dropped:
            self.tables.drop(table)
        return dropped

    def export(self, channel_id: int) -> GameRecord:
        """The whole game of the channel's table (the open one, else the last one played there)
        as a script the local console replays to the same state (`gavel.tables.record`). A game with
        hidden information (its record holds every draw), with a secret action in its log
        (`Game.secret_action`) or whose set-up drew anything (a pack shuffled at set-up keeps its
        order secret even in an open game: replaying the draws would show the cards to come) is
        exported only once it is over."""
        return self.restoring.export(channel_id)

    def export_row(self, row: dict[str, Any]) -> GameRecord:
        """The record of the table stored in `row` (see `export`)."""
        return self.restoring.export_row(row)

    # ------------------------------------------------------------------ standings (`standings`)
    async def game_here(self, channel_id: int) -> str | None:
        """The game played in this channel: the open table's, else the last one's."""
        return await self.results.game_here(channel_id)

    async def board_game(self, game: str | None, channel_id: int | None) -> str:
        """The game a leaderboard is of: the one `game` names (a key or a name; `unknown_game`
        otherwise), else the one played in `channel_id` (`leaderboard_game` when none was)."""
        return await self.results.board_game(game, channel_id)

    async def standings(self, guild_id: int | None, game_key: str, limit: int = LEADERBOARD) -> list[Standing]:
        """The server's best players of a game, by shown rating."""
        return await self.results.standings(guild_id, game_key, limit)

    async def leaderboard(self, guild_id: int | None, game: str | None, channel_id: int | None = None,
                          limit: int = LEADERBOARD, *, lang: str = i18n.DEFAULT, image: bool = True) -> Public:
        """The leaderboard of `game` (a key or a name; None: the game played in `channel_id`,
        refused as `leaderboard_game` when there is none) as lines, one per player, and as a
        picture of a table in `lang` (drawn in a worker thread; None when `image` is false or
        drawing fails)."""
        return await self.results.leaderboard(guild_id, game, channel_id, limit, lang=lang, image=image)

    async def stats(self, guild_id: int | None, user: Player | int, *, named: bool = False) -> Public:
        """A user's results (in one server, or everywhere with `guild_id=None`): games played and
        won, per game with its rating, then the last results. `named`: say whose they are (a
        player asking about someone else)."""
        return await self.results.stats(guild_id, user, named=named)

    async def record(self, guild_id: int | None, user_id: int) -> Record:
        """A player's record on a server: games finished, abandoned, resigned, time to act
        (`gavel.tables.reliability`)."""
        return await reliability.record(self.store, guild_id, user_id)

    async def block(self, by: Player, other: Player) -> Public:
        """`by` blocks `other` from their tables (either joins no lobby where the other sits);
        the answer is for `by` alone."""
        return Public(None, [await reliability.block(self.store, by, other)])

    async def unblock(self, by: Player, other: Player) -> Public:
        """`by` lifts their block on `other`; the answer is for `by` alone."""
        return Public(None, [await reliability.unblock(self.store, by, other)])

    async def history_entries(self, guild_id: int | None, page: int = 0,
                              per_page: int = HISTORY) -> list[tuple[int, Msg, Msg]]:
        """The server's finished games, newest first (`page` 0 is the last `per_page`): for each,
        its number (for `history_game`), its line (date, game, players, result) and a short name
        (number, game, date: a menu's label)."""
        return await self.results.history_entries(guild_id, page, per_page)

    async def history(self, guild_id: int | None, page: int = 0, per_page: int = HISTORY) -> Public:
        """The server's finished games, newest first (`page` 0 is the last `per_page`): each with
        its number (for `history_game`), date, game, players and winners."""
        return await self.results.history(guild_id, page, per_page)

    async def history_game(self, guild_id: int | None, table_id: int) -> FinishedGame:
        """A finished game of this server again: its record (as `/table log export:true` makes it)
        and its final board, the PUBLIC view of its final state. Another server's game, or one not
        finished, is refused as `no_such_game`."""
        return await self.results.history_game(guild_id, table_id)

    # ------------------------------------------------------------------ replays (`replays`)
    async def replay_game(self, guild_id: int | None, channel_id: int, table_id: int | None = None) -> Replay:
        """A finished game of this server folded for its replay, every secret shown: `table_id`,
        else the channel's last finished game. A game still in play is refused (`replay_running`).
        Its turning points and chances come with it once worked out: the first opening starts that
        work in the background (`Insights.warm`), and the game is folded again with them after."""
        replay = await self.replays.open(guild_id, channel_id, table_id)
        if not replay.marks and not replay.extra:
            self.insights.warm(replay.table_id, functools.partial(self.replays.forget, replay.table_id))
        return replay

    async def replay_page(self, replay: Replay, step: int) -> ReplayPage:
        """One step of a replay: its lines and its board with every secret shown, and every
        seat's secrets at that step."""
        return await self.replays.page(replay, step)

    async def replay_animation(self, replay: Replay) -> bytes | None:
        """The whole game's PUBLIC board as one animated picture (GIF) Discord takes."""
        return await self.replays.animation(replay)
    # ------------------------------------------------------------------ after the game (`insight`)
    async def insight(self, game_id: int, *, lang: str = i18n.DEFAULT) -> Insight | None:
        """A finished game's insight: each seat's chance to win after each step of its log
        (`Insight.chances`, one row per step: step 0 before the first action), its turning points
        (`marks`: the steps where a chance moved most), the chart (`chart_png`), the luck report
        (`luck_text(lang)`, `luck_png`). Worked out on first asking (playouts in the AI workers,
        bounded by a count of actions) and kept; None for a game not finished (nothing is shown
        before the end) or not found."""
        return await self.insights.insight(game_id, lang=lang)

    async def luck(self, guild_id: int | None, channel_id: int, game_id: int | None = None, *,
                   lang: str = i18n.DEFAULT) -> Insight:
        """`/table luck [game_id]`: the insight of that game of this server, else of the channel's
        last game; refused while it is played (`insight_after_end`) or when it is not this
        server's (`no_such_game`)."""
        return await self.insights.asked(guild_id, channel_id, game_id, lang=lang)

    # ------------------------------------------------------------------ outbox (`outbox`)
    async def delivered(self, rows: Iterable[int]) -> None:
        """Discord accepted these notices (outbox rows): they are done."""
        return await self.outbox.delivered(rows)

    async def undelivered(self, rows: Iterable[int]) -> None:
        """These notices could not be delivered: try again later, each time after a longer pause
        (5 s, 10 s, 20 s … at most 10 minutes)."""
        return await self.outbox.undelivered(rows)

    async def waiting(self, channel_id: int | None = None, before: int | None = None, *,
                      shards: Shards | None = None) -> dict[int, list[Notice]]:
        """Notices still to deliver, by channel, oldest first: those due now, or all of one
        channel's kept before outbox row `before` (they go out before anything newer there). A
        notice of a version the table has moved past keeps its lines and board but no longer asks
        anyone to act. `shards` (processes sharing a database): of those shards' channels only."""
        return await self.outbox.waiting(channel_id, before, shards=shards)

    async def owed(self, channel_id: int, rows: Iterable[int | None]) -> Owed:
        """What a channel owes before a change's own notices (their outbox `rows`): the older
        notices to send first, and the change's rows not to send now (`Owed.held`: they must not
        overtake an older notice another process holds; see `gavel.tables.outbox.Outbox.owed`)."""
        return await self.outbox.owed(channel_id, rows)

    async def release(self, rows: Iterable[int]) -> None:
        """Outbox rows claimed by `waiting` that this process will not send: due again at once."""
        return await self.outbox.release(rows)

    def next_waiting(self) -> float | None:
        """In how many seconds the next notice waiting in the outbox is due (0 or less: now), or None."""
        return self.outbox.next_waiting()

    # ------------------------------------------------------------------ settings (`settings`)
    async def settings(self, user_id: int) -> dict[str, Any]:
        """A player's own settings, with the defaults filled in (`SETTINGS`)."""
        return await self.player_settings.settings(user_id)

    async def set_settings(self, user_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of a player's own settings (only those `SETTINGS` names, each of the
        default's type: else `bad_setting`); returns them all, with the defaults."""
        return await self.player_settings.set_settings(user_id, **changes)

    async def orders(self, channel_id: int, player: Player, order: str | None = None,
                     switch: str | None = None) -> tuple[Public, list[Notice]]:
        """`/table orders`: the player's standing orders at the channel's table, set (`order`,
        `switch` on/off) and said to them alone; then the notices of a pass the order gave at
        once (`gavel.tables.orders.Orders.set`)."""
        return await self.standing_orders.set(channel_id, player, order, switch)

    def order_keys(self, channel_id: int) -> list[str]:
        """The standing orders the channel's game offers (for autocomplete); none without a game."""
        table = self.tables.table(channel_id)
        return [] if table is None else [o.key for o in registry.plugin(table.game_key).standing_orders]

    def answered(self, channel_id: int) -> frozenset[int]:
        """The seats whose pass waits for the window open now (given by hand, or by a standing
        order): whoever drives the table by hand (a bench) waits for the hold instead of asking them."""
        table = self.tables.table(channel_id)
        return frozenset() if table is None else frozenset(self.timing.waiting_passes(table))

    async def settings_notice(self, user_id: int, reminders: str | None = None, inbox: str | None = None,
                              sleep: str | None = None, tz: str | None = None) -> Public:
        """`/table settings` (and `settings` in local play): with `reminders` (`on`/`off`),
        `inbox` (`on`/`off`/`digest`), `sleep` (hours, `23-07`, or `off`) or `tz` (an IANA time
        zone) set them, and say the player's settings, one line each (`table.settings.<name>`),
        for the player alone. Any other value is refused, changing nothing (`Settings.settings_notice`)."""
        return await self.player_settings.settings_notice(user_id, reminders, inbox, sleep, tz)

    async def vacation(self, user_id: int, days: int | None = None) -> Public:
        """`/table vacation`: the vacation days left, or a vacation of `days` from now (0: the one
        on now ends early), for the player alone (`Settings.vacation_notice`, `gavel.tables.pauses`)."""
        return await self.player_settings.vacation_notice(user_id, days, self.timing.wall())

    # ------------------------------------------------------------------ turn inboxes (`inbox`)
    async def note_waits(self, notice: Waiting) -> list[int]:
        """A change's `Waiting` noted in the database: the players whose wait changed, whose
        inbox is to be shown again (`refresh_inbox`)."""
        return await self.inbox.apply(notice)

    async def games(self, user_id: int) -> list[Wait]:
        """`/games`: every table in play, on any server, that waits on the player, as the
        database has it (public words only: `gavel.tables.inbox.Wait`)."""
        return await self.inbox.waiting(user_id)

    async def games_here(self, channel_id: int) -> Public:
        """`games` in local play: the tables waiting on each human player of the channel's table
        (there is one), in the inbox's words (`gavel.tables.inbox.local_lines`)."""
        table = self.tables.table(channel_id)
        if table is None:
            raise IllegalAction("no_table")
        return Public(table.id, local_lines(table, self.inbox.waits(table)), names=tuple(table.names))

    async def refresh_inbox(self, user_id: int, messenger: Messenger,
                            text_of: Callable[[int, list[Wait]], str]) -> list[str]:
        """Show the player's turn inbox as the database has it, by their `inbox` setting
        (`Inbox.refresh`: a new message, an edit, or nothing); returns what was done.
        `text_of(user, waits)`: the message as that player reads it."""
        mode = await self.player_settings.inbox_mode(user_id)
        return await self.inbox.refresh(user_id, mode, messenger, functools.partial(text_of, user_id))

    async def show_waits(self, notice: Waiting, messenger: Messenger,
                         text_of: Callable[[int, list[Wait]], str]) -> dict[int, list[str]]:
        """Deliver a change's `Waiting`: note it (`note_waits`), then show again the inbox of
        each player whose wait changed (`refresh_inbox`); what was done for each."""
        return {user: await self.refresh_inbox(user, messenger, text_of) for user in await self.note_waits(notice)}

    # ------------------------------------------------------------------ images (`images`)
    def reads(self, user_id: int, lang: str) -> None:
        """The language `user_id` reads (their Discord client's, as last seen): the images drawn
        for them alone (a hand, a role card, a private board) are drawn in it."""
        return self.images.reads(user_id, lang)

    def language_of(self, user_id: int | None, default: str) -> str:
        """The language `user_id` reads, as last told (`reads`), else `default`."""
        return self.images.language_of(user_id, default)

    async def rules_picture(self, game_key: str, lang: str) -> bytes | None:
        """The board of `game_key` with its parts named in `lang` (`Renderer.render_parts`, drawn
        from the public view of a game just set up), for `/table rules`; None when the game's
        renderer has no such picture, or fails (the summary still goes). Drawn once per (game,
        language), in a worker thread."""
        return await self.images.rules_picture(game_key, lang)

    async def rules_description(self, game_key: str, lang: str) -> str:
        """The rules picture (`rules_picture`) in words, in `lang`: "" when it cannot be said."""
        return await self.images.rules_description(game_key, lang)

    def warm(self) -> None:
        """Do the one-time work of a first table before there is any (at start-up): load every
        game, its renderer and both languages' catalogues. Done lazily, on the event loop, it
        would stall every table for a tenth of a second or more the first time each is needed."""
        return self.images.warm()

    def settle(self) -> None:
        """Once start-up has loaded what it loads (`warm`, then `restore`): one full collection,
        then every object alive is set aside from the cyclic garbage collector for the rest of the
        process's life (`gc.freeze`). A process holding 10,000 tables holds millions of objects
        that live as long as they are open, and every full collection walked them all: 2 s of CPU
        each, three in 400 actions at 10,000 tables of the game with the largest states, landing on
        whichever action was running (`bench/fleet.py`). Objects set aside are still freed by their reference counts
        when dropped: a table forgotten leaves no cycle behind (its state is plain data), so
        nothing is kept longer. Objects made later (tables loaded on first touch, caches) are
        collected as usual. Call it once; a test's service needs it not."""
        gc.collect()
        gc.freeze()


    # ------------------------------------------------------------------ live messages
    async def live_post(self, table_id: int) -> LivePost | None:
        """The table's live message as the database has it (any process may have posted it)."""
        row = await asyncio.to_thread(self.store.live_post, table_id)
        return LivePost.from_row(row) if row is not None else None

    async def keep_live(self, post: LivePost) -> bool:
        """Note the table's live message; False when a newer one is noted already."""
        return bool(await asyncio.to_thread(self.store.live_keep, post.to_row()))

    # ------------------------------------------------------------------ the bot's own
    async def first_welcome(self, guild_id: int, *, failed: bool = False) -> bool:
        """Whether the bot's welcome is due in a guild: True once ever (the caller posts it;
        processes sharing the database agree on who). `failed`: it could not be posted after
        all: forget it, so that a later join tries again."""
        if failed:
            await asyncio.to_thread(self.store.unwelcome, guild_id)
            return False
        return bool(await asyncio.to_thread(self.store.welcome, guild_id))

    def close(self) -> None:
        """Stop the AI workers and close the database (at shut-down)."""
        self.ai_turns.close()
        self.store.close()
