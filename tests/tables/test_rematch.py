"""Play again: a lobby like the channel's last game, its seats in the same order (AI seats and
the clicker at once, the other humans invited back for a minute), its settings copied whatever
they are, on both database backends."""

from __future__ import annotations

from typing import Any

import pytest

from gavel.tables.rematch import REMATCH_AGE, RematchClock
from gavel.tables.service import TableService
from gavel.tables.store import loads
from rules.core import IllegalAction
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_service


async def refused(code: str, coro: Any) -> None:
    with pytest.raises(IllegalAction) as err:
        await coro
    assert err.value.code == code


async def finished_game(svc: TableService, *, settings: dict[str, Any] | None = None) -> int:
    """alice (host), an AI seat, bob: played, then both humans resign (the game ends). Returns its id."""
    await svc.create(GUILD, CHANNEL, "toy", ALICE, lang="zh-TW", timeout=30, settings=settings)
    await svc.add_ai(CHANNEL, ALICE)
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    assert table is not None
    await svc.leave(CHANNEL, BOB)
    await svc.leave(CHANNEL, ALICE)
    assert table.status == "finished"
    return table.id


def moved(svc: TableService, seconds: float) -> None:
    start = svc.wall()
    svc.wall = lambda: start + seconds


async def test_rematch_seats_the_ai_and_the_clicker_and_invites_the_others(bsvc: TableService) -> None:
    svc = bsvc
    previous = await finished_game(svc, settings={"speed": "blitz"})
    notices = await svc.rematch(CHANNEL, BOB, previous)
    table = svc.table(CHANNEL)
    assert table is not None and table.id != previous and table.status == "lobby"
    assert [s.name for s in table.seats] == ["AI 1", "bob"] and table.host_id == BOB.user_id
    assert table.lang == "zh-TW" and table.timeout == 30
    row = svc.store.table_row(table.id)
    assert row is not None and loads(row["config"])["_speed"] == "blitz"  # every setting, whatever it is
    keys = [m.key for m in notices[0].lines]
    assert keys[0] == "table.rematch" and "table.rematch_waiting" in keys
    assert (await svc.rematch_awaited(CHANNEL))[0][0].user_id == ALICE.user_id
    status = await svc.status(CHANNEL)
    assert "table.rematch_awaited" in [m.key for m in status.lines]
    # alice's seat is kept for her: the table (four seats) has room for one more only
    await svc.join(CHANNEL, CAROL)
    await refused("table_full", svc.join(CHANNEL, DAVE))
    await refused("table_full", svc.add_ai(CHANNEL, BOB))
    await refused("rematch_waiting", svc.start(CHANNEL, BOB))
    back = await svc.join(CHANNEL, ALICE)  # back in her place of the last game: first
    assert [s.name for s in table.seats] == ["alice", "AI 1", "bob", "carol"]
    assert [m.key for m in back[0].lines] == ["table.joined", "table.rematch_all_back"]
    assert await svc.rematch_expire(CHANNEL, table.id) == []  # closed already: nobody speaks again
    await svc.start(CHANNEL, BOB)
    assert table.status == "active"


async def test_a_seat_not_taken_back_in_time_is_dropped_once(bsvc: TableService) -> None:
    svc = bsvc
    previous = await finished_game(svc)
    await svc.rematch(CHANNEL, ALICE, previous)
    table = svc.table(CHANNEL)
    assert table is not None and [s.name for s in table.seats] == ["alice", "AI 1"]
    assert [(channel, table_id) for channel, table_id in await svc.due_rematches()] == []
    moved(svc, 61)
    assert await svc.due_rematches() == [(CHANNEL, table.id)]
    other = make_service(svc.store.path) if svc.store.path.startswith("postgres") else svc  # a second process
    first = await svc.rematch_expire(CHANNEL, table.id)
    assert [m.key for m in first[0].lines] == ["table.rematch_dropped", "table.rematch_ready"]
    assert await other.rematch_expire(CHANNEL, table.id) == []  # exactly one acts
    await refused("already_seated", svc.join(CHANNEL, ALICE))
    await svc.join(CHANNEL, BOB)  # too late for his old seat: he joins as anyone would, at the end
    assert [s.name for s in table.seats] == ["alice", "AI 1", "bob"]
    await svc.start(CHANNEL, ALICE)
    assert table.status == "active"


async def test_the_host_may_start_once_the_window_ended_even_before_its_timer(bsvc: TableService) -> None:
    svc = bsvc
    previous = await finished_game(svc)
    await svc.rematch(CHANNEL, ALICE, previous)
    await refused("rematch_waiting", svc.start(CHANNEL, ALICE))
    moved(svc, 60)
    await svc.start(CHANNEL, ALICE)
    assert await svc.rematch_expire(CHANNEL, svc.table(CHANNEL).id) == []  # type: ignore[union-attr]


async def test_refusals(svc: TableService) -> None:
    await refused("rematch_none", svc.rematch(CHANNEL, ALICE))
    previous = await finished_game(svc)
    await refused("rematch_not_player", svc.rematch(CHANNEL, CAROL, previous))
    await refused("rematch_old", svc.rematch(CHANNEL, ALICE, previous + 99))
    await svc.rematch(CHANNEL, ALICE, previous)
    await refused("table_exists", svc.rematch(CHANNEL, BOB, previous))
    await svc.cancel(CHANNEL, ALICE)
    moved(svc, REMATCH_AGE + 1)
    await refused("rematch_old", svc.rematch(CHANNEL, ALICE, previous))


async def test_a_player_who_comes_back_and_leaves_is_no_longer_awaited(svc: TableService) -> None:
    previous = await finished_game(svc)
    await svc.rematch(CHANNEL, ALICE, previous)
    await svc.join(CHANNEL, BOB)
    await svc.leave(CHANNEL, BOB)
    assert (await svc.rematch_awaited(CHANNEL))[0] == []
    await svc.start(CHANNEL, ALICE)


async def test_the_window_survives_a_restart(tmp_path) -> None:
    path = str(tmp_path / "gavel.sqlite3")
    svc = make_service(path)
    previous = await finished_game(svc)
    await svc.rematch(CHANNEL, ALICE, previous)
    svc.close()
    fresh = make_service(path)
    await fresh.restore()
    told: list[tuple[int, list[Any]]] = []

    async def deliver(channel: int, notices: list[Any]) -> None:
        told.append((channel, notices))

    clock = RematchClock(fresh, deliver)
    assert await clock.arm_all() == 1
    moved(fresh, 61)
    assert await clock.poll_once() == 1
    assert told[0][1][0].lines[0].key == "table.rematch_dropped"
    assert await clock.poll_once() == 0
    clock.close()
    fresh.close()


async def test_a_guild_is_welcomed_once_ever(bsvc: TableService) -> None:
    assert await bsvc.first_welcome(GUILD)
    assert not await bsvc.first_welcome(GUILD)
    await bsvc.first_welcome(GUILD, failed=True)  # could not be posted: a later join tries again
    assert await bsvc.first_welcome(GUILD)
    assert not await bsvc.first_welcome(GUILD)
