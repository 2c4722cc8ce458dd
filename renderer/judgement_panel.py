"""The header and the players of the City of Judgement board: above the ring the turn, what the
table waits for and the attack being resolved; under the damage track one row per player.

A row shows only what everyone may see (the view holds nothing else, P4): the colour and name
together ("藍 Blue Mainwaring", as the messages name a seat: its colour with its player), the
character and its HP once face up (a face-down card "?" before), the identity once shown or dead
(rulebook 死亡: the identity card is turned up), the damage, the equipment in play (裝備, public),
封印 and the shields (守護天使, 鐵壁), whose turn it is and who is asked now. Every word is
bilingual, Chinese then English, on the public board; in the reader's language alone on a seat's
own (`judgement_look.board_langs`). Every text is at least `MIN_TEXT` high (`judgement_board`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from renderer.caches import MB
from renderer.common import (
    RGB,
    Kept,
    Theme,
    blend,
    draw_named,
    ellipsize,
    font,
    font_for,
    named_length,
    paste_centred,
    pill,
)
from renderer.judgement_board import (
    HEAD_Y0,
    HEAD_Y1,
    HEIGHT,
    MARGIN,
    PANEL_Y0,
    PIECE,
    WIDTH,
    Canvases,
    Pixels,
    draw_pair,
    en_font,
    pair_width,
    pixels_bytes,
)
from renderer.judgement_look import (
    MESSAGES,
    REASONS,
    STEPS,
    K,
    both,
    colour_of,
    content,
    drawn_words,
    given_name,
    identity_colour,
    joined,
    names2,
    piece,
    players,
    seat_label_parts,
    seat_names,
    seat_of,
)

X0, X1 = MARGIN, WIDTH - MARGIN
Y0, Y1 = PANEL_Y0, HEIGHT - MARGIN
PILL = 26
"""A pill's height: its words are then `MIN_TEXT` high."""
DOT = 24
"""A player's colour in the header (no number: the words beside it name the player)."""
WHITE = (255, 255, 255)


ROW_GAP = 4


def row_height(n: int) -> int:
    """A player's row: three lines (the equipment on a line of its own) up to six players, two
    lines beyond (at most nine rows fill the board's full `HEIGHT`)."""
    return 96 if n <= 6 else 64


def board_height(view: Mapping[str, Any]) -> int:
    """The board's height for this view: down to its last player's row (`HEIGHT` for nine)."""
    n = len(players(view))
    return min(HEIGHT, PANEL_Y0 + n * row_height(n) + max(0, n - 1) * ROW_GAP + MARGIN) if n else PANEL_Y0


def draw_panel(c: Canvases, th: Theme, view: Mapping[str, Any], names: Mapping[int, str] | None,
               ground: Any = None) -> None:
    """The header's lines and the players' rows (`Canvases.area`), each pasted from those drawn
    before when all it shows is the same. `ground`: what the board under the panel is drawn from (the
    background's arguments and what the damage track shows: the first row's area begins with the
    foot of the track)."""
    over = bool(view.get("over")) or view.get("phase") == "over"
    words = drawn_words()
    title = repr((view.get("phase"), over, view.get("turn_no"), view.get("step")))
    c.area(_HEADERS, TITLE_AREA, (th, ground, title, words), partial(_title, c.rgb, th, view))
    if over:
        said = repr((view.get("reason"), [(s, colour_of(view, seat_of(s))) for s in view.get("winners") or []]))
        c.area(_HEADERS, WINNERS_AREA, (th, ground, said, words), partial(_winners, c.rgb, th, view, names, ASKED_Y))
    else:
        frame = view.get("frame")
        asked = _asked(view)
        said = repr((frame, [(s, colour_of(view, s), given_name(names, s)) for s in asked]))
        c.area(_HEADERS, ASKED_AREA, (th, ground, said, words), partial(_asked_line, c.rgb, th, view, names))
        a = view.get("attack")
        seats = [seat_of(s) for s in [a.get("attacker"), *(a.get("targets") or [])]] if isinstance(a, Mapping) else []
        said = repr((a, [(s, colour_of(view, s)) for s in seats]))
        c.area(_HEADERS, ATTACK_AREA, (th, ground, said, words),
               partial(_attack_line, c.rgb, th, view, names, ATTACK_Y))
    rows = players(view)
    if not rows:
        return
    y: float = Y0
    gap = ROW_GAP
    h = min(row_height(len(rows)), int((Y1 - y - gap * (len(rows) - 1)) / len(rows)))
    shared = (repr((view.get("phase"), view.get("over"))), drawn_words())
    boxes = []
    for _ in rows:
        boxes.append((X0, y, X1, y + h))
        y += h + gap
    areas = [_area(box) for box in boxes]
    named = [bool(given_name(names, seat_of(p.get("seat")))) for p in rows]  # a key with a name is kept nowhere
    under: Any = ground
    for i, (p, box) in enumerate(zip(rows, boxes, strict=True)):
        below = max(0, areas[i][3] - areas[i + 1][1]) if i + 1 < len(rows) else 0
        full = (th, box, under, (_row_key(view, p, names), shared))
        pixels = c.area(_ROWS, areas[i], full, partial(_draw_row, c.rgb, th, view, p, names, box),
                        shared=not named[i])
        # what the next row stands on: the pixels this row leaves there, or, for a row kept nowhere
        # (`named`), this row's key (all its pixels follow from it), not read out of them
        under = ("row", full) if i + 1 < len(rows) and named[i + 1] else pixels.tail(below)


TITLE_Y, ASKED_Y, ATTACK_Y = HEAD_Y0 + 22, HEAD_Y0 + 56, HEAD_Y0 + 90
"""The header's three lines: the turn and its step; the decision or who is asked (or, once the game
is over, the winners, down to the foot of the header); the attack being resolved."""
TITLE_AREA = (int(X0), HEAD_Y0, int(X1) + 1, HEAD_Y0 + 39)
ASKED_AREA = (int(X0), HEAD_Y0 + 39, int(X1) + 1, HEAD_Y0 + 73)
ATTACK_AREA = (int(X0), HEAD_Y0 + 73, int(X1) + 1, HEAD_Y1 + 1)
WINNERS_AREA = (int(X0), HEAD_Y0 + 39, int(X1) + 1, HEAD_Y1 + 1)
"""The header's lines' areas (all each line draws is inside), on the header's box (`background`)."""
_HEADERS: Kept[Pixels] = Kept("judgement_panel._HEADERS", 2 * MB, pixels_bytes)
"""Header lines drawn lately (about 40-80 KB each with their paletted pixels): a decision asked
again, a turn's title through its steps."""


# ---------------------------------------------------------------------------- header


def _title(img: Image.Image, th: Theme, view: Mapping[str, Any]) -> None:
    """The header's first line: the turn (or the phase) and its step."""
    d = ImageDraw.Draw(img)
    phase = view.get("phase")
    over = bool(view.get("over")) or phase == "over"
    y: float = TITLE_Y
    turn = int(view.get("turn_no") or 0)
    if over:
        title = both(K + "phase.over")
    elif phase == "turn" and turn:
        title = both(K + "turn", n=turn)
    else:
        title = both(K + "phase." + str(phase)) if phase in ("pick", "start_roll") else both(K + "phase.turn")
    room = X1 - X0 - 28
    if phase == "turn" and not over and view.get("step") in STEPS:
        p = pill(joined(both(K + "step." + str(view["step"]))), 30, th["title"], th["gold"], th["title"],
                 max_width=250)
        paste_centred(img, p, (X1 - 12 - p.width / 2, y))
        room -= p.width + 10
    draw_pair(d, (X0 + 14, y), title, 24, th["ink"], th["muted"], bold_zh=True, max_width=room)


def _asked(view: Mapping[str, Any]) -> list[int]:
    """The seats asked now: the open decision's, else those to act."""
    frame = view.get("frame") if isinstance(view.get("frame"), Mapping) else None
    return [s for s in (seat_of(x) for x in (frame or {}).get("asked") or view.get("to_act") or []) if s is not None]


def _asked_line(img: Image.Image, th: Theme, view: Mapping[str, Any], names: Mapping[int, str] | None) -> None:
    """The header's second line: the decision being made (and what it is about) or who is asked,
    and the colours of the seats asked."""
    d = ImageDraw.Draw(img)
    y: float = ASKED_Y
    frame = view.get("frame") if isinstance(view.get("frame"), Mapping) else None
    asked = _asked(view)
    words: tuple[str, str] | None = None
    if frame is not None:
        kind = str(frame.get("kind") or "")
        words = both(K + "frame." + kind) if (K + "frame." + kind) in MESSAGES else both(K + "frame")
    elif len(asked) == 1:
        who = seat_names(view, asked[0], names)
        words = (both(K + "to_act", player=who[0])[0], both(K + "to_act", player=who[1])[1])
    elif asked:
        words = both(K + "waiting", n=len(asked))
    # The dots of the seats asked close up (overlapping) before the words would be cut.
    n = len(asked[:9])
    step = float(DOT + 2)
    need = pair_width(words, 18) if words and n > 1 else 0.0  # one dot needs no room made (nor the measure)
    if n > 1 and X1 - X0 - 30 - DOT - step * (n - 1) - 2 < need:
        step = max(DOT * 0.4, (X1 - X0 - 30 - DOT - 2 - need) / (n - 1))
    room = X1 - X0 - 30 - (DOT + 2 + step * (n - 1) if n else 0)
    if words is not None:
        w = draw_pair(d, (X0 + 14, y), words, 20, th["ink"], th["muted"], max_width=room)
        about = _frame_subject(frame) if frame is not None else None
        if about is not None and pair_width(about, 18) <= room - w - 10:  # shown whole or not at all
            draw_pair(d, (X0 + 14 + w + 10, y), about, 20, th["id_guard"], th["muted"], max_width=room - w - 10)
    x = X1 - 14 - DOT / 2
    for seat in reversed(asked[:9]):
        paste_centred(img, piece(th, colour_of(view, seat), None, DOT), (x, y))
        x -= step


def _frame_subject(frame: Mapping[str, Any]) -> tuple[str, str] | None:
    """What a decision is about, when its public data names it: a card (e.g. an identity card
    drawn), a skill, a location."""
    for key, kind in (("card", "card"), ("skill", "skill"), ("location", "location")):
        value = frame.get(key)
        if isinstance(value, str) and value:
            return names2(kind, value)
    return None


def _attack_line(img: Image.Image, th: Theme, view: Mapping[str, Any], names: Mapping[int, str] | None,
                 y: float) -> None:
    """The attack being resolved: attacker → targets (their colours), the damage dealt to each and
    the dice, d6 − d4 (a miss when 0 or less)."""
    a = view.get("attack")
    if not isinstance(a, Mapping):
        return
    d = ImageDraw.Draw(img)
    attacker = seat_of(a.get("attacker"))
    x: float = X0 + 14
    x += draw_pair(d, (x, y), both(K + "attack"), 20, th["hp"], blend(th["hp"], th["muted"], 0.5)) + 8
    if attacker is not None:
        paste_centred(img, piece(th, colour_of(view, attacker), None, DOT), (x + DOT / 2, y))
        x += DOT + 4
    d.text((x, y), "→", font=en_font(20), fill=th["ink"], anchor="lm")
    x += 24
    dealt = {seat_of(k): v for k, v in (a.get("dealt") or {}).items()}
    for t in [s for s in (seat_of(v) for v in a.get("targets") or []) if s is not None][:5]:
        paste_centred(img, piece(th, colour_of(view, t), None, DOT), (x + DOT / 2, y))
        x += DOT + 4
        if t in dealt:
            d.text((x, y), f"−{dealt[t]}", font=en_font(19), fill=th["hp"], anchor="lm")
            x += 30
    if a.get("d6") is not None and a.get("d4") is not None:
        try:
            d6, d4 = int(a["d6"]), int(a["d4"])
        except (TypeError, ValueError):
            return
        d.text((X1 - 14, y), f"d6 {d6} − d4 {d4} = {max(0, d6 - d4)}", font=en_font(19), fill=th["ink"], anchor="rm")


def _winners(img: Image.Image, th: Theme, view: Mapping[str, Any], names: Mapping[int, str] | None,
             y: float) -> None:
    d = ImageDraw.Draw(img)
    reason = str(view.get("reason") or "")
    kind, _, who = reason.partition(":")
    if kind == "commoner" and who:
        zh_c, en_c = names2("character", who)
        zh, _ = both(K + "reason.commoner", character=zh_c)
        _, en = both(K + "reason.commoner", character=en_c)
        words = (zh, en)
    elif kind in REASONS:
        words = both(K + "reason." + kind)
    else:
        words = both(K + "winners")
    winners = [s for s in (seat_of(v) for v in view.get("winners") or []) if s is not None]
    draw_pair(d, (X0 + 14, y), words, 20, th["ink"], th["muted"], bold_zh=True, max_width=X1 - X0 - 28)
    x = X0 + 14 + PIECE / 2
    for s in winners:
        paste_centred(img, piece(th, colour_of(view, s), s, PIECE, th["gold"]), (x, y + 30))
        x += PIECE + 12


# ---------------------------------------------------------------------------- rows


ROWS_BUDGET = 2 * MB
"""Player rows kept, in bytes (a row's area is 180-250 KB with its paletted pixels): only the rows of
seats without a player's name are kept (a row shows its player's name, which no cache keeps), and a
row that did not change since the last board on its ground is that board's (`Canvases`)."""
ROW_MARGIN = 8
"""Pixels around a row's box that its crop keeps: a ringed piece stands out of the box. The first
row's area begins with the foot of the damage track with its HP marks; each other row's area with
the bottom of the row above's area (rows are `ROW_GAP` apart, so their areas overlap)."""
UNDRAWN = frozenset({"at", "used"})
"""A player's entries its row does not show (where its piece stands, its used skills): left out of
the row's key, so a move keeps the row."""


_ROWS: Kept[Pixels] = Kept("judgement_panel._ROWS", ROWS_BUDGET, pixels_bytes)
"""The rows drawn lately (`Canvases.area`), by what they show and what they stand on: the pixels
the row above left in the top of their area (its `Pixels.tail`), or for the first row what the
board under the panel is drawn from."""


def _area(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A row's kept area: its box and `ROW_MARGIN` round it."""
    x0, y0, x1, y1 = box
    m = ROW_MARGIN
    return (int(x0) - m, int(y0) - m, int(x1) + m + 1, int(y1) + m + 1)


def _row_key(view: Mapping[str, Any], p: Mapping[str, Any], names: Mapping[int, str] | None) -> tuple[Any, ...]:
    """What a player's row shows of the view but the board's words: its player's entry (but
    `UNDRAWN`), colour and player's name (its label is those in the board's words), whether it
    acts or won."""
    seat = seat_of(p.get("seat"))
    entry = repr(tuple(item for item in p.items() if item[0] not in UNDRAWN))
    return (entry, colour_of(view, seat), given_name(names, seat), *_marked(view, seat))


def _marked(view: Mapping[str, Any], seat: int | None) -> tuple[bool, bool]:
    """Whether a seat's row is marked as acting (asked, or whose turn it is) and as a winner."""
    over = bool(view.get("over")) or view.get("phase") == "over"
    to_act = {seat_of(s) for s in view.get("to_act") or []}
    active = not over and (seat in to_act or (view.get("phase") == "turn" and seat_of(view.get("active")) == seat))
    winner = over and seat in {seat_of(s) for s in view.get("winners") or []}
    return active, winner


def _draw_row(img: Image.Image, th: Theme, view: Mapping[str, Any], p: Mapping[str, Any],
              names: Mapping[int, str] | None, box: tuple[float, float, float, float]) -> None:
    """Line 1: the piece, the colour and name, the marks, the damage; line 2: the character and its
    HP, then the equipment (on a line of its own when the row has room for three)."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    h = y1 - y0
    seat = seat_of(p.get("seat"))
    colour = colour_of(view, seat)
    alive = bool(p.get("alive", True))
    active, winner = _marked(view, seat)
    pc = th[f"p_{colour}"]
    fill = blend(pc, th["panel"], 0.84) if alive else blend(th["dead"], th["panel"], 0.55)
    edge = th["gold"] if active or winner else blend(pc, th["ink"], 0.25)
    d.rounded_rectangle(box, radius=10, fill=fill, outline=edge, width=3 if active or winner else 1)
    three = h >= 96
    line1 = y0 + 21
    line2 = y0 + h / 2 if three else y1 - 19
    line3 = y1 - 19
    disc = piece(th, colour, seat, PIECE, th["gold"] if active or winner else None)
    at = (x0 + 27, line1 if h < 70 else y0 + h / 2)
    paste_centred(img, disc, at)
    if not alive:  # a small cross at the disc's foot, clear of its seat number
        _cross(d, (at[0] + PIECE / 2 - 2, at[1] + PIECE / 2 - 4), 6, th["ink"])
    left = x0 + 54
    # the damage at the right of line 1, in the track's red: its figure alone (the word would
    # take the room of the equipment; the damage track above names it)
    dmg = p.get("damage", 0)
    fd = en_font(28)
    right = x1 - 12
    d.text((right, line1 + 1), str(dmg), font=fd, fill=th["hp"] if alive else th["muted"], anchor="rm")
    nx = right - fd.getlength(str(dmg))
    top_right = nx - 8
    prefix = "★ " if winner else ("▶ " if active else "")
    head, given = seat_label_parts(view, seat, names)
    head = prefix + head
    fn, name_w = _name_font(head, given, top_right - left)
    if name_w > min(260, top_right - left):
        cut = ellipsize(head + given, fn, min(260, top_right - left))
        head, given = (head, cut[len(head):]) if cut.startswith(head) else (cut, "")
        name_w = named_length(fn, head, given)
    draw_named(d, (left, line1), head, given, fn, th["ink"])
    end2 = _character(img, d, th, view, p, (left, line2), right)
    slots = [[left + name_w + 8, top_right, line1], [end2 + 8, right, line2]]
    if three:
        slots.append([left, right, line3])
    for texts, colour_fill, ink in _marks(th, p):
        mark_edge = blend(colour_fill, th["ink"], 0.3)
        _place([pill(text, PILL, colour_fill, ink, mark_edge) for text in texts], slots, img)
    _equipment(img, th, p, view, slots)


def _name_font(head: str, given: str, room: float) -> tuple[Any, float]:
    """`fit_font(head + given, 20, room, "bold", 18)` and the line's width in it: a seat's colour
    (`head`, kept) and its player's name (`given`, which no cache keeps), measured once at each size
    tried (its width at the last size tried is the one drawn, so it is not measured again)."""
    name = head + given
    for size in (20, 19):
        f = font_for(name, size, "bold")
        width = named_length(f, head, given)
        if width <= room:
            return f, width
    f = font_for(name, 18, "bold")
    return f, named_length(f, head, given)


def _place(forms: list[Image.Image], slots: list[list[float]], img: Image.Image) -> None:
    """Paste the first of `forms` (longest first) that fits whole in a free space of the row
    (`slots`: [x, end, y], in order), where it first fits; nothing when none fits anywhere."""
    for mark in forms:
        for slot in slots:
            x, end, line_y = slot
            if x + mark.width <= end:
                paste_centred(img, mark, (x + mark.width / 2, line_y))
                slot[0] = x + mark.width + 4
                return


def _cross(d: ImageDraw.ImageDraw, c: tuple[float, float], r: float, ink: RGB) -> None:
    x, y = c
    d.line((x - r, y - r, x + r, y + r), fill=(255, 255, 255), width=6)
    d.line((x - r, y + r, x + r, y - r), fill=(255, 255, 255), width=6)
    d.line((x - r, y - r, x + r, y + r), fill=ink, width=3)
    d.line((x - r, y + r, x + r, y - r), fill=ink, width=3)


def _marks(th: Theme, p: Mapping[str, Any]) -> list[tuple[tuple[str, ...], RGB, RGB]]:
    """The row's marks, the identity first (what players decide by): each with its words from the
    longest to the shortest (both languages, then the first alone), drawn in the first that fits."""
    out: list[tuple[tuple[str, ...], RGB, RGB]] = []

    def forms(pair: tuple[str, str], prefix: str = "") -> tuple[str, ...]:
        return tuple(dict.fromkeys((prefix + joined(pair), prefix + pair[0])))

    identity = p.get("identity")
    if identity:
        out.append((forms(names2("identity", identity)), identity_colour(th, identity), WHITE))
    if not p.get("alive", True):
        out.append((forms(both(K + "dead"), "† "), th["dead"], WHITE))
    if p.get("sealed"):
        out.append((forms(both(K + "sealed")), th["sealed"], WHITE))
    shield = p.get("shield")
    if shield in ("attack", "all"):
        out.append((forms(both(K + "shield." + shield)), th["shield"], WHITE))
    return out


def _character(img: Image.Image, d: ImageDraw.ImageDraw, th: Theme, view: Mapping[str, Any],
               p: Mapping[str, Any], at: tuple[float, float], right: float) -> float:
    """The character and its HP, or a face-down card; returns where the line ends."""
    x, y = at
    char = p.get("character")
    if char:
        w = draw_pair(d, (x, y), names2("character", char), 20, th["ink"], th["muted"], max_width=right - x - 100,
                      bold_zh=False)
        hp = p.get("hp")
        if isinstance(hp, int) and not isinstance(hp, bool):
            tag = pill(f"♥ {joined(both(K + 'hp_word'))} {hp}", PILL, th["hp"], WHITE, blend(th["hp"], th["ink"], 0.3))
            paste_centred(img, tag, (x + w + 8 + tag.width / 2, y))
            return x + w + 8 + tag.width
        return x + w
    _face_down(img, th, (x + 9, y))
    if view.get("phase") == "pick":
        words = both(K + ("picked" if p.get("picked") else "choosing"))
    else:
        words = both(K + "face_down")
    return x + 26 + draw_pair(d, (x + 26, y), words, 19, th["muted"], th["muted"], max_width=right - x - 26)


def _face_down(img: Image.Image, th: Theme, c: tuple[float, float]) -> None:
    d = ImageDraw.Draw(img)
    x, y = c
    d.rounded_rectangle((x - 9, y - 12, x + 9, y + 12), radius=3, fill=th["hidden"], outline=th["ink"], width=1)
    d.text((x, y + 1), "?", font=font("bold", 18), fill=th["gold"], anchor="mm")


PACK_CHIP = {"holy": ("holy", (40, 36, 30)), "dark": ("dark_pack", WHITE)}


def _equipment(img: Image.Image, th: Theme, p: Mapping[str, Any], view: Mapping[str, Any],
               slots: list[list[float]]) -> None:
    """The equipment in play as chips, each in the first of the row's free spaces (`slots`: [x, end,
    y]) where it fits whole, "+n" for what fits nowhere; or the start roll."""
    if view.get("phase") == "start_roll" and p.get("start_roll") is not None:
        tag = pill(joined(both(K + "start_roll", n=p["start_roll"]), " · "), PILL, th["title"], th["gold"], th["title"])
        for slot in slots:
            if slot[0] + tag.width <= slot[1]:
                paste_centred(img, tag, (slot[0] + tag.width / 2, slot[2]))
                slot[0] += tag.width + 4
                return
        return
    cards = content().cards
    items = [str(c) for c in p.get("equipment") or []]
    for i, card in enumerate(items):
        record = cards.get(card)
        key, ink = PACK_CHIP.get(record.pack if record else "", ("hidden", WHITE))
        chip = pill(joined(names2("card", card)), PILL, th[key], ink, blend(th[key], th["ink"], 0.35), kind="bold")
        rest = len(items) - i - 1
        for slot in slots:
            if slot[0] + chip.width <= slot[1] - (36 if rest and slot is slots[-1] else 0):
                paste_centred(img, chip, (slot[0] + chip.width / 2, slot[2]))
                slot[0] += chip.width + 4
                break
        else:
            more = f"+{len(items) - i}"
            width = en_font(19).getlength(more) + 4
            for slot in reversed(slots):
                if slot[0] + width <= slot[1]:
                    ImageDraw.Draw(img).text((slot[0] + 2, slot[2]), more, font=en_font(19), fill=th["ink"],
                                             anchor="lm")
                    slot[0] += width
                    break
            return
