"""The Judtho board's words (en, zh-TW, every one from `text`), player names, the panel
(points, alliances), and the square labels that the image and the buttons share (notation, 10)."""

from __future__ import annotations

import random

import pytest

from gavel.tables import i18n
from renderer import common
from renderer import judtho as R
from renderer.judtho_look import BOARD_H, BX, BY, CELL, THEMES, cell_box, layout_for, parse_square
from tests.renderer import judtho_views as V
from tests.renderer.test_render_judtho import exact, on
from tests.renderer.views import decode, missing_glyphs

TH = THEMES["classic"]


def zh(key: str) -> str:
    return i18n.gettext(key, "zh-TW")


def panel(view) -> tuple[int, int, int, int]:
    lay = layout_for(view)
    return (lay.panel_x, lay.panel_y, lay.width, lay.height)


def board(view) -> tuple[int, int, int, int]:
    lay = layout_for(view)
    return (BX, BY, BX + lay.board_w, BY + BOARD_H)


def every_kind_of_view() -> list[dict]:
    """Views that between them show every word the board can draw."""
    views = [f() for f in V.ALL.values()]
    views.append(V.make_view(phase="placement", to_move="yellow", battle="identity"))
    for kind in ("bonus_piece", "king"):  # J22: what a Conquest owes
        views.append(V.make_view(phase="placement", to_move="red", owed=[{"colour": "red", "kind": kind}]))
    views.append(V.make_view(phase="play", to_move=None, battle="victory"))
    views.append(V.make_view(phase="over", to_move=None, winner=[], battle=None))
    views.append(V.make_view(phase="over", to_move=None, winner=None, battle=None))
    views.append(V.make_view(phase="over", to_move=None, winner=["black"], battle=None))
    v = V.make_view()
    v["players"][2]["status"] = "departed"
    views.append(v)
    views += [V.make_view(to_move=None, proposal=kind) for kind in ("draw", "void")]  # J24
    for key in R.MESSAGES:  # every way a game ends (1.3, 1.4, J17, J18, J24, J26)
        if key.startswith("judtho.board.end."):
            views.append(V.game_over() | {"end": key.removeprefix("judtho.board.end.")})
    return views


def test_every_word_the_board_asks_for_is_in_both_catalogues():
    asked: set[str] = set()

    def recording(key: str) -> str:
        asked.add(key)
        return i18n.gettext(key, "en")

    for view in every_kind_of_view():
        R.render(view, text=recording)
    en, zh_tw = i18n.catalogue("en"), i18n.catalogue("zh-TW")
    assert sorted(k for k in asked if k not in en) == []
    assert sorted(k for k in asked if k not in zh_tw) == []
    assert asked == set(R.MESSAGES)  # and every id it declares is one it uses


def test_built_in_english_is_the_english_catalogue():
    en = i18n.catalogue("en")
    assert {k: en.get(k) for k in R.MESSAGES} == R.MESSAGES


def test_every_zh_tw_board_word_has_glyphs_in_the_cjk_font():
    for key in R.MESSAGES:
        word = zh(key)
        assert word != key
        assert missing_glyphs(word.replace("{", "").replace("}", ""), common.font_for(word, 24, "bold")) == [], key


def test_a_zh_tw_board_differs_from_an_english_one_in_words_only():
    view = V.quattro_alliance()
    english, chinese = decode(R.render(view)), decode(R.render(view, text=zh))
    assert english.crop(panel(view)).tobytes() != chinese.crop(panel(view)).tobytes()
    assert english.crop(board(view)).tobytes() == chinese.crop(board(view)).tobytes()


@pytest.mark.parametrize("names", [{0: "Ann", 1: "Bob"}, {0: "王小明", 1: "陳美玲 🎲", 2: "x" * 80}])
def test_player_names_appear_in_the_panel_not_on_the_board(names):
    view = V.trio()
    plain, named = decode(R.render(view)), decode(R.render(view, names=names))
    assert plain.crop(panel(view)).tobytes() != named.crop(panel(view)).tobytes()
    assert plain.crop(board(view)).tobytes() == named.crop(board(view)).tobytes()


def test_points_and_material_are_drawn_in_the_panel():
    view = V.quattro_alliance()
    other = V.quattro_alliance()
    other["players"][2]["points"] = 8
    other["players"][3]["material"] = 5
    a, b = decode(R.render(view)), decode(R.render(other))
    assert a.crop(panel(view)).tobytes() != b.crop(panel(view)).tobytes()
    assert a.crop(board(view)).tobytes() == b.crop(board(view)).tobytes()


def test_6_1_alliances_are_a_gold_band_in_the_panel():
    allied = decode(R.render(V.quattro_alliance()))
    single = decode(R.render(V.make_view(relations=V.relations(rivals=False))))
    assert exact(allied, panel(V.make_view()), TH["ally"]) > 200
    assert exact(single, panel(V.make_view()), TH["ally"]) < 20  # a few anti-aliased yellow edges


def test_captured_pieces_are_drawn_in_the_victims_colour():
    view = V.make_view()
    view["captured"]["white"] = [["red", "queen"]] * 3
    plain, captured = decode(R.render(V.make_view())), decode(R.render(view))
    box = panel(view)
    assert exact(captured, box, TH["army_red"]) > exact(plain, box, TH["army_red"]) + 50


# ---------------------------------------------------------------------------- labels


@pytest.mark.parametrize(
    ("action", "square"),
    [
        ("@Qc2", "c2"),
        ("@c3", "c3"),
        ("@Sf2", "f2"),
        ("Nb1-c3", "c3"),
        ("e3-e5", "e5"),
        ("Qd1xd8", "d8"),
        ("e11-e12=Q", "e12"),
        ("Sd4xd5xd7", "d7"),
        ("Pd4xe5xe7", "e7"),
        ("Qj1xi12#K", "i12"),
        ("Nc3x{b5}", "b5"),
        ("Nc3x{b5,e4}", None),
        ("pass", None),
        ("l11-l12", "l12"),
    ],
)
def test_10_action_square_is_where_the_action_ends(action, square):
    assert R.action_square(action) == square


MOVES = ["Qd1-d8", "Qd1-a4", "Qd1xd5", "Qd1-l12", "Qd1-c2", "Qd1-e2", "Qd1-h5"]
"""One piece's moves: the board letters them."""


def test_highlights_label_each_distinct_square_once_in_reading_order():
    """Rank 12 first, then down; a to l within a rank."""
    hl = R.highlights(V.make_view(), MOVES)
    assert hl == {"A": "l12", "B": "d8", "C": "d5", "D": "h5", "E": "a4", "F": "c2", "G": "e2"}


def test_highlights_are_stable_whatever_the_action_order():
    view = V.make_view()
    first = R.highlights(view, MOVES)
    for seed in range(5):
        shuffled = MOVES[:]
        random.Random(seed).shuffle(shuffled)
        assert R.highlights(view, shuffled) == first


def test_label_actions_gives_each_action_its_squares_label():
    labels = R.label_actions(V.make_view(), [*MOVES, "pass", "draw offer"])
    assert labels["pass"] is None and labels["draw offer"] is None
    assert labels["Qd1-d8"] == "B" and labels["Qd1xd5"] == "C"
    sweep = R.label_actions(V.make_view(), ["Sd4xd5xd7", "Sd4-d5", "Sd4xd5xd7xd9"])
    assert sweep == {"Sd4xd5xd7": "B", "Sd4-d5": "C", "Sd4xd5xd7xd9": "A"}


def test_only_one_pieces_moves_are_lettered():
    """Letters for the moves of several pieces would give one square to different moves (the
    Knight's c3 and the Bishop's c3), and letters over the Assembly's Kingdom would hide it
    (3.4): those name their squares by the coordinates, as the notation does (10)."""
    view = V.make_view()
    several = ["Nb1-c3", "Nb1-a3", "Bd2-c3", "e3-e4"]
    assert R.highlights(view, several) == {} and set(R.label_actions(view, several).values()) == {None}
    placements = [f"@Q{f}{r}" for f in "abcdef" for r in (1, 2, 3, 4)] + ["@rest"]
    assert R.highlights(V.assembly(), placements) == {}
    assert R.highlights(view, ["Nb1-c3", "Nb1-a3"]) == {"A": "a3", "B": "c3"}
    assert R.highlights(view, ["Nc3x{b5}", "Nc3x{b5,e4}", "Nc3-d5"]) == {"A": "b5", "B": "d5"}
    assert R.origin_of("suggest Nb1-c3") == "b1" and R.origin_of("e11-e12=Q") == "e11"


def test_j27_duo_highlights_only_the_half_board():
    assert R.highlights(V.duo(), ["Ra1-a2", "Ra1-g1"]) == {"A": "a2"}


def test_highlighted_squares_are_tinted_and_labelled():
    view = V.make_view()
    hl = R.highlights(view, ["Nb1-c3", "Nb1-a3", "@Qe6"])
    plain, marked = decode(R.render(view)), decode(R.render(view, highlight=hl))
    for sq in hl.values():
        box = cell_box(parse_square(sq))
        assert plain.crop(box).tobytes() != marked.crop(box).tobytes(), sq
        assert exact(marked, box, TH["hl_edge"]) > CELL, sq
    assert on(marked, "h6", "hl_edge") == 0
    # a label for a square off the board, or not a square, is ignored
    assert R.render(view, highlight={"A": "z9", "B": "m1"}) == R.render(view)


def test_many_captures_never_hide_the_reserve():
    """Captures wrap or end in `…`, but a reserve (the unchosen Prince/Princess, 3.3) keeps its line."""
    pieces = ["queen", "prince", "princess", "rook", "knight", "bishop", "pawn"]
    crowded = V.quattro_alliance()
    crowded["captured"]["yellow"] = [[c, p] for c in ("white", "black") for p in pieces]
    emptied = V.quattro_alliance()
    emptied["captured"]["yellow"] = crowded["captured"]["yellow"]
    emptied["reserve"]["yellow"] = []
    a, b = decode(R.render(crowded)), decode(R.render(emptied))
    assert exact(a, panel(crowded), TH["army_yellow"]) > exact(b, panel(emptied), TH["army_yellow"]) + 12
