"""The luck report's reading of Dad's Army (`rules.insight.LuckHook`): every throw of the die
(D11's roll to move, to call in, for a second go) against the die's average."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core import Action, Event, Game, Seat
from rules.insight import Draw, LuckHook, die_mean, die_variance

from .engine import DIE


def read(game: Game[Any], before: Any, seat: Seat, action: Action, events: list[Event]) -> Iterable[Draw]:
    """A `rolled` event is one throw by the seat it names."""
    for e in events:
        if e.kind == "rolled":
            yield Draw(int(e.params["seat"]), "roll", float(e.params["roll"]), die_mean(DIE), die_variance(DIE))


LUCK = LuckHook(read, per_draw=frozenset({"roll"}))
