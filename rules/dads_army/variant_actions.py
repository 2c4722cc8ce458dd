"""Actions that only a table variant offers, kept apart from the base game's (actions.py).

`redraw`: variant `redraw_bombed_reference` (D26). A player whose map reference has stayed
bombed for 10 of his turns gives it up and is dealt a new pair of Order cards, before he
rolls. `parse_variant_action` reads these verbs; the engine tries it before the base parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action, ActionSyntax


@dataclass(frozen=True)
class Redraw(Action):
    """D26: redraw your bombed map reference (offered before the roll, variant only)."""

    verb: ClassVar[str] = "redraw"


VARIANT_SYNTAX = ActionSyntax(Redraw)


def parse_variant_action(text: str) -> Action | None:
    """The variant action a text stands for; None when its verb is not a variant verb
    (`BadActionText` when it is one, badly written)."""
    verb = (text.strip().lower().split() or [""])[0]
    return VARIANT_SYNTAX.parse(text) if verb in VARIANT_SYNTAX.kinds else None
