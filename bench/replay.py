"""How long folding a log takes (`Game.replay`: restoring a table that is behind, `--check-db`,
an exported record), with undo rows in it; prints one JSON object keyed by game.

    python bench/replay.py [--rows 3000] [--undo-every 10] [--only GAME] [--reps 3]

Per game: a seeded random game at its most seats, one undo row after every `--undo-every`
actions, until the log has `--rows` rows or the game ends (then a new log would be another
game: the figure is for the rows it has), folded `--reps` times. `rows`, `undos`, and the
fold's `cpu_ms` (`time.process_time`) and `wall_ms`, each the median over the repetitions,
with `cpu_ms_per_1000_rows`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.core import UNDO, Game, SeededChance


def long_log(game: Game, seats: int, rows: int, undo_every: int, seed: int
             ) -> tuple[list[int], list[tuple[int, str, list[int]]]]:
    """A seeded random game's log with an undo row after every `undo_every` actions (the undo
    takes back the last action: it is played again differently, or not)."""
    import copy

    rng = random.Random(seed)
    setup = SeededChance(seed)
    state = game.new_game({}, seats, setup)
    log: list[tuple[int, str, list[int]]] = []
    before: list[Any] = []
    acted = 0
    while len(log) < rows and game.outcome(state) is None:
        if acted and acted % undo_every == 0 and before and log[-1][1] != UNDO:
            version = state.version + 1
            state = before.pop()
            state.version = version
            log.append((0, UNDO, []))
            continue
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        before.append(copy.deepcopy(state))
        chance = SeededChance(rng.randrange(1 << 30))
        game.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
        acted += 1
    return list(setup.record), log


def measure(key: str, rows: int, undo_every: int, reps: int) -> dict[str, Any]:
    game = registry.plugin(key).game
    seats = game.info.max_seats
    setup, log = long_log(game, seats, rows, undo_every, seed=1)
    cpu, wall = [], []
    for _ in range(reps):
        c0, w0 = time.process_time(), time.perf_counter()
        game.replay({}, seats, setup, log)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
    cpu_ms = statistics.median(cpu)
    return {"rows": len(log), "undos": sum(1 for _, t, _ in log if t == UNDO), "cpu_ms": round(cpu_ms, 1),
            "wall_ms": round(statistics.median(wall), 1),
            "cpu_ms_per_1000_rows": round(cpu_ms * 1000 / max(1, len(log)), 1)}


def main() -> None:
    keys = sorted(registry.plugins())
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--undo-every", type=int, default=10)
    parser.add_argument("--only", default=",".join(keys))
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    out = {key: measure(key, args.rows, args.undo_every, args.reps) for key in args.only.split(",")}
    print(json.dumps({"rows": args.rows, "undo_every": args.undo_every, "games": out}, indent=2))


if __name__ == "__main__":
    main()
