"""The standing orders The City of Judgement's frames call for, beside the platform's `IDLE`
(pass only where nothing may be played).

- `unless_me`: pass every card frame (a frame whose clock passes: the rescue window above all,
  which asks every living seat whatever it holds) unless it concerns the seat: the frame names it
  in its public data (the dying seat, the attacker, a target, the victim, the giver or
  recipient of an Order), or it asks only the seats it is about (a counter-attack asks those
  attacked, a declaration those whose goal is met, a second attack the attacker).

It answers with the frame's own timeout (a pass), only in a frame that asks the seat.
"""

from __future__ import annotations

from typing import Any

from rules.plugin import StandingOrder, window_pass

from .state import JudgementState, top

ABOUT_THEIR_SEATS = frozenset({"counter", "declare", "again"})
"""Frames that ask only the seats they are about: they always concern whoever they ask."""
NAMING = ("by", "seat", "target", "targets", "victim", "giver", "recipient")
"""The frame data that names the seats a frame is about."""


def concerns(state: JudgementState, seat: int) -> bool:
    """Whether the top frame is about `seat` (see the module)."""
    frame = top(state)
    if frame is None:
        return False
    if frame.kind in ABOUT_THEIR_SEATS:
        return True
    for name in NAMING:
        value = frame.data.get(name)
        if value == seat or (isinstance(value, (list, tuple)) and seat in value):
            return True
    return False


def _unless_me(game: Any, state: JudgementState, seat: int, mark: Any) -> Any | None:
    action = window_pass(game, state, seat)
    return action if action is not None and not concerns(state, seat) else None


ORDERS = (StandingOrder("unless_me", _unless_me),)
