"""The real bot on simcord for Beacon Relay, on a TableService told nothing of the game: the
platform must find its cog, words, AI and renderer through its plug-in alone."""

from __future__ import annotations

import pytest

import gavel.tables.lobby
from cogs.bot import create_bot
from gavel.tables.service import TableService
from tests.cogs.conftest import (  # noqa: F401  (fixtures: a guild with alice, bob and carol; no menu expiry timers)
    locales,
    menus_without_expiry_timers,
    world,
)


@pytest.fixture
def service(tmp_path) -> TableService:
    return TableService(str(tmp_path / "gavel.sqlite3"))


@pytest.fixture
def simcord_bot(service):
    bot = create_bot(service, sync=True)
    bot.watches = False  # as `tests.cogs.conftest.make_bot`: no poll every virtual second
    return bot


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table here gets the same seed, so the dice (and these tests) repeat exactly."""
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")
