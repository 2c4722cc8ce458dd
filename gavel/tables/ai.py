"""AI seats: find a game's policy (`rules.<key>.ai.choose(game, state, seat)`) and ask it.

The service plays AI seats itself until a human must act (`gavel.tables.play`, `Play.run_ai`);
its AI part (`AITurns`) holds which policy plays a game's AI seats, where they think (inline or
a process pool: `InlineSeats`, `PooledSeats`), and when the clock should ask them to play on
(`due`): at once after a restart or a call that stopped at `MAX_AI_STEPS`, later and later after
failures in a row. A policy that fails or proposes
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
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from rules import registry
from rules.core import Game, IllegalAction, Seat, State

if TYPE_CHECKING:
    from gavel.tables.table import Table

log = logging.getLogger(__name__)

R = TypeVar("R")

Policy = Callable[[Game[Any], State, Seat], Any]
"""Returns an `Action` or its text."""


class Seats(Protocol):
    """Where AI seats think: `InlineSeats` (here) or `PooledSeats` (worker processes)."""

    apart: bool
    """Whether a decision is made away from the event loop, from the snapshot alone (worker
    processes): the table's lock is let go while the seat thinks (`Play.run_ai`), so that other
    players' calls on the table go on meanwhile. Inline, nothing else runs while it thinks."""

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

    apart = False

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

    apart = True

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

    async def run(self, work: Callable[..., R], *args: Any) -> R:
        """Any other pure work that would hold the loop too long (a finished game's playouts:
        `gavel.tables.insight`) in the same workers: `work` and its arguments go by pickling (a
        module-level function, plain data). A worker that dies is replaced and the work asked again once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), work, *args)
        except BrokenProcessPool:
            log.warning("a worker process died; starting a new pool and asking again")
            self.close()
            return await loop.run_in_executor(self._executor(), work, *args)

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


class AITurns:
    """The AI policies, where they think, and each table's failed AI steps in a row (memory only)."""

    def __init__(self, ais: dict[str, Any] | None = None, thinking: Seats | None = None) -> None:
        self.ais = ais
        """game key -> the policy its AI seats play (tests); other games import `rules.<key>.ai`."""
        self.thinking: Seats = thinking or InlineSeats()
        """Where AI seats decide: inline by default (local play, tests); the bot passes a
        `PooledSeats`, so that no search ever holds its event loop."""
        self._failures: dict[int, int] = {}
        """Per table: AI steps that failed in a row (the clock retries them with a growing pause)."""

    def policy(self, table: Table) -> Any:
        """The policy that plays the table's AI seats, or None when its game has none."""
        return find_policy(table.game_key, self.ais)

    def due(self, table: Table | None) -> float | None:
        """In how many seconds the table's AI seats should be asked to play on (`advance`), or
        None when none is to act: 0 after a restart or when a call stopped at `MAX_AI_STEPS`,
        then 1, 2, 4 … (at most 60) seconds after failures in a row."""
        if table is None or table.status != "active" or not table.ai_to_act() or self.policy(table) is None:
            return None
        failures = self._failures.get(table.id, 0)
        return 0.0 if failures == 0 else min(60.0, 2.0 ** (failures - 1))

    def failed(self, table: Table) -> int:
        """An AI step failed: count it (the pause before the next try grows); the count so far."""
        self._failures[table.id] = self._failures.get(table.id, 0) + 1
        return self._failures[table.id]

    def settled(self, table: Table) -> None:
        """No AI seat is to act (or none can): the failures in a row are forgotten."""
        self._failures.pop(table.id, None)

    def forget(self, table_id: int) -> None:
        """The table is no longer held here."""
        self._failures.pop(table_id, None)

    def tracked(self) -> set[int]:
        """The tables this part keeps anything for."""
        return set(self._failures)

    def owes(self, table: Table) -> bool:
        """Whether the table's AI seats are to act (thinking now, or due: a drop would lose the
        move in flight) or failed lately (the pause before the next try grows here)."""
        return table.id in self._failures or (bool(table.ai_to_act()) and self.policy(table) is not None)

    def close(self) -> None:
        """Stop the AI workers (at shut-down)."""
        self.thinking.close()
