"""What stands on the map of Mega-City One, drawn anew for each view: Crimes as small cards,
Judges as discs, the Quarantine, the Alien Creature, the last Move, the piles' counts and the
highlights of a prompt. Positions come from `judge_dredd_map`'s geometry."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renderer.common import (
    RGB,
    SS,
    Text,
    Theme,
    downscale,
    ellipsize,
    fit_font,
    font,
    highlight_badge,
    highlight_cell,
    paste_centred,
    text_outlined,
)
from renderer.judge_dredd_look import PILES, THEMES, colour_of, judge_disc, seat_of
from renderer.judge_dredd_map import (
    DIAG,
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


@cache
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
    """Disc size and centres for n Judges in a Sector's bottom band (two rows above four)."""
    x0, _, _x1, y1 = box
    if n <= 4:
        dia, step = 24, 26
        y = y1 - JUDGE_ROW / 2 - 1
        return dia, [(x0 + 17 + i * step, y) for i in range(n)]
    dia, step = 22, 24
    top = (n + 1) // 2
    rows = [(y1 - JUDGE_ROW / 2 - 24, top), (y1 - JUDGE_ROW / 2 - 1, n - top)]
    out = []
    for y, k in rows:
        out += [(x0 + 16 + i * step, y) for i in range(k)]
    return dia, out


def judge_positions(view: Mapping[str, Any]) -> dict[int, tuple[tuple[float, float], int]]:
    """Where each placed Judge stands: {seat: (centre, disc diameter)}, side by side in the
    bottom band of their Sector in seat order, or in the Intensive Care box."""
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
                out[seat] = ((ICU_SLOTS_X + i * 30, (ICU_BOX[1] + ICU_BOX[3]) / 2), 26)
        elif code in sectors:
            dia, spots = judge_spots(len(seats), sector_box(code))
            out |= {seat: (xy, dia) for seat, xy in zip(seats, spots, strict=False)}
    return out


def draw_judges(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    focus = in_focus(view)
    for seat, (xy, dia) in sorted(judge_positions(view).items()):
        ring = th["gold"] if seat in focus else None
        paste_centred(canvas, judge_disc(th, colour_of(view, seat), seat, dia, ring), xy)


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
        return (ICU_SLOTS_X - 18, (ICU_BOX[1] + ICU_BOX[3]) / 2)
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


def alien_spot(code: str) -> tuple[float, float]:
    """Where the Alien Creature stands: the east end of its Sector's Judges' band (left of a
    Starting Sector's badge), clear of the Crime cards."""
    _, _, x1, y1 = sector_box(code)
    start = load_board().sectors[code].start
    return (x1 - 20 - (34 if start else 0), y1 - JUDGE_ROW / 2 - 2)


def draw_alien(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    alien = view.get("alien")
    if not alien or alien.get("sector") not in load_board().sectors:
        return
    at = alien_spot(alien["sector"])
    paste_centred(canvas, alien_sprite(32, th["alien"], th["alien_dark"]), at)
    text_outlined(ImageDraw.Draw(canvas), (at[0] + 14, at[1] + 8), str(alien.get("cf", 6)), font("bold", 13),
                  th["cv"], th["white"], 2)


def draw_piles(canvas: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    piles = view.get("piles") or {}
    d = ImageDraw.Draw(canvas)
    faces = {
        "stock": (th["cv"], th["ink"]),
        "discards": (th["crime"], th["muted"]),
        "perps": (th["perp_back"], th["ink"]),
        "crimes": (th["crime"], th["cv"]),
        "sectors": (th["block2"], th["ink"]),
    }
    for key, (cx, cy) in zip(PILES, pile_centres(), strict=True):
        face, edge = faces[key]
        paste_centred(canvas, card_icon(22, 30, face, edge), (cx - 14, cy))
        d.text((cx + 2, cy), str(piles.get(key, 0)), font=font("bold", 18), fill=th["ink"], anchor="lm")


def draw_highlight_fill(canvas: Image.Image, th: Theme, code: str, light: bool) -> None:
    """A Sector a Move can reach: a frame round it, tinted below its name so the name stays
    sharp (the label comes after the pieces)."""
    x0, y0, x1, y1 = sector_box(code)
    highlight_cell(canvas, (x0, y0 + NAME_H - 3, x1, y1), th, light=light)
    d = ImageDraw.Draw(canvas)
    d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=th["hl_edge"], width=2 if light else 3)


def draw_highlight_badge(canvas: Image.Image, th: Theme, code: str, label: str, light: bool) -> None:
    """The label of a highlighted Sector, at the east end of its Judges' band."""
    badge = highlight_badge(label, th, light=light)
    _, _, x1, y1 = sector_box(code)
    paste_centred(canvas, badge, (x1 - badge.width / 2 - 4, y1 - JUDGE_ROW / 2 - 1))


def draw_highlight_alien(canvas: Image.Image, th: Theme, code: str, label: str) -> None:
    """`arrest alien`: a ring round the Alien Creature, with its label."""
    at = alien_spot(code)
    d = ImageDraw.Draw(canvas)
    d.ellipse((at[0] - 19, at[1] - 19, at[0] + 19, at[1] + 19), outline=th["hl_edge"], width=3)
    badge = highlight_badge(label, th, light=True)
    paste_centred(canvas, badge, (at[0] + 12, at[1] - 17))


# ---------------------------------------------------------------------------- Crimes


def crime_boxes(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where each Crime on the board is drawn: stacked in its Sector between the name and the
    Judges, in the view's order."""
    by_sector: dict[str, list[str]] = {}
    sectors = load_board().sectors
    for c in view.get("crimes") or []:
        if c.get("sector") in sectors:
            by_sector.setdefault(c["sector"], []).append(c["crime"])
    crowd: dict[str, int] = {}
    for j in view.get("judges") or []:
        crowd[j.get("at")] = crowd.get(j.get("at"), 0) + 1
    out: dict[str, Box] = {}
    for code, crimes in by_sector.items():
        x0, y0, x1, y1 = sector_box(code)
        top, bottom = y0 + NAME_H, y1 - JUDGE_ROW - 2 - (24 if crowd.get(code, 0) > 4 else 0)
        n = len(crimes)
        h = min(34.0, (bottom - top - 3 * (n - 1)) / n)
        y = top + (bottom - top - (h * n + 3 * (n - 1))) / 2
        for crime in crimes:
            out[crime] = (x0 + 4, y, x1 - 4, y + h)
            y += h + 3
    return out


def draw_crimes(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], boxes: Mapping[str, Box]) -> None:
    """Each Crime as a small card: the Perp on top (face down "?", or its name and red CV; a
    Perp this seat has peeked at keeps the dark back with its name in gold), the Crime below.
    Only a Perp the view shows is looked up: a face-down one is null there."""
    for c in view.get("crimes") or []:
        box = boxes.get(c.get("crime"))
        if box is None:
            continue
        x0, y0, x1, y1 = (round(v) for v in box)
        perp = c.get("perp")
        perp_name = say(f"judge_dredd.perp.{perp}") if perp else None
        crime_name = say(f"judge_dredd.crime.{c['crime']}")
        sprite = _crime_card(th.name, x1 - x0, y1 - y0, perp_name, c.get("perp_cv") if perp else None,
                             bool(perp) and bool(c.get("revealed")), crime_name, c.get("crime_cv"))
        canvas.paste(sprite, (x0, y0), sprite)


@lru_cache(maxsize=512)
def _crime_card(theme_name: str, w: int, h: int, perp: str | None, perp_cv: Any, face_up: bool, crime: str,
                crime_cv: Any) -> Image.Image:
    """A Crime card sprite (cached: Crimes stay on the board for many boards)."""
    th = THEMES[theme_name]
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    box = (0, 0, w, h)
    d.rounded_rectangle(box, radius=4, fill=th["crime"], outline=th["card_ink"], width=1)
    if h < 24:  # three or more Crimes in one Sector: one line each
        _card_line(d, th, box, crime if perp else "? " + crime, crime_cv, th["card_ink"])
        return img
    mid = h / 2
    if not face_up:
        d.rounded_rectangle((0, 0, w, mid), radius=4, fill=th["perp_back"])
        d.rectangle((0, mid - 4, w, mid), fill=th["perp_back"])
    if perp:
        _card_line(d, th, (0, 0, w, mid), perp, perp_cv, th["card_ink"] if face_up else th["gold"],
                   cv_fill=th["cv"] if face_up else th["gold"])
    else:
        d.text((w / 2, mid / 2 + 1), "?", font=font("bold", 13), fill=th["gold"], anchor="mm")
    _card_line(d, th, (0, mid, w, h), crime, crime_cv, th["card_ink"])
    d.rounded_rectangle(box, radius=4, outline=th["card_ink"], width=1)
    return img


def _card_line(d: ImageDraw.ImageDraw, th: Theme, box: Box, name: str, cv: Any, fill: RGB,
               cv_fill: RGB | None = None) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    cv_text = str(cv) if cv is not None else ""
    fcv = font("bold", 12)
    room = x1 - x0 - 8 - (fcv.getlength(cv_text) + 4 if cv_text else 0)
    f = fit_font(name, 11, room, "condensed", min_size=8)
    d.text((x0 + 4, cy), ellipsize(name, f, room), font=f, fill=fill, anchor="lm")
    if cv_text:
        d.text((x1 - 4, cy), cv_text, font=fcv, fill=cv_fill or th["cv"], anchor="rm")


def draw_highlight_crime(canvas: Image.Image, th: Theme, box: Box, label: str) -> None:
    d = ImageDraw.Draw(canvas)
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=5, outline=th["hl_edge"], width=3)
    badge = highlight_badge(label, th, light=True)
    paste_centred(canvas, badge, (x0 - 1, (y0 + y1) / 2))
