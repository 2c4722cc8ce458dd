"""Beacon Relay's undo: a beacon stoked or doused may be taken back until the next seat rolls; a
roll never. Through the table, where the game has a secret, the channel hears only that the seat
took back its last action."""

from __future__ import annotations

import pytest

from gavel.tables.notices import Public
from gavel.tables.service import Player, TableService
from rules.core import IllegalAction
from tests.plugin_game import KEY
from tests.rules.test_undoable import playout

PLAYERS = [Player(i, name) for i, name in enumerate(["ann", "ben", "cat"], 1)]
CHANNEL = 19


def test_tending_a_beacon_yes_rolling_no() -> None:
    found = playout(KEY, 1, 3)
    assert found[True] <= {"stoke", "douse"} and "stoke" in found[True]
    assert found[False] == {"roll"}


async def test_a_stoke_taken_back_through_the_table() -> None:
    svc = TableService(":memory:", outbox=False)
    await svc.create(1, CHANNEL, KEY, PLAYERS[0], seed="relay")
    for player in PLAYERS[1:]:
        await svc.join(CHANNEL, player)
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    await svc.act(CHANNEL, PLAYERS[0], "roll")
    with pytest.raises(IllegalAction) as refused:
        await svc.undo(CHANNEL, PLAYERS[0])
    assert refused.value.code == "undo_chance"
    rolled = table.state.to_json()
    await svc.act(CHANNEL, PLAYERS[0], "stoke red")
    assert svc.can_undo(table, 0)
    notices = await svc.undo(CHANNEL, PLAYERS[0])
    assert {k: v for k, v in table.state.to_json().items() if k != "version"} == \
        {k: v for k, v in rolled.items() if k != "version"}
    public = notices[0]
    assert isinstance(public, Public) and public.lines[0].key == "table.undone_secretly"
    assert "red" not in " ".join(public.text("en")).lower().split("took back")[1]
    assert svc.replay(table.id).to_json() == table.state.to_json()


async def test_nothing_to_take_back_once_an_ai_seat_has_played() -> None:
    """The next seat is an AI: it plays at once, so the stoke can no longer be taken back."""
    svc = TableService(":memory:", outbox=False)
    await svc.create(1, CHANNEL, KEY, PLAYERS[0], seed="relay")
    await svc.add_ai(CHANNEL, PLAYERS[0])
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    await svc.act(CHANNEL, PLAYERS[0], "roll")
    await svc.act(CHANNEL, PLAYERS[0], "stoke red")
    assert table.to_act() == [0] and not svc.can_undo(table, 0)
    with pytest.raises(IllegalAction) as refused:
        await svc.undo(CHANNEL, PLAYERS[0])
    assert refused.value.code == "undo_acted_since"
