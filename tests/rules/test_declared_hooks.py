"""The flags a game declares beside its optional hooks agree with the hooks it has.

The platform and the front-ends read `GameInfo.has_secrets` (a hand to send and to show) and
`Words.reads_facts` (a prompt carries the table's facts) instead of asking whether a class
overrides a method; a game that adds the hook and forgets the flag fails here."""

from __future__ import annotations

import pytest

from rules import registry
from rules.core import Game
from rules.plugin import Words
from tests.cogs import toy_window as cog_window
from tests.tables import toy_window as table_window

PLUGINS = dict(registry.plugins())


@pytest.mark.parametrize("key", sorted(PLUGINS))
def test_has_secrets_is_declared_by_every_game_with_secrets(key: str) -> None:
    game = PLUGINS[key].game
    assert game.info.has_secrets == (type(game).secrets is not Game.secrets)


@pytest.mark.parametrize("game", [table_window.GAME, cog_window.GAME], ids=["tables", "cogs"])
def test_the_test_toys_with_hands_declare_them(game: Game) -> None:
    assert game.info.has_secrets and type(game).secrets is not Game.secrets


@pytest.mark.parametrize("key", sorted(PLUGINS))
def test_reads_facts_is_declared_by_every_words_with_facts(key: str) -> None:
    words = PLUGINS[key].words
    assert words.reads_facts == (type(words).facts is not Words.facts)

