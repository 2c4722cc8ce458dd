"""D29, the board stays winnable: which bombs and card results would cut a man off for good.

A man still racing needs one kind of square: a WD base while he has not called in (there he
draws cards, Union Jacks among them, so from a base any bomb can one day be cleared), his map
reference once he has. D29 refuses a bomb, a Hodges swap, a shelter or a push after which some
man who can reach his square now could never reach it again.

Reaching is asked on the board's movement graph exactly as a move walks it (moves.one_step:
walls and doors, bombs, Union Jack runs, the Union Jack on his own reference), passing through
no WD base on the way. Dice do not matter: a throw of 1 is always possible, so whatever the
graph connects, some sequence of throws walks. Crowding (D9) is passing, not a wall.

Cost. For a bomb, only squares on one way the man has now can matter (`cuts`): a bomb
anywhere else leaves that way open. So each man costs one breadth-first search for a way, plus
one short search per square of it, instead of a search per bombable square of the board; the
answers are cached on hashable inputs, so the engine's repeated questions about one position
(legal actions, check, apply, the AI) search once.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from . import moves
from .board import load_board
from .state import DadsArmyState, Square

WAYS_KEPT = 512
"""Answers each of `way` and `cuts` keeps. Their keys hold a man's square among this game's bombs
and Union Jacks, so nearly every one is new in a new game: the engine asks about one position
several times in a row (legal actions, the check, the apply, the AI), and over 40 AI games 512
entries answered 99% of what 8,192 did. At 8,192 they went on filling for some 200 games, about
0.8 KB an entry (7 MB over 150 games of bench/soak.py after its warm-up); at 512 both hold well
under a megabyte, full within the first games."""


def goals(state: DadsArmyState, man: str) -> frozenset[Square]:
    """The squares `man` needs next (D29): a WD base until he has called in, then his reference."""
    if state.men[man].called_in:
        return frozenset({moves.reference(state, man)})
    return load_board().wd_bases


def racing(state: DadsArmyState) -> list[str]:
    """The men in play who have not arrived (D29 protects them alone)."""
    return [name for name, m in state.men.items() if not m.arrived]


@lru_cache(maxsize=WAYS_KEPT)
def way(start: Square, targets: frozenset[Square], own: Square, bombs: frozenset[Square],
        jacks: frozenset[Square]) -> tuple[Square, ...] | None:
    """The squares of one shortest way from `start` to any of `targets` (start excluded), or
    None when there is none. `own` is his reference (the one Union Jack he may stop on). A man
    standing on a target still needs a way off it and back (a move must end there, D11, D22)."""
    bases = load_board().wd_bases
    came: dict[Square, Square] = {}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nxt in moves.one_step(cur, bombs, jacks, own):
            if nxt in came:
                continue
            came[nxt] = cur
            if nxt in targets:
                path, back = [nxt], cur
                while back != start:
                    path.append(back)
                    back = came[back]
                return tuple(reversed(path))
            if nxt not in bases and nxt != start:  # a base is entered only as a move's last step (D11)
                queue.append(nxt)
    return None


def _way(state: DadsArmyState, man: str, square: Square | None = None,
         bombs: frozenset[Square] | None = None) -> tuple[Square, ...] | None:
    here = state.men[man].square if square is None else square
    return way(here, goals(state, man), moves.reference(state, man),
               frozenset(state.bombs) if bombs is None else bombs, frozenset(state.jacks))


def stranded_by_placing(state: DadsArmyState, man: str, to: Square) -> bool:
    """Whether putting `man` on `to` (a Hodges swap, a shelter, a push) leaves him no way to
    the square he needs when he has one now (D29)."""
    if state.men[man].arrived:
        return False
    return _way(state, man) is not None and _way(state, man, to) is None


@lru_cache(maxsize=WAYS_KEPT)
def cuts(start: Square, targets: frozenset[Square], own: Square, bombs: frozenset[Square],
         jacks: frozenset[Square]) -> frozenset[Square]:
    """The squares of his way (`way`) a bomb on which would leave him no way at all: every
    other way passes through them too. Empty when he has no way now.

    Only squares of one way can be such squares (a bomb anywhere else leaves that way open).
    For each, a search avoiding it starts from every square of the way before it (all still
    reached) and stops as soon as it meets a square after it (from there the rest of the way is
    still open). A detour round one square is usually a few steps long, so each check looks at
    the squares near the way, not the whole board, unless the square really is a cut."""
    path = way(start, targets, own, bombs, jacks)
    if not path:
        return frozenset()
    bases, proof = load_board().wd_bases, load_board().bomb_proof
    order = {sq: i for i, sq in enumerate(path)}
    cut: set[Square] = set()
    for i, sq in enumerate(path):
        if sq in proof or sq == start:
            continue
        if targets == {sq}:  # his reference itself: nobody may end a move on a bomb (D17)
            cut.add(sq)
            continue
        blocked = bombs | {sq}
        before = [start, *path[:i]]  # still open, and reached from his square by the way itself
        seen, queue, found = set(before), deque(before), False
        while queue and not found:
            for nxt in moves.one_step(queue.popleft(), blocked, jacks, own):
                if nxt in targets or order.get(nxt, -1) > i:
                    found = True
                    break
                if nxt in seen:
                    continue
                seen.add(nxt)
                if nxt not in bases:
                    queue.append(nxt)
        if not found:
            cut.add(sq)
    return frozenset(cut)


def refused_bombs(state: DadsArmyState) -> dict[Square, str]:
    """Each square a bomb may not fall on by D29, with a man it would cut off (the first in
    seat order). Squares the bomb rules (D16) refuse anyway are not listed. A man who has no
    way already is not protected: no bomb of this raid is to blame."""
    allowed = set(moves.bomb_squares(state))
    if not allowed:
        return {}
    bombs, jacks = frozenset(state.bombs), frozenset(state.jacks)
    refused: dict[Square, str] = {}
    for man in racing(state):
        here = state.men[man].square
        for sq in cuts(here, goals(state, man), moves.reference(state, man), bombs, jacks) & allowed:
            refused.setdefault(sq, man)
    return refused
