"""The look of the Judtho board: themes, the words it draws, and where each square lies.

Shared by the board drawing (`judtho_board`), the pieces (`judtho_pieces`) and the side panel
(`judtho_panel`). Every word is a message id `judtho.board.*`, catalogued in
`judtho_board.po` (en, zh_TW); without a translation layer the board draws `MESSAGES`.
Square colours follow ruling J30: a square is dark when file number + rank is even (a1 dark),
and dark squares take their Kingdom's colour (White light grey, Red red, Yellow yellow, Black
dark grey, Neutral Territory turquoise). The Duo board is the left half, files a-f (J27).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from renderer.common import CLASSIC, NIGHT, Text, Theme, make_theme, pick_theme, wording

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
    K + "title": "JUDTHO",
    K + "variant.quattro": "Quattro",
    K + "variant.duo": "Duo",
    K + "variant.trio": "Trio",
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
    K + "none": "none",
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
    "red_dark": "#c4605a",
    "red_light": "#f1d6d2",
    "yellow_dark": "#d7b440",
    "yellow_light": "#f5ebc6",
    "black_dark": "#6b6e73",
    "black_light": "#c9cbce",
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

CELL = 52
COORD = 24
"""The strips of coordinates around the board."""
FRAME = 10
TITLE_H = 44
PANEL_W = 310
BX = FRAME + COORD
BY = TITLE_H + FRAME + COORD
BOARD_H = RANKS * CELL
HEIGHT = BY + BOARD_H + COORD + FRAME


@dataclass(frozen=True)
class Layout:
    """Where things lie for a board of `files` files (12, or 6 for Duo)."""

    files: int

    @property
    def board_w(self) -> int:
        return self.files * CELL

    @property
    def panel_x(self) -> int:
        return BX + self.board_w + COORD + FRAME

    @property
    def width(self) -> int:
        return self.panel_x + PANEL_W + FRAME


@cache
def layout(files: int) -> Layout:
    return Layout(files)


def layout_for(view: Mapping[str, Any]) -> Layout:
    """The Duo half board (J27) or the whole board."""
    return layout(6 if view.get("variant") == "duo" else 12)


def parse_square(sq: object) -> tuple[int, int] | None:
    """`c3` -> (3, 3): file number (a = 1) and rank; None for anything else."""
    if not isinstance(sq, str) or len(sq) < 2 or sq[0] not in FILES or not sq[1:].isdigit():
        return None
    rank = int(sq[1:])
    return (FILES.index(sq[0]) + 1, rank) if 1 <= rank <= RANKS and sq[1] != "0" else None


def cell_box(sq: tuple[int, int], inset: float = 0) -> tuple[float, float, float, float]:
    """Pixel box of a square (file, rank); rank 12 at the top."""
    x = BX + (sq[0] - 1) * CELL
    y = BY + (RANKS - sq[1]) * CELL
    return (x + inset, y + inset, x + CELL - inset, y + CELL - inset)


def centre(sq: tuple[int, int]) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(sq)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


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
