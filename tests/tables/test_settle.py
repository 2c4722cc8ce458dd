"""Start-up ends by setting what it loaded aside from the cyclic garbage collector
(`TableService.settle`): the restored tables are then never walked by a full collection."""

from __future__ import annotations

import gc
from pathlib import Path

from gavel.tables.service import TableService
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD


async def test_settle_sets_the_restored_tables_aside_and_a_table_played_after_stays_right(tmp_path: Path) -> None:
    location = str(tmp_path / "db.sqlite3")
    first = TableService(location)
    await first.create(GUILD, CHANNEL, "dads_army", ALICE, seed="settle")
    await first.join(CHANNEL, BOB)
    await first.start(CHANNEL, ALICE)
    first.close()
    service = TableService(location)
    assert await service.restore() == 1
    try:
        before = gc.get_freeze_count()
        service.settle()
        assert gc.get_freeze_count() > before
        young = {id(o) for generation in range(3) for o in gc.get_objects(generation)}
        table = service.table(CHANNEL)
        assert table is not None and table.state is not None
        assert id(table) not in young and id(table.state) not in young  # set aside: no collection walks them
        seat = table.humans_to_act()[0]
        player = ALICE if table.seats[seat].user_id == ALICE.user_id else BOB
        await service.act(CHANNEL, player, str(table.game.legal_actions(table.state, seat)[0]))
        assert service.replay(table.id).to_json() == table.state.to_json()  # the log and the table agree
    finally:
        gc.unfreeze()  # the test process's heap back as it was
        service.close()
