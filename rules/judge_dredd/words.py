"""How Judge Dredd's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.plugin import Words


@dataclass(frozen=True)
class DreddWords(Words):
    """Judge Dredd's words."""


WORDS = DreddWords(key="judge_dredd", token_keys=(
    "judge_dredd.sector.{token}", "judge_dredd.cardname.{token}", "judge_dredd.crime.{token}",
    "judge_dredd.colour.{token}"))
