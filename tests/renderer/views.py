"""Views built by hand, so renderer tests need no engine: the renderer reads views only."""

from __future__ import annotations

import copy
import io
from typing import Any

from PIL import Image, ImageChops, ImageDraw

MEN = {
    "mainwaring": ("red", [11, 2]),
    "wilson": ("red", [11, 2]),
    "vicar": ("blue", [2, 2]),
    "verger": ("blue", [2, 2]),
    "jones": ("green", [4, 6]),
    "pike": ("green", [2, 9]),
    "fraser": ("yellow", [9, 6]),
    "godfrey": ("yellow", [11, 9]),
}
TEAM_MEN = {
    "red": ["mainwaring", "wilson"],
    "blue": ["vicar", "verger"],
    "green": ["jones", "pike"],
    "yellow": ["fraser", "godfrey"],
}
REFERENCES = {"red": [9, 9], "blue": [3, 12], "green": [1, 5], "yellow": [6, 3]}


def make_view(players: int = 4, **changes: Any) -> dict[str, Any]:
    """A start-of-game view for `players` seats, with any top-level keys replaced."""
    teams = ["red", "blue", "green", "yellow"][:players]
    view: dict[str, Any] = {
        "game": "dads_army",
        "version": 0,
        "seat": None,
        "turn": 0,
        "phase": "roll",
        "roll": None,
        "players": [
            {"seat": i, "team": t, "men": TEAM_MEN[t], "reference": REFERENCES[t], "kept_jack": False, "arrived": 0}
            for i, t in enumerate(teams)
        ],
        "men": {
            m: {"square": sq, "team": t, "called_in": False, "arrived": False}
            for m, (t, sq) in MEN.items()
            if t in teams
        },
        "hodges": [6, 11],
        "bombs": [],
        "jacks": [],
        "bombs_left": 24,
        "jacks_left": 24,
        "deck": 48,
        "discards": 0,
        "card": None,
        "pending": None,
        "last_move": None,
        "winner": None,
    }
    view.update(copy.deepcopy(changes))
    return view


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def missing_glyphs(text: str, f) -> list[str]:
    """The characters of `text` that font `f` draws as its empty "notdef" box (the box a
    private-use code point gets), spaces aside."""

    def ink(ch: str) -> bytes:
        img = Image.new("L", (60, 40), 0)
        ImageDraw.Draw(img).text((4, 4), ch, font=f, fill=255)
        return img.tobytes()

    notdef = ink("\U000f0000")
    return [ch for ch in text if ch.strip() and ink(ch) == notdef]


def colour_count(img: Image.Image, box: Any, rgb: Any, tol: int = 0) -> int:
    """The pixels in `box` whose every channel is within `tol` of `rgb`'s, counted by Pillow (a
    mask per channel, multiplied, is 255 exactly where all three are within), not pixel by pixel."""
    bands = img.crop(tuple(round(v) for v in box)).convert("RGB").split()
    masks = [band.point([255 if abs(v - want) <= tol else 0 for v in range(256)])
             for band, want in zip(bands, rgb, strict=True)]
    return ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2]).histogram()[255]
