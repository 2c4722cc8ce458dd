"""The look of the Judge Dredd board: themes, the words it draws, and the Judge pieces.

Shared by the map (`judge_dredd_map`), the side panel (`judge_dredd_panel`) and the hand image
(`judge_dredd_hand`). Every word is a message id: `judge_dredd.board.*` (this renderer's own,
catalogued in `judge_dredd_board.po`) or a name the words catalogue gives
(`judge_dredd.sector.<code>`, `.perp.<id>`, `.crime.<id>`, `.cardname.<id>`). Without a
translation layer the board falls back to `MESSAGES` and the English names of the content data.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderer.caches import KB, MB, cached, text_of_a_name
from renderer.common import (
    CLASSIC,
    NIGHT,
    RGB,
    Kept,
    Text,
    Theme,
    ellipsize,
    font,
    font_for,
    ink_for,
    make_theme,
    pick_theme,
    printable,
    token,
    wording,
)
from rules.judge_dredd.content import load_board, load_cards, load_crimes, load_perps

K = "judge_dredd.board."
MESSAGES = {
    K + "title": "JUDGE DREDD",
    K + "turn": "Game Turn {turn}",
    K + "setup": "Set-up",
    K + "phase.place": "Placing Judges",
    K + "phase.movement": "Movement Round",
    K + "phase.arrest": "Arrest Round",
    K + "phase.issue": "Issuing cards",
    K + "phase.cadet": "Cadet's Right",
    K + "phase.over": "Game over",
    K + "window.before_move": "Cards before {player} moves",
    K + "window.after_moves": "Cards after the Moves",
    K + "window.before_fight": "Cards before {player} rolls",
    K + "window.after_arrest": "Cards after {player}'s Arrest",
    K + "window.answer": "{player} may answer",
    K + "window.issue": "Discards before issue",
    K + "to_act": "{player} to act",
    K + "passed": "passed",
    K + "skipping": "skipping",
    K + "chosen": "→ {crime}",
    K + "turn_start": "Turn Start",
    K + "score": "Score",
    K + "hand": "Hand",
    K + "arrests": "Arrests",
    K + "moved": "moved",
    K + "icu": "ICU",
    K + "intensive_care": "Intensive Care",
    K + "icu_note": "next Move: Hospital",
    K + "block_mania": "Block Mania",
    K + "misses": "misses {n}",
    K + "standoff": "stand-off",
    K + "quarantine_until": "Quarantine: {sector}, until the end of turn {turn}",
    K + "alien": "Alien Creature in {sector}",
    K + "fight.perp": "Arrest",
    K + "fight.alien": "Alien Creature",
    K + "fight.block": "Block Mania",
    K + "fight.cadet": "Cadet's Right",
    K + "last_fight": "Last fight",
    K + "perp": "Perp",
    K + "result.arrested": "Arrested",
    K + "result.failed": "Failed: to Intensive Care",
    K + "result.standoff": "Stand-off",
    K + "result.voided": "Voided by Edwin Parsey",
    K + "result.won": "Won",
    K + "result.tie": "Tie",
    K + "pile.stock": "Deck",
    K + "pile.discards": "Discards",
    K + "pile.perps": "Perps left",
    K + "pile.crimes": "Crimes left",
    K + "pile.sectors": "Sectors",
    K + "winner": "{player} wins",
    K + "end_holder": "Last round: ends with {player}",
    K + "quiet": "No Arrest for {count} Game Turns: the game ends after {left} more",
    K + "or": "OR",
    K + "judge_card": "JUDGE",
    K + "your_hand": "Your hand",
    K + "card_window.movement": "Movement",
    K + "card_window.arrest": "Arrest",
    K + "card_window.any": "Any time",
    K + "card_window.reaction": "Reaction",
}
"""Every `judge_dredd.board.*` word, in English: what a caller without a translation layer sees.
The same ids and texts are in `data/locale/en/LC_MESSAGES/judge_dredd_board.po` (a test keeps
them equal); the zh_TW file translates them."""

PHASES = ("place", "movement", "arrest", "issue", "cadet", "over")
WINDOWS = ("before_move", "after_moves", "before_fight", "after_arrest", "answer", "issue")
FIGHTS = ("perp", "alien", "block", "cadet")
RESULTS = ("arrested", "failed", "standoff", "voided", "won", "tie")
PILES = ("stock", "discards", "perps", "crimes", "sectors")
CARD_WINDOWS = ("movement", "arrest", "any", "reaction")
COLOURS = ("red", "blue", "green", "yellow", "white", "black")
"""Seat i's Judge (R22): the theme key of each colour is `judge_<colour>`."""

_CLASSIC = {
    **CLASSIC,
    "frame": "#17191e",
    "title": "#0f1014",
    "gold": "#f4c430",
    "panel": "#efebe1",
    "panel2": "#e2ddd0",
    "street": "#3b4049",
    "block": "#dcd7c8",
    "block2": "#cfc9b7",
    "start": "#ecd58e",
    "hospital": "#f6f3ec",
    "water": "#3a6b8a",
    "water2": "#6699b8",
    "bridge": "#a9afb6",
    "rail": "#24272d",
    "cross": "#d7263d",
    "crime": "#fbf8ef",
    "card_ink": "#23211c",
    "perp_back": "#2a2630",
    "cv": "#c8102e",
    "hazard": "#ff8c1a",
    "alien": "#59b83a",
    "alien_dark": "#1f4d14",
    "judge_red": CLASSIC["red"],  # the shared player colours: apart with a red-green deficiency too
    "judge_blue": CLASSIC["blue"],
    "judge_green": CLASSIC["green"],
    "judge_yellow": CLASSIC["yellow"],
    "judge_white": "#f4f4f0",
    "judge_black": "#25252a",
    "win_move": "#2f6fd6",
    "win_arrest": "#c8102e",
    "win_any": "#2a8a44",
    "win_reaction": "#7b3fb5",
}
_NIGHT = {
    **_CLASSIC,
    **NIGHT,
    "frame": "#0c0d10",
    "title": "#08090b",
    "gold": "#f4c430",
    "panel": "#23262d",
    "panel2": "#2e323a",
    "street": "#15171b",
    "block": "#4a505c",
    "block2": "#424854",
    "start": "#7a6a36",
    "hospital": "#5c626e",
    "water": "#1d3b52",
    "water2": "#2f5876",
    "crime": "#f3efe2",
    "label": "#f0ecd8",
}
_GROUNDS = ("block", "block2", "start", "hospital", "crime", "panel")
THEMES = {
    "classic": make_theme("classic", _CLASSIC, anchors=("block", "ink", "white", "street"), grounds=_GROUNDS),
    "night": make_theme("night", _NIGHT, anchors=("block", "ink", "cream", "street"), grounds=_GROUNDS),
}
DEFAULT_THEME = "classic"


def theme_named(name: str | None) -> Theme:
    return pick_theme(THEMES, name, DEFAULT_THEME)


# ---------------------------------------------------------------------------- words


@cached("judge_dredd_look._fallbacks", 256 * KB)
def _fallbacks() -> dict[str, str]:
    """The board's own words, then the English names of the content data, by message id."""
    out = dict(MESSAGES)
    out |= {f"judge_dredd.sector.{c}": s.name for c, s in load_board().sectors.items()}
    out |= {f"judge_dredd.perp.{p}": v.name for p, v in load_perps().items()}
    out |= {f"judge_dredd.crime.{c}": v.name for c, v in load_crimes().items()}
    out |= {f"judge_dredd.cardname.{c}": v.name for c, v in load_cards().items()}
    return out


def words(text: Text | None) -> Text:
    """The lookup the board draws with: `text(id)` when it knows the id, else built-in English."""
    return wording(text, _fallbacks())


def optional_words(text: Text | None) -> Text:
    """Like `words`, but an id nobody knows gives "" (card texts have no built-in English)."""
    say = words(text)

    def lookup(key: str) -> str:
        found = say(key)
        return "" if found == key else found

    return lookup


def seat_of(value: Any) -> int | None:
    """A seat from a view field (JSON keys and values may be strings)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def by_seat(mapping: Mapping[Any, Any] | None) -> dict[int | None, Any]:
    """A `{seat: value}` view field with int keys, whether it came as JSON (`{"0": 3}`) or not;
    no seat (None, what `seat_of` reads from a field that names none) may be looked up: it has
    no entry."""
    return {s: v for k, v in (mapping or {}).items() if (s := seat_of(k)) is not None}


def colour_of(view: Mapping[str, Any], seat: int | None) -> str:
    """The colour of a seat's Judge (from the view; seat order otherwise)."""
    for j in view.get("judges") or []:
        if seat_of(j.get("seat")) == seat and j.get("colour") in COLOURS:
            return j["colour"]
    return COLOURS[seat % len(COLOURS)] if seat is not None and seat >= 0 else "white"


_printable = printable
"""`printable`: not kept, for it reads the players' names (no cache is keyed on a table's names)."""


def player_name(say: Text, view: Mapping[str, Any], seat: int | None, names: Mapping[int, str] | None) -> str:
    """The player's name when the caller gives it, else the Judge's colour (words catalogue)."""
    if seat is None:
        return ""
    if names and seat in names and (name := _printable(str(names[seat]))):
        return name
    colour = colour_of(view, seat)
    found = say(f"judge_dredd.colour.{colour}")
    return found if found != f"judge_dredd.colour.{colour}" else colour.title()


def fitted(text: str, size: int, room: float, kind: str, min_size: int) -> tuple[ImageFont.FreeTypeFont, str]:
    """The font `fit_font` gives for `text` and the text `ellipsize` cuts in it: the same pair,
    the text measured once at the size that fits (a player's name is measured afresh at every
    call: no cache keeps it), and cut only at `min_size`, where `fit_font` stops measuring."""
    while size > min_size:
        f = font_for(text, size, kind)
        if f.getlength(text) <= room:
            return f, text
        size -= 1
    f = font_for(text, min_size, kind)
    return f, ellipsize(text, f, room)


WORDS_BUDGET = 2 * MB
"""Words kept as drawn on a plain ground (`draw_words`, a few hundred bytes each): the counts,
values and Crime names of the panel, the same on every table."""
_WORDS: Kept[tuple[int, int, Image.Image] | None] = Kept("judge_dredd_look._WORDS", WORDS_BUDGET)
WORDS_PAD = 4
"""Rows and columns of ground round a word's ink in the picture it is first drawn on."""


def draw_words(canvas: Image.Image, d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
               f: ImageFont.FreeTypeFont, fill: RGB, ground: RGB, anchor: str) -> None:
    """`d.text(xy, text, font=f, fill=fill, anchor=anchor)` on `canvas`, where all the rectangle
    its ink and its box (`getbbox`) cover is the plain `ground` colour: pasted from the same words drawn before on the
    same ground at the same fraction of a pixel (`_WORDS`; Pillow draws a line of text from the
    whole pixels of `xy` and their fractions alone, so the same pixels), else drawn on a ground of
    its own and kept. A text holding a player's name, or too near the picture's top-left corner
    to be drawn on a small ground the same way, is drawn in place."""
    x, y = xy
    fx, fy = math.modf(x)[0], math.modf(y)[0]
    ix, iy = int(x), int(y)
    if x < 0 or y < 0 or "\n" in text or text_of_a_name(text):
        d.text(xy, text, font=f, fill=fill, anchor=anchor)
        return
    key = (str(f.path), int(f.size), text, fill, ground, anchor, fx, fy)
    found = _WORDS.get(key, _MISSING)
    if found is _MISSING:
        drawn, found = _drawn_words(xy, text, f, fill, ground, anchor)
        if not drawn:
            d.text(xy, text, font=f, fill=fill, anchor=anchor)
            return
        _WORDS.keep(key, found)
    if found is not None:
        dx, dy, sprite = found
        canvas.paste(sprite, (ix + dx, iy + dy))


_MISSING: Any = object()


def _drawn_words(xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont, fill: RGB, ground: RGB,
                 anchor: str) -> tuple[bool, tuple[int, int, Image.Image] | None]:
    """The words drawn as `draw_words` draws them, on a ground of their own: whether they could
    be, and where their ink's rectangle starts from the whole pixels of `xy` with its pixels (None:
    no ink). They are drawn at `xy` less a whole number of pixels, so at the same fractions of a
    pixel (the difference of two numbers, the smaller no more than the larger, is exact); not
    when the ground would have to start left of or above the picture (then `draw_words` draws
    in place)."""
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    pad = WORDS_PAD + math.ceil(max(-left, -top, 0))
    x, y = xy
    sx, sy = int(x) - pad, int(y) - pad
    if sx < 0 or sy < 0:
        return False, None
    size = (pad + math.ceil(max(right, 0)) + WORDS_PAD + 1, pad + math.ceil(max(bottom, 0)) + WORDS_PAD + 1)
    plain = Image.new("RGB", size, ground)
    drawn = plain.copy()
    ImageDraw.Draw(drawn).text((x - sx, y - sy), text, font=f, fill=fill, anchor=anchor)
    ink = ImageChops.difference(drawn, plain).getbbox()
    if ink is None:
        return True, None
    # the words' box as Pillow measures it too (a reader of the picture may look for it whole)
    box = (max(0, min(ink[0], pad + math.floor(left))), max(0, min(ink[1], pad + math.floor(top))),
           min(size[0], max(ink[2], pad + math.ceil(right) + 1)),
           min(size[1], max(ink[3], pad + math.ceil(bottom) + 1)))
    return True, (box[0] - pad, box[1] - pad, drawn.crop(box))


# ---------------------------------------------------------------------------- pieces

DARK_INK = (30, 30, 30)


def ink_on(th: Theme, colour: str) -> RGB:
    """Words on a Judge's colour: dark or white, whichever stands out more on it."""
    return ink_for(th[f"judge_{colour}" if colour in COLOURS else "judge_white"], DARK_INK)


def judge_disc(th: Theme, colour: str, seat: int | None, diameter: int, ring: RGB | None = None,
               digits: int | None = None) -> Image.Image:
    """A Judge piece: a disc in the Judge's colour with the seat number (1-based), the number
    `digits` px when given (as big as the board's words, whatever the disc), else to the disc."""
    label = str(seat + 1) if seat is not None else ""
    key = f"judge_{colour}" if colour in COLOURS else "judge_white"
    edge = (200, 200, 200) if colour == "black" else (25, 25, 25)
    if digits is None:
        return token(diameter, th[key], label, ink_on(th, colour), edge, ring)
    return _numbered(diameter, th[key], edge, ring, label, digits, ink_on(th, colour))


@cached("judge_dredd_look._numbered", 512 * KB)
def _numbered(diameter: int, fill: RGB, edge: RGB, ring: RGB | None, label: str, size: int, ink: RGB) -> Image.Image:
    out = token(diameter, fill, "", ink, edge, ring).copy()
    ImageDraw.Draw(out).text((out.width / 2, out.height / 2 + 1), label, font=font("bold", size), fill=ink,
                             anchor="mm")
    return out
