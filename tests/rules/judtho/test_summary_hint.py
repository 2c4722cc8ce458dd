"""Judtho's words for a prompt and a refusal (`JudthoWords.summary`, `JudthoWords.hint`): about 190
placements said once, moves grouped by piece and square, the letters named; under a refused move,
the moves of the piece it started from."""

from __future__ import annotations

from gavel.tables.i18n import speech
from rules import registry
from rules.judtho.words import WORDS, area

EN, ZH = speech("en"), speech("zh-TW")


def test_10_moves_group_by_piece_and_square_and_distant_captures_show_the_whole_set() -> None:
    legal = ["Nb1-c3", "Nb1-a3", "Nb1xd2", "Sd4xd5xd7", "Sd4xd7", "e11-e12=Q", "e11-e12=R",
             "Nc3x{b5}", "Nc3x{e4}", "Nc3x{b5,e4}", "Ke1x{f3}", "suggest a10-a9", "suggest a10-a8", "draw offer",
             "resign"]
    shown, names = WORDS.summary(legal, EN) or ([], "")
    assert shown == ["Ke1x{f3}", "Sd4xd5xd7/d7", "Nb1-c3/a3", "Nb1xd2", "Nc3x{b5,e4} (or some of them)",
                     "e11-e12=Q/e12=R", "suggest a10-a9/a8", "draw offer", "resign"]  # piece by piece (1.2.2)
    assert names == "(names: K King · S Princess · N Knight)"
    zh, _ = WORDS.summary(["Nc3x{b5}", "Nc3x{b5,e4}"], ZH) or ([], "")
    assert zh == ["Nc3x{b5,e4}（或其中幾個）"]


def test_j22_a_few_placements_are_listed_as_they_are() -> None:
    """J22: a Conquest's owed placements (King back, the bonus piece) may have a few squares: listed."""
    shown, _ = WORDS.summary(["@Kg1", "@Kh2", "@Pa1", "@Pa2", "@Pb1", "@Pb2", "@Pc1", "@Pc2", "@Pd1"], EN) or ([], "")
    assert shown == ["@Kg1", "@Kh2", "@ + P + one of the 7 empty squares of a1–d2 (e.g. @Pb2)"]
    shown, _ = WORDS.summary([f"@{f}{r}" for f in "abcdefgh" for r in (5, 6)], ZH) or ([], "")
    assert shown == ["@ + 兵（不寫字母） + a5–h6 中 16 個空格之一（例如 @e5）"]


def test_an_assembly_is_said_once_with_the_letters_and_the_rest_named() -> None:
    """An Assembly offers every piece on every empty square: one entry, and the names line names
    each letter offered and `@rest`."""
    legal = [f"@{p}{f}{r}" for p in ("K", "Q", "") for f in "abc" for r in (1, 2)] + ["@rest"]
    shown, names = WORDS.summary(legal, EN) or ([], "")
    assert shown == ["@ + K/Q (no letter for a Pawn) + one of the 6 empty squares of a1–c2 (e.g. @Kb2, @b2)",
                     "@rest"]
    assert names == EN.text("console.names", names=" · ".join(
        ["K King", "Q Queen", EN.text("judtho.console.rest")]))
    assert area(["a1"]) == "a1" and area(["b2", "a1", "f4"]) == "a1–f4"


def test_4_a_refused_move_hints_the_moves_of_the_piece_it_started_from() -> None:
    """Section 4 (how pieces move): the legal moves from the refused move's square, grouped; none
    from a placement, nor from a square none of the legal moves start on."""
    assert WORDS.hint("c3-c5", ["Nc3-d5", "Nc3-e2", "a2-a3"], EN) == "From c3 you may play: Nc3-d5/e2."
    assert WORDS.hint("Nc3-d6", ["Nc3-d5", "Nc3xb5", "a2-a3"], ZH) == "c3 上的棋子可以走：Nc3-d5, Nc3xb5。"
    assert WORDS.hint("@Kg1", ["@Ka1"], EN) is None
    assert WORDS.hint("e5-e6", ["Nc3-d5"], EN) is None
    assert WORDS.hint("", ["Nc3-d5"], EN) is None
    assert registry.plugin("judtho").words is WORDS


def test_j10_a_knight_with_a_capture_and_distant_captures_lists_both() -> None:
    """J10: a Knight on e6 may take f8 as a move (`Ne6xf8`) and remove d8, f8 and g7 by a distant
    capture (`Ne6x{d8,f8,g7}`): both entries are listed, and the hint after a refused move from
    e6 names both; neither hides the other."""
    legal = ["Ne6xf8", "Ne6x{d8}", "Ne6x{f8}", "Ne6x{g7}", "Ne6x{d8,f8}", "Ne6x{d8,g7}", "Ne6x{f8,g7}",
             "Ne6x{d8,f8,g7}", "Ne6-c5", "resign"]
    shown, _ = WORDS.summary(legal, EN) or ([], "")
    assert shown == ["Ne6xf8", "Ne6x{d8,f8,g7} (or some of them)", "Ne6-c5", "resign"]
    hint = WORDS.hint("Ne6-e8", legal, EN) or ""
    assert "Ne6xf8" in hint and "Ne6x{d8,f8,g7}" in hint
    only, _ = WORDS.summary(["Ne6x{d8,f8,g7}", "Ne6x{d8}", "Ne6xf8"], EN) or ([], "")
    assert only == ["Ne6x{d8,f8,g7} (or some of them)", "Ne6xf8"]
