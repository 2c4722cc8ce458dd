"""AI seats thinking apart from the event loop (worker processes, `Seats.apart`) let the table's
lock go while they think: another player's call on the table is answered meanwhile, a look at it
completes, and an answer thought for a position another call moved on is dropped and thought
again. A stand-in for the worker pool waits for the test's event instead of a search."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from gavel.tables.ai import choose
from gavel.tables.notices import Private, Public
from gavel.tables.service import TableService
from rules.core import Game, IllegalAction
from tests.tables import toy_game
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD

GUARD_S = 30
"""A call that waited for the held AI seat would hang the test: it fails after this long instead."""


class Held:
    """Seats that think apart, from the snapshot alone: while `hold` is set, the next decision
    waits for `go` (and says it is thinking: `thinking`); the others answer at once."""

    apart = True

    def __init__(self) -> None:
        self.hold = False
        self.thinking = asyncio.Event()
        self.go = asyncio.Event()
        self.decisions = 0

    async def choose(self, game: Game[Any], state: Any, snapshot: dict[str, Any], seat: int, policy: Any) -> str:
        self.decisions += 1
        if self.hold:
            self.hold = False
            self.thinking.set()
            await self.go.wait()
        return choose(game, game.load(snapshot), seat, policy)

    def close(self) -> None:
        return None


def service(seats: Held) -> TableService:
    return TableService(":memory:", renderers={"toy": toy_game.Renderer()}, ais={"toy": toy_game.choose},
                        thinking=seats)


async def test_while_an_ai_seat_thinks_another_players_call_and_looks_are_answered() -> None:
    """Alice's move hands the turn to the AI seat, which thinks (held). Bob's roll is refused at
    once (not his turn: he is not kept waiting behind the AI to hear it), his `/table me` and the
    board are read; then the AI plays, and the turn is bob's."""
    seats = Held()
    svc = service(seats)
    await svc.create(GUILD, CHANNEL, "toy", ALICE, seed="apart", dice=[3, 2, 4])
    await svc.add_ai(CHANNEL, ALICE)
    await svc.join(CHANNEL, BOB)  # seats: alice, the AI, bob
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "roll")
    table = svc.table(CHANNEL)
    seats.hold = True
    moving = asyncio.create_task(svc.act(CHANNEL, ALICE, "move 3"))
    await asyncio.wait_for(seats.thinking.wait(), GUARD_S)
    assert not table.lock.locked()  # let go while the AI seat thinks
    assert [r["action"] for r in svc.store.actions(table.id)] == ["roll", "move 3"]  # alice's move, written first
    with pytest.raises(IllegalAction) as refused:
        await asyncio.wait_for(svc.act(CHANNEL, BOB, "roll"), GUARD_S)
    assert refused.value.code == "not_your_turn"
    me = await asyncio.wait_for(svc.me(CHANNEL, BOB), GUARD_S)
    board = await asyncio.wait_for(svc.board(CHANNEL), GUARD_S)
    assert isinstance(me, Private) and isinstance(board, Public)
    assert not moving.done()  # the AI seat still thinks
    seats.go.set()
    notices = await asyncio.wait_for(moving, GUARD_S)
    assert [r["seat"] for r in svc.store.actions(table.id)] == [0, 0, 1, 1]  # then the AI seat's roll and move
    assert table.humans_to_act() == [2] and table.version == 4
    public = notices[0]
    assert isinstance(public, Public) and public.prompt is not None and public.prompt.seat == 2


async def test_an_answer_thought_for_a_position_another_call_moved_on_is_dropped_and_thought_again() -> None:
    """Every seat says `ready`, in any order. Alice's start asks the AI seat, which thinks (held);
    meanwhile alice says ready herself, and the AI seat, asked again by her call, answers it at
    once. The held answer, for a position that is gone, is never applied: each seat is ready once."""
    seats = Held()
    svc = service(seats)
    await svc.create(GUILD, CHANNEL, "toy", ALICE, seed="apart", config={"ready": True})
    await svc.join(CHANNEL, BOB)
    await svc.add_ai(CHANNEL, ALICE)
    seats.hold = True
    starting = asyncio.create_task(svc.start(CHANNEL, ALICE))
    await asyncio.wait_for(seats.thinking.wait(), GUARD_S)
    table = svc.table(CHANNEL)
    await asyncio.wait_for(svc.act(CHANNEL, ALICE, "ready"), GUARD_S)  # not held up by the AI seat
    assert [(r["seat"], r["action"]) for r in svc.store.actions(table.id)] == [(0, "ready"), (2, "ready")]
    seats.go.set()
    await asyncio.wait_for(starting, GUARD_S)
    assert [(r["seat"], r["action"]) for r in svc.store.actions(table.id)] == [(0, "ready"), (2, "ready")]
    assert table.humans_to_act() == [1] and table.version == 2 and seats.decisions == 2
    await svc.act(CHANNEL, BOB, "ready")
    assert table.state.waiting == [] and table.version == 3
    assert svc.replay(table.id).to_json() == table.state.to_json()  # memory and the log agree


async def test_a_lock_let_go_is_held_again_after_the_block_even_when_the_caller_is_cancelled() -> None:
    """`let_go` gives the lock to whoever waits for it while the block runs, and its caller holds it
    again afterwards, cancelled or not (its own `async with` lets it go in the end)."""
    from gavel.tables.registry import let_go

    table = toy_table()
    inside, other_ran = asyncio.Event(), asyncio.Event()
    never = asyncio.Event()

    async def holder() -> None:
        async with table.lock, let_go(table):
            inside.set()
            await never.wait()

    async def other() -> None:
        async with table.lock:
            other_ran.set()

    held = asyncio.create_task(holder())
    await inside.wait()
    await asyncio.wait_for(other(), GUARD_S)  # the lock was free while the block ran
    async with table.lock:  # taken by this test: the holder, cancelled, waits for it
        held.cancel()
        await asyncio.sleep(0)
        assert not held.done()
    with pytest.raises(asyncio.CancelledError):
        await held
    assert other_ran.is_set() and not table.lock.locked()


def toy_table() -> Any:
    """Anything with a lock stands for a table here."""
    from types import SimpleNamespace

    return SimpleNamespace(lock=asyncio.Lock())
