"""The view's `in_danger`: the armies whose King an Opponent could conquer with its next move
(1.1.6, J11), for the board to warn of; no check in Judtho (J1), so it only warns."""

from __future__ import annotations

from rules.judtho.engine import GAME

from .test_engine import KINGS, play_state

GUARDS = {"a11": "red rook", "l11": "black rook", "l2": "yellow rook", "a2": "white rook"}


def test_an_opponents_queen_that_can_take_the_king_puts_it_in_danger():
    state = play_state({**KINGS, **GUARDS, "c5": "red queen"})
    assert GAME.view(state, None)["in_danger"] == ["white"]
    blocked = play_state({**KINGS, **GUARDS, "c5": "red queen", "c3": "white pawn"})
    assert GAME.view(blocked, None)["in_danger"] == []


def test_a_rival_cannot_capture_so_it_is_no_danger():
    """3.2: White and Yellow are Rivals at the start: Yellow's rook on the c file threatens Red's
    King on c12 (an Opponent's), not White's on c1."""
    state = play_state({**KINGS, **GUARDS, "c5": "yellow rook"})
    assert GAME.view(state, None)["in_danger"] == ["red"]


def test_j11_a_knight_one_jump_from_a_knatch_is_danger():
    """From c5 the Red Knight jumps to b3, which attacks c1: a knatch next move."""
    state = play_state({**KINGS, **GUARDS, "c5": "red knight"})
    assert GAME.view(state, None)["in_danger"] == ["white"]


def test_every_seat_sees_the_same_danger_and_none_outside_play():
    state = play_state({**KINGS, **GUARDS, "c5": "red queen", "j6": "white queen"})
    views = [GAME.view(state, seat)["in_danger"] for seat in (None, 0, 1, 2, 3)]
    assert views == [["white", "black"]] * 5
    fresh = GAME.new_game({}, 4, None)
    assert GAME.view(fresh, None)["in_danger"] == []
