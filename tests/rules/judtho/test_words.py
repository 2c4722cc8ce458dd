"""Judtho's words (`rules.judtho.words`): the menu's steps (piece, then destination), labels in
notation, the distant capture's set (4.7, J10) and the answers to a void proposal (E7)."""

from __future__ import annotations

from types import SimpleNamespace

from gavel.tables import i18n
from gavel.tables.i18n import speech
from rules.judtho.engine import GAME, Suggest
from rules.judtho.words import WORDS as UI
from rules.judtho.words import JudthoWords, split
from tests.rules.judtho.test_endings import GUARDS
from tests.rules.judtho.test_engine import KINGS, play_state

TARGETS = ["Nc3x{b5}", "Nc3x{d5}", "Nc3x{e4}", "Nc3x{b5,d5}", "Nc3x{b5,e4}", "Nc3x{d5,e4}", "Nc3x{b5,d5,e4}"]


def at(table) -> JudthoWords:
    """The words for a table, from its PUBLIC view and seat names, as a front-end makes them."""
    return UI.at(UI.facts(GAME.view(table.state, None), ("alice", "bob")))


def test_notation_splits_into_piece_then_destination():
    assert split("Nb1-c3") == ["Nb1", "-c3"] and split("e11-e12=Q") == ["e11", "-e12=Q"]
    assert split("Sd4xd5xd7") == ["Sd4", "xd5xd7"] and split("Nc3x{b5,e4}") == ["Nc3", "x{", "b5,e4}"]
    assert split("@Qc2") == ["@Q", "c2"] and split("@c3") == ["@", "c3"]
    assert split("pass") is None and split("@rest") is None and split("Nb1 -c3") is None
    for text in ("Nb1-c3", "e1-e2", "a12-a11", "@Qc2", "draw offer", "Sd4xd5xd7", "Nc3x{b5,e4}", "Nc3x{b5}"):
        assert UI.steps(" ".join(UI.steps(text))) == UI.steps(text), text


def test_4_7_all_is_the_distant_capture_of_every_target_among_those_offered():
    assert UI.part(["Nc3", "x{", "b5,d5,e4}"], 2, speech("en")) == "Nc3x{b5,d5,e4}"
    offered = UI.menu(TARGETS)
    assert offered.part(["Nc3", "x{", "b5,d5,e4}"], 2, speech("en")) == i18n.gettext("judtho.ui.all",
                                                                                      text="Nc3x{b5,d5,e4}")
    assert offered.part(["Nc3", "x{", "b5,d5}"], 2, speech("en")) == "Nc3x{b5,d5}"


def test_4_7_the_hook_offers_the_targets_and_joins_any_set_in_board_order():
    combined = UI.combined(TARGETS, ("Nc3", "x{"), speech("en"))
    assert combined is not None and combined.values() == ["b5", "d5", "e4"] and combined.least == 1
    assert combined.join(["e4", "b5"]) == "Nc3x{b5,e4}" and combined.join(["d5", "d5"]) == "Nc3x{d5}"
    assert {combined.join(s) for s in (["b5"], ["d5"], ["e4"], ["b5", "d5"], ["e4", "b5"], ["d5", "e4"],
                                       ["e4", "d5", "b5"])} == set(TARGETS)
    assert UI.combined(TARGETS, ("Nc3",), speech("en")) is None
    assert UI.combined(["Nb1-c3"], ("Nb1",), speech("en")) is None
    assert [label for _, label in combined.options] == ["b5", "d5", "e4"]  # no table: the squares alone


def test_a_piece_with_one_move_reads_as_that_move():
    assert UI.label(["Ra1", "-a2"], 0, speech("en")) == "Rook a1 → a2"
    assert UI.label(["Sd4", "xd5xd7"], 0, speech("en")) == "Princess d4 × d5 × d7"
    assert UI.label(["e11", "-e12=Q"], 0, speech("en")) == "Pawn e11 → e12=Q"
    assert UI.label(["e11", "xf12=Q"], 0, speech("en")) == "Pawn e11 × f12=Q"
    assert UI.label(["@Q", "c2"], 0, speech("en")) == "Queen c2"
    assert UI.label(["Ra1", "-a2"], 0, speech("zh-TW")) == f"{i18n.gettext('judtho.piece.rook', 'zh-TW')} a1 → a2"
    # the second step, the verbs and a step that is not a whole move read as before
    assert UI.label(["Ra1", "-a2"], 1, speech("en")) == "Ra1-a2"
    assert UI.label(["a4", "-a5"], 1, speech("en")) == "Pawn a4 → a5"  # not "A4-a5" once capitalised
    assert UI.label(["draw", "offer"], 0, speech("en")) == f"Draw {i18n.gettext('judtho.verb.offer')}"
    assert UI.label(["Nc3", "x{"], 0, speech("en")) == f"Knight c3 {i18n.gettext('judtho.ui.distant')}"


def test_e7_the_answers_to_a_void_proposal_read_void_game():
    state = play_state(dict(KINGS))
    table = SimpleNamespace(state=state, game=GAME)
    assert at(table).word("draw", speech("en")) == i18n.gettext("judtho.verb.draw")
    GAME.apply(state, 0, "void offer", None)
    ui = at(table)
    assert ui.proposal == "void"
    assert ui.word("draw", speech("en")) == i18n.gettext("judtho.verb.void")
    assert ui.word("draw", speech("zh-TW")) == i18n.gettext("judtho.verb.void", "zh-TW")
    GAME.apply(state, 1, "draw decline", None)
    GAME.apply(state, 0, "draw offer", None)
    assert at(table).word("draw", speech("en")) == i18n.gettext("judtho.verb.draw")


def test_ui_reads_a_piece_then_the_action_in_notation():
    assert UI.part(["Nb1", "-c3"], 0, speech("en")) == "Knight b1"
    assert UI.part(["Nb1", "-c3"], 1, speech("en")) == "Nb1-c3"
    assert UI.part(["e11", "-e12=Q"], 0, speech("en")) == "Pawn e11"
    assert UI.part(["@Q", "c2"], 0, speech("en")) == "Queen" and UI.part(["@", "c2"], 0, speech("en")) == "Pawn"
    assert UI.part(["@Q", "c2"], 1, speech("en")) == "@Qc2"
    assert UI.part(["draw", "offer"], 1, speech("en")) == i18n.gettext("judtho.verb.offer")
    assert UI.part(["@rest"], 0, speech("zh-TW")) == i18n.gettext("judtho.verb.rest", "zh-TW")


def test_e4_suggest_offers_the_partners_legal_suggestions_in_notation():
    """`/judtho suggest move:` reads the seat's legal actions only: the Trio partner's `suggest`
    actions (an `anytime_actions` entry, E4), each move named and valued in notation; nobody
    else is offered one, and none once the turn's suggestion is sent."""
    state = play_state({**KINGS, **GUARDS}, seats=3, to_move="red")
    en = speech("en")

    def offered(seat: int, typed: str = "") -> list[tuple[str, str]] | None:
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        return UI.choices("suggest", "move", {}, typed, legal, en)

    moves = [str(a).removeprefix("suggest ") for a in GAME.legal_actions(state, 2) if isinstance(a, Suggest)]
    movers = [str(a) for a in GAME.legal_actions(state, 1) if "-" in str(a) or "x" in str(a)]
    assert moves and offered(2) == [(m, m) for m in moves] and set(moves) <= set(movers)
    assert offered(1) == [] and offered(0) == []  # the mover and the other army suggest nothing
    typed = moves[0][:3].upper()
    narrowed = offered(2, typed)
    assert narrowed and all(typed.lower() in value.lower() for _, value in narrowed)
    assert offered(2, "zz") == []
    GAME.apply(state, 2, f"suggest {moves[0]}", None)
    assert offered(2) == []  # one a turn
