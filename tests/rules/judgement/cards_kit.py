"""Helper B's test kit (cards, locations, orders): states built directly, frames answered through
the registry exactly as the engine does (the action must be among the frame's legal actions)."""

from __future__ import annotations

from rules.core import Chance, Event, ScriptedChance
from rules.judgement import cards, locations, orders  # noqa: F401  (register their frames)
from rules.judgement.actions import parse_action
from rules.judgement.content import load
from rules.judgement.frames import KINDS, asked
from rules.judgement.state import JudgementState, top

from .characters_kit import make

CHARS = ["duelist", "blood_count", "swordswoman", "gravedigger", "mercenary", "executioner"]
"""Characters with no skill that fires on its own here (HP 12, 13, 13, 13, 14, 11)."""

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def table(
    n: int = 4,
    chars: list[str | None] | None = None,
    identities: list[str] | None = None,
    *,
    at: list[str] | None = None,
    revealed: bool = False,
) -> JudgementState:
    """Red's location step, `n` seats, face down unless told; empty decks (use `stack`)."""
    state = make(chars or CHARS[:n], identities, at=at, revealed=revealed)
    state.step = "location"
    return state


def stack(state: JudgementState, pack: str, *cards_: str) -> None:
    """Put these cards on top of `pack`'s deck, first drawn first."""
    getattr(state, pack)[:0] = list(cards_)


def dice(*values: int) -> ScriptedChance:
    """Scripted dice, d4 before d6 (e5); shuffles fall back to no randomness at all."""
    return ScriptedChance(values)


def legal(state: JudgementState, seat: int) -> list[str]:
    """The top frame's legal actions for `seat`, as text."""
    frame = top(state)
    assert frame is not None, "no frame is waiting"
    assert seat in asked(frame), f"{seat} is not asked by {frame.kind}"
    return [str(a) for a in KINDS[frame.kind].legal(state, seat)]


def act(state: JudgementState, seat: int, text: str, chance: Chance | None = None) -> list[Event]:
    """Answer the top frame with `text`, which must be legal."""
    frame = top(state)
    assert frame is not None
    options = legal(state, seat)
    assert text in options, f"{text!r} not in {options}"
    return KINDS[frame.kind].apply(state, seat, parse_action(text), chance or dice())


def kinds(events: list[Event], public: bool | None = None) -> list[str]:
    """The kinds of the events (only the public ones, or only the private ones, when told)."""
    return [e.kind for e in events if public is None or e.public == public]


def card_ids() -> set[str]:
    """Every card id of the three packs."""
    return set(load().cards)


def where(state: JudgementState, card: str) -> list[str]:
    """Every place a copy of `card` is (decks, discards, equipment, frames): r15 and c43."""
    found: list[str] = []
    for pack in ("holy", "dark", "order"):
        found += [pack] * getattr(state, pack).count(card)
        found += [f"{pack}_discard"] * getattr(state, f"{pack}_discard").count(card)
    for seat, player in enumerate(state.players):
        found += [f"equipment:{seat}"] * player.equipment.count(card)
    found += [f"frame:{f.kind}" for f in state.frames if f.data.get("card") == card]
    return found
