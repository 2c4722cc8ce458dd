"""Action Cards in hands, the stock and the discard pile.

"Discarded and used Action Cards are placed in a discard pile. When the stock is exhausted, the
discards are shuffled and turned face down to form a new stock pile." `draw` is the one place a
card leaves the stock, so the reshuffle is written once (dealing, issuing, cards.py alike).
"""

from __future__ import annotations

from rules.core import Chance, Event, Seat

from .state import HAND_LIMIT, DreddState


def draw(state: DreddState, seat: Seat, n: int, chance: Chance) -> list[Event]:
    """Give `seat` up to `n` cards off the stock, reshuffling the discards into a new stock when
    it runs out (fewer when both are empty). The cards drawn go only to that seat (`hand_dealt`,
    private); everyone sees how many (`cards_drawn`)."""
    events: list[Event] = []
    got: list[str] = []
    for _ in range(n):
        if not state.stock:
            if not state.discards:
                break
            state.stock = chance.shuffle(state.discards)
            state.discards = []
            events.append(Event("stock_reshuffled", {"count": len(state.stock)}))
        got.append(state.stock.pop(0))
    state.judges[seat].hand.extend(got)
    if got:
        events.append(Event("hand_dealt", {"seat": seat, "cards": got}, to=(seat,)))
    events.append(Event("cards_drawn", {"seat": seat, "count": len(got)}))
    return events


def discard(state: DreddState, seat: Seat, card: str) -> None:
    """Move one copy of `card` from the seat's hand to the discard pile."""
    state.judges[seat].hand.remove(card)
    state.discards.append(card)


def over_limit(state: DreddState) -> Seat | None:
    """The first seat holding more than six cards (after a Requisition or Benji Doonan, R15):
    it must discard down to six before anything else happens."""
    for seat, judge in enumerate(state.judges):  # asked before nearly every decision: a plain loop
        if len(judge.hand) > HAND_LIMIT:
            return seat
    return None
