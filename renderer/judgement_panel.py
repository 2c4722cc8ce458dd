"""The right of the public City of Judgement board: the turn and what the table waits for, then one
row per player.

A row shows only what everyone may see (the view holds nothing else, P4): the colour and
name, the character and its HP once face up (a face-down card "?" before), the identity once
shown or dead (rulebook 死亡: the identity card is turned up), the damage, the equipment in play
(裝備, public), 封印 and the shields (守護天使, 鐵壁), whose turn it is and who is asked now.
Every word is bilingual, Chinese then English, on the public board; in the reader's language alone
on a seat's own (`judgement_look.board_langs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import RGB, Theme, blend, font, paste_centred, pill
from renderer.judgement_board import HEIGHT, TITLE_H, WIDTH, draw_pair, en_font, zh_font
from renderer.judgement_look import (
    MESSAGES,
    REASONS,
    STEPS,
    K,
    both,
    colour_of,
    content,
    identity_colour,
    joined,
    names2,
    piece,
    players,
    seat_names,
    seat_of,
)

X0, X1 = 760, WIDTH - 12
Y0, Y1 = TITLE_H + 10, HEIGHT - 12
WHITE = (255, 255, 255)


def draw_panel(img: Image.Image, th: Theme, view: Mapping[str, Any], names: Mapping[int, str] | None) -> None:
    y = _header(img, th, view, names)
    rows = players(view)
    if not rows:
        return
    gap = 5
    h = min(112, int((Y1 - y - gap * (len(rows) - 1)) / len(rows)))
    for p in rows:
        _row(img, th, view, p, names, (X0, y, X1, y + h))
        y += h + gap


# ---------------------------------------------------------------------------- header


def _header(img: Image.Image, th: Theme, view: Mapping[str, Any], names: Mapping[int, str] | None) -> int:
    d = ImageDraw.Draw(img)
    phase = view.get("phase")
    over = bool(view.get("over")) or phase == "over"
    h = 96 if over or isinstance(view.get("attack"), Mapping) else 74
    d.rounded_rectangle((X0, Y0, X1, Y0 + h), radius=12, fill=th["panel"])
    y = Y0 + 18
    turn = int(view.get("turn_no") or 0)
    if over:
        title = both(K + "phase.over")
    elif phase == "turn" and turn:
        title = both(K + "turn", n=turn)
    else:
        title = both(K + "phase." + str(phase)) if phase in ("pick", "start_roll") else both(K + "phase.turn")
    draw_pair(d, (X0 + 14, y), title, 19, th["ink"], th["muted"], bold_zh=True, max_width=240)
    if phase == "turn" and not over and view.get("step") in STEPS:
        p = pill(joined(both(K + "step." + str(view["step"]))), 24, th["title"], th["gold"], th["title"], max_width=200)
        paste_centred(img, p, (X1 - 12 - p.width / 2, y))
    y += 28
    if over:
        _winners(img, th, view, names, y)
        return Y0 + h + 8
    frame = view.get("frame") if isinstance(view.get("frame"), Mapping) else None
    asked = [s for s in (seat_of(x) for x in (frame or {}).get("asked") or view.get("to_act") or []) if s is not None]
    if frame is not None:
        kind = str(frame.get("kind") or "")
        words = both(K + "frame." + kind) if (K + "frame." + kind) in MESSAGES else both(K + "frame")
        room = X1 - X0 - 30 - 23 * len(asked[:9])
        w = draw_pair(d, (X0 + 14, y), words, 14, th["ink"], th["muted"], max_width=room)
        about = _frame_subject(frame)
        if about is not None and room - w > 60:
            draw_pair(d, (X0 + 14 + w + 10, y), about, 13, th["id_guard"], th["muted"], max_width=room - w - 10)
    elif len(asked) == 1:
        who = seat_names(view, asked[0], names)
        draw_pair(d, (X0 + 14, y), both(K + "to_act", player=who[0]) if who[0] == who[1] else
                  (both(K + "to_act", player=who[0])[0], both(K + "to_act", player=who[1])[1]),
                  14, th["ink"], th["muted"], max_width=X1 - X0 - 60)
    elif asked:
        draw_pair(d, (X0 + 14, y), both(K + "waiting", n=len(asked)), 14, th["ink"], th["muted"],
                  max_width=X1 - X0 - 30 - 24 * len(asked))
    x = X1 - 16
    for seat in reversed(asked[:9]):
        paste_centred(img, piece(th, colour_of(view, seat), seat, 20), (x, y))
        x -= 23
    y += 24
    _attack_line(img, th, view, names, y)
    return Y0 + h + 8


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
    """The attack being resolved: attacker → targets, d6 − d4 and the damage dealt."""
    a = view.get("attack")
    if not isinstance(a, Mapping):
        return
    d = ImageDraw.Draw(img)
    attacker = seat_of(a.get("attacker"))
    x: float = X0 + 14
    x += draw_pair(d, (x, y), both(K + "attack"), 13, th["hp"], blend(th["hp"], th["muted"], 0.5)) + 8
    if attacker is not None:
        paste_centred(img, piece(th, colour_of(view, attacker), attacker, 18), (x + 9, y))
        x += 22
    d.text((x, y), "→", font=en_font(14), fill=th["ink"], anchor="lm")
    x += 20
    dealt = {seat_of(k): v for k, v in (a.get("dealt") or {}).items()}
    for t in [s for s in (seat_of(v) for v in a.get("targets") or []) if s is not None][:5]:
        paste_centred(img, piece(th, colour_of(view, t), t, 18), (x + 9, y))
        x += 22
        if t in dealt:
            d.text((x, y), f"−{dealt[t]}", font=en_font(12), fill=th["hp"], anchor="lm")
            x += 24
    if a.get("d6") is not None and a.get("d4") is not None:
        try:
            d6, d4 = int(a["d6"]), int(a["d4"])
        except (TypeError, ValueError):
            return
        d.text((X1 - 14, y), f"d6 {d6} − d4 {d4} = {max(0, d6 - d4)}", font=en_font(12), fill=th["ink"], anchor="rm")


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
    draw_pair(d, (X0 + 14, y), words, 15, th["ink"], th["muted"], bold_zh=True, max_width=X1 - X0 - 28)
    x = X0 + 24
    for s in [seat_of(v) for v in view.get("winners") or []]:
        if s is None:
            continue
        paste_centred(img, piece(th, colour_of(view, s), s, 22, th["gold"]), (x, y + 28))
        x += 30


# ---------------------------------------------------------------------------- rows


def _row(img: Image.Image, th: Theme, view: Mapping[str, Any], p: Mapping[str, Any],
         names: Mapping[int, str] | None, box: tuple[float, float, float, float]) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    h = y1 - y0
    seat = seat_of(p.get("seat"))
    colour = colour_of(view, seat)
    alive = bool(p.get("alive", True))
    over = bool(view.get("over")) or view.get("phase") == "over"
    to_act = {seat_of(s) for s in view.get("to_act") or []}
    active = not over and (seat in to_act or (view.get("phase") == "turn" and seat_of(view.get("active")) == seat))
    winner = over and seat in {seat_of(s) for s in view.get("winners") or []}
    pc = th[f"p_{colour}"]
    fill = blend(pc, th["panel"], 0.84) if alive else blend(th["dead"], th["panel"], 0.55)
    edge = th["gold"] if active or winner else blend(pc, th["ink"], 0.25)
    d.rounded_rectangle(box, radius=10, fill=fill, outline=edge, width=3 if active or winner else 1)
    d.rounded_rectangle((x0 + 3, y0 + 3, x0 + 9, y1 - 3), radius=3, fill=pc)
    # piece and name
    disc = piece(th, colour, seat, 30, th["gold"] if active or winner else None)
    paste_centred(img, disc, (x0 + 32, y0 + h / 2))
    if not alive:
        _cross(d, (x0 + 32, y0 + h / 2), 13, th["ink"])
    line1, line2, line3 = y0 + h * 0.24, y0 + h * 0.52, y0 + h * 0.79
    if h < 70:
        line1, line2, line3 = y0 + 13, y0 + 31, y0 + h - 11
    # damage at the right
    dmg = p.get("damage", 0)
    hp = p.get("hp")
    right = x1 - 12
    d.text((right, y0 + h / 2 + 2), str(dmg), font=en_font(26), fill=th["hp"] if alive else th["muted"], anchor="rm")
    nx = right - en_font(26).getlength(str(dmg)) - 2
    if isinstance(hp, int) and not isinstance(hp, bool):
        d.text((right, y0 + h / 2 + 20), f"/ {hp}", font=en_font(11), fill=th["muted"], anchor="rm")
    label = joined(both(K + "damage"))
    d.text((right, y0 + 9), label, font=zh_font(9), fill=th["muted"], anchor="rm")
    top_right = right - zh_font(9).getlength(label) - 8  # line 1 stops before the "Damage" label
    right = min(nx, right - 34) - 10
    left = x0 + 56
    prefix = "★ " if winner else ("▶ " if active else "")
    zh, en = seat_names(view, seat, names)
    pair = (prefix + zh, prefix + zh) if en == zh else (prefix + zh, en)  # a given name once, a colour in both
    name_w = draw_pair(d, (left, line1), pair, 15, th["ink"], th["muted"], max_width=min(190, top_right - left),
                       min_size=12)
    # the character (line 2) and the equipment or start roll (line 3); then the marks (dead,
    # identity, 封印, shield) after the name, and what does not fit there after lines 2 and 3
    end2 = _character(img, d, th, view, p, (left, line2), right)
    end3 = _equipment(img, th, p, view, (left, line3), right)
    slots = [[left + name_w + 8, top_right, line1], [end2 + 8, right, line2], [end3 + 8, right, line3]]
    for text, colour_fill, ink in _marks(th, p):
        edge = blend(colour_fill, th["ink"], 0.3)
        whole = pill(text, 18, colour_fill, ink, edge)
        # the first slot it fits whole, else the first where it fits smaller
        fits = [slot for slot in slots if slot[0] + whole.width <= slot[1]]
        for slot in fits[:1] or slots:
            x, end, line_y = slot
            mark = whole if fits else pill(text, 18, colour_fill, ink, edge, max_width=int(end - x))
            if x + mark.width <= end:
                paste_centred(img, mark, (x + mark.width / 2, line_y))
                slot[0] = x + mark.width + 4
                break


def _cross(d: ImageDraw.ImageDraw, c: tuple[float, float], r: float, ink: RGB) -> None:
    x, y = c
    d.line((x - r, y - r, x + r, y + r), fill=(255, 255, 255), width=6)
    d.line((x - r, y + r, x + r, y - r), fill=(255, 255, 255), width=6)
    d.line((x - r, y - r, x + r, y + r), fill=ink, width=3)
    d.line((x - r, y + r, x + r, y - r), fill=ink, width=3)


def _marks(th: Theme, p: Mapping[str, Any]) -> list[tuple[str, RGB, RGB]]:
    out: list[tuple[str, RGB, RGB]] = []
    if not p.get("alive", True):
        out.append((f"† {joined(both(K + 'dead'))}", th["dead"], WHITE))
    identity = p.get("identity")
    if identity:
        out.append((joined(names2("identity", identity)), identity_colour(th, identity), WHITE))
    if p.get("sealed"):
        out.append((joined(both(K + "sealed")), th["sealed"], WHITE))
    shield = p.get("shield")
    if shield in ("attack", "all"):
        out.append((joined(both(K + "shield." + shield)), th["shield"], WHITE))
    return out


def _character(img: Image.Image, d: ImageDraw.ImageDraw, th: Theme, view: Mapping[str, Any],
               p: Mapping[str, Any], at: tuple[float, float], right: float) -> float:
    """The character and its HP, or a face-down card; returns where the line ends."""
    x, y = at
    char = p.get("character")
    if char:
        w = draw_pair(d, (x, y), names2("character", char), 14, th["ink"], th["muted"], max_width=right - x - 70,
                      bold_zh=False)
        hp = p.get("hp")
        if isinstance(hp, int) and not isinstance(hp, bool):
            tag = pill(f"♥ {joined(both(K + 'hp_word'))} {hp}", 17, th["hp"], WHITE, blend(th["hp"], th["ink"], 0.3))
            paste_centred(img, tag, (x + w + 8 + tag.width / 2, y))
            return x + w + 8 + tag.width
        return x + w
    _face_down(img, th, (x + 8, y))
    if view.get("phase") == "pick":
        words = both(K + ("picked" if p.get("picked") else "choosing"))
    else:
        words = both(K + "face_down")
    return x + 22 + draw_pair(d, (x + 22, y), words, 13, th["muted"], th["muted"], max_width=right - x - 22)


def _face_down(img: Image.Image, th: Theme, c: tuple[float, float]) -> None:
    d = ImageDraw.Draw(img)
    x, y = c
    d.rounded_rectangle((x - 7, y - 10, x + 7, y + 10), radius=3, fill=th["hidden"], outline=th["ink"], width=1)
    d.text((x, y + 1), "?", font=font("bold", 12), fill=th["gold"], anchor="mm")


PACK_CHIP = {"holy": ("holy", (40, 36, 30)), "dark": ("dark_pack", WHITE)}


def _equipment(img: Image.Image, th: Theme, p: Mapping[str, Any], view: Mapping[str, Any],
               at: tuple[float, float], right: float) -> float:
    """The equipment in play as chips ("+n" for what does not fit), or the start roll; returns
    where the line ends."""
    x, y = at
    if view.get("phase") == "start_roll" and p.get("start_roll") is not None:
        tag = pill(joined(both(K + "start_roll", n=p["start_roll"]), " · "), 17, th["title"], th["gold"], th["title"])
        paste_centred(img, tag, (x + tag.width / 2, y))
        return x + tag.width
    cards = content().cards
    items = [str(c) for c in p.get("equipment") or []]
    for i, card in enumerate(items):
        record = cards.get(card)
        key, ink = PACK_CHIP.get(record.pack if record else "", ("hidden", WHITE))
        chip = pill(joined(names2("card", card)), 17, th[key], ink, blend(th[key], th["ink"], 0.35), kind="bold")
        rest = len(items) - i - 1
        if x + chip.width > right - (28 if rest else 0):
            d = ImageDraw.Draw(img)
            more = f"+{len(items) - i}"
            d.text((x + 2, y), more, font=en_font(12), fill=th["ink"], anchor="lm")
            return x + 2 + en_font(12).getlength(more)
        paste_centred(img, chip, (x + chip.width / 2, y))
        x += chip.width + 4
    return x - 4 if items else x - 8
