"""What a replay costs (`/table replay`): opening a finished game, each step shown, and the animated
export; prints one JSON object keyed by game.

    python bench/replay_steps.py [--only GAME,...] [--steps 40] [--policy ai|random] [--no-export]

Per game: a whole game of AI seats at its most seats is played through the table service on a
SQLite file (no pictures while it plays), then a second service on the same file, drawing with the
game's real renderer as the bot does, opens its replay and shows `--steps` steps spread over the
game (the first one shown is left out of the figures: it loads the renderer and its kept parts).
Figures, CPU (`time.process_time`, every thread of the process: the drawing runs in one) beside
wall time, in milliseconds:
- `open`: reading and folding the game (`replay_game`, nothing kept yet);
- `step`: one step shown (`replay_page`: its lines and its revealed board), median, 90th
  percentile and most (the target is at most 150 ms of CPU per step);
- `export`: the animated GIF of the public board (`replay_animation`): CPU, wall, bytes (the
  limit is 8 MiB) and frames.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.service import TableService
from gavel.tables.table import Player
from rules import registry

HOST = Player(1, "host")
GUILD, CHANNEL = 1, 1


def timed() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def since(start: tuple[float, float]) -> tuple[float, float]:
    return (time.process_time() - start[0]) * 1000, (time.perf_counter() - start[1]) * 1000


async def play(path: str, key: str, policy: str, seed: int) -> int:
    """A whole game of AI seats played to its end on the file `path`; its table id."""
    rng = random.Random(seed)
    ais: dict[str, Any] = {}
    if policy == "random":
        ais[key] = lambda game, state, seat: rng.choice(game.legal_actions(state, seat))
    svc = TableService(path, renderers={key: None}, ais=ais, outbox=False, clocks=False)
    game = registry.plugin(key).game
    await svc.create(GUILD, CHANNEL, key, HOST, sit=False, seed=seed)
    for _ in range(game.info.max_seats):
        await svc.add_ai(CHANNEL, HOST)
    await svc.start(CHANNEL, HOST)  # the AI seats play from here
    for _ in range(10_000):
        if svc.table(CHANNEL) is None:
            break
        await svc.advance(CHANNEL)
    row = svc.store.last_row(CHANNEL)
    assert row is not None and row["status"] == "finished", f"{key}: the game did not end"
    return int(row["id"])


async def measure(key: str, steps: int, policy: str, export: bool, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "replay.sqlite3")
        table_id = await play(path, key, policy, seed)
        svc = TableService(path, outbox=False, clocks=False)
        start = timed()
        replay = await svc.replay_game(GUILD, CHANNEL, table_id)
        open_cpu, open_wall = since(start)
        last = replay.last
        chosen = sorted({round(i * last / max(1, steps - 1)) for i in range(steps)})
        await svc.replay_page(replay, 0)  # the renderer loaded, its first parts drawn: not counted
        cpu: list[float] = []
        wall: list[float] = []
        for step in chosen:
            start = timed()
            page = await svc.replay_page(replay, step)
            c, w = since(start)
            cpu.append(c)
            wall.append(w)
            assert page.notice.image is not None, f"{key}: step {step} has no picture"
        out: dict[str, Any] = {
            "steps": last, "shown": len(chosen),
            "open_cpu_ms": round(open_cpu, 1), "open_wall_ms": round(open_wall, 1),
            "step_cpu_ms": {"median": round(statistics.median(cpu), 1),
                            "p90": round(sorted(cpu)[int(0.9 * (len(cpu) - 1))], 1), "max": round(max(cpu), 1)},
            "step_wall_ms": {"median": round(statistics.median(wall), 1), "max": round(max(wall), 1)},
        }
        if export:
            from PIL import Image

            start = timed()
            picture = await svc.replay_animation(replay)
            c, w = since(start)
            assert picture is not None
            with Image.open(io.BytesIO(picture)) as gif:
                frames = getattr(gif, "n_frames", 1)
                size = gif.size
            out["export"] = {"cpu_ms": round(c, 1), "wall_ms": round(w, 1), "bytes": len(picture),
                             "mib": round(len(picture) / (1024 * 1024), 2), "frames": frames,
                             "size": list(size)}
        return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    keys = sorted(registry.plugins())
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--only", default=",".join(keys))
    parser.add_argument("--steps", type=int, default=40, help="steps shown per game, spread over it")
    parser.add_argument("--policy", choices=("ai", "random"), default="ai",
                        help="who plays the game replayed: each game's own AI, or random legal actions")
    parser.add_argument("--no-export", action="store_true", help="leave the animated export out")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = {key: asyncio.run(measure(key, max(2, args.steps), args.policy, not args.no_export, args.seed))
             for key in args.only.split(",")}
    report = {"steps_shown": args.steps, "policy": args.policy, "target_step_cpu_ms": 150,
              "limit_mib": 8, "games": games}
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
