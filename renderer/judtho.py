"""The Judtho board as a PNG: the 12 x 12 board (or the Duo half board, J27) above, the table
under it (a phone shows the picture about 400 px wide: every word is 9 px high there).

`render` is a pure function of a view (the shape is in `tests/renderer/judtho_views.py`): the
empty board in Kingdom colours (3.1, J30) with its coordinates is drawn once per theme and
language and cached; each call copies it and draws the last move, the pieces, the highlighted
squares and the panel (`judtho_panel`). Every word is a message id (`judtho_look.MESSAGES`)
looked up through the caller's `text`. `highlights` and `label_actions` give the short labels
(A, B, ...) of the squares that one piece's moves (in the notation of section 10) reach, so the
image and the buttons agree. A King in danger (the view's `in_danger`) is framed in red and
white stripes with a warning triangle.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from renderer import Functions, Renderer, judtho_text
from renderer.common import DRAWING, Ask, Panel, entry, parts_png, render_png, square_labels, target_labels, wording
from renderer.judtho_board import (
    background,
    draw_capture_marks,
    draw_danger,
    draw_highlight_badges,
    draw_highlight_fills,
    draw_last_move,
    draw_pieces,
    draw_placing,
)
from renderer.judtho_look import (
    AREAS,
    BX,
    COORD,
    HEIGHT,
    MESSAGES,
    RANKS,
    SEAT_COLOURS,
    THEMES,
    centre,
    colour_name,
    layout_for,
    parse_square,
    theme_named,
    words,
)
from renderer.judtho_panel import draw_panel

__all__ = [
    "HEIGHT",
    "MESSAGES",
    "RENDERER",
    "SEAT_COLOURS",
    "THEMES",
    "action_square",
    "compose",
    "height",
    "highlights",
    "label_actions",
    "render",
    "width",
]

_SQUARE = re.compile(r"[a-l](?:1[0-2]|[1-9])(?![0-9])")
_DISTANT = re.compile(r"^N[a-l](?:1[0-2]|[1-9])x\{([^}]*)\}")


def width(view: Mapping[str, Any]) -> int:
    """The image width for a view (the Duo half board has its panel beside it: about as wide)."""
    return layout_for(view).width


def height(view: Mapping[str, Any]) -> int:
    """The image height for a view (the Duo's is the board's: its panel lies beside it)."""
    return layout_for(view).height


# ---------------------------------------------------------------------------- labels


def action_square(action: str) -> str | None:
    """The square an action text (notation, 10) reaches: where a placement puts its piece
    (`@Qc2` -> c2), where a move ends (`Nb1-c3` -> c3, `e11-e12=Q` -> e12), the last captured
    square of a sweep (`Sd4xd5xd7` -> d7), the one victim of a Knight's distant capture
    (`Nc3x{b5}` -> b5). A distant capture of several pieces has no one square (the Knight stays
    put), nor has `pass`: None. Not kept: reading the text costs less than looking it up in
    a cache (the actions of each table's prompts are its own)."""
    text = action.strip().split("#", 1)[0].split("=", 1)[0]
    m = _DISTANT.match(text)
    if m:
        victims = [s.strip() for s in m.group(1).split(",") if s.strip()]
        return victims[0] if len(victims) == 1 and parse_square(victims[0]) else None
    found = _SQUARE.findall(text)
    return found[-1] if found and parse_square(found[-1]) else None


def _reading_order(sq: str) -> tuple[int, int]:
    f, r = parse_square(sq) or (0, 0)
    return (RANKS - r, f)


_ORIGIN = re.compile(r"^(?:[A-Z])?([a-l](?:1[0-2]|[1-9]))(?![0-9])[-x]")


def origin_of(action: str) -> str | None:
    """The square a move starts from (`Nb1-c3` -> b1, `e11-e12=Q` -> e11); None for a placement,
    `pass` and the other words (not kept either: see `action_square`)."""
    m = _ORIGIN.match(action.strip().rsplit(" ", 1)[-1])
    return m.group(1) if m else None


def lettered(actions: Sequence[str]) -> list[str]:
    """The actions whose squares get letters on the board: the moves of one piece only. A
    placement (the Assembly, 3.4; what a Conquest owes, J22) names its square by the board's
    coordinates (`@Qc2`), and letters over the Kingdom would hide it; the moves of several pieces
    at once would letter one square for different moves (the Knight's and the Bishop's "C").
    So the board letters the moves of the piece chosen (the menu's second step, a piece that
    alone can move); otherwise the buttons name squares by the coordinates, drawn beside the
    board, as the notation does."""
    origins = [(a, origin) for a in actions if (origin := origin_of(a))]
    return [a for a, _ in origins] if len({origin for _, origin in origins}) == 1 else []


def highlights(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str]:
    """Short labels (A, B, ...) for the distinct squares the `lettered` actions reach (one
    piece's moves), in reading order (rank 12 first, a to l): {label: square}. The same actions
    always get the same labels."""
    files = layout_for(view).files
    chosen = lettered(actions)
    squares = {s for a in chosen if (s := action_square(a)) and (parse_square(s) or (99, 0))[0] <= files}
    ordered = sorted(squares, key=_reading_order)
    return dict(zip(square_labels(len(ordered)), ordered, strict=True))


label_actions = target_labels(highlights, action_square)
"""Each action text -> the label of its square on the board (None: no square, e.g. `pass`)."""


# ---------------------------------------------------------------------------- entry points


@entry
def render(ask: Ask) -> bytes:
    """The board for a view as PNG bytes, in the words of `text` (None: English); one language,
    so no `texts`. Same input, same bytes."""
    th = theme_named(ask.theme)
    return render_png(lambda: compose(ask.view, highlight=ask.highlight, theme=th.name, names=ask.names,
                                      text=ask.text), th)


@entry
def compose(ask: Ask) -> Image.Image:
    """The board as an RGB image, before palette conversion (for tests and measurements). It
    pastes and keeps parts shared between boards (ranks of pieces, the status box, the players'
    cards): where other threads draw, call it under `DRAWING`, as `render` does."""
    view, names = ask.view, ask.names
    th = theme_named(ask.theme)
    say = words(ask.text)
    lay = layout_for(view)
    canvas = background(th.name, lay.files).copy()
    marked = {}
    for label, sq in (ask.highlight or {}).items():
        p = parse_square(sq)
        if p and p[0] <= lay.files:
            marked[label] = p
    draw_placing(canvas, th, view, lay)
    draw_highlight_fills(canvas, th, marked)
    draw_last_move(canvas, th, view, lay)
    busy = draw_pieces(canvas, th, view, lay, set(marked.values()))
    draw_danger(canvas, th, view, lay)
    draw_capture_marks(canvas, th, view, lay)
    draw_highlight_badges(canvas, th, marked, busy)
    draw_panel(Panel(canvas, th, say, view, names), lay)
    return canvas


P = "judtho.parts."
PARTS = {
    P + "title": "Judtho: the board and its parts",
    P + "kingdom": "{colour}'s Kingdom (seat {seat}): the 6 × 4 corner where {colour}'s army is placed",
    P + "middle": "Neutral Territory, ranks 5 to 8: no one's Kingdom",
    P + "coordinates": "Files a to l and ranks 1 to 12: a square is named by both, as c3",
    P + "assembly": "The Assembly first: in turn, each player puts one piece on an empty square of their Kingdom",
    P + "panel": "The players: their colours, points and alliances, and whose turn it is",
}
"""The words of the board's parts (`render_parts`), as the catalogue has them in English."""

KINGDOM_CORNERS = AREAS
"""The two far corners of each Kingdom (file, rank)."""


@entry
def render_parts(ask: Ask) -> bytes:
    """The board of `view` with its parts named (each seat's Kingdom in its colour, the middle,
    the coordinates, the Assembly, the players' panel), in the reader's words (`text`)."""
    view, say, board_say = ask.view, wording(ask.text, PARTS), words(ask.text)
    lay = layout_for(view)
    parts = []
    for seat, colour in enumerate(view.get("colours") or KINGDOM_CORNERS):
        (f0, r0), (f1, r1) = KINGDOM_CORNERS.get(colour, ((0, 0), (0, 0)))
        if f1 > lay.files or f0 < 1:
            continue
        (x0, y0), (x1, y1) = centre((f0, r0)), centre((f1, r1))
        parts.append((((x0 + x1) / 2, (y0 + y1) / 2),
                      say(P + "kingdom").format(colour=colour_name(board_say, colour), seat=seat + 1)))
    mid_x = (centre((1, 1))[0] + centre((lay.files, 1))[0]) / 2
    parts += [
        ((mid_x, (centre((1, 6))[1] + centre((1, 7))[1]) / 2), say(P + "middle")),
        ((BX - COORD / 2, centre((1, 3))[1]), say(P + "coordinates")),
        ((lay.panel_x + 30, lay.panel_y + 30), say(P + "assembly")),
        ((lay.panel_x + 30, lay.panel_y + 140), say(P + "panel")),
    ]
    with DRAWING:  # the parts kept between boards are shared with `render`'s drawing
        drawn = compose(view, theme=ask.theme, names=ask.names, text=ask.text)
    return parts_png(drawn, parts, say(P + "title"))


RENDERER: Renderer = Functions(render, highlights, label_actions, render_parts=render_parts,
                               text_board=judtho_text.text_board)
"""Judtho's renderer (`renderer.Renderer`): the board; no hand image (Judtho hides nothing)."""


def seat_marks(view: Mapping[str, Any]) -> list[tuple[tuple[int, int, int], str]]:
    """Each seat's first army's colour and letter (the chips'), for the pictures drawn after a
    game (`renderer.insight`)."""
    from renderer.judtho_look import colour_letter

    colours = SEAT_COLOURS["classic"]
    say = words(None)
    return [(colours[p["colours"][0]], colour_letter(say, p["colours"][0])) for p in view["players"]]
