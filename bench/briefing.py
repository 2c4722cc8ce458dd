"""What a substitute's briefing costs deep into a game; prints one JSON object.

    python bench/briefing.py [--game judge_dredd] [--rows 1000] [--seed b]

Four humans play the game through the table service (no renderer, no outbox, no clocks: local
play's, so a window's passes apply at once), each choosing with the game's own AI policy, until
the log has `--rows` rows (the game must last that long); then every seat's briefing is folded
from the log (`TableService.briefing`, what `/table take` sends). CPU milliseconds
(`time.process_time`) beside wall milliseconds, per seat and the slowest.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.ai import choose
from gavel.tables.service import Player, TableService
from rules import registry

PLAYERS = [Player(i, name) for i, name in enumerate(("ann", "ben", "cat", "dan"), 1)]
CHANNEL = 5


async def measure(game: str, rows: int, seed: str) -> dict[str, Any]:
    svc = TableService(":memory:", renderers={game: None}, outbox=False, clocks=False)  # no window holds
    try:
        await svc.create(1, CHANNEL, game, PLAYERS[0], seed=seed)
        for player in PLAYERS[1:]:
            await svc.join(CHANNEL, player)
        await svc.start(CHANNEL, PLAYERS[0])
        table = svc.table(CHANNEL)
        assert table is not None
        policy = registry.plugin(game).ai
        assert policy is not None
        for _ in range(rows * 10):  # a bound: a call may apply nothing (a pass that waits for its window)
            if len(svc.store.actions(table.id)) >= rows or table.status != "active":
                break
            player = next(p for p in PLAYERS if svc.legal_for(CHANNEL, p))
            seat = table.seat_of(player.user_id)
            assert seat is not None and table.state is not None
            await svc.act(CHANNEL, player, choose(table.game, table.state, seat, policy))
        if table.status != "active":
            raise RuntimeError(f"the game of seed {seed!r} ended at {len(svc.store.actions(table.id))} rows:"
                               " ask for fewer rows or try another seed")
        seats = []
        for seat in range(len(table.seats)):
            c0, w0 = time.process_time(), time.perf_counter()
            briefing = await svc.briefing(CHANNEL, seat)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            seats.append({"seat": seat, "lines": len(briefing.lines), "cpu_ms": round(cpu * 1000, 2),
                          "wall_ms": round(wall * 1000, 2)})
        slowest = max(seats, key=lambda s: s["cpu_ms"])
        return {"game": game, "rows": len(svc.store.actions(table.id)), "seats": seats,
                "slowest": {"cpu_ms": slowest["cpu_ms"], "wall_ms": slowest["wall_ms"]}}
    finally:
        svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="judge_dredd")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", default="b", help="the table's seed")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.game, args.rows, args.seed)), indent=2))


if __name__ == "__main__":
    main()
