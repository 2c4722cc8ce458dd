"""The board (rulebook 1.2.4, 1.2.5), the Duo board (J27), square colours (J30), relationships (1.1.3)."""

from __future__ import annotations

import pytest

from rules.judtho.board import (
    Position,
    default_setup,
    initial_relation,
    load_board,
    pawn_forward,
    placement_squares,
    promotion_rank,
    relation_from_table,
    square_coords,
    square_is_dark,
)


def test_1_2_4_quattro_is_twelve_by_twelve_files_a_to_l() -> None:
    board = load_board("quattro")
    assert (board.files, board.ranks, len(board.squares)) == (12, 12, 144)
    assert board.squares[0] == "a1" and board.squares[-1] == "l12"
    assert board.colours == ("white", "red", "yellow", "black")


@pytest.mark.parametrize(
    ("colour", "inside", "outside"),
    [
        ("white", ["a1", "f4"], ["g1", "a5"]),
        ("red", ["a9", "f12"], ["a8", "g12"]),
        ("yellow", ["g1", "l4"], ["f4", "l5"]),
        ("black", ["g9", "l12"], ["f9", "g8"]),
    ],
)
def test_1_2_5_each_kingdom_is_a_six_by_four_corner(colour: str, inside: list[str], outside: list[str]) -> None:
    board = load_board("quattro")
    assert len(board.kingdoms[colour]) == 24
    assert all(board.kingdom_of[sq] == colour for sq in inside)
    assert all(board.kingdom_of.get(sq) != colour for sq in outside)


def test_1_2_5_neutral_territory_is_ranks_5_to_8() -> None:
    board = load_board("quattro")
    assert len(board.neutral) == 48
    assert {square_coords(sq)[1] + 1 for sq in board.neutral} == {5, 6, 7, 8}
    assert not board.neutral & set(board.kingdom_of)
    assert len(board.neutral) + len(board.kingdom_of) == 144


def test_j27_duo_is_the_left_half_white_against_red() -> None:
    board = load_board("duo")
    assert (board.files, board.ranks, len(board.squares)) == (6, 12, 72)
    assert board.colours == ("white", "red")
    assert set(board.kingdoms) == {"white", "red"}
    assert board.kingdoms["red"] == load_board("quattro").kingdoms["red"]
    assert not board.on_board("g1") and board.on_board("f12")
    assert board.step("f1", 1, 0) is None and load_board("quattro").step("f1", 1, 0) == "g1"


def test_j30_a1_is_dark_and_colours_alternate() -> None:
    assert square_is_dark("a1") and not square_is_dark("b1") and not square_is_dark("a2")
    assert square_is_dark("l12") and not square_is_dark("l1")


def test_squares_outside_the_grid_are_refused() -> None:
    for bad in ("m1", "a0", "a13", "a", "1a", "a01"):
        with pytest.raises(ValueError):
            square_coords(bad)


def test_1_1_3_light_and_dark_pairs_are_rivals_others_opponents() -> None:
    assert initial_relation("white", "yellow") == "rival" and initial_relation("red", "black") == "rival"
    assert initial_relation("white", "red") == "opponent" and initial_relation("yellow", "black") == "opponent"
    assert initial_relation("white", "white") == "self"


def test_j14_pawn_direction_and_promotion_rank_are_fixed_per_army() -> None:
    assert [pawn_forward(c) for c in ("white", "red", "yellow", "black")] == [1, -1, 1, -1]
    assert [promotion_rank(c) for c in ("white", "red", "yellow", "black")] == [12, 1, 12, 1]


def test_relation_from_a_view_table() -> None:
    rel = relation_from_table({"white": {"red": "ally"}, "red": {"white": "ally"}})
    assert rel("white", "red") == "ally" and rel("red", "red") == "self"


def test_position_round_trips_through_json() -> None:
    board = load_board()
    pos = Position(board, {"e4": ("white", "queen"), "h9": ("black", "pawn")})
    assert Position.from_json(board, pos.to_json()) == pos
    assert pos.to_json() == {"e4": ["white", "queen"], "h9": ["black", "pawn"]}


def test_j23_placement_only_on_empty_squares_of_ones_own_kingdom() -> None:
    board = load_board()
    pos = Position(board, {"a1": ("white", "king"), "a5": ("red", "pawn")})
    squares = placement_squares(pos, "white")
    assert len(squares) == 23 and "a1" not in squares and all(board.kingdom_of[s] == "white" for s in squares)


def test_j22_a_full_kingdom_places_in_neutral_territory() -> None:
    board = load_board()
    full = {sq: ("white", "pawn") for sq in board.kingdoms["white"]}
    pos = Position(board, {**full, "a5": ("red", "pawn")})
    assert placement_squares(pos, "white") == []
    neutral = placement_squares(pos, "white", neutral_if_full=True)
    assert len(neutral) == 47 and "a5" not in neutral


@pytest.mark.parametrize("variant", ["quattro", "duo"])
def test_1_2_2_default_setup_is_a_whole_army_in_its_kingdom(variant: str) -> None:
    board = load_board(variant)
    for colour in board.colours:
        setup = default_setup(board, colour, "prince")
        assert set(setup) <= board.kingdoms[colour]
        counts = {p: list(setup.values()).count(p) for p in set(setup.values())}
        assert counts == {"king": 1, "queen": 1, "prince": 1, "rook": 2, "knight": 2, "bishop": 2, "pawn": 6}


def test_j14_default_setup_pawns_stand_in_front() -> None:
    board = load_board()
    assert {sq[1:] for sq, p in default_setup(board, "white").items() if p == "pawn"} == {"4"}
    assert {sq[1:] for sq, p in default_setup(board, "black").items() if p == "pawn"} == {"9"}
    assert default_setup(board, "yellow")["l1"] == "king" and default_setup(board, "red")["a12"] == "king"
