"""The standing orders Judge Dredd's windows (R7) call for, beside the platform's `IDLE` (pass
only where nothing in the hand may be played).

- `unless_target`: pass every window, except where the seat is the one a card or a fight is
  aimed at (`turn.still_asked`: an answer window it is the target of, the window before its own
  Judge's fight); the issue window is never passed for it (its answer is `done`, not a pass).
- `this_turn`: pass every window of the Game Turn in which it was set (target or not), the
  private counterpart of the public `skip`: nobody else learns that the seat gave up its plays.

Both answer with the game's `timeout_action` (a pass) and only in a window that asks the seat.
"""

from __future__ import annotations

from typing import Any

from rules.plugin import StandingOrder, window_pass

from . import turn
from .state import DreddState


def _unless_target(game: Any, state: DreddState, seat: int, mark: Any) -> Any | None:
    action = window_pass(game, state, seat)
    return action if action is not None and not turn.still_asked(state, seat) else None


def _this_turn(game: Any, state: DreddState, seat: int, mark: Any) -> Any | None:
    return window_pass(game, state, seat) if mark == state.turn else None


def _turn_of(state: DreddState) -> int:
    return state.turn


ORDERS = (
    StandingOrder("unless_target", _unless_target),
    StandingOrder("this_turn", _this_turn, mark=_turn_of),
)
