"""The notation of §10 (J29): every action's text round-trips, and junk is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import BadActionText
from rules.judtho.board import initial_relation, load_board
from rules.judtho.moves import legal_moves
from rules.judtho.notation import Move, Pass, Place, parse

from .kit import position

EXAMPLES = {
    "@Qc2": Place("queen", "c2"),
    "@c3": Place("pawn", "c3"),
    "@Sf2": Place("princess", "f2"),
    "Nb1-c3": Move("knight", "b1", "c3"),
    "e3-e5": Move("pawn", "e3", "e5"),
    "Qd1xd8": Move("queen", "d1", "d8", ("d8",)),
    "e11-e12=Q": Move("pawn", "e11", "e12", (), "queen"),
    "e11xf12=P": Move("pawn", "e11", "f12", ("f12",), "prince"),
    "Sd4xd5xd7": Move("princess", "d4", "d7", ("d5", "d7")),
    "Pd4xe5xe7": Move("prince", "d4", "e7", ("e5", "e7")),
    "Nc3x{b5,e4}": Move("knight", "c3", "c3", ("b5", "e4")),
    "Nk10x{j12,l12}": Move("knight", "k10", "k10", ("j12", "l12")),
    "pass": Pass(),
    "Qd1xd8#K": Move("queen", "d1", "d8", ("d8",), conquests=("K",)),
    "Nb1-c3#N#A": Move("knight", "b1", "c3", conquests=("N", "A")),
}


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items())
def test_10_every_example_reads_and_writes(text: str, action: Move | Place | Pass) -> None:
    assert parse(text) == action
    assert str(action) == text


def test_10_distant_capture_squares_are_written_in_board_order() -> None:
    assert str(parse("Nd8x{e10,b7,c6}")) == "Nd8x{b7,c6,e10}"


def test_10_a_conquest_suffix_is_dropped_by_bare() -> None:
    assert parse("Qd1xd8#K").bare() == parse("Qd1xd8")


@pytest.mark.parametrize(
    "junk",
    [
        "", "hello", "Ke0-e1", "Km1-m2", "a13-a14", "Qd1", "Qd1-", "e11-e12=K", "Qd1-d8=Q",
        "Nc3x{}", "Rd1x{d2}", "Rd1xd2xd3", "Sd4xd5xd6xd7xd8xd9", "Pd4xd5xd6xd7xd8", "Sd4xd5xd5",
        "@Xc2", "@c", "Nc3xc3", "Kd1-d2#Q", "PASS", "e3 - e5",
    ],
)  # fmt: skip
def test_10_junk_is_refused(junk: str) -> None:
    with pytest.raises(BadActionText):
        parse(junk)


def allied(a: str, b: str) -> str:
    if a == b:
        return "self"
    return "ally" if {a, b} in ({"white", "red"}, {"yellow", "black"}) else "opponent"


PIECE = st.sampled_from(["king", "queen", "rook", "bishop", "knight", "prince", "princess", "pawn"])
COLOUR = st.sampled_from(["white", "red", "yellow", "black"])


@st.composite
def positions(draw: st.DrawFn) -> tuple:
    board = load_board()
    squares = draw(st.lists(st.sampled_from(board.squares), min_size=1, max_size=40, unique=True))
    pieces = {}
    for sq in squares:
        colour, piece = draw(COLOUR), draw(PIECE)
        if piece == "pawn" and sq[1:] in ("1", "12"):
            piece = "queen"  # a pawn never stands on a promotion rank
        pieces[sq] = f"{colour} {piece}"
    return position(pieces), draw(COLOUR), draw(st.sampled_from([initial_relation, allied]))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_10_every_legal_move_of_a_random_position_round_trips(case: tuple) -> None:
    pos, colour, relation = case
    for move in legal_moves(pos, colour, relation):
        assert parse(str(move)) == move


def test_j27_with_the_duo_board_squares_off_it_are_refused() -> None:
    duo = load_board("duo")
    assert parse("Nb1-c3", duo) == Move("knight", "b1", "c3")
    for text in ("Nf1-g3", "@Qg2", "Nd2x{c4,e4,f3,g1}"):
        with pytest.raises(BadActionText):
            parse(text, duo)


def test_last_move_view_shape() -> None:
    assert parse("Sd4xd5xd7").to_view() == {"text": "Sd4xd5xd7", "from": "d4", "to": "d7", "captures": ["d5", "d7"]}
