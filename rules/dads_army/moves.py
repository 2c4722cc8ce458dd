"""Where figures may go: move, push, shelter and bomb options, computed from a state.

Pure functions shared by the engine (legality) and the AI (planning). A move is a path of
single orthogonal steps (D8) across open doors only (D10), never onto a bomb (D17), and
over whole runs of Union Jacks in one step (D19).

Every search walks the same depth-first order as `one_step` gives the steps, on integer squares
and bit masks (`_Grid`): `paths` lists every end with the first path met to it, and the questions
a fold of a log asks most, whether a man can move at all (`can_move`) and the path a chosen move
takes (`move_path`), stop at the first answer of that same walk, so they agree with the listing
exactly. The tests hold all of them to a plain walk over `one_step`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from .board import DIRECTIONS, load_board
from .state import DadsArmyState, Square

CROWD = 3
"""At most 3 figures (Hodges included) may end on one square (D9)."""


def owner(state: DadsArmyState, man: str) -> int:
    return next(seat for seat, p in enumerate(state.players) if man in p.men)


def reference(state: DadsArmyState, man: str) -> Square:
    return state.players[owner(state, man)].reference


def crowd(state: DadsArmyState) -> Counter[Square]:
    """Figures on each square, Hodges included."""
    counts = Counter(m.square for m in state.men.values())
    counts[state.hodges] += 1
    return counts


def distance(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def one_step(cur: Square, bombs: frozenset[Square], jacks: frozenset[Square], own: Square | None) -> Iterator[Square]:
    """The squares one step from `cur` can land on: never a bomb (D17); a step onto a
    Union Jack carries on over the whole run in that line (D19), except that a man may stop
    on the one lying on his own reference `own`, even within a run (the one Union Jack he
    may choose not to jump)."""
    neighbours = load_board().neighbours
    for d, nxt in neighbours[cur].items():
        if nxt in bombs:
            continue
        if nxt not in jacks:
            yield nxt
            continue
        land: Square | None = nxt
        while land is not None and land in jacks:
            if land == own:
                yield land  # his own reference: he may stop on its Union Jack rather than jump it
            land = neighbours[land].get(d)
        if land is not None and land not in bombs:
            yield land


def paths(state: DadsArmyState, man: str, steps: int, *, push: bool = False) -> dict[int, dict[Square, list[Square]]]:
    """Every square `man` can end on, by number of steps (1..steps), with one path to it.

    An ordinary move (`push=False`) may cross his own reference, and end there only after
    calling in; it enters a WD base only as its last step. A push (D13) makes every step
    increase his distance from his reference and never enters a WD base. The result is
    shared through a cache: read it, never change it.
    """
    here, ref, called_in, bombs, jacks, full = _position(state, man)
    return _paths(here, ref, called_in, steps, push, bombs, jacks, full)


PATHS_KEPT = 512
"""Results `_paths` keeps: its key is one man's position among this game's bombs, Union Jacks and
crowds, so nearly every entry is new in a new game; the engine asks about one position several
times in a row (legal actions, the check, the apply): over 30 AI games, 512 entries answered all
but 2 of the questions 8,192 did."""


class _Grid:
    """The board's squares as integers 0..n-1 (the order of `Board.squares`), for the searches
    that walk it often: `steps[i]` are the (direction, neighbour) pairs of `Board.neighbours` in
    its order, `ahead[i][d]` the square one step in direction d (-1: a wall or the edge), and
    squares and sets of squares become ints and bit masks, so a search compares numbers."""

    def __init__(self) -> None:
        board = load_board()
        self.squares: list[Square] = board.squares
        self.index: dict[Square, int] = {sq: i for i, sq in enumerate(self.squares)}
        self.steps: list[tuple[tuple[int, int], ...]] = []
        self.ahead: list[list[int]] = []
        for sq in self.squares:
            near = board.neighbours[sq]
            self.steps.append(tuple((DIRECTIONS.index(d), self.index[nxt]) for d, nxt in near.items()))
            self.ahead.append([self.index[near[d]] if d in near else -1 for d in DIRECTIONS])
        self.wd_bases = self.mask(board.wd_bases)
        self.column = [sq[0] for sq in self.squares]
        self.row = [sq[1] for sq in self.squares]
        # Square (c, r) is bit (r - 1) * columns + (c - 1), so one step in direction (dc, dr) adds
        # dc + dr * columns to a bit's place; `back` undoes it for a whole mask at once, kept to
        # the squares that have that step (no wall, not off the edge).
        self.width = board.columns
        assert all(i == (r - 1) * board.columns + (c - 1) for i, (c, r) in enumerate(self.squares))
        self.back: list[tuple[int, int]] = [
            (d[0] + d[1] * board.columns, self.mask(sq for sq in self.squares if d in board.neighbours[sq]))
            for d in DIRECTIONS
        ]

    def before(self, ends: int, jacks: int) -> int:
        """The squares one step of a move could have started from to land in `ends` (a mask),
        or more: a step back in each direction, on back over whole runs of Union Jacks (D19).
        More, since it lets a man start on any Union Jack and lands on any: a bound for pruning."""
        found = 0
        for shift, has in self.back:
            cur = ends
            while cur:
                cur = (cur >> shift if shift > 0 else cur << -shift) & has
                found |= cur
                cur &= jacks
        return found

    def mask(self, squares: Iterable[Square]) -> int:
        """The bit mask of `squares` (each a square of the board)."""
        index = self.index
        bits = 0
        for sq in squares:
            bits |= 1 << index[sq]
        return bits


@cache
def _grid() -> _Grid:
    return _Grid()


HOPS_KEPT = 64
"""Landing tables `_hops` keeps: one per (bombs, Union Jacks, own reference) met lately; the
markers change only when a bomb or a Union Jack is laid, so a game uses few at a time."""


@lru_cache(maxsize=HOPS_KEPT)
def _hops(bombs: int, jacks: int, own: int) -> dict[int, tuple[int, ...]]:
    """Where one step from each square lands (`one_step` on integer squares, in its order) with
    these bomb and Union Jack masks and own reference (-1: none); filled as squares are asked."""
    return {}


def _landings(table: dict[int, tuple[int, ...]], cur: int, bombs: int, jacks: int, own: int) -> tuple[int, ...]:
    """`one_step` from `cur` on integer squares, in the same order, remembered in `table`."""
    grid = _grid()
    out: list[int] = []
    for d, nxt in grid.steps[cur]:
        if bombs >> nxt & 1:
            continue
        if not jacks >> nxt & 1:
            out.append(nxt)
            continue
        land = nxt
        while land >= 0 and jacks >> land & 1:
            if land == own:
                out.append(land)  # his own reference: he may stop on its Union Jack rather than jump it
            land = grid.ahead[land][d]
        if land >= 0 and not bombs >> land & 1:
            out.append(land)
    table[cur] = hops = tuple(out)
    return hops


@lru_cache(maxsize=PATHS_KEPT)
def _paths(
    here: Square,
    ref: Square,
    called_in: bool,
    steps: int,
    push: bool,
    bombs: frozenset[Square],
    jacks: frozenset[Square],
    full: frozenset[Square],
) -> dict[int, dict[Square, list[Square]]]:
    """`paths` on hashable inputs only, so that the engine's repeated questions about one
    position (legal actions, the check, the apply) walk the board once."""
    found: dict[int, dict[Square, list[Square]]] = {}
    if steps > 0:
        grid = _grid()
        squares, index, mask = grid.squares, grid.index, grid.mask
        key = (index[here], index[ref], called_in, steps, mask(bombs), mask(jacks), mask(full))
        walked = _walk(*key[:4], push, *key[4:])
        if not push:
            _listed(key, walked.get(steps, {}))
        for taken, ends in walked.items():
            found[taken] = {squares[end]: [squares[i] for i in path] for end, path in ends.items()}
    return found


ListingKey = tuple[int, int, bool, int, int, int, int]
"""An ordinary move's question on integer inputs: his square, his reference, whether he has
called in, the throw, and the masks of bombs, Union Jacks and full squares."""
_LISTED: dict[ListingKey, dict[int, list[int]]] = {}
"""The ends (with their paths) of the ordinary moves `_paths` listed lately, on integer keys, so
that `can_move` and `move_path` read a listing already made instead of searching again (a table
lists a man's squares for its menus and its AI, then checks and applies the move chosen)."""


def _listed(key: ListingKey, ends: dict[int, list[int]]) -> None:
    """Keep `ends` for `key` in `_LISTED`, the oldest dropped past `PATHS_KEPT` entries."""
    _LISTED[key] = ends
    if len(_LISTED) > PATHS_KEPT:
        del _LISTED[next(iter(_LISTED))]


def _walk(start: int, home: int, called_in: bool, steps: int, push: bool, bomb_bits: int, jack_bits: int,
          full_bits: int, target: int = -1, first: bool = False) -> dict[int, dict[int, list[int]]]:
    """Every square a move (or a push) of at most `steps` steps may end on, by steps taken, with
    the first path met to it, depth first, on the integer squares and masks of `_Grid`: an
    ordinary move ends only after exactly `steps`, a push after any number. `first` stops at the
    first end found (what `paths` would give first). With a `target` square only ends there are
    kept, and an ordinary move skips the branches that cannot get there in the steps left
    (without Union Jacks a step moves one square, so the distance left and its parity must fit;
    with them a bit-mask bound, `_Grid.before`): the paths met come in the same order."""
    grid = _grid()
    column, row, wd_bases = grid.column, grid.row, grid.wd_bases
    own = -1 if push else home
    table = _hops(bomb_bits, jack_bits, own)
    aim = target >= 0 and not push
    plain = aim and not jack_bits  # one step, one square: distance and parity bound what is left
    tc, tr = (column[target], row[target]) if target >= 0 else (0, 0)
    near = [1 << target] if aim else []  # near[k]: squares within k steps of the target, or more
    while aim and len(near) < steps:
        near.append(near[-1] | grid.before(near[-1] & ~bomb_bits, jack_bits))
    hc, hr = column[home], row[home]
    found: dict[int, dict[int, list[int]]] = {}
    last_ends: dict[int, list[int]] = {}  # an ordinary move's ends, all after `steps` steps
    path: list[int] = []

    def walk(cur: int, seen: int) -> bool:
        """Walk on from `cur` (`seen`: the squares of the path so far); True to stop."""
        taken = len(path) + 1
        hops = table.get(cur)
        if hops is None:
            hops = _landings(table, cur, bomb_bits, jack_bits, own)
        if taken == steps and not push:
            # the last step of an ordinary move, where it ends: not on a full square (D9), on his
            # reference only after calling in (D12); a WD base is entered only now (D11)
            for nxt in hops:
                if nxt in last_ends or seen >> nxt & 1 or (aim and nxt != target) or full_bits >> nxt & 1 \
                        or (nxt == home and not called_in):
                    continue
                last_ends[nxt] = [*path, nxt]
                if first:
                    return True
            return False
        far = abs(column[cur] - hc) + abs(row[cur] - hr) if push else 0
        for nxt in hops:
            if seen >> nxt & 1 or wd_bases >> nxt & 1:
                continue
            if push:
                # each step of a push takes him further from his reference (D13), and it may end
                # after any step, but not on a full square nor on his reference
                if abs(column[nxt] - hc) + abs(row[nxt] - hr) <= far:
                    continue
                if not full_bits >> nxt & 1 and nxt != home and (target < 0 or nxt == target):
                    ends = found.get(taken)
                    if ends is None:
                        ends = found[taken] = {}
                    if nxt not in ends:
                        ends[nxt] = [*path, nxt]
                        if first:
                            return True
                if taken == steps:
                    continue
            elif aim:
                left = steps - taken
                if not near[left] >> nxt & 1:
                    continue
                if plain:
                    gap = abs(column[nxt] - tc) + abs(row[nxt] - tr)
                    if gap > left or (gap ^ left) & 1:
                        continue
            if taken + 1 == steps and not push:
                # the last step from `nxt`, walked here rather than in a call of its own (most of
                # a walk's squares are its last ones); the same checks as above
                after = seen | 1 << nxt
                hops_on = table.get(nxt)
                if hops_on is None:
                    hops_on = _landings(table, nxt, bomb_bits, jack_bits, own)
                for end in hops_on:
                    if end in last_ends or after >> end & 1 or (aim and end != target) or full_bits >> end & 1 \
                            or (end == home and not called_in):
                        continue
                    last_ends[end] = [*path, nxt, end]
                    if first:
                        return True
                continue
            path.append(nxt)
            if walk(nxt, seen | 1 << nxt):
                return True
            path.pop()
        return False

    walk(start, 1 << start)
    if last_ends:
        found[steps] = last_ends
    return found


def _position(state: DadsArmyState, man: str) -> tuple[Square, Square, bool, frozenset[Square],
                                                       frozenset[Square], frozenset[Square]]:
    """What `paths` asks of a state for `man`: his square, his reference, whether he has called
    in, the bombs, the Union Jacks and the squares full without him (D9)."""
    figure = state.men[man]
    here = figure.square
    counts = crowd(state)
    counts[here] -= 1
    full = frozenset(sq for sq, n in counts.items() if n >= CROWD)
    return here, reference(state, man), figure.called_in, frozenset(state.bombs), frozenset(state.jacks), full


def _ask(state: DadsArmyState, man: str, roll: int, to: Square | None = None) -> list[Square] | None:
    """The first path `_walk` finds for an ordinary move of `man` (to `to` alone when given), or
    None, its masks read straight off the state (the squares full without him, D9, counted only
    when some square holds three figures at all)."""
    men = state.men
    figure = men[man]
    if figure.arrived or roll <= 0:
        return None
    grid = _grid()
    width, base = grid.width, grid.width + 1  # square (c, r) is bit r * width + c - base
    target = -1
    if to is not None:
        if to not in grid.index:
            return None  # off the board: no way there
        target = to[1] * width + to[0] - base
    others = [m.square for m in men.values()]
    others.append(state.hodges)
    others.remove(figure.square)  # the figures but him
    full = 0
    if len(set(others)) < len(others) - 1:  # else no square holds three figures
        for sq, n in Counter(others).items():
            if n >= CROWD:
                full |= 1 << sq[1] * width + sq[0] - base
    bombs, jacks = _bits(tuple(state.bombs)), _bits(tuple(state.jacks))
    ref = next(p.reference for p in state.players if man in p.men)
    here = figure.square
    key = (here[1] * width + here[0] - base, ref[1] * width + ref[0] - base, figure.called_in, roll, bombs, jacks,
           full)
    listed = _LISTED.get(key)
    if listed is not None:
        found = listed.get(target) if target >= 0 else next(iter(listed.values()), None)
    else:
        found = _first(*key, target)
    if found is None:
        return None
    squares = grid.squares
    return [squares[i] for i in found]


MARKERS_KEPT = 64
"""Bomb and Union Jack layouts `_bits` keeps: they change only when a marker is laid."""


@lru_cache(maxsize=MARKERS_KEPT)
def _bits(squares: tuple[Square, ...]) -> int:
    """The bit mask of `squares` (`_Grid.mask`), remembered: the same markers are asked of often."""
    return _grid().mask(squares)


FIRST_KEPT = 256
"""Answers `_first` keeps: the check of a move and its apply ask the same question one after the
other; like `_paths`, a key is one position of one game."""


@lru_cache(maxsize=FIRST_KEPT)
def _first(start: int, home: int, called_in: bool, roll: int, bombs: int, jacks: int, full: int,
           target: int) -> list[int] | None:
    """The first path `_walk` meets for an ordinary move (to `target` alone unless -1), or None,
    on hashable integer inputs."""
    for ends in _walk(start, home, called_in, roll, False, bombs, jacks, full, target, first=True).values():
        return next(iter(ends.values()))
    return None


def can_move(state: DadsArmyState, man: str, roll: int) -> bool:
    """Whether an ordinary move of exactly `roll` steps exists for `man`: `bool(move_options(...))`,
    stopping at the first way found instead of listing them all."""
    return _ask(state, man, roll) is not None


def move_path(state: DadsArmyState, man: str, roll: int, to: Square) -> list[Square] | None:
    """The path `move_options(state, man, roll)` gives to `to`, or None when it has no such
    square: the same first way, found by a search that looks only for ways to `to`."""
    return _ask(state, man, roll, to)


def move_options(state: DadsArmyState, man: str, roll: int) -> dict[Square, list[Square]]:
    """Squares an ordinary move of exactly `roll` steps can end on, with a path to each."""
    if state.men[man].arrived:
        return {}
    return paths(state, man, roll).get(roll, {})


def push_options(state: DadsArmyState, man: str, roll: int) -> dict[Square, list[Square]]:
    """Squares a character-card push can end on: the full roll if possible, else the
    longest push that exists (D13); empty when he cannot be pushed at all."""
    if state.men[man].arrived:
        return {}
    found = paths(state, man, roll, push=True)
    return found[max(found)] if found else {}


def shelter_options(state: DadsArmyState, man: str) -> list[int]:
    """Air raid shelters `man` may go to: room for him (D15, Hodges counts) and not the
    shelter his partner has already been put in during this raid."""
    board = load_board()
    counts = crowd(state)
    counts[state.men[man].square] -= 1
    partner = next(m for m in state.players[owner(state, man)].men if m != man)
    taken = state.men[partner].square if partner in state.sheltered else None
    return [n for n, sq in sorted(board.shelters.items()) if counts[sq] < CROWD and sq != taken]


def bomb_squares(state: DadsArmyState) -> list[Square]:
    """Squares a bomb may fall on (D16): not bomb-proof, no figure, no marker already."""
    board = load_board()
    counts = crowd(state)
    marked = set(state.bombs) | set(state.jacks)
    return [sq for sq in board.squares if sq not in board.bomb_proof and not counts[sq] and sq not in marked]
