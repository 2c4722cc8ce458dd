"""Material Score and final standings (1.4.1, J16, J25, J28).

The Material Score is the value of a player's own-colour pieces on the board plus the value of
every Opponent piece they captured (1.4.1). Table 1 serves Quattro and Trio, Table 2 Duo (J16);
a King has no value. Standings rank by points, then Material Score (J25).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.judtho.alliances import Relations

TABLE_1 = {"pawn": 1, "bishop": 4, "rook": 6, "knight": 6, "queen": 10, "prince": 12, "princess": 12, "king": 0}
"""Judtho Quattro and Trio (1.4.1, the table with the header)."""

TABLE_2 = {"pawn": 1, "bishop": 3, "rook": 5, "knight": 6, "queen": 9, "prince": 12, "princess": 12, "king": 0}
"""Judtho Duo (1.4.1's second table, J16)."""


def values(variant: str) -> dict[str, int]:
    """The value table of a variant (J16)."""
    return TABLE_2 if variant == "duo" else TABLE_1


def material(pieces: Iterable[str], variant: str = "quattro") -> int:
    """The summed value of some pieces (a promoted Pawn counts as its new piece, J16)."""
    table = values(variant)
    return sum(table[p] for p in pieces)


def material_score(own_on_board: Iterable[str], captured: Iterable[str], variant: str = "quattro") -> int:
    """1.4.1: own-colour pieces remaining on the board + the Opponents' pieces this player captured."""
    return material(own_on_board, variant) + material(captured, variant)


@dataclass(frozen=True)
class Standing:
    """One place in the final standings: the colours of one player or side, and their rank (1 = first)."""

    rank: int
    colours: tuple[str, ...]
    points: int
    material: int


def standings(relations: Relations, scores: Mapping[str, int]) -> tuple[Standing, ...]:
    """Final positions (J25): by points, then by Material Score (`scores`: per colour); in Duo
    and Trio, which have no points, the winning side first (Sections 3 and 4).

    Trio ranks its two sides, each colour's points and scores summed; Quattro and Duo rank
    colours. Equal entries share a rank.
    """
    groups = relations.sides or tuple((c,) for c in relations.colours)
    winners = set(relations.winners or ()) if relations.variant != "quattro" else set()

    def sort_key(group: tuple[str, ...]) -> tuple[int, int, int]:
        won = 1 if winners and set(group) <= winners else 0
        return (won, sum(relations.points.get(c, 0) for c in group), sum(scores.get(c, 0) for c in group))

    ordered = sorted(groups, key=lambda g: sort_key(g), reverse=True)
    result: list[Standing] = []
    for i, group in enumerate(ordered):
        rank = result[-1].rank if result and sort_key(ordered[i - 1]) == sort_key(group) else i + 1
        _, pts, mat = sort_key(group)
        result.append(Standing(rank, group, pts, mat))
    return tuple(result)
