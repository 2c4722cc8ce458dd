"""The Judge Dredd map as text, for a terminal (`Renderer.text_board`, `text_hand`): Mega-City
One's 28 Sectors on their 4 × 7 grid, each by its code as commands take it (`spc`), River A as a
double line between the third and fourth columns and River B between the second and third rows
east of it, the Judges standing in each Sector (their colour's letter), its Crime (`C5`: Crime
Value) and its Perp once revealed (`P3`); under it the Game Turn and the round, whose cards are
waited for, each Judge's score, hand and arrests, the Crimes in words, the fights, the piles.
A seat's hand (`text_hand`) lists its cards with their texts.

Drawn from the same view as the picture (`renderer.judge_dredd`), in the words of its catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.common import Ask, Text, entry, wording
from renderer.judge_dredd_look import (
    COLOURS,
    PHASES,
    PILES,
    RESULTS,
    _fallbacks,
    by_seat,
    colour_of,
    optional_words,
    player_name,
    seat_of,
)
from renderer.judge_dredd_panel import _fight_title, _pending, _perp_label, _status
from renderer.text import box, pad, paint
from rules.judge_dredd.content import load_board, load_cards

K = "judge_dredd.board."
WORDS = {
    K + "text.judge": "{name}: in {sector} · score {score} · hand {hand}",
    K + "text.crime": "{sector} {name}: {crime} (CV {cv})",
    K + "text.perp": "Perp {perp} (CV {cv})",
    K + "text.face_down": "Perp face down",
    K + "text.legend": "R1 a Judge (colour, seat) · C Crime Value · P Perp · H Hospital"
                       " · ◇n Starting Sector (cards issued) · A Alien · Q Quarantine",
    K + "text.option": "or",
}
"""The text board's own words by message id, in English (`judge_dredd_text.po`); the others are
the picture's (`renderer.judge_dredd_look`)."""

INK = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "white": "bright_white", "black": "grey"}
LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W", "black": "K"}
"""A Judge on the text map: their colour's letter, in their colour."""
CELL = 10
ROWS, COLUMNS = 4, 7
RIVER_A = 3
"""River A runs east of this column (1-based)."""
RIVER_B = 2
"""River B runs south of this row, east of River A."""


def _say(text: Text | None) -> Text:
    return wording(text, {**_fallbacks(), **WORDS})


def _judge(colour: str, seat: int | None) -> str:
    """A Judge as the map's disc shows them: their colour (its letter) and seat number."""
    return paint(LETTER.get(colour, "?") + (str(seat + 1) if seat is not None else ""), INK.get(colour), bold=True)


def _cell(code: str, view: Mapping[str, Any], highlight: Mapping[str, Any]) -> list[str]:
    """A Sector's three lines: its code and marks, the Judges in it, its Crime and Perp."""
    sector = load_board().sectors.get(code)
    marks = ""
    if sector is not None:
        marks = ("H" if sector.hospital else "") + (f"◇{sector.bonus}" if sector.start else "")
    label = next((k for k, v in highlight.items() if v == code), "")
    head = paint(code, "bright_cyan" if sector is not None and sector.hospital else None, bold=True) + " " + marks
    if label:
        head = paint(f"[{label}]", "black", "yellow") + head
    judges = [_judge(str(j.get("colour")), seat_of(j.get("seat"))) for j in view.get("judges") or []
              if j.get("at") == code]
    alien = view.get("alien")
    if isinstance(alien, Mapping) and alien.get("sector") == code:
        judges.append(paint("A", "magenta", bold=True))
    quarantine = view.get("quarantine")
    if isinstance(quarantine, Mapping) and quarantine.get("sector") == code:
        judges.append(paint("Q", "bright_red", bold=True))
    crimes = []
    for c in view.get("crimes") or []:
        if c.get("sector") == code:
            crime = paint(f"C{c.get('crime_cv')}", "red", bold=True)
            if c.get("revealed") and c.get("perp_cv") is not None:
                crime += paint(f"P{c.get('perp_cv')}", "magenta", bold=True)
            crimes.append(crime)
    return [head, " ".join(judges), " ".join(crimes)]


@entry
def text_board(ask: Ask) -> str:
    """The map and its panel of `ask.view` as text (see the module)."""
    view, say = ask.view, _say(ask.text)
    board = load_board()
    where = {(s.row, s.col): code for code, s in board.sectors.items()}
    highlight = dict(ask.highlight or {})
    inner = CELL * COLUMNS + (COLUMNS - 1)
    lines = [paint(pad(say(K + "title"), inner + 2, "^"), bold=True)]

    def rule(row: int | None) -> str:
        """The line above row `row + 1` (None: the map's top or bottom)."""
        left, right = ("┌", "┐") if row == 0 else ("└", "┘") if row is None else ("├", "┤")
        parts = []
        for col in range(1, COLUMNS + 1):
            river_b = row == RIVER_B and col > RIVER_A
            parts.append(("═" if river_b else "─") * CELL)
            if col < COLUMNS:
                joint = "╥" if row == 0 else "╨" if row is None else "╫"
                parts.append(joint if col == RIVER_A else ("┬" if row == 0 else "┴" if row is None else "┼"))
        return left + "".join(parts) + right

    lines.append(rule(0))
    for row in range(1, ROWS + 1):
        cells = [_cell(where.get((row, col), ""), view, highlight) for col in range(1, COLUMNS + 1)]
        for i in range(3):
            parts = []
            for col in range(1, COLUMNS + 1):
                parts.append(pad(" " + cells[col - 1][i], CELL))
                if col < COLUMNS:
                    parts.append("║" if col == RIVER_A else "│")
            lines.append("│" + "".join(parts) + "│")
        lines.append(rule(row if row < ROWS else None))
    lines += box(_panel(view, say, ask.names))
    return "\n".join(lines)


def _panel(view: Mapping[str, Any], say: Text, names: Mapping[int, str] | None) -> list[str]:
    """Under the map: what the table waits for and the header's warnings, as the picture's panel
    says them (`judge_dredd_panel`), then the Judges, the Crimes, the fights and the piles."""
    out = []
    phase = view.get("phase")
    head = say(K + "turn").format(turn=view.get("turn", 0)) if view.get("turn") else say(K + "setup")
    if phase in PHASES:
        head += " · " + say(K + "phase." + str(phase))
    out.append(paint(head, bold=True))
    seat, waiting = _status(say, view, names)
    if waiting:
        mark = "★ " if phase == "over" else "▶ "
        out.append(paint(mark + waiting, INK.get(colour_of(view, seat)) if seat is not None else None, bold=True))
    pending = (view.get("window") or {}).get("pending")
    if pending:
        out.append(_pending(say, view, pending, names))
    scores = by_seat(view.get("scores"))
    for j in view.get("judges") or []:
        seat = seat_of(j.get("seat"))
        colour = colour_of(view, seat)
        at = str(j.get("at") or "-")
        sector = say(f"judge_dredd.sector.{at}") if at in load_board().sectors else say(K + "intensive_care") \
            if at == "icu" else at
        line = _judge(colour, seat) + " " + say(K + "text.judge").format(
            name=player_name(say, view, seat, names), sector=f"{at} {sector}" if at in load_board().sectors
            else sector, score=scores.get(seat, j.get("score", 0)), hand=j.get("hand", 0))
        arrested = j.get("arrested") or []
        if arrested:
            line += f" · {say(K + 'arrests')} {len(arrested)}"
        if j.get("moved"):
            line += f" · {say(K + 'moved')}"
        if j.get("miss_moves"):
            line += " · " + say(K + "misses").format(n=j["miss_moves"])
        out.append(line)
    for c in view.get("crimes") or []:
        code = str(c.get("sector"))
        line = say(K + "text.crime").format(sector=code, name=say(f"judge_dredd.sector.{code}"),
                                            crime=say(f"judge_dredd.crime.{c.get('crime')}"), cv=c.get("crime_cv"))
        if c.get("revealed") and c.get("perp"):
            line += " · " + say(K + "text.perp").format(perp=say(f"judge_dredd.perp.{c.get('perp')}"),
                                                         cv=c.get("perp_cv"))
        else:
            line += " · " + say(K + "text.face_down")
        out.append(line)
    quarantine = view.get("quarantine")
    if isinstance(quarantine, Mapping) and quarantine.get("sector"):
        sector = f"{quarantine['sector']} {say('judge_dredd.sector.' + str(quarantine['sector']))}"
        out.append(paint(say(K + "quarantine_until").format(sector=sector,
                                                            turn=quarantine.get("lifts_after_turn", "?")), "yellow"))
    alien = view.get("alien")
    if isinstance(alien, Mapping) and alien.get("sector"):
        sector = f"{alien['sector']} {say('judge_dredd.sector.' + str(alien['sector']))}"
        out.append(paint(say(K + "alien").format(sector=sector), "magenta"))
    out += _fights(view, say, names)
    holder = view.get("end_holder")
    if holder is not None and phase != "over":
        out.append(say(K + "end_holder").format(player=player_name(say, view, seat_of(holder), names)))
    if view.get("quiet_left") is not None:  # a game with no Arrest for a while is warned
        out.append(paint(say(K + "quiet").format(count=view.get("quiet_turns", "?"), left=view["quiet_left"]),
                         "yellow", bold=True))
    piles = view.get("piles") or {}
    out.append(" · ".join(f"{say(K + 'pile.' + p)} {piles.get(p, 0)}" for p in PILES if p in piles))
    out.append(say(K + "text.legend"))
    return out


def _fights(view: Mapping[str, Any], say: Text, names: Mapping[int, str] | None) -> list[str]:
    """The fight being prepared (each side's Combat Factor and dice, the cards played) and the
    last fight (the dice, the totals and what came of it), as the picture's panel shows them."""
    out = []
    fight = view.get("fight")
    if isinstance(fight, Mapping) and fight.get("kind"):
        kind = fight.get("kind")
        out.append(paint("⚔ " + _fight_title(say, view, kind, fight.get("crime")), bold=True))
        if kind in ("perp", "alien"):
            label = _perp_label(say, view, fight.get("crime")) if kind == "perp" else say(K + "fight.alien")
            out.append(f"    {label}: CF {fight.get('perp_cf', '?')} · {fight.get('perp_dice', '?')}d6")
        cf, dice = by_seat(fight.get("judge_cf")), by_seat(fight.get("judge_dice"))
        for raw in fight.get("judges") or []:
            seat = seat_of(raw)
            out.append(f"    {_judge(colour_of(view, seat), seat)} {player_name(say, view, seat, names)}: "
                       f"CF {cf.get(seat, '?')} · {dice.get(seat, '?')}d6")
        for card in fight.get("cards") or []:
            by, on = seat_of(card.get("by")), seat_of(card.get("on"))
            name = say(f"judge_dredd.cardname.{card.get('card')}")
            if card.get("option") == "or":
                name += f" ({say(K + 'or')})"
            target = f" → {_judge(colour_of(view, on), on)}" if on is not None else ""
            out.append(f"    {_judge(colour_of(view, by), by)} {name}{target}")
    last = view.get("last_fight")
    if isinstance(last, Mapping) and last.get("kind"):
        kind = last.get("kind")
        result = str(last.get("result") or "")
        word = say(K + "result." + result) if result in RESULTS else ""
        out.append(f"{say(K + 'last_fight')} · {_fight_title(say, view, kind, last.get('crime'))}"
                   + (f": {paint(word, bold=True)}" if word else ""))
        if kind in ("perp", "alien") and (last.get("perp_rolls") or last.get("perp_total") is not None):
            label = _perp_label(say, view, last.get("crime")) if kind == "perp" else say(K + "fight.alien")
            rolled = " ".join(str(n) for n in last.get("perp_rolls") or [])
            out.append(f"    {label}: {rolled} → {last.get('perp_total')}")
        rolls, totals, winner = by_seat(last.get("rolls")), by_seat(last.get("totals")), seat_of(last.get("winner"))
        for raw in last.get("judges") or []:
            seat = seat_of(raw)
            rolled = " ".join(str(n) for n in rolls.get(seat) or [])
            won = " ★" if seat is not None and seat == winner else ""
            out.append(f"    {_judge(colour_of(view, seat), seat)} {player_name(say, view, seat, names)}: "
                       f"{rolled} → {totals.get(seat)}{won}")
    return out


@entry
def text_hand(ask: Ask) -> str | None:
    """The seat's hand as text: each card's name and its texts (its options, "or" between them);
    None for a spectator's view or an empty hand."""
    view, say = ask.view, _say(ask.text)
    hand = view.get("hand")
    seat = seat_of(view.get("seat"))
    if seat is None or not hand:
        return None
    maybe = optional_words(ask.text)
    cards = load_cards()
    lines = []
    for card_id in hand:
        lines.append(paint("■ " + say(f"judge_dredd.cardname.{card_id}"), bold=True))
        kind = cards.get(card_id)
        options = (["main", "or"] if kind.or_ else ["main"]) if kind is not None else []
        for i, option in enumerate(options):
            body = maybe(f"judge_dredd.cardtext.{card_id}.{option}")
            if body:
                lines.append(("  " + say(K + "text.option") + ": " if i else "  ") + body)
    title = say(K + "your_hand")
    if ask.names and seat in ask.names:
        title = f"{title} · {ask.names[seat]}"
    return "\n".join(box(lines, paint(title, INK.get(colour_of(view, seat)), bold=True)))


__all__ = ["COLOURS", "text_board", "text_hand"]
