"""Per-table lock: concurrent commands on one table apply one at a time."""

from __future__ import annotations

import asyncio
import time

from rules.core import IllegalAction
from tests.tables import toy_game
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat


class SlowRenderer(toy_game.Renderer):
    """Rendering happens under the lock in a worker thread; make it slow to invite races."""

    def render(self, view, *, highlight=None, **_) -> bytes:
        time.sleep(0.02)
        return super().render(view, highlight=highlight)


async def test_concurrent_acts_at_one_version_apply_exactly_once() -> None:
    svc = make_service(renderer=SlowRenderer())
    await seat(svc, ALICE, BOB)
    version = svc.table(CHANNEL).version
    results = await asyncio.gather(*(svc.act(CHANNEL, ALICE, "roll", version=version) for _ in range(5)),
                                   return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, IllegalAction)]
    assert len(ok) == 1 and len(refused) == 4 and {r.code for r in refused} == {"stale"}
    table = svc.table(CHANNEL)
    assert table.version == 1 and len(svc.store.actions(table.id)) == 1


async def test_interleaved_players_keep_log_and_state_in_step() -> None:
    svc = make_service(renderer=SlowRenderer())
    await seat(svc, ALICE, BOB, dice=[2, 2, 2, 2])

    async def play(player, texts):
        for text in texts:
            while True:
                try:
                    await svc.act(CHANNEL, player, text)
                    break
                except IllegalAction as exc:
                    assert exc.code == "not_your_turn"
                    await asyncio.sleep(0.005)

    await asyncio.gather(play(ALICE, ["roll", "move 2", "roll", "move 2"]), play(BOB, ["roll", "move 2"]))
    table = svc.table(CHANNEL)
    rows = svc.store.actions(table.id)
    assert [r["seq"] for r in rows] == list(range(1, 7)) and table.version == 6
    assert [r["seat"] for r in rows] == [0, 0, 1, 1, 0, 0]
    assert table.state.pos == [4, 2]
