"""What a finished game's insight costs (`gavel.tables.insight.compute`: the chances to win at each
step from playouts, and the luck report); prints one JSON object keyed by game.

    python bench/insight.py [--only GAME] [--actions 100000] [--steps 24] [--playouts 32] [--seed 1]

Per game: one whole game at its usual seats, played by its own computer player (the playout
player where the game has one) from a seed, then:

- `chances`: `rules.insight.chances` under the budget given (the service's `BUDGET` by default),
  as a worker process runs it: `cpu_s` (`time.process_time`) beside `wall_s`, the playouts and
  actions applied, the steps sampled;
- `luck`: `rules.insight.luck` over the whole log (`cpu_ms`, `wall_ms`).

The target is at most 30 s of CPU per game in the pool for the chances: the budget is a count of
actions, so the CPU a game costs is its actions' cost times the budget.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.insight import BUDGET
from rules import insight, registry
from rules.core import SeededChance
from rules.insight import Budget

SEATS = {"dads_army": 4, "judge_dredd": 4, "judgement": 5, "judtho": 3}


def whole_game(key: str, seats: int, seed: int) -> tuple[list[int], list[tuple[int, str, list[int]]]]:
    """A seeded game played to its end by the game's (playout) computer player."""
    plugin = registry.plugin(key)
    game, policy = plugin.game, plugin.playout or plugin.ai
    assert policy is not None
    setup = SeededChance(f"setup:{seed}")
    state = game.new_game({}, seats, setup)
    rng = random.Random(seed)
    log: list[tuple[int, str, list[int]]] = []
    while game.outcome(state) is None and len(log) < 20_000:
        seat = sorted(game.to_act(state))[0]
        text = str(policy(game, state, seat, rng))
        chance = SeededChance(f"{seed}:{len(log)}")
        game.apply(state, seat, text, chance)
        log.append((seat, text, list(chance.record)))
    return list(setup.record), log


def measure(key: str, budget: Budget, seed: int) -> dict[str, Any]:
    plugin = registry.plugin(key)
    game, seats = plugin.game, SEATS.get(key, plugin.game.info.seats_for(None)[0])
    setup, log = whole_game(key, seats, seed)
    out: dict[str, Any] = {"seats": seats, "actions_in_game": len(log)}
    policy = plugin.playout or plugin.ai
    if policy is not None:
        cpu, wall = time.process_time(), time.perf_counter()
        found = insight.chances(game, {}, seats, setup, log, policy, seed=seed, budget=budget)
        out["chances"] = {"cpu_s": round(time.process_time() - cpu, 2), "wall_s": round(time.perf_counter() - wall, 2),
                          "playouts": found.playouts, "actions_applied": found.actions,
                          "steps_sampled": len(found.sampled), "marks": list(found.marks)}
    if plugin.luck is not None:
        cpu, wall = time.process_time(), time.perf_counter()
        tallies = insight.luck(game, {}, seats, setup, log, plugin.luck.read)
        out["luck"] = {"cpu_ms": round((time.process_time() - cpu) * 1000, 1),
                       "wall_ms": round((time.perf_counter() - wall) * 1000, 1), "draws": sum(t.count for t in tallies)}
    else:
        out["luck"] = None  # no chance in the game: nothing to report
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=None)
    parser.add_argument("--actions", type=int, default=BUDGET.actions)
    parser.add_argument("--steps", type=int, default=BUDGET.steps)
    parser.add_argument("--playouts", type=int, default=BUDGET.playouts)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    budget = Budget(actions=args.actions, steps=args.steps, playouts=args.playouts, stretch=BUDGET.stretch,
                    slack=BUDGET.slack)
    keys = [args.only] if args.only else sorted(registry.plugins())
    print(json.dumps({"budget": {"actions": budget.actions, "steps": budget.steps, "playouts": budget.playouts},
                      **{key: measure(key, budget, args.seed) for key in keys}}, indent=2))


if __name__ == "__main__":
    main()
