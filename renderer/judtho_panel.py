"""The side panel of the Judtho board: whose move it is, the battle and the alliances, one card
per player (points, Material Score, captured pieces, reserve), and the last move in notation.

Points and Material Score are the view's numbers (6.2, 8); the panel only shows them. Alliances
(6.1) are bands of gold joining the allied colours; Rivals (3.2) are joined by a dashed line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import (
    RGB,
    Text,
    Theme,
    blend,
    ellipsize,
    fit_font,
    font,
    font_for,
    paste_centred,
    pill,
    printable,
    wrap_text,
)
from renderer.judtho_board import army_glyph
from renderer.judtho_look import COLOURS, FRAME, HEIGHT, MESSAGES, PANEL_W, PIECES, TITLE_H, K, Layout, colour_name

PAD = 12


def player_label(say: Text, p: Mapping[str, Any], names: Mapping[int, str] | None) -> str:
    """The player's name when the caller knows it, else their colours ("White & Yellow")."""
    seat = p.get("seat")
    if names and seat is not None and seat in names and (name := printable(str(names[seat]))):
        return name
    cols = [colour_name(say, c) for c in p.get("colours", [])]
    if len(cols) == 2:
        return say(K + "pair").format(first=cols[0], second=cols[1])
    return " ".join(cols)


def _owner(view: Mapping[str, Any], colour: str | None) -> Mapping[str, Any] | None:
    for p in view.get("players") or []:
        if colour in (p.get("colours") or []):
            return p
    return None


def _ink_on(th: Theme, colour: str) -> RGB:
    return th["army_black_edge"] if colour in ("red", "black") else th["army_white_edge"]


def _chip(th: Theme, colour: str, size: int) -> Image.Image:
    return pill("", size, th["army_" + colour], th["ink"], th[f"army_{colour}_edge"])


def draw_panel(
    canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], names: Mapping[int, str] | None, lay: Layout
) -> None:
    x0, x1 = lay.panel_x + PAD, lay.panel_x + PANEL_W - PAD
    top, bottom = TITLE_H + FRAME + PAD, HEIGHT - FRAME - PAD
    y = _status(canvas, th, say, view, names, (x0, top, x1, top + 74)) + 8
    y = _relations(canvas, th, say, view, (x0, y)) + 4
    last_h = 30 if (view.get("last_move") or {}).get("text") else 0
    players = list(view.get("players") or [])
    if players:
        room = bottom - last_h - y
        h = min(150, (room - 8 * (len(players) - 1)) / len(players))
        for p in players:
            _player(canvas, th, say, view, p, names, (x0, y, x1, y + h))
            y += h + 8
    if last_h:
        _last_move(canvas, th, say, view, (x0, bottom - last_h, x1, bottom))


def _status(
    canvas: Image.Image,
    th: Theme,
    say: Text,
    view: Mapping[str, Any],
    names: Mapping[int, str] | None,
    box: tuple[float, float, float, float],
) -> float:
    """Whose move (or placement) it is, with that army's King; the winner at the end; the phase
    and the battle under it."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    phase = view.get("phase")
    mover = view.get("to_move") if view.get("to_move") in COLOURS else None
    winners = [c for c in view.get("winner") or [] if c in COLOURS]
    kings = winners if phase == "over" else ([mover] if mover else [])
    colour = th["army_" + kings[0]] if kings else th["muted"]
    d.rounded_rectangle(box, radius=10, fill=blend(colour, th["panel"], 0.8), outline=colour, width=3)
    d.rounded_rectangle(box, radius=10, outline=th["ink"], width=1)
    if phase == "over":
        if winners:
            who: list[str] = []
            for c in winners:
                p = _owner(view, c)
                label = player_label(say, p, names) if p else colour_name(say, c)
                if label not in who:
                    who.append(label)
            key = "winner" if len(who) == 1 else "winners"
            line = "★ " + say(K + key).format(player=", ".join(who))
        else:
            line = say(K + "draw") if view.get("winner") is not None else say(K + "phase.over")
    elif view.get("proposal") in ("draw", "void"):  # J24: play waits until every player answers
        line = say(K + "offer." + view["proposal"])
    elif mover:
        key = "to_move" if phase == "play" else "to_place"
        owed = [o.get("kind") for o in view.get("owed") or [] if isinstance(o, Mapping) and o.get("colour") == mover]
        if phase == "placement" and owed and K + "to_place." + str(owed[0]) in MESSAGES:  # what a Conquest owes (J22)
            key = "to_place." + str(owed[0])
        line = say(K + key).format(colour=colour_name(say, mover))
    else:
        line = say(K + "phase." + phase) if phase in ("assembly", "play", "placement", "over") else ""
    size = 44 if len(kings) < 2 else 30
    step = size * 0.62
    for i, c in enumerate(kings[:4]):
        paste_centred(canvas, army_glyph(th, c, "king", size), (x0 + 8 + size / 2 + step * i, (y0 + y1) / 2))
    tx = x0 + (12 + size + step * (min(4, len(kings)) - 1) + 6 if kings else 14)
    room = x1 - 10 - tx
    words = []
    if phase in ("assembly", "placement"):  # "Game over" is the headline already when nobody won
        words.append(say(K + "phase." + phase))
    battle = str(view.get("battle") or "").removeprefix("judtho.battle.")
    if battle:
        words.append(say(K + "battle." + battle) if K + "battle." + battle in MESSAGES else str(battle))
    if phase == "over" and K + f"end.{view.get('end')}" in MESSAGES:  # how it ended (1.3, 1.4, J17, J18)
        words.append(say(K + f"end.{view.get('end')}"))
    sub = " · ".join(words)
    f, lines = wrap_text(line, room, 20, "bold", max_lines=1 if sub else 2, min_size=12)
    top = y0 + (24 if sub else (y1 - y0) / 2 - 12 * (len(lines) - 1))
    for i, text_line in enumerate(lines):
        d.text((tx, top + 24 * i), text_line, font=f, fill=th["ink"], anchor="lm")
    if sub:
        fs = fit_font(sub, 15, room, "bold", min_size=11)
        d.text((tx, y0 + 52), ellipsize(sub, fs, room), font=fs, fill=th["muted"], anchor="lm")
    return y1


def _pairs(view: Mapping[str, Any], relation: str) -> list[tuple[str, str]]:
    rel = view.get("relations") or {}
    out: list[tuple[str, str]] = []
    for a in COLOURS:
        for b in COLOURS:
            if COLOURS.index(a) < COLOURS.index(b) and (rel.get(a) or {}).get(b) == relation:
                out.append((a, b))
    return out


def _relations(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], at: tuple[float, float]) -> float:
    """One row per alliance (6.1: a gold band joining the allied colours) and one for the Rivals
    (3.2: each pair of colours joined by a dashed line)."""
    x0, y = at
    d = ImageDraw.Draw(canvas)
    rows = _relation_rows(view)
    if not rows:
        return y
    fonts = {k: fit_font(say(K + k), 14, 100, "bold", min_size=10) for k in {kind for kind, _ in rows}}
    lw = max(min(100, f.getlength(say(K + k))) for k, f in fonts.items())
    step = 34
    for kind, groups in rows:
        cy = y + 14
        word = say(K + kind)
        d.text((x0 + 4, cy), ellipsize(word, fonts[kind], 100), font=fonts[kind], fill=th["ink"], anchor="lm")
        cx = x0 + 16 + lw + 11
        for n, cols in enumerate(groups):
            span = step * (len(cols) - 1)
            if kind == "sides" and n:  # "vs" between the Single Player's armies and the Partnership
                vs = say(K + "versus")
                vf = fit_font(vs, 13, 40, "bold", min_size=9)
                d.text((cx - 8, cy), vs, font=vf, fill=th["muted"], anchor="lm")
                cx += min(40, vf.getlength(vs)) + 6
            if kind in ("alliance", "sides"):
                d.rounded_rectangle((cx - 15, cy - 12, cx + span + 15, cy + 12), radius=12,
                                    fill=th["ally"] if kind == "alliance" else th["paper"], outline=th["ink"], width=1)
            else:
                for dx in range(12, span - 10, 6):
                    d.line((cx + dx, cy, cx + dx + 3, cy), fill=th["rival"], width=3)
            for i, c in enumerate(cols):
                paste_centred(canvas, _chip(th, c, 20), (cx + step * i, cy))
            cx += span + 44
        y += 30
    return y


def _relation_rows(view: Mapping[str, Any]) -> list[tuple[str, list[Sequence[str]]]]:
    """What the relations row says. Trio (Section 4, J28): the two sides, the Single Player's
    armies against the Partnership; the Single Player's own two armies are Rivals only in the
    rules' bookkeeping, so no Rivals row. Quattro: each alliance (6.1), then the Rivals (3.2)."""
    if view.get("variant") == "trio":
        players = [[c for c in p.get("colours") or [] if c in COLOURS] for p in view.get("players") or []]
        single = next((cs for cs in players if len(cs) > 1), [])
        partners = [c for cs in players if cs != single for c in cs]
        return [("sides", [single, partners])] if single and partners else []
    rows: list[tuple[str, list[Sequence[str]]]] = [
        ("alliance", [[c for c in a if c in COLOURS]]) for a in view.get("alliances") or [] if len(a) > 1
    ]
    rivals = _pairs(view, "rival")
    if rivals:
        rows.append(("rivals", list(rivals)))
    return rows


def _player(
    canvas: Image.Image,
    th: Theme,
    say: Text,
    view: Mapping[str, Any],
    p: Mapping[str, Any],
    names: Mapping[int, str] | None,
    box: tuple[float, float, float, float],
) -> None:
    """A player's card: colour stripe, name and status, points; Material Score; the pieces
    their armies captured and those in reserve."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    cols = [c for c in p.get("colours") or [] if c in COLOURS] or ["white"]
    active = view.get("to_move") in cols and view.get("phase") != "over"
    won = view.get("phase") == "over" and any(c in (view.get("winner") or []) for c in cols)
    status = p.get("status")
    fill = blend(th["army_" + cols[0]], th["panel"], 0.82 if active else 0.93)
    edge = th["gold"] if won else (th["ink"] if active else blend(th["muted"], th["panel"], 0.4))
    d.rounded_rectangle(box, radius=8, fill=fill, outline=edge, width=3 if active or won else 1)
    band = (y1 - y0 - 4) / len(cols)
    for i, c in enumerate(cols):
        d.rectangle((x0 + 2, y0 + 2 + band * i, x0 + 10, y0 + 2 + band * (i + 1)), fill=th["army_" + c],
                    outline=th[f"army_{c}_edge"] if c in ("white", "black") else None)
    pts = say(K + "points").format(n=int(p.get("points") or 0))
    pp = pill(pts, 24, th["title"], th["cream"], th["ink"])
    paste_centred(canvas, pp, (x1 - 8 - pp.width / 2, y0 + 18))
    prefix = "▶ " if active else ("★ " if won else "")
    label = prefix + player_label(say, p, names)
    room = x1 - 16 - pp.width - (x0 + 18)
    f = fit_font(label, 17, room, "bold", min_size=12)
    label = ellipsize(label, f, room)
    d.text((x0 + 18, y0 + 18), label, font=f, fill=th["ink"], anchor="lm")
    line2 = say(K + "material").format(n=int(p.get("material") or 0))
    if status in ("conquered", "departed"):
        line2 += " · " + say(K + "status." + status)
    d.text((x0 + 18, y0 + 40), line2, font=font_for(line2, 13, "bold"), fill=th["muted"], anchor="lm")
    captured = [tuple(e) for c in cols for e in (view.get("captured") or {}).get(c) or [] if len(e) >= 2]
    reserve = [(c, piece) for c in cols for piece in (view.get("reserve") or {}).get(c) or []]
    y = y0 + 62
    rows = [("captured", captured), ("reserve", reserve)]
    if view.get("phase") == "assembly":  # 1.2: nothing is captured before play; the reserve gets the room
        rows = rows[1:]
    for key, items in rows:
        if y + 10 > y1 or (key == "reserve" and not items):
            continue
        limit = y1 - 26 if key == "captured" and reserve else y1  # the reserve keeps its line
        y = _piece_row(canvas, th, say(K + key), items, (x0 + 18, y, x1 - 6), limit, say(K + "none")) + 26


def _piece_row(
    canvas: Image.Image,
    th: Theme,
    word: str,
    items: Sequence[tuple[str, str]],
    at: tuple[float, float, float],
    limit: float,
    empty: str,
) -> float:
    """A label, then the pieces as small glyphs in their own colours on a light tray (so every
    army reads as on the board, whatever the panel's colour), the same piece grouped with a
    count (`×6`); wraps to a second line when there is room, else ends with `…`."""
    x0, y, x1 = at
    d = ImageDraw.Draw(canvas)
    lf = fit_font(word, 12, 70, "bold", min_size=9)
    d.text((x0, y), word, font=lf, fill=th["muted"], anchor="lm")
    start = x0 + min(70, lf.getlength(word)) + 8
    if not items:
        d.text((start, y), empty, font=font_for(empty, 12, "regular"), fill=th["muted"], anchor="lm")
        return y
    order = {(c, p): (COLOURS.index(c) if c in COLOURS else 9, PIECES.index(p) if p in PIECES else 9)
             for c, p in items}
    counts = Counter(items)
    nf = font("bold", 11)
    placed: list[tuple[float, float, str, str, str]] = []
    x, more = start, False
    for c, p in sorted(counts, key=lambda k: order[k]):
        n = counts[(c, p)]
        tag = f"×{n}" if n > 1 else ""
        w = 24 + (nf.getlength(tag) + 2 if tag else 0)
        if x + w > x1:
            if y + 50 <= limit:
                y += 26
                x = start
            else:
                more = True
                break
        placed.append((x, y, c, p, tag))
        x += w + 2
    for line_y in sorted({py for _, py, *_ in placed}):
        xs = [(px, px + 24 + (nf.getlength(tag) + 2 if tag else 0)) for px, py, _, _, tag in placed if py == line_y]
        d.rounded_rectangle((xs[0][0] - 3, line_y - 12, xs[-1][1] + 2, line_y + 12), radius=6, fill=th["tray"])
    for px, py, c, p, tag in placed:
        paste_centred(canvas, army_glyph(th, c, p, 24), (px + 12, py))
        if tag:
            d.text((px + 24, py + 5), tag, font=nf, fill=th["army_white_edge"], anchor="lm")
    if more:
        d.text((x, y), "…", font=nf, fill=th["muted"], anchor="lm")
    return y


def _last_move(
    canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], box: tuple[float, float, float, float]
) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle(box, radius=8, fill=blend(th["last"], th["panel"], 0.75), outline=th["last"], width=2)
    word = say(K + "last_move")
    f = fit_font(word, 13, 120, "bold", min_size=10)
    d.text((x0 + 10, (y0 + y1) / 2), word, font=f, fill=th["ink"], anchor="lm")
    move = str(view["last_move"]["text"])
    tx = x0 + 20 + f.getlength(word)
    mf = fit_font(move, 16, x1 - 10 - tx, "bold", min_size=10)
    d.text((tx, (y0 + y1) / 2), ellipsize(move, mf, x1 - 10 - tx), font=mf, fill=th["ink"], anchor="lm")
