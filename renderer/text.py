"""Boards as text, for a terminal: what every game's text drawing (`Renderer.text_board`,
`Renderer.text_hand`) is built with. A text board is at most `WIDTH` columns wide (a wide
character, as in Chinese, takes two), drawn with Unicode box drawing, and coloured with ANSI SGR
codes; `plain` takes the colour out for a terminal that shows none (or a reader who asked for
none: `NO_COLOR`).

Nothing here imports Pillow: a text board is drawn without it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

WIDTH = 80
"""The most columns a text board takes: a terminal's usual width."""

_SGR = re.compile(r"\x1b\[[0-9;]*m")

COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36,
           "white": 37, "grey": 90, "gray": 90, "bright_red": 91, "bright_green": 92, "bright_yellow": 93,
           "bright_blue": 94, "bright_magenta": 95, "bright_cyan": 96, "bright_white": 97}
"""Colour names -> their ANSI foreground code (a background is the code + 10)."""


def paint(text: str, fg: str | None = None, bg: str | None = None, *, bold: bool = False, dim: bool = False) -> str:
    """`text` in colour (names of `COLOURS`), bold or dim; unchanged when asked for nothing."""
    codes = [*(["1"] if bold else []), *(["2"] if dim else []), *([str(COLOURS[fg])] if fg in COLOURS else []),
             *([str(COLOURS[bg] + 10)] if bg in COLOURS else [])]
    if not codes or not text:
        return text
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m"


def plain(text: str) -> str:
    """`text` without its colour codes."""
    return _SGR.sub("", text)


def width(text: str) -> int:
    """The columns `text` takes in a terminal: colour codes none, a wide (CJK) character two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in plain(text))


def pad(text: str, columns: int, align: str = "<") -> str:
    """`text` filled with spaces to `columns` (`<` left, `>` right, `^` centred); a longer text is
    cut to fit (`clip`)."""
    text = clip(text, columns)
    room = columns - width(text)
    if align == ">":
        return " " * room + text
    if align == "^":
        return " " * (room // 2) + text + " " * (room - room // 2)
    return text + " " * room


def clip(text: str, columns: int) -> str:
    """`text` cut to `columns` (with "…" where it was cut), its colour codes kept."""
    if width(text) <= columns:
        return text
    out, used = [], 0
    for part in re.split(f"({_SGR.pattern})", text):
        if _SGR.fullmatch(part):
            out.append(part)
            continue
        for ch in part:
            w = width(ch)
            if used + w > columns - 1:
                break
            out.append(ch)
            used += w
    return "".join(out) + "…" + ("\x1b[0m" if _SGR.search(text) else "")


def wrap(text: str, columns: int) -> list[str]:
    """`text` in lines of at most `columns`, broken at spaces (a word longer than a line, or
    words with no spaces between them, as in Chinese, broken where the line is full)."""
    lines: list[str] = []
    line = ""
    for word in re.split(r"(?<= )", text):
        if width(line + word.rstrip()) <= columns:
            line += word
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = ""
        while width(word.rstrip()) > columns:
            cut, used = 0, 0
            for i, ch in enumerate(word):
                if used + width(ch) > columns:
                    cut = i
                    break
                used += width(ch)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def box(lines: Sequence[str], title: str = "", columns: int = WIDTH) -> list[str]:
    """`lines` inside a box `columns` wide (its title in the top edge); a line too long for it
    is wrapped (a colour that spans the break goes on to the end of its line)."""
    inner = columns - 4
    top = "─" * (columns - 2)
    if title:
        name = clip(f" {title} ", columns - 4)
        top = "─" + name + "─" * (columns - 3 - width(name))
    body = [f"│ {pad(part, inner)} │" for line in lines
            for part in (wrap(line, inner) if width(line) > inner else [line])]
    return [f"┌{top}┐", *body, f"└{'─' * (columns - 2)}┘"]


def grid(cells: Sequence[Sequence[str]], cell: int, *, columns: Sequence[str] = (), rows: Sequence[str] = (),
         lines: bool = False, empty: str = "") -> list[str]:
    """A board of `cells` (rows of cells, each at most `cell` columns) in a box-drawn frame, its
    columns named above and below (`columns`) and its rows at both sides (`rows`), each cell
    centred. `lines`: a line between rows as well as between columns; `empty`: what an empty
    cell shows."""
    n = len(cells[0]) if cells else 0
    side = max((width(r) for r in rows), default=0)
    gap = " " * (side + 1) if side else ""
    out: list[str] = []
    head = gap + " " + " ".join(pad(c, cell, "^") for c in columns) if columns else ""
    if head:
        out.append(head.rstrip())
    rule = "─" * cell

    def edge(left: str, mid: str, right: str) -> str:
        return gap + left + mid.join([rule] * n) + right

    out.append(edge("┌", "┬" if lines else "─", "┐"))
    for i, row in enumerate(cells):
        name = rows[i] if i < len(rows) else ""
        sep = "│" if lines else " "
        body = "│" + sep.join(pad(c or empty, cell, "^") for c in row) + "│"
        out.append((pad(name, side, ">") + " " if side else "") + body + (" " + name if side else ""))
        if lines and i < len(cells) - 1:
            out.append(edge("├", "┼", "┤"))
    out.append(edge("└", "┴" if lines else "─", "┘"))
    if head:
        out.append(head.rstrip())
    return out


def fits(board: str, columns: int = WIDTH) -> bool:
    """Whether every line of `board` takes at most `columns`."""
    return all(width(line) <= columns for line in board.split("\n"))
