"""Cancel (host or Manage Messages) and resign."""

from __future__ import annotations

import pytest

from gavel.tables.service import TableService
from rules.core import IllegalAction
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, seat


async def test_cancel_needs_the_host_or_manage_messages(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    with pytest.raises(IllegalAction) as err:
        await svc.cancel(CHANNEL, BOB)
    assert err.value.code == "cannot_cancel"
    notices = await svc.cancel(CHANNEL, CAROL, can_manage=True)
    assert notices[0].lines[0].key == "table.cancelled"
    assert svc.table(CHANNEL) is None
    assert svc.store.table_row(notices[0].table_id)["status"] == "cancelled"
    assert svc.store.results(notices[0].table_id) == []
    await svc.create(GUILD, CHANNEL, "toy", BOB)  # the channel is free again


async def test_the_host_cancels_a_lobby(svc: TableService) -> None:
    await seat(svc, ALICE, BOB, start=False)
    await svc.cancel(CHANNEL, ALICE)
    assert svc.table(CHANNEL) is None


async def test_resigning_from_a_two_player_game_hands_the_win_over(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    notices = await svc.leave(CHANNEL, BOB)  # leaving a game in play is resigning
    assert [m.key for m in notices[0].lines] == ["table.resigned", "table.winner"]
    rows = svc.store.results(notices[0].table_id)
    assert [(r["winner"], r["place"], r["resigned"], r["reason"]) for r in rows] == [
        (1, 1, 0, "resigned"), (0, 2, 1, "resigned")]


async def test_a_resigned_seat_is_played_by_the_ai(svc: TableService) -> None:
    await seat(svc, ALICE, BOB, CAROL)
    notices = await svc.resign(CHANNEL, ALICE)  # it was alice's turn: the AI plays it
    assert [m.key for m in notices[0].lines][:2] == ["table.resigned", "table.ai_takes_over"]
    table = svc.table(CHANNEL)
    assert table.seats[0].resigned and table.seats[0].is_ai and notices[0].prompt.user_id == BOB.user_id
    with pytest.raises(IllegalAction) as err:
        await svc.act(CHANNEL, ALICE, "roll")
    assert err.value.code == "not_seated"


async def test_when_only_ai_would_be_left_the_game_ends(svc: TableService) -> None:
    await seat(svc, ALICE, ai=2)
    notices = await svc.resign(CHANNEL, ALICE)
    assert notices[0].lines[-1].key == "table.no_winner"
    assert svc.table(CHANNEL) is None


async def test_the_host_aborts_a_game_before_every_seat_has_acted(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    await svc.act(CHANNEL, ALICE, "roll")  # only alice has acted: an abort is still allowed
    notices = await svc.cancel(CHANNEL, ALICE)
    assert notices[0].lines[0].key == "table.cancelled"
    assert svc.store.table_row(notices[0].table_id)["status"] == "cancelled"


async def test_once_every_seat_has_acted_the_host_can_only_resign(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    while svc.store.seats_that_acted(table.id) != {0, 1}:
        player = ALICE if table.to_act() == [0] else BOB
        await svc.act(CHANNEL, player, svc.legal_for(CHANNEL, player)[0])
    version = table.version
    with pytest.raises(IllegalAction) as err:
        await svc.cancel(CHANNEL, ALICE)
    assert err.value.code == "cannot_abort"
    assert svc.table(CHANNEL) is table and table.version == version and table.status == "active"
    # a moderator still may, and the table is recorded as cancelled with no result
    notices = await svc.cancel(CHANNEL, CAROL, can_manage=True)
    assert svc.store.table_row(notices[0].table_id)["status"] == "cancelled"
    assert svc.store.results(notices[0].table_id) == []


async def test_a_host_who_resigns_hands_the_host_role_to_the_next_human(svc: TableService) -> None:
    await seat(svc, ALICE, BOB, CAROL)
    notices = await svc.resign(CHANNEL, ALICE)
    assert "table.new_host" in [m.key for m in notices[0].lines]
    table = svc.table(CHANNEL)
    assert table.host_id == BOB.user_id
    assert svc.store.table_row(table.id)["host"] == BOB.user_id
    with pytest.raises(IllegalAction) as err:  # the resigned host can no longer cancel the others' game
        await svc.cancel(CHANNEL, ALICE)
    assert err.value.code == "cannot_cancel"
    assert svc.table(CHANNEL) is table
