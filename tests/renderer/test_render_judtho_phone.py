"""The Judtho board on a phone (about 400 px wide until tapped): every word at least 9 px high
there, as `bench/legibility.py` measures it; one piece's moves lettered and the Assembly's
Kingdom left visible; a King in danger marked by a shape as well as a colour; each army's chip
lettered; red and black pieces standing out on the squares of their own Kingdoms."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from renderer import judtho as R
from renderer.judtho_board import army_glyph
from renderer.judtho_look import AREAS, CELL, NEED_PX, THEMES, K, cell_box, layout, parse_square
from tests.renderer import judtho_views as V
from tests.renderer.test_render_judtho import exact, on
from tests.renderer.test_render_judtho_look import Recorder, contrast
from tests.renderer.views import decode
from tests.test_legibility import legibility

TH = THEMES["classic"]
NAMES = {0: "Mainwaring", 1: "Alexandra", 2: "陳大文", 3: "Pike"}


def test_the_bench_measures_judtho_at_least_9_px_at_400_wide():
    """The bench's own mid-game position, drawn as the bot draws it."""
    found = legibility().pictures("judtho")
    figures = found["judtho"].figures()
    assert figures["min_text_px_at_400"] >= 9.0, figures
    assert figures["width"] <= 600


ONE_LANGUAGE = {"start": "en", "knight_distant": "zh-TW", "quattro_alliance": "en"}
"""Views of the four-army play layout, which the others share: each read in one language, the
layout in both. Every other view (the two- and three-army boards, the Assembly, the end) is a
layout or phase of its own and is read in both languages."""
PHONE_CASES = [(name, lang) for name in sorted(V.ALL) for lang in ("en", "zh-TW")
               if ONE_LANGUAGE.get(name, lang) == lang]


def test_the_phone_sample_reads_every_view_and_every_layout_in_both_languages():
    assert {name for name, _ in PHONE_CASES} == set(V.ALL)
    for variant in ("duo", "trio", "quattro"):
        langs = {lang for name, lang in PHONE_CASES if V.fresh(name)["variant"] == variant}
        assert langs == {"en", "zh-TW"}, variant


@pytest.mark.parametrize(("name", "lang"), PHONE_CASES)
def test_every_word_of_every_view_is_9_px_on_a_phone(name, lang):
    bench = legibility()
    view = V.fresh(name)
    moves = ["Nb1-c3", "Nb1-a3", "Nb1xd2"] if view["phase"] == "play" else []
    highlight = R.highlights(view, moves)

    def text(key: str) -> str:
        return i18n.gettext(key, lang)

    picture = bench.measure(lambda: R.render(view, highlight=highlight, names=NAMES, text=text))
    assert picture is not None and picture.texts
    smallest = min(picture.texts, key=lambda t: t[1])
    assert smallest[1] >= 9.0, smallest


def test_the_need_is_9_px_at_400_wide_for_the_widest_picture():
    widest = max(layout(12).width, layout(6).width)
    assert NEED_PX * 400 / widest >= 9.0


def test_the_assembly_puts_no_letter_over_the_kingdom_and_frames_it():
    """3.4: the placements name their squares by the coordinates; the Kingdom's squares stay as
    they are, the Kingdom of the army to place framed."""
    view = V.assembly()  # Red to place
    actions = [f"@Q{f}{r}" for f in "abcdef" for r in (9, 10, 11, 12)]
    assert R.highlights(view, actions) == {}
    img = decode(R.render(view, highlight=R.highlights(view, actions)))
    assert on(img, "b10", "hl_edge") == 0  # no tint inside the Kingdom
    assert on(img, "b10", "red_light") + on(img, "b10", "red_dark") > CELL * CELL * 0.9
    (f0, _), (_, r1) = AREAS["red"]
    corner = cell_box((f0, r1))
    plain = decode(R.render(view | {"phase": "play"}))
    assert exact(img, corner, TH["hl"]) > exact(plain, corner, TH["hl"]) + 10  # the dashed frame
    assert exact(img, cell_box((7, 12)), TH["hl"]) == exact(plain, cell_box((7, 12)), TH["hl"])  # Black's: none


def test_a_king_in_danger_is_framed_with_a_warning():
    quiet = V.make_view()
    warned = V.make_view(in_danger=["red"])
    a, b = decode(R.render(quiet)), decode(R.render(warned))
    assert on(b, "c12", "danger") > on(a, "c12", "danger") + 40
    x0, y0, _, _ = cell_box(parse_square("c12"))
    triangle = (x0 + 4, y0 + 4, x0 + 14, y0 + 14)  # the warning sign in its corner: a shape too
    assert exact(b, triangle, TH["danger"]) > exact(a, triangle, TH["danger"]) + 10
    for sq in ("i12", "c1", "i1"):  # only Red's King
        assert on(b, sq, "danger") == on(a, sq, "danger")


def test_each_army_chip_carries_its_letter_in_the_readers_words():
    said = Recorder()
    R.render(V.make_view(), text=said)
    assert {K + "letter." + c for c in ("white", "red", "yellow", "black")} <= said.asked
    letters = {i18n.gettext(K + "letter." + c, "zh-TW") for c in ("white", "red", "yellow", "black")}
    assert len(letters) == 4 and letters == {"白", "紅", "黃", "黑"}


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_red_and_black_pieces_stand_out_on_their_own_kingdoms(theme):
    """A red piece on a red square, a black one on a dark grey square: the fill differs from the
    square (contrast at least 2) and a ring outside the outline separates it from any square."""
    th = THEMES[theme]
    assert contrast(th["army_red"], th["red_dark"]) >= 2.0
    assert contrast(th["army_black"], th["black_dark"]) >= 4.5
    for colour in ("white", "red", "yellow", "black"):
        sprite = army_glyph(th, colour, "rook", 42)
        halo = th["halo_dark"] if colour == "black" else th["halo_light"]
        px = [p[:3] for p in sprite.get_flattened_data() if p[3] > 150]
        ring = sum(1 for p in px if all(abs(a - b) <= 40 for a, b in zip(p, halo, strict=True)))
        assert ring > 40, colour
