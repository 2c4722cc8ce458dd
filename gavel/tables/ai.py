"""AI seats: find a game's policy (`rules.<key>.ai.choose(game, state, seat)`) and ask it.

The service plays AI seats itself until a human must act. A policy that fails or proposes
an illegal action must not stall a table, so the first legal action stands in (and the
problem is logged for the game's author).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType
from typing import Any, Protocol

from rules import registry
from rules.core import Game, IllegalAction, Seat, State

log = logging.getLogger(__name__)

Policy = Callable[[Game[Any], State, Seat], Any]
"""Returns an `Action` or its text."""


class Seats(Protocol):
    """Where AI seats think: `InlineSeats` (here) or `PooledSeats` (worker processes)."""

    async def choose(self, game: Game[Any], state: State, snapshot: dict[str, Any], seat: Seat,
                     policy: Policy) -> str: ...

    def close(self) -> None: ...


def optional_module(name: str) -> ModuleType | None:
    """A game's optional part (`rules.<key>.ai`), or None when it has none.

    Only the module itself being absent means "none": a module that exists but fails to import
    (a missing dependency, a typo inside) raises, so a broken AI is not hidden.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def find_policy(key: str, overrides: Mapping[str, Policy | None] | None = None) -> Policy | None:
    """The AI policy for a game, or None when the game has none."""
    if overrides is not None and key in overrides:
        return overrides[key]
    return registry.plugin(key).ai


def choose(game: Game[Any], state: State, seat: Seat, policy: Policy) -> str:
    """The action text the AI plays for `seat` (always a legal one).

    The legal actions are computed once, here: they vet the policy's answer (the engine checks
    it again when it is applied, as it checks every action) and stand in when it fails.
    """
    legal = game.legal_actions(state, seat)
    try:
        text = str(policy(game, state, seat))
        if game.parse_action(text) not in legal:
            raise IllegalAction("illegal_action", action=text)
        return text
    except Exception:
        texts = [str(a) for a in legal]
        log.exception("AI policy for %s failed at version %s; playing %s", game.info.key, state.version, texts[:1])
        if not texts:
            raise
        return texts[0]


def decide(game: Game[Any], snapshot: dict[str, Any], seat: Seat, policy: Policy) -> str:
    """`choose` on a state rebuilt from its snapshot: what a worker process runs (the state
    travels as the JSON the table already keeps, the game and the policy by reference)."""
    return choose(game, game.load(snapshot), seat, policy)


class InlineSeats:
    """AI decisions on the caller's own thread: local play (a terminal has no other table to
    keep waiting) and tests. Nothing to start or stop."""

    async def choose(self, game: Game[Any], state: State, snapshot: dict[str, Any], seat: Seat,
                     policy: Policy) -> str:
        return choose(game, state, seat, policy)

    def close(self) -> None:
        return None


WORKER_NICENESS = 10
"""How much lower than the bot's own process AI workers run (`os.nice`)."""


class PooledSeats:
    """AI decisions in a pool of worker processes, so that a search (a deep one takes up to a
    second or more) never holds the bot's event loop: every other table in every server keeps
    being answered meanwhile. A thread would not do: the search is pure Python and would hold
    the GIL. Workers are started with `spawn` (never a fork of a process with an event loop and
    threads) and live as long as the pool; a worker that dies is replaced and the decision
    asked again once."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_warm)
        return self._pool

    async def choose(self, game: Game[Any], state: State, snapshot: dict[str, Any], seat: Seat,
                     policy: Policy) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), decide, game, snapshot, seat, policy)
        except BrokenProcessPool:
            log.warning("an AI worker process died; starting a new pool and asking again")
            self.close()
            return await loop.run_in_executor(self._executor(), decide, game, snapshot, seat, policy)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _warm() -> None:
    """A new worker lowers its own priority (when the machine is busy, the process answering
    every table gets the CPU first; a search only waits a little longer) and imports every game
    package once, before its first decision."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    importlib.import_module("rules")
