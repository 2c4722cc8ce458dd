"""`common.kept_png`: an RGB picture encoded from the RGB bands kept with their palette indices and
compressed rows. Its bytes are `paletted_png`'s whatever was kept before; a band kept under the
same sample but with other pixels is not used; the bands kept are bounded."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from renderer import common

THEME = common.make_theme("kept", common.CLASSIC, anchors=("paper", "ink", "white"), grounds=("paper",))


def _board(seed: int, width: int = 150, height: int = 7 * common.PNG_BAND + 5) -> Image.Image:
    """A picture of the theme's colours and their blends: boxes, lines and words."""
    rng = random.Random(seed)
    colours = list(THEME.colours.values())
    img = Image.new("RGB", (width, height), THEME["paper"])
    d = ImageDraw.Draw(img)
    for _ in range(12):
        x, y = rng.randrange(width), rng.randrange(height)
        d.rounded_rectangle((x, y, x + rng.randrange(4, 60), y + rng.randrange(4, 40)), radius=5,
                            fill=rng.choice(colours), outline=rng.choice(colours))
    d.text((5, rng.randrange(max(1, height - 20))), f"Gavel {seed}", font=common.font("bold", 18), fill=THEME["ink"])
    return img


def _cold(img: Image.Image) -> bytes:
    common.QUANTIZED.cache_clear()
    common.BANDS.cache_clear()
    return common.kept_png(img, THEME)


def test_kept_png_is_paletted_png_whatever_was_kept() -> None:
    common.QUANTIZED.cache_clear()
    pictures = [_board(seed) for seed in range(6)]
    # some bands shared: the top of each the top of the first, a picture shown twice
    for img in pictures[1:4]:
        img.paste(pictures[0].crop((0, 0, img.width, 3 * common.PNG_BAND)), (0, 0))
    pictures.append(pictures[2].copy())
    pictures.append(pictures[0].crop((0, 0, 150, 40)))  # a short last band
    for img in pictures:
        assert common.kept_png(img, THEME) == common.paletted_png(img, THEME)
    assert len(common.QUANTIZED) < sum((img.height + common.PNG_BAND - 1) // common.PNG_BAND for img in pictures)
    for img in pictures:
        assert _cold(img) == common.paletted_png(img, THEME)


def test_a_band_kept_under_the_same_sample_but_with_other_pixels_is_not_used() -> None:
    first = _board(1, width=40, height=common.PNG_BAND)
    other = first.copy()
    x = 1  # the second pixel's red byte: not sampled (the sample reads bytes 0, 53, 106, ...)
    assert x * 3 % common.QUANTIZED_SAMPLE != 0
    other.putpixel((x, 0), THEME["ink"] if first.getpixel((x, 0)) != THEME["ink"] else THEME["paper"])
    raw_a, raw_b = first.tobytes(), other.tobytes()
    assert raw_a != raw_b and raw_a[::common.QUANTIZED_SAMPLE] == raw_b[::common.QUANTIZED_SAMPLE]
    for one, two in ((first, other), (other, first)):
        common.QUANTIZED.cache_clear()
        common.kept_png(one, THEME)
        assert common.kept_png(two, THEME) == common.paletted_png(two, THEME)
    assert len(common.QUANTIZED) == 2  # both kept, under one sample


def test_the_kept_rgb_bands_are_bounded() -> None:
    kept = common._Quantized(3)
    plte = b"p"
    for seed in range(6):
        raw = random.Random(seed).randbytes(30)
        kept.keep(kept.key(plte, 10, raw, 0, 30), raw, b"", b"", 1)
    assert len(kept) == 3
    one = bytes(30)
    for n in range(common.QUANTIZED_TRIES + 2):  # one sample, more bands than it keeps
        raw = one[:-1] + bytes([n + 1])
        kept.keep(kept.key(plte, 10, raw, 0, 30), raw, b"", b"", 1)
    assert 0 < len(kept) <= 3  # the least recently used sample goes with all its bands
    bands = common._Quantized(100)
    for n in range(common.QUANTIZED_TRIES + 2):
        raw = one[:-1] + bytes([n + 1])
        bands.keep(bands.key(plte, 10, raw, 0, 30), raw, b"", b"", 1)
    assert len(bands) == common.QUANTIZED_TRIES


def test_the_top_rows_of_a_canvas_are_its_crop() -> None:
    rng = random.Random(8)
    for mode, size in (("RGB", (37, 50)), ("RGBA", (20, 9)), ("P", (64, 300)), ("P", (700, 400)), ("RGB", (300, 250))):
        img = Image.frombytes(mode, size, rng.randbytes(size[0] * size[1] * len(Image.new(mode, (1, 1)).getbands())))
        for height in (1, 7, size[1] // 2, size[1]):
            assert common.top_rows_bytes(img, height) == img.crop((0, 0, size[0], height)).tobytes(), (mode, height)
            for top in sorted({0, height // 2, height - 1}):
                rows = img.crop((0, top, size[0], height)).tobytes()
                assert common.top_rows_bytes(img, height, top=top) == rows, (mode, height, top)
    canvas = _board(3, height=9 * common.PNG_BAND)
    for height in (5 * common.PNG_BAND, 5 * common.PNG_BAND + 3):
        cut = canvas.crop((0, 0, canvas.width, height))
        assert common.kept_png(canvas, THEME, height=height) == common.paletted_png(cut, THEME)


def test_a_picture_whose_top_bands_are_known_is_encoded_as_if_they_were_read() -> None:
    """`given` bands (another picture's, with the same top rows) stand for those rows: they are not
    read (here: noise), and the bytes are the picture's own; `bands` gives every band."""
    band = common.PNG_BAND
    first = _board(4, height=10 * band + 3)
    for seed in (5, 6):
        second = _board(seed, height=12 * band)
        second.paste(first.crop((0, 0, first.width, 4 * band)), (0, 0))
        want = common.paletted_png(second.crop((0, 0, second.width, 11 * band - 2)), THEME)
        bands: list[common.Band] = []
        common.QUANTIZED.cache_clear()
        common.kept_png(first, THEME, bands=bands)
        assert len(bands) == 11
        noisy = second.copy()
        noise = random.Random(seed).randbytes(second.width * 12 * band)
        noisy.paste(Image.frombytes("RGB", (second.width, 4 * band), noise))
        for cold in (True, False):
            if cold:
                common.QUANTIZED.cache_clear()
            again: list[common.Band] = []
            assert common.kept_png(noisy, THEME, given=bands[:4], bands=again, height=11 * band - 2) == want
            assert again[:4] == bands[:4] and len(again) == 11
        top = second.crop((0, 0, second.width, 3 * band))  # as many known bands as the picture has
        assert common.kept_png(noisy, THEME, given=bands, height=3 * band) == common.paletted_png(top, THEME)
