"""The side panel of the Judge Dredd board: the Game Turn and phase, the open card window,
one row per player, and the fight being prepared or the last fight's dice.

Everything comes from the view: public counts (hands, piles), public marks (moved, in Intensive
Care, Block Mania, passed) and the cards played face up. Nothing here can show a hand or a
face-down Perp, because the view does not hold them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.common import (
    RGB,
    Text,
    Theme,
    blend,
    card,
    die_face,
    ellipsize,
    fit_font,
    font,
    font_for,
    paste_centred,
    pill,
)
from renderer.judge_dredd_look import (
    FIGHTS,
    PHASES,
    RESULTS,
    WINDOWS,
    K,
    by_seat,
    colour_of,
    judge_disc,
    player_name,
    seat_of,
)
from renderer.judge_dredd_map import FRAME, HEIGHT, MY, PANEL_W, PANEL_X
from rules.judge_dredd.content import load_cards

X0 = PANEL_X + 10
X1 = PANEL_X + PANEL_W - 10
ROW_H = 46


def draw_panel(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any],
               names: Mapping[int, str] | None) -> None:
    y = _header(canvas, th, say, view, names, MY + 8)
    for j in view.get("judges") or []:
        _player_row(canvas, th, say, view, j, names, y)
        y += ROW_H + 4
    y += 4
    bottom = HEIGHT - FRAME - 8
    if len(view.get("judges") or []) <= 4:
        bottom -= LEGEND_H
        _legend(canvas, th, say, bottom + 6)
    if view.get("phase") == "over":
        y = _arrests(canvas, th, say, view, y, bottom)
    if view.get("fight"):
        y = _fight(canvas, th, say, view, view["fight"], names, y, bottom)
    if view.get("last_fight") and y < bottom - 60:
        _last_fight(canvas, th, say, view, view["last_fight"], names, y + 4, bottom)


LEGEND_H = 58


def _legend(canvas: Image.Image, th: Theme, say: Text, y: float) -> None:
    """Three marks of the map explained: a Starting Sector's card bonus, a face-down Perp, and
    the red Combat Values that are also the points."""
    d = ImageDraw.Draw(canvas)
    d.line((X0, y - 3, X1, y - 3), fill=blend(th["muted"], th["panel"], 0.5), width=1)
    rows = (("start", "★"), ("perp", "?"), ("cv", "7"))
    for i, (key, mark) in enumerate(rows):
        cy = y + 8 + i * 17
        if key == "perp":
            d.rounded_rectangle((X0 + 4, cy - 7, X0 + 22, cy + 7), radius=3, fill=th["perp_back"])
            d.text((X0 + 13, cy), mark, font=font("bold", 11), fill=th["gold"], anchor="mm")
        else:
            fill = blend(th["gold"], th["ink"], 0.25) if key == "start" else th["cv"]
            d.text((X0 + 13, cy), mark, font=font("bold", 13), fill=fill, anchor="mm")
        _line(d, (X0 + 30, cy), say(K + "legend." + key), 11, th["muted"], X1 - X0 - 34, "regular")


def _arrests(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], y: int, bottom: int) -> int:
    """At the end: what each player arrested, as the red values that make their score."""
    d = _box_top(canvas, th, say(K + "arrests"), y, dark=False)
    y += 30
    for j in view.get("judges") or []:
        if y + 20 > bottom - 60:
            break
        seat = seat_of(j.get("seat"))
        paste_centred(canvas, judge_disc(th, colour_of(view, seat), seat, 16), (X0 + 14, y + 8))
        x = X0 + 28
        for a in j.get("arrested") or []:
            chip = f"{a.get('perp_cv', 0)}+{a.get('crime_cv', 0)}"
            p = pill(chip, 16, th["crime"], th["cv"], th["cv"], kind="condensed")
            if x + p.width > X1:
                d.text((x, y + 8), "…", font=font("bold", 12), fill=th["muted"], anchor="lm")
                break
            paste_centred(canvas, p, (x + p.width / 2, y + 8))
            x += p.width + 3
        y += 20
    return y + 6


# ---------------------------------------------------------------------------- header


def _header(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any],
            names: Mapping[int, str] | None, y: int) -> int:
    d = ImageDraw.Draw(canvas)
    turn = int(view.get("turn") or 0)
    title = say(K + "turn").format(turn=turn) if turn else say(K + "setup")
    phase = view.get("phase")
    word = say(K + "phase." + phase) if phase in PHASES else str(phase or "")
    pw = pill(word, 24, th["title"], th["gold"], th["title"], max_width=170)
    f = fit_font(title, 20, X1 - X0 - pw.width - 12, "bold", min_size=12)
    d.text((X0 + 2, y + 14), title, font=f, fill=th["ink"], anchor="lm")
    paste_centred(canvas, pw, (X1 - pw.width / 2, y + 14))
    lines = [(_status(say, view, names), th["ink"], 14)]
    pending = (view.get("window") or {}).get("pending")
    if pending:
        lines.append((_pending(say, view, pending, names), th["cv"], 13))
    q = view.get("quarantine")
    if q and q.get("sector"):
        sector = say(f"judge_dredd.sector.{q['sector']}")
        lines.append((say(K + "quarantine_until").format(sector=sector, turn=q.get("lifts_after_turn", "?")),
                      blend(th["hazard"], th["ink"], 0.35), 12))
    a = view.get("alien")
    if a and a.get("sector"):
        lines.append((say(K + "alien").format(sector=say(f"judge_dredd.sector.{a['sector']}")),
                      blend(th["alien"], th["ink"], 0.45), 12))
    if view.get("end_holder") is not None and phase != "over":
        who = player_name(say, view, seat_of(view["end_holder"]), names)
        lines.append((say(K + "end_holder").format(player=who), th["muted"], 12))
    if view.get("quiet_left") is not None:  # R26: a game with no Arrest for a while is warned
        warning = say(K + "quiet").format(count=view.get("quiet_turns", "?"), left=view["quiet_left"])
        lines.append((warning, blend(th["hazard"], th["ink"], 0.2), 13))
    y += 32
    for text, fill, size in lines:
        if not text:
            continue
        fl = fit_font(text, size, X1 - X0 - 4, "bold" if size >= 13 else "regular", min_size=11)
        d.text((X0 + 2, y + 9), ellipsize(text, fl, X1 - X0 - 4), font=fl, fill=fill, anchor="lm")
        y += size + 7
    return y + 4


def _status(say: Text, view: Mapping[str, Any], names: Mapping[int, str] | None) -> str:
    """What the table waits for: the open window, or who is to act."""
    window = view.get("window")
    if window and window.get("kind") in WINDOWS:
        who = player_name(say, view, seat_of(window.get("for")), names)
        return say(K + "window." + window["kind"]).format(player=who)
    if view.get("phase") == "over":
        winner = seat_of(view.get("winner"))
        return say(K + "winner").format(player=player_name(say, view, winner, names)) if winner is not None else ""
    to_act = [s for s in (seat_of(x) for x in view.get("to_act") or []) if s is not None]
    if len(to_act) == 1:
        return say(K + "to_act").format(player=player_name(say, view, to_act[0], names))
    return ""


def _pending(say: Text, view: Mapping[str, Any], pending: Mapping[str, Any], names: Mapping[int, str] | None) -> str:
    """The card waiting for an answer: "Outdoor Boing: Red → Blue"."""
    name = say(f"judge_dredd.cardname.{pending.get('card')}")
    by = player_name(say, view, seat_of(pending.get("by")), names)
    target = player_name(say, view, seat_of(pending.get("target")), names)
    return f"{name}: {by} → {target}"


# ---------------------------------------------------------------------------- players


def _player_row(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], j: Mapping[str, Any],
                names: Mapping[int, str] | None, y: int) -> None:
    d = ImageDraw.Draw(canvas)
    seat = seat_of(j.get("seat"))
    colour = colour_of(view, seat)
    jc = th["judge_" + colour]
    to_act = {seat_of(s) for s in view.get("to_act") or []}
    winner = seat_of(view.get("winner"))
    active = seat in to_act and view.get("phase") != "over"
    won = winner is not None and seat == winner
    box = (X0, y, X1, y + ROW_H)
    fill = blend(jc, th["panel"], 0.8 if active or won else 0.9)
    edge = th["gold"] if won else (blend(jc, th["ink"], 0.2) if active else blend(th["muted"], th["panel"], 0.5))
    d.rounded_rectangle(box, radius=7, fill=fill, outline=edge, width=3 if active or won else 1)
    paste_centred(canvas, judge_disc(th, colour, seat, 30), (X0 + 22, y + ROW_H / 2))
    # score, right
    scores = by_seat(view.get("scores"))
    score = j.get("score", scores.get(seat, 0)) if seat is not None else 0
    fs = font("bold", 22)
    d.text((X1 - 10, y + 28), str(score), font=fs, fill=th["ink"], anchor="rm")
    d.text((X1 - 10, y + 9), say(K + "score"), font=fit_font(say(K + "score"), 10, 50, "regular", 7),
           fill=th["muted"], anchor="rm")
    right = marks_right = X1 - 10 - max(fs.getlength(str(score)), 30) - 8
    if seat_of(view.get("turn_start")) == seat:  # the Turn Start card, by the name
        ts = pill(say(K + "turn_start"), 16, th["gold"], (30, 30, 30), blend(th["gold"], th["ink"], 0.3), max_width=110)
        paste_centred(canvas, ts, (right - ts.width / 2, y + 13))
        right -= ts.width + 6
    # name
    prefix = "★ " if won else ("▶ " if active else "")
    name = prefix + player_name(say, view, seat, names)
    fn = fit_font(name, 15, right - (X0 + 42), "bold", min_size=12)
    name = ellipsize(name, fn, right - (X0 + 42))
    d.text((X0 + 42, y + 13), name, font=fn, fill=th["ink"], anchor="lm")
    # counts and marks
    x: float = X0 + 42
    cy = y + 33
    for key, n in (("hand", j.get("hand", 0)), ("arrests", len(j.get("arrested") or []))):
        word = say(K + key)
        fw = font_for(word, 11, "regular")
        d.text((x, cy), word, font=fw, fill=th["muted"], anchor="lm")
        x += fw.getlength(word) + 3
        d.text((x, cy), str(n), font=font("bold", 12), fill=th["ink"], anchor="lm")
        x += font("bold", 12).getlength(str(n)) + 8
    # The marks follow the counts; those that do not fit there go after the name (a long name
    # and three marks must not hide the last: "stand-off" matters more than room).
    slots = [(x, marks_right, cy), (X0 + 42 + fn.getlength(name) + 8, right, y + 13)]
    for word, pfill, pink in _marks(th, say, view, j, seat):
        p = pill(word, 16, pfill, pink, blend(pfill, th["ink"], 0.3), max_width=150)
        i = next((i for i, (sx, end, _) in enumerate(slots) if sx + p.width <= end), None)
        if i is None:
            continue
        x, end, line_y = slots[i]
        paste_centred(canvas, p, (x + p.width / 2, line_y))
        slots[i] = (x + p.width + 3, end, line_y)


def _marks(th: Theme, say: Text, view: Mapping[str, Any], j: Mapping[str, Any], seat: int | None
           ) -> list[tuple[str, RGB, RGB]]:
    """The small pills after the counts, most lasting first (a row may not hold them all; who may
    still act in a window is also the ▶ of the name): passing for the rest of the Game Turn
    (`skip`), ICU, Block Mania, stand-off or the Crime chosen for the Arrest, misses, passed, moved."""
    white = (255, 255, 255)
    out: list[tuple[str, RGB, RGB]] = []
    window = view.get("window")
    skipping = seat in {seat_of(s) for s in view.get("skipping") or []}
    if skipping:
        out.append((say(K + "skipping"), blend(th["muted"], th["ink"], 0.35), white))
    if j.get("at") == "icu":
        out.append((say(K + "icu"), th["cross"], white))
    if j.get("block_with") is not None:
        other = colour_of(view, seat_of(j.get("block_with")))
        out.append((say(K + "block_mania") + " ●", th["judge_" + other] if other != "white" else th["muted"],
                    (30, 30, 30) if other in ("yellow",) else white))
    if j.get("standoff"):
        out.append((say(K + "standoff"), th["win_reaction"], white))
    elif j.get("chosen"):
        target = say(K + "fight.alien") if j["chosen"] == "alien" else say(f"judge_dredd.crime.{j['chosen']}")
        out.append((say(K + "chosen").format(crime=target), th["win_arrest"], white))
    if j.get("miss_moves"):
        out.append((say(K + "misses").format(n=j["miss_moves"]), th["hazard"], (30, 30, 30)))
    if window and not skipping and seat in {seat_of(s) for s in window.get("passed") or []}:
        out.append((say(K + "passed"), blend(th["muted"], th["panel"], 0.2), white))
    if j.get("moved") and view.get("phase") == "movement":
        out.append((say(K + "moved"), th["win_any"], white))
    return out


@cache
def _mini_card(w: int, h: int, face: RGB, edge: RGB) -> Image.Image:
    return card(w, h, face, edge)


# ---------------------------------------------------------------------------- fights


def _fight_title(say: Text, view: Mapping[str, Any], kind: str | None, crime: str | None) -> str:
    word = say(K + "fight." + kind) if kind in FIGHTS else str(kind or "")
    if crime and kind == "perp":
        word += " · " + say(f"judge_dredd.crime.{crime}")
    return word


def _perp_label(say: Text, view: Mapping[str, Any], crime: str | None) -> str:
    """The Perp of a fight's Crime: its name when the view shows it, else the word Perp."""
    for c in view.get("crimes") or []:
        if c.get("crime") == crime and c.get("perp"):
            return say(f"judge_dredd.perp.{c['perp']}")
    return say(K + "perp")


def _box_top(canvas: Image.Image, th: Theme, title: str, y: int, dark: bool) -> ImageDraw.ImageDraw:
    d = ImageDraw.Draw(canvas)
    fill = th["title"] if dark else th["panel2"]
    ink = th["gold"] if dark else th["ink"]
    d.rounded_rectangle((X0, y, X1, y + 24), radius=6, fill=fill)
    f = fit_font(title, 14, X1 - X0 - 16, "bold", min_size=10)
    d.text((X0 + 8, y + 12), ellipsize(title, f, X1 - X0 - 16), font=f, fill=ink, anchor="lm")
    return d


def _fight(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], fight: Mapping[str, Any],
           names: Mapping[int, str] | None, y: int, bottom: int) -> int:
    """The fight being prepared: each side's Combat Factor and dice so far, and the cards played."""
    kind = fight.get("kind")
    d = _box_top(canvas, th, _fight_title(say, view, kind, fight.get("crime")), y, dark=True)
    y += 30
    cf = by_seat(fight.get("judge_cf"))
    dice = by_seat(fight.get("judge_dice"))
    if kind in ("perp", "alien"):
        label = _perp_label(say, view, fight.get("crime")) if kind == "perp" else say(K + "fight.alien")
        _line(d, (X0 + 8, y + 9), label, 13, th["cv"], 150)
        _cf_and_dice(d, th, _perp_base(view, kind, fight.get("crime")), fight.get("perp_cf"), fight.get("perp_dice"),
                     y + 9)
        y += 20
    for s in fight.get("judges") or []:
        seat = seat_of(s)
        paste_centred(canvas, judge_disc(th, colour_of(view, seat), seat, 18), (X0 + 16, y + 9))
        name = player_name(say, view, seat, names)
        _line(d, (X0 + 30, y + 9), name, 13, th["ink"], 130)
        _cf_and_dice(d, th, JUDGE_CF, cf.get(seat), dice.get(seat), y + 9)  # type: ignore[arg-type]  # None: no entry
        y += 20
    played = fight.get("cards") or []
    fc = font("regular", 12)
    for i, c in enumerate(played):
        if y + 36 > bottom and i < len(played) - 1:
            d.text((X0 + 8, y + 8), f"+{len(played) - i}", font=fc, fill=th["muted"], anchor="lm")
            y += 18
            break
        by = seat_of(c.get("by"))
        paste_centred(canvas, judge_disc(th, colour_of(view, by), by, 14), (X0 + 14, y + 8))
        name = say(f"judge_dredd.cardname.{c.get('card')}")
        if c.get("option") == "or":
            name += " (" + say(K + "or") + ")"
        room: float = X1 - X0 - 60
        amount, good = card_amount(say, c.get("card"), c.get("option"))
        if amount:
            fa = font_for(amount, 12, "bold")
            d.text((X1 - 44, y + 8), amount, font=fa, fill=th["win_any"] if good else th["cv"], anchor="rm")
            room -= fa.getlength(amount) + 8
        _line(d, (X0 + 26, y + 8), name, 12, th["ink"], room, "regular")
        on = seat_of(c.get("on"))
        if on is not None:
            d.text((X1 - 26, y + 8), "→", font=font("bold", 12), fill=th["muted"], anchor="rm")
            paste_centred(canvas, judge_disc(th, colour_of(view, on), on, 14), (X1 - 14, y + 8))
        y += 18
    return y + 6


def card_amount(say: Text, card: Any, option: Any) -> tuple[str, bool]:
    """What a card played in a fight adds, as the fight counts it: "+5", "−2", "+1d6", "Perp −3"
    (and whether it helps the Judge it is played on); ("", True) for a card that adds no number."""
    kind = load_cards().get(str(card))
    chosen = kind.option(str(option)) if kind is not None else None
    if chosen is None:
        return "", True
    effect = chosen.effect
    for key, perp in (("judge_cf", False), ("perp_cf", True), ("judge_extra_dice", False), ("perp_extra_dice", True)):
        value = effect.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not value:
            continue
        number = f"{value:+d}".replace("-", "−") + ("d6" if key.endswith("dice") else "")
        text = f"{say(K + 'perp')} {number}" if perp else number
        return text, (value > 0) != perp
    return "", True


def _line(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB, max_width: float,
          kind: str = "bold") -> None:
    """One line of words at the left of a panel row, in a font that has their glyphs, cut to fit."""
    f = font_for(text, size, kind)
    d.text(xy, ellipsize(text, f, max_width), font=f, fill=fill, anchor="lm")


JUDGE_CF = 5
"""Every Judge's own Combat Factor ("5 + die"); the view gives only what cards add to it."""


def _perp_base(view: Mapping[str, Any], kind: str | None, crime: str | None) -> int | None:
    """The Perp's Combat Factor before cards: its red value plus its Crime's (the Alien: its own);
    None while the view does not show the Perp."""
    if kind == "alien":
        return int((view.get("alien") or {}).get("cf") or 6)
    for c in view.get("crimes") or []:
        if c.get("crime") == crime:
            if c.get("perp_cv") is None:
                return None
            return int(c["perp_cv"]) + int(c.get("crime_cv") or 0)
    return None


def _cf_and_dice(d: ImageDraw.ImageDraw, th: Theme, base: int | None, added: Any, extra_dice: Any, cy: float) -> None:
    """At the right of a fighter's line: Combat Factor and dice, with the cards' part beside them,
    e.g. "(+5)  10 + 3d6"."""
    added, dice = int(added or 0), 1 + int(extra_dice or 0)
    total = "?" if base is None else str(base + added)
    f = font("bold", 13)
    main = f"{total} + {dice}d6"
    d.text((X1 - 8, cy), main, font=f, fill=th["ink"], anchor="rm")
    if added:
        x = X1 - 8 - f.getlength(main) - 6
        d.text((x, cy), f"({added:+d})", font=font("regular", 12), fill=th["win_any"] if added > 0 else th["cv"],
               anchor="rm")


def _last_fight(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], last: Mapping[str, Any],
                names: Mapping[int, str] | None, y: int, bottom: int) -> None:
    """The last fight's dice and totals, and what came of it."""
    kind = last.get("kind")
    result = last.get("result")
    title = say(K + "last_fight") + " · " + _fight_title(say, view, kind, last.get("crime"))
    d = _box_top(canvas, th, title, y, dark=False)
    y += 30
    rows: list[tuple[Any, str, list[int], Any, bool]] = []
    if kind in ("perp", "alien") and (last.get("perp_rolls") or last.get("perp_total") is not None):
        label = _perp_label(say, view, last.get("crime")) if kind == "perp" else say(K + "fight.alien")
        rows.append((None, label, list(last.get("perp_rolls") or []), last.get("perp_total"), False))
    rolls, totals = by_seat(last.get("rolls")), by_seat(last.get("totals"))
    winner = seat_of(last.get("winner"))
    for s in last.get("judges") or []:
        seat = seat_of(s)
        rows.append((seat, player_name(say, view, seat, names), list(rolls.get(seat) or []), totals.get(seat),  # type: ignore[arg-type]
                     seat is not None and seat == winner))
    for seat, label, dice_rolled, total, won in rows:
        if y + 24 > bottom - 22:
            break
        if seat is None:
            _line(d, (X0 + 8, y + 11), label, 13, th["cv"], 142 - 8 - 4 - 23 * max(len(dice_rolled[:5]) - 1, 0))
        else:
            paste_centred(canvas, judge_disc(th, colour_of(view, seat), seat, 18), (X0 + 16, y + 11))
            _line(d, (X0 + 30, y + 11), ("★ " if won else "") + label, 13, th["ink"], 104)
        x = X0 + 142
        for v in dice_rolled[:5]:
            paste_centred(canvas, die_face(20, int(v)), (x + 10, y + 11))
            x += 23
        if total is not None:
            d.text((X1 - 8, y + 11), f"= {total}", font=font("bold", 15), fill=th["ink"], anchor="rm")
        y += 25
    if result in RESULTS:
        word = say(K + "result." + result)
        colour = {"arrested": th["win_any"], "won": th["win_any"], "failed": th["cross"]}.get(result, th["muted"])
        p = pill(word, 20, colour, (255, 255, 255), blend(colour, th["ink"], 0.3), max_width=X1 - X0)
        paste_centred(canvas, p, (X0 + p.width / 2, y + 11))
