"""The Judtho board itself: squares in Kingdom colours (3.1, J30), coordinates, the pieces, the
last move and the highlighted squares.

The empty board with its frame, title and coordinates is drawn once per theme, board width and
title words, and cached; each render copies it and draws what the view holds.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import (
    Theme,
    font,
    font_for,
    highlight_cell,
    paste_centred,
    pill,
    title_bar,
)
from renderer.judtho_look import (
    BX,
    BY,
    CELL,
    COLOURS,
    COORD,
    FILES,
    FRAME,
    HEIGHT,
    PANEL_W,
    RANKS,
    THEMES,
    TITLE_H,
    Layout,
    cell_box,
    centre,
    layout,
    parse_square,
    square_colour,
)
from renderer.judtho_pieces import glyph

PIECE_PX = 46
MANY_TARGETS = 30
"""Above this many highlighted squares the tints are drawn lightly, so the board still shows."""
BADGE_PX = 20
"""The label of an empty highlighted square, centred: the same size however many there are, so
that "AK" reads at Discord's size (~800 px wide) when a Queen has forty squares to go to."""
CORNER_BADGE_PX = 17
"""The label of an occupied highlighted square (a capture), in its lower right corner."""
TARGET_PIECE_PX = 40
TARGET_SHIFT = (-3, -5)
"""A piece on a labelled square is drawn a little smaller and up and to the left, so the corner
label beside its foot hides neither its crown nor its P / S letter."""


def army_glyph(th: Theme, colour: str, piece: str, size: int) -> Image.Image:
    colour = colour if colour in COLOURS else "white"
    return glyph(piece, size, th["army_" + colour], th[f"army_{colour}_edge"])


@lru_cache(maxsize=12)
def background(theme_name: str, files: int, title: str, subtitle: str) -> Image.Image:
    """Frame, title bar, the squares of every Kingdom and the Neutral Territory, coordinates
    a-l / 1-12 on all four edges, and the empty panel."""
    th = THEMES[theme_name]
    lay = layout(files)
    img = Image.new("RGB", (lay.width, HEIGHT), th["frame"])
    d = ImageDraw.Draw(img)
    title_bar(img, (0, 0, lay.width, TITLE_H), title, th["title"], th["cream"])
    tf = font_for(title, round(TITLE_H * 0.5), "bold")
    sub_x = TITLE_H * 0.4 + tf.getlength(title) + 14
    d.text((sub_x, TITLE_H / 2), subtitle, font=font_for(subtitle, 17, "bold"), fill=th["hl"], anchor="lm")
    for f in range(1, files + 1):
        for r in range(1, RANKS + 1):
            d.rectangle(cell_box((f, r)), fill=square_colour(th, (f, r)))
    x1, y1 = BX + lay.board_w, BY + RANKS * CELL
    # the borders of the Neutral Territory and between the Kingdoms
    for y in (BY + 4 * CELL, BY + 8 * CELL):
        d.line((BX, y, x1, y), fill=th["frame"], width=2)
    if files == 12:
        for ya, yb in ((BY, BY + 4 * CELL), (BY + 8 * CELL, y1)):
            d.line((BX + 6 * CELL, ya, BX + 6 * CELL, yb), fill=th["frame"], width=2)
    d.rectangle((BX - 2, BY - 2, x1 + 1, y1 + 1), outline=th["coord"], width=2)
    cf = font("bold", 15)
    for f in range(1, files + 1):
        cx = BX + (f - 0.5) * CELL
        for cy in (BY - COORD / 2 - 1, y1 + COORD / 2 + 1):
            d.text((cx, cy), FILES[f - 1], font=cf, fill=th["coord"], anchor="mm")
    for r in range(1, RANKS + 1):
        cy = BY + (RANKS - r + 0.5) * CELL
        for cx in (BX - COORD / 2 - 1, x1 + COORD / 2 + 1):
            d.text((cx, cy), str(r), font=cf, fill=th["coord"], anchor="mm")
    d.rounded_rectangle((lay.panel_x, TITLE_H + FRAME, lay.panel_x + PANEL_W, HEIGHT - FRAME), radius=10,
                        fill=th["panel"])
    return img


def _on_board(sq: object, files: int) -> tuple[int, int] | None:
    p = parse_square(sq)
    return p if p and p[0] <= files else None


def draw_last_move(canvas: Image.Image, th: Theme, view: Mapping[str, Any], lay: Layout) -> None:
    """The last move: its from and to squares tinted and framed, an arrow between them, and a
    red frame on every square it captured on (each of a sweep, 4.5-4.6; each victim of a
    Knight's distant capture, joined to the Knight that stayed put, 4.7)."""
    last = view.get("last_move") or {}
    src, dst = _on_board(last.get("from"), lay.files), _on_board(last.get("to"), lay.files)
    d = ImageDraw.Draw(canvas, "RGBA")
    for sq, alpha in ((src, 70), (dst, 110)):
        if sq:
            d.rectangle(cell_box(sq, 1), fill=(*th["last"], alpha), outline=(*th["last"], 255), width=3)
    for sq in last.get("captures") or []:
        p = _on_board(sq, lay.files)
        if p:
            x0, y0, x1, y1 = cell_box(p, 3)
            d.rectangle((x0, y0, x1, y1), outline=(*th["capture"], 255), width=3)
    victims = [p for sq in last.get("captures") or [] if (p := _on_board(sq, lay.files))]
    if src and victims and dst in (None, src):  # a Knight's distant capture: it stays, lines to each victim
        ax, ay = centre(src)
        for v in victims:
            bx, by = centre(v)
            d.line((ax, ay, bx, by), fill=(*th["capture"], 255), width=3)
    if src and dst and src != dst:
        (ax, ay), (bx, by) = centre(src), centre(dst)
        length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        ux, uy = (bx - ax) / length, (by - ay) / length
        tip = (bx - ux * CELL * 0.3, by - uy * CELL * 0.3)
        back = (tip[0] - ux * 12, tip[1] - uy * 12)
        d.line((ax, ay, back[0], back[1]), fill=(*th["last"], 200), width=5)
        d.polygon([tip, (back[0] - uy * 8, back[1] + ux * 8), (back[0] + uy * 8, back[1] - ux * 8)],
                  fill=(*th["last"], 230))


def draw_capture_marks(canvas: Image.Image, th: Theme, view: Mapping[str, Any], lay: Layout) -> None:
    """A small red cross badge in the corner of each captured square, over the pieces."""
    for sq in (view.get("last_move") or {}).get("captures") or []:
        p = _on_board(sq, lay.files)
        if p:
            x0, y0, _, _ = cell_box(p, 2)
            paste_centred(canvas, pill("×", 16, th["capture"], (255, 255, 255), (255, 255, 255)), (x0 + 8, y0 + 8))


def draw_pieces(
    canvas: Image.Image, th: Theme, view: Mapping[str, Any], lay: Layout, targets: Collection[tuple[int, int]] = ()
) -> set[tuple[int, int]]:
    """Every piece on the board in its army's colour (those on labelled `targets` smaller, making
    room for the label); returns the occupied squares."""
    busy = set()
    for sq, entry in sorted((view.get("board") or {}).items()):
        p = _on_board(sq, lay.files)
        if not p or not isinstance(entry, (list, tuple)) or len(entry) < 2:
            continue
        busy.add(p)
        cx, cy = centre(p)
        if p in targets:
            sprite = army_glyph(th, entry[0], entry[1], TARGET_PIECE_PX)
            paste_centred(canvas, sprite, (cx + TARGET_SHIFT[0], cy + TARGET_SHIFT[1]))
        else:
            paste_centred(canvas, army_glyph(th, entry[0], entry[1], PIECE_PX), (cx, cy))
    return busy


def draw_highlight_fills(canvas: Image.Image, th: Theme, squares: Mapping[str, tuple[int, int]]) -> None:
    light = len(squares) > MANY_TARGETS
    for p in squares.values():
        highlight_cell(canvas, cell_box(p), th, light=light)


def badge(label: str, th: Theme, height: int) -> Image.Image:
    """The pill naming a highlighted square: dark letters on white, in the highlight's edge."""
    return pill(label, height, (255, 255, 255), (20, 20, 20), th["hl_edge"])


def draw_highlight_badges(
    canvas: Image.Image, th: Theme, squares: Mapping[str, tuple[int, int]], busy: set[tuple[int, int]]
) -> None:
    """The label of each highlighted square: centred on an empty square; in the lower right
    corner of an occupied one (a capture), so the piece stays readable."""
    for label, p in squares.items():
        x0, y0, x1, y1 = cell_box(p)
        if p in busy:
            b = badge(label, th, CORNER_BADGE_PX)
            paste_centred(canvas, b, (x1 - 1 - b.width / 2, y1 - 1 - b.height / 2))
        else:
            paste_centred(canvas, badge(label, th, BADGE_PX), ((x0 + x1) / 2, (y0 + y1) / 2))
