"""Dad's Army actions: small frozen data with a text form, verb first (see the team brief).

`roll`, `move <man> <c,r>`, `lay <c,r>`, `push <c,r>`, `hodge <man>`, `shelter <man> <n>`,
`bomb <c,r>`, `jack <c,r>`, `keep`, `done`, and the variant verbs of variant_actions.py
(`redraw`). `parse_action` reads any of them back and refuses junk with `BadActionText`,
before the engine checks whether it is legal now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action, ActionSyntax

from .board import Square, load_board
from .variant_actions import Redraw

MEN: tuple[str, ...] = ("mainwaring", "wilson", "vicar", "verger", "jones", "pike", "fraser", "godfrey")


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
    return board.on_board(value)  # type: ignore[arg-type]


SYNTAX = ActionSyntax(Roll, Move, Lay, Push, Hodge, Shelter, Bomb, Jack, Keep, Done, Redraw, valid=_meaningful)


def parse_action(text: str) -> Action:
    """The action a text form stands for; `BadActionText` when it cannot be read."""
    return SYNTAX.parse(text)
