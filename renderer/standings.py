"""A leaderboard as a picture: a title and a plain table (place, player, rating, games, won), the
words handed in by the caller (the renderer reads no catalogue). Shared by every game."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderer.caches import table_words
from renderer.common import DRAWING, ellipsize, font_for, printable

WIDTH = 640
ROW = 34
PAD = 16
INK = (34, 34, 40)
MUTED = (110, 110, 120)
BAND = (240, 238, 232)
GROUND = (252, 251, 248)
RULE = (200, 196, 188)
COLUMNS = (0.07, 0.50, 0.16, 0.13, 0.14)
"""Each column's share of the width: place, player, rating, games, won."""


def render_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> bytes:
    """A PNG of `rows` under `header`, below `title`; the player column is cut to fit, the
    numbers are right-aligned. The players' names are the table's own words: no cache keeps their
    text runs (`caches.table_words`)."""
    height = PAD * 2 + ROW * (len(rows) + 2)
    inner = WIDTH - 2 * PAD
    lefts = [PAD + round(inner * sum(COLUMNS[:i])) for i in range(len(COLUMNS))]
    widths = [round(inner * share) for share in COLUMNS]
    with DRAWING, table_words(str(row[1]) for row in rows if len(row) > 1):
        img = Image.new("RGB", (WIDTH, height), GROUND)
        draw = ImageDraw.Draw(img)
        title = printable(title)
        draw.text((PAD, PAD + ROW // 2), title, font=font_for(title, 20), fill=INK, anchor="lm")
        for r, cells in enumerate([header, *rows]):
            top = PAD + ROW * (r + 1)
            if r % 2 == 0 and r:
                draw.rectangle((PAD, top, WIDTH - PAD, top + ROW), fill=BAND)
            for c, raw in enumerate(cells[:len(COLUMNS)]):
                text = printable(str(raw))
                f = font_for(text, 16, "bold" if r == 0 else "regular")
                text = ellipsize(text, f, widths[c] - 8)
                if c in (0, 1):
                    draw.text((lefts[c] + 4, top + ROW // 2), text, font=f, fill=MUTED if r == 0 else INK, anchor="lm")
                else:
                    draw.text((lefts[c] + widths[c] - 4, top + ROW // 2), text, font=f,
                              fill=MUTED if r == 0 else INK, anchor="rm")
            if r == 0:
                draw.line((PAD, top + ROW, WIDTH - PAD, top + ROW), fill=RULE, width=2)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
