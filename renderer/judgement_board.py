"""The left of the public City of Judgement board: the ring of six locations with their numbers and
the pieces on them, the decks and the last dice in the middle, the damage track underneath.

The six location cards lie in a ring in the order of `view["ring"]` (ruling 2: slot i neighbours
i-1 and i+1; the `pairs` variant links only slots 0-1, 2-3 and 4-5), each with the numbers of the
d4+d6 roll that sends a piece there (酒館 2-3 ... 黑市 10; 7 goes anywhere). The damage track runs 0
to 14 (N6.3) with each living player's marker on its damage, several markers sharing a
cell side by side, and a mark in the player's colour at the HP of each face-up character: the
character is dying when its marker reaches that mark (rulebook 瀕死狀態).

The picture is portrait and narrow (`WIDTH` 560) so that it reads on a phone, which shows it about
400 px wide: every text is drawn at least `MIN_TEXT` px high (glyph height, 12.6 px here: 9 px at
400 wide). Top to bottom: the header (turn, who is asked, the attack: `judgement_panel`), the ring
as two columns of three cards (slot 0 top left, clockwise: 0 1 / 5 2 / 4 3), the strip of decks and
last dice, the damage track, and a row per player (`judgement_panel`). The cards carry their
numbers, names and pieces; their effects are on each seat's role card (`judgement_role`), where
there is room to read them.

Every name is drawn in Chinese and English (`judgement_look.both`, `names2`) on the public board,
in the reader's language alone on a seat's own (`judgement_look.board_langs`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderer.caches import KB, MB, cached
from renderer.common import (
    RGB,
    SS,
    Kept,
    Theme,
    blend,
    die_face,
    downscale,
    ellipsize,
    fit_font,
    font,
    paletted,
    paste_centred,
    pill,
    top_rows_bytes,
)
from renderer.judgement_look import (
    COLOURS,
    LANGS,
    PACKS,
    WHYS,
    K,
    both,
    colour_of,
    content,
    drawing_in,
    drawn_langs,
    names2,
    piece,
    players,
    rolls_label,
    seat_of,
    skills,
)

WIDTH = 560
MARGIN = 10
MIN_TEXT = 12.6
"""The least glyph height (px at `WIDTH`) of any text drawn: 9 px when shown 400 px wide."""
HEAD_Y0, HEAD_Y1 = 8, 120
TITLE_H = HEAD_Y1
"""Where the ring starts (the header above it is the panel's)."""
LEFT_X0, LEFT_X1 = MARGIN, WIDTH - MARGIN
RING_Y0 = HEAD_Y1 + 8
TILE_W, TILE_H = 256, 116
TILE_GAP = 12
RING_PAD = 8
RING_Y1 = RING_Y0 + 2 * RING_PAD + 3 * TILE_H + 2 * TILE_GAP
BAND_H = 56
STRIP_Y0 = RING_Y1 + 8
STRIP_Y1 = STRIP_Y0 + 92
TRACK_Y0 = STRIP_Y1 + 8
TRACK_Y1 = TRACK_Y0 + 178
PANEL_Y0 = TRACK_Y1 + 8
HEIGHT = PANEL_Y0 + 9 * 64 + 8 * 4 + MARGIN

_CX = (LEFT_X0 + LEFT_X1) / 2
_CY = (RING_Y0 + RING_Y1) / 2
_COLS = (LEFT_X0 + RING_PAD + TILE_W / 2, LEFT_X1 - RING_PAD - TILE_W / 2)
_ROWS = tuple(RING_Y0 + RING_PAD + TILE_H / 2 + r * (TILE_H + TILE_GAP) for r in range(3))
SLOT_CENTRES = (
    (_COLS[0], _ROWS[0]),
    (_COLS[1], _ROWS[0]),
    (_COLS[1], _ROWS[1]),
    (_COLS[1], _ROWS[2]),
    (_COLS[0], _ROWS[2]),
    (_COLS[0], _ROWS[1]),
)
"""Tile centres of the six slots, clockwise from the top left (slot 0): 0 1 / 5 2 / 4 3."""


PIECE = 38
"""A piece's diameter: its seat number is then `MIN_TEXT` high."""


def tile_box(slot: int) -> tuple[float, float, float, float]:
    cx, cy = SLOT_CENTRES[slot % 6]
    return (cx - TILE_W / 2, cy - TILE_H / 2, cx + TILE_W / 2, cy + TILE_H / 2)


def links(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The neighbouring slots (ruling 2): the ring, or the three pairs of the `pairs` variant."""
    if "pairs" in (view.get("variants") or []):
        return [(0, 1), (2, 3), (4, 5)]
    return [(i, (i + 1) % 6) for i in range(6)]


# ---------------------------------------------------------------------------- text helpers


def zh_font(size: int) -> Any:
    return font("cjk", size)


def en_font(size: int, bold: bool = True) -> Any:
    return font("bold" if bold else "regular", size)


def pair_width(pair: tuple[str, str], size: int, gap: int = 6, min_size: int = 18) -> float:
    """How wide `draw_pair` draws `pair` at `size` (the English two sizes smaller, not under
    `min_size`, as it draws it)."""
    zh, en = pair
    w = float(font_for_word(zh, size).getlength(zh))
    return w if not en or en == zh else w + gap + float(en_font(max(min_size, size - 2), bold=True).getlength(en))


def draw_pair(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    pair: tuple[str, str],
    size: int,
    fill: RGB,
    second: RGB | None = None,
    *,
    max_width: float | None = None,
    anchor: str = "lm",
    gap: int = 6,
    bold_zh: bool = False,
    min_size: int = 18,
) -> float:
    """Chinese then English on one line ("酒館 Tavern"), the English a little smaller and in
    `second`; one word when both are the same (a player's name). Shrinks to fit `max_width`, down
    to `min_size`; then the English is cut, then the word itself (with an ellipsis).
    `anchor` is "lm" (left) or "mm"/"rm" (centred, right). Returns the width drawn."""
    zh, en = pair
    second = second or fill
    single = not en or en == zh
    for s in range(size, min_size - 1, -1):  # each word measured once at each size (a name is kept nowhere)
        fz = font_for_word(zh, s)
        fe = en_font(max(min_size, s - 2), bold=True)
        wz = fz.getlength(zh)
        w = wz + (0 if single else gap + fe.getlength(en))
        if max_width is None or w <= max_width:
            break
    if max_width is not None and w > max_width:  # too wide even at the smallest size: cut the English, then
        room = max(0.0, max_width - wz - gap)
        en = ellipsize(en, fe, room) if not single and room > 24 else ""
        if not en:
            zh = ellipsize(zh, fz, max_width)
            wz = fz.getlength(zh)
        single = not en
        w = wz + (0 if single else gap + fe.getlength(en))
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    stroke = 1 if bold_zh and fz.size >= 22 and needs_zh(zh) else 0
    d.text((x, y), zh, font=fz, fill=fill, anchor="lm", stroke_width=stroke, stroke_fill=fill)
    if not single:
        d.text((x + wz + gap, y + 1), en, font=fe, fill=second, anchor="lm")
    return w


def needs_zh(text: str) -> bool:
    """Whether the text has a character from U+2E80 on (Chinese): its greatest one, in C."""
    return max(text, default="\0") >= "\u2e80"


def font_for_word(text: str, size: int) -> Any:
    return zh_font(size) if needs_zh(text) else en_font(size)


# ---------------------------------------------------------------------------- the two canvases


Box = tuple[int, int, int, int]


class Pixels:
    """An area's pixels (`rgb`) and the same on the theme's palette (`pal`), as a board keeps them;
    with the bytes of its last rows (`tail`, what a row below stands on), read once."""

    __slots__ = ("_tails", "pal", "rgb")

    def __init__(self, rgb: Image.Image, pal: Image.Image) -> None:
        self.rgb, self.pal = rgb, pal
        self._tails: dict[int, bytes] = {}

    def tail(self, rows: int) -> bytes:
        """The RGB bytes of the last `rows` rows (b"" for none)."""
        if rows <= 0:
            return b""
        found = self._tails.get(rows)
        if found is None:
            h = self.rgb.height
            found = self._tails[rows] = self.rgb.crop((0, h - rows, self.rgb.width, h)).tobytes()
        return found


TAIL_ROWS = 16
"""The most rows a `Pixels.tail` is read of (a row's area overlaps the next one's by 13), counted
in what kept pixels hold (`pixels_bytes`)."""


def pixels_bytes(pixels: Pixels) -> int:
    """What kept `Pixels` hold, in bytes, counted without walking them: the RGB and paletted pixels
    (4 bytes a pixel), room for a tail (`TAIL_ROWS`) and the objects."""
    w, h = pixels.rgb.size
    return w * h * 4 + w * 3 * TAIL_ROWS + 600


class Drawn:
    """The last board drawn on a ground (`Canvases`): its paletted canvas (full height), the areas
    pasted on it in order with their keys and pixels, and its PNG bands (`bands`: each its palette
    indices, or what `common.banded_png` made of them). Changed only under the drawing lock; `ops`
    and `bands` empty while a board is being drawn on it (a drawing that fails leaves no claim about
    what the canvas holds). No RGB canvas is kept with it (areas are drawn on a scratch canvas,
    `scratch`; `rgb` pastes one together), so that a board at nine seats is about 5 MB
    (`drawn_bytes`), not three times that."""

    __slots__ = ("bands", "ops", "pal")

    def __init__(self, pal: Image.Image) -> None:
        self.pal = pal
        self.ops: list[tuple[Box, Any, Pixels]] = []
        self.bands: list[Any] = []

    def rgb(self, ground: Image.Image) -> Image.Image:
        """The board in RGB: its areas pasted in order on its ground (`background`)."""
        img = ground.copy()
        for area, _, pixels in self.ops:
            img.paste(pixels.rgb, area[:2])
        return img


def drawn_bytes(drawn: Drawn) -> int:
    """What a kept `Drawn` holds, in bytes, counted without walking it: its paletted canvas, the
    pixels of its areas (`pixels_bytes`: counted here too when another cache keeps them as well)
    and its bands (their indices, or their compressed bytes, about a tenth)."""
    w, h = drawn.pal.size
    held = w * h + 200 + sum(pixels_bytes(pixels) + 200 for _, _, pixels in drawn.ops)
    for band in drawn.bands:
        held += len(band) + 33 if isinstance(band, bytes) else (len(band[0]) + 120 if isinstance(band, tuple) else 64)
    return held


_SCRATCH: dict[tuple[int, int], Image.Image] = {}


def scratch(size: tuple[int, int]) -> Image.Image:
    """The RGB canvas areas are drawn on (`Canvases`), one per size for every board (each area is
    laid on its ground there before it is drawn, `Canvases._ground`, and read back within it).
    Used under the drawing lock."""
    found = _SCRATCH.get(size)
    if found is None:
        found = _SCRATCH[size] = Image.new("RGB", size)
    return found


_GROUNDS: Kept[Image.Image] = Kept("judgement_board._GROUNDS", 9 * MB)
"""The background's pixels in each area drawn afresh on it (`Canvases._ground`), by the ground's
arguments and the area: about a board's worth (2.4 MB) for each ground in use; and the same with
a location's card on each place of the ring (100 KB each, 3.6 MB for the six locations in six
places)."""


def _meet(a: Box, b: Box) -> bool:
    """Whether two areas share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _within(a: Box, b: Box) -> Box:
    """The part of `b` inside `a`, in `b`'s own coordinates (they meet)."""
    return (max(a[0], b[0]) - b[0], max(a[1], b[1]) - b[1], min(a[2], b[2]) - b[0], min(a[3], b[3]) - b[1])


class Canvases:
    """A board as areas pasted on its ground (`background`) one after another, each area's pixels
    kept with what they show (`area`): drawn on `rgb` (a scratch canvas, `scratch`), kept in RGB
    and on the theme's palette (`common.paletted`), and pasted on `pal`, so that the picture is
    never converted whole (the conversion is pixel by pixel, nearest colour, no dithering: an
    area's paletted pixels pasted are the paletted pixels of its RGB ones pasted).

    The paletted canvas is that of the last board drawn on the same ground (`Drawn`), and only the
    areas whose keys differ from that board's, in the same place of the sequence, are pasted again
    (`finish`), with the areas that overlap them: every pixel is then the pixel of the last area
    over it, as when every area is pasted on the bare ground in order. An area drawn afresh is
    drawn on its ground as the sequence leaves it: the background, then the earlier areas over it
    (`_ground`). Each drawing must stay inside its area. `ground_key`: what the ground is drawn
    from (its areas' bare pixels are kept by it, `_GROUNDS`)."""

    def __init__(self, th: Theme, ground: Image.Image, paletted_ground: Image.Image, drawn: Drawn | None,
                 ground_key: Any = None) -> None:
        self.th, self.ground, self.ground_key = th, ground, ground_key
        self.drawn = drawn if drawn is not None else Drawn(paletted_ground.copy())
        self.rgb = scratch(ground.size)
        self.before, self.drawn.ops = self.drawn.ops, []
        self.bands, self.drawn.bands = self.drawn.bands, []
        self.ops: list[tuple[Box, Any, Pixels]] = []
        self.changed: list[int] = []
        """The areas (their places in `ops`) that changed since the last board."""

    def area(self, kept: Kept[Pixels], area: Box, key: Any, paint: Callable[[], None], *,
             shared: bool = True, under: tuple[Any, Callable[[], None]] | None = None) -> Pixels:
        """The pixels of `area` showing `key`: those of the last board when it showed the same
        there, else those kept for `key`, else `paint()`ed on `rgb` over its ground, converted and
        kept. `key` holds all `paint` reads and what the area holds before it. `shared` False: the
        key holds a player's name, which `kept` would refuse: not looked up nor offered there.
        `under`: (its key, a drawing) what is drawn in the area first, before `paint`, whatever
        else it shows (a location's card on its place): kept drawn on the area's ground (`_ground`)."""
        i = len(self.ops)
        if i < len(self.before) and self.before[i][0] == area and self.before[i][1] == key:
            pixels = self.before[i][2]
        else:
            self.changed.append(i)
            found = kept.get((area, key)) if shared else None
            if found is None:
                self._ground(area, under)
                paint()
                crop = self.rgb.crop(area)
                found = Pixels(crop, paletted(crop, self.th))
                if shared:
                    kept.keep((area, key), found)
            pixels = found
        self.ops.append((area, key, pixels))
        return pixels

    def _ground(self, area: Box, under: tuple[Any, Callable[[], None]] | None = None) -> None:
        """`rgb` in `area` as the sequence so far leaves it: the background, then each earlier area
        that overlaps it, in order; then `under`'s drawing. While no earlier area overlaps it,
        the background with `under` drawn on it is kept (`_GROUNDS`, by `under`'s key), and
        pasted whole: a picture drawn over the ground (pasted with its transparency, as a card
        is) is then a plain copy."""
        overlaps = [op for op in self.ops if _meet(op[0], area)]
        if under is not None and not overlaps and self.ground_key is not None:
            key = (self.ground_key, area, under[0])
            drawn = _GROUNDS.get(key)
            if drawn is None:
                self._ground(area)
                under[1]()
                drawn = self.rgb.crop(area)
                _GROUNDS.keep(key, drawn)
            self.rgb.paste(drawn, area[:2])
            return
        bare = self._bare(area)
        self.rgb.paste(bare, area[:2])
        for box, _, pixels in overlaps:
            cut = _within(area, box)
            self.rgb.paste(pixels.rgb.crop(cut), (box[0] + cut[0], box[1] + cut[1]))
        if under is not None:
            under[1]()

    def _bare(self, area: Box) -> Image.Image:
        """The background's pixels in `area` (kept by the ground's key, `_GROUNDS`)."""
        key = (self.ground_key, area) if self.ground_key is not None else None
        bare = _GROUNDS.get(key) if key is not None else None
        if bare is None:
            bare = self.ground.crop(area)
            if key is not None:
                _GROUNDS.keep(key, bare)
        return bare

    def finish(self, height: int, band: int) -> Drawn:
        """Paste the areas that changed since the last board on the paletted canvas, in order, and
        of every other area the part inside them (an area that did not change is the same there,
        and outside the changed areas every pixel stays as the last board left it); the bands of
        `band` rows of the picture's `height` rows under changed areas whose indices changed are
        given their new indices, the others kept as they were (with what was made of them)."""
        drawn = self.drawn
        same = len(self.before) == len(self.ops)
        which = set(self.changed if same else range(len(self.ops)))
        changed = [op[0] for i, op in enumerate(self.ops) if i in which]
        width = drawn.pal.width
        dirty: set[int] = set()
        for box in changed:
            dirty.update(range(box[1] // band, -(-box[3] // band)))
        old = top_rows_bytes(drawn.pal, height) if same and self.bands and changed else b""  # the last board's
        for i, (area, _, pixels) in enumerate(self.ops):
            if i in which:
                drawn.pal.paste(pixels.pal, area[:2])
            else:
                for box in changed:
                    if _meet(area, box):
                        cut = _within(box, area)
                        drawn.pal.paste(pixels.pal.crop(cut), (area[0] + cut[0], area[1] + cut[1]))
        bands: list[Any] = []
        raw = b""
        for n, top in enumerate(range(0, height, band)):
            known = same and n < len(self.bands)
            if known and n not in dirty:
                bands.append(self.bands[n])
                continue
            raw = raw or top_rows_bytes(drawn.pal, height)  # read once, bands cut from it
            start, end = top * width, min(height, top + band) * width
            indices = raw[start:end]
            bands.append(self.bands[n] if known and old and indices == old[start:end] else indices)
        drawn.ops, drawn.bands = self.ops, bands
        return drawn


# ---------------------------------------------------------------------------- the static ring


@cached("judgement_board.background", 8 * MB)
def background(theme_name: str, pairs: bool, th: Theme, langs: tuple[str, ...] = LANGS) -> Image.Image:
    """The frame, the header's box, the ring's ground with the roads between neighbouring places,
    the strip of the decks and the empty damage track: drawn once per theme, variant and languages
    (2.4 MB each), whatever the ring. The location cards are not on it: each is drawn in its own
    area with what stands on it (`draw_card`), so the cards of a ring are those of any other."""
    with drawing_in(langs):
        return _background(pairs, th)


@cached("judgement_board.paletted_background", 4 * MB)
def paletted_background(theme_name: str, pairs: bool, th: Theme, langs: tuple[str, ...] = LANGS) -> Image.Image:
    """`background` on the theme's palette (`common.paletted`), converted once (0.8 MB each)."""
    return paletted(background(theme_name, pairs, th, langs), th)


def _background(pairs: bool, th: Theme) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), th["frame"])
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((LEFT_X0, HEAD_Y0, LEFT_X1, HEAD_Y1), radius=12, fill=th["panel"])  # the header's box
    d.rounded_rectangle((LEFT_X0, RING_Y0, LEFT_X1, RING_Y1), radius=14, fill=th["paper"])
    view = {"variants": ["pairs"] if pairs else []}
    for a, b in links(view):
        (ax, ay), (bx, by) = SLOT_CENTRES[a], SLOT_CENTRES[b]
        d.line((ax, ay, bx, by), fill=th["street"], width=22)
        d.line((ax, ay, bx, by), fill=blend(th["street"], th["dim"], 0.35), width=2)
    d.rounded_rectangle((LEFT_X0, STRIP_Y0, LEFT_X1, STRIP_Y1), radius=12, fill=th["paper"])
    _centre_ground(img, th)
    _track_ground(img, th)
    return img


@cached("judgement_board._tile_face", 512 * KB)
def _tile_face(th_name: str, band: RGB, card: RGB) -> Image.Image:
    W, H = TILE_W * SS, TILE_H * SS
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((2 * SS, 4 * SS, W - 1, H - 1), radius=14 * SS, fill=(0, 0, 0, 110))  # shadow
    d.rounded_rectangle((0, 0, W - 3 * SS, H - 4 * SS), radius=14 * SS, fill=card, outline=band, width=3 * SS)
    d.rounded_rectangle((0, 0, W - 3 * SS, BAND_H * SS), radius=14 * SS, fill=band)
    d.rectangle((0, (BAND_H - 14) * SS, W - 3 * SS, BAND_H * SS), fill=band)
    return downscale(big, (TILE_W, TILE_H))


def band_colour(th: Theme, loc: str) -> RGB:
    key = f"loc_{loc}"
    return th[key] if key in th.colours else th["hidden"]


def draw_card(img: Image.Image, th: Theme, slot: int, loc: str) -> None:
    """A location card in its place of the ring (`slot`), over the background's roads: its roll
    numbers and its name on the band (Chinese over English on the public board); the pieces stand
    below. Its effect is on the role card (`judgement_role`). Drawn once per location, theme,
    languages and place within a pixel (`_tile_sprite`), and pasted; all of it is inside the slot's
    `tile_area`, which no other card's reaches."""
    x0, y0, _x1, _y1 = tile_box(slot)
    at = (round(x0), round(y0))
    sprite = _tile_sprite(th, loc, drawn_langs(), (x0 - at[0], y0 - at[1]))
    img.paste(sprite, at, sprite)


TILES_BUDGET = 4 * MB
"""Tile sprites kept (about 50 KB each): every location of both themes in both board languages."""


@cached("judgement_board._tile_sprite", TILES_BUDGET)
def _tile_sprite(th: Theme, loc: str, langs: tuple[str, ...], offset: tuple[float, float]) -> Image.Image:
    """`_tile`'s card as a sprite (RGBA): the face with its shadow, its badge and its name drawn on
    the opaque band, so pasting it gives the pixels drawing it on the board gave. `offset`: the
    tile's place within a pixel (its words are drawn at the same sub-pixel place). `langs` keys
    the words of `drawing_in`."""
    band = band_colour(th, loc)
    img = _tile_face(th.name, band, th["card"]).copy()
    d = ImageDraw.Draw(img)
    x0, y0 = offset
    # the roll badge
    label = rolls_label(loc)
    bx, by = x0 + 30, y0 + BAND_H / 2
    d.rounded_rectangle((bx - 24, by - 17, bx + 24, by + 17), radius=12, fill=th["card"],
                        outline=blend(band, th["ink"], 0.4), width=2)
    d.text((bx, by + 1), label, font=fit_font(label, 24, 44, "bold", 18), fill=blend(band, th["ink"], 0.55),
           anchor="mm")
    zh, en = names2("location", loc)
    room = TILE_W - 66 - 8  # the band right of the badge
    if not en:  # a one-language board: the name alone, centred in the band
        fn = fit_font(zh, 24, room, "bold", 18)
        d.text((x0 + 60, y0 + BAND_H / 2), ellipsize(zh, fn, room), font=fn, fill=(255, 255, 255), anchor="lm")
    else:
        d.text((x0 + 60, y0 + 17), zh, font=zh_font(20), fill=(255, 255, 255), anchor="lm")
        fe = fit_font(en, 19, room, "bold", 18)
        if fe.getlength(en) > room:  # a long name ("Alchemist's Tower"): the narrower face
            fe = fit_font(en, 19, room, "condensed", 18)
        d.text((x0 + 60, y0 + 40), ellipsize(en, fe, room), font=fe, fill=blend(band, (255, 255, 255), 0.85),
               anchor="lm")
    return img


# ---------------------------------------------------------------------------- what moves


def offered(view: Mapping[str, Any]) -> list[Any]:
    """The locations an open `go` frame offers (none without one)."""
    frame = view["frame"] if isinstance(view.get("frame"), Mapping) else {}
    return list(frame.get("options") or []) if frame.get("kind") == "go" else []


def draw_options(img: Image.Image, th: Theme, view: Mapping[str, Any], only: str | None = None) -> None:
    """The locations an open `go` frame offers (public: after a 7 everyone sees the choice being
    made), edged in gold; `only`: on that location's card alone."""
    ring = [str(x) for x in view.get("ring") or []]
    d = ImageDraw.Draw(img)
    for loc in offered(view):
        if loc in ring and (only is None or loc == only):
            x0, y0, x1, y1 = tile_box(ring.index(loc))
            d.rounded_rectangle((x0 - 3, y0 - 3, x1, y1 - 2), radius=16, outline=th["gold"], width=2)


def draw_highlights(img: Image.Image, th: Theme, ring: list[str], marked: Mapping[str, str]) -> None:
    """A gold edge round each location an action reaches, and its label (A, B, ...)."""
    d = ImageDraw.Draw(img)
    for label, loc in marked.items():
        if loc not in ring:
            continue
        x0, y0, x1, y1 = tile_box(ring.index(loc))
        d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 1, y1 - 1), radius=16, outline=th["hl"], width=4)
        badge = pill(label, 30, (255, 255, 255), (20, 20, 20), th["hl_edge"])
        paste_centred(img, badge, (x1 - badge.width / 2 - 8, y1 - 24))


def pieces(view: Mapping[str, Any]) -> dict[str, list[tuple[int, str, str | None]]]:
    """Each location's pieces as `draw_pieces` draws them, in seat order of the view: each living
    player's seat, colour and ring ("gold": whose turn it is; "hp": the open `attack`/`again`
    frame's public `targets` may be chosen)."""
    ring = [str(x) for x in view.get("ring") or []]
    active = seat_of(view.get("active")) if view.get("phase") == "turn" else None
    frame = view["frame"] if isinstance(view.get("frame"), Mapping) else {}
    targets = {seat_of(t) for t in frame.get("targets") or []} if frame.get("kind") in ("attack", "again") else set()
    by_loc: dict[str, list[tuple[int, str, str | None]]] = {}
    for p in players(view):
        seat = seat_of(p.get("seat"))
        if seat is None or not p.get("alive", True) or p.get("at") not in ring:
            continue
        edge = "gold" if seat == active else ("hp" if seat in targets else None)
        by_loc.setdefault(str(p["at"]), []).append((seat, colour_of(view, seat), edge))
    return by_loc


def draw_pieces(img: Image.Image, th: Theme, view: Mapping[str, Any], only: str | None = None) -> None:
    """Each living player's piece on its location (`pieces`), six in a row, in seat order; the
    active player's with a gold ring, the seats an attack may choose with a red one. `only`: on
    that location's card alone."""
    ring = [str(x) for x in view.get("ring") or []]
    for loc, seats in pieces(view).items():
        if only is not None and loc != only:
            continue
        x0, y0, x1, _y1 = tile_box(ring.index(loc))
        per_row = 6
        size = PIECE
        step = PIECE + 2
        rows = [seats[i : i + per_row] for i in range(0, len(seats), per_row)]
        top = y0 + BAND_H + 28 - (12 if len(rows) > 1 else 0)
        for r, row in enumerate(rows):
            width = step * (len(row) - 1)
            for i, (seat, colour, edge) in enumerate(sorted(row)):
                sprite = piece(th, colour, seat, size, th[edge] if edge else None)
                paste_centred(img, sprite, ((x0 + x1) / 2 - width / 2 + i * step, top + r * 26))


def tile_area(slot: int) -> tuple[int, int, int, int]:
    """All that is drawn on a location's card of the ring (`draw_options`, `draw_highlights`,
    `draw_pieces`) is inside: the gold edges round it, the labels, a second row of pieces reaching
    under it. The six areas do not overlap."""
    x0, y0, x1, y1 = tile_box(slot)
    return (int(x0) - 4, int(y0) - 4, int(x1) + 2, int(y1) + 8)


DECK_X = (LEFT_X0 + 52, LEFT_X0 + 142, LEFT_X0 + 232)
DICE_X = (LEFT_X0 + 290 + LEFT_X1) / 2


def draw_centre(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The strip under the ring: the three decks with what is left (their mark: 聖, 暗, 令, or the
    initial of their English name), under each its face-up discards, and the last dice thrown."""
    d = ImageDraw.Draw(img)
    decks = view.get("decks") or {}
    discards = view.get("discards") or {}
    for x, pack in zip(DECK_X, PACKS, strict=True):
        _deck(img, th, pack, (x, STRIP_Y0 + 34), int(decks.get(pack) or 0))
        pile = discards.get(pack)
        n = len(pile) if isinstance(pile, list) else int(pile or 0)
        d.text((x + 8, STRIP_Y0 + 76), str(n), font=en_font(19), fill=th["dim"], anchor="lm")
    _last_roll(img, th, view, (DICE_X, STRIP_Y0 + 30))


def _centre_ground(img: Image.Image, th: Theme) -> None:
    """Under each deck, the mark of its discard pile (a face-up card); part of the cached background."""
    d = ImageDraw.Draw(img)
    for x in DECK_X:
        cx, cy = x - 8, STRIP_Y0 + 76
        d.rounded_rectangle((cx - 8, cy - 11, cx + 8, cy + 11), radius=3, fill=th["card"], outline=th["dim"], width=1)
        d.line((cx - 4, cy - 4, cx + 4, cy - 4), fill=th["muted"], width=2)
        d.line((cx - 4, cy + 2, cx + 4, cy + 2), fill=th["muted"], width=2)


PACK_FILL = {"holy": "holy", "dark": "dark_pack", "order": "order_pack"}
PACK_MARK = {"holy": "聖", "dark": "暗", "order": "令"}
"""The mark on a deck's back; an English-only board marks it with its word's initial (H, D, O)."""


def _deck(img: Image.Image, th: Theme, pack: str, centre: tuple[float, float], n: int) -> None:
    sprite = _deck_sprite(th.name, th[PACK_FILL[pack]], blend(th[PACK_FILL[pack]], th["ink"], 0.55))
    x, y = centre
    paste_centred(img, sprite, (x - 12, y))
    d = ImageDraw.Draw(img)
    ink = th["ink"] if pack == "holy" else (255, 255, 255)
    mark = PACK_MARK[pack] if "zh-TW" in drawn_langs() else both(K + "pack." + pack)[0][:1]
    d.text((x - 14, y - 2), mark, font=font_for_word(mark, 20), fill=ink, anchor="mm")
    d.text((x + 28, y + 2), str(n), font=en_font(24), fill=th["panel"], anchor="mm")


@cached("judgement_board._deck_sprite", 256 * KB)
def _deck_sprite(th_name: str, fill: RGB, edge: RGB) -> Image.Image:
    w, h = 36, 50
    big = Image.new("RGBA", ((w + 6) * SS, (h + 6) * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for k in (2, 1, 0):  # a small stack
        o = k * 3 * SS
        d.rounded_rectangle((o, o, o + w * SS, o + h * SS), radius=5 * SS, fill=fill, outline=edge, width=2 * SS)
    d.rounded_rectangle((5 * SS, 5 * SS, (w - 5) * SS, (h - 5) * SS), radius=3 * SS, outline=edge, width=SS)
    return downscale(big, (w + 6, h + 6))


@cached("judgement_board.d4_face", 256 * KB)
def d4_face(size: int, value: int, fill: RGB = (250, 250, 245), ink: RGB = (25, 25, 25)) -> Image.Image:
    """A four-sided die as a triangle with its number."""
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    pts = [(S / 2, SS), (S - SS, S - 2 * SS), (SS, S - 2 * SS)]
    d.polygon(pts, fill=(40, 40, 40))
    inner = [(S / 2, 4 * SS), (S - 4 * SS, S - 3.6 * SS), (4 * SS, S - 3.6 * SS)]
    d.polygon(inner, fill=fill)
    d.text((S / 2, S * 0.64), str(value), font=en_font(round(size * 0.42) * SS), fill=ink, anchor="mm")
    return downscale(big, (size, size))


def roll_label(why: Any) -> tuple[str, str]:
    """What a throw was for, in both languages: the flow's (start, move, attack) or the card or
    skill that threw it (the card's d6 of 治療藥水, 天雷 ...); "Last roll" otherwise."""
    why = str(why or "")
    if why == "start_tie":
        why = "start"
    if why in WHYS:
        return both(K + "why." + why)
    c = content()
    if why in c.cards:
        return names2("card", why)
    if why in skills():
        return names2("skill", why)
    return both(K + "last_roll")


def _die(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def _last_roll(img: Image.Image, th: Theme, view: Mapping[str, Any], centre: tuple[float, float]) -> None:
    """The last dice: d4 + d6 for a move or a start roll, d6 − d4 for an attack (or the d4 alone),
    a card's or a skill's d6 alone; the thrower's piece and the total."""
    roll = view.get("last_roll")
    d = ImageDraw.Draw(img)
    cx, cy = centre
    room = LEFT_X1 - 10 - (LEFT_X0 + 290)
    d4 = _die(roll.get("d4"), 1, 4) if isinstance(roll, Mapping) else None
    d6 = _die(roll.get("d6"), 1, 6) if isinstance(roll, Mapping) else None
    if not isinstance(roll, Mapping) or (d4 is None and d6 is None):
        zh, en = both(K + "free_roll")  # before any throw: what a 7 does, a language a line
        for i, words in enumerate(w for w in (zh, en) if w):
            f = fit_font(words, 20, room, "bold", 18)
            d.text((cx, cy + 4 + 28 * i), ellipsize(words, f, room), font=f, fill=th["dim"], anchor="mm")
        return
    draw_pair(d, (cx, cy - 12), roll_label(roll.get("why")), 20, th["panel"], th["dim"], anchor="mm", max_width=room)
    seat = seat_of(roll.get("seat"))
    attack = roll.get("why") == "attack"
    dice: list[Image.Image | str] = []
    if attack and d6 is not None:
        dice = [die_face(32, d6)]
        dice += ["−", d4_face(44, d4)] if d4 is not None else []
    else:
        dice = ([d4_face(44, d4)] if d4 is not None else []) + (["+"] if d4 is not None and d6 is not None else [])
        dice += [die_face(32, d6)] if d6 is not None else []
    total = roll.get("total")
    widths = [22 if isinstance(x, str) else x.width + 4 for x in dice]
    y = cy + 30
    x = cx - (PIECE + 4 + sum(widths) + 56) / 2
    if seat is not None:
        paste_centred(img, piece(th, colour_of(view, seat), seat, PIECE), (x + PIECE / 2, y))
    x += PIECE + 4
    for item, w in zip(dice, widths, strict=True):
        if isinstance(item, str):
            d.text((x + w / 2, y), item, font=en_font(20), fill=th["panel"], anchor="mm")
        else:
            paste_centred(img, item, (x + w / 2, y))
        x += w
    if isinstance(total, int) and not isinstance(total, bool):
        d.text((x + 4, y), f"= {total}".replace("-", "−"), font=en_font(24), fill=th["gold"], anchor="lm")


# ---------------------------------------------------------------------------- damage track

TRACK_MAX = 14
CELL_W = 35
MARKER = 15
"""A damage marker: a disc in its player's colour (too small for its seat's number; each player's row
says the damage in figures)."""


def cell_x(value: int) -> float:
    """The centre x of a track cell."""
    x0 = (LEFT_X0 + LEFT_X1) / 2 - CELL_W * (TRACK_MAX + 1) / 2
    return x0 + CELL_W * (value + 0.5)


TRACK_TOP = TRACK_Y0 + 34
TRACK_BOTTOM = TRACK_Y1 - 24


def _track_ground(img: Image.Image, th: Theme) -> None:
    """The damage track's box, title and numbered cells (part of the cached background)."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((LEFT_X0, TRACK_Y0, LEFT_X1, TRACK_Y1), radius=12, fill=th["panel"])
    draw_pair(d, (LEFT_X0 + 12, TRACK_Y0 + 17), both(K + "track"), 20, th["ink"], th["muted"],
              max_width=LEFT_X1 - LEFT_X0 - 24)
    top, bottom = TRACK_TOP, TRACK_BOTTOM
    for v in range(TRACK_MAX + 1):
        x = cell_x(v)
        fill = th["card"] if v % 2 else th["panel2"]
        d.rectangle((x - CELL_W / 2 + 1, top, x + CELL_W / 2 - 1, bottom), fill=fill)
        d.text((x, top + 13), str(v), font=en_font(18), fill=th["ink"], anchor="mm")


def draw_track(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """Each living player's marker on its damage (two side by side, then in rows), and under the
    cells the HP marks of face-up characters."""
    top, bottom = TRACK_TOP, TRACK_BOTTOM
    by_value: dict[int, list[int]] = {}
    hp_at: dict[int, list[int]] = {}
    for p in players(view):
        seat = seat_of(p.get("seat"))
        if seat is None:
            continue
        hp = p.get("hp")
        if isinstance(hp, int) and not isinstance(hp, bool) and p.get("alive", True):
            hp_at.setdefault(max(0, min(TRACK_MAX, hp)), []).append(seat)
        if not p.get("alive", True):
            continue
        try:
            dmg = max(0, min(TRACK_MAX, int(p.get("damage") or 0)))
        except (TypeError, ValueError):
            dmg = 0
        by_value.setdefault(dmg, []).append(seat)
    for v, seats in by_value.items():
        x = cell_x(v)
        seats = sorted(seats)
        for i, seat in enumerate(seats):
            r, c = divmod(i, 2)
            in_row = min(2, len(seats) - r * 2)
            mx = x + (c - (in_row - 1) / 2) * (MARKER + 1)
            paste_centred(img, piece(th, colour_of(view, seat), None, MARKER), (mx, top + 36 + r * (MARKER + 1)))
    for v, seats in hp_at.items():
        x = cell_x(v)
        seats = sorted(seats)
        for i, seat in enumerate(seats[:4]):
            r, c = divmod(i, 2)
            in_row = min(2, len(seats[:4]) - r * 2)
            _hp_flag(img, th, colour_of(view, seat), seat, (x + (c - (in_row - 1) / 2) * 15, bottom + 8 + r * 10))


def _hp_flag(img: Image.Image, th: Theme, colour: str, seat: int | None, at: tuple[float, float],
             small: bool = False) -> None:
    """An HP mark: a small upward triangle in the player's colour, pointing at its HP cell."""
    sprite = _flag(th.name, th[f"p_{colour}"] if colour in COLOURS else th["hp"], 12 if small else 14)
    paste_centred(img, sprite, at)


@cached("judgement_board._flag", 256 * KB)
def _flag(th_name: str, fill: RGB, size: int) -> Image.Image:
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.polygon([(S / 2, SS), (S - SS, S - SS), (SS, S - SS)], fill=(25, 25, 25))
    d.polygon([(S / 2, 3.2 * SS), (S - 2.6 * SS, S - 2 * SS), (2.6 * SS, S - 2 * SS)], fill=fill)
    return downscale(big, (size, size))
