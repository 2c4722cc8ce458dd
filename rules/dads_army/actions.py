"""Dad's Army actions: small frozen data with a text form, verb first (see the team brief).

`roll`, `move <man> <c,r>`, `lay <c,r>`, `push <c,r>`, `hodge <man>`, `shelter <man> <n>`,
`bomb <c,r>`, `jack <c,r>`, `keep`, `done`, and the variant verbs of variant_actions.py
(`redraw`). `parse_action` reads any of them back and refuses junk with `BadActionText`,
before the engine checks whether it is legal now.

A man may be typed by his name or by the code the board shows on his token (`mw` for
Mainwaring, `MAN_CODES`), a shelter by its number or by the code the board shows on it (`s2`,
`SHELTER_CODE`), in any case: what the board shows is what a command takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from rules.core import Action, ActionSyntax, BadActionText

from .board import MAN_CODES, Square, load_board
from .variant_actions import Redraw

MEN: tuple[str, ...] = ("mainwaring", "wilson", "vicar", "verger", "jones", "pike", "fraser", "godfrey")
_BY_CODE = {code.lower(): man for man, code in MAN_CODES.items()}


@dataclass(frozen=True)
class Roll(Action):
    verb: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Move(Action):
    """Move one of your men exactly the roll, ending on `to`."""

    man: str
    to: Square
    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class Lay(Action):
    """Lay your kept Union Jack on the bomb at `at`, before rolling."""

    at: Square
    verb: ClassVar[str] = "lay"


@dataclass(frozen=True)
class Push(Action):
    """Character card: move the named man of another player to `to`."""

    to: Square
    verb: ClassVar[str] = "push"


@dataclass(frozen=True)
class Hodge(Action):
    """Hodges card: swap Hodges with `man`."""

    man: str
    verb: ClassVar[str] = "hodge"


@dataclass(frozen=True)
class Shelter(Action):
    """Air raid: put your `man` in air raid shelter `n` (1..4)."""

    man: str
    n: int
    verb: ClassVar[str] = "shelter"


@dataclass(frozen=True)
class Bomb(Action):
    """Air raid: drop one bomb at `at`."""

    at: Square
    verb: ClassVar[str] = "bomb"


@dataclass(frozen=True)
class Jack(Action):
    """Union Jack card: replace the bomb at `at` by a Union Jack."""

    at: Square
    verb: ClassVar[str] = "jack"


@dataclass(frozen=True)
class Keep(Action):
    """Union Jack card: keep one marker back for a later turn."""

    verb: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Done(Action):
    """Union Jack card: place no more."""

    verb: ClassVar[str] = "done"


def _meaningful(name: str, value: object) -> bool:
    """Tokens that name something on this board: a man, a square, a shelter."""
    board = load_board()
    if name == "man":
        return value in MEN
    if name == "n":
        return value in board.shelters
    # Every other field is a square ("to", "at"), read as a pair of numbers.
    return isinstance(value, tuple) and len(value) == 2 and board.on_board(value)


SYNTAX = ActionSyntax(Roll, Move, Lay, Push, Hodge, Shelter, Bomb, Jack, Keep, Done, Redraw, valid=_meaningful)


def plain_token(token: str) -> str:
    """A typed token in the action text's own form: a man's code (`Mw`) as his name, a shelter's
    code (`S2`) as its number, any case; anything else as it is (lower case)."""
    token = token.lower()
    if token in _BY_CODE:
        return _BY_CODE[token]
    if token[:1] == "s" and token[1:].isdigit():
        return token[1:]
    return token


PARSED_KEPT = 2048
"""Texts `parse_action` remembers: an action is frozen data, so one reading serves each time the
same text comes again (a log folded again reads the same texts: a move names one of 8 men and 144
squares)."""


@lru_cache(maxsize=PARSED_KEPT)
def parse_action(text: str) -> Action:
    """The action a text form stands for, men and shelters also by their board codes
    (`move Mw 6,2`, `shelter pi s3`); `BadActionText` when it cannot be read."""
    verb, *rest = text.strip().lower().split() or [""]
    try:
        return SYNTAX.parse(" ".join([verb, *(plain_token(t) for t in rest)]))
    except BadActionText:
        raise BadActionText(text=text) from None
