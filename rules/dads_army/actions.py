"""Dad's Army actions: small frozen data with a text form, verb first (see the team brief).

`roll`, `move <man> <c,r>`, `lay <c,r>`, `push <c,r>`, `hodge <man>`, `shelter <man> <n>`,
`bomb <c,r>`, `jack <c,r>`, `keep`, `done`. `parse_action` reads any of them back and
refuses junk with `BadActionText`, before the engine checks whether it is legal now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action, BadActionText

from .board import Square, load_board

MEN: tuple[str, ...] = ("mainwaring", "wilson", "vicar", "verger", "jones", "pike", "fraser", "godfrey")


def square_text(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


@dataclass(frozen=True)
class Roll(Action):
    verb: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Move(Action):
    """Move one of your men exactly the roll, ending on `to`."""

    man: str
    to: Square
    verb: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"move {self.man} {square_text(self.to)}"


@dataclass(frozen=True)
class Lay(Action):
    """Lay your kept Union Jack on the bomb at `at`, before rolling."""

    at: Square
    verb: ClassVar[str] = "lay"

    def __str__(self) -> str:
        return f"lay {square_text(self.at)}"


@dataclass(frozen=True)
class Push(Action):
    """Character card: move the named man of another player to `to`."""

    to: Square
    verb: ClassVar[str] = "push"

    def __str__(self) -> str:
        return f"push {square_text(self.to)}"


@dataclass(frozen=True)
class Hodge(Action):
    """Hodges card: swap Hodges with `man`."""

    man: str
    verb: ClassVar[str] = "hodge"

    def __str__(self) -> str:
        return f"hodge {self.man}"


@dataclass(frozen=True)
class Shelter(Action):
    """Air raid: put your `man` in air raid shelter `n` (1..4)."""

    man: str
    n: int
    verb: ClassVar[str] = "shelter"

    def __str__(self) -> str:
        return f"shelter {self.man} {self.n}"


@dataclass(frozen=True)
class Bomb(Action):
    at: Square
    verb: ClassVar[str] = "bomb"

    def __str__(self) -> str:
        return f"bomb {square_text(self.at)}"


@dataclass(frozen=True)
class Jack(Action):
    """Union Jack card: replace the bomb at `at` by a Union Jack."""

    at: Square
    verb: ClassVar[str] = "jack"

    def __str__(self) -> str:
        return f"jack {square_text(self.at)}"


@dataclass(frozen=True)
class Keep(Action):
    """Union Jack card: keep one marker back for a later turn."""

    verb: ClassVar[str] = "keep"

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Done(Action):
    """Union Jack card: place no more."""

    verb: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


def _square(token: str, text: str) -> Square:
    parts = token.split(",")
    board = load_board()
    try:
        sq = (int(parts[0]), int(parts[1])) if len(parts) == 2 else None
    except ValueError:
        sq = None
    if sq is None or not board.on_board(sq):
        raise BadActionText(text=text)
    return sq


def _man(token: str, text: str) -> str:
    if token not in MEN:
        raise BadActionText(text=text)
    return token


def parse_action(text: str) -> Action:
    """The action a text form stands for; `BadActionText` when it cannot be read."""
    tokens = text.strip().lower().split()
    if not tokens:
        raise BadActionText(text=text)
    verb, args = tokens[0], tokens[1:]
    shapes = {"roll": 0, "keep": 0, "done": 0, "lay": 1, "push": 1, "bomb": 1, "jack": 1, "hodge": 1,
              "move": 2, "shelter": 2}
    if shapes.get(verb) != len(args):
        raise BadActionText(text=text)
    if verb == "roll":
        return Roll()
    if verb == "keep":
        return Keep()
    if verb == "done":
        return Done()
    if verb == "move":
        return Move(_man(args[0], text), _square(args[1], text))
    if verb == "hodge":
        return Hodge(_man(args[0], text))
    if verb == "shelter":
        if args[1] not in {str(n) for n in load_board().shelters}:
            raise BadActionText(text=text)
        return Shelter(_man(args[0], text), int(args[1]))
    square_actions: dict[str, type[Lay | Push | Bomb | Jack]] = {"lay": Lay, "push": Push, "bomb": Bomb, "jack": Jack}
    return square_actions[verb](_square(args[0], text))
