"""TableService: lobbies, seats, turns, AI seats and persistence for every game, generically.

The API the front-ends call (the cogs, the console, the tests), whatever the game:
- `TableService(db_path=None, renderers=None, *, ais=None)`: `renderers` maps a game key to a
  `renderer.Renderer` or to None (no images); other games draw with the renderer their plug-in
  names (`rules.plugin.Plugin.renderer`, imported on first use). `ais` maps a game key to a
  policy `choose(game, state, seat)`; other games import `rules.<key>.ai`.
- `create(..., sit=True, dice=None, lang=None)`: `sit=False` makes a lobby whose host does not
  play (an all-AI table); `dice` scripts the dice thrown at that table (local play `--dice`);
  `lang` is the language of the table's images (default English), kept for its whole life.
- Every renderer gets `names` (seat -> display name, AI seats included), `text` (message id
  -> text in the reader's language) and `texts` (the same for every language): the renderer
  draws in the players' words without importing the translation layer (`tables.images`).
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
  open now runs out (some human to act has a `game.timeout_action`), `expire(channel_id,
  version)` applies those timeout actions; `tables.clock.WindowClock` keeps the time. A
  window's clock runs from when it opened or a card was last played in it (a pass does not
  restart it); `TableService(..., clock=time.monotonic)` lets tests move time by hand.
- Secrets: after every change, each human seat whose `game.secrets(state, seat)` changed gets
  them in its one `Private` of that call (with its private events and, when the renderer has
  `render_hand(view, ...)`, a hand image). `hand(channel_id, player)` shows them on request.
- When several humans may act at once (a card-play window), the channel's `Public` says who
  may still act in one line (`table.may_act`) and carries the first prompt; the others follow
  as standalone `Prompt`s (for a hidden-information game they are all `private`, and one
  "show my actions" button serves them all).

The service is one object made of parts, one module each: `tables.lobby` (opening, seating,
starting, cancelling), `tables.play` (actions, AI seats playing, resigning, the end),
`tables.ai_turns` (AI policies and when they play on), `tables.restoring` (start-up, broken
tables, replay and export), `tables.images` (pictures), `tables.hands` (secrets, `me`, `hand`),
`tables.outbox` (notices kept until delivered) and `tables.views` (board, log, status, stats);
their shared state and lookups are `tables.base.ServiceBase`. This module holds the facade, the
decision open now and its clock, and the notices a change returns.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.core import Game, Msg, SeatName
from tables import ai as ai_seats
from tables import i18n
from tables.ai_turns import AITurns
from tables.base import STATUS, _Out, game_name, get_game, installed, lobby_hint, variant_lines, variant_name
from tables.clock import Deadline
from tables.hands import Hands
from tables.images import Images
from tables.lobby import Lobby
from tables.notices import Notice, Private, Prompt, Public
from tables.outbox import Outbox
from tables.play import Play
from tables.restoring import BrokenTable, Restoring
from tables.store import Store
from tables.table import Player, SeatInfo, Table
from tables.views import Views

if TYPE_CHECKING:
    from renderer import Renderer

__all__ = [
    "STATUS", "BrokenTable", "Deadline", "Player", "SeatInfo", "Table", "TableService", "_Out",
    "game_name", "get_game", "installed", "lobby_hint", "variant_lines", "variant_name",
]

def clock_lines(table: Table) -> list[Msg]:
    """How long a card-play window waits, for games that have such windows (their engine says
    what a player does when time runs out: `Game.timeout_action`); nothing for the others. A
    game whose clock is not a window's says it in its own words (`<game>.clock`, `<game>.no_clock`,
    e.g. Judtho's minutes per move)."""
    if type(table.game).timeout_action is Game.timeout_action:
        return []
    key = "no_clock" if table.timeout <= 0 else "clock"
    params = {"seconds": f"{table.timeout:g}", "minutes": f"{table.timeout / 60:g}"} if table.timeout > 0 else {}
    return [Msg(i18n.own_or(table.game_key, key, f"table.{key}"), params)]


def turn_lines(table: Table, seats: list[int]) -> list[Msg]:
    """Whose turn it is: "X, it is your turn", or, when several may act at once (a card-play
    window of six), one line naming them all."""
    if len(seats) > 1:
        return [Msg("table.may_act", {"players": i18n.Listed.of(table.seat_name(s) for s in seats)})]
    return [Msg("table.your_turn", {"player": SeatName(s)}) for s in seats]


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


class TableService(Lobby, Play, AITurns, Restoring, Images, Hands, Outbox, Views):
    """Every table of the bot (or of a local game), for every game alike: the one object the
    front-ends call. Its parts are in the modules named in `tables.base`; here are its state,
    the decision open now and its clock, and the notices a change returns."""

    def __init__(self, db_path: Any = None, renderers: Mapping[str, Renderer | None] | None = None, *,
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
        self._now = clock
        self._windows: dict[int, tuple[frozenset[int], float]] = {}
        """Per table: the humans a window's clock runs for, and when it started (memory only)."""
        self._renderer_overrides = dict(renderers or {})
        self._renderers: dict[str, Renderer | None] = {}
        self._ais = ais
        self._by_id: dict[int, Table] = {}
        self._by_channel: dict[int, Table] = {}
        self._draws: dict[int, list[int]] = {}
        """Per table: recorded draws still to be fed back (a replayed record's `--draws`; memory only)."""
        self.langs: dict[int, str] = {}
        """user id -> the language that user reads (the bot fills it from their Discord client; memory
        only): an image drawn for one seat alone (its hand, its role card, its board) is drawn in
        its reader's language, the channel's in the table's."""
        self._decisions: dict[int, tuple[frozenset[int], int]] = {}
        """Per table: the seats asked by the decision open now, and the version it opened at
        (memory only: after a restart a decision counts from the version the table came back at)."""
        self._sent: dict[tuple[int, int], list[Msg]] = {}
        """The secrets last sent to each (table id, seat): memory only, so a restart re-sends nothing."""
        self.broken: dict[int, BrokenTable] = {}
        """channel id -> the open table there that `restore` could not load (reported, never skipped)."""

    def answering(self, table: Table, version: int) -> bool:
        """Whether a command or click made when the table was at `version` still answers the
        decision open now: the same version, or the same decision that only other seats' passes
        have moved on since (a card-play window where someone passed). Anything else (a move, a
        card played, a new turn) means the player answered a position that is gone."""
        if version == table.version:
            return True
        known = self._decisions.get(table.id)
        return known is not None and known[1] <= version <= table.version

    def _track_decision(self, table: Table, out: _Out) -> None:
        """After a change: the decision open now goes on (only passes, exactly those seats left
        it, and everyone still asked may still pass: the same card-play window) and keeps the
        version it opened at, or a new one opens at this version."""
        if table.status != "active":
            self._decisions.pop(table.id, None)
            return
        asked = frozenset(table.to_act())
        known = self._decisions.get(table.id)
        window = table.state is not None and all(table.game.timeout_action(table.state, s) is not None for s in asked)
        same = known is not None and out.only_timeouts and window and known[0] - out.passed == asked
        self._decisions[table.id] = (asked, known[1] if same and known is not None else table.version)

    # ------------------------------------------------------------------ the window clock
    def deadline(self, channel_id: int) -> Deadline | None:
        """When the decision open now runs out by itself: the table has a clock and some human
        to act has a timeout action (a card-play window's `pass`). None otherwise (no table, no
        clock, a decision only that player can make, or only AI seats to act).

        `seconds` is the time left: a window's clock starts when it opens or a card is played in
        it; a pass does not give the others a fresh minute (a window closes when all have
        passed, or after the table's clock)."""
        table = self.table(channel_id)
        if table is None or table.status != "active" or table.state is None or table.timeout <= 0:
            return None
        seats = frozenset(self._timed_out_seats(table))
        if not seats:
            return None
        known = self._windows.get(table.id)
        if known is None or known[0] != seats:  # a window nobody timed yet (e.g. after a restart)
            known = self._windows[table.id] = (seats, self._now())
        left = max(0.0, table.timeout - (self._now() - known[1]))
        return Deadline(table.id, channel_id, table.version, left)

    def _time_window(self, table: Table, out: _Out) -> None:
        """After a change: the same window goes on (only passes, and exactly those seats left it)
        and keeps its start, or a new one (or a card played in it) starts the clock afresh."""
        seats = frozenset(self._timed_out_seats(table)) if table.status == "active" and table.timeout > 0 else None
        known = self._windows.pop(table.id, None)
        if not seats:
            return
        same = known is not None and out.only_timeouts and known[0] - out.passed == seats
        self._windows[table.id] = (seats, known[1] if same and known is not None else self._now())

    async def expire(self, channel_id: int, version: int) -> list[Notice]:
        """The clock ran out at `version`: every human still to act who has a timeout action
        takes it (a public `table.timed_out` names them), AI seats play on, and the usual notices
        come back. Nothing at all (`[]`) when the table moved on since (a stale timer)."""
        table = self.table(channel_id)
        if table is None:
            return []
        async with table.lock:
            if table.status != "active" or table.state is None or table.version != version:
                return []
            seats = self._timed_out_seats(table)
            if not seats:
                return []
            names = i18n.Listed.of(table.seat_name(s) for s in seats)
            out = _Out([Msg("table.timed_out", {"players": names})])
            for seat in seats:
                # One seat's pass may close the window and open the next decision: each takes its
                # timeout action only while it is still to act in the one that ran out.
                if table.status != "active" or seat not in table.humans_to_act():
                    continue
                action = table.game.timeout_action(table.state, seat)
                if action is not None:
                    await self._step(table, seat, str(action), out)
            await self._run_ai(table, out)
            return await self._notices(table, out)

    @staticmethod
    def _timed_out_seats(table: Table) -> list[int]:
        """The humans to act whose decision has a clock (the game says what they do when it runs out)."""
        state = table.state
        if state is None:
            return []
        return [s for s in table.humans_to_act() if table.game.timeout_action(state, s) is not None]

    def _prompt_for(self, table: Table, seat: int) -> Prompt | None:
        """`seat`'s prompt, or None when that seat is not a human who may act now."""
        return self._prompt(table, seat) if seat in table.humans_to_act() else None

    def _prompt(self, table: Table, seat: int) -> Prompt:
        actions = [str(a) for a in table.game.legal_actions(table.state, seat)]
        return Prompt(table.id, table.version, seat, table.seats[seat].user_id, actions,  # type: ignore[arg-type]
                      private=table.game.info.hidden_information)

    def _prompts(self, table: Table) -> list[Prompt]:
        """A prompt for every human who may act now (whose turn it is is asked once)."""
        return [self._prompt(table, s) for s in table.humans_to_act()]

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
        return Public(table.id, lines, image, first, names=table.names), prompts

    async def _notices(self, table: Table, out: _Out) -> list[Notice]:
        """The channel's notice, then ONE `Private` per human seat that has news (its private
        events, then its secrets when they changed, with the hand image), then the other prompts."""
        self._time_window(table, out)
        self._track_decision(table, out)
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

    def close(self) -> None:
        """Stop the AI workers and close the database (at shut-down)."""
        self._thinking.close()
        self.store.close()
