"""The luck report's reading of Judge Dredd (`rules.insight.LuckHook`): each Judge's fight dice
against a die's average, and the Action Cards dealt to each player: how many of them were cards
for the Arrest window (the ones that win fights) against the share of those in the 54-card deck."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rules.core import Action, Event, Game, Seat
from rules.insight import Draw, LuckHook, die_mean, die_variance

from .content import full_deck, load_cards


@cache
def arrest_cards() -> frozenset[str]:
    """The card ids whose main option is played in the Arrest window."""
    return frozenset(k.id for k in load_cards().values() if k.main.window == "arrest")


@cache
def arrest_share() -> float:
    """The share of Arrest cards in the whole deck: what one card dealt is worth on average."""
    deck = full_deck()
    return sum(card in arrest_cards() for card in deck) / len(deck)


def read(game: Game[Any], before: Any, seat: Seat, action: Action, events: list[Event]) -> Iterable[Draw]:
    """`judge_rolled`: one Judge's dice in a fight (each die a draw); `hand_dealt`: the cards a
    player was dealt (each card a draw: 1 when it is an Arrest card)."""
    for e in events:
        if e.kind == "judge_rolled":
            for die in e.params["rolls"]:
                yield Draw(int(e.params["seat"]), "fight", float(die), die_mean(6), die_variance(6))
        elif e.kind == "hand_dealt":
            for card in e.params["cards"]:
                yield Draw(int(e.params["seat"]), "arrest_card", float(card in arrest_cards()), arrest_share(),
                           arrest_share() * (1 - arrest_share()))


LUCK = LuckHook(read, per_draw=frozenset({"fight"}))
