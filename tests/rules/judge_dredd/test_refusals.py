"""Judge Dredd refusals name the Movement Rule and the way: a Move naming the Sector the Judge
stands in says he is already there, a Sector two away gives the paths there, a Sector not next
to the one before names the Sectors next to it, in both languages."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg
from rules.judge_dredd import GAME

from .kit import at_move, position


def grand_hall() -> object:
    """Red to move from the Grand Hall of Justice, no Crime on the board."""
    return at_move(position(at={0: "ghj", 1: "cty"}, crimes=[]), 0)


def refused(state: object, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as raised:
        GAME.check(state, 0, text)  # type: ignore[arg-type]
    return raised.value


def words(error: IllegalAction, lang: str) -> str:
    text = i18n.render(Msg(f"error.{error.code}", error.params), lang)
    assert "{" not in text and "Grand Hall of Justice and Grand Hall of Justice" not in text
    return text


@pytest.mark.parametrize("text", ["move ghj", "move ghj-hos"])
def test_a_move_to_where_the_judge_stands_says_he_is_already_there(text: str) -> None:
    error = refused(grand_hall(), text)
    assert error.code in ("dredd_already_there", "dredd_step_in_place")
    assert "already in Grand Hall of Justice" in words(error, "en")
    assert "已經在司法大廳" in words(error, "zh-TW")


def test_a_sector_two_away_names_the_ways_there() -> None:
    error = refused(grand_hall(), "move agg")
    assert error.code == "dredd_move_paths"
    assert "Aggro Dome is not next to your Judge's Sector" in words(error, "en")
    assert "move hos-agg / move row-agg" in words(error, "en") and "move hos-agg" in words(error, "zh-TW")


def test_a_sector_not_next_to_the_last_names_the_sectors_next_to_it() -> None:
    error = refused(grand_hall(), "move w17-rob")
    assert error.code == "dredd_not_adjacent"
    assert words(error, "en").endswith(
        "Next to Grand Hall of Justice: Justice Department Hospital, Iso-Block 666, Rowdy Yates Block.")
    assert "司法部醫院" in words(error, "zh-TW")
