"""Conquests through real moves (1.1.6, §5): Regicide, knatch by moving next to a King, knatch
when a Rivalry breaks (J11, J12), Annihilation (J13); the placements that follow (1.3.3, J22)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, SeededChance
from rules.judtho.engine import GAME

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)

GUARDS = {"a11": "red rook", "l11": "black rook", "l2": "yellow rook", "a2": "white rook"}
"""A second piece for every army, so that one capture is not also an Annihilation."""


def test_1_1_6_regicide_conquers_and_owes_the_bonus_piece_then_the_king_j22():
    state = play_state({**KINGS, **GUARDS, "c4": "white queen"})
    events = act(state, "Qc4xc12")
    conquest = next(e for e in events if e.kind == "conquest")
    assert conquest.params == {"conqueror": "white", "conquered": "red", "how": "regicide"}
    rel = state.rel()
    assert rel.stage == "control" and rel.alliances == (("white", "red"),) and rel.points["white"] == 4
    assert state.last_move["text"] == "Qc4xc12#K"
    assert state.phase == "placement" and state.owed == [["white", "bonus_piece"], ["red", "king"]]
    assert "king" in state.reserve["red"]
    with pytest.raises(IllegalAction):  # the bonus piece goes in the placer's own Kingdom
        act(state, "@Sa6")
    act(state, "@Sf1")
    assert state.pieces["f1"] == ["white", "princess"] and state.owed == [["red", "king"]]
    act(state, "@Kd12")
    assert state.pieces["d12"] == ["red", "king"] and state.phase == "play"
    assert state.rel().to_move == "red"  # 1.3.3 item 6: the order is unchanged


def test_j22_the_bonus_piece_goes_to_neutral_territory_when_the_kingdom_is_full():
    full = {sq: "white pawn" for sq in ("a1", "b1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3",
                                         "c3", "d3", "e3", "f3", "a4", "b4", "c4", "d4", "e4", "f4")}
    state = play_state({**KINGS, **full, "a11": "red rook", "c5": "white queen"})
    act(state, "Qc5xc12")
    squares = {a.square for a in GAME.legal_actions(state, 0)}
    assert squares and all(5 <= int(sq[1:]) <= 8 for sq in squares)


def test_1_1_6_knatch_by_moving_a_knight_next_to_a_king():
    state = play_state({**KINGS, **GUARDS, "a8": "white knight"})
    act(state, "Na8-b10")
    rel = state.rel()
    assert rel.conquests[0].how == "knatch" and rel.conquests[0].conquered == "red"
    assert state.last_move["text"] == "Na8-b10#N"
    assert state.owed == [["white", "bonus_piece"]]  # a knatched King stays put (5.2)
    assert state.pieces["c12"] == ["red", "king"]


def test_j11_a_king_walking_into_a_knights_attack_is_knatched_credited_to_the_knight():
    state = play_state({**KINGS, **GUARDS, "e10": "white knight", "c12": "black rook", "b12": "red king"},
                       to_move="red")
    act(state, "Kb12-b11")
    assert state.rel().conquests == ()  # b11 is not attacked by e10
    state = play_state({**KINGS, **GUARDS, "e10": "white knight", "c12": "black rook", "b12": "red king"},
                       to_move="red")
    act(state, "Kb12-c11")
    conquest = state.rel().conquests[0]
    assert (conquest.conqueror, conquest.conquered, conquest.how) == ("white", "red", "knatch")


def test_j11_j12_a_rivals_knight_knatches_when_the_first_conquest_breaks_the_rivalry():
    pieces = {**KINGS, **GUARDS, "c4": "white queen", "b3": "yellow knight"}  # b3 attacks c1, Yellow is White's Rival
    state = play_state(pieces)
    assert state.rel().conquests == ()
    events = act(state, "Qc4xc12")
    rel = state.rel()
    hows = [(c.conqueror, c.conquered, c.how) for c in rel.conquests]
    assert hows == [("white", "red", "regicide"), ("yellow", "white", "knatch")]
    assert rel.stage == "dominion_triple" and rel.alliances == (("yellow", "white", "red"),)  # T2b
    assert rel.points == {"white": 4, "red": 0, "yellow": 8, "black": 0}
    assert state.owed == [["white", "bonus_piece"], ["red", "king"], ["yellow", "bonus_piece"]]
    assert state.last_move["text"] == "Qc4xc12#K#N"
    assert events[0].kind == "moved" and events[0].params["text"] == "Qc4xc12#K#N"


def test_j13_annihilation_when_the_last_piece_but_the_king_is_captured():
    state = play_state({**KINGS, "a2": "white rook", "l11": "black rook", "l2": "yellow rook",
                        "a8": "red pawn", "a4": "white queen"})
    act(state, "Qa4xa8")
    conquest = state.rel().conquests[0]
    assert (conquest.conqueror, conquest.conquered, conquest.how) == ("white", "red", "annihilation")
    assert state.last_move["text"] == "Qa4xa8#A" and state.owed == [["white", "bonus_piece"]]


def test_j12_a_sweep_taking_two_kings_conquers_in_path_order():
    state = play_state({**KINGS, **GUARDS, "c12": "white king", "c1": "red rook", "a5": "white princess",
                        "b5": "red king", "c5": "black king", "e1": "white pawn"})
    act(state, "Sa5xb5xc5")
    rel = state.rel()
    assert [(c.conquered, c.how) for c in rel.conquests] == [("red", "regicide"), ("black", "regicide")]
    assert rel.stage == "dominion_triple" and rel.points["white"] == 8 and rel.points["red"] == 4
    assert state.owed[0] == ["white", "bonus_piece"]


def test_6_3_triple_alliance_move_order_after_the_second_conquest():
    """1.3.5.1: White+Red Double; White captures the Black King; Red, Yellow, Black, Yellow, White..."""
    state = play_state({**KINGS, **GUARDS, "c4": "white queen", "j4": "white rook"})
    act(state, "Qc4xc12")
    act(state, "@Sf1")
    act(state, "@Kd12")
    act(state, "Ra11-a10")  # Red
    act(state, "Rl2-k2")    # Yellow
    act(state, "Rl11-k11")  # Black
    act(state, "Rj4xj12")   # White takes the Black King: T2a
    rel = state.rel()
    assert rel.stage == "dominion_triple" and rel.points == {"white": 8, "red": 4, "yellow": 0, "black": 0}
    assert state.owed == [["black", "bonus_piece"], ["black", "king"]]  # J3: the Third Ally places its own
    act(state, "@Sg9")
    act(state, "@Kh12")
    movers = []
    for _ in range(5):
        movers.append(state.rel().to_move)
        seat = min(GAME.to_act(state))
        action = next(a for a in GAME.legal_actions(state, seat) if str(a)[0] in "KR" and "x" not in str(a))
        GAME.apply(state, seat, action, CH)
    assert movers == ["red", "yellow", "black", "yellow", "white"]
