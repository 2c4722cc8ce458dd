"""How big every board's words are on a phone, and whether each shows whole; prints one JSON
object keyed by picture.

    python bench/legibility.py [--game dads_army] [--lang en] [--seats 3] [--out DIR]

A phone shows a Discord image about 400 px wide until it is tapped, so what a player needs to
read must be at least `MIN_PX` (9) px high in the image scaled to 400 px wide, and whole: not
shortened with `…`, not running off the picture, not painted over. Per game, seat count (every
one the game allows) and language (every one of `gavel.tables.i18n.LANGUAGES`), a mid-game board
(seeded random legal play through the engine, `MID_GAME_STEPS` actions and on to a decision with
a choice: same position every run) is drawn the way the bot draws it (the prompt's targets
highlighted, the seats' names, the language's words), and so is each seat's private picture
(`render_hand`) when the game has one, as `"<game>.<n>p.<lang>.hand"` (over the seats that have
one):

    {"<game>.<n>p.<lang>": {"min_text_px_at_400": float, "width": int, "height": int,
                            "smallest": [[text, px], ...five smallest],
                            "cut": int, "clipped": int, "covered": int,
                            "flawed": [[text, "cut" | "clipped" | "covered by <drawing>"], ...]},
     "total": {"cut": int, "clipped": int, "covered": int, "min_text_px_at_400": float}}

How a text's size is measured (`measuring`): Pillow's `ImageDraw.text` (which draws every line
of a multi-line text too) is patched to record, for each line drawn, its *glyph height*: the
height of the ink of the line's letters and digits in that font (`font.getbbox`), the halo
(`stroke_width`) left out. That is what the eye reads: lower-case-only words count their
x-height, capitals and digits their cap height; not the font size, which is a third larger than
the capitals. Lines with no letter or digit (`·`, `—`, `/`) are not words and are not counted.
Each record lives on the canvas it was drawn on, with its box; `Image.new` canvases then carry
their records along every way a canvas reaches the final picture: `resize`/`reduce` scale the
heights and boxes (supersampled drawing shrinks its texts), `paste` and `alpha_composite` move
them onto the target (1:1), `crop` keeps those inside the box, `copy`/`convert`/`quantize` keep
them. The final picture is the one `save`d or given to `renderer.common.png_bytes`, `kept_png` or
`banded_png` (the PNG the renderer returns); its texts' heights are scaled by 400 / its width.

How a text is found not whole:

- *cut*: the renderer's shortening helpers (`renderer.common.ellipsize` and `wrap_text`, patched
  in `common` and wherever a renderer module imported them) remember each line they shortened
  with `…`; a line drawn that is one of them is cut.
- *clipped*: part of its box lies outside the canvas it is drawn on, or outside the part of it
  that reaches the final picture (`crop`, a box given to `resize`, the rows encoded).
- *covered*: a drawing made after it on the same canvas (`ImageDraw` text and shapes, `paste`,
  `alpha_composite`) whose box meets the text's box changed at least `COVER_SHARE` of the text's
  box by more than `COVER_DIFF` in some band: opaque paint over it, where a translucent highlight
  is not. The same words drawn again over themselves (a halo, a shadow) do not cover.

Every renderer cache (`functools.cache` / `lru_cache` of the `renderer` modules) is emptied
before a measurement, so that cached sprites and backgrounds are drawn again under the patch;
every image made while measuring is kept alive until it ends, so no id is reused."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer import common  # the tree above, on the path now

PHONE_WIDTH = 400
"""How wide a phone shows an image until it is tapped (px)."""
MIN_PX = 9.0
"""The least height (px, at `PHONE_WIDTH`) of a text a player needs to read."""
MID_GAME_STEPS = {"dads_army": 40, "judge_dredd": 600, "judgement": 120, "judtho": 40}
"""Random legal actions played to reach the measured position (default 40)."""
MORE_STEPS = 60
"""At most this many more actions to reach a decision with a choice (`mid_game`)."""
NAMES = ("Mainwaring", "Alexandra", "陳大文", "Pike", "Walker", "Godfrey", "Jones", "Frazer", "Hodges")
"""The seats' player names: Latin of several lengths and one in Chinese, as Discord has them."""

Box = tuple[float, float, float, float]
EDGE_SLACK = 0.1
"""How far a text's ink may reach past its canvas's edge before it counts as clipped, as a share
of its glyph height (at least 1 px): a side bearing, a descender's tip on a badge's rim."""
COVER_DIFF = 96
"""How much (0-255, any band) a pixel must change for a later drawing to count as painting over it:
a translucent highlight changes a text's pixels less, an opaque shape or sprite more."""
COVER_SHARE = 0.04
"""The share of a text's box that a later drawing must change (`COVER_DIFF`) to cover the text."""


@dataclass
class Drawn:
    """One line of text on one canvas: its words, its glyph height and its box there (px); and
    what became of it: `cut` (shortened with `…` to fit), `clipped` (part of its box outside the
    canvas it was drawn on or shown in), `covered` (what drawing after it painted over it)."""

    text: str
    px: float
    box: Box
    cut: bool = False
    clipped: bool = False
    covered: str = ""

    def moved(self, dx: float, dy: float) -> Drawn:
        x0, y0, x1, y1 = self.box
        return replace(self, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy))

    def scaled(self, sx: float, sy: float, ox: float = 0.0, oy: float = 0.0) -> Drawn:
        """Scaled by (sx, sy) after moving the origin to (ox, oy)."""
        x0, y0, x1, y1 = self.box
        return replace(self, px=self.px * sy, box=((x0 - ox) * sx, (y0 - oy) * sy, (x1 - ox) * sx, (y1 - oy) * sy))

    def inside(self, box: Box) -> bool:
        """Whether any of it lies within `box`."""
        x0, y0, x1, y1 = self.box
        return x1 > box[0] and x0 < box[2] and y1 > box[1] and y0 < box[3]

    def within(self, box: Box) -> Drawn:
        """Itself, `clipped` when part of it lies outside `box` (beyond `EDGE_SLACK` of its
        glyph height)."""
        x0, y0, x1, y1 = self.box
        e = max(1.0, EDGE_SLACK * self.px)
        if x0 < box[0] - e or y0 < box[1] - e or x1 > box[2] + e or y1 > box[3] + e:
            return replace(self, clipped=True)
        return self

    @property
    def whole(self) -> bool:
        """Neither cut, clipped nor covered."""
        return not (self.cut or self.clipped or self.covered)


@dataclass
class Measure:
    """What a measurement saw: the texts of each canvas (by id, canvases kept alive), the
    pictures saved, in order, and the texts the renderer's shortening helpers cut."""

    texts: dict[int, list[Drawn]] = field(default_factory=dict)
    alive: list[Image.Image] = field(default_factory=list)
    saved: list[Image.Image] = field(default_factory=list)
    cuts: set[str] = field(default_factory=set)

    def of(self, img: Image.Image) -> list[Drawn]:
        return self.texts.get(id(img), [])

    def put(self, img: Image.Image, drawn: list[Drawn]) -> None:
        self.alive.append(img)
        self.texts[id(img)] = drawn

    def add(self, img: Image.Image, drawn: list[Drawn]) -> None:
        if drawn:
            self.put(img, [*self.of(img), *drawn])

    def final(self, img: Image.Image) -> list[Drawn]:
        """The texts that show on `img` (a picture saved), `clipped` where its edge cuts them."""
        whole = (0.0, 0.0, float(img.width), float(img.height))
        return [d.within(whole) for d in self.of(img) if d.inside(whole)]


def glyph_height(text: str, font: Any) -> float:
    """The ink height of the letters and digits of one line in `font` (0: none)."""
    words = "".join(ch for ch in text if ch.isalnum())
    if not words:
        return 0.0
    if isinstance(font, ImageFont.FreeTypeFont | ImageFont.TransposedFont | ImageFont.ImageFont):
        _, top, _, bottom = font.getbbox(words)
        return float(bottom - top)
    return 0.0


SHAPES = ("rectangle", "rounded_rectangle", "ellipse", "polygon", "line", "pieslice", "chord", "arc")
"""The `ImageDraw` drawings watched for painting over a text drawn before them."""


def _renderer_modules() -> list[Any]:
    return [m for name, m in list(sys.modules.items())
            if m is not None and (name == "renderer" or name.startswith("renderer."))]


def _clear_renderer_caches() -> None:
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "renderer" or name.startswith("renderer.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def _numbers(xy: Any) -> list[float]:
    """The coordinates in a drawing call's `xy` (a box, points, or pairs), flattened."""
    if isinstance(xy, int | float):
        return [float(xy)]
    out: list[float] = []
    with contextlib.suppress(TypeError):
        for item in xy:
            out.extend(_numbers(item))
    return out


def _shape_box(xy: Any, width: Any = 0) -> Box | None:
    """The box a shape drawn at `xy` with an outline `width` may paint."""
    nums = _numbers(xy)
    if len(nums) < 2:
        return None
    xs, ys = nums[0::2], nums[1::2]
    w = float(width or 0) + 1
    return (min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w)


def _changed_share(before: Image.Image, after: Image.Image) -> float:
    """The share of pixels that changed by more than `COVER_DIFF` in any band."""
    if before.mode not in ("RGB", "RGBA", "L", "LA"):
        before, after = before.convert("RGBA"), after.convert("RGBA")
    diff = ImageChops.difference(before, after)
    bands = diff.split()
    most = bands[0]
    for band in bands[1:]:
        most = ImageChops.lighter(most, band)
    changed = most.point(lambda v: 255 if v > COVER_DIFF else 0).histogram()[255]
    return changed / max(1, before.width * before.height)


@contextlib.contextmanager
def measuring() -> Iterator[Measure]:
    """Patch Pillow so that every text drawn is recorded and followed to the pictures saved."""
    seen = Measure()
    local = threading.local()
    Img = Image.Image
    original: dict[str, Any] = {
        "text": ImageDraw.ImageDraw.text,
        **{name: getattr(ImageDraw.ImageDraw, name) for name in SHAPES},
        "ellipsize": common.ellipsize,
        "wrap_text": common.wrap_text,
        "new": Image.new,
        "copy": Img.copy,
        "convert": Img.convert,
        "quantize": Img.quantize,
        "resize": Img.resize,
        "reduce": Img.reduce,
        "crop": Img.crop,
        "paste": Img.paste,
        "alpha_composite": Img.alpha_composite,
        "composite_fn": Image.alpha_composite,
        "save": Img.save,
        "png_bytes": common.png_bytes,
        "kept_png": common.kept_png,
        "banded_png": common.banded_png,
    }

    @contextlib.contextmanager
    def outer() -> Iterator[bool]:
        """True for the outermost patched call (Pillow's methods call each other: only the one
        the renderer made moves texts)."""
        depth: int = local.__dict__.get("depth", 0)
        local.depth = depth + 1
        try:
            yield depth == 0
        finally:
            local.depth = depth

    def watch(img: Image.Image, box: Box | None, drawing: str = "") -> list[tuple[int, Image.Image]]:
        """Before a drawing on `img` over `box`: the texts there not yet covered (their index on
        `img`) and their pixels (a text drawn again over itself, its halo, is not watched)."""
        if box is None or local.__dict__.get("depth", 0):
            return []
        out = []
        for i, d in enumerate(seen.of(img)):
            if d.covered or not d.inside(box) or (drawing and d.text in drawing.split("\n")):
                continue
            x0, y0 = max(0, int(d.box[0])), max(0, int(d.box[1]))
            x1, y1 = min(img.width, int(d.box[2] + 0.999)), min(img.height, int(d.box[3] + 0.999))
            if x1 > x0 and y1 > y0:
                with outer():
                    out.append((i, original["crop"](img, (x0, y0, x1, y1))))
        return out

    def judge(img: Image.Image, watched: list[tuple[int, Image.Image]], what: str) -> None:
        """After the drawing: each watched text whose pixels it changed enough is `covered`."""
        texts = seen.of(img)
        for i, before in watched:
            d = texts[i]
            x0, y0 = max(0, int(d.box[0])), max(0, int(d.box[1]))
            with outer():
                after = original["crop"](img, (x0, y0, x0 + before.width, y0 + before.height))
            if _changed_share(before, after) >= COVER_SHARE:
                texts[i] = replace(d, covered=what)

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
             anchor: str | None = None, spacing: float = 4, align: str = "left", *args: Any, **kwargs: Any) -> None:
        img = self._image
        words = isinstance(text, str) and not local.__dict__.get("depth", 0)
        f = font if font is not None else self.getfont()
        box: Box | None = None
        if words:
            options = {k: kwargs[k] for k in ("direction", "features", "language", "stroke_width") if k in kwargs}
            x0, y0, x1, y1 = self.textbbox(xy, text, font=f, anchor=anchor, spacing=spacing, align=align, **options)
            box = (float(x0), float(y0), float(x1), float(y1))
        watched = watch(img, box, text if isinstance(text, str) else "")
        with outer():
            original["text"](self, xy, text, fill, font, anchor, spacing, align, *args, **kwargs)
        if not words or box is None:
            return
        judge(img, watched, f"text {text!r}")
        whole = (0.0, 0.0, float(img.width), float(img.height))
        drawn = [Drawn(line, px, box, cut=line in seen.cuts).within(whole)
                 for line in text.split("\n") if (px := glyph_height(line, f)) > 0]
        seen.add(img, drawn)

    def shape(name: str) -> Callable[..., Any]:
        """An `ImageDraw` shape (`rectangle`, `ellipse`, ...): drawn, then judged for covering."""
        def method(self: ImageDraw.ImageDraw, xy: Any, *args: Any, **kwargs: Any) -> Any:
            box = _shape_box(xy, kwargs.get("width", 1))
            watched = watch(self._image, box)
            with outer():
                out = original[name](self, xy, *args, **kwargs)
            judge(self._image, watched, name)
            return out
        return method

    def shortening(name: str) -> Callable[..., Any]:
        """`renderer.common.ellipsize` / `wrap_text`: what they cut with `…` is remembered."""
        def helper(text: str, *args: Any, **kwargs: Any) -> Any:
            out = original[name](text, *args, **kwargs)
            lines = [out] if isinstance(out, str) else list(out[1])
            for line in lines:
                if line.endswith("…") and line not in text:
                    seen.cuts.add(line)
            return out
        return helper

    def same(name: str) -> Callable[..., Any]:
        def method(self: Image.Image, *args: Any, **kwargs: Any) -> Any:
            with outer() as top:
                out = original[name](self, *args, **kwargs)
            if top and isinstance(out, Image.Image) and out is not self:
                seen.put(out, list(seen.of(self)))
            return out
        return method

    def new(*args: Any, **kwargs: Any) -> Image.Image:
        out = original["new"](*args, **kwargs)
        seen.alive.append(out)
        return out

    def resize(self: Image.Image, size: Any, *args: Any, **kwargs: Any) -> Image.Image:
        with outer() as top:
            out = original["resize"](self, size, *args, **kwargs)
        if top:
            box = kwargs.get("box", args[1] if len(args) > 1 else None) or (0, 0, self.width, self.height)
            sx, sy = out.width / (box[2] - box[0]), out.height / (box[3] - box[1])
            seen.put(out, [d.within(box).scaled(sx, sy, box[0], box[1]) for d in seen.of(self) if d.inside(box)])
        return out

    def reduce(self: Image.Image, factor: Any, box: Any = None) -> Image.Image:
        with outer() as top:
            out = original["reduce"](self, factor, box)
        if top:
            box = box or (0, 0, self.width, self.height)
            sx, sy = out.width / (box[2] - box[0]), out.height / (box[3] - box[1])
            seen.put(out, [d.within(box).scaled(sx, sy, box[0], box[1]) for d in seen.of(self) if d.inside(box)])
        return out

    def crop(self: Image.Image, box: Any = None) -> Image.Image:
        with outer() as top:
            out = original["crop"](self, box)
        if top:
            b = box or (0, 0, self.width, self.height)
            seen.put(out, [d.within(b).moved(-b[0], -b[1]) for d in seen.of(self) if d.inside(b)])
        return out

    def paste(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
        source = im if isinstance(im, Image.Image) else mask if isinstance(mask, Image.Image) else None
        x, y = (box[0], box[1]) if box is not None and len(box) >= 2 else (0, 0)
        if source is not None:
            area: Box | None = (x, y, x + source.width, y + source.height)
        else:
            area = tuple(box) if box is not None and len(box) == 4 else (0, 0, self.width, self.height)
        watched = watch(self, area)
        with outer() as top:
            original["paste"](self, im, box, mask)
        if not top:
            return
        judge(self, watched, "paste")
        if source is None:
            return
        whole = (0.0, 0.0, float(self.width), float(self.height))
        seen.add(self, [d.moved(x, y).within(whole) for d in seen.of(source)])

    def alpha_composite(self: Image.Image, im: Image.Image, dest: Any = (0, 0), source: Any = (0, 0)) -> None:
        sx, sy = source[0], source[1]
        part = (sx, sy, *(source[2:] if len(source) == 4 else (im.width, im.height)))
        area = (dest[0], dest[1], dest[0] + part[2] - sx, dest[1] + part[3] - sy)
        watched = watch(self, area)
        with outer() as top:
            original["alpha_composite"](self, im, dest, source)
        if top:
            judge(self, watched, "alpha_composite")
            whole = (0.0, 0.0, float(self.width), float(self.height))
            seen.add(self, [d.within(part).moved(dest[0] - sx, dest[1] - sy).within(whole)
                            for d in seen.of(im) if d.inside(part)])

    def composite_fn(im1: Image.Image, im2: Image.Image) -> Image.Image:
        with outer() as top:
            out = original["composite_fn"](im1, im2)
        if top:
            seen.put(out, [*seen.of(im1), *seen.of(im2)])
        return out

    def save(self: Image.Image, fp: Any, *args: Any, **kwargs: Any) -> None:
        with outer():
            original["save"](self, fp, *args, **kwargs)
        seen.saved.append(self)
        seen.alive.append(self)

    def png_bytes(p: Image.Image, *args: Any, **kwargs: Any) -> bytes:
        """The renderers' own PNG encoding (`renderer.common.png_bytes`): a save too."""
        out: bytes = original["png_bytes"](p, *args, **kwargs)
        seen.saved.append(p)
        seen.alive.append(p)
        return out

    def saves_rows(name: str) -> Callable[..., bytes]:
        """`renderer.common.<name>` (`kept_png`: an RGB picture encoded in kept bands;
        `banded_png`: a paletted one from its bands), which encodes a picture or its top `height`
        rows: a save too (of those rows)."""

        def encode(img: Image.Image, *args: Any, **kwargs: Any) -> bytes:
            out: bytes = original[name](img, *args, **kwargs)
            height = kwargs.get("height")
            shown = img if height is None or height >= img.height else img.crop((0, 0, img.width, height))
            seen.saved.append(shown)
            seen.alive.append(shown)
            return out

        return encode

    patches: dict[tuple[Any, str], Any] = {
        (ImageDraw.ImageDraw, "text"): text,
        **{(ImageDraw.ImageDraw, name): shape(name) for name in SHAPES},
        **{(module, name): shortening(name) for module in _renderer_modules() for name in ("ellipsize", "wrap_text")
           if getattr(module, name, None) is original[name]},
        (Image, "new"): new,
        (Img, "copy"): same("copy"),
        (Img, "convert"): same("convert"),
        (Img, "quantize"): same("quantize"),
        (Img, "resize"): resize,
        (Img, "reduce"): reduce,
        (Img, "crop"): crop,
        (Img, "paste"): paste,
        (Img, "alpha_composite"): alpha_composite,
        (Image, "alpha_composite"): composite_fn,
        (Img, "save"): save,
        (common, "png_bytes"): png_bytes,
        (common, "kept_png"): saves_rows("kept_png"),
        (common, "banded_png"): saves_rows("banded_png"),
    }
    kept = {where: getattr(where[0], where[1]) for where in patches}
    _clear_renderer_caches()
    for (owner, name), patched in patches.items():
        setattr(owner, name, patched)
    try:
        yield seen
    finally:
        for (owner, name), value in kept.items():
            setattr(owner, name, value)
        _clear_renderer_caches()  # nothing drawn under the patch outlives it


@dataclass
class Picture:
    """One measured picture: its texts at `PHONE_WIDTH`, those not whole (text, what befell it:
    `cut`, `clipped`, or `covered by <drawing>`) and the picture itself."""

    image: Image.Image
    texts: list[tuple[str, float]]
    flaws: list[tuple[str, str]] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(1 for _, why in self.flaws if why.startswith(kind))

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.texts, key=lambda t: (t[1], t[0]))
        return {
            "min_text_px_at_400": round(ordered[0][1], 2) if ordered else None,
            "width": self.image.width,
            "height": self.image.height,
            "smallest": [[text, round(px, 2)] for text, px in ordered[:5]],
            "cut": self.count("cut"),
            "clipped": self.count("clipped"),
            "covered": self.count("covered"),
            "flawed": [list(f) for f in self.flaws[:FLAWS_LISTED]],
        }


FLAWS_LISTED = 6
"""How many texts not whole a picture's figures list."""


def _flaw(d: Drawn) -> str:
    return "cut" if d.cut else "clipped" if d.clipped else f"covered by {d.covered}"


def measure(draw: Callable[[], bytes | None]) -> Picture | None:
    """Run `draw` (a renderer call returning PNG bytes, or None) under `measuring` and read the
    texts of the picture it saved, scaled to `PHONE_WIDTH` wide, and those not whole."""
    with measuring() as seen:
        png = draw()
        if png is None or not seen.saved:
            return None
        final = seen.saved[-1]
        factor = PHONE_WIDTH / final.width
        shown = seen.final(final)
        texts = [(d.text, d.px * factor) for d in shown]
        flaws = [(d.text, _flaw(d)) for d in shown if not d.whole]
    return Picture(Image.open(io.BytesIO(png)), texts, flaws)


def mid_game(key: str, seed: int = 11, seats: int | None = None) -> Any:
    """The measured position of a game: seeded random legal play (every seat the game allows),
    `MID_GAME_STEPS` actions, then on to the first decision with a choice (up to `MORE_STEPS`
    more): the board then shows the prompt's targets, as the bot draws it."""
    from rules import registry
    from rules.core import SeededChance

    game = registry.plugin(key).game
    rng = random.Random(seed)
    state = game.new_game({}, seats or game.info.max_seats, SeededChance(seed))
    steps = MID_GAME_STEPS.get(key, 40)
    for step in range(steps + MORE_STEPS):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if step >= steps and len(legal) > 1:
            break
        game.apply(state, seat, rng.choice(legal), SeededChance(f"{seed}:{step}"))
    return state


def pictures(key: str, seed: int = 11, *, hands: bool = True, lang: str = "en",
             seats: int | None = None) -> dict[str, Picture]:
    """The measured pictures of one game at `mid_game(key, seed, seats)` (seats: the most the
    game allows unless given), in `lang`: `key` (the public board) and, with `hands`, `key.hand`
    (its seats' private pictures, the texts and flaws over all seats; the first seat's image)."""
    from gavel.tables import i18n
    from renderer import for_game
    from rules import registry

    game = registry.plugin(key).game
    renderer = for_game(key)
    state = mid_game(key, seed, seats)
    count = seats or game.info.max_seats
    names: Mapping[int, str] = dict(enumerate(NAMES[:count]))
    def words(lang: str) -> Callable[[str], str]:
        return lambda k: i18n.gettext(k, lang)

    text = words(lang)
    texts = {lang: words(lang) for lang in i18n.LANGUAGES}
    view = game.view(state, None)
    actions = [str(a) for s in sorted(game.to_act(state)) for a in game.legal_actions(state, s)]
    highlight = renderer.highlights(view, actions)
    out: dict[str, Picture] = {}
    board = measure(lambda: renderer.render(view, highlight=highlight, names=names, text=text, texts=texts))
    if board is not None:
        out[key] = board
    hand = renderer.render_hand
    if hand is not None and hands:
        def private(seat: int) -> Callable[[], bytes | None]:
            return lambda: hand(game.view(state, seat), names=names, text=text, texts=texts)

        each = [measure(private(s)) for s in range(count)]
        found = [p for p in each if p is not None]
        if found:
            out[f"{key}.hand"] = Picture(found[0].image, [t for p in found for t in p.texts],
                                         [f for p in found for f in p.flaws])
    return out


def seat_counts(key: str) -> list[int]:
    """Every seat count a game is played with."""
    from rules import registry

    info = registry.plugin(key).game.info
    return list(range(info.min_seats, info.max_seats + 1))


def survey(keys: list[str], langs: list[str], seats: int | None = None) -> dict[str, Picture]:
    """Every measured picture of `keys`, in each of `langs`, at every seat count (or `seats`), named
    `<game>.<seats>p.<lang>` (and `.hand`)."""
    out: dict[str, Picture] = {}
    for key in keys:
        for n in [seats] if seats else seat_counts(key):
            for lang in langs:
                for name, picture in pictures(key, seats=n, lang=lang).items():
                    out[f"{key}.{n}p.{lang}{name[len(key):]}"] = picture
    return out


def main(argv: list[str] | None = None) -> int:
    from gavel.tables import i18n
    from renderer import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game's key (default: every game with a renderer)")
    parser.add_argument("--lang", help="one language (default: every one)")
    parser.add_argument("--seats", type=int, help="one seat count (default: every one the game allows)")
    parser.add_argument("--out", help="a folder to save each measured picture in, scaled to 400 px wide")
    args = parser.parse_args(argv)
    keys = [args.game] if args.game else games()
    langs = [args.lang] if args.lang else list(i18n.LANGUAGES)
    result: dict[str, Any] = {}
    totals = {"cut": 0, "clipped": 0, "covered": 0, "min_text_px_at_400": None}
    for name, picture in survey(keys, langs, args.seats).items():
        result[name] = figures = picture.figures()
        for kind in ("cut", "clipped", "covered"):
            totals[kind] += figures[kind]
        least = figures["min_text_px_at_400"]
        if least is not None and (totals["min_text_px_at_400"] is None or least < totals["min_text_px_at_400"]):
            totals["min_text_px_at_400"] = least
        if args.out:
            folder = Path(args.out)
            folder.mkdir(parents=True, exist_ok=True)
            img = picture.image.convert("RGB")
            img.resize((PHONE_WIDTH, round(img.height * PHONE_WIDTH / img.width)), Image.Resampling.LANCZOS
                       ).save(folder / f"{name}.png")
    result["total"] = totals
    print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
