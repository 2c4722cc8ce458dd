"""Ruling R8: what a player does when the table's time control runs out on his decision.

Dad's Army has no clock of its own (no `timeout_action`): every decision is a player's own turn.
When the table's clock runs out on one, the table applies `time_up_action` for him, and it must be
a legal answer that keeps the race going, so that a table whose player walked away still finishes:

- asked to throw (`roll`): he throws; a kept Union Jack stays kept and a redraw (D26) is not taken,
  those being choices of his own;
- asked to move: the move that leaves the man moved nearest the square he needs next (a WD base
  until he has called in, then his reference: D29's measure, as `ai.Planner.remaining` counts it),
  arriving first; a race with no moves towards home would never end;
- asked to push another player's man (D13), swap Hodges (D14) or shelter a man (D15): the option
  that leaves the man concerned nearest his goal, the least harm to his owner;
- asked to drop a bomb (D16): the first square offered that lies on no racing man's shortest way,
  on no reference and on no WD base's entrance (the first square offered when every one does);
- asked to lay Union Jacks (D18): on the bomb that shortens his own men's ways most, then `done`.

Ties go to the first option listed, so the choice is deterministic; nothing here is secret (the
deck's order is the game's only secret, and no choice reads it).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Action, Seat

from . import ai
from .actions import Bomb, Done, Hodge, Jack, Move, Push, Roll, Shelter
from .board import load_board
from .state import DadsArmyState


def choose(legal: list[Action], state: DadsArmyState, seat: Seat) -> Action | None:
    """Ruling R8's answer among `legal` (the seat's legal actions now), or None when it has none."""
    if not legal:
        return None
    phase = state.phase
    if phase == "roll":
        return Roll() if Roll() in legal else legal[0]
    plan = ai.Planner(state)
    board = load_board()
    if phase == "move":
        home = state.players[seat].reference

        def after_move(a: Action) -> float:
            assert isinstance(a, Move)
            if a.to == home:
                return 0.0  # arriving (only ever offered once he has called in, D22)
            called = state.men[a.man].called_in or a.to in board.wd_bases
            return 1.0 + plan.remaining(a.man, a.to, called)

        return _least(legal, after_move)
    if phase == "push" and state.focus:
        focus = state.focus
        return _least(legal, lambda a: plan.remaining(focus, a.to) if isinstance(a, Push) else 0)
    if phase == "hodge":
        return _least(legal, lambda a: plan.remaining(a.man, state.hodges) - plan.remaining(a.man)
                      if isinstance(a, Hodge) else 0)
    if phase == "shelter":
        return _least(legal, lambda a: plan.remaining(a.man, board.shelters[a.n]) if isinstance(a, Shelter) else 0)
    if phase == "bomb":
        return _harmless_bomb(legal, state, plan)
    if phase == "jack":
        jack = ai._best_union_jack(state, seat, [a for a in legal if isinstance(a, Jack)], plan)
        return jack or (Done() if Done() in legal else legal[0])
    return legal[0]


def _least(legal: list[Action], cost: Callable[[Action], float]) -> Action:
    """The action of least `cost`, the first listed on a tie."""
    return min(legal, key=cost)


def _harmless_bomb(legal: list[Action], state: DadsArmyState, plan: ai.Planner) -> Action:
    board = load_board()
    spared = {b.entrance for b in board.buildings if b.kind == "wd_base"}
    spared |= {p.reference for p in state.players}
    for name, man in state.men.items():
        if not man.arrived:
            spared |= set(ai._shortest_path(plan, name))
    return next((a for a in legal if isinstance(a, Bomb) and a.at not in spared), legal[0])
