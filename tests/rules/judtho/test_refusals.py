"""Judtho refusals name the rule and what is possible: a Rival's Kingdom (J19), a King placed outside
its Kingdom (J22), the Duo board's edge (J27), a Trio draw with unequal material (J28), the Prince
after choosing the Princess (J23) and a second Trio suggestion in a turn (E4), in both languages."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg, NotYourTurn, SeededChance
from rules.judtho.engine import GAME

from .test_engine import CH, KINGS, play_state


def refused(state: object, seat: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as raised:
        GAME.check(state, seat, text)  # type: ignore[arg-type]
    return raised.value


def words(error: IllegalAction, lang: str) -> str:
    text = i18n.render(Msg(f"error.{error.code}", error.params), lang)
    assert "{" not in text and "is not legal now" not in text and "目前不合法" not in text
    return text


def test_j19_a_move_into_a_rivals_kingdom_names_the_rival_and_the_pieces_other_moves() -> None:
    state = play_state({**KINGS, "d4": "white queen"})
    error = refused(state, 0, "Qd4-g4")
    assert error.code == "judtho_rival_kingdom"
    assert words(error, "en").startswith("g4 is in the Kingdom of Yellow, your Rival")
    assert "Qd4-d5" in words(error, "en") and "黃" in words(error, "zh-TW") and "宿敵" in words(error, "zh-TW")


def test_j22_a_king_placed_outside_its_kingdom_names_the_kingdom_and_its_free_squares() -> None:
    state = play_state({"c12": "red king", "j1": "yellow king", "j12": "black king", "d4": "white queen"})
    state.phase, state.owed = "placement", [["white", "king"]]
    state.reserve["white"].append("king")
    error = refused(state, 0, "@Kd6")
    assert error.code == "judtho_place_in_own_kingdom"
    assert words(error, "en").startswith("d6 is not in your Kingdom (a1–f4): a King is placed")
    assert "a1 b1 c1" in words(error, "en") and "王國" in words(error, "zh-TW")


def test_j27_the_duo_board_edge_names_the_files() -> None:
    state = play_state({"c1": "white king", "c12": "red king", "f2": "white rook"}, seats=2, options=("duo",))
    error = refused(state, 0, "Rf2-h2")
    assert error.code == "judtho_off_board"
    assert words(error, "en") == "h2 is off the Duo board: it has files a–f and ranks 1–12."
    assert "a–f" in words(error, "zh-TW")


def test_j28_a_trio_draw_with_unequal_material_says_so_with_the_material() -> None:
    state = play_state({**KINGS, "d4": "white queen"}, seats=3, options=("trio",))
    error = refused(state, 0, "draw offer")
    assert error.code == "judtho_trio_draw_needs_equal_material"
    assert "exactly equal material" in words(error, "en") and "(now 10 – 0)" in words(error, "en")
    assert "完全相等" in words(error, "zh-TW")


def test_j23_the_prince_after_the_princess_says_the_choice_is_made() -> None:
    state = GAME.new_game({}, 4, SeededChance(1))
    for seat, text in enumerate(["@Sc2", "@Sb10", "@Sh2", "@Sh10"]):
        GAME.apply(state, seat, text, CH)
    error = refused(state, 0, "@Pb2")
    assert error.code == "judtho_choice_made"
    assert words(error, "en").startswith("You chose the Princess: the Prince stays in reserve")
    assert "公主" in words(error, "zh-TW")


def test_e4_a_second_suggestion_says_one_per_turn() -> None:
    state = play_state({**KINGS, "a11": "red rook", "b11": "red pawn"}, seats=3, to_move="red")
    (partner,) = [s for s in range(3) if GAME.suggestions(state, s)]
    suggestion = str(GAME.suggestions(state, partner)[0])
    GAME.apply(state, partner, suggestion, CH)
    with pytest.raises(NotYourTurn) as raised:
        GAME.check(state, partner, suggestion)
    assert raised.value.code == "judtho_one_suggestion"
    assert words(raised.value, "en").startswith("One suggestion per turn")
    assert "每回合只能建議一次" in words(raised.value, "zh-TW")


def test_another_armys_piece_names_its_owner() -> None:
    state = play_state({**KINGS, "d4": "white queen", "d8": "red pawn"})
    error = refused(state, 0, "d8-d7")
    assert error.code == "judtho_not_your_army"
    assert words(error, "en") == "The Pawn on d8 belongs to Red: you move the pieces of your own army, White."
    assert "紅" in words(error, "zh-TW")
