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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderer import Functions, Renderer, dads_army_text
from renderer.caches import KB, MB, ByteCache, cached
from renderer.common import (
    CLASSIC,
    FONT_FILES,
    NIGHT,
    RGB,
    SS,
    Ask,
    Kept,
    Panel,
    Point,
    Square,
    Text,
    Theme,
    action_highlights,
    action_labels,
    blend,
    card,
    char_ink,
    die_face,
    downscale,
    ellipsize,
    entry,
    font,
    font_for,
    highlight_cell,
    ink_for,
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
from rules.dads_army.board import MAN_CODES, SHELTER_CODE, Board, load_board

CELL = 50
PTR = 30  # the strips of white pointers around the board
FRAME = 8
TITLE_H = 46
BX = FRAME + PTR
BY = TITLE_H + FRAME + PTR
BOARD_PX = 12 * CELL
WIDTH = BX + BOARD_PX + PTR + FRAME
"""The picture is as wide as the map: the table's panel goes under it, so that on a phone (which
shows it `PHONE_WIDTH` wide) the map's words are as big as they can be."""
PANEL_Y = BY + BOARD_PX + PTR + FRAME
"""The top of the table's panel, under the map."""
TURN_H, CARD_H, GAP, SUPPLIES_H, LEGEND_H = 84, 72, 8, 56, 30
PANEL_H = 10 + TURN_H + GAP + 2 * (CARD_H + GAP) + SUPPLIES_H + GAP + LEGEND_H + 6
HEIGHT = PANEL_Y + PANEL_H + FRAME
WALL = 5
PHONE_WIDTH = 400
"""How wide a phone shows the picture until it is tapped."""
LEGIBLE_PX = 9 * WIDTH / PHONE_WIDTH + 0.3
"""The least glyph height (px) of any word on the board: 9 px once the picture is shown
`PHONE_WIDTH` wide (a little over, for rounding). What cannot be drawn this big is not drawn."""

INITIALS = {**MAN_CODES, "hodges": "H"}
"""The code on each figure's token: what a command takes for the man (`rules.dads_army.board`)."""
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


LARGEST = 97
"""The largest size `legible` tries: what a text no size makes legible is drawn at."""


@cached("dads_army.legible", 64 * KB)
def legible(text: str, kind: str = "bold", at_least: int = 12) -> ImageFont.FreeTypeFont:
    """The smallest font of that kind, `at_least` big, whose letters and digits of `text` stand
    `LEGIBLE_PX` high (a Chinese name: the CJK font). Worked out from each character's ink rows
    at every size tried (`_ink_rows`, kept by character): a player's name, which no cache keeps,
    costs a few look-ups, not a FreeType measurement per size and character."""
    face = "cjk" if needs_cjk(text) else kind
    chars = {ch for ch in text if ch.isalnum()}
    if not chars:
        return font_for(text, at_least, kind)
    rows = [_ink_rows(face, at_least, ch) for ch in chars]
    tried = min(len(r) for r in rows) // 2  # the shortest rows end where one character alone is legible
    for i in range(0, 2 * tried - 2, 2):
        if max(r[i + 1] for r in rows) - min(r[i] for r in rows) >= LEGIBLE_PX:
            return font_for(text, at_least + i // 2, kind)
    return font_for(text, at_least + tried - 1, kind)


_INK_ROWS: ByteCache[tuple[int, ...]] = ByteCache("dads_army.ink_rows", 256 * KB, numbers=True)
"""`_ink_rows` by font, least size and character (numbers only: an alphabet's worth, never a text):
each size's rows measured by `common.char_ink` (once for every renderer), kept here as the run of
sizes `legible` reads at once."""
_FACES = tuple(FONT_FILES)


def _ink_rows(face: str, at_least: int, ch: str) -> tuple[int, ...]:
    """A character's ink rows (top, bottom: `common.char_ink`'s) in font `face` at each size from
    `at_least` up to the first at which it alone stands `LEGIBLE_PX` high (or `LARGEST`), one
    size after the other in one flat tuple (top, bottom, top, bottom...). A text stands at least as
    high as each of its characters, so `legible` never needs a larger size. Kept (`_INK_ROWS`)."""
    key = (_FACES.index(face), at_least, ord(ch))
    found = _INK_ROWS.get(key)
    if found is None:
        found = _measure_ink_rows(face, at_least, ch)
        _INK_ROWS.put(key, found)
    return found


def _measure_ink_rows(face: str, at_least: int, ch: str) -> tuple[int, ...]:
    out: list[int] = []
    for size in range(at_least, LARGEST + 1):
        top, bottom = char_ink(font(face, size), ch)
        out += (top, bottom)
        if bottom - top >= LEGIBLE_PX:
            break
    return tuple(out)


def legible_fit(text: str, room: float, kind: str = "bold", at_least: int = 12) -> tuple[ImageFont.FreeTypeFont, str]:
    """A legible font (`legible`) and the text cut with an ellipsis to fit `room` px in it: the
    font is chosen again for the cut text (a cut can drop the letters that reach lowest)."""
    f = legible(text, kind, at_least)
    cut = ellipsize(text, f, room)
    while cut != text and (g := legible(cut, kind, at_least)).size > f.size:
        f, cut = g, ellipsize(text, g, room)
    return f, cut


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


def _lettered(actions: Sequence[str]) -> list[str]:
    """The actions whose squares get letters: the moves of ONE man (the first, in the board's
    order, of those who can move: a letter names one man's square, never "either man's"), and
    every other action with a square but a shelter's (named by its own code, `S1`)."""
    movers = {a.split()[1] for a in actions if a.startswith("move ") and len(a.split()) == 3}
    first = min(movers, key=lambda m: list(INITIALS).index(m) if m in INITIALS else 99, default=None)
    return [a for a in actions if not a.startswith("shelter ")
            and (not a.startswith("move ") or a.split()[1] == first)]


def _shelter_code(action: str) -> str | None:
    tokens = action.split()
    return SHELTER_CODE.format(n=tokens[2]) if len(tokens) == 3 and tokens[0] == "shelter" else None


def highlights(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, list[int]]:
    """Short labels for the distinct squares the actions target, in reading order (row by
    row, west to east), so a label always means the same square for the same action list: the
    letters of one man's moves at a time (`_lettered`); a shelter by its own code (`S2`, as
    `shelter <man> s2` takes it). Above `MANY_TARGETS` squares the board tints them unlabelled.
    (`view` is part of every renderer's signature; Dad's Army's squares need only the board.)"""
    out: dict[str, list[int]] = action_highlights(_lettered(actions), action_square)
    for action in actions:
        code, sq = _shelter_code(action), action_square(action)
        if code and sq:
            out[code] = list(sq)
    return out


def label_actions(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
    """Each action text -> the label of its square on the board (None: no label drawn there,
    e.g. `roll`, the other man's moves, or squares too many to letter)."""
    lettered = _lettered(actions)
    labels = action_labels(lettered, action_square)
    if len({lab for lab in labels.values() if lab}) > MANY_TARGETS:
        labels = {}
    return {a: labels.get(a) or _shelter_code(a) for a in actions}


# ---------------------------------------------------------------------------- sprites


@cached("dads_army._bomb", 256 * KB)
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


@cached("dads_army._union_jack", 256 * KB)
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


ON_LIGHT = (35, 33, 28)
"""Dark ink for words and initials on a light team colour (yellow, green), whatever the theme."""


def _ink_on(th: Theme, team: str | None) -> RGB:
    """The colour of words drawn on a team's colour (a token, the phase pill): dark or white,
    whichever stands out more on it (no team: the muted pill, white)."""
    return ink_for(th[team], ON_LIGHT) if team in TEAMS else (255, 255, 255)


def _man_token(th: Theme, man: str, team: str, diameter: int, called_in: bool, arrived: bool) -> Image.Image:
    """A man's disc in his team's colour, with its marks (the code is drawn by `_paste_figure`)."""
    return token(
        diameter,
        th[team],
        "",
        _ink_on(th, team),
        (25, 25, 25),
        th["gold"] if arrived else None,
        th["tick"] if called_in else None,
    )


def _hodges_token(th: Theme, diameter: int) -> Image.Image:
    return token(diameter, th["hodges"], "", (25, 25, 25), (25, 25, 25))


def _paste_figure(canvas: Image.Image, th: Theme, man: str, team: str | None, at: Point, diameter: int,
                  called_in: bool = False, arrived: bool = False) -> None:
    """A figure's token with its code on it (`INITIALS`: what a command takes), the code at the
    board's legible size whatever the token's. `team` None: Hodges."""
    if team is None:
        sprite = _hodges_token(th, diameter)
    else:
        sprite = _man_token(th, man, team, diameter, called_in, arrived)
    code = INITIALS.get(man, man[:2].title())
    x, y = round(at[0] - sprite.width / 2), round(at[1] - sprite.height / 2)
    figure = _figure(th.name, team, code, diameter, called_in, arrived, (at[0] - x, at[1] + 1 - y))
    if figure is not None and canvas.mode == "RGB":
        canvas.paste(figure, (x, y), figure)
        return
    ink = (25, 25, 25) if team is None else _ink_on(th, team)
    paste_centred(canvas, sprite, at)
    ImageDraw.Draw(canvas).text((at[0], at[1] + 1), code, font=legible(code, "condensed"), fill=ink, anchor="mm")


@cached("dads_army._figure", 1 * MB)
def _figure(theme: str, team: str | None, code: str, diameter: int, called_in: bool, arrived: bool,
            text_at: Point) -> Image.Image | None:
    """A figure's token with its code drawn on it at `text_at` (its centre in the sprite, with the
    fraction of a pixel the board's spot gives it), pasted as one sprite: the same pixels as the
    token pasted and the code drawn over it, since the code's every inked pixel lies where the
    token is opaque (checked here: None, and the figure is drawn in two steps, when it does not)."""
    th = THEMES[theme]
    if team is None:
        sprite, ink = _hodges_token(th, diameter), (25, 25, 25)
    else:
        sprite, ink = _man_token(th, "", team, diameter, called_in, arrived), _ink_on(th, team)
    f = legible(code, "condensed")
    inked = Image.new("L", sprite.size, 0)
    ImageDraw.Draw(inked).text(text_at, code, font=f, fill=255, anchor="mm")
    inked = inked.point(lambda v: 255 if v else 0)
    if ImageChops.multiply(inked, ImageChops.invert(sprite.getchannel("A"))).getbbox() is not None:
        return None
    out = sprite.copy()
    ImageDraw.Draw(out).text(text_at, code, font=f, fill=ink, anchor="mm")
    return out


# ---------------------------------------------------------------------------- static background


def _background(theme_name: str, say: Text) -> Image.Image:
    """The static drawing for a theme in the caller's words (see `_drawn_background`)."""
    return _drawn_background(theme_name, tuple(say(k) for k in BACKGROUND_KEYS))


LABELS_BUDGET = 640 * KB
"""The map's plated labels kept (`_LABELS`): about 11 KB each (the pixels under it and its own),
sixteen per theme and language (180 KB), so three boards' worth (a theme, a language)."""
BACKGROUNDS_BUDGET = 8 * MB - LABELS_BUDGET
"""The static drawings kept (`_drawn_background`): 2.2 MB each, three of them (6.7 MB)."""


@cached("dads_army._drawn_background", BACKGROUNDS_BUDGET)
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
    d.text((after_title, TITLE_H / 2), place, font=legible(place, "regular"),
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

    _draw_ews_tank(d, th, board.ews_tank)
    home_team = {}
    for team, men in board.teams:
        for man in men:
            home_team[board.building_of.get(board.start[man])] = team
    for b in board.buildings:
        _draw_building(img, d, th, board, b, home_team.get(b.id))
    _draw_pointers(d, th, board)
    d.rectangle((BX - 1, BY - 1, BX + BOARD_PX, BY + BOARD_PX), outline=th["ink"], width=2)
    # the table's panel, under the map
    d.rounded_rectangle((FRAME, PANEL_Y, WIDTH - FRAME, HEIGHT - FRAME), radius=10, fill=th["panel"])
    return img


def _building_word(say: Mapping[str, str], b: Any) -> str:
    """What a building shows: WD for a base, its code (S1) for a shelter, else its name."""
    if b.kind == "air_raid_shelter":  # its code, the same in every language (`SHELTER_CODE`)
        return SHELTER_CODE.format(n=b.number)
    if b.kind == "wd_base":
        return say[K + "mark.wd"]
    return say.get(K + "building." + b.id, b.name)


def _draw_ews_tank(d: ImageDraw.ImageDraw, th: Theme, sq: Square) -> None:
    """The tank's drawing (its word is drawn over each board, `_draw_labels`)."""
    cx, cy = centre(sq)
    r = CELL * 0.4
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=th["tank"], outline=th["ink"], width=2)
    d.ellipse(
        (cx - r + 5, cy - r + 5, cx + r - 5, cy + r - 5), outline=blend(th["tank"], (255, 255, 255), 0.4), width=1
    )


def _draw_building(img: Image.Image, d: ImageDraw.ImageDraw, th: Theme, board: Board, b: Any, team: str | None
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
    if b.kind == "wd_base":  # the War Department's arrow; its word is drawn over each board
        cx, cy = centre(b.squares[0])
        _broad_arrow(d, (cx, cy - 14), th["wd_text"])
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


Box = tuple[float, float, float, float]


@dataclass
class _Taken:
    """What a board draws over the map before its labels: `full`, every token, marker and badge
    (a home's name is never drawn over one); `words`, the words among them (a man's code, a
    badge), which nothing may be drawn over."""

    full: list[Box] = field(default_factory=list)
    words: list[Box] = field(default_factory=list)

    def free(self, box: Box, *, over_tokens: bool = False) -> bool:
        """Whether `box` (and a pixel or two round it: an outline's width) meets nothing taken."""
        x0, y0, x1, y1 = box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2
        for boxes in ((self.words,) if over_tokens else (self.full, self.words)):
            for b in boxes:  # overlap, written out: a board asks this hundreds of times
                if x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1:
                    return False
        return True


def _text_box(xy: Point, text: str, f: ImageFont.FreeTypeFont) -> Box:
    x0, y0, x1, y1 = _centred_bbox(f, text)
    return (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1)


_BBOXES: ByteCache[tuple[float, float, float, float]] = ByteCache("dads_army.centred_bbox", 64 * KB)
"""`_centred_bbox` by font file, size and word."""


def _centred_bbox(f: ImageFont.FreeTypeFont, text: str) -> tuple[float, float, float, float]:
    """A word's ink box around its centre (`getbbox`, anchor "mm"): the board's words (codes,
    buildings' names) are the same on every table, and each is measured once (`_BBOXES`)."""
    key = (str(f.path), int(f.size), text)
    found = _BBOXES.get(key)
    if found is None:
        found = f.getbbox(text, anchor="mm")
        _BBOXES.put(key, found)
    return found


def _draw_labels(canvas: Image.Image, th: Theme, say: Text, taken: _Taken) -> None:
    """Every building's word and the EWS tank's, drawn last over the map, each where nothing
    drawn over the map lies: a home's name on a row of the home clear of men, markers and badges
    (left off when there is none: no command names a building and the parts picture names them
    all); a base's or shelter's code, or the tank's word, in its square, or on a small tag at the
    top of the square when a man or a badge stands there (left off only when words lie there)."""
    d = ImageDraw.Draw(canvas)
    board = load_board()
    words = {k: say(k) for k in BACKGROUND_KEYS}
    ews = words[K + "mark.ews"]
    tx, ty = centre(board.ews_tank)
    _icon_label(canvas, d, th, ews, (tx, ty), taken, "ews")
    for b in board.buildings:
        name = _building_word(words, b)
        if b.kind in ("wd_base", "air_raid_shelter"):
            _icon_label(canvas, d, th, name, centre(b.squares[0]), taken, b.kind)
        else:
            _home_label(d, th, b, name, taken)


_LABELS: Kept[tuple[bytes, Image.Image]] = Kept("dads_army._LABELS", LABELS_BUDGET)
"""The map's labels that cost more than a word to draw (a shelter's code on its plate, a code on
its tag, the tank's word in its halo), as drawn, by where they lie and what they show, each with
the pixels it was drawn over (`_kept_label`)."""
LABEL_MARGIN = 3
"""Pixels round a label's boxes that its area (`_label_area`) takes in: a word's ink may reach a
pixel past its measured box (it starts at a fraction of a pixel)."""


def _label_area(*boxes: Box) -> tuple[int, int, int, int]:
    """The whole pixels a label drawn over `boxes` may touch (`LABEL_MARGIN` round them)."""
    return (math.floor(min(b[0] for b in boxes)) - LABEL_MARGIN, math.floor(min(b[1] for b in boxes)) - LABEL_MARGIN,
            math.ceil(max(b[2] for b in boxes)) + 1 + LABEL_MARGIN,
            math.ceil(max(b[3] for b in boxes)) + 1 + LABEL_MARGIN)


def _kept_label(canvas: Image.Image, area: tuple[int, int, int, int], key: Any, paint: Callable[[], None]) -> None:
    """Paint a label inside `area` of the canvas (`paint` touches nothing outside it), or paste
    the pixels it gave before when the pixels under it are the same as then (most often the map
    itself, the same on every table): the same pixels either way. `key` holds all `paint` reads."""
    ground = canvas.crop(area).tobytes()
    found = _LABELS.get((area, key))
    if found is not None and found[0] == ground:
        canvas.paste(found[1], area[:2])
        return
    paint()
    _LABELS.keep((area, key), (ground, canvas.crop(area)))


def _icon_label(canvas: Image.Image, d: ImageDraw.ImageDraw, th: Theme, word: str, at_centre: Point, taken: _Taken,
                kind: str) -> None:
    cx, cy = at_centre
    f = legible(word, "condensed")
    if kind == "wd_base":
        at, plate = (cx, cy + 8), None
    elif kind == "air_raid_shelter":
        at, plate = (cx, cy - 1), (cx - 21, cy - 15, cx + 21, cy + 13)
    else:
        at, plate = (cx, cy), None
    box = _text_box(at, word, f)
    if taken.free(plate or box):
        if kind == "wd_base":  # a word alone: drawn at once, as cheap as looking it up
            text_centred(d, at, word, f, th["wd_text"])
            return

        def label() -> None:
            if plate is not None:
                d.rounded_rectangle(plate, radius=9, fill=th["shelter_dark"], outline=(255, 255, 255), width=2)
            if kind == "ews":
                text_outlined(d, at, word, f, (255, 255, 255), (35, 50, 64), 2)
            else:
                text_centred(d, at, word, f, (255, 255, 255))

        halo = (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)  # the tank's word's outline
        _kept_label(canvas, _label_area(halo, *([plate] if plate else [])), (th.name, kind, word, at), label)
        return
    # something stands on the square: the word on a tag at its top edge
    y0 = cy - CELL / 2
    tag_at = (cx, y0 + 5)
    box = _text_box(tag_at, word, f)
    tag = (box[0] - 4, box[1] - 3, box[2] + 4, box[3] + 3)
    if not taken.free(tag, over_tokens=True):
        return
    fill = {"wd_base": th["wd"], "air_raid_shelter": th["shelter_dark"]}.get(kind, th["tank"])

    def tagged() -> None:
        d.rounded_rectangle(tag, radius=5, fill=fill, outline=(255, 255, 255), width=1)
        text_centred(d, tag_at, word, f, th["wd_text"] if kind == "wd_base" else (255, 255, 255))

    _kept_label(canvas, _label_area(tag), (th.name, kind, word, tag_at, "tag"), tagged)


def _home_label(d: ImageDraw.ImageDraw, th: Theme, b: Any, name: str, taken: _Taken) -> None:
    """A home's name: first on its row without the door (the men waiting at the door hide no
    text), on one line or two; else on any row of it that is clear (`_home_places`)."""
    for placed, boxes in _home_places(b.id, name):
        if all(taken.free(box) for box in boxes):
            for at, text, g in placed:
                text_centred(d, at, text, g, th["label"])
            return


Placed = tuple[tuple[Point, str, ImageFont.FreeTypeFont], ...]


@cached("dads_army._home_places", 128 * KB)
def _home_places(building: str, name: str) -> tuple[tuple[Placed, tuple[Box, ...]], ...]:
    """Where a home's name may go, best first, each with the boxes its words take: on the row
    without the door, then on each row, then in each square, on one line where it fits, else on
    two (a place it fits in neither way is left out). The same on every table: worked out once."""
    b = next(h for h in load_board().buildings if h.id == building)
    squares = {tuple(sq) for sq in b.squares}
    free = {sq for sq in squares if sq[1] != b.door_inside[1]} or (squares - {tuple(b.door_inside)}) or squares
    spans = [free] + [{sq for sq in squares if sq[1] == r} for r in sorted({r for _, r in squares})]
    spans += [{sq} for sq in sorted(squares, key=lambda q: (q[1], q[0]))]  # a short name fits one square
    out: list[tuple[Placed, tuple[Box, ...]]] = []
    for span in spans:
        cols, rows = sorted({c for c, _ in span}), sorted({r for _, r in span})
        x0, x1 = BX + (cols[0] - 1) * CELL, BX + cols[-1] * CELL
        y0, y1 = BY + (rows[0] - 1) * CELL, BY + rows[-1] * CELL
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        room = x1 - x0 - 6
        f = legible(name, "condensed")
        placed: Placed = ()
        lines = _two_lines(name)
        if f.getlength(name) <= room:
            placed = ((mid, name, f),)
        elif lines is not None:
            top, bottom = lines
            g = max(legible(top, "condensed"), legible(bottom, "condensed"), key=lambda h: h.size)
            half = g.size * 0.55
            if max(g.getlength(top), g.getlength(bottom)) <= room and 2 * half + g.size <= y1 - y0:
                placed = (((mid[0], mid[1] - half), top, g), ((mid[0], mid[1] + half), bottom, g))
        if placed:
            out.append((placed, tuple(_text_box(at, text, g) for at, text, g in placed)))
    return tuple(out)


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
    f = legible("12", "condensed")
    white = (250, 250, 246)
    for i in range(1, board.columns + 1):
        cx = BX + (i - 0.5) * CELL
        for top in (True, False):
            y0 = BY - PTR + 3 if top else BY + BOARD_PX + 3
            y1 = y0 + PTR - 6
            tip = (cx, y1 + 3) if top else (cx, y0 - 3)
            base = y0 if top else y1
            shape: list[tuple[float, float]] = [(cx - 20, base), (cx + 20, base)]
            mid = y1 - 4 if top else y0 + 4
            shape += [(cx + 20, mid), tip, (cx - 20, mid)]
            d.polygon(shape, fill=white)
            text_centred(d, (cx, (y0 + y1) / 2 - (1 if top else -1)), str(i), f, th["pink"])
    for j in range(1, board.rows + 1):
        cy = BY + (j - 0.5) * CELL
        for left in (True, False):
            x0 = BX - PTR + 1 if left else BX + BOARD_PX + 2
            x1 = x0 + PTR - 3
            if left:
                shape = [(x0, cy - 14), (x1 - 3, cy - 14), (x1 + 1, cy), (x1 - 3, cy + 14), (x0, cy + 14)]
            else:
                shape = [(x1, cy - 14), (x0 + 3, cy - 14), (x0 - 1, cy), (x0 + 3, cy + 14), (x1, cy + 14)]
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


FIGURE = 42
"""A figure's token on the map: as big as a square allows, for a legible code."""
STEP = 37
"""Centre to centre of figures sharing a square: side by side on a tray over the square's
neighbours (their codes cannot shrink to fit one square)."""


def _figure_spots(n: int) -> list[tuple[float, float]]:
    """Offsets of n figures on one square: one row of up to 3, then a second row (a Hodges swap
    can exceed the limit of 3)."""
    rows = [min(n, 3)] if n <= 3 else [(n + 1) // 2, n // 2]
    out: list[tuple[float, float]] = []
    for r, count in enumerate(rows):
        oy = (r - (len(rows) - 1) / 2) * STEP
        out += [((i - (count - 1) / 2) * STEP, oy) for i in range(count)]
    return out


def _draw_figures(canvas: Image.Image, th: Theme, by_square: Mapping[Square, list[tuple[str, Any]]]) -> None:
    d = ImageDraw.Draw(canvas, "RGBA")
    for sq, figures in sorted(by_square.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cx, cy = centre(sq)
        spots = _figure_spots(len(figures))
        if len(figures) > 1:  # a tray marks the figures as standing on one square
            xs, ys = [cx + ox for ox, _ in spots], [cy + oy for _, oy in spots]
            r = FIGURE / 2 + 3
            d.rounded_rectangle((min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r), radius=r,
                                fill=(*th["panel"], 215), outline=(*th["ink"], 255), width=2)
        for (man, info), (ox, oy) in zip(figures, spots, strict=True):
            team = None if info is None else info["team"]
            called, arrived = (False, False) if info is None else (bool(info["called_in"]), bool(info["arrived"]))
            _paste_figure(canvas, th, man, team, (cx + ox, cy + oy), FIGURE, called, arrived)


def _taken(view: Mapping[str, Any], figures: Mapping[Square, list[tuple[str, Any]]]) -> _Taken:
    """What the board has drawn over the map so far (`_Taken`): the men (their codes as words),
    the map references, bombs and flags."""
    taken = _Taken()
    for sq, on in figures.items():
        cx, cy = centre(sq)
        for (man, _), (ox, oy) in zip(on, _figure_spots(len(on)), strict=True):
            x, y = cx + ox, cy + oy
            taken.full.append((x - FIGURE / 2, y - FIGURE / 2, x + FIGURE / 2, y + FIGURE / 2))
            code = INITIALS.get(man, man[:2].title())
            taken.words.append(_text_box((x, y + 1), code, legible(code, "condensed")))
    marks = [(p["reference"], 23.0, 23.0) for p in view.get("players", []) if p.get("reference")]
    marks += [(sq, 19.0, 19.0) for sq in view.get("bombs", [])] + [(sq, 20.0, 13.0) for sq in view.get("jacks", [])]
    for sq, rx, ry in marks:
        cx, cy = centre(sq)
        taken.full.append((cx - rx, cy - ry, cx + rx, cy + ry))
    return taken


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


@cached("dads_army._icon_squares", 64 * KB)
def _icon_squares() -> frozenset[Square]:
    """Squares whose own drawing (WD base, shelter, EWS tank) a label badge should not hide."""
    board = load_board()
    return frozenset({board.ews_tank} | set(board.wd_bases) | set(board.shelters.values()))


def _draw_highlight_fills(canvas: Image.Image, th: Theme, highlight: Mapping[str, list[int]]) -> None:
    light = len(highlight) > MANY_TARGETS
    for sq in highlight.values():
        highlight_cell(canvas, _cell_box(tuple(sq)), th, light=light)


PILL_H = 30
"""A label's badge: tall enough for a legible letter."""


def _draw_highlight_pills(
    canvas: Image.Image, th: Theme, highlight: Mapping[str, list[int]], busy: set[Square], manned: set[Square]
) -> list[Box]:
    """Each label on its square (at the bottom edge of a square with something on it; across the
    bottom edge of a square a man stands on, clear of his code). Too many squares to letter
    legibly (an air raid's bombs): tinted only, their pointers name them. Returns the badges' boxes."""
    if len(highlight) > MANY_TARGETS:
        return []
    out: list[Box] = []
    for label, sq in highlight.items():
        badge = _label_pill(label, th["hl_edge"])
        cx, cy = centre(sq)
        if tuple(sq) in manned:
            cy += CELL / 2
        elif tuple(sq) in busy:
            cy += (CELL - PILL_H) / 2 - 1
        paste_centred(canvas, badge, (cx, cy))
        out.append((cx - badge.width / 2, cy - badge.height / 2, cx + badge.width / 2, cy + badge.height / 2))
    return out


@cached("dads_army._label_pill", 1 * MB)
def _label_pill(label: str, edge: RGB) -> Image.Image:
    """A white badge with a label in ink, its letters `LEGIBLE_PX` high."""
    f = legible(label, "bold")
    w = max(PILL_H, round(f.getlength(label) + PILL_H * 0.5))
    big = Image.new("RGBA", (w * SS, PILL_H * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * SS - 1, PILL_H * SS - 1), radius=PILL_H * SS // 2,
                                          fill=(255, 255, 255), outline=edge, width=round(2 * SS))
    img = downscale(big, (w, PILL_H))
    ImageDraw.Draw(img).text((w / 2, PILL_H / 2 + 1), label, font=f, fill=(20, 20, 20), anchor="mm")
    return img


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


def _draw_panel(panel: Panel) -> None:
    """The panel under the map, top to bottom: whose turn and the die; one card per player, two
    a row; the supplies beside the Top Secret card being resolved; a two-item legend."""
    canvas, th, say, view, _names = panel
    x0, x1 = FRAME + 10, WIDTH - FRAME - 10
    y = PANEL_Y + 10
    _panel_turn(panel, (x0, y, x1, y + TURN_H))
    y += TURN_H + GAP
    half = (x1 - x0 - GAP) // 2
    for i, p in enumerate(view.get("players", [])):
        cx = x0 + (i % 2) * (half + GAP)
        cy = y + (i // 2) * (CARD_H + GAP)
        _panel_player(panel, p, (cx, cy, cx + half, cy + CARD_H))
    y += 2 * (CARD_H + GAP)
    _panel_supplies(canvas, th, view, (x0, y, x0 + half))
    if view.get("card"):
        _draw_card_in_play(canvas, th, say, view, view["card"], (x0 + half + GAP, y + 4, x1, y + SUPPLIES_H - 4))
    _legend(canvas, th, say, (x0, y + SUPPLIES_H + GAP + LEGEND_H / 2, x1))


MEN_TOKEN = 40
"""A man's token in the panel."""
FRAMES_BUDGET = 1536 * KB
"""The panel's parts that are the same on every table (`_FRAMES`): the players' cards' frames by
colour, state (whose turn, who won) and place, the legend by theme and language; some 70 KB each,
a theme's dozen cards and a legend or two."""
_FRAMES: Kept[Image.Image] = Kept("dads_army._FRAMES", FRAMES_BUDGET)
"""The panel's parts that do not depend on the table, kept by place (`Kept.area`): each is drawn
on the panel's plain ground, the same for every table of a theme."""


def _paste_men(
    canvas: Image.Image, th: Theme, view: Mapping[str, Any], men: list[str], team: str, at: Point, step: int
) -> None:
    """A player's men in a row of panel tokens, with the marks (called in, home) the view gives."""
    for i, man in enumerate(men):
        info = view.get("men", {}).get(man, {})
        _paste_figure(canvas, th, man, team, (at[0] + i * step, at[1]), MEN_TOKEN,
                      bool(info.get("called_in")), bool(info.get("arrived")))


def _panel_turn(panel: Panel, box: tuple[int, int, int, int]) -> int:
    """Whose turn (or who won): the player's men and name in their colour, the phase, the die."""
    canvas, th, say, view, names = panel
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    by_seat = {p["seat"]: p for p in view.get("players", [])}
    winner, phase = view.get("winner"), view.get("phase")
    lead = by_seat.get(winner if winner is not None else view.get("turn"))
    team = lead.get("team") if lead and lead.get("team") in TEAMS else None
    colour = th[team] if team else th["muted"]
    d.rounded_rectangle(box, radius=10, fill=blend(colour, th["panel"], 0.78), outline=colour, width=3)
    die_x = x1 - 44
    left = x0 + 16
    if lead:
        _paste_men(canvas, th, view, lead.get("men", []), team or "red", (x0 + 34, (y0 + y1) / 2), 46)
        left = x0 + 34 + 46 + MEN_TOKEN // 2 + 14
        label = _player_label(say, lead, names)
        f, label = legible_fit(label, die_x - 36 - left, "bold", 24)
        d.text((left, y0 + 24), label, font=f, fill=th["ink"], anchor="lm")
    if winner is not None:
        word = "★ " + say(K + "winner")
    else:
        word = say(K + "phase." + phase) if phase in PHASES else str(phase or "").upper()
    if view.get("pending") and phase in ("bomb", "jack", "push"):
        word += f" ×{view['pending']}"
    wp = pill(word, 32, colour, _ink_on(th, team), (25, 25, 25), max_width=die_x - 36 - left)
    paste_centred(canvas, wp, (left + wp.width / 2, y0 + 60))
    if view.get("roll"):
        paste_centred(canvas, die_face(56, int(view["roll"])), (die_x, (y0 + y1) / 2))
    elif phase == "roll":
        paste_centred(canvas, die_face(56, 0), (die_x, (y0 + y1) / 2))
        text_centred(d, (die_x, (y0 + y1) / 2), "?", font("bold", 28), th["muted"])
    return y1


def _panel_player(panel: Panel, p: Mapping[str, Any], box: tuple[int, int, int, int]) -> None:
    """One player: their colour beside their name, their men (by code), their map reference."""
    canvas, th, say, view, names = panel
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    team = p["team"] if p.get("team") in TEAMS else "red"
    colour = th[team]
    winner = view.get("winner")
    active = p["seat"] == view.get("turn") and winner is None
    won = p["seat"] == winner
    fill = blend(colour, th["panel"], 0.84 if active or won else 0.94)
    edge = th["gold"] if won else (colour if active else blend(colour, th["panel"], 0.5))
    width = 3 if active or won else 1

    def frame() -> None:
        d.rounded_rectangle(box, radius=8, fill=fill, outline=edge, width=width)
        d.rounded_rectangle((x0, y0, x0 + 9, y1), radius=4, fill=colour)

    _FRAMES.area(canvas, (x0, y0, x1 + 1, y1 + 1), (th.name, fill, edge, width, colour), frame)
    label = _player_label(say, p, names)
    prefix = "▶ " if active else ("★ " if won else "")
    arrived = int(p.get("arrived") or 0)
    room = x1 - x0 - 24 - (20 * arrived + 6 if arrived else 0)
    f, label = legible_fit(prefix + label, room, "bold")
    d.text((x0 + 16, y0 + 17), label, font=f, fill=th["ink"], anchor="lm")
    _paste_men(canvas, th, view, p.get("men", []), team, (x0 + 36, y0 + 50), 44)
    ref = p.get("reference")
    if ref:
        paste_centred(canvas, target(colour, 28), (x0 + 124, y0 + 50))
        where = f"{ref[0]},{ref[1]}"
        d.text((x0 + 142, y0 + 51), where, font=legible(where, "bold"), fill=th["ink"], anchor="lm")
    if p.get("kept_jack"):
        paste_centred(canvas, _union_jack(34, 22, th["flag_blue"], th["flag_red"]), (x1 - 30, y0 + 50))
    if arrived:
        d.text((x1 - 10, y0 + 17), "⌂" * arrived, font=font("bold", 20), fill=th["hl_edge"], anchor="rm")


def _panel_supplies(canvas: Image.Image, th: Theme, view: Mapping[str, Any], at: tuple[int, int, int]) -> None:
    """Top Secret deck and discards, bombs and Union Jacks left in the box."""
    x0, y, x1 = at
    d = ImageDraw.Draw(canvas)
    col = (x1 - x0) / 4
    items = [
        (card(26, 36, th["wd"], th["ink"]), view.get("deck", 0)),
        (card(26, 36, th["cream"], th["muted"]), view.get("discards", 0)),
        (_bomb(34, th["bomb"], th["spark"]), view.get("bombs_left", 0)),
        (_union_jack(30, 18, th["flag_blue"], th["flag_red"]), view.get("jacks_left", 0)),
    ]
    for i, (sprite, count) in enumerate(items):
        cx = x0 + col * (i + 0.5)
        paste_centred(canvas, sprite, (cx - 18, y + SUPPLIES_H / 2))
        d.text((cx + 2, y + SUPPLIES_H / 2), str(count), font=legible("0", "bold"), fill=th["ink"], anchor="lm")


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
    title = say(K + "card." + kind) if kind in CARDS else str(kind).upper()
    ft, title = legible_fit(title, x1 - 10 - (x0 + 50), "bold")
    d.text((x0 + 50, cy), title, font=ft, fill=th["wd_text"], anchor="lm")
    icon_at = (x0 + 26, cy)
    if kind == "character" and man:  # the man by his token, code and all
        team = view.get("men", {}).get(man, {}).get("team", "red")
        _paste_figure(canvas, th, man, team if team in TEAMS else "red", icon_at, MEN_TOKEN)
    elif kind == "hodges":
        _paste_figure(canvas, th, "hodges", None, icon_at, MEN_TOKEN)
    elif kind == "air_raid":
        paste_centred(canvas, _bomb(36, th["bomb"], th["spark"]), icon_at)
    elif kind == "union_jack":
        paste_centred(canvas, _union_jack(32, 20, th["flag_blue"], th["flag_red"]), icon_at)


def _legend(canvas: Image.Image, th: Theme, say: Text, at: tuple[float, float, float]) -> None:
    """Two marks explained on one line: the tick (called in at a WD base) and the gold ring (home);
    the same on every table of a theme and language, so kept (`_FRAMES`)."""
    x0, y, x1 = at
    called, home = say(K + "legend.called_in"), say(K + "legend.home")
    area = (round(x0), round(y - LEGEND_H / 2), round(x1), round(y + LEGEND_H / 2))
    _FRAMES.area(canvas, area, (th.name, called, home), lambda: _draw_legend(canvas, th, (called, home), at))


def _draw_legend(canvas: Image.Image, th: Theme, words: tuple[str, str], at: tuple[float, float, float]) -> None:
    x0, y, x1 = at
    d = ImageDraw.Draw(canvas)
    called, home = words
    f_home, home = legible_fit(home, 120, "regular")
    home_x = x1 - f_home.getlength(home) - 30  # the ring's token, then the word, flush right
    room = home_x - 20 - (x0 + 30)
    f, called = legible_fit(called, room, "regular")
    paste_centred(canvas, token(18, th["muted"], "", badge=th["tick"]), (x0 + 12, y))
    d.text((x0 + 30, y), called, font=f, fill=th["muted"], anchor="lm")
    paste_centred(canvas, token(18, th["muted"], "", ring=th["gold"]), (home_x + 12, y))
    d.text((home_x + 30, y), home, font=f_home, fill=th["muted"], anchor="lm")


# ---------------------------------------------------------------------------- entry point

@entry
def render(ask: Ask) -> bytes:
    """The board for a view as PNG bytes, in the words of `text` (None: English, see
    `MESSAGES`); this board speaks one language, so it needs no `texts`. Same input, same bytes."""
    th = _theme(ask.theme)
    return render_png(lambda: compose(ask.view, highlight=ask.highlight, theme=th.name, names=ask.names,
                                      text=ask.text), th)


@entry
def compose(ask: Ask) -> Image.Image:
    """The board as an RGB image, before palette conversion (for tests and measurements)."""
    view = ask.view
    th = _theme(ask.theme)
    say = wording(ask.text, MESSAGES)
    canvas = _background(th.name, say).copy()
    highlight = ask.highlight or {}
    if highlight:
        _draw_highlight_fills(canvas, th, highlight)
    _draw_markers(canvas, th, view)
    _draw_path(canvas, th, view)
    figures = _figures_by_square(view)
    _draw_figures(canvas, th, figures)
    taken = _taken(view, figures)
    if highlight:
        busy = set(figures) | {tuple(s) for s in view.get("bombs", []) + view.get("jacks", [])}
        busy |= {tuple(p["reference"]) for p in view.get("players", []) if p.get("reference")}
        busy |= _icon_squares()
        taken.words += _draw_highlight_pills(canvas, th, highlight, busy, set(figures))
    _draw_labels(canvas, th, say, taken)
    _draw_panel(Panel(canvas, th, say, view, ask.names))
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
    P + "shelter": "Air raid shelters S1 to S4 (`shelter <man> s2`): where an air raid sends men who are not at home",
    P + "ews_tank": "The EWS tank, an open square (pink 4, black 3)",
    P + "men": "The men: two per player, in the player's colour, each with the code a command takes"
                " (Mw: `move mw 6,2`)",
    P + "reference": "A map reference: the square where a player must bring both his men (a target in his colour)",
    P + "hodges": "Warden Hodges: starts in the Beach Shelter and moves only when swapped",
    P + "sea": "The sea front: the south row of the map",
    P + "panel": "The players: whose turn it is, each one's men and map reference, the card in play",
}
"""The words of the board's parts (`render_parts`), as the catalogue has them in English."""


def _building_centre(b: Any) -> Point:
    xs, ys = zip(*(centre(sq) for sq in b.squares), strict=True)
    return (sum(xs) / len(xs), sum(ys) / len(ys))


@entry
def render_parts(ask: Ask) -> bytes:
    """The board of `view` with its parts named (the map, the pointers, homes, bases, shelters,
    the EWS tank, the men, Hodges, the sea, the players' panel), in the reader's words (`text`)."""
    view, say = ask.view, wording(ask.text, PARTS)
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
        ((WIDTH - FRAME - 100, PANEL_Y + 10), say(P + "panel")),
    ]
    reference = next((p["reference"] for p in view.get("players", []) if p.get("reference")), None)
    if reference:
        at = centre(reference)
        parts.insert(8, ((at[0] + nudge, at[1] - nudge), say(P + "reference")))
    return parts_png(compose(view, theme=ask.theme, names=ask.names, text=ask.text), parts, say(P + "title"))


RENDERER: Renderer = Functions(render, highlights, label_actions, render_parts=render_parts,
                               text_board=dads_army_text.text_board)
"""Dad's Army's renderer (`renderer.Renderer`): the board; no hand image (nothing is held in secret)."""

SEAT_COLOURS: dict[str, dict[str, tuple[int, int, int]]] = {
    name: {team: th[team] for team in TEAMS} for name, th in THEMES.items()
}
"""Each theme's team colours (what tells the seats apart), for the colour-blindness test."""


def seat_marks(view: Mapping[str, Any]) -> list[tuple[tuple[int, int, int], str]]:
    """Each seat's colour and letter as the board shows them (its team's colour, the team's
    initial), for the pictures drawn after a game (`renderer.insight`)."""
    colours = SEAT_COLOURS[DEFAULT_THEME]
    return [(colours[p["team"]], str(p["team"])[:1].upper()) for p in view["players"]]
