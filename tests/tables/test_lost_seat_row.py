"""A started table whose seats lost a row (by hand, a broken copy of the database) is reported
as a broken table with the reason, at start-up and when first touched, never loaded with every
seat after the gap shifted (an `IndexError` later, a move given to the wrong player)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gavel.tables.check import check
from rules.core import IllegalAction
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, make_service, seat


async def three_seats(db: Path) -> int:
    svc = make_service(str(db))
    await seat(svc, ALICE, BOB, CAROL, seed="s")
    table = svc.table(CHANNEL)
    assert table is not None
    return table.id


def lose(db: Path, seat_number: int) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM seats WHERE seat = ?", [seat_number])


@pytest.mark.parametrize("lazy", [False, True])
async def test_a_table_that_lost_a_middle_seat_row_is_broken_with_the_reason(tmp_path: Path, lazy: bool) -> None:
    db = tmp_path / "gavel.sqlite3"
    table_id = await three_seats(db)
    lose(db, 1)
    again = make_service(str(db))
    assert await again.restore(lazy=lazy) == 0
    with pytest.raises(IllegalAction) as refused:  # bob's move: never given to carol's seat, shifted
        await again.act(CHANNEL, BOB, "roll")
    assert refused.value.code == "table_broken"
    [broken] = again.broken_tables()
    assert broken.table_id == table_id and "seat 1 has no row" in broken.reason
    status = await again.status(CHANNEL)
    assert [m.key for m in status.lines] == ["table.broken_note"]


async def test_a_table_whose_asked_seat_lost_its_row_is_broken(tmp_path: Path) -> None:
    db = tmp_path / "gavel.sqlite3"
    await three_seats(db)
    svc = make_service(str(db))
    await svc.restore()
    for player in (ALICE, BOB):  # to carol's turn (seat 2)
        await svc.act(CHANNEL, player, "roll")
        await svc.act(CHANNEL, player, "move 1")
    assert svc.table(CHANNEL).to_act() == [2]
    lose(db, 2)
    again = make_service(str(db))
    assert await again.restore() == 0
    [broken] = again.broken_tables()
    assert "the game asks seat 2, but only 2 seat rows are stored" in broken.reason
    assert not check(str(db)).ok  # --check-db says so too


async def test_tables_with_every_seat_row_load_as_before(tmp_path: Path) -> None:
    db = tmp_path / "gavel.sqlite3"
    await three_seats(db)
    again = make_service(str(db))
    assert await again.restore() == 1 and again.broken_tables() == []
