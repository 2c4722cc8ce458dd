"""The state of one game of The City of Judgement (審判之城): plain dataclasses that go to JSON and back.

Secrets live here in plain sight and are stripped by `view.py`: every identity (身份) not yet shown,
every character (人物) still face down, the characters dealt to a seat to pick from, the order of
the three decks, the Order cards (指令卡) in a hand or in their face-down discard, and what a seat
learned privately (密探令). The flow (turn.py), the cards (cards.py, orders.py, locations.py) and
the characters (skills.py, attack.py, damage.py, death.py, victory.py) all change this state; each
rule lives in the module named after it.

Decisions that interrupt the turn are `Frame`s on a stack (`JudgementState.frames`, top last):
who is asked, who has passed, and the frame's own data. `frames.py` registers, for each frame
kind, its legal actions, how an action resolves it, what a clock picks, and which data keys the
public may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import Listed, Msg, Seat, SeatName, State

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink")
"""Seat i plays the piece and the damage marker of colour COLOURS[i]; actions name seats by colour."""

SLOTS = 6
"""The six location slots of the board, in a ring (ruling 2): slot i neighbours i-1 and i+1."""

TRACK = 14
"""The damage track runs 0 (unhurt) to 14 (N6.3: the highest HP)."""

PHASES = ("pick", "start_roll", "turn", "over")
STEPS = ("start", "move", "location", "attack", "finish")
"""The phases of a turn (各階段解釋): 回合開始, 移動, 場地效果, 攻擊, 回合結束."""


@dataclass
class OrderNote:
    """An Order card this seat gave or received, as this seat saw it. Secret: own view only."""

    card: str
    giver: Seat
    recipient: Seat
    result: str = ""
    """What happened publicly: `hurt` | `healed` | `paid` | `nothing` | `shown_secretly`."""


@dataclass
class Player:
    colour: str
    options: list[str] = field(default_factory=list)
    """The characters dealt to this seat to pick from. Secret (own seat only); emptied after the pick."""
    character: str | None = None
    """The character picked. Secret until `revealed` (own seat always sees it)."""
    revealed: bool = False
    """The character card is face up now (含羞 can turn it down again)."""
    ever_revealed: bool = False
    """Was ever face up (隱女's goal)."""
    identity: str = ""
    """`guard` | `assassin` | `commoner`. Secret until `identity_shown` or dead (own seat always)."""
    identity_shown: bool = False
    at: str | None = None
    """A location id, or None before the start roll places the piece."""
    damage: int = 0
    """The marker on the damage track: 0 is unhurt; the character is dying when it reaches HP."""
    alive: bool = True
    died_turn: int | None = None
    death_seq: int | None = None
    """Deaths in the same batch share a number (ruling 10: all count as 'first')."""
    equipment: list[str] = field(default_factory=list)
    """Equipment cards in front of this character, in the order gained. Public."""
    used: list[str] = field(default_factory=list)
    """Skill ids already used (once-per-game skills, and this turn's for per-turn ones)."""
    sealed: bool = False
    """封印: this character's skills are switched off (not its equipment)."""
    shield: str | None = None
    """Until this seat's next turn starts: `attack` (守護天使) or `all` (鐵壁) damage is 0."""
    entrusted: bool = False
    """修女's 託付 has been used: her goal follows the next seat."""
    saved: list[Seat] = field(default_factory=list)
    """Seats 賣花女 rescued with 贈花."""
    sealed_by: Seat | None = None
    """The 審判官 who sealed this character (for that seat's goal)."""
    kills: list[Seat] = field(default_factory=list)
    """Seats this seat killed directly (r9), in order."""
    attack_kills: list[Seat] = field(default_factory=list)
    """Of those, the ones killed by this seat's attack."""
    known: dict[Seat, str] = field(default_factory=dict)
    """Identities this seat learned privately (密探令). Secret: own view only."""
    orders: list[OrderNote] = field(default_factory=list)
    """Order cards this seat gave or received. Secret: own view only."""


@dataclass
class Frame:
    """A decision that interrupts the flow, waiting on `seats` (those still in `seats` and not in
    `passed` are asked). `data` is the kind's own; `frames.py` says which keys are public."""

    kind: str
    seats: list[Seat] = field(default_factory=list)
    passed: list[Seat] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Dying:
    """A character whose damage reached its HP, waiting for the death pipeline (ruling 8)."""

    seat: Seat
    by: Seat | None = None
    """Who caused it."""
    direct: bool = False
    """A direct kill earns the reward (rulebook 導致死亡; ruling 9)."""
    attack: bool = False
    """It was an attack (女劍士, 傭兵 goals)."""
    source: str = ""
    """What did it: `attack`, a card id, a location id or a skill id."""
    batch: int = 1
    """death.py: the `death_seq` it gets if it dies (deaths queued before the next death share it:
    ruling 10's 'simultaneous')."""
    asked: bool = False
    """death.py: its rescue window has been held (or was publicly impossible)."""


@dataclass
class Attack:
    """The attack being resolved this turn (public)."""

    attacker: Seat
    targets: list[Seat] = field(default_factory=list)
    d4: int | None = None
    d6: int | None = None
    dealt: dict[Seat, int] = field(default_factory=dict)
    """Damage each target actually took."""
    again: int = 0
    """血戰: how many extra attacks were made."""
    pending: list[Seat] = field(default_factory=list)
    """attack.py: targets of the current roll still to be resolved (one by one: 順手牽羊 may ask)."""
    stage: str = "hits"
    """attack.py: `reroll` | `hits` | `counter` | `again` | `done` (resumed after frames and deaths)."""
    base: int = 0
    """attack.py: the roll's damage before modifiers (d6 − d4, or the d4 alone)."""


@dataclass
class JudgementState(State):
    seats: int = 4
    variants: list[str] = field(default_factory=list)
    phase: str = "pick"
    """`pick` | `start_roll` | `turn` | `over`."""
    step: str = "start"
    """In phase `turn`: `start` | `move` | `location` | `attack` | `finish`."""
    active: Seat = 0
    turn_no: int = 0
    step_begun: bool = False
    """turn.py: the current step's entry work has run (turn-start skills, the move's throw,
    locations.enter, attack.begin, turn-end skills); the step ends once no frame waits."""
    turn_order: list[Seat] = field(default_factory=list)
    """The seats in playing order (ruling 1: shuffled at set-up; 'clockwise' = the next in it)."""
    players: list[Player] = field(default_factory=list)
    ring: list[str] = field(default_factory=list)
    """The six location ids in slot order (public)."""
    start_rolls: dict[Seat, int] = field(default_factory=dict)
    roll_cursor: int = 0
    """Start roll: the index in `turn_order` of the next seat to roll."""
    tied: list[Seat] = field(default_factory=list)
    """Start roll: seats tied for highest, re-rolling (ruling 4)."""
    holy: list[str] = field(default_factory=list)
    """聖卡 deck, top first. Secret (counted only)."""
    dark: list[str] = field(default_factory=list)
    """暗卡 deck, top first. Secret."""
    order: list[str] = field(default_factory=list)
    """指令卡 deck, top first. Secret."""
    holy_discard: list[str] = field(default_factory=list)
    """Face up: public."""
    dark_discard: list[str] = field(default_factory=list)
    """Face up: public."""
    order_discard: list[str] = field(default_factory=list)
    """Face down: counted only."""
    frames: list[Frame] = field(default_factory=list)
    """The decision stack, top last."""
    deaths: list[Dying] = field(default_factory=list)
    """Dying characters waiting for the death pipeline, in seat order from the active seat (e6)."""
    attack: Attack | None = None
    last_roll: dict[str, Any] | None = None
    """The last dice thrown, public: {seat, d4, d6, total, why}."""
    extra_turn: bool = False
    """秘典: the active seat takes another turn after this one."""
    death_count: int = 0
    """Death batches so far (`Player.death_seq`)."""
    dead_order: list[Seat] = field(default_factory=list)
    goals_met: list[Seat] = field(default_factory=list)
    """victory.py, `declare_button` variant: seats whose character's trigger goal held at the last
    check (a seat is asked to declare only when its goal newly holds; c11's missed moment)."""
    winners: list[Seat] = field(default_factory=list)
    reason: str = ""
    """Why the game ended: `guards` | `assassins` | `commoner:<character>`."""
    history: list[list[Any]] = field(default_factory=list)
    """The public evidence about identities, oldest first (history.py): short lists `[kind,
    *params]` of public events only (attacks, hurts and heals by another seat, Order results,
    identity cards drawn, shows, deaths), appended by engine._apply. Public: in every view."""
    asked_at: int = 0
    """The version at which the decision open now was opened: a frame stays the same decision while
    only passes happen, the pick while seats pick (`Judgement.decision`'s key)."""


def deck_of(state: JudgementState, pack: str) -> list[str]:
    """The draw pile of a pack (`holy` | `dark` | `order`)."""
    return getattr(state, pack)


def discard_of(state: JudgementState, pack: str) -> list[str]:
    """The discard pile of a pack."""
    return getattr(state, f"{pack}_discard")


def seat_of(state: JudgementState, colour: str) -> Seat:
    """The seat playing `colour` (the token actions use)."""
    return COLOURS.index(colour)


def seat_named(seat: Seat) -> Msg:
    """A seat as a refusal names it: its colour token (what actions type) and its player."""
    return Msg("judgement.refusal.seat", {"token": COLOURS[seat], "player": SeatName(seat)})


def seats_named(seats: list[Seat]) -> Listed:
    """Seats as one list parameter of a refusal (`seat_named` each)."""
    return Listed.of(seat_named(s) for s in seats)


def living(state: JudgementState) -> list[Seat]:
    """Living seats in turn order from the active seat."""
    return [s for s in from_active(state) if state.players[s].alive]


def from_active(state: JudgementState) -> list[Seat]:
    """Every seat in turn order, starting with the active seat (ruling 10's order)."""
    order = state.turn_order or list(range(state.seats))
    start = order.index(state.active) if state.active in order else 0
    return order[start:] + order[:start]


def next_seat(state: JudgementState, seat: Seat, offset: int = 1) -> Seat:
    """The seat `offset` places after `seat` in turn order, dead or alive (修女's 上家 is -1)."""
    order = state.turn_order or list(range(state.seats))
    return order[(order.index(seat) + offset) % len(order)]


def top(state: JudgementState) -> Frame | None:
    """The frame waiting for a decision, if any."""
    return state.frames[-1] if state.frames else None
