"""The state of one Judge Dredd game: plain dataclasses that go to JSON and back (rules.core).

Secrets live here in plain sight and are stripped by `view`: every hand, the order of the four
packs (Action stock, Sector, Perp and Crime packs) and every Perp not yet revealed. The flow
engine (engine.py) and the Action Cards (cards.py) both change this state; the small helpers
both need (entering a Sector, going to Intensive Care, drawing cards) live in movement.py and
hands.py, so that every rule is written once.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rules.core import Seat, State

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "white", "black")
"""Seat i plays the Judge of colour COLOURS[i] (R22)."""

ICU = "icu"
"""The Intensive Care Unit: a location off the map, not part of the Hospital Sector (R9)."""

ALIEN = "alien"
"""The token `arrest alien` and a Judge's `standoff` use for the Alien Creature (R12)."""

HAND_LIMIT = 6
"""No player may ever hold more than six Action Cards."""

CRIMES_ON_BOARD = 6
"""Crimes are set up, and replenished, until there are six on the board."""


@dataclass
class Judge:
    colour: str
    at: str | None = None
    """A Sector code, `icu`, or None before the Judge is placed."""
    arrived: int = 0
    """Arrival sequence number in the Judge's Sector: lower = at the scene earlier (R8 ties)."""
    hand: list[str] = field(default_factory=list)
    """Action Card ids. Secret: only the owner's view shows them; others see a count."""
    arrested: list[list[str]] = field(default_factory=list)
    """[perp id, crime id] pairs this Judge has arrested (scored at the end)."""
    moved: bool = False
    """Has taken (or missed) this Movement Round's Move."""
    attempted: bool = False
    """Has attempted an Arrest (or fought) this Game Turn: set when the fight starts."""
    miss_moves: int = 0
    """Miss Move effects waiting; each costs one Move (R18)."""
    max_move: int | None = None
    """Lawgiver Jams: the next Move is at most this many Sectors (R18)."""
    extra_move: int = 0
    """Sectors added to this round's Move (Tweak, Lawmaster, ...); cleared at the end of the turn."""
    ignore_rivers: bool = False
    """Fergee's OR option: this round's Move may cross rivers without a bridge."""
    block_with: Seat | None = None
    """Block Mania: the Judge this one must fight in the Arrest Round (R11)."""
    standoff: str | None = None
    """A Crime id (or `alien`) this Judge drew with and must attempt again next Arrest Round."""
    peeked: list[str] = field(default_factory=list)
    """Crime ids whose face-down Perp this seat has looked at (Walter, Anderson, Inside Info)."""


@dataclass
class Crime:
    crime: str
    """The Crime card id: it names the Crime on the board (face up, unique)."""
    perp: str
    """The Perp card id under it. Secret until `revealed` (or peeked by a seat)."""
    sector: str
    revealed: bool = False


@dataclass
class Fight:
    """The Arrest attempt (or Judge-v-Judge / Alien / Cadet's Right fight) being prepared.

    Combat cards add to it during its `before_fight` window and it is thrown away when the fight
    is over: "those affecting Combat are not carried through to the next Arrest Round"."""

    kind: str
    """`perp` | `alien` | `block` | `cadet`."""
    judges: list[Seat] = field(default_factory=list)
    """The fighting Judges, in Arrest order (the first is the one who was due)."""
    crime: str | None = None
    """The Crime attempted (kind `perp`), else None."""
    judge_cf: dict[Seat, int] = field(default_factory=dict)
    """Additions to each Judge's Combat Factor from cards."""
    judge_dice: dict[Seat, int] = field(default_factory=dict)
    """Extra dice for each Judge from cards."""
    perp_cf: int = 0
    """Additions to the Perp's (or the Alien's) Combat Factor from cards."""
    perp_dice: int = 0
    """Extra dice for the Perp (or the Alien)."""
    auto: Seat | None = None
    """The Judge on whom the Judge Dredd card was played: that Arrest succeeds (R17)."""
    cards: list[dict[str, Any]] = field(default_factory=list)
    """Cards played on this fight, face up: {"by": seat, "card": id, "option": main|or, "on": seat|None}."""
    winner: Seat | None = None
    """After the dice: the Judge who made the Arrest (kept for the `after_arrest` window)."""
    voided: bool = False
    """Edwin Parsey was played in the `after_arrest` window: Perp and Crime leave the game (R16)."""


@dataclass
class Window:
    """A card-play window (R7). It closes when every seat still in it has passed in a row;
    a card played clears the passes."""

    kind: str
    """`before_move` | `after_moves` | `before_fight` | `after_arrest` | `answer` | `issue`."""
    for_seat: Seat | None = None
    """The Judge the window is about (the mover, the first fighter, the arresting Judge, the
    target of an answer), or None."""
    passed: list[Seat] = field(default_factory=list)
    """Seats that have passed (or, at issue, said `done`) since the last card was played."""
    pending: dict[str, Any] | None = None
    """Answer windows: the card waiting for an answer, {card, by, target, effect, sector}."""
    interrupted: Window | None = None
    """Answer windows: the window the answer paused, restored when it closes."""


@dataclass
class LastFight:
    """The dice and result of the last fight, for the board and the log."""

    kind: str
    judges: list[Seat] = field(default_factory=list)
    crime: str | None = None
    perp_rolls: list[int] = field(default_factory=list)
    perp_total: int | None = None
    rolls: dict[Seat, list[int]] = field(default_factory=dict)
    totals: dict[Seat, int] = field(default_factory=dict)
    winner: Seat | None = None
    result: str = ""
    """`arrested` | `failed` | `standoff` | `voided` | `won` | `tie`."""


@dataclass
class LastMove:
    seat: Seat
    path: list[str] = field(default_factory=list)
    """From the start Sector (or `icu`) to the end, every Sector on the way."""


@dataclass
class Quarantine:
    sector: str
    lifts_after_turn: int
    """The Game Turn at whose end the quarantine lifts (R13: the turn after it was played)."""


@dataclass
class Alien:
    sector: str
    cf: int = 6


@dataclass
class DreddState(State):
    seats: int = 2
    variants: list[str] = field(default_factory=list)
    """The table's variants in play (`dredd_plus_ten`, `no_tipoff_into_protected`)."""
    phase: str = "place"
    """place | movement | arrest | issue | cadet | over."""
    turn: int = 0
    """The Game Turn number, 1 for the first (0 during set-up)."""
    turn_start: Seat = 0
    """The holder of the Turn Start Card."""
    cursor: int = 0
    """Place and Movement Round: how many seats after the Turn Start holder the next to act is."""
    mover: Seat | None = None
    """Movement Round: the Judge whose Move is awaited (the window before it has closed)."""
    chooser: Seat | None = None
    """Arrest Round: the Judge who must choose which Crime to attempt (`arrest <crime>`)."""
    chosen: dict[Seat, str] = field(default_factory=dict)
    """Arrest Round: the target (Crime id or `alien`) each Judge in a Sector with two or more
    chose (E2), kept until that Judge's fight starts; emptied at the end of the Game Turn."""
    skipping: list[Seat] = field(default_factory=list)
    """Seats that said `skip`: passed automatically in this Game Turn's later windows, except an
    answer window, the window before their own fight and the issue window (emptied each turn)."""
    judges: list[Judge] = field(default_factory=list)
    crimes: list[Crime] = field(default_factory=list)
    """The Crimes on the board, in the order they were set up."""
    fight: Fight | None = None
    """The fight being prepared or just won (before_fight / after_arrest windows)."""
    window: Window | None = None
    stock: list[str] = field(default_factory=list)
    """The Action Card stock, top first. Secret (counted only)."""
    discards: list[str] = field(default_factory=list)
    perp_pack: list[str] = field(default_factory=list)
    """Top first. Secret."""
    crime_pack: list[str] = field(default_factory=list)
    """Top first. Secret."""
    sector_pack: list[str] = field(default_factory=list)
    """Top first. Secret. Reshuffled from all 21 Sector cards when exhausted (R5)."""
    sector_used: list[str] = field(default_factory=list)
    """Sector cards turned up since the last reshuffle."""
    gone: list[list[str]] = field(default_factory=list)
    """[perp, crime] pairs taken out of the game by Edwin Parsey (R16)."""
    quarantine: Quarantine | None = None
    alien: Alien | None = None
    arrivals: int = 0
    """The arrival counter behind `Judge.arrived`."""
    end_holder: Seat | None = None
    """The Turn Start holder when the last Perp card was drawn: the game ends when the card
    would pass back to them (R20)."""
    last_arrest: int = 0
    """The Game Turn of the last successful Arrest (an Edwin Parsey one too), 0 before any: eight
    Game Turns in a row without one end the game (R26, `turn.quiet_turns`)."""
    last_fight: LastFight | None = None
    last_move: LastMove | None = None
    winner: Seat | None = None
    cadet: list[Seat] = field(default_factory=list)
    """Cadet's Right (R21): the tied Judges still fighting for the win."""
    asked_at: int = 0
    """The version at which the decision open now was opened: a card-play window stays the same
    decision while only passes happen (`JudgeDredd.decision`'s key)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> DreddState:
        """A copy that shares nothing mutable with this state, made field by field (`clone`):
        what `copy.deepcopy` gives, at a fraction of its cost (a trial of each undoable action
        copies the state)."""
        found: DreddState = clone(self)
        memo[id(self)] = found
        return found


ATOMS = frozenset({str, int, bool, float, type(None)})
"""The values a state holds that never change in place."""


def clone(value: Any) -> Any:
    """A deep copy of plain state data: lists, dicts, dataclasses (this module's), atoms; anything
    else by `copy.deepcopy`. No two places of a state hold the same list or object (it goes to
    JSON and back between actions), so there are no shared parts to keep shared."""
    kind = type(value)
    if kind in ATOMS:
        return value
    if kind is list:
        return [v if type(v) in ATOMS else clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in ATOMS else clone(v) for k, v in value.items()}
    if dataclasses.is_dataclass(kind) and not hasattr(kind, "__slots__"):
        new = object.__new__(kind)
        new.__dict__.update({k: v if type(v) in ATOMS else clone(v) for k, v in value.__dict__.items()})
        return new
    return copy.deepcopy(value)


def order(state: DreddState) -> list[Seat]:
    """The seats from the Turn Start holder round to the left (R3: the next seat): the order of
    the Movement Round, the Arrest Round and every card-play window."""
    return [(state.turn_start + i) % state.seats for i in range(state.seats)]
