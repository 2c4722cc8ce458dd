"""Assembly (rulebook 1.2, J23): one piece per turn in turn order W, R, Y, B, own Kingdom only,
the Prince/Princess choice by placing one, the 15th-piece rule, and "place the rest for me"."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import IllegalAction, NotYourTurn, SeededChance
from rules.judtho.board import load_board
from rules.judtho.engine import GAME, Place, PlaceRest

CH = SeededChance(0)


def new(seats: int = 4):
    return GAME.new_game({}, seats, CH)


def test_1_2_1_placements_go_in_turn_order_w_r_y_b():
    state = new()
    movers = []
    for _ in range(8):
        (seat,) = GAME.to_act(state)
        movers.append(state.assembly_to_move)
        action = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Place))
        GAME.apply(state, seat, action, CH)
    assert movers == ["white", "red", "yellow", "black"] * 2


def test_1_2_6_a_piece_is_placed_on_an_empty_square_of_ones_own_kingdom_only():
    state = new()
    kingdom = load_board().kingdoms["white"]
    places = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Place)]
    assert {a.square for a in places} == set(kingdom)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "@Qa9", CH)
    assert err.value.code == "judtho_place_in_own_kingdom"
    GAME.apply(state, 0, "@Qc2", CH)
    assert state.pieces["c2"] == ["white", "queen"]
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, "@Kd1", CH)


def test_3_4_no_piece_moves_during_the_assembly():
    state = new()
    GAME.apply(state, 0, "@Qc2", CH)
    GAME.apply(state, 1, "@Qc11", CH)
    GAME.apply(state, 2, "@Qj2", CH)
    GAME.apply(state, 3, "@Qj11", CH)
    assert all(isinstance(a, (Place, PlaceRest)) or str(a) == "resign" for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "Qc2-c3", CH)


def test_1_2_2_placing_a_prince_chooses_him_and_the_princess_stays_in_reserve():
    state = new()
    GAME.apply(state, 0, "@Pc2", CH)
    assert state.reserve["white"].count("princess") == 1
    for seat in (1, 2, 3):
        GAME.apply(state, seat, "@rest", CH)
    assert not any(isinstance(a, Place) and a.piece == "princess" for a in GAME.legal_actions(state, 0))


def test_j23_after_fourteen_pieces_without_either_the_fifteenth_is_prince_or_princess():
    state = new()
    GAME.apply(state, 0, "@Ka1", CH)
    for seat in (1, 2, 3):
        GAME.apply(state, seat, "@rest", CH)
    for _ in range(13):  # only White is left to place: 14 non-choice pieces in all
        action = next(a for a in GAME.legal_actions(state, 0)
                      if isinstance(a, Place) and a.piece not in ("prince", "princess"))
        GAME.apply(state, 0, action, CH)
    assert {a.piece for a in GAME.legal_actions(state, 0) if isinstance(a, Place)} == {"prince", "princess"}
    GAME.apply(state, 0, "@Sf4", CH)
    assert state.reserve["white"] == ["prince"]
    assert state.phase == "play" and GAME.to_act(state) == {0}


def test_place_the_rest_fills_the_army_with_the_default_set_up_around_what_was_placed():
    state = new()
    GAME.apply(state, 0, "@Kf4", CH)
    GAME.apply(state, 1, "@rest", CH)
    white = Counter(p for c, p in state.pieces.values() if c == "white")
    red = Counter(p for c, p in state.pieces.values() if c == "red")
    assert white == Counter({"king": 1})
    assert red == Counter({"pawn": 6, "rook": 2, "knight": 2, "bishop": 2, "queen": 1, "king": 1, "princess": 1})
    assert all(load_board().kingdom_of[sq] == "red" for sq, (c, _) in state.pieces.items() if c == "red")
    assert state.reserve["red"] == ["prince"]
    GAME.apply(state, 2, "@rest", CH)
    GAME.apply(state, 3, "@rest", CH)
    GAME.apply(state, 0, "@rest", CH)
    assert state.pieces["f4"] == ["white", "king"]
    assert sum(1 for c, _ in state.pieces.values() if c == "white") == 15
    assert state.phase == "play" and state.rel().to_move == "white"


def test_3_4_after_all_sixty_pieces_white_moves_first():
    state = new()
    for seat in range(4):
        GAME.apply(state, seat, "@rest", CH)
    assert len(state.pieces) == 60 and state.phase == "play"
    assert GAME.view(state, None)["to_move"] == "white"


def test_duo_assembly_on_the_half_board_j27():
    state = new(2)
    GAME.apply(state, 0, "@rest", CH)
    GAME.apply(state, 1, "@rest", CH)
    assert len(state.pieces) == 30 and all(sq[0] in "abcdef" for sq in state.pieces)
    assert state.phase == "play"


def test_place_the_rest_after_choosing_the_prince_keeps_the_choice():
    state = new(2)
    GAME.apply(state, 0, "@Pa1", CH)
    GAME.apply(state, 1, "@rest", CH)
    GAME.apply(state, 0, "@rest", CH)
    white = Counter(p for c, p in state.pieces.values() if c == "white")
    assert white["prince"] == 1 and white["princess"] == 0 and sum(white.values()) == 15
    assert state.reserve["white"] == ["princess"]
