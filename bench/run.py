"""Benchmark every registered game; prints one JSON object keyed by game.

    python bench/run.py [--quick] [--games dads_army,...] [--parts end_to_end,render,...]
    python bench/run.py --compare REF [--reps 3] [--games ...] [--parts ...]
    python bench/run.py --profile 25 --games judgement --parts end_to_end

Per game: render ms and PNG bytes (a mid-game board), engine apply ms, AI move ms, random
playouts and actions per second, and end-to-end ms for one action through TableService (apply +
persist to a SQLite file + every image the action posts, with its words: the channel's board
and the hands whose secrets changed) with actions per second, each as median and p95, by the
wall clock (`<name>_ms`) and by the process's CPU time (`<name>_cpu_ms`, `time.process_time`:
what a busy machine inflates less). The end-to-end random choices leave out the actions that
end a game by agreement or departure (`LEAVING`), so a table plays on to its real play phase
(Judtho's Assembly is a few dozen actions; with resignations it ended there); a finished table
is followed by a new one until `n` actions are measured;
and memory: the bytes of a mid-game state snapshot and the peak KiB Python allocates while the
AI plays a whole game; and a game's own figures (`EXTRA_FIGURES`). Quote the numbers with the
command and how busy the machine was. Tests assert no time: these figures are where speed is
measured.

`--compare REF` measures the code of a git ref (exported to a temporary folder) and the code of
this working tree with this same script (this tree's), each in its own subprocess, `--reps`
times alternately (before, after, before, ...), and prints `{"ref", "reps", "before": {game:
figures}, "after": {...}, "not_compared": {...}}` with each figure the median over the
repetitions. Over an older tree's code a part may fail (what it calls is not there yet: an
older tree has no `renderer.of`; one from before the platform moved under `gavel/` has its
`TableService` in `tables.service`, which is used): that side's game then has `errors` (part ->
the exception) and the other parts' figures, and `not_compared` lists, per game, every figure
measured on one side only and every part that failed, with why (`"*"`: a side whose whole run
failed, with its last line of error). A run given `--root` that imported any of the measured
packages from outside that folder (an installed checkout's) says so in every game's
`errors.code`: its figures are of no one tree. `--profile N` runs the end-to-end
actions under cProfile and prints the top N functions by own time and by cumulative time, per
game, on stderr. `--root DIR` measures the code in DIR instead of this tree's.
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
from typing import TYPE_CHECKING, Any
from unittest import mock

ROOT = (Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv
        else Path(__file__).resolve().parent.parent)
"""The tree whose code is measured: `--root DIR` (a `--compare` run's exported ref), else this
script's own."""
sys.path.insert(0, str(ROOT))

import renderer as renderers  # noqa: E402
from rules import registry  # noqa: E402
from rules.core import Game, SeededChance  # noqa: E402

if TYPE_CHECKING:
    from renderer import Renderer

OURS = ("rules", "renderer", "gavel", "tables", "cogs")
"""The packages of the code measured: each module of theirs that a run imports must come from `ROOT`."""


def renderer_of(key: str) -> Renderer | None:
    """The game's renderer as this tree's `renderer.of` finds it (an older tree may have none)."""
    find = getattr(renderers, "of", None)
    if find is None:
        raise LookupError(f"renderer.of is not in the code measured ({ROOT})")
    found: Renderer | None = find(key)
    return found


def service_module() -> Any:
    """The module of `TableService` in the code measured: `gavel.tables.service`, or in a tree
    from before the platform moved under `gavel`, `tables.service`."""
    name = "gavel.tables.service" if (ROOT / "gavel" / "tables").is_dir() else "tables.service"
    return importlib.import_module(name)


def foreign_modules() -> list[str]:
    """Modules of `OURS` loaded from outside `ROOT` (an installed checkout's, say): figures taken
    with them are not the measured tree's."""
    found = []
    for name, module in sorted(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if name.split(".", 1)[0] in OURS and where and not Path(where).resolve().is_relative_to(ROOT):
            found.append(f"{name} ({where})")
    return found

EXTRA_FIGURES = {"judtho": "judtho_ai", "judgement": "judgement_ai"}
"""Game -> a module beside this file whose `figures(n)` adds the game's own figures (Judtho:
legal-move generation per second from the mid-game perft positions, the AI's move time over
real mid-game positions with the depth it finished; The City of Judgement:
the AI's decision time, game length in turns and win shares over whole AI games)."""

LEAVING = frozenset({"resign", "depart", "draw", "void", "concede", "leave"})
"""Verbs the end-to-end's random choices leave out: resigning, departing and offering a draw or
a void end a table before its play phase (Judtho's table ended during the Assembly)."""

SETUP_PHASES = {"judtho": frozenset({"assembly", "placement"})}
"""Game -> phases its end-to-end plays through unmeasured: Judtho's Assembly (one piece placed
per action, a few dozen of them) is not the play the figures are about."""

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


PARTS = ("render", "apply", "ai_move", "end_to_end", "memory", "extra")
"""What `bench_game` measures, all by default (`--parts` picks some)."""


def bench_game(game: Game[Any], n: int = 60, playouts: int = 12,
               parts: tuple[str, ...] = PARTS, keep_going: bool = False) -> dict[str, Any]:
    """Every figure for one game (or those of `parts`): `n` samples of each timing, `playouts`
    random games. `keep_going`: a part that fails (code measured that lacks what it needs: an
    older tree's) leaves its figures out and says why in `errors` (part -> the exception), and
    the other parts are measured; otherwise the failure is raised."""
    key = game.info.key
    seats = game.info.max_seats
    result: dict[str, Any] = {"seats": seats}
    errors: dict[str, str] = {}
    mid_game: list[Any] = []

    def state() -> Any:
        """The mid-game board (played once, when a part first needs it)."""
        if not mid_game:
            mid_game.append(ai_playout(game, seats, seed=11, steps=MID_GAME_STEPS.get(key, 40)))
        return mid_game[0]

    def render() -> None:
        renderer = renderer_of(key)  # none: no render figures; a broken one: an error
        if renderer is None:
            return
        view, options = board_call(renderer, game, state())
        renderer.render(view, **options)  # warm the static background cache
        renders, png = Timings(), b""
        for _ in range(n):
            with renders.measure():
                png = renderer.render(view, **options)
        result.update(renders.figures("render"))
        result["png_bytes"] = len(png)

    def apply() -> None:
        applies = Timings()
        t0, c0 = time.perf_counter(), time.process_time()
        for seed in range(playouts):
            random_playout(game, seats, seed, applies)
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        result.update(applies.figures("apply"))
        result["playouts_per_s"] = round(playouts / elapsed, 2)
        result["playouts_per_cpu_s"] = round(playouts / max(cpu, 1e-9), 2)
        # Actions, not games: a game's length says nothing about the engine's speed.
        result["actions_per_s"] = round(len(applies.wall) / elapsed, 1)
        result["actions_per_cpu_s"] = round(len(applies.wall) / max(cpu, 1e-9), 1)

    def ai_move() -> None:
        decisions = Timings()
        for seed in range(5, 5 + 50):  # whole AI games until there are `n` real decisions
            ai_playout(game, seats, seed=seed, steps=5000, tag=f"ai{seed}", times=decisions)
            if len(decisions.wall) >= n:
                break
        result.update(decisions.figures("ai_move"))

    def end_to_end_part() -> None:
        actions = asyncio.run(end_to_end(game, seats, n))
        result.update(actions.figures("end_to_end"))
        result["end_to_end_actions_per_s"] = round(len(actions.wall) / max(sum(actions.wall) / 1000, 1e-9), 1)
        result["end_to_end_actions_per_cpu_s"] = round(len(actions.cpu) / max(sum(actions.cpu) / 1000, 1e-9), 1)
        result["end_to_end_phases"] = actions.phases
        result["end_to_end_tables"] = actions.tables

    def memory() -> None:
        # Memory: what one table costs at rest (its JSON snapshot, as stored per action) and the
        # peak Python allocation while the AI plays a whole game.
        result["state_json_bytes"] = len(json.dumps(state().to_json(), separators=(",", ":")))
        tracemalloc.start()
        try:
            ai_playout(game, seats, seed=7, steps=5000)
            result["ai_game_peak_kib"] = round(tracemalloc.get_traced_memory()[1] / 1024, 1)
        finally:
            tracemalloc.stop()

    def extra() -> None:
        if key in EXTRA_FIGURES:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            result.update(importlib.import_module(EXTRA_FIGURES[key]).figures(n))

    measures: dict[str, Callable[[], None]] = {"render": render, "apply": apply, "ai_move": ai_move,
                                               "end_to_end": end_to_end_part, "memory": memory, "extra": extra}
    for part in PARTS:
        if part not in parts:
            continue
        if not keep_going:
            measures[part]()
            continue
        try:
            measures[part]()
        except Exception as exc:
            errors[part] = f"{type(exc).__name__}: {exc}"
    if errors:
        result["errors"] = errors
    return result


class Actions(Timings):
    """End-to-end samples, how many were taken in each phase of the game (a state's `phase`,
    where it has one), and the tables they were taken at (one more each time a game ends)."""

    def __init__(self) -> None:
        super().__init__()
        self.phases: dict[str, int] = {}
        self.tables = 0


def staying(legal: list[str]) -> list[str]:
    """The legal action texts but those that end the game by agreement or departure (`LEAVING`);
    all of them when nothing else is left."""
    kept = [a for a in legal if a.split(" ", 1)[0] not in LEAVING]
    return kept or legal


async def end_to_end(game: Game[Any], seats: int, n: int, profile: Any = None) -> Actions:
    """`n` human actions through TableService: apply + persist (SQLite file) + every image the
    action posts with its words (its CPU time includes the render's worker thread:
    `process_time` counts every thread). Random choices from `staying`; a finished table is
    followed by a new one. `profile`: a cProfile.Profile enabled around each action."""
    service_code = service_module()
    Player, TableService = service_code.Player, service_code.TableService
    samples = Actions()
    with tempfile.TemporaryDirectory() as folder:
        service = TableService(Path(folder) / "bench.sqlite3")
        players = [Player(100 + i, f"P{i + 1}") for i in range(seats)]
        rng = random.Random(3)
        for channel in range(1, 20):
            await service.create(1, channel, game.info.key, players[0], seed=3 + channel)  # guild, channel
            samples.tables += 1
            for player in players[1:]:
                await service.join(channel, player)
            await service.start(channel, players[0])
            while len(samples.wall) < n:
                # The first player with something to do (none once the game is over), asked once.
                turn = next(((p, legal) for p in players if (legal := service.legal_for(channel, p))), None)
                if turn is None:
                    break
                player, legal = turn
                text = rng.choice(staying(legal))
                table = service.table(channel)
                phase = str(getattr(getattr(table, "state", None), "phase", "") or "-")
                if phase in SETUP_PHASES.get(game.info.key, ()):
                    await service.act(channel, player, text)
                    continue
                samples.phases[phase] = samples.phases.get(phase, 0) + 1
                if profile is not None:
                    profile.enable()
                with samples.measure():
                    await service.act(channel, player, text)
                if profile is not None:
                    profile.disable()
            if len(samples.wall) >= n:
                break
        service.close()
    return samples


def profiled(game: Game[Any], n: int, top: int) -> str:
    """The end-to-end actions under cProfile: the top functions by own and by cumulative time.
    cProfile sees one thread, so the worker-thread calls (`asyncio.to_thread`: renders, the
    database) run inline on the loop's thread while profiling."""
    import cProfile
    import io
    import pstats

    async def inline(func: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    profile = cProfile.Profile(time.process_time)  # CPU time: what a busy machine inflates less
    with mock.patch.object(asyncio, "to_thread", inline):
        asyncio.run(end_to_end(game, game.info.max_seats, n, profile))
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def compare(ref: str, reps: int, argv: list[str]) -> dict[str, Any]:
    """This script over the code of `ref` (exported by `git archive` to a temporary folder) and
    over this tree's, each in a subprocess, `reps` times alternately; each figure the median of
    its repetitions. The script is this tree's: over an older tree's code some parts may fail
    (what they call is not there yet); each side then measures what it can (`--root` keeps
    going) and `not_compared` says which figures have no counterpart and why."""
    import subprocess

    here = Path(__file__).resolve()
    tree = here.parent.parent
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    failed: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(tree), "archive", ref], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        for _ in range(reps):
            for side, root in (("before", folder), ("after", str(tree))):
                out = subprocess.run([sys.executable, str(here), "--root", root, *argv],
                                     capture_output=True, text=True, cwd=root)
                try:
                    found = json.loads(out.stdout)
                except ValueError:
                    found = None
                if out.returncode != 0 or not isinstance(found, dict):
                    lines = out.stderr.strip().splitlines()
                    failed[side] = lines[-1] if lines else f"exit status {out.returncode}"
                else:
                    runs[side].append(found)
    sides = {side: _medians(found) if found else {} for side, found in runs.items()}
    return {"ref": ref, "reps": reps, **sides, "not_compared": not_compared(sides["before"], sides["after"], failed)}


def not_compared(before: dict[str, Any], after: dict[str, Any], failed: dict[str, str]) -> dict[str, Any]:
    """What a comparison cannot compare, and why: a side whose run failed (`"*"`), a game
    measured on one side only, and per game each figure measured on one side only and each part
    that failed on a side (`errors`: `code` when the run used modules from outside its tree)."""
    missing: dict[str, Any] = {"*": {side: f"the run failed: {why}" for side, why in failed.items()}} if failed else {}
    for key in sorted(set(before) | set(after)):
        if key not in before or key not in after:
            missing[key] = f"measured {'after' if key in after else 'before'} only"
            continue
        reasons: dict[str, str] = {}
        for side, figures in (("before", before[key]), ("after", after[key])):
            for part, why in (figures.get("errors") or {}).items():
                reasons[f"{part} ({side})"] = why
        for name in sorted((set(before[key]) ^ set(after[key])) - {"errors"}):
            reasons[name] = f"measured {'after' if name in after[key] else 'before'} only"
        if reasons:
            missing[key] = reasons
    return missing


def _medians(runs: list[Any]) -> Any:
    """The figure-by-figure median of several runs' JSON (numbers; the first run's otherwise)."""
    first = runs[0]
    if isinstance(first, dict):
        return {k: _medians([r[k] for r in runs if isinstance(r, dict) and k in r]) for k in first}
    if isinstance(first, (int, float)) and not isinstance(first, bool):
        return round(statistics.median(runs), 3)
    return first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    parser.add_argument("--games", default="", help="comma-separated game keys (default: all)")
    parser.add_argument("--parts", default="", help=f"comma-separated parts of {','.join(PARTS)} (default: all)")
    parser.add_argument("--n", type=int, default=0, help="samples of each timing (default 60; --quick 20)")
    parser.add_argument("--compare", default="", metavar="REF", help="before (git REF) and after, side by side")
    parser.add_argument("--reps", type=int, default=3, help="--compare: runs of each side, alternately")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile the end-to-end: top N")
    parser.add_argument("--root", default="", help="measure the code of this folder (set by --compare)")
    args = parser.parse_args()
    if args.compare:
        argv = [a for a in ("--quick",) if args.quick]
        for name in ("games", "parts"):
            if getattr(args, name):
                argv += [f"--{name}", getattr(args, name)]
        if args.n:
            argv += ["--n", str(args.n)]
        print(json.dumps(compare(args.compare, args.reps, argv), indent=2))
        return
    drawn = sorted(k for k, plugin in registry.plugins().items() if plugin.renderer)
    wanted = [g for g in args.games.split(",") if g] or drawn
    parts = tuple(p for p in args.parts.split(",") if p) or PARTS
    n, playouts = (20, 4) if args.quick else (60, 12)
    n = args.n or n
    if args.profile:
        for key in wanted:
            print(f"== {key}", file=sys.stderr)
            print(profiled(registry.plugin(key).game, n, args.profile), file=sys.stderr)
        return
    # Over a tree given by `--root` (a comparison's side), a part that fails is said, not raised.
    report = {key: bench_game(registry.plugin(key).game, n, playouts, parts, keep_going=bool(args.root))
              for key in wanted}
    foreign = foreign_modules() if args.root else []
    if foreign:  # figures of a mix of two trees' code are no one tree's
        for figures in report.values():
            figures.setdefault("errors", {})["code"] = (f"{len(foreign)} module(s) not from {ROOT}: "
                                                        + ", ".join(foreign[:5]))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
