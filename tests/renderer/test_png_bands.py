"""The PNG encoding every renderer shares (`common.png_bytes`): bands of rows compressed once and
kept. What it writes decodes to the pixels Pillow's own encoder writes; a kept band is used only
for the same pixels (its checksum finds it, the pixels decide); the bytes are the same whatever
was kept before."""

from __future__ import annotations

import io
import random
import zlib

from PIL import Image

from renderer import common


def _paletted(width: int, height: int, seed: int, colours: int = 256) -> Image.Image:
    rng = random.Random(seed)
    p = Image.new("P", (width, height))
    p.putpalette([rng.randrange(256) for _ in range(3 * 256)])
    # runs of one index, as a board has them, with some noise
    data = bytearray()
    while len(data) < width * height:
        data += bytes([rng.randrange(colours)]) * rng.randrange(1, 40)
    p.frombytes(bytes(data[: width * height]))
    return p


def _plte(p: Image.Image) -> bytes:
    return common._chunk(b"PLTE", bytes(p.getpalette() or []))


def _decoded(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_a_banded_png_decodes_to_the_pixels_pillow_encodes() -> None:
    common.BANDS.cache_clear()
    for seed, (w, h) in enumerate([(1, 1), (7, 3), (33, common.PNG_BAND), (50, common.PNG_BAND + 1),
                                   (200, 5 * common.PNG_BAND - 3), (676, 100)]):
        p = _paletted(w, h, seed)
        ours = _decoded(common.png_bytes(p, _plte(p)))
        buf = io.BytesIO()
        p.save(buf, format="PNG")
        theirs = _decoded(buf.getvalue())
        assert ours.mode == "P" and ours.size == (w, h)
        assert ours.tobytes() == p.tobytes()
        assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()


def test_the_bytes_are_the_same_whatever_was_kept() -> None:
    a, b = _paletted(120, 90, 1, colours=3), _paletted(120, 90, 2, colours=3)
    b.paste(a.crop((0, 0, 120, 40)), (0, 0))  # the top bands alike
    common.BANDS.cache_clear()
    cold = common.png_bytes(b, _plte(b))
    common.BANDS.cache_clear()
    common.png_bytes(a, _plte(a))
    kept = len(common.BANDS)
    warm = common.png_bytes(b, _plte(b))
    assert warm == cold
    assert len(common.BANDS) < 2 * kept  # b's top bands were a's, kept


def test_a_kept_band_with_the_same_checksum_but_other_pixels_is_not_used() -> None:
    """Adding 1, -2, 1 to three pixels in a row keeps the Adler-32 of a band: the second band is
    found by its checksum, and must not be taken for the first."""
    w = 40
    pixels = bytearray(rng_byte % 50 + 100 for rng_byte in random.Random(3).randbytes(w * common.PNG_BAND))
    first = Image.new("P", (w, common.PNG_BAND))
    first.putpalette([v for i in range(256) for v in (i, 255 - i, i // 2)])
    first.frombytes(bytes(pixels))
    pixels[10] += 1
    pixels[11] -= 2
    pixels[12] += 1
    same_sum = first.copy()
    same_sum.frombytes(bytes(pixels))
    assert zlib.adler32(first.tobytes()) == zlib.adler32(same_sum.tobytes())
    assert first.tobytes() != same_sum.tobytes()
    for one, other in ((first, same_sum), (same_sum, first)):
        common.BANDS.cache_clear()
        common.png_bytes(one, _plte(one))
        assert _decoded(common.png_bytes(other, _plte(other))).tobytes() == other.tobytes()


def test_adler_combine_is_zlibs() -> None:
    rng = random.Random(5)
    for n1, n2 in ((0, 0), (1, 0), (0, 7), (100, 65521), (70000, 3), (5, 200000)):
        x, y = rng.randbytes(n1), rng.randbytes(n2)
        assert common._adler_combine(zlib.adler32(x), zlib.adler32(y), n2) == zlib.adler32(x + y)


def test_a_theme_board_decodes_to_its_quantized_pixels() -> None:
    theme = common.make_theme("t", common.CLASSIC, anchors=("paper", "ink", "white"), grounds=("paper",))
    canvas = Image.new("RGB", (300, 70), theme["paper"])
    common.highlight_cell(canvas, (10, 10, 60, 60), theme, light=False)
    common.text_outlined(common.ImageDraw.Draw(canvas), (150, 35), "Gavel 陳", common.font("cjk", 24),
                         theme["ink"], theme["white"])
    out = _decoded(common.paletted_png(canvas, theme))
    quantized = canvas.quantize(palette=theme.palette_image(), dither=Image.Dither.NONE)
    assert out.convert("RGB").tobytes() == quantized.convert("RGB").tobytes()


def test_the_kept_bands_are_bounded() -> None:
    bands = common._Bands(3)
    for seed in range(6):
        pixels = random.Random(seed).randbytes(20 * common.PNG_BAND)
        bands.band(20, pixels, 1)
    assert len(bands) == 3
