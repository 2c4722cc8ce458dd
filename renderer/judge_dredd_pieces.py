"""What stands on the map of Mega-City One, drawn anew for each view: Crimes as chips with
their red values, Judges as numbered discs, the Quarantine, the Alien Creature, the last Move, the piles' counts and the
highlights of a prompt. Positions come from `judge_dredd_map`'s geometry."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renderer.caches import KB, MB, cached
from renderer.common import (
    RGB,
    SS,
    Theme,
    downscale,
    font,
    highlight_cell,
    paste_centred,
    pill,
    text_outlined,
)
from renderer.judge_dredd_look import PILES, THEMES, colour_of, judge_disc, seat_of
from renderer.judge_dredd_map import (
    DIAG,
    FONT,
    ICU_BOX,
    ICU_SLOTS_X,
    JUDGE_ROW,
    NAME_H,
    Box,
    card_icon,
    pile_centres,
    sector_box,
    sector_centre,
    sector_polygon,
)
from rules.judge_dredd.content import load_board

# ---------------------------------------------------------------------------- what moves


def draw_quarantine(canvas: Image.Image, th: Theme, code: str) -> None:
    """A Quarantined Sector: hazard hatching over it and a hazard border."""
    if code not in load_board().sectors:
        return
    x0, y0, x1, y1 = (round(v) for v in sector_box(code))
    pad = DIAG
    box = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    w, h = box[2] - box[0], box[3] - box[1]
    hatch = Image.new("L", (w, h), 0)
    hd = ImageDraw.Draw(hatch)
    for k in range(-h, w, 14):
        hd.line((k, h, k + h, 0), fill=120, width=5)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in sector_polygon(code)], fill=255)
    alpha = ImageChops.multiply(hatch, mask)
    canvas.paste(Image.new("RGB", (w, h), th["hazard"]), box[:2], alpha)
    ImageDraw.Draw(canvas).polygon(sector_polygon(code), outline=th["hazard"], width=4)


@cached("judge_dredd_pieces.alien_sprite", 256 * KB)
def alien_sprite(size: int, body: RGB, dark: RGB) -> Image.Image:
    """The Alien Creature: a green blob with eyes and tentacles."""
    S = size * SS
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for i in range(5):
        x = S * (0.2 + 0.15 * i)
        d.line((x, S * 0.6, x + (i - 2) * S * 0.06, S * 0.95), fill=dark, width=SS * 3)
    d.ellipse((S * 0.12, S * 0.08, S * 0.88, S * 0.78), fill=dark)
    d.ellipse((S * 0.16, S * 0.12, S * 0.84, S * 0.74), fill=body)
    for ex in (0.36, 0.64):
        d.ellipse((S * (ex - 0.11), S * 0.26, S * (ex + 0.11), S * 0.5), fill=(255, 255, 255))
        d.ellipse((S * (ex - 0.05), S * 0.33, S * (ex + 0.05), S * 0.47), fill=(20, 20, 20))
    return downscale(big, (size, size))


def judge_spots(n: int, box: Box) -> tuple[int, list[tuple[float, float]]]:
    """Disc size and centres for n Judges in a Sector: rows of up to three, centred across the
    Sector and stacked up from its bottom (away from its corners, so a Judge is plainly inside)."""
    x0, _, x1, y1 = box
    per_row = 3
    rows = [min(per_row, n - i) for i in range(0, n, per_row)]
    if len(rows) == 2:
        rows = [(n + 1) // 2, n // 2]
    out = []
    for r, k in enumerate(rows):
        y = y1 - JUDGE_ROW / 2 - 1 - (len(rows) - 1 - r) * (JUDGE_ROW - 2)
        left = (x0 + x1) / 2 - (k - 1) * JUDGE_STEP / 2
        out += [(left + i * JUDGE_STEP, y) for i in range(k)]
    return JUDGE_DIA, out


JUDGE_DIA = 26
JUDGE_STEP = 25


def judge_positions(view: Mapping[str, Any]) -> dict[int, tuple[tuple[float, float], int]]:
    """Where each placed Judge stands: {seat: (centre, disc diameter)}, in seat order in the
    bottom rows of their Sector, or in the Intensive Care box."""
    by_sector: dict[str, list[int]] = {}
    for j in view.get("judges") or []:
        at, seat = j.get("at"), seat_of(j.get("seat"))
        if at and seat is not None:
            by_sector.setdefault(at, []).append(seat)
    sectors = load_board().sectors
    out: dict[int, tuple[tuple[float, float], int]] = {}
    for code, seats in sorted(by_sector.items()):
        seats.sort()
        if code == "icu":
            for i, seat in enumerate(seats):
                out[seat] = ((ICU_SLOTS_X + 16 + i * 25, (ICU_BOX[1] + ICU_BOX[3]) / 2), 28)
        elif code in sectors:
            dia, spots = judge_spots(len(seats), sector_box(code))
            out |= {seat: (xy, dia) for seat, xy in zip(seats, spots, strict=False)}
    return out


def draw_judges(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    focus = in_focus(view)
    for seat, (xy, dia) in sorted(judge_positions(view).items()):
        ring = th["gold"] if seat in focus else None
        paste_centred(canvas, judge_disc(th, colour_of(view, seat), seat, dia, ring, digits=FONT), xy)


def in_focus(view: Mapping[str, Any]) -> set[int]:
    """The Judges the table is about now, ringed in gold on the map: the one whose Move is
    awaited, else those in the fight being prepared, else the one the open window is about."""
    if (mover := seat_of(view.get("mover"))) is not None:
        return {mover}
    if view.get("fight"):
        return {s for s in (seat_of(x) for x in view["fight"].get("judges") or []) if s is not None}
    window = view.get("window") or {}
    return {s} if (s := seat_of(window.get("for"))) is not None else set()


def location_centre(code: str) -> tuple[float, float] | None:
    if code == "icu":
        return (ICU_SLOTS_X, (ICU_BOX[1] + ICU_BOX[3]) / 2)
    if code in load_board().sectors:
        return sector_centre(code)
    return None


def draw_last_move(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The last Move as a line in the mover's colour, from where they were to where they went."""
    move = view.get("last_move")
    if not move:
        return
    pts = [p for c in move.get("path") or [] if (p := location_centre(c))]
    pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
    if len(pts) < 2:
        return
    seat = seat_of(move.get("seat"))
    judge = next((j for j in view.get("judges") or [] if seat_of(j.get("seat")) == seat), None)
    if judge and judge.get("at") != (move.get("path") or [None])[-1]:
        return  # sent on since (a Barney, Intensive Care): an arrow to an empty Sector misleads
    stands = judge_positions(view).get(seat) if seat is not None else None
    end_radius = 10.0
    if judge and stands:
        pts[-1] = stands[0]  # the arrow points at the Judge's piece
        end_radius = stands[1] / 2 + 4
    colour = th["judge_" + colour_of(view, seat)]
    d = ImageDraw.Draw(canvas, "RGBA")
    d.line(pts, fill=(20, 20, 20, 90), width=10, joint="curve")
    d.line(pts, fill=(*colour, 170), width=6, joint="curve")
    sx, sy = pts[0]
    d.ellipse((sx - 6, sy - 6, sx + 6, sy + 6), fill=(*colour, 255), outline=(20, 20, 20), width=2)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    n = max(1.0, math.hypot(bx - ax, by - ay))
    ux, uy = (bx - ax) / n, (by - ay) / n
    tip = (bx - ux * end_radius, by - uy * end_radius)
    back = (tip[0] - ux * 16, tip[1] - uy * 16)
    d.polygon([tip, (back[0] - uy * 10, back[1] + ux * 10), (back[0] + uy * 10, back[1] - ux * 10)],
              fill=(*colour, 255), outline=(20, 20, 20))


def draw_alien(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The Alien Creature in its Sector's Crime row, with its Combat Factor in red."""
    box = crime_slots(view).get(ALIEN)
    if box is None:
        return
    x0, y0, x1, y1 = box
    paste_centred(canvas, alien_sprite(28, th["alien"], th["alien_dark"]), (x0 + 14, (y0 + y1) / 2))
    text_outlined(ImageDraw.Draw(canvas), (x1 - 2, (y0 + y1) / 2 + 1), str((view.get("alien") or {}).get("cf", 6)),
                  font("bold", FONT), th["cv"], th["white"], 2, anchor="rm")


PILE_FACES = {"stock": ("cv", "ink"), "discards": ("crime", "muted"), "perps": ("perp_back", "ink"),
              "crimes": ("crime", "cv"), "sectors": ("block2", "ink")}
"""Each pile's card: its face and edge colours (theme keys)."""


def draw_pile(canvas: Image.Image, th: Theme, key: str, count: str) -> None:
    """One pile (`PILES`): its card and its count, within its column (`pile_box`)."""
    cx, cy = pile_centres()[PILES.index(key)]
    face, edge = PILE_FACES[key]
    paste_centred(canvas, card_icon(18, 24, th[face], th[edge]), (cx - 14, cy))
    ImageDraw.Draw(canvas).text((cx, cy), count, font=font("bold", FONT + 1), fill=th["ink"], anchor="lm")


def badge(label: str, th: Theme) -> Image.Image:
    """The pill that names a target of the prompt (A, B, ...), as big as the board's words."""
    return pill(label, 30, (255, 255, 255), (20, 20, 20), th["hl_edge"])


def draw_highlight_fill(canvas: Image.Image, th: Theme, code: str, light: bool) -> None:
    """A Sector a Move can reach: a frame round it, tinted below its name so the name stays
    sharp (the label comes after the pieces)."""
    x0, y0, x1, y1 = sector_box(code)
    highlight_cell(canvas, (x0, y0 + NAME_H - 3, x1, y1), th, light=light)
    d = ImageDraw.Draw(canvas)
    d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=th["hl_edge"], width=2 if light else 3)


def draw_highlight_badge(canvas: Image.Image, th: Theme, view: Mapping[str, Any], code: str, label: str) -> None:
    """The label of a highlighted Sector, at the right of its Crime row (under the code, never on
    it; left of a Starting Sector's card bonus); when the Crimes leave no room there, lower,
    between them and the Judges."""
    b = badge(label, th)
    _, y0, x1, _ = sector_box(code)
    chips = [box for box in crime_slots(view).values() if sector_of(box) == code]
    right = x1 - 3 - (30 if load_board().sectors[code].start else 0)  # left of the card bonus
    clear = all(box[2] + 2 <= right - b.width for box in chips)
    y = y0 + NAME_H + 1 + CHIP_H / 2 + (0 if clear else CHIP_H + 4)
    paste_centred(canvas, b, (right - b.width / 2, y))


def sector_of(box: Box) -> str | None:
    """The Sector a box on the map starts in."""
    for code in load_board().sectors:
        x0, y0, x1, y1 = sector_box(code)
        if x0 <= box[0] < x1 and y0 <= box[1] < y1:
            return code
    return None


def draw_highlight_alien(canvas: Image.Image, th: Theme, view: Mapping[str, Any], label: str) -> None:
    """`arrest alien`: the label over the Alien Creature, framed."""
    box = crime_slots(view).get(ALIEN)
    if box is not None:
        draw_highlight_crime(canvas, th, box, label)


# ---------------------------------------------------------------------------- Crimes


CHIP_W, CHIP_H = 35, 28
"""A Crime on the map: a chip, the Perp's half (face down "?", or its red value) and the Crime's."""
ALIEN = "alien"


def crime_slots(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where each Crime (by id) and the Alien Creature (`alien`) stand on the map: side by side
    in the row under their Sector's code, in the view's order, the Alien last; a third goes on a
    second row. The whole Crime (names and all) is in the panel's list."""
    by_sector: dict[str, list[str]] = {}
    sectors = load_board().sectors
    for c in view.get("crimes") or []:
        if c.get("sector") in sectors:
            by_sector.setdefault(c["sector"], []).append(c["crime"])
    alien = view.get("alien") or {}
    if alien.get("sector") in sectors:
        by_sector.setdefault(alien["sector"], []).append(ALIEN)
    out: dict[str, Box] = {}
    for code, things in by_sector.items():
        x0, y0, _, _ = sector_box(code)
        for i, thing in enumerate(things):
            r, k = divmod(i, 2)
            x = x0 + 3 + k * (CHIP_W + 3)
            y = y0 + NAME_H + 1 + r * (CHIP_H + 3)
            out[thing] = (x, y, x + CHIP_W, y + CHIP_H)
    return out


def crime_boxes(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where each Crime on the board is drawn (its chip), by Crime id."""
    return {k: v for k, v in crime_slots(view).items() if k != ALIEN}


def draw_crimes(canvas: Image.Image, th: Theme, view: Mapping[str, Any], boxes: Mapping[str, Box]) -> None:
    """Each Crime as a chip in its Sector. Only a Perp the view shows has a value: a face-down one
    is null there (a Perp this seat has peeked at shows its value on the dark half)."""
    for c in view.get("crimes") or []:
        box = boxes.get(c.get("crime"))
        if box is None:
            continue
        perp = c.get("perp")
        sprite = _crime_card(th.name, c.get("perp_cv") if perp else None, bool(perp) and bool(c.get("revealed")),
                             c.get("crime_cv"))
        canvas.paste(sprite, (round(box[0]), round(box[1])), sprite)


@cached("judge_dredd_pieces._crime_card", 1 * MB)
def _crime_card(theme_name: str, perp_cv: Any, face_up: bool, crime_cv: Any) -> Image.Image:
    """A Crime chip sprite: the Perp's half dark while face down ("?"), or light with its red
    value; the Crime's half with its red value."""
    th = THEMES[theme_name]
    S = SS
    w, h = CHIP_W, CHIP_H
    big = Image.new("RGBA", ((w + 1) * S, (h + 1) * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * S, h * S), radius=5 * S, fill=th["crime"], outline=th["card_ink"], width=S)
    back = th["perp_back"] if not face_up else th["cv"]
    d.rounded_rectangle((0, 0, w * S / 2, h * S), radius=5 * S, fill=back)
    d.rectangle((w * S / 4, 0, w * S / 2, h * S), fill=back)
    d.line((w * S / 2, 0, w * S / 2, h * S), fill=th["card_ink"], width=S)
    d.rounded_rectangle((0, 0, w * S, h * S), radius=5 * S, outline=th["card_ink"], width=S)
    img = downscale(big, (w + 1, h + 1))
    dd = ImageDraw.Draw(img)
    f = font("bold", FONT)
    perp = str(perp_cv) if perp_cv is not None else "?"
    dd.text((w / 4 + 0.5, h / 2 + 1), perp, font=f, fill=th["white"] if face_up else th["gold"], anchor="mm")
    dd.text((3 * w / 4 + 0.5, h / 2 + 1), str(crime_cv if crime_cv is not None else ""), font=f, fill=th["cv"],
            anchor="mm")
    return img


def draw_highlight_crime(canvas: Image.Image, th: Theme, box: Box, label: str) -> None:
    """A Crime an `arrest` can choose: a frame, and its label over the chip (its values are in
    the panel's list, beside the same label)."""
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=6, outline=th["hl_edge"], width=3)
    paste_centred(canvas, badge(label, th), ((x0 + x1) / 2, (y0 + y1) / 2))
