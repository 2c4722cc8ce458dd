"""Dad's Army's searches for where a man may go (`moves.paths`, `move_options`, `push_options`,
`can_move`, `move_path`) agree exactly with a plain depth-first walk over `moves.one_step`, the
listing as it was first written: the same squares, the same path to each, in the same order, on
random positions with bombs, runs of Union Jacks (one on a man's own reference at times), crowded
squares, men who have called in and men at home."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import SeededChance
from rules.dads_army import GAME, moves
from rules.dads_army.board import DIRECTIONS, load_board
from rules.dads_army.state import DadsArmyState, Square

BOARD = load_board()
OFF_BOARD: list[Square] = [(0, 5), (13, 1), (4, 13)]


def plain_paths(state: DadsArmyState, man: str, steps: int, push: bool) -> dict[int, dict[Square, list[Square]]]:
    """Every square `man` can end on by number of steps, with the first path met to it: a walk
    of every simple path over `one_step`, the rules written out with no shortcut."""
    here = state.men[man].square
    ref = moves.reference(state, man)
    called_in = state.men[man].called_in
    counts = moves.crowd(state)
    counts[here] -= 1
    full = {sq for sq, n in counts.items() if n >= moves.CROWD}
    bombs, jacks = frozenset(state.bombs), frozenset(state.jacks)
    own = None if push else ref
    found: dict[int, dict[Square, list[Square]]] = {}

    def can_end(sq: Square) -> bool:
        if sq in full:
            return False
        if sq == ref:
            return called_in and not push
        return not (push and sq in BOARD.wd_bases)

    def walk(cur: Square, path: list[Square]) -> None:
        taken = len(path) + 1
        last = taken == steps
        for nxt in moves.one_step(cur, bombs, jacks, own):
            if nxt == here or nxt in path:
                continue
            if push and moves.distance(nxt, ref) <= moves.distance(cur, ref):
                continue
            if nxt in BOARD.wd_bases and (push or not last):
                continue
            if (push or last) and can_end(nxt):
                found.setdefault(taken, {}).setdefault(nxt, [*path, nxt])
            if not last:
                walk(nxt, [*path, nxt])

    if steps > 0:
        walk(here, [])
    return found


def random_position(seed: int) -> DadsArmyState:
    """A game at 2-4 seats with men, Hodges, bombs and Union Jacks put anywhere at random: runs
    of Union Jacks along a row or a column, at times one on a reference, at times three figures
    on one square, men called in or at home."""
    rng = random.Random(seed)
    state = GAME.new_game({}, rng.randint(2, 4), SeededChance(seed))
    squares = BOARD.squares
    open_squares = [sq for sq in squares if not BOARD.in_building(sq)]
    jacks: set[Square] = set()
    for _ in range(rng.randint(0, 4)):
        c, r = rng.choice(open_squares)
        dc, dr = rng.choice(DIRECTIONS)
        jacks |= {(c + k * dc, r + k * dr) for k in range(rng.randint(1, 4))} & set(open_squares)
    if rng.random() < 0.3:
        jacks.add(rng.choice(state.players).reference)
    bombs = set(rng.sample(open_squares, rng.randint(0, 14))) - jacks
    state.jacks, state.bombs = sorted(jacks), sorted(bombs)
    free = [sq for sq in squares if sq not in bombs]
    for figure in state.men.values():
        figure.square = rng.choice(free)
        figure.called_in = rng.random() < 0.4
        figure.arrived = rng.random() < 0.1
    state.hodges = rng.choice(free)
    if rng.random() < 0.4:
        crowded = rng.choice(free)
        state.hodges = crowded
        for name in rng.sample(sorted(state.men), 2):
            state.men[name].square = crowded
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_searches_agree_with_a_plain_walk(seed: int) -> None:
    state = random_position(seed)
    rng = random.Random(seed)
    for man in state.men:
        for roll in range(1, 7):
            arrived = state.men[man].arrived
            reach = {} if arrived else expected_move(state, man, roll)
            tried = [*reach, *rng.sample(BOARD.squares, 8), *OFF_BOARD]
            # searched (no listing made yet), then read off the listing `paths` keeps
            moves._LISTED.clear()
            moves._paths.cache_clear()
            for listed in (False, True):
                assert moves.can_move(state, man, roll) == bool(reach), (man, roll, listed)
                for to in tried:
                    assert moves.move_path(state, man, roll, to) == reach.get(to), (man, roll, to, listed)
                for push in (False, True):
                    expected = plain_paths(state, man, roll, push)
                    got = moves.paths(state, man, roll, push=push)
                    assert [(n, list(ends.items())) for n, ends in got.items()] == \
                        [(n, list(ends.items())) for n, ends in expected.items()], (man, roll, push)
            assert moves.move_options(state, man, roll) == reach
            pushes = {} if arrived else plain_paths(state, man, roll, True)
            assert moves.push_options(state, man, roll) == (pushes[max(pushes)] if pushes else {})


def expected_move(state: DadsArmyState, man: str, roll: int) -> dict[Square, list[Square]]:
    return plain_paths(state, man, roll, False).get(roll, {})


def test_random_positions_hold_what_the_searches_must_face() -> None:
    """The positions above do have Union Jack runs, a Union Jack on a reference, full squares,
    and men who can and cannot move: else the agreement would prove little."""
    positions = [random_position(seed) for seed in range(200)]
    assert any(len(s.jacks) >= 3 for s in positions)
    assert any(p.reference in s.jacks for s in positions for p in s.players)
    assert any(moves.crowd(s).most_common(1)[0][1] >= moves.CROWD for s in positions)
    moved = [moves.can_move(s, man, 4) for s in positions for man in s.men]
    assert any(moved) and not all(moved)
