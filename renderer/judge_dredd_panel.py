"""The table under the map of the Judge Dredd board: the Game Turn and phase, the open card
window, one row per player (their Judge's disc by their name), the Crimes in full, and the fight
being prepared or the last fight's dice. Every word is at least the board's `FONT`.

Everything comes from the view: public counts (hands, piles), public marks (moved, in Intensive
Care, Block Mania, passed) and the cards played face up. Nothing here can show a hand or a
face-down Perp, because the view does not hold them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from renderer import common
from renderer.caches import KB, MB, cached, holds_a_name
from renderer.common import (
    RGB,
    Text,
    Theme,
    blend,
    die_face,
    ellipsize,
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
    draw_words,
    fitted,
    judge_disc,
    player_name,
    seat_of,
)
from renderer.judge_dredd_map import FONT, FRAME, HEIGHT, PANEL_W, PANEL_X, PANEL_Y, TITLE_H, WIDTH, sector_fill
from rules.judge_dredd.content import load_board, load_cards

X0 = PANEL_X + 10
X1 = PANEL_X + PANEL_W - 10
ROW_H = 40
LINE_H = 32
PILL_H = 30
"""A pill's words are 0.72 of its height: 30 px gives the board's smallest font (`FONT`) and more."""
HAND_X, ARRESTS_X = X0 + 262, X0 + 338
MARKS_X = X0 + 382
NAME_END = HAND_X - 34


def draw_panel(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any],
               names: Mapping[int, str] | None, highlight: Mapping[str, str] | None = None) -> int:
    """The table under the map; returns where it ends (the picture is cut there)."""
    y = _header(canvas, th, say, view, names, PANEL_Y + 8)
    y = _players(canvas, th, say, view, names, y)
    y = _crimes(canvas, th, say, view, highlight or {}, y + 6)
    bottom = HEIGHT - FRAME - 8
    if view.get("fight"):
        y = _fight(canvas, th, say, view, view["fight"], names, y + 4, bottom)
    if view.get("last_fight") and y < bottom - 80:
        y = _last_fight(canvas, th, say, view, view["last_fight"], names, y + 4, bottom)
    y = min(y + 8, bottom)
    # the frame under the panel, as far as the picture goes (it is cut `FRAME` rows below)
    ImageDraw.Draw(canvas).rectangle((PANEL_X, y, PANEL_X + PANEL_W, min(HEIGHT, y + FRAME)), fill=th["frame"])
    return y


# ---------------------------------------------------------------------------- header


def _header(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any],
            names: Mapping[int, str] | None, y: int) -> int:
    d = ImageDraw.Draw(canvas)
    phase = view.get("phase")
    who, status = _status(say, view, names)
    lines: list[tuple[int | None, str, RGB, str]] = [(who, status, th["ink"], "bold")]
    pending = (view.get("window") or {}).get("pending")
    if pending:
        lines.append((None, _pending(say, view, pending, names), th["cv"], "bold"))
    q = view.get("quarantine")
    if q and q.get("sector"):
        sector = say(f"judge_dredd.sector.{q['sector']}") + f" ({q['sector'].upper()})"
        lines.append((None, say(K + "quarantine_until").format(sector=sector, turn=q.get("lifts_after_turn", "?")),
                      blend(th["hazard"], th["ink"], 0.45), "regular"))
    a = view.get("alien")
    if a and a.get("sector"):
        sector = say(f"judge_dredd.sector.{a['sector']}") + f" ({a['sector'].upper()})"
        lines.append((None, say(K + "alien").format(sector=sector), blend(th["alien"], th["ink"], 0.5), "regular"))
    if view.get("end_holder") is not None and phase != "over":
        holder = seat_of(view["end_holder"])
        lines.append((holder, say(K + "end_holder").format(player=player_name(say, view, holder, names)),
                      th["muted"], "regular"))
    if view.get("quiet_left") is not None:  # R26: a game with no Arrest for a while is warned
        warning = say(K + "quiet").format(count=view.get("quiet_turns", "?"), left=view["quiet_left"])
        lines.append((None, warning, blend(th["hazard"], th["ink"], 0.3), "bold"))
    shown = tuple((seat, colour_of(view, seat) if seat is not None else None, text, fill, kind)
                  for seat, text, fill, kind in lines if text)
    if not shown:
        return y + 4
    area = (X0, y, X1 + 1, y + LINE_H * len(shown))
    return _HEADERS.draw(canvas, area, (th, shown), partial(_paint_header, canvas, d, th, shown, y)) + 4


def _paint_header(canvas: Image.Image, d: ImageDraw.ImageDraw, th: Theme,
                  shown: tuple[tuple[int | None, str | None, str, RGB, str], ...], y: int) -> int:
    for seat, colour, text, fill, kind in shown:
        x = X0 + 2
        if colour is not None:
            paste_centred(canvas, judge_disc(th, colour, seat, 26, digits=FONT), (x + 13, y + LINE_H / 2))
            x += 32
        _line(d, (x, y + LINE_H / 2), text, FONT + 1 if kind == "bold" else FONT, fill, X1 - x, kind)
        y += LINE_H
    return y


def draw_turn(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], left: float) -> None:
    """The Game Turn and the phase, in the title bar from `left` to its right end."""
    d = ImageDraw.Draw(canvas)
    turn = int(view.get("turn") or 0)
    title = say(K + "turn").format(turn=turn) if turn else say(K + "setup")
    phase = view.get("phase")
    word = say(K + "phase." + phase) if phase in PHASES else str(phase or "")
    right = WIDTH - FRAME
    pw = pill(word, PILL_H, th["gold"], th["title"], th["gold"], max_width=260)
    paste_centred(canvas, pw, (right - pw.width / 2, TITLE_H / 2 - 2))
    room = right - pw.width - 10 - left
    f, shown = fitted(title, FONT + 1, room, "bold", FONT)
    d.text((right - pw.width - 10, TITLE_H / 2 - 2), shown, font=f, fill=th["cream"], anchor="rm")


def disc(th: Theme, view: Mapping[str, Any], seat: int | None, dia: int) -> Image.Image:
    """A seat's Judge disc with its number as big as the board's words."""
    return judge_disc(th, colour_of(view, seat), seat, dia, digits=FONT)


def _status(say: Text, view: Mapping[str, Any], names: Mapping[int, str] | None) -> tuple[int | None, str]:
    """What the table waits for: the open window, or who is to act (and that player's seat, for
    their disc beside the words)."""
    window = view.get("window")
    if window and window.get("kind") in WINDOWS:
        seat = seat_of(window.get("for"))
        return seat, say(K + "window." + window["kind"]).format(player=player_name(say, view, seat, names))
    if view.get("phase") == "over":
        winner = seat_of(view.get("winner"))
        if winner is None:
            return None, ""
        return winner, say(K + "winner").format(player=player_name(say, view, winner, names))
    to_act = [s for s in (seat_of(x) for x in view.get("to_act") or []) if s is not None]
    if len(to_act) == 1:
        return to_act[0], say(K + "to_act").format(player=player_name(say, view, to_act[0], names))
    return None, ""


def _pending(say: Text, view: Mapping[str, Any], pending: Mapping[str, Any], names: Mapping[int, str] | None) -> str:
    """The card waiting for an answer: "Outdoor Boing: Red → Blue"."""
    name = say(f"judge_dredd.cardname.{pending.get('card')}")
    by = player_name(say, view, seat_of(pending.get("by")), names)
    target = player_name(say, view, seat_of(pending.get("target")), names)
    return f"{name}: {by} → {target}"


# ---------------------------------------------------------------------------- players


def _players(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any],
             names: Mapping[int, str] | None, y: int) -> int:
    """The players: a row each, their Judge's disc (the colour and number on the map) by their
    name, then cards in hand, Arrests, marks and score under one line of column words."""
    columns = tuple(say(K + key) for key in COLUMNS)
    _HEADERS.draw(canvas, (X0, y, X1 + 1, y + COLUMNS_H), (th, columns),
                  partial(_paint_columns, canvas, th, columns, y))
    y += COLUMNS_H
    table = ({seat_of(s) for s in view.get("to_act") or []}, seat_of(view.get("winner")), by_seat(view.get("scores")),
             seat_of(view.get("turn_start")))
    for j in view.get("judges") or []:
        y = _player_row(canvas, th, say, view, j, names, y, table) + 4
    return y


COLUMNS = ("hand", "arrests", "score")
"""The words over the players' columns (`_players`)."""
COLUMNS_H = 26


def _paint_columns(canvas: Image.Image, th: Theme, columns: tuple[str, ...], y: int) -> int:
    """The column words over the players' rows, kept with the headers (the same on every board of a
    language)."""
    d = ImageDraw.Draw(canvas)
    for word, x, anchor in zip(columns, (HAND_X, ARRESTS_X, X1 - 6), ("mm", "mm", "rm"), strict=True):
        f, shown = fitted(word, FONT, 84, "regular", FONT)
        d.text((x, y + 12), shown, font=f, fill=th["muted"], anchor=anchor)
    return y + COLUMNS_H


ROWS_BUDGET = 4 * MB
"""Player rows' grounds kept (`Kept`, about 75 KB each): a few per seat, shared by every table."""


class Kept(common.Kept[tuple[Image.Image, int]]):
    """Areas of the panel (a player's row's ground, a Crime's line) kept as drawn, pasted again when all
    they show is the same: `draw(img, area, key, paint)` pastes the pixels kept for `key`, else
    runs `paint()` and keeps what it drew in `area` with its result (a y at or below the area's
    top); a key that holds a player's name is painted and not kept. The painting must stay inside
    `area` (a row's box: its frame and disc are inside it), and the ground under `area` must be the
    panel's plain colour, as it is under every row and line (nothing is drawn below the header
    before them; `check_ground` makes sure, for the tests). `key` must hold everything the painting
    reads (the theme: the panel's colour) but the area's top: the same drawing any even number of
    rows lower is the same pixels that many rows lower (every coordinate of a row is its top plus
    whole pixels; only the parity of the top can move a half-pixel rounding), so a row that moves
    down when the header grows is pasted, not drawn again. The same pixels as painting, at the cost
    of a paste. Bounded, least recently used first out, as every `common.Kept` is. Used under the
    drawing lock (`render_png`); `cache_clear` empties it."""

    check_ground = False
    """Tests: assert that the ground under each area is one plain colour before it is drawn."""

    def draw(self, img: Image.Image, area: tuple[int, int, int, int], key: Any, paint: Callable[[], int]) -> int:
        x0, y0, x1, y1 = area
        if self.check_ground:
            assert img.crop(area).getcolors(1) is not None, area
        full = (key, x0, x1 - x0, y1 - y0, y0 % 2)
        found = self.get(full)
        if found is not None:
            img.paste(found[0], (x0, y0))
            return found[1] + y0
        result = paint()
        if not holds_a_name(full):  # else not kept (`keep` refuses it): not cut out either
            self.keep(full, (img.crop(area), result - y0))
        return result


_ROWS = Kept("judge_dredd_panel._ROWS", ROWS_BUDGET)
HEADERS_BUDGET = 1 * MB
"""Headers kept (`Kept`): what the table waits for, the same through a card-play window's passes;
and the column words over the players' rows."""
_HEADERS = Kept("judge_dredd_panel._HEADERS", HEADERS_BUDGET)


def _player_row(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], j: Mapping[str, Any],
                names: Mapping[int, str] | None, y: int,
                table: tuple[set[int | None], int | None, dict[int | None, Any], int | None]) -> int:
    """One player's row; a second line holds the marks that do not fit the first. Returns its
    bottom. Its ground (the frame in the seat's colour and the disc) is pasted from before when
    the same (`_ROWS`: a few per seat, the same at every table); the counts, the marks and the
    name are drawn over it, each over the ground alone, as drawing the whole row in place would.
    `table`: what every row reads of the view (who may act, the winner, the scores, the Turn
    Start card)."""
    seat = seat_of(j.get("seat"))
    colour = colour_of(view, seat)
    to_act, winner, scores, turn_start = table
    active = seat in to_act and view.get("phase") != "over"
    won = winner is not None and seat == winner
    marks = _marks(th, say, view, j, seat)
    if turn_start == seat:  # the Turn Start card, by the name
        marks.insert(0, (say(K + "turn_start"), th["gold"], (30, 30, 30)))
    shown_marks = tuple(marks)
    score = j.get("score", scores.get(seat, 0)) if seat is not None else 0
    h, on_first = _row_layout(th, shown_marks, str(score))
    prefix = "★ " if won else ("▶ " if active else "")
    name = prefix + player_name(say, view, seat, names)
    hand, arrests = str(j.get("hand", 0)), str(len(j.get("arrested") or []))
    d = ImageDraw.Draw(canvas)
    bottom: int = _ROWS.draw(canvas, (X0, y, X1 + 1, y + h + 1), (th, h, seat, colour, active, won),
                             partial(_row_ground, canvas, d, th, view, seat, (active, won), y, h))
    pills = _mark_pills(th, shown_marks)
    _row_words(canvas, d, th, (score, hand, arrests), pills[:on_first], pills[on_first:], y,
               _row_fill(th, th["judge_" + colour], active or won))
    _paint_name(d, th, name, y)
    return bottom


def _paint_name(d: ImageDraw.ImageDraw, th: Theme, name: str, y: int) -> None:
    """A row's name (with its mark), between the seat's disc and the counts: drawn last, over the
    row (`_ROWS` keeps no name, so a row's ground serves every table; nothing else of the row
    reaches where the name is)."""
    fn, shown = fitted(name, FONT + 2, NAME_END - (X0 + 42), "bold", FONT)
    d.text((X0 + 42, y + ROW_H / 2), shown, font=fn, fill=th["ink"], anchor="lm")


def _mark_pills(th: Theme, marks: tuple[tuple[str, RGB, RGB], ...]) -> list[Image.Image]:
    """A row's marks as pills (`_marks`: words, fill, ink), in order."""
    return [pill(word, PILL_H, pfill, pink, blend(pfill, th["ink"], 0.3), max_width=X1 - X0 - 60)
            for word, pfill, pink in marks]


LAYOUTS_BUDGET = 128 * KB
"""Row layouts kept (`_row_layout`): a few marks and scores a player, a few players a table."""


@cached("judge_dredd_panel._row_layout", LAYOUTS_BUDGET)
def _row_layout(th: Theme, marks: tuple[tuple[str, RGB, RGB], ...], score: str) -> tuple[int, int]:
    """A player's row's height and how many of its mark pills fit on its first line, left of the
    score (the others go on a second line): worked out once for the same marks and score, the pills
    themselves drawn only when the row is."""
    widths = [p.width for p in _mark_pills(th, marks)]
    marks_end = X1 - 10 - max(font("bold", 28).getlength(score), 30) - 8
    on_first = 0
    x = MARKS_X
    while on_first < len(widths) and x + widths[on_first] <= marks_end:
        x += widths[on_first] + 4
        on_first += 1
    return ROW_H + (PILL_H + 6 if on_first < len(widths) else 0), on_first


def _row_ground(canvas: Image.Image, d: ImageDraw.ImageDraw, th: Theme, view: Mapping[str, Any],
                seat: int | None, marked: tuple[bool, bool], y: int, h: int) -> int:
    """A row's frame, tinted in its seat's colour (stronger for who may act or has won), and the
    seat's disc: all a row draws in its box (`_ROWS`) but its words and marks."""
    active, won = marked
    jc = th["judge_" + colour_of(view, seat)]
    fill = _row_fill(th, jc, active or won)
    edge = th["gold"] if won else (blend(jc, th["ink"], 0.2) if active else blend(th["muted"], th["panel"], 0.5))
    d.rounded_rectangle((X0, y, X1, y + h), radius=7, fill=fill, outline=edge, width=3 if active or won else 1)
    paste_centred(canvas, disc(th, view, seat, 30), (X0 + 21, y + ROW_H / 2))
    return y + h


def _row_fill(th: Theme, jc: RGB, strong: bool) -> RGB:
    """A row's ground: its seat's colour on the panel's, stronger for who may act or has won."""
    return blend(jc, th["panel"], 0.75 if strong else 0.88)


def _row_words(canvas: Image.Image, d: ImageDraw.ImageDraw, th: Theme, counts: tuple[Any, str, str],
               first: list[Image.Image], pills: list[Image.Image], y: int, ground: RGB) -> None:
    """Over a row's ground (`ground`: its fill): the score, the cards in hand and the Arrests,
    then the marks (`first` on the first line, the rest on the second, as many as fit)."""
    score, hand, arrests = counts
    cy = y + ROW_H / 2
    draw_words(canvas, d, (X1 - 10, cy + 1), str(score), font("bold", 28), th["ink"], ground, "rm")
    fb = font("bold", FONT + 1)
    draw_words(canvas, d, (HAND_X, cy), hand, fb, th["ink"], ground, "mm")
    draw_words(canvas, d, (ARRESTS_X, cy), arrests, fb, th["ink"], ground, "mm")
    x = MARKS_X
    for p in first:
        paste_centred(canvas, p, (x + p.width / 2, cy))
        x += p.width + 4
    x = X0 + 42
    for p in pills:
        if x + p.width > X1 - 4:
            break
        paste_centred(canvas, p, (x + p.width / 2, y + ROW_H + PILL_H / 2))
        x += p.width + 4


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


def _crimes(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], highlight: Mapping[str, str],
            y: int) -> int:
    """The Crimes in full, one a line, in the map's reading order: the label a prompt gives it,
    its Sector's code (as on the map), its name and red value, its Perp's name and red value
    (face down: "?", the view has no Perp)."""
    d = ImageDraw.Draw(canvas)
    labels = {t: label for label, t in highlight.items()}
    sectors = load_board().sectors
    crimes = sorted(view.get("crimes") or [], key=lambda c: (sectors[c["sector"]].row, sectors[c["sector"]].col)
                    if c.get("sector") in sectors else (9, 9))
    rows: list[tuple[str | None, str, str, Any, str | None, Any, bool]] = [
        (labels.get(c.get("crime")), str(c.get("sector") or ""), say(f"judge_dredd.crime.{c.get('crime')}"),
         c.get("crime_cv"), say(f"judge_dredd.perp.{c['perp']}") if c.get("perp") else None,
         c.get("perp_cv") if c.get("perp") else None, bool(c.get("revealed")))
        for c in crimes]
    a = view.get("alien")
    if a and a.get("sector") in sectors:
        rows.append((labels.get("alien"), a["sector"], say(K + "fight.alien"), a.get("cf", 6), "", None, True))
    for label, code, crime, cv, perp, pcv, _shown in rows:
        shown = (label, code, crime, cv, perp, pcv)
        y = _LINES.draw(canvas, (X0, y, X1 + 1, y + LINE_H + 2), (th, shown),
                        partial(_crime_line, canvas, d, th, shown, y))
    return y


LINES_BUDGET = 4 * MB
"""Crime lines kept (`Kept`, about 25 KB each): six or seven a board, most the same as before."""
_LINES = Kept("judge_dredd_panel._LINES", LINES_BUDGET)


def _crime_line(canvas: Image.Image, d: ImageDraw.ImageDraw, th: Theme,
                shown: tuple[str | None, str, str, Any, str | None, Any], y: int) -> int:
    """One Crime's line (`_crimes`); returns where the next starts."""
    label, code, crime, cv, perp, pcv = shown
    fv = font("bold", FONT)
    cy = y + LINE_H / 2
    x: float = X0 + 2
    if label:
        b = pill(label, PILL_H, (255, 255, 255), (20, 20, 20), th["hl_edge"])
        paste_centred(canvas, b, (x + b.width / 2, cy))
        x += b.width + 6
    tag = pill(code.upper(), PILL_H, sector_fill(th, code), th["ink"], blend(th["muted"], th["panel"], 0.3),
               kind="condensed")
    paste_centred(canvas, tag, (x + tag.width / 2, cy))
    x += tag.width + 8
    half = (X1 - x) / 2
    cvw = fv.getlength(str(cv)) + 6
    fcr = font_for(crime, FONT, "condensed")
    shown_crime = ellipsize(crime, fcr, half - cvw - 8)
    ground = th["panel"]
    draw_words(canvas, d, (x, cy), shown_crime, fcr, th["ink"], ground, "lm")
    x += fcr.getlength(shown_crime) + 6
    draw_words(canvas, d, (x, cy), str(cv), fv, th["cv"], ground, "lm")
    x += cvw + 10
    if perp is None:
        d.rounded_rectangle((x, cy - 13, x + 26, cy + 13), radius=4, fill=th["perp_back"], outline=th["gold"])
        draw_words(canvas, d, (x + 13, cy + 1), "?", fv, th["gold"], th["perp_back"], "mm")
    elif perp:
        pv = str(pcv) if pcv is not None else ""
        pw = fv.getlength(pv) + 6
        fp = font_for(perp, FONT, "condensed")
        shown_perp = ellipsize(perp, fp, X1 - x - pw - 4)
        draw_words(canvas, d, (x, cy), shown_perp, fp, th["muted"], ground, "lm")
        x += fp.getlength(shown_perp) + 6
        draw_words(canvas, d, (x, cy), pv, fv, th["cv"], ground, "lm")
    return y + LINE_H + 2


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
    d.rounded_rectangle((X0, y, X1, y + 34), radius=6, fill=fill)
    f, shown = fitted(title, FONT + 1, X1 - X0 - 16, "bold", FONT)
    d.text((X0 + 8, y + 17), shown, font=f, fill=ink, anchor="lm")
    return d


def _fight(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], fight: Mapping[str, Any],
           names: Mapping[int, str] | None, y: int, bottom: int) -> int:
    """The fight being prepared: each side's Combat Factor and dice so far, and the cards played."""
    kind = fight.get("kind")
    d = _box_top(canvas, th, _fight_title(say, view, kind, fight.get("crime")), y, dark=True)
    y += 38
    cf = by_seat(fight.get("judge_cf"))
    dice = by_seat(fight.get("judge_dice"))
    if kind in ("perp", "alien"):
        label = _perp_label(say, view, fight.get("crime")) if kind == "perp" else say(K + "fight.alien")
        _line(d, (X0 + 8, y + LINE_H / 2), label, FONT, th["cv"], 330)
        _cf_and_dice(d, th, _perp_base(view, kind, fight.get("crime")), fight.get("perp_cf"), fight.get("perp_dice"),
                     y + LINE_H / 2)
        y += LINE_H
    for s in fight.get("judges") or []:
        seat = seat_of(s)
        paste_centred(canvas, disc(th, view, seat, 26), (X0 + 19, y + LINE_H / 2))
        name = player_name(say, view, seat, names)
        _line(d, (X0 + 38, y + LINE_H / 2), name, FONT, th["ink"], 300)
        _cf_and_dice(d, th, JUDGE_CF, cf.get(seat), dice.get(seat), y + LINE_H / 2)
        y += LINE_H
    played = fight.get("cards") or []
    fc = font("regular", FONT)
    for i, c in enumerate(played):
        if y + 2 * LINE_H > bottom and i < len(played) - 1:
            d.text((X0 + 8, y + LINE_H / 2), f"+{len(played) - i}", font=fc, fill=th["muted"], anchor="lm")
            y += LINE_H
            break
        by = seat_of(c.get("by"))
        paste_centred(canvas, disc(th, view, by, 24), (X0 + 19, y + LINE_H / 2))
        name = say(f"judge_dredd.cardname.{c.get('card')}")
        if c.get("option") == "or":
            name += " (" + say(K + "or") + ")"
        room: float = X1 - X0 - 110
        amount, good = card_amount(say, c.get("card"), c.get("option"))
        if amount:
            fa = font_for(amount, FONT, "bold")
            d.text((X1 - 64, y + LINE_H / 2), amount, font=fa, fill=th["win_any"] if good else th["cv"], anchor="rm")
            room -= fa.getlength(amount) + 8
        _line(d, (X0 + 38, y + LINE_H / 2), name, FONT, th["ink"], room, "regular")
        on = seat_of(c.get("on"))
        if on is not None:
            d.text((X1 - 34, y + LINE_H / 2), "→", font=font("bold", FONT), fill=th["muted"], anchor="rm")
            paste_centred(canvas, disc(th, view, on, 24), (X1 - 16, y + LINE_H / 2))
        y += LINE_H
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
    f = font("bold", FONT)
    main = f"{total} + {dice}d6"
    d.text((X1 - 8, cy), main, font=f, fill=th["ink"], anchor="rm")
    if added:
        x = X1 - 8 - f.getlength(main) - 8
        d.text((x, cy), f"({added:+d})", font=font("regular", FONT), fill=th["win_any"] if added > 0 else th["cv"],
               anchor="rm")


def _last_fight(canvas: Image.Image, th: Theme, say: Text, view: Mapping[str, Any], last: Mapping[str, Any],
                names: Mapping[int, str] | None, y: int, bottom: int) -> int:
    """The last fight's dice and totals, and what came of it. Pasted from before (`Kept`) when
    all it shows is the same."""
    kind = last.get("kind")
    result = last.get("result")
    title = say(K + "last_fight") + " · " + _fight_title(say, view, kind, last.get("crime"))
    # (seat, Judge colour, words, dice, total, won): the Perp's (or Alien's) row has no seat
    rows: list[tuple[int | None, str | None, str, tuple[int, ...], Any, bool]] = []
    if kind in ("perp", "alien") and (last.get("perp_rolls") or last.get("perp_total") is not None):
        label = _perp_label(say, view, last.get("crime")) if kind == "perp" else say(K + "fight.alien")
        rows.append((None, None, label, tuple(last.get("perp_rolls") or []), last.get("perp_total"), False))
    rolls, totals = by_seat(last.get("rolls")), by_seat(last.get("totals"))
    winner = seat_of(last.get("winner"))
    for s in last.get("judges") or []:
        seat = seat_of(s)
        rows.append((seat, colour_of(view, seat) if seat is not None else None, player_name(say, view, seat, names),
                     tuple(rolls.get(seat) or []), totals.get(seat), seat is not None and seat == winner))
    fit = 0  # the rows above the bottom
    while fit < len(rows) and y + 38 + fit * (LINE_H + 2) + LINE_H <= bottom - PILL_H - 4:
        fit += 1
    word = say(K + "result." + result) if result in RESULTS else None
    end = y + 38 + fit * (LINE_H + 2) + (PILL_H + 4 if word is not None else 0)
    shown = (title, tuple(rows[:fit]), result if word is not None else None, word)
    return _FIGHTS.draw(canvas, (X0, y, X1 + 1, end), (th, shown), partial(_paint_last_fight, canvas, th, shown, y))


FIGHTS_BUDGET = 1 * MB
"""Last fights kept (`Kept`): one a board, the same for a whole Game Turn's Movement Round."""
_FIGHTS = Kept("judge_dredd_panel._FIGHTS", FIGHTS_BUDGET)


def _paint_last_fight(canvas: Image.Image, th: Theme, shown: tuple[Any, ...], y: int) -> int:
    title, rows, result, word = shown
    d = _box_top(canvas, th, title, y, dark=False)
    y += 38
    dice_x = X0 + 330
    for seat, colour, label, dice_rolled, total, won in rows:
        cy = y + LINE_H / 2
        if colour is None:
            _line(d, (X0 + 8, cy), label, FONT, th["cv"], dice_x - X0 - 16)
        else:
            paste_centred(canvas, judge_disc(th, colour, seat, 26, digits=FONT), (X0 + 19, cy))
            _line(d, (X0 + 38, cy), ("★ " if won else "") + label, FONT, th["ink"], dice_x - X0 - 46)
        x = dice_x
        for v in dice_rolled[:5]:
            paste_centred(canvas, die_face(26, int(v)), (x + 13, cy))
            x += 30
        if total is not None:
            d.text((X1 - 8, cy), f"= {total}", font=font("bold", FONT + 3), fill=th["ink"], anchor="rm")
        y += LINE_H + 2
    if word is not None:
        colour = {"arrested": th["win_any"], "won": th["win_any"], "failed": th["cross"]}.get(result, th["muted"])
        p = pill(word, PILL_H, colour, (255, 255, 255), blend(colour, th["ink"], 0.3), max_width=X1 - X0)
        paste_centred(canvas, p, (X0 + p.width / 2, y + PILL_H / 2))
        y += PILL_H + 4
    return y
