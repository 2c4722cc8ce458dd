"""The answers' part of the table service: what a change says, all in one (`notices`): the
channel's notice (its lines, whose turn it is, the public board marking the first prompt's
moves), one `Private` per human seat with news (its private events, its secrets when they
changed, with the hand image), and a prompt for every human who may act now, each carrying the
decision, its clock and whether its seat may take back its last action. They are kept in the
outbox with the call's action not written yet, in one transaction.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from gavel.tables.decisions import OnClock, clock_text, turn_lines
from gavel.tables.ground import Ground
from gavel.tables.hands import Secrets
from gavel.tables.images import Images, Sketch
from gavel.tables.inbox import Inbox
from gavel.tables.notices import Notice, Private, Prompt, Public
from gavel.tables.outbox import Outbox
from gavel.tables.table import Player, Table
from gavel.tables.writes import UndoPoints
from rules import registry
from rules.core import Decision, IllegalAction, Msg

if TYPE_CHECKING:
    from renderer import Renderer

log = logging.getLogger(__name__)


@dataclass
class _Out:
    """Lines gathered while a call runs, before they become notices."""

    public: list[Msg] = field(default_factory=list)
    private: dict[int, list[Msg]] = field(default_factory=lambda: defaultdict(list))
    heard: int = 0
    """How many of `public` the service's `live` listener was already given (then not repeated
    in the call's notice)."""
    away: list[int] = field(default_factory=list)
    """The seats the AI took for their away players meanwhile (`Public.away`)."""
    lang: str | None = None
    """The language the caller reads the channel in: the channel's notice comes worded in it."""
    actor: int | None = None
    """The seat whose own action made the call (None: a clock, the AI, a restart): the notice that
    answers its click pings nobody at that seat, which reads its buttons in that very message."""
    before: Decision | None = None
    """The decision open when the call began (set by the calls that may pass in a window): when
    the call only passed (`moved` unset) and that window is still open, the channel is told
    nothing (`Answers.notices`): passes are shown when the window closes."""
    moved: bool = False
    """An action other than a pass was applied in the call."""
    waited: frozenset[int] = frozenset()
    """The seats whose own passes, given by hand during a window's hold, the call applied when
    the hold ended: like `actor`, the notice that follows their click pings nobody at them."""
    ahead: list[Notice] = field(default_factory=list)
    after: list[Notice] = field(default_factory=list)
    """Notices the call made itself, kept in the same transaction as the channel's notice, before
    it (a substitute's briefing) or after it (a seat offered to a new player)."""


def highlighted(table: Table, lines: Sequence[Msg]) -> bool:
    """Whether a change's public lines tell one of the game's highlighted events
    (`GameInfo.highlights`), each line of an event named by its kind (`Game.describe`)."""
    kinds = table.game.info.highlights
    if not kinds:
        return False
    keys = {f"{table.game_key}.event.{kind}" for kind in kinds}
    return any(line.key in keys for line in lines)


@dataclass(frozen=True)
class _Now:
    """What every prompt of one moment of a table shares (`Answers.now`)."""

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


class Answers:
    """The prompts and notices of a table's present moment (it keeps nothing of its own)."""

    def __init__(self, ground: Ground, images: Images, secrets: Secrets, outbox: Outbox,
                 undo_points: UndoPoints, inbox: Inbox | None = None) -> None:
        self._tables, self._access, self._writes, self._timing = ground
        self._images, self._secrets, self._outbox, self._undo_points = images, secrets, outbox, undo_points
        self._inbox = inbox
        self.mentions = False
        """Whether the front-end says whose turn it is itself, from the prompt (Discord mentions the
        players to act): the channel's notice then carries no "your turn" / "may act" line."""
        self.escape: Callable[[str], str] | None = None
        """How the front-end shows names and other text not ours in the lines it is given worded
        (`Public.said`): Discord escapes markdown and mentions; None shows them as they are."""

    async def save_clock(self, table: Table) -> None:
        """Store the clock of the decision open now when it changed other than by an action (an
        action stores it with itself: `_step`), e.g. a game that starts with a window, a seat the
        AI took over; only while the table is still at this version."""
        if not self._timing.enabled:
            return
        row = self._timing.row(table)
        unsaved = self._writes.pending(table.id)
        if unsaved is not None:  # the action not written yet is written with the clock as it is now
            unsaved.clock = row
            return
        if self._timing.is_stored(table.id, row):
            return
        if await asyncio.to_thread(self._tables.store.set_clock, table.id, table.version, clock_text(row)):
            self._timing.stored(table.id, row)

    async def save_queued(self, table: Table) -> None:
        """Store the clock of a window after a pass was queued for its hold (`Clocks.queue`),
        merged with the stored one (`TableStore.queue_clock`), so passes another process queued
        in the same window meanwhile are kept, and taken up here (`Clocks.adopt`)."""
        if not self._timing.enabled or self._writes.pending(table.id) is not None:
            await self.save_clock(table)
            return
        row = self._timing.row(table)
        text = clock_text(row)
        if row is None or text is None:
            await self.save_clock(table)
            return
        merged = await asyncio.to_thread(self._tables.store.queue_clock, table.id, table.version, text)
        if merged is not None:
            self._timing.stored(table.id, row)
            self._timing.adopt(table, merged)

    def prompt(self, channel_id: int, player: Player | int, *, labels: bool = True) -> Prompt | None:
        """The prompt `player`'s seat answers now at the channel's table, as `prompt_of` makes it
        (with what that seat alone knows of its question, `own`): what a front-end opens a
        player's menu from ("My options", `/table me`, a command's autocomplete). Its `actions`
        are the seat's legal actions, those it may take at any time when nobody asks it, and
        empty when it has nothing to do. None when the channel has no game in play or the user
        plays no seat there. `labels=False`: without the board's square labels (no renderer is
        asked): all a click needs to be decoded, lighter than a prompt to show."""
        table = self._tables.table(channel_id)
        if table is None or table.state is None or table.status != "active":
            return None
        seat = table.seat_of(player.user_id if isinstance(player, Player) else player)
        return self.prompt_of(table, seat, self.now(table, labels=labels)) if seat is not None else None

    async def for_click(self, channel_id: int, player: Player, table_id: int, version: int, *,
                        fresh: bool = False) -> tuple[Table, Prompt | None]:
        """What a click on a menu made at `version` of table `table_id` is decoded from, in one
        light call: the table (as this process holds it, else, or when `fresh` or behind the
        button, as stored) and the clicker's prompt without the board's labels (None when they
        play no seat or have nothing to do). `stale_button` when the button's table is not the
        channel's open one, or its decision is gone (`Decisions.answering`)."""
        table = self._tables.table(channel_id)
        if table is None or table.id != table_id or version > table.version or fresh:
            table = await self._access.peek(channel_id)  # never waits for a change in progress
        if table is None or table.id != table_id or table.status != "active" \
                or not self._timing.decisions.answering(table, version):
            raise IllegalAction("stale_button")
        seat = table.seat_of(player.user_id) if table.state is not None else None
        return table, self.prompt_of(table, seat, self.now(table, labels=False)) if seat is not None else None

    def prompt_for(self, table: Table, seat: int) -> Prompt | None:
        """`seat`'s prompt, or None when that seat is not a human who may act now."""
        return self.prompt_of(table, seat) if seat in table.humans_to_act() else None

    def now(self, table: Table, *, labels: bool = True) -> _Now:
        """What every prompt of the table's present moment shares, worked out once (`labels`:
        with the renderer that labels the actions' squares)."""
        assert table.state is not None  # a seat is prompted only in a game in play
        decision, left = table.decision(), self._timing.decisions.seconds_left(table) if self._timing.enabled else None
        on_clock = self._timing.decisions.on_clock(table) if left is not None else None
        words = registry.plugin(table.game_key).words
        renderer = self.renderer_or_none(table) if labels else None
        needs_view = renderer is not None or words.reads_facts
        public = table.game.view(table.state, None) if needs_view else {}
        facts = words.facts(public, table.names) if words.reads_facts else {}
        users = tuple(None if s.is_ai else s.user_id for s in table.seats)
        return _Now(decision, left, on_clock, public, facts, renderer, users, self._timing.wall())

    def renderer_or_none(self, table: Table) -> Renderer | None:
        """The table's renderer, or None when it has none or it cannot be loaded (a prompt
        then goes without square labels, never without its actions)."""
        try:
            return self._images.renderer(table.game_key)
        except Exception:
            log.warning("no renderer for table %s (%s): its prompts carry no square labels", table.id,
                        table.game_key, exc_info=True)
            return None

    def labels(self, table: Table, now: _Now, actions: list[str]) -> dict[str, str]:
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
        table = self._tables.table(channel_id)
        if table is None or table.state is None or not actions:
            return {}
        renderer = self.renderer_or_none(table)
        if renderer is None:
            return {}
        try:
            found = renderer.label_actions(table.game.view(table.state, None), list(actions))
        except Exception:
            log.warning("no step labels for table %s (%s)", table.id, table.game_key, exc_info=True)
            return {}
        return {a: str(label) for a, label in found.items() if label}

    def prompt_of(self, table: Table, seat: int, now: _Now | None = None) -> Prompt:
        """`seat`'s prompt: its legal actions, and the decision they answer as the game states it
        (its public words, who is asked and who passed, the time left when `seat` is on the
        clock), with what `seat` alone knows of its question (`Game.own_question`), the table's
        facts for the game's words (from the PUBLIC view), the seat names and users, and the
        board's labels of its actions' squares. `now`, when given, is the table's present
        moment (worked out once for all its prompts)."""
        assert table.state is not None  # a seat is prompted only in a game in play
        now = now or self.now(table)
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
                      labels=self.labels(table, now, actions), made=now.made,
                      undo=self._undo_points.can_undo(table, seat))

    def prompts(self, table: Table) -> tuple[list[Prompt], _Now | None]:
        """A prompt for every human who may act now (whose turn it is is asked once), and what
        they share (`now`: the public view among it, which the channel's board then reuses)."""
        seats = table.humans_to_act()
        if not seats:
            return [], None
        now = self.now(table)
        return [self.prompt_of(table, s, now) for s in seats], now

    async def public(self, table: Table, lines: list[Msg], ping: frozenset[int] = frozenset(), *,
                     away: bool = False, later: bool = False) -> tuple[Public, list[Prompt]]:
        """The channel's notice: these lines, whose turn it is, the public board marking the first
        prompt's moves, and that prompt; with every prompt (the others stand alone).

        When several humans may act at once (a card-play window: six players may be asked
        together) the channel gets one `table.may_act` line naming them all, not one "your
        turn" line each; who may still act is public (the passes are), what they hold is not.
        `ping`: the seats whose prompts ping their player (a change's notices: `notices`); `away`:
        the AI took a seat for its away player (`Public.away`). Where the front-end names the
        players to act from the prompt itself (`mentions`), no line says it again. `later`: the
        board is only made ready (`Images.board_sketch`), drawn once the table's lock is let go
        (`Public.later`, run by `Access.on_table`)."""
        prompts, now = self.prompts(table)
        for prompt in prompts:
            prompt.ping = prompt.seat in ping
        first = prompts[0] if prompts else None
        lines = [*lines, *([] if self.mentions else turn_lines(table, [p.seat for p in prompts], waited=True))]
        # Where moves are secret, the channel's board must not mark what the player to act may do.
        # The public view the prompts' facts were read from is the board's too: one per change.
        view = now.public if now is not None and now.public else None
        marked = None if first is None or first.private else first
        sketch = self._images.board_sketch(table, None, marked, view)
        image, alt, board = (None, {}, None) if later else await self._images.draw(sketch)
        # What the seat alone knows of its question never rides on the channel's notice.
        shown = replace(first, own=None) if first is not None and first.own is not None else first
        over = table.status == "finished"  # the game's last message: it offers to play again
        undo_seat = self._undo_points.seat(table)
        undo = (undo_seat, table.version) if undo_seat is not None else None
        public = Public(table.id, lines, image, shown, names=table.names, over=over, alt=alt, away=away,
                        undo=undo, board=board)
        if later and sketch is not None:
            public.later = self._drawing(public, sketch)
        return public, prompts

    def _drawing(self, notice: Public | Private, sketch: Sketch) -> Callable[[], Awaitable[None]]:
        """How `notice`'s sketched picture is drawn once the table's lock is let go: its image, its
        words and its text filled in, and the image kept with its outbox row (`Outbox.pictures`)."""
        async def draw() -> None:
            notice.image, notice.alt, notice.board = await self._images.draw(sketch)
            if notice.image is not None and notice.outbox is not None:
                self._outbox.pictures.put(notice.outbox, notice.image, notice.alt)

        return draw

    def waiting(self, table: Table) -> list[Notice]:
        """The turn inboxes' note of a change made outside `notices` (a game cancelled: it waits
        on nobody any more), when a wait moved; not kept in the outbox."""
        found = self._inbox.note(table) if self._inbox is not None else None
        return [found] if found is not None else []

    async def keep(self, table: Table, notices: list[Notice]) -> list[Notice]:
        """Notices made by the caller kept in the outbox with the call's writes (`Outbox.keep`)."""
        return await self._outbox.keep(table, notices)

    async def notices(self, table: Table, out: _Out) -> list[Notice]:
        """The channel's notice, then ONE `Private` per human seat that has news (its private
        events, then its secrets when they changed, with the hand image), then the other prompts.
        The call's action not written yet is written with them (`Outbox.keep`). When they fail (that
        write among them), the secrets they carried count as not sent."""
        if not table.game.info.has_secrets:  # nothing kept per seat: nothing to put back
            return await self._told(table, out)
        sent = self._secrets.kept(table.id)
        try:
            return await self._told(table, out)
        except BaseException:
            self._secrets.restore(table.id, sent)
            raise

    async def hand_over(self, notices: list[Notice]) -> None:
        """Kept notices no caller delivers (`Outbox.hand_over`): the outbox's resender sends them."""
        await self._outbox.hand_over(notices)

    def secrets_told(self, table: Table, seat: int) -> None:
        """What `seat` holds now was told its player some other way (a substitute's briefing):
        its next change alone is sent (`Secrets.told`)."""
        self._secrets.told(table, seat)

    def still_open(self, table: Table, out: _Out) -> bool:
        """Whether the call only passed in a window that is still open (see `_Out.before`): what
        the channel would hear then (who passed, and when) could tell a seat whose pass came
        from a standing order from one who passed by hand, so it hears it when the window closes."""
        return (out.before is not None and not out.moved and table.status == "active" and self._timing.window_hold > 0
                and self._timing.window(table) and table.decision().same(out.before))

    async def _told(self, table: Table, out: _Out) -> list[Notice]:
        self._timing.decisions.track(table)
        await self.save_clock(table)
        notices: list[Notice] = []
        if self.still_open(table, out):  # nothing public, no new prompt: private news alone
            await self._privates(table, out, notices)
            return await self._outbox.keep(table, [*out.ahead, *notices, *out.after])
        # The channel pings a seat once per decision (or per turn, `Decision.turn`): when it is first
        # asked in it, and never the seat whose own click this answers, nor one whose pass waits
        # for the window's hold (its standing order answers for it; the mention still shows).
        quiet = out.waited if out.actor is None else out.waited | {out.actor}
        quiet |= frozenset(self._timing.waiting_passes(table))
        ping = self._timing.decisions.to_ping(table, quiet) if table.status == "active" else frozenset()
        public, prompts = await self.public(table, out.public[out.heard:], ping, away=bool(out.away), later=True)
        public.version = table.version  # a change's notice: it may join the table's live message
        public.highlight = highlighted(table, out.public)
        if out.lang is not None:  # worded here, where the lines are made (`Public.said`)
            public.said = (out.lang, public.text(out.lang, self.escape))
        notices.append(public)
        await self._privates(table, out, notices)
        # The players' turn inboxes: who the table waits on now, when that moved (never while a
        # window only took passes: see `still_open`).
        waiting = self._inbox.note(table) if self._inbox is not None else None
        kept = await self._outbox.keep(table, [*out.ahead, *notices, *out.after, *prompts[1:],
                                               *([waiting] if waiting else [])])
        public.timer = self._timing.timer(table)  # as written: the front-end arms it without asking
        return kept

    async def _privates(self, table: Table, out: _Out, notices: list[Notice]) -> None:
        """One `Private` per human seat with news (its private events, its secrets when they
        changed, with the hand image), appended to `notices`."""
        for seat, info in enumerate(table.seats):
            if info.user_id is None or info.is_ai:
                continue
            secrets_now = self._secrets.changed(table, seat) if table.game.info.has_secrets else []
            lines = [*out.private.get(seat, []), *secrets_now]
            if lines:
                private = Private(table.id, seat, info.user_id, lines, names=table.names)
                sketch = self._images.hand_sketch(table, seat) if secrets_now else None
                if sketch is not None:  # drawn once the table's lock is let go
                    private.later = self._drawing(private, sketch)
                notices.append(private)

