"""The panel under the Judtho board: whose move it is, the battle and the alliances, one card
per player (points, Material Score, captured pieces, reserve), and the last move in notation.

Every word is at least `NEED_PX` high (`legible`): 9 px once a phone shows the picture 400 px
wide. Each army's chip carries its letter (W, R, Y, B), so colour is never the only sign of
whose army is whose.

Points and Material Score are the view's numbers (6.2, 8); the panel only shows them. Alliances
(6.1) are bands of gold joining the allied colours; Rivals (3.2) are joined by a dashed line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderer.caches import KB, MB, cached
from renderer.common import (
    RGB,
    Kept,
    Panel,
    Text,
    Theme,
    blend,
    ellipsize,
    paste_centred,
    pill,
    printable,
)
from renderer.judtho_board import army_glyph
from renderer.judtho_look import (
    COLOURS,
    FRAME,
    MESSAGES,
    PIECES,
    K,
    Layout,
    colour_letter,
    colour_name,
    legible,
)

PAD = 8
GAP = 6
STATUS_H = 58
RELATION_H = 34
LAST_H = 34
CHIP = 26
"""An army's chip: its colour with its letter."""
ROW_PIECE = 26
"""A captured or reserve piece in a card."""


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


def _chip(th: Theme, say: Text, colour: str, size: int = CHIP) -> Image.Image:
    """The army's colour as a round chip with its letter on it (colour is never the only sign)."""
    return pill(colour_letter(say, colour), size, th["army_" + colour], _ink_on(th, colour), th[f"army_{colour}_edge"])


def _fitted(text: str, size: int, room: float, kind: str = "bold") -> tuple[ImageFont.FreeTypeFont, str]:
    """The legible font of `text` and the text, cut with `…` to fit `room` (never smaller)."""
    f = legible(text, size, kind)
    return f, ellipsize(text, f, room)


_WORDS = re.compile(r"\s+|[\u2e80-\U0010ffff]|[^\s\u2e80-\U0010ffff]+")
"""Where words may break: between words and between Chinese characters."""
_NOTATION = re.compile(r"\s+|[\u2e80-\U0010ffff]|[^\s\u2e80-\U0010ffff]+?(?:[x\-]|(?=\s|[\u2e80-\U0010ffff]|$))")
"""Where a move in notation may break besides: after its `x` or `-` (`Se4xd3xc2` breaks as
`Se4x` `d3x` `c2`), so that a long capture wraps without being cut."""


def _wrapped(text: str, f: ImageFont.FreeTypeFont, rooms: Sequence[float], breaks: re.Pattern[str] = _WORDS
             ) -> list[str]:
    """`text` in lines, the n-th at most `rooms[n]` wide (the last room for every line after), each
    line broken where `breaks` allows; a piece wider than its line still gets a line of its own."""
    lines = [""]
    for tok in breaks.findall(text.strip()):
        room = rooms[min(len(lines) - 1, len(rooms) - 1)]
        if tok.isspace():
            lines[-1] += " " if lines[-1] else ""
        elif not lines[-1] or f.getlength(lines[-1] + tok) <= room:
            lines[-1] += tok
        else:
            lines[-1] = lines[-1].rstrip()
            lines.append(tok)
    return [line.rstrip() for line in lines]


def _legible_lines(text: str, size: int, rooms: Sequence[float], breaks: re.Pattern[str] = _WORDS
                   ) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """`text` wrapped (`_wrapped`) in the font that keeps every one of its lines legible: a line
    of lower-case letters alone ("move") needs a larger size than the whole text did."""
    f = legible(text, size)
    lines = _wrapped(text, f, rooms, breaks)
    for _ in range(3):
        need = max((legible(line, size) for line in lines), key=lambda g: g.size)
        if need.size <= f.size:
            break
        f = need
        lines = _wrapped(text, f, rooms, breaks)
    return f, lines


LINE_H = 24
"""A line more in the status box or the last move's box."""


def draw_panel(panel: Panel, lay: Layout) -> None:
    """The panel beside the board: whose move, the relations, each player's card, the last move."""
    canvas, th, say, view, names = panel
    x0, x1 = lay.panel_x + PAD, lay.panel_x + lay.panel_w - PAD
    top, bottom = lay.panel_y + PAD, lay.height - FRAME - PAD
    y = _status(panel, (x0, top, x1, top + _status_height(say, view, names, x1 - x0)), lay.files) + GAP
    y = _relations(canvas, th, say, view, (x0, y, x1)) + GAP
    last = _last_parts(say, view, x1 - x0) if (view.get("last_move") or {}).get("text") else None
    last_h = _last_height(last) if last else 0
    players = list(view.get("players") or [])
    if players:
        cols = lay.columns
        rows = -(-len(players) // cols)
        room = bottom - (last_h + GAP if last_h else 0) - y
        h = min(130, (room - GAP * (rows - 1)) / rows)
        w = (x1 - x0 - GAP * (cols - 1)) / cols
        for i, p in enumerate(players):
            cx, cy = x0 + (w + GAP) * (i % cols), y + (h + GAP) * (i // cols)
            _player(panel, p, (cx, cy, cx + w, cy + h), lay.files)
    if last:
        _last_move(canvas, th, last, (x0, bottom - last_h, x1, bottom))


STATUSES_BUDGET = 3 * MB
"""Status boxes kept (`Kept`, in bytes: about 100 KB each, so some thirty): one per army to move, they come
round again."""
_STATUSES: Kept[Image.Image] = Kept("judtho_panel._STATUSES", STATUSES_BUDGET)


def status(say: Text, view: Mapping[str, Any], names: Mapping[int, str] | None) -> tuple[tuple[str, ...], str, str]:
    """What the status box says: the Kings it shows (the army to move, the winners), its line
    (whose move or placement, the winner, an offer) and the words beside it (the phase, the
    battle, how the game ended). The picture and the text board (`judtho_text`) say the same."""
    phase = view.get("phase")
    mover = view.get("to_move") if view.get("to_move") in COLOURS else None
    winners = [c for c in view.get("winner") or [] if c in COLOURS]
    kings = winners if phase == "over" else ([mover] if mover else [])
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
    words = []
    if phase in ("assembly", "placement"):  # "Game over" is the headline already when nobody won
        words.append(say(K + "phase." + phase))
    battle = str(view.get("battle") or "").removeprefix("judtho.battle.")
    if battle:
        words.append(say(K + "battle." + battle) if K + "battle." + battle in MESSAGES else str(battle))
    if phase == "over" and K + f"end.{view.get('end')}" in MESSAGES:  # how it ended (1.3, 1.4, J17, J18)
        words.append(say(K + f"end.{view.get('end')}"))
    return tuple(kings), line, " · ".join(words)


def _status(panel: Panel, box: tuple[float, float, float, float], files: int) -> float:
    """Whose move (or placement) it is, with that army's King; the winner at the end; the phase
    and the battle beside it. Pasted from the boxes drawn before when all it shows is the same
    (`_STATUSES`: keyed by its Kings and words, its box, the theme and the board's width, which
    fix the panel's ground under it; it paints inside its box, and nothing else is drawn there)."""
    canvas, th, say, view, names = panel
    shown = status(say, view, names)
    x0, y0, x1, y1 = box
    area = (int(x0) - 1, int(y0) - 1, int(x1) + 2, int(y1) + 2)  # the box, all the status paints
    _STATUSES.area(canvas, area, (th, files, box, shown), lambda: _paint_status(canvas, th, box, *shown))
    return y1


def _status_room(kings: Sequence[str], width: float) -> tuple[float, float]:
    """Where the status box's words start (from its left edge) and how wide they may run."""
    size = 46 if len(kings) < 2 else 34
    step = size * 0.62
    tx = (10 + size + step * (min(4, len(kings)) - 1) + 4) if kings else 14
    return tx, width - 10 - tx


@cached("judtho_panel._status_lines", 128 * KB)
def _status_lines(line: str, sub: str, kings: tuple[str, ...], width: float
                  ) -> tuple[ImageFont.FreeTypeFont, list[str], ImageFont.FreeTypeFont, list[str]]:
    """The status box's line and its words beside it, each wrapped to the box (never cut). Kept:
    a few dozen lines ("Red to move", the battle) serve every table; a line that names a winner is
    not kept (`caches.table_words`)."""
    _, room = _status_room(kings, width)
    f, lines = _legible_lines(line, 20 if sub else 22, [room])
    fs, subs = _legible_lines(sub, 17, [room]) if sub else (f, [])
    return f, lines, fs, subs


def _status_height(say: Text, view: Mapping[str, Any], names: Mapping[int, str] | None, width: float) -> float:
    """The status box's height: `STATUS_H`, and a line more for each line its words wrap to."""
    kings, line, sub = status(say, view, names)
    _, lines, _, subs = _status_lines(line, sub, kings, width)
    return STATUS_H + LINE_H * max(0, len(lines) + len(subs) - (2 if sub else 1))


def _paint_status(canvas: Image.Image, th: Theme, box: tuple[float, float, float, float], kings: tuple[str, ...],
                  line: str, sub: str) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    colour = th["army_" + kings[0]] if kings else th["muted"]
    d.rounded_rectangle(box, radius=10, fill=blend(colour, th["panel"], 0.8), outline=colour, width=3)
    d.rounded_rectangle(box, radius=10, outline=th["ink"], width=1)
    size = 46 if len(kings) < 2 else 34
    step = size * 0.62
    for i, c in enumerate(kings[:4]):
        paste_centred(canvas, army_glyph(th, c, "king", size), (x0 + 6 + size / 2 + step * i, (y0 + y1) / 2))
    tx = x0 + _status_room(kings, x1 - x0)[0]
    f, lines, fs, subs = _status_lines(line, sub, kings, x1 - x0)
    rows = [(f, text_line) for text_line in lines] + [(fs, sub_line) for sub_line in subs]
    if len(rows) == 1:
        d.text((tx, (y0 + y1) / 2), lines[0], font=f, fill=th["ink"], anchor="lm")
        return
    top = (y0 + y1) / 2 - 23 * (len(rows) - 1) / 2 - (1 if sub else 0)
    for i, (rf, text_line) in enumerate(rows):
        d.text((tx, top + 23 * i), text_line, font=rf, fill=th["ink"], anchor="lm")


def _pairs(view: Mapping[str, Any], relation: str) -> list[tuple[str, str]]:
    rel = view.get("relations") or {}
    out: list[tuple[str, str]] = []
    for a in COLOURS:
        for b in COLOURS:
            if COLOURS.index(a) < COLOURS.index(b) and (rel.get(a) or {}).get(b) == relation:
                out.append((a, b))
    return out


RELATIONS_BUDGET = 1536 * KB
"""Relations rows kept (`_RELATIONS`, in bytes: about 60 KB each, so some twenty-five): a game's
alliances and Rivals change seldom, and the tables of a variant share most of them."""
_RELATIONS: Kept[tuple[Image.Image, float]] = Kept("judtho_panel._RELATIONS", RELATIONS_BUDGET)


def _relations(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any],
               at: tuple[float, float, float]) -> float:
    """The alliances (6.1: a gold band joining the allied colours) and the Rivals (3.2: each
    pair of colours joined by a dashed line), side by side on one line while they fit; returns
    where they end. Pasted from the rows drawn before when they show the same words and armies
    in the same place on the same theme (`_RELATIONS`): what they paint lies on the panel's
    ground, under the status box and above the cards, from `at`'s left to its right end (a row
    that ran past that is not kept)."""
    x0, y, x1 = at
    rows = _relation_rows(view)
    if not rows:
        return y - GAP
    key = (th, at, tuple((kind, say(K + kind), tuple(tuple((c, colour_letter(say, c)) for c in g) for g in groups))
                         for kind, groups in rows), say(K + "versus"))  # every word and letter it draws
    left, top = int(x0) - PAD, int(y) - 1
    found = _RELATIONS.get(key)
    if found is not None:
        canvas.paste(found[0], (left, top))
        return found[1]
    right, end = _paint_relations(canvas, th, say, rows, at)
    area = (left, top, int(x1) + PAD, int(end) + 2)
    if right < area[2] - 4:
        _RELATIONS.keep(key, (canvas.crop(area), end))
    return end


def _paint_relations(canvas: Image.Image, th: Theme, say: Text, rows: list[tuple[str, list[Sequence[str]]]],
                     at: tuple[float, float, float]) -> tuple[float, float]:
    """`_relations`' rows painted; returns the furthest right they reached and where they end."""
    x0, y, x1 = at
    d = ImageDraw.Draw(canvas)
    right = x0
    step = 34
    cx = x0 + 4
    cy = y + RELATION_H / 2
    for kind, groups in rows:
        word = say(K + kind)
        f, word = _fitted(word, 18, 140)
        need = f.getlength(word) + 12 + sum(step * (len(c) - 1) + 40 for c in groups)
        if cx > x0 + 4 and cx + need > x1:
            cx, cy = x0 + 4, cy + RELATION_H
        d.text((cx, cy), word, font=f, fill=th["ink"], anchor="lm")
        cx += f.getlength(word) + 12 + CHIP / 2 + 4
        for n, cols in enumerate(groups):
            span = step * (len(cols) - 1)
            if kind == "sides" and n:  # "vs" between the Single Player's armies and the Partnership
                vf, vs = _fitted(say(K + "versus"), 18, 60)
                d.text((cx - 10, cy), vs, font=vf, fill=th["ink"], anchor="lm")
                cx += vf.getlength(vs) + 8
            if kind in ("alliance", "sides"):
                d.rounded_rectangle((cx - 17, cy - 15, cx + span + 17, cy + 15), radius=15,
                                    fill=th["ally"] if kind == "alliance" else th["paper"], outline=th["ink"], width=1)
            else:
                for dx in range(12, span - 10, 6):
                    d.line((cx + dx, cy, cx + dx + 3, cy), fill=th["rival"], width=3)
            for i, c in enumerate(cols):
                paste_centred(canvas, _chip(th, say, c), (cx + step * i, cy))
            right = max(right, cx + span + 18)  # the band's end, past the last chip's
            cx += span + 44
        cx += 10
    return right, cy + RELATION_H / 2


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


FRAMES_BUDGET = 2 * MB
"""Cards' frames kept (`Kept`, in bytes: about 100 KB each, so some twenty): a frame is what a card
shows of its seat but its words and pieces (its ground, its stripes, the armies' chips; `_frame`),
the same on every table with as many players, for as many armies, one to move or not."""
_FRAMES: Kept[Image.Image] = Kept("judtho_panel._FRAMES", FRAMES_BUDGET)


def _player(panel: Panel, p: Mapping[str, Any], box: tuple[float, float, float, float], files: int) -> None:
    """A player's card: colour stripe, the armies' chips with their letters, name, points;
    Material Score and status; the pieces their armies captured and those in reserve. Its frame
    is pasted from the frames drawn before (`_FRAMES`: keyed by its armies, whether one is to
    move or won, its box, the theme and the board's width, which fix the panel's ground under it;
    it paints inside its box, and nothing else is drawn there); its words and pieces, which
    differ from table to table, are drawn over it (`_paint_words`), in the order drawing the card
    whole (`_paint_player`) draws them, so the pixels are the same."""
    canvas, th, say, view, names = panel
    x0, y0, x1, y1 = box
    cols = [c for c in p.get("colours") or [] if c in COLOURS] or ["white"]
    active = view.get("to_move") in cols and view.get("phase") != "over"
    won = view.get("phase") == "over" and any(c in (view.get("winner") or []) for c in cols)
    prefix = "▶ " if active else ("★ " if won else "")
    status = p.get("status")
    line2 = say(K + "material").format(n=int(p.get("material") or 0))
    if status in ("conquered", "departed"):
        line2 += " · " + say(K + "status." + status)
    captured = tuple((e[0], e[1]) for c in cols for e in (view.get("captured") or {}).get(c) or [] if len(e) >= 2)
    reserve = tuple((c, piece) for c in cols for piece in (view.get("reserve") or {}).get(c) or [])
    shown = _Card(
        cols=tuple(cols),
        letters=tuple(colour_letter(say, c) for c in cols),
        active=active,
        won=won,
        points=say(K + "points").format(n=int(p.get("points") or 0)),
        label=prefix + player_label(say, p, names),
        line2=line2,
        captured=captured,
        reserve=reserve,
        words=(say(K + "captured") if captured else "", say(K + "reserve") if reserve else ""),
    )
    x, room = _label_room(th, shown, box)
    f = legible(shown.label, 19)
    if f.getlength(shown.label) <= room:  # the name's length moves nothing else: the frame is kept
        area = (int(x0) - 1, int(y0) - 1, int(x1) + 2, int(y1) + 2)  # the box, all the frame paints
        key = (th, files, box, shown.cols, shown.letters, active, won)
        _FRAMES.area(canvas, area, key, lambda: _frame(canvas, th, shown, box))
        _paint_words(canvas, th, replace(shown, label=""), box)
        ImageDraw.Draw(canvas).text((x, y0 + 18), shown.label, font=f, fill=th["ink"], anchor="lm")
    else:  # a long name moves the points and the lines (`_paint_player`)
        _paint_player(canvas, th, shown, box)


@dataclass(frozen=True)
class _Card:
    """All a player's card shows (`_player`), in the reader's words."""

    cols: tuple[str, ...]
    letters: tuple[str, ...]
    """Each army's letter on its chip."""
    active: bool
    won: bool
    points: str
    label: str
    """The player's name (or colours) after its mark: ▶ to move, ★ won."""
    line2: str
    """Material Score, and the status when conquered or departed."""
    captured: tuple[tuple[str, str], ...]
    reserve: tuple[tuple[str, str], ...]
    words: tuple[str, str]
    """The words before the captured pieces and before the reserve ("" for a row not shown)."""


def _label_room(th: Theme, shown: _Card, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """Where the card's label starts (after the armies' chips) and the room it has there, left of
    the points."""
    x0, _, x1, _ = box
    pp = pill(shown.points, 26, th["title"], th["cream"], th["ink"])
    x = x0 + 14
    for c, letter in zip(shown.cols, shown.letters, strict=True):
        x += pill(letter, CHIP, th["army_" + c], _ink_on(th, c), th[f"army_{c}_edge"]).width + 3
    return x + 3, x1 - 12 - pp.width - (x + 3)


def _frame(canvas: Image.Image, th: Theme, shown: _Card, box: tuple[float, float, float, float]) -> None:
    """A card's frame: its ground and edge (brighter for the army to move, gold for a winner), a
    stripe in each army's colour and the armies' chips."""
    x0, y0, _, y1 = box
    d = ImageDraw.Draw(canvas)
    cols, active, won = shown.cols, shown.active, shown.won
    fill = blend(th["army_" + cols[0]], th["panel"], 0.82 if active else 0.93)
    edge = th["gold"] if won else (th["ink"] if active else blend(th["muted"], th["panel"], 0.4))
    d.rounded_rectangle(box, radius=8, fill=fill, outline=edge, width=3 if active or won else 1)
    band = (y1 - y0 - 4) / len(cols)
    for i, c in enumerate(cols):
        d.rectangle((x0 + 2, y0 + 2 + band * i, x0 + 8, y0 + 2 + band * (i + 1)), fill=th["army_" + c],
                    outline=th[f"army_{c}_edge"] if c in ("white", "black") else None)
    x = x0 + 14
    for c, letter in zip(cols, shown.letters, strict=True):
        chip = pill(letter, CHIP, th["army_" + c], _ink_on(th, c), th[f"army_{c}_edge"])
        paste_centred(canvas, chip, (x + chip.width / 2, y0 + 18))
        x += chip.width + 3


def _paint_player(canvas: Image.Image, th: Theme, shown: _Card, box: tuple[float, float, float, float]) -> None:
    """A player's card, whole: its frame (`_frame`), then its words and pieces (`_paint_words`)."""
    _frame(canvas, th, shown, box)
    _paint_words(canvas, th, shown, box)


def _paint_words(canvas: Image.Image, th: Theme, shown: _Card, box: tuple[float, float, float, float]) -> None:
    """What a card shows over its frame (`_frame`): the points, the label (none when `shown.label`
    is empty: `_player` draws it last), the Material Score and the rows of pieces."""
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(canvas)
    pp = pill(shown.points, 26, th["title"], th["cream"], th["ink"])
    x, _ = _label_room(th, shown, box)
    x -= 3
    f2 = legible(shown.line2, 17)
    # The points go beside the name while both fit, else beside the Material Score; when neither
    # has room for them, the name gets a line of its own under the chips and the points.
    if shown.label:
        f = legible(shown.label, 19)
        beside = f.getlength(shown.label) <= x1 - 12 - pp.width - (x + 3)
    else:
        beside = x1 - 12 - pp.width - (x + 3) >= 0
    below = not beside and f2.getlength(shown.line2) <= x1 - 12 - pp.width - (x0 + 14)
    alone = not beside and not below
    paste_centred(canvas, pp, (x1 - 6 - pp.width / 2, y0 + (45 if below else 18)))
    if shown.label:
        name_x, name_y = (x0 + 14, y0 + 45) if alone else (x + 3, y0 + 18)
        _, label = _fitted(shown.label, 19, x1 - 6 - name_x if below or alone else x1 - 12 - pp.width - name_x)
        d.text((name_x, name_y), label, font=f, fill=th["ink"], anchor="lm")
    step = 27 if alone else 0
    _, line2 = _fitted(shown.line2, 17, x1 - 6 - (x0 + 14) - (pp.width + 6 if below else 0))
    d.text((x0 + 14, y0 + 45 + step), line2, font=f2, fill=th["ink"], anchor="lm")
    rows = [(word, items) for word, items in zip(shown.words, (shown.captured, shown.reserve), strict=True) if items]
    ground = (th, box, shown.cols, shown.active, shown.won)  # the frame's key: all that lies under the rows
    y = y0 + 72 + step
    for n, (word, items) in enumerate(rows):
        if y + ROW_PIECE / 2 > y1:
            break
        last = n == len(rows) - 1 or y + ROW_PIECE * 1.5 + 2 > y1
        room_y = y1 if last else y  # a row wraps only when nothing follows it: the reserve keeps its line
        y = _piece_row(canvas, th, word, items, (x0 + 14, y, x1 - 6), room_y, ground) + ROW_PIECE + 2


ROWS_BUDGET = 4 * MB
"""Rows of captured or reserve pieces kept (`Kept`, in bytes: about 25 KB each, so some hundred and
fifty): most rows are a piece or two (the Prince and the Princess in reserve, a pawn captured), the
same on many tables' cards."""
_ROWS: Kept[Image.Image] = Kept("judtho_panel._ROWS", ROWS_BUDGET)


def _piece_row(
    canvas: Image.Image,
    th: Theme,
    word: str,
    items: Sequence[tuple[str, str]],
    at: tuple[float, float, float],
    limit: float,
    ground: tuple[Any, ...],
) -> float:
    """A label, then the pieces as small glyphs in their own colours on a light tray (so every
    army reads as on the board, whatever the panel's colour), the same piece grouped with a
    count (`×6`); wraps to a second line when there is room, else ends with `…`. Pasted from the
    rows drawn before when it shows the same in the same place on the same card (`_ROWS`: keyed
    by `ground`, what the card's frame shows, and by where each piece lies): what it paints lies
    between its label's left and just past `at`'s right end (its `…`), from its tray's top to its last tray's
    bottom, where the card's frame alone lies under it (what the card shows above, its points
    and its Material Score, ends above; its rows lie a line apart). Returns the last line's y."""
    x0, y, x1 = at
    top = y
    lf, word = _fitted(word, 16, 100)
    start = x0 + lf.getlength(word) + 8
    order = {(c, p): (COLOURS.index(c) if c in COLOURS else 9, PIECES.index(p) if p in PIECES else 9)
             for c, p in items}
    counts = Counter(items)
    nf = legible("×0", 15)
    placed: list[tuple[float, float, str, str, str]] = []
    x, more = start, False
    for c, p in sorted(counts, key=lambda k: order[k]):
        n = counts[(c, p)]
        tag = f"×{n}" if n > 1 else ""
        w = ROW_PIECE + (nf.getlength(tag) + 2 if tag else 0)
        if x + w > x1 - 14:
            if y + ROW_PIECE * 1.5 + 2 <= limit:
                y += ROW_PIECE + 2
                x = start
            else:
                more = True
                break
        placed.append((x, y, c, p, tag))
        x += w + 2
    # a piece starts at most 12 px left of `x1`, and `…` after the last: 6 px past `x1` holds it
    area = (int(x0) - 4, int(top - ROW_PIECE / 2), int(x1) + 6, int(y + ROW_PIECE / 2) + 2)
    shown = (x0, top, word, tuple(placed), (x, y) if more else None)
    _ROWS.area(canvas, area, (ground, shown), lambda: _paint_row(canvas, th, lf, nf, *shown))
    return y


def _paint_row(canvas: Image.Image, th: Theme, lf: ImageFont.FreeTypeFont, nf: ImageFont.FreeTypeFont, x0: float,
               y: float, word: str, placed: Sequence[tuple[float, float, str, str, str]],
               more: tuple[float, float] | None) -> None:
    """A row of pieces (`_piece_row`) as laid out: its label at (`x0`, `y`), the trays, the pieces
    and their counts, and `…` at `more` when some did not fit."""
    d = ImageDraw.Draw(canvas)
    d.text((x0, y), word, font=lf, fill=th["ink"], anchor="lm")
    for line_y in sorted({py for _, py, *_ in placed}):
        xs = [(px, px + ROW_PIECE + (nf.getlength(tag) + 2 if tag else 0)) for px, py, _, _, tag in placed
              if py == line_y]
        d.rounded_rectangle((xs[0][0] - 3, line_y - ROW_PIECE / 2, xs[-1][1] + 2, line_y + ROW_PIECE / 2), radius=6,
                            fill=th["tray"])
    for px, py, c, p, tag in placed:
        paste_centred(canvas, army_glyph(th, c, p, ROW_PIECE), (px + ROW_PIECE / 2, py))
        if tag:
            d.text((px + ROW_PIECE, py + 3), tag, font=nf, fill=th["army_white_edge"], anchor="lm")
    if more:
        d.text(more, "…", font=nf, fill=th["ink"], anchor="lm")


def _last_parts(say: Text, view: Mapping[str, Any], width: float
                ) -> tuple[ImageFont.FreeTypeFont, str, ImageFont.FreeTypeFont, list[str]]:
    """The last move's box: its word, and the move in notation wrapped after it (its first line
    beside the word, the others under it: never cut)."""
    f = legible(say(K + "last_move"), 17)
    word = say(K + "last_move")
    move = str(view["last_move"]["text"])
    mf, lines = _legible_lines(move, 18, [width - 32 - f.getlength(word), width - 20], _NOTATION)
    return f, word, mf, lines


def _last_height(parts: tuple[ImageFont.FreeTypeFont, str, ImageFont.FreeTypeFont, list[str]]) -> float:
    """The last move's box (laid out by `_last_parts`): `LAST_H`, and a line more for each line the
    move wraps to."""
    return LAST_H + LINE_H * (len(parts[3]) - 1)


def _last_move(canvas: Image.Image, th: Theme, parts: tuple[ImageFont.FreeTypeFont, str, ImageFont.FreeTypeFont,
               list[str]], box: tuple[float, float, float, float]) -> None:
    """The last move's box, as `_last_parts` laid it out for the box's width."""
    x0, y0, _, _ = box
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle(box, radius=8, fill=blend(th["last"], th["panel"], 0.75), outline=th["last"], width=2)
    f, word, mf, lines = parts
    y = y0 + LAST_H / 2
    d.text((x0 + 10, y), word, font=f, fill=th["ink"], anchor="lm")
    tx = x0 + 22 + f.getlength(word)
    for i, line in enumerate(lines):
        d.text((tx if i == 0 else x0 + 10, y + LINE_H * i), line, font=mf, fill=th["ink"], anchor="lm")
