"""The AI-seat part of `TableService`: which policy plays a game's AI seats, and when the clock
should ask them to play on (`ai_due`): at once after a restart or a call that stopped at
`MAX_AI_STEPS`, later and later after failures in a row. The seats themselves play in
`gavel.tables.play` (`_run_ai`); where they think is `gavel.tables.ai` (inline or a process pool)."""

from __future__ import annotations

from typing import Any

from gavel.tables import ai
from gavel.tables.base import ServiceBase
from gavel.tables.table import Table


class AITurns(ServiceBase):
    def _policy(self, table: Table) -> Any:
        return ai.find_policy(table.game_key, self._ais)

    def ai_due(self, channel_id: int) -> float | None:
        """In how many seconds the AI seats of the channel's table should be asked to play on
        (`advance`), or None when none is to act: 0 after a restart or when a call stopped at
        `MAX_AI_STEPS`, then 1, 2, 4 … (at most 60) seconds after failures in a row."""
        table = self.table(channel_id)
        if table is None or table.status != "active" or not table.ai_to_act() or self._policy(table) is None:
            return None
        failures = self._ai_failures.get(table.id, 0)
        return 0.0 if failures == 0 else min(60.0, 2.0 ** (failures - 1))

    def _ai_failed(self, table: Table) -> int:
        """An AI step failed: count it (the pause before the next try grows); the count so far."""
        self._ai_failures[table.id] = self._ai_failures.get(table.id, 0) + 1
        return self._ai_failures[table.id]

    def _ai_settled(self, table: Table) -> None:
        """No AI seat is to act (or none can): the failures in a row are forgotten."""
        self._ai_failures.pop(table.id, None)
