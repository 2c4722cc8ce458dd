"""A computer player for Judge Dredd: goes for the Crimes it can win, backs its own Arrests with
its combat cards, and spends its hostile cards on the leader.

Entry point: `choose(game, state, seat, rng=None, legal=None) -> Action`, also `PLUGIN.ai`. It decides only on
what the seat may know: its view (`game.view(state, seat)`: its own hand, face-up and peeked
Perps, public counts) and the public facts listed in ai_plan.py; a face-down Perp counts as any of
the Perps this seat has not seen. The legal actions it picks from are the engine's. It is
deterministic given what it sees; an optional `random.Random` only breaks ties.

- Set-up: the free Starting Sector nearest to the Sectors where Crimes will be reported.
- Movement: the destination worth most (ai_plan.Seen.sector_value: a winnable Crime now, the
  best Crime a Game Turn or two away, the Grand Hall when the hand is low).
- Arrest Round: of several Crimes, the one with the best expected points.
- Card-play windows, answers and issue discards: ai_cards.py.
- Over six cards: discard the card worth least.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action, Seat, best_action, only_choice

from .actions import Arrest, Discard, Move, Place, Stay
from .ai_cards import in_window, worst_card
from .ai_plan import DISCOUNT, Seen, turns
from .content import load_board
from .state import ALIEN, HAND_LIMIT, DreddState


def choose(game: Any, state: DreddState, seat: Seat, rng: random.Random | None = None,
           legal: list[Action] | None = None) -> Action:
    """An action for `seat`, which must be one that may act now. `legal`: the seat's legal
    actions now, when the caller has just listed them (else they are listed here)."""
    if legal is None:
        legal = game.legal_actions(state, seat)
    if (only := only_choice(seat, legal)) is not None:
        return only
    seen = Seen.of(game, state, seat)
    if len(seen.hand) > HAND_LIMIT:
        return Discard(worst_card(seen.hand))
    if seen.view["window"] is not None:
        return in_window(seen, legal)
    first = legal[0]
    if isinstance(first, Place):
        return best_action(legal, lambda a: place_value(seen, a), rng)
    if isinstance(first, (Move, Stay)):
        return best_action(legal, lambda a: move_value(seen, a), rng)
    if isinstance(first, Arrest):
        return best_action(legal, lambda a: arrest_value(seen, a), rng)
    return first


def place_value(seen: Seen, action: Action) -> float:
    """Starting the Game: Crimes are reported on the 21 Sectors of the Sector pack, so a Starting
    Sector is worth the nearness of those Sectors, less that of Judges already placed."""
    assert isinstance(action, Place)
    board = load_board()
    near = sum(DISCOUNT ** turns(action.sector, s) for s in board.card_sectors)
    crowd = sum(DISCOUNT ** turns(action.sector, at) for s in seen.rivals if (at := seen.at(s)) is not None)
    return near - crowd


def move_value(seen: Seen, action: Action) -> float:
    """The worth of where this Move ends (shorter paths first on a tie)."""
    here = seen.at(seen.seat)
    if isinstance(action, Move):
        return seen.sector_value(seen.seat, action.steps[-1]) - 0.001 * len(action.steps)
    return seen.sector_value(seen.seat, here)


def arrest_value(seen: Seen, action: Action) -> float:
    """Expected points of attempting this Crime (or the Alien Creature)."""
    assert isinstance(action, Arrest)
    if action.crime == ALIEN:
        return seen.alien_ev(seen.seat)
    crime = seen.crime(action.crime)
    return seen.arrest_ev(seen.seat, crime) if crime is not None else -100.0
