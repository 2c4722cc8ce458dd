"""Fixtures: a TableService on an in-memory database that knows the toy race game."""

from __future__ import annotations

from typing import Any

import pytest

from gavel.tables.service import Player, TableService
from tests.tables import toy_game
from tests.tables.backends import (
    backend,  # noqa: F401  (a fixture: each test that names it runs on both)
    pg,  # noqa: F401  (a fixture: a PostgreSQL database of the test's own)
)

ALICE, BOB, CAROL, DAVE, EVE = (Player(i, name) for i, name in enumerate(["alice", "bob", "carol", "dave", "eve"], 1))
CHANNEL, GUILD = 100, 7


def make_service(db: str = ":memory:", renderer: Any = None) -> TableService:
    """A service that plays the toy game with its AI and `renderer` (default: the toy stand-in)."""
    return TableService(db, renderers={"toy": renderer or toy_game.Renderer()}, ais={"toy": toy_game.choose})


@pytest.fixture
def renderer() -> toy_game.Renderer:
    return toy_game.Renderer()


@pytest.fixture
def svc(renderer: toy_game.Renderer) -> TableService:
    return make_service(renderer=renderer)


@pytest.fixture
def bsvc(backend: Any, renderer: toy_game.Renderer) -> TableService:  # noqa: F811  (the fixture named)
    """`svc` on each database backend in turn (a SQLite file, a PostgreSQL schema)."""
    return make_service(backend.location(), renderer=renderer)


async def seat(svc: TableService, *players: Player, ai: int = 0, seed: str = "t", channel: int = CHANNEL,
               start: bool = True, dice: list[int] | None = None) -> list:
    """A toy table with these players (the first hosts) and `ai` AI seats; started unless told."""
    await svc.create(GUILD, channel, "toy", players[0], seed=seed, dice=dice)
    for p in players[1:]:
        await svc.join(channel, p)
    for _ in range(ai):
        await svc.add_ai(channel, players[0])
    return await svc.start(channel, players[0]) if start else []
