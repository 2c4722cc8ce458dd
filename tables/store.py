"""SQLite persistence for tables (sqlite-utils, WAL).

Four tables: `tables` (one row per lobby/game with a snapshot of its state), `actions`
(append-only log: enough to replay a game from its set-up draws), `seats` and `results`.
Every applied action is one transaction that writes the log row and the new snapshot
together, so a crash never loses something a player was told had happened. Columns for
clocks and ratings exist already (empty) so those features need no migration.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

DEFAULT_DB = "gavel.sqlite3"


def default_path() -> str:
    return os.environ.get("GAVEL_DB") or DEFAULT_DB


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def loads(text: str | None) -> Any:
    return json.loads(text) if text else None


SQLITE_INT_MAX = 2**63 - 1
"""The largest integer SQLite stores (and takes as a LIMIT)."""


class Store:
    """The database behind a TableService. Calls are short and synchronous (SQLite is fast)."""

    def __init__(self, path: str | Path | None = None) -> None:
        target = str(path if path is not None else default_path())
        # Autocommit at the driver level: transactions are explicit (`atomic`), never implicit.
        conn = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
        self.db = Database(conn)
        if target != ":memory:":
            self.db.enable_wal()
        self.db.execute("PRAGMA synchronous=NORMAL")
        self._create()

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ schema
    def _create(self) -> None:
        db = self.db
        db["tables"].create(
            {
                "id": int, "guild": int, "channel": int, "game": str, "variant": str, "status": str,
                "seed": str, "config": str, "state": str, "version": int, "setup": str, "host": int,
                "created": str, "updated": str, "started": str, "finished": str,
                "clock": str, "rated": int,  # room for clocks and ratings
            },
            pk="id", not_null=["game", "status"], if_not_exists=True,
        )
        db["actions"].create(
            {"table_id": int, "seq": int, "seat": int, "user_id": int, "action": str,
             "chance": str, "events": str, "version": int, "time": str},
            pk=("table_id", "seq"), if_not_exists=True,
        )
        db["seats"].create(
            {"table_id": int, "seat": int, "user_id": int, "name": str, "ai": str, "resigned": int},
            pk=("table_id", "seat"), if_not_exists=True,
        )
        db["results"].create(
            {"table_id": int, "guild": int, "game": str, "seat": int, "user_id": int, "name": str,
             "ai": str, "place": int, "winner": int, "score": int, "resigned": int, "reason": str,
             "finished": str, "rating_before": float, "rating_after": float},
            pk=("table_id", "seat"), if_not_exists=True,
        )
        db["tables"].create_index(["channel", "status"], if_not_exists=True)
        db["results"].create_index(["user_id", "guild"], if_not_exists=True)

    # ------------------------------------------------------------------ tables & seats
    def insert_table(self, row: dict[str, Any]) -> int:
        stamp = now()
        with self.db.atomic():
            table = self.db["tables"].insert({**row, "created": stamp, "updated": stamp})
        return int(table.last_pk)

    def update_table(self, table_id: int, **fields: Any) -> None:
        with self.db.atomic():
            self.db["tables"].update(table_id, {**fields, "updated": now()})

    def save_seats(self, table_id: int, seats: Iterable[dict[str, Any]]) -> None:
        """Replace the seating of a table (lobby changes, resignations) in one transaction."""
        with self.db.atomic():
            self.db.execute("DELETE FROM seats WHERE table_id = ?", [table_id])
            rows = [{"table_id": table_id, "seat": i, **seat} for i, seat in enumerate(seats)]
            if rows:
                self.db["seats"].insert_all(rows)

    def start(self, table_id: int, state: dict[str, Any], version: int, setup: list[int]) -> None:
        stamp = now()
        with self.db.atomic():
            self.db["tables"].update(table_id, {
                "status": "active", "state": dumps(state), "version": version, "setup": dumps(setup),
                "started": stamp, "updated": stamp,
            })

    def record_action(self, table_id: int, seat: int, user_id: int | None, action: str, chance: list[int],
                      events: list[dict[str, Any]], state: dict[str, Any], version: int) -> int:
        """Append one applied action and the state after it, atomically. Returns its seq."""
        stamp = now()
        # Plain SQL: this runs for every move of every game (an all-AI game makes thousands), and
        # sqlite-utils' insert/update introspect the table on each call (20 statements, not 3).
        with self.db.atomic():
            row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?", [table_id]).fetchone()
            seq = int(row[0]) + 1
            self.db.execute(
                "INSERT INTO actions (table_id, seq, seat, user_id, action, chance, events, version, time)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [table_id, seq, seat, user_id, action, dumps(chance), dumps(events), version, stamp])
            self.db.execute("UPDATE tables SET state = ?, version = ?, updated = ? WHERE id = ?",
                            [dumps(state), version, stamp, table_id])
        return seq

    def finish(self, table_id: int, status: str, results: list[dict[str, Any]]) -> None:
        stamp = now()
        with self.db.atomic():
            self.db["tables"].update(table_id, {"status": status, "finished": stamp, "updated": stamp})
            if results:
                self.db["results"].insert_all([{**r, "table_id": table_id, "finished": stamp} for r in results],
                                              replace=True)

    # ------------------------------------------------------------------ reading
    def table_row(self, table_id: int) -> dict[str, Any] | None:
        rows = list(self.db["tables"].rows_where("id = ?", [table_id]))
        return rows[0] if rows else None

    def last_row(self, channel: int) -> dict[str, Any] | None:
        """The newest table of a channel, whatever its status (a finished game's export)."""
        rows = list(self.db["tables"].rows_where("channel = ?", [channel], order_by="id desc", limit=1))
        return rows[0] if rows else None

    def open_rows(self) -> list[dict[str, Any]]:
        return list(self.db["tables"].rows_where("status IN ('lobby', 'active')", order_by="id"))

    def seats(self, table_id: int) -> list[dict[str, Any]]:
        return list(self.db["seats"].rows_where("table_id = ?", [table_id], order_by="seat"))

    def actions(self, table_id: int, last: int | None = None) -> list[dict[str, Any]]:
        """The log in order (all of it, or the `last` n rows). A `last` past what SQLite's LIMIT
        holds (a signed 64-bit integer) is the whole log, which is what asking for more rows
        than exist means, not an error."""
        if last is None or last > SQLITE_INT_MAX:
            return list(self.db["actions"].rows_where("table_id = ?", [table_id], order_by="seq"))
        rows = list(self.db["actions"].rows_where("table_id = ?", [table_id], order_by="seq desc", limit=last))
        return rows[::-1]

    def results(self, table_id: int) -> list[dict[str, Any]]:
        return list(self.db["results"].rows_where("table_id = ?", [table_id], order_by="seat"))

    def user_results(self, user_id: int, guild: int | None = None) -> list[dict[str, Any]]:
        if guild is None:
            return list(self.db["results"].rows_where("user_id = ?", [user_id]))
        return list(self.db["results"].rows_where("user_id = ? AND guild = ?", [user_id, guild]))
