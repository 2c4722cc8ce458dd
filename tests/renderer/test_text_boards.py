"""The boards as text (`Renderer.text_board`, `text_hand`): for every game, a position from the
middle of a seeded game, in both languages and at each seat count, fits 80 columns, shows the
codes the picture shows (and commands take), and tells no seat what it may not know: the text
drawn from a view is the same for every state that view cannot tell apart (the counterfactuals
of the leak tests), and the public text names no card in a hand."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables.table import engine_config
from renderer import for_game
from renderer.text import WIDTH, fits, plain, width
from rules import registry
from rules.core import SeededChance
from rules.judge_dredd import GAME as DREDD
from rules.judge_dredd import content as dredd_content
from rules.judgement.engine import GAME as JUDGEMENT
from tests.rules.judge_dredd.kit import counterfactual as dredd_counterfactual
from tests.rules.judgement.test_leaks import counterfactual as judgement_counterfactual

GAMES = ("dads_army", "judge_dredd", "judtho", "judgement")
NAMES = {0: "Alice", 1: "Bob", 2: "Carol", 3: "Dave", 4: "Erin", 5: "Frank", 6: "Grace", 7: "Heidi", 8: "Ivan"}


def text(lang: str) -> Callable[[str], str]:
    return lambda key: i18n.gettext(key, lang)


def middle(key: str, seats: int, steps: int, seed: str = "text") -> tuple[Any, Any]:
    """(game, state) after `steps` actions of a seeded game, each a legal action drawn by a
    seeded random choice among the seats asked (or sooner, at the game's end)."""
    game = registry.plugin(key).game
    state = game.new_game(engine_config({}, None), seats, SeededChance(f"{key}:{seed}"))
    chance, rng = SeededChance(f"{key}:{seed}:play"), random.Random(f"{key}:{seed}")
    for _ in range(steps):
        asked = sorted(game.to_act(state))
        if game.outcome(state) is not None or not asked:
            break
        seat = rng.choice(asked)
        legal = game.legal_actions(state, seat)
        if not legal:
            break
        game.apply(state, seat, rng.choice(legal), chance)
    return game, state


def cases() -> Iterator[tuple[str, int, int]]:
    for key in GAMES:
        seats = registry.plugin(key).game.info.seats_for(None)
        for n in sorted({seats[0], min(seats[-1], 4), seats[-1]}):
            for steps in (6, 40):
                yield key, n, steps


def codes(key: str, view: dict[str, Any], lang: str) -> list[str]:
    """What the text board must show of `view` in `lang`: the codes its picture draws."""
    if key == "dads_army":
        from rules.dads_army.board import MAN_CODES

        return [MAN_CODES[man] for man in view["men"]] + ["S1", "S2", "S3", "S4", "EWS"]
    if key == "judge_dredd":
        return sorted(dredd_content.load_board().sectors)
    if key == "judtho":
        from renderer.judtho_look import LETTERS

        files = 6 if view.get("variant") == "duo" else 12
        return [i18n.gettext(f"judtho.board.letter.{c}", lang) + LETTERS.get(p, "p")
                for sq, (c, p) in view["board"].items() if "abcdefghijkl".index(sq[0]) < files]
    if key == "judgement":
        return list(view["ring"])
    raise AssertionError(key)


@pytest.mark.parametrize(("key", "seats", "steps"), list(cases()))
def test_a_text_board_fits_80_columns_and_shows_the_codes(key: str, seats: int, steps: int) -> None:
    game, state = middle(key, seats, steps)
    found = for_game(key)
    assert found.text_board is not None
    view = game.view(state, None)
    for lang in i18n.LANGUAGES:
        board = found.text_board(view, names=NAMES, text=text(lang))
        assert board is not None
        assert fits(board), [line for line in plain(board).split("\n") if width(line) > WIDTH]
        shown = plain(board)
        missing = [c for c in codes(key, view, lang) if c not in shown]
        assert not missing, (lang, missing, shown)
        for seat in range(seats):
            own = game.view(state, seat)
            mine = found.text_board(own, names=NAMES, text=text(lang))
            assert mine is not None and fits(mine)
            if found.text_hand is not None:
                hand = found.text_hand(own, names=NAMES, text=text(lang))
                assert hand is None or fits(hand)


def test_colour_comes_off_and_plain_text_stays() -> None:
    game, state = middle("judtho", 2, 10)
    draw = for_game("judtho").text_board
    assert draw is not None
    board = draw(game.view(state, None), names=NAMES)
    assert board is not None and "\x1b[" in board
    assert "\x1b" not in plain(board) and "┌" in plain(board)


def test_a_king_in_danger_is_said_under_the_board() -> None:
    view = {"game": "judtho", "variant": "duo", "seat": None, "phase": "play", "to_move": "white",
            "colours": ["white", "red"], "players": [{"seat": 0, "colours": ["white"], "points": 0, "material": 9},
                                                     {"seat": 1, "colours": ["red"], "points": 0, "material": 9}],
            "board": {"a1": ["white", "king"], "a8": ["red", "rook"], "f12": ["red", "king"]},
            "reserve": {}, "captured": {}, "last_move": {"text": "Ra12-a8", "from": "a12", "to": "a8"},
            "winner": None, "in_danger": ["white"]}
    draw = for_game("judtho").text_board
    assert draw is not None
    board = plain(draw(view, names=NAMES) or "")
    assert "!WK!" in board  # the King framed on the board
    assert "White's King on a1 is in danger" in board and "Last move: Ra12-a8" in board
    safe = plain(draw({**view, "in_danger": []}, names=NAMES) or "")
    assert "in danger" not in safe and "!WK!" not in safe


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("steps", [5, 30, 80])
def test_judge_dredd_text_tells_no_seat_another_seats_cards(seats: int, steps: int) -> None:
    _, state = middle("judge_dredd", seats, steps)
    found = for_game("judge_dredd")
    assert found.text_board is not None and found.text_hand is not None
    for viewer in [None, *range(seats)]:
        other = dredd_counterfactual(state, viewer)
        for lang in i18n.LANGUAGES:
            board = found.text_board(DREDD.view(state, viewer), names=NAMES, text=text(lang))
            assert board == found.text_board(DREDD.view(other, viewer), names=NAMES, text=text(lang))
            if viewer is not None:
                hand = found.text_hand(DREDD.view(state, viewer), names=NAMES, text=text(lang))
                assert hand == found.text_hand(DREDD.view(other, viewer), names=NAMES, text=text(lang))
    public = plain(found.text_board(DREDD.view(state, None), names=NAMES, text=text("en")) or "")
    held = {card for judge in state.judges for card in judge.hand}
    dealt = {card for card in held if i18n.gettext(f"judge_dredd.cardname.{card}", "en") in public}
    assert not dealt, dealt  # no card in anyone's hand is named on the public board
    for seat in range(seats):
        hand = plain(found.text_hand(DREDD.view(state, seat), names=NAMES, text=text("en")) or "")
        for card in state.judges[seat].hand:
            assert i18n.gettext(f"judge_dredd.cardname.{card}", "en") in hand


@pytest.mark.parametrize("seats", [4, 6, 9])
@pytest.mark.parametrize("steps", [3, 40, 120])
def test_judgement_text_tells_no_seat_another_seats_role(seats: int, steps: int) -> None:
    _, state = middle("judgement", seats, steps)
    found = for_game("judgement")
    assert found.text_board is not None and found.text_hand is not None
    for viewer in [None, *range(seats)]:
        other = judgement_counterfactual(state, viewer, 7)
        for lang in i18n.LANGUAGES:
            board = found.text_board(JUDGEMENT.view(state, viewer), names=NAMES, text=text(lang))
            assert board == found.text_board(JUDGEMENT.view(other, viewer), names=NAMES, text=text(lang))
            # a seat's own board says no more than the channel's: its role is on its role card only
            public = found.text_board(JUDGEMENT.view(state, None), names=NAMES, text=text(lang))
            assert board == public
            if viewer is not None:
                role = found.text_hand(JUDGEMENT.view(state, viewer), names=NAMES, text=text(lang))
                assert role == found.text_hand(JUDGEMENT.view(other, viewer), names=NAMES, text=text(lang))
    assert found.text_hand(JUDGEMENT.view(state, None), names=NAMES) is None  # a spectator has no role
