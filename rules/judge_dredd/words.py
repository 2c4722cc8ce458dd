"""How Judge Dredd's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`).

Names: Sectors (each with its code, as the board writes it: "Robo-Pound (ROB)"), cards, Crimes
and Judge colours by the words catalogue (`judge_dredd.sector.<code>`,
`.cardname.<id>`, `.crime.<id>`, `.colour.<colour>`), a colour with its player's name at this
table; a path as its Sectors in order; `main`/`or` as the card's options and what they do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.plugin import Speech, Words

from .content import load_board
from .describe import describe
from .state import ALIEN, COLOURS

NAMED = {"main": "judge_dredd.action.option_main", "or": "judge_dredd.action.option_or",
         ALIEN: "judge_dredd.event.the_alien"}
"""Tokens that are not ids of a thing in the words catalogue: a card's two options, the Alien."""


@dataclass(frozen=True)
class DreddWords(Words):
    """Judge Dredd's tokens: names for Sectors, cards, Crimes and colours; a path as its
    Sectors in order; `main`/`or` as the card's options; a colour with its player's name."""

    players: dict[str, str] = field(default_factory=dict)
    """Judge colour -> the name of the player at this table (seat i is `COLOURS[i]`, R22)."""

    reads_facts = True

    def facts(self, public: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        return {"players": dict(zip(COLOURS, names, strict=False))}

    def at(self, facts: Mapping[str, Any]) -> DreddWords:
        return replace(self, players=dict(facts.get("players") or {}))

    def describe(self, view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
        """Each Judge's Sector and score, the Crimes with their Perps where face up, whose turn
        (`rules.judge_dredd.describe`); a seat's own view adds its own hand."""
        return describe(view, names, say)

    def part(self, tokens: Sequence[str], index: int, say: Speech) -> str:
        """A card's option says what it does (`judge_dredd.cardtext.<card>.<option>`)."""
        name = super().part(tokens, index, say)
        if tokens[0] == "play" and index == 2:
            key = f"judge_dredd.cardtext.{tokens[1]}.{tokens[2]}"
            if say.has(key):
                return say.text("judge_dredd.ui.option", option=name, effect=say.text(key))
        return name

    def token(self, token: str, say: Speech) -> str:
        if "-" in token:
            return " → ".join(self.token(step, say) for step in token.split("-"))
        key = NAMED.get(token)
        if key is not None and say.has(key):
            return say.text(key)
        name = super().token(token, say)
        if token in load_board().sectors and name != token:  # the code the board writes on it
            return f"{name} ({token.upper()})"
        if token in self.players:
            return say.text("judge_dredd.ui.judge", player=self.players[token], colour=name)
        return name



WORDS = DreddWords(key="judge_dredd", token_keys=(
    "judge_dredd.sector.{token}", "judge_dredd.cardname.{token}", "judge_dredd.crime.{token}",
    "judge_dredd.colour.{token}"))
