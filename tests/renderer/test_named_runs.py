"""`common.draw_named` and `common.named_length`: a line of kept words and a player's name drawn
and measured as two runs gives the pixels and the width of the line drawn at once."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from renderer.common import draw_named, font_for, named_length, splits_at

HEADS = ["紅 Red ", "藍 Blue ", "▶ 白 White ", "★ 粉紅 Pink ", "Blue ", "Judge Anderson · "]
NAMES = ["bob", "Ada 7", "林小華", "Chen Wei-Ling", "Émile-Jean Zoë", "王小明 Wang", "x", "Gustavo Fe…",
         "AVA", "Tŷ Newydd", "Jo (she/her)"]


def _line(head: str, rest: str, size: int, x: float, split: bool) -> bytes:
    f = font_for(head + rest, size, "bold")
    img = Image.new("RGB", (460, 40), (236, 226, 206))
    d = ImageDraw.Draw(img)
    if split:
        draw_named(d, (x, 20), head, rest, f, (25, 20, 15))
    else:
        d.text((x, 20), head + rest, font=f, fill=(25, 20, 15), anchor="lm")
    return img.tobytes()


@pytest.mark.parametrize("size", [18, 19, 20, 24])
def test_two_runs_draw_the_pixels_of_the_whole_line_and_measure_its_width(size: int) -> None:
    for i, head in enumerate(HEADS):
        for j, rest in enumerate(NAMES):
            x = 54 + (i + j) % 4 * 0.25  # the line may start between pixels
            assert _line(head, rest, size, x, True) == _line(head, rest, size, x, False), (head, rest, size)
            f = font_for(head + rest, size, "bold")
            assert named_length(f, head, rest) == f.getlength(head + rest), (head, rest, size)


def test_a_head_without_a_space_at_its_end_is_drawn_with_its_rest_as_one_run(monkeypatch: Any) -> None:
    assert splits_at("紅 Red ") and not splits_at("紅 Red") and not splits_at("")
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(words)
        real(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    d = ImageDraw.Draw(Image.new("RGB", (300, 30)))
    f = font_for("紅 Red bob", 20, "bold")
    draw_named(d, (4, 15), "紅 Red", "bob", f, (255, 255, 255))  # no space: a kerned pair may span it
    draw_named(d, (4, 15), "紅 Red ", "", f, (255, 255, 255))  # nothing after it
    draw_named(d, (200, 15), "紅 Red ", "bob", f, (255, 255, 255), anchor="rm")  # right-anchored
    draw_named(d, (4, 15), "紅 Red ", "bob", f, (255, 255, 255))
    assert drawn == ["紅 Redbob", "紅 Red ", "紅 Red bob", "紅 Red ", "bob"]
