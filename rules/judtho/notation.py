"""The text form of every Judtho action (J29), which is also the `Action` text.

`Move`, `Place` and `Pass` are small frozen data; `str(action)` writes the notation and
`parse(text)` reads it back (`parse(str(a)) == a`), raising `BadActionText` on anything else.

- placement `@Qc2`, a pawn `@c3`;
- move `Nb1-c3`, a pawn `e3-e5`, capture `Qd1xd8`, promotion `e11-e12=Q`;
- sweep (Princess, Prince, J9): every captured square in path order, the last being the
  destination, `Sd4xd5xd7`;
- Knight distant capture (J10, the Knight stays): `Nc3x{b5,e4}`, squares in board order;
- `pass` (J20); a Conquest the move makes is suffixed `#K` Regicide, `#N` knatch, `#A` Annihilation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from rules.core import Action, BadActionText
from rules.judtho.board import Board, square_coords
from rules.judtho.pieces import LETTERS, PIECES

CONQUESTS = ("K", "N", "A")
"""Suffix letters: Regicide, knatch, Annihilation (§10)."""


@cache
def square_key(square: str) -> tuple[int, int]:
    """Board order: by file, then rank (so `b5` comes before `b10`). Kept per square (a square
    that is none raises, and is not kept): it sorts every description's pieces."""
    return square_coords(square)


def letter(piece: str) -> str:
    return LETTERS.get(piece, "")


@dataclass(frozen=True)
class Move(Action):
    """A piece moving from `origin` to `to`, capturing the pieces on `captures`.

    For a move onto an Opponent (a displacement capture) `captures == (to,)`; for a sweep the
    captured squares in path order, the last one being `to`; for a Knight's distant capture
    `to == origin` and `captures` are sorted in board order. `promote` is the new piece of a Pawn
    reaching its promotion rank; `conquests` the suffix letters (`K`, `N`, `A`) a record adds.
    """

    verb: ClassVar[str] = "move"

    piece: str
    origin: str
    to: str
    captures: tuple[str, ...] = ()
    promote: str = ""
    conquests: tuple[str, ...] = ()

    @property
    def distant(self) -> bool:
        """A Knight's capture without moving (J10)."""
        return self.to == self.origin

    def bare(self) -> Move:
        """The move without its Conquest suffix (what `legal_moves` lists)."""
        return Move(self.piece, self.origin, self.to, self.captures, self.promote) if self.conquests else self

    def to_view(self) -> dict[str, object]:
        """The view's `last_move`: `{"text", "from", "to", "captures"}`."""
        return {"text": str(self), "from": self.origin, "to": self.to, "captures": list(self.captures)}

    def __str__(self) -> str:
        text = letter(self.piece) + self.origin
        if self.distant:
            text += "x{" + ",".join(self.captures) + "}"
        elif self.captures:
            text += "".join("x" + sq for sq in self.captures)
        else:
            text += "-" + self.to
        if self.promote:
            text += "=" + LETTERS[self.promote]
        return text + "".join("#" + c for c in self.conquests)


_new = object.__new__


def make_move(piece: str, origin: str, to: str, captures: tuple[str, ...] = (), promote: str = "") -> Move:
    """`Move(piece, origin, to, captures, promote)`, made about three times faster for the move
    generator (it makes tens of thousands a second): the fields are written straight into the new
    object's `__dict__`, which is all the frozen dataclass's `__init__` does, one checked call at a time."""
    move = _new(Move)
    fields = move.__dict__
    fields["piece"] = piece
    fields["origin"] = origin
    fields["to"] = to
    fields["captures"] = captures
    fields["promote"] = promote
    fields["conquests"] = ()
    return move


@dataclass(frozen=True)
class Place(Action):
    """Putting a piece on an empty square: in Assembly (1.2.6) or after a Conquest (J22)."""

    verb: ClassVar[str] = "place"

    piece: str
    square: str

    def __str__(self) -> str:
        return "@" + letter(self.piece) + self.square


@dataclass(frozen=True)
class Pass(Action):
    """No legal move: the player passes (J20)."""

    verb: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


SQUARE = r"[a-l](?:1[0-2]|[1-9])"
"""A square in notation (files a-l, ranks 1-12), as a regular expression: the one pattern every
reader of Judtho's notation uses."""
_SQ = SQUARE
_PLACE = re.compile(rf"@([KQRBNPS]?)({_SQ})")
_MOVE = re.compile(
    rf"([KQRBNPS]?)({_SQ})"
    rf"(?:-(?P<to>{_SQ})|(?P<sweep>(?:x{_SQ})+)|x\{{(?P<distant>{_SQ}(?:,{_SQ})*)\}})"
    rf"(?:=(?P<promote>[QRBNPS]))?"
    rf"(?P<suffix>(?:#[KNA])*)"
)
_MAX_CAPTURES = {"princess": 4, "prince": 3}
"""How many pieces one sweep may take (2.5.1, 2.5.2); every other moving capture takes one."""


def parse(text: str, board: Board | None = None) -> Move | Place | Pass:
    """The action written as `text` (§10). Refuses text no legal action could have as `BadActionText`,
    and with a `board`, any square off it (Duo has no files g–l, J27)."""
    action = _parse(text)
    if board is not None and not all(board.on_board(sq) for sq in _squares(action)):
        raise BadActionText(text=text)
    return action


def _squares(action: Move | Place | Pass) -> tuple[str, ...]:
    if isinstance(action, Move):
        return (action.origin, action.to, *action.captures)
    if isinstance(action, Place):
        return (action.square,)
    return ()


def _parse(text: str) -> Move | Place | Pass:
    s = text.strip()
    if s == "pass":
        return Pass()
    if m := _PLACE.fullmatch(s):
        return Place(PIECES[m.group(1)] if m.group(1) else "pawn", m.group(2))
    m = _MOVE.fullmatch(s)
    if m is None:
        raise BadActionText(text=text)
    piece = PIECES[m.group(1)] if m.group(1) else "pawn"
    origin = m.group(2)
    promote = PIECES[m["promote"]] if m["promote"] else ""
    conquests = tuple(m["suffix"][1::2])
    captures: tuple[str, ...]
    if m["to"]:
        to, captures = m["to"], ()
    elif m["sweep"]:
        captures = tuple(m["sweep"].split("x")[1:])
        to = captures[-1]
        if len(captures) > _MAX_CAPTURES.get(piece, 1) or len(set(captures)) != len(captures):
            raise BadActionText(text=text)
    else:
        if piece != "knight":
            raise BadActionText(text=text)
        to = origin
        captures = tuple(sorted(set(m["distant"].split(",")), key=square_key))
        if len(captures) > 8:
            raise BadActionText(text=text)
    if (promote and piece != "pawn") or origin in captures or (to == origin and piece != "knight"):
        raise BadActionText(text=text)
    return Move(piece, origin, to, captures, promote, conquests)
