"""How Dad's Army's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`).

Men are named by `dads_army.man.<id>`; square buttons carry the labels the renderer draws on
the board (the front-end asks the renderer, for every game alike)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.plugin import Speech, Words

from .actions import plain_token
from .describe import describe


@dataclass(frozen=True)
class DadsArmyWords(Words):
    """Dad's Army's words."""

    def plain(self, token: str) -> str:
        """A man typed by his board code (`Mw`), a shelter by its (`S2`): as the actions name them."""
        return plain_token(token)

    def describe(self, view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
        """Whose turn, each man's square and steps still to go, who is nearest home
        (`rules.dads_army.describe`): an open game, the same for everyone."""
        return describe(view, names, say)


WORDS = DadsArmyWords(key="dads_army", token_keys=("dads_army.man.{token}",))
