"""What one `/table undo` costs deep into a game; prints one JSON object.

    python bench/undo.py [--rows 1000] [--seed u]

Four humans play Dad's Army through the table service (no renderer, no outbox), random legal
actions, until the log has `--rows` rows; then a seat makes a move it may take back and takes it
back twice: once as the process that applied it (the state before it was kept: `undo_kept`), and
once with nothing kept, as after a restart (the log folded: `undo_folded`). CPU milliseconds
(`time.process_time`) beside wall milliseconds for each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.service import Player, TableService

PLAYERS = [Player(i, name) for i, name in enumerate(("ann", "ben", "cat", "dan"), 1)]
CHANNEL = 5


async def timed(call: Any) -> dict[str, float]:
    c0, w0 = time.process_time(), time.perf_counter()
    await call
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {"cpu_ms": round(cpu * 1000, 2), "wall_ms": round(wall * 1000, 2)}


async def measure(rows: int, seed: str) -> dict[str, Any]:
    svc = TableService(":memory:", renderers={"dads_army": None}, outbox=False)
    try:
        await svc.create(1, CHANNEL, "dads_army", PLAYERS[0], seed=seed)
        for player in PLAYERS[1:]:
            await svc.join(CHANNEL, player)
        await svc.start(CHANNEL, PLAYERS[0])
        table = svc.table(CHANNEL)
        assert table is not None
        rng = random.Random(1)
        while len(svc.store.actions(table.id)) < rows and table.status == "active":
            seat = table.to_act()[0]
            await svc.act(CHANNEL, PLAYERS[seat], rng.choice(svc.legal_for(CHANNEL, PLAYERS[seat])))
        while table.status == "active":  # on to a move its player may take back
            seat = table.to_act()[0]
            legal = svc.legal_for(CHANNEL, PLAYERS[seat])
            move = next((a for a in legal if a.startswith("move")), None)
            await svc.act(CHANNEL, PLAYERS[seat], move or rng.choice(legal))
            if move is not None and svc.can_undo(table, seat):
                break
        else:
            raise RuntimeError(f"the game of seed {seed!r} ended before a move could be taken back: try another")
        length = len(svc.store.actions(table.id))
        kept = await timed(svc.undo(CHANNEL, PLAYERS[seat]))
        await svc.act(CHANNEL, PLAYERS[seat], move)
        svc.undo_points.forget(table.id)  # nothing kept, as after a restart
        folded = await timed(svc.undo(CHANNEL, PLAYERS[seat]))
        return {"rows": length, "undo_kept": kept, "undo_folded": folded}
    finally:
        svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", default="u", help="the table's seed")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args.rows, args.seed)), indent=2))


if __name__ == "__main__":
    main()
