"""A player's hand of Action Cards as a PNG, for their private message.

One card per card held: its name, a JUDGE badge if it shows a Judge (it can answer a Barney,
R10), then each option with its window (Movement, Arrest, Any time, Reaction) and what it does.
Only the viewing seat's own view has a hand (`view["hand"]`), so a spectator or an empty hand
gives no image.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import (
    SS,
    Text,
    Theme,
    blend,
    downscale,
    ellipsize,
    fit_font,
    font_for,
    pill,
    printable,
    render_png,
    wrap_text,
)
from renderer.judge_dredd_look import (
    CARD_WINDOWS,
    K,
    colour_of,
    judge_disc,
    optional_words,
    seat_of,
    theme_named,
    words,
)
from rules.judge_dredd.content import CardKind, load_cards

CARD_W, CARD_H = 176, 212
GAP = 10
PER_ROW = 6
HEADER = 38
WINDOW_KEYS = {"movement": "win_move", "arrest": "win_arrest", "any": "win_any", "reaction": "win_reaction"}


def render_hand(
    view: Mapping[str, Any], *, text: Text | None = None, names: Mapping[int, str] | None = None,
    theme: str | None = None, texts: Mapping[str, Text] | None = None,
) -> bytes | None:
    """The viewing seat's hand as PNG bytes, or None (a spectator's view, or no cards)."""
    hand = view.get("hand")
    seat = seat_of(view.get("seat"))
    if seat is None or not hand:
        return None
    th = theme_named(theme)
    return render_png(lambda: compose_hand(view, list(hand), th, text, names), th)


def compose_hand(view: Mapping[str, Any], hand: list[str], th: Theme, text: Text | None,
                 names: Mapping[int, str] | None) -> Image.Image:
    say, maybe = words(text), optional_words(text)
    cards = load_cards()
    rows = (len(hand) + PER_ROW - 1) // PER_ROW
    cols = min(len(hand), PER_ROW)
    width = GAP + cols * (CARD_W + GAP)
    height = HEADER + rows * (CARD_H + GAP) + GAP
    img = Image.new("RGB", (max(width, 260), height), th["frame"])
    d = ImageDraw.Draw(img)
    seat = seat_of(view.get("seat"))
    colour = colour_of(view, seat)
    img.paste(judge_disc(th, colour, seat, 24), (GAP, 7), judge_disc(th, colour, seat, 24))
    title = say(K + "your_hand")
    if names and seat is not None and seat in names and (name := printable(str(names[seat]))):
        title = f"{title} · {name}"
    f = fit_font(title, 17, img.width - 60, "bold", min_size=11)
    d.text((GAP + 36, HEADER / 2), ellipsize(title, f, img.width - 60), font=f, fill=th["gold"], anchor="lm")
    for i, card_id in enumerate(hand):
        r, c = divmod(i, PER_ROW)
        x, y = GAP + c * (CARD_W + GAP), HEADER + r * (CARD_H + GAP)
        kind = cards.get(card_id)
        _card(img, th, say, maybe, card_id, kind, (x, y))
    return img


@cache
def _card_face(th_name: str, fill: tuple[int, int, int], band: tuple[int, int, int], edge: tuple[int, int, int]
               ) -> Image.Image:
    big = Image.new("RGBA", (CARD_W * SS, CARD_H * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, CARD_W * SS - 1, CARD_H * SS - 1), radius=10 * SS, fill=fill, outline=edge,
                        width=2 * SS)
    d.rounded_rectangle((3 * SS, 3 * SS, CARD_W * SS - 3 * SS, 50 * SS), radius=8 * SS, fill=band)
    return downscale(big, (CARD_W, CARD_H))


def _card(img: Image.Image, th: Theme, say: Text, maybe: Text, card_id: str, kind: CardKind | None,
          at: tuple[int, int]) -> None:
    x, y = at
    face = _card_face(th.name, th["crime"], th["title"], th["card_ink"])
    img.paste(face, (x, y), face)
    d = ImageDraw.Draw(img)
    name = say(f"judge_dredd.cardname.{card_id}")
    judge = bool(kind and kind.depicts_judge)
    room = CARD_W - 16
    f, lines = wrap_text(name, room, 15, "bold", 2, 10)
    lh = f.size + 3
    top = y + 3 + (47 - lh * len(lines)) / 2
    for i, line in enumerate(lines):
        d.text((x + 9, top + i * lh), line, font=f, fill=th["gold"], anchor="lt")
    if judge:  # it can answer a Barney (R10): a gold badge opposite the first window tag
        badge = pill("★ " + say(K + "judge_card"), 18, th["gold"], (30, 30, 30), th["ink"], max_width=80)
        img.paste(badge, (x + CARD_W - badge.width - 9, y + 64), badge)
    if kind is None:
        return
    options = [("main", kind.main), ("or", kind.or_)] if kind.or_ else [("main", kind.main)]
    body_top, body_bottom = y + 56, y + CARD_H - 8
    part = (body_bottom - body_top) / len(options)
    for i, (opt, option) in enumerate(options):
        oy = body_top + i * part
        if i:
            d.line((x + 10, oy - 2, x + CARD_W - 10, oy - 2), fill=blend(th["muted"], th["crime"], 0.4), width=1)
            orw = pill(say(K + "or"), 16, th["card_ink"], th["crime"], th["card_ink"])
            img.paste(orw, (x + CARD_W // 2 - orw.width // 2, round(oy - 10)), orw)
        # when it may really be played: an `any` option the Arrest Round excludes is a Movement one (R23)
        window = option.moment if option.moment in CARD_WINDOWS else "any"
        colour = th[WINDOW_KEYS[window]]
        tag = pill(say(K + f"card_window.{window}"), 18, colour, (255, 255, 255), blend(colour, th["ink"], 0.3),
                   max_width=CARD_W - 20)
        img.paste(tag, (x + 9, round(oy + 8)), tag)
        body = maybe(f"judge_dredd.cardtext.{card_id}.{opt}")
        if body:
            avail = part - 34
            max_lines = max(1, int(avail // 16))
            fb, blines = wrap_text(body, CARD_W - 20, 13, "regular", max_lines, 9)
            lh = fb.size + 3
            for k, line in enumerate(blines):
                d.text((x + 10, oy + 32 + k * lh), line,
                       font=fb if not line else font_for(line, int(fb.size), "regular"),
                       fill=th["card_ink"], anchor="lt")
