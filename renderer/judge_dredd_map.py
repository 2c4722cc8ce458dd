"""The map of Mega-City One: 28 Sectors on the 4 x 7 grid, the rivers, bridges and diagonal
borders, the Intensive Care box and the piles under the map: the geometry and the static
drawing, cached per theme and language (what stands on the map is `judge_dredd_pieces`).

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

from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderer.caches import KB, MB, cached
from renderer.common import (
    RGB,
    Text,
    Theme,
    blend,
    card,
    ellipsize,
    fit_font,
    font,
    font_for,
    paste_centred,
)
from renderer.judge_dredd_look import PILES, THEMES, K
from rules.judge_dredd.content import load_board

Box = tuple[float, float, float, float]

FRAME = 8
TITLE_H = 40
CW, CH = 84, 120  # a grid cell
STREET = 6  # the street between two Sectors that share a border
RIVER_A = 26
RIVER_B = 24
SEA = 16
DIAG = 16  # how far a diagonal border's wedge reaches along each edge
MX = FRAME
MY = TITLE_H + FRAME
MAP_W = 7 * CW + RIVER_A
MAP_H = 4 * CH + RIVER_B
WIDTH = MX + MAP_W + SEA + FRAME
FONT = 21
"""The smallest font on the board: its capitals and digits are 15 px high, over 9 px when the
picture is shown 400 px wide on a phone."""
SOUTH_Y = MY + MAP_H + 8
ICU_H = 44
PILES_Y = SOUTH_Y + ICU_H + 8
PILES_H = 66
SOUTH_H = ICU_H + 8 + PILES_H
PANEL_X = FRAME
PANEL_Y = PILES_Y + PILES_H + 8
PANEL_W = WIDTH - 2 * FRAME
PANEL_H = 1100
HEIGHT = PANEL_Y + PANEL_H + FRAME
BG_SCALE = 2  # the static map is drawn twice as large and scaled down: smooth diagonals
MAP_MARGIN = 8
"""Rows of frame under the map drawn with it at `BG_SCALE` (`map_drawn_large`): more than the 3
rows Lanczos reaches either side, so no row the map changes feels the large picture's edge."""
NAME_H = 30  # the top band of a Sector that holds its code
CRIME_ROW = 30  # the band under it that holds its Crimes (and a Starting Sector's card bonus)
JUDGE_ROW = 28  # each row of Judges at the bottom
ICU_BOX = (MX, SOUTH_Y, WIDTH - FRAME, SOUTH_Y + ICU_H)


# ---------------------------------------------------------------------------- geometry


def cell_box(row: int, col: int) -> Box:
    """The grid cell of a Sector, streets included."""
    x0 = MX + (col - 1) * CW + (RIVER_A if col >= 4 else 0)
    y0: float
    y1: float
    if col >= 4:
        y0 = MY + (row - 1) * CH + (RIVER_B if row >= 3 else 0)
        y1 = y0 + CH
    else:
        bounds = (MY, MY + CH, MY + 2 * CH + RIVER_B / 2, MY + 3 * CH + RIVER_B, MY + 4 * CH + RIVER_B)
        y0, y1 = bounds[row - 1], bounds[row]
    return (x0, y0, x0 + CW, y1)


@cached("judge_dredd_map.sector_box", 64 * KB)
def sector_box(code: str) -> Box:
    """A Sector's rectangle inside the streets."""
    s = load_board().sectors[code]
    x0, y0, x1, y1 = cell_box(s.row, s.col)
    h = STREET / 2
    return (x0 + h, y0 + h, x1 - h, y1 - h)


def sector_centre(code: str) -> tuple[float, float]:
    x0, y0, x1, y1 = sector_box(code)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


@cached("judge_dredd_map.corner_styles", 64 * KB)
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


@cached("judge_dredd_map.sector_polygon", 128 * KB)
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


# ---------------------------------------------------------------------------- the static map


def background(theme_name: str, say: Text) -> Image.Image:
    """The frame, the map, the ICU box, the piles' ground and the panel ground, for a theme in
    the caller's words (cached per theme and texts: in effect per language). The Sectors' codes
    are drawn over what moves (`draw_codes`), so that no arrow crosses them."""
    return _drawn_background(theme_name, tuple(say(K + w) for w in BACKGROUND_WORDS))


BACKGROUND_WORDS = ("title", "intensive_care", "icu_note", *(f"pile.{p}" for p in PILES))


def background_below(theme_name: str, say: Text, top: int) -> Image.Image:
    """The background from row `top` down (the panel's ground), kept with it."""
    return _drawn_below(theme_name, tuple(say(K + w) for w in BACKGROUND_WORDS), top)


@cached("judge_dredd_map._drawn_below", 4 * MB)
def _drawn_below(theme_name: str, texts: tuple[str, ...], top: int) -> Image.Image:
    return _drawn_background(theme_name, texts).crop((0, top, WIDTH, HEIGHT))


@cached("judge_dredd_map._drawn_background", 8 * MB)
def _drawn_background(theme_name: str, texts: tuple[str, ...]) -> Image.Image:
    th = THEMES[theme_name]
    word = dict(zip(BACKGROUND_WORDS, texts, strict=True))
    img = Image.new("RGB", (WIDTH, HEIGHT), th["frame"])
    img.paste(scaled_map(map_drawn_large(th)), (0, 0))
    _title(img, th, word["title"])
    _icu_box(img, th, word["intensive_care"], word["icu_note"])
    _piles_ground(img, th, [word[f"pile.{p}"] for p in PILES])
    ImageDraw.Draw(img).rounded_rectangle((PANEL_X, PANEL_Y, PANEL_X + PANEL_W, HEIGHT - FRAME), radius=10,
                                          fill=th["panel"])
    return img


def map_drawn_large(th: Theme) -> Image.Image:
    """The city (streets, water, bridges, Sectors) at `BG_SCALE`, on the frame's colour: the
    picture's top rows only, down to `MAP_MARGIN` rows under the map. Below them the whole
    picture drawn large would be the frame's colour alone, which scales down to itself."""
    board = load_board()
    S = BG_SCALE
    big = Image.new("RGB", (WIDTH * S, (MY + MAP_H + MAP_MARGIN) * S), th["frame"])
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
        fill = sector_fill(th, code)
        pts = [(x * S, y * S) for x, y in sector_polygon(code)]
        d.polygon(pts, fill=fill, outline=blend(fill, th["ink"], 0.45), width=S)
        if s.hospital:
            _red_cross(d, th, S, sector_centre(code), 30, blend(th["cross"], fill, 0.55))
    return big


def scaled_map(big: Image.Image) -> Image.Image:
    """`map_drawn_large` scaled down (Lanczos) as the whole picture it tops would be: down
    first, then across, the order Pillow takes for a picture taller than it is wide (each pass
    rounds to 8 bits, so the order shows in the last bit; a test holds the two together).
    Only the rows are scaled, a quarter of the picture's height, not the whole."""
    height = big.height // BG_SCALE
    rows = big.resize((big.width, height), Image.Resampling.LANCZOS)
    return rows.resize((big.width // BG_SCALE, height), Image.Resampling.LANCZOS)


def sector_fill(th: Theme, code: str) -> RGB:
    """A Sector's ground: gold for a Starting Sector, white for the Hospital, two greys else."""
    s = load_board().sectors[code]
    return th["start"] if s.start else th["hospital"] if s.hospital else (
        th["block"] if (s.row + s.col) % 2 else th["block2"])


def code_spot(code: str) -> tuple[float, float]:
    """Where a Sector's code is written (its left end, the middle of the top band): clear of a
    cut or wedged north-west corner."""
    x0, y0, _, _ = sector_box(code)
    nw = (-1, -1) in corner_styles()[code]
    return (x0 + 5 + (DIAG * 0.6 if nw else 0), y0 + NAME_H / 2 + 1)


def draw_codes(img: Image.Image, th: Theme) -> None:
    """Every Sector's code (what `move`, `place` and the cards take), in capitals at the top left
    of the Sector, on a plate of its ground, and each Starting Sector's card bonus: drawn after
    the last Move's arrow, so that no arrow crosses them. The same pixels as `paint_codes`: the
    Starting Sectors' cards pasted over what is there, then the rest, which covers its ground,
    pasted from the layer drawn once per theme (`codes_layer`)."""
    layer = codes_layer(th.name)
    if layer is None:
        paint_codes(img, th)
        return
    for code, s in load_board().sectors.items():
        if s.start:
            _start_card(img, th, code)
    for xy, picture, mask in layer:
        img.paste(picture, xy, mask)


def paint_codes(img: Image.Image, th: Theme) -> None:
    """`draw_codes` drawn stroke by stroke."""
    d = ImageDraw.Draw(img)
    f = font("condensed", FONT + 1)
    for code, s in load_board().sectors.items():
        if s.start:
            _start_badge(img, th, code, s.bonus)
        x, y = code_spot(code)
        label = code.upper()
        w = f.getlength(label)
        fill = sector_fill(th, code)
        d.rounded_rectangle((x - 3, y - 12, x + w + 3, y + 12), radius=4, fill=fill)
        d.text((x, y), label, font=f, fill=th["ink"], anchor="lm")


Tile = tuple[tuple[int, int], Image.Image, Image.Image | None]
"""Where to paste, what, and through which mask (None: all of it)."""


@cached("judge_dredd_map.codes_layer", 2 * MB)
def codes_layer(theme_name: str) -> tuple[Tile, ...] | None:
    """What `paint_codes` draws that hides its ground (the code plates with their letters, the
    number on each Starting Sector's card and the card's inside), as small tiles with their masks:
    painted on a black and on a white ground, the pixels that come out the same whatever the
    ground. Everything else it changes must be the cards' pasting alone (their soft edges, which
    `draw_codes` pastes as before); None if not (then it is drawn stroke by stroke)."""
    th = THEMES[theme_name]
    # the plates and cards are on the map: grounds as tall as the map's foot hold all they paint
    grounds = [Image.new("RGB", (WIDTH, MY + MAP_H), c) for c in ((0, 0, 0), (255, 255, 255))]
    painted = [g.copy() for g in grounds]
    carded = [g.copy() for g in grounds]
    for img, cards in zip(painted, carded, strict=True):
        paint_codes(img, th)
        for code, s in load_board().sectors.items():
            if s.start:
                _start_card(cards, th, code)
    shows = _differ(painted[0], painted[1]).point(lambda v: 255 if v else 0)
    for img, cards in zip(painted, carded, strict=True):  # where the ground shows, only the cards changed it
        if ImageChops.multiply(shows, _differ(img, cards).point(lambda v: 255 if v else 0)).getbbox() is not None:
            return None
    covers = ImageChops.multiply(ImageChops.invert(shows),
                                 _differ(painted[0], grounds[0]).point(lambda v: 255 if v else 0))
    f = font("condensed", FONT + 1)
    boxes = []
    for code, s in load_board().sectors.items():
        x, y = code_spot(code)
        boxes.append((math.floor(x) - 6, math.floor(y) - 15, math.ceil(x + f.getlength(code.upper())) + 6,
                      math.ceil(y) + 15))
        if s.start:
            cx, cy = start_badge_spot(code)
            boxes.append((math.floor(cx) - 16, math.floor(cy) - 19, math.ceil(cx) + 16, math.ceil(cy) + 19))
    bands: dict[tuple[int, int], tuple[int, int]] = {}  # the plates of one grid row in one tile
    for x0, y0, x1, y1 in boxes:
        lo, hi = bands.get((y0, y1), (x0, x1))
        bands[(y0, y1)] = (min(lo, x0), max(hi, x1))
    tiles: list[Tile] = []
    left = covers.copy()
    for (y0, y1), (x0, x1) in bands.items():
        inside = covers.crop((x0, y0, x1, y1)).getbbox()
        if inside is None:
            continue
        box = (x0 + inside[0], y0 + inside[1], x0 + inside[2], y0 + inside[3])
        mask = covers.crop(box)
        # a mask of mode 1 (all or nothing, as it is) pastes three times faster than an L one
        tiles.append(((box[0], box[1]), painted[0].crop(box), None if mask.getextrema() == (255, 255) else
                      mask.convert("1")))
        left.paste(0, box)
    if left.getbbox() is not None:  # a pixel no tile holds
        return None
    return tuple(tiles)


def _differ(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel, the largest difference of a channel between two RGB images (L)."""
    r, g, b_ = ImageChops.difference(a, b).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b_)


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


@cached("judge_dredd_map.card_icon", 256 * KB)
def card_icon(w: int, h: int, face: RGB, edge: RGB) -> Image.Image:
    return card(w, h, face, edge)


def _start_card(img: Image.Image, th: Theme, code: str) -> None:
    paste_centred(img, card_icon(22, 28, th["white"], th["card_ink"]), start_badge_spot(code))


def _start_badge(img: Image.Image, th: Theme, code: str, bonus: int) -> None:
    """A Starting Sector: the Action Cards a Judge here may be issued, as a card with the number,
    at the right of the row under the code (its gold ground says it is a Starting Sector)."""
    cx, cy = start_badge_spot(code)
    _start_card(img, th, code)
    ImageDraw.Draw(img).text((cx, cy + 1), str(bonus), font=font("bold", FONT), fill=th["card_ink"], anchor="mm")


def start_badge_spot(code: str) -> tuple[float, float]:
    _, y0, x1, _ = sector_box(code)
    return x1 - 15, y0 + NAME_H + 1 + CRIME_ROW / 2


def _title(img: Image.Image, th: Theme, title: str) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, TITLE_H), fill=th["title"])
    d.rectangle((0, TITLE_H - 4, WIDTH, TITLE_H), fill=th["cv"])
    d.text((MX, TITLE_H / 2 - 1), title, font=title_font(title), fill=th["gold"], anchor="lm")


def title_font(title: str) -> ImageFont.FreeTypeFont:
    return font_for(title, 24, "bold")


def _icu_box(img: Image.Image, th: Theme, title: str, note: str) -> None:
    """The Intensive Care Unit: off the map, under it, the whole width; its Judges on the right."""
    d = ImageDraw.Draw(img)
    x0, y0, _x1, y1 = ICU_BOX
    d.rounded_rectangle(ICU_BOX, radius=8, fill=th["hospital"], outline=th["cross"], width=3)
    d.rectangle((x0 + 3, y0 + 3, x0 + 40, y1 - 3), fill=th["cross"])
    _red_cross(d, th, 1, (x0 + 22, (y0 + y1) / 2), 24, th["white"])
    ft = fit_font(title, FONT, 190, "bold", min_size=FONT)
    d.text((x0 + 46, (y0 + y1) / 2), title, font=ft, fill=th["ink"], anchor="lm")
    x = x0 + 46 + ft.getlength(title) + 10
    fn = fit_font(note, FONT, ICU_SLOTS_X - 12 - x, "condensed", min_size=FONT)
    d.text((x, (y0 + y1) / 2), ellipsize(note, fn, ICU_SLOTS_X - 12 - x), font=fn, fill=th["muted"], anchor="lm")


ICU_SLOTS_X = ICU_BOX[2] - 160
"""Where the Judges in Intensive Care stand, left to right (six fit, a little overlapped)."""


def _piles_ground(img: Image.Image, th: Theme, labels: list[str]) -> None:
    d = ImageDraw.Draw(img)
    x0, x1 = MX, WIDTH - FRAME
    d.rounded_rectangle((x0, PILES_Y, x1, PILES_Y + PILES_H), radius=8, fill=th["panel2"])
    col = (x1 - x0) / len(labels)
    for i, label in enumerate(labels):
        cx = x0 + col * (i + 0.5)
        f = fit_font(label, FONT, col - 6, "condensed", min_size=FONT)
        d.text((cx, PILES_Y + PILES_H - 5), ellipsize(label, f, col - 6), font=f, fill=th["muted"], anchor="mb")


def pile_centres() -> list[tuple[float, float]]:
    x0, x1 = MX, WIDTH - FRAME
    col = (x1 - x0) / len(PILES)
    return [(x0 + col * (i + 0.5), PILES_Y + 20) for i in range(len(PILES))]
