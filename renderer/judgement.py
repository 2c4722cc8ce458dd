"""The City of Judgement (審判之城) images: the public board and a seat's private role card.

- `render(view, ...)`: the board, in the viewer's language where the image is private and
  bilingual where it is public: the public board (a spectator's view, `seat` None,
  the one the whole channel sees) speaks Chinese and English together; a board drawn from a seat's
  own view (the private board of /judgement board, /table board, /table me) speaks only its
  reader's language (`text`, as the role card decides it). It shows the ring of six locations with their roll
  numbers and the pieces on them, the decks and the last dice, the damage track 0-14 with every
  marker and the HP marks of face-up characters, and a row per player (character and HP once
  face up, identity once shown or dead, equipment, 封印, shields, whose turn, the current decision).
  It draws ONLY the public part of the view (`players`, `frame`, `attack`, ...), never `me`, so a
  seat's own view differs from a spectator's in its words alone: the board shows no secret, whoever
  asks.
- `render_hand(view, ...)` (alias `render_role`): the "My role" card of the seat whose view it is,
  in the reader's language (`judgement_role`), with what each location does (the board names
  them); None for a spectator's view. The table service sends it with the seat's private message
  whenever its secrets change, as it does Judge Dredd's hand.
- `highlights(view, actions)` / `label_actions(view, actions)`: labels A, B, ... on the locations
  that `go <location>` actions reach, so the image and the buttons agree.

Pure functions of the view: same view, same bytes. The board is portrait, `WIDTH` (560) wide and
as tall as its players' rows need (`board_height`, at most `HEIGHT`), so that every text on it is
at least 9 px high on a phone that shows it 400 px wide (`judgement_board.MIN_TEXT`); the role card
is 400 px wide. The header's box, the ring's roads, the deck strip and the empty damage track are
drawn once per theme, variant and languages (`judgement_board.background`); each location card with
what stands on it (by its place in the ring, whatever the other places hold),
the header's lines, the strip of decks and dice, the damage track and each player's row are pasted
from those drawn before while what they show is the same (`Kept`), each with its pixels on the
theme's palette, over the last board drawn on the same ground, of which only the areas that changed
are pasted again and only the PNG bands under them compressed (`judgement_board.Canvases`); the
role card's sections likewise (`judgement_role`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from renderer import Functions, Renderer, common, judgement_text
from renderer.caches import MB
from renderer.common import (
    DRAWING,
    PNG_BAND,
    Ask,
    Kept,
    entry,
    parts_png,
    square_labels,
    target_labels,
    wording,
)
from renderer.judgement_board import (
    BAND_H,
    DECK_X,
    DICE_X,
    HEIGHT,
    LEFT_X0,
    LEFT_X1,
    PANEL_Y0,
    SLOT_CENTRES,
    STRIP_Y0,
    STRIP_Y1,
    TRACK_BOTTOM,
    TRACK_TOP,
    TRACK_Y0,
    TRACK_Y1,
    WIDTH,
    Canvases,
    Drawn,
    Pixels,
    background,
    cell_x,
    draw_card,
    draw_centre,
    draw_highlights,
    draw_options,
    draw_pieces,
    draw_track,
    drawn_bytes,
    offered,
    paletted_background,
    pieces,
    pixels_bytes,
    tile_area,
    tile_box,
)
from renderer.judgement_look import (
    MESSAGES,
    THEMES,
    board_langs,
    board_words,
    colour_of,
    drawing_in,
    drawn_words,
    players,
    seat_of,
    seated,
    theme_named,
)
from renderer.judgement_panel import board_height, draw_panel
from renderer.judgement_role import render_hand

__all__ = [
    "HEIGHT",
    "MESSAGES",
    "RENDERER",
    "THEMES",
    "WIDTH",
    "action_location",
    "board_height",
    "compose",
    "compose_paletted",
    "highlights",
    "label_actions",
    "render",
    "render_hand",
    "render_role",
]

render_role = render_hand


# ---------------------------------------------------------------------------- labels


def action_location(action: str) -> str | None:
    """The location a `go <location>` action moves to; None for any other action."""
    tokens = action.split()
    return tokens[1] if len(tokens) == 2 and tokens[0] == "go" else None


def highlights(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str]:
    """Labels (A, B, ...) for the distinct locations the actions reach, in ring order:
    {label: location id}. The same actions always get the same labels."""
    ring = [str(x) for x in view.get("ring") or []]
    reached = {loc for a in actions if (loc := action_location(a)) in ring}
    ordered = [loc for loc in ring if loc in reached]
    return dict(zip(square_labels(len(ordered)), ordered, strict=True))


label_actions = target_labels(highlights, action_location)
"""Each action text -> the label of its location on the board (None: no location)."""


# ---------------------------------------------------------------------------- the board


@entry
def render(ask: Ask) -> bytes:
    """The board for a view as PNG bytes (`names` missing: a seat is named by its colour). The
    public view's board is bilingual whatever `text` says (Chinese from `texts`, the words of every
    language); a seat's own view's is in its reader's language (`lang`, else `text`'s
    `judgement.board.lang`, else English). Same input, same bytes: those of `common.paletted_png`
    for `compose`'s picture. Only the bands of rows that changed since the last board drawn on the
    same ground are read and compressed (`Canvases`)."""
    th = theme_named(ask.theme)
    with DRAWING:
        drawn, height = _drawn(ask)
        pal, bands = drawn.pal, drawn.bands
    return common.banded_png(pal, th, bands, height=height)  # looked up here: a measurement may wrap it


@entry
def compose(ask: Ask) -> Image.Image:
    """The board as an RGB image, before palette conversion (for tests and measurements)."""
    with DRAWING:
        drawn, height = _drawn(ask)
        th = theme_named(ask.theme)
        pairs = "pairs" in (ask.view.get("variants") or [])
        langs = board_langs(ask.view, ask.text, ask.lang, ask.texts)
        return drawn.rgb(background(th.name, pairs, th, langs)).crop((0, 0, WIDTH, height))


@entry
def compose_paletted(ask: Ask) -> Image.Image:
    """`compose`'s picture on the theme's palette, as `render` encodes it: the pixels
    `common.paletted` gives for it, pasted together from the paletted pixels of its parts
    (`Canvases`), the whole picture never converted (for tests)."""
    with DRAWING:
        drawn, height = _drawn(ask)
        return drawn.pal.crop((0, 0, WIDTH, height))


def _drawn(ask: Ask) -> tuple[Drawn, int]:
    """The board on the canvases of the last one drawn on the same ground (`_BOARDS`), and how many
    rows from the top are the picture. Under the drawing lock."""
    view, text, lang, texts = ask.view, ask.text, ask.lang, ask.texts
    langs = board_langs(view, text, lang, texts)
    with drawing_in(langs, board_words(view, text, lang, texts)), seated(view):
        return _compose(view, ask.highlight, theme_named(ask.theme), ask.names, langs)


def _compose(view: Mapping[str, Any], highlight: Mapping[str, str] | None, th: Any,
             names: Mapping[int, str] | None, langs: tuple[str, ...]) -> tuple[Drawn, int]:
    ring = tuple(str(x) for x in view.get("ring") or [])
    pairs = "pairs" in (view.get("variants") or [])
    height = board_height(view)
    ground = (th, pairs, langs)  # what the background is drawn from: no table's own (its ring is not)
    board_key = (ground, height)
    c = Canvases(th, background(th.name, pairs, th, langs), paletted_background(th.name, pairs, th, langs),
                 _BOARDS.get(board_key), ground)
    marked = dict(highlight or {})
    standing = pieces(view)
    options = offered(view)
    for slot, loc in enumerate(ring[:6]):
        labels = {label: at for label, at in marked.items() if at == loc}
        on = (loc in options, sorted(labels), standing.get(loc))
        c.area(_TILES, tile_area(slot), (ground, slot, loc, repr(on)),
               partial(_tile, c.rgb, th, view, list(ring), loc, labels),
               under=(("card", slot, loc), partial(draw_card, c.rgb, th, slot, loc)))
    c.area(_STRIPS, STRIP_AREA, (ground, _strip_key(view), drawn_words()), lambda: draw_centre(c.rgb, th, view))
    track = _track_key(view)
    c.area(_TRACKS, TRACK_AREA, (ground, track), lambda: draw_track(c.rgb, th, view))
    draw_panel(c, th, view, names, (ground, track))
    drawn = c.finish(height, PNG_BAND)
    _BOARDS.keep(board_key, drawn)  # kept once drawn: counted with all it holds
    return drawn, height


_BOARDS: Kept[Drawn] = Kept("judgement._BOARDS", 10 * MB, drawn_bytes)
"""The last board drawn on each ground (theme, variant, languages, height) lately (about 5 MB at
nine seats: its paletted canvas and its areas' pixels, `drawn_bytes`), the next board on that
ground drawn over it (`Canvases`), whichever table it was."""
def _tile(img: Image.Image, th: Any, view: Mapping[str, Any], ring: list[str], loc: str,
          labels: Mapping[str, str]) -> None:
    """What a location's card in its place of the ring shows (the card itself is under it,
    `draw_card`): offered, labelled, its pieces."""
    draw_options(img, th, view, only=loc)
    draw_highlights(img, th, ring, labels)
    draw_pieces(img, th, view, only=loc)

STRIP_AREA = (LEFT_X0, STRIP_Y0, LEFT_X1 + 1, STRIP_Y1 + 1)
"""The strip of the decks and the last dice (`draw_centre`): all it draws is inside."""
TRACK_AREA = (LEFT_X0, TRACK_Y0, LEFT_X1 + 1, TRACK_Y1 + 2)
"""The damage track (`draw_track`): its HP marks reach a pixel under its box."""
_STRIPS: Kept[Pixels] = Kept("judgement._STRIPS", 2 * MB, pixels_bytes)
_TRACKS: Kept[Pixels] = Kept("judgement._TRACKS", 4 * MB, pixels_bytes)
"""The strips and tracks drawn lately (200 and 380 KB with their paletted pixels), pasted again
while what they show is the same (a move changes neither, a card drawn only the strip)."""
_TILES: Kept[Pixels] = Kept("judgement._TILES", 5 * MB, pixels_bytes)
"""The location cards drawn lately with what stands on them (their gold edges, labels, pieces:
about 180 KB with their paletted pixels), by their place in the ring and what they show: a
move changes two of them."""


def _strip_key(view: Mapping[str, Any]) -> str:
    """All the strip shows: the decks, the discards, the last roll and its thrower's colour."""
    roll = view.get("last_roll")
    seat = seat_of(roll.get("seat")) if isinstance(roll, Mapping) else None
    return repr((view.get("decks"), view.get("discards"), roll, colour_of(view, seat)))


def _track_key(view: Mapping[str, Any]) -> str:
    """All the track shows: each player's seat, colour, life, damage and HP."""
    return repr([(p.get("seat"), p.get("colour"), p.get("alive", True), p.get("damage"), p.get("hp"))
                 for p in players(view)])


P = "judgement.parts."
PARTS = {
    P + "title": "The City of Judgement: the board and its parts",
    P + "location": "The locations: six cards in a ring; where you move to, you carry out its effect",
    P + "number": "A location's numbers: throw d4 + d6 and move to the location with that number (7: any other)",
    P + "range": "Neighbouring locations: you may attack a player at your location or a neighbouring one",
    P + "packs": "The Holy, Dark and Order packs, and their discards",
    P + "dice": "Where the last dice thrown are shown (a 7 lets the mover choose any other location)",
    P + "track": "The damage track, 0 to 14: one marker per player; a character whose damage reaches its HP dies",
    P + "panel": "The player areas: each player's colour, and once shown, character, HP, identity and equipment",
}
"""The words of the board's parts (`render_parts`), as the catalogue has them in English."""


@entry
def render_parts(ask: Ask) -> bytes:
    """The board of `view` with its parts named (the locations and their numbers, neighbours,
    the packs, the dice, the damage track, the player areas), in the reader's words (`text`): the
    names in a column beside the portrait board."""
    say = wording(ask.text, PARTS)
    x0, y0, _x1, _y1 = tile_box(1)
    _lx0, ly0, lx1, _ly1 = tile_box(0)
    (ax, ay), (bx, by) = SLOT_CENTRES[0], SLOT_CENTRES[1]
    parts = [
        ((lx1 - 40, ly0 + BAND_H + 24), say(P + "location")),
        ((x0 + 30, y0 + BAND_H / 2 + 16), say(P + "number")),
        (((ax + bx) / 2, (ay + by) / 2), say(P + "range")),
        ((DECK_X[0] - 12, STRIP_Y0 + 34), say(P + "packs")),
        ((DICE_X, STRIP_Y0 + 60), say(P + "dice")),
        ((cell_x(0), (TRACK_TOP + TRACK_BOTTOM) / 2), say(P + "track")),
        ((LEFT_X0 + 27, PANEL_Y0 + 20), say(P + "panel")),
    ]
    board = compose(ask.view, theme=ask.theme, names=ask.names, text=ask.text, texts=ask.texts)
    return parts_png(board, parts, say(P + "title"), beside=440)  # the names beside the tall board


RENDERER: Renderer = Functions(render, highlights, label_actions, render_hand, render_parts,
                               text_board=judgement_text.text_board, text_hand=judgement_text.text_hand)
"""The City of Judgement's renderer (`renderer.Renderer`): the board, and each seat's role card."""

SEAT_COLOURS: dict[str, dict[str, tuple[int, int, int]]] = {
    name: {c: th["p_" + c] for c in ("red", "blue", "green", "yellow", "white", "black", "orange", "purple", "pink")}
    for name, th in THEMES.items()
}
"""Each theme's piece colours by seat colour, for the colour-blindness test."""


def seat_marks(view: Mapping[str, Any]) -> list[tuple[tuple[int, int, int], str]]:
    """Each seat's piece colour and letter (the text board's), for the pictures drawn after a
    game (`renderer.insight`)."""
    colours = SEAT_COLOURS["classic"]
    return [(colours[p["colour"]], judgement_text.LETTER[p["colour"]]) for p in view["players"]]
