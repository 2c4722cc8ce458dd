"""Persistence: restart restore, one transaction per action, replay, results, stats; on both
database backends where the test takes `backend` (or `bsvc`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gavel.tables.service import TableService
from rules.core import IllegalAction
from tests.tables import toy_game
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, make_service, seat


async def play_to_the_end(svc: TableService, players, channel: int = CHANNEL) -> None:
    for _ in range(200):
        table = svc.table(channel)
        if table is None:
            return
        mover = next(p for p in players if svc.legal_for(channel, p))
        await svc.act(channel, mover, toy_game.choose(table.game, table.state, table.seat_of(mover.user_id)))
    raise AssertionError("the game did not end")


async def test_the_database_is_in_wal_mode(tmp_path: Path) -> None:
    svc = make_service(str(tmp_path / "g.sqlite3"))
    assert svc.store.db.journal_mode == "wal"
    assert set(svc.store.db.table_names()) >= {"tables", "actions", "seats", "results"}


async def test_gavel_db_names_the_default_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAVEL_DB", str(tmp_path / "env.sqlite3"))
    TableService()
    assert (tmp_path / "env.sqlite3").exists()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_a_postgresql_url_in_gavel_db_opens_the_postgresql_store(backend: Backend,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gavel.tables.pgstore import PgStore

    url = backend.location()
    monkeypatch.setenv("GAVEL_DB", url)
    svc = TableService()
    assert isinstance(svc.store, PgStore) and svc.store.path == url
    monkeypatch.setenv("GAVEL_DB", url.replace("postgresql://", "postgres://", 1))
    assert isinstance(TableService().store, PgStore)


async def test_a_restarted_service_continues_the_game(backend: Backend) -> None:
    db = backend.location()
    first = make_service(db)
    await seat(first, ALICE, BOB, ai=1, seed="restart")
    await first.act(CHANNEL, ALICE, "roll")
    before = first.table(CHANNEL)
    snapshot = before.state.to_json()
    first.store.close()

    second = make_service(db)
    assert second.table(CHANNEL) is None
    assert await second.restore() == 1
    assert await second.restore() == 0  # already loaded
    table = second.table(CHANNEL)
    assert table.id == before.id and table.state.to_json() == snapshot
    assert table.names == ("alice", "bob", "AI 1") and table.host_id == ALICE.user_id
    assert second.legal_for(CHANNEL, ALICE) == [f"move {n}" for n in range(1, table.state.roll + 1)]
    await play_to_the_end(second, [ALICE, BOB])
    assert second.replay(table.id).to_json() == table.state.to_json()


async def test_chance_survives_a_restart(backend: Backend) -> None:
    """The same seed draws the same dice whether or not the service restarted in between."""
    straight = make_service(backend.location("a"))
    await seat(straight, ALICE, BOB, seed="same")
    for text in ("roll", "move 1"):
        await straight.act(CHANNEL, ALICE, text)
    await straight.act(CHANNEL, BOB, "roll")

    db = backend.location("b")
    broken = make_service(db)
    await seat(broken, ALICE, BOB, seed="same")
    for text in ("roll", "move 1"):
        await broken.act(CHANNEL, ALICE, text)
    restarted = make_service(db)
    await restarted.restore()
    await restarted.act(CHANNEL, BOB, "roll")
    assert restarted.table(CHANNEL).state.to_json() == straight.table(CHANNEL).state.to_json()


async def test_a_lobby_is_restored_too(backend: Backend) -> None:
    db = backend.location()
    await seat(make_service(db), ALICE, BOB, ai=1, start=False)
    svc = make_service(db)
    assert await svc.restore() == 1
    await svc.join(CHANNEL, CAROL)
    await svc.start(CHANNEL, ALICE)
    assert svc.table(CHANNEL).names == ("alice", "bob", "AI 1", "carol")


async def test_each_action_is_logged_with_its_draws_and_events(bsvc: TableService) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB, dice=[6])
    await svc.act(CHANNEL, ALICE, "roll")
    table = svc.table(CHANNEL)
    [row] = svc.store.actions(table.id)
    assert (row["seq"], row["seat"], row["user_id"], row["action"], row["version"]) == (1, 0, ALICE.user_id, "roll", 1)
    assert row["chance"] == "[6]" and '"kind":"rolled"' in row["events"]
    stored = svc.store.table_row(table.id)
    assert stored["version"] == 1 and '"roll":6' in stored["state"]


async def test_a_failed_write_leaves_memory_as_the_database(bsvc: TableService, monkeypatch) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)

    def disk_full(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(svc.store, "record_action", disk_full)
    with pytest.raises(OSError):
        await svc.act(CHANNEL, ALICE, "roll")
    assert table.state.version == 0 and table.state.roll is None


async def test_a_finished_game_replays_to_its_final_state(bsvc: TableService) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB, ai=2, seed="replay")
    table = svc.table(CHANNEL)
    await svc.act(CHANNEL, ALICE, "peek")
    await play_to_the_end(svc, [ALICE, BOB])
    assert table.status == "finished" and svc.table(CHANNEL) is None
    assert svc.replay(table.id).to_json() == table.state.to_json()
    assert svc.get(table.id).state.to_json() == table.state.to_json()


async def test_results_are_written_when_a_game_ends(bsvc: TableService) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB, dice=[6, 1, 6, 1])
    for player, text in ((ALICE, "roll"), (ALICE, "move 6"), (BOB, "roll"), (BOB, "move 1"), (ALICE, "roll")):
        await svc.act(CHANNEL, player, text)
    notices = await svc.act(CHANNEL, ALICE, "move 6")
    assert notices[0].lines[-1].key == "table.winner" and notices[0].text("en")[-1] == "Game over. Winner: alice!"
    assert notices[0].prompt is None
    rows = svc.store.results(notices[0].table_id)
    assert [(r["seat"], r["user_id"], r["winner"], r["place"], r["game"]) for r in rows] == [
        (0, ALICE.user_id, 1, 1, "toy"), (1, BOB.user_id, 0, 2, "toy")]
    with pytest.raises(IllegalAction):
        await svc.act(CHANNEL, ALICE, "roll")
    stats = await svc.stats(GUILD, ALICE)
    table_id = notices[0].table_id
    date = rows[0]["finished"][:10]
    said = stats.text("en")
    assert said[:5] == ["Games played: 1, won: 1.", "Toy race: played 1, won 1; rating 1138 (1 rated).",
                        "Last games:", f"{date} #{table_id} Toy race: won (rating 1000 → 1138)",
                        "Record on this server: games finished 1, abandoned 0, resigned 0."]
    # her own moves but the game's first, each timed from the row before (the log's real times)
    assert len(said) == 6 and said[5].startswith("Average time to act: ") and said[5].endswith("(moves timed: 3).")
    assert (await svc.stats(GUILD, BOB)).text("zh-TW")[0] == "已玩 1 局，贏了 0 局。"
    assert [m.key for m in (await svc.stats(GUILD + 1, BOB)).lines] == ["table.stats_none"]


REFUSE_VERSION_1 = {
    "sqlite": ["CREATE TRIGGER refuse BEFORE UPDATE OF version ON tables WHEN NEW.version = 1 "
               "BEGIN SELECT RAISE(ABORT, 'disk trouble'); END"],
    "postgresql": ["CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS"
                   " $$ BEGIN RAISE EXCEPTION 'disk trouble'; END $$",
                   "CREATE TRIGGER refuse BEFORE UPDATE OF version ON tables FOR EACH ROW WHEN (NEW.version = 1)"
                   " EXECUTE FUNCTION refuse()"],
}
"""A trigger that fails the snapshot's write of version 1, as a full disk would."""


async def test_log_row_and_snapshot_are_one_transaction(backend: Backend) -> None:
    """If the snapshot cannot be written, the log row is rolled back with it (and memory too)."""
    svc = make_service(backend.location())
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    for sql in REFUSE_VERSION_1[backend.name]:
        backend.execute(svc.store, sql)
    with pytest.raises(Exception, match="disk trouble"):
        await svc.act(CHANNEL, ALICE, "roll")
    assert svc.store.actions(table.id) == [] and table.version == 0
    backend.execute(svc.store, "DROP TRIGGER refuse" + (" ON tables" if backend.pg else ""))
    await svc.act(CHANNEL, ALICE, "roll")
    assert [r["seq"] for r in svc.store.actions(table.id)] == [1]
    restarted = make_service(backend.location())
    await restarted.restore()
    assert restarted.table(CHANNEL).state.to_json() == table.state.to_json()


async def test_a_game_whose_end_was_saved_but_not_its_results_is_finished_on_restore(backend: Backend) -> None:
    db = backend.location()
    first = make_service(db)
    await seat(first, ALICE, BOB, seed="crash")
    table_id = first.table(CHANNEL).id

    def crash(*args, **kwargs):
        raise RuntimeError("the process stops here")

    first.store.finish = crash  # the winning move is saved, then the process dies
    with pytest.raises(RuntimeError):
        await play_to_the_end(first, [ALICE, BOB])
    first.store.close()

    second = make_service(db)
    assert await second.restore() == 0
    assert second.table(CHANNEL) is None
    row = second.store.table_row(table_id)
    assert row["status"] == "finished"
    results = second.store.results(table_id)
    assert len(results) == 2 and sum(r["winner"] for r in results) == 1


async def test_a_game_stopped_between_ai_moves_goes_on_after_restore(backend: Backend) -> None:
    """The process dies after a human's move was saved but before the AI seats had answered:
    restoring does not wait for them, and `ai_due` says they are due at once, so the clock lets
    them play on (`advance`) and the human is not left waiting for ever."""
    db = backend.location()
    first = make_service(db)
    await seat(first, ALICE, ai=1, seed="ai-crash", dice=[3, 4])
    await first.act(CHANNEL, ALICE, "roll")
    record = first.store.record_action

    def dies_after_alices_move(table_id, seat, *args, **kwargs):
        if seat != 0:
            raise RuntimeError("the process stops here")
        return record(table_id, seat, *args, **kwargs)

    first.store.record_action = dies_after_alices_move
    await first.act(CHANNEL, ALICE, "move 3")  # alice's move stands; the AI's write failed
    assert first.ai_due(CHANNEL) == 1.0  # it will be asked again after a pause
    first.store.close()

    second = make_service(db)
    assert await second.restore() == 1
    table = second.table(CHANNEL)
    assert [r["seat"] for r in second.store.actions(table.id)] == [0, 0]  # restoring played nothing
    assert second.ai_due(CHANNEL) == 0.0
    await second.advance(CHANNEL)
    assert table.state.pos[0] == 3 and table.humans_to_act() == [0]
    assert second.legal_for(CHANNEL, ALICE) == ["roll", "peek"]
    assert [r["seat"] for r in second.store.actions(table.id)] == [0, 0, 1, 1]
    assert second.ai_due(CHANNEL) is None
    board = await second.board(CHANNEL)
    assert board.prompt is not None and board.prompt.user_id == ALICE.user_id


async def test_a_failed_ai_step_keeps_the_players_move_and_is_retried(backend: Backend) -> None:
    """An AI step that fails (here its database write, in two calls) does not undo the human's
    move nor tell them nothing changed: the move stands (written alone when the AI seats' answer
    was to be written with it), the failures back off (1 s, 2 s), and the next try plays the AI
    seat on."""
    svc = make_service(backend.location())
    await seat(svc, ALICE, ai=1, seed="ai-retry", dice=[3, 4])
    await svc.act(CHANNEL, ALICE, "roll")
    record, failing = svc.store.record_action, [True]

    def flaky(table_id, seat, *args, earlier=(), **kwargs):
        if failing[0] and 1 in [seat, *(e.seat for e in earlier)]:
            raise RuntimeError("disk trouble")
        return record(table_id, seat, *args, earlier=earlier, **kwargs)

    svc.store.record_action = flaky
    notices = await svc.act(CHANNEL, ALICE, "move 3")
    table = svc.table(CHANNEL)
    assert notices and table.state.pos[0] == 3 and table.ai_to_act() == [1]
    assert svc.ai_due(CHANNEL) == 1.0
    # told without the AI seat's moves, which were not written
    assert [(m.key, m.params.get("player")) for m in notices[0].lines] == [("toy.event.moved", 0)]
    await svc.advance(CHANNEL)
    assert svc.ai_due(CHANNEL) == 2.0 and table.ai_to_act() == [1]
    failing[0] = False
    await svc.advance(CHANNEL)
    assert svc.ai_due(CHANNEL) is None and table.humans_to_act() == [0]
    assert [r["seat"] for r in svc.store.actions(table.id)] == [0, 0, 1, 1]
    assert svc.replay(table.id).to_json() == table.state.to_json()
