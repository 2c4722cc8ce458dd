"""Whole Quattro games, scripted move by move, to the Third Conquest (1.3.3–1.3.7.3, §6): every
transition's points, placements and move order, in the default model and its variants."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import SeededChance
from rules.judtho.engine import GAME

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)
GUARDS = {"a11": "red rook", "l11": "black rook", "l2": "yellow rook", "a2": "white rook"}


def script(state, *texts: str) -> None:
    for text in texts:
        act(state, text)


def first_conquest_white_takes_red(options=()):
    """T1: White's Queen takes the Red King; White places the Princess, Red its King."""
    state = play_state({**KINGS, **GUARDS, "c4": "white queen", "e12": "white rook", "e1": "black queen",
                        "j5": "yellow queen"}, options=options)
    script(state, "Qc4xc12", "@Sf2", "@Kd12")
    return state


def test_t1_t2a_t3a_the_triple_alliance_conquers_the_single_player():
    state = first_conquest_white_takes_red()
    script(state, "Ra11-a10", "Rl2-k2", "Rl11-k11", "Re12xj12")  # T2a: White takes the Black King
    script(state, "@Sg9", "@Kh12")                                 # the Third Ally places its own (J3)
    assert state.rel().to_move == "red"
    script(state, "Ra10-a9", "Rk2-l2")                             # Red, then Yellow (the Single)
    assert state.rel().to_move == "black"
    script(state, "Qe1xj1")                                        # Black takes the Yellow King: T3a
    rel = state.rel()
    assert rel.end == "third_conquest" and rel.points == {"white": 16, "red": 12, "yellow": 0, "black": 8}
    outcome = GAME.outcome(state)
    assert outcome.winners == (0, 1, 3) and outcome.scores == {0: 16, 1: 12, 2: 0, 3: 8}
    assert sum(rel.points.values()) == 4 + 8 + 24
    assert GAME.view(state, None)["phase"] == "over" and GAME.legal_actions(state, 0) == []


def test_t2b_t3b_the_single_player_conquers_the_triple_alliance():
    state = first_conquest_white_takes_red()
    script(state, "Ra11-a10", "Rl2-k2", "Qe1xc1")  # Black takes the White King: T2b
    rel = state.rel()
    assert rel.alliances == (("black", "white", "red"),) and rel.points["black"] == 8
    assert state.owed == [["black", "bonus_piece"], ["white", "king"]]
    script(state, "@Sg9", "@Kf1")
    assert rel.singles() == ("yellow",) and state.rel().to_move == "white"
    script(state, "Ra2-a3", "Qj5xf1")                               # Yellow takes the White King: T3b
    rel = state.rel()
    assert rel.points == {"white": 4, "red": 0, "yellow": 24, "black": 8}
    assert GAME.outcome(state).winners == (2,)


def test_t2c_t3c_two_double_alliances_and_the_12_each():
    state = first_conquest_white_takes_red()
    script(state, "Ra11-a10", "Qj5xj12")                            # Yellow takes the Black King: T2c
    rel = state.rel()
    assert rel.stage == "dominion_doubles" and rel.alliances == (("white", "red"), ("yellow", "black"))
    assert rel.points["yellow"] == 8
    script(state, "@Sg1", "@Kh12")
    assert state.rel().to_move == "black"                           # 1.3.5.3: order unchanged
    script(state, "Qe1xc1")                                         # Black takes the White King: T3c
    assert state.rel().points == {"white": 4, "red": 0, "yellow": 20, "black": 12}
    assert GAME.outcome(state).winners == (2, 3)


def test_j5_variant_t2c_four():
    state = first_conquest_white_takes_red(options=("t2c_four",))
    script(state, "Ra11-a10", "Qj5xj12")
    assert state.rel().points["yellow"] == 4


def test_j3_variant_bonus_to_conqueror_in_t2a():
    state = first_conquest_white_takes_red(options=("bonus_to_conqueror",))
    script(state, "Ra11-a10", "Rl2-k2", "Rl11-k11", "Re12xj12")
    assert state.owed[0][0] == "white"
    assert {a.piece for a in GAME.legal_actions(state, 0)} == {"prince"}  # 6.5: the missing one
    script(state, "@Pd1", "@Kh12")
    assert state.phase == "play"


def test_6_6_stable_2v2_second_conquest_makes_two_stable_alliances():
    state = first_conquest_white_takes_red(options=("stable_2v2",))
    assert state.rel().stage == "identity"
    script(state, "Ra11-a10", "Qj5xj12")
    rel = state.rel()
    assert rel.stage == "victory" and rel.alliances == (("yellow", "black"), ("white", "red"))
    assert GAME.view(state, None)["battle"] == "judtho.battle.victory"


def test_j11_after_a_conquest_the_placements_are_tested_for_knatch():
    state = play_state({**KINGS, **GUARDS, "c4": "white queen", "e11": "black knight"})
    script(state, "Qc4xc12", "@Sf1")
    assert state.owed == [["red", "king"]]
    act(state, "@Kd12")  # a Red King on d12 is not attacked by e11; but on c10...
    assert len(state.rel().conquests) == 1


def test_j11_a_king_placed_into_a_knights_attack_is_knatched():
    state = play_state({**KINGS, **GUARDS, "c4": "white queen", "e11": "black knight"})
    script(state, "Qc4xc12", "@Sf1", "@Kc10")  # e11 attacks c10
    conquest = state.rel().conquests[-1]
    assert (conquest.conqueror, conquest.conquered, conquest.how) == ("black", "red", "knatch")


def test_6_5_a_conqueror_with_both_pieces_on_board_keeps_a_right_and_uses_it_instead_of_a_move():
    state = play_state({**KINGS, **GUARDS, "c4": "white queen", "e12": "white rook", "d2": "white prince",
                        "e2": "white princess", "j5": "yellow queen", "g9": "black knight"},
                       options=("bonus_to_conqueror",))
    state.reserve["white"] = []
    state.set_rel(dataclasses.replace(state.rel(), bonus_placed=frozenset({"white"})))  # as after an earlier bonus
    script(state, "Qc4xc12", "@Kd12")  # T1: both White's pieces are already on the board
    assert state.rel().restore_rights == ("white",)
    assert not any(str(a).startswith("@") for a in GAME.legal_actions(state, 0))
    script(state, "Ra11-a10", "Qj5xj12", "@Sg1", "@Kh12", "Rl11-k11")
    state.captured["black"].append(["white", "queen"])  # as if Black had taken White's Queen
    state.pieces.pop("d2")
    assert "@Qa1" in [str(a) for a in GAME.legal_actions(state, 0)]
    act(state, "@Qa1")
    assert state.pieces["a1"] == ["white", "queen"] and state.rel().restore_rights == ()
    assert state.rel().to_move == "red"


WHOLE = [(11, ()), (13, ("stable_2v2",)), (14, ("bonus_to_conqueror",))]
"""A whole game plainly and one in each variant that changes how Conquests pay or who is allied."""


@pytest.mark.parametrize(("seed", "options"), WHOLE)
def test_1_1_4_whole_random_quattro_games_end_at_the_third_conquest_with_4_8_24_points(seed, options):
    """From the Assembly to the end, random legal moves (no resignation or draw): three Conquests,
    the stages paying 4, then 8, then 24 (36 in all), and a view at every step."""
    from .test_engine import random_game

    state, _ = random_game(4, seed, options=options)
    rel = state.rel()
    assert rel.end == "third_conquest" and len(rel.conquests) == 3
    assert sum(rel.points.values()) == 36
    assert GAME.outcome(state).winners
