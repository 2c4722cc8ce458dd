"""The state of one Dad's Army game: plain dataclasses that go to JSON and back (rules.core)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import State

from .board import Square


@dataclass
class Man:
    square: Square
    called_in: bool = False
    """Has called in at a WD base (D12): only then may he end a move on his reference."""
    arrived: bool = False
    """Ended his owner's move on his reference after calling in (D22): fixed there for good."""


@dataclass
class Player:
    team: str
    men: list[str]
    reference: Square
    kept_jack: bool = False
    bombed_turns: int = 0
    """Variant `redraw_bombed_reference` (D26): how many of his turns in a row have ended with
    his reference bombed. Counted only when the variant is on."""


@dataclass
class LastMove:
    man: str
    start: Square
    to: Square
    path: list[Square]


@dataclass
class DadsArmyState(State):
    players: list[Player] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    """The table's variants in play (`GameInfo.variants`), fixed at set-up."""
    men: dict[str, Man] = field(default_factory=dict)
    """Only the men of teams in play (D3)."""
    hodges: Square = (0, 0)
    bombs: list[Square] = field(default_factory=list)
    jacks: list[Square] = field(default_factory=list)
    bombs_left: int = 0
    jacks_left: int = 0
    deck: list[str] = field(default_factory=list)
    """Top Secret cards, top first. Secret: never shown in a view, only counted."""
    discards: list[str] = field(default_factory=list)
    first: int = 0
    turn: int = 0
    """The seat whose turn it is (the drawer of any card in play)."""
    phase: str = "roll"
    """roll | move | push | hodge | shelter | bomb | jack | over (won, or drawn by D30 with no winner)."""
    roll_for: str = "move"
    """What the next or last roll is for: move | second_go | push | bombs | jacks."""
    roll: int | None = None
    card: str | None = None
    """The Top Secret card being resolved (see cards.py for its form)."""
    focus: str | None = None
    """The man a character card names (pushed, or taking the second go)."""
    pending: int | None = None
    """Bombs or Union Jacks still to place, or the length of the push."""
    shelter_queue: list[int] = field(default_factory=list)
    """Air raid: seats still to shelter their men, the one acting first."""
    sheltered: list[str] = field(default_factory=list)
    """Air raid: men already dealt with in this raid."""
    last_move: LastMove | None = None
    winner: int | None = None
    idle_turns: int = 0
    """Turns lost in a row with no man moved (D30): at 3 full rounds of them the game is drawn."""
    turns: int = 0
    """Turns begun so far (for statistics and bounds in tests)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> DadsArmyState:
        """A copy made through its JSON and back (the compiled converters), as every snapshot of
        the table is: plain data that comes back equal and shares nothing with the original.
        Nine times faster than the generic deep copy (a trial of an action, `undoable`)."""
        return type(self).from_json(self.to_json())
