"""A player's hand of Action Cards as a PNG, for their private message.

One card per card held, two a row (about 400 px wide, what a phone shows): its name, a JUDGE
badge if it shows a Judge (it can answer a Barney, R10), then each option with its window
(Movement, Arrest, Any time, Reaction) and what it does, in full (a card is as tall as its words).
Only the viewing seat's own view has a hand (`view["hand"]`), so a spectator or an empty hand
gives no image.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from renderer.caches import KB, MB, cached
from renderer.common import (
    DRAWING,
    SS,
    Ask,
    Text,
    Theme,
    blend,
    downscale,
    entry,
    font_for,
    indexed_png,
    paletted,
    pill,
    printable,
    wrap_text,
)
from renderer.judge_dredd_look import (
    CARD_WINDOWS,
    K,
    colour_of,
    fitted,
    judge_disc,
    optional_words,
    seat_of,
    theme_named,
    words,
)
from rules.judge_dredd.content import CardKind, load_cards

CARD_W = 190
GAP = 8
PER_ROW = 2
"""Two cards a row: the picture is about 400 px wide, the width a phone shows, so its words
stay their own size."""
HEADER = 40
NAME_SIZE, BODY_SIZE, TAG_H = 19, 17, 26
"""The card's name, its texts and its window tags: the texts' small letters are 9 px high."""
BAND_H = 52
OPTION_GAP = 18
WINDOW_KEYS = {"movement": "win_move", "arrest": "win_arrest", "any": "win_any", "reaction": "win_reaction"}


@entry
def render_hand(ask: Ask) -> bytes | None:
    """The viewing seat's hand as PNG bytes, or None (a spectator's view, or no cards)."""
    view, text, names = ask.view, ask.text, ask.names
    hand = view.get("hand")
    seat = seat_of(view.get("seat"))
    if seat is None or not hand:
        return None
    th = theme_named(ask.theme)
    say, maybe = words(text), optional_words(text)
    cards = load_cards()
    laid = tuple(_layout(say, maybe, card_id, cards.get(card_id)) for card_id in list(hand))
    colour = colour_of(view, seat)
    title = say(K + "your_hand")
    if names and seat in names and (name := printable(str(names[seat]))):
        title = f"{title} · {name}"
    shown = Shown(th, seat, colour, title, laid, tuple(say(K + w) for w in HAND_WORDS))
    return _hand_png(shown)


HAND_WORDS = ("judge_card", "or", *(f"card_window.{w}" for w in WINDOW_KEYS))
"""The words a hand draws besides its title and its cards' own (`Shown.words`)."""


@dataclass(frozen=True)
class Shown:
    """Everything a hand picture shows, and nothing else: two hands that show the same are the
    same picture (`_hand_png` keeps the last ones)."""

    th: Theme
    seat: int
    colour: str
    title: str
    laid: tuple[Laid, ...]
    words: tuple[str, ...]


HANDS_BUDGET = 2 * MB
"""Hand pictures kept (20-40 KB each): a hand is shown again after every change of its seat's
secrets, often with the same cards."""


@cached("judge_dredd_hand._hand_png", HANDS_BUDGET)
def _hand_png(shown: Shown) -> bytes:
    """The hand picture of what `shown` holds, drawn once while it is kept: put together on the
    theme's palette from its header and cards, each converted once (`_indexed`)."""
    with DRAWING:  # the kept pieces are shared with every other drawing
        p = _indexed(shown)
    return indexed_png(p, shown.th)


def _compose(shown: Shown, kept: bool = True) -> Image.Image:
    """The hand picture; each card pasted from the cards drawn before (`_card_tile`), or with
    `kept` False drawn in place (the same pixels: a card covers only its own box, on the frame's
    ground)."""
    th, laid = shown.th, list(shown.laid)
    said = dict(zip((K + w for w in HAND_WORDS), shown.words, strict=True))
    say: Text = said.__getitem__
    rows = [laid[i:i + PER_ROW] for i in range(0, len(laid), PER_ROW)]
    heights = [max(card.height for card in row) for row in rows]
    height = HEADER + sum(h + GAP for h in heights) + GAP // 2
    img = Image.new("RGB", (HAND_W, height), th["frame"])
    _draw_header(img, th, shown.seat, shown.colour, shown.title)
    y = HEADER
    for row, h in zip(rows, heights, strict=True):
        for c, card in enumerate(row):
            if kept:
                img.paste(_card_tile(th, card, h, shown.words), (GAP + c * (CARD_W + GAP), y))
            else:
                _card(img, th, say, card, (GAP + c * (CARD_W + GAP), y), h)
        y += h + GAP
    return img


def _draw_header(img: Image.Image, th: Theme, seat: int, colour: str, title: str) -> None:
    """The header on the frame's ground: the seat's Judge disc (`seat` -1: none), then the title."""
    piece = judge_disc(th, colour, seat if seat >= 0 else None, 28, digits=NAME_SIZE)
    img.paste(piece, (GAP, (HEADER - piece.height) // 2), piece)
    room = img.width - GAP - 44
    f, shown = fitted(title, NAME_SIZE + 1, room, "bold", NAME_SIZE)
    ImageDraw.Draw(img).text((GAP + 40, HEADER / 2), shown, font=f, fill=th["gold"], anchor="lm")


HAND_W = GAP + PER_ROW * (CARD_W + GAP)


def _indexed(shown: Shown) -> Image.Image:
    """`_compose`'s picture on the theme's palette (`paletted`), put together from the header and
    the cards each converted once, over the frame's index: the same indices as converting the
    RGB picture, as the conversion is pixel by pixel (the header and each card cover only their
    own box)."""
    th, laid = shown.th, list(shown.laid)
    rows = [laid[i:i + PER_ROW] for i in range(0, len(laid), PER_ROW)]
    heights = [max(card.height for card in row) for row in rows]
    height = HEADER + sum(h + GAP for h in heights) + GAP // 2
    img = Image.new("P", (HAND_W, height), _frame_index(th))
    img.paste(_header_indexed(th, shown.seat, shown.colour, shown.title), (0, 0))
    y = HEADER
    for row, h in zip(rows, heights, strict=True):
        for c, card in enumerate(row):
            img.paste(_card_indexed(th, card, h, shown.words), (GAP + c * (CARD_W + GAP), y))
        y += h + GAP
    return img


@cached("judge_dredd_hand._frame_index", 16 * KB)
def _frame_index(th: Theme) -> int:
    """The palette index of the frame's colour."""
    index = paletted(Image.new("RGB", (1, 1), th["frame"]), th).getpixel((0, 0))
    assert isinstance(index, int)
    return index


HEADERS_BUDGET = 1 * MB
"""Hand headers kept on the palette (`_header_indexed`, 16 KB each): one a seat and language."""


@cached("judge_dredd_hand._header_indexed", HEADERS_BUDGET)
def _header_indexed(th: Theme, seat: int, colour: str, title: str) -> Image.Image:
    img = Image.new("RGB", (HAND_W, HEADER), th["frame"])
    _draw_header(img, th, seat, colour, title)
    return paletted(img, th)


@dataclass(frozen=True)
class Laid:
    """A card's words, wrapped to its width: the name's lines, then each option's window and text."""

    card_id: str
    kind: CardKind | None
    name: tuple[str, ...]
    options: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def band(self) -> int:
        """The dark band of the name: two lines or three (no name is cut)."""
        return max(BAND_H, 10 + len(self.name) * (NAME_SIZE + 3))

    @property
    def height(self) -> int:
        h = self.band + 8 + (TAG_H + 6 if self.kind and self.kind.depicts_judge else 0)
        for i, (_, lines) in enumerate(self.options):
            h += (OPTION_GAP if i else 0) + TAG_H + 6 + len(lines) * (BODY_SIZE + 4) + 4
        return h + 6


def _layout(say: Text, maybe: Text, card_id: str, kind: CardKind | None) -> Laid:
    name = say(f"judge_dredd.cardname.{card_id}")
    opts = ([("main", kind.main), ("or", kind.or_)] if kind.or_ else [("main", kind.main)]) if kind is not None else []
    return _laid(card_id, kind, name, tuple(maybe(f"judge_dredd.cardtext.{card_id}.{opt}") for opt, _ in opts))


LAID_BUDGET = 512 * KB
"""Cards laid out (`_laid`), by their words: a deck's cards in a few languages."""


@cached("judge_dredd_hand._laid", LAID_BUDGET)
def _laid(card_id: str, kind: CardKind | None, name: str, bodies: tuple[str, ...]) -> Laid:
    """A card's words wrapped to its width (kept: the same card in the same words is laid out once)."""
    _, name_lines = wrap_text(name, CARD_W - 16, NAME_SIZE, "bold", 3, NAME_SIZE)
    options: list[tuple[str, tuple[str, ...]]] = []
    if kind is not None:
        opts = [kind.main, kind.or_] if kind.or_ else [kind.main]
        for option, body in zip(opts, bodies, strict=True):
            # when it may really be played: an `any` option the Arrest Round excludes is a Movement one (R23)
            window = option.moment if option.moment in CARD_WINDOWS else "any"
            f = font_for(body, BODY_SIZE, "regular")
            lines = _wrap_all(body, f, CARD_W - 20) if body else []
            options.append((window, tuple(lines)))
    return Laid(card_id, kind, tuple(name_lines), tuple(options))


def _wrap_all(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Every line of the text at this size (a card grows to hold them: no word is cut)."""
    _, lines = wrap_text(text, width, int(f.size), "regular", 99, int(f.size))
    return lines


FACE_TOP = 8
"""Rows below a card's band where its face is already the same from row to row (the downscale's
kernel reaches 3 rows)."""
FACE_BOTTOM = 20
"""Rows at the bottom of a card's face that its rounded corners and the kernel reach."""
FACE_MOST = 380
"""The tallest face composed (`_card_face`): above it Pillow's downscale of the big face is no
longer row for row the same as the shorter one's (measured: from 381 rows on), so it is drawn."""


@cached("judge_dredd_hand._card_face", 2 * MB)
def _card_face(th_name: str, h: int, band_h: int, fill: tuple[int, int, int], band: tuple[int, int, int],
               edge: tuple[int, int, int]) -> Image.Image:
    """A card's face (RGBA), `h` rows high, its name's band `band_h`. Drawn `SS` times too big
    and scaled down, the face is the same from row to row between the band and the bottom
    corners; so a taller face is the shortest one that has such a row, with that row repeated:
    the same pixels as drawing it, for a fraction of the time (a hand has cards of many heights,
    each drawn once)."""
    top = band_h + FACE_TOP
    shortest = top + 1 + FACE_BOTTOM
    if h <= shortest or h > FACE_MOST:
        return _drawn_face(h, band_h, fill, band, edge)
    ref = _card_face(th_name, shortest, band_h, fill, band, edge)
    face = Image.new("RGBA", (CARD_W, h))
    face.paste(ref.crop((0, 0, CARD_W, top)), (0, 0))
    face.paste(ref.crop((0, top, CARD_W, top + 1)).resize((CARD_W, h - top - FACE_BOTTOM)), (0, top))
    face.paste(ref.crop((0, shortest - FACE_BOTTOM, CARD_W, shortest)), (0, h - FACE_BOTTOM))
    return face


def _drawn_face(h: int, band_h: int, fill: tuple[int, int, int], band: tuple[int, int, int],
                edge: tuple[int, int, int]) -> Image.Image:
    big = Image.new("RGBA", (CARD_W * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, CARD_W * SS - 1, h * SS - 1), radius=10 * SS, fill=fill, outline=edge,
                        width=2 * SS)
    d.rounded_rectangle((3 * SS, 3 * SS, CARD_W * SS - 3 * SS, band_h * SS), radius=8 * SS, fill=band)
    return downscale(big, (CARD_W, h))


CARDS_BUDGET = 1 * MB
"""Cards kept as drawn in RGB (`_card_tile`, about 150 KB each): a hand pastes them on the palette
(`_card_indexed`, which keeps its own), so these serve little but the tests' `_compose`."""
INDEXED_BUDGET = 8 * MB
"""Cards kept on the palette (`_card_indexed`, about 50 KB each, so some 160): the deck's 34 kinds
at the heights their rows give them, in a language or two; a hand shows a few, most of them
shown before."""


@cached("judge_dredd_hand._card_tile", CARDS_BUDGET)
def _card_tile(th: Theme, laid: Laid, h: int, words: tuple[str, ...]) -> Image.Image:
    """A card `h` rows high drawn on the frame's ground, as `_compose` pastes it; `words` are the
    hand's own (`Shown.words`)."""
    said = dict(zip((K + w for w in HAND_WORDS), words, strict=True))
    img = Image.new("RGB", (CARD_W, h), th["frame"])
    _card(img, th, said.__getitem__, laid, (0, 0), h)
    return img


@cached("judge_dredd_hand._card_indexed", INDEXED_BUDGET)
def _card_indexed(th: Theme, laid: Laid, h: int, words: tuple[str, ...]) -> Image.Image:
    """`_card_tile` on the theme's palette."""
    return paletted(_card_tile(th, laid, h, words), th)


def _card(img: Image.Image, th: Theme, say: Text, laid: Laid, at: tuple[int, int], h: int) -> None:
    x, y = at
    face = _card_face(th.name, h, laid.band, th["crime"], th["title"], th["card_ink"])
    img.paste(face, (x, y), face)
    d = ImageDraw.Draw(img)
    lh = NAME_SIZE + 3
    top = y + 3 + (laid.band - 3 - lh * len(laid.name)) / 2
    for i, line in enumerate(laid.name):
        d.text((x + 9, top + i * lh), line, font=font_for(line, NAME_SIZE, "bold"), fill=th["gold"], anchor="lt")
    oy = y + laid.band + 8
    if laid.kind and laid.kind.depicts_judge:  # it can answer a Barney (R10)
        badge = pill("★ " + say(K + "judge_card"), TAG_H, th["gold"], (30, 30, 30), th["ink"], max_width=CARD_W - 20)
        img.paste(badge, (x + 9, oy), badge)
        oy += TAG_H + 6
    for i, (window, lines) in enumerate(laid.options):
        if i:
            mid = oy + OPTION_GAP / 2 - 2
            d.line((x + 10, mid, x + CARD_W - 10, mid), fill=blend(th["muted"], th["crime"], 0.4), width=1)
            orw = pill(say(K + "or"), 22, th["card_ink"], th["crime"], th["card_ink"])
            img.paste(orw, (x + CARD_W // 2 - orw.width // 2, round(mid - 11)), orw)
            oy += OPTION_GAP + 4
        colour = th[WINDOW_KEYS[window]]
        tag = pill(say(K + f"card_window.{window}"), TAG_H, colour, (255, 255, 255), blend(colour, th["ink"], 0.3),
                   max_width=CARD_W - 20)
        img.paste(tag, (x + 9, round(oy)), tag)
        oy += TAG_H + 6
        for line in lines:
            d.text((x + 10, oy), line, font=font_for(line or " ", BODY_SIZE, "regular"), fill=th["card_ink"],
                   anchor="lt")
            oy += BODY_SIZE + 4
        oy += 4
