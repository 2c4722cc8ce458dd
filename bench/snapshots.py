"""How fast a state goes to JSON and back, and how long a start-up with many saved tables takes;
prints one JSON object.

    python bench/snapshots.py [--quick] [--reps 5] [--startup-tables 10000] [--game dads_army]
                              [--compare REF] [--no-startup]

- **Per game** (every game Gavel ships): a mid-game state (`bench/positions.py`: 80 random legal
  actions in, or the game's end) converted by the generic reflective functions
  (`rules.core.to_jsonable` / `from_jsonable`: `before`) and by the converters compiled per
  dataclass (`State.to_json` / `Game.load`: `after`), in one process, alternately, `--reps`
  times: the median µs per conversion by CPU time (`*_cpu_us`) and by the wall clock (`*_us`),
  and `speedup` (before / after, CPU).
- **Start-up**: `--startup-tables` saved tables (every other one a lobby, the rest active tables
  of `--game` with a freshly set-up state, written as `bench/scale.py` writes them) in a SQLite
  file; a new process times a new `TableService` restoring them all (the default, single-process
  start-up): `restore_cpu_s` and `restore_s`, medians of `--reps` start-ups. With `--compare REF`
  the same is measured for the code of git ref `REF` (exported into a temporary folder, run in its
  own processes) on the same database, as `startup_before`.

CPU time is what a busy machine inflates least: quote it with the load average printed beside.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rules.core import from_jsonable, to_jsonable  # noqa: E402

STARTUP_SCRIPT = r"""
import asyncio, json, multiprocessing, queue, sys, time
sys.path.insert(0, {tree!r})
sys.path.insert(0, {bench!r})
import scale

def restore(location, results):
    try:
        import gavel.tables as tables
        from gavel.tables.service import TableService
    except ModuleNotFoundError:  # a tree from before the platform moved into the gavel package
        import tables
        from tables.service import TableService
    t0, c0 = time.perf_counter(), time.process_time()
    service = TableService(location)
    t1, c1 = time.perf_counter(), time.process_time()
    restored = asyncio.run(service.restore())
    t2, c2 = time.perf_counter(), time.process_time()
    service.close()
    results.put({{"restore_s": t2 - t1, "restore_cpu_s": c2 - c1, "restored": restored,
                 "code": tables.__file__}})

if __name__ == "__main__":
    location, game, count, seats, reps, write = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), \
        int(sys.argv[5]), sys.argv[6] == "1"
    if write:
        scale.write_tables(location, game, count, seats)
    context = multiprocessing.get_context("spawn")
    runs = []
    for _ in range(reps):
        results = context.Queue()
        process = context.Process(target=restore, args=(location, results))
        process.start()
        while True:  # the figures, or the restoring process's end without them (its error is on stderr)
            try:
                runs.append(results.get(timeout=1))
                break
            except queue.Empty:
                if process.exitcode is not None:
                    try:
                        runs.append(results.get(timeout=5))
                        break
                    except queue.Empty:
                        sys.exit(f"the restoring process ended ({{process.exitcode}}) without its figures")
        process.join(timeout=60)
    print(json.dumps(runs))
"""


def timed(fn: Callable[[], Any], loops: int) -> tuple[float, float]:
    """µs per call of `fn` over `loops` calls: (CPU, wall)."""
    c0, t0 = time.process_time(), time.perf_counter()
    for _ in range(loops):
        fn()
    c1, t1 = time.process_time(), time.perf_counter()
    return (c1 - c0) / loops * 1e6, (t1 - t0) / loops * 1e6


def converters(reps: int, loops: int) -> dict[str, Any]:
    """Per game: the generic and the compiled conversions of a mid-game state, side by side."""
    from positions import mid_game, shipped

    figures: dict[str, Any] = {}
    for game in shipped():
        state = mid_game(game)
        data = json.loads(json.dumps(state.to_json()))
        kind = game.state_type
        assert state.to_json() == to_jsonable(state) and game.load(data) == from_jsonable(kind, data)
        samples: dict[str, list[tuple[float, float]]] = {k: [] for k in (
            "to_json_before", "to_json_after", "from_json_before", "from_json_after")}
        for _ in range(reps):  # alternately, so that a busy moment weighs on both alike
            samples["to_json_before"].append(timed(functools.partial(to_jsonable, state), loops))
            samples["to_json_after"].append(timed(state.to_json, loops))
            samples["from_json_before"].append(timed(functools.partial(from_jsonable, kind, data), loops))
            samples["from_json_after"].append(timed(functools.partial(game.load, data), loops))
        row: dict[str, Any] = {"version": state.version, "json_bytes": len(json.dumps(data))}
        for name, values in samples.items():
            row[f"{name}_cpu_us"] = round(statistics.median(v[0] for v in values), 1)
            row[f"{name}_us"] = round(statistics.median(v[1] for v in values), 1)
        for way in ("to_json", "from_json"):
            row[f"{way}_speedup"] = round(row[f"{way}_before_cpu_us"] / max(row[f"{way}_after_cpu_us"], 1e-9), 1)
        figures[game.info.key] = row
    return figures


def export(ref: str, folder: Path) -> Path:
    """The code of git ref `ref` written into `folder` (nothing else in the repository touched)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def startup(tree: Path, location: str, args: argparse.Namespace, seats: int, write: bool) -> dict[str, Any]:
    """Medians of `args.reps` start-ups of the code in `tree` restoring the tables at `location`."""
    script = Path(location).parent / f"startup_{abs(hash(str(tree)))}.py"  # a file: spawned children import it
    script.write_text(STARTUP_SCRIPT.format(tree=str(tree), bench=str(tree / "bench")))
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(script), location, args.game, str(args.startup_tables), str(seats),
                          str(args.reps), "1" if write else "0"], check=True, capture_output=True, text=True,
                         env=env, cwd=str(tree))
    runs = json.loads(out.stdout.strip().splitlines()[-1])
    assert all(Path(r["code"]).resolve().is_relative_to(tree.resolve()) for r in runs), "imported the wrong code"
    return {"tables": args.startup_tables, "restored": runs[0]["restored"],
            "restore_cpu_s": round(statistics.median(r["restore_cpu_s"] for r in runs), 3),
            "restore_s": round(statistics.median(r["restore_s"] for r in runs), 3),
            "runs_cpu_s": [round(r["restore_cpu_s"], 3) for r in runs]}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 repetitions, 200 saved tables")
    parser.add_argument("--reps", type=int, default=None, help="repetitions (medians are reported; default 5)")
    parser.add_argument("--loops", type=int, default=None, help="conversions per timing (default 200)")
    parser.add_argument("--startup-tables", type=int, default=None, help="saved tables at start-up (default 10000)")
    parser.add_argument("--game", default="dads_army", help="the game of the saved tables")
    parser.add_argument("--compare", default=None, metavar="REF", help="also time the start-up of git ref REF")
    parser.add_argument("--no-startup", action="store_true", help="the conversions only")
    args = parser.parse_args(argv)
    args.reps = args.reps or (2 if args.quick else 5)
    args.loops = args.loops or (20 if args.quick else 200)
    args.startup_tables = args.startup_tables or (200 if args.quick else 10_000)
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    report: dict[str, Any] = {"cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
                              "reps": args.reps, "loops": args.loops, "games": converters(args.reps, args.loops)}
    if not args.no_startup:
        from scale import seats_for

        seats = seats_for(args.game, None)
        with tempfile.TemporaryDirectory(prefix="gavel-snapshots-") as folder:
            location = str(Path(folder) / "startup.sqlite3")
            report["startup"] = {"game": args.game, "seats": seats,
                                 **startup(ROOT, location, args, seats, write=True)}
            if args.compare:
                before = export(args.compare, Path(folder) / "before")
                report["startup_before"] = {"ref": args.compare, **startup(before, location, args, seats, write=False)}
                report["startup_speedup"] = round(report["startup_before"]["restore_cpu_s"]
                                                  / max(report["startup"]["restore_cpu_s"], 1e-9), 1)
    report["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
