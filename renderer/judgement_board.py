"""The left of the public City of Judgement board: the ring of six locations with their numbers and
the pieces on them, the decks and the last dice in the middle, the damage track underneath.

The six location cards lie in a ring in the order of `view["ring"]` (ruling 2: slot i neighbours
i-1 and i+1; the `pairs` variant links only slots 0-1, 2-3 and 4-5), each with the numbers of the
d4+d6 roll that sends a piece there (酒館 2-3 ... 黑市 10; 7 goes anywhere). The damage track runs 0
to 14 (N6.3) with each living player's marker on its damage, several markers sharing a
cell side by side, and a mark in the player's colour at the HP of each face-up character: the
character is dying when its marker reaches that mark (rulebook 瀕死狀態).

Every name is drawn in Chinese and English (`judgement_look.both`, `names2`) on the public board,
in the reader's language alone on a seat's own (`judgement_look.board_langs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import (
    RGB,
    SS,
    Theme,
    blend,
    die_face,
    downscale,
    ellipsize,
    fit_font,
    font,
    highlight_badge,
    paste_centred,
    wrap_text,
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
    joined,
    names2,
    piece,
    players,
    rolls_label,
    seat_of,
    skills,
)

WIDTH, HEIGHT = 1240, 760
TITLE_H = 50
LEFT_X0, LEFT_X1 = 12, 748
RING_Y0, RING_Y1 = TITLE_H + 10, 560
TILE_W, TILE_H = 212, 156
BAND_H = 44
TRACK_Y0, TRACK_Y1 = RING_Y1 + 10, HEIGHT - 12

_CX = (LEFT_X0 + LEFT_X1) / 2
_CY = (RING_Y0 + RING_Y1) / 2
SLOT_CENTRES = (
    (_CX - 130, RING_Y0 + TILE_H / 2 + 4),
    (_CX + 130, RING_Y0 + TILE_H / 2 + 4),
    (LEFT_X1 - TILE_W / 2 - 6, _CY),
    (_CX + 130, RING_Y1 - TILE_H / 2 - 4),
    (_CX - 130, RING_Y1 - TILE_H / 2 - 4),
    (LEFT_X0 + TILE_W / 2 + 6, _CY),
)
"""Tile centres of the six slots, clockwise from the top left (slot 0)."""


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
    min_size: int = 9,
) -> float:
    """Chinese then English on one line ("酒館 Tavern"), the English a little smaller and in
    `second`; one word when both are the same (a player's name). Shrinks to fit `max_width`, down
    to `min_size`; then the English is cut, then the word itself (with an ellipsis).
    `anchor` is "lm" (left) or "mm"/"rm" (centred, right). Returns the width drawn."""
    zh, en = pair
    second = second or fill
    single = not en or en == zh
    for s in range(size, min_size - 1, -1):
        fz = font_for_word(zh, s)
        fe = en_font(max(7, s - 2), bold=True)
        w = fz.getlength(zh) + (0 if single else gap + fe.getlength(en))
        if max_width is None or w <= max_width:
            break
    if max_width is not None and w > max_width:  # too wide even at the smallest size: cut the English, then
        room = max(0.0, max_width - fz.getlength(zh) - gap)
        en = ellipsize(en, fe, room) if not single and room > 24 else ""
        if not en:
            zh = ellipsize(zh, fz, max_width)
        single = not en
        w = fz.getlength(zh) + (0 if single else gap + fe.getlength(en))
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    stroke = 1 if bold_zh and fz.size >= 22 and needs_zh(zh) else 0
    d.text((x, y), zh, font=fz, fill=fill, anchor="lm", stroke_width=stroke, stroke_fill=fill)
    if not single:
        d.text((x + fz.getlength(zh) + gap, y + 1), en, font=fe, fill=second, anchor="lm")
    return w


def needs_zh(text: str) -> bool:
    return any(ord(ch) >= 0x2E80 for ch in text)


def font_for_word(text: str, size: int) -> Any:
    return zh_font(size) if needs_zh(text) else en_font(size)


# ---------------------------------------------------------------------------- the static ring


@lru_cache(maxsize=12)
def background(theme_name: str, ring: tuple[str, ...], pairs: bool, th: Theme,
               langs: tuple[str, ...] = LANGS) -> Image.Image:
    """The frame, the roads between neighbouring locations, the six location cards (names,
    numbers, effects), the decks' names and the empty damage track: drawn once per ring and
    languages (each game shuffles its own, so a few are kept: 2.8 MB each)."""
    with drawing_in(langs):
        return _background(ring, pairs, th)


def _background(ring: tuple[str, ...], pairs: bool, th: Theme) -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), th["frame"])
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((LEFT_X0, RING_Y0, LEFT_X1, RING_Y1), radius=14, fill=th["paper"])
    view = {"variants": ["pairs"] if pairs else []}
    for a, b in links(view):
        (ax, ay), (bx, by) = SLOT_CENTRES[a], SLOT_CENTRES[b]
        d.line((ax, ay, bx, by), fill=th["street"], width=22)
        d.line((ax, ay, bx, by), fill=blend(th["street"], th["dim"], 0.35), width=2)
    for slot, loc in enumerate(ring[:6]):
        _tile(img, th, slot, loc)
    _centre_ground(img, th)
    _track_ground(img, th)
    return img


@cache
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


def _tile(img: Image.Image, th: Theme, slot: int, loc: str) -> None:
    x0, y0, _x1, y1 = tile_box(slot)
    band = band_colour(th, loc)
    face = _tile_face(th.name, band, th["card"])
    img.paste(face, (round(x0), round(y0)), face)
    d = ImageDraw.Draw(img)
    # the roll badge
    label = rolls_label(loc)
    bx, by = x0 + 26, y0 + BAND_H / 2
    r = 18
    d.ellipse((bx - r, by - r, bx + r, by + r), fill=th["card"], outline=blend(band, th["ink"], 0.4), width=2)
    d.text((bx, by + 1), label, font=fit_font(label, 17, 30, "condensed", 10), fill=blend(band, th["ink"], 0.45),
           anchor="mm")
    zh, en = names2("location", loc)
    if not en:  # a one-language board: the name alone, centred in the band
        fn = fit_font(zh, 20, TILE_W - 62, "bold", 11)
        d.text((x0 + 52, y0 + BAND_H / 2), ellipsize(zh, fn, TILE_W - 62), font=fn, fill=(255, 255, 255),
               anchor="lm")
    else:
        d.text((x0 + 52, y0 + 15), zh, font=zh_font(20), fill=(255, 255, 255), anchor="lm")
        fe = fit_font(en, 12, TILE_W - 62, "bold", 8)
        d.text((x0 + 52, y0 + 33), ellipsize(en, fe, TILE_W - 62), font=fe, fill=blend(band, (255, 255, 255), 0.8),
               anchor="lm")
    # the effect, small, at the bottom: Chinese, then English (or the reader's language alone)
    record = content().locations.get(loc)
    if record is not None:
        room = TILE_W - 20
        langs = drawn_langs()
        sizes = {"zh-TW": (11, 3, 9), "en": (10, 4, 8)} if len(langs) == 1 else {"zh-TW": (11, 2, 9), "en": (10, 3, 8)}
        y = y1 - 10
        blocks = []
        for lang in langs:
            size, lines, smallest = sizes.get(lang, sizes["en"])
            f, wrapped = wrap_text(record.text.get(lang), room, size, "regular", lines, smallest)
            gap = 3 if lang == "zh-TW" else 2
            blocks.append((f, wrapped, gap, lang))
            y -= len(wrapped) * (f.size + gap)
        for f, wrapped, gap, lang in blocks:
            ink = th["muted"] if lang == "zh-TW" or len(langs) == 1 else blend(th["muted"], th["card"], 0.2)
            for line in wrapped:
                d.text((x0 + 10, y), line, font=f, fill=ink, anchor="lt")
                y += f.size + gap


# ---------------------------------------------------------------------------- what moves


def draw_options(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The locations an open `go` frame offers (public: after a 7 everyone sees the choice being
    made), edged in gold."""
    frame = view["frame"] if isinstance(view.get("frame"), Mapping) else {}
    if frame.get("kind") != "go":
        return
    ring = [str(x) for x in view.get("ring") or []]
    d = ImageDraw.Draw(img)
    for loc in frame.get("options") or []:
        if loc in ring:
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
        badge = highlight_badge(label, th)
        paste_centred(img, badge, (x1 - badge.width / 2 - 4, y0 + BAND_H + 2))


def draw_pieces(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """Each living player's piece on its location, in seat order, up to seven in a row; the active
    player's with a gold ring, the seats an attack may choose (the open `attack`/`again` frame's
    public `targets`) with a red one."""
    ring = [str(x) for x in view.get("ring") or []]
    active = seat_of(view.get("active")) if view.get("phase") == "turn" else None
    frame = view["frame"] if isinstance(view.get("frame"), Mapping) else {}
    targets = {seat_of(t) for t in frame.get("targets") or []} if frame.get("kind") in ("attack", "again") else set()
    by_loc: dict[str, list[int]] = {}
    for p in players(view):
        seat = seat_of(p.get("seat"))
        if seat is None or not p.get("alive", True) or p.get("at") not in ring:
            continue
        by_loc.setdefault(str(p["at"]), []).append(seat)
    for loc, seats in by_loc.items():
        x0, y0, x1, _y1 = tile_box(ring.index(loc))
        per_row = 7
        size = 27
        step = 28
        rows = [seats[i : i + per_row] for i in range(0, len(seats), per_row)]
        top = y0 + BAND_H + 17
        for r, row in enumerate(rows):
            width = step * (len(row) - 1)
            for i, seat in enumerate(sorted(row)):
                ring_colour = th["gold"] if seat == active else (th["hp"] if seat in targets else None)
                sprite = piece(th, colour_of(view, seat), seat, size, ring_colour)
                paste_centred(img, sprite, ((x0 + x1) / 2 - width / 2 + i * step, top + r * 29))


def draw_centre(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The three decks with what is left and the face-up discards, and the last dice thrown."""
    d = ImageDraw.Draw(img)
    decks = view.get("decks") or {}
    discards = view.get("discards") or {}
    cx = _CX + 4
    top = _CY - 86
    for i, pack in enumerate(PACKS):
        x = cx - 100 + i * 100
        _deck(img, th, pack, (x, top + 30), int(decks.get(pack) or 0))
        pile = discards.get(pack)
        n = len(pile) if isinstance(pile, list) else int(pile or 0)
        label = f"{joined(both(K + 'discards'))} {n}"
        d.text((x, top + 101), label, font=font_for_word(label, 10), fill=th["dim"], anchor="mm")
    _last_roll(img, th, view, (cx, top + 150))


def _centre_ground(img: Image.Image, th: Theme) -> None:
    """The decks' names under them (part of the cached background)."""
    d = ImageDraw.Draw(img)
    cx, top = _CX + 4, _CY - 86
    for i, pack in enumerate(PACKS):
        x = cx - 100 + i * 100
        zh, en = both(K + "pack." + pack)
        d.text((x, top + 72 if en else top + 78), zh, font=font_for_word(zh, 13), fill=th["panel"], anchor="mm")
        if en:
            d.text((x, top + 87), en, font=en_font(10), fill=th["dim"], anchor="mm")


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
    d.text((x - 14, y - 2), mark, font=font_for_word(mark, 16), fill=ink, anchor="mm")
    d.text((x + 26, y + 2), str(n), font=en_font(20), fill=th["panel"], anchor="mm")


@cache
def _deck_sprite(th_name: str, fill: RGB, edge: RGB) -> Image.Image:
    w, h = 36, 50
    big = Image.new("RGBA", ((w + 6) * SS, (h + 6) * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for k in (2, 1, 0):  # a small stack
        o = k * 3 * SS
        d.rounded_rectangle((o, o, o + w * SS, o + h * SS), radius=5 * SS, fill=fill, outline=edge, width=2 * SS)
    d.rounded_rectangle((5 * SS, 5 * SS, (w - 5) * SS, (h - 5) * SS), radius=3 * SS, outline=edge, width=SS)
    return downscale(big, (w + 6, h + 6))


@cache
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
    d4 = _die(roll.get("d4"), 1, 4) if isinstance(roll, Mapping) else None
    d6 = _die(roll.get("d6"), 1, 6) if isinstance(roll, Mapping) else None
    if not isinstance(roll, Mapping) or (d4 is None and d6 is None):
        draw_pair(d, (cx, cy), both(K + "free_roll"), 12, th["dim"], th["dim"], anchor="mm")
        return
    draw_pair(d, (cx, cy - 26), roll_label(roll.get("why")), 13, th["panel"], th["dim"], anchor="mm", max_width=300)
    seat = seat_of(roll.get("seat"))
    attack = roll.get("why") == "attack"
    dice: list[Image.Image | str] = []
    if attack and d6 is not None:
        dice = [die_face(28, d6)]
        dice += ["−", d4_face(34, d4)] if d4 is not None else []
    else:
        dice = ([d4_face(34, d4)] if d4 is not None else []) + (["+"] if d4 is not None and d6 is not None else [])
        dice += [die_face(28, d6)] if d6 is not None else []
    total = roll.get("total")
    widths = [24 if isinstance(x, str) else x.width + 4 for x in dice]
    x = cx - (30 + sum(widths) + 60) / 2
    if seat is not None:
        paste_centred(img, piece(th, colour_of(view, seat), seat, 24), (x + 12, cy + 6))
    x += 30
    for item, w in zip(dice, widths, strict=True):
        if isinstance(item, str):
            d.text((x + w / 2, cy + 6), item, font=en_font(16), fill=th["panel"], anchor="mm")
        else:
            paste_centred(img, item, (x + w / 2, cy + 5))
        x += w
    if isinstance(total, int) and not isinstance(total, bool):
        d.text((x + 6, cy + 6), f"= {total}".replace("-", "−"), font=en_font(20), fill=th["gold"], anchor="lm")


# ---------------------------------------------------------------------------- damage track

TRACK_MAX = 14
CELL_W = 47


def cell_x(value: int) -> float:
    """The centre x of a track cell."""
    x0 = (LEFT_X0 + LEFT_X1) / 2 - CELL_W * (TRACK_MAX + 1) / 2
    return x0 + CELL_W * (value + 0.5)


TRACK_TOP = TRACK_Y0 + 28
TRACK_BOTTOM = TRACK_Y1 - 34


def _track_ground(img: Image.Image, th: Theme) -> None:
    """The damage track's box, title, legend and numbered cells (part of the cached background)."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((LEFT_X0, TRACK_Y0, LEFT_X1, TRACK_Y1), radius=12, fill=th["panel"])
    draw_pair(d, (LEFT_X0 + 14, TRACK_Y0 + 14), both(K + "track"), 15, th["ink"], th["muted"], bold_zh=True)
    legend = both(K + "hp_mark")
    lx = LEFT_X1 - 14
    w = draw_pair(d, (lx, TRACK_Y0 + 14), legend, 11, th["muted"], th["muted"], anchor="rm")
    _hp_flag(img, th, "red", None, (lx - w - 12, TRACK_Y0 + 13), small=True)
    top, bottom = TRACK_TOP, TRACK_BOTTOM
    for v in range(TRACK_MAX + 1):
        x = cell_x(v)
        fill = th["card"] if v % 2 else th["panel2"]
        d.rectangle((x - CELL_W / 2 + 1, top, x + CELL_W / 2 - 1, bottom), fill=fill)
        d.text((x, top + 10), str(v), font=en_font(13), fill=th["ink"], anchor="mm")


def draw_track(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """Each living player's marker on its damage (several side by side, then in rows), and under
    the cells the HP marks of face-up characters."""
    top, bottom = TRACK_TOP, TRACK_BOTTOM
    # markers
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
        per_row = 2
        for i, seat in enumerate(seats):
            r, c = divmod(i, per_row)
            in_row = min(per_row, len(seats) - r * per_row)
            mx = x + (c - (in_row - 1) / 2) * 22
            paste_centred(img, piece(th, colour_of(view, seat), seat, 21), (mx, top + 34 + r * 21))
    for v, seats in hp_at.items():
        x = cell_x(v)
        seats = sorted(seats)
        for i, seat in enumerate(seats[:6]):
            r, c = divmod(i, 3)
            in_row = min(3, len(seats[:6]) - r * 3)
            _hp_flag(img, th, colour_of(view, seat), seat, (x + (c - (in_row - 1) / 2) * 15, bottom + 9 + r * 14))


def _hp_flag(img: Image.Image, th: Theme, colour: str, seat: int | None, at: tuple[float, float],
             small: bool = False) -> None:
    """An HP mark: a small upward triangle in the player's colour, pointing at its HP cell."""
    sprite = _flag(th.name, th[f"p_{colour}"] if colour in COLOURS else th["hp"], 12 if small else 14)
    paste_centred(img, sprite, at)


@cache
def _flag(th_name: str, fill: RGB, size: int) -> Image.Image:
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.polygon([(S / 2, SS), (S - SS, S - SS), (SS, S - SS)], fill=(25, 25, 25))
    d.polygon([(S / 2, 3.2 * SS), (S - 2.6 * SS, S - 2 * SS), (2.6 * SS, S - 2 * SS)], fill=fill)
    return downscale(big, (size, size))
