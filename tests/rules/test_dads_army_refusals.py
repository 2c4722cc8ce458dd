"""Dad's Army refusals say which rule stands in the way and what is possible instead: another
player's man names his owner, a square he cannot reach names the squares he can reach with this
throw, and a full square, a wall and a bomb each say so, in English and in Chinese."""

from __future__ import annotations

import json

import pytest

from rules.core import IllegalAction, Msg
from rules.dads_army import GAME
from rules.dads_army.refusals import squares
from tables import i18n

from .dads_army_kit import destinations, position, roll

NAMES = ("alice", "bob", "carol", "dave")


def refused(state: object, text: str, seat: int = 0) -> IllegalAction:
    before = json.dumps(state.to_json(), sort_keys=True)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction) as raised:
        GAME.check(state, seat, text)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before  # type: ignore[attr-defined]
    return raised.value


def words(error: IllegalAction, lang: str) -> str:
    named = i18n.name_seats(error.params, lambda seat: NAMES[seat])
    text = i18n.render(Msg(f"error.{error.code}", named), lang)
    assert "{" not in text and "The rules do not allow that" not in text and "規則不允許" not in text
    return text


def mainwaring_throws_1() -> object:
    """Seat 0's Mainwaring on 12,3 with a throw of 1: he can reach 11,3 and 12,4 (a wall is north)."""
    state = position(4)
    roll(state, 1)
    return state


def test_another_players_man_names_his_owner_and_your_own_men() -> None:
    state = mainwaring_throws_1()
    error = refused(state, "move pike 1,11")
    assert error.code == "dads_army_not_your_man"
    assert words(error, "en") == ("Not your man: Private Pike is carol's; you move only your own men "
                                  "(Captain Mainwaring, Sergeant Wilson).")
    assert "carol" in words(error, "zh-TW") and "派克" in words(error, "zh-TW")


def test_an_unreachable_square_names_the_squares_that_man_can_reach_with_this_throw() -> None:
    state = mainwaring_throws_1()
    error = refused(state, "move mainwaring 1,1")
    assert error.code == "dads_army_unreachable"
    reach = squares(destinations(state, "mainwaring"))
    assert reach == "11,3; 12,4"
    assert words(error, "en").endswith(f"He can reach: {reach}.") and "a throw of 1" in words(error, "en")
    assert reach in words(error, "zh-TW")


def test_a_full_square_says_three_figures_at_most() -> None:
    state = position(4, vicar=(11, 3), verger=(11, 3), jones=(11, 3))
    roll(state, 1)
    error = refused(state, "move mainwaring 11,3")
    assert error.code == "dads_army_square_full"
    assert "already holds three figures" in words(error, "en") and words(error, "en").endswith("reach: 12,4.")
    assert "三個人物" in words(error, "zh-TW")


def test_a_wall_says_doors_only() -> None:
    error = refused(mainwaring_throws_1(), "move mainwaring 12,2")
    assert error.code == "dads_army_wall"
    assert "A wall stands between" in words(error, "en") and "牆" in words(error, "zh-TW")


def test_a_bomb_says_nobody_steps_on_one() -> None:
    state = position(4)
    state.bombs.append((11, 3))
    roll(state, 1)
    error = refused(state, "move mainwaring 11,3")
    assert error.code == "dads_army_onto_bomb"
    assert "bomb on 11,3" in words(error, "en") and "炸彈" in words(error, "zh-TW")


def test_the_wrong_moment_names_what_may_be_done() -> None:
    state = mainwaring_throws_1()
    error = refused(state, "roll")
    assert error.code == "dads_army_not_now"
    assert words(error, "en") == "Not at this point of the turn: roll. You may: move."
