"""Clauses of the content file (J1–J30, sections 3–10) whose tests were missing: each test is
named after its clause. The rest are tested where they live (see the module docstrings)."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, SeededChance
from rules.judtho import alliances as al
from rules.judtho.alliances import Award, Placement, conquest, initial, move_order
from rules.judtho.engine import GAME, find_knatches, material_scores

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)


def in_stage(state, *conquests: tuple[str, str, str], to_move: str = "white"):
    """Put `state` in the alliance stage reached by `conquests` (conqueror, conquered, how)."""
    rel = state.rel()
    for c, v, how in conquests:
        rel, _, _ = conquest(rel, c, v, how)
    state.set_rel(al.Relations.from_json({**rel.to_json(), "to_move": to_move}))
    return state


def test_j12_j22_a_sweep_whose_first_conquest_makes_the_second_king_an_ally_returns_that_king():
    """Control, Double {White, Red}; single Yellow sweeps the White and then the Red King: T2b makes
    Red a Triple ally, so the second King is no Conquest (2.1), but it still goes back (J22)."""
    state = play_state({"c1": "yellow king", "l12": "black king", "a5": "yellow princess",
                        "b5": "white king", "c5": "red king", "a2": "white rook", "a11": "red rook",
                        "l11": "black rook"}, to_move="yellow")
    in_stage(state, ("white", "red", "knatch"), to_move="yellow")
    act(state, "Sa5xb5xc5")
    rel = state.rel()
    assert [(c.conqueror, c.conquered, c.how) for c in rel.conquests][1:] == [("yellow", "white", "regicide")]
    assert rel.stage == "dominion_triple" and rel.alliances == (("yellow", "white", "red"),)
    assert rel.points == {"white": 4, "red": 0, "yellow": 8, "black": 0}  # T2b: s +8, nothing for the second King
    assert state.owed == [["yellow", "bonus_piece"], ["white", "king"], ["red", "king"]]
    assert state.last_move["text"] == "Sa5xb5xc5#K"


def test_j13_t3b_losing_a_later_gained_last_piece_is_a_new_annihilation():
    """Black, annihilated by White (T2a), joins the Triple and places its bonus Princess (J3); when
    single Yellow takes that Princess, Black is annihilated again: T3b, Yellow +24."""
    state = play_state({**KINGS, "d8": "white queen", "h8": "black pawn", "a11": "red rook",
                        "l10": "yellow rook", "a2": "white rook"})
    in_stage(state, ("white", "red", "knatch"))
    act(state, "Qd8xh8")
    assert state.rel().conquests[-1] == al.Conquest("white", "black", "annihilation")
    assert state.owed == [["black", "bonus_piece"]] and GAME.to_act(state) == {3}
    act(state, "@Sh10")
    assert state.rel().to_move == "red"  # 6.3: the colour after the conqueror
    act(state, "Ra11-a10")
    assert state.rel().to_move == "yellow"
    act(state, "Rl10xh10")
    rel = state.rel()
    assert rel.conquests[-1] == al.Conquest("yellow", "black", "annihilation")
    assert rel.over and rel.winners == ("yellow",) and rel.end == "third_conquest"
    assert rel.points == {"white": 8, "red": 4, "yellow": 24, "black": 0}
    assert GAME.outcome(state).winners == (2,)


def test_j13_a_king_only_army_is_not_annihilated_again_without_a_capture():
    state = play_state({**KINGS, "d8": "white queen", "h8": "red pawn", "a2": "white rook",
                        "l11": "black rook", "l2": "yellow rook"})
    act(state, "Qd8xh8")  # T1 by Annihilation: Red is a King alone
    act(state, "@Sf1")
    assert len(state.rel().conquests) == 1
    act(state, "Kc12-d12")  # Red's King moves; no new Annihilation
    assert len(state.rel().conquests) == 1 and state.rel().to_move == "yellow"


def test_j16_a_promoted_pawn_counts_as_its_new_piece():
    state = play_state({**KINGS, "e11": "white pawn", "a2": "white rook", "a11": "red rook",
                        "l11": "black rook", "l2": "yellow rook"})
    assert material_scores(state)["white"] == 1 + 6
    act(state, "e11-e12=Q")
    assert material_scores(state)["white"] == 10 + 6


def test_j16_a_capture_is_credited_to_the_captor_at_table_1_value():
    state = play_state({**KINGS, "d4": "white queen", "d8": "red bishop", "a11": "red rook"})
    act(state, "Qd4xd8")
    scores = material_scores(state)
    assert scores["white"] == 10 + 4 and scores["red"] == 6


def test_j12_e1_knatches_found_together_go_in_turn_order_from_the_mover():
    """E1: Knight owners from the mover in W→R→Y→B, then the Kings' colours likewise."""
    state = play_state({**KINGS, "b10": "white knight", "k10": "yellow knight"})
    assert find_knatches(state, "red") == [("yellow", "black"), ("white", "red")]
    assert find_knatches(state, "white") == [("white", "red"), ("yellow", "black")]


def test_t2b_when_the_single_conquers_the_first_ally_the_old_first_becomes_second():
    rel, _ = initial(), None
    rel, _, _ = conquest(rel, "white", "red", "knatch")
    rel, awards, placements = conquest(rel, "black", "white", "regicide")
    assert rel.alliances == (("black", "white", "red"),) and rel.singles() == ("yellow",)
    assert awards == (Award("black", 8, "judtho.reason.second_conquest"),)
    assert placements == (Placement("black", "bonus_piece"), Placement("white", "king"))
    # 6.3: the colour after the conqueror (White), then the Single Player after each Triple move.
    assert move_order(rel, "black", 6) == ["white", "yellow", "red", "yellow", "black", "yellow"]


def test_j18_a_timeout_counts_as_departure_and_reads_in_both_languages():
    state = play_state(dict(KINGS))
    GAME.depart(state, 3, reason="timeout")
    rel = state.rel()
    assert rel.points == {"white": 8, "red": 8, "yellow": 8, "black": 0} and rel.end == "timeout"
    assert GAME.outcome(state).reason == "timeout" and state.version == 1
    for lang in ("en", "zh-TW"):
        text = i18n.render(al.end_msg(rel), lang)
        assert text and "judtho.end" not in text


def test_section_7_departure_after_two_conquests_gives_4_each_on_top_of_the_conquest_points():
    state = play_state(dict(KINGS))
    in_stage(state, ("white", "red", "knatch"), ("yellow", "black", "knatch"))
    GAME.apply(state, 1, "depart", CH)
    assert state.rel().points == {"white": 4 + 4, "red": 0, "yellow": 8 + 4, "black": 4}
    assert GAME.outcome(state).winners == (2,)  # J25: most points


def test_9_2_trio_the_single_players_two_armies_stay_rivals():
    state = play_state({**KINGS, "d4": "white queen", "d8": "yellow pawn"}, seats=3)
    assert "Qd4xd8" not in {str(a) for a in GAME.legal_actions(state, 0)}
    assert move_order(state.rel(), "black", 4) == ["white", "red", "yellow", "black"]


def test_j21_repetition_is_refused_in_duo_too():
    state = play_state({"c1": "white king", "c12": "red king", "a2": "white rook", "a11": "red rook"}, seats=2)
    for text in ("Ra2-b2", "Ra11-b11", "Rb2-a2"):
        act(state, text)
    assert "Rb11-a11" not in {str(a) for a in GAME.legal_actions(state, 1)}  # back to the start
    with pytest.raises(IllegalAction) as refused:
        act(state, "Rb11-a11")
    assert refused.value.code == "judtho_repetition"


def test_1_3_3_item_7_example_red_and_yellow_allied_black_opposes_everyone():
    """1.3.3 item 7's example: Red and Yellow in an Unstable (Double) Alliance; Black remains an
    Opponent of Yellow and White and is now one of Red; White remains an Opponent of Red and
    Black and is now one of Yellow."""
    rel, _, _ = conquest(initial(), "red", "yellow", "knatch")
    assert al.relation(rel, "red", "yellow") == "ally"
    assert {c for c in rel.colours if al.relation(rel, "black", c) == "opponent"} == {"white", "red", "yellow"}
    assert {c for c in rel.colours if al.relation(rel, "white", c) == "opponent"} == {"red", "yellow", "black"}


def test_1_3_3_item_5_allies_move_only_their_own_colour_on_their_own_turn():
    state = play_state({**KINGS, "d4": "white queen", "d9": "red rook", "l11": "black rook", "l2": "yellow rook"})
    in_stage(state, ("white", "red", "knatch"))
    moves = {str(a) for a in GAME.legal_actions(state, 0)}
    assert any(m.startswith("Qd4") for m in moves) and not any(m.startswith("Rd9") for m in moves)
    assert "Qd4xd9" not in moves  # nor capture an Ally (2.1)
    with pytest.raises(IllegalAction):
        act(state, "Rd9-d10")


def test_j18_depart_is_labelled_and_its_event_reads_in_both_languages():
    from rules.judtho.engine import Depart

    state = play_state(dict(KINGS))
    events = GAME.apply(state, 2, "depart", CH)
    for lang in ("en", "zh-TW"):
        assert "judtho." not in i18n.render(GAME.label(Depart()), lang)
        for e in events:
            assert "judtho." not in i18n.render(GAME.describe(e), lang)
