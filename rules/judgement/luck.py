"""The luck report's reading of the City of Judgement (`rules.insight.LuckHook`): every throw
of the dice (e5) against the average of that throw: the action dice d4 + d6 (6), the attack's
d6 − d4 (1), a lone d4 (2.5) or a card's lone d6 (3.5); and the Holy and Dark cards drawn (c34):
how many were Equipment (kept, unlike an Item used at once) against the share of Equipment in
the pack drawn from."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rules.core import Action, Event, Game, Seat
from rules.insight import Draw, LuckHook, die_mean, die_variance

from .content import load


@cache
def equipment_share(pack: str) -> float:
    """The share of Equipment among the cards of `pack`: what one card drawn from it is worth on
    average."""
    content = load()
    deck = content.deck(pack)
    return sum(content.cards[card].kind == "equipment" for card in deck) / len(deck) if deck else 0.0


def read(game: Game[Any], before: Any, seat: Seat, action: Action, events: list[Event]) -> Iterable[Draw]:
    """`dice` (d4 + d6, or d6 − d4 for an attack), `attack_die` (the d4 alone) and `card_die`
    (a card's d6), each one throw by the seat it names; `card_drawn`, a Holy or Dark card drawn
    (1 when it is Equipment)."""
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
        elif e.kind == "card_drawn":
            share = equipment_share(str(p["deck"]))
            yield Draw(int(p["seat"]), "equipment", float(load().cards[p["card"]].kind == "equipment"), share,
                       share * (1 - share))


LUCK = LuckHook(read, per_draw=frozenset({"throw"}))
