"""Helper C's test kit: states built directly (no set-up, no dice) for the character, damage,
attack, death and victory tests."""

from __future__ import annotations

from rules.judgement.state import COLOURS, JudgementState, Player

RING = ["tavern", "market_square", "cathedral", "ossuary", "alchemist_tower", "black_market"]


def make(
    chars: list[str | None],
    identities: list[str] | None = None,
    *,
    at: list[str] | None = None,
    revealed: bool = True,
    active: int = 0,
) -> JudgementState:
    """A state in phase `turn`, step `attack`, with these characters (face up unless told),
    identities (default guard, assassin, ... alternating) and locations (default all at 酒館)."""
    n = len(chars)
    ids = identities or [("guard", "assassin")[i % 2] for i in range(n)]
    where = at or ["tavern"] * n
    players = [
        Player(colour=COLOURS[i], character=chars[i], identity=ids[i], at=where[i],
               revealed=revealed and chars[i] is not None, ever_revealed=revealed and chars[i] is not None)
        for i in range(n)
    ]
    return JudgementState(seats=n, phase="turn", step="attack", active=active, turn_no=1,
                          turn_order=list(range(n)), players=players, ring=list(RING))
