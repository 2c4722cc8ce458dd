"""The Dad's Army board as text, for a terminal (`Renderer.text_board`): the map of
Walmington-on-Sea as a 12 × 12 grid, numbered column,row as the picture's pointers are, with the
picture's codes (each man's token code, `H` for Hodges, the shelters' `S1`…`S4`, `WD`, `EWS`),
the bombs, Union Jacks and map references, and under it the table: whose turn, the phase and the
die, each player's men and reference, the supplies and the card in play.

Drawn from the same view as the picture (`renderer.dads_army`), in the words of its catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.common import Ask, entry, wording
from renderer.text import box, grid, pad, paint
from rules.dads_army.board import MAN_CODES, SHELTER_CODE, load_board

K = "board.dads_army."
INITIALS = {**MAN_CODES, "hodges": "H"}
TEAMS = ("red", "blue", "green", "yellow")
WORDS = {
    K + "text.die": "die {n}",
    K + "text.supplies": "Top Secret deck {deck} · discards {discards} · bombs left {bombs} · Union Jacks left {jacks}",
    K + "text.men": "{men} · home ◎ {home}",
    K + "text.bomb": "bomb",
    K + "text.jack": "Union Jack",
    K + "text.reference": "map reference",
    K + "text.last_move": "last move",
    K + "text.jack_kept": "keeps a Union Jack",
}
"""The text board's own words by message id, in English (`dads_army_text.po`); the others are
the picture's (`renderer.dads_army.MESSAGES`)."""

CELL = 5
"""Columns of one square: two men's codes side by side."""
BUILDINGS = {"vicarage": "Vc", "bank": "Bk", "jones_butchers": "JB", "funeral_parlour": "FP",
             "pike_mums_house": "PH", "godfrey_house": "GH", "beach_shelter": "BS"}
"""The code a building's squares show on the text board (named under it)."""


def _team(team: Any) -> str | None:
    return str(team) if team in TEAMS else None


@entry
def text_board(ask: Ask) -> str:
    """The board and the table of `ask.view` as text (see the module)."""
    from renderer import dads_army as picture  # the picture's words; it names this module as its text

    view, say = ask.view, wording(ask.text, {**picture.MESSAGES, **WORDS})
    board = load_board()
    cells: list[list[str]] = [["" for _ in range(board.columns)] for _ in range(board.rows)]

    def put(sq: Any, text: str) -> None:
        col, row = int(sq[0]), int(sq[1])
        if 1 <= col <= board.columns and 1 <= row <= board.rows:
            cells[row - 1][col - 1] += text

    figures: dict[tuple[int, int], list[str]] = {}
    for man in sorted(view.get("men", {}), key=lambda m: list(INITIALS).index(m) if m in INITIALS else 99):
        info = view["men"][man]
        code = INITIALS.get(man, man[:2])
        figures.setdefault(tuple(info["square"]), []).append(paint(code, _team(info.get("team")), bold=True))
    if view.get("hodges"):
        figures.setdefault(tuple(view["hodges"]), []).append(paint("H", "magenta", bold=True))
    for sq, found in figures.items():
        put(sq, "".join(found[:2]) + (f"+{len(found) - 2}" if len(found) > 2 else ""))
    marks: dict[tuple[int, int], str] = {}
    for sq in view.get("bombs", []):
        marks[tuple(sq)] = paint("✹", "red", bold=True)
    for sq in view.get("jacks", []):
        marks[tuple(sq)] = paint("UJ", "blue", bold=True)
    for p in view.get("players", []):
        if p.get("reference"):
            marks.setdefault(tuple(p["reference"]), paint("◎", _team(p.get("team")), bold=True))
    for building in board.buildings:
        code = {"air_raid_shelter": SHELTER_CODE.format(n=building.number), "wd_base": say(K + "mark.wd")}.get(
            building.kind, BUILDINGS.get(building.id, building.id[:2]))
        for sq in building.squares:
            marks.setdefault(sq, paint(code, "grey" if building.kind in ("home", "beach_shelter") else "cyan"))
    marks.setdefault(board.ews_tank, paint("EWS", "cyan"))
    path = {tuple(sq) for sq in (view.get("last_move") or {}).get("path", [])[:-1]}
    for row in range(1, board.rows + 1):
        for col in range(1, board.columns + 1):
            sq = (col, row)
            if sq in marks and len(figures.get(sq, [])) < 2:
                put(sq, marks[sq])
            if not cells[row - 1][col - 1]:
                if sq in path:
                    put(sq, paint("•", "yellow", bold=True))
                elif row in board.sea_rows:
                    put(sq, paint("≈≈≈≈≈", "blue"))
    numbers = [str(n) for n in range(1, board.columns + 1)]
    title = f"{say(K + 'title')} · {say(K + 'place')}"
    lines = [paint(pad(title, 79, "^"), bold=True),
             *grid(cells, CELL, columns=numbers, rows=[str(n) for n in range(1, board.rows + 1)],
                  empty=paint("·", "grey"))]
    lines += box(_table(view, say, ask.names, picture))
    return "\n".join(lines)


def _table(view: Mapping[str, Any], say: Any, names: Mapping[int, str] | None, picture: Any) -> list[str]:
    """The table under the map: whose turn, each player, the supplies, the card, the legend."""
    PHASES, CARDS, _player_label = picture.PHASES, picture.CARDS, picture._player_label
    by_seat = {p["seat"]: p for p in view.get("players", [])}
    winner, phase = view.get("winner"), view.get("phase")
    lead = by_seat.get(winner if winner is not None else view.get("turn"))
    out = []
    if lead is not None:
        word = f"★ {say(K + 'winner')}" if winner is not None else (
            say(K + "phase." + str(phase)) if phase in PHASES else str(phase or "").upper())
        if view.get("pending") and phase in ("bomb", "jack", "push"):
            word += f" ×{view['pending']}"
        roll = f" · {say(K + 'text.die').format(n=view['roll'])}" if view.get("roll") else ""
        team = _team(lead.get("team"))
        out.append(paint(f"▶ {_player_label(say, lead, names)}", team, bold=True) + f" · {word}{roll}")
    for p in view.get("players", []):
        men = " ".join(_man(view, man) for man in p.get("men", []))
        ref = p.get("reference")
        home = f"{ref[0]},{ref[1]}" if ref else "-"
        marker = "▶" if p["seat"] == view.get("turn") and winner is None else "★" if p["seat"] == winner else " "
        extra = " " + "⌂" * int(p.get("arrived") or 0) if p.get("arrived") else ""
        jack = f" · UJ {say(K + 'text.jack_kept')}" if p.get("kept_jack") else ""
        label = paint(f"■ {_player_label(say, p, names)}", _team(p.get("team")), bold=True)
        out.append(f"{marker} {label}: {say(K + 'text.men').format(men=men, home=home)}{extra}{jack}")
    out.append(say(K + "text.supplies").format(deck=view.get("deck", 0), discards=view.get("discards", 0),
                                                bombs=view.get("bombs_left", 0), jacks=view.get("jacks_left", 0)))
    card = view.get("card")
    if card:
        kind = card.get("kind")
        title = say(K + "card." + kind) if kind in CARDS else str(kind).upper()
        man = card.get("man")
        out.append(f"▣ {title}" + (f" · {INITIALS.get(man, man)}" if man else ""))
    marks = (("✓", "legend.called_in"), ("⌂", "legend.home"), ("✹", "text.bomb"), ("UJ", "text.jack"),
             ("◎", "text.reference"), ("•", "text.last_move"))
    out.append(" · ".join(f"{mark} {say(K + key)}" for mark, key in marks))
    codes = [f"{code} {say(K + 'building.' + bid)}" for bid, code in BUILDINGS.items()]
    out.append(" · ".join(codes))
    return out


def _man(view: Mapping[str, Any], man: str) -> str:
    """A man in the table: his code in his team's colour, where he stands, ✓ once called in."""
    info = view.get("men", {}).get(man, {})
    sq = info.get("square")
    where = f" {sq[0]},{sq[1]}" if sq else ""
    mark = "✓" if info.get("called_in") else ""
    home = "⌂" if info.get("arrived") else ""
    return paint(INITIALS.get(man, man), _team(info.get("team")), bold=True) + where + mark + home
