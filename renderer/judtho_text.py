"""The Judtho board as text, for a terminal (`Renderer.text_board`): the board (the Duo's half
board, 6 files, or the whole 12), files a… and ranks 1… as the picture's coordinates, each piece
as its army's letter and the notation's piece letter (`WK`, `RQ`; a pawn `Wp`), the squares of
the last move marked, a King in danger framed `!…!`; under it the status (whose move, the winner,
the battle), each player's points, Material Score, captured pieces and reserve, the last move and
the Kings in danger.

Drawn from the same view as the picture (`renderer.judtho`), in the words of its catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.common import Ask, Text, entry, wording
from renderer.judtho_look import (
    COLOURS,
    FILES,
    LETTERS,
    MESSAGES,
    RANKS,
    area_of,
    colour_letter,
    layout_for,
    parse_square,
)
from renderer.judtho_panel import player_label, status
from renderer.text import box, grid, paint

K = "judtho.board."
WORDS = {
    K + "text.danger": "⚠ {army}'s King on {square} is in danger",
    K + "text.legend": "K King · Q Queen · P Prince · S Princess · R Rook · N Knight · B Bishop · p pawn",
}
"""The text board's own words by message id, in English (`judtho_text.po`); the others are the
picture's (`renderer.judtho_look.MESSAGES`)."""

INK = {"white": "bright_white", "red": "red", "yellow": "yellow", "black": "black"}
"""Each army's letters on the text board."""
GROUND = {"white": "white", "red": "red", "yellow": "yellow", "black": "grey"}
"""The Kingdom an empty square lies in, as the colour of its dot."""
CELL = 4


def _say(text: Text | None) -> Text:
    """The picture's words and the text board's own, in the reader's language."""
    return wording(text, {**MESSAGES, **WORDS})


def piece(say: Text, colour: str, kind: str) -> str:
    """A piece as the text board writes it: its army's letter and its own (`p` for a pawn)."""
    return colour_letter(say, colour) + LETTERS.get(kind, "p")


@entry
def text_board(ask: Ask) -> str:
    """The board and its panel of `ask.view` as text (see the module)."""
    view, say = ask.view, _say(ask.text)
    files = layout_for(view).files
    last = view.get("last_move") or {}
    moved = {parse_square(last.get("from")), parse_square(last.get("to"))} - {None}
    danger = set(view.get("in_danger") or [])
    cells = [["" for _ in range(files)] for _ in range(RANKS)]
    for sq, held in (view.get("board") or {}).items():
        at = parse_square(sq)
        if not at or at[0] > files or not isinstance(held, (list, tuple)) or len(held) < 2:
            continue
        colour, kind = str(held[0]), str(held[-1])
        code = piece(say, colour, kind)
        if kind == "king" and colour in danger:
            code = paint(f"!{code}!", "bright_white", "red", bold=True)
        else:
            code = paint(code, INK.get(colour), "cyan" if at in moved else None, bold=True)
        cells[RANKS - at[1]][at[0] - 1] = code
    for rank in range(1, RANKS + 1):
        for file in range(1, files + 1):
            if not cells[RANKS - rank][file - 1]:
                area = area_of((file, rank))
                mark = "•" if (file, rank) in moved else "·"
                cells[RANKS - rank][file - 1] = paint(mark, "cyan" if mark == "•" else GROUND.get(area, "grey"),
                                                      dim=mark == "·" and area == "neutral")
    names = [FILES[i] for i in range(files)]
    ranks = [str(r) for r in range(RANKS, 0, -1)]
    lines = grid(cells, CELL, columns=names, rows=ranks, lines=False)
    lines += box(_panel(view, say, ask.names))
    return "\n".join(lines)


def _panel(view: Mapping[str, Any], say: Text, names: Mapping[int, str] | None) -> list[str]:
    """Under the board: the status, each player, the last move, the Kings in danger."""
    _kings, line, beside = status(say, view, names)
    mover = view.get("to_move")
    out = [paint(line, INK.get(str(mover)) if mover in COLOURS else None, bold=True) + (f" · {beside}" if beside
                                                                                          else "")]
    for p in view.get("players") or []:
        cols = [c for c in p.get("colours") or [] if c in COLOURS]
        active = mover in cols and view.get("phase") != "over"
        won = view.get("phase") == "over" and any(c in (view.get("winner") or []) for c in cols)
        mark = "▶" if active else "★" if won else " "
        chips = "".join(paint(f"[{colour_letter(say, c)}]", INK[c], bold=True) for c in cols)
        text = f"{mark} {chips} {player_label(say, p, names)} · {say(K + 'points').format(n=int(p.get('points') or 0))}"
        text += " · " + say(K + "material").format(n=int(p.get("material") or 0))
        if p.get("status") in ("conquered", "departed"):
            text += " · " + say(K + "status." + str(p["status"]))
        out.append(text)
        captured = [piece(say, str(e[0]), str(e[1])) for c in cols
                    for e in (view.get("captured") or {}).get(c) or [] if len(e) >= 2]
        if captured:
            out.append(f"    {say(K + 'captured')}: {' '.join(captured)}")
        reserve = [piece(say, c, kind) for c in cols for kind in (view.get("reserve") or {}).get(c) or []]
        if reserve:
            out.append(f"    {say(K + 'reserve')}: {' '.join(reserve)}")
    last = view.get("last_move") or {}
    if last.get("text"):
        out.append(f"{say(K + 'last_move')}: {last['text']}")
    board = view.get("board") or {}
    for colour in view.get("in_danger") or []:
        squares = [sq for sq, held in board.items() if isinstance(held, (list, tuple)) and len(held) >= 2
                   and held[0] == colour and held[-1] == "king"]
        army = say(K + "colour." + colour) if colour in COLOURS else str(colour)
        for sq in squares:
            out.append(paint(say(K + "text.danger").format(army=army, square=sq), "red", bold=True))
    out.append(say(K + "text.legend"))
    return out
