"""Dice arithmetic for the Judge Dredd AI: the odds of an Arrest, a fight between Judges, a fight
with the Alien Creature.

Making an Arrest: the Judge's total (5 + one die + cards) must be higher than the Perp's (Perp CV +
Crime CV + one die + cards); lower sends the Judge to Intensive Care, equal is a stand-off. So every
question is "how likely is (Judge dice - Perp dice) above, equal to, below some margin", which is
one small table per pair of dice counts, computed once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

JUDGE_BASE = 5
"""A Judge has a basic Combat Factor of 5 plus one die roll."""


@cache
def dice_sums(n: int) -> dict[int, float]:
    """The distribution of the sum of `n` six-sided dice (n >= 1)."""
    dist = {0: 1.0}
    for _ in range(max(n, 1)):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        dist = nxt
    return dist


@cache
def differences(a_dice: int, b_dice: int) -> tuple[tuple[int, float], ...]:
    """The distribution of (sum of `a_dice` dice) - (sum of `b_dice` dice), as sorted pairs."""
    out: dict[int, float] = {}
    for x, px in dice_sums(a_dice).items():
        for y, py in dice_sums(b_dice).items():
            out[x - y] = out.get(x - y, 0.0) + px * py
    return tuple(sorted(out.items()))


@cache
def beats(margin: int, a_dice: int = 1, b_dice: int = 1) -> tuple[float, float, float]:
    """(P(a's dice - b's dice > margin), P(= margin), P(< margin)): side a wins, ties, loses
    when side b starts `margin` ahead."""
    above = equal = 0.0
    for diff, p in differences(a_dice, b_dice):
        if diff > margin:
            above += p
        elif diff == margin:
            equal += p
    return above, equal, max(0.0, 1.0 - above - equal)


def arrest_odds(
    judge_cf: int, judge_dice: int, perp_values: Iterable[tuple[int, float]], perp_dice: int = 1
) -> tuple[float, float]:
    """(P(success), P(Intensive Care)) of one Judge's Arrest: the Judge at 5 + `judge_cf` with
    `judge_dice` dice against a Perp whose Combat Value (Perp + Crime + cards) is drawn from
    `perp_values` (value, probability), rolling `perp_dice` dice."""
    win = lose = 0.0
    for value, weight in perp_values:
        a, _, c = beats(value - JUDGE_BASE - judge_cf, judge_dice, perp_dice)
        win += weight * a
        lose += weight * c
    return win, lose


def duel(a_cf: int, a_dice: int, b_cf: int, b_dice: int) -> tuple[float, float, float]:
    """(P(a higher), P(equal), P(b higher)) of two Judges' totals (Block Mania, Cadet's Right, or
    two Judges' margins at one Crime)."""
    return beats(b_cf - a_cf, a_dice, b_dice)
