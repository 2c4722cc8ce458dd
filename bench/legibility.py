"""How big every board's words are on a phone; prints one JSON object keyed by picture.

    python bench/legibility.py [--game dads_army] [--out DIR]

A phone shows a Discord image about 400 px wide until it is tapped, so what a player needs to
read must be at least `MIN_PX` (9) px high in the image scaled to 400 px wide. Per game, a
mid-game board (seeded random legal play through the engine, `MID_GAME_STEPS` actions and on
to a decision with a choice: same position every run) is drawn the way the bot draws it (the
prompt's targets highlighted, the seats' names, English words), and so is each seat's private
picture (`render_hand`) when the game has one, as `"<game>.hand"` (the smallest over the seats
that have one):

    {"<game>": {"min_text_px_at_400": float, "width": int, "height": int,
                "smallest": [[text, px], ...five smallest]}}

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
`banded_png` (the PNG the renderer returns); its texts' heights are
scaled by 400 / its width. Text later covered by other drawing still counts (the measure does not
see occlusion), so a text drawn and then painted over shows up as small: draw less instead.

Every renderer cache (`functools.cache` / `lru_cache` of the `renderer` modules) is emptied
before a measurement, so that cached sprites and backgrounds are drawn again under the patch;
every image made while measuring is kept alive until it ends, so no id is reused.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

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


@dataclass
class Drawn:
    """One line of text on one canvas: its words, its glyph height and its box there (px)."""

    text: str
    px: float
    box: Box

    def moved(self, dx: float, dy: float) -> Drawn:
        x0, y0, x1, y1 = self.box
        return Drawn(self.text, self.px, (x0 + dx, y0 + dy, x1 + dx, y1 + dy))

    def scaled(self, sx: float, sy: float, ox: float = 0.0, oy: float = 0.0) -> Drawn:
        """Scaled by (sx, sy) after moving the origin to (ox, oy)."""
        x0, y0, x1, y1 = self.box
        return Drawn(self.text, self.px * sy, ((x0 - ox) * sx, (y0 - oy) * sy, (x1 - ox) * sx, (y1 - oy) * sy))

    def inside(self, box: Box) -> bool:
        """Whether any of it lies within `box`."""
        x0, y0, x1, y1 = self.box
        return x1 > box[0] and x0 < box[2] and y1 > box[1] and y0 < box[3]


@dataclass
class Measure:
    """What a measurement saw: the texts of each canvas (by id, canvases kept alive) and the
    pictures saved, in order."""

    texts: dict[int, list[Drawn]] = field(default_factory=dict)
    alive: list[Image.Image] = field(default_factory=list)
    saved: list[Image.Image] = field(default_factory=list)

    def of(self, img: Image.Image) -> list[Drawn]:
        return self.texts.get(id(img), [])

    def put(self, img: Image.Image, drawn: list[Drawn]) -> None:
        self.alive.append(img)
        self.texts[id(img)] = drawn

    def add(self, img: Image.Image, drawn: list[Drawn]) -> None:
        if drawn:
            self.put(img, [*self.of(img), *drawn])

    def final(self, img: Image.Image) -> list[Drawn]:
        """The texts that show on `img` (a picture saved)."""
        return [d for d in self.of(img) if d.inside((0, 0, img.width, img.height))]


def glyph_height(text: str, font: Any) -> float:
    """The ink height of the letters and digits of one line in `font` (0: none)."""
    words = "".join(ch for ch in text if ch.isalnum())
    if not words:
        return 0.0
    if isinstance(font, ImageFont.FreeTypeFont | ImageFont.TransposedFont | ImageFont.ImageFont):
        _, top, _, bottom = font.getbbox(words)
        return float(bottom - top)
    return 0.0


def _clear_renderer_caches() -> None:
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "renderer" or name.startswith("renderer.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


@contextlib.contextmanager
def measuring() -> Iterator[Measure]:
    """Patch Pillow so that every text drawn is recorded and followed to the pictures saved."""
    seen = Measure()
    local = threading.local()
    Img = Image.Image
    original: dict[str, Any] = {
        "text": ImageDraw.ImageDraw.text,
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

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None,
             anchor: str | None = None, spacing: float = 4, align: str = "left", *args: Any, **kwargs: Any) -> None:
        original["text"](self, xy, text, fill, font, anchor, spacing, align, *args, **kwargs)
        if not isinstance(text, str) or local.__dict__.get("depth", 0):
            return
        f = font if font is not None else self.getfont()
        options = {k: kwargs[k] for k in ("direction", "features", "language") if k in kwargs}
        x0, y0, x1, y1 = self.textbbox(xy, text, font=f, anchor=anchor, spacing=spacing, align=align, **options)
        box = (float(x0), float(y0), float(x1), float(y1))
        drawn = [Drawn(line, px, box) for line in text.split("\n") if (px := glyph_height(line, f)) > 0]
        seen.add(self._image, drawn)

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
            seen.put(out, [d.scaled(sx, sy, box[0], box[1]) for d in seen.of(self) if d.inside(box)])
        return out

    def reduce(self: Image.Image, factor: Any, box: Any = None) -> Image.Image:
        with outer() as top:
            out = original["reduce"](self, factor, box)
        if top:
            box = box or (0, 0, self.width, self.height)
            sx, sy = out.width / (box[2] - box[0]), out.height / (box[3] - box[1])
            seen.put(out, [d.scaled(sx, sy, box[0], box[1]) for d in seen.of(self) if d.inside(box)])
        return out

    def crop(self: Image.Image, box: Any = None) -> Image.Image:
        with outer() as top:
            out = original["crop"](self, box)
        if top:
            b = box or (0, 0, self.width, self.height)
            seen.put(out, [d.moved(-b[0], -b[1]) for d in seen.of(self) if d.inside(b)])
        return out

    def paste(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
        with outer() as top:
            original["paste"](self, im, box, mask)
        if not top:
            return
        source = im if isinstance(im, Image.Image) else mask if isinstance(mask, Image.Image) else None
        if source is None:
            return
        x, y = (box[0], box[1]) if box is not None and len(box) >= 2 else (0, 0)
        seen.add(self, [d.moved(x, y) for d in seen.of(source)])

    def alpha_composite(self: Image.Image, im: Image.Image, dest: Any = (0, 0), source: Any = (0, 0)) -> None:
        with outer() as top:
            original["alpha_composite"](self, im, dest, source)
        if top:
            sx, sy = source[0], source[1]
            part = (sx, sy, *(source[2:] if len(source) == 4 else (im.width, im.height)))
            seen.add(self, [d.moved(dest[0] - sx, dest[1] - sy) for d in seen.of(im) if d.inside(part)])

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
    """One measured picture: its texts at `PHONE_WIDTH` and the picture itself."""

    image: Image.Image
    texts: list[tuple[str, float]]

    def figures(self) -> dict[str, Any]:
        ordered = sorted(self.texts, key=lambda t: (t[1], t[0]))
        return {
            "min_text_px_at_400": round(ordered[0][1], 2) if ordered else None,
            "width": self.image.width,
            "height": self.image.height,
            "smallest": [[text, round(px, 2)] for text, px in ordered[:5]],
        }


def measure(draw: Callable[[], bytes | None]) -> Picture | None:
    """Run `draw` (a renderer call returning PNG bytes, or None) under `measuring` and read the
    texts of the picture it saved, scaled to `PHONE_WIDTH` wide."""
    with measuring() as seen:
        png = draw()
        if png is None or not seen.saved:
            return None
        final = seen.saved[-1]
        factor = PHONE_WIDTH / final.width
        texts = [(d.text, d.px * factor) for d in seen.final(final)]
    return Picture(Image.open(io.BytesIO(png)), texts)


def mid_game(key: str, seed: int = 11) -> Any:
    """The measured position of a game: seeded random legal play (every seat the game allows),
    `MID_GAME_STEPS` actions, then on to the first decision with a choice (up to `MORE_STEPS`
    more): the board then shows the prompt's targets, as the bot draws it."""
    from rules import registry
    from rules.core import SeededChance

    game = registry.plugin(key).game
    rng = random.Random(seed)
    state = game.new_game({}, game.info.max_seats, SeededChance(seed))
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


def pictures(key: str, seed: int = 11, *, hands: bool = True) -> dict[str, Picture]:
    """The measured pictures of one game at `mid_game(key, seed)`: `key` (the public board) and,
    with `hands`, `key.hand` (its seats' private pictures, the smallest texts over all seats; the
    first seat's image)."""
    from gavel.tables import i18n
    from renderer import for_game
    from rules import registry

    game = registry.plugin(key).game
    renderer = for_game(key)
    state = mid_game(key, seed)
    names: Mapping[int, str] = dict(enumerate(NAMES[: game.info.max_seats]))
    def words(lang: str) -> Callable[[str], str]:
        return lambda k: i18n.gettext(k, lang)

    text = words("en")
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

        seats = [measure(private(s)) for s in range(game.info.max_seats)]
        found = [p for p in seats if p is not None]
        if found:
            out[f"{key}.hand"] = Picture(found[0].image, [t for p in found for t in p.texts])
    return out


def main(argv: list[str] | None = None) -> int:
    from renderer import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game's key (default: every game with a renderer)")
    parser.add_argument("--out", help="a folder to save each measured picture in, scaled to 400 px wide")
    args = parser.parse_args(argv)
    keys = [args.game] if args.game else games()
    result: dict[str, Any] = {}
    for key in keys:
        for name, picture in pictures(key).items():
            result[name] = picture.figures()
            if args.out:
                folder = Path(args.out)
                folder.mkdir(parents=True, exist_ok=True)
                img = picture.image.convert("RGB")
                img.resize((PHONE_WIDTH, round(img.height * PHONE_WIDTH / img.width)), Image.Resampling.LANCZOS
                           ).save(folder / f"{name}.png")
    print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
