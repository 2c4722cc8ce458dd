"""The luck report's reading of the City of Judgement (`rules.insight.LuckHook`): every throw
of the dice (e5) against the average of that throw: the action dice d4 + d6 (6), the attack's
d6 − d4 (1), a lone d4 (2.5) or a card's lone d6 (3.5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core import Action, Event, Game, Seat
from rules.insight import Draw, LuckHook, die_mean, die_variance


def read(game: Game[Any], before: Any, seat: Seat, action: Action, events: list[Event]) -> Iterable[Draw]:
    """`dice` (d4 + d6, or d6 − d4 for an attack), `attack_die` (the d4 alone) and `card_die`
    (a card's d6), each one throw by the seat it names."""
    for e in events:
        p = e.params
        if e.kind == "dice":
            attack = p.get("why") == "attack"
            yield Draw(int(p["seat"]), "throw", float(p["total"]),
                       die_mean(6) - die_mean(4) if attack else die_mean(6) + die_mean(4),
                       die_variance(6) + die_variance(4))
        elif e.kind == "attack_die":
            yield Draw(int(p["seat"]), "throw", float(p["d4"]), die_mean(4), die_variance(4))
        elif e.kind == "card_die":
            yield Draw(int(p["seat"]), "throw", float(p["d6"]), die_mean(6), die_variance(6))


LUCK = LuckHook(read, per_draw=frozenset({"throw"}))
