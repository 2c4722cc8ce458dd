"""Actions that only a table variant offers, kept apart from the base game's (actions.py).

`redraw`: variant `redraw_bombed_reference` (D26). A player whose map reference has stayed
bombed for 10 of his turns gives it up and is dealt a new pair of Order cards, before he
rolls. The one `actions.SYNTAX` reads these verbs with the base ones; whether `redraw` may be
played now (variant on, D26 met) is for the engine's legal actions alone, as for any verb.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.core import Action


@dataclass(frozen=True)
class Redraw(Action):
    """D26: redraw your bombed map reference (offered before the roll, variant only)."""

    verb: ClassVar[str] = "redraw"
