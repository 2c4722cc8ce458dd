"""The turn inbox: one direct message per player, edited in place, listing every table on every
server that waits on them (`/table settings inbox:on`), and `/games`, the same list privately.

A change's notices end with a `Waiting` when the waits of its table changed (`Inbox.note`): each
human player's wait, in public words only (the game, the channel, what the decision asks as the
game states it in public, `Decision.about`, when its clock runs out and how many other seats it
asks), never a hand, a role or what a seat alone knows of its question (`Prompt.own`). It is kept
in the outbox with the change, so whichever process delivers the channel's notices notes the
waits in the database (`inbox_wait`: an older version never takes a newer one's place) and
shows again the inbox of each player whose wait changed (`Inbox.refresh`). The inbox is read
from the database alone (`inbox_waiting`: the tables in play that wait on the player), so any
process, or the bot after a restart, shows the same, and edits the same message: its channel,
id and what it shows are stored (`inboxes`), written by compare-and-swap (`rev`).

It never spams: a new message is posted only when the player had none, or when the first table
starts waiting on them after a quiet period (`QUIET`: no table waited on them meanwhile); else
the message is edited (Discord notifies nobody of an edit). `digest` instead: at most one new
message a day (`DIGEST_EVERY`), posted when a table waits on them, never edited.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from gavel.tables import i18n
from gavel.tables.games import game_name, installed
from gavel.tables.notices import Waiting, decode, encode, seat_label
from gavel.tables.registry import Tables
from gavel.tables.store import dumps, loads
from gavel.tables.table import Table
from gavel.tables.timing import Clocks
from rules.core import Msg, SeatName, seats_before

QUIET = 30 * 60.0
"""Seconds without any table waiting on a player after which the next wait gets a new message
(which notifies them) rather than an edit of the old one."""
DIGEST_EVERY = 24 * 3600.0
"""Seconds between two digests (`inbox: digest`)."""
POSTING = 60.0
"""Seconds a process holds a player's inbox while it posts its new message: another finds it
held and leaves it (the poster shows what changed meanwhile once it has posted)."""
DEADLINE_STEPS = 96
"""A deadline is shown to 1/96 of its clock (`Inbox.waits`)."""
MODES = ("on", "off", "digest")
"""The `inbox` setting's values: a live message, none, or a daily digest."""


@dataclass(frozen=True)
class Wait:
    """A table waiting on one player, in public words only."""

    table_id: int
    guild_id: int | None
    channel_id: int
    game: str
    """The game's key (its name is worded by the reader)."""
    seat: int
    about: Msg | None
    """What the decision asks, in public words (`Decision.about`); None: a plain turn."""
    names: tuple[str, ...]
    """The seat names, for the `SeatName`s in `about`."""
    ends: float | None
    """When the seat's clock runs out (wall-clock seconds, to 1/96 of the clock); None: no clock."""
    others: int
    """How many other seats the decision asks at the same time."""
    ahead: int = 0
    """0: the table waits on them now. Else the table waits on another seat, and this many seats
    take their turn before theirs (`Game.turn_order`: public); the inbox lists it as coming up."""

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table_id, "guild": self.guild_id, "channel": self.channel_id, "game": self.game,
                "seat": self.seat, "about": encode(self.about), "names": list(self.names), "ends": self.ends,
                "others": self.others, **({"ahead": self.ahead} if self.ahead else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Wait:
        return cls(int(data["table"]), data.get("guild"), int(data["channel"]), str(data["game"]), int(data["seat"]),
                   decode(data.get("about")), tuple(data.get("names") or ()), data.get("ends"),
                   int(data.get("others") or 0), int(data.get("ahead") or 0))


def waits_of(table: Table, ends: float | None, clocked: frozenset[int] = frozenset()) -> dict[int, Wait | None]:
    """The table's wait on each of its human players (None: it waits not on them): a player is
    waited on when the decision open now asks their seat (a seat the AI plays while its player is
    away is not theirs to answer). `ends`: when the clock of the `clocked` seats runs out. A player
    not asked now whose turn the game's order of turns foretells (`rules.core.seats_before`) has
    a wait coming up (`Wait.ahead`: the seats before theirs)."""
    decision = table.decision()
    found: dict[int, Wait | None] = {}
    for seat, info in enumerate(table.seats):
        if info.user_id is None:
            continue
        known = found.get(info.user_id)
        if seat in decision.asked and not info.is_ai and (known is None or known.ahead):
            found[info.user_id] = Wait(table.id, table.guild_id, table.channel_id, table.game_key, seat,
                                       decision.about, tuple(table.names), ends if seat in clocked else None,
                                       len(decision.asked) - 1)
            continue
        found.setdefault(info.user_id, None)
        if info.is_ai or table.state is None:
            continue
        ahead = seats_before(table.game, table.state, seat)
        known = found[info.user_id]
        if ahead and (known is None or known.ahead > ahead):
            found[info.user_id] = Wait(table.id, table.guild_id, table.channel_id, table.game_key, seat, None,
                                       tuple(table.names), None, 0, ahead)
    return found



def digest_of(waits: list[Wait]) -> str:
    """A short digest of what an inbox shows: two lists alike have the same."""
    text = json.dumps([w.to_json() for w in waits], sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def inbox_lines(waits: list[Wait], lang: str, *, link: Callable[[Wait], str],
                when: Callable[[float], str], escape: Callable[[str], str] | None = None) -> list[str]:
    """The inbox as the player reads it: a title, then one line per table (the game, a link to its
    channel, what is asked, the deadline, how many others are asked too), or a line saying that
    nothing waits; then the tables coming up, the nearest first, each with how many seats act
    before the player. `link` and `when` are the front-end's: a channel link, a time that counts
    down."""
    now = [w for w in waits if not w.ahead]
    lines = [i18n.ngettext("table.inbox.title", len(now), lang, count=len(now)) if now
             else i18n.gettext("table.inbox.empty", lang)]
    coming = sorted((w for w in waits if w.ahead), key=lambda w: w.ahead)
    for wait in now:
        name = i18n.render(game_words(wait.game), lang)
        asked = i18n.render(wait.about, lang, functools.partial(seat_label, wait.names), escape) \
            if wait.about is not None else i18n.gettext("table.inbox.your_move", lang)
        parts = [i18n.gettext("table.inbox.line", lang, game=name, channel=link(wait), asked=asked)]
        if wait.ends is not None:
            parts.append(i18n.gettext("table.inbox.ends", lang, when=when(wait.ends)))
        if wait.others:
            parts.append(i18n.ngettext("table.inbox.others", wait.others, lang, count=wait.others))
        lines.append(i18n.sentences(parts, lang))
    if coming:
        lines.append(i18n.gettext("table.inbox.coming", lang))
    for wait in coming:
        name = i18n.render(game_words(wait.game), lang)
        lines.append(i18n.ngettext("table.inbox.ahead", wait.ahead, lang, game=name, channel=link(wait),
                                   count=wait.ahead))
    return lines


def local_lines(table: Table, waits: dict[int, Wait | None]) -> list[Msg]:
    """`games` in local play: for each human player at the one table, whether it waits on them,
    in the inbox's words (no channel link, no clock: local play runs none). The seat names of the
    lines are the table's (`Public.names`)."""
    lines: list[Msg] = []
    for seat, info in enumerate(table.seats):
        if info.user_id is None or info.is_ai or table.seat_of(info.user_id) != seat:
            continue
        wait = waits.get(info.user_id)
        if wait is None or wait.ahead:
            lines.append(Msg("table.games.none", {"player": SeatName(seat)}))
            if wait is not None:
                lines.append(Msg("table.games.ahead", {"count": wait.ahead}, count=wait.ahead))
            continue
        lines.append(Msg("table.games.player", {"player": SeatName(seat)}))
        asked = wait.about if wait.about is not None else Msg("table.inbox.your_move")
        lines.append(Msg("table.inbox.line", {"game": game_words(wait.game), "channel": Msg("table.games.here"),
                                              "asked": asked}))
        if wait.others:
            lines.append(Msg("table.inbox.others", {"count": wait.others}, count=wait.others))
    return lines


def game_words(key: str) -> Msg | str:
    """A game's name by its key, to word (the key itself for a game no longer installed)."""
    game = installed(key)
    return game_name(game) if game is not None else key


class Messenger(Protocol):
    """How a front-end posts and edits a player's inbox message."""

    async def post(self, user_id: int, text: str) -> tuple[int, int] | None:
        """Post a new message to the player: (its channel, its id), or None when they take none."""

    async def edit(self, channel_id: int, message_id: int, text: str) -> bool:
        """Edit the message: False when it is gone (deleted, too old), to post a new one."""


def plan(row: dict[str, Any] | None, digest: str, empty: bool, now: float, mode: str,
         quiet: float = QUIET) -> str:
    """What the inbox of a player (`row`, as stored) is to do for a list whose digest is `digest`:
    `post` a new message, `edit` the one it has, or `none`."""
    if mode not in ("on", "digest"):
        return "none"
    message = row.get("message") if row is not None else None
    posted = float(row.get("posted") or 0.0) if row is not None else 0.0
    if message == 0 and now - posted < POSTING:
        return "none"  # another process is posting it
    if mode == "digest":
        if empty or (message and now - posted < DIGEST_EVERY):
            return "none"
        return "post"
    if row is not None and message and row.get("digest") == digest:
        return "none"
    if empty:
        return "edit" if message else "none"
    if not message:
        return "post"
    idle = row.get("idle") if row is not None else None
    if idle is not None and now - float(idle) >= quiet:
        return "post"
    return "edit"


class Inbox:
    """The turn inboxes of one service: the waits it last noted per table (so a change that moved
    no wait adds nothing to the outbox), and the players' inboxes as stored."""

    def __init__(self, tables: Tables, timing: Clocks) -> None:
        self._tables = tables
        self._timing = timing
        self._noted: dict[int, dict[int, str | None]] = {}
        self.enabled = False
        """Whether changes note their waits (`note`): the bot's case, where the outbox delivers
        them; local play lists its one table's waits itself (`waits`)."""
        self.quiet = QUIET

    def forget(self, table_id: int) -> None:
        self._noted.pop(table_id, None)

    def waits(self, table: Table) -> dict[int, Wait | None]:
        """The table's wait on each of its human players now (`waits_of`), its clock read here."""
        if table.state is None or table.status != "active":
            return {s.user_id: None for s in table.seats if s.user_id is not None}
        clocked: frozenset[int] = frozenset()
        ends = None
        if self._timing.enabled and (on := self._timing.decisions.on_clock(table)) is not None:
            left = self._timing.decisions.seconds_left(table)
            if left is not None:
                # To a step of 1/96 of the clock (a minute at least: 15 minutes of a day's clock),
                # so that the decisions of one turn, seconds apart, show the same deadline and
                # leave the message as it is.
                step = max(60.0, on.seconds / DEADLINE_STEPS)
                ends, clocked = float(round((self._timing.wall() + left) / step) * step), frozenset(on.seats)
        return waits_of(table, ends, clocked)

    def note(self, table: Table) -> Waiting | None:
        """The `Waiting` of a change that left `table` as it is, or None when no wait moved since
        this process last noted the table (or the inbox is off here)."""
        if not self.enabled:
            return None
        waits = {u: w.to_json() if w is not None else None for u, w in self.waits(table).items()}
        texts = {u: dumps(w) if w is not None else None for u, w in waits.items()}
        if self._noted.get(table.id) == texts:
            return None
        self._noted[table.id] = texts
        return Waiting(table.id, table.channel_id, table.version, waits)

    async def apply(self, notice: Waiting) -> list[int]:
        """Note a `Waiting` in the database: the players whose wait reads otherwise than before."""
        texts = {u: dumps(w) if w is not None else None for u, w in notice.waits.items()}
        return await asyncio.to_thread(self._tables.store.inbox_wait, notice.table_id, notice.version, texts)

    async def waiting(self, user_id: int) -> list[Wait]:
        """Every table in play that waits on the player, as the database has it, oldest first."""
        rows = await asyncio.to_thread(self._tables.store.inbox_waiting, user_id)
        found = []
        for row in rows:
            data = loads(row["wait"])
            if isinstance(data, dict):
                found.append(Wait.from_json(data))
        return found

    async def refresh(self, user_id: int, mode: str, messenger: Messenger,
                      text_of: Callable[[list[Wait]], str]) -> list[str]:
        """Show the player's inbox as the database has it now: post a new message, edit the one
        it has, or leave it (`plan`); returns what was done, in order (`post`, `edit`; empty:
        nothing). A write another process made meanwhile (`rev`) makes it look again."""
        done: list[str] = []
        store = self._tables.store
        for _ in range(4):
            row = await asyncio.to_thread(store.inbox_row, user_id)
            waits = await self.waiting(user_id)
            asked = [w for w in waits if not w.ahead]  # the tables coming up do not wake a quiet inbox
            digest, now = digest_of(waits), self._timing.wall()
            step = plan(row, digest, not asked, now, mode, self.quiet)
            if step == "none":
                return done
            rev = int(row["rev"]) if row is not None else 0
            base = {"user_id": user_id, "channel": None, "message": None, "digest": None, "posted": None,
                    "idle": None, **(dict(row) if row is not None else {})}
            text = text_of(waits)
            if step == "edit":
                if await messenger.edit(int(base["channel"]), int(base["message"]), text):
                    idle = (base["idle"] if base["idle"] is not None else now) if not asked else None
                    if await asyncio.to_thread(store.inbox_keep, {**base, "digest": digest, "idle": idle}, rev):
                        done.append("edit")
                        return done
                    done.append("edit")
                    continue  # another process wrote meanwhile: show what it saw too
                # The message is gone: post a new one.
                if not await asyncio.to_thread(store.inbox_keep, {**base, "message": None}, rev):
                    continue
                rev += 1
            # Post: hold the inbox first, so that no other process posts one too.
            if not await asyncio.to_thread(store.inbox_keep, {**base, "message": 0, "posted": now}, rev):
                continue
            sent = await messenger.post(user_id, text)
            posted = {**base, "channel": sent[0] if sent else None, "message": sent[1] if sent else None,
                      "digest": digest if sent else None, "posted": now if sent else None, "idle": None}
            await asyncio.to_thread(store.inbox_keep, posted, rev + 1)
            if sent is None:
                return done
            done.append("post")
            if mode == "digest":
                return done
        return done
