"""The computer seat for Judtho: the search of `search.py` on the live position.

Assembly is played with the default set-up (`@rest`, the same one a human may ask for); a draw
offer is declined (a search-based player never wants to stop a game it can still play); owed
placements and the moves of play go to `search.search`, which looks three plies ahead over the
real turn order (a Triple Alliance's interleaved order included) with the current relations,
so it knows its Allies, its Rivals and knatching. Only public information exists in this game.
The search is bounded by a node budget, never by the clock, so a position always gets the same
answer (`search.NODE_BUDGET`).
`LEVELS` keeps the settings of the earlier two-ply seat (`two_ply`) beside today's
(`three_ply`), so the two can play each other (`bench/judtho_ai.py strength --opponent two_ply`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.core import Action, Seat, best_action, only_choice
from rules.judtho import alliances as al
from rules.judtho.engine import Draw, PlaceRest, Resign
from rules.judtho.evaluate import evaluate
from rules.judtho.notation import Move, Pass, Place
from rules.judtho.scoring import values
from rules.judtho.search import GROWTH, NODE_BUDGET, SearchResult, search
from rules.judtho.state import JudthoState


@dataclass(frozen=True)
class Level:
    """How a computer seat searches (`search.search`'s settings): the plies, the node budget,
    whether killer moves and history order the moves (`heuristics`), when no deeper
    iteration is started (`growth`, `sure_depth`) and whether the Rivals' turns are searched as
    passes (`rivals_pass`, `search.py`)."""

    depth: int
    node_budget: int
    heuristics: bool
    growth: float
    sure_depth: int
    rivals_pass: bool = False


LEVELS = {
    "two_ply": Level(depth=2, node_budget=1500, heuristics=False, growth=20, sure_depth=2),
    "three_ply": Level(depth=3, node_budget=NODE_BUDGET, heuristics=True, growth=GROWTH, sure_depth=3),
}
"""`two_ply`: the earlier computer seat (two plies, 1500 nodes, captures first, no killer moves or
history); `three_ply`: today's (three plies always
tried within `NODE_BUDGET`, which the median mid-game position needs less than half of;
`bench/judtho_ai.py plies` measures it)."""
LEVEL = "three_ply"
"""The level of every computer seat."""
DEPTH = LEVELS[LEVEL].depth
"""Plies searched."""
ORDER_AHEAD = 8
"""How many coming movers the search is told about (it needs at least the next two)."""


def choose(game: Any, state: JudthoState, seat: Seat, rng: random.Random | None = None,
           *, depth: int | None = None, node_budget: int | None = None, level: str = LEVEL) -> Action:
    """An action for `seat`, which must be one that may act now; `level` names one of `LEVELS`,
    whose depth and node budget `depth` and `node_budget` replace when given."""
    return decide(game, state, seat, rng, depth=depth, node_budget=node_budget, level=level)[0]


def decide(game: Any, state: JudthoState, seat: Seat, rng: random.Random | None = None,
           *, depth: int | None = None, node_budget: int | None = None,
           level: str = LEVEL) -> tuple[Action, SearchResult | None]:
    """`choose`, with what the search found (its depth and nodes; None when no search was needed)."""
    settings = LEVELS[level]
    legal = [a for a in game.legal_actions(state, seat) if not isinstance(a, Resign)]
    if (only := only_choice(seat, legal)) is not None:
        return only, None
    if Draw("decline") in legal:
        return Draw("decline"), None
    if PlaceRest() in legal:
        return PlaceRest(), None
    colour = game.acting_colour(state)
    relation = game._relation(state)
    position = state.position()
    places = [a for a in legal if isinstance(a, Place)]
    if state.phase == "placement" or not any(isinstance(a, Move) for a in legal):
        table = values(state.variant)
        return best_action(places or legal, lambda a: _after_place(position, colour, relation, table, a), rng), None
    order = [colour, *al.move_order(state.rel(), colour, ORDER_AHEAD)]
    found = search(
        position,
        colour,
        relation,
        order,
        depth=settings.depth if depth is None else depth,
        node_budget=settings.node_budget if node_budget is None else node_budget,
        options=game._gen(state),
        heuristics=settings.heuristics,
        growth=settings.growth,
        sure_depth=min(settings.sure_depth, settings.depth if depth is None else depth),
        rivals_pass=settings.rivals_pass,
    )
    move = found.move
    if move in legal:
        return move, found
    # The search speaks the moves module's language; the engine's list is the authority.
    same = [a for a in legal if str(a) == str(move)]
    return (same[0] if same else next((a for a in legal if isinstance(a, Move | Pass)), legal[0])), found


def _after_place(position: Any, colour: str, relation: Any, table: Any, action: Action) -> float:
    """How good the position is for `colour` once this piece is placed (a King away from danger,
    a bonus piece where it works)."""
    if not isinstance(action, Place):
        return float("-inf")
    pieces = dict(position.pieces)
    pieces[action.square] = (colour, action.piece)
    return evaluate(type(position)(position.board, pieces), colour, relation, table)


def playout_choose(game: Any, state: JudthoState, seat: Seat, rng: random.Random | None = None) -> Action:
    """The quick player of the playouts that estimate each seat's chance to win after a game
    (`Plugin.playout`): the search of `choose` costs about a tenth of a second a move, too much for
    thousands of moves. It declines a draw and places its rest at once, takes the capture worth most
    (a King first), and else plays any legal move, picked by `rng` (the first without one)."""
    legal = [a for a in game.legal_actions(state, seat) if not isinstance(a, Resign)]
    if (only := only_choice(seat, legal)) is not None:
        return only
    for quiet in (Draw("decline"), PlaceRest()):
        if quiet in legal:
            return quiet
    pieces = state.position().pieces
    worth = values(state.variant)

    def gain(move: Move) -> tuple[int, int]:
        taken = [pieces[sq][1] for sq in move.captures]
        return taken.count("king"), sum(worth.get(piece, 0) for piece in taken)

    gains = {move: gain(move) for move in legal if isinstance(move, Move) and move.captures}
    if gains:
        best = max(gains.values())
        legal = [move for move, g in gains.items() if g == best]
    return rng.choice(legal) if rng is not None else legal[0]
