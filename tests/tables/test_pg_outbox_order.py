"""The outbox's order on PostgreSQL when two writers of one table meet: a change that waited for
another process keeping that table's notices must know those wait before its own (`Keep.older`),
or it would send its own first."""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
import pytest

from gavel.tables.pgstore import OUTBOX_LOCK, _channel_key
from gavel.tables.service import Player, TableService
from gavel.tables.store import Keep, dumps
from tests.tables import toy_game
from tests.tables.backends import Backend

CHANNEL, GUILD = 640, 9
ALICE, BOB = Player(1, "alice"), Player(2, "bob")
LOOKS = 400
"""Looks (every 0.05 s) for the change to be found waiting on the other writer's row lock."""



async def test_a_change_that_waited_for_another_writer_knows_its_notices_wait_first(pg: Backend) -> None:
    url = pg.location()
    svc = TableService(url, renderers={"toy": None}, ais={"toy": toy_game.choose})
    await svc.create(GUILD, CHANNEL, "toy", ALICE, seed="order")
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    assert table is not None and table.state is not None
    for row in svc.store.outbox_due(float("inf")):  # nothing of the channel waits to begin with
        await svc.delivered([int(row["id"])])
    assert svc.store.outbox_due(float("inf")) == []
    version, state = table.version, table.state.to_json()
    other = psycopg.connect(url)
    try:
        # Another process keeps notices of this table: the table's row, then the channel's lock,
        # then its row, not committed yet.
        other.execute("UPDATE tables SET announced = announced WHERE id = %s", [table.id])
        other.execute("SELECT pg_advisory_xact_lock(%s, %s)", [OUTBOX_LOCK, _channel_key(CHANNEL)])
        other.execute("INSERT INTO outbox (table_id, channel, version, notice, created, next_try)"
                      " VALUES (%s, %s, %s, %s::jsonb, now(), 0)", [table.id, CHANNEL, version, dumps({"x": 1})])
        keep = Keep(CHANNEL, [(dumps({"y": 2}), None)])
        done: list[Any] = []

        def write() -> None:
            try:
                done.append(svc.store.record_action(table.id, 0, ALICE.user_id, "roll", [], [], state, version + 1,
                                                    expected=version, keep=keep))
            except BaseException as exc:  # reported below
                done.append(exc)

        writer = threading.Thread(target=write)
        writer.start()
        with psycopg.connect(url, autocommit=True) as watch:
            for _ in range(LOOKS):
                waiting = watch.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                                        " AND query LIKE 'UPDATE tables%%'").fetchone()
                if waiting is not None and waiting[0]:
                    break
                time.sleep(0.05)
            else:
                pytest.fail("the change never waited for the other writer")
        other.commit()
        writer.join()
    finally:
        other.close()
    assert done and not isinstance(done[0], BaseException), done
    assert keep.older  # the other writer's notice waits before this one's
    rows = [int(r["id"]) for r in svc.store.outbox_due(float("inf"), CHANNEL)]
    assert len(rows) == 2 and keep.ids == [rows[1]]
    svc.close()
