"""The phone legibility measure (`bench/legibility.py`) reads the sizes it should, and the boards
held to it stay readable at 400 px wide."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

from PIL import Image, ImageDraw

from renderer.common import font, pill

BENCH = Path(__file__).resolve().parent.parent / "bench"


def legibility() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gavel_bench_legibility", BENCH / "legibility.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def glyphs(text: str, size: int) -> int:
    _, top, _, bottom = font("bold", size).getbbox(text)
    return bottom - top


def test_a_supersampled_pasted_text_is_measured_at_its_final_size() -> None:
    bench = legibility()

    def draw() -> bytes:
        big = Image.new("RGBA", (400, 120), (0, 0, 0, 0))  # drawn at 2x
        ImageDraw.Draw(big).text((10, 10), "Hello", font=font("bold", 40), fill=(0, 0, 0, 255))
        ImageDraw.Draw(big).text((10, 70), "·—", font=font("bold", 40), fill=(0, 0, 0, 255))  # no words
        sprite = big.resize((200, 60), Image.Resampling.LANCZOS)
        canvas = Image.new("RGB", (800, 300), (255, 255, 255))
        canvas.paste(sprite, (20, 20), sprite)
        off = Image.new("RGB", (100, 50))
        ImageDraw.Draw(off).text((0, 0), "Gone", font=font("bold", 30), fill=(255, 255, 255))
        canvas.paste(off.crop((0, 40, 100, 50)), (300, 0))  # cropped away from under the text
        small = Image.new("RGB", (100, 50))
        ImageDraw.Draw(small).text((0, 0), "Tiny", font=font("bold", 12), fill=(255, 255, 255))
        canvas.paste(small.copy(), (500, 200))
        return png(canvas)

    picture = bench.measure(draw)
    assert picture is not None and picture.image.size == (800, 300)
    texts = dict(picture.texts)
    assert set(texts) == {"Hello", "Tiny"}
    # 40 px text drawn 2x too big, halved, then the 800 px picture shown 400 px wide: a quarter.
    assert abs(texts["Hello"] - glyphs("Hello", 40) / 4) < 0.01
    assert abs(texts["Tiny"] - glyphs("Tiny", 12) / 2) < 0.01
    figures = picture.figures()
    assert figures["smallest"][0][0] == "Tiny" and figures["min_text_px_at_400"] == round(texts["Tiny"], 2)


def test_texts_of_a_cached_sprite_are_measured_too() -> None:
    """A sprite drawn before the measurement (a cache) is drawn again under it."""
    bench = legibility()
    pill("AB", 20, (255, 255, 255), (0, 0, 0), (0, 0, 0))

    def draw() -> bytes:
        canvas = Image.new("RGBA", (400, 100), (255, 255, 255, 255))
        sprite = pill("AB", 20, (255, 255, 255), (0, 0, 0), (0, 0, 0))
        canvas.alpha_composite(sprite, (10, 10))
        return png(canvas)

    picture = bench.measure(draw)
    assert picture is not None
    assert [t for t, _ in picture.texts] == ["AB"]
    size = round(20 * 0.72)  # the pill's own font size, drawn 4x and scaled down
    assert abs(picture.texts[0][1] - glyphs("AB", size * 4) / 4) < 0.01


def test_a_real_game_is_measured() -> None:
    bench = legibility()
    found = bench.pictures("dads_army")
    board = found["dads_army"]
    figures = board.figures()
    assert figures["width"] == board.image.width and len(figures["smallest"]) == 5
    assert any(text == "Mainwaring" for text, _ in board.texts)  # a seat's name
