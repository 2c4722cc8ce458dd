"""The look of the Judtho board: themes, the words it draws, and where each square lies.

Shared by the board drawing (`judtho_board`), the pieces (`judtho_pieces`) and the side panel
(`judtho_panel`). Every word is a message id `judtho.board.*`, catalogued in
`judtho_board.po` (en, zh_TW); without a translation layer the board draws `MESSAGES`.
Square colours follow ruling J30: a square is dark when file number + rank is even (a1 dark),
and dark squares take their Kingdom's colour (White light grey, Red red, Yellow yellow, Black
dark grey, Neutral Territory turquoise). The Duo board is the left half, files a-f (J27).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import ImageFont

from renderer.caches import KB, cached
from renderer.common import (
    CLASSIC,
    NIGHT,
    RGB,
    Text,
    Theme,
    font_for,
    letters_height,
    make_theme,
    pick_theme,
    wording,
)

K = "judtho.board."
COLOURS = ("white", "red", "yellow", "black")
"""The four armies in turn order (3.2)."""
PIECES = ("king", "queen", "prince", "princess", "rook", "knight", "bishop", "pawn")
"""Every piece, in the order the panel lists them (most valuable first, King first)."""
LETTERS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "prince": "P", "princess": "S"}
"""Piece letters of the notation (10); pawns have none."""
FILES = "abcdefghijkl"
RANKS = 12

MESSAGES = {
    K + "phase.assembly": "Assembly",
    K + "phase.play": "Play",
    K + "phase.placement": "Placement",
    K + "phase.over": "Game over",
    K + "colour.white": "White",
    K + "colour.red": "Red",
    K + "colour.yellow": "Yellow",
    K + "colour.black": "Black",
    K + "to_move": "{colour} to move",
    K + "to_place": "{colour} to place",
    K + "to_place.bonus_piece": "{colour} places a bonus piece",
    K + "to_place.king": "{colour} puts their King back",
    K + "winner": "{player} wins",
    K + "winners": "{player} win",
    K + "draw": "Drawn",
    K + "offer.draw": "Draw offered: all answer",
    K + "offer.void": "Void offered: all answer",
    K + "points": "{n} pts",
    K + "material": "Material {n}",
    K + "captured": "Captured",
    K + "reserve": "Reserve",
    K + "status.conquered": "conquered",
    K + "status.departed": "departed",
    K + "alliance": "Allies",
    K + "rivals": "Rivals",
    K + "sides": "Sides",
    K + "versus": "vs",
    K + "battle.ascendancy": "Battle for Ascendancy",
    K + "battle.control": "Battle for Control",
    K + "battle.dominion": "Battle for Dominion",
    K + "battle.identity": "Battle for Identity",
    K + "battle.victory": "Battle for Victory",
    K + "last_move": "Last move",
    K + "end.third_conquest": "Third Conquest",
    K + "end.conquest": "Conquest",
    K + "end.departure": "Departure",
    K + "end.timeout": "Timeout",
    K + "end.resignation": "Resignation",
    K + "end.draw": "Agreed draw",
    K + "end.void": "Void by agreement",
    K + "end.adjudication": "Turn limit",
    K + "pair": "{first} & {second}",
    K + "letter.white": "W",
    K + "letter.red": "R",
    K + "letter.yellow": "Y",
    K + "letter.black": "B",
}
"""Every word the board draws, by message id, in English: what a caller without a translation
layer sees. The same ids and texts are in `data/locale/en/LC_MESSAGES/judtho_board.po`
(a test keeps them equal); `zh_TW/judtho_board.po` translates them."""

_CLASSIC = {
    **CLASSIC,
    "frame": "#2f3a45",
    "title": "#1f2831",
    "coord": "#d9dee3",
    # squares (J30): the dark one of each area in the Kingdom colour, the light one a pale tint
    "white_dark": "#afb3b8",
    "white_light": "#e9eaec",
    "red_dark": "#e89e97",
    "red_light": "#f7e4e1",
    "yellow_dark": "#d7b440",
    "yellow_light": "#f5ebc6",
    "black_dark": "#8e9196",
    "black_light": "#d3d5d8",
    "neutral_dark": "#4fb3ab",
    "neutral_light": "#d2eeea",
    # the armies: a fill and a contrasting outline each
    "army_white": "#fbfbf8",
    "army_white_edge": "#0a0a0a",
    "army_red": "#e3232f",
    "army_red_edge": "#2a0b0b",
    "army_yellow": "#ffd60a",
    "army_yellow_edge": "#0a0a0a",
    "army_black": "#202124",
    "army_black_edge": "#dedede",
    # the ring outside a piece's outline: light round a dark outline, dark round a light one,
    # so a red piece on a red square and a black one on a dark grey square stand out
    "halo_light": "#dcdcdc",
    "halo_dark": "#000000",
    "danger": "#d00000",
    "tray": "#e4e7ea",
    # the panel's rows of captured and reserve pieces lie on this light tray, so a Black piece
    # reads as black (not as a light outline) on the night theme's dark panel too
    "last": "#ff9f1c",
    "capture": "#d00000",
    "ally": "#e0a800",
    "rival": "#8a1c1c",
}
_NIGHT = {**_CLASSIC, **NIGHT, "frame": "#1c232a", "title": "#12181d", "panel": "#2a3138", "paper": "#3a434c"}
_GROUNDS = tuple(f"{area}_{tone}" for area in (*COLOURS, "neutral") for tone in ("dark", "light"))
THEMES = {
    "classic": make_theme("classic", _CLASSIC, anchors=("panel", "ink", "army_white_edge"), grounds=_GROUNDS),
    "night": make_theme("night", _NIGHT, anchors=("panel", "ink", "army_white_edge"), grounds=_GROUNDS),
}
DEFAULT_THEME = "classic"


def theme_named(name: str | None) -> Theme:
    return pick_theme(THEMES, name, DEFAULT_THEME)


def words(text: Text | None) -> Text:
    return wording(text, MESSAGES)


# ---------------------------------------------------------------------------- geometry

CELL = 44
COORD = 30
"""The strips of coordinates, left of the board (ranks) and under it (files)."""
FRAME = 8
TITLE_H = 0
"""No title bar: the message names the game, and a phone needs the width for the board."""
BX = FRAME + COORD
BY = FRAME
BOARD_H = RANKS * CELL
GAP = 8
PANEL_Y = BY + BOARD_H + COORD + GAP
"""The panel lies under the whole board (a phone shows the picture about 400 px wide: portrait)."""
PANEL_H = 404
HEIGHT = PANEL_Y + PANEL_H + FRAME
"""The height of the whole board's picture (`Layout.height`)."""
SIDE_PANEL_W = 258
"""Beside the Duo half board (J27), the panel's width: as wide as the whole board's picture."""
PHONE_WIDTH = 400
MIN_PHONE_PX = 9
"""Every word the board draws is at least this high (glyph height, px) once the picture is
scaled to `PHONE_WIDTH` wide, as a phone shows it."""


@dataclass(frozen=True)
class Layout:
    """Where things lie for a board of `files` files: 12, the panel under the board; 6 (Duo),
    the panel beside it, so both pictures are about as wide and neither is a tall strip."""

    files: int

    @property
    def board_w(self) -> int:
        return self.files * CELL

    @property
    def beside(self) -> bool:
        return self.files < 12

    @property
    def width(self) -> int:
        return self.panel_x + self.panel_w + FRAME if self.beside else BX + self.board_w + FRAME

    @property
    def height(self) -> int:
        return BY + BOARD_H + COORD + FRAME if self.beside else HEIGHT

    @property
    def panel_x(self) -> int:
        return BX + self.board_w + FRAME if self.beside else FRAME

    @property
    def panel_y(self) -> int:
        return BY if self.beside else PANEL_Y

    @property
    def panel_w(self) -> int:
        return SIDE_PANEL_W if self.beside else BX + self.board_w - FRAME

    @property
    def columns(self) -> int:
        """Player cards side by side: two under the whole board, one beside the Duo half board."""
        return 1 if self.beside else 2


@cached("judtho_look.layout", 64 * KB)
def layout(files: int) -> Layout:
    return Layout(files)


WIDEST = max(layout(12).width, layout(6).width)
NEED_PX = math.ceil(MIN_PHONE_PX * WIDEST / PHONE_WIDTH)
"""The least glyph height (px, in the picture as drawn) of any word: `MIN_PHONE_PX` at
`PHONE_WIDTH` for the widest board (the Duo board is narrower, so its words read larger)."""


def glyph_px(text: str, f: ImageFont.FreeTypeFont) -> float:
    """The ink height of the letters and digits of `text` in `f` (what the eye reads)."""
    high = letters_height(f, text)
    return float(NEED_PX) if high is None else float(high)


@cached("judtho_look.legible", 128 * KB)
def legible(text: str, size: int, kind: str = "bold", scale: int = 1) -> ImageFont.FreeTypeFont:
    """The font of `kind` (the CJK one when `text` needs it) at `size` or larger, so that the
    glyphs of `text` are at least `NEED_PX` high (`scale`: drawn that many times too big, then
    scaled down): lower-case words get a larger size than capitals and digits."""
    while True:
        f = font_for(text, size * scale, kind)
        if glyph_px(text, f) >= NEED_PX * scale or size > 80:
            return f
        size += 1


def layout_for(view: Mapping[str, Any]) -> Layout:
    """The Duo half board (J27) or the whole board."""
    return layout(6 if view.get("variant") == "duo" else 12)


def parse_square(sq: object) -> tuple[int, int] | None:
    """`c3` -> (3, 3): file number (a = 1) and rank; None for anything else. The board's
    squares are looked up (`_SQUARES`: a board draws and labels hundreds of them), anything
    else is read."""
    if type(sq) is str:
        found = _SQUARES.get(sq)
        if found is not None:
            return found
    return _read_square(sq)


def _read_square(sq: object) -> tuple[int, int] | None:
    """`parse_square` read from the text."""
    if not isinstance(sq, str) or len(sq) < 2 or sq[0] not in FILES or not sq[1:].isdigit():
        return None
    rank = int(sq[1:])
    return (FILES.index(sq[0]) + 1, rank) if 1 <= rank <= RANKS and sq[1] != "0" else None


_SQUARES = {name: found for f in FILES for r in range(1, RANKS + 1)
            if (found := _read_square(name := f"{f}{r}")) is not None}
"""Every square's name -> (file number, rank), as `_read_square` reads it."""


def cell_box(sq: tuple[int, int], inset: float = 0) -> tuple[float, float, float, float]:
    """Pixel box of a square (file, rank); rank 12 at the top."""
    x = BX + (sq[0] - 1) * CELL
    y = BY + (RANKS - sq[1]) * CELL
    return (x + inset, y + inset, x + CELL - inset, y + CELL - inset)


def centre(sq: tuple[int, int]) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(sq)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


AREAS = {"white": ((1, 1), (6, 4)), "red": ((1, 9), (6, 12)), "yellow": ((7, 1), (12, 4)),
         "black": ((7, 9), (12, 12))}
"""The two far corners of each Kingdom (file, rank)."""


def area_of(sq: tuple[int, int]) -> str:
    """The Kingdom a square lies in, or `neutral` (3.1)."""
    f, r = sq
    if 5 <= r <= 8:
        return "neutral"
    if r <= 4:
        return "white" if f <= 6 else "yellow"
    return "red" if f <= 6 else "black"


def is_dark(sq: tuple[int, int]) -> bool:
    """J30: dark when file number + rank is even (a1 dark, as in chess)."""
    return (sq[0] + sq[1]) % 2 == 0


def square_colour(th: Theme, sq: tuple[int, int]) -> tuple[int, int, int]:
    return th[f"{area_of(sq)}_{'dark' if is_dark(sq) else 'light'}"]


def colour_name(say: Text, colour: str) -> str:
    return say(K + "colour." + colour) if colour in COLOURS else str(colour)


def colour_letter(say: Text, colour: str) -> str:
    """The army's letter (W, R, Y, B; 白 紅 黃 黑), drawn on its chips: colour is never the only sign."""
    return say(K + "letter." + colour) if colour in COLOURS else "?"


SEAT_COLOURS: dict[str, dict[str, RGB]] = {
    name: {c: th["army_" + c] for c in COLOURS} for name, th in THEMES.items()
}
"""Each theme's army colours by army (a seat plays one army, or two): what tells the seats apart
on the board, kept distinguishable under colour-blindness (tests/renderer/test_colour_blind.py)."""
