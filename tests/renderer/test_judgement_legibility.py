"""The City of Judgement on a phone: the bench's measure (`bench/legibility.py`, the same function
`python bench/legibility.py --game judgement` prints) finds no text under 9 px on the public board
or on any seat's role card shown 400 px wide; the rows name each seat by its colour and player; the
role card carries what the locations do (the board names them only)."""

from __future__ import annotations

from typing import Any

import pytest

from renderer import judgement as R
from rules.judgement.content import load
from tests.test_legibility import legibility


@pytest.fixture(scope="module")
def measured() -> dict[str, Any]:
    bench = legibility()
    return {"bench": bench, "pictures": bench.pictures("judgement")}


def test_every_text_of_the_board_and_the_role_cards_is_at_least_9_px_at_400(measured: dict[str, Any]) -> None:
    bench, pictures = measured["bench"], measured["pictures"]
    assert set(pictures) == {"judgement", "judgement.hand"}
    for name, picture in pictures.items():
        figures = picture.figures()
        assert figures["min_text_px_at_400"] >= bench.MIN_PX == 9, (name, figures["smallest"])
    assert pictures["judgement"].image.width == R.WIDTH == 560
    assert pictures["judgement.hand"].image.width == 400  # shown at its own size


def test_each_row_names_its_seat_by_colour_and_player_in_both_languages(measured: dict[str, Any]) -> None:
    bench = measured["bench"]
    drawn = [text for text, _ in measured["pictures"]["judgement"].texts]
    for seat, name in enumerate(bench.NAMES):
        colour = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple", "Pink")[seat]
        assert any(text.endswith(f"{colour} {name}") for text in drawn), (colour, name)
    assert any(text.startswith("藍 Blue ") for text in drawn)  # the public board speaks both


def test_the_role_card_says_what_each_location_does_in_its_readers_language(measured: dict[str, Any]) -> None:
    drawn = " ".join(text for text, _ in measured["pictures"]["judgement.hand"].texts)
    for loc in load().locations.values():
        assert loc.name.get("en") in drawn
        first = loc.text.get("en").split()[:3]
        assert " ".join(first) in drawn, loc.id
    board = [text for text, _ in measured["pictures"]["judgement"].texts]
    assert not any(load().locations["tavern"].text.get("en")[:20] in text for text in board)
