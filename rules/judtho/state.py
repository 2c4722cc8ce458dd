"""The state of one Judtho game: plain JSON-ready data (rules.core `State`).

The pieces, the reserves and captures, the alliance state (`alliances.Relations` as JSON), the
placements owed after a Conquest (1.3.3 items 2–4, J22) and the positions seen (J21).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from rules.core import State
from rules.judtho.alliances import Relations
from rules.judtho.board import Board, Position, load_board

PHASES = ("assembly", "play", "placement", "over")


@dataclass
class JudthoState(State):
    variant: str = "quattro"
    """`quattro`, `duo` or `trio` (from the number of seats)."""
    options: list[str] = field(default_factory=list)
    """Ruleset variants in force (`stable_2v2`, `bonus_to_conqueror`, `t2c_four`, `pawn_any_diagonal`)."""
    seat_colours: list[list[str]] = field(default_factory=list)
    """Seat -> the colours it plays (Trio: the Single Player has two, J28)."""
    phase: str = "assembly"
    assembly_to_move: str = "white"
    """Whose placement it is during the Assembly (1.2.1: W, R, Y, B)."""
    pieces: dict[str, list[str]] = field(default_factory=dict)
    """Square -> [colour, piece]."""
    reserve: dict[str, list[str]] = field(default_factory=dict)
    """Colour -> pieces not on the board and not captured: still to place, the unchosen
    Prince/Princess (1.2.2), a captured King awaiting its return (J22)."""
    captured: dict[str, list[list[str]]] = field(default_factory=dict)
    """Capturer colour -> [[victim colour, piece], ...] (Material Score, 1.4.1, J16)."""
    relations: dict[str, Any] = field(default_factory=dict)
    """`alliances.Relations.to_json()`."""
    owed: list[list[str]] = field(default_factory=list)
    """Placements still owed: [[placer, kind], ...] (`alliances.Placement`)."""
    mover: str | None = None
    """The colour whose move the owed placements complete (1.3.3 item 4)."""
    seen: list[str] = field(default_factory=list)
    """Digests of the positions met in play (J21)."""
    last_move: dict[str, Any] | None = None
    moves_made: int = 0
    turn_cap: int = 0
    """J26: moves per player before adjudication; 0 = off (the default)."""
    suggested: bool = False
    """Trio: the Partnership's one suggestion this turn has been sent (Section 4)."""
    asked_at: int = 0
    """The version at which the decision open now was opened (`Judtho.decision`'s key)."""

    def rel(self) -> Relations:
        """`relations` read as `alliances.Relations`: read once per `relations` dict (a rules step asks
        many times), kept beside the fields (never saved) with the very dict it was read from, so a
        new dict, from `set_rel` or anyone, is read again. Never change the dict in place."""
        memo = self.__dict__.get("_rel_memo")
        if memo is not None and memo[0] is self.relations:
            return memo[1]
        rel = Relations.from_json(self.relations)
        self.__dict__["_rel_memo"] = (self.relations, rel)
        return rel

    def __deepcopy__(self, memo: dict[int, Any]) -> JudthoState:
        """A copy sharing nothing that can change: every field copied as the plain data it is
        (dicts and lists copied, strings and numbers kept), anything else by `copy.deepcopy`.
        Six times faster than the generic deep copy (a trial of an action, `Judtho.undoable`),
        which also copied the `rel` memo that the copy reads again anyway."""
        twin = object.__new__(type(self))
        twin.__dict__.update({name: _plain_copy(getattr(self, name), memo) for name in _field_names(type(self))})
        return twin

    def set_rel(self, rel: Relations) -> None:
        self.relations = rel.to_json()

    def board(self) -> Board:
        return load_board(self.variant)

    def position(self) -> Position:
        return Position(self.board(), {sq: (c, p) for sq, (c, p) in self.pieces.items()})

    def set_position(self, position: Position) -> None:
        self.pieces = {sq: [c, p] for sq, (c, p) in sorted(position.pieces.items())}

    def seat_of(self, colour: str) -> int:
        return next(s for s, cs in enumerate(self.seat_colours) if colour in cs)

    def colours(self) -> list[str]:
        return [c for cs in self.seat_colours for c in cs]


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """The names of a state class's fields, read once."""
    found = _FIELDS.get(kind)
    if found is None:
        found = _FIELDS[kind] = tuple(f.name for f in fields(kind))
    return found


def _plain_copy(value: Any, memo: dict[int, Any]) -> Any:
    """`value` copied: dicts and lists item by item, strings, numbers, booleans and None as
    they are (nothing can change them), anything else by `copy.deepcopy`."""
    kind = type(value)
    if kind is dict:
        return {k: _plain_copy(v, memo) for k, v in value.items()}
    if kind is list:
        return [_plain_copy(v, memo) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value, memo)
