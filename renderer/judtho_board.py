"""The Judtho board itself: squares in Kingdom colours (3.1, J30), coordinates, the pieces, the
last move and the highlighted squares.

The empty board with its frame and coordinates is drawn once per theme and board width, and
cached; each render copies it and draws what the view holds. Every word (a coordinate, a
square's label, a piece's letter) is at least `judtho_look.NEED_PX` high: 9 px on a phone.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderer.caches import KB, MB, cached
from renderer.common import (
    SS,
    Theme,
    highlight_cell,
    paste_centred,
    pill,
)
from renderer.judtho_look import (
    AREAS,
    BX,
    BY,
    CELL,
    COLOURS,
    COORD,
    FILES,
    FRAME,
    NEED_PX,
    RANKS,
    THEMES,
    Layout,
    cell_box,
    centre,
    layout,
    legible,
    parse_square,
    square_colour,
)
from renderer.judtho_pieces import glyph

PIECE_PX = 42
MANY_TARGETS = 30
"""Above this many highlighted squares the tints are drawn lightly, so the board still shows."""
BADGE_PX = 26
"""The label of an empty highlighted square, centred: the same size however many there are, and
its letters `NEED_PX` high, so that "AK" reads on a phone (~400 px wide)."""
CORNER_BADGE_PX = NEED_PX + 4
"""The label of an occupied highlighted square (a capture), in its lower right corner: a tight
tag, its letters `NEED_PX` high with two pixels above and below."""
TARGET_PIECE_PX = 36
TARGET_SHIFT = (-4, -5)
"""A piece on a labelled square is drawn smaller and up and to the left, so the corner label
beside its foot hides neither its crown nor its P / S letter."""


def army_glyph(th: Theme, colour: str, piece: str, size: int) -> Image.Image:
    """A piece in its army's colours, ringed light round a dark outline and dark round a light one."""
    colour = colour if colour in COLOURS else "white"
    edge = th[f"army_{colour}_edge"]
    halo = th["halo_dark"] if sum(edge) > 3 * 128 else th["halo_light"]
    return glyph(piece, size, th["army_" + colour], edge, halo)


@cached("judtho_board.background", 6 * MB)
def background(theme_name: str, files: int) -> Image.Image:
    """Frame, the squares of every Kingdom and the Neutral Territory, the ranks 1-12 left of the
    board and the files a-l under it (as the notation names squares, 10), and the empty panel."""
    th = THEMES[theme_name]
    lay = layout(files)
    img = Image.new("RGB", (lay.width, lay.height), th["frame"])
    d = ImageDraw.Draw(img)
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
    for f in range(1, files + 1):
        cf = legible(FILES[f - 1], 20)
        d.text((BX + (f - 0.5) * CELL, y1 + COORD / 2 + 1), FILES[f - 1], font=cf, fill=th["coord"], anchor="mm")
    for r in range(1, RANKS + 1):
        cf = legible(str(r), 18, "condensed")
        d.text((BX - COORD / 2 - 2, BY + (RANKS - r + 0.5) * CELL), str(r), font=cf, fill=th["coord"], anchor="mm")
    d.rounded_rectangle((lay.panel_x, lay.panel_y, lay.panel_x + lay.panel_w, lay.height - FRAME), radius=10,
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


CELLS_BUDGET = 4 * MB
"""Squares with their piece kept (`_cell`, in bytes: about 6 KB each, so some seven hundred): the
pieces of every army on each kind of ground of a look (some 26 kinds on the whole board, so 832
for all 32 pieces: the most used of them), what the boards of all tables share. A square not kept
costs what drawing its piece costs, and a crop."""
CHECK_GROUND = False
"""Tests: assert that each square a piece is pasted on from `_cell` lies on the empty board as
`background` drew it."""


@cached("judtho_board._grounds", 256 * KB)
def _grounds(theme_name: str, files: int) -> dict[tuple[int, int], tuple[int, int]]:
    """Each square -> the first square (in file and rank order) whose empty cell on `background`
    holds the same pixels: its kind of ground (its colour, and the lines of the Neutral Territory
    and between the Kingdoms along its edges)."""
    bg = background(theme_name, files)
    first: dict[bytes, tuple[int, int]] = {}
    out = {}
    for f in range(1, files + 1):
        for r in range(1, RANKS + 1):
            out[(f, r)] = first.setdefault(bg.crop(_cell_area((f, r))).tobytes(), (f, r))
    return out


def _cell_area(sq: tuple[int, int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = cell_box(sq)
    return (int(x0), int(y0), int(x1), int(y1))


@cached("judtho_board._cell", CELLS_BUDGET)
def _cell(th: Theme, files: int, ground: tuple[int, int], colour: str, piece: str) -> Image.Image:
    """The empty cell of square `ground` (`_grounds`) with a piece on it, drawn as `_draw` draws
    it there (the sprite lies inside the cell): pasted whole on every square of that ground."""
    area = _cell_area(ground)
    tile = background(th.name, files).crop(area)
    cx, cy = centre(ground)
    paste_centred(tile, army_glyph(th, colour, piece, PIECE_PX), (cx - area[0], cy - area[1]))
    return tile


def painted_squares(view: Mapping[str, Any], lay: Layout, targets: Collection[tuple[int, int]]) -> set[tuple[int, int]]:
    """The squares on which something may be drawn before the pieces, or a piece out of its
    square: the Kingdom framed for a placement and the squares round it (`draw_placing`: its
    dashes run to the Kingdom's edge, the first pixels of the squares past it), the highlighted
    squares and the square above each (`draw_highlight_fills`; the smaller piece drawn there
    reaches a pixel up, `TARGET_SHIFT`), and every square of the rectangle from the last move's
    squares to the furthest (`draw_last_move`: its squares, and the arrow or lines between their
    centres, which stay that far from the rectangle's edges)."""
    out = {(f, r + dr) for f, r in targets for dr in (0, 1)}
    colour = view.get("to_move")
    if view.get("phase") in ("assembly", "placement") and colour in AREAS:
        (f0, r0), (f1, r1) = AREAS[colour]  # with the squares round it: the dashes reach their edge
        out.update((f, r) for f in range(f0 - 1, f1 + 2) for r in range(r0 - 1, r1 + 2))
    last = view.get("last_move") or {}
    spots = [p for sq in (last.get("from"), last.get("to"), *(last.get("captures") or []))
             if (p := _on_board(sq, lay.files))]
    if spots:
        files, ranks = [f for f, _ in spots], [r for _, r in spots]
        out.update((f, r) for f in range(min(files), max(files) + 1) for r in range(min(ranks), max(ranks) + 1))
    return out


def draw_pieces(
    canvas: Image.Image, th: Theme, view: Mapping[str, Any], lay: Layout, targets: Collection[tuple[int, int]] = ()
) -> set[tuple[int, int]]:
    """Every piece on the board in its army's colour (those on labelled `targets` smaller, making
    room for the label); returns the occupied squares. A piece on a square on which nothing else
    was drawn (`painted_squares`) is pasted with its square (`_cell`: the piece on that kind of
    ground, drawn once for every table), which gives the pixels drawing it there gives; the
    others are drawn one by one over what lies there, after them (a piece drawn reaches no
    other square but the one above a target, which is drawn)."""
    busy = set()
    painted = painted_squares(view, lay, targets)
    grounds = _grounds(th.name, lay.files)
    drawn: list[tuple[tuple[int, int], str, str]] = []
    for sq, entry in sorted((view.get("board") or {}).items()):
        p = _on_board(sq, lay.files)
        if not p or not isinstance(entry, (list, tuple)) or len(entry) < 2:
            continue
        busy.add(p)
        if p in painted:
            drawn.append((p, entry[0], entry[1]))
            continue
        area = _cell_area(p)
        if CHECK_GROUND:
            assert canvas.crop(area).tobytes() == background(th.name, lay.files).crop(area).tobytes(), p
        canvas.paste(_cell(th, lay.files, grounds[p], entry[0], entry[1]), area[:2])
    _draw(canvas, th, drawn, targets)
    return busy


def _draw(canvas: Image.Image, th: Theme, pieces: list[tuple[tuple[int, int], str, str]],
          targets: Collection[tuple[int, int]] = ()) -> None:
    """Pieces (square, colour, piece) in their army's colours, each centred on its square (smaller
    and shifted on a labelled target)."""
    for p, colour, piece in pieces:
        cx, cy = centre(p)
        if p in targets:
            sprite = army_glyph(th, colour, piece, TARGET_PIECE_PX)
            paste_centred(canvas, sprite, (cx + TARGET_SHIFT[0], cy + TARGET_SHIFT[1]))
        else:
            paste_centred(canvas, army_glyph(th, colour, piece, PIECE_PX), (cx, cy))


def draw_highlight_fills(canvas: Image.Image, th: Theme, squares: Mapping[str, tuple[int, int]]) -> None:
    light = len(squares) > MANY_TARGETS
    for p in squares.values():
        highlight_cell(canvas, cell_box(p), th, light=light)


def badge(label: str, th: Theme, height: int) -> Image.Image:
    """The pill naming a highlighted square: dark letters on white, in the highlight's edge."""
    if height < BADGE_PX:
        return tag(label, th, height)
    return pill(label, height, (255, 255, 255), (20, 20, 20), th["hl_edge"])


@cached("judtho_board.tag", 512 * KB)
def tag(label: str, th: Theme, height: int) -> Image.Image:
    """A tight label (the corner of a capture's square): letters `NEED_PX` high on white, in a
    rounded box of the highlight's edge, `height` px high."""
    f = legible(label, 14, "bold", SS)
    _, top, _, bottom = f.getbbox(label)
    w = round(f.getlength(label) / SS) + 8
    big = Image.new("RGBA", (w * SS, height * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * SS - 1, height * SS - 1), radius=3 * SS, fill=(255, 255, 255),
                        outline=th["hl_edge"], width=SS)
    d.text((w * SS / 2, (height * SS - (bottom - top)) / 2 - top), label, font=f, fill=(20, 20, 20), anchor="ma")
    return big.resize((w, height), Image.Resampling.LANCZOS)


def draw_danger(canvas: Image.Image, th: Theme, view: Mapping[str, Any], lay: Layout) -> None:
    """A King in danger (the view's `in_danger`: an Opponent can conquer it with its next move,
    1.1.6, J11): its square framed in red and white stripes, and a warning triangle in its
    corner, a shape as well as a colour."""
    danger = view.get("in_danger") or []
    if not danger:
        return
    d = ImageDraw.Draw(canvas)
    for sq, entry in (view.get("board") or {}).items():
        if not isinstance(entry, (list, tuple)) or len(entry) < 2 or entry[1] != "king" or entry[0] not in danger:
            continue
        p = _on_board(sq, lay.files)
        if not p:
            continue
        x0, y0, x1, y1 = cell_box(p, 1)
        d.rectangle((x0, y0, x1, y1), outline=(255, 255, 255), width=5)
        for t in range(0, CELL, 8):  # red stripes on the white frame
            for x, y in ((x0 + t, y0), (x1 - t, y1), (x0, y1 - t), (x1, y0 + t)):
                d.rectangle((x - 2, y - 2, x + 2, y + 2), fill=th["danger"])
        d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=th["danger"], width=2)
        tx, ty = x0 + 1, y0 + 1
        d.polygon([(tx, ty + 14), (tx + 8, ty), (tx + 16, ty + 14)], fill=th["danger"], outline=(255, 255, 255))
        d.line((tx + 8, ty + 5, tx + 8, ty + 9), fill=(255, 255, 255), width=2)
        d.point((tx + 8, ty + 12), fill=(255, 255, 255))


def draw_placing(canvas: Image.Image, th: Theme, view: Mapping[str, Any], lay: Layout) -> None:
    """The Assembly (3.4) and a placement a Conquest owes (J22): the Kingdom of the army to
    place framed in a thick dashed line, its squares left as they are (no letters over them:
    a placement names its square by the coordinates, `@Qc2`)."""
    colour = view.get("to_move")
    if view.get("phase") not in ("assembly", "placement") or colour not in AREAS:
        return
    (f0, r0), (f1, r1) = AREAS[colour]
    if f1 > lay.files:
        return
    x0, y0, _, _ = cell_box((f0, r1))
    _, _, x1, y1 = cell_box((f1, r0))
    d = ImageDraw.Draw(canvas)
    d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=th["ink"], width=5)
    dash = 12
    for step in range(int(x0), int(x1), 2 * dash):
        for y in (y0 + 3, y1 - 3):
            d.line((step, y, min(step + dash, x1), y), fill=th["hl"], width=3)
    for step in range(int(y0), int(y1), 2 * dash):
        for x in (x0 + 3, x1 - 3):
            d.line((x, step, x, min(step + dash, y1)), fill=th["hl"], width=3)


def draw_highlight_badges(
    canvas: Image.Image, th: Theme, squares: Mapping[str, tuple[int, int]], busy: set[tuple[int, int]]
) -> None:
    """The label of each highlighted square: centred on an empty square; in the lower right
    corner of an occupied one (a capture), so the piece stays readable."""
    for label, p in squares.items():
        x0, y0, x1, y1 = cell_box(p)
        if p in busy:
            b = badge(label, th, CORNER_BADGE_PX)
            paste_centred(canvas, b, (x1 - b.width / 2, y1 - b.height / 2))
        else:
            paste_centred(canvas, badge(label, th, BADGE_PX), ((x0 + x1) / 2, (y0 + y1) / 2))
