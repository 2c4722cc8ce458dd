"""The Dad's Army board as a PNG: the map of Walmington-on-Sea on the left, the table on the right.

`render` is a pure function of a view (plus the static board of `rules.dads_army.board`):
the map, buildings and pointers are drawn once per theme and wording (language) and cached;
each call copies that background and draws only what moves. Every word on the board is a
message id (`MESSAGES`, the `board.dads_army.*` keys of `dads_army_board.po`) looked up through the
`text` function the caller passes, so the image speaks the table's language. `highlights` and
`label_actions` give the short square labels (A, B, ...) that the board shows and the buttons
repeat, so both always agree.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer import Functions, Renderer
from renderer.common import (
    CLASSIC,
    NIGHT,
    RGB,
    SS,
    Point,
    Square,
    Text,
    Theme,
    action_highlights,
    action_labels,
    blend,
    card,
    die_face,
    downscale,
    ellipsize,
    fit_font,
    font,
    font_for,
    highlight_badge,
    highlight_cell,
    make_theme,
    needs_cjk,
    parts_png,
    paste_centred,
    pick_theme,
    pill,
    printable,
    render_png,
    target,
    text_centred,
    text_outlined,
    title_bar,
    token,
    wording,
)
from rules.dads_army.board import Board, load_board

CELL = 50
PTR = 24  # the strips of white pointers around the board
FRAME = 10
TITLE_H = 44
PANEL_W = 300
BX = FRAME + PTR
BY = TITLE_H + FRAME + PTR
BOARD_PX = 12 * CELL
WIDTH = BX + BOARD_PX + PTR + FRAME + PANEL_W
HEIGHT = BY + BOARD_PX + PTR + FRAME
WALL = 5

INITIALS = {
    "mainwaring": "Mw",
    "wilson": "Wi",
    "vicar": "Vi",
    "verger": "Ve",
    "jones": "Jo",
    "pike": "Pi",
    "fraser": "Fr",
    "godfrey": "Go",
    "hodges": "H",
}
MESSAGES = {
    "board.dads_army.title": "DAD'S ARMY",
    "board.dads_army.place": "Walmington-on-Sea",
    "board.dads_army.building.vicarage": "Vicarage",
    "board.dads_army.building.bank": "Bank",
    "board.dads_army.building.jones_butchers": "Jones' Butchers",
    "board.dads_army.building.funeral_parlour": "Funeral Parlour",
    "board.dads_army.building.pike_mums_house": "Mrs Pike's",
    "board.dads_army.building.godfrey_house": "Godfrey's",
    "board.dads_army.building.beach_shelter": "Beach Shelter",
    "board.dads_army.man.mainwaring": "Mainwaring",
    "board.dads_army.man.wilson": "Wilson",
    "board.dads_army.man.vicar": "Vicar",
    "board.dads_army.man.verger": "Verger",
    "board.dads_army.man.jones": "Jones",
    "board.dads_army.man.pike": "Pike",
    "board.dads_army.man.fraser": "Fraser",
    "board.dads_army.man.godfrey": "Godfrey",
    "board.dads_army.pair": "{first} & {second}",
    "board.dads_army.phase.roll": "ROLL",
    "board.dads_army.phase.move": "MOVE",
    "board.dads_army.phase.push": "PUSH",
    "board.dads_army.phase.hodge": "HODGES",
    "board.dads_army.phase.shelter": "SHELTER",
    "board.dads_army.phase.bomb": "BOMBS",
    "board.dads_army.phase.jack": "JACKS",
    "board.dads_army.phase.over": "GAME OVER",
    "board.dads_army.winner": "WINNER",
    "board.dads_army.card.character": "TOP SECRET",
    "board.dads_army.card.hodges": "HODGES!",
    "board.dads_army.card.air_raid": "AIR RAID!",
    "board.dads_army.card.union_jack": "UNION JACK",
    "board.dads_army.legend.called_in": "called in at a WD base",
    "board.dads_army.legend.home": "home",
    "board.dads_army.mark.ews": "EWS",
    "board.dads_army.mark.wd": "WD",
    "board.dads_army.mark.shelter": "S",
}
"""Every word the board draws, by message id, in English: what a caller without a translation
layer sees. The same ids and texts are in `data/locale/en/LC_MESSAGES/dads_army_board.po` (a test
keeps them equal); `zh_TW/dads_army_board.po` translates them."""
K = "board.dads_army."
PHASES = ("roll", "move", "push", "hodge", "shelter", "bomb", "jack", "over")
CARDS = ("character", "hodges", "air_raid", "union_jack")
BACKGROUND_KEYS = tuple(k for k in MESSAGES if k.startswith((K + "title", K + "place", K + "building.", K + "mark.")))
"""The words painted into the cached background: the cache is keyed by their texts."""

_CLASSIC = {
    **CLASSIC,
    "paper2": "#e1d8b7",
    "grid": "#c5b993",
    "sand": "#ead6a0",
    "sea": "#5f97c2",
    "sea2": "#8dbbdc",
    "wall": "#4a3324",
    "wd": "#56663a",
    "wd_text": "#f1e3a4",
    "shelter": "#9d9f98",
    "shelter_dark": "#3b3d3a",
    "beach": "#c9a86a",
    "tank": "#7f9fb8",
    "pink": "#e0457b",
    "label": "#23211c",
    "hodges": "#ecece4",
    "bomb": "#1d1d1d",
    "spark": "#ff8c1a",
    "flag_blue": "#012169",
    "flag_red": "#c8102e",
}
_NIGHT = {
    **_CLASSIC,
    **NIGHT,
    "paper2": "#38463a",
    "grid": "#55665a",
    "sand": "#5a5a48",
    "sea": "#23466b",
    "sea2": "#3a6791",
    "wall": "#d8c8a8",
    "label": "#f3ead0",
}
_GROUNDS = ("paper", "paper2", "sand", "sea", "shelter", "wd")
THEMES = {
    "classic": make_theme("classic", _CLASSIC, anchors=("paper", "ink", "white", "sea"), grounds=_GROUNDS),
    "night": make_theme("night", _NIGHT, anchors=("paper", "ink", "cream", "sea"), grounds=_GROUNDS),
}
DEFAULT_THEME = "classic"
TEAMS = ("red", "blue", "green", "yellow")


def _theme(name: str | None) -> Theme:
    return pick_theme(THEMES, name, DEFAULT_THEME)


def centre(sq: Square | list[int]) -> tuple[float, float]:
    """Pixel centre of a square (col, row)."""
    return (BX + (sq[0] - 0.5) * CELL, BY + (sq[1] - 0.5) * CELL)


def _cell_box(sq: Sequence[int], inset: float = 0) -> tuple[float, float, float, float]:
    x, y = BX + (sq[0] - 1) * CELL, BY + (sq[1] - 1) * CELL
    return (x + inset, y + inset, x + CELL - inset, y + CELL - inset)


# ---------------------------------------------------------------------------- square labels


_SQ = re.compile(r"^(\d+),(\d+)$")


def action_square(action: str) -> Square | None:
    """The square an action text targets: its `c,r` token, or a shelter's square."""
    tokens = action.split()
    for tok in tokens[1:]:
        m = _SQ.match(tok)
        if m:
            return (int(m.group(1)), int(m.group(2)))
    if tokens and tokens[0] == "shelter" and len(tokens) == 3 and tokens[2].isdigit():
        return load_board().shelters.get(int(tokens[2]))
    return None


def highlights(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, list[int]]:
    """Short labels for the distinct squares the actions target, in reading order (row by
    row, west to east), so a label always means the same square for the same action list.
    (`view` is part of every renderer's signature; Dad's Army's squares need only the board.)"""
    return action_highlights(actions, action_square)


def label_actions(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
    """Each action text -> the label of its square on the board (None: no square, e.g. `roll`)."""
    return action_labels(actions, action_square)


# ---------------------------------------------------------------------------- sprites


@cache
def _bomb(size: int, body: RGB, spark: RGB) -> Image.Image:
    """A plain round bomb with a lit fuse (no insignia, ruling D25)."""
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    r = S * 0.34
    cx, cy = S * 0.45, S * 0.58
    d.ellipse((cx - r + SS, cy - r + 2 * SS, cx + r + SS, cy + r + 2 * SS), fill=(0, 0, 0, 80))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=body)
    d.ellipse((cx - r * 0.55, cy - r * 0.6, cx - r * 0.1, cy - r * 0.2), fill=(120, 120, 120))
    d.rectangle((cx + r * 0.35, cy - r * 1.05, cx + r * 0.75, cy - r * 0.6), fill=(90, 90, 90))
    fx, fy = cx + r * 0.6, cy - r * 1.0
    d.line([(fx, fy), (fx + S * 0.08, fy - S * 0.1), (fx + S * 0.16, fy - S * 0.08)], fill=(140, 110, 70), width=SS * 2)
    sx, sy = fx + S * 0.2, fy - S * 0.1
    for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7)):
        d.line(
            (sx - dx * S * 0.09, sy - dy * S * 0.09, sx + dx * S * 0.09, sy + dy * S * 0.09), fill=spark, width=SS * 2
        )
    d.ellipse((sx - SS * 3, sy - SS * 3, sx + SS * 3, sy + SS * 3), fill=(255, 230, 120))
    return downscale(big, (size, size))


@cache
def _union_jack(w: int, h: int, blue: RGB, red: RGB) -> Image.Image:
    """The Union Jack marker: a small flag with a dark border."""
    W, H = w * SS, h * SS
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rectangle((0, 0, W - 1, H - 1), fill=blue)
    white = (255, 255, 255)
    t = H * 0.2
    d.line((0, 0, W, H), fill=white, width=round(t))
    d.line((0, H, W, 0), fill=white, width=round(t))
    d.line((0, 0, W, H), fill=red, width=round(t * 0.4))
    d.line((0, H, W, 0), fill=red, width=round(t * 0.4))
    d.rectangle((W / 2 - H / 6, 0, W / 2 + H / 6, H), fill=white)
    d.rectangle((0, H / 2 - H / 6, W, H / 2 + H / 6), fill=white)
    d.rectangle((W / 2 - H / 10, 0, W / 2 + H / 10, H), fill=red)
    d.rectangle((0, H / 2 - H / 10, W, H / 2 + H / 10), fill=red)
    d.rectangle((0, 0, W - 1, H - 1), outline=(30, 30, 30), width=SS * 2)
    return downscale(big, (w, h))


ON_YELLOW = (35, 33, 28)
"""Dark ink for words and initials on yellow, whatever the theme: white on yellow cannot be read."""


def _ink_on(team: str | None) -> RGB:
    """The colour of words drawn on a team's colour (a token, the phase pill)."""
    return ON_YELLOW if team == "yellow" else (255, 255, 255)


def _man_token(th: Theme, man: str, team: str, diameter: int, called_in: bool, arrived: bool) -> Image.Image:
    return token(
        diameter,
        th[team],
        INITIALS.get(man, man[:2].title()),
        _ink_on(team),
        (25, 25, 25),
        th["gold"] if arrived else None,
        th["tick"] if called_in else None,
    )


def _hodges_token(th: Theme, diameter: int) -> Image.Image:
    return token(diameter, th["hodges"], "H", (25, 25, 25), (25, 25, 25))


# ---------------------------------------------------------------------------- static background


def _background(theme_name: str, say: Text) -> Image.Image:
    """The static drawing for a theme in the caller's words (see `_drawn_background`)."""
    return _drawn_background(theme_name, tuple(say(k) for k in BACKGROUND_KEYS))


@lru_cache(maxsize=8)
def _drawn_background(theme_name: str, words: tuple[str, ...]) -> Image.Image:
    """Frame, pointers, map, sea, buildings with walls and doors, bases and shelters. Cached per
    theme and per texts of `BACKGROUND_KEYS` (in effect per theme and language: a few boards)."""
    th = THEMES[theme_name]
    say = dict(zip(BACKGROUND_KEYS, words, strict=True))
    board = load_board()
    img = Image.new("RGB", (WIDTH, HEIGHT), th["frame"])
    d = ImageDraw.Draw(img)
    title = say[K + "title"]
    title_bar(img, (0, 0, WIDTH, TITLE_H), title, th["title"], th["cream"])
    after_title = TITLE_H * 0.4 + font_for(title, round(TITLE_H * 0.5), "bold").getlength(title) + 18
    place = say[K + "place"]
    d.text((after_title, TITLE_H / 2), place, font=font_for(place, 15, "regular"),
           fill=blend(th["cream"], th["title"], 0.3), anchor="lm")

    # open ground: two tones like a printed map, the beach row in sand, the sea row as water
    for r in range(1, board.rows + 1):
        for c in range(1, board.columns + 1):
            colour = th["paper"] if (c + r) % 2 else th["paper2"]
            if r == board.rows - 1:
                colour = th["sand"]
            d.rectangle(_cell_box((c, r)), fill=colour)
    for r in board.sea_rows:
        x0, y0, x1, y1 = BX, BY + (r - 1) * CELL, BX + BOARD_PX, BY + r * CELL
        d.rectangle((x0, y0, x1, y1), fill=th["sea"])
        for i in range(0, BOARD_PX, 20):
            for j, yy in enumerate((y0 + 14, y0 + 30)):
                xx = x0 + i + (10 if j else 0)
                d.arc((xx, yy - 6, xx + 10, yy + 4), 200, 340, fill=th["sea2"], width=2)
    for i in range(board.columns + 1):
        x = BX + i * CELL
        d.line((x, BY, x, BY + BOARD_PX), fill=th["grid"], width=1)
    for i in range(board.rows + 1):
        y = BY + i * CELL
        d.line((BX, y, BX + BOARD_PX, y), fill=th["grid"], width=1)

    _draw_ews_tank(d, th, board.ews_tank, say[K + "mark.ews"])
    home_team = {}
    for team, men in board.teams:
        for man in men:
            home_team[board.building_of.get(board.start[man])] = team
    for b in board.buildings:
        _draw_building(img, d, th, board, b, home_team.get(b.id), _building_word(say, b))
    _draw_pointers(d, th, board)
    d.rectangle((BX - 1, BY - 1, BX + BOARD_PX, BY + BOARD_PX), outline=th["ink"], width=2)
    # the table panel
    px = BX + BOARD_PX + PTR + FRAME
    d.rounded_rectangle((px, TITLE_H + FRAME, WIDTH - FRAME, HEIGHT - FRAME), radius=10, fill=th["panel"])
    return img


def _building_word(say: Mapping[str, str], b: Any) -> str:
    """What a building shows: its mark (WD, S) for a base or a shelter, else its name."""
    mark = {"wd_base": "wd", "air_raid_shelter": "shelter"}.get(b.kind)
    return say[K + "mark." + mark] if mark else say.get(K + "building." + b.id, b.name)


def _draw_ews_tank(d: ImageDraw.ImageDraw, th: Theme, sq: Square, word: str) -> None:
    cx, cy = centre(sq)
    r = CELL * 0.4
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=th["tank"], outline=th["ink"], width=2)
    d.ellipse(
        (cx - r + 5, cy - r + 5, cx + r - 5, cy + r - 5), outline=blend(th["tank"], (255, 255, 255), 0.4), width=1
    )
    text_outlined(d, (cx, cy), word, font_for(word, 12, "condensed"), (255, 255, 255), (35, 50, 64), 2)


def _draw_building(
    img: Image.Image, d: ImageDraw.ImageDraw, th: Theme, board: Board, b: Any, team: str | None, name: str
) -> None:
    squares = set(b.squares)
    if b.kind == "home":
        fill = blend(th[team], th["paper"], 0.62) if team else th["beach"]
    else:
        fill = {"wd_base": th["wd"], "air_raid_shelter": th["shelter"], "beach_shelter": th["beach"]}[b.kind]
    for sq in squares:
        d.rectangle(_cell_box(sq), fill=fill)
    if b.kind == "home":  # roof tiles: faint diagonal hatching
        xs = [BX + (c - 1) * CELL for c, _ in squares]
        ys = [BY + (r - 1) * CELL for _, r in squares]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs) + CELL, max(ys) + CELL
        hatch = blend(fill, th["wall"], 0.18)
        for k in range(10, (x1 - x0) + (y1 - y0), 10):
            sx, ex = min(x0 + k, x1), max(x0, x0 + k - (y1 - y0))
            d.line((sx, y0 + (x0 + k - sx), ex, y0 + (x0 + k - ex)), fill=hatch, width=1)
    _draw_label(d, th, b, squares, name)
    # walls: every edge of the building except the door's, which is a visible gap
    door_in, door_out = tuple(b.door_inside), tuple(b.entrance)
    for c, r in squares:
        x0, y0, x1, y1 = _cell_box((c, r))
        for (dc, dr), seg in (
            ((0, -1), ((x0, y0), (x1, y0))),
            ((1, 0), ((x1, y0), (x1, y1))),
            ((0, 1), ((x0, y1), (x1, y1))),
            ((-1, 0), ((x0, y0), (x0, y1))),
        ):
            other = (c + dc, r + dr)
            if other in squares:
                continue
            (ax, ay), (bx, by) = seg
            if (c, r) == door_in and other == door_out:
                _draw_door(d, th, (ax, ay), (bx, by), (dc, dr))
            else:
                d.line((ax, ay, bx, by), fill=th["wall"], width=WALL)
    _square_corners(d, th, squares)


def _square_corners(d: ImageDraw.ImageDraw, th: Theme, squares: set[Square]) -> None:
    """Fill wall corners so thick walls meet without notches."""
    h = WALL // 2
    for c, r in squares:
        x0, y0, x1, y1 = _cell_box((c, r))
        for (dc, dr), (cx, cy) in (((-1, -1), (x0, y0)), ((1, -1), (x1, y0)), ((-1, 1), (x0, y1)), ((1, 1), (x1, y1))):
            outside = [(c + dc, r) not in squares, (c, r + dr) not in squares]
            if any(outside):
                d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=th["wall"])


def _draw_door(
    d: ImageDraw.ImageDraw, th: Theme, a: tuple[float, float], b: tuple[float, float], out: tuple[int, int]
) -> None:
    """A cut-out in the wall with the door swung open outwards, as on an architect's plan:
    wall stubs at both ends, a leaf and its swing arc on the entrance square."""
    gap = 0.2
    p1 = (a[0] + (b[0] - a[0]) * gap, a[1] + (b[1] - a[1]) * gap)
    p2 = (b[0] - (b[0] - a[0]) * gap, b[1] - (b[1] - a[1]) * gap)
    d.line((a, p1), fill=th["wall"], width=WALL)
    d.line((p2, b), fill=th["wall"], width=WALL)
    length = abs(p2[0] - p1[0]) + abs(p2[1] - p1[1])
    tip = (p1[0] + out[0] * length, p1[1] + out[1] * length)
    leaf_angle = math.degrees(math.atan2(out[1], out[0]))
    wall_angle = math.degrees(math.atan2(p2[1] - p1[1], p2[0] - p1[0]))
    start, end = (leaf_angle, wall_angle) if (wall_angle - leaf_angle) % 360 == 90 else (wall_angle, leaf_angle)
    box = (p1[0] - length, p1[1] - length, p1[0] + length, p1[1] + length)
    d.arc(box, start, end, fill=blend(th["wall"], th["paper"], 0.45), width=2)
    d.line((p1, tip), fill=th["wall"], width=3)


def _draw_label(d: ImageDraw.ImageDraw, th: Theme, b: Any, squares: set[Square], name: str) -> None:
    if b.kind == "wd_base":
        cx, cy = centre(b.squares[0])
        _broad_arrow(d, (cx, cy - 10), th["wd_text"])
        text_centred(d, (cx, cy + 6), name, font_for(name, 15, "condensed"), th["wd_text"])
        text_centred(d, (cx, cy + 18), b.name.split()[-1], font("condensed", 9), th["wd_text"])
        return
    if b.kind == "air_raid_shelter":
        cx, cy = centre(b.squares[0])
        d.ellipse((cx - 12, cy - 16, cx + 12, cy + 8), fill=th["shelter_dark"], outline=(255, 255, 255), width=2)
        text_centred(d, (cx, cy - 4), name, font_for(name, 16, "bold"), (255, 255, 255))
        text_centred(d, (cx, cy + 17), f"{b.number}", font("bold", 11), th["shelter_dark"])
        return
    # label row: the building's row without the door, so the men waiting at the door hide no text
    free = {sq for sq in squares if sq[1] != b.door_inside[1]} or (squares - {tuple(b.door_inside)}) or squares
    cols, rows = sorted({c for c, _ in free}), sorted({r for _, r in free})
    x0, x1 = BX + (cols[0] - 1) * CELL, BX + cols[-1] * CELL
    y0, y1 = BY + (rows[0] - 1) * CELL, BY + rows[-1] * CELL
    colour = th["label"]
    f = fit_font(name, 13, x1 - x0 - 8, "condensed")
    lines = _two_lines(name)
    if f.size >= 12 or lines is None:
        text_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2), name, f, colour)
    else:
        top, bottom = lines
        f = fit_font(max(top, bottom, key=len), 13, x1 - x0 - 6, "condensed")
        text_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2 - 8), top, f, colour)
        text_centred(d, ((x0 + x1) / 2, (y0 + y1) / 2 + 8), bottom, f, colour)


def _two_lines(name: str) -> tuple[str, str] | None:
    """A label cut in two lines: between words, or for Chinese (no spaces) between characters."""
    words = name.split()
    if len(words) > 1:
        return " ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2 :])
    if needs_cjk(name) and len(name) > 1:
        half = (len(name) + 1) // 2
        return name[:half], name[half:]
    return None


def _broad_arrow(d: ImageDraw.ImageDraw, at: tuple[float, float], colour: RGB) -> None:
    """The War Department's broad arrow, stencilled on WD property."""
    x, y = at
    d.line((x, y - 6, x, y + 6), fill=colour, width=3)
    d.line((x, y - 7, x - 6, y + 1), fill=colour, width=3)
    d.line((x, y - 7, x + 6, y + 1), fill=colour, width=3)


def _draw_pointers(d: ImageDraw.ImageDraw, th: Theme, board: Board) -> None:
    """White pointers: pink column numbers above and below, black row numbers left and right."""
    f = font("bold", 13)
    white = (250, 250, 246)
    for i in range(1, board.columns + 1):
        cx = BX + (i - 0.5) * CELL
        for top in (True, False):
            y0 = BY - PTR + 3 if top else BY + BOARD_PX + 3
            y1 = y0 + PTR - 6
            tip = (cx, y1 + 3) if top else (cx, y0 - 3)
            base = y0 if top else y1
            shape: list[tuple[float, float]] = [(cx - 13, base), (cx + 13, base)]
            mid = y1 - 4 if top else y0 + 4
            shape += [(cx + 13, mid), tip, (cx - 13, mid)]
            d.polygon(shape, fill=white)
            text_centred(d, (cx, (y0 + y1) / 2 - (1 if top else -1)), str(i), f, th["pink"])
    for j in range(1, board.rows + 1):
        cy = BY + (j - 0.5) * CELL
        for left in (True, False):
            x0 = BX - PTR + 2 if left else BX + BOARD_PX + 2
            x1 = x0 + PTR - 5
            if left:
                shape = [(x0, cy - 11), (x1 - 4, cy - 11), (x1 + 1, cy), (x1 - 4, cy + 11), (x0, cy + 11)]
            else:
                shape = [(x1, cy - 11), (x0 + 4, cy - 11), (x0 - 1, cy), (x0 + 4, cy + 11), (x1, cy + 11)]
            d.polygon(shape, fill=white)
            text_centred(d, ((x0 + x1) / 2 + (-1 if left else 1), cy), str(j), f, (20, 20, 20))


# ---------------------------------------------------------------------------- dynamic layer


def _figures_by_square(view: Mapping[str, Any]) -> dict[Square, list[tuple[str, dict[str, Any] | None]]]:
    out: dict[Square, list[tuple[str, dict[str, Any] | None]]] = {}
    for man in sorted(view.get("men", {}), key=lambda m: list(INITIALS).index(m) if m in INITIALS else 99):
        info = view["men"][man]
        out.setdefault(tuple(info["square"]), []).append((man, info))
    if view.get("hodges"):
        out.setdefault(tuple(view["hodges"]), []).append(("hodges", None))
    return out


_SPOTS = {
    1: (34, [(0, 0)]),
    2: (26, [(-11, 0), (11, 0)]),
    3: (23, [(-11, -8), (11, -8), (0, 10)]),
    4: (21, [(-11, -10), (11, -10), (-11, 10), (11, 10)]),
    6: (17, [(-14, -9), (0, -9), (14, -9), (-14, 9), (0, 9), (14, 9)]),
}
"""Token size and offsets for n figures on one square (a Hodges swap can exceed the limit of 3)."""


def _draw_figures(canvas: Image.Image, th: Theme, by_square: Mapping[Square, list[tuple[str, Any]]]) -> None:
    for sq, figures in sorted(by_square.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        diameter, offsets = _SPOTS[len(figures) if len(figures) <= 4 else 6]
        cx, cy = centre(sq)
        for (man, info), (ox, oy) in zip(figures, offsets, strict=False):
            if info is None:
                sprite = _hodges_token(th, diameter)
            else:
                sprite = _man_token(th, man, info["team"], diameter, bool(info["called_in"]), bool(info["arrived"]))
            paste_centred(canvas, sprite, (cx + ox, cy + oy))


def _draw_path(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    move = view.get("last_move")
    if not move:
        return
    points = [tuple(move["from"]), *[tuple(p) for p in move.get("path") or []]]
    if tuple(move["to"]) != points[-1]:
        points.append(tuple(move["to"]))
    pts = [centre(p) for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(pts) < 2:
        return
    team = view.get("men", {}).get(move["man"], {}).get("team")
    colour = th[team] if team in TEAMS else (40, 40, 40)
    d = ImageDraw.Draw(canvas, "RGBA")
    d.line(pts, fill=(*th["white"], 150), width=10, joint="curve")
    d.line(pts, fill=(*colour, 235), width=5, joint="curve")
    sx, sy = pts[0]
    d.ellipse((sx - 6, sy - 6, sx + 6, sy + 6), fill=(*colour, 235), outline=(255, 255, 255), width=2)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * 17, by - uy * 17)
    back = (tip[0] - ux * 13, tip[1] - uy * 13)
    d.polygon(
        [tip, (back[0] - uy * 9, back[1] + ux * 9), (back[0] + uy * 9, back[1] - ux * 9)],
        fill=(*colour, 255),
        outline=(255, 255, 255),
    )


MANY_TARGETS = 30
"""Above this many highlighted squares (an air raid can offer a hundred) the board marks them
lightly, with small corner labels, so the map stays readable under them."""


@cache
def _icon_squares() -> frozenset[Square]:
    """Squares whose own drawing (WD base, shelter, EWS tank) a label badge should not hide."""
    board = load_board()
    return frozenset({board.ews_tank} | set(board.wd_bases) | set(board.shelters.values()))


def _draw_highlight_fills(canvas: Image.Image, th: Theme, highlight: Mapping[str, list[int]]) -> None:
    light = len(highlight) > MANY_TARGETS
    for sq in highlight.values():
        highlight_cell(canvas, _cell_box(tuple(sq)), th, light=light)


def _draw_highlight_pills(
    canvas: Image.Image, th: Theme, highlight: Mapping[str, list[int]], busy: set[Square]
) -> None:
    light = len(highlight) > MANY_TARGETS
    for label, sq in highlight.items():
        badge = highlight_badge(label, th, light=light)
        if light:
            x0, y0, _, _ = _cell_box(tuple(sq), 4)
            paste_centred(canvas, badge, (x0 + badge.width / 2, y0 + badge.height / 2))
        else:
            cx, cy = centre(sq)
            paste_centred(canvas, badge, (cx, cy + (CELL / 2 - 11) if tuple(sq) in busy else cy))


def _draw_markers(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    for p in view.get("players", []):
        if p.get("reference") and p.get("team") in TEAMS:
            paste_centred(canvas, target(th[p["team"]], 46), centre(p["reference"]))
    for sq in view.get("bombs", []):
        paste_centred(canvas, _bomb(38, th["bomb"], th["spark"]), centre(sq))
    for sq in view.get("jacks", []):
        paste_centred(canvas, _union_jack(40, 26, th["flag_blue"], th["flag_red"]), centre(sq))


# ---------------------------------------------------------------------------- the panel


def _man_name(say: Text, man: str) -> str:
    return say(K + "man." + man) if K + "man." + man in MESSAGES else man


def _player_label(say: Text, p: Mapping[str, Any], names: Mapping[int, str] | None) -> str:
    """The player's name when the caller knows it, else their two men ("Mainwaring & Wilson")."""
    if names and p["seat"] in names and (name := printable(str(names[p["seat"]]))):
        return name
    men = [_man_name(say, m) for m in p.get("men", [])]
    if len(men) == 2:
        return say(K + "pair").format(first=men[0], second=men[1])
    return " ".join(men)


def _draw_panel(
    canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], names: Mapping[int, str] | None
) -> None:
    """Right-hand panel, top to bottom: whose turn and the die, one card per player, the
    supplies and the Top Secret card being resolved, a two-item legend."""
    x0 = BX + BOARD_PX + PTR + FRAME + 12
    x1 = WIDTH - FRAME - 12
    y = TITLE_H + FRAME + 12
    y = _panel_turn(canvas, th, say, view, names, (x0, y, x1, y + 92)) + 14
    for p in view.get("players", []):
        _panel_player(canvas, th, say, view, p, names, (x0, y, x1, y + 72))
        y += 80
    legend_y = HEIGHT - FRAME - 18
    card_top = legend_y - 18 - 52
    supplies_y = max(y + 4, card_top - 62)
    _panel_supplies(canvas, th, view, (x0, supplies_y, x1))
    if view.get("card"):
        box = (x0, max(card_top, supplies_y + 60), x1, legend_y - 18)
        _draw_card_in_play(canvas, th, say, view, view["card"], box)
    _legend(canvas, th, say, (x0, legend_y, x1))


def _paste_men(
    canvas: Image.Image, th: Theme, view: Mapping[str, Any], men: list[str], team: str, at: Point, step: int
) -> None:
    """A player's men in a row of panel tokens, with the marks (called in, home) the view gives."""
    for i, man in enumerate(men):
        info = view.get("men", {}).get(man, {})
        spr = _man_token(th, man, team, 26, bool(info.get("called_in")), bool(info.get("arrived")))
        paste_centred(canvas, spr, (at[0] + i * step, at[1]))


def _panel_turn(
    canvas: Image.Image,
    th: Theme,
    say: Text,
    view: Mapping[str, Any],
    names: Mapping[int, str] | None,
    box: tuple[int, int, int, int],
) -> int:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    by_seat = {p["seat"]: p for p in view.get("players", [])}
    winner, phase = view.get("winner"), view.get("phase")
    lead = by_seat.get(winner if winner is not None else view.get("turn"))
    team = lead.get("team") if lead and lead.get("team") in TEAMS else None
    colour = th[team] if team else th["muted"]
    d.rounded_rectangle(box, radius=10, fill=blend(colour, th["panel"], 0.78), outline=colour, width=3)
    die_x = x1 - 36
    if lead:
        label = _player_label(say, lead, names)
        room = die_x - 30 - x0 - 14
        f = fit_font(label, 20, room, "bold", min_size=15)
        d.text((x0 + 14, y0 + 24), ellipsize(label, f, room), font=f, fill=th["ink"], anchor="lm")
        _paste_men(canvas, th, view, lead.get("men", []), team or "red", (x0 + 28, y0 + 62), 32)
    if winner is not None:
        word = "★ " + say(K + "winner")
    else:
        word = say(K + "phase." + phase) if phase in PHASES else str(phase or "").upper()
    if view.get("pending") and phase in ("bomb", "jack", "push"):
        word += f" ×{view['pending']}"
    left = x0 + (90 if lead else 14)
    wp = pill(word, 24, colour, _ink_on(team), (25, 25, 25), max_width=die_x - 32 - left)
    paste_centred(canvas, wp, (left + wp.width / 2, y0 + 62))
    if view.get("roll"):
        paste_centred(canvas, die_face(48, int(view["roll"])), (die_x, (y0 + y1) / 2))
    elif phase == "roll":
        paste_centred(canvas, die_face(48, 0), (die_x, (y0 + y1) / 2))
        text_centred(d, (die_x, (y0 + y1) / 2), "?", font("bold", 24), th["muted"])
    return y1


def _panel_player(
    canvas: Image.Image,
    th: Theme,
    say: Text,
    view: Mapping[str, Any],
    p: Mapping[str, Any],
    names: Mapping[int, str] | None,
    box: tuple[int, int, int, int],
) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    team = p["team"] if p.get("team") in TEAMS else "red"
    colour = th[team]
    winner = view.get("winner")
    active = p["seat"] == view.get("turn") and winner is None
    won = p["seat"] == winner
    fill = blend(colour, th["panel"], 0.84 if active or won else 0.94)
    edge = th["gold"] if won else (colour if active else blend(colour, th["panel"], 0.5))
    d.rounded_rectangle(box, radius=8, fill=fill, outline=edge, width=3 if active or won else 1)
    d.rounded_rectangle((x0, y0, x0 + 9, y1), radius=4, fill=colour)
    label = _player_label(say, p, names)
    prefix = "▶ " if active else ("★ " if won else "")
    f = fit_font(prefix + label, 16, x1 - x0 - 60, "bold", min_size=13)
    d.text((x0 + 18, y0 + 16), ellipsize(prefix + label, f, x1 - x0 - 60), font=f, fill=th["ink"], anchor="lm")
    _paste_men(canvas, th, view, p.get("men", []), team, (x0 + 32, y0 + 48), 34)
    ref = p.get("reference")
    if ref:
        paste_centred(canvas, target(colour, 28), (x0 + 118, y0 + 48))
        d.text((x0 + 136, y0 + 48), f"{ref[0]},{ref[1]}", font=font("bold", 14), fill=th["ink"], anchor="lm")
    if p.get("kept_jack"):
        paste_centred(canvas, _union_jack(30, 18, th["flag_blue"], th["flag_red"]), (x1 - 28, y0 + 48))
    arrived = int(p.get("arrived") or 0)
    if arrived:
        d.text((x1 - 10, y0 + 16), "⌂" * arrived, font=font("bold", 16), fill=th["hl_edge"], anchor="rm")


def _panel_supplies(canvas: Image.Image, th: Theme, view: Mapping[str, Any], at: tuple[int, int, int]) -> None:
    """Top Secret deck and discards, bombs and Union Jacks left in the box."""
    x0, y, x1 = at
    d = ImageDraw.Draw(canvas)
    d.line((x0, y, x1, y), fill=blend(th["muted"], th["panel"], 0.5), width=1)
    col = (x1 - x0) / 4
    items = [
        (card(26, 36, th["wd"], th["ink"]), view.get("deck", 0)),
        (card(26, 36, th["cream"], th["muted"]), view.get("discards", 0)),
        (_bomb(34, th["bomb"], th["spark"]), view.get("bombs_left", 0)),
        (_union_jack(30, 18, th["flag_blue"], th["flag_red"]), view.get("jacks_left", 0)),
    ]
    for i, (sprite, count) in enumerate(items):
        cx = x0 + col * (i + 0.5)
        paste_centred(canvas, sprite, (cx - 14, y + 32))
        d.text((cx + 6, y + 32), str(count), font=font("bold", 16), fill=th["ink"], anchor="lm")


def _draw_card_in_play(
    canvas: Image.Image,
    th: Theme,
    say: Text,
    view: Mapping[str, Any],
    card: Mapping[str, Any],
    box: tuple[float, ...],
) -> None:
    """The Top Secret card being resolved: its icon, its title and (a character card) the man."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=th["wd"], outline=th["ink"], width=2)
    kind = card.get("kind")
    man = card.get("man")
    who = _man_name(say, man) if kind == "character" and man else ""
    room = x1 - 10 - (x0 + 56)
    if who:
        fw = fit_font(who, 13, room * 0.45, "bold", min_size=10)
        who = ellipsize(who, fw, room * 0.45)
        d.text((x1 - 10, cy), who, font=fw, fill=th["cream"], anchor="rm")
        room -= fw.getlength(who) + 10
    title = say(K + "card." + kind) if kind in CARDS else str(kind).upper()
    ft = fit_font(title, 16, room, "bold", min_size=11)
    d.text((x0 + 56, cy), ellipsize(title, ft, room), font=ft, fill=th["wd_text"], anchor="lm")
    icon_at = (x0 + 28, cy)
    if kind == "character" and man:
        team = view.get("men", {}).get(man, {}).get("team", "red")
        paste_centred(canvas, _man_token(th, man, team if team in TEAMS else "red", 32, False, False), icon_at)
    elif kind == "hodges":
        paste_centred(canvas, _hodges_token(th, 32), icon_at)
    elif kind == "air_raid":
        paste_centred(canvas, _bomb(36, th["bomb"], th["spark"]), icon_at)
    elif kind == "union_jack":
        paste_centred(canvas, _union_jack(32, 20, th["flag_blue"], th["flag_red"]), icon_at)


def _legend(canvas: Image.Image, th: Theme, say: Text, at: tuple[float, float, float]) -> None:
    """Two marks explained on one line: the tick (called in at a WD base) and the gold ring (home)."""
    x0, y, x1 = at
    d = ImageDraw.Draw(canvas)
    called, home = say(K + "legend.called_in"), say(K + "legend.home")
    f_home = fit_font(home, 11, 70, "regular", min_size=9)
    home = ellipsize(home, f_home, 70)
    home_x = x1 - f_home.getlength(home) - 22  # the ring's token, then the word, flush right
    room = home_x - 14 - (x0 + 22)
    f = fit_font(called, 11, room, "regular", min_size=9)
    paste_centred(canvas, token(14, th["muted"], "", badge=th["tick"]), (x0 + 10, y))
    d.text((x0 + 22, y), ellipsize(called, f, room), font=f, fill=th["muted"], anchor="lm")
    paste_centred(canvas, token(14, th["muted"], "", ring=th["gold"]), (home_x + 10, y))
    d.text((home_x + 22, y), home, font=f_home, fill=th["muted"], anchor="lm")


# ---------------------------------------------------------------------------- entry point

def render(
    view: Mapping[str, Any],
    *,
    highlight: Mapping[str, list[int]] | None = None,
    theme: str | None = None,
    names: Mapping[int, str] | None = None,
    text: Text | None = None,
    texts: Mapping[str, Text] | None = None,
) -> bytes:
    """The board for a view as PNG bytes. `highlight` maps short labels to squares (from
    `highlights`); `names` maps seats to player names (any script); `text` gives the words of
    the board, message id -> text in the table's language (None: English, see `MESSAGES`);
    this board speaks one language, so it needs no `texts`. Same input, same bytes."""
    th = _theme(theme)
    return render_png(lambda: compose(view, highlight=highlight, theme=th.name, names=names, text=text), th)


def compose(
    view: Mapping[str, Any],
    *,
    highlight: Mapping[str, list[int]] | None = None,
    theme: str | None = None,
    names: Mapping[int, str] | None = None,
    text: Text | None = None,
) -> Image.Image:
    """The board as an RGB image, before palette conversion (for tests and measurements)."""
    th = _theme(theme)
    say = wording(text, MESSAGES)
    canvas = _background(th.name, say).copy()
    highlight = highlight or {}
    if highlight:
        _draw_highlight_fills(canvas, th, highlight)
    _draw_markers(canvas, th, view)
    _draw_path(canvas, th, view)
    figures = _figures_by_square(view)
    _draw_figures(canvas, th, figures)
    if highlight:
        busy = set(figures) | {tuple(s) for s in view.get("bombs", []) + view.get("jacks", [])}
        busy |= {tuple(p["reference"]) for p in view.get("players", []) if p.get("reference")}
        busy |= _icon_squares()
        _draw_highlight_pills(canvas, th, highlight, busy)
    _draw_panel(canvas, th, say, view, names)
    return canvas


P = "dads_army.parts."
PARTS = {
    P + "title": "Dad's Army: the board of Walmington-on-Sea and its parts",
    P + "map": "The map: 12 × 12 squares. Throw the die and move one man exactly that many squares,"
                    " up, down, left or right",
    P + "pink": "Pink pointers: the columns, 1 to 12 from west to east (the pink Order cards)",
    P + "black": "Black pointers: the rows, 1 to 12 from north to south (the black Order cards)",
    P + "home": "Homes: each man starts at home; a building is entered and left only by its door",
    P + "wd_base": "WD Top Secret bases: call in at one (exact throw) before heading for your map reference",
    P + "shelter": "Air raid shelters 1 to 4: where an air raid sends men who are not at home",
    P + "ews_tank": "The EWS tank, an open square (pink 4, black 3)",
    P + "men": "The men: two per player, in the player's colour",
    P + "reference": "A map reference: the square where a player must bring both his men (a target in his colour)",
    P + "hodges": "Warden Hodges: starts in the Beach Shelter and moves only when swapped",
    P + "sea": "The sea front: the south row of the map",
    P + "panel": "The players: whose turn it is, each one's men and map reference, the card in play",
}
"""The words of the board's parts (`render_parts`), as the catalogue has them in English."""


def _building_centre(b: Any) -> Point:
    xs, ys = zip(*(centre(sq) for sq in b.squares), strict=True)
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def render_parts(
    view: Mapping[str, Any],
    *,
    theme: str | None = None,
    names: Mapping[int, str] | None = None,
    text: Text | None = None,
    texts: Mapping[str, Text] | None = None,
) -> bytes:
    """The board of `view` with its parts named (the map, the pointers, homes, bases, shelters,
    the EWS tank, the men, Hodges, the sea, the players' panel), in the reader's words (`text`)."""
    say = wording(text, PARTS)
    board = load_board()
    kinds = ("home", "wd_base", "air_raid_shelter")
    first = {kind: next(b for b in board.buildings if b.kind == kind) for kind in kinds}
    open_square = next(sq for sq in board.squares if sq[1] >= 4 and sq[0] >= 6 and sq not in board.building_of
                       and sq not in board.start.values() and sq != board.ews_tank)
    man = board.teams[0][1][0]
    nudge = CELL * 0.3
    man_at, hodges_at = centre(board.start[man]), centre(board.start["hodges"])
    parts = [
        (centre(open_square), say(P + "map")),
        ((centre((7, 1))[0], BY - PTR / 2), say(P + "pink")),
        ((BX - PTR / 2, centre((1, 5))[1]), say(P + "black")),
        (_building_centre(first["home"]), say(P + "home")),
        (_building_centre(first["wd_base"]), say(P + "wd_base")),
        ((_building_centre(first["air_raid_shelter"])[0] + nudge, _building_centre(first["air_raid_shelter"])[1]),
         say(P + "shelter")),
        (centre(board.ews_tank), say(P + "ews_tank")),
        ((man_at[0] + nudge, man_at[1] - nudge), say(P + "men")),
        ((hodges_at[0] + nudge, hodges_at[1] - nudge), say(P + "hodges")),
        (centre((6, board.sea_rows[0])), say(P + "sea")),
        ((WIDTH - FRAME - PANEL_W + 12, TITLE_H + FRAME + 12), say(P + "panel")),
    ]
    reference = next((p["reference"] for p in view.get("players", []) if p.get("reference")), None)
    if reference:
        at = centre(reference)
        parts.insert(8, ((at[0] + nudge, at[1] - nudge), say(P + "reference")))
    return parts_png(compose(view, theme=theme, names=names, text=text), parts, say(P + "title"))


RENDERER: Renderer = Functions(render, highlights, label_actions, render_parts=render_parts)
"""Dad's Army's renderer (`renderer.Renderer`): the board; no hand image (nothing is held in secret)."""

SEAT_COLOURS: dict[str, dict[str, tuple[int, int, int]]] = {
    name: {team: th[team] for team in TEAMS} for name, th in THEMES.items()
}
"""Each theme's team colours (what tells the seats apart), for the colour-blindness test."""
