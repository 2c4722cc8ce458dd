"""Small questions every rule module asks about a seat: its character, HP, usable skills, equipment.

They live here once so that cards, locations, orders, attacks and deaths all read a character the
same way: a skill works only while its character is face up and not sealed (角色技能 note), except
隱女's 「隱」 (`usable_face_down`); a once-per-game skill works until it is used; equipment always
works, sealed or not (封印 stops skills only).
"""

from __future__ import annotations

from rules.core import Seat

from .content import Card, Character, Skill, load
from .state import JudgementState


def character(state: JudgementState, seat: Seat) -> Character | None:
    """The character `seat` picked (face up or down), or None before the pick."""
    cid = state.players[seat].character
    return load().characters[cid] if cid else None


def hp(state: JudgementState, seat: Seat) -> int:
    """The character's HP (生命值): it is dying when its damage reaches this."""
    char = character(state, seat)
    return char.hp if char else 0


def skill(state: JudgementState, seat: Seat, effect: str) -> Skill | None:
    """`seat`'s skill with this effect id if it may be used now, else None: alive, face up (or a
    skill usable face down), not sealed, and not a once-per-game skill already used."""
    player = state.players[seat]
    char = character(state, seat)
    if char is None or not player.alive or player.sealed:
        return None
    for sk in char.skills:
        if sk.effect.id != effect:
            continue
        if not (player.revealed or sk.usable_face_down):
            return None
        if sk.once_per_game and sk.id in player.used:
            return None
        return sk
    return None


def has_skill(state: JudgementState, seat: Seat, effect: str) -> bool:
    """Whether `seat` may use its skill with this effect id now (see `skill`)."""
    return skill(state, seat, effect) is not None


def equipped(state: JudgementState, seat: Seat, effect: str) -> list[Card]:
    """`seat`'s equipment cards with this effect id (equipment stacks: one entry per card)."""
    cards = load().cards
    return [cards[c] for c in state.players[seat].equipment if cards[c].effect.id == effect]
