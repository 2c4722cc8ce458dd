"""Helpers for the Dad's Army rules tests: constructed positions and scripted dice."""

from __future__ import annotations

from rules.core import Chance, Event, ScriptedChance, SeededChance
from rules.dads_army import GAME
from rules.dads_army.state import DadsArmyState, Square

FAR = {
    # Open squares well away from each other, used to park men who must not get in the way.
    "mainwaring": (12, 3),
    "wilson": (12, 4),
    "vicar": (1, 5),
    "verger": (1, 6),
    "jones": (2, 12),
    "pike": (1, 12),
    "fraser": (12, 12),
    "godfrey": (11, 12),
}


def position(seats: int = 2, refs: list[Square] | None = None, **squares: Square) -> DadsArmyState:
    """A fresh game with seat 0 to roll, every man parked on open ground (or where given),
    references as given, Hodges at his post, the deck in a fixed shuffled order."""
    state = GAME.new_game({}, seats, SeededChance(7))
    state.first = state.turn = 0
    defaults = [(3, 12), (9, 12), (12, 1 + 5), (6, 1)]
    for seat, player in enumerate(state.players):
        player.reference = (refs or defaults)[seat]
    for man in state.men:
        state.men[man].square = squares.get(man, FAR[man])
    return state


def dice(*values: int) -> Chance:
    """Scripted dice; any shuffle falls back to a seeded generator."""
    return ScriptedChance(values, fallback=SeededChance(3))


def stack(state: DadsArmyState, *cards: str) -> None:
    """Put these cards on top of the deck, in this order (taken from the deck or discards)."""
    for card in reversed(cards):
        (state.deck if card in state.deck else state.discards).remove(card)
        state.deck.insert(0, card)


def texts(state: DadsArmyState, seat: int = 0) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def destinations(state: DadsArmyState, man: str, seat: int = 0) -> set[Square]:
    """Where `man` may move now (the state must be in its move phase)."""
    return {a.to for a in GAME.legal_actions(state, seat) if a.verb == "move" and a.man == man}


def roll(state: DadsArmyState, value: int, seat: int = 0) -> list[Event]:
    return GAME.apply(state, seat, "roll", dice(value))


def act(state: DadsArmyState, text: str, seat: int = 0, *values: int) -> list[Event]:
    return GAME.apply(state, seat, text, dice(*values))


def draw_at_base(state: DadsArmyState, *cards: str) -> list[Event]:
    """Seat 0's Mainwaring, parked on 5,3, throws a 2 and walks into WD base A (5,1), where he
    draws these cards (stacked on the deck in this order). Returns the move's events."""
    assert state.men["mainwaring"].square == (5, 3), "park mainwaring on 5,3 first"
    stack(state, *cards)
    roll(state, 2)
    return act(state, "move mainwaring 5,1")


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def shuffle_script(items: list, target: list) -> list[int]:
    """The draws that make `Chance.shuffle(items)` (Fisher-Yates) return `target`."""
    out, draws = list(items), []
    for i in range(len(out) - 1, 0, -1):
        j = out.index(target[i], 0, i + 1)
        draws.append(j)
        out[i], out[j] = out[j], out[i]
    return draws
