"""The Judge Dredd board as a PNG, narrow enough to read on a phone: the map of Mega-City One
with each Sector's code, the Intensive Care Unit and the piles under it, then the table (the
players by colour and name, the Crimes in full, the fight); and a player's hand as a second image.

`render` is a pure function of a view (plus the static board, cards, Perps and Crimes of
`rules.judge_dredd.content`): the map with its names is drawn once per theme and language and
cached; each call copies it and draws what moves. It reads nothing but the view, so a face-down
Perp (null in the view) can never be drawn. Every word is a message id looked up through the
caller's `text` (see `judge_dredd_look.MESSAGES`). `highlights` and `label_actions` give the short
labels (A, B, ...) of the Sectors a `move`/`place` reaches and the Crimes an `arrest` chooses, so
the image and the buttons agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from renderer import Functions, Renderer, common, judge_dredd_text
from renderer.caches import KB, MB, cached
from renderer.common import (
    DRAWING,
    PNG_BAND,
    Ask,
    Band,
    Kept,
    Text,
    Theme,
    entry,
    parts_png,
    square_labels,
    target_labels,
    wording,
)
from renderer.judge_dredd_hand import render_hand
from renderer.judge_dredd_look import MESSAGES, PHASES, PILES, THEMES, K, theme_named, words
from renderer.judge_dredd_map import (
    BACKGROUND_WORDS,
    CH,
    CW,
    FRAME,
    HEIGHT,
    ICU_BOX,
    MX,
    MY,
    PANEL_X,
    PANEL_Y,
    PILES_H,
    PILES_Y,
    RIVER_A,
    WIDTH,
    background,
    background_below,
    draw_codes,
    pile_centres,
    sector_box,
    sector_centre,
    title_font,
)
from renderer.judge_dredd_panel import draw_panel, draw_turn
from renderer.judge_dredd_pieces import (
    crime_boxes,
    draw_alien,
    draw_crimes,
    draw_highlight_alien,
    draw_highlight_badge,
    draw_highlight_crime,
    draw_highlight_fill,
    draw_judges,
    draw_last_move,
    draw_pile,
    draw_quarantine,
)
from rules.judge_dredd.content import load_board

__all__ = [
    "HEIGHT",
    "MESSAGES",
    "RENDERER",
    "THEMES",
    "WIDTH",
    "action_target",
    "compose",
    "highlights",
    "label_actions",
    "render",
    "render_hand",
    "render_parts",
]

ALIEN = "alien"
MANY_TARGETS = 12
"""Above this many highlighted Sectors the marks are drawn lightly, so the map stays readable."""


# ---------------------------------------------------------------------------- labels


TARGETS_BUDGET = 512 * KB
"""Action texts whose target is kept (`action_target`): a prompt labels a hundred, mostly the same
from one prompt to the next."""


@cached("judge_dredd.action_target", TARGETS_BUDGET)
def action_target(action: str) -> str | None:
    """What an action text points at on the board: the Sector a `place` or `move` ends in (the
    last code of its path), the Crime (or `alien`) an `arrest` chooses, the Sector a `tipoff`
    sends its Perp to, or the Sector a card is played on (`play quarantine main agg`); None
    otherwise."""
    tokens = action.split()
    sectors = load_board().sectors
    if len(tokens) == 4 and tokens[0] == "play":
        return tokens[3] if tokens[3] in sectors else None
    if len(tokens) == 3 and tokens[0] == "tipoff":
        last = tokens[2].split("-")[-1]
        return last if last in sectors else None
    if len(tokens) != 2:
        return None
    verb, arg = tokens
    if verb == "place" and arg in sectors:
        return arg
    if verb == "move":
        last = arg.split("-")[-1]
        return last if last in sectors else None
    if verb == "arrest":
        return arg
    return None


@cached("judge_dredd._sector_order", 64 * KB)
def _sector_order() -> dict[str, tuple[int, ...]]:
    """The Sectors' reading order (`_order`): row by row, west to east."""
    return {c: (0, s.row, s.col) for c, s in load_board().sectors.items()}


def _order(view: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
    """Reading order of every target: Sectors row by row, west to east; Crimes by their Sector,
    then as the view lists them; the Alien Creature last."""
    out = dict(_sector_order())
    sectors = load_board().sectors
    for i, c in enumerate(view.get("crimes") or []):
        s = sectors.get(c.get("sector"))
        out[c.get("crime")] = (1, s.row if s else 9, s.col if s else 9, i)
    out[ALIEN] = (2,)
    return out


def _label_targets(view: Mapping[str, Any], targets: Iterable[str]) -> dict[str, str]:
    order = _order(view)
    ordered = sorted({t for t in targets if t in order}, key=lambda t: order[t])
    return dict(zip(square_labels(len(ordered)), ordered, strict=True))


def highlights(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str]:
    """Short labels (A, B, ...) for the distinct Sectors a `move`/`place` reaches and the Crimes
    (or the Alien Creature) an `arrest` can choose: {label: sector code | crime id | "alien"}.
    The same actions always get the same labels, whatever their order."""
    return _label_targets(view, (t for a in actions if (t := action_target(a))))


label_actions = target_labels(highlights, action_target)
"""Each action text -> the label of its target on the board (None: no target, e.g. `pass`)."""


# ---------------------------------------------------------------------------- entry points


@entry
def render(ask: Ask) -> bytes:
    """The board for a view as PNG bytes, in the words of `text` (None: English); one language,
    so no `texts`. Same input, same bytes.

    Encoded by `banded_png` from its bands (`_bands`), the map's rows (above `MAP_ROWS`) given as
    the bands a board with the same map had (`_TOPS`): then they are neither pasted nor read again."""
    th = theme_named(ask.theme)
    with DRAWING:
        canvas, height, key, known = _canvas(ask, whole=False)
    bands = _bands(canvas, th, height, known or ())
    # `common.banded_png` looked up where bench/legibility.py patches it
    png = common.banded_png(canvas, th, bands, height=height)
    if not known:
        with DRAWING:
            _TOPS.keep(key, tuple(bands[:MAP_ROWS // PNG_BAND]))
    return png


def _bands(canvas: Image.Image, th: Theme, height: int, given: Sequence[Band]) -> list[Any]:
    """The bands of the top `height` rows of `canvas` for `banded_png`: the `given` ones first
    (the map's, kept: those rows are not read), then the rest on the theme's palette, converted
    at once (`paletted`'s conversion: pixel by pixel, no dithering) and cut in `PNG_BAND` rows.
    A band a recent picture had is found by its palette indices (`common.BANDS`) and not
    compressed again. At a table not drawn lately most bands are its own (its names, its
    pieces): converting them all at once costs less than looking each up by its RGB bytes first
    (`kept_png`), which keeps a copy of every band's RGB bytes for little reuse."""
    width = canvas.width
    first = min(len(given), height // PNG_BAND)
    out: list[Any] = list(given[:first])
    top = first * PNG_BAND
    if top < height:
        indices = canvas.crop((0, top, width, height)).quantize(palette=th.palette_image(),
                                                                dither=Image.Dither.NONE).tobytes()
        step = width * PNG_BAND
        out += [indices[i:i + step] for i in range(0, len(indices), step)]
    return out


@entry
def compose(ask: Ask) -> Image.Image:
    """The board as an RGB image, before palette conversion (for tests and measurements). The map
    (all above the piles) is drawn from `map_view` and `MAP_WORDS` alone, so it is pasted from
    the maps drawn before when those are the same (`_MAPS`): a card-play window's passes change
    only the panel."""
    canvas, height, _, _ = _canvas(ask)
    return canvas.crop((0, 0, WIDTH, height))


def _canvas(ask: Ask, *, whole: bool = True) -> tuple[Image.Image, int, Any, tuple[Band, ...] | None]:
    """`compose`'s canvas, how many of its rows from the top are the board (the rest is not
    copied away: `render` encodes those rows alone), the map's key (all its rows above `MAP_ROWS`
    are drawn from) and, unless `whole`, the PNG bands kept for those rows (`_TOPS`), if any: then
    those rows of the canvas are left as they come (not drawn, not to be read)."""
    view, names = ask.view, ask.names
    th = theme_named(ask.theme)
    say = words(ask.text)
    said = {key: say(key) for key in MAP_WORDS}
    texts = tuple(said.values())
    highlight = dict(ask.highlight or {})
    seen = map_view(view)
    key = (th.name, texts, repr(seen), tuple(highlight.items()))
    known = None if whole else _TOPS.get(key)
    found = None if known is not None else _MAPS.get(key)
    if known is not None or found is not None:
        # every row is pasted over (the map kept, the background below it), or left as it comes
        # (the map's rows, known as they are encoded): not filled first
        canvas = Image.new("RGB", (WIDTH, HEIGHT), None)
        if found is not None:
            canvas.paste(found, (0, 0))
        canvas.paste(background_below(th.name, said.__getitem__, MAP_ROWS), (0, MAP_ROWS))
    else:
        canvas = background(th.name, said.__getitem__).copy()
        _draw_map(canvas, th, said.__getitem__, seen, highlight)
        if whole:  # `render` keeps the map's bands instead (`_TOPS`)
            _MAPS.keep(key, canvas.crop((0, 0, WIDTH, MAP_ROWS)))
    _piles(canvas, th, texts, view)
    bottom = draw_panel(canvas, th, say, view, names, highlight)
    return canvas, min(HEIGHT, bottom + FRAME), key, known


PILES_BUDGET = 2 * MB
"""Piles kept (`_piles`, some 30 KB each): one of five piles' counts changes with most cards
played and drawn."""
_PILES: Kept[Image.Image] = Kept("judge_dredd._PILES", PILES_BUDGET)
CHECK_GROUND = False
"""Tests: assert that the map leaves the background below `MAP_ROWS` as it is (the piles' ground
and the gaps around it: nothing of the map reaches them)."""


def _piles(canvas: Image.Image, th: Theme, texts: tuple[str, ...], view: Mapping[str, Any]) -> None:
    """The piles with their counts, drawn after the map over their own ground (the background's:
    nothing of the map reaches them), each in its column (`pile_box`), so pasted from before when
    its count is the same."""
    if CHECK_GROUND:
        below = background(th.name, dict(zip(MAP_WORDS, texts, strict=True)).__getitem__)
        ground = (0, MAP_ROWS, WIDTH, PANEL_Y)
        assert canvas.crop(ground).tobytes() == below.crop(ground).tobytes()
    piles = view.get("piles") or {}
    for pile in PILES:
        count = str(piles.get(pile, 0))
        _PILES.area(canvas, pile_box(pile), (th.name, texts, pile, count),
                    partial(draw_pile, canvas, th, pile, count))


def pile_box(pile: str) -> tuple[int, int, int, int]:
    """A pile's column under the map: all `draw_pile` draws of it, over the piles' ground."""
    x0 = MX + (WIDTH - FRAME - MX) * PILES.index(pile) // len(PILES)
    x1 = MX + (WIDTH - FRAME - MX) * (PILES.index(pile) + 1) // len(PILES)
    return (x0, PILES_Y, x1, PILES_Y + PILES_H)


MAP_ROWS = PILES_Y // PNG_BAND * PNG_BAND
"""The rows of the map, to the last band boundary (`PNG_BAND`) above the piles: drawn from the
map's key alone (`_draw_map` draws nothing below them: `CHECK_GROUND`), so encoded as the bands a
board with the same map had (`_TOPS`)."""
TOPS_BUDGET = 2 * MB
"""Maps kept as PNG bands (`_TOPS`, some 40 KB each): a map lasts a few actions (a card-play
window's passes), and a table shows the last few again."""
_TOPS: Kept[tuple[Band, ...]] = Kept("judge_dredd._TOPS", TOPS_BUDGET)
"""The PNG bands of the rows above `MAP_ROWS` (as `banded_png` leaves them), by the map's key."""

MAPS_BUDGET = 8 * MB
"""Maps kept (`compose`, in bytes: about 1.6 MB each, so five): the last few of the tables playing."""
_MAPS: Kept[Image.Image] = Kept("judge_dredd._MAPS", MAPS_BUDGET)

MAP_WORDS = (*(K + w for w in BACKGROUND_WORDS), K + "turn", K + "setup", *(K + "phase." + p for p in PHASES))
"""Every word the map draws (the panel has its own): the background's, the Game Turn's, the phases'."""
MAP_JUDGE = ("seat", "colour", "at")
"""What the map shows of a Judge: his disc, where he stands."""


def map_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a view the map is drawn from: its Judges' seats, colours and places, who is in
    focus (the mover, a fight's Judges, the Judge an open window is about), the Crimes, the Alien,
    the quarantine, the last Move, the Game Turn and phase. Not who has passed, the scores, the
    hands' sizes (the panel's), nor the piles (drawn after, over their own ground)."""
    out = {k: view[k] for k in ("quarantine", "last_move", "crimes", "alien", "turn", "phase", "mover")
           if k in view}
    if "judges" in view:
        out["judges"] = [{k: j.get(k) for k in MAP_JUDGE} for j in view["judges"]] if view["judges"] else view["judges"]
    if "fight" in view:
        out["fight"] = {"judges": view["fight"].get("judges")} if view["fight"] else view["fight"]
    if "window" in view:
        out["window"] = {"for": view["window"].get("for")} if view["window"] else view["window"]
    return out


def _draw_map(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], highlight: Mapping[str, str]) -> None:
    """Everything above the panel but the piles: what stands on the map, the codes, the Game Turn."""
    sectors = load_board().sectors
    hl_sectors = {label: t for label, t in highlight.items() if t in sectors}
    light = len(hl_sectors) > MANY_TARGETS
    q = view.get("quarantine")
    if q and q.get("sector"):
        draw_quarantine(canvas, th, q["sector"])
    for code in hl_sectors.values():
        draw_highlight_fill(canvas, th, code, light)
    draw_last_move(canvas, th, view)
    draw_codes(canvas, th)
    boxes = crime_boxes(view)
    draw_crimes(canvas, th, view, boxes)
    draw_alien(canvas, th, view)
    draw_judges(canvas, th, view)
    for label, target in highlight.items():
        if target in sectors:
            draw_highlight_badge(canvas, th, view, target, label)
        elif target in boxes:
            draw_highlight_crime(canvas, th, boxes[target], label)
        elif target == ALIEN:
            draw_highlight_alien(canvas, th, view, label)
    title = say(K + "title")
    draw_turn(canvas, th, say, view, MX + title_font(title).getlength(title) + 16)


P = "judge_dredd.parts."
PARTS = {
    P + "title": "Judge Dredd: the map of Mega-City One and its parts",
    P + "sector": ("Sectors, by the code the commands take: a Judge's Move takes him up to two Sectors, "
                    "across a shared border or a bridge"),
    P + "ghj": "The Grand Hall of Justice: a Starting Sector; a Judge here at issue may take up to 6 Action Cards",
    P + "start": ("Starting Sectors (gold, with the number of Action Cards issued there): where the Judges are "
                   "placed; no Sector card names them"),
    P + "hospital": "The Justice Department Hospital: no Sector card names it; a Judge leaves Intensive Care into it",
    P + "river": "Rivers: Sectors either side of a river are adjacent only through a bridge",
    P + "bridge": "A bridge: the way across a river",
    P + "icu": "Intensive Care: a wounded Judge waits here, out of play; his next Move takes him into the Hospital",
    P + "piles": "The piles: Action Cards, discards, Perps, Crimes and Sector cards",
    P + "panel": ("The Judges: each player's colour and number by their name, cards in hand, Arrests, score and "
                   "whose Move it is; then the Crimes in full"),
}
"""The words of the map's parts (`render_parts`), as the catalogue has them in English."""


@entry
def render_parts(ask: Ask) -> bytes:
    """The map of `view` with its parts named (Sectors, the Grand Hall of Justice, the Starting
    Sectors, the Hospital, the rivers and bridges, Intensive Care, the piles, the Judges' panel),
    in the reader's words (`text`)."""
    say = wording(ask.text, PARTS)
    board = load_board()
    sectors = board.sectors.values()
    plain = next(s.code for s in sectors if s.card and s.row == 2 and s.col >= 4)
    start = next(s.code for s in sectors if s.start and s.code != "ghj")
    bridge = next(e for e in board.edges if e.kind == "bridge")
    (ax, ay), (bx, by) = sector_centre(bridge.a), sector_centre(bridge.b)

    def corner(code: str) -> tuple[float, float]:
        _x0, y0, x1, _y1 = sector_box(code)
        return (x1 - 14, y0 + 78)  # under the card bonus, right of the Judges

    parts = [
        (sector_centre(plain), say(P + "sector")),
        (corner("ghj"), say(P + "ghj")),
        (corner(start), say(P + "start")),
        (corner("hos"), say(P + "hospital")),
        ((MX + 3 * CW + RIVER_A / 2, MY + CH * 1.5), say(P + "river")),
        (((ax + bx) / 2, (ay + by) / 2), say(P + "bridge")),
        ((ICU_BOX[0] + 22, (ICU_BOX[1] + ICU_BOX[3]) / 2), say(P + "icu")),
        (pile_centres()[0], say(P + "piles")),
        ((PANEL_X + 14, PANEL_Y + 14), say(P + "panel")),
    ]
    with DRAWING:  # the pictures kept between boards are shared with `render`'s drawing
        drawn = compose(ask.view, theme=ask.theme, names=ask.names, text=ask.text)
    return parts_png(drawn, parts, say(P + "title"))


RENDERER: Renderer = Functions(render, highlights, label_actions, render_hand, render_parts,
                               text_board=judge_dredd_text.text_board, text_hand=judge_dredd_text.text_hand)
"""Judge Dredd's renderer (`renderer.Renderer`): the board, and each player's hand of Action Cards."""

SEAT_COLOURS: dict[str, dict[str, tuple[int, int, int]]] = {
    name: {c: th["judge_" + c] for c in ("red", "blue", "green", "yellow", "white", "black")}
    for name, th in THEMES.items()
}
"""Each theme's Judge colours by seat colour (R22), for the colour-blindness test."""


def seat_marks(view: Mapping[str, Any]) -> list[tuple[tuple[int, int, int], str]]:
    """Each seat's Judge colour and letter (the text map's), for the pictures drawn after a game
    (`renderer.insight`)."""
    colours = SEAT_COLOURS["classic"]
    return [(colours[j["colour"]], judge_dredd_text.LETTER[j["colour"]]) for j in view["judges"]]
