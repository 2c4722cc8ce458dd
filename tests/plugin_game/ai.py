"""Beacon Relay's computer player: roll; then douse the highest rival beacon when it threatens to
outburn our own, else stoke our own. Deterministic, and it reads no secret but its own seat's."""

from __future__ import annotations

from typing import Any

from rules.core import Action, Game, Seat

from .engine import GOAL, Douse, RelayState, Roll, Stoke


def choose(game: Game[Any], state: RelayState, seat: Seat) -> Action:
    if state.roll is None:
        return Roll()
    mine = state.signals[seat]
    own = state.flames[mine]
    rivals = sorted((h, b) for b, h in state.flames.items() if b != mine and h > 0)
    if own + state.roll >= GOAL or not rivals:
        return Stoke(mine)
    height, beacon = rivals[-1]
    if height >= own + state.roll or height + 6 >= GOAL:
        return Douse(beacon)
    return Stoke(mine)
