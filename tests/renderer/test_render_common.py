"""Shared renderer helpers: shipped fonts, palette conversion, sprites."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderer import common
from tests.renderer.views import missing_glyphs


def test_every_font_is_shipped_with_a_licence():
    for name in common.FONT_FILES.values():
        assert (common.FONT_DIR / name).is_file(), name
    assert (common.FONT_DIR / "LICENSE-DejaVu.txt").is_file()
    assert (common.FONT_DIR / "LICENSE-NotoSansCJK.txt").is_file()


def test_fonts_are_loaded_once():
    assert common.font("bold", 17) is common.font("bold", 17)


def test_cjk_font_has_traditional_chinese_glyphs():
    assert missing_glyphs("王陳林國體", common.font("cjk", 24)) == []
    assert missing_glyphs("\U000f0001", common.font("cjk", 24)) == ["\U000f0001"]  # the check can fail
    assert common.font_for("王小明", 16) is common.font("cjk", 16)
    assert common.font_for("Arthur", 16) is common.font("bold", 16)


def test_paletted_png_is_deterministic_and_uses_the_theme_palette():
    theme = common.Theme("t", {"paper": (240, 230, 200), "ink": (20, 20, 20), "white": (255, 255, 255)})
    img = Image.new("RGBA", (60, 40), (240, 230, 200, 255))
    ImageDraw.Draw(img).text((5, 5), "Hi", font=common.font("bold", 20), fill=(20, 20, 20))
    a, b = common.paletted_png(img, theme), common.paletted_png(img.copy(), theme)
    assert a == b
    out = Image.open(io.BytesIO(a))
    assert out.mode == "P"
    assert out.convert("RGB").getpixel((50, 35)) == (240, 230, 200)  # base colours are exact


def test_palette_holds_base_colours_first_and_256_entries_at_most():
    base = [(i * 3, 0, 0) for i in range(80)]
    pal = common.build_palette(base, [(255, 255, 255), (0, 0, 0)])
    assert pal[:80] == base
    assert len(pal) == 256 and len(set(pal)) == 256


def test_pill_and_token_sprites():
    p = common.pill("AB", 20, (255, 255, 255), (0, 0, 0), (200, 120, 0))
    assert p.mode == "RGBA" and p.height == 20 and p.width >= 20
    t = common.token(30, (200, 30, 40), "Mw", badge=(0, 128, 0), ring=(240, 180, 0))
    assert t.mode == "RGBA" and t.width > 30
    assert t.getpixel((t.width // 2, t.height // 2 + 10))[:3] == (200, 30, 40)


def test_ellipsize_and_fit():
    f = common.font("bold", 16)
    cut = common.ellipsize("Lance-Corporal Jack Jones of the Home Guard", f, 120)
    assert cut.endswith("…") and f.getlength(cut) <= 120
    fitted = common.fit_font("Funeral Parlour", 20, 100)
    assert fitted.size < 20 and fitted.getlength("Funeral Parlour") <= 100


def test_renderer_for_each_game():
    """Every game whose plug-in names a renderer module has one, that module's `RENDERER`; a game
    without (a test's toy game) or no game at all has none."""
    import importlib

    import pytest

    import renderer
    from rules import registry

    named = {key: plugin.renderer for key, plugin in registry.plugins().items() if plugin.renderer}
    assert "dads_army" in named and renderer.games() == sorted(named)
    for key, module in named.items():
        assert renderer.of(key) is renderer.for_game(key) is importlib.import_module(module).RENDERER
    assert renderer.for_game("dads_army").render
    assert renderer.of("no_such_game") is None
    with pytest.raises(KeyError):
        renderer.for_game("no_such_game")


def test_printable_drops_what_no_font_draws():
    assert common.printable(" Ann 🎲 the 👨\u200d👩\u200d👧 host ") == "Ann the host"
    assert common.printable("王小明\ufe0f") == "王小明"
    assert common.printable("🎲") == ""


def test_label_squares_reading_order_and_distinct():
    assert common.label_squares([(3, 2), (1, 2), (3, 2), (12, 1)]) == {"A": [12, 1], "B": [1, 2], "C": [3, 2]}
    assert common.label_squares([]) == {}


def test_highlight_tints_a_cell_in_the_theme_palette():
    theme = common.make_theme("t", common.CLASSIC, anchors=("paper", "ink", "white"), grounds=("paper",))
    canvas = Image.new("RGB", (40, 40), theme["paper"])
    common.highlight_cell(canvas, (0, 0, 40, 40), theme, light=False)
    out = Image.open(io.BytesIO(common.paletted_png(canvas, theme))).convert("RGB")
    tint = common.blend(theme["paper"], theme["hl"], common.HIGHLIGHT_ALPHA / 255)
    assert out.getpixel((20, 20)) == tint  # the exact blend is in the palette: no posterising
    assert out.getpixel((3, 20)) == theme["hl_edge"]


def test_no_renderer_reads_a_catalogue():
    """Words reach a renderer from its caller (`text`, `texts`): no module of `renderer/` reads a
    `.po` file or imports the translation tools."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "renderer"
    reading = ("import babel", "from babel", "read_po", "import gavel.tables", "from gavel.tables", "from gavel import",
               '/ "locale"')
    readers = {p.name for p in root.glob("*.py") if any(word in p.read_text(encoding="utf-8") for word in reading)}
    assert readers == set()


def test_letters_height_is_the_height_of_the_letters_written_together():
    """`letters_height` (each character's ink rows, kept) gives what `getbbox` of the letters and
    digits written together gives, ligatures and Chinese names included, at every size tried."""
    texts = ["▶ Chen Wei-Ling 12", "★ office fjord", "美玲 3", "林小華 Qy", "ŁÓDŹ Ää", "1,2", "Mw", "gypsy"]
    for text in texts:
        words = "".join(ch for ch in text if ch.isalnum())
        for kind in ("bold", "regular", "condensed"):
            for size in range(10, 40, 3):
                f = common.font_for(text, size, kind)
                _, top, _, bottom = f.getbbox(words)
                assert common.letters_height(f, text) == bottom - top, (text, kind, size)
    assert common.letters_height(common.font("bold", 20), "★ — …") is None


def test_letters_height_keeps_characters_only():
    """What `letters_height` keeps is numbers: a font's, a size and a character's code point, never a text."""
    with common.table_words(["Zebrowski"]):
        common.letters_height(common.font("bold", 23), "Zebrowski")
    assert all(isinstance(n, int) for key in common._INK.keys() for n in key)
    assert (common._FACES[str(common.font("bold", 23).path)], 23, ord("Z")) in common._INK
