"""Why Dad's Army refuses an action, in words that name the rule and what may be done instead.

`refusal` is the engine's `why_illegal` for everything D29 does not refuse: it is asked only
about an action that is not among the seat's options, and answers with an `IllegalAction`
whose code says which rule stands in the way (another player's man, a square he cannot reach
with this throw, a full square, a wall, a bomb, ...) and whose params name what is possible
(the squares that man can reach with this throw, the men that may move, the bombed squares).
Pure: it reads the state and the options the engine lists, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.core import Action, IllegalAction, Listed, Seat, SeatName

from . import moves, present
from .actions import Bomb, Hodge, Jack, Keep, Lay, Move, Push, Shelter
from .board import DIRECTIONS, load_board
from .state import DadsArmyState, Square

SHOWN = 12
"""The most squares or actions a refusal names (the rest are summed up by "…")."""


def square(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def squares(found: Iterable[Square]) -> str:
    """Squares in board order, at most `SHOWN` of them, joined by "; " in every language (a
    square's own text has a comma: `3,4; 5,6` reads where `3,4, 5,6` would not)."""
    ordered = [square(s) for s in sorted(set(found), key=lambda s: (s[1], s[0]))]
    return "; ".join([*ordered[:SHOWN], "…"] if len(ordered) > SHOWN else ordered)


def _listed(items: Sequence[object]) -> Listed:
    return Listed.of([*items[:SHOWN], "…"] if len(items) > SHOWN else items)


def _men(names: Iterable[str]) -> Listed:
    return Listed.of(present.man_name(m) for m in names)


def refusal(state: DadsArmyState, seat: Seat, action: Action, options: Sequence[Action],
            movers: Sequence[str]) -> IllegalAction:
    """The reason `action` is not among `options` (the rules' options of `seat` now); `movers`
    are the men a throw may move (both of his, or the one of a second go)."""
    allowed = Listed.of(sorted({a.verb for a in options}))
    if action.verb not in {a.verb for a in options}:
        return IllegalAction("dads_army_not_now", action=str(action), allowed=allowed)
    if isinstance(action, Move):
        return _move(state, seat, action, options, movers)
    if isinstance(action, Push):
        return _push(state, action, options)
    if isinstance(action, Hodge) and action.man in state.men and state.men[action.man].arrived:
        return IllegalAction("dads_army_home_stays", man=present.man_name(action.man),
                             men=_men(a.man for a in options if isinstance(a, Hodge)))
    if isinstance(action, Shelter):
        return _shelter(state, action, options)
    if isinstance(action, Bomb):
        return _bomb(state, action)
    if isinstance(action, (Jack, Lay)) and action.at not in state.bombs:
        return IllegalAction("dads_army_no_bomb_there", square=square(action.at), bombs=squares(state.bombs))
    if isinstance(action, Keep):
        return IllegalAction("dads_army_one_kept_jack")
    return IllegalAction("dads_army_cannot", action=str(action), options=_listed([str(a) for a in options]))


def _move(state: DadsArmyState, seat: Seat, action: Move, options: Sequence[Action],
          movers: Sequence[str]) -> IllegalAction:
    """A move refused: whose man it is, which man this throw moves, and where he can go with it."""
    man, to, roll = action.man, action.to, state.roll or 0
    name = present.man_name(man)
    mine = state.players[seat].men
    can_move = _men(dict.fromkeys(a.man for a in options if isinstance(a, Move)))
    if man not in mine:
        owner = next((s for s, p in enumerate(state.players) if man in p.men), None)
        if owner is None:
            return IllegalAction("dads_army_man_not_playing", man=name, men=_men(mine))
        return IllegalAction("dads_army_not_your_man", man=name, owner=SeatName(owner), men=_men(mine))
    if man not in movers:
        return IllegalAction("dads_army_second_go_man", man=name, focus=present.man_name(movers[0]))
    if state.men[man].arrived:
        return IllegalAction("dads_army_home_stays", man=name, men=can_move)
    reach = moves.move_options(state, man, roll)
    if not reach:
        return IllegalAction("dads_army_man_cannot_move", man=name, roll=roll, men=can_move)
    board = load_board()
    options_here = squares(reach)
    params = {"man": name, "square": square(to), "roll": roll, "squares": options_here}
    here = state.men[man].square
    if not board.on_board(to):
        return IllegalAction("dads_army_off_board", **params)
    if to in state.bombs:
        return IllegalAction("dads_army_onto_bomb", **params)
    counts = moves.crowd(state)
    counts[here] -= 1
    if counts[to] >= moves.CROWD:
        return IllegalAction("dads_army_square_full", **params)
    if to == state.players[seat].reference and not state.men[man].called_in:
        return IllegalAction("dads_army_call_in_first", **params)
    if to == here:
        return IllegalAction("dads_army_not_back", **params)
    if any(to == (here[0] + dx, here[1] + dy) for dx, dy in DIRECTIONS) and to not in board.neighbours[here].values():
        return IllegalAction("dads_army_wall", **params)
    shorter = moves.paths(state, man, roll)
    if any(to in found for steps, found in shorter.items() if steps != roll):
        return IllegalAction("dads_army_exact_throw", **params)
    return IllegalAction("dads_army_unreachable", **params)


def _push(state: DadsArmyState, action: Push, options: Sequence[Action]) -> IllegalAction:
    man = state.focus or ""
    return IllegalAction("dads_army_push_where", man=present.man_name(man), square=square(action.to),
                         squares=squares(a.to for a in options if isinstance(a, Push)))


def _shelter(state: DadsArmyState, action: Shelter, options: Sequence[Action]) -> IllegalAction:
    men = [a.man for a in options if isinstance(a, Shelter)]
    if action.man not in men:
        return IllegalAction("dads_army_shelter_which", man=present.man_name(action.man), men=_men(dict.fromkeys(men)))
    open_to_him = [str(a.n) for a in options if isinstance(a, Shelter) and a.man == action.man]
    return IllegalAction("dads_army_shelter_full", man=present.man_name(action.man), n=action.n,
                         shelters=Listed.of(open_to_him))


def _bomb(state: DadsArmyState, action: Bomb) -> IllegalAction:
    at, board = action.at, load_board()
    where = square(at)
    if not board.on_board(at):
        return IllegalAction("dads_army_bomb_off_board", square=where)
    if at in board.bomb_proof:
        return IllegalAction("dads_army_bomb_proof", square=where)
    if moves.crowd(state)[at]:
        return IllegalAction("dads_army_bomb_on_figure", square=where)
    return IllegalAction("dads_army_bomb_on_marker", square=where)
