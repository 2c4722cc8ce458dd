"""The AIs' caches keyed by what differs from game to game stay within their bounds.

The bot plays game after game in one process for weeks. A cache whose key holds one game's
position (where the Crimes are, where the bombs lie, which characters were dealt) gets new keys
in every game; unbounded, it grows without end (Judge Dredd's paths did: 0.26 MB a two-seat
game). Each test asks one such cache about many more distinct positions than it may keep, as
many games would, and checks it kept no more than its bound and still answers right.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable, Iterator
from itertools import combinations, islice
from typing import Any

import pytest

from rules.dads_army import ai as dads_ai
from rules.dads_army import moves as dads_moves
from rules.dads_army import winnable as dads_winnable
from rules.dads_army.board import load_board as dads_board
from rules.judge_dredd import ai_plan
from rules.judge_dredd.content import load_board as dredd_board
from rules.judgement import ai as judgement_ai
from rules.judgement.content import load as judgement_content


def ask_beyond_bound(cached: Any, calls: Iterator[tuple[Any, ...]]) -> int:
    """Call `cached` with more distinct arguments than it may keep (twice its bound), checking
    its size after every call; returns the bound."""
    bound = cached.cache_info().maxsize
    assert bound is not None, f"{cached.__name__} keeps every key it is ever asked, with no bound"
    asked = 0
    for args in islice(calls, 2 * bound + 1):
        cached(*args)
        asked += 1
        assert cached.cache_info().currsize <= bound
    assert asked > bound, "not enough distinct positions to pass the bound"
    return bound


def dredd_positions() -> Iterator[tuple[str, frozenset[str]]]:
    """(target, blocked Sectors) as games make them: three Crimes somewhere on the board."""
    sectors = sorted(dredd_board().sectors)
    for i, blocked in enumerate(combinations(sectors, 3)):
        yield sectors[i % len(sectors)], frozenset(blocked)


def test_judge_dredd_paths_stay_bounded_and_right() -> None:
    ask_beyond_bound(ai_plan.steps_to, dredd_positions())
    # `turns`, the planning question, still agrees with a fresh search after the evictions.
    fresh: Callable[[str, frozenset[str]], dict[str, int]] = ai_plan.steps_to.__wrapped__
    for target, blocked in islice(dredd_positions(), 0, 3000, 97):
        for start in sorted(dredd_board().sectors)[::5]:
            expected = (fresh(target, blocked - {target}).get(start, 20) + 1) // 2
            assert ai_plan.turns(start, target, blocked) == expected


def dads_positions() -> Iterator[tuple[Any, frozenset[Any], frozenset[Any]]]:
    """(target, bombs, Union Jacks): three bombs on open squares, as a game lays them."""
    board = dads_board()
    open_squares = [sq for sq in board.squares if sq not in board.bomb_proof]
    target = open_squares[0]
    for bombs in combinations(open_squares[1:60], 3):
        yield target, frozenset(bombs), frozenset()


@pytest.mark.parametrize("cached", [dads_ai.distances, dads_ai.bomb_costs], ids=lambda f: f.__name__)
def test_dads_army_distance_tables_stay_bounded(cached: Any) -> None:
    ask_beyond_bound(cached, dads_positions())


def test_dads_army_paths_stay_bounded() -> None:
    board = dads_board()
    here = next(sq for sq in board.squares if sq not in board.bomb_proof)
    calls = ((here, here, True, 3, False, bombs, jacks, frozenset()) for _, bombs, jacks in dads_positions())
    ask_beyond_bound(dads_moves._paths, calls)


WAYS_HELD_MOST = 1 << 20
"""Bytes a full `winnable.way` or `winnable.cuts` may hold. Each new game fills them with new
keys, so a bound that takes a hundred games to reach reads as growth that never stops."""


def dads_ways() -> Iterator[tuple[Any, frozenset[Any], Any, frozenset[Any], frozenset[Any]]]:
    """(start, targets, own reference, bombs, Union Jacks) as a racing man asks them: the WD bases
    his targets, five to eight bombs on open squares between them."""
    board = dads_board()
    open_squares = sorted(sq for sq in board.squares if sq not in board.bomb_proof)
    start, own, spots = open_squares[0], open_squares[-1], open_squares[1:-1:3]
    for k in (5, 6, 7, 8):
        for bombs in combinations(spots, k):
            yield start, board.wd_bases, own, frozenset(bombs), frozenset()


@pytest.mark.parametrize("cached", [dads_winnable.way, dads_winnable.cuts], ids=lambda f: f.__name__)
def test_dads_army_ways_stay_bounded_in_bytes(cached: Any) -> None:
    """A full cache of ways holds at most `WAYS_HELD_MOST` bytes (8,192 answers held about 7 MB)."""
    cached.cache_clear()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ask_beyond_bound(cached, dads_ways())
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        cached.cache_clear()
    assert cached.cache_info().currsize == 0
    assert 0 < held <= WAYS_HELD_MOST, f"{cached.__name__} full holds {held} bytes"
    # after the evictions, still the answers of a fresh search
    for args in islice(dads_ways(), 0, 2000, 199):
        assert cached(*args) == cached.__wrapped__(*args)


def test_judgement_hidden_hps_stay_bounded() -> None:
    characters = sorted(judgement_content().characters)
    seen_sets = (frozenset(s) for k in (3, 4, 5) for s in combinations(characters, k))
    ask_beyond_bound(judgement_ai._hidden_hps, ((seen,) for seen in seen_sets))
    hps = {c: judgement_content().characters[c].hp for c in characters}
    seen = frozenset(characters[:4])
    assert sorted(judgement_ai._hidden_hps(seen)) == sorted(hps[c] for c in characters[4:])
