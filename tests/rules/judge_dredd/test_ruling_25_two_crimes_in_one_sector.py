"""Ruling 25, Two Crimes in one Sector: a Judge may leave a Crime Sector only if, once gone, every
Crime there still has a Judge there able to attempt it; a Judge in a stand-off is able only for the
Crime of the stand-off."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg
from rules.judge_dredd import GAME

from .kit import at_move, destinations, position

MURDER = ("murder", "ice_pick_brown", "agg")
LITTERING = ("littering", "gestapo_bob", "agg")


def two_crimes(seats: int = 2, standoff: str | None = "murder", **at: str) -> object:
    """Red and Blue in the Aggro Dome with two Crimes; Blue in a stand-off on `standoff`; Red to move."""
    where = {0: "agg", 1: "agg", 2: at.get("green", "cty")}
    state = position(seats, at=dict(list(where.items())[:seats]), crimes=[MURDER, LITTERING])
    state.judges[1].standoff = standoff
    return at_move(state, 0)


def refusal(state: object, seat: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as raised:
        GAME.check(state, seat, text)
    return raised.value


def test_ruling_25_a_judge_in_a_stand_off_keeps_only_that_crime_so_the_other_holds_the_judge() -> None:
    state = two_crimes()
    assert destinations(state, 0) == {"agg"}  # Blue can attempt only the murder: littering would be alone
    wrong = refusal(state, 0, "move hos")
    assert wrong.code == "dredd_crime_left_alone"
    assert wrong.params["crime"] == Msg("judge_dredd.crime.littering")


def test_ruling_25_without_the_stand_off_the_other_judge_covers_both_crimes() -> None:
    state = two_crimes(standoff=None)
    assert "hos" in destinations(state, 0)


def test_ruling_25_a_third_judge_able_for_every_crime_lets_the_judge_go() -> None:
    state = two_crimes(seats=3, green="agg")
    assert "hos" in destinations(state, 0)


def test_ruling_25_one_crime_and_a_judge_in_a_stand_off_on_it_is_enough() -> None:
    state = position(at={0: "agg", 1: "agg"}, crimes=[MURDER])
    state.judges[1].standoff = "murder"
    assert "hos" in destinations(at_move(state, 0), 0)


def test_ruling_25_the_judge_in_the_stand_off_may_leave_when_the_other_covers_both() -> None:
    state = two_crimes()
    at_move(state, 1)
    assert "hos" in destinations(state, 1)


def test_ruling_25_nor_may_a_judge_pass_through_such_a_sector() -> None:
    """From Undercity Gate, Mega-Mall is reached only over the Aggro Dome's bridge: walking through
    would leave the littering with only a Judge bound to the murder."""
    state = position(at={0: "und", 1: "agg"}, crimes=[MURDER, LITTERING])
    state.judges[1].standoff = "murder"
    at_move(state, 0)
    assert "agg" in destinations(state, 0) and "mal" not in destinations(state, 0)
    state.judges[1].standoff = None
    assert "mal" in destinations(state, 0)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_ruling_25_the_refusal_names_the_crime_left_alone_and_the_stand_off(lang: str) -> None:
    wrong = refusal(two_crimes(), 0, "move hos")
    text = i18n.render(Msg(f"error.{wrong.code}", wrong.params), lang)
    assert i18n.gettext("judge_dredd.crime.littering", lang) in text
    assert i18n.gettext("judge_dredd.sector.agg", lang) in text
    assert ("stand-off" if lang == "en" else "僵持") in text
