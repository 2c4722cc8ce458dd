"""The restoring part of the table service: tables read back from the database at start-up
(`restore`, `gavel.tables.access.Access.load`), tables that could not be (`BrokenTable`), and
a game rebuilt from its log (`replay`) or written out as a script (`export`)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Iterator
from typing import Any

from gavel.tables import i18n
from gavel.tables.access import Access
from gavel.tables.answers import Answers, _Out
from gavel.tables.games import STATUS, game_name, get_game, installed
from gavel.tables.play import Play, log_lines, quiet_line
from gavel.tables.record import GameRecord, RecordedAction, public_record_text, record_text
from gavel.tables.registry import BrokenTable, Tables
from gavel.tables.store import loads
from gavel.tables.table import Table, engine_config, split_config
from gavel.tables.writes import StaleTable
from rules.core import UNDO, Event, IllegalAction, Msg, SeatName, State

log = logging.getLogger(__name__)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cycle collector held off while start-up loads the tables: thousands of new
    long-lived objects (states, seats) would otherwise set off collections that walk every object
    made so far, again and again, three quarters of a big start-up's time; nothing loaded is
    garbage. It runs again as before once the tables are in."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


RESTORE_BATCH = 100
"""Tables `restore` loads per worker-thread call (one hop to a thread per table costs more than
loading a table), each batch held, checked and left resting before the next is loaded: the
states parsed to check a batch (five times the memory of their JSON text) are freed before the
next batch is parsed into the same memory."""


class Restoring:
    """Start-up's tables, the broken ones, and a game rebuilt from its log (it keeps nothing of
    its own: the tables loaded are `Tables`')."""

    def __init__(self, tables: Tables, access: Access, play: Play, answers: Answers) -> None:
        self._tables = tables
        self._store = tables.store
        self._access = access
        self._play = play
        self._answers = answers

    def broken_tables(self) -> list[BrokenTable]:
        """The open tables `restore` could not load, one per channel: the front-end posts each
        one's `note()` in its channel at start-up."""
        return list(self._tables.broken.values())

    def broken_in(self, channel_id: int) -> BrokenTable | None:
        """The table of this channel that could not be loaded (and no table open there since)."""
        return self._tables.broken_in(channel_id)

    async def restore(self, *, lazy: bool = False) -> int:
        """Reload every lobby and active table from the database (at start-up). AI seats whose
        turn it is play on later, through `advance` (the clock calls it: `ai_due`), so start-up
        never waits for them. Returns how many tables are open again (were loaded).

        `lazy`: load only the tables that owe their channel something (actions saved but never
        queued, maybe a game that ended), so that start-up costs nothing per table; every other
        table is loaded when first touched (`Access.find`: a command, a click, its clock running out
        through `gavel.tables.clock.WindowClock.watch`). For processes sharing one PostgreSQL
        database, where a table's clock (and when AI seats left to act fall due) lives in the
        database and the watch fires it; without the watch, a window open at a table nobody
        touches would wait until someone does. A table that cannot be
        loaded is then found `broken` on first touch, not at start-up."""
        with gc_paused():
            return await self._restore(lazy)

    async def _restore(self, lazy: bool) -> int:
        """`restore`'s work (with the cycle collector held off)."""
        count = 0
        rows = await asyncio.to_thread(self._store.unannounced_rows if lazy else self._store.open_rows)
        rows = [r for r in rows if self._tables.holds(r["id"], r["channel"]) is None]
        # every open table's seats in one query (a lazy start loads a few: each reads its own), and
        # the tables loaded a batch per worker-thread call, so that a start-up with thousands of
        # tables pays per table only for reading its own row
        seats = await asyncio.to_thread(self._store.open_seats) if not lazy and len(rows) > 1 else {}
        for first in range(0, len(rows), RESTORE_BATCH):
            batch = rows[first:first + RESTORE_BATCH]
            loaded = await asyncio.to_thread(self._access.loaded_batch, batch, seats)
            for row, found in zip(batch, loaded, strict=True):
                count += await self._adopted(row, found)
            # the batch's states, parsed to check and time each table, are garbage now: the next
            # batch reuses their memory (a whole start-up's parsed at once left the heap three times
            # the size of what stays, its free memory pinned by the little each table keeps)
            del loaded, batch
        return count

    async def _adopted(self, row: dict[str, Any], found: Table | Exception) -> int:
        """Hold one loaded table (`restore`): its channel told what it missed, its game finished
        when it ended unrecorded, its compact form all it keeps while quiet. 1 when it is open."""
        if self._tables.holds(row["id"], row["channel"]) is not None:
            return 0
        table = self._access.adopt(row, found)
        if table is None:
            return 0
        announced = row.get("announced")
        behind = table.status == "active" and announced is not None and table.version > announced
        # The process stopped after saving actions but before queueing what they said: the
        # channel hears them now (their public lines, then the game as it stands).
        out = _Out([Msg("table.resumed"), *log_lines(self._store, table, int(announced or 0))] if behind else [])
        outcome = table.game.outcome(table.state) if table.state is not None else None
        try:
            if table.status == "active" and outcome is not None:
                # The last action was saved but the process stopped before the results were:
                # finish it now rather than leave a game nobody can move in.
                await self._play.finish(table, outcome, out)
            if out.public:  # nothing here delivers them: the outbox's resender sends them at once
                await self._answers.hand_over(await self._answers.notices(table, out))
        except StaleTable:  # another process (sharing the database) closed it meanwhile
            log.info("table %s was closed by another process while this one started", table.id)
            self._tables.forget(table)
            return 0
        if table.status not in ("active", "lobby"):
            return 0
        # AI seats to act (the process stopped between their moves) play on afterwards,
        # when the front-end's clock asks (`ai_due` is 0): restoring never waits for them.
        if self._tables.quiet(table):
            table.rest()  # loaded to be checked and timed: its compact form is all it needs until touched
        return 1

    def replay(self, table_id: int) -> State:
        """The game rebuilt from its set-up draws and action log (equal to the live state)."""
        row = self._store.table_row(table_id)
        if row is None or not row["state"]:
            raise IllegalAction("no_table")
        game = get_game(row["game"])
        config = engine_config(split_config(loads(row["config"]))[0], row["variant"])
        log_rows = [(a["seat"], a["action"], loads(a["chance"])) for a in self._store.actions(table_id)]
        return game.replay(config, len(self._store.seats(table_id)), loads(row["setup"]) or [], log_rows)

    def export(self, channel_id: int) -> GameRecord:
        """The whole game of the channel's table (the open one, else the last one played there)
        as a script the local console replays to the same state (`gavel.tables.record`). A game with
        hidden information (its record holds every draw), with a secret action in its log
        (`Game.secret_action`) or whose set-up drew anything (a pack shuffled at set-up keeps its
        order secret even in an open game: replaying the draws would show the cards to come) is
        exported only once it is over; if it was cancelled instead, only its public record (what
        the channel was told, no draw: `gavel.tables.record.public_record_text`) is."""
        table = self._tables.table(channel_id)
        row = self._store.table_row(table.id) if table is not None else self._store.last_row(channel_id)
        if row is None:
            raise IllegalAction("no_table")
        return self.export_row(row)

    def export_row(self, row: dict[str, Any]) -> GameRecord:
        """The record of the table stored in `row` (see `export`)."""
        if not row["state"] or installed(row["game"]) is None:
            raise IllegalAction("no_table" if row["state"] else "not_started")
        game = get_game(row["game"])
        active = row["status"] == "active"
        unended = active or row["status"] == "cancelled"  # its secrets were never shown at an end
        hidden = game.info.hidden_information or bool(loads(row["setup"]))
        if active and hidden:
            raise IllegalAction("export_after_end")  # refused before the log is read
        rows = self._store.actions(row["id"])
        actions = [RecordedAction(a["seat"], a["action"], loads(a["chance"]) or []) for a in rows]
        hidden = hidden or any(game.secret_action(game.parse_action(a.action)) for a in actions if a.action != UNDO)
        if active and hidden:
            raise IllegalAction("export_after_end")
        lang = split_config(loads(row["config"]))[1]
        variant_key = f"{game.info.key}.variant.{row['variant']}"
        seats = self._store.seats(row["id"])
        if unended and hidden:  # cancelled before its end: the draws (hands, pack order) stay secret
            names = [s["name"] for s in seats]

            def seat_name(seat: int) -> str:
                return names[seat] if 0 <= seat < len(names) else str(seat)

            lines: list[str] = []
            for a in rows:
                if a["action"] == UNDO:
                    said = [Msg("table.undone_secretly", {"player": SeatName(a["seat"])})]
                else:
                    events = [Event.from_json(e) for e in loads(a["events"]) or []]
                    said = [game.describe(e) for e in events if e.public] \
                        or [quiet_line(game, a["seat"], game.parse_action(a["action"]))]
                lines += [i18n.render(m, lang, seat_name) for m in said]
            return public_record_text(
                table_id=row["id"], game_key=game.info.key, game_name=i18n.render(game_name(game), lang),
                names=names, ai=[bool(s["ai"]) and not s["resigned"] for s in seats], lang=lang,
                started=(row["started"] or row["created"] or "")[:16].replace("T", " "),
                status=i18n.render(STATUS.get(row["status"], row["status"]), lang), lines=lines,
                moves=len(rows), variant=row["variant"],
                variant_name=i18n.gettext(variant_key, lang) if i18n.has(variant_key) else None)
        return record_text(
            table_id=row["id"], game_key=game.info.key, game_name=i18n.render(game_name(game), lang),
            names=[s["name"] for s in seats], ai=[bool(s["ai"]) and not s["resigned"] for s in seats],
            variant=row["variant"], lang=lang, started=(row["started"] or row["created"] or "")[:16].replace("T", " "),
            status=i18n.render(STATUS.get(row["status"], row["status"]), lang),
            setup=loads(row["setup"]) or [], actions=actions,
            variant_name=i18n.gettext(variant_key, lang) if i18n.has(variant_key) else None)
