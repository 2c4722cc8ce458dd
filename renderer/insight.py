"""The pictures drawn after a game, shared by every game: each side's chance to win step by step
(one line per side, in its seats' colours, its letters at the line's end, the turning points
starred), and each seat's luck (a bar above or below the average). The words are handed in by the
caller (the renderer reads no catalogue); each seat's colour and letter come from its game's
renderer (`seat_marks(view)` of the final public view), or from a plain palette for a game
whose renderer draws none."""

from __future__ import annotations

import importlib
import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import DRAWING, ellipsize, font_for, printable

RGB = tuple[int, int, int]
Mark = tuple[RGB, str]
"""A seat's colour and letter."""

WIDTH, HEIGHT = 640, 280
PAD, LEFT, RIGHT, TOP, BOTTOM = 12, 52, 56, 40, 30
GROUND = (246, 244, 238)
PLOT = (236, 233, 224)
INK = (34, 34, 40)
MUTED = (120, 118, 126)
GRID = (206, 202, 192)
STAR = (214, 160, 0)
OUTLINE = (40, 40, 46)
PALETTE: tuple[RGB, ...] = ((200, 40, 40), (40, 90, 200), (20, 150, 110), (220, 170, 20), (130, 60, 160),
                            (240, 120, 40), (90, 90, 90), (200, 90, 150), (40, 160, 200))
"""Seat colours for a game whose renderer gives none."""


def seat_marks(game_key: str, view: Mapping[str, Any] | None, seats: int) -> list[Mark]:
    """Each seat's colour and letter: the game renderer's (`seat_marks`), else a plain palette and
    the seat's number."""
    plain = [(PALETTE[s % len(PALETTE)], str(s + 1)) for s in range(seats)]
    if view is None:
        return plain
    try:
        module = importlib.import_module(f"renderer.{game_key}")
    except ModuleNotFoundError:
        return plain
    marks = getattr(module, "seat_marks", None)
    if marks is None:
        return plain
    found = list(marks(view))
    return found if len(found) >= seats else plain


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    points = [(x + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
               y - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    draw.polygon(points, fill=STAR, outline=OUTLINE)


def chances_chart(chances: Sequence[Sequence[float]], sides: Sequence[Sequence[int]], marks: Sequence[int],
                  seat_colours: Sequence[Mark], title: str) -> bytes:
    """A PNG: a side's chance to win (its seats' mean; a side's seats win together) after each
    step (x: steps 0 to the end, y: 0 to 100%), the turning points `marks` starred on the axis
    and dotted across the plot."""
    n = max(len(chances) - 1, 1)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM

    def xy(step: int, value: float) -> tuple[float, float]:
        return x0 + (x1 - x0) * step / n, y1 - (y1 - y0) * max(0.0, min(1.0, value))

    with DRAWING:
        img, draw = _titled(HEIGHT, title)
        draw.rectangle((x0, y0, x1, y1), fill=PLOT)
        small = font_for("100%", 12, "regular")
        for share in (0.0, 0.25, 0.5, 0.75, 1.0):
            _, y = xy(0, share)
            draw.line((x0, y, x1, y), fill=GRID, width=1)
            draw.text((x0 - 6, y), f"{round(share * 100)}%", font=small, fill=MUTED, anchor="rm")
        for step in (0, n):
            x, _ = xy(step, 0)
            draw.text((x, y1 + 12), str(step), font=small, fill=MUTED, anchor="mm")
        for step in marks:
            x, _ = xy(step, 0)
            for y in range(int(y0), int(y1), 6):
                draw.line((x, y, x, y + 2), fill=MUTED)
        ends: list[tuple[float, RGB, str]] = []
        for side in sides:
            if not side:
                continue
            colour, _ = seat_colours[side[0]]
            letters = "".join(seat_colours[s][1] for s in side)
            points = [xy(step, sum(row[s] for s in side) / len(side)) for step, row in enumerate(chances)]
            if len(points) == 1:
                points = points * 2
            draw.line(points, fill=OUTLINE, width=5, joint="curve")
            draw.line(points, fill=colour, width=3, joint="curve")
            ends.append((points[-1][1], colour, letters))
        label = font_for("W", 13)
        for (_, colour, letters), y in zip(sorted(ends), _spread([e[0] for e in sorted(ends)], 17, y0 + 8, y1),
                                           strict=True):
            draw.rounded_rectangle((x1 + 6, y - 8, x1 + 14 + 9 * len(letters), y + 8), 4, fill=colour,
                                   outline=OUTLINE)
            draw.text((x1 + 10 + 4.5 * len(letters), y), letters, font=label, fill=_ink(colour), anchor="mm")
        for step in marks:
            x, _ = xy(step, 0)
            _star(draw, x, y1 + 12, 7)
        return _png(img)


def luck_chart(rows: Sequence[tuple[Mark, str, float]], title: str) -> bytes:
    """A PNG: one bar per seat (`rows`: its mark, its words, its difference from the average per
    draw), to the right when above the average, to the left when below, the longest bar the
    widest."""
    row_h = 30
    height = TOP + row_h * max(len(rows), 1) + PAD
    mid, reach, text_w = 420, 160, 190
    most = max((abs(v) for _, _, v in rows), default=0.0) or 1.0
    with DRAWING:
        img, draw = _titled(height, title)
        draw.line((mid, TOP - 4, mid, height - PAD + 4), fill=MUTED, width=2)
        for i, ((colour, letter), words, value) in enumerate(rows):
            y = TOP + row_h * i + row_h // 2
            text = printable(words)
            small = font_for(text, 13, "regular")
            draw.text((PAD + 26, y), ellipsize(text, small, text_w),
                      font=small, fill=INK, anchor="lm")
            draw.rounded_rectangle((PAD, y - 9, PAD + 18, y + 9), 4, fill=colour, outline=OUTLINE)
            draw.text((PAD + 9, y), letter, font=font_for(letter, 12), fill=_ink(colour), anchor="mm")
            end = mid + reach * value / most
            if abs(end - mid) >= 1:
                draw.rectangle((min(mid, end), y - 8, max(mid, end), y + 8), fill=colour, outline=OUTLINE)
            sign = f"{value:+.2f}".rstrip("0").rstrip(".")
            draw.text((end + (6 if value >= 0 else -6), y), sign, font=font_for(sign, 12, "regular"), fill=INK,
                      anchor="lm" if value >= 0 else "rm")
        return _png(img)


def _spread(ys: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Sorted label heights moved apart by at least `gap`, kept between `low` and `high` when they fit."""
    out = list(ys)
    for i in range(1, len(out)):
        out[i] = max(out[i], out[i - 1] + gap)
    if out and out[-1] > high:
        out[-1] = high
        for i in range(len(out) - 2, -1, -1):
            out[i] = min(out[i], out[i + 1] - gap)
    return [max(y, low) if len(out) * gap <= high - low else y for y in out]


def _ink(fill: RGB) -> RGB:
    """Dark letters on a light colour, light ones on a dark colour."""
    return (30, 30, 30) if sum(fill) > 380 else (255, 255, 255)


def _titled(height: int, title: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank picture `height` tall, the width of every insight picture, with `title` on top."""
    img = Image.new("RGB", (WIDTH, height), GROUND)
    draw = ImageDraw.Draw(img)
    title = printable(title)
    f = font_for(title, 17)
    draw.text((PAD, PAD + 8), ellipsize(title, f, WIDTH - 2 * PAD), font=f, fill=INK, anchor="lm")
    return img, draw
