"""Judge Dredd actions: small frozen data with a text form, verb first (see the team brief).

`place <sector>`, `move <path>` (Sector codes joined by `-`), `stay`, `arrest <crime|alien>`,
`play <card> <option> <target>`, `block <judge> <judge>`, `tipoff <crime> <path>`,
`answer <card>`, `pass`, `skip`, `discard <card>`, `done`. All verbs are here (cards.py imports the card
ones); `parse_action` refuses junk with `BadActionText` before any rule is asked. Each class writes
its own text (what `Action.__str__` writes from its fields, without looking them up: a prompt
writes a hundred of them), and a test holds the two to the same words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action, ActionSyntax

from .content import load_board, load_cards, load_crimes
from .state import ALIEN, COLOURS


@dataclass(frozen=True)
class Place(Action):
    """Set-up: put your Judge in an unoccupied Starting Sector."""

    sector: str
    verb: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"place {self.sector}"


@dataclass(frozen=True)
class Move(Action):
    """Your Move: the Sectors entered, in order, joined by `-` (`rob-hos`)."""

    path: str
    verb: ClassVar[str] = "move"

    def __str__(self) -> str:
        return f"move {self.path}"

    @property
    def steps(self) -> list[str]:
        return self.path.split("-")


@dataclass(frozen=True)
class Stay(Action):
    """Your Move: zero Sectors."""

    verb: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True)
class Arrest(Action):
    """Choose which Crime (its Crime id), or `alien`, to attempt when there is a choice."""

    crime: str
    verb: ClassVar[str] = "arrest"

    def __str__(self) -> str:
        return f"arrest {self.crime}"


@dataclass(frozen=True)
class Play(Action):
    """Play an Action Card: option `main` | `or`, target a Judge colour, Sector code or Crime id."""

    card: str
    option: str
    target: str
    verb: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play {self.card} {self.option} {self.target}"


@dataclass(frozen=True)
class Block(Action):
    """Block Mania's main option: the two Judges (colours) who must fight."""

    first: str
    second: str
    verb: ClassVar[str] = "block"

    def __str__(self) -> str:
        return f"block {self.first} {self.second}"


@dataclass(frozen=True)
class TipOff(Action):
    """Tip Off: Perp on the Move (main): move that Crime's Perp along `path`."""

    crime: str
    path: str
    verb: ClassVar[str] = "tipoff"

    def __str__(self) -> str:
        return f"tipoff {self.crime} {self.path}"


@dataclass(frozen=True)
class Answer(Action):
    """Answer a Barney with a card showing a Judge, or an Outdoor Boing with a Tip Off."""

    card: str
    verb: ClassVar[str] = "answer"

    def __str__(self) -> str:
        return f"answer {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    """Play no card now (or decline to answer)."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Skip(Action):
    """Pass this window and every card-play window for the rest of this Game Turn (not an answer
    window where the seat is the target, the window before its own Judge's fight, nor issue)."""

    verb: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True)
class Discard(Action):
    """Discard a card: before issue, or down to six after taking cards."""

    card: str
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Done(Action):
    """Stop discarding before issue."""

    verb: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


_TOKEN = re.compile(r"^[a-z0-9_]+$")


def _meaningful(name: str, value: object) -> bool:
    """Tokens that name something in this game: a Sector, a path of Sectors, a card, a Crime,
    a Judge colour, an option. The target of a `play` may be any of the names."""
    if not isinstance(value, str):
        return False
    sectors = load_board().sectors
    if name == "sector":
        return value in sectors
    if name == "path":
        return all(step in sectors for step in value.split("-"))
    if name == "card":
        return value in load_cards()
    if name == "crime":
        return value in load_crimes() or value == ALIEN
    if name in ("first", "second"):
        return value in COLOURS
    if name == "option":
        return value in ("main", "or")
    if name == "target":
        return value in sectors or value in COLOURS or value in load_crimes()
    return bool(_TOKEN.match(value))


SYNTAX = ActionSyntax(
    Place, Move, Stay, Arrest, Play, Block, TipOff, Answer, Pass, Skip, Discard, Done, valid=_meaningful
)


def parse_action(text: str) -> Action:
    """The action a text form stands for; `BadActionText` when it cannot be read."""
    return SYNTAX.parse(text)
