"""What every test sees: the plug-in game kept in tests/ is installed, as any game outside the
repository's list would be, so the contract test, the console and the bot all find it.

And Python's cycle collector is set for a test run, which makes and drops millions of small
objects (states, actions, views, the assertion rewriter's trees) while holding a large heap that
lives to the end (every imported module, every collected test): with the default thresholds a
collection runs every 700 new objects and the oldest generation, walked whole, every 70,000,
about a twentieth of the suite's CPU time for garbage that is almost all freed by reference
counting anyway. Collections are made rarer (`GC_THRESHOLDS`), and what is alive once the tests
are collected is frozen (`gc.freeze`): never garbage before the end, it is never walked again.
Every cycle of garbage is still collected; no test depends on when.

At the end pytest collects five times over (to surface the errors of finalizers, "Exception
ignored in ..."), each time walking every object made since the freeze: about a fifth of a second
each at the end of the whole suite. `pytest_unconfigure` runs first and collects until a
collection finds nothing (the same garbage, the same finalizers, while pytest still listens for
their errors), then freezes what is left: alive, as a collection that found nothing proved; so
pytest's five collections have nothing left to walk and report the same.

Python keeps what it compiles (`__pycache__`) during a test run even where the environment says
not to: tests/bytecode.py, loaded before any plug-in (pyproject.toml's `addopts`).

Hypothesis runs without its per-example deadline (`deadline=None` by default here): an example
that takes longer on a busy machine is no failure, and no test depends on the machine's speed.
"""

from __future__ import annotations

import gc

import pytest
from hypothesis import settings

from rules import registry

settings.register_profile("gavel", deadline=None)
settings.load_profile("gavel")

registry.install("tests.plugin_game")

GC_THRESHOLDS = (10_000, 50, 50)
"""`gc.set_threshold` for the test run (Python's default: 700, 10, 10)."""


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


COLLECTIONS_AT_THE_END = 5
"""pytest's own count at the end (`_pytest.unraisableexception`): the most this collects."""


def pytest_unconfigure(config: pytest.Config) -> None:
    for _ in range(COLLECTIONS_AT_THE_END):
        if not gc.collect():
            break
    gc.freeze()


def _without_the_hold() -> None:
    """The suite's tests play card-play windows without the hold (`gavel.tables.timing.HOLD`:
    each pass applied and told as it comes), as they were written; the tests of the hold and of
    standing orders turn it on for their own service (`TableService.hold`)."""
    from gavel.tables import timing

    timing.HOLD = 0.0


_without_the_hold()
