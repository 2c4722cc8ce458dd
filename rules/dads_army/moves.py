"""Where figures may go: move, push, shelter and bomb options, computed from a state.

Pure functions shared by the engine (legality) and the AI (planning). A move is a path of
single orthogonal steps (D8) across open doors only (D10), never onto a bomb (D17), and
over whole runs of Union Jacks in one step (D19).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from .board import load_board
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
    here = state.men[man].square
    counts = crowd(state)
    counts[here] -= 1
    full = frozenset(sq for sq, n in counts.items() if n >= CROWD)
    return _paths(
        here, reference(state, man), state.men[man].called_in, steps, push,
        frozenset(state.bombs), frozenset(state.jacks), full,
    )


PATHS_KEPT = 512
"""Results `_paths` keeps: its key is one man's position among this game's bombs, Union Jacks and
crowds, so nearly every entry is new in a new game; the engine asks about one position several
times in a row (legal actions, the check, the apply): over 30 AI games, 512 entries answered all
but 2 of the questions 8,192 did."""


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
    board = load_board()
    found: dict[int, dict[Square, list[Square]]] = {}
    own = None if push else ref

    def can_end(sq: Square) -> bool:
        if sq in full:
            return False
        if sq == ref:
            return called_in and not push
        return not (push and sq in board.wd_bases)

    def walk(cur: Square, path: list[Square], seen: set[Square]) -> None:
        taken = len(path) + 1
        last = taken == steps
        for nxt in one_step(cur, bombs, jacks, own):
            if nxt in seen:
                continue
            if push and distance(nxt, ref) <= distance(cur, ref):
                continue
            if nxt in board.wd_bases and (push or not last):
                continue
            path.append(nxt)
            if (push or last) and can_end(nxt):
                found.setdefault(taken, {}).setdefault(nxt, list(path))
            if not last:
                seen.add(nxt)
                walk(nxt, path, seen)
                seen.discard(nxt)
            path.pop()

    if steps > 0:
        walk(here, [], {here})
    return found


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
