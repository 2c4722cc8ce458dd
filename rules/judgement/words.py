"""How The City of Judgement's actions read to players in any language: the menu's steps and labels, token
names, prompt summaries and refusal hints, read by both front-ends (`rules.plugin.Words`).

A colour token is its player at this table with the colour's code ("blue bob", as the log names
them); characters, skills, cards, locations,
identities and packs by the words the content files give (`judgement.char.<id>` ...); verbs by
`judgement.verb.<verb>`; a whole action by the game's own label ("Attack blue bob").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules.core import IllegalAction
from rules.plugin import Speech, Words

from .describe import describe
from .engine import GAME
from .present import SECRET_VERBS
from .state import COLOURS

HINT_MAX = 30
"""The most actions a hint names."""


@dataclass(frozen=True)
class JudgementWords(Words):
    """The City of Judgement's tokens: a colour with its player's name, content ids by name, a
    whole action by the game's own label ("Attack blue bob", "Take Amulet from red alice")."""

    players: dict[str, str] = field(default_factory=dict)
    """Colour -> the name of the player at this table (seat i plays `COLOURS[i]`)."""
    alive: tuple[str, ...] = ()
    """The colours of the living players (a skill's target may be any of them)."""

    reads_facts = True

    def facts(self, public: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        alive = [p["colour"] for p in public.get("players") or [] if p.get("alive")]
        return {"players": dict(zip(COLOURS, names, strict=False)), "alive": alive}

    def at(self, facts: Mapping[str, Any]) -> JudgementWords:
        return replace(self, players=dict(facts.get("players") or {}), alive=tuple(facts.get("alive") or ()))

    def describe(self, view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
        """Each character's location and HP, the roles already shown, whose turn
        (`rules.judgement.describe`); a seat's own view adds its own character and role."""
        return describe(view, names, say)

    def token(self, token: str, say: Speech) -> str:
        if token in COLOURS:
            colour = say.text(f"judgement.ui.colour.{token}")
            player = self.players.get(token)
            return say.text("judgement.ui.seat", colour=colour, player=player) if player else colour
        return super().token(token, say)

    def seat(self, seat: int, say: Speech) -> str:
        return self.token(COLOURS[seat], say) if 0 <= seat < len(COLOURS) else f"#{seat + 1}"

    def label(self, tokens: Sequence[str], depth: int, say: Speech) -> str:
        """A whole action offered at the menu's first step reads as the game labels it; a secret
        action (`pick`, `pose`) by its parts, since its label names nothing on purpose (and this
        menu is its player's alone); an equipment card to take as the card and whose it is."""
        if tokens[0] == "take" and len(tokens) == 3 and depth >= 1:  # a card, from whom
            card = self.token(tokens[2], say)
            return card if depth == 2 else say.text("judgement.ui.take_from", card=card,
                                                    player=self.token(tokens[1], say))
        if depth == 0 and len(tokens) > 1 and tokens[0] not in SECRET_VERBS:
            text = self.whole_label(" ".join(tokens), say)
            if text is not None:
                return text
        return super().label(tokens, depth, say)

    def whole_label(self, text: str, say: Speech) -> str | None:
        """The game's label of a whole action (`judgement.action.<verb>`), seats as these words
        name them; None for a prefix or an action without words."""
        try:
            msg = GAME.label(GAME.parse_action(text))
        except IllegalAction:
            return None
        if not say.has(msg.key):
            return None
        return say.render(msg, self.player_name)

    def player_name(self, seat: int) -> str:
        """The name of the player at a seat (the label's `judgement.ui.seat` adds the colour)."""
        colour = COLOURS[seat] if 0 <= seat < len(COLOURS) else ""
        return self.players.get(colour) or f"#{seat + 1}"

    def choices(self, command: str, option: str, chosen: Mapping[str, str], typed: str,
                legal: Sequence[str], say: Speech) -> list[tuple[str, str]] | None:
        """`/judgement skill target:` once no `target` action is legal yet (the skill comes first):
        every living player, by name (the engine judges)."""
        if command != "skill" or option != "target" or any(a.split()[0] == "target" for a in legal):
            return None
        out = []
        for colour in self.alive:
            name = self.token(colour, say)
            if typed and typed not in colour and typed not in name.lower():
                continue
            out.append((name, colour))
        return out

    def hint(self, refused: str, legal: Sequence[str], say: Speech) -> str | None:
        """After a refused action: the same verb's legal actions (`attack red` refused → "You may:
        attack blue, attack green"), or all of them when the verb is not among them."""
        verb = refused.split()[0] if refused.split() else ""
        same = [a for a in legal if a.split()[0] == verb] or list(legal)
        if not same:
            return None
        return say.text("judgement.ui.console_hint", actions=", ".join(same[:HINT_MAX]))


WORDS = JudgementWords(key="judgement", token_keys=(
    "judgement.char.{token}", "judgement.skill.{token}", "judgement.card.{token}", "judgement.loc.{token}",
    "judgement.identity.{token}", "judgement.pack.{token}", "judgement.board.colour.{token}"))
