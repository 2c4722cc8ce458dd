"""Guards on the code itself, read with `ast` (no module is imported):

- `rules/` never reads the clock: an engine or a search bounded by time gives another answer on
  another machine or under another load (the Judtho search is bounded by nodes instead).
- No test skips itself: a skip left for a part that had not landed yet turns a broken import into
  a silent pass. A skip about the machine (a server that is not there) goes in `SKIP_ALLOWED`,
  with its reason.
- No code cites a work-tracking number or a file outside the repository: docstrings explain the
  code in their own words.
- No test reads the clock: a bound in seconds fails on a slow or busy machine and proves nothing
  on a fast one. Speed is measured by the scripts in `bench/`; a test asserts the work done (nodes,
  renders, cache hits) or drives an injected fake clock.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CLOCKS = frozenset(
    {"time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time",
     "process_time_ns", "thread_time", "thread_time_ns"}
)
"""The `time` module's clocks."""
SKIPS = frozenset({"skip", "skipif", "importorskip", "skipTest"})
"""pytest's (and unittest's) ways for a test to skip itself."""

SKIP_ALLOWED: dict[str, str] = {
    "tests/tables/backends.py": "the PostgreSQL store's tests need a PostgreSQL server, which a developer's machine"
                                " may not run (under CI=true a missing server fails them instead)",
}
"""Test file (relative to the repository) -> why it may skip: only something about the machine."""
CLOCK_ALLOWED: dict[str, str] = {}
"""Test file -> why it may read the real clock (a fake clock needs no entry: it is not `time`)."""


CLOCK_WORD = re.compile(r"\btime\b")
"""What a file must say for `clock_uses` to find anything in it: the name of the `time` module."""
SKIP_WORD = re.compile(r"\b(?:" + "|".join(sorted(SKIPS)) + r")\b")
"""What a file must say for `skip_uses` to find anything in it: one of the names in `SKIPS`."""


@functools.cache
def sources(folder: str) -> tuple[tuple[str, str], ...]:
    """Every Python file under `folder` and its text, read once for all the guards."""
    return tuple((path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
                 for path in sorted((ROOT / folder).rglob("*.py")))


@functools.cache
def parsed(path: str, text: str) -> ast.Module:
    """A file's tree, parsed once for all the guards (they only read it)."""
    return ast.parse(text, path)


def clock_uses(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Where `tree` imports `time` or calls one of its clocks (`time.perf_counter()`, or
    `perf_counter()` imported by name)."""
    from_time: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "time":
            from_time |= {alias.asname or alias.name for alias in node.names if alias.name in CLOCKS}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "time":
                    yield node.lineno, "import time"
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            yield node.lineno, f"from time import {', '.join(a.name for a in node.names)}"
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in CLOCKS and isinstance(func.value, ast.Name) \
                    and func.value.id == "time":
                yield node.lineno, f"time.{func.attr}()"
            elif isinstance(func, ast.Name) and func.id in from_time:
                yield node.lineno, f"{func.id}()"


def clock_calls(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """The clock calls alone (a test may import `time` to sleep or to patch it)."""
    return ((line, what) for line, what in clock_uses(tree) if what.endswith("()"))


def skip_uses(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Where `tree` names a way to skip: `pytest.skip(...)`, `pytest.importorskip(...)`,
    `@pytest.mark.skip`/`skipif`, `self.skipTest(...)`, or any of them imported by name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in SKIPS:
            yield node.lineno, f".{node.attr}"
        elif isinstance(node, ast.ImportFrom) and node.module in ("pytest", "unittest"):
            for alias in node.names:
                if alias.name in SKIPS:
                    yield node.lineno, f"from {node.module} import {alias.name}"


def offenders(folder: str, find, allowed: dict[str, str], word: re.Pattern[str]) -> list[str]:
    """What `find` finds in the files of `folder` but the `allowed` ones. Only the files whose text
    holds `word` are parsed: each guard looks for a name in the code (a module, an attribute, an
    imported name), which is written out in the text, so a file without the word holds none."""
    return [f"{path}:{line}: {what}" for path, text in sources(folder) if path not in allowed and word.search(text)
            for line, what in find(parsed(path, text))]


def test_rules_never_read_the_clock() -> None:
    assert offenders("rules", clock_uses, {}, CLOCK_WORD) == []


def test_no_test_skips_itself() -> None:
    assert offenders("tests", skip_uses, SKIP_ALLOWED, SKIP_WORD) == []


def test_no_test_reads_the_clock() -> None:
    assert offenders("tests", clock_calls, CLOCK_ALLOWED, CLOCK_WORD) == []


def test_the_guards_see_what_they_look_for() -> None:
    """Each guard on a snippet of the kind it forbids, so that an empty list above means clean
    code and not a blind scan; and each line it finds holds the word that has its file parsed."""
    clocked_text = ("import time\nfrom time import monotonic as mono\n"
                    "def f():\n    start = time.perf_counter()\n    return mono() - start, time.time()\n")
    clocked = ast.parse(clocked_text)
    assert sorted(what for _, what in clock_uses(clocked)) == [
        "from time import monotonic", "import time", "mono()", "time.perf_counter()", "time.time()"
    ]
    assert sorted(what for _, what in clock_calls(clocked)) == ["mono()", "time.perf_counter()", "time.time()"]
    quiet = ast.parse("import time\n\ndef f(clock):\n    time.sleep(0.01)\n    return clock.monotonic()\n")
    assert list(clock_calls(quiet)) == []  # sleeping, or asking an injected fake clock, is fine
    skipping_text = ("import pytest\nfrom pytest import importorskip\n"
                     "pytest.importorskip('x')\n@pytest.mark.skipif(True, reason='')\ndef t():\n    pytest.skip('no')\n"
                     "class T:\n    def t(self):\n        self.skipTest('no')\n")
    skipping = ast.parse(skipping_text)
    assert sorted(what for _, what in skip_uses(skipping)) == [
        ".importorskip", ".skip", ".skipTest", ".skipif", "from pytest import importorskip"
    ]
    for word, text, found in ((CLOCK_WORD, clocked_text, clock_uses(clocked)),
                              (SKIP_WORD, skipping_text, skip_uses(skipping))):
        lines = text.splitlines()
        assert all(word.search(lines[line - 1]) for line, _ in found), word.pattern
    assert not CLOCK_WORD.search("timeout = times(3)") and not SKIP_WORD.search("skipped = skips")


WORK_TRACKING = re.compile(r"\b(issue|ticket|task)\s*#?\d+\b|\.\./shared|/work/", re.IGNORECASE)
"""A work-tracking number ("issue 5") or a path outside the repository: the code explains itself."""


def cites_outside(folder: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if path == Path(__file__).resolve():  # the guard names what it looks for
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WORK_TRACKING.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("folder", ["gavel", "rules", "cogs", "renderer", "bench", "tests"])
def test_no_code_cites_work_tracking_or_files_outside_the_repository(folder: str) -> None:
    assert cites_outside(folder) == []


def test_the_citation_guard_sees_what_it_looks_for() -> None:
    assert WORK_TRACKING.search('"""Issue 4, place the rest"""') and WORK_TRACKING.search("see ../shared/DESIGN.md")
    assert not WORK_TRACKING.search("an issue with the clock") and not WORK_TRACKING.search("the task queue")
