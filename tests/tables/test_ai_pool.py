"""AI seats think in worker processes (`PooledSeats`), so the event loop keeps answering every
other table meanwhile; a worker that dies is replaced; the clock plays AI seats on after a
restart without the restore waiting for them."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gavel.tables.ai import InlineSeats, PooledSeats
from gavel.tables.clock import WindowClock
from gavel.tables.service import TableService
from tests.tables import pool_policies, toy_game
from tests.tables.conftest import ALICE, CHANNEL, seat
from tests.tables.test_window_clock import Deliveries


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PooledSeats]:
    """One pool of one worker for the module's pool tests (a worker is a fresh interpreter that
    imports Gavel: once, not once a test). The variables the test policies read are set before
    its first worker starts and kept until it is closed, so a worker started again has them too:
    this process's pid, and where `dies_once` leaves its marker (it dies the first time only)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GAVEL_TEST_PARENT_PID", str(os.getpid()))
        patch.setenv("GAVEL_TEST_MARKER", str(tmp_path_factory.mktemp("pool") / "died"))
        seats = PooledSeats(workers=1)
        try:
            yield seats
        finally:
            seats.close()


async def ticks_while(coro) -> tuple[object, int]:
    """Run `coro` while another task counts how often the event loop let it run."""
    count = 0
    done = False

    async def tick() -> None:
        nonlocal count
        while not done:
            count += 1
            await asyncio.sleep(0.01)

    ticker = asyncio.create_task(tick())
    try:
        result = await coro
    finally:
        done = True
        await ticker
    return result, count


async def toy_state():
    game = toy_game.ToyRace()
    svc = TableService(":memory:", renderers={"toy": None}, ais={"toy": toy_game.choose})
    await seat(svc, ALICE, ai=1, seed="pool")
    table = svc.table(CHANNEL)
    return game, table.state, table.snapshot


async def test_a_pooled_decision_leaves_the_event_loop_free(pool: PooledSeats) -> None:
    game, state, snapshot = await toy_state()
    await pool.choose(game, state, snapshot, 0, toy_game.choose)  # the worker is up
    text, ticks = await ticks_while(pool.choose(game, state, snapshot, 0, pool_policies.slow))
    assert text == str(toy_game.choose(game, state, 0))
    assert ticks >= 2  # the loop ran other tasks while the worker thought
    # the same slow policy inline holds the loop: nothing else runs until it is done
    _, inline_ticks = await ticks_while(InlineSeats().choose(game, state, snapshot, 0, pool_policies.slow))
    assert inline_ticks == 0


async def test_the_decision_runs_in_another_process(pool: PooledSeats) -> None:
    game, state, snapshot = await toy_state()
    assert await pool.choose(game, state, snapshot, 0, pool_policies.whose_process) == "peek"
    assert await InlineSeats().choose(game, state, snapshot, 0, pool_policies.whose_process) == "roll"


async def test_a_worker_that_dies_is_replaced_and_the_decision_asked_again(pool: PooledSeats) -> None:
    marker = Path(os.environ["GAVEL_TEST_MARKER"])
    assert not marker.exists()
    game, state, snapshot = await toy_state()
    assert await pool.choose(game, state, snapshot, 0, pool_policies.dies_once) in {"roll", "peek"}
    assert marker.exists()


async def test_a_service_with_a_pool_plays_whole_games(tmp_path: Path) -> None:
    svc = TableService(str(tmp_path / "g.sqlite3"), renderers={"toy": None}, ais={"toy": toy_game.choose},
                       thinking=PooledSeats(workers=1))
    try:
        await svc.create(1, CHANNEL, "toy", ALICE, seed="all-ai", sit=False)
        for _ in range(3):
            await svc.add_ai(CHANNEL, ALICE)
        table = svc.table(CHANNEL)
        await svc.start(CHANNEL, ALICE)
        assert table.status == "finished"
        assert svc.replay(table.id).to_json() == table.state.to_json()
    finally:
        svc.close()


async def test_after_a_restart_the_clock_plays_the_ai_seats_on(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    first = TableService(db, renderers={"toy": None}, ais={"toy": toy_game.choose})
    await seat(first, ALICE, ai=1, seed="restart", dice=[3, 4])
    await first.act(CHANNEL, ALICE, "roll")
    record = first.store.record_action

    def stops_before_the_ai(table_id, seat, *args, **kwargs):
        if seat == 1:
            raise RuntimeError("the process stops here")
        return record(table_id, seat, *args, **kwargs)

    first.store.record_action = stops_before_the_ai
    await first.act(CHANNEL, ALICE, "move 3")
    first.store.close()

    second = TableService(db, renderers={"toy": None}, ais={"toy": toy_game.choose})
    assert await second.restore() == 1
    table = second.table(CHANNEL)
    assert table.ai_to_act() == [1]  # restoring did not wait for the AI
    deliver = Deliveries()
    clock = WindowClock(second, deliver)
    clock.arm_all()
    await asyncio.wait_for(deliver.event.wait(), 10)
    clock.close()
    assert table.humans_to_act() == [0]
    (channel, notices), = deliver.got
    assert channel == CHANNEL and notices[0].prompt is not None and notices[0].prompt.user_id == ALICE.user_id


def test_warm_loads_every_renderer_and_both_catalogues_before_any_table() -> None:
    """At start-up, not on the event loop the first time a table needs them."""
    from gavel.tables import i18n
    from rules.core import games

    svc = TableService(":memory:")
    i18n.catalogue.cache_clear()
    svc.warm()
    assert set(games()) <= set(svc.images.loaded)
    assert i18n.catalogue.cache_info().currsize == len(i18n.LANGUAGES)
