"""The secrets part of the table service: what each seat holds (`Game.secrets`), sent to its
player when it changes (a seat asks for it with `me`, `hand`: `gavel.tables.views`). What was
last sent is kept in memory only, so a restart sends nothing again until something changes; a
table loaded, or caught up with what another process wrote (`Access.fresh`), counts what its
seats hold as sent (the process that changed it told them, with the change)."""

from __future__ import annotations

import logging

from gavel.tables.table import Table
from rules.core import Msg

log = logging.getLogger(__name__)


class Secrets:
    """What each human seat last received of its secrets (`Game.secrets`), per (table id, seat):
    memory only, so a restart sends nothing again until something changes."""

    def __init__(self) -> None:
        self._sent: dict[tuple[int, int], list[Msg]] = {}

    def changed(self, table: Table, seat: int) -> list[Msg]:
        """`seat`'s secrets if they changed since they were last sent (and remember them)."""
        if table.state is None or table.status != "active":
            return []
        lines = list(table.game.secrets(table.state, seat))
        key = (table.id, seat)
        if lines == self._sent.get(key, []):
            return []
        self._sent[key] = lines
        return lines

    def remember(self, table: Table) -> None:
        """After a restart: what the players hold counts as sent (`/table me` shows it any time);
        only a change is sent again."""
        if table.state is None or table.status != "active":
            return
        try:
            for seat, info in enumerate(table.seats):
                if not info.is_ai:
                    self._sent[(table.id, seat)] = list(table.game.secrets(table.state, seat))
        except Exception:  # at worst the hands are sent again; the table itself comes back
            log.exception("table %s: the players' secrets could not be read after the restart", table.id)

    def kept(self, table_id: int) -> dict[tuple[int, int], list[Msg]]:
        """What the table's seats were last sent (to put back with `restore` when a call fails)."""
        return {key: lines for key, lines in self._sent.items() if key[0] == table_id}

    def restore(self, table_id: int, kept: dict[tuple[int, int], list[Msg]]) -> None:
        """The notices that carried the table's secrets failed: what was sent is `kept` again."""
        self.forget(table_id)
        self._sent.update(kept)

    def forget(self, table_id: int) -> None:
        """The table is no longer held here."""
        for key in [k for k in self._sent if k[0] == table_id]:
            del self._sent[key]
