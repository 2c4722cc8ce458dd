"""Memory soak: many seeded all-AI games of each game in one process; prints one JSON object.

    python bench/soak.py [--games 200] [--only judge_dredd] [--seats N] [--warmup K] [--render]

The bot runs for weeks in one process, so nothing may keep a little of every game it plays. Per
game: the resident memory (VmRSS, after a garbage collection) before its first game
(`rss_start_mb`), after a warm-up of K games (`rss_warm_mb`: content, fonts, backgrounds and the
bounded caches have filled by then; by default a fifth of the games, at most 50) and after the
last (`rss_end_mb`); `growth_mb_per_1000_games` from warm to end (the target: under 5); what C
code holds from glibc's heap after the warm-up and at the end (`heap_warm_mb`, `heap_end_mb`:
Pillow's pixels and the like, apart from the Python objects); CPU seconds
(`time.process_time`) beside wall seconds; and the largest `functools` caches of the project
afterwards, to name a culprit. With `--render`, also what the renderers' caches hold together
after the warm-up and at the end (`render_caches_warm_mb`, `render_caches_end_mb`: a bounded cache
still filling after the warm-up reads as growth until it is full), and at the end each cache's
bytes, entries, hits, misses and budget (`renderer.caches.cache_report`), the largest first, and
their total.

Game i uses seed i and, without `--seats`, the seat counts in turn (most tables differ). With
`--render`, every few actions the public board (and seat 0's hand, where the game draws one) is
drawn with names of that game's own (as at another table), so caches keyed by what differs
between tables show too. Games run one after another in one process: use `--only` for a figure
untouched by the games before it. Quote figures with the command; the machine's load moves them.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import ai_playout, board_call  # bench/run.py: how the AI plays a game

from renderer import of as renderer_of
from rules import registry
from rules.core import Game

MAX_STEPS = 20_000
"""Actions a game may last (a six-seat Judge Dredd game plays about 3,500)."""
WARMUP_MAX = 50
"""Warm-up games at most (by default a fifth of them). The bounded caches fill in the first
games (Dad's Army's planning tables over about 30), and until they are full their filling looks
like growth; RSS measured every 25 games after that stays level within a megabyte."""
RENDER_EVERY = 25
"""With `--render`: actions between two boards drawn."""


def rss_mb() -> float:
    """Resident memory now, in MB, once garbage is collected and freed heap handed back (glibc's
    `malloc_trim`, where there is one), so the figure follows what is still held."""
    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 2)
    except OSError:
        pass
    import resource  # no /proc: the peak, which still shows growth that never stops

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 2)


class _MallInfo2(ctypes.Structure):
    """glibc's `struct mallinfo2` (glibc 2.33 and later)."""

    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def heap_mb() -> float | None:
    """What C code holds from glibc's heap now, in MB (`mallinfo2`: the bytes of blocks in use,
    mapped ones included): Pillow's images and pixels, zlib's buffers, beside the Python objects
    (which Python's own allocator mostly keeps apart). None without glibc's `mallinfo2`. Beside
    `rss_mb` it tells the C heap's growth from the Python objects' and from free heap not handed
    back (fragmentation)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return None
    return round((info.uordblks + info.hblkhd) / (1 << 20), 2)


def caches_mb() -> float:
    """What the renderers' caches hold together now (`cache_report`'s total bytes), in MB."""
    from renderer.caches import cache_report

    return round(cache_report()["total"]["bytes"] / (1 << 20), 2)


def project_caches(top: int = 5) -> dict[str, int]:
    """The `top` fullest `functools` caches in the project's modules: name -> entries."""
    sizes: dict[str, int] = {}
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in ("rules", "renderer", "gavel"):
            continue
        for attr, value in vars(module).items():
            info = getattr(value, "cache_info", None)
            if callable(info) and getattr(value, "__module__", None) == name:
                sizes[f"{name}.{attr}"] = info().currsize
    return dict(sorted(sizes.items(), key=lambda kv: -kv[1])[:top])


def render_caches(top: int = 12) -> dict[str, dict[str, int]]:
    """The renderers' caches (`cache_report`): the `top` holding most bytes, and the total."""
    from renderer.caches import cache_report

    report = cache_report()
    total = report.pop("total")
    largest = sorted(report.items(), key=lambda kv: -kv[1]["bytes"])[:top]
    return {**dict(largest), "total": total}


def play(game: Game[Any], index: int, seats: int, render: bool) -> None:
    """Game `index` (its seed) with the AI at every seat; boards drawn with `render`."""
    renderer = renderer_of(game.info.key) if render else None
    names = {s: f"Player {index}.{s}" for s in range(seats)}  # as at a table of its own
    hand = renderer.render_hand if renderer is not None else None

    def draw(state: Any, step: int) -> None:
        if step % RENDER_EVERY or renderer is None:
            return
        view, options = board_call(renderer, game, state, names)
        renderer.render(view, **options)
        if hand is not None:
            hand(game.view(state, 0), names=names)

    ai_playout(game, seats, seed=index, steps=MAX_STEPS, tag=f"soak{index}",
               each=draw if renderer is not None else None)


def soak(game: Game[Any], n: int, warmup: int, seats: int | None = None, render: bool = False) -> dict[str, Any]:
    """Play `n` games (the first `warmup` of them warm-up) and report memory and time."""
    counts = list(game.info.seats_for(None))
    t_cpu, t_wall = time.process_time(), time.perf_counter()
    start = warm = rss_mb()
    heap_warm, caches_warm = heap_mb(), caches_mb() if render else None
    for i in range(n):
        play(game, i, seats or counts[i % len(counts)], render)
        if i + 1 == warmup:
            warm = rss_mb()
            heap_warm, caches_warm = heap_mb(), caches_mb() if render else None
    end = rss_mb()
    measured = n - warmup
    return {
        "games": n,
        "warmup_games": warmup,
        "rss_start_mb": start,
        "rss_warm_mb": warm,
        "rss_end_mb": end,
        "growth_mb_per_1000_games": round((end - warm) * 1000 / measured, 2) if measured else None,
        "heap_warm_mb": heap_warm,
        "heap_end_mb": heap_mb(),
        **({"render_caches_warm_mb": caches_warm, "render_caches_end_mb": caches_mb()} if render else {}),
        "cpu_s": round(time.process_time() - t_cpu, 2),
        "wall_s": round(time.perf_counter() - t_wall, 2),
        "largest_caches": project_caches(),
        **({"render_caches": render_caches()} if render else {}),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per game (default 200)")
    parser.add_argument("--only", default="", help="one game key (default: every game)")
    parser.add_argument("--seats", type=int, default=None, help="seats at every table (default: each count in turn)")
    parser.add_argument("--warmup", type=int, default=None, help="warm-up games (default: a fifth, at most 50)")
    parser.add_argument("--render", action="store_true", help="also draw boards as the games go")
    args = parser.parse_args(argv)
    known = sorted(key for key, plugin in registry.plugins().items()
                   if type(plugin.game).__module__.startswith("rules."))  # not a test's toy game
    if args.only and args.only not in known:
        parser.error(f"unknown game {args.only!r}: one of {', '.join(known)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    warmup = args.warmup if args.warmup is not None else max(1, min(WARMUP_MAX, args.games // 5))
    if not 0 <= warmup < args.games:
        parser.error("--warmup must be at least 0 and fewer than --games")
    result = {}
    for key in [args.only] if args.only else known:
        game = registry.plugin(key).game
        if args.seats is not None and args.seats not in game.info.seats_for(None):
            parser.error(f"{key} seats {game.info.min_seats}-{game.info.max_seats}, not {args.seats}")
        result[key] = soak(game, args.games, warmup, args.seats, args.render)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
