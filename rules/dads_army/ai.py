"""A computer player for Dad's Army: a greedy racer with a grudge against the leader.

Every decision is scored with one measure, a man's *remaining distance*: the fewest steps
from his square to his reference, by way of a WD base if he has not called in yet (steps
found by a breadth-first search that respects walls, bombs and Union Jack runs). Our own
moves and cards lower our remaining distance; pushes, Hodges swaps and bombs raise the
leader's. A man whose way home is bombed shut heads back to a WD base instead (for a
Union Jack card), which keeps games from stalling (docs/rulings/dads_army.md, notes for the code).

Entry point: `choose(game, state, seat, rng=None) -> Action`, also `PLUGIN.ai`. It is
deterministic given the state; an optional `random.Random` only breaks ties.
"""

from __future__ import annotations

import heapq
import random
from collections import deque
from functools import lru_cache
from typing import Any

from rules.core import Action, Seat, best_action, only_choice

from . import moves
from .actions import Bomb, Done, Hodge, Jack, Keep, Lay, Move, Push, Roll, Shelter
from .board import load_board
from .state import DadsArmyState, Square
from .variant_actions import Redraw

BLOCKED = 40
"""Cost added when a man cannot reach his goal at all: worse than any open way."""
UNREACHABLE = 200
TABLES_KEPT = 512
"""Distance tables each of `distances` and `bomb_costs` keeps. Their keys hold where the bombs and
Union Jacks lie, new in every game, so a bound is what keeps a long-running bot's memory flat.
Over 30 AI games even 256 answered 99.6% of what 4,096 did, in a seventh of the memory (4 MB, not
26)."""


@lru_cache(maxsize=TABLES_KEPT)
def distances(target: Square, bombs: frozenset[Square], jacks: frozenset[Square]) -> dict[Square, int]:
    """Steps from every square to `target` (walls, bombs and Union Jack runs applied; one
    passes through no WD base on the way). Steps are symmetric, so we search from the target."""
    bases = load_board().wd_bases
    dist = {target: 0}
    if target in bombs:
        return dist  # nobody may end on a bomb (D17)
    queue = deque([target])
    while queue:
        cur = queue.popleft()
        if cur in bases and cur != target:
            continue
        for nxt in moves.one_step(cur, bombs, jacks, None):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


BOMB_COST = 6
"""Planning cost of crossing a bomb, as if a Union Jack might one day replace it."""


@lru_cache(maxsize=TABLES_KEPT)
def bomb_costs(target: Square, bombs: frozenset[Square], jacks: frozenset[Square]) -> dict[Square, int]:
    """Like `distances`, but bombs may be crossed at a price: how much each bomb is in the
    way, which is what a Union Jack is worth."""
    bases = load_board().wd_bases
    cost = {target: 0}
    heap = [(0, target)]
    while heap:
        c, cur = heapq.heappop(heap)
        if c > cost[cur] or (cur in bases and cur != target):
            continue
        for nxt in moves.one_step(cur, frozenset(), jacks, None):
            step = 1 + (BOMB_COST if cur in bombs else 0)
            if c + step < cost.get(nxt, UNREACHABLE):
                cost[nxt] = c + step
                heapq.heappush(heap, (c + step, nxt))
    return cost


class Planner:
    """Remaining distances in one position (bombs and Union Jacks as they lie)."""

    def __init__(self, state: DadsArmyState, bombs: list[Square] | None = None, jacks: list[Square] | None = None
                 ) -> None:
        self.state = state
        self.bombs = frozenset(state.bombs if bombs is None else bombs)
        self.jacks = frozenset(state.jacks if jacks is None else jacks)

    def to(self, target: Square) -> dict[Square, int]:
        return distances(target, self.bombs, self.jacks)

    def via_base(self, square: Square, ref: Square) -> tuple[int, Square]:
        """(steps, base) of the shortest way from `square` to `ref` that calls in at a WD base
        (a base that shuts the way home costs `BLOCKED`); ties go to the first base in order."""
        ref_dist = self.to(ref)
        return min((self.to(b).get(square, UNREACHABLE) + ref_dist.get(b, BLOCKED), b)
                   for b in sorted(load_board().wd_bases))

    def remaining(self, man: str, square: Square | None = None, called_in: bool | None = None) -> int:
        m = self.state.men[man]
        if m.arrived:
            return 0
        sq = m.square if square is None else square
        called = m.called_in if called_in is None else called_in
        ref = moves.reference(self.state, man)
        if not called:
            return self.via_base(sq, ref)[0]
        home = self.to(ref).get(sq)
        if home is not None:
            return home
        # His way home is shut: back to a base for a card.
        return BLOCKED + min(self.to(b).get(sq, UNREACHABLE) for b in load_board().wd_bases)

    def blocked(self, man: str) -> int:
        """Remaining distance counting each bomb in the way as `BOMB_COST` extra steps."""
        m = self.state.men[man]
        if m.arrived:
            return 0
        ref = moves.reference(self.state, man)
        home = bomb_costs(ref, self.bombs, self.jacks)
        if m.called_in:
            return home.get(m.square, UNREACHABLE)
        return min(
            bomb_costs(b, self.bombs, self.jacks).get(m.square, UNREACHABLE) + home.get(b, UNREACHABLE)
            for b in load_board().wd_bases
        )

    def team(self, seat: Seat) -> int:
        return sum(self.remaining(m) for m in self.state.players[seat].men)


def leader(state: DadsArmyState, seat: Seat, plan: Planner) -> Seat:
    """The opponent nearest to winning."""
    others = [s for s in range(len(state.players)) if s != seat]
    return min(others, key=lambda s: (plan.team(s) - 10 * _arrived(state, s), s))


def _arrived(state: DadsArmyState, seat: Seat) -> int:
    return sum(state.men[m].arrived for m in state.players[seat].men)



def choose(game: Any, state: DadsArmyState, seat: Seat, rng: random.Random | None = None) -> Action:
    """An action for `seat`, which must be one that may act now."""
    legal = game.legal_actions(state, seat)
    if (only := only_choice(seat, legal)) is not None:
        return only
    plan = Planner(state)
    phase = state.phase
    board = load_board()
    mine = state.players[seat].men
    if phase == "roll":
        return _lay_or_roll(state, seat, legal, plan)
    if phase == "move":
        def after_move(a: Action) -> float:
            assert isinstance(a, Move)
            if a.to == state.players[seat].reference:
                return 1000.0 + (500 if all(state.men[m].arrived for m in mine if m != a.man) else 0)
            called = state.men[a.man].called_in or a.to in board.wd_bases
            gain = plan.remaining(a.man) - plan.remaining(a.man, a.to, called)
            bonus = 3 if a.to in board.wd_bases else 0
            return gain + bonus - 0.01 * plan.remaining(a.man, a.to, called)
        return best_action(legal, after_move, rng)
    if phase == "push":
        assert state.focus
        focus = state.focus
        return best_action(legal, lambda a: plan.remaining(focus, a.to) if isinstance(a, Push) else 0, rng)
    if phase == "hodge":
        return best_action(legal, lambda a: _hodge_gain(state, seat, a, plan), rng)
    if phase == "shelter":
        def after_shelter(a: Action) -> float:
            assert isinstance(a, Shelter)
            return -plan.remaining(a.man, board.shelters[a.n])
        return best_action(legal, after_shelter, rng)
    if phase == "bomb":
        return _bomb(state, seat, legal, plan, rng)
    if phase == "jack":
        return _jack(state, seat, legal, plan)
    return legal[0]


def _hodge_gain(state: DadsArmyState, seat: Seat, action: Action, plan: Planner) -> float:
    assert isinstance(action, Hodge)
    man = action.man
    delta = plan.remaining(man, state.hodges) - plan.remaining(man)
    if man in state.players[seat].men:
        return -delta
    weight = 2 if moves.owner(state, man) == leader(state, seat, plan) else 1
    return weight * delta


def _shortest_path(plan: Planner, man: str) -> list[Square]:
    """The squares along one shortest way from `man` to his next goal (base or reference)."""
    state = plan.state
    m = state.men[man]
    ref = moves.reference(state, man)
    goal = ref if m.called_in else plan.via_base(m.square, ref)[1]
    path = _walk(plan.to(goal), m.square, plan)
    if goal != ref:
        path += _walk(plan.to(ref), goal, plan)
    return path or [goal]


def _walk(dist: dict[Square, int], start: Square, plan: Planner) -> list[Square]:
    """Follow the distances downhill from `start` (stopping where they stop falling)."""
    cur, path = start, []
    while dist.get(cur, 0) > 0:
        steps = moves.one_step(cur, plan.bombs, plan.jacks, None)
        nxt = min(steps, key=lambda sq: (dist.get(sq, UNREACHABLE), sq), default=None)
        if nxt is None or dist.get(nxt, UNREACHABLE) >= dist[cur]:
            break
        cur = nxt
        path.append(cur)
    return path


def _bomb(state: DadsArmyState, seat: Seat, legal: list[Action], plan: Planner, rng: random.Random | None) -> Action:
    """Bomb the leader's shortest way where it costs him most, sparing our own ways.

    Never a WD base's entrance, and never a bomb that shuts a man's way home completely:
    a board where nobody can reach a base or a reference any more is a game nobody wins.
    """
    board = load_board()
    entrances = {b.entrance for b in board.buildings if b.kind == "wd_base"}
    target = leader(state, seat, plan)
    ours = {sq for m in state.players[seat].men if not state.men[m].arrived for sq in _shortest_path(plan, m)}
    ours |= {state.players[seat].reference} | entrances
    theirs = [m for m in state.players[target].men if not state.men[m].arrived]
    on_way = {sq for m in theirs for sq in _shortest_path(plan, m)}
    before = sum(plan.remaining(m) for m in theirs)

    def score(a: Action) -> float:
        assert isinstance(a, Bomb)
        sq = a.at
        if sq in ours:
            return -100.0
        if sq not in on_way:
            return -50.0 - moves.distance(sq, state.players[target].reference) / 100
        after = Planner(state, [*state.bombs, sq], state.jacks)
        if any(after.remaining(m) >= BLOCKED for m in theirs):
            return -60.0
        return sum(after.remaining(m) for m in theirs) - before

    return best_action(legal, score, rng)


def _jack(state: DadsArmyState, seat: Seat, legal: list[Action], plan: Planner) -> Action:
    """Replace the bomb that shortens our way most; keep one if none helps now."""
    best = _best_union_jack(state, seat, [a for a in legal if isinstance(a, Jack)], plan)
    if best is not None:
        return best
    return Keep() if Keep() in legal else Done()


def _lay_or_roll(state: DadsArmyState, seat: Seat, legal: list[Action], plan: Planner) -> Action:
    """Redraw a reference bombed for long (variant D26) unless our kept Union Jack can clear
    it; lay the kept Union Jack only where it shortens our way now; otherwise roll."""
    if Redraw() in legal and Lay(state.players[seat].reference) not in legal:
        return Redraw()
    return _best_union_jack(state, seat, [a for a in legal if isinstance(a, Lay)], plan) or Roll()


def _best_union_jack(state: DadsArmyState, seat: Seat, options: list[Jack | Lay], plan: Planner) -> Action | None:
    """Of these Union Jacks (from a card or kept), the one whose bomb, replaced, shortens our
    men's ways most (bombs counted at `BOMB_COST`); None when none shortens them at all."""
    mine = state.players[seat].men
    now = sum(plan.blocked(m) for m in mine)
    best: tuple[float, Action] | None = None
    for a in options:
        after = Planner(state, [b for b in state.bombs if b != a.at], [*state.jacks, a.at])
        gain = now - sum(after.blocked(m) for m in mine)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, a)
    return best[1] if best is not None else None
