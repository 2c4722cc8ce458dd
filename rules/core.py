"""The engine contract every game implements (CONTRIBUTING.md, "The layers", says how it is used).

A game is setup (`new_game`) + moves (`legal_actions` / `apply`) + turn order (`to_act`) +
end condition (`outcome`), with per-seat views that strip secrets (`view`). Randomness is
injected as a `Chance` whose every outcome is recorded, so a game replays exactly by folding
its log. Nothing here knows about Discord, images, files, clocks or the global random module.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from rules.convert import compact, dumper, loader

Seat = int
"""A seat is an index 0..n-1 into the table's seats; seat order is turn order."""


# --------------------------------------------------------------------------- errors


class IllegalAction(Exception):
    """An action the rules refuse. `code` names the reason; `params` fill its message.

    The front-ends translate `code` (message id `error.<code>`) in the player's language, so
    the engine never writes player-facing prose. The state is untouched when this is raised.
    """

    code: str = "illegal_action"
    count: int | None = None
    """The number the message speaks of, for its plural form (`Msg.count`; set by `counted`)."""

    def __init__(self, code: str | None = None, **params: Any) -> None:
        self.code = code or type(self).code
        self.params = params
        super().__init__(self.code)

    def __str__(self) -> str:
        """The code and params, for logs and tracebacks (written when asked: a listing that tries
        many candidates builds many refusals and reads none of their texts)."""
        return f"{self.code} {self.params}" if self.params else self.code

    def counted(self, n: int) -> IllegalAction:
        """The same refusal, its message in the plural form for `n` ("at most 1 Sector", "2 Sectors")."""
        self.count = n
        return self

    @property
    def msg(self) -> Msg:
        """The refusal as the player reads it: `error.<code>` with its params (and count)."""
        return Msg(f"error.{self.code}", self.params, count=self.count)


class Refusal(NamedTuple):
    """An `IllegalAction` not yet made: its code and params. A listing of the legal actions asks
    "is this refused?" of many candidates; a check that answers with a `Refusal` (or None) spares
    building and formatting an exception for each one refused. `illegal()` makes the refusal the
    player reads."""

    code: str
    params: dict[str, Any]

    def illegal(self) -> IllegalAction:
        return IllegalAction(self.code, **self.params)


ALLOWED_SHOWN = 12
"""The most legal actions a last-resort refusal names."""


def allowed_text(legal: Sequence[Any], *, secret: bool = False) -> str:
    """The legal actions a refusal names, as their text forms (the same in every language); in a
    game with hidden information only their verbs (an action may name a card in a hand)."""
    if secret:
        return ", ".join(sorted({getattr(a, "verb", "") or str(a).split()[0] for a in legal}))
    texts = [str(a) for a in legal]
    return ", ".join(texts[:ALLOWED_SHOWN] + (["…"] if len(texts) > ALLOWED_SHOWN else []))


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class GameOver(IllegalAction):
    code = "game_over"


class BadActionText(IllegalAction):
    """The text of an action could not be read (typo, unknown verb, bad square)."""

    code = "bad_action_text"


# --------------------------------------------------------------------------- actions


class Action:
    """A move as small frozen data with a text form that round-trips.

    Subclasses are frozen dataclasses that set `verb`; the text is the verb followed by one
    token per field (`move pike 5,9`), written by `__str__` and read back by the game's
    `ActionSyntax`. `str(game.parse_action(str(a))) == str(a)` is tested for every legal
    action of every game. Front-ends build their menus token by token from the legal actions.
    """

    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        fields: tuple[dataclasses.Field[Any], ...] = dataclasses.fields(self) if dataclasses.is_dataclass(self) else ()
        return " ".join([self.verb, *(format_token(getattr(self, f.name)) for f in fields)])


def format_token(value: Any) -> str:
    """One field of an action as a token: a tuple (a square) as `c,r`, anything else as text."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def read_token(hint: Any, token: str) -> Any:
    """The inverse of `format_token` for a field of type `int`, `str` or a tuple of ints."""
    if hint is int:
        return int(token)
    if typing.get_origin(hint) is tuple:
        parts = token.split(",")
        args = typing.get_args(hint)
        if len(args) != len(parts) or Ellipsis in args:
            raise ValueError(token)
        return tuple(int(p) for p in parts)
    return token


class ActionSyntax:
    """Reads the text forms of a game's action classes back, field by field from their hints.

    `valid(field_name, value)` lets a game refuse well-formed but meaningless tokens (a square
    off the board, a man who does not exist) as `BadActionText`, before any rule is asked.
    """

    def __init__(self, *kinds: type[Action], valid: Callable[[str, Any], bool] | None = None) -> None:
        self.kinds = {kind.verb: kind for kind in kinds}
        self._fields: dict[str, list[tuple[str, Any]]] = {}
        for kind in kinds:
            if not dataclasses.is_dataclass(kind):
                raise TypeError(f"{kind.__name__}: an action class is a dataclass")
            hints = typing.get_type_hints(kind)
            self._fields[kind.verb] = [(f.name, hints[f.name]) for f in dataclasses.fields(kind)]
        self._valid = valid

    def parse(self, text: str) -> Action:
        verb, *tokens = text.strip().lower().split() or [""]
        fields = self._fields.get(verb)
        if fields is None or len(fields) != len(tokens):
            raise BadActionText(text=text)
        values = []
        for (name, hint), token in zip(fields, tokens, strict=True):
            try:
                value = read_token(hint, token)
            except ValueError:
                raise BadActionText(text=text) from None
            if self._valid is not None and not self._valid(name, value):
                raise BadActionText(text=text)
            values.append(value)
        return self.kinds[verb](*values)


# --------------------------------------------------------------------------- messages


@dataclass(frozen=True)
class Msg:
    """A player-facing message as data: a message id and its parameters.

    Engines describe events and actions with `Msg`s, never with prose; the front-ends
    translate them (tables/i18n.py) in each reader's language. A parameter may itself be a
    `Msg` (translated first) or a `SeatName` (the player's name, filled in by the table).

    `count`: the number the message speaks of, when its words follow it ("1 card", "3 cards";
    "Winner: a", "Winners: a, b"): its catalogue entry has plural forms, and the front-ends pick
    the one the reader's language uses for that number. None: a message without plural forms.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    count: int | None = None


@dataclass(frozen=True)
class SeatName:
    seat: Seat


@dataclass(frozen=True)
class Listed:
    """A list shown as one message parameter ("Waiting for: {players}."), joined in the reader's
    language: "alice, bob" in English, "alice、bob" in Chinese (`list_sep`). Its items are
    strings, `Msg`s or `SeatName`s, each rendered as a parameter is (by the front-end's
    translation layer, `gavel.tables.i18n`)."""

    items: tuple[Any, ...]

    @classmethod
    def of(cls, items: Iterable[Any]) -> Listed:
        return cls(tuple(items))



# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something that happened, as data. `kind` plus JSON-ready `params`.

    `to` is None for a public event, or the seats allowed to see it (private events carry
    secrets and only ever travel in private notices). Front-ends turn an event into text with
    the message id `<game>.event.<kind>`.
    """

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    to: tuple[Seat, ...] | None = None

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": self.params, "to": list(self.to) if self.to is not None else None}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        to = data.get("to")
        return cls(data["kind"], dict(data.get("params") or {}), tuple(to) if to is not None else None)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats, a reason code and optional scores."""

    winners: tuple[Seat, ...]
    reason: str
    scores: dict[Seat, int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": {str(k): v for k, v in self.scores.items()} if self.scores else None,
        }


# --------------------------------------------------------------------------- chance


class Chance:
    """All randomness a game may use. Every outcome is appended to `record`.

    Only integers are drawn (`randint`); dice and shuffles are built on them, so a replay
    needs nothing but the recorded integers. Dice are drawn through `roll` so that scripted
    dice (`--dice 3,6,...`) can be fed to the dice alone while shuffles stay seeded.
    """

    def __init__(self) -> None:
        self.record: list[int] = []

    def _draw(self, low: int, high: int, *, die: bool) -> int:
        raise NotImplementedError

    def _take(self, low: int, high: int, *, die: bool) -> int:
        """Draw, refuse a value out of range (a bad script must not corrupt a game), record."""
        value = self._draw(low, high, die=die)
        if not low <= value <= high:
            raise ChanceOutOfRange(value, low, high)
        self.record.append(value)
        return value

    def randint(self, low: int, high: int) -> int:
        return self._take(low, high, die=False)

    def roll(self, sides: int = 6) -> int:
        """Throw one die: 1..sides."""
        return self._take(1, sides, die=True)

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        """A new list with the items in a random order (Fisher-Yates on `randint`)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randint(0, i)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.randint(0, len(items) - 1)]


class SeededChance(Chance):
    """Randomness from a seed. A table makes one per applied action from (seed, version),
    so the sequence survives a restart without storing the generator's state."""

    def __init__(self, seed: int | str) -> None:
        super().__init__()
        self._rng = random.Random(seed)

    def _draw(self, low: int, high: int, *, die: bool) -> int:
        return self._rng.randint(low, high)


class ScriptedChance(Chance):
    """Dice from a script (tests, `--dice`); everything else from `fallback` when given.

    With `all_draws=True` the script feeds every draw, not only dice: that is how a game is
    replayed from its recorded outcomes. Running out of script raises `ChanceExhausted`.
    """

    def __init__(self, values: Iterable[int], *, fallback: Chance | None = None, all_draws: bool = False) -> None:
        super().__init__()
        self._values = list(values)
        self._fallback = fallback
        self._all = all_draws

    @property
    def remaining(self) -> list[int]:
        return list(self._values)

    def _draw(self, low: int, high: int, *, die: bool) -> int:
        if (die or self._all) and self._values:
            return self._values.pop(0)
        if self._fallback is not None and not self._all:
            return self._fallback._draw(low, high, die=die)
        raise ChanceExhausted(f"no scripted value left for a draw in {low}..{high}")


class ChanceExhausted(RuntimeError):
    pass


class ChanceOutOfRange(ValueError):
    """A scripted value that the draw asking for it cannot take (`--dice 7` for a d6, `--draws`
    from another game): the script is wrong, and the front-end says so rather than crash."""

    def __init__(self, value: int, low: int, high: int) -> None:
        super().__init__(f"chance gave {value}, outside {low}..{high}")
        self.value, self.low, self.high = value, low, high


def replay_chance(record: Iterable[int]) -> ScriptedChance:
    """The chance that reproduces a recorded sequence of outcomes exactly."""
    return ScriptedChance(record, all_draws=True)


class _Drew(Exception):
    """A trial action asked chance for a number (`revealed_nothing`)."""


class _NoChance(Chance):
    """The chance of a trial that must draw nothing: any draw stops it (`revealed_nothing`)."""

    def _draw(self, low: int, high: int, *, die: bool) -> int:
        raise _Drew()


UNDO = "undo"
"""The text of a log row that takes back the last action not yet taken back (`Game.replay`,
the table's `undo`). No game has an action of that verb."""


def revealed_nothing(game: Game[Any], before: State, seat: Seat, action: Action, *,
                     reveals: Iterable[str] = (), quiet: Iterable[str] | None = None) -> bool:
    """Whether `action`, tried by `seat` on a copy of `before`, showed nobody anything new: it
    drew no random number, made no private event (a card to a hand, a secret to a seat), and
    no public event of a kind in `reveals`, nor, when `quiet` is given, of a kind outside it (a
    game with secrets lists the events it knows reveal nothing, so that a new one is taken for a
    reveal). A helper for `Game.undoable`; `before` itself is untouched."""
    trial = copy.deepcopy(before)
    try:
        events = game.apply(trial, seat, action, _NoChance())
    except (_Drew, IllegalAction):
        return False
    shown = set(reveals)
    allowed = set(quiet) if quiet is not None else None
    return not any(not e.public or e.kind in shown or (allowed is not None and e.kind not in allowed)
                   for e in events)


# --------------------------------------------------------------------------- state & JSON


def to_jsonable(obj: Any) -> Any:
    """Plain data (dataclasses, tuples, dicts with int keys) to JSON-ready values."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(k) if not isinstance(k, str) else k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        items = sorted(obj) if isinstance(obj, (set, frozenset)) else obj
        return [to_jsonable(v) for v in items]
    return obj


def shown(obj: Any, names: Iterable[str]) -> dict[str, Any] | None:
    """The part of a state's dataclass a view shows: its fields `names` as plain data
    (`to_jsonable`); None where there is no such object now."""
    if obj is None:
        return None
    return {name: to_jsonable(getattr(obj, name)) for name in names}


T = TypeVar("T")


@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    """A dataclass's resolved type hints, worked out once: loading a state is done on every
    restart and replay, and resolving hints is most of its cost."""
    return typing.get_type_hints(tp)


def from_jsonable(tp: Any, data: Any) -> Any:
    """The inverse of `to_jsonable`, driven by type hints (dataclasses, list, tuple, dict,
    set, Optional/unions of None, and plain scalars)."""
    if data is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return from_jsonable(inner[0], data) if len(inner) == 1 else data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {
            f.name: from_jsonable(hints[f.name], data[f.name])
            for f in dataclasses.fields(tp)
            if f.init and f.name in data
        }
        return tp(**kwargs)
    if origin is list:
        return [from_jsonable(args[0] if args else Any, v) for v in data]
    if origin in (set, frozenset):
        return origin(from_jsonable(args[0] if args else Any, v) for v in data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], v) for v in data)
        if args:
            return tuple(from_jsonable(a, v) for a, v in zip(args, data, strict=True))
        return tuple(data)
    if origin is dict:
        key_t, val_t = args if args else (Any, Any)
        return {(int(k) if key_t is int else k): from_jsonable(val_t, v) for k, v in data.items()}
    return data


@dataclass
class State:
    """Base for every game's state: plain data plus a version that grows with each action.

    Subclasses are dataclasses of JSON-ready fields (ints, strings, lists, dicts, nested
    dataclasses); `to_json`/`from_json` need nothing more.
    """

    version: int = 0

    def to_json(self) -> dict[str, Any]:
        """`to_jsonable(self)`, by the converters compiled for this class (`rules.convert`)."""
        return dumper(type(self))(self)

    def to_snapshot(self) -> dict[str, Any]:
        """`to_json` without the fields at their defaults (`rules.convert.compact`): what a table's
        row keeps. `from_json` reads it back to an equal state, as it reads `to_json`."""
        return compact(type(self), self.to_json())

    @classmethod
    def from_json(cls: type[T], data: dict[str, Any]) -> T:
        """`from_jsonable(cls, data)`, by the converters compiled for this class (`rules.convert`)."""
        return loader(cls)(data)


S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class GameInfo:
    key: str
    names: dict[str, str]
    """Display names by locale (`en`, `zh-TW`)."""
    min_seats: int
    max_seats: int
    variants: tuple[str, ...] = ()
    hidden_information: bool = False
    has_secrets: bool = False
    """Whether `Game.secrets` gives a seat private lines (a hand, a role): the platform sends them
    when they change and a front-end offers to show them ("My hand"). Declared with the hook, so
    nobody asks whether a subclass overrides it."""
    default_timeout: float = 60.0
    """Seconds a decision with a `timeout_action` waits when the table sets no clock (0: no clock)."""
    variant_seats: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Seat counts (least, most) of the variants that need their own, e.g. Judtho's Duo (2, 2)."""
    timed: bool = False
    """Some of its decisions may run on the table's clock (`Decision.clocked`): the lobby and the
    status say how long the clock gives. A game whose decisions never do says nothing of a clock."""
    highlights: frozenset[str] = frozenset()
    """The kinds of public event (`Event.kind`) that are a moment the table wants to find again
    in its history (an arrest, a death): a change that says one gets a message of its own rather
    than joining the turn's message (`gavel.tables.notices.Public.highlight`)."""

    def seats_for(self, variant: str | None) -> range:
        """The seat counts a game with this variant (None: the default) may start with."""
        low, high = self.variant_seats.get(variant or "", (self.min_seats, self.max_seats))
        return range(low, high + 1)

    def variants_in(self, config: Mapping[str, Any], *, plain: str | None = None) -> list[str]:
        """`named_variants` among this game's variants."""
        return named_variants(config, self.variants, game=self.names.get("en", self.key), plain=plain)


def named_variants(config: Mapping[str, Any], known: Iterable[str], *, game: str,
                   plain: str | None = None) -> list[str]:
    """The variants a table's config names, sorted: `variant` (one name, as the platform passes it;
    `plain`, the name of the game without variants, names none) and/or `variants` (a list). A name
    not `known` is a programming error, not a move (ValueError, naming the `game`)."""
    named = set(config.get("variants") or ())
    variant = config.get("variant")
    if variant and variant != plain:
        named.add(variant)
    unknown = named - set(known)
    if unknown:
        raise ValueError(f"{game}: unknown variant(s) {sorted(unknown)}")
    return sorted(named)


@dataclass(frozen=True)
class Decision:
    """The decision open now, as the engine states it: the platform's clocks, prompts, "waiting
    for" lines and stale checks read this and nothing else.

    Several seats may be asked at once (a card-play window, an Order card's question); a seat
    that passed stays out of `asked` until the next decision. `key` names the decision: two
    states with the same non-None key ask the same question, only passes having moved it on, so
    a click made before another seat's pass still answers it and its clock keeps running. None
    (the default) makes every action open a new decision."""

    asked: frozenset[Seat]
    about: Msg | None = None
    """What the seats are asked, in public words (before whose Move, which fight, who answers
    an Order); None for a plain turn, which the turn line says."""
    passed: frozenset[Seat] = frozenset()
    """Seats that have answered this decision by passing (or pass for the rest of the turn)."""
    clocked: frozenset[Seat] = frozenset()
    """Seats asked whose time runs on the table's clock: when it runs out each takes its
    `Game.timeout_action`."""
    key: Any = None
    turn: Any = None
    """The turn this decision belongs to: decisions with the same non-None `turn` (the card-play
    windows of one player's turn) call a seat once between them, so a player is pinged once per
    turn, not again at each window, even with plain decisions (None, the default: each calls
    the seats it asks, a player's own move) between them."""

    def same(self, other: Decision | None) -> bool:
        """Whether `other` (an earlier decision) is this one, moved on only by passes."""
        return other is not None and self.key is not None and self.key == other.key

    def waiting(self) -> frozenset[Seat]:
        """The seats it still waits for."""
        return self.asked


class Game(Generic[S]):
    """One game's rules. Subclasses set `info` and `state_type` and implement the
    underscored hooks; the public methods add the checks every game shares (game over, whose
    turn, legality, version) so that no game can forget them.
    """

    info: ClassVar[GameInfo]
    state_type: ClassVar[type[State]]

    # ---- hooks each game implements
    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> S:
        raise NotImplementedError

    def to_act(self, state: S) -> set[Seat]:
        raise NotImplementedError

    def _legal_actions(self, state: S, seat: Seat) -> list[Action]:
        raise NotImplementedError

    def _apply(self, state: S, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        raise NotImplementedError

    def view(self, state: S, seat: Seat | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """Read an action's text form; raise `BadActionText` when it cannot be read."""
        raise NotImplementedError

    def turn_order(self, state: S) -> list[Seat] | None:
        """Optional hook: the seats in the order their turns come, the seat whose turn it is now
        first, each once (None: the game has no order of turns to tell now, e.g. while every
        seat answers at once). A seat's place in it is how many seats take their turn before its
        own (`seats_before`); the turn inbox says so. What it says is public: every seat knows
        the order of turns."""
        return None

    def timeout_action(self, state: S, seat: Seat) -> Action | None:
        """What `seat` does when its time to act runs out (passing a card-play window), or None
        when this decision has no clock. The table applies it for a human who does not answer."""
        return None

    def time_up_action(self, state: S, seat: Seat) -> Action | None:
        """What `seat` does when the table's time control (live or daily) runs out on a decision
        it is asked that has no `timeout_action` of its own (a turn, a target, a placement): the
        game's most passive legal answer, so that a table whose player walked away keeps moving.
        None: this decision waits however long it takes. The default is `timeout_action`; every
        installed game states its own (the contract test checks it is legal wherever it is asked)."""
        return self.timeout_action(state, seat)

    def undoable(self, before: S, seat: Seat, action: Action) -> bool:
        """Whether `seat` may take back `action`, applied to the state `before` (a copy, as it was
        just before), as long as nothing else has happened since: true only when the action showed
        nobody anything new (no card drawn or shown, no secret revealed; the table itself refuses
        any action that drew a random number). False by default: nothing is undoable."""
        return False

    def rating_teams(self, state: S, seats: int) -> list[tuple[Seat, ...]]:
        """The sides a finished game of `seats` seats is rated by: one tuple of seats per side
        (Judtho's alliances, The City of Judgement's factions); every seat alone by default
        (free-for-all)."""
        return [(seat,) for seat in range(seats)]

    def decision(self, state: S) -> Decision:
        """Who is asked now, about what, who passed, who is on a clock (see `Decision`). The
        default: the seats `to_act`, a plain turn, on a clock where `timeout_action` says what
        time running out does. Games with windows or frames say more."""
        asked = frozenset(self.to_act(state)) if self.outcome(state) is None else frozenset()
        clocked = frozenset(s for s in asked if self.timeout_action(state, s) is not None)
        return Decision(asked, clocked=clocked)

    def own_question(self, state: S, seat: Seat) -> Msg | None:
        """What `seat` alone knows about the question it is asked (the Order card it must answer),
        for the top of ITS private menu; None by default. Never shown in the channel."""
        return None

    def leave_action(self, state: S, seat: Seat) -> Action | None:
        """What `seat` does when its player leaves the game in play (`/table leave`), or None:
        the table handles it (the AI takes the seat, as for a resignation). A game whose rules
        say what a departure does (Judtho's J18) returns that action; the table applies it for
        the seat and logs it like any action, so the game still replays from its log. `check`
        accepts it at any time before the end, whoever is to act; no menu offers it."""
        return None

    def anytime_actions(self, state: S, seat: Seat) -> list[Action]:
        """What `seat` may do whether or not anyone asks it now (The City of Judgement's ruling 7:
        a face-down character may be turned up in another player's turn). `legal_actions` offers
        them to that seat at every moment and `check` accepts them from a seat nobody asks; taking
        one asks nobody new by itself, so the decision open stays open. They must depend on public
        facts alone, since every seat sees what every other seat is offered when nobody is asked.
        Empty for most games."""
        return []

    def secret_action(self, action: Action) -> bool:
        """True for an action whose words only its own seat and those it tells may know (Judtho's
        Trio suggestion): its `label` must not give them away, and the table's log is exported
        only once the game is over."""
        return False

    def secrets(self, state: S, seat: Seat) -> list[Msg]:
        """`seat`'s private information as lines (a hand of cards, a secret role): the table sends
        it privately whenever it changes, and shows it on request. Empty for open games."""
        return []

    def _revealed_view(self, state: S, seats: int) -> dict[str, Any]:
        """Everything about `state` at once, for a replay of a game that is over: a view the
        game's renderer draws (its board with every hidden thing turned up where the board has a
        place for it). The default is the public view; `revealed_view` adds every seat's
        `secrets` lines beside it. Games with hidden things on the board override it."""
        return self.view(state, None)

    def catalogue(self, lang: str) -> dict[str, str]:
        """Messages this game brings with it in `lang` (`en` | `zh-TW`), beside its `.po` files: names
        its content files already hold in both languages (The City of Judgement's characters, cards,
        locations), so they are written once. `gavel.tables.i18n.catalogue` merges them under the `.po`
        entries, which win. Empty for most games."""
        return {}

    def revealed_view(self, state: S, seats: int, ended: Outcome | None) -> dict[str, Any]:
        """Everything visible: `state` (any step of a game) with every secret shown, for the
        replay of a game that has ENDED (`ended`: how it ended, the game's own outcome or the
        table's, a resignation or an abandon). A game still running (`ended` None) is refused
        (`replay_running`): while it runs no picture or line may show a secret to the channel.
        The view is the game's `_revealed_view` with `secrets` (seat as a string -> that seat's
        `secrets` lines at this step) unless the game put its own there."""
        if ended is None:
            raise IllegalAction("replay_running")
        view = self._revealed_view(state, seats)
        if "secrets" not in view:
            view = {**view, "secrets": {str(seat): self.secrets(state, seat) for seat in range(seats)}}
        return view

    # ---- presentation as data (ids for the translation layer, no prose)
    def describe(self, event: Event) -> Msg:
        """The message for an event: `<game>.event.<kind>` with the event's params."""
        return Msg(f"{self.info.key}.event.{event.kind}", dict(event.params))

    def label(self, action: Action) -> Msg:
        """A short label for an action (a button, a select option, a log line)."""
        return Msg(f"{self.info.key}.action.{action.verb}", {"text": str(action)})

    # ---- the contract, shared
    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every action `seat` may take now: its answers when it is asked (`to_act`), and its
        `anytime_actions` whether asked or not. Empty only when that seat cannot act."""
        if self.outcome(state) is not None:
            return []
        anytime = self.anytime_actions(state, seat)
        if seat not in self.to_act(state):
            return anytime
        legal = self._legal_actions(state, seat)
        return legal + [a for a in anytime if a not in legal]

    def check(self, state: S, seat: Seat, action: Action | str) -> Action:
        """The parsed action if `seat` may take it now, else the reason as IllegalAction. A seat
        nobody asks may take only its `anytime_actions` and its `leave_action` (refused by
        `why_not_asked`); a seat asked may also take its `timeout_action` or `time_up_action`
        (what the clock would do for it, though no menu offers it: Judtho's `depart timeout`)."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.outcome(state) is not None:
            raise GameOver()
        if action in self.anytime_actions(state, seat) or action == self.leave_action(state, seat):
            return action
        if seat not in self.to_act(state):
            raise self.why_not_asked(state, seat, action)
        if action == self.timeout_action(state, seat) or self._quick_legal(state, seat, action):
            return action
        legal = self._legal_actions(state, seat)
        # The time-up action is worked out last: it may weigh every legal action (Dad's Army's
        # picks the move that leaves a man nearest home), and it is mostly one of them anyway.
        if action not in legal and action != self.time_up_action(state, seat):
            refused = self.why_illegal(state, seat, action)
            if refused.code == IllegalAction.code:  # the last resort still names what is possible
                refused.params.setdefault("allowed", allowed_text(legal, secret=self.info.hidden_information))
            raise refused
        return action

    def _quick_legal(self, state: S, seat: Seat, action: Action) -> bool:
        """True when the game knows cheaply that `action` is among `_legal_actions(state, seat)`
        (asked by `check` for a seat that is asked, before it lists them all); False says nothing
        (the full list decides). By default always False."""
        return False

    def why_not_asked(self, state: S, seat: Seat, action: Action) -> IllegalAction:
        """Why `seat`, which nobody asks now, may not take `action` (`NotYourTurn` by default);
        games override for clearer messages."""
        return NotYourTurn()

    def why_illegal(self, state: S, seat: Seat, action: Action) -> IllegalAction:
        """A precise reason for a refused action, naming the rule and what is possible instead;
        games override it. This last resort is given the legal actions by `check` (`allowed`)."""
        return IllegalAction("illegal_action", action=str(action))

    def apply(self, state: S, seat: Seat, action: Action | str, chance: Chance) -> list[Event]:
        """Apply a legal action, or raise IllegalAction with the state untouched."""
        action = self.check(state, seat, action)
        events = self._apply(state, seat, action, chance)
        state.version += 1
        return events

    def load(self, data: dict[str, Any]) -> S:
        # `state_type` is the class of S, which a ClassVar cannot say (it may not hold a type variable)
        return typing.cast(S, self.state_type.from_json(data))

    def replay(
        self,
        config: dict[str, Any],
        seats: int,
        setup_record: list[int],
        log: Iterable[tuple[Seat, str, list[int]]],
    ) -> S:
        """Fold a log: a new game from its recorded set-up draws, then every (seat, action
        text, recorded draws) in order. Equal to the live state when nothing was lost. A row
        whose text is `UNDO` takes back the last action still standing: the state is the one
        before it, at the next version (an undo moves the version on like any action).

        One pass, whatever the undos: the log is read first to find the actions an undo will take
        back (`taken_back`), and the state before each of those alone is kept (a copy) as the fold
        goes, to be put back when its undo row comes. So a log's cost is its actions' and the
        copies', never a fold again from the start per undo."""
        rows = list(log)
        taken = taken_back(text for _, text, _ in rows)
        state = self.new_game(config, seats, replay_chance(setup_record))
        before: dict[int, S] = {}
        standing: list[int] = []
        for index, (seat, text, record) in enumerate(rows):
            if text.strip() == UNDO:
                if not standing:
                    raise IllegalAction("undo_nothing")
                version = state.version + 1
                state = before.pop(standing.pop())  # as it was before the action, taken at its version
                state.version = version
                continue
            if index in taken:
                before[index] = copy.deepcopy(state)
            standing.append(index)
            self.apply(state, seat, text, replay_chance(record))
        return state


class Step(NamedTuple, Generic[S]):
    """One step of a game folded for its replay: the state after a log row (step 0: after the
    set-up, with no row), the seat that acted, the row's text (None for step 0; `UNDO` for an
    undo), the events the action made (none for step 0 or an undo), and for an undo the step
    whose state it puts back (the one before the action it takes back)."""

    state: S
    seat: Seat | None
    text: str | None
    events: list[Event]
    back: int | None = None


def replay_steps(game: Game[S], config: dict[str, Any], seats: int, setup_record: list[int],
                 log: Iterable[tuple[Seat, str, list[int]]]) -> list[Step[S]]:
    """`Game.replay`, keeping every step: the state after each log row (a copy per row) with the
    row's events, so a replay moves to any step without folding again. An undo's step is the
    state before the action it takes back, at the undo's version. The last step's state equals
    `Game.replay` of the same log."""
    state = game.new_game(config, seats, replay_chance(setup_record))
    steps: list[Step[S]] = [Step(copy.deepcopy(state), None, None, [])]
    standing: list[int] = []  # indices into `steps` of the actions still standing
    for seat, text, record in log:
        if text.strip() == UNDO:
            if not standing:
                raise IllegalAction("undo_nothing")
            version = state.version + 1
            back = standing.pop() - 1
            state = copy.deepcopy(steps[back].state)
            state.version = version
            steps.append(Step(copy.deepcopy(state), seat, text, [], back))
            continue
        events = game.apply(state, seat, text, replay_chance(record))
        steps.append(Step(copy.deepcopy(state), seat, text, events))
        standing.append(len(steps) - 1)
    return steps


def taken_back(texts: Iterable[str]) -> set[int]:
    """The indices of a log's actions that a later `UNDO` row takes back (each undo takes back
    the last action still standing before it; an undo with none standing takes back nothing)."""
    standing: list[int] = []
    taken: set[int] = set()
    for index, text in enumerate(texts):
        if text.strip() == UNDO:
            if standing:
                taken.add(standing.pop())
        else:
            standing.append(index)
    return taken


# --------------------------------------------------------------------------- AI seats


def best_action(actions: Sequence[A], score: Callable[[A], float], rng: random.Random | None = None) -> A:
    """The highest-scoring action, for every game's AI policy: ties go to the first listed (so a
    policy is deterministic), or to `rng` when the caller wants variety."""
    scored = [(score(a), i) for i, a in enumerate(actions)]
    top = max(s for s, _ in scored)
    best = [actions[i] for s, i in scored if s >= top - 1e-9]
    return rng.choice(best) if rng is not None else best[0]


def only_choice(seat: Seat, legal: Sequence[A]) -> A | None:
    """For every game's AI policy: the one action `seat` may take, when it has no choice (None:
    it has several); `ValueError` when it may take none (a policy is asked only a seat that may act)."""
    if not legal:
        raise ValueError(f"seat {seat} has nothing to do")
    return legal[0] if len(legal) == 1 else None


# --------------------------------------------------------------------------- registry

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    _GAMES[game.info.key] = game
    return game


def games() -> dict[str, Game[Any]]:
    """Every registered game by key (importing `rules` registers them all)."""
    return dict(_GAMES)


def get_game(key: str) -> Game[Any]:
    try:
        return _GAMES[key]
    except KeyError:
        raise IllegalAction("unknown_game", game=key) from None


def seats_before(game: Game[Any], state: Any, seat: Seat) -> int | None:
    """How many seats take their turn before `seat`'s next one (`Game.turn_order`): None when
    the game cannot say, or `seat` is not in the order (out of the game)."""
    order = game.turn_order(state)
    if not order or seat not in order:
        return None
    return order.index(seat)
