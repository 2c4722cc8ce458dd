"""The moves of the pieces: rulebook Section 2 (2.1–2.5.3) and rulings J1, J8–J10, J14, J15, J19, J20."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.judtho.board import Position, initial_relation, load_board
from rules.judtho.moves import apply_move, knight_attacks, legal_moves, moves_from, perft
from rules.judtho.notation import Move, Pass

from .kit import from_square, position, texts


def onto(pos, colour: str, origin: str, squares: str) -> set[str]:
    """The moves from `origin` whose destination is one of the space-separated `squares`."""
    wanted = set(squares.split())
    return {str(m) for m in moves_from(pos, origin) if m.to in wanted}


def allied(a: str, b: str) -> str:
    """White and Red allied, every other pair Opponents (as after a First Conquest, §6.2 T1)."""
    if a == b:
        return "self"
    return "ally" if {a, b} == {"white", "red"} else "opponent"


# --------------------------------------------------------------------------- 2.1 general


def test_2_1_only_opponents_pieces_are_captured() -> None:
    pos = position({"e6": "white queen", "e7": "red pawn", "d6": "yellow pawn", "f6": "white pawn", "e5": "black pawn"})
    moves = from_square(pos, "white", "e6")
    assert "Qe6xe7" in moves and "Qe6xe5" in moves  # Opponents
    assert not {"Qe6xd6", "Qe6-d6", "Qe6xf6"} & moves  # Rival and own block, are not taken
    pos_ally = position({"e6": "white queen", "e7": "red pawn"})
    assert "Qe6xe7" not in from_square(pos_ally, "white", "e6", relation=allied)


def test_2_1_a_capture_lists_the_captured_square() -> None:
    pos = position({"e6": "white rook", "e9": "red bishop"})
    assert Move("rook", "e6", "e9", ("e9",)) in legal_moves(pos, "white")


# --------------------------------------------------------------------------- 2.2 pawn


def test_2_2_pawn_moves_one_or_two_on_every_move() -> None:
    pos = position({"e6": "white pawn"})
    assert texts(pos, "white") == {"e6-e7", "e6-e8"}


def test_j14_dark_pawns_move_towards_rank_1() -> None:
    pos = position({"e9": "red pawn", "h9": "black pawn"})
    assert texts(pos, "red") == {"e9-e8", "e9-e7"}
    assert texts(pos, "black") == {"h9-h8", "h9-h7"}


def test_j15_two_square_move_may_jump_a_pawn_of_any_colour() -> None:
    for other in ("white pawn", "red pawn", "yellow pawn"):
        pos = position({"e5": "white pawn", "e6": other})
        assert from_square(pos, "white", "e5") == {"e5-e7"}


def test_j15_two_square_move_cannot_jump_another_piece() -> None:
    pos = position({"e5": "white pawn", "e6": "red knight"})
    assert from_square(pos, "white", "e5") == set()


def test_j15_quiet_pawn_moves_need_an_empty_destination() -> None:
    pos = position({"e5": "white pawn", "e7": "red knight"})
    assert from_square(pos, "white", "e5") == {"e5-e6"}


def test_j15_pawn_captures_diagonally_forwards_only() -> None:
    pos = position({"e5": "white pawn", "e6": "white rook", "d6": "red pawn", "f6": "black knight", "d4": "red pawn"})
    assert from_square(pos, "white", "e5") == {"e5xd6", "e5xf6"}


def test_j15_variant_pawn_any_diagonal_also_captures_backwards() -> None:
    pos = position({"e5": "white pawn", "e6": "white rook", "d6": "red pawn", "d4": "red pawn"})
    assert from_square(pos, "white", "e5", options={"pawn_any_diagonal"}) == {"e5xd6", "e5xd4"}


def test_2_2_promotion_to_any_piece_but_a_king() -> None:
    pos = position({"e11": "white pawn", "f12": "red rook"})
    assert texts(pos, "white") == {f"e11{m}={p}" for m in ("-e12", "xf12") for p in "QRBNPS"}


def test_2_2_two_square_move_onto_the_promotion_rank_promotes() -> None:
    pos = position({"c3": "red pawn"})
    assert texts(pos, "red") == {"c3-c2", *(f"c3-c1={p}" for p in "QRBNPS")}


def test_2_2_promotion_replaces_the_pawn() -> None:
    pos = position({"e11": "white pawn"})
    after = apply_move(pos, Move("pawn", "e11", "e12", (), "princess"))
    assert after.pieces == {"e12": ("white", "princess")}


# --------------------------------------------------------------------------- 2.3 king


def test_2_3_king_moves_one_square_any_direction() -> None:
    pos = position({"e6": "white king", "e7": "white pawn", "d7": "red pawn"})
    assert from_square(pos, "white", "e6") == {"Ke6xd7", "Ke6-f7", "Ke6-d6", "Ke6-f6", "Ke6-d5", "Ke6-e5", "Ke6-f5"}


def test_j1_king_may_move_into_attack() -> None:
    pos = position({"e6": "white king", "a7": "red rook"})
    assert "Ke6-e7" in from_square(pos, "white", "e6")


# --------------------------------------------------------------------------- 2.4 long-range pieces


def test_2_4_rook_bishop_queen_slide_edge_to_edge_without_jumping() -> None:
    pos = position({"e6": "white rook"})
    assert len(from_square(pos, "white", "e6")) == 11 + 11  # the e-file and rank 6, nobody's Rival Kingdom
    pos = position({"a5": "white rook", "a7": "white pawn", "a4": "white pawn", "c5": "red pawn"})
    assert from_square(pos, "white", "a5") == {"Ra5-a6", "Ra5-b5", "Ra5xc5"}


def test_2_4_3_bishop_moves_diagonally() -> None:
    pos = position({"a5": "white bishop"})
    assert from_square(pos, "white", "a5") == {
        "Ba5-" + s for s in ("b6", "c7", "d8", "e9", "f10", "g11", "h12", "b4", "c3", "d2", "e1")
    }


def test_2_4_1_queen_is_rook_plus_bishop() -> None:
    squares = {"e6": "white queen", "e8": "red pawn", "c4": "yellow pawn"}
    queen = from_square(position(squares), "white", "e6")
    rook = {t.replace("Q", "R", 1) for t in from_square(position({**squares, "e6": "white rook"}), "white", "e6")}
    bishop = {t.replace("Q", "B", 1) for t in from_square(position({**squares, "e6": "white bishop"}), "white", "e6")}
    assert {t.replace("Q", "R", 1) for t in queen} == rook | {t.replace("B", "R", 1) for t in bishop}


# --------------------------------------------------------------------------- 2.5.1 princess


def test_2_5_1_princess_reaches_32_squares_in_the_open() -> None:
    pos = position({"f6": "white princess"})
    assert len(from_square(pos, "white", "f6")) == 32 - 3  # h4, i3, j2 are Yellow's Kingdom (J19)


def test_2_5_1_princess_jumps_over_anything() -> None:
    pos = position({"d6": "white princess", "d7": "white pawn", "d8": "yellow pawn", "d9": "red rook"})
    assert {m for m in from_square(pos, "white", "d6") if m[3:4] in ("7", "8", "9") and m[2] == "d"} | {
        m for m in from_square(pos, "white", "d6") if m.endswith(("d10", "d9"))
    } == {"Sd6xd9", "Sd6-d10"}


def test_2_5_1_princess_jumps_or_sweeps_not_both() -> None:
    # d7 Opponent, d8 own, d9 Opponent: she may take d7 or jump-capture d9, never both in one move.
    pos = position({"d6": "white princess", "d7": "red pawn", "d8": "white pawn", "d9": "red rook"})
    north = onto(pos, "white", "d6", "d7 d8 d9 d10")
    assert north == {"Sd6xd7", "Sd6xd9", "Sd6-d10"}


def test_j9_princess_sweep_takes_every_opponent_on_the_line_and_ends_on_the_last() -> None:
    pos = position({"d5": "white princess", "d6": "red pawn", "d8": "black pawn", "d9": "red knight"})
    north = onto(pos, "white", "d5", "d6 d7 d8 d9")
    assert north == {
        "Sd5xd6", "Sd5-d7", "Sd5xd8", "Sd5xd9",  # jumps
        "Sd5xd6xd8", "Sd5xd6xd8xd9",  # sweeps: every Opponent on the way is taken (no Sd5xd8xd9)
    }  # fmt: skip
    pos = position({"d5": "white princess", "d7": "red pawn", "d8": "black pawn"})
    assert "Sd5xd7xd8" in onto(pos, "white", "d5", "d8")  # a sweep may start after empty squares


def test_j9_sweep_stops_at_a_blocker() -> None:
    pos = position({"d5": "white princess", "d6": "red pawn", "d7": "yellow pawn", "d8": "red pawn"})
    north = onto(pos, "white", "d5", "d6 d7 d8 d9")
    assert north == {"Sd5xd6", "Sd5xd8", "Sd5-d9"}


def test_2_5_1_princess_takes_at_most_four() -> None:
    pos = position({"a5": "white princess", **{f"{f}5": "red pawn" for f in "bcdef"}})
    east = {m for m in from_square(pos, "white", "a5") if m.count("x") > 1 and m[3] != "6"}
    assert max(m.count("x") for m in east) == 4
    assert "Sa5xb5xc5xd5xe5" in east and "Sa5xb5xc5xd5xe5xf5" not in east


# --------------------------------------------------------------------------- 2.5.2 prince (J8)


def test_j8_prince_reaches_32_squares_in_the_open() -> None:
    pos = position({"f6": "white prince"})
    moves = from_square(pos, "white", "f6")
    assert len(moves) == 32 - 2  # g4 and g3 are Yellow's Kingdom (J19)
    assert "Pf6-g9" in moves and "Pf6-f9" in moves and "Pf6-g8" in moves and "Pf6-h8" not in moves


def test_j8_prince_never_jumps() -> None:
    pos = position({"f6": "white prince", "f7": "white pawn"})
    moves = from_square(pos, "white", "f6")
    assert not {"Pf6-f8", "Pf6-f9"} & moves
    assert {"Pf6-g8", "Pf6-e9"} <= moves  # the neighbouring lines are still open


def test_j9_prince_sweeps_up_to_three_along_a_path() -> None:
    pos = position({"d6": "white prince", "e7": "red pawn", "e9": "black knight"})
    moves = from_square(pos, "white", "d6")
    assert {"Pd6xe7", "Pd6xe7xe9"} <= moves  # diagonal first step, then parallel
    assert "Pd6-e8" not in moves  # no quiet move past a capture
    assert "Pd6xe9" not in moves  # and no jump to e9 over e7


def test_j9_prince_diagonal_neighbour_is_one_move() -> None:
    pos = position({"d6": "white prince"})
    assert sum(1 for m in legal_moves(pos, "white") if str(m) == "Pd6-e7") == 1


# --------------------------------------------------------------------------- 2.5.3 knight (J10)


def test_2_5_3_knight_jumps_in_an_l_and_is_never_blocked() -> None:
    pos = position(
        {"f6": "white knight", **{sq: "white pawn" for sq in ("e6", "g6", "f5", "f7", "e7", "g7", "e5", "g5")}}
    )
    assert from_square(pos, "white", "f6") == {"Nf6-" + s for s in ("g8", "h7", "h5", "g4", "e4", "d5", "d7", "e8")} - {
        "Nf6-g4"
    }  # g4: Yellow's Kingdom (J19)


def test_j10_knight_distant_capture_of_any_nonempty_subset_without_moving() -> None:
    pos = position({"f6": "white knight", "g8": "red pawn", "d5": "black rook", "e8": "yellow pawn"})
    distant = {m for m in from_square(pos, "white", "f6") if "{" in m}
    assert distant == {"Nf6x{d5}", "Nf6x{g8}", "Nf6x{d5,g8}"}
    after = apply_move(pos, next(m for m in legal_moves(pos, "white") if str(m) == "Nf6x{d5,g8}"))
    assert after.pieces == {"f6": ("white", "knight"), "e8": ("yellow", "pawn")}


def test_j10_eight_targets_give_255_distant_captures() -> None:
    targets = ("g8", "h7", "h5", "g4", "e4", "d5", "d7", "e8")
    pos = position({"f6": "white knight", **{sq: "red pawn" for sq in targets}})
    moves = moves_from(pos, "f6")
    assert sum(1 for m in moves if m.distant) == 255
    assert sum(1 for m in moves if not m.distant) == 7  # displacing g4 would finish in Yellow's Kingdom


def test_knight_attacks_lists_its_l_squares() -> None:
    pos = position({"a1": "white knight"})
    assert set(knight_attacks(pos, "a1")) == {"b3", "c2"}


# --------------------------------------------------------------------------- J19 rival kingdoms


def test_j19_a_piece_may_cross_a_rival_kingdom_but_not_stop_there() -> None:
    pos = position({"e1": "white bishop"})
    assert from_square(pos, "white", "e1") == {"Be1-d2", "Be1-c3", "Be1-b4", "Be1-a5", "Be1-f2", "Be1-i5",
                                                "Be1-j6", "Be1-k7", "Be1-l8"}  # fmt: skip


def test_j19_no_capture_that_ends_in_a_rival_kingdom_but_distant_capture_is_allowed() -> None:
    pos = position({"h6": "white knight", "h5": "white rook", "g4": "red pawn"})
    moves = texts(pos, "white")
    assert "Nh6xg4" not in moves and "Rh5xg4" not in moves
    assert "Nh6x{g4}" in moves


def test_j19_no_restriction_once_rivalry_is_broken() -> None:
    pos = position({"e1": "white bishop"})
    assert "Be1-g3" in from_square(pos, "white", "e1", relation=allied)


def test_j27_duo_board_edges() -> None:
    pos = position({"f6": "white rook"}, variant="duo")
    assert len(from_square(pos, "white", "f6")) == 11 + 5


# --------------------------------------------------------------------------- J20


def test_j20_no_legal_move_means_pass() -> None:
    pos = position({"e5": "white pawn", "e6": "red knight", "e7": "red pawn"})
    assert legal_moves(pos, "white") == [Pass()]
    assert legal_moves(position({}), "black") == [Pass()]


def test_perft_counts_sequences() -> None:
    pos = position({"e6": "white pawn", "e9": "red pawn"}, variant="duo")
    assert perft(pos, "white", 1) == 2
    # White: e7 or e8. Then Red's e9 pawn: after e7 it may go e8 or jump the pawn on e8? e8 empty -> e8, e7 is
    # white pawn: two-step jumps a pawn onto e7? No, e7 occupied -> only e8; after e8 Red is blocked -> pass.
    assert perft(pos, "white", 2) == 1 + 1


def test_4_7_computer_seats_may_list_only_all_and_single_distant_captures() -> None:
    targets = ("g8", "h7", "d5")
    pos = position({"f6": "white knight", **{sq: "red pawn" for sq in targets}})
    moves = moves_from(pos, "f6", options={"distant_all_and_singles"})
    assert {str(m) for m in moves if m.distant} == {"Nf6x{d5}", "Nf6x{g8}", "Nf6x{h7}", "Nf6x{d5,g8,h7}"}


def test_j9_a_sweep_removes_every_captured_piece() -> None:
    pos = position({"d5": "white princess", "d6": "red pawn", "d8": "black pawn"})
    move = next(m for m in legal_moves(pos, "white") if str(m) == "Sd5xd6xd8")
    assert apply_move(pos, move).pieces == {"d8": ("white", "princess")}


PIECE = st.sampled_from(["king", "queen", "rook", "bishop", "knight", "prince", "princess", "pawn"])
COLOUR = st.sampled_from(["white", "red", "yellow", "black"])


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.sampled_from(load_board().squares), st.tuples(COLOUR, PIECE), max_size=40),
    COLOUR,
    st.booleans(),
)
def test_4_8_every_legal_move_obeys_2_1_and_j19(pieces: dict, colour: str, allies: bool) -> None:
    pieces = {sq: (c, "queen" if p == "pawn" and sq[1:] in ("1", "12") else p) for sq, (c, p) in pieces.items()}
    pos = Position(load_board(), pieces)
    relation = allied if allies else initial_relation
    moves = legal_moves(pos, colour, relation)
    assert Pass() not in moves or moves == [Pass()]  # J20: passing only with nothing else legal
    for move in moves:
        if isinstance(move, Pass):
            continue
        assert pieces[move.origin][0] == colour
        assert all(relation(colour, pieces[sq][0]) == "opponent" for sq in move.captures)  # 2.1
        assert (
            move.distant
            or pos.board.kingdom_of.get(move.to) is None
            or relation(colour, pos.board.kingdom_of[move.to]) != "rival"
        )  # J19
        assert move.distant or move.to not in pieces or move.to in move.captures
        after = apply_move(pos, move)
        assert len(after.pieces) == len(pieces) - len(move.captures)


# --------------------------------------------------------------------------- J8 Prince variants


def test_j8_prince_b_reaches_the_default_32_squares_by_a_sideways_first_step() -> None:
    pos = position({"e6": "white prince"})
    default = from_square(pos, "white", "e6")
    variant = from_square(pos, "white", "e6", options=("prince_b",))
    assert len(default) == 32 and variant == default  # e6: no Rival Kingdom within reach


def test_j8_prince_b_the_sideways_square_must_be_free() -> None:
    pos = position({"e6": "white prince", "f6": "white pawn"})
    default = from_square(pos, "white", "e6")
    variant = from_square(pos, "white", "e6", options=("prince_b",))
    assert {"Pe6-f7", "Pe6-f8", "Pe6-f9"} <= default  # default: diagonal first step past f6
    assert "Pe6-f7" in variant  # still through e7 (the eastward path's sideways step)
    assert not {"Pe6-f8", "Pe6-f9"} & variant  # f6 blocks the sideways step onto the f-file


def test_j8_prince_b_sweeps_at_most_three_on_a_four_square_path_j9() -> None:
    pos = position({"e6": "white prince", **{sq: "red pawn" for sq in ("d6", "d7", "d8", "d9")}})
    moves = from_square(pos, "white", "e6", options=("prince_b",))
    assert {"Pe6xd6", "Pe6xd6xd7", "Pe6xd6xd7xd8"} <= moves
    assert "Pe6xd6xd7xd8xd9" not in moves and not any(m.endswith("d9") for m in moves)


def test_j8_prince_c_the_sideways_step_counts_so_24_squares() -> None:
    pos = position({"e6": "white prince"})
    moves = from_square(pos, "white", "e6", options=("prince_c",))
    assert len(moves) == 24
    assert {"Pe6-e9", "Pe6-f8", "Pe6-g7", "Pe6-f7"} <= moves  # straight 3; sideways + 2; diagonal neighbour
    assert not {"Pe6-f9", "Pe6-h7", "Pe6-g8"} & moves


def test_j8_prince_c_entered_orthogonally_and_never_jumps() -> None:
    pos = position({"e6": "white prince", "f6": "white pawn", "e7": "white pawn"})
    moves = from_square(pos, "white", "e6", options=("prince_c",))
    assert not {"Pe6-f7", "Pe6-f8", "Pe6-g7", "Pe6-e8"} & moves  # both ways onto f7 are blocked
    assert {"Pe6-d7", "Pe6-d8", "Pe6-f5", "Pe6-g5"} <= moves


def test_j8_prince_c_sweeps_the_neighbouring_line_up_to_three_j9() -> None:
    pos = position({"e6": "white prince", **{sq: "red pawn" for sq in ("d6", "d7", "d8", "d9")}})
    moves = from_square(pos, "white", "e6", options=("prince_c",))
    assert "Pe6xd6xd7xd8" in moves and not any(m.endswith("d9") for m in moves)


@pytest.mark.parametrize("option", ["prince_b", "prince_c"])
def test_j8_prince_variant_moves_are_well_formed_and_apply(option: str) -> None:
    pos = position({"e6": "white prince", "d6": "red pawn", "f7": "black rook", "e8": "yellow pawn"})
    for move in legal_moves(pos, "white", options=(option,)):
        assert isinstance(move, Move) and len(move.captures) <= 3
        after = apply_move(pos, move)
        assert after.pieces[move.to] == ("white", "prince")


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(st.sampled_from(load_board().squares), st.tuples(COLOUR, PIECE), max_size=30),
    st.sampled_from(load_board().squares),
    st.sampled_from([(), ("prince_b",), ("prince_c",)]),
)
def test_j8_j9_every_prince_move_is_a_path_prefix_never_jumping_at_most_three_captures(
    pieces: dict, origin: str, options: tuple[str, ...]
) -> None:
    """Whatever the Prince pattern: a move follows one path of it up to its destination; every
    square before is empty or captured; the captures are exactly the Opponent pieces on that
    prefix (J9, at most three) and a capturing move ends on the last one."""
    from rules.judtho.moves import geometry

    pieces = {sq: (c, "queen" if p == "pawn" else p) for sq, (c, p) in pieces.items()}
    pieces[origin] = ("white", "prince")
    pos = Position(load_board(), pieces)
    paths = geometry(pos.board).prince_paths(options)[origin]
    for move in moves_from(pos, origin, initial_relation, options):
        assert len(move.captures) <= 3
        if move.captures:
            assert move.captures[-1] == move.to
        prefixes = [p[: p.index(move.to) + 1] for p in paths if move.to in p]
        assert any(
            tuple(sq for sq in prefix if sq in pieces) == move.captures
            and all(initial_relation("white", pieces[sq][0]) == "opponent" for sq in move.captures)
            for prefix in prefixes
        ), str(move)
