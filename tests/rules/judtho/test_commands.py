"""Judtho's commands (`rules.judtho.commands`): what `/judtho move b1 c3`, `/judtho place Queen c2`
and `/judtho draw` mean, read the same way by the console and the cog."""

from __future__ import annotations

import pytest

from gavel.tables.i18n import speech
from rules import registry
from rules.core import IllegalAction
from rules.judtho.commands import COMMANDS, move_text, piece_letter, place_text, read_draw

EN, ZH = speech("en"), speech("zh-TW")


def test_10_move_to_a_square_is_the_one_legal_move_ending_there() -> None:
    legal = ["Nb1-c3", "Sd4xd5xd7", "Sd4xd7", "e11-e12=Q", "e11-e12=R", "Nc3x{b5,e4}"]
    assert move_text(legal, "b1", "c3") == "Nb1-c3"
    assert move_text(legal, "B1", "C3") == "Nb1-c3"
    assert move_text(legal, "d4", "Sd4xd5xd7") == "Sd4xd5xd7"  # a whole notation word, as it is
    assert move_text(legal, "Nb1-c3", None) == "Nb1-c3"
    assert move_text(legal, "b1", "d2") == "b1-d2"  # nothing ends there: the engine says why
    for origin, square, moves in (("d4", "d7", "Sd4xd5xd7, Sd4xd7"), ("e11", "e12", "e11-e12=Q, e11-e12=R")):
        with pytest.raises(IllegalAction) as err:
            move_text(legal, origin, square)
        assert err.value.code == "ambiguous_move" and err.value.params["moves"] == moves


def test_10_place_names_the_piece_by_name_letter_or_in_chinese() -> None:
    assert place_text("Queen", "c2", EN) == "@Qc2"
    assert place_text("q", "C2", EN) == "@Qc2"
    assert place_text("騎士", "b1", ZH) == "@Nb1"
    assert place_text("pawn", "c3", EN) == "@c3"
    assert place_text("rest", None, EN) == place_text("@rest", None, EN) == "@rest"
    assert piece_letter("Princess", EN) == "S" and piece_letter("dragon", EN) is None
    with pytest.raises(IllegalAction):
        place_text("dragon", "c2", EN)
    with pytest.raises(IllegalAction) as refused:  # a piece without its square asks where
        place_text("King", None, EN)
    assert refused.value.code == "place_needs_square"


def test_10_a_piece_is_named_in_any_of_our_languages_whatever_the_players_language() -> None:
    """The names in every language (`Speech.every`): `騎士` is read at an English table, `Knight`
    at a Chinese one."""
    assert piece_letter("騎士", EN) == piece_letter("Knight", ZH) == piece_letter("knight", ZH) == "N"
    assert piece_letter(ZH.text("judtho.piece.pawn"), EN) == ""


def test_j24_draw_offers_a_draw_and_void_proposes_a_void_game() -> None:
    """J24 (E7): `/judtho draw` offers a draw, `/judtho draw void` a void game, the others answer."""
    assert read_draw({}, [], EN) == "draw offer"
    assert read_draw({"answer": " Void "}, [], EN) == "void offer"
    assert read_draw({"answer": "Accept"}, [], EN) == "draw accept"


def test_the_commands_as_both_front_ends_read_them() -> None:
    """The group is `/judtho`; `move` and `place` take their options in order, `draw` may take none."""
    assert registry.by_group("judtho") is registry.plugin("judtho")
    assert registry.plugin("judtho").commands is COMMANDS
    move, place, draw = (COMMANDS.get(name) for name in ("move", "place", "draw"))
    assert move is not None and move.names == ("from", "to") and not move.optional
    assert place is not None and place.names == ("piece", "square")
    assert draw is not None and draw.optional and not draw.bare
    legal = ["Nb1-c3", "Nb1-a3"]
    assert move.action({"from": "b1", "to": "c3"}, legal, EN) == ["Nb1-c3"]
    assert place.action({"piece": "Queen", "square": "c2"}, legal, ZH) == ["@Qc2"]
    assert draw.action({}, legal, EN) == ["draw offer"]
    resign, suggest = COMMANDS.get("resign"), COMMANDS.get("suggest")  # plain verbs: the name and the options
    assert resign is not None and resign.action({}, legal, EN) == ["resign"]
    assert suggest is not None and suggest.action({"move": " Nb1-c3 "}, legal, EN) == ["suggest Nb1-c3"]
