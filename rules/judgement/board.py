"""The board of The City of Judgement: six location cards on a ring of six slots, and attack range.

遊戲準備 1: the six location cards are shuffled onto the board's slots, "每個相鄰場地卡之間的距離
為1". Ruling 2 reads this as a ring: slot i neighbours slots i-1 and i+1, so every location has
exactly the "two adjacent locations" the rulebook's range needs. The `pairs` variant (c44, the
model's board) groups the slots in three fixed pairs (0,1), (2,3), (4,5) instead: a location's only
neighbour is the other of its pair.

Range (攻擊, 距離概念): "通常距離為相鄰的兩個場地以及自身所在場地" (c21): your own location and its
neighbours. 炮擊 (`range_outside`, N6.3) turns it inside out: the locations outside
your normal range, and no longer those inside it.
"""

from __future__ import annotations

from rules.core import Seat

from . import traits
from .state import SLOTS, JudgementState

PAIRS = "pairs"
"""The variant of three fixed pairs (ruling 2, c44)."""


def slot_of(state: JudgementState, location: str) -> int:
    """The ring slot (0-5) the location card lies on."""
    return state.ring.index(location)


def neighbours(state: JudgementState, location: str) -> list[str]:
    """The locations at distance 1 (ruling 2): on the ring the slot before and the slot after; in
    the `pairs` variant the other location of the pair (c44)."""
    slot = slot_of(state, location)
    if PAIRS in state.variants:
        return [state.ring[slot ^ 1]]
    return [state.ring[(slot - 1) % SLOTS], state.ring[(slot + 1) % SLOTS]]


def reach(state: JudgementState, location: str) -> list[str]:
    """The normal range from `location` (c21): the location itself and its neighbours."""
    return [location, *neighbours(state, location)]


def attack_zone(state: JudgementState, seat: Seat) -> list[str]:
    """The locations `seat` can attack into: its normal range, or with 炮擊 (`range_outside`) only
    the locations outside it (N6.3: "distance 2 or more")."""
    at = state.players[seat].at
    if at is None:
        return []
    near = reach(state, at)
    if traits.equipped(state, seat, "range_outside"):
        return [loc for loc in state.ring if loc not in near]
    return near


def in_range(state: JudgementState, seat: Seat) -> list[Seat]:
    """The living other characters `seat` may attack (c21, c23: never yourself), in seat order."""
    zone = attack_zone(state, seat)
    return [s for s, p in enumerate(state.players) if s != seat and p.alive and p.at is not None and p.at in zone]
