"""What the test suite costs in CPU time, whole and test by test; prints one JSON object.

    python bench/suite.py [--top 15] [PYTEST ARGS ...]

Runs `python -m pytest` (the README's test command; any arguments after the options are given to
pytest: files, `-k`, ...) in a process of its own, with this module loaded into it as a pytest
plug-in (`-p bench.suite`), and reports:

- `cpu_s`: the CPU time of the whole run, user plus system (`user_s`, `sys_s`), the processes
  the tests start included (as `/usr/bin/time` counts it), beside `wall_s`;
- `collection_cpu_s`: pytest's start-up and collection, before the first test;
- per test, its own CPU time and that of the processes it started and waited for: the costliest
  `--top` tests (`top_tests`) and files (`top_files`, each with its number of tests);
- `returncode`, pytest's, and the tests that `failed` (their set-up, call or tear-down).

CPU time is the figure to quote (a busy machine inflates the wall time far more), with the
command and how busy the machine was; in a fresh clone the first run also compiles every module
and rewrites every test file, which a second run reuses. Tests assert no time.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUT = "GAVEL_SUITE_CPU_OUT"
"""The environment variable naming the file the plug-in writes its figures to."""


def _cpu() -> tuple[float, float]:
    """(this process's CPU seconds, its waited-for children's)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


_figures: dict[str, Any] = {"tests": {}}
_start: tuple[float, float] = (0.0, 0.0)


def pytest_sessionstart(session: pytest.Session) -> None:
    global _start
    _start = _cpu()


def pytest_collection_finish(session: pytest.Session) -> None:
    own, children = _cpu()
    _figures["collection"] = own - _start[0] + children - _start[1]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    own0, children0 = _cpu()
    yield
    own1, children1 = _cpu()
    _figures["tests"][item.nodeid] = [own1 - own0, children1 - children0]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.failed:
        _figures.setdefault("failed", []).append(report.nodeid)


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get(OUT)
    if path:
        Path(path).write_text(json.dumps(_figures), encoding="utf-8")


def summary(figures: dict[str, Any], top: int) -> dict[str, Any]:
    """The plug-in's figures (`{"collection": s, "tests": {nodeid: [own s, children s]}}`) as the
    report's `collection_cpu_s`, `tests`, `top_tests` and `top_files`."""
    tests = {nodeid: own + children for nodeid, (own, children) in figures["tests"].items()}
    files: dict[str, list[float]] = {}
    for nodeid, cpu in tests.items():
        entry = files.setdefault(nodeid.split("::")[0], [0.0, 0])
        entry[0] += cpu
        entry[1] += 1
    costliest = sorted(tests.items(), key=lambda kv: -kv[1])[:top]
    by_file = sorted(files.items(), key=lambda kv: -kv[1][0])[:top]
    return {
        "collection_cpu_s": round(figures.get("collection", 0.0), 2),
        "tests": len(tests),
        "tests_cpu_s": round(sum(tests.values()), 2),
        "top_tests": [{"test": nodeid, "cpu_s": round(cpu, 3)} for nodeid, cpu in costliest],
        "top_files": [{"file": name, "cpu_s": round(cpu, 2), "tests": int(n)} for name, (cpu, n) in by_file],
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=15, help="how many of the costliest tests and files to list")
    args, pytest_args = parser.parse_known_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "figures.json"
        command = [sys.executable, "-m", "pytest", "-p", "bench.suite", *pytest_args]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall0 = time.perf_counter()
        # pytest's own output goes to stderr (as it comes, where stderr is a real file): stdout is this report alone
        try:
            shown: Any = sys.stderr.fileno()
        except (AttributeError, io.UnsupportedOperation):
            shown = subprocess.PIPE
        done = subprocess.run(command, cwd=ROOT, env={**os.environ, OUT: str(out)}, stdout=shown, text=True,
                              check=False)
        if done.stdout:
            sys.stderr.write(done.stdout)
        wall = time.perf_counter() - wall0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        figures = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {"tests": {}}
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    report = {
        "command": " ".join(["python -m pytest", *pytest_args]),
        "returncode": done.returncode,
        "failed": sorted(set(figures.get("failed", []))),
        "cpu_s": round(user + system, 2),
        "user_s": round(user, 2),
        "sys_s": round(system, 2),
        "wall_s": round(wall, 2),
        **summary(figures, args.top),
    }
    print(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    sys.exit(0 if main()["returncode"] == 0 else 1)
