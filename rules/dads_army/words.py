"""How Dad's Army's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`).

Men are named by `dads_army.man.<id>`; square buttons carry the labels the renderer draws on
the board (the front-end asks the renderer, for every game alike)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.plugin import Words

from .actions import plain_token


@dataclass(frozen=True)
class DadsArmyWords(Words):
    """Dad's Army's words."""

    def plain(self, token: str) -> str:
        """A man typed by his board code (`Mw`), a shelter by its (`S2`): as the actions name them."""
        return plain_token(token)


WORDS = DadsArmyWords(key="dads_army", token_keys=("dads_army.man.{token}",))
