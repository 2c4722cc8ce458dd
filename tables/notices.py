"""What the table service tells the front-ends: language-free messages and who may read them.

A notice is data (`Msg` lines, an optional PNG, an optional prompt); the front-end picks the
channel or the one player and the language. Hidden information only ever travels in
`Private`, so a leak can only come from a view or an event addressed to the wrong seat.
`names` carries the seat names so `SeatName` parameters render without asking the service.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Msg
from tables import i18n


@dataclass
class Prompt:
    """Who must act now and what they may do; `version` makes stale buttons refusable.

    `private` is set for games with hidden information, where the list of actions itself
    may give a hand away: front-ends should then show the actions to that player only.
    """

    table_id: int
    version: int
    seat: int
    user_id: int
    actions: list[str]
    private: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": "prompt", "table": self.table_id, "version": self.version, "seat": self.seat,
                "user": self.user_id, "actions": list(self.actions), "private": self.private}


def _names_lookup(names: Sequence[str]):
    return lambda seat: names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


@dataclass
class Public:
    """For everyone in the channel."""

    table_id: int | None
    lines: list[Msg]
    image: bytes | None = None
    prompt: Prompt | None = None
    names: tuple[str, ...] = field(default=())

    def text(self, lang: str = i18n.DEFAULT) -> list[str]:
        return [i18n.render(line, lang, _names_lookup(self.names)) for line in self.lines]


@dataclass
class Private:
    """For one seat only (its user); carries that seat's secrets."""

    table_id: int
    seat: int
    user_id: int
    lines: list[Msg]
    image: bytes | None = None
    names: tuple[str, ...] = field(default=())

    def text(self, lang: str = i18n.DEFAULT) -> list[str]:
        return [i18n.render(line, lang, _names_lookup(self.names)) for line in self.lines]


Notice = Public | Private | Prompt
"""`Prompt` stands alone only when several humans may act at once (the first rides on the Public)."""
