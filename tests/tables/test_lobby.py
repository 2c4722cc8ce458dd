"""Lobby rules: one table per channel, join/leave, seats limits, AI seats, who may start."""

from __future__ import annotations

import pytest

from gavel.tables.notices import Public
from gavel.tables.service import TableService
from rules.core import IllegalAction
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE, GUILD, seat


async def refused(code: str, coro) -> None:
    with pytest.raises(IllegalAction) as err:
        await coro
    assert err.value.code == code


async def test_create_opens_a_lobby_with_the_host_seated(svc: TableService) -> None:
    notices = await svc.create(GUILD, CHANNEL, "toy", ALICE)
    assert [type(n) for n in notices] == [Public]
    assert notices[0].lines[0].key == "table.created"
    table = svc.table(CHANNEL)
    assert table is not None and table.status == "lobby" and table.names == ("alice",)
    assert table.host_id == ALICE.user_id


async def test_one_open_table_per_channel(svc: TableService) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    await refused("table_exists", svc.create(GUILD, CHANNEL, "toy", BOB))
    await svc.create(GUILD, CHANNEL + 1, "toy", BOB)  # another channel is fine


async def test_unknown_game_and_variant_are_refused(svc: TableService) -> None:
    await refused("unknown_game", svc.create(GUILD, CHANNEL, "no_such_game", ALICE))
    await refused("unknown_variant", svc.create(GUILD, CHANNEL, "toy", ALICE, variant="turbo"))


async def test_join_duplicate_and_full(svc: TableService) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    notices = await svc.join(CHANNEL, BOB)
    assert notices[0].lines[0].params["n"] == 2
    await refused("already_seated", svc.join(CHANNEL, BOB))
    await svc.join(CHANNEL, CAROL)
    await svc.join(CHANNEL, DAVE)
    await refused("table_full", svc.join(CHANNEL, EVE))
    await refused("table_full", svc.add_ai(CHANNEL, ALICE))


async def test_leave_and_host_handover(svc: TableService) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    await svc.join(CHANNEL, BOB)
    await refused("not_seated", svc.leave(CHANNEL, CAROL))
    notices = await svc.leave(CHANNEL, ALICE)
    assert [m.key for m in notices[0].lines] == ["table.left", "table.new_host"]
    table = svc.table(CHANNEL)
    assert table is not None and table.host_id == BOB.user_id and table.names == ("bob",)
    notices = await svc.leave(CHANNEL, BOB)
    assert notices[0].lines[-1].key == "table.closed_empty"
    assert svc.table(CHANNEL) is None
    assert svc.get(table.id).status == "cancelled"


async def test_minimum_seats_and_only_the_host_starts(svc: TableService) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    await refused("not_enough_players", svc.start(CHANNEL, ALICE))
    await svc.join(CHANNEL, BOB)
    await refused("not_host", svc.start(CHANNEL, BOB))
    await svc.start(CHANNEL, ALICE)
    assert svc.table(CHANNEL).status == "active"
    await refused("lobby_only", svc.join(CHANNEL, CAROL))
    await refused("lobby_only", svc.start(CHANNEL, ALICE))


async def test_ai_seats_are_added_and_removed_by_the_host(svc: TableService) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    await svc.join(CHANNEL, BOB)
    await refused("not_host", svc.add_ai(CHANNEL, BOB))
    await svc.add_ai(CHANNEL, ALICE)
    await svc.add_ai(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    assert table.names == ("alice", "bob", "AI 1", "AI 2")
    await refused("no_ai_seat", svc.remove_ai(CHANNEL, ALICE, seat=1))
    await svc.remove_ai(CHANNEL, ALICE, seat=2)
    assert table.names == ("alice", "bob", "AI 2")
    await svc.remove_ai(CHANNEL, ALICE)
    await refused("no_ai_seat", svc.remove_ai(CHANNEL, ALICE))


async def test_a_game_without_an_ai_gets_no_ai_seats() -> None:
    svc = TableService(":memory:", renderers={"toy": None}, ais={"toy": None})
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    await refused("no_ai", svc.add_ai(CHANNEL, ALICE))


async def test_nothing_happens_without_a_table(svc: TableService) -> None:
    await refused("no_table", svc.act(CHANNEL, ALICE, "roll"))
    await refused("no_table", svc.join(CHANNEL, ALICE))
    await refused("no_table", svc.status(CHANNEL))
    assert svc.legal_for(CHANNEL, ALICE) == []


async def test_playing_before_the_start_is_refused(svc: TableService) -> None:
    await seat(svc, ALICE, BOB, start=False)
    await refused("not_started", svc.act(CHANNEL, ALICE, "roll"))
    await refused("not_started", svc.board(CHANNEL))


async def test_status_lists_seats_host_and_ai(svc: TableService) -> None:
    await seat(svc, ALICE, BOB, ai=1, start=False)
    status = await svc.status(CHANNEL)
    assert [m.key for m in status.lines] == ["table.status", "table.seat_host", "table.seat", "table.seat_ai",
                                             "table.lobby_hint"]
    assert status.text("en")[0] == "Toy race: waiting for players, 3/4 seats taken."


async def test_the_chosen_variant_is_named_in_the_lobby_and_the_status(svc: TableService) -> None:
    notices = await svc.create(GUILD, CHANNEL, "dads_army", ALICE, variant="redraw_bombed_reference")
    assert "Variant: Redraw a map reference bombed for 10 turns." in notices[0].text("en")
    assert "變體規則：地圖座標連續 10 回合被炸時可重抽。" in (await svc.status(CHANNEL)).text("zh-TW")
    await svc.create(GUILD, CHANNEL + 1, "dads_army", BOB)
    assert "Variant" not in (await svc.status(CHANNEL + 1)).text("en")
