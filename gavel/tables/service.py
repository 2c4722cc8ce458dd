"""TableService: lobbies, seats, turns, AI seats and persistence for every game, generically.

The API the front-ends call (the cogs, the console, the tests), whatever the game:
- `TableService(db_path=None, renderers=None, *, ais=None)`: `db_path` is a SQLite file or a
  `postgresql://` URL (`gavel.tables.store.open_store`; default `GAVEL_DB`); `renderers` maps a game key to a
  `renderer.Renderer` or to None (no images); other games draw with the renderer their plug-in
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
  `gavel.tables.standings`, ratings made by `gavel.tables.ratings`), `await advance(channel_id)` (more AI moves when the
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
- Many processes may share one PostgreSQL database, any of them taking any command: every
  change reads the table as the database has it first (loading one this process never held)
  and runs again when another process wrote first (`gavel.tables.base.ServiceBase._on_table`);
  `await look(channel_id)` is the table as stored now, `table(channel_id)` this process's
  cached copy (cheap, maybe behind). `restore(lazy=True)` loads only what start-up owes; each
  decision's clock is stored with the table and fired by one process (`due_clocks`, `claim`,
  `gavel.tables.clock.WindowClock.watch`).
- Half-time reminders: a clock of `REMIND_FROM` (two minutes) or more stores when half of it is
  gone (`ClockRow.remind`; `Deadline.remind`/`opened` for the timer), and `remind(channel_id,
  opened)` then gives one `Reminder` (a DM) per human still on the clock who has not turned
  reminders off, once per decision (`store.claim_reminder`; `due_reminders` for the watch).
  The channel pings a seat once per decision (`Prompt.ping`, `Decisions.to_ping`).
- Per-player settings (`SETTINGS`, stored per user): `settings(user_id)`, `set_settings(user_id,
  reminders=False)`, and `settings_notice(user_id, reminders=None)` for `/table settings`.

The service is one object made of parts, one module each: `gavel.tables.lobby` (opening, seating,
starting, cancelling), `gavel.tables.play` (actions, AI seats playing, resigning, the end),
`gavel.tables.ai_turns` (AI policies and when they play on), `gavel.tables.away` (walk-aways: `sit`, `away`),
`gavel.tables.restoring` (start-up, broken tables, replay and export), `gavel.tables.images` (pictures),
`gavel.tables.hands` (secrets, `me`, `hand`), `gavel.tables.outbox` (notices kept until delivered),
`gavel.tables.views` (board, log, status), `gavel.tables.standings` (stats, ratings' leaderboards, the
history of finished games), `gavel.tables.rematch` ("Play again": a lobby like the last game's,
its humans invited back) and `gavel.tables.undo` (a player taking back their last action); their
shared state and lookups are `gavel.tables.base.ServiceBase`. This module holds the facade, the
decision open now and its clock (kept by `gavel.tables.decisions`), and the notices a change returns.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gavel.tables import ai as ai_seats
from gavel.tables import i18n
from gavel.tables.ai_turns import AITurns
from gavel.tables.away import Away
from gavel.tables.base import StaleTable, _Out, _Unsaved
from gavel.tables.clock import Deadline
from gavel.tables.decisions import (
    Decisions,
    OnClock,
    clock_lines,
    clock_text,
    time_lines,
    turn_lines,
)
from gavel.tables.games import STATUS, game_name, get_game, installed, lobby_hint, variant_lines, variant_name
from gavel.tables.hands import Secrets
from gavel.tables.images import Images
from gavel.tables.lobby import Lobby
from gavel.tables.notices import Notice, Private, Prompt, Public, Reminder
from gavel.tables.outbox import Outbox
from gavel.tables.play import Play, quiet_line
from gavel.tables.registry import BrokenTable, Tables
from gavel.tables.rematch import Rematches
from gavel.tables.restoring import Restoring
from gavel.tables.standings import Standings
from gavel.tables.store import open_store
from gavel.tables.table import Player, SeatInfo, Table
from gavel.tables.timing import Clocks
from gavel.tables.undo import Undo
from gavel.tables.views import Views
from rules import registry
from rules.core import Decision, IllegalAction, Msg
from rules.plugin import Words

if TYPE_CHECKING:
    from renderer import Renderer

log = logging.getLogger(__name__)

__all__ = [
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


SETTINGS: dict[str, Any] = {"reminders": True}
"""Each player's own settings (`/table settings`), with their defaults: `reminders`, a DM when
half of a decision's clock (two minutes or more) is gone and they have not acted yet."""


@dataclass(frozen=True)
class _Now:
    """What every prompt of one moment of a table shares (`TableService._now`)."""

    decision: Decision
    left: float | None
    """Seconds left on the decision's clock (for the seats it clocks)."""
    on_clock: OnClock | None
    """The clock the decision runs on and the seats it clocks (`Decisions.on_clock`)."""
    public: Mapping[str, Any]
    """The PUBLIC view (empty when neither the words nor a renderer read it)."""
    facts: dict[str, Any]
    renderer: Renderer | None
    users: tuple[int | None, ...]
    made: float


class TableService(Rematches, Lobby, Play, Away, Restoring, Outbox, Standings, Views, Undo):
    """Every table of the bot (or of a local game), for every game alike: the one object the
    front-ends call. Its parts are in the modules named in `gavel.tables.base`; here are its state,
    the decision open now and its clock (kept by `gavel.tables.decisions`), and the notices a change returns."""

    def __init__(self, db_path: Any = None, renderers: Mapping[str, Renderer | None] | None = None, *,
                 ais: dict[str, Any] | None = None, clock: Callable[[], float] = time.monotonic,
                 thinking: ai_seats.Seats | None = None, outbox: bool = True, clocks: bool = True) -> None:
        self.tables = Tables(open_store(db_path))
        """The open tables this process holds, the store, the broken tables: what every part shares."""
        self.store = self.tables.store
        self.ai_turns = AITurns(ais, thinking)
        """The AI seats' policies, where they think, and their failures in a row."""
        self._outbox = outbox
        """Whether changes' notices wait in the database until delivered (the bot's case; local
        play prints them at once and keeps nothing)."""
        self.timing = Clocks(self.ai_turns, clock, enabled=clocks)
        """Each table's decision open now, its stored clock and reminders; the wall clock and lease."""
        self.images = Images(renderers)
        """The pictures: renderers, what was drawn lately, the language each user reads."""
        self._draws: dict[int, list[int]] = {}
        """Per table: recorded draws still to be fed back (a replayed record's `--draws`; memory only)."""
        self.secrets = Secrets()
        """What each human seat last received of its secrets."""
        self.shared = False
        """Whether other processes share this database (the bot with `GAVEL_SHARED`): the outbox
        then claims what it sends (`gavel.tables.outbox`)."""
        self._undo_points: dict[int, tuple[int, int]] = {}
        """Per table: (version, seat) when that seat may take back its last action at that version
        (`gavel.tables.undo`: the Undo button; memory only, the log decides)."""
        self.live: Callable[[Public], None] | None = None
        """Who hears the channel's lines as AI seats play them, one action at a time (local play
        prints an AI-only game as it goes); a call's notice then carries only the lines not heard
        yet. None (the bot's case): every line waits for the call's notice."""
        self._unsaved: dict[int, _Unsaved] = {}
        """Per table: the action applied in memory whose write waits for the call's notices (one
        transaction for both: `gavel.tables.play.Play._save`); empty between calls."""
        self.tables.on_forget(lambda table_id: self.timing.forget(table_id))
        self.tables.on_forget(self.ai_turns.forget)
        self.tables.on_forget(self.secrets.forget)
        self.tables.on_forget(self._forget_here)

    @property
    def wall(self) -> Callable[[], float]:
        """The wall clock of stored times (`Clocks.wall`; tests move it)."""
        return self.timing.wall

    @wall.setter
    def wall(self, wall: Callable[[], float]) -> None:
        self.timing.wall = wall

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
    def decisions(self) -> Decisions:
        """The decision open at each table (`Clocks.decisions`)."""
        return self.timing.decisions

    @decisions.setter
    def decisions(self, decisions: Decisions) -> None:
        self.timing.decisions = decisions

    @property
    def broken(self) -> dict[int, BrokenTable]:
        """channel id -> the open table there that `restore` could not load (`Tables.broken`)."""
        return self.tables.broken

    def _forget_here(self, table_id: int) -> None:
        """What the service itself keeps per table, forgotten with the table."""
        self._draws.pop(table_id, None)
        self._undo_points.pop(table_id, None)

    def ai_due(self, channel_id: int) -> float | None:
        """In how many seconds the AI seats of the channel's table should be asked to play on
        (`advance`), or None when none is to act (`AITurns.due`)."""
        return self.ai_turns.due(self.table(channel_id))

    # ------------------------------------------------------------------ pictures (`images`)
    @property
    def langs(self) -> dict[int, str]:
        """user id -> the language that user reads (`Images.langs`)."""
        return self.images.langs

    def reads(self, user_id: int, lang: str) -> None:
        """The language `user_id` reads (their Discord client's, as last seen): the images drawn
        for them alone are drawn in it."""
        self.images.reads(user_id, lang)

    def language_of(self, user_id: int | None, default: str) -> str:
        """The language `user_id` reads, as last told (`reads`), else `default`."""
        return self.images.language_of(user_id, default)

    async def rules_picture(self, game_key: str, lang: str) -> bytes | None:
        """The board of `game_key` with its parts named in `lang` (`Images.rules_picture`)."""
        return await self.images.rules_picture(game_key, lang)

    async def rules_description(self, game_key: str, lang: str) -> str:
        """The rules picture in words, in `lang` (`Images.rules_description`)."""
        return await self.images.rules_description(game_key, lang)

    def warm(self) -> None:
        """Load every game, its renderer and both catalogues before the first table needs them."""
        self.images.warm()

    def answering(self, table: Table, version: int) -> bool:
        """Whether a command or click made when the table was at `version` still answers the
        decision open now: the same version, or the same decision (`Decision.key`) that only
        other seats' passes have moved on since (a card-play window where someone passed).
        Anything else (a move, a card played, a new turn) means the player answered a position
        that is gone."""
        return self.decisions.answering(table, version)

    # ------------------------------------------------------------------ the window clock
    def deadline(self, channel_id: int) -> Deadline | None:
        """When the decision open now runs out by itself: the table has a clock and the decision
        puts some human on it (`Decision.clocked`: a card-play window's `pass`, a move on a
        chess clock). None otherwise (no table, no clock, a decision without one, or only AI
        seats on it).

        `seconds` is the time left: the clock starts when the decision opens (a card played in a
        window opens a new one); a pass does not give the others a fresh minute."""
        table = self.table(channel_id)
        return self.timing.deadline(table) if table is not None else None

    async def expire(self, channel_id: int, version: int) -> list[Notice]:
        """The clock ran out at `version`: every human the decision puts on the clock takes its
        timeout action (a public `table.timed_out` names them), AI seats play on, and the usual
        notices come back. Nothing at all (`[]`) when the table moved on since (a stale timer)."""
        try:
            return await self._on_table(channel_id, lambda table: self._expire(table, version))
        except IllegalAction as exc:
            if exc.code in ("no_table", "table_broken"):
                return []
            raise

    async def _expire(self, table: Table, version: int) -> list[Notice]:
        if table.status != "active" or table.state is None or table.version != version:
            return []
        found = self.decisions.on_clock(table)
        if found is not None and found.time_control:
            return await self._time_up(table, version, list(found.seats))
        seats = self.decisions.clocked(table)
        if not seats:
            return []
        ran_out = table.decision()
        names = i18n.Listed.of(table.seat_name(s) for s in seats)
        out = _Out([Msg("table.timed_out", {"players": names})])
        applied = False
        for seat in seats:
            # One seat's answer may close the decision and open the next: each takes its
            # timeout action only while the one that ran out is still open and clocks it.
            if table.status != "active" or not self.decisions.still_open(table, ran_out, version, seat):
                continue
            action = table.game.timeout_action(table.state, seat)
            if action is not None:
                try:
                    await self._step(table, seat, str(action), out)
                except StaleTable:
                    if not applied:  # nothing of ours is stored: `_on_table` looks again (and finds it stale)
                        raise
                    break  # another process moved the table on: what we stored is told below
                applied = True
        await self._run_ai(table, out)
        return await self._notices(table, out)

    async def _time_up(self, table: Table, version: int, seats: list[int]) -> list[Notice]:
        """The time control ran out at `version`: each seat it clocks takes its
        `Game.time_up_action` (logged like any action), the channel hears who ran out of time
        (`table.time_up`), a seat that ran out twice in a row is handed to the AI (`away`), and
        AI seats play on."""
        assert table.state is not None
        ran_out = table.decision()
        out = _Out([Msg("table.time_up", {"players": i18n.Listed.of(table.seat_name(s) for s in seats)})])
        timed_out: list[int] = []
        for seat in seats:
            if table.status != "active" or not self.decisions.still_timed(table, ran_out, version, seat):
                continue
            action = table.game.time_up_action(table.state, seat)
            if action is None:
                continue
            try:
                await self._step(table, seat, str(action), out)
            except StaleTable:
                if not timed_out:  # nothing of ours is stored: `_on_table` looks again (and finds it stale)
                    raise
                break  # another process moved the table on: what we stored is told below
            timed_out.append(seat)
        if table.status == "active":
            for seat in timed_out:
                await self._count_time_up(table, seat, out)
        await self._run_ai(table, out)
        return await self._notices(table, out)

    async def _save_clock(self, table: Table) -> None:
        """Store the clock of the decision open now when it changed other than by an action (an
        action stores it with itself: `_step`), e.g. a game that starts with a window, a seat the
        AI took over; only while the table is still at this version."""
        if not self.clocks:
            return
        row = self.timing.row(table)
        unsaved = self._unsaved.get(table.id)
        if unsaved is not None:  # the action not written yet is written with the clock as it is now
            unsaved.clock = row
            return
        if self.timing.is_stored(table.id, row):
            return
        if await asyncio.to_thread(self.store.set_clock, table.id, table.version, clock_text(row)):
            self.timing.stored(table.id, row)

    async def due_clocks(self) -> list[Deadline]:
        """The clocks of any table (touched here or not) that ran out, claimed by this process
        for `lease` seconds: each is this process's to `expire`, or, `ai`, to `advance` (AI seats
        left to act by a process that stopped) (`gavel.tables.clock.WindowClock`)."""
        rows = await asyncio.to_thread(self.store.claim_clocks, self.wall(), self.lease)
        return [Deadline(r["id"], r["channel"], r["at"], 0.0, ai=bool(r["ai"])) for r in rows]

    # ------------------------------------------------------------------ half-time reminders
    async def due_reminders(self) -> list[Deadline]:
        """The half-time reminders due now at any table (touched here or not) and not sent yet,
        as deadlines whose `opened` names the decision (for `remind`; nothing is claimed yet)."""
        rows = await asyncio.to_thread(self.store.due_reminders, self.wall())
        return [Deadline(r["id"], r["channel"], r["at"], 0.0, remind=0.0, opened=r["opened"]) for r in rows]

    async def remind(self, channel_id: int, opened: int) -> list[Notice]:
        """Half of the clock of the decision opened at version `opened` is gone: one `Reminder`
        (a DM) for each human seat on its clock that has not acted yet and has not turned
        reminders off (`/table settings`). Claimed in the database first, so that it goes out
        once whichever process, or restarted process, gets here; nothing (`[]`) when the
        decision was answered or moved on, or the reminder was sent already."""
        try:
            return await self._on_table(channel_id, lambda table: self._remind(table, opened))
        except IllegalAction as exc:
            if exc.code in ("no_table", "table_broken"):
                return []
            raise

    async def _remind(self, table: Table, opened: int) -> list[Notice]:
        now = self.decisions.track(table) if table.status == "active" and self.clocks else None
        if now is None or now.version != opened or self.timing.was_reminded(table.id, opened):
            return []
        # Claimed even when nobody is left to remind: the watch then stops finding it due.
        claimed = await asyncio.to_thread(self.store.claim_reminder, table.id, opened)
        self.timing.reminded(table.id, opened)
        if not claimed:  # another process (or this one before a restart) sent it
            return []
        waiting = table.decision().waiting()
        found = self.decisions.on_clock(table)  # the window clock's seats, or the time control's
        seats = [s for s in (found.seats if found is not None else ()) if s in waiting]
        left = self.decisions.seconds_left(table)
        if not seats or left is None:
            return []
        row = self.timing.known(table.id)
        ends = row.due if row is not None and row.due is not None and row.opened == opened else self.wall() + left
        users = {s: table.seats[s].user_id for s in seats}
        wanted = await asyncio.to_thread(self._wants_reminders, [u for u in users.values() if u is not None])
        notices: list[Notice] = [
            Reminder(table.id, seat, user, table.guild_id, table.channel_id, opened, ends, max(0.0, ends - self.wall()),
                     game_name(table.game))
            for seat, user in users.items() if user is not None and wanted.get(user, True)]
        return await self._keep(table, notices) if notices else []

    def _wants_reminders(self, users: list[int]) -> dict[int, bool]:
        """Whether each user wants half-time reminders (their `reminders` setting; on unless
        turned off). Runs in a worker thread."""
        return {u: self.store.user_settings(u).get("reminders", True) is not False for u in users}

    # ------------------------------------------------------------------ per-player settings
    async def settings(self, user_id: int) -> dict[str, Any]:
        """A player's own settings, with the defaults filled in (`SETTINGS`)."""
        stored = await asyncio.to_thread(self.store.user_settings, user_id)
        return {**SETTINGS, **{k: v for k, v in stored.items() if k in SETTINGS}}

    async def set_settings(self, user_id: int, **changes: Any) -> dict[str, Any]:
        """Change some of a player's own settings (only those `SETTINGS` names, each of the
        default's type: else `bad_setting`); returns them all, with the defaults."""
        for name, value in changes.items():
            if name not in SETTINGS or type(value) is not type(SETTINGS[name]):
                raise IllegalAction("bad_setting", setting=name)
        await asyncio.to_thread(self.store.set_user_settings, user_id, changes)
        return await self.settings(user_id)

    async def settings_notice(self, user_id: int, reminders: str | None = None) -> Public:
        """`/table settings` (and `settings` in local play): with `reminders` (`on`/`off`) set it,
        and say the player's settings, one line each (`table.settings.<name>`), for the player
        alone. Any other value is refused (`bad_setting`), changing nothing."""
        if reminders is None:
            found, lines = await self.settings(user_id), []
        else:
            if reminders not in ("on", "off"):
                raise IllegalAction("bad_setting", setting=f"reminders:{reminders}")
            found, lines = await self.set_settings(user_id, reminders=reminders == "on"), [Msg("table.settings.saved")]
        said = [Msg(f"table.settings.{name}", {"value": Msg("table.settings.on" if value else "table.settings.off")})
                for name, value in found.items()]
        return Public(None, [*lines, Msg("table.settings"), *said])

    async def claim(self, deadline: Deadline) -> bool:
        """Claim a clock this process timed itself: False when the table moved on, or another
        process holds it (it fires it)."""
        return bool(await asyncio.to_thread(self.store.claim_clock, deadline.table_id, deadline.version,
                                            self.wall(), self.lease))

    def prompt(self, channel_id: int, player: Player | int) -> Prompt | None:
        """The prompt `player`'s seat answers now at the channel's table, as `_prompt` makes it
        (with what that seat alone knows of its question, `own`): what a front-end opens a
        player's menu from ("My options", `/table me`, a command's autocomplete). Its `actions`
        are the seat's legal actions, those it may take at any time when nobody asks it, and
        empty when it has nothing to do. None when the channel has no game in play or the user
        plays no seat there."""
        table = self.table(channel_id)
        if table is None or table.state is None or table.status != "active":
            return None
        seat = table.seat_of(player.user_id if isinstance(player, Player) else player)
        return self._prompt(table, seat) if seat is not None else None

    def _prompt_for(self, table: Table, seat: int) -> Prompt | None:
        """`seat`'s prompt, or None when that seat is not a human who may act now."""
        return self._prompt(table, seat) if seat in table.humans_to_act() else None

    def _now(self, table: Table) -> _Now:
        """What every prompt of the table's present moment shares, worked out once."""
        assert table.state is not None  # a seat is prompted only in a game in play
        decision, left = table.decision(), self.decisions.seconds_left(table) if self.clocks else None
        on_clock = self.decisions.on_clock(table) if left is not None else None
        words = registry.plugin(table.game_key).words
        renderer = self._renderer_or_none(table)
        needs_view = renderer is not None or type(words).facts is not Words.facts
        public = table.game.view(table.state, None) if needs_view else {}
        facts = words.facts(public, table.names) if type(words).facts is not Words.facts else {}
        users = tuple(None if s.is_ai else s.user_id for s in table.seats)
        return _Now(decision, left, on_clock, public, facts, renderer, users, self.wall())

    def _renderer_or_none(self, table: Table) -> Renderer | None:
        """The table's renderer, or None when it has none or it cannot be loaded (a prompt
        then goes without square labels, never without its actions)."""
        try:
            return self.images.renderer(table.game_key)
        except Exception:
            log.warning("no renderer for table %s (%s): its prompts carry no square labels", table.id,
                        table.game_key, exc_info=True)
            return None

    def _labels(self, table: Table, now: _Now, actions: list[str]) -> dict[str, str]:
        """{action: the label its square has on the public board} for the actions that have one
        (`Renderer.label_actions`), so that "B · 5,9" on a button is the "B" on the picture. A
        broken renderer costs the labels, never the prompt."""
        if now.renderer is None or not actions:
            return {}
        try:
            found = now.renderer.label_actions(now.public, actions)
            return {a: str(label) for a, label in found.items() if label}
        except Exception:
            log.warning("no square labels for table %s (%s)", table.id, table.game_key, exc_info=True)
            return {}

    def step_labels(self, channel_id: int, actions: Sequence[str]) -> dict[str, str]:
        """{action: label} that the board gives `actions` alone (`Renderer.label_actions` on the
        public view): a step of a menu (one piece's moves) may be marked where the whole prompt
        is not. Empty without a table, a renderer or labels; a broken renderer costs the labels."""
        table = self.table(channel_id)
        if table is None or table.state is None or not actions:
            return {}
        renderer = self._renderer_or_none(table)
        if renderer is None:
            return {}
        try:
            found = renderer.label_actions(table.game.view(table.state, None), list(actions))
        except Exception:
            log.warning("no step labels for table %s (%s)", table.id, table.game_key, exc_info=True)
            return {}
        return {a: str(label) for a, label in found.items() if label}

    def _prompt(self, table: Table, seat: int, now: _Now | None = None) -> Prompt:
        """`seat`'s prompt: its legal actions, and the decision they answer as the game states it
        (its public words, who is asked and who passed, the time left when `seat` is on the
        clock), with what `seat` alone knows of its question (`Game.own_question`), the table's
        facts for the game's words (from the PUBLIC view), the seat names and users, and the
        board's labels of its actions' squares. `now`, when given, is the table's present
        moment (worked out once for all its prompts)."""
        assert table.state is not None  # a seat is prompted only in a game in play
        now = now or self._now(table)
        decision = now.decision
        actions = [str(a) for a in table.game.legal_actions(table.state, seat)]
        user = table.seats[seat].user_id
        assert user is not None  # only a seat a user plays is prompted (`humans_to_act`, `seat_of`)
        return Prompt(table.id, table.version, seat, user, actions,
                      private=table.game.info.hidden_information, about=decision.about,
                      own=table.game.own_question(table.state, seat), asked=tuple(sorted(decision.asked)),
                      passed=tuple(sorted(decision.passed)),
                      deadline=now.left if now.on_clock is not None and seat in now.on_clock.seats else None,
                      timed=now.on_clock is not None and now.on_clock.time_control, game=table.game_key,
                      names=tuple(table.names), users=now.users, facts=now.facts,
                      labels=self._labels(table, now, actions), made=now.made,
                      undo=self.can_undo(table, seat))

    def _prompts(self, table: Table) -> tuple[list[Prompt], _Now | None]:
        """A prompt for every human who may act now (whose turn it is is asked once), and what
        they share (`_now`: the public view among it, which the channel's board then reuses)."""
        seats = table.humans_to_act()
        if not seats:
            return [], None
        now = self._now(table)
        return [self._prompt(table, s, now) for s in seats], now

    async def _public(self, table: Table, lines: list[Msg], ping: frozenset[int] = frozenset()
                      ) -> tuple[Public, list[Prompt]]:
        """The channel's notice: these lines, whose turn it is, the public board marking the first
        prompt's moves, and that prompt; with every prompt (the others stand alone).

        When several humans may act at once (a card-play window: six players may be asked
        together) the channel gets one `table.may_act` line naming them all, not one "your
        turn" line each; who may still act is public (the passes are), what they hold is not.
        `ping`: the seats whose prompts ping their player (a change's notices: `_notices`)."""
        prompts, now = self._prompts(table)
        for prompt in prompts:
            prompt.ping = prompt.seat in ping
        first = prompts[0] if prompts else None
        lines = [*lines, *turn_lines(table, [p.seat for p in prompts])]
        # Where moves are secret, the channel's board must not mark what the player to act may do.
        # The public view the prompts' facts were read from is the board's too: one per change.
        view = now.public if now is not None and now.public else None
        image, alt = await self.images.picture(table, None, None if first is None or first.private else first, view)
        # What the seat alone knows of its question never rides on the channel's notice.
        shown = replace(first, own=None) if first is not None and first.own is not None else first
        over = table.status == "finished"  # the game's last message: it offers to play again
        return Public(table.id, lines, image, shown, names=table.names, over=over, alt=alt), prompts

    async def _notices(self, table: Table, out: _Out) -> list[Notice]:
        """The channel's notice, then ONE `Private` per human seat that has news (its private
        events, then its secrets when they changed, with the hand image), then the other prompts.
        The call's action not written yet is written with them (`_keep`). When they fail (that
        write among them), the secrets they carried count as not sent."""
        sent = self.secrets.kept(table.id)
        try:
            return await self._told(table, out)
        except BaseException:
            self.secrets.restore(table.id, sent)
            raise

    async def _told(self, table: Table, out: _Out) -> list[Notice]:
        self.decisions.track(table)
        await self._save_clock(table)
        # The channel pings a seat once per decision: when it is first asked in it.
        ping = self.decisions.to_ping(table) if table.status == "active" else frozenset()
        public, prompts = await self._public(table, out.public[out.heard:], ping)
        notices: list[Notice] = [public]
        for seat, info in enumerate(table.seats):
            if info.user_id is None or info.is_ai:
                continue
            secrets_now = self.secrets.changed(table, seat)
            lines = [*out.private.get(seat, []), *secrets_now]
            if lines:
                image, alt = await self.images.hand_picture(table, seat) if secrets_now else (None, {})
                notices.append(Private(table.id, seat, info.user_id, lines, image, names=table.names, alt=alt))
        return await self._keep(table, [*notices, *prompts[1:]])

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
