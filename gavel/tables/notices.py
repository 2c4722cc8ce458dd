"""What the table service tells the front-ends: language-free messages and who may read them.

A notice is data (`Msg` lines, an optional PNG, an optional prompt); the front-end picks the
channel or the one player and the language. Hidden information only ever travels in
`Private`, so a leak can only come from a view or an event addressed to the wrong seat.
`names` carries the seat names so `SeatName` parameters render without asking the service.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gavel.tables import i18n
from rules.core import Msg, SeatName


@dataclass(frozen=True)
class Deadline:
    """A window that closes by itself: at `version` of table `table_id`, after `seconds`."""

    table_id: int
    channel_id: int
    version: int
    seconds: float
    ai: bool = False
    """Not a window: AI seats left to act (their process stopped), to play on (`advance`)."""
    remind: float | None = None
    """Seconds from now until the half-time reminder of this decision is due (0 or less: now);
    None when none is to be sent here (a clock under two minutes, or it was sent)."""
    opened: int | None = None
    """With `remind`: the version the decision opened at, which names it (`TableService.remind`)."""

@dataclass(frozen=True)
class Timer:
    """What the front-end's timer (`gavel.tables.clock.WindowClock.arm`) is to wait for once a
    change is delivered, as the change left table `table_id` at `version`: its decision's
    clock (`deadline`), else when its AI seats are to be asked again (`ai_due`, seconds), else
    nothing. Its seconds count from when the change was answered (a timer that fires a little
    late is harmless: the service checks the version)."""

    table_id: int
    version: int
    deadline: Deadline | None = None
    ai_due: float | None = None


@dataclass
class Prompt:
    """Who must act now and what they may do; `version` makes stale buttons refusable.

    `private` is set for games with hidden information, where the list of actions itself
    may give a hand away: front-ends should then show the actions to that player only.

    The decision it answers, as the game states it (`rules.core.Decision`), rides along: what is
    asked in public words (`about`), who is asked and who passed, and how long the clock gave
    when the prompt was made; `own` is what this seat alone knows of the question (a card only
    it and its giver have read), carried only by a prompt that travels alone or that its seat
    asked for (`TableService.prompt`), never by the one on a `Public`.

    So does everything a front-end needs to show it without asking the service, the engine or
    the renderer again: the game (`game`, whose plug-in has the words), the table's facts for
    those words (`facts`, from the PUBLIC view only), the seat names and who plays each seat
    (`names`, `users`), and the label each action's square has on the board (`labels`). A
    prompt's labels are its own: a private prompt's travel with it.
    """

    table_id: int
    version: int
    seat: int
    user_id: int
    actions: list[str]
    private: bool = False
    about: Msg | None = None
    """What the seats are asked, in public words; None for a plain turn."""
    own: Msg | None = None
    """What this seat alone knows of its question; None when nothing."""
    asked: tuple[int, ...] = ()
    """The seats the decision asks (humans and AI seats alike)."""
    passed: tuple[int, ...] = ()
    """The seats that passed it."""
    deadline: float | None = None
    """Seconds left on the clock when the prompt was made (at `made`); None: no clock runs."""
    timed: bool = False
    """The `deadline` is the table's time control (a plain decision: `time_up_action` when it
    runs out), not a window's clock (`timeout_action`)."""
    game: str = ""
    """The game's key: its plug-in (`rules.registry`) has the words of the actions."""
    names: tuple[str, ...] = ()
    """The seat names, for `SeatName`s in `about` and `own` and for the game's words."""
    users: tuple[int | None, ...] = ()
    """Who plays each seat (a user id; None for an AI seat): the humans `asked` can be mentioned."""
    facts: dict[str, Any] = field(default_factory=dict)
    """What the game's words need to know of the table (`Words.facts` of its PUBLIC view), JSON-ready."""
    labels: dict[str, str] = field(default_factory=dict)
    """{action: the label of its square on the board image} (`Renderer.label_actions`), for the
    actions that have one."""
    made: float | None = field(default=None, compare=False)
    """When the prompt was made (wall-clock seconds): `deadline` counts from then."""
    ping: bool = field(default=False, compare=False)
    """Whether the channel's message should ping this seat's player: set on the notices of the
    change that asks the seat first in its decision (`Decisions.to_ping`), never on a prompt
    shown again (a board asked for, another seat's pass in the same window). How this copy is
    delivered, not what it asks: prompts compare equal whatever it says."""
    outbox: int | None = field(default=None, compare=False)
    """Its row in the outbox while it waits to be delivered (None: not kept)."""
    undo: bool = False
    """Whether this seat may take back its last action now (`TableService.can_undo`): the
    front-end shows an Undo button with its menu."""

    def ends(self, now: float) -> float | None:
        """When the clock runs out (wall-clock seconds), or None when no clock runs; `now` stands
        for `made` when the prompt does not say it."""
        if self.deadline is None:
            return None
        return (self.made if self.made is not None else now) + self.deadline

    def seat_name(self, seat: int) -> str:
        """A seat's name as this prompt knows it (`#n` for one it does not)."""
        return seat_label(self.names, seat)

    def to_json(self) -> dict[str, Any]:
        return {"kind": "prompt", "table": self.table_id, "version": self.version, "seat": self.seat,
                "user": self.user_id, "actions": list(self.actions), "private": self.private,
                "about": _encode(self.about), "own": _encode(self.own), "asked": list(self.asked),
                "passed": list(self.passed), "deadline": self.deadline, "timed": self.timed, "game": self.game,
                "names": list(self.names), "users": list(self.users), "facts": self.facts,
                "labels": dict(self.labels), "made": self.made, "ping": self.ping, "undo": self.undo}


def seat_label(names: Sequence[str], seat: int) -> str:
    """A seat's name, or `#n` for a seat without one: a message never fails on a bad seat."""
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


class _Lines:
    """What Public and Private share: `lines` to translate, `names` for their `SeatName`s."""

    lines: list[Msg]
    names: tuple[str, ...]

    alt: dict[str, str]

    def text(self, lang: str = i18n.DEFAULT, escape: Callable[[str], str] | None = None) -> list[str]:
        """The lines in `lang`; `escape`: how the front-end shows names and other text not ours
        (`i18n.render`: Discord escapes markdown and mentions; local play shows them raw)."""
        return [i18n.render(line, lang, lambda seat: seat_label(self.names, seat), escape) for line in self.lines]

    def described(self, lang: str = i18n.DEFAULT) -> str:
        """What the image shows, in words, in `lang` (else English): its attachment's description
        for screen readers; "" when it has none."""
        return self.alt.get(i18n.language(lang)) or self.alt.get(i18n.DEFAULT) or ""


@dataclass
class Public(_Lines):
    """For everyone in the channel."""

    table_id: int | None
    lines: list[Msg]
    image: bytes | None = None
    prompt: Prompt | None = None
    names: tuple[str, ...] = field(default=())
    outbox: int | None = field(default=None, compare=False)
    """Its row in the outbox while it waits to be delivered (None: not kept)."""
    over: bool = False
    """The game's last message (it has just ended): a front-end offers to play again from it."""
    alt: dict[str, str] = field(default_factory=dict, compare=False)
    """What the image shows, in words, by language (`described`): drawn from the same PUBLIC
    view as the image, so it holds no secret either."""
    away: bool = False
    """The AI took a seat for its away player in this change: a front-end offers that player
    their seat back from this message."""
    undo: tuple[int, int] | None = None
    """(seat, version) when that seat may take back its last action at that version (its
    player's Undo button, shown to them alone), as the change left the table."""
    said: tuple[str, list[str]] | None = field(default=None, compare=False)
    """(a language, `text` in it) when the service worded the lines for the channel's reader
    (`TableService.act(lang=)`): the front-end reads them instead of asking (not kept in the
    outbox: a notice sent again is worded again)."""
    timer: Timer | None = field(default=None, compare=False)
    """The timer to arm once this change is delivered (None: not said; ask the service)."""
    owed: bool = field(default=True, compare=False)
    """Whether notices of this channel kept before this one may still wait in the outbox (they
    are sent first); False when the outbox said, as it kept this one, that none did."""
    board: str | None = field(default=None, compare=False)
    """The image as text for a terminal (`Images.text`: local play), from the same PUBLIC view;
    None when not drawn (the bot draws none). Not kept in the outbox."""
    version: int | None = None
    """The table's version a change left it at, on that change's notice (`Answers.notices`): such
    a notice joins the table's live message (`LivePost`) while its turn goes on. None for every
    other public message (a lobby's, a board asked for), which is posted on its own."""
    highlight: bool = False
    """The change said a moment the table wants to find again in its history (one of the game's
    `GameInfo.highlights`): its notice gets a message of its own."""
    wanted: int | None = None
    """The away seat this notice offers to a new player (`TableService.want`): a front-end shows
    a "Take this seat" button under it."""
    later: Callable[[], Awaitable[None]] | None = field(default=None, compare=False, repr=False)
    """Its picture still to draw (None: drawn, or none): made ready under the table's lock, drawn
    once the lock is let go (`draw_later`), which fills in `image`, `alt` and `board`."""


@dataclass
class Private(_Lines):
    """For one seat only (its user); carries that seat's secrets."""

    table_id: int
    seat: int
    user_id: int
    lines: list[Msg]
    image: bytes | None = None
    names: tuple[str, ...] = field(default=())
    outbox: int | None = field(default=None, compare=False)
    """Its row in the outbox while it waits to be delivered (None: not kept)."""
    shows: str = "hand"
    """What its image shows: `hand` (the seat's secrets, drawn by `render_hand`) or `board` (the
    board as this seat sees it: `/table board`, `/table me`)."""
    alt: dict[str, str] = field(default_factory=dict, compare=False)
    """What the image shows, in words, by language (`described`): the seat's own view, so its
    own secrets and no one else's."""
    board: str | None = field(default=None, compare=False)
    """The image as text for a terminal (`Images.text`: local play), from the same view of the
    seat's own; None when not drawn. Not kept in the outbox."""
    later: Callable[[], Awaitable[None]] | None = field(default=None, compare=False, repr=False)
    """Its picture still to draw (None: drawn, or none): made ready under the table's lock, drawn
    once the lock is let go (`draw_later`), which fills in `image`, `alt` and `board`."""


@dataclass
class Reminder:
    """For one seat only, by DM: half of the decision's clock is gone and the seat has not acted
    yet (`TableService.remind`, once per decision). The front-end words it in the player's
    language (else the server's), with a link to the table's channel and the time left."""

    table_id: int
    seat: int
    user_id: int
    guild_id: int | None
    channel_id: int
    opened: int
    """The version the decision opened at (which decision it reminds of)."""
    ends: float
    """When the clock runs out (wall-clock seconds, a `time.time()`)."""
    left: float
    """Seconds left when the reminder was made."""
    game: Msg | str
    """The game's name."""
    outbox: int | None = field(default=None, compare=False)
    """Its row in the outbox while it waits to be delivered (None: not kept)."""


@dataclass
class Waiting:
    """Who a table waits on now, for the players' turn inboxes (`gavel.tables.inbox`): each human
    player's wait as of `version` (`inbox.Wait.to_json`: public words only), None for a player it
    waits on no more. Kept in the outbox with the change it follows; whichever process delivers it
    notes the waits in the database and shows the inboxes of the players whose wait changed."""

    table_id: int
    channel_id: int
    version: int
    waits: dict[int, dict[str, Any] | None]
    outbox: int | None = field(default=None, compare=False)
    """Its row in the outbox while it waits to be delivered (None: not kept)."""


@dataclass(frozen=True)
class LivePost:
    """A table's live message: the channel message its turn is told in, edited while the turn
    goes on (its lines grow, its board and buttons are replaced) rather than posted again. Kept
    in the database (`TableService.live_post`), so that every process delivering the channel's
    notices, and the bot after a restart, edits the same message."""

    table_id: int
    channel_id: int
    message_id: int
    version: int
    """The table's version the message was last posted or edited for: an older notice never edits it."""
    asked: tuple[int, ...]
    """The seats its buttons ask."""
    lines: tuple[str, ...]
    """Its text above the prompt's line, as the channel reads it (worded, escaped)."""
    posted: float
    """When it was posted (wall-clock seconds): Discord lets a message be edited for an hour only."""
    buttons: bool = False
    """Whether it carries buttons (taken off when a newer message of its table is posted)."""
    sit: bool = False
    """Whether one of them is an away player's "Take my seat back", kept on every edit."""
    image: str = ""
    """The digest of the board it shows (`image_digest`): an edit showing the same board leaves
    the attachment as it is instead of uploading it again ("" when it shows none)."""

    def to_row(self) -> dict[str, Any]:
        """The store's row (`live_keep`)."""
        return {"table_id": self.table_id, "channel": self.channel_id, "message": self.message_id,
                "version": self.version, "asked": json.dumps(list(self.asked)),
                "lines": json.dumps(list(self.lines), ensure_ascii=False), "posted": self.posted,
                "buttons": int(self.buttons) | (2 if self.sit else 0), "image": self.image}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> LivePost:
        """The post `to_row` wrote."""
        buttons = int(row.get("buttons") or 0)
        return cls(int(row["table_id"]), int(row["channel"]), int(row["message"]), int(row["version"]),
                   tuple(json.loads(row["asked"] or "[]")), tuple(json.loads(row["lines"] or "[]")),
                   float(row["posted"]), bool(buttons & 1), bool(buttons & 2), str(row.get("image") or ""))


async def draw_later(found: object) -> None:
    """Draw the pictures still to draw (`later`) of the notices in `found` (a notice, or a list or
    tuple holding some, nested once): what a change returns, once its table's lock is let go."""
    waiting: list[Callable[[], Awaitable[None]]] = []

    def gather(item: object, depth: int) -> None:
        if isinstance(item, (Public, Private)) and item.later is not None:
            waiting.append(item.later)
            item.later = None
        elif isinstance(item, (list, tuple)) and depth < 2:
            for each in item:
                gather(each, depth + 1)

    gather(found, 0)
    if waiting:
        await asyncio.gather(*(draw() for draw in waiting))


def image_digest(image: bytes | None) -> str:
    """A short digest of an image's bytes ("" for none): two boards drawn alike have the same."""
    return hashlib.blake2b(image, digest_size=12).hexdigest() if image else ""


Notice = Public | Private | Prompt | Reminder | Waiting
"""A `Waiting` carries no words: the front-end notes it and updates the turn inboxes (only where
the service's inbox is on, `Inbox.enabled`).

`Prompt` stands alone only when several humans may act at once (the first rides on the Public).

In a card-play window every seat is prompted (so a pause reveals nothing): the Public then says
who may still act in one `table.may_act` line, carries the first prompt, and the others follow
with the same `version`; a front-end may fold them into one message (cogs/delivery.py does).
A `Reminder` travels alone, to one player's DMs.
Each seat gets at most one `Private` per call: its private events, then its secrets (a hand)
when they changed, with the hand's image."""


# --------------------------------------------------------------------------- the outbox's form
_PROMPT_REQUIRED = frozenset({"kind", "table", "version", "seat", "user", "actions"})
"""The fields of a prompt's JSON its record always holds; the others only when they say something
(not None, false, empty or ""): read back, a missing one is its default (`_prompt`)."""


def _prompt_record(prompt: Prompt, within: dict[str, Any] | None = None) -> dict[str, Any]:
    """A prompt as the outbox keeps it: `to_json` without the fields at their defaults, and, on
    the `Public` record `within`, without what that record says already (the table, the names)."""
    data = {k: v for k, v in prompt.to_json().items() if k in _PROMPT_REQUIRED or v not in (None, False, [], {}, "")}
    if within is not None:
        del data["kind"]
        if data["table"] == within.get("table"):
            del data["table"]
        if list(prompt.names) == within.get("names"):
            data.pop("names", None)
        else:
            data["names"] = list(prompt.names)
    return data


def to_record(notice: Notice) -> dict[str, Any]:
    """A notice as JSON (its image travels beside it): what the outbox keeps until delivery, in a
    compact form (`_prompt_record`; a message without parameters as its key alone)."""
    if isinstance(notice, Prompt):
        return _prompt_record(notice)
    if isinstance(notice, Waiting):
        return {"kind": "waiting", "table": notice.table_id, "channel": notice.channel_id,
                "version": notice.version, **_waits_record(notice.waits)}
    if isinstance(notice, Reminder):
        return {"kind": "reminder", "table": notice.table_id, "seat": notice.seat, "user": notice.user_id,
                "guild": notice.guild_id, "channel": notice.channel_id, "opened": notice.opened,
                "ends": notice.ends, "left": notice.left, "game": _encode(notice.game)}
    record: dict[str, Any] = {"lines": [_encode(m) for m in notice.lines], "names": list(notice.names),
                              "table": notice.table_id, **({"alt": dict(notice.alt)} if notice.alt else {})}
    if isinstance(notice, Public):
        return {**record, "kind": "public",
                "prompt": _prompt_record(notice.prompt, record) if notice.prompt else None,
                **({"over": True} if notice.over else {}), **({"away": True} if notice.away else {}),
                **({"undo": list(notice.undo)} if notice.undo else {}),
                **({"version": notice.version} if notice.version is not None else {}),
                **({"highlight": True} if notice.highlight else {}),
                **({"wanted": notice.wanted} if notice.wanted is not None else {})}
    return {**record, "kind": "private", "seat": notice.seat, "user": notice.user_id, "shows": notice.shows}


def from_record(record: dict[str, Any], image: bytes | None = None, outbox: int | None = None) -> Notice:
    """The notice `to_record` wrote (with its image and outbox row)."""
    if record["kind"] == "prompt":
        return _prompt(record, outbox)
    if record["kind"] == "waiting":
        if "common" in record:
            common = record["common"]
            waits = {int(u): None if w is None else {**common, **w} for u, w in record["users"].items()}
        else:
            waits = {int(u): w for u, w in (record.get("waits") or {}).items()}
        return Waiting(record["table"], record["channel"], record["version"], waits, outbox)
    if record["kind"] == "reminder":
        return Reminder(record["table"], record["seat"], record["user"], record.get("guild"), record["channel"],
                        record["opened"], record["ends"], record["left"], _decode(record["game"]), outbox)
    lines = [_decode(m) for m in record["lines"]]
    names = tuple(record.get("names") or ())
    if record["kind"] == "public":
        inner = record.get("prompt")
        prompt = _prompt({"table": record.get("table"), "names": names, **inner}) if inner else None
        undo = record.get("undo")
        return Public(record.get("table"), lines, image, prompt, names, outbox, bool(record.get("over")),
                      dict(record.get("alt") or {}), bool(record.get("away")),
                      (int(undo[0]), int(undo[1])) if undo else None, version=record.get("version"),
                      highlight=bool(record.get("highlight")), wanted=record.get("wanted"))
    return Private(record["table"], record["seat"], record["user"], lines, image, names, outbox,
                   record.get("shows", "hand"), dict(record.get("alt") or {}))


_OWN = ("seat", "ends")
"""What a table's wait may hold for one player alone (their seat, their clock); the rest is the
table's, the same for every player it waits on."""


def _waits_record(waits: dict[int, dict[str, Any] | None]) -> dict[str, Any]:
    """A `Waiting`'s waits as the outbox keeps them: what they share once (`common`) and each
    player's own (`users`), so that a window asking six players keeps the table's words once;
    the whole of each (`waits`) when they differ otherwise."""
    present = [w for w in waits.values() if w is not None]
    common = {k: v for k, v in present[0].items() if k not in _OWN} if present else {}
    if all({k: v for k, v in w.items() if k not in _OWN} == common for w in present):
        return {"common": common, "users": {str(u): None if w is None else {k: w[k] for k in _OWN if k in w}
                                            for u, w in waits.items()}}
    return {"waits": {str(u): w for u, w in waits.items()}}


def _prompt(data: dict[str, Any], outbox: int | None = None) -> Prompt:
    return Prompt(data["table"], data["version"], data["seat"], data["user"], list(data["actions"]),
                  bool(data.get("private")), about=_decode(data.get("about")), own=_decode(data.get("own")),
                  asked=tuple(data.get("asked") or ()), passed=tuple(data.get("passed") or ()),
                  deadline=data.get("deadline"), timed=bool(data.get("timed")), game=data.get("game") or "",
                  names=tuple(data.get("names") or ()), users=tuple(data.get("users") or ()),
                  facts=dict(data.get("facts") or {}), labels=dict(data.get("labels") or {}),
                  made=data.get("made"), ping=bool(data.get("ping")), outbox=outbox, undo=bool(data.get("undo")))


def _encode(value: Any) -> Any:
    """A message parameter as JSON: `Msg`, `SeatName` and `Listed` tagged, the rest as it is."""
    if isinstance(value, Msg):
        data: dict[str, Any] = {"$msg": value.key}
        if value.params:
            data["params"] = {k: _encode(v) for k, v in value.params.items()}
        return data if value.count is None else {**data, "count": value.count}
    if isinstance(value, SeatName):
        return {"$seat": value.seat}
    if isinstance(value, i18n.Listed):
        return {"$list": [_encode(v) for v in value.items]}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {"$dict": {str(k): _encode(v) for k, v in value.items()}}
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "$msg" in value:
        return Msg(value["$msg"], {k: _decode(v) for k, v in (value.get("params") or {}).items()},
                   count=value.get("count"))
    if "$seat" in value:
        return SeatName(value["$seat"])
    if "$list" in value:
        return i18n.Listed.of(_decode(v) for v in value["$list"])
    return {k: _decode(v) for k, v in value["$dict"].items()}


def encode(value: Any) -> Any:
    """A message or message parameter as JSON, as the outbox keeps it (`decode` reads it back)."""
    return _encode(value)


def decode(value: Any) -> Any:
    """What `encode` wrote."""
    return _decode(value)
