"""How The City of Judgement's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.plugin import Speech, Words

HINT_MAX = 30
"""The most actions a hint names."""


@dataclass(frozen=True)
class JudgementWords(Words):
    """The City of Judgement's words."""

    def hint(self, refused: str, legal: Sequence[str], say: Speech) -> str | None:
        """After a refused action: the same verb's legal actions (`attack red` refused → "You may:
        attack blue, attack green"), or all of them when the verb is not among them."""
        verb = refused.split()[0] if refused.split() else ""
        same = [a for a in legal if a.split()[0] == verb] or list(legal)
        if not same:
            return None
        return say.text("cogs.judgement.console_hint", actions=", ".join(same[:HINT_MAX]))


WORDS = JudgementWords(key="judgement", token_keys=(
    "judgement.char.{token}", "judgement.skill.{token}", "judgement.card.{token}", "judgement.loc.{token}",
    "judgement.identity.{token}", "judgement.pack.{token}", "judgement.board.colour.{token}"))
