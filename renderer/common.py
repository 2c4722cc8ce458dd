"""What every game's renderer shares: fonts, the palette, text, tokens, and PNG output.

Renderers are pure functions of a view, so everything here is deterministic and cached:
fonts are opened once per size, sprites (tokens, pills) are drawn once per look, and a
theme's palette is built once. A sprite that carries words (a pill, a token's label) is kept in
a bounded cache: the words differ from table to table (names, languages, counts), and a bot that
runs for weeks must not keep every one it ever drew. Curved shapes are drawn at `SS` times their
size and scaled down, because Pillow's own ellipses and rounded rectangles have no anti-aliasing.

Output is a paletted PNG with a fixed palette per theme and no dithering: on a 968x712 board
that is about 3x smaller and 3x faster to encode than an RGB PNG (see `paletted_png`).
"""

from __future__ import annotations

import io
import re
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import update_wrapper
from typing import Any, NamedTuple, Protocol, TypeVar, cast

from PIL import Image, ImageDraw, ImageFont

from renderer import Highlights, LabelActions
from renderer.caches import KB, MB, ByteCache, cached, register, shared, table_words, text_of_a_name
from rules.data import data_path

RGB = tuple[int, int, int]
Point = tuple[float, float]
Square = tuple[int, int]
"""A board square (column, row), 1-based."""
V = TypeVar("V")
T_co = TypeVar("T_co", covariant=True)

FONT_DIR = data_path("fonts")
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "cjk": "NotoSansCJKtc-Regular-subset.otf",
}
"""Every font the renderers may use, all shipped in `data/fonts/` with their licences: the
renderer never looks at the system's font folders."""

SS = 4
"""Supersampling factor for sprites."""


# ---------------------------------------------------------------------------- fonts

RUNS_BUDGET = 8 * MB
"""Text runs (glyph masks, by font, size and text) kept for every font together: a board draws a
few hundred, most of them the same from one action to the next and across tables (labels,
counters, the game's words); a player's name is never kept (`caches.table_words`)."""
LENGTHS_BUDGET = 1 * MB
"""Text widths (`getlength`, by font, size and text) kept for every font together."""
_RUNS: ByteCache[tuple[Any, tuple[int, int]]] = ByteCache("common.text_runs", RUNS_BUDGET)
_LENGTHS: ByteCache[float] = ByteCache("common.text_lengths", LENGTHS_BUDGET)


@shared
class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the text runs it rendered: the glyph mask `getmask2`
    makes for a text (with its sub-pixel start, anchor and halo) and `getlength`'s width. Most
    of a board's words are the same from one action to the next, and rendering them with
    FreeType was a fifth of a board's time. The mask is only read by the drawing
    (`ImageDraw.draw_bitmap`), so the same pixels come out. A colour-font run (`RGBA`, whose
    mask the drawing changes), an unusual call and a text that holds a player's name of the
    drawing under way (`caches.text_of_a_name`) are not kept. The runs of every font are kept in
    one cache bounded in bytes (`_RUNS`, `_LENGTHS`), by the font's file and size and the call."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self._face = (path, size)

    def getmask2(self, text: str | bytes, mode: str = "", direction: str | None = None,
                 features: list[str] | None = None, language: str | None = None, stroke_width: float = 0,
                 anchor: str | None = None, ink: int = 0, start: tuple[float, float] | None = None,
                 *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        if (mode == "RGBA" or args or features is not None or set(kwargs) - {"stroke_filled"}
                or (isinstance(text, str) and text_of_a_name(text))):
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                    *args, **kwargs)
        key = (self._face, text, mode, direction, language, stroke_width, anchor, ink, start,
               tuple(sorted(kwargs.items())))
        found: tuple[Any, tuple[int, int]] | None = _RUNS.get(key)
        if found is None:
            found = super().getmask2(text, mode, direction, None, language, stroke_width, anchor, ink, start, **kwargs)
            _RUNS.put(key, found)
        return found

    def getlength(self, text: str | bytes, mode: str = "", direction: str | None = None,
                  features: list[str] | None = None, language: str | None = None) -> float:
        if features is not None or (isinstance(text, str) and text_of_a_name(text)):
            return super().getlength(text, mode, direction, features, language)
        key = (self._face, text, mode, direction, language)
        found: float | None = _LENGTHS.get(key)
        if found is None:
            found = super().getlength(text, mode, direction, None, language)
            _LENGTHS.put(key, found)
        return found


FONTS_BUDGET = 4 * MB
"""Fonts kept open (`font`), counted `FONT_BYTES` each: every kind at every size the boards use."""
FONT_BYTES = 16 * KB
"""What an open font is counted as (its FreeType face and Pillow's object), roughly."""


@cached("common.font", FONTS_BUDGET, clears=(_RUNS, _LENGTHS), size=lambda _: FONT_BYTES)
def font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped font (`regular`, `bold`, `condensed` or `cjk`) at a pixel size, opened once,
    its text runs cached (`CachedFont`); emptied with their runs (`cache_clear`)."""
    return CachedFont(str(FONT_DIR / FONT_FILES[kind]), size)


def needs_cjk(text: str) -> bool:
    """Whether DejaVu lacks glyphs for this text (Chinese, Japanese, full-width forms...)."""
    return any(ord(ch) >= 0x2E80 for ch in text)


def printable(text: str) -> str:
    """The text without what no shipped font can draw (emoji, private-use and joiner
    characters, common in Discord display names), spaces collapsed."""
    kept = text if text.isascii() else _UNDRAWABLE.sub("", text)
    return " ".join(kept.split())


_UNDRAWABLE = re.compile("[\U0001F000-\U0001FFFF\uFE00-\uFE0F\uE000-\uF8FF\u200d\u20e3]")
"""What `printable` drops: emoji, variation selectors, private-use characters, the zero-width
joiner and the combining keycap."""


def font_for(text: str, size: int, kind: str = "bold") -> ImageFont.FreeTypeFont:
    """The Latin font of that kind, or the CJK font when the text needs it (player names)."""
    return font("cjk", size) if needs_cjk(text) else font(kind, size)


INK_BUDGET = 1 * MB
"""Characters' ink rows kept (`char_ink`), by font file, size and character: about 300
bytes each, so a few thousand (every size a board tries of the letters its names and words use)."""
_INK: ByteCache[tuple[int, int]] = ByteCache("common.ink_rows", INK_BUDGET, lambda _: 104, numbers=True)
_FACES: dict[str, int] = {}
"""Each font file `char_ink` has measured, numbered (the shipped fonts: a handful)."""


def char_ink(f: ImageFont.FreeTypeFont, ch: str) -> tuple[int, int]:
    """One character's ink rows in `f`, top and bottom, as `f.getbbox(ch)` gives them: measured
    once per font file, size and character (`_INK`), for every renderer that asks."""
    key = (_FACES.setdefault(str(f.path), len(_FACES)), int(f.size), ord(ch))
    rows = _INK.get(key)
    if rows is None:
        _, high, _, low = f.getbbox(ch)
        rows = (int(high), int(low))
        _INK.put(key, rows)
    return rows


def letters_height(f: ImageFont.FreeTypeFont, text: str) -> int | None:
    """The ink height of the letters and digits of `text` in `f`: what `f.getbbox` gives for them
    written together, bottom less top (None when it has none). Worked out from each character's
    top and bottom (`char_ink`): the ink of one line runs from its highest character's top to its
    lowest character's bottom, since characters set on one line do not move up or down for their
    neighbours. A player's name, which no cache keeps, is then measured without FreeType laying it
    out and rendering it at every size tried (a character alone is never a name)."""
    rows = [char_ink(f, ch) for ch in {ch for ch in text if ch.isalnum()}]
    return max(r[1] for r in rows) - min(r[0] for r in rows) if rows else None


def fit_font(text: str, size: int, max_width: float, kind: str = "bold", min_size: int = 8) -> ImageFont.FreeTypeFont:
    """The largest font no bigger than `size` in which `text` fits `max_width` pixels."""
    while size > min_size:
        f = font_for(text, size, kind)
        if f.getlength(text) <= max_width:
            return f
        size -= 1
    return font_for(text, min_size, kind)


def ellipsize(text: str, f: ImageFont.FreeTypeFont, max_width: float) -> str:
    """The text, cut with an ellipsis so that it fits (long player names)."""
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text + "…"


def wrap_text(
    text: str, max_width: float, size: int, kind: str = "bold", max_lines: int = 2, min_size: int = 8
) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The largest font no bigger than `size` at which `text` wraps into at most `max_lines`
    lines of `max_width` pixels, and those lines. Latin words are kept whole; Chinese breaks
    between characters (never before a closing mark). At `min_size` what does not fit is cut
    with an ellipsis."""
    lines: list[str] = []
    f = font_for(text, size, kind)
    for s in range(size, min_size - 1, -1):
        f = font_for(text, s, kind)
        lines = _wrap(text, f, max_width)
        if len(lines) <= max_lines and all(f.getlength(line) <= max_width for line in lines):
            return f, lines
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], lines[max_lines - 1] + "…"]
    return f, [ellipsize(line, f, max_width) for line in lines]


_TOKENS = re.compile(r"\s+|[\u2e80-\U0010ffff]|[^\s\u2e80-\U0010ffff]+")
_CLOSING = set("，。、；：！？）」』》〉,.;:!?)")


def _wrap(text: str, f: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    tokens = _TOKENS.findall(text.strip())
    lines = [""]
    for tok in tokens:
        if tok.isspace():
            lines[-1] += " " if lines[-1] else ""
        elif not lines[-1] or f.getlength(lines[-1] + tok) <= max_width:
            lines[-1] += tok
        elif tok in _CLOSING and len(lines[-1]) > 1 and not lines[-1][-1].isspace():
            # A closing mark never starts a line: the character before it goes down with it.
            lines[-1], carried = lines[-1][:-1].rstrip(), lines[-1][-1]
            lines.append(carried + tok)
        elif tok in _CLOSING:
            lines[-1] += tok
        else:
            lines[-1] = lines[-1].rstrip()
            lines.append(tok)
    lines[-1] = lines[-1].rstrip()
    if len(lines) > 1 and all(len(t) == 1 and not t.isspace() for t in tokens):  # even lines, no orphan
        n = -(-len(tokens) // len(lines))
        even = ["".join(tokens[i : i + n]) for i in range(0, len(tokens), n)]
        if len(even) == len(lines) and all(f.getlength(line) <= max_width for line in even):
            return even
    return lines


# ---------------------------------------------------------------------------- words

Text = Callable[[str], str]
"""A message id -> its text in the reader's language. The tables pass their translation layer
(`lambda key: i18n.gettext(key, lang)`): renderers never import `tables`, they only ask."""


def wording(text: Text | None, fallbacks: Mapping[str, str]) -> Text:
    """The words a renderer draws: `text(id)` when given and it knows the id, else the
    renderer's built-in English, else the id itself (a missing message shows, it never breaks
    the image)."""

    def lookup(key: str) -> str:
        if text is not None:
            found = text(key)
            if found and found != key:
                return found
        return fallbacks.get(key, key)

    return lookup


# ---------------------------------------------------------------------------- theme and palette

CLASSIC = {
    "paper": "#e9e1c4",
    "panel": "#f6f0dc",
    "ink": "#23211c",
    "muted": "#7b7462",
    "white": "#ffffff",
    "cream": "#f3ead0",
    "frame": "#34422a",
    "title": "#27321f",
    "red": "#af1710",
    "blue": "#1f58c8",
    "green": "#0ea97d",
    "yellow": "#ffd736",
    "gold": "#f2b705",
    "tick": "#2e7d32",
    "hl": "#ffd23f",
    "hl_edge": "#c77d00",
}
"""The shared look: paper, ink, player colours, the highlight. Games add their own keys.

The player colours stay 20 or more apart (CIEDE2000) in normal vision and with protanopia or
deuteranopia (tests/renderer/test_colour_blind.py): a deep red, a bluish green, a light yellow,
so red and green differ in lightness and blue-yellow where a red-green deficiency merges them."""
NIGHT = {
    **CLASSIC,
    "paper": "#3c4a3e",
    "panel": "#2c332c",
    "ink": "#f0ecd8",
    "muted": "#b3ad98",
    "cream": "#e9e4d0",
    "frame": "#1c231b",
    "title": "#121812",
}
HIGHLIGHT_ALPHA = 95
LIGHT_HIGHLIGHT_ALPHA = 70
HALO_ALPHA = 150


def _relative_luminance(c: RGB) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 is enough for ordinary text)."""
    la, lb = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cached("common.ink_for", 64 * KB)
def ink_for(fill: RGB, dark: RGB = (30, 30, 30), light: RGB = (255, 255, 255)) -> RGB:
    """The ink for words on `fill`: `dark` or `light`, whichever stands out more (WCAG contrast),
    so a seat's number stays legible whatever colour the seat is given. Worked out once per
    colours (a board asks it for every token it draws)."""
    return dark if contrast(fill, dark) > contrast(fill, light) else light


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from a to b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


@shared
@dataclass(frozen=True, eq=False)
class Theme:
    """A named set of colours. Its palette holds those colours exactly, then blends of each
    with the `anchors` (the colours most things are drawn on), so that anti-aliased edges and
    text survive the conversion to a paletted image without dithering."""

    name: str
    colours: dict[str, RGB]
    anchors: tuple[str, ...] = ("paper", "ink", "white")
    extras: tuple[RGB, ...] = ()
    """Colours to hold exactly besides the named ones: e.g. a translucent highlight over each
    ground colour, which a blend with the anchors would only approximate."""
    _palette: list[Image.Image] = field(default_factory=list, repr=False)

    def __getitem__(self, key: str) -> RGB:
        return self.colours[key]

    def palette_image(self) -> Image.Image:
        """The fixed 256-colour palette of this theme, as Pillow's `quantize` wants it."""
        if not self._palette:
            base = [*self.colours.values(), *self.extras]
            entries = build_palette(base, [self.colours[a] for a in self.anchors])
            pal = Image.new("P", (1, 1))
            flat = [v for rgb in entries for v in rgb]
            pal.putpalette(flat + flat[:3] * (256 - len(entries)))
            self._palette.append(pal)
        return self._palette[0]


def make_theme(name: str, spec: dict[str, str], *, anchors: tuple[str, ...], grounds: tuple[str, ...]) -> Theme:
    """A theme from hex colours. `grounds` are the colours squares are painted in: the
    translucent highlights and halos over each of them go into the palette exactly."""
    colours = {k: hex_rgb(v) for k, v in spec.items()}
    extras = [
        blend(colours[g], colours[over], alpha / 255)
        for g in grounds
        for over, alpha in (("hl", LIGHT_HIGHLIGHT_ALPHA), ("hl", HIGHLIGHT_ALPHA), ("white", HALO_ALPHA))
    ]
    return Theme(name, colours, anchors=anchors, extras=tuple(extras))


def build_palette(base: Iterable[RGB], anchors: Sequence[RGB], limit: int = 256) -> list[RGB]:
    """Base colours first (exact), then half-way blends with each anchor and with each other
    base colour's anchor pairs, then quarter steps, until `limit` entries."""
    out: list[RGB] = []
    seen: set[RGB] = set()

    def add(c: RGB) -> None:
        if c not in seen and len(out) < limit:
            seen.add(c)
            out.append(c)

    base = list(base)
    for c in base:
        add(c)
    for a in anchors:
        for t in (0.25, 0.5, 0.75):
            add(blend(a, (128, 128, 128), t))
    for t in (0.5, 0.25, 0.75):
        for a in anchors:
            for c in base:
                add(blend(c, a, t))
    return out


def paletted_png(img: Image.Image, theme: Theme) -> bytes:
    """Encode an RGB(A) canvas as a PNG on the theme's fixed palette, nearest colour, no
    dithering: about 3x smaller and 3x faster to encode than an RGB PNG. The encoding is
    `png_bytes`' (bands of rows compressed once, kept for the next picture that shows them).
    Same pixels in, same bytes out."""
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    p = rgb.quantize(palette=theme.palette_image(), dither=Image.Dither.NONE)
    return png_bytes(p, _plte(theme))


PNG_LEVEL = 3
"""The zlib level of every picture's bands (`png_bytes`). Measured on each game's mid-game board
(paletted, CPU median of 7, this 2-core machine), level 6 -> 3: Dad's Army 6.5 -> 2.7 ms (52 ->
61 KB), Judge Dredd 7.6 -> 3.7 ms (64 -> 75 KB), The City of Judgement 5.6 -> 2.7 ms (54 -> 61
KB), Judtho 3.8 -> 1.9 ms (41 -> 47 KB). In bands, over the last 100 pictures of each game's
`bench/run.py` end-to-end (CPU median ms, mean KB): level 3 costs what level 1 does (only the
bands that changed are compressed) for 5-8 % fewer bytes; against Pillow's level-3 encoding of
the whole picture, Dad's Army 3.3 -> 1.5 ms (58 -> 61 KB), Judtho 2.5 -> 1.2 ms (48 -> 53 KB),
Judge Dredd 4.2 -> 1.5 ms (52 -> 59 KB), The City of Judgement 3.9 -> 1.6 ms (63 -> 67 KB).
The pixels are the same at every level."""

PNG_BAND = 16
"""Rows per band of a PNG's image data (`png_bytes`): each band is compressed on its own, so a
band that shows the same pixels as a band of a recent picture is that band's bytes again. From
one action to the next, most of a board's bands are the same (in `bench/run.py`'s end-to-end,
on average: Dad's Army 57 %, Judtho 48 %, Judge Dredd 74 %, The City of Judgement 77 %).
Smaller bands match a little more often but cost more each (8 rows: a third more to compress
a whole board), larger ones match less."""

BANDS_BUDGET = 8 * MB
"""Compressed bands kept (`png_bytes`), in bytes: each holds its pixels (to compare, about 11 KB
for a 700-pixel-wide board) and its bytes (about 1 KB), so about a thousand: some fifteen boards'
worth, enough for the tables that played last, with what all boards of a game share."""

_PNG_HEAD = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEAD = b"\x78\x01"
"""A zlib stream's header: deflate with a 32 KB window, no preset dictionary (the check bits
make 0x7801 a multiple of 31)."""
_DEFLATE_END = b"\x03\x00"
"""An empty final deflate block (fixed Huffman codes, just its end code): the bands before it
each end byte-aligned and not final (`Z_SYNC_FLUSH`)."""
_ADLER_BASE = 65521


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


@cached("common.plte", 64 * KB)
def _plte(theme: Theme) -> bytes:
    """The PNG palette chunk of a theme's fixed palette (made once per theme)."""
    return _chunk(b"PLTE", bytes(theme.palette_image().getpalette() or []))


def _adler_combine(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's Adler-32 and the
    second one's length (zlib's `adler32_combine`)."""
    rem = second_len % _ADLER_BASE
    s1 = first & 0xFFFF
    s2 = rem * s1 % _ADLER_BASE
    s1 += (second & 0xFFFF) + _ADLER_BASE - 1
    s2 += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return (s1 % _ADLER_BASE) | ((s2 % _ADLER_BASE) << 16)


def _band_bytes(band: tuple[bytes, bytes, int]) -> int:
    """What a kept band holds (`size_of`'s count of it, without walking it): its pixels, its
    compressed rows and its checksum, in a tuple."""
    return len(band[0]) + len(band[1]) + 33 * 2 + 16 + 80


class _Bands:
    """Compressed bands of rows kept for the next picture (`png_bytes`), by their width, zlib
    level, and the Adler-32 and length of their pixels, each with its pixels to compare (the
    checksum only finds a candidate: a band is reused only when its pixels are the same, byte
    for byte). Bounded in bytes (a `ByteCache` of `budget` bytes registered as `name`; one without
    a name is not registered) and to `kept` bands (None: the budget alone), least recently used
    first out; safe across the worker threads that encode at once."""

    def __init__(self, kept: int | None = None, budget: int | None = None, name: str | None = None) -> None:
        self._found: ByteCache[tuple[bytes, bytes, int]] = ByteCache(
            name or "common.png_bands", budget if budget is not None else (kept or 1) * 16 * KB, _band_bytes,
            most=kept, registered=name is not None, numbers=True)
        self.cache_clear = self.clear
        """Emptied with the `functools` caches (an attribute of the object, not of its class,
        as `Kept` has it: whatever empties every cache of a module finds it there)."""

    def __len__(self) -> int:
        return len(self._found)

    def clear(self) -> None:
        self._found.cache_clear()

    def band(self, width: int, pixels: bytes, level: int) -> tuple[bytes, int]:
        """A band's deflated rows (each row after its filter byte, "none") and their Adler-32:
        kept from a band with the same pixels, else compressed now (and kept)."""
        key = (width, level, zlib.adler32(pixels), len(pixels))
        found = self._found.get(key)
        if found is not None and found[0] == pixels:
            return found[1], found[2]
        rows = b"\0" + b"\0".join([pixels[i:i + width] for i in range(0, len(pixels), width)])
        squeeze = zlib.compressobj(level, zlib.DEFLATED, -15)
        deflated = squeeze.compress(rows) + squeeze.flush(zlib.Z_SYNC_FLUSH)
        check = zlib.adler32(rows)
        self._found.put(key, (pixels, deflated, check))
        return deflated, check


BANDS = _Bands(None, BANDS_BUDGET, "common.png_bands")
"""The bands every renderer's pictures share (`png_bytes`)."""


Band = tuple[bytes, int, int]
"""One band of a picture's rows as its PNG holds it: the deflated rows (`BANDS`), their Adler-32,
and how many palette indices they hold."""


def _png_of_bands(width: int, height: int, plte: bytes, bands: Iterable[Band]) -> bytes:
    """The PNG of a paletted picture `width` wide and `height` high from its bands, top to
    bottom: one zlib stream of the bands' deflated rows, its Adler-32 combined from theirs."""
    parts = [_ZLIB_HEAD]
    check = 1
    for deflated, band_check, size in bands:
        parts.append(deflated)
        check = _adler_combine(check, band_check, size + size // width)
    parts += (_DEFLATE_END, struct.pack(">I", check))
    head = _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
    return b"".join((_PNG_HEAD, head, plte, _chunk(b"IDAT", b"".join(parts)), _chunk(b"IEND", b"")))


def png_bytes(p: Image.Image, plte: bytes, level: int = PNG_LEVEL) -> bytes:
    """A paletted image (`P`, 8 bits) as PNG bytes with the palette chunk `plte` (`_plte`):
    its rows, each with filter "none" (a palette's indices are no numbers to predict), in
    bands of `PNG_BAND` rows each compressed on its own (`BANDS`: a band seen lately is not
    compressed again), one zlib stream. What Pillow's encoder makes of the same image, but
    for the bytes: the pixels are the same, and so are the bytes for the same pixels whatever
    was kept (each band is compressed from a fresh start)."""
    width, height = p.size
    pixels = top_rows_bytes(p, height)
    step = width * PNG_BAND
    bands = (pixels[start:start + step] for start in range(0, len(pixels), step))
    return _png_of_bands(width, height, plte, ((*BANDS.band(width, band, level), len(band)) for band in bands))


def banded_png(img: Image.Image, theme: Theme, bands: list[Any], *, height: int | None = None,
               level: int = PNG_LEVEL) -> bytes:
    """`png_bytes`' bytes for the top `height` rows (all: None) of a paletted picture on the
    theme's palette (`paletted`), given as its bands of `PNG_BAND` rows, top to bottom: each its
    palette indices (bytes), or what this made of them before; `img` itself is not read but for
    its width. A renderer that knows which bands did not change since its last picture gives
    those as they were, and reads nothing of them again. Each band given as bytes is replaced in
    `bands` by what this made of it: its deflated rows (`BANDS`), their Adler-32 and its length."""
    width = img.width
    for i, band in enumerate(bands):
        if isinstance(band, bytes):
            bands[i] = (*BANDS.band(width, band, level), len(band))
    return _png_of_bands(width, img.height if height is None else height, _plte(theme), bands)


UPLOAD_WEBP: dict[str, Any] = {"lossless": True, "method": 3, "quality": 90}
"""How a board is encoded to be uploaded to a channel (`upload_form`): lossless WebP, the same
pixels as its PNG. Over a whole Judge Dredd game's channel boards (222 uploads of 646 px wide
boards, this 2-core machine), against the PNG the renderers make (17.3 MB): zlib level 9 over
the whole picture 12.4 MB (56 ms a board); WebP lossless method 1-2 at quality 50-75 10.0-10.5
MB (45-53 ms), method 3 at quality 90 9.8 MB (57 ms); method 5 costs seven times as much for
nothing more. The PNG stays what the renderers make (cheap, a band at a time, kept across
pictures): this is paid once per upload, in a worker thread (libwebp lets go of the GIL)."""


def upload_form(png: bytes) -> tuple[bytes, str]:
    """A board's PNG as it is best uploaded, with its file extension: the same pixels as a
    lossless WebP (`UPLOAD_WEBP`: about 40 % fewer bytes than the PNG) when this Pillow writes
    WebP and that is smaller, else the PNG itself. CPU-bound: call it off the event loop."""
    if not png.startswith(_PNG_HEAD) or not _writes_webp():
        return png, "png"
    with Image.open(io.BytesIO(png)) as img:
        rgb = img.convert("RGBA" if "transparency" in img.info or img.mode in ("RGBA", "LA") else "RGB")
    out = io.BytesIO()
    rgb.save(out, "WEBP", **UPLOAD_WEBP)
    webp = out.getvalue()
    return (webp, "webp") if len(webp) < len(png) else (png, "png")


def _writes_webp() -> bool:
    """Whether this Pillow was built with WebP (it is on every wheel Pillow ships)."""
    from PIL import features

    return bool(features.check("webp"))


def pick_theme(themes: Mapping[str, Theme], name: str | None, default: str) -> Theme:
    """A renderer's theme by name (None: its default); an unknown name is the caller's error."""
    try:
        return themes[name or default]
    except KeyError:
        raise ValueError(f"unknown theme {name!r}; themes: {', '.join(themes)}") from None


DRAWING = threading.Lock()
"""Tables render in worker threads (`asyncio.to_thread`) and every game's renderer draws with
the same cached FreeType faces and sprites, so drawing is serialised across all of them (about
5 ms a board); palette conversion and PNG encoding, the larger part, run in parallel."""


def render_png(draw: Callable[[], Image.Image], theme: Theme) -> bytes:
    """Draw under the shared lock, then encode on the theme's palette outside it."""
    with DRAWING:
        canvas = draw()
    return paletted_png(canvas, theme)


# ---------------------------------------------------------------------------- entry points


@dataclass(frozen=True, slots=True)
class Ask:
    """One call of a renderer's entry point (`render`, `compose`, `render_hand`, `render_parts`):
    the view and the keywords of the contract (`renderer.Render`), written once here. `highlight`
    maps labels to targets (from `highlights`); `names` maps seats to player names (any script);
    `text` gives the words in the reader's language (None: English), `texts` those of every
    language (a board that draws two at once); `lang` names the reader's language, for a board
    that must know which one it draws in (a renderer with no use for it ignores it)."""

    view: Mapping[str, Any]
    highlight: Mapping[str, Any] | None = None
    theme: str | None = None
    names: Mapping[int, str] | None = None
    text: Text | None = None
    texts: Mapping[str, Text] | None = None
    lang: str | None = None


class Entry(Protocol[T_co]):
    """An entry point made by `entry`: called with a view and the keywords of `Ask`."""

    def __call__(self, view: Mapping[str, Any], *, highlight: Mapping[str, Any] | None = None,
                 theme: str | None = None, names: Mapping[int, str] | None = None, text: Text | None = None,
                 texts: Mapping[str, Text] | None = None, lang: str | None = None) -> T_co: ...


def entry(draw: Callable[[Ask], V]) -> Entry[V]:
    """A renderer's entry point from a function of one `Ask`: it takes the contract's keywords
    (`renderer.Render`) and keeps `draw`'s name and docstring. While it draws, the players' names
    are the table's own words, which no cache keeps anything under (`caches.table_words`)."""

    def call(view: Mapping[str, Any], *, highlight: Mapping[str, Any] | None = None, theme: str | None = None,
             names: Mapping[int, str] | None = None, text: Text | None = None,
             texts: Mapping[str, Text] | None = None, lang: str | None = None) -> V:
        with table_words(names.values() if names else ()):
            return draw(Ask(view, highlight, theme, names, text, texts, lang))

    return update_wrapper(call, draw, updated=())


class Panel(NamedTuple):
    """What the parts of a board's panel (whose turn, each player's card) draw on and from: the
    canvas, the theme, the reader's words, the view and the players' names."""

    canvas: Image.Image
    th: Theme
    say: Text
    view: Mapping[str, Any]
    names: Mapping[int, str] | None


# ---------------------------------------------------------------------------- kept areas


class Kept(ByteCache[V]):
    """Pictures (parts of a board, a role card's sections) kept by what they show, to be pasted
    again instead of drawn: a `ByteCache` registered as `name`, bounded to `budget` bytes, least
    recently used first out; emptied like the `functools` caches (`cache_clear`), so that a
    measurement that draws every picture afresh (bench/legibility.py) finds none kept. What it
    shows must not be a player's name: a key that holds one is not kept (`caches.table_words`).
    Used under the drawing lock (`render_png`), like every drawing."""

    def keep(self, key: Any, value: V) -> None:
        """Keep `value` under `key` (unless the key holds a player's name, or the value alone
        passes the budget)."""
        self.put(key, value)

    def area(self: Kept[Image.Image], img: Image.Image, area: tuple[int, int, int, int], key: Any,
             paint: Callable[[], None]) -> None:
        """Paste the pixels kept for `key` in `area` of `img`, else `paint()` them and keep them.
        `key` must hold all `paint` reads and what `area` holds before it (the ground): the
        painting must not reach outside `area`, nor anything else inside it."""
        found = self.get((area, key))
        if found is not None:
            img.paste(found, area[:2])
            return
        paint()
        self.keep((area, key), img.crop(area))


# ---------------------------------------------------------------------------- drawing helpers


def splits_at(head: str) -> bool:
    """Whether a line `head + rest` may be drawn and measured as two runs (`named_length`,
    `draw_named`): `head` ends with a space, across which no font kerns nor joins letters."""
    return bool(head) and head[-1] == " "


def named_length(f: ImageFont.FreeTypeFont, head: str, rest: str) -> float:
    """`f.getlength(head + rest)`, as two runs when `head` ends with a space (`splits_at`): the
    head's width kept (`CachedFont`), the rest's (a player's name, never kept) measured alone. The
    same width: the advances of a line without kerning across a space add up."""
    if not splits_at(head):
        return float(f.getlength(head + rest))
    return float(f.getlength(head)) + float(f.getlength(rest))


def draw_named(draw: ImageDraw.ImageDraw, xy: Point, head: str, rest: str, f: ImageFont.FreeTypeFont,
               fill: RGB, anchor: str = "lm") -> None:
    """Draw the line `head + rest` (left-anchored) in `f`: when `head` ends with a space
    (`splits_at`), as two runs, the head's (the same words at every table: kept) and the rest's (a
    player's name: rendered anew) at the head's exact advance. The same pixels as the line drawn at
    once: the runs' glyphs lie where the line's would, and do not touch across the space."""
    if not splits_at(head) or not anchor.startswith("l") or not rest:
        draw.text(xy, head + rest, font=f, fill=fill, anchor=anchor)
        return
    x, y = xy
    draw.text((x, y), head, font=f, fill=fill, anchor=anchor)
    draw.text((x + f.getlength(head), y), rest, font=f, fill=fill, anchor=anchor)


def text_centred(draw: ImageDraw.ImageDraw, xy: Point, text: str, f: ImageFont.FreeTypeFont, fill: RGB) -> None:
    """Text centred on a point (both axes)."""
    draw.text(xy, text, font=f, fill=fill, anchor="mm")


def text_outlined(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    outline: RGB,
    width: int = 2,
    anchor: str = "mm",
) -> None:
    """Text with a halo, legible on any background (labels over the map)."""
    draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=outline)


def paste_centred(canvas: Image.Image, sprite: Image.Image, xy: Point) -> None:
    """Alpha-composite a sprite with its centre on a point."""
    x = round(xy[0] - sprite.width / 2)
    y = round(xy[1] - sprite.height / 2)
    canvas.alpha_composite(sprite, (x, y)) if canvas.mode == "RGBA" else canvas.paste(sprite, (x, y), sprite)


def downscale(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A sprite drawn `SS` times too big brought to its size: the anti-aliasing Pillow's
    own curves lack."""
    return big.resize(size, Image.Resampling.LANCZOS)


PILLS_BUDGET = 2 * MB
"""Pills kept (a few KB each): a board draws a few dozen, so this holds many tables' worth."""
TOKENS_BUDGET = 2 * MB
"""Tokens kept: a game's pieces, a few sizes of each, for every game's looks."""
SPRITES_BUDGET = 512 * KB
"""Each cache of fixed sprites (targets, card backs, dice): a few dozen of a few KB."""


@cached("common.pill", PILLS_BUDGET)
def pill(
    text: str, height: int, fill: RGB, text_fill: RGB, outline: RGB, kind: str = "bold", max_width: int | None = None
) -> Image.Image:
    """A rounded label badge (highlighted squares, counters), sized to its text; the text
    shrinks, down to half height, to keep the badge within `max_width`."""
    size = round(height * 0.72)
    f = font_for(text, size * SS, kind)
    while max_width and size > height * 0.4 and f.getlength(text) / SS + height * 0.7 > max_width:
        size -= 1
        f = font_for(text, size * SS, kind)
    tw = f.getlength(text)
    w = max(height, round(tw / SS + height * 0.7))
    big = Image.new("RGBA", (w * SS, height * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle(
        (0, 0, w * SS - 1, height * SS - 1), radius=height * SS // 2, fill=fill, outline=outline, width=round(1.5 * SS)
    )
    d.text((w * SS / 2, height * SS / 2), text, font=f, fill=text_fill, anchor="mm")
    return downscale(big, (w, height))


@cached("common.token", TOKENS_BUDGET)
def token(
    diameter: int,
    fill: RGB,
    text: str = "",
    text_fill: RGB = (255, 255, 255),
    edge: RGB = (30, 30, 30),
    ring: RGB | None = None,
    badge: RGB | None = None,
) -> Image.Image:
    """A round piece with initials: a shaded disc with a dark edge, an optional outer ring
    (e.g. "arrived") and an optional tick badge at the top right (e.g. "called in")."""
    pad = max(3, diameter // 6) if ring or badge else 2
    size = diameter + 2 * pad
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    o = pad * SS
    D = diameter * SS
    d.ellipse((o + SS, o + 2 * SS, o + D + SS, o + D + 2 * SS), fill=(0, 0, 0, 90))  # shadow
    if ring:
        r = round(pad * 0.8 * SS)
        d.ellipse((o - r, o - r, o + D + r, o + D + r), fill=ring, outline=edge, width=SS)
    d.ellipse((o, o, o + D, o + D), fill=edge)
    e = round(max(1.5, diameter / 18) * SS)
    d.ellipse((o + e, o + e, o + D - e, o + D - e), fill=fill)
    hl = blend(fill, (255, 255, 255), 0.35)
    d.chord((o + e * 2, o + e * 2, o + D - e * 2, o + D - e * 2), 200, 340, fill=hl)
    if text:
        f = font_for(text, round(diameter * 0.46 * SS), "bold")
        d.text((o + D / 2, o + D / 2 + SS), text, font=f, fill=text_fill, anchor="mm")
    if badge:
        b = round(diameter * 0.42 * SS)
        bx, by = o + D - b + pad * SS * 0.6, o - pad * SS * 0.6
        d.ellipse((bx, by, bx + b, by + b), fill=badge, outline=edge, width=SS)
        w = max(SS, round(b / 7))
        d.line(
            [(bx + b * 0.25, by + b * 0.52), (bx + b * 0.43, by + b * 0.7), (bx + b * 0.76, by + b * 0.3)],
            fill=(255, 255, 255),
            width=w,
            joint="curve",
        )
    return downscale(big, (size, size))


@cached("common.target", SPRITES_BUDGET)
def target(colour: RGB, size: int) -> Image.Image:
    """A target marker (a goal square): ring, inner ring and cross hairs in a colour, with a
    thin dark edge so that even yellow stands out on a light map."""
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    w = round(S * 0.08)
    dark = (30, 30, 30, 230)
    h = w // 2 + SS
    e = max(SS // 2, round(S * 0.012))  # dark edge: keeps a yellow ring visible on the map
    d.ellipse((h, h, S - h, S - h), fill=(*colour, 70))
    d.ellipse((h, h, S - h, S - h), outline=dark, width=w + 2 * e)
    d.ellipse((h + e, h + e, S - h - e, S - h - e), outline=colour, width=w)
    m = S * 0.28
    d.ellipse((m - e, m - e, S - m + e, S - m + e), outline=dark, width=round(w * 0.8) + 2 * e)
    d.ellipse((m, m, S - m, S - m), outline=colour, width=round(w * 0.8))
    c = S / 2
    for a, b in (
        ((c, SS), (c, S * 0.3)),
        ((c, S * 0.7), (c, S - SS)),
        ((SS, c), (S * 0.3, c)),
        ((S * 0.7, c), (S - SS, c)),
    ):
        d.line((a, b), fill=dark, width=round(w * 0.7) + 2 * e)
        d.line((a, b), fill=colour, width=round(w * 0.7))
    r = w * 0.8
    d.ellipse((c - r - e, c - r - e, c + r + e, c + r + e), fill=dark)
    d.ellipse((c - r, c - r, c + r, c + r), fill=colour)
    return downscale(big, (size, size))


@cached("common.card", SPRITES_BUDGET)
def card(w: int, h: int, face: RGB, edge: RGB) -> Image.Image:
    """A playing card seen from the back (deck and discard counters)."""
    S = SS
    big = Image.new("RGBA", (w * S, h * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * S - 1, h * S - 1), radius=4 * S, fill=face, outline=edge, width=2 * S)
    d.rounded_rectangle((4 * S, 4 * S, w * S - 4 * S, h * S - 4 * S), radius=2 * S, outline=edge, width=S)
    return downscale(big, (w, h))


def title_bar(
    canvas: Image.Image,
    box: tuple[int, int, int, int],
    title: str,
    fill: RGB,
    text_fill: RGB,
    status: str = "",
    status_fill: RGB | None = None,
) -> None:
    """A band across the top with the game's title on the left and a status on the right."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=fill)
    h = y1 - y0
    d.text(
        (x0 + h * 0.4, (y0 + y1) / 2), title, font=font_for(title, round(h * 0.5), "bold"), fill=text_fill, anchor="lm"
    )
    if status:
        f = font_for(status, round(h * 0.42), "bold")
        d.text((x1 - h * 0.4, (y0 + y1) / 2), status, font=f, fill=status_fill or text_fill, anchor="rm")


def die_face(size: int, value: int, fill: RGB = (250, 250, 245), pip: RGB = (25, 25, 25)) -> Image.Image:
    """A die showing 1..6, as a sprite."""
    return _die_face(size, value, fill, pip)


@cached("common.die_face", SPRITES_BUDGET)
def _die_face(size: int, value: int, fill: RGB, pip: RGB) -> Image.Image:
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    S = size * SS
    d.rounded_rectangle((0, 0, S - 1, S - 1), radius=S // 6, fill=(40, 40, 40))
    d.rounded_rectangle((SS * 1.5, SS * 1.5, S - SS * 1.5, S - SS * 1.5), radius=S // 7, fill=fill)
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }.get(value, [])
    r = S * 0.09
    for gx, gy in spots:
        cx, cy = S * (0.25 + 0.25 * gx), S * (0.25 + 0.25 * gy)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)
    return downscale(big, (size, size))


def highlight_cell(canvas: Image.Image, box: tuple[float, float, float, float], theme: Theme, *, light: bool) -> None:
    """Tint a square as a possible target; `light` for when so many are offered that strong
    tints would hide the board."""
    d = ImageDraw.Draw(canvas, "RGBA")
    x0, y0, x1, y1 = box
    inset, alpha, width = (3, LIGHT_HIGHLIGHT_ALPHA, 2) if light else (2, HIGHLIGHT_ALPHA, 3)
    d.rectangle(
        (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
        fill=(*theme["hl"], alpha),
        outline=(*theme["hl_edge"], 255),
        width=width,
    )


def label_squares(squares: Iterable[tuple[int, int]]) -> dict[str, list[int]]:
    """Labels A, B, ... for distinct (column, row) squares in reading order: row by row from
    the top, left to right. The same squares always get the same labels."""
    ordered = sorted(set(squares), key=lambda s: (s[1], s[0]))
    return {label: [c, r] for label, (c, r) in zip(square_labels(len(ordered)), ordered, strict=True)}


def action_highlights(actions: Iterable[str], square_of: Callable[[str], Square | None]) -> dict[str, list[int]]:
    """A renderer's `highlights(view, actions)`: labels for the distinct squares the actions
    target (`square_of`: action text -> square or None), in reading order."""
    return label_squares(sq for a in actions if (sq := square_of(a)))


def action_labels(actions: Sequence[str], square_of: Callable[[str], Square | None]) -> dict[str, str | None]:
    """A renderer's `label_actions(view, actions)`: each action -> the label its square gets
    from `action_highlights` on the same list (None: no square), so buttons match the image."""
    squares = {a: square_of(a) for a in actions}
    by_square = {tuple(sq): label for label, sq in label_squares(sq for sq in squares.values() if sq).items()}
    return {a: by_square.get(sq) if sq else None for a, sq in squares.items()}


def labels_by_target(highlighted: Mapping[str, Any], actions: Sequence[str],
                     target_of: Callable[[str], Any]) -> dict[str, str | None]:
    """A renderer's `label_actions` from its own `highlights` ({label: target}): each action ->
    the label its target got (None: no target, e.g. `pass`), so buttons match the image."""
    by_target = {t: label for label, t in highlighted.items()}
    return {a: by_target.get(t) if (t := target_of(a)) else None for a in actions}


def target_labels(highlights: Highlights, target_of: Callable[[str], Any]) -> LabelActions:
    """A renderer's `label_actions(view, actions)` from its `highlights` and what an action targets
    (`target_of`: action text -> target or None): each action -> the label its target got."""

    def label_actions(view: Mapping[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
        """Each action text -> the label of its target on the board (None: no target, e.g. `pass`)."""
        return labels_by_target(highlights(view, actions), actions, target_of)

    return label_actions


def square_labels(n: int) -> list[str]:
    """n short labels A, B, ... Z, AA, AB, ... (bijective base 26), for buttons and badges."""
    out = []
    for i in range(1, n + 1):
        s = ""
        while i:
            i, rem = divmod(i - 1, 26)
            s = chr(65 + rem) + s
        out.append(s)
    return out


# ---------------------------------------------------------------------------- the parts of a board

Part = tuple[Point, str]
"""A part of a board as `/table rules` names it: where it is on the board image, and its name
with a few words of what it is for, in the reader's language."""

PART_MARK: RGB = (196, 36, 36)
PART_INK: RGB = (34, 32, 30)
PART_PAPER: RGB = (250, 247, 240)


def part_marker(n: int, size: int = 28) -> Image.Image:
    """The numbered disc that marks part `n` on the board (RGBA)."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((SS, SS, size * SS - SS, size * SS - SS), fill=(*PART_MARK, 255), outline=(255, 255, 255, 255),
              width=2 * SS)
    sprite = downscale(big, (size, size))
    ImageDraw.Draw(sprite).text((size / 2, size / 2), str(n), font=font("bold", 15 if n < 10 else 13),
                                fill=(255, 255, 255), anchor="mm")
    return sprite


def parts_png(board: Image.Image, parts: Sequence[Part], title: str, beside: int = 0) -> bytes:
    """The board with its parts named: a numbered disc on each part, and under the board the
    numbered names in two columns, under `title`; or, for a tall narrow board, in one column
    `beside` px wide at its right. PNG bytes (RGB: the discs keep their red)."""
    with DRAWING:
        canvas = _parts_beside(board, parts, title, beside) if beside else _parts_canvas(board, parts, title)
    buf = io.BytesIO()
    canvas.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def _parts_beside(board: Image.Image, parts: Sequence[Part], title: str, width: int) -> Image.Image:
    """`parts_png`'s picture with the names in one column at the right of a portrait board."""
    pad, line_h = 18, 21
    col_w = width - 2 * pad
    title_font, title_lines = wrap_text(title, col_w, 22, "bold", max_lines=3)
    named = [wrap_text(name, col_w - 38, 16, "regular", max_lines=5) for _, name in parts]
    height = 16 + 28 * len(title_lines) + sum(max(len(lines) * line_h, 28) + 10 for _, lines in named) + pad
    canvas = Image.new("RGB", (board.width + width, max(board.height, height)), PART_PAPER)
    canvas.paste(board.convert("RGB"), (0, 0))
    for n, (at, _) in enumerate(parts, 1):
        paste_centred(canvas, part_marker(n), at)
    d = ImageDraw.Draw(canvas)
    x0 = board.width
    d.rectangle((x0, 0, x0 + 3, canvas.height), fill=PART_MARK)
    y = 14
    for line in title_lines:
        d.text((x0 + pad, y), line, font=title_font, fill=PART_INK, anchor="lt")
        y += 28
    y += 2
    for i, (f, lines) in enumerate(named):
        paste_centred(canvas, part_marker(i + 1, 24), (x0 + pad + 12, y + 12))
        for k, line in enumerate(lines):
            d.text((x0 + pad + 32, y + 3 + k * line_h), line, font=f, fill=PART_INK, anchor="lt")
        y += max(len(lines) * line_h, 28) + 10
    return canvas


def _parts_canvas(board: Image.Image, parts: Sequence[Part], title: str) -> Image.Image:
    width, pad, gap, cols, line_h = board.width, 18, 26, 2, 21
    col_w = (width - 2 * pad - gap * (cols - 1)) / cols
    named = [wrap_text(name, col_w - 38, 16, "regular", max_lines=4) for _, name in parts]
    rows = [max(max(len(lines) for _, lines in named[i:i + cols]) * line_h, 28) + 10
            for i in range(0, len(named), cols)]
    title_font, title_lines = wrap_text(title, width - 2 * pad, 22, "bold", max_lines=2)
    head = 16 + 28 * len(title_lines)
    canvas = Image.new("RGB", (width, board.height + head + sum(rows) + pad), PART_PAPER)
    canvas.paste(board.convert("RGB"), (0, 0))
    for n, (at, _) in enumerate(parts, 1):
        paste_centred(canvas, part_marker(n), at)
    d = ImageDraw.Draw(canvas)
    d.rectangle((0, board.height, width, board.height + 3), fill=PART_MARK)
    y = board.height + 14
    for line in title_lines:
        d.text((pad, y), line, font=title_font, fill=PART_INK, anchor="lt")
        y += 28
    y = board.height + head
    for r, height in enumerate(rows):
        for c in range(cols):
            i = r * cols + c
            if i >= len(parts):
                break
            x = pad + c * (col_w + gap)
            paste_centred(canvas, part_marker(i + 1, 24), (x + 12, y + 12))
            f, lines = named[i]
            for k, line in enumerate(lines):
                d.text((x + 32, y + 3 + k * line_h), line, font=f, fill=PART_INK, anchor="lt")
        y += height
    return canvas


# ---------------------------------------------------------------------------- paletted bands kept

QUANTIZED_BUDGET = 4 * MB
"""RGB bands kept with their paletted pixels and compressed bytes (`kept_png`), in bytes: each
holds its RGB rows to compare (about 31 KB for a 646-pixel-wide band), its palette indices (10 KB)
and its bytes (1 KB), so about 120. No game's board is encoded this way any more (at thousands of
tables a band's RGB bytes were found again too seldom to pay for keeping them: boards are
converted to the palette at once and their bands found by their palette indices, `BANDS`), so
the budget is what a picture encoded this way now and then needs, not six boards' worth."""
QUANTIZED_MOST = 4096
"""Bands kept at most, however small (`_Quantized`'s `kept`): the budget bounds them first."""

QUANTIZED_TRIES = 4
"""Bands kept under one sample (`_Quantized`): bands that differ only where the sample does not
look (a count, a name) are each kept, the last few used."""

QUANTIZED_SAMPLE = 53
"""One byte in this many is the sample a band is found by (`_Quantized`): a prime, so the
sampled columns move from row to row."""


class _Quantized:
    """RGB bands of rows kept with their palette indices, their deflated rows and the Adler-32
    of those (`kept_png`), so that a band a recent picture showed is neither converted to the
    palette nor compressed again. Found by the palette, the width and a sample of the band's
    bytes (every `QUANTIZED_SAMPLE`-th: cheap to take, unlike a checksum of every byte), then
    compared byte for byte with each band kept under that sample (a band is reused only when
    its RGB bytes are the same). Bounded in bytes (`budget`: what its bands, their keys and
    what is kept with them hold) and to `kept` bands, least recently used first out; registered
    as `name` (its `report`; one without a name is not); safe across the worker threads that
    encode at once."""

    def __init__(self, kept: int, budget: int | None = None, name: str | None = None) -> None:
        self.kept = kept
        self.name = name or f"common.quantized_bands.{id(self)}"
        self.budget = budget if budget is not None else kept * 64 * KB
        self._found: OrderedDict[tuple[bytes, int, int, bytes], list[tuple[bytes, bytes, bytes, int]]] = OrderedDict()
        self._count = 0
        self.bytes = self.hits = self.misses = 0
        self._lock = threading.Lock()
        self.cache_clear = self.clear
        """Emptied with the `functools` caches (as `BANDS` is)."""
        if name is not None:
            register(self)

    def __len__(self) -> int:
        return self._count

    def clear(self) -> None:
        with self._lock:
            self._found.clear()
            self._count = 0
            self.bytes = 0

    def report(self) -> dict[str, int]:
        return {"bytes": self.bytes, "entries": self._count, "hits": self.hits, "misses": self.misses,
                "budget": self.budget}

    @staticmethod
    def _cost(key: tuple[bytes, int, int, bytes], kept: tuple[bytes, bytes, bytes, int]) -> int:
        return len(key[0]) + len(key[3]) + len(kept[0]) + len(kept[1]) + len(kept[2]) + 200

    @staticmethod
    def key(plte: bytes, width: int, raw: bytes, start: int, end: int) -> tuple[bytes, int, int, bytes]:
        """What a band (the bytes of `raw` from `start` to `end`) is found by: the palette, the
        width, its length and its sample."""
        return (plte, width, end - start, raw[start:end:QUANTIZED_SAMPLE])

    def find(self, key: tuple[bytes, int, int, bytes], raw: bytes, start: int) -> tuple[bytes, bytes, int] | None:
        """The palette indices, deflated rows and their Adler-32 of a band kept with the RGB bytes
        of `raw` from `start` (as many as `key` says), or None."""
        with self._lock:
            tries = self._found.get(key)
            if tries is None:
                self.misses += 1
                return None
            for i, (seen, indices, deflated, check) in enumerate(tries):
                if raw.startswith(seen, start):  # the same length (the key's): the same bytes
                    self._found.move_to_end(key)
                    if i:
                        tries.insert(0, tries.pop(i))
                    self.hits += 1
                    return indices, deflated, check
            self.misses += 1
        return None

    def keep(self, key: tuple[bytes, int, int, bytes], rgb: bytes, indices: bytes, deflated: bytes,
             check: int) -> None:
        with self._lock:
            tries = self._found.get(key)
            if tries is None:
                tries = self._found[key] = []
            else:
                self._found.move_to_end(key)
            if any(seen == rgb for seen, *_ in tries):
                return  # kept meanwhile by another thread
            kept = (rgb, indices, deflated, check)
            tries.insert(0, kept)
            self._count += 1
            self.bytes += self._cost(key, kept)
            if len(tries) > QUANTIZED_TRIES:
                self.bytes -= self._cost(key, tries.pop())
                self._count -= 1
            while (self.bytes > self.budget or self._count > self.kept) and self._found:
                old, dropped = self._found.popitem(last=False)
                self._count -= len(dropped)
                self.bytes -= sum(self._cost(old, d) for d in dropped)


QUANTIZED = _Quantized(QUANTIZED_MOST, QUANTIZED_BUDGET, "common.quantized_bands")
"""The RGB bands every `kept_png` picture shares."""


def kept_png(img: Image.Image, theme: Theme, level: int = PNG_LEVEL, *, height: int | None = None,
             given: Sequence[Band] = (), bands: list[Band] | None = None) -> bytes:
    """`paletted_png`'s bytes (the same bytes for the same picture), for less: the picture is cut
    in bands of `PNG_BAND` rows, and a band a recent picture showed (`QUANTIZED`: compared by its
    RGB bytes) gives its palette indices and compressed rows as they were; only the other bands
    are converted to the palette (each run of them at once: the conversion is pixel by pixel, no
    dithering) and compressed (`BANDS`). From one action to the next most of a board's bands are
    the same, and reading a picture's bytes costs a fraction of converting them. `height`: the
    picture is the top `height` rows of `img` (a canvas cut there, without cutting it).
    `given`: the picture's first bands as an earlier picture with the same top rows gave them
    (`bands`, at the same `level` and theme); those rows of `img` are not read (they may hold
    anything). `bands`: a list given is filled with all of this picture's bands."""
    rgb_img = img.convert("RGB") if img.mode != "RGB" else img
    width = rgb_img.width
    height = rgb_img.height if height is None else min(height, rgb_img.height)
    plte = _plte(theme)
    first = min(len(given), height // PNG_BAND)
    skipped = first * PNG_BAND
    raw = top_rows_bytes(rgb_img, height, top=skipped) if skipped < height else b""
    step = width * 3 * PNG_BAND
    found: list[tuple[bytes, int, int] | None] = list(given[:first])
    missing: list[int] = []
    size = len(raw)
    for i, start in enumerate(range(0, size, step), first):
        end = min(size, start + step)
        known = QUANTIZED.find(QUANTIZED.key(plte, width, raw, start, end), raw, start)
        if known is None:
            missing.append(i)
            found.append(None)
        else:
            found.append((known[1], known[2], len(known[0])))
    if missing:
        palette = theme.palette_image()
        runs: list[list[int]] = []
        for i in missing:
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
        for run in runs:
            top, bottom = run[0] * PNG_BAND, min(height, (run[-1] + 1) * PNG_BAND)
            rows = rgb_img.crop((0, top, width, bottom))
            quantized = rows.quantize(palette=palette, dither=Image.Dither.NONE)
            indices = top_rows_bytes(quantized, quantized.height)
            for n, i in enumerate(run):
                part = indices[n * width * PNG_BAND:(n + 1) * width * PNG_BAND]
                deflated, check = BANDS.band(width, part, level)
                start, end = (i - first) * step, min(size, (i - first + 1) * step)
                QUANTIZED.keep(QUANTIZED.key(plte, width, raw, start, end), raw[start:end], part, deflated, check)
                found[i] = (deflated, check, len(part))
    done = cast("list[Band]", found)  # every None (a band to convert) was filled in above
    if bands is not None:
        bands[:] = done
    return _png_of_bands(width, height, plte, done)


def top_rows_bytes(img: Image.Image, height: int, *, top: int = 0) -> bytes:
    """The bytes of the top `height` rows of `img` in its own mode (from row `top`: rows `top` to
    `height`): `img.crop(...).tobytes()` without the copy, read once by Pillow's raw encoder over
    those rows (as `tobytes` reads a whole picture, but into one buffer); where that encoder cannot
    be had, through the crop. For a whole picture too: Pillow's `tobytes` reads it in pieces of
    64 KB joined at the end, 1.4 ms for a nine-seat City of Judgement board against 0.05 ms here."""
    size = img.width * (height - top) * len(img.getbands())
    try:
        img.load()
        encoder = Image._getencoder(img.mode, "raw", img.mode)  # Pillow-private, typed by the Pillow we pin
    except (AttributeError, TypeError, ValueError, OSError):
        return img.crop((0, top, img.width, height)).tobytes()
    parts = []
    try:
        encoder.setimage(img.im, (0, top, img.width, height))
        while True:
            _, done, data = encoder.encode(max(size, 65536))
            parts.append(data)
            if done:
                break
    except (AttributeError, TypeError, ValueError):
        done = -1
    finally:
        encoder.cleanup()
    if done < 0:  # the encoder is not what it was: the public way
        return img.crop((0, top, img.width, height)).tobytes()
    return parts[0] if len(parts) == 1 else b"".join(parts)


def paletted(img: Image.Image, theme: Theme) -> Image.Image:
    """An RGB(A) picture on the theme's palette, as `paletted_png` converts it (nearest colour, no
    dithering: each pixel's index is a function of its colour alone, so a picture pasted together
    from paletted pieces is the paletted picture of the same pieces pasted in RGB)."""
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    return rgb.quantize(palette=theme.palette_image(), dither=Image.Dither.NONE)


def indexed_png(p: Image.Image, theme: Theme) -> bytes:
    """A picture already on the theme's palette (`paletted`) as PNG bytes (`png_bytes`): what
    `paletted_png` gives for the RGB picture it came from."""
    return png_bytes(p, _plte(theme))
