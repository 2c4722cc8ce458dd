"""The captures-only reading of what an army could take next (`captures.most_captured`) gives the
same figure as listing every legal move (`moves.legal_moves`), on positions of random games under
the start relationships and under an alliance (§6), so the evaluation did not change."""

from __future__ import annotations

import random
from typing import Any

from rules.judtho.board import COLOURS, Position, initial_relation, load_board
from rules.judtho.captures import most_captured
from rules.judtho.evaluate import SIGNS, conquered, hanging, present_colours
from rules.judtho.moves import DISTANT_ALL_AND_SINGLES, apply_move, legal_moves
from rules.judtho.scoring import values
from tests.rules.judtho.test_search import full_assembly


def allied(a: str, b: str) -> str:
    """White and Red allied (6.1); Yellow and Black Opponents of both and of each other."""
    if a == b:
        return "self"
    if {a, b} == {"white", "red"}:
        return "ally"
    return "opponent"


def positions(seed: int, plies: int) -> list[Position]:
    """The positions of a random game from the full Assembly, capture-happy (so sweeps and distant
    captures happen)."""
    rng = random.Random(seed)
    pos = full_assembly()
    out = []
    for ply in range(plies):
        colour = COLOURS[ply % 4]
        moves = legal_moves(pos, colour, initial_relation, (DISTANT_ALL_AND_SINGLES,))
        captures = [m for m in moves if getattr(m, "captures", ())]
        pos = apply_move(pos, rng.choice(captures if captures and rng.random() < 0.7 else moves))
        out.append(pos)
    return out


def hanging_by_generator(position: Position, relation: Any, values: dict[str, int], signs: dict[str, float],
                         lost: set[str]) -> float:
    """`hanging` read from every enemy move list (`legal_moves`): the reference it is compared with."""
    worst = 0.0
    for enemy, sign in signs.items():
        if sign >= 0 or enemy in lost:
            continue
        for move in legal_moves(position, enemy, relation, (DISTANT_ALL_AND_SINGLES,)):
            taken = sum(values.get(position.pieces[sq][1], 0) for sq in getattr(move, "captures", ())
                        if signs[position.pieces[sq][0]] > 0)
            worst = max(worst, taken)
    return worst


def test_most_captured_matches_the_move_lists() -> None:
    table = values("quattro")
    checked = 0
    for seed in range(6):
        for pos in positions(seed, 90)[::3]:
            for relation in (initial_relation, allied):
                for colour in COLOURS:
                    signs = {c: SIGNS[relation(colour, c)] for c in present_colours(pos)}
                    lost = conquered(pos, relation)
                    assert hanging(pos, colour, relation, table, signs, lost) == hanging_by_generator(
                        pos, relation, table, signs, lost
                    )
                    checked += 1
    assert checked == 6 * 30 * 2 * 4


def test_a_princess_sweep_counts_whole_and_stops_at_a_rival_kingdom() -> None:
    board = load_board("quattro")
    # White's Princess on d5 sweeps Red's pieces on d6 and d7 (J9); a Red Pawn d8 would be a
    # third, but d8 is not in a Rival's Kingdom either: it is taken too.
    pos = Position(board, {"d5": ("white", "princess"), "d6": ("red", "rook"), "d7": ("red", "queen"),
                           "d8": ("red", "pawn"), "a1": ("white", "king"), "l12": ("red", "king")})
    table = values("quattro")
    every = lambda occupant: table.get(occupant[1], 0)  # noqa: E731
    assert most_captured(pos, "white", initial_relation, every) == table["rook"] + table["queen"] + table["pawn"]
    # A piece of White's own side stops the sweep.
    pos.pieces["d7"] = ("white", "pawn")
    assert most_captured(pos, "white", initial_relation, every) == max(table["rook"], table["pawn"])
