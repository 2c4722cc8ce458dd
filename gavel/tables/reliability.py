"""A player's record on a server, the lobbies that ask for reliable players, and blocks between
players. Nothing here is kept in memory: the record is read from the results and the log, the
blocks from their own rows (`TableStore.record`, `blocks_between`), so every process agrees.

- **The record** (`Record`), per server and player: games finished (every result row of theirs),
  of which resigned and abandoned, and the average time they take to act.
- **Abandoned**: a finished game whose end found the player's seat still played by the AI for
  them (they walked away: the time control ran out on them twice in a row, or the other players
  voted them away, `gavel.tables.away`, and they did not take the seat back with `/table sit`).
  A resignation is a player's right, never an abandonment: it is counted apart, and so is a
  seat the AI keeps warm for a player still on vacation at the end (`gavel.tables.pauses`,
  `Play.finish`). A seat a substitute took over counts as abandoned for the one who left it.
- **Platform faults are never counted**: a time-up whose asking notice still waited in the
  outbox (never delivered to the channel) does not count towards walking away
  (`Expiry`, `TableStore.undelivered`), so no abandonment comes of it; a game the platform
  cancels has no results at all.
- **Time to act** is approximate: each action of the player's own hand (not the AI's, not a
  time-up's, not an `undo`) less the time of the log row before it at its table, which stands
  for when the decision asking them opened. A decision asking several seats at once gives each
  the time since the one before them answered; a game's first action is not timed.
- **Reliable** (`/<game> new reliable:true`): the table admits only players whose record on
  its server is `Record.reliable`: at most `FORGIVEN` abandoned games, or at most
  `RELIABLE_SHARE` of their finished games abandoned. A newcomer is welcome.
- **Blocks** (`/table block`, `/table unblock`) are per pair of users: a blocked player cannot
  join a lobby where their blocker sits, nor the blocker one where the blocked player sits. The
  refusal names a player only to the one who blocked them (who knows it already); the blocked
  player hears only that the table is not open to them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from gavel.tables import i18n
from gavel.tables.store import TableStore
from gavel.tables.table import Player, Table
from rules.core import IllegalAction, Msg

FORGIVEN = 1
"""Abandoned games a reliable table overlooks whatever the share (anyone may lose a connection once)."""
RELIABLE_SHARE = 0.2
"""The share of a player's finished games on a server they may have abandoned and still be reliable."""


@dataclass(frozen=True)
class Record:
    """A player's record on one server (see the module)."""

    games: int = 0
    """Finished games they had a seat in (resigned and abandoned ones included)."""
    resigned: int = 0
    abandoned: int = 0
    acted: int = 0
    """Their own actions timed."""
    average: float | None = None
    """Seconds they take to act, on average (None before any action was timed)."""

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Record:
        return cls(int(row["games"]), int(row["resigned"]), int(row["abandoned"]), int(row["acted"]),
                   None if row["average"] is None else float(row["average"]))

    @property
    def reliable(self) -> bool:
        """Whether a reliable table admits them: few abandoned games (`FORGIVEN`), or a small
        share of their finished ones (`RELIABLE_SHARE`)."""
        return self.abandoned <= FORGIVEN or self.abandoned <= RELIABLE_SHARE * self.games

    def lines(self) -> list[Msg]:
        """The record in words (`/table stats`)."""
        said = [Msg("table.record_games", {"games": self.games, "abandoned": self.abandoned,
                                           "resigned": self.resigned})]
        if self.average is not None:
            said.append(Msg("table.record_time", {"time": act_time(self.average), "n": self.acted}))
        return said


def act_time(seconds: float) -> Msg:
    """A time to act as a reader says it: seconds under a minute, else minutes, hours or days."""
    if seconds < 59.5:
        return Msg("table.record_seconds", {"seconds": max(0, round(seconds))})
    return i18n.duration(seconds)


async def record(store: TableStore, guild_id: int | None, user_id: int) -> Record:
    """A player's record on a server (None: games outside any server), read in a worker thread."""
    return Record.from_row(await asyncio.to_thread(store.record, user_id, guild_id))


async def admit(store: TableStore, table: Table, player: Player) -> None:
    """Whether `player` may join the lobby `table`: refused when a block stands between them
    and a human seated there, either way (`join_you_blocked`, naming whom they blocked, to
    them alone; `join_not_open` when someone there blocked them, naming nobody), or at a
    reliable table when their record on its server is not reliable (`join_unreliable`)."""
    seated = {s.user_id: s.name for s in table.seats if s.user_id is not None and not s.is_ai}
    seated.pop(player.user_id, None)
    blocks = await asyncio.to_thread(store.blocks_between, player.user_id, list(seated)) if seated else []
    mine = next((r for r in blocks if r["user_id"] == player.user_id), None)
    if mine is not None:
        raise IllegalAction("join_you_blocked", player=seated.get(int(mine["blocked"]), ""))
    if blocks:
        raise IllegalAction("join_not_open")
    if table.reliable:
        found = await record(store, table.guild_id, player.user_id)
        if not found.reliable:
            raise IllegalAction("join_unreliable", abandoned=found.abandoned, games=found.games,
                                share=round(RELIABLE_SHARE * 100))


async def block(store: TableStore, by: Player, other: Player) -> Msg:
    """`by` blocks `other` from their tables (`block_self` for oneself); what they are told."""
    if other.user_id == by.user_id:
        raise IllegalAction("block_self")
    new = await asyncio.to_thread(store.block, by.user_id, other.user_id)
    return Msg("table.blocked" if new else "table.blocked_already", {"player": other.name})


async def unblock(store: TableStore, by: Player, other: Player) -> Msg:
    """`by` lifts their block on `other`; what they are told."""
    gone = await asyncio.to_thread(store.unblock, by.user_id, other.user_id)
    return Msg("table.unblocked" if gone else "table.unblocked_none", {"player": other.name})
