"""Two services on one database stand for two processes: every change works on the table as the
database has it (found there when the process never held it), and a write made from an older
seating or status is refused by the store, never written over what the other process did. On
both database backends."""

from __future__ import annotations

import pytest

from gavel.tables.notices import Private
from gavel.tables.service import TableService
from gavel.tables.store import StaleWrite
from rules.core import IllegalAction
from tests.tables import toy_window
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_service, seat


async def test_lobby_changes_made_in_two_processes_all_stand(backend: Backend) -> None:
    db = backend.location()
    here, there = make_service(db), make_service(db)
    await here.create(GUILD, CHANNEL, "toy", ALICE)
    await there.join(CHANNEL, BOB)  # `there` never held the table: it is found in the database
    await here.join(CHANNEL, CAROL)  # `here` still held [alice]: it writes over [alice, bob], not [alice]
    table = here.table(CHANNEL)
    assert table is not None and table.names == ("alice", "bob", "carol")
    assert [s["name"] for s in here.store.seats(table.id)] == ["alice", "bob", "carol"]
    with pytest.raises(IllegalAction) as exists:
        await there.create(GUILD, CHANNEL, "toy", DAVE)
    assert exists.value.code == "table_exists"
    await here.start(CHANNEL, ALICE)
    with pytest.raises(IllegalAction) as late:  # the game started in the other process
        await there.join(CHANNEL, DAVE)
    assert late.value.code == "lobby_only"
    assert [s["name"] for s in here.store.seats(table.id)] == ["alice", "bob", "carol"]
    # a move made in one process and a resignation in the other: both stand, in order
    await there.act(CHANNEL, ALICE, "roll")
    await here.leave(CHANNEL, CAROL)
    assert here.store.seats(table.id)[2]["resigned"] == 1 and [a["version"] for a in
                                                                here.store.actions(table.id)][:1] == [1]
    await there.cancel(CHANNEL, ALICE, can_manage=True)
    with pytest.raises(IllegalAction) as closed:  # closed by the other process
        await here.act(CHANNEL, BOB, "roll")
    assert closed.value.code == "no_table" and here.table(CHANNEL) is None
    await here.create(GUILD, CHANNEL, "toy", BOB)  # the channel is free again, in both processes
    with pytest.raises(IllegalAction) as exists_again:
        await there.create(GUILD, CHANNEL, "toy", ALICE)  # `there` still held the cancelled one: it looks
    assert exists_again.value.code == "table_exists"
    await here.cancel(CHANNEL, BOB)
    assert there.table(CHANNEL) is not None  # `there` still holds the cancelled lobby in memory...
    await there.create(GUILD, CHANNEL, "toy", ALICE)  # ...and looks before it refuses: the channel is free
    assert there.table(CHANNEL).host_id == ALICE.user_id


async def test_the_store_refuses_seatings_and_starts_made_from_an_older_table(backend: Backend) -> None:
    svc = make_service(backend.location())
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    await svc.join(CHANNEL, BOB)
    table = svc.table(CHANNEL)
    assert table is not None
    alone = [{"user_id": ALICE.user_id, "name": "alice", "ai": None, "resigned": 0}]
    with pytest.raises(StaleWrite):  # seated from [alice] while [alice, bob] is stored
        svc.store.save_seats(table.id, [*alone, {"user_id": CAROL.user_id, "name": "carol"}], expected=alone)
    with pytest.raises(StaleWrite):  # dealt for [alice] while [alice, bob] is stored
        svc.store.start(table.id, {"version": 0}, 0, [], seats=alone)
    assert svc.store.table_row(table.id)["status"] == "lobby"
    await svc.start(CHANNEL, ALICE)
    with pytest.raises(StaleWrite):  # a lobby change on a game in play
        svc.store.save_seats(table.id, alone, status="lobby")
    assert [s["name"] for s in svc.store.seats(table.id)] == ["alice", "bob"]
    svc.store.finish(table.id, "cancelled", [])
    with pytest.raises(StaleWrite):  # a table is closed once
        svc.store.finish(table.id, "finished", [])
    assert svc.store.table_row(table.id)["status"] == "cancelled"


async def test_processes_sharing_a_database_send_each_kept_notice_once(backend: Backend) -> None:
    db, now = backend.location(), [1000.0]
    here, there = make_service(db), make_service(db)
    for svc in (here, there):
        svc.shared, svc.wall = True, lambda: now[0]
    kept = [n.outbox for n in await seat(here, ALICE, BOB) if n.outbox is not None]
    assert kept
    # `here` is sending them: nobody else takes them, not even for their channel
    assert await there.waiting() == {} and await there.waiting(CHANNEL) == {}
    now[0] += here.lease + 1  # `here` died before it sent them: they fall due for anyone
    taken = await there.waiting()
    assert [n.outbox for n in taken[CHANNEL]] == kept
    assert await here.waiting() == {} and await here.waiting(CHANNEL) == {}  # `there` sends them


async def test_a_change_never_overtakes_an_older_notice_another_process_holds(backend: Backend) -> None:
    db, now = backend.location(), [1000.0]
    here, there = make_service(db), make_service(db)
    for svc in (here, there):
        svc.shared, svc.wall = True, lambda: now[0]
    started = [n.outbox for n in await seat(here, ALICE, BOB) if n.outbox is not None]
    # `here` wrote the start's notices and died before it sent them; `there` plays on at once
    table = await there.look(CHANNEL)
    assert table is not None and started
    turn = min(table.game.to_act(table.state))
    notices = await there.act(CHANNEL, ALICE if table.seats[turn].user_id == ALICE.user_id else BOB, "roll")
    mine = [n.outbox for n in notices if n.outbox is not None]
    owed = await there.owed(CHANNEL, mine)
    # the start's notices are still held by `here`: the roll must not go out before them
    assert owed.before == [] and owed.held == frozenset(mine)
    assert await here.waiting(shards=([1], 2)) == {}  # another shard's channel: never claimed
    now[0] += here.lease + 1  # `here`'s hold ran out: the channel's owner sends them all, in order
    taken = await there.waiting(shards=([0], 2))
    assert [n.outbox for n in taken[CHANNEL]] == [*started, *mine]
    await there.release(n.outbox for n in taken[CHANNEL] if n.outbox is not None)  # it cannot send them after all
    assert [n.outbox for n in (await here.waiting())[CHANNEL]] == [*started, *mine]  # due again at once


async def test_a_process_catching_up_with_another_does_not_tell_a_seat_its_secrets_again(backend: Backend) -> None:
    db = backend.location()
    here, there = (TableService(db, renderers={"toy_window": None}, ais={"toy_window": toy_window.choose})
                   for _ in range(2))
    await here.create(GUILD, CHANNEL, "toy_window", ALICE, seed="w", timeout=0)
    await here.join(CHANNEL, BOB)
    await here.start(CHANNEL, ALICE)
    table = await there.look(CHANNEL)  # `there` holds the table too, as dealt
    assert table is not None and table.state is not None
    drawer = table.state.turn
    players = {info.user_id: p for info in table.seats for p in (ALICE, BOB) if p.user_id == info.user_id}
    drew = await here.act(CHANNEL, players[table.seats[drawer].user_id], "draw")  # `here` tells the drawer
    assert any(isinstance(n, Private) and n.seat == drawer for n in drew)
    other = 1 - drawer
    passed = await there.act(CHANNEL, players[table.seats[other].user_id], "pass")
    assert [n for n in passed if isinstance(n, Private)] == []  # nobody's hand changed since `here` told it


async def test_processes_flushing_in_step_each_send_their_shards_rows_a_dead_writer_left(backend: Backend) -> None:
    db, now = backend.location(), [1000.0]
    writer, *processes = (make_service(db) for _ in range(4))
    for svc in (writer, *processes):
        svc.shared, svc.wall = True, lambda: now[0]
    shard_of = {}
    for k in range(6):  # two tables on each of three shards, their start's notices held by `writer`...
        await writer.create((k % 3) << 22, CHANNEL + k, "toy", ALICE, seed="t")
        await writer.join(CHANNEL + k, BOB)
        await writer.start(CHANNEL + k, ALICE)
        shard_of[CHANNEL + k] = k % 3
    writer.close()  # ...which dies before it sends them
    sent: dict[int, int] = {}
    for _ in range(3):  # each looks once a lease (the Resender's idle period), all in the same step
        now[0] += writer.lease
        for shard, svc in enumerate(processes):
            for channel, notices in (await svc.waiting(shards=([shard], 3))).items():
                assert shard_of[channel] == shard  # it claims its own shards' channels only
                await svc.delivered(n.outbox for n in notices if n.outbox is not None)
                sent[channel] = sent.get(channel, 0) + 1
    assert sent == dict.fromkeys(shard_of, 1)  # every channel's notices, each sent once
    assert await processes[0].waiting() == {}
