"""A table: one game played in one channel, with its seats, state and lock (in memory).

The service owns tables; front-ends may read them (who sits where, whose turn, version)
but change them only through the service.

A table's own settings — its language (`lang`: the language of its public board images), its
window clock (`timeout`: how long a card-play window may stay open) and its time control
(`time`: seconds a plain decision may take, `TIME_CONTROLS`) — are stored inside the `config`
column under `_`-prefixed keys (`_lang`, `_timeout`, `_time`), so they survive a restart with
no schema change. Every `_` key is the table's, never the engine's: `stored_config` /
`split_config` / `table_settings` keep them out of the config the engine sees.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from gavel.tables.notices import seat_label
from rules.core import Decision, Game, IllegalAction, Seat, State

PRIVATE = "_"
"""A stored config key starting with this is a table setting, never passed to the engine."""
LANG_KEY = "_lang"
"""Where the table's language sits in its stored config."""
TIMEOUT_KEY = "_timeout"
"""Where the table's window clock (seconds; 0 = no clock) sits in its stored config."""
TIME_KEY = "_time"
"""Where the table's time control (seconds a plain decision may take; 0 = none) sits in its stored config."""
TIME_CONTROLS: dict[str, float] = {"none": 0.0, "live": 300.0, "daily": 86400.0}
"""The time controls a table may be opened with (`/<game> new time:`, local play's `--time`):
none, live (5 minutes a decision) or daily (24 hours a decision)."""
DEFAULT_TIME = "none"
DEFAULT_LANG = "en"
DEFAULT_TIMEOUT = 60.0
"""Seconds a card-play window stays open for a human who does not answer (60 s by default)."""


def stored_config(config: dict[str, Any], lang: str, **settings: Any) -> dict[str, Any]:
    """The game's config plus the table's settings (`lang`, and e.g. `timeout=30` stored as
    `_timeout`), as the database keeps it. Settings given as None are left out."""
    extra = {f"{PRIVATE}{name}": value for name, value in settings.items() if value is not None}
    return {**public_config(config), LANG_KEY: lang, **extra}


def public_config(config: dict[str, Any] | None) -> dict[str, Any]:
    """The config without the table's own `_` keys: what the engine may see."""
    return {k: v for k, v in (config or {}).items() if not str(k).startswith(PRIVATE)}


def table_settings(stored: dict[str, Any] | None) -> dict[str, Any]:
    """The table's own settings from a stored config, by name without the `_` (`lang`, `timeout`)."""
    return {k[len(PRIVATE):]: v for k, v in (stored or {}).items() if str(k).startswith(PRIVATE)}


def split_config(stored: dict[str, Any] | None) -> tuple[dict[str, Any], str]:
    """(the game's config, the table's language) from a stored config (old rows: English)."""
    lang = table_settings(stored).get("lang")
    return public_config(stored), lang if isinstance(lang, str) and lang else DEFAULT_LANG


def stored_timeout(stored: dict[str, Any] | None) -> float:
    """The table's window clock in seconds from a stored config (old rows: the default)."""
    value = table_settings(stored).get("timeout")
    return float(value) if isinstance(value, (int, float)) and value >= 0 else DEFAULT_TIMEOUT


def stored_time(stored: dict[str, Any] | None, game: Game[Any] | None = None) -> float:
    """The table's time control in seconds from a stored config (0: none). A row from before time
    controls has no `_time`: a game with no window clock (`GameInfo.timed` False) whose table
    chose a clock other than the game's default (`_timeout`) could only have meant a clock on
    each move (a chess clock of old), so that clock becomes its time control; anything
    else has none."""
    settings = table_settings(stored)
    value = settings.get("time")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
        return float(value)
    old = settings.get("timeout")
    if (game is not None and not game.info.timed and isinstance(old, (int, float)) and old > 0
            and float(old) != game.info.default_timeout):
        return float(old)
    return 0.0


def stored_pauses(stored: dict[str, Any] | None) -> str:
    """The table's pause policy from a stored config (`gavel.tables.pauses.POLICIES`; `any`
    for a table opened before there was one)."""
    value = table_settings(stored).get("pauses")
    return value if value in ("none", "some", "any") else "any"


def time_name(seconds: float) -> str | None:
    """The name of a time control (`TIME_CONTROLS`) from its seconds; None for another length
    (an old table's move clock)."""
    return next((name for name, s in TIME_CONTROLS.items() if s == seconds), None)


def engine_config(config: dict[str, Any], variant: str | None) -> dict[str, Any]:
    """The config a game starts (and replays) with: the table's config plus its variant as
    `{"variant": name}`, the one way every engine is told which variant is on."""
    config = public_config(config)
    return {**config, "variant": variant} if variant else config


@dataclass(frozen=True)
class Player:
    """A person at the keyboard: Discord user id and display name."""

    user_id: int
    name: str


@dataclass
class SeatInfo:
    """Who plays a seat: a user, or an AI (`ai` is its level) — a resigned user's seat is
    handed to the AI but still remembers the user."""

    user_id: int | None
    name: str
    ai: str | None = None
    resigned: bool = False
    away: bool = False
    """The user walked away (ran out of time twice in a row, or the others voted): the AI plays
    the seat (`ai` is set) until the user takes it back (`TableService.sit`)."""
    timeouts: int = 0
    """Time-control decisions this seat let run out in a row, with no action of its own since."""
    votes: tuple[int, ...] = ()
    """The users who voted to hand this seat to the AI since it last acted (`TableService.away`)."""
    orders: dict[str, Any] | None = None
    """The standing orders its player set at this table (`gavel.tables.orders`): {order key: its
    mark}; None: the game's defaults (`Plugin.default_orders`), which a new player gets."""
    wanted: bool = False
    """The away seat is offered to a new player (`/table wanted`, or the away vote): one who is
    not seated may take it (`TableService.take`)."""
    holders: tuple[tuple[int, str, int], ...] = ()
    """Who held the seat before its player now, in order: (user id, name, the table's version
    when they gave it up to a substitute). The holder now held it from the last one's version
    (from the start when empty)."""

    @property
    def is_ai(self) -> bool:
        return self.ai is not None

    def shares(self, version: int) -> list[tuple[int, str, float]]:
        """Each earlier holder of the seat (`holders`) with their share of a game that ended at
        `version`: the versions they held it for over all of them (the first from the start).
        The player now holds the rest."""
        found, since = [], 0
        for user, name, given in self.holders:
            found.append((user, name, (given - since) / version if version > 0 else 0.0))
            since = given
        return found

    def to_row(self) -> dict[str, Any]:
        """The seat's row; the walk-away columns only when set (a row without them reads as their
        defaults, and a seating written before any walk-away fits an older schema too)."""
        row = {"user_id": self.user_id, "name": self.name, "ai": self.ai, "resigned": int(self.resigned)}
        away = self.away_row()
        orders = {"orders": self.orders_text()} if self.orders is not None else {}
        return {**row, **{k: v for k, v in away.items() if v}, **orders}

    def orders_text(self) -> str | None:
        """The `orders` column: JSON, or None for the game's defaults."""
        return None if self.orders is None else json.dumps(self.orders, sort_keys=True)

    def away_row(self) -> dict[str, Any]:
        """The walk-away columns of the seat's row (`away`, `timeouts`, `away_votes`: JSON list;
        `wanted`, `holders`: JSON list of [user id, name, version])."""
        return {"away": int(self.away), "timeouts": self.timeouts,
                "away_votes": json.dumps(list(self.votes)) if self.votes else None,
                "wanted": int(self.wanted),
                "holders": json.dumps([list(h) for h in self.holders]) if self.holders else None}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> SeatInfo:
        """A stored seat row (rows from before walk-aways have no `away`, `timeouts`, `away_votes`;
        from before standing orders, no `orders`; from before substitutes, no `wanted`, `holders`)."""
        votes, orders, holders = row.get("away_votes"), row.get("orders"), row.get("holders")
        found = json.loads(orders) if orders else None
        held = tuple((int(u), str(n), int(v)) for u, n, v in json.loads(holders)) if holders else ()
        return cls(row["user_id"], row["name"], row["ai"], bool(row["resigned"]), bool(row.get("away") or 0),
                   int(row.get("timeouts") or 0), tuple(json.loads(votes)) if votes else (),
                   found if isinstance(found, dict) else None, bool(row.get("wanted") or 0), held)


@dataclass(eq=False)
class Table:
    id: int
    guild_id: int | None
    channel_id: int
    game: Game[Any]
    host_id: int
    seed: str
    variant: str | None = None
    config: dict[str, Any] = field(default_factory=dict)
    lang: str = DEFAULT_LANG
    """The language of the table's board images (the guild's, or local play's `--lang`)."""
    timeout: float = DEFAULT_TIMEOUT
    """Seconds a card-play window may stay open for a human who does not answer; 0: no clock."""
    time: float = 0.0
    """The time control: seconds each plain decision may take a human (`TIME_CONTROLS`); 0: none."""
    reliable: bool = False
    """The lobby admits only reliable players (`_reliable`; `gavel.tables.reliability`)."""
    pauses: str = "any"
    """How much a daily table's clocks stop for its players' vacations and sleep (`_pauses`:
    `none`, `some` or `any`; `gavel.tables.pauses`)."""
    status: str = "lobby"  # lobby | active | finished | cancelled
    seats: list[SeatInfo] = field(default_factory=list)
    setup_record: list[int] = field(default_factory=list)
    dice: list[int] | None = None
    """Scripted dice still to be thrown (local play `--dice`); kept in memory only."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    drawing: asyncio.Future[None] | None = field(default=None, repr=False, compare=False)
    """The pictures of the last change still being drawn after the lock was let go (None: none):
    the next change's notices wait for them, so that they never go out first
    (`Access.on_table`)."""
    seen: Hashable | None = field(default=None, repr=False, compare=False)
    """The store's `others_mark` when this copy was last found to be the database's (None:
    never): while the mark is the same, nobody else wrote, and no head needs reading."""
    _decided: tuple[State | str, int, Decision] | None = field(default=None, repr=False, compare=False)
    """The decision last worked out, with the state object and version it was read from (while
    the table rests: the stored text that object was, `rest`)."""
    _state: State | None = field(default=None, repr=False, compare=False)
    """The game's state in play, as an object (None while the table rests: see `state`)."""
    _stored: str | None = field(default=None, repr=False, compare=False)
    """The state as last persisted, as its JSON text: the table's compact form (see `snapshot`)."""

    @property
    def state(self) -> State | None:
        """The game's state now (None before the game starts). A table that rests (`rest`) holds
        its state as the JSON text last stored only: the object is made again from it here, on
        the first look after the rest (about a tenth of a millisecond)."""
        if self._state is None and self._stored is not None:
            self._state = self.game.load(json.loads(self._stored))
            if self._decided is not None and self._decided[0] is self._stored:  # worked out before the rest
                self._decided = (self._state, self._decided[1], self._decided[2])
        return self._state

    @state.setter
    def state(self, state: State | None) -> None:
        self._state = state

    @property
    def snapshot(self) -> dict[str, Any] | None:
        """The state as last persisted (a fresh copy on every look): what the in-memory state goes
        back to if an action fails, what an AI seat thinks from. Kept as JSON text (a fifth of
        the memory of its dictionary)."""
        return json.loads(self._stored) if self._stored is not None else None

    @snapshot.setter
    def snapshot(self, snapshot: dict[str, Any] | None) -> None:
        self._stored = None if snapshot is None else json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))

    @property
    def snapshot_text(self) -> str | None:
        """`snapshot` as the JSON text it is kept in (no copy made): what keeps it elsewhere."""
        return self._stored

    def stored_as(self, text: str | None) -> None:
        """The state as the store has it (its JSON text, as read): kept as it is, the state object
        made from it when first looked at."""
        self._stored = text or None
        self._state = None
        self._decided = None

    def rest(self) -> bool:
        """Keep only the compact form (the stored JSON text) of a table nobody uses now: the state
        object goes, and is made again when next looked at (`state`). Only for a table whose state
        is the stored one (no action applied and not written: the caller checks, as
        `registry.Tables.idle` does). False when there is nothing to let go."""
        if self._state is None or self._stored is None:
            return False
        known = self._decided
        # the decision of this state stays, tied to the text it is made again from (`state`)
        self._decided = (self._stored, known[1], known[2]) if known is not None and known[0] is self._state else None
        self._state = None
        return True

    @property
    def resting(self) -> bool:
        """Whether the table holds its compact form only (`rest`)."""
        return self._state is None and self._stored is not None

    @property
    def game_key(self) -> str:
        return self.game.info.key

    @property
    def version(self) -> int:
        return self.state.version if self.state is not None else 0

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def seat_name(self, seat: Seat) -> str:
        return seat_label(self.names, seat)

    @property
    def seat_range(self) -> range:
        """The seat counts this table's game may start with, under its variant (a two-player variant: 2)."""
        return self.game.info.seats_for(self.variant)

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat a user plays (resigned seats no longer count as theirs)."""
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.is_ai and not seat.resigned:
                return i
        return None

    def require_seat(self, user_id: int) -> Seat:
        seat = self.seat_of(user_id)
        if seat is None:
            raise IllegalAction("away_seat" if self.away_seat(user_id) is not None else "not_seated")
        return seat

    def away_seat(self, user_id: int) -> Seat | None:
        """The seat of a user who walked away, which the AI plays for them until they sit again."""
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id and seat.away and not seat.resigned:
                return i
        return None

    def decision(self) -> Decision:
        """The decision open now, as the game states it (`Game.decision`): who is asked, about
        what, who passed, who is on the clock. Nobody is asked outside a game in play."""
        if self.state is None or self.status != "active" or self.game.outcome(self.state) is not None:
            return Decision(frozenset())
        # Asked several times per change (the tracker, each prompt, the turn lines): worked out
        # once per position. Every action bumps the version; a rollback loads a new state object.
        known = self._decided
        if known is not None and known[0] is self.state and known[1] == self.state.version:
            return known[2]
        decision = self.game.decision(self.state)
        self._decided = (self.state, self.state.version, decision)
        return decision

    def to_act(self) -> list[Seat]:
        if self.state is None or self.status != "active" or self.game.outcome(self.state) is not None:
            return []
        return sorted(self.game.to_act(self.state))

    def humans_to_act(self) -> list[Seat]:
        return [s for s in self.to_act() if not self.seats[s].is_ai]

    def ai_to_act(self) -> list[Seat]:
        return [s for s in self.to_act() if self.seats[s].is_ai]


def seating_fault(table: Table, seat_numbers: list[int]) -> str | None:
    """Why a started table's stored seats cannot be its game's (None when they can): a seat row
    missing from 0..n-1 (`seat_numbers`, as stored), fewer or more seats than the game or its
    variant allows, or a seat the game asks now that has no row. A row lost by hand (or by a
    broken copy of the database) would otherwise shift every seat after it, or fail much later
    on a seat number past the end of the list."""
    if table.state is None:
        return None
    missing = sorted(set(range(max(seat_numbers, default=-1) + 1)) - set(seat_numbers))
    if missing or len(seat_numbers) != len(set(seat_numbers)):
        return f"seat rows {seat_numbers} are stored: seat {missing[0] if missing else seat_numbers} has no row" \
            if missing else f"seat rows {seat_numbers} are stored: a seat has two rows"
    allowed = table.game.info.seats_for(table.variant)
    if len(seat_numbers) not in allowed:
        return f"{len(seat_numbers)} seat rows, but the game is played by {allowed.start} to {allowed.stop - 1}"
    try:
        asked = table.game.to_act(table.state) if table.game.outcome(table.state) is None else set()
    except IndexError as exc:
        return f"the game's state does not fit {len(seat_numbers)} seats ({exc})"
    beyond = sorted(s for s in asked if not 0 <= s < len(seat_numbers))
    if beyond:
        return f"the game asks seat {beyond[0]}, but only {len(seat_numbers)} seat rows are stored"
    return None
