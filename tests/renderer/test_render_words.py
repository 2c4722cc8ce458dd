"""The words on the board: message ids looked up through the caller's `text` function, in the
table's language, drawn with a font that has their glyphs; player names in the side panel."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gavel.tables import i18n
from renderer import common
from renderer import dads_army as R
from tests.renderer.views import decode, make_view, missing_glyphs

ROOT = Path(__file__).resolve().parents[2]
PANEL = (0, R.PANEL_Y, R.WIDTH, R.HEIGHT)
MAP = (R.BX, R.BY, R.BX + R.BOARD_PX, R.BY + R.BOARD_PX)


def zh(key: str) -> str:
    return i18n.gettext(key, "zh-TW")


def every_kind_of_view() -> list[dict]:
    """Views that between them show every word the board can draw."""
    views = [make_view(players=n) for n in (2, 3, 4)]
    views += [make_view(phase=phase, roll=3, pending=2) for phase in R.PHASES]
    views += [make_view(phase="over", turn=None, winner=2)]
    views += [make_view(card={"kind": "character", "man": man}) for man in ("pike", "vicar")]
    views += [make_view(card={"kind": kind, "man": None}) for kind in ("hodges", "air_raid", "union_jack")]
    return views


def test_every_word_the_board_asks_for_is_in_both_catalogues():
    asked: set[str] = set()

    def recording(key: str) -> str:
        asked.add(key)
        return i18n.gettext(key, "en")

    for view in every_kind_of_view():
        R.render(view, text=recording)
    en, zh_tw = i18n.catalogue("en"), i18n.catalogue("zh-TW")
    assert asked, "the renderer asked for no words"
    assert sorted(k for k in asked if k not in en) == []
    assert sorted(k for k in asked if k not in zh_tw) == []
    assert asked == set(R.MESSAGES)  # and every id it declares is one it uses


def test_built_in_english_is_the_english_catalogue():
    en = i18n.catalogue("en")
    assert {k: en.get(k) for k in R.MESSAGES} == R.MESSAGES


def test_a_zh_tw_board_differs_from_an_english_one():
    view = make_view(phase="push", roll=3, pending=3, card={"kind": "character", "man": "pike"})
    english, chinese = decode(R.render(view)), decode(R.render(view, text=zh))
    assert english.crop(PANEL).tobytes() != chinese.crop(PANEL).tobytes()  # phase word, card, legend
    assert english.crop((0, 0, R.WIDTH, R.TITLE_H)).tobytes() != chinese.crop((0, 0, R.WIDTH, R.TITLE_H)).tobytes()
    assert english.crop(MAP).tobytes() != chinese.crop(MAP).tobytes()  # building names


def test_without_a_text_function_the_board_is_english():
    view = make_view(phase="over", turn=None, winner=0, card={"kind": "air_raid", "man": None})
    english = R.render(view)
    assert R.render(view, text=lambda key: i18n.gettext(key, "en")) == english
    assert R.render(view, text=lambda key: key) == english  # a layer that knows no id: English, not ids


def test_the_background_is_cached_per_language_without_mixing_them():
    view = make_view()
    english = R.render(view)
    chinese = R.render(view, text=zh)
    assert R.render(view) == english
    assert R.render(view, text=zh) == chinese


def test_every_zh_tw_board_word_has_glyphs_in_the_font_it_is_drawn_with():
    for key in R.MESSAGES:
        word = zh(key)
        assert common.needs_cjk(word), key  # drawn with the CJK font, not DejaVu
        assert missing_glyphs(word, common.font_for(word, 24, "bold")) == [], key


@pytest.mark.parametrize("names", [{0: "AI 1", 1: "Bob"}, {0: "王小明", 1: "AI 2"}])
def test_player_names_replace_the_men_in_the_panel(names):
    view = make_view(players=2)
    plain, named = decode(R.render(view)), decode(R.render(view, names=names))
    assert plain.crop(PANEL).tobytes() != named.crop(PANEL).tobytes()
    assert plain.crop(MAP).tobytes() == named.crop(MAP).tobytes()  # the map does not change


def test_renderer_never_imports_the_tables_or_front_ends():
    """Each renderer module that names one of the forbidden packages is parsed and its imports
    read (a module that never names one cannot import it)."""
    forbidden = re.compile(r"\b(gavel|tables|cogs|discord|bot)\b")
    for path in (ROOT / "renderer").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if not forbidden.search(text):
            continue
        tree = ast.parse(text)
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert {m.split(".")[0] for m in imported} & {"gavel", "cogs", "discord", "bot"} == set(), path.name


def test_the_marks_on_the_map_are_words_of_the_tables_language_too():
    """EWS and WD were English literals drawn on every board. A shelter shows its code (S1), the
    same in every language: what `shelter <man> s1` takes."""
    from rules.dads_army.board import load_board

    board = load_board()
    english, chinese = decode(R.render(make_view())), decode(R.render(make_view(), text=zh))
    wd_base = next(b for b in board.buildings if b.kind == "wd_base")
    shelter = next(b for b in board.buildings if b.kind == "air_raid_shelter")
    for sq in (board.ews_tank, tuple(wd_base.squares[0])):
        box = tuple(round(v) for v in R._cell_box(sq))
        assert english.crop(box).tobytes() != chinese.crop(box).tobytes(), sq
    box = tuple(round(v) for v in R._cell_box(tuple(shelter.squares[0])))
    assert english.crop(box).tobytes() == chinese.crop(box).tobytes()
    assert {zh(R.K + f"mark.{m}") for m in ("ews", "wd")} == {"水池", "陸軍"}
