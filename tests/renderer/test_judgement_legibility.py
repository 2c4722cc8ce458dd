"""The City of Judgement on a phone: the bench's measure (`bench/legibility.py`, the same function
`python bench/legibility.py --game judgement` prints) finds no text under 9 px on the public board
or on any seat's role card shown 400 px wide; the rows name each seat by its colour and player; the
role card carries what the locations do (the board names them only)."""

from __future__ import annotations

from functools import partial
from itertools import pairwise
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
    # a row's line is drawn as two runs, its colour and then its player's name (`draw_named`)
    lines = [first + then for first, then in pairwise(drawn)]
    for seat, name in enumerate(bench.NAMES):
        colour = ("Red", "Blue", "Green", "Yellow", "White", "Black", "Orange", "Purple", "Pink")[seat]
        assert any(text.endswith(f"{colour} {name}") for text in lines), (colour, name)
    assert any(text.startswith("藍 Blue ") for text in drawn)  # the public board speaks both


def test_the_role_card_says_what_each_location_does_in_its_readers_language(measured: dict[str, Any]) -> None:
    drawn = " ".join(text for text, _ in measured["pictures"]["judgement.hand"].texts)
    for loc in load().locations.values():
        assert loc.name.get("en") in drawn
        first = loc.text.get("en").split()[:3]
        assert " ".join(first) in drawn, loc.id
    board = [text for text, _ in measured["pictures"]["judgement"].texts]
    assert not any(load().locations["tavern"].text.get("en")[:20] in text for text in board)


FACE_DOWN_SEED = 12
"""A seed whose measured position (`mid_game`) keeps a living seat's character face down (at the
bench's own seed every character is face up by then)."""


@pytest.mark.parametrize("seed", [None, FACE_DOWN_SEED])
def test_the_public_board_draws_no_hidden_identity_or_face_down_character(measured: dict[str, Any],
                                                                           seed: int | None) -> None:
    """Hidden roles: every word the public board draws comes from the public view. Each identity is
    drawn once per player whose identity the view shows (shown, or dead), never for a hidden one;
    a face-down character's name never. Read on the board the bench measured (the same position,
    drawn as the bot draws it: the prompt lettered, the names, both languages), and on the board of
    a position where a character is face down."""
    from rules import registry

    bench = measured["bench"]
    game = registry.plugin("judgement").game
    if seed is None:
        state, board = bench.mid_game("judgement"), measured["pictures"]["judgement"]
    else:
        state, board = bench.mid_game("judgement", seed), bench.pictures("judgement", seed, hands=False)["judgement"]
    public = game.view(state, None)
    shown = [p.get("identity") for p in public["players"] if p.get("identity")]
    assert len(shown) < len(state.players), "the measured position keeps an identity secret"
    down = {p.character for p in state.players if p.character and p.alive and not p.revealed}
    if seed is not None:
        assert down, "the position keeps a character face down"
    assert not down & {p.get("character") for p in public["players"]}, "the public view names a face-down character"
    drawn = [text for text, _ in board.texts]
    content = load()
    for ident, record in content.identities.items():
        zh = record.name.get("zh_TW")  # the short form of a crowded row is its Chinese alone
        assert sum(zh in text for text in drawn) == shown.count(ident), ident
    for char in down:
        for lang in ("en", "zh_TW"):
            assert not any(content.characters[char].name.get(lang) in text for text in drawn), char


def _word(lang: str, key: str) -> str:
    from gavel.tables import i18n

    return i18n.gettext(key, lang)


def test_the_first_position_reads_at_9_px_too(measured: dict[str, Any]) -> None:
    """Before the first throw (the pick: "7: any location", the characters dealt on each role card,
    their skills and Commoner goals) nothing is under 9 px either, at four seats and at nine. Every
    seat's role card is read, in English and Chinese by turns (a card's layout is its own, not the
    table's: each seat count still reads both languages)."""
    from rules import registry
    from rules.core import SeededChance

    bench = measured["bench"]
    game = registry.plugin("judgement").game
    words = {lang: partial(_word, lang) for lang in ("en", "zh-TW")}
    for seats in (4, 9):
        state = game.new_game({}, seats, SeededChance(seats))
        names = dict(enumerate(bench.NAMES[:seats]))
        board = bench.measure(partial(R.render, game.view(state, None), names=names, texts=words))
        assert board.figures()["min_text_px_at_400"] >= 9, board.figures()["smallest"]
        for seat in range(seats):
            lang = ("en", "zh-TW")[seat % 2]
            card = bench.measure(partial(R.render_hand, game.view(state, seat), names=names, text=words[lang]))
            assert card.figures()["min_text_px_at_400"] >= 9, (seat, lang, card.figures()["smallest"])
