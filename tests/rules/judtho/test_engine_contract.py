"""The generic engine contract (tests/rules/test_contract.py's seeded playouts: legal texts
round-trip, refusals leave the state alone, JSON, views, replay) run on the unregistered Judtho,
so that registering it next session finds no surprise. `duo` and `trio` are played with the seat
count they need (the generic cases try every variant with every count: see the report)."""

from __future__ import annotations

import pytest

from rules.judtho.engine import GAME
from tests.rules.test_contract import playout

RULESETS = ("stable_2v2", "bonus_to_conqueror", "t2c_four", "pawn_any_diagonal")


@pytest.mark.parametrize(("seats", "seed"), [(s, seed) for s in (2, 3, 4) for seed in range(3)])
def test_seeded_playout_keeps_the_contract(seats: int, seed: int) -> None:
    playout(GAME, seats, seed)


@pytest.mark.parametrize(("variant", "seats"), [("duo", 2), ("trio", 3), *((v, 4) for v in RULESETS)])
def test_seeded_playout_of_every_variant_keeps_the_contract(variant: str, seats: int) -> None:
    playout(GAME, seats, 100, variant)
