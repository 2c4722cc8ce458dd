"""Dad's Army refusals say which rule stands in the way and what is possible instead: another
player's man names his owner, a square he cannot reach names the squares he can reach with this
throw, and a full square, a wall and a bomb each say so, in English and in Chinese."""

from __future__ import annotations

import json

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg
from rules.dads_army import GAME
from rules.dads_army.board import load_board
from rules.dads_army.refusals import squares

from .dads_army_kit import destinations, dice, draw_at_base, position, roll

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


def test_the_cards_refusals_name_their_rule_and_the_choices() -> None:
    # a push: away from his reference, to one of the squares named
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 6))
    draw_at_base(state, "character:vicar")
    roll(state, 3)
    error = refused(state, "push 6,5")
    assert error.code == "dads_army_push_where" and "6,9" in words(error, "en") and "推" in words(error, "zh-TW")
    # Hodges: a man home stays there
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 3))
    state.men["vicar"].called_in = state.men["vicar"].arrived = True
    draw_at_base(state, "hodges")
    error = refused(state, "hodge vicar")
    assert error.code == "dads_army_home_stays" and "Sergeant Wilson" in words(error, "en")
    # an air raid: a shelter with no room, then bombs on a shelter and on a figure
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3))
    draw_at_base(state, "air_raid")
    GAME.apply(state, 0, "shelter mainwaring 1", dice())
    error = refused(state, "shelter wilson 1")
    assert error.code == "dads_army_shelter_full" and words(error, "en").endswith("shelter: 2, 3, 4.")
    GAME.apply(state, 0, "shelter wilson 2", dice())
    while state.phase == "shelter":
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, str(GAME.legal_actions(state, seat)[0]), dice())
    roll(state, 1)
    shelter = next(iter(load_board().shelters.values()))
    assert refused(state, f"bomb {shelter[0]},{shelter[1]}").code == "dads_army_bomb_proof"
    figure = state.hodges
    error = refused(state, f"bomb {figure[0]},{figure[1]}")
    assert error.code == "dads_army_bomb_on_figure" and "empty squares" in words(error, "en")
    # a Union Jack goes on a bomb
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3))
    state.bombs = [(8, 8)]
    state.bombs_left -= 1
    draw_at_base(state, "union_jack")
    roll(state, 1)
    error = refused(state, "jack 9,9")
    assert error.code == "dads_army_no_bomb_there" and words(error, "en").endswith("Bombs are on: 8,8.")
