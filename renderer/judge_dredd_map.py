"""The map of Mega-City One: 28 Sectors on the 4 x 7 grid, the rivers, bridges and diagonal
borders, and what stands on it (Crimes, Judges, the Quarantine, the Alien Creature, the last
Move, the Intensive Care box and the piles under the map).

Geometry: each Sector is its grid cell less half a street on every side. River A runs between
columns 3 and 4 over the whole height; River B between rows 2 and 3 from River A to the sea on the
east coast, so east of River A rows 2 and 3 are a river apart while west of it they share a border
(the west cells of rows 2 and 3 are half a river taller). A diagonal border (two Sectors touching
at a corner of the grid) is drawn by cutting the corners of the other two cells of that block of
four and giving the two a wedge that meets along the diagonal. The board data (`load_board`) is the
only source of positions, bridges and diagonals; the pixel sizes are this module's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renderer.common import (
    RGB,
    SS,
    Text,
    Theme,
    blend,
    card,
    downscale,
    ellipsize,
    fit_font,
    font,
    font_for,
    highlight_badge,
    highlight_cell,
    paste_centred,
    text_outlined,
    wrap_text,
)
from renderer.judge_dredd_look import PILES, THEMES, K, colour_of, judge_disc, seat_of
from rules.judge_dredd.content import load_board

Box = tuple[float, float, float, float]

FRAME = 10
TITLE_H = 46
CW, CH = 112, 132  # a grid cell
STREET = 6  # the street between two Sectors that share a border
RIVER_A = 34
RIVER_B = 30
SEA = 30
DIAG = 24  # how far a diagonal border's wedge reaches along each edge
MX = FRAME + 6
MY = TITLE_H + FRAME
MAP_W = 7 * CW + RIVER_A
MAP_H = 4 * CH + RIVER_B
SOUTH_Y = MY + MAP_H + 8
SOUTH_H = 70
PANEL_X = MX + MAP_W + SEA + FRAME
PANEL_W = 336
WIDTH = PANEL_X + PANEL_W + FRAME
HEIGHT = SOUTH_Y + SOUTH_H + FRAME
BG_SCALE = 2  # the static map is drawn twice as large and scaled down: smooth diagonals
NAME_H = 34  # the top band of a Sector that holds its name
JUDGE_ROW = 30  # the bottom band that holds its Judges
ICU_BOX = (MX, SOUTH_Y, MX + 3 * CW, SOUTH_Y + SOUTH_H)


# ---------------------------------------------------------------------------- geometry


def cell_box(row: int, col: int) -> Box:
    """The grid cell of a Sector, streets included."""
    x0 = MX + (col - 1) * CW + (RIVER_A if col >= 4 else 0)
    if col >= 4:
        y0 = MY + (row - 1) * CH + (RIVER_B if row >= 3 else 0)
        y1 = y0 + CH
    else:
        bounds = (MY, MY + CH, MY + 2 * CH + RIVER_B / 2, MY + 3 * CH + RIVER_B, MY + 4 * CH + RIVER_B)
        y0, y1 = bounds[row - 1], bounds[row]
    return (x0, y0, x0 + CW, y1)


@cache
def sector_box(code: str) -> Box:
    """A Sector's rectangle inside the streets."""
    s = load_board().sectors[code]
    x0, y0, x1, y1 = cell_box(s.row, s.col)
    h = STREET / 2
    return (x0 + h, y0 + h, x1 - h, y1 - h)


def sector_centre(code: str) -> tuple[float, float]:
    x0, y0, x1, y1 = sector_box(code)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


@cache
def corner_styles() -> dict[str, dict[tuple[int, int], str]]:
    """{code: {(sx, sy): "ext" | "cut"}} for each corner (sx, sy in -1, +1: west/north = -1)
    that a diagonal border changes: the two Sectors that meet get a wedge, the other two of the
    block a cut corner."""
    board = load_board()
    at = {(s.row, s.col): c for c, s in board.sectors.items()}
    out: dict[str, dict[tuple[int, int], str]] = {c: {} for c in board.sectors}
    for a, b in board.diagonals:
        sa, sb = board.sectors[a], board.sectors[b]
        dc, dr = sb.col - sa.col, sb.row - sa.row
        out[a][(dc, dr)] = "ext"
        out[b][(-dc, -dr)] = "ext"
        if (other := at.get((sa.row, sb.col))) is not None:
            out[other][(-dc, dr)] = "cut"
        if (other := at.get((sb.row, sa.col))) is not None:
            out[other][(dc, -dr)] = "cut"
    return out


@cache
def sector_polygon(code: str) -> tuple[tuple[float, float], ...]:
    """The outline of a Sector, clockwise from its north-west corner, with its diagonal wedges
    and cut corners."""
    x0, y0, x1, y1 = sector_box(code)
    styles = corner_styles()[code]
    corners = (((x0, y0), (-1, -1)), ((x1, y0), (1, -1)), ((x1, y1), (1, 1)), ((x0, y1), (-1, 1)))
    pts: list[tuple[float, float]] = []
    for i, (c, key) in enumerate(corners):
        prev_c, next_c = corners[i - 1][0], corners[(i + 1) % 4][0]
        u = _unit(c, prev_c)
        v = _unit(c, next_c)
        style, d = styles.get(key), DIAG
        if style == "cut":
            pts += [(c[0] + d * u[0], c[1] + d * u[1]), (c[0] + d * v[0], c[1] + d * v[1])]
        elif style == "ext":
            pts += [
                (c[0] + d * u[0], c[1] + d * u[1]),
                (c[0] + d / 2 * (u[0] - v[0]), c[1] + d / 2 * (u[1] - v[1])),
                (c[0] + d / 2 * (v[0] - u[0]), c[1] + d / 2 * (v[1] - u[1])),
                (c[0] + d * v[0], c[1] + d * v[1]),
            ]
        else:
            pts.append(c)
    return tuple(pts)


def _unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


def name_width(code: str) -> float:
    """Room for the name: less where a north corner is cut or wedged."""
    x0, _, x1, _ = sector_box(code)
    north = [k for k in corner_styles()[code] if k[1] == -1]
    return x1 - x0 - 8 - (DIAG * 0.9 if north else 0)


# ---------------------------------------------------------------------------- the static map


def background(theme_name: str, say: Text) -> Image.Image:
    """The frame, the map with its names, the ICU box and the panel ground, for a theme in the
    caller's words (cached per theme and texts: in effect per language)."""
    board = load_board()
    keys = [f"judge_dredd.sector.{c}" for c in board.sectors] + [K + w for w in BACKGROUND_WORDS]
    return _drawn_background(theme_name, tuple(say(k) for k in keys))


BACKGROUND_WORDS = ("title", "place", "intensive_care", "icu_note", *(f"pile.{p}" for p in PILES))


@lru_cache(maxsize=8)
def _drawn_background(theme_name: str, texts: tuple[str, ...]) -> Image.Image:
    th = THEMES[theme_name]
    board = load_board()
    codes = list(board.sectors)
    names = dict(zip(codes, texts[: len(codes)], strict=True))
    word = dict(zip(BACKGROUND_WORDS, texts[len(codes):], strict=True))
    S = BG_SCALE
    big = Image.new("RGB", (WIDTH * S, HEIGHT * S), th["frame"])
    d = ImageDraw.Draw(big)

    def sc(box: Box) -> tuple[float, ...]:
        return tuple(v * S for v in box)

    # the city: streets everywhere, then water, bridges, and the Sector blocks on top
    d.rectangle(sc((MX, MY, MX + MAP_W, MY + MAP_H)), fill=th["street"])
    ax = MX + 3 * CW
    by = MY + 2 * CH
    sea_x = MX + MAP_W
    d.rectangle(sc((sea_x, MY, sea_x + SEA, MY + MAP_H)), fill=th["water"])
    d.rectangle(sc((ax + 2, MY, ax + RIVER_A - 2, MY + MAP_H)), fill=th["water"])
    d.rectangle(sc((ax + 2, by + 2, sea_x + 1, by + RIVER_B - 2)), fill=th["water"])
    _waves(d, th, S, (ax + 2, MY, ax + RIVER_A - 2, MY + MAP_H), vertical=True)
    _waves(d, th, S, (ax + RIVER_A, by + 2, sea_x, by + RIVER_B - 2), vertical=False)
    _waves(d, th, S, (sea_x, MY, sea_x + SEA, MY + MAP_H), vertical=True)
    for e in board.edges:
        if e.kind == "bridge":
            _bridge(d, th, S, e.a, e.b)
    for code, s in board.sectors.items():
        fill = th["start"] if s.start else th["hospital"] if s.hospital else (
            th["block"] if (s.row + s.col) % 2 else th["block2"])
        pts = [(x * S, y * S) for x, y in sector_polygon(code)]
        d.polygon(pts, fill=fill, outline=blend(fill, th["ink"], 0.45), width=S)
        if s.hospital:
            _red_cross(d, th, S, sector_centre(code), 30, blend(th["cross"], fill, 0.55))
    img = big.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)
    for code, s in board.sectors.items():
        _sector_name(d, th, code, names[code])
        if s.start:
            _start_badge(img, th, code, s.bonus)
    _title(img, th, word["title"], word["place"])
    _icu_box(img, th, word["intensive_care"], word["icu_note"])
    _piles_ground(img, th, [word[f"pile.{p}"] for p in PILES])
    d.rounded_rectangle((PANEL_X, MY, PANEL_X + PANEL_W, HEIGHT - FRAME), radius=10, fill=th["panel"])
    return img


def _waves(d: ImageDraw.ImageDraw, th: Theme, S: int, box: Box, *, vertical: bool) -> None:
    x0, y0, x1, y1 = (v * S for v in box)
    step = 18 * S
    if vertical:
        cx = (x0 + x1) / 2
        y = y0 + 8 * S
        i = 0
        while y < y1 - 6 * S:
            ox = (-5 if i % 2 else 5) * S
            d.arc((cx + ox - 5 * S, y - 3 * S, cx + ox + 5 * S, y + 3 * S), 200, 340, fill=th["water2"], width=S)
            y += step / 2
            i += 1
    else:
        cy = (y0 + y1) / 2
        x = x0 + 8 * S
        i = 0
        while x < x1 - 6 * S:
            oy = (-4 if i % 2 else 4) * S
            d.arc((x - 5 * S, cy + oy - 3 * S, x + 5 * S, cy + oy + 3 * S), 200, 340, fill=th["water2"], width=S)
            x += step / 2
            i += 1


def _bridge(d: ImageDraw.ImageDraw, th: Theme, S: int, a: str, b: str) -> None:
    """A road deck with rails over the river between two Sectors (into each a little, the
    Sectors are drawn over its ends)."""
    ba, bb = sector_box(a), sector_box(b)
    half = 10
    sectors = load_board().sectors
    if sectors[a].row == sectors[b].row:  # over River A
        left, right = (ba, bb) if ba[0] < bb[0] else (bb, ba)
        y = (max(ba[1], bb[1]) + min(ba[3], bb[3])) / 2
        x0, x1 = left[2] - 4, right[0] + 4
        d.rectangle((x0 * S, (y - half) * S, x1 * S, (y + half) * S), fill=th["bridge"])
        for yy in (y - half, y + half):
            d.line((x0 * S, yy * S, x1 * S, yy * S), fill=th["rail"], width=2 * S)
        d.line((x0 * S, y * S, x1 * S, y * S), fill=blend(th["bridge"], th["white"], 0.6), width=S)
    else:
        top, bottom = (ba, bb) if ba[1] < bb[1] else (bb, ba)
        x = (max(ba[0], bb[0]) + min(ba[2], bb[2])) / 2
        y0, y1 = top[3] - 4, bottom[1] + 4
        d.rectangle(((x - half) * S, y0 * S, (x + half) * S, y1 * S), fill=th["bridge"])
        for xx in (x - half, x + half):
            d.line((xx * S, y0 * S, xx * S, y1 * S), fill=th["rail"], width=2 * S)
        d.line((x * S, y0 * S, x * S, y1 * S), fill=blend(th["bridge"], th["white"], 0.6), width=S)


def _red_cross(d: ImageDraw.ImageDraw, th: Theme, S: int, at: tuple[float, float], size: float, fill: RGB) -> None:
    cx, cy = at[0] * S, at[1] * S
    a, b = size * S / 2, size * S / 6
    d.rectangle((cx - a, cy - b, cx + a, cy + b), fill=fill)
    d.rectangle((cx - b, cy - a, cx + b, cy + a), fill=fill)


def _sector_name(d: ImageDraw.ImageDraw, th: Theme, code: str, name: str) -> None:
    x0, y0, x1, _ = sector_box(code)
    label = name.upper() if name.isascii() else name
    f, lines = wrap_text(label, name_width(code), 13, "condensed", 2, 11)
    if any(line.endswith("…") for line in lines):
        f, lines = wrap_text(label, name_width(code), 10, "condensed", 3, 8)
    lh = f.size + (1 if len(lines) > 2 else 2)
    top = max(y0 + 3, y0 + 4 + (NAME_H - 6 - lh * len(lines)) / 2)
    for i, line in enumerate(lines):
        d.text(((x0 + x1) / 2, top + i * lh), line, font=f, fill=th["ink"], anchor="mt")


@cache
def _card_icon(w: int, h: int, face: RGB, edge: RGB) -> Image.Image:
    return card(w, h, face, edge)


def _start_badge(img: Image.Image, th: Theme, code: str, bonus: int) -> None:
    """A Starting Sector: a gold star, and the Action Cards a Judge here may be issued."""
    _, _, x1, y1 = sector_box(code)
    d = ImageDraw.Draw(img)
    cx, cy = x1 - 18, y1 - 16
    paste_centred(img, _card_icon(16, 22, th["white"], th["card_ink"]), (cx, cy))
    d.text((cx, cy + 1), str(bonus), font=font("bold", 12), fill=th["card_ink"], anchor="mm")
    d.text((cx - 13, cy), "★", font=font("bold", 15), fill=blend(th["gold"], th["ink"], 0.25), anchor="rm")


def _title(img: Image.Image, th: Theme, title: str, place: str) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=th["title"])
    d.rectangle((0, TITLE_H - 4, WIDTH, TITLE_H), fill=th["cv"])
    f = font_for(title, 26, "bold")
    d.text((MX, TITLE_H / 2 - 1), title, font=f, fill=th["gold"], anchor="lm")
    x = MX + f.getlength(title) + 16
    d.text((x, TITLE_H / 2), place, font=font_for(place, 16, "regular"), fill=th["cream"], anchor="lm")


def _icu_box(img: Image.Image, th: Theme, title: str, note: str) -> None:
    """The Intensive Care Unit: off the map, under the Hospital's side of the river."""
    d = ImageDraw.Draw(img)
    x0, y0, _x1, y1 = ICU_BOX
    d.rounded_rectangle(ICU_BOX, radius=8, fill=th["hospital"], outline=th["cross"], width=3)
    d.rectangle((x0 + 3, y0 + 3, x0 + 48, y1 - 3), fill=th["cross"])
    _red_cross(d, th, 1, (x0 + 26, (y0 + y1) / 2), 26, th["white"])
    ft = fit_font(title, 15, 120, "bold", min_size=10)
    d.text((x0 + 58, y0 + 8), title, font=ft, fill=th["ink"], anchor="lt")
    fn = fit_font(note, 11, 120, "regular", min_size=8)
    d.text((x0 + 58, y1 - 9), note, font=fn, fill=th["muted"], anchor="lb")


ICU_SLOTS_X = ICU_BOX[0] + 190
"""Where the Judges in Intensive Care stand, left to right."""


def _piles_ground(img: Image.Image, th: Theme, labels: list[str]) -> None:
    d = ImageDraw.Draw(img)
    x0, y0 = ICU_BOX[2] + 12, SOUTH_Y
    x1 = MX + MAP_W + SEA
    d.rounded_rectangle((x0, y0, x1, y0 + SOUTH_H), radius=8, fill=th["panel2"])
    col = (x1 - x0) / len(labels)
    for i, label in enumerate(labels):
        cx = x0 + col * (i + 0.5)
        f = fit_font(label, 12, col - 8, "regular", min_size=8)
        d.text((cx, y0 + SOUTH_H - 8), label, font=f, fill=th["muted"], anchor="mb")


def pile_centres() -> list[tuple[float, float]]:
    x0, x1 = ICU_BOX[2] + 12, MX + MAP_W + SEA
    col = (x1 - x0) / len(PILES)
    return [(x0 + col * (i + 0.5), SOUTH_Y + 26) for i in range(len(PILES))]


# ---------------------------------------------------------------------------- what moves


def draw_quarantine(canvas: Image.Image, th: Theme, code: str) -> None:
    """A Quarantined Sector: hazard hatching over it and a hazard border."""
    if code not in load_board().sectors:
        return
    x0, y0, x1, y1 = (round(v) for v in sector_box(code))
    pad = DIAG
    box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    w, h = box[2] - box[0], box[3] - box[1]
    hatch = Image.new("L", (w, h), 0)
    hd = ImageDraw.Draw(hatch)
    for k in range(-h, w, 14):
        hd.line((k, h, k + h, 0), fill=120, width=5)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in sector_polygon(code)], fill=255)
    alpha = ImageChops.multiply(hatch, mask)
    canvas.paste(Image.new("RGB", (w, h), th["hazard"]), box[:2], alpha)
    ImageDraw.Draw(canvas).polygon(sector_polygon(code), outline=th["hazard"], width=4)


@cache
def alien_sprite(size: int, body: RGB, dark: RGB) -> Image.Image:
    """The Alien Creature: a green blob with eyes and tentacles."""
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for i in range(5):
        x = S * (0.2 + 0.15 * i)
        d.line((x, S * 0.6, x + (i - 2) * S * 0.06, S * 0.95), fill=dark, width=SS * 3)
    d.ellipse((S * 0.12, S * 0.08, S * 0.88, S * 0.78), fill=dark)
    d.ellipse((S * 0.16, S * 0.12, S * 0.84, S * 0.74), fill=body)
    for ex in (0.36, 0.64):
        d.ellipse((S * (ex - 0.11), S * 0.26, S * (ex + 0.11), S * 0.5), fill=(255, 255, 255))
        d.ellipse((S * (ex - 0.05), S * 0.33, S * (ex + 0.05), S * 0.47), fill=(20, 20, 20))
    return downscale(big, (size, size))


def judge_spots(n: int, box: Box) -> tuple[int, list[tuple[float, float]]]:
    """Disc size and centres for n Judges in a Sector's bottom band (two rows above four)."""
    x0, _, _x1, y1 = box
    if n <= 4:
        dia, step = 24, 26
        y = y1 - JUDGE_ROW / 2 - 1
        return dia, [(x0 + 17 + i * step, y) for i in range(n)]
    dia, step = 22, 24
    top = (n + 1) // 2
    rows = [(y1 - JUDGE_ROW / 2 - 24, top), (y1 - JUDGE_ROW / 2 - 1, n - top)]
    out = []
    for y, k in rows:
        out += [(x0 + 16 + i * step, y) for i in range(k)]
    return dia, out


def judge_positions(view: Mapping[str, Any]) -> dict[int, tuple[tuple[float, float], int]]:
    """Where each placed Judge stands: {seat: (centre, disc diameter)}, side by side in the
    bottom band of their Sector in seat order, or in the Intensive Care box."""
    by_sector: dict[str, list[int]] = {}
    for j in view.get("judges") or []:
        at, seat = j.get("at"), seat_of(j.get("seat"))
        if at and seat is not None:
            by_sector.setdefault(at, []).append(seat)
    sectors = load_board().sectors
    out: dict[int, tuple[tuple[float, float], int]] = {}
    for code, seats in sorted(by_sector.items()):
        seats.sort()
        if code == "icu":
            for i, seat in enumerate(seats):
                out[seat] = ((ICU_SLOTS_X + i * 30, (ICU_BOX[1] + ICU_BOX[3]) / 2), 26)
        elif code in sectors:
            dia, spots = judge_spots(len(seats), sector_box(code))
            out |= {seat: (xy, dia) for seat, xy in zip(seats, spots, strict=False)}
    return out


def draw_judges(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    focus = in_focus(view)
    for seat, (xy, dia) in sorted(judge_positions(view).items()):
        ring = th["gold"] if seat in focus else None
        paste_centred(canvas, judge_disc(th, colour_of(view, seat), seat, dia, ring), xy)


def in_focus(view: Mapping[str, Any]) -> set[int]:
    """The Judges the table is about now, ringed in gold on the map: the one whose Move is
    awaited, else those in the fight being prepared, else the one the open window is about."""
    if (mover := seat_of(view.get("mover"))) is not None:
        return {mover}
    if view.get("fight"):
        return {s for s in (seat_of(x) for x in view["fight"].get("judges") or []) if s is not None}
    window = view.get("window") or {}
    return {s} if (s := seat_of(window.get("for"))) is not None else set()


def location_centre(code: str) -> tuple[float, float] | None:
    if code == "icu":
        return (ICU_SLOTS_X - 18, (ICU_BOX[1] + ICU_BOX[3]) / 2)
    if code in load_board().sectors:
        return sector_centre(code)
    return None


def draw_last_move(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The last Move as a line in the mover's colour, from where they were to where they went."""
    move = view.get("last_move")
    if not move:
        return
    pts = [p for c in move.get("path") or [] if (p := location_centre(c))]
    pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
    if len(pts) < 2:
        return
    seat = seat_of(move.get("seat"))
    judge = next((j for j in view.get("judges") or [] if seat_of(j.get("seat")) == seat), None)
    stands = judge_positions(view).get(seat) if seat is not None else None
    end_radius = 10.0
    if judge and stands and judge.get("at") == (move.get("path") or [None])[-1]:
        pts[-1] = stands[0]  # the arrow points at the Judge's piece
        end_radius = stands[1] / 2 + 4
    colour = th["judge_" + colour_of(view, seat)]
    d = ImageDraw.Draw(canvas, "RGBA")
    d.line(pts, fill=(20, 20, 20, 90), width=10, joint="curve")
    d.line(pts, fill=(*colour, 170), width=6, joint="curve")
    sx, sy = pts[0]
    d.ellipse((sx - 6, sy - 6, sx + 6, sy + 6), fill=(*colour, 255), outline=(20, 20, 20), width=2)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    n = max(1.0, math.hypot(bx - ax, by - ay))
    ux, uy = (bx - ax) / n, (by - ay) / n
    tip = (bx - ux * end_radius, by - uy * end_radius)
    back = (tip[0] - ux * 16, tip[1] - uy * 16)
    d.polygon([tip, (back[0] - uy * 10, back[1] + ux * 10), (back[0] + uy * 10, back[1] - ux * 10)],
              fill=(*colour, 255), outline=(20, 20, 20))


def alien_spot(code: str) -> tuple[float, float]:
    """Where the Alien Creature stands: the east end of its Sector's Judges' band (left of a
    Starting Sector's badge), clear of the Crime cards."""
    _, _, x1, y1 = sector_box(code)
    start = load_board().sectors[code].start
    return (x1 - 20 - (34 if start else 0), y1 - JUDGE_ROW / 2 - 2)


def draw_alien(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    alien = view.get("alien")
    if not alien or alien.get("sector") not in load_board().sectors:
        return
    at = alien_spot(alien["sector"])
    paste_centred(canvas, alien_sprite(32, th["alien"], th["alien_dark"]), at)
    text_outlined(ImageDraw.Draw(canvas), (at[0] + 14, at[1] + 8), str(alien.get("cf", 6)), font("bold", 13),
                  th["cv"], th["white"], 2)


def draw_piles(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    piles = view.get("piles") or {}
    d = ImageDraw.Draw(canvas)
    faces = {
        "stock": (th["cv"], th["ink"]),
        "discards": (th["crime"], th["muted"]),
        "perps": (th["perp_back"], th["ink"]),
        "crimes": (th["crime"], th["cv"]),
        "sectors": (th["block2"], th["ink"]),
    }
    for key, (cx, cy) in zip(PILES, pile_centres(), strict=True):
        face, edge = faces[key]
        paste_centred(canvas, _card_icon(22, 30, face, edge), (cx - 14, cy))
        d.text((cx + 2, cy), str(piles.get(key, 0)), font=font("bold", 18), fill=th["ink"], anchor="lm")


def draw_highlight_fill(canvas: Image.Image, th: Theme, code: str, light: bool) -> None:
    """A Sector a Move can reach: a frame round it, tinted below its name so the name stays
    sharp (the label comes after the pieces)."""
    x0, y0, x1, y1 = sector_box(code)
    highlight_cell(canvas, (x0, y0 + NAME_H - 3, x1, y1), th, light=light)
    d = ImageDraw.Draw(canvas)
    d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=th["hl_edge"], width=2 if light else 3)


def draw_highlight_badge(canvas: Image.Image, th: Theme, code: str, label: str, light: bool) -> None:
    """The label of a highlighted Sector, at the east end of its Judges' band."""
    badge = highlight_badge(label, th, light=light)
    _, _, x1, y1 = sector_box(code)
    paste_centred(canvas, badge, (x1 - badge.width / 2 - 4, y1 - JUDGE_ROW / 2 - 1))


def draw_highlight_alien(canvas: Image.Image, th: Theme, code: str, label: str) -> None:
    """`arrest alien`: a ring round the Alien Creature, with its label."""
    at = alien_spot(code)
    d = ImageDraw.Draw(canvas)
    d.ellipse((at[0] - 19, at[1] - 19, at[0] + 19, at[1] + 19), outline=th["hl_edge"], width=3)
    badge = highlight_badge(label, th, light=True)
    paste_centred(canvas, badge, (at[0] + 12, at[1] - 17))


# ---------------------------------------------------------------------------- Crimes


def crime_boxes(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where each Crime on the board is drawn: stacked in its Sector between the name and the
    Judges, in the view's order."""
    by_sector: dict[str, list[str]] = {}
    sectors = load_board().sectors
    for c in view.get("crimes") or []:
        if c.get("sector") in sectors:
            by_sector.setdefault(c["sector"], []).append(c["crime"])
    crowd: dict[str, int] = {}
    for j in view.get("judges") or []:
        crowd[j.get("at")] = crowd.get(j.get("at"), 0) + 1
    out: dict[str, Box] = {}
    for code, crimes in by_sector.items():
        x0, y0, x1, y1 = sector_box(code)
        top, bottom = y0 + NAME_H, y1 - JUDGE_ROW - 2 - (24 if crowd.get(code, 0) > 4 else 0)
        n = len(crimes)
        h = min(34.0, (bottom - top - 3 * (n - 1)) / n)
        y = top + (bottom - top - (h * n + 3 * (n - 1))) / 2
        for crime in crimes:
            out[crime] = (x0 + 4, y, x1 - 4, y + h)
            y += h + 3
    return out


def draw_crimes(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], boxes: Mapping[str, Box]) -> None:
    """Each Crime as a small card: the Perp on top (face down "?", or its name and red CV; a
    Perp this seat has peeked at keeps the dark back with its name in gold), the Crime below.
    Only a Perp the view shows is looked up: a face-down one is null there."""
    for c in view.get("crimes") or []:
        box = boxes.get(c.get("crime"))
        if box is None:
            continue
        x0, y0, x1, y1 = (round(v) for v in box)
        perp = c.get("perp")
        perp_name = say(f"judge_dredd.perp.{perp}") if perp else None
        crime_name = say(f"judge_dredd.crime.{c['crime']}")
        sprite = _crime_card(th.name, x1 - x0, y1 - y0, perp_name, c.get("perp_cv") if perp else None,
                             bool(perp) and bool(c.get("revealed")), crime_name, c.get("crime_cv"))
        canvas.paste(sprite, (x0, y0), sprite)


@lru_cache(maxsize=512)
def _crime_card(theme_name: str, w: int, h: int, perp: str | None, perp_cv: Any, face_up: bool, crime: str,
                crime_cv: Any) -> Image.Image:
    """A Crime card sprite (cached: Crimes stay on the board for many boards)."""
    th = THEMES[theme_name]
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    box = (0, 0, w, h)
    d.rounded_rectangle(box, radius=4, fill=th["crime"], outline=th["card_ink"], width=1)
    if h < 24:  # three or more Crimes in one Sector: one line each
        _card_line(d, th, box, crime if perp else "? " + crime, crime_cv, th["card_ink"])
        return img
    mid = h / 2
    if not face_up:
        d.rounded_rectangle((0, 0, w, mid), radius=4, fill=th["perp_back"])
        d.rectangle((0, mid - 4, w, mid), fill=th["perp_back"])
    if perp:
        _card_line(d, th, (0, 0, w, mid), perp, perp_cv, th["card_ink"] if face_up else th["gold"],
                   cv_fill=th["cv"] if face_up else th["gold"])
    else:
        d.text((w / 2, mid / 2 + 1), "?", font=font("bold", 13), fill=th["gold"], anchor="mm")
    _card_line(d, th, (0, mid, w, h), crime, crime_cv, th["card_ink"])
    d.rounded_rectangle(box, radius=4, outline=th["card_ink"], width=1)
    return img


def _card_line(d: ImageDraw.ImageDraw, th: Theme, box: Box, name: str, cv: Any, fill: RGB,
               cv_fill: RGB | None = None) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    cv_text = str(cv) if cv is not None else ""
    fcv = font("bold", 12)
    room = x1 - x0 - 8 - (fcv.getlength(cv_text) + 4 if cv_text else 0)
    f = fit_font(name, 11, room, "condensed", min_size=8)
    d.text((x0 + 4, cy), ellipsize(name, f, room), font=f, fill=fill, anchor="lm")
    if cv_text:
        d.text((x1 - 4, cy), cv_text, font=fcv, fill=cv_fill or th["cv"], anchor="rm")


def draw_highlight_crime(canvas: Image.Image, th: Theme, box: Box, label: str) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=5, outline=th["hl_edge"], width=3)
    badge = highlight_badge(label, th, light=True)
    paste_centred(canvas, badge, (x0 - 1, (y0 + y1) / 2))
