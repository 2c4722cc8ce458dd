"""Benchmark every registered game; prints one JSON object keyed by game.

    python bench/run.py [--quick] [--games dads_army,...]

Per game: render ms and PNG bytes (a mid-game board), engine apply ms, AI move ms, random
playouts per second, and end-to-end ms for one action through TableService (apply + persist
to a SQLite file + render), each as median and p95, by the wall clock (`<name>_ms`) and by the
process's CPU time (`<name>_cpu_ms`, `time.process_time`: what a busy machine inflates less);
and memory: the bytes of a mid-game state snapshot and the peak KiB Python allocates while the
AI plays a whole game; and a game's own figures (`EXTRA_FIGURES`). Quote the numbers with the
command and how busy the machine was. Tests assert no time: these figures are where speed is
measured.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer import Renderer
from renderer import of as renderer_of
from rules import registry
from rules.core import Game, SeededChance

EXTRA_FIGURES = {"judtho": "judtho_ai", "judgement": "judgement_ai"}
"""Game -> a module beside this file whose `figures(n)` adds the game's own figures (Judtho:
legal-move generation per second from the mid-game perft positions, the AI's move time over
real mid-game positions with the depth it finished; The City of Judgement:
the AI's decision time, game length in turns and win shares over whole AI games)."""

MID_GAME_STEPS = {"judge_dredd": 600, "judgement": 120}
"""Actions the AI plays to reach the mid-game board (default 40). A Judge Dredd Game Turn is
dozens of actions (every seat answers every card-play window), so 40 would still be turn one; a
nine-seat City of Judgement game runs about 250 actions, so 120 is the middle of it."""


def summary(samples_ms: list[float]) -> dict[str, float]:
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 3), "p95": round(p95, 3), "n": len(ordered)}


class Timings:
    """The wall and CPU milliseconds of a repeated piece of work, side by side."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    @contextmanager
    def measure(self) -> Iterator[None]:
        t0, c0 = time.perf_counter(), time.process_time()
        yield
        self.wall.append((time.perf_counter() - t0) * 1000)
        self.cpu.append((time.process_time() - c0) * 1000)

    def figures(self, name: str) -> dict[str, dict[str, float]]:
        return {f"{name}_ms": summary(self.wall), f"{name}_cpu_ms": summary(self.cpu)}


def random_playout(game: Game[Any], seats: int, seed: int, times: Timings, max_steps: int = 5000) -> Any:
    """Play uniformly random legal actions to the end, each `apply` measured into `times`."""
    rng = random.Random(seed)
    state = game.new_game({}, seats, SeededChance(seed))
    for step in range(max_steps):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        with times.measure():
            game.apply(state, seat, action, SeededChance(f"{seed}:{step}"))
    return state


def ai_playout(game: Game[Any], seats: int, seed: int, steps: int, tag: str | None = None,
               times: Timings | None = None, each: Callable[[Any, int], None] | None = None) -> Any:
    """The game's AI plays every seat for `steps` actions (or to the end); each action draws from
    `f"{tag}:{step}"` (tag: the seed). With `times`, each AI decision between two or more legal
    actions is measured into it; `each(state, step)` is called after every action (the soak
    test draws boards from it)."""
    choose = registry.plugin(game.info.key).ai
    assert choose is not None, f"{game.info.key} has no AI"
    state = game.new_game({}, seats, SeededChance(seed))
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        if times is not None and len(game.legal_actions(state, seat)) > 1:
            with times.measure():
                action = choose(game, state, seat)
        else:  # a forced move (a lone `roll`) says nothing about the AI's speed
            action = choose(game, state, seat)
        game.apply(state, seat, action, SeededChance(f"{seed if tag is None else tag}:{step}"))
        if each is not None:
            each(state, step)
    return state


def board_call(renderer: Renderer, game: Game[Any], state: Any,
               names: dict[int, str] | None = None) -> tuple[Any, dict[str, Any]]:
    """The public view and the keywords to draw it as the bot does: every legal action of the
    seats to act highlighted, with the seats' `names` when given."""
    view = game.view(state, None)
    actions = [str(a) for s in sorted(game.to_act(state)) for a in game.legal_actions(state, s)]
    options: dict[str, Any] = {"highlight": renderer.highlights(view, actions)}
    if names is not None:
        options["names"] = names
    return view, options


def bench_game(game: Game[Any], n: int = 60, playouts: int = 12) -> dict[str, Any]:
    """Every figure for one game: `n` samples of each timing, `playouts` random games."""
    key = game.info.key
    seats = game.info.max_seats
    result: dict[str, Any] = {"seats": seats}

    state = ai_playout(game, seats, seed=11, steps=MID_GAME_STEPS.get(key, 40))  # a mid-game board
    renderer = renderer_of(key)  # none: no render figures; a broken one: an error
    if renderer is not None:
        view, options = board_call(renderer, game, state)
        renderer.render(view, **options)  # warm the static background cache
        renders, png = Timings(), b""
        for _ in range(n):
            with renders.measure():
                png = renderer.render(view, **options)
        result.update(renders.figures("render"))
        result["png_bytes"] = len(png)

    applies = Timings()
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(playouts):
        random_playout(game, seats, seed, applies)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    result.update(applies.figures("apply"))
    result["playouts_per_s"] = round(playouts / elapsed, 2)
    result["playouts_per_cpu_s"] = round(playouts / max(cpu, 1e-9), 2)

    decisions = Timings()
    for seed in range(5, 5 + 50):  # whole AI games until there are `n` real decisions
        ai_playout(game, seats, seed=seed, steps=5000, tag=f"ai{seed}", times=decisions)
        if len(decisions.wall) >= n:
            break
    result.update(decisions.figures("ai_move"))

    result.update(asyncio.run(end_to_end(game, seats, n)).figures("end_to_end"))

    # Memory: what one table costs at rest (its JSON snapshot, as stored per action) and the
    # peak Python allocation while the AI plays a whole game.
    result["state_json_bytes"] = len(json.dumps(state.to_json(), separators=(",", ":")))
    tracemalloc.start()
    ai_playout(game, seats, seed=7, steps=5000)
    result["ai_game_peak_kib"] = round(tracemalloc.get_traced_memory()[1] / 1024, 1)
    tracemalloc.stop()

    if key in EXTRA_FIGURES:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        result.update(importlib.import_module(EXTRA_FIGURES[key]).figures(n))
    return result


async def end_to_end(game: Game[Any], seats: int, n: int) -> Timings:
    """One human action through TableService: apply + persist (SQLite file) + render (its CPU
    time includes the render's worker thread: `process_time` counts every thread)."""
    from tables.service import Player, TableService

    with tempfile.TemporaryDirectory() as folder:
        service = TableService(Path(folder) / "bench.sqlite3")
        players = [Player(100 + i, f"P{i + 1}") for i in range(seats)]
        await service.create(1, 1, game.info.key, players[0], seed=3)
        for player in players[1:]:
            await service.join(1, player)
        await service.start(1, players[0])
        rng = random.Random(3)
        samples = Timings()
        for _ in range(n):
            # The first player with something to do (none once the game is over), asked once.
            turn = next(((p, legal) for p in players if (legal := service.legal_for(1, p))), None)
            if turn is None:
                break
            player, legal = turn
            text = rng.choice(legal)
            with samples.measure():
                await service.act(1, player, text)
        return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument("--games", default="", help="comma-separated game keys (default: all)")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g] or sorted(registry.plugins())
    n, playouts = (20, 4) if args.quick else (60, 12)
    print(json.dumps({key: bench_game(registry.plugin(key).game, n, playouts) for key in wanted}, indent=2))


if __name__ == "__main__":
    main()
