"""The default set-up (`@rest`; `data/judtho/setup.toml`): a King a human would accept and
the computer seats can keep — in a corner, walled in by its own pieces, far from every Opponent
Knight (J11), with the squares from which a Knight or a Princess strikes first guarded."""

from __future__ import annotations

import pytest

from rules.judtho.board import COLOURS, Position, default_setup, initial_relation, load_board
from rules.judtho.evaluate import attacks
from rules.judtho.moves import geometry


def full_assembly() -> Position:
    board = load_board()
    pos = Position(board, {})
    for colour in COLOURS:
        for sq, piece in default_setup(board, colour).items():
            pos.pieces[sq] = (colour, piece)
    return pos


def king_of(pos: Position, colour: str) -> str:
    return next(sq for sq, (c, p) in pos.pieces.items() if c == colour and p == "king")


def knight_distance(pos: Position, start: str, targets: set[str]) -> int:
    """Knight moves from `start` to any of `targets` on an empty board."""
    jumps = geometry(pos.board).knight
    seen, frontier, n = {start}, [start], 0
    while frontier:
        if targets & set(frontier):
            return n
        frontier = [j for sq in frontier for j in jumps[sq] if j not in seen and not seen.add(j)]
        n += 1
    return 99


@pytest.mark.parametrize("colour", COLOURS)
def test_1_1_6_the_king_stands_in_a_corner_walled_in_by_its_own_pieces(colour: str) -> None:
    pos = full_assembly()
    king = king_of(pos, colour)
    assert king in ("a1", "l1", "a12", "l12")
    assert all(pos.pieces.get(sq, ("", ""))[0] == colour for sq in geometry(pos.board).king[king])


@pytest.mark.parametrize("colour", COLOURS)
def test_j11_every_opponent_knight_is_four_moves_from_a_knatch(colour: str) -> None:
    pos = full_assembly()
    knatch = set(geometry(pos.board).knight[king_of(pos, colour)])
    knights = [sq for sq, (c, p) in pos.pieces.items() if p == "knight" and initial_relation(c, colour) == "opponent"]
    assert len(knights) == 4
    assert min(knight_distance(pos, sq, knatch) for sq in knights) >= 4


@pytest.mark.parametrize("colour", COLOURS)
def test_j11_the_neutral_squares_one_jump_from_a_knatch_square_are_guarded_by_pawns(colour: str) -> None:
    # A Knight that reaches such a square knatches on its next move (J11); a Pawn takes it first.
    pos = full_assembly()
    jumps = geometry(pos.board).knight
    knatch = jumps[king_of(pos, colour)]
    approach = {j for sq in knatch for j in jumps[sq] if j in pos.board.neutral}
    assert approach
    pawns = [sq for sq, (c, p) in pos.pieces.items() if c == colour and p == "pawn"]
    for sq in approach:
        assert any(attacks(pos, pawn, sq) for pawn in pawns), sq


@pytest.mark.parametrize("colour", COLOURS)
def test_2_5_1_the_squares_a_princess_could_jump_onto_the_king_from_are_guarded(colour: str) -> None:
    # A Princess jumps up to four squares over anything (2.5.1): from Neutral Territory she could
    # land on the King only from two squares, and the army's Pawns guard both.
    pos = full_assembly()
    king = king_of(pos, colour)
    rays = geometry(pos.board).rays[king]
    launch = {ray[3] for ray in rays if len(ray) >= 4 and ray[3] in pos.board.neutral}
    pawns = [sq for sq, (c, p) in pos.pieces.items() if c == colour and p == "pawn"]
    assert len(launch) == 2
    for sq in launch:
        assert any(attacks(pos, pawn, sq) for pawn in pawns), sq
