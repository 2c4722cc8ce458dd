"""Ruleset options played through the engine: the Prince variants (J8) and the Trio with the Dark
pair as the Single Player (J28, Section 4: "a Rival pair")."""

from __future__ import annotations

import pytest

from rules.core import NotYourTurn, SeededChance
from rules.judtho.engine import GAME

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)
GUARDS = {"a11": "red rook", "l11": "black rook", "l2": "yellow rook", "a2": "white rook"}


@pytest.mark.parametrize(("option", "offered"), [("prince_b", False), ("prince_c", True)])
def test_j8_the_engine_plays_the_chosen_prince(option: str, offered: bool) -> None:
    """With f6 taken, prince_b cannot step sideways onto the f-file, prince_c cannot reach f9 at all,
    and under prince_c the sideways step counts: f8 only; the default reaches f9 diagonally."""
    pieces = {**KINGS, "e6": "white prince", "f6": "white pawn"}
    default = {str(a) for a in GAME.legal_actions(play_state(pieces), 0)}
    state = play_state(pieces, options=(option,))
    assert state.options == [option]
    moves = {str(a) for a in GAME.legal_actions(state, 0)}
    assert "Pe6-f9" in default and "Pe6-f9" not in moves
    assert "Pe6-f7" in moves  # through e7
    act(state, "Pe6-f7")
    assert state.pieces["f7"] == ["white", "prince"]


def test_j8_prince_b_and_prince_c_are_variants_and_exclusive() -> None:
    assert {"prince_b", "prince_c", "trio_dark"} <= set(GAME.info.variants)
    GAME.new_game({"variant": "prince_b"}, 4, CH)
    with pytest.raises(ValueError):
        GAME.new_game({"variants": ["prince_b", "prince_c"]}, 4, CH)


def test_j28_trio_dark_is_three_seats_and_the_single_player_takes_red_and_black() -> None:
    assert GAME.info.variant_seats["trio_dark"] == (3, 3)
    assert list(GAME.info.seats_for("trio_dark")) == [3]
    with pytest.raises(ValueError):
        GAME.new_game({"variant": "trio_dark"}, 4, CH)
    with pytest.raises(ValueError):
        GAME.new_game({"variants": ["trio", "trio_dark"]}, 3, CH)
    state = GAME.new_game({"variant": "trio_dark"}, 3, CH)
    assert state.variant == "trio" and state.seat_colours == [["red", "black"], ["white"], ["yellow"]]
    rel = state.rel()
    assert rel.sides == (("red", "black"), ("white", "yellow"))
    assert GAME.to_act(state) == {1}  # White still places first (1.2.3)


def test_j28_trio_dark_the_single_player_moves_twice_a_round_and_wins_by_regicide() -> None:
    state = play_state({**KINGS, **GUARDS, "j9": "black queen"}, seats=3, options=("trio_dark",))
    assert GAME.to_act(state) == {1}
    act(state, "Ra2-a3")
    assert GAME.to_act(state) == {0}  # Red
    act(state, "Ra11-a10")
    assert GAME.to_act(state) == {2}  # Yellow
    act(state, "Rl2-l3")
    assert GAME.to_act(state) == {0}  # Black
    act(state, "Qj9xj1")
    assert GAME.outcome(state).winners == (0,) and GAME.outcome(state).reason == "conquest"


def test_j28_trio_dark_the_white_yellow_partnership_suggests_and_wins_by_knatch() -> None:
    state = play_state({**KINGS, **GUARDS, "a8": "white knight"}, seats=3, options=("trio_dark",))
    GAME.apply(state, 2, "suggest Na8-c7", CH)  # Yellow suggests to White, privately
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, "suggest Na8-c7", CH)
    act(state, "Na8-b10")  # b10 attacks c12: the Red King is knatched
    assert GAME.outcome(state).winners == (1, 2)
