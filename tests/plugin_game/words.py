"""How Beacon Relay's actions read to players in any language (`rules.plugin.Words`): a beacon
by its name (`beacon_relay.beacon.<token>`), and under a refusal what the player may do instead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.plugin import Speech, Words

from .engine import BEACONS, KEY


@dataclass(frozen=True)
class RelayWords(Words):
    """Beacon Relay's words."""

    def hint(self, refused: str, legal: Sequence[str], say: Speech) -> str | None:
        """Every action the player may take now, in words ("You may: Stoke Red, Douse Gold")."""
        if not legal:
            return None
        return say.text(f"{KEY}.hint", actions=say.join([self.name(a, say) for a in legal]))


def beacon_named(name: str, say: Speech) -> str | None:
    """The beacon a player typed, by its id or its name in any language we speak (`紅` is `red`)."""
    wanted = name.strip().lower()
    for beacon in BEACONS:
        if wanted == beacon or any(wanted == s.text(f"{KEY}.beacon.{beacon}").lower() for s in say.every()):
            return beacon
    return None


WORDS = RelayWords(key=KEY, token_keys=(f"{KEY}.beacon.{{token}}",))
