"""Helpers for the Judge Dredd rules tests: constructed positions, scripted dice, passing windows.

A position is a real game (set up by the engine) with its Judges, Crimes and hands moved where a
test wants them; the flow is then put at a point of the Game Turn with `at_move`, `at_window` or
`at_arrests`, so each test drives the real engine from there.
"""

from __future__ import annotations

from rules.core import Chance, Event, ScriptedChance, SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd import turn as flow
from rules.judge_dredd.state import Crime, DreddState, Window

STARTS = ("w17", "spc", "arm", "cty", "aca", "ghj")


def dice(*values: int) -> Chance:
    """Scripted dice; any shuffle falls back to a seeded generator."""
    return ScriptedChance(values, fallback=SeededChance(3))


def placed(seats: int = 2, seed: int = 1, config: dict | None = None) -> DreddState:
    """A game after set-up: seat 0 holds the Turn Start card, Judges placed in STARTS order,
    six Crimes out, six cards each; the first Movement Round's first window is open."""
    state = GAME.new_game(config or {}, seats, SeededChance(seed))
    state.turn_start = 0
    for seat in range(seats):
        GAME.apply(state, seat, f"place {STARTS[seat]}", SeededChance(seed))
    return state


def position(
    seats: int = 2,
    at: dict[int, str] | None = None,
    crimes: list[tuple[str, str, str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    config: dict | None = None,
) -> DreddState:
    """A placed game rearranged: Judges `at` Sectors (or `icu`), exactly these Crimes
    (crime id, perp id, sector; revealed if a Judge is there) and these hands (others emptied
    when `hands` is given). Packs keep every other card, so nothing is lost or doubled."""
    state = placed(seats, config=config)
    state.window = None
    for seat, where in (at or {}).items():
        state.judges[seat].at = where
        state.arrivals += 1
        state.judges[seat].arrived = state.arrivals
    if crimes is not None:
        for c in state.crimes:
            state.perp_pack.append(c.perp)
            state.crime_pack.append(c.crime)
        state.crimes = []
        for crime, perp, sector in crimes:
            state.perp_pack.remove(perp)
            state.crime_pack.remove(crime)
            here = any(j.at == sector for j in state.judges)
            state.crimes.append(Crime(crime=crime, perp=perp, sector=sector, revealed=here))
    if hands is not None:
        for judge in state.judges:
            state.stock.extend(judge.hand)
            judge.hand = []
        for seat, cards in hands.items():
            for card in cards:
                state.stock.remove(card)
            state.judges[seat].hand = list(cards)
    return state


def at_move(state: DreddState, seat: int) -> DreddState:
    """The flow awaits `seat`'s Move in the Movement Round (its window has closed)."""
    state.phase, state.window = "movement", None
    state.cursor = flow.order(state).index(seat)
    state.mover = seat
    return state


def at_window(state: DreddState, kind: str, for_seat: int | None = None) -> DreddState:
    """Open a card-play window by hand (its flow continues as the real one would)."""
    state.window = Window(kind, for_seat=for_seat)
    return state


def at_arrests(state: DreddState, chance: Chance | None = None) -> list[Event]:
    """Start the Arrest Round now (every Judge has moved), as after the last Move."""
    state.phase, state.window, state.mover = "movement", None, None
    state.cursor = state.seats
    for judge in state.judges:
        judge.moved = True
    return flow.start_arrests(state, chance or SeededChance(0)) + flow.advance(state, chance or SeededChance(0))


def act(state: DreddState, seat: int, text: str, *values: int) -> list[Event]:
    return GAME.apply(state, seat, text, dice(*values))


def pass_window(state: DreddState, *values: int) -> list[Event]:
    """Everyone still in the open window passes (the last pass closes it, with these dice)."""
    assert state.window is not None
    kind = state.window
    events: list[Event] = []
    chance = dice(*values)
    while state.window is kind and GAME.to_act(state):
        seat = min(GAME.to_act(state))
        verb = "done" if kind.kind == "issue" else "pass"
        events += GAME.apply(state, seat, verb, chance)
    return events


def texts(state: DreddState, seat: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def destinations(state: DreddState, seat: int) -> set[str]:
    """Where `seat` may end its Move now (its own Sector when it may stay)."""
    out = set()
    for a in GAME.legal_actions(state, seat):
        if a.verb == "move":
            out.add(a.path.split("-")[-1])
        elif a.verb == "stay":
            out.add(state.judges[seat].at)
    return out
