"""AI policies for the process-pool tests: module-level, so a worker process imports them."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from tests.tables import toy_game


def slow(game: Any, state: Any, seat: int) -> str:
    """The toy AI's choice, after a pause that would hold an event loop if run on it."""
    time.sleep(0.3)
    return str(toy_game.choose(game, state, seat))


def whose_process(game: Any, state: Any, seat: int) -> str:
    """`peek` in a worker process, `roll` in the test's own process (both legal at the start)."""
    return "roll" if os.getpid() == int(os.environ["GAVEL_TEST_PARENT_PID"]) else "peek"


def dies_once(game: Any, state: Any, seat: int) -> str:
    """Kills its worker the first time (the marker file says whether it did already)."""
    marker = Path(os.environ["GAVEL_TEST_MARKER"])
    if not marker.exists():
        marker.write_text("died")
        os._exit(1)
    return str(toy_game.choose(game, state, seat))
