"""How local play shows a board in the terminal: the game's text drawing (`Renderer.text_board`,
carried by a notice as its `board`), in colour when the terminal shows colour, or the picture
itself where the terminal draws pictures (`--images inline`: the kitty or iTerm2 graphics
protocol), else the text.

Colour: ANSI codes only when the output is a terminal and `NO_COLOR` is not set (any value, see
no-color.org), unless the player said (`--color`, `--no-color`). Pictures inline: only when the
terminal says it can (kitty sets `KITTY_WINDOW_ID` and a `TERM` of `xterm-kitty`; iTerm2 and
WezTerm set `TERM_PROGRAM`); elsewhere the text board is shown instead.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from renderer.text import plain

TEXT, FILES, INLINE = "text", "files", "inline"
"""What local play does with a board: its text only; its text and the picture written to a file
(the path printed); the picture in the terminal where it can show one, else the text."""

ITERM_PROGRAMS = ("iTerm.app", "WezTerm")
"""`TERM_PROGRAM`s that draw a picture sent with iTerm2's inline image escape."""
KITTY_CHUNK = 4096
"""The most base64 bytes of a picture in one kitty graphics escape (the protocol's limit)."""


def colour(out: Any, env: Mapping[str, str], wanted: bool | None = None) -> bool:
    """Whether to colour what is written to `out`: as the player said (`wanted`), else only at a
    terminal without `NO_COLOR` (set to anything)."""
    if wanted is not None:
        return wanted
    if "NO_COLOR" in env:
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty())


def graphics(env: Mapping[str, str]) -> str | None:
    """The picture protocol the terminal says it speaks: `kitty`, `iterm`, or None."""
    if env.get("KITTY_WINDOW_ID") or env.get("TERM", "") == "xterm-kitty":
        return "kitty"
    if env.get("TERM_PROGRAM") in ITERM_PROGRAMS:
        return "iterm"
    return None


def inline(png: bytes, protocol: str) -> str:
    """The escape that draws `png` in a terminal speaking `protocol` (`graphics`)."""
    data = base64.standard_b64encode(png).decode("ascii")
    if protocol == "iterm":
        return f"\x1b]1337;File=inline=1;size={len(png)};preserveAspectRatio=1:{data}\a"
    chunks = [data[i:i + KITTY_CHUNK] for i in range(0, len(data), KITTY_CHUNK)] or [""]
    parts = []
    for i, chunk in enumerate(chunks):
        more = 1 if i < len(chunks) - 1 else 0
        head = f"a=T,f=100,m={more}" if i == 0 else f"m={more}"
        parts.append(f"\x1b_G{head};{chunk}\x1b\\")
    return "".join(parts)


class Screen:
    """What the terminal is shown of a board: `shown(board, image)` is the text to write (the
    text board, coloured or not, or the picture inline), or None for nothing. A board the same
    as the one shown last is not shown again (`again` forgets it: a board asked for is shown)."""

    def __init__(self, mode: str, colour: bool, protocol: str | None) -> None:
        self.mode = mode
        self.colour = colour
        self.protocol = protocol if mode == INLINE else None
        self.last: str | None = None

    def again(self) -> None:
        self.last = None

    def shown(self, board: str | None, image: bytes | None, *, public: bool = True) -> str | None:
        if board is None and (image is None or self.protocol is None):
            return None
        if public:
            if board is not None and board == self.last:
                return None
            self.last = board
        if self.protocol is not None and image is not None:
            return inline(image, self.protocol)
        if board is None:
            return None
        return board if self.colour else plain(board)
