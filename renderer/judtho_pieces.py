"""The Judtho pieces as vector glyphs of our own: chess silhouettes in four army colours.

Each piece is a few shapes in a unit square (y down). The silhouette is filled in the army's
colour inside a contrasting outline (dark for white, red and yellow, light for black), so a
piece reads on every square colour of J30. The Prince and the Princess (2.5.1, 2.5.2) are
shorter than King and Queen, wear a small coronet or tiara instead of a crown and carry their
notation letter (P, S) on the body, so they are never taken for a King or a Queen.
Silhouettes and outlines are computed once per piece and size, then coloured per army.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from renderer.caches import KB, MB, cached
from renderer.common import RGB, SS, font
from renderer.judtho_look import NEED_PX

Shape = tuple
# ("poly", [(x, y), ...]) | ("ellipse", (x0, y0, x1, y1)) | ("rect", (x0, y0, x1, y1))

_BASE: list[Shape] = [("rect", (0.2, 0.79, 0.8, 0.91))]

SHAPES: dict[str, list[Shape]] = {
    "pawn": [
        ("ellipse", (0.37, 0.17, 0.63, 0.43)),
        ("ellipse", (0.34, 0.42, 0.66, 0.5)),
        ("poly", [(0.43, 0.45), (0.57, 0.45), (0.67, 0.8), (0.33, 0.8)]),
        ("rect", (0.26, 0.77, 0.74, 0.9)),
    ],
    "rook": [
        ("poly", [(0.25, 0.12), (0.36, 0.12), (0.36, 0.2), (0.45, 0.2), (0.45, 0.12), (0.55, 0.12), (0.55, 0.2),
                  (0.64, 0.2), (0.64, 0.12), (0.75, 0.12), (0.75, 0.34), (0.25, 0.34)]),
        ("rect", (0.31, 0.33, 0.69, 0.8)),
        *_BASE,
    ],
    "bishop": [
        ("ellipse", (0.44, 0.07, 0.56, 0.19)),
        ("poly", [(0.5, 0.15), (0.68, 0.38), (0.66, 0.56), (0.34, 0.56), (0.32, 0.38)]),
        ("ellipse", (0.31, 0.22, 0.69, 0.6)),
        ("rect", (0.33, 0.57, 0.67, 0.64)),
        ("poly", [(0.41, 0.62), (0.59, 0.62), (0.67, 0.8), (0.33, 0.8)]),
        *_BASE,
    ],
    "knight": [
        ("poly", [(0.27, 0.8), (0.34, 0.6), (0.46, 0.5), (0.3, 0.54), (0.18, 0.5), (0.14, 0.42), (0.22, 0.3),
                  (0.38, 0.18), (0.42, 0.07), (0.5, 0.15), (0.6, 0.15), (0.74, 0.28), (0.8, 0.5), (0.76, 0.8)]),
        *_BASE,
    ],
    "queen": [
        ("poly", [(0.18, 0.28), (0.34, 0.5), (0.36, 0.22), (0.46, 0.48), (0.5, 0.16), (0.54, 0.48), (0.64, 0.22),
                  (0.66, 0.5), (0.82, 0.28), (0.72, 0.68), (0.28, 0.68)]),
        ("ellipse", (0.13, 0.22, 0.23, 0.32)),
        ("ellipse", (0.31, 0.16, 0.41, 0.26)),
        ("ellipse", (0.45, 0.09, 0.55, 0.19)),
        ("ellipse", (0.59, 0.16, 0.69, 0.26)),
        ("ellipse", (0.77, 0.22, 0.87, 0.32)),
        ("poly", [(0.28, 0.66), (0.72, 0.66), (0.76, 0.8), (0.24, 0.8)]),
        *_BASE,
    ],
    "king": [
        ("rect", (0.45, 0.04, 0.55, 0.3)),
        ("rect", (0.36, 0.1, 0.64, 0.19)),
        ("poly", [(0.5, 0.27), (0.7, 0.3), (0.82, 0.4), (0.74, 0.66), (0.26, 0.66), (0.18, 0.4), (0.3, 0.3)]),
        ("poly", [(0.27, 0.64), (0.73, 0.64), (0.77, 0.8), (0.23, 0.8)]),
        *_BASE,
    ],
    "prince": [
        ("poly", [(0.27, 0.46), (0.27, 0.28), (0.38, 0.37), (0.5, 0.25), (0.62, 0.37), (0.73, 0.28), (0.73, 0.46)]),
        ("ellipse", (0.46, 0.2, 0.54, 0.28)),
        ("poly", [(0.28, 0.44), (0.72, 0.44), (0.75, 0.8), (0.25, 0.8)]),
        *_BASE,
    ],
    "princess": [
        ("poly", [(0.3, 0.46), (0.32, 0.34), (0.5, 0.28), (0.68, 0.34), (0.7, 0.46)]),
        ("ellipse", (0.27, 0.29, 0.36, 0.38)),
        ("ellipse", (0.45, 0.21, 0.55, 0.31)),
        ("ellipse", (0.64, 0.29, 0.73, 0.38)),
        ("poly", [(0.34, 0.44), (0.66, 0.44), (0.8, 0.8), (0.2, 0.8)]),
        *_BASE,
    ],
}
"""Silhouettes in a unit square. Pawn, Rook, Bishop, Knight, Queen and King as in chess."""

DETAILS: dict[str, list[tuple[list[tuple[float, float]], float]]] = {
    "rook": [([(0.31, 0.34), (0.69, 0.34)], 0.035), ([(0.29, 0.79), (0.71, 0.79)], 0.035)],
    "bishop": [([(0.57, 0.3), (0.47, 0.44)], 0.045), ([(0.35, 0.605), (0.65, 0.605)], 0.03)],
    "knight": [([(0.5, 0.18), (0.72, 0.38), (0.74, 0.6)], 0.03)],
    "queen": [([(0.28, 0.67), (0.72, 0.67)], 0.035), ([(0.25, 0.79), (0.75, 0.79)], 0.03)],
    "king": [([(0.27, 0.64), (0.73, 0.64)], 0.035), ([(0.25, 0.79), (0.75, 0.79)], 0.03)],
    "prince": [([(0.28, 0.45), (0.72, 0.45)], 0.035)],
    "princess": [([(0.31, 0.45), (0.69, 0.45)], 0.035)],
    "pawn": [],
}
LETTER = {"prince": "P", "princess": "S"}
@cached("judtho_pieces.letter_size", 16 * KB)
def letter_size(size: int, letter: str = "P", least: int = NEED_PX) -> int:
    """The font size of the P / S letter on a piece of `size` px: a third of the piece, or larger
    so that its glyph is at least `least` px high once the sprite is scaled down."""
    n = max(1, round(size * 0.3))
    while n < size:
        _, top, _, bottom = font("bold", n * SS).getbbox(letter)
        if bottom - top >= least * SS:
            break
        n += 1
    return n
EYE = {"knight": (0.34, 0.3, 0.03)}


def _draw_shapes(d: ImageDraw.ImageDraw, shapes: list[Shape], S: int, pad: float, fill: int) -> None:
    span = S - 2 * pad

    def pt(x: float, y: float) -> tuple[float, float]:
        return (pad + x * span, pad + y * span)

    for kind, geom in shapes:
        if kind == "poly":
            d.polygon([pt(x, y) for x, y in geom], fill=fill)
        else:
            x0, y0 = pt(geom[0], geom[1])
            x1, y1 = pt(geom[2], geom[3])
            (d.ellipse if kind == "ellipse" else d.rectangle)((x0, y0, x1, y1), fill=fill)


HALO = 0.04
"""The ring outside the outline, as a share of the piece's size."""


def rims(size: int) -> tuple[int, int]:
    """The width of the outline and of the halo ring outside it, in pixels at `SS` times `size`."""
    return max(SS, round(size * SS * 0.05)), max(SS, round(size * SS * HALO))


def _pad(size: int) -> int:
    edge, halo = rims(size)
    return edge + halo + SS


@cached("judtho_pieces._masks", 2 * MB)
def _masks(piece: str, size: int) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The silhouette, its outline ring and the halo ring outside it, at `SS` times `size` (no
    colour)."""
    S = size * SS
    edge, halo = rims(size)
    pad = _pad(size)
    fill = Image.new("L", (S, S), 0)
    _draw_shapes(ImageDraw.Draw(fill), SHAPES[piece], S, pad, 255)
    outer = dilate(fill, edge)
    ring = dilate(outer, halo)
    return fill, outer, ring


def dilate(mask: Image.Image, radius: int) -> Image.Image:
    """`mask` grown by `radius` pixels every way: the same pixels as one `MaxFilter(2 * radius + 1)`
    (a square's maximum is `radius` maxima over 3 x 3 squares, one after the other, the picture's
    border repeated either way), in a fraction of the time (a 3 x 3 filter reads 9 pixels per
    pixel; a 19 x 19 one, 361)."""
    for _ in range(radius):
        mask = mask.filter(ImageFilter.MaxFilter(3))
    return mask


@cached("judtho_pieces.glyph", 2 * MB)
def glyph(piece: str, size: int, fill: RGB, edge: RGB, halo: RGB | None = None) -> Image.Image:
    """A piece sprite of `size` pixels: silhouette in `fill`, outline and details in `edge`, and
    round the outline a ring in `halo` (a light one round a dark outline), so that the piece
    stands out from a square of its own colour (a red piece on a red square)."""
    piece = piece if piece in SHAPES else "pawn"
    S = size * SS
    inner, outer, ring = _masks(piece, size)
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    if halo is not None:
        big.paste((*halo, 215), (0, 0), ring)
    big.paste((*edge, 255), (0, 0), outer)
    big.paste((*fill, 255), (0, 0), inner)
    d = ImageDraw.Draw(big)
    pad = _pad(size)
    span = S - 2 * pad
    for pts, width in DETAILS.get(piece, []):
        d.line([(pad + x * span, pad + y * span) for x, y in pts], fill=edge, width=max(SS, round(width * span)))
    if piece in EYE:
        x, y, r = EYE[piece]
        cx, cy = pad + x * span, pad + y * span
        d.ellipse((cx - r * span, cy - r * span, cx + r * span, cy + r * span), fill=edge)
    if piece in LETTER:  # as tall as the picture's words need (`letter_px`), on the body
        f = font("bold", letter_size(size, LETTER[piece]) * SS)
        d.text((pad + 0.5 * span, pad + 0.64 * span), LETTER[piece], font=f, fill=edge, anchor="mm")
    return big.resize((size, size), Image.Resampling.LANCZOS)
