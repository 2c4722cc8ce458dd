"""Actions that only a table variant offers, kept apart from the base game's (actions.py).

`redraw`: variant `redraw_bombed_reference` (D26). A player whose map reference has stayed
bombed for 10 of his turns gives it up and is dealt a new pair of Order cards, before he
rolls. `parse_variant_action` reads these verbs; the engine tries it before the base parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action, BadActionText


@dataclass(frozen=True)
class Redraw(Action):
    """D26: redraw your bombed map reference (offered before the roll, variant only)."""

    verb: ClassVar[str] = "redraw"

    def __str__(self) -> str:
        return "redraw"


VARIANT_VERBS: dict[str, type[Action]] = {"redraw": Redraw}


def parse_variant_action(text: str) -> Action | None:
    """The variant action a text stands for; None when its verb is not a variant verb."""
    tokens = text.strip().lower().split()
    if not tokens or tokens[0] not in VARIANT_VERBS:
        return None
    if len(tokens) != 1:
        raise BadActionText(text=text)
    return VARIANT_VERBS[tokens[0]]()
