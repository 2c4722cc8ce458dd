"""The move (移動階段): throw d4+d6 and go to the location with that number (c15-c17, ruling 3).

移動人物: "你搖兩顆骰子，一顆四面骰，一顆六面骰，然後加總兩顆骰子的點數，再把你的人物標誌移動到對應的
地區牌上。如果搖出來的是「7」，則你可以移動到任意一個地區。必須注意，你不能停留在你原來的地區(白妖精
技能效果除外)。如果你搖骰的點數剛好對應你所在的地區牌，那么你要重搖。"

- c15: the move is compulsory; the total names one location card (content: `rolls`).
- c16 / ruling 3: a 7 is no card; it sends you to any OTHER location (a `go` frame).
- c17: never stay; a total naming your own location is thrown again.
- 星盤 (`move_roll_twice`): two throws, either result; the destinations of both (a 7 counting as
  every other location) are offered in one `go` frame, or taken at once when there is one (e3).
- 白妖精's 翩躚 (`flit`, ruling 3): instead of throwing, stay or step to a neighbouring location.
  It is offered as `go` actions at the turn's start step, beside `roll`.

Every die is public (e5: the d4 is drawn before the d6): a `dice` event {seat, d4, d6, total, why},
and `state.last_roll`. The piece is put down by `place` only; the location's effect is the next
step's business (turn.py calls locations.enter), so the start roll (c7) places without it.
"""

from __future__ import annotations

from rules.core import Action, Chance, Event, Seat

from . import board, traits
from .actions import Go
from .content import load
from .frames import FrameKind, answered, open_frame, register, waiting
from .state import JudgementState, top


def throw(state: JudgementState, seat: Seat, chance: Chance, why: str) -> tuple[int, list[Event]]:
    """Throw the action dice, d4 then d6 (e5), publicly: the total and its `dice` event."""
    d4 = chance.roll(4)
    d6 = chance.roll(6)
    roll = {"seat": seat, "d4": d4, "d6": d6, "total": d4 + d6, "why": why}
    state.last_roll = dict(roll)
    return d4 + d6, [Event("dice", roll)]


def place(state: JudgementState, seat: Seat, location: str) -> list[Event]:
    """Put `seat`'s piece on `location` (public `moved`); no location effect here."""
    player = state.players[seat]
    origin = player.at
    player.at = location
    return [Event("moved", {"seat": seat, "from": origin, "to": location})]


def others(state: JudgementState, seat: Seat) -> list[str]:
    """Every location but the one `seat` stands on, in ring order (what a 7 offers, c16)."""
    here = state.players[seat].at
    return [loc for loc in state.ring if loc != here]


def open_go(state: JudgementState, seat: Seat, options: list[str], why: str) -> list[Event]:
    """Ask `seat` where to go (`go` frame, public: the options follow from public dice)."""
    open_frame(state, "go", [seat], options=list(options), why=why)
    return [Event("choose_location", {"seat": seat, "options": list(options), "why": why})]


def move(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """The move step's throw (c15-c17): one throw (two with 星盤), each thrown again while it
    names the seat's own location; one destination is taken at once, several are asked (`go`)."""
    here = state.players[seat].at
    throws = 2 if traits.equipped(state, seat, "move_roll_twice") else 1
    events: list[Event] = []
    options: list[str] = []
    for _ in range(throws):
        while True:
            total, thrown = throw(state, seat, chance, "move")
            events += thrown
            location = load().location_for_roll(total)
            if location is None:  # the free roll, 7 (c16)
                found = others(state, seat)
                break
            if location.id != here:
                found = [location.id]
                break
            events.append(Event("move_reroll", {"seat": seat, "location": here}))  # c17
        options += [loc for loc in found if loc not in options]
    if len(options) == 1:
        return events + place(state, seat, options[0])
    ordered = [loc for loc in state.ring if loc in options]
    return events + open_go(state, seat, ordered, "astrolabe" if throws == 2 else "seven")


def flit_options(state: JudgementState, seat: Seat) -> list[str]:
    """白妖精's 翩躚 (ruling 3): stay (`may_stay`) or step to a neighbouring location, instead of
    throwing. Empty when the seat may not use it now (face down, sealed, no 白妖精)."""
    sk = traits.skill(state, seat, "flit")
    here = state.players[seat].at
    if sk is None or here is None:
        return []
    stay = [here] if sk.effect.get("may_stay", True) else []
    return stay + board.neighbours(state, here)


def flit(state: JudgementState, seat: Seat, location: str) -> list[Event]:
    """Use 翩躚: the piece stays or steps to `location` without any dice."""
    events = [Event("flitted", {"seat": seat, "to": location})]
    if location == state.players[seat].at:
        return [*events, Event("stayed", {"seat": seat, "at": location})]
    return events + place(state, seat, location)


# --------------------------------------------------------------------------- the `go` frame


def _go_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    return [Go(loc) for loc in frame.data["options"]]


def _go_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    _, answer = answered(state, action, Go)
    return place(state, seat, answer.location)


def _go_timeout(state: JudgementState, seat: Seat) -> Action | None:
    """Only the start roll's 7 has a clock (its `roll` has one): the first location offered. A
    move's choice is part of the plain turn, which has no clock (as in Judge Dredd)."""
    frame = top(state)
    if frame is None or frame.data.get("why") != "start":
        return None
    return Go(frame.data["options"][0])


GO = register(FrameKind("go", _go_legal, _go_apply, _go_timeout, public=("options", "why")))
"""Where to go: after a 7 at the start roll (`start`, every location, c7) or in the move
(`seven`, every other location, c16), or between 星盤's two results (`astrolabe`)."""
