"""The AI seats' part of the table service: which policy plays a game's AI seats, where they think
(`gavel.tables.ai`: inline or a process pool), and when the clock should ask them to play on
(`due`): at once after a restart or a call that stopped at `MAX_AI_STEPS`, later and later after
failures in a row. The seats themselves play in `gavel.tables.play` (`Play.run_ai`)."""

from __future__ import annotations

from typing import Any

from gavel.tables import ai
from gavel.tables.table import Table


class AITurns:
    """The AI policies, where they think, and each table's failed AI steps in a row (memory only)."""

    def __init__(self, ais: dict[str, Any] | None = None, thinking: ai.Seats | None = None) -> None:
        self.ais = ais
        """game key -> the policy its AI seats play (tests); other games import `rules.<key>.ai`."""
        self.thinking: ai.Seats = thinking or ai.InlineSeats()
        """Where AI seats decide: inline by default (local play, tests); the bot passes a
        `PooledSeats`, so that no search ever holds its event loop."""
        self._failures: dict[int, int] = {}
        """Per table: AI steps that failed in a row (the clock retries them with a growing pause)."""

    def policy(self, table: Table) -> Any:
        """The policy that plays the table's AI seats, or None when its game has none."""
        return ai.find_policy(table.game_key, self.ais)

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

    def close(self) -> None:
        """Stop the AI workers (at shut-down)."""
        self.thinking.close()
