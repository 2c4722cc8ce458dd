"""The secrets part of the table service: what each seat holds (`Game.secrets`), sent to its
player when it changes (a seat asks for it with `me`, `hand`: `gavel.tables.views`). What was
last sent is kept in memory only, so a restart sends nothing again until something changes; a
table loaded, or caught up with what another process wrote (`Access.fresh`), counts what its
seats hold as sent (the process that changed it told them, with the change)."""

from __future__ import annotations

import hashlib
import logging

from gavel.tables.table import Table
from rules.core import Msg

log = logging.getLogger(__name__)


def digest(lines: list[Msg]) -> bytes:
    """What `Secrets` keeps of a seat's secrets: a digest of their lines (16 bytes, whatever
    their size: a hand of cards with its words is a kilobyte or more), enough to tell a change."""
    return hashlib.blake2b(repr(lines).encode("utf-8", "surrogatepass"), digest_size=16).digest()


NOTHING = digest([])
"""The digest of no secrets (a seat never sent any)."""


class Secrets:
    """What each human seat last received of its secrets (`Game.secrets`), per table and seat, as
    a digest of their lines (`digest`: what a process holding thousands of tables keeps of them):
    memory only, so a restart sends nothing again until something changes. Kept by table, so
    that what one table does (a change, a restore, its close) touches that table's entries
    alone, however many tables the process holds."""

    def __init__(self) -> None:
        self._sent: dict[int, dict[int, bytes]] = {}

    def changed(self, table: Table, seat: int) -> list[Msg]:
        """`seat`'s secrets if they changed since they were last sent (and remember them)."""
        if table.state is None or table.status != "active":
            return []
        lines = list(table.game.secrets(table.state, seat))
        sent = self._sent.setdefault(table.id, {})
        now = digest(lines)
        if now == sent.get(seat, NOTHING):
            return []
        sent[seat] = now
        return lines

    def told(self, table: Table, seat: int) -> None:
        """`seat`'s player was just told what it holds some other way (a substitute's briefing):
        it counts as sent, so only a change is sent again."""
        if table.state is not None and table.status == "active":
            self._sent.setdefault(table.id, {})[seat] = digest(list(table.game.secrets(table.state, seat)))

    def remember(self, table: Table) -> None:
        """After a restart: what the players hold counts as sent (`/table me` shows it any time);
        only a change is sent again."""
        if table.state is None or table.status != "active":
            return
        try:
            self._sent[table.id] = {seat: digest(list(table.game.secrets(table.state, seat)))
                                    for seat, info in enumerate(table.seats) if not info.is_ai}
        except Exception:  # at worst the hands are sent again; the table itself comes back
            log.exception("table %s: the players' secrets could not be read after the restart", table.id)

    def kept(self, table_id: int) -> dict[int, bytes]:
        """What the table's seats were last sent, by seat (to put back with `restore` when a
        call fails)."""
        return dict(self._sent.get(table_id, {}))

    def restore(self, table_id: int, kept: dict[int, bytes]) -> None:
        """The notices that carried the table's secrets failed: what was sent is `kept` again."""
        self._sent[table_id] = dict(kept)

    def forget(self, table_id: int) -> None:
        """The table is no longer held here (a table loaded again counts what its seats hold as
        sent: `remember`)."""
        self._sent.pop(table_id, None)

    def tracked(self) -> set[int]:
        """The tables this part keeps anything for."""
        return set(self._sent)
