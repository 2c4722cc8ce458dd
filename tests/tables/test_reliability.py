"""A player's record per server (finished, abandoned, resigned, time to act), the lobbies that
ask for reliable players (`create(reliable=True)`, `/<game> new reliable:true`), and blocks
between players, on both stores (`backend`) and across two services sharing one database (as
two processes do: the record and the blocks are the database's, never a service's memory).

The toy race with every die a 6 (`tests.tables.toy_game`) and the `live` time control on the
test's clocks; Bob walks away by letting his time run out twice in a row (`expire`), each time
after every notice reached the channel (`heard`), or never delivered (a platform fault)."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gavel.tables.notices import Notice
from gavel.tables.reliability import FORGIVEN, RELIABLE_SHARE, Record
from gavel.tables.service import Player, Table, TableService
from rules.core import IllegalAction
from tests.tables import toy_game
from tests.tables.backends import Backend

ALICE, BOB, CAROL = (Player(i, name) for i, name in enumerate(("alice", "bob", "carol"), 1))
CHANNEL, GUILD, ELSEWHERE = 500, 7, 8


class Wall:
    """The service's clock and wall clock at once, moved by the test."""

    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


def service(location: str, wall: Wall) -> TableService:
    svc = TableService(location, renderers={"toy": None}, ais={"toy": toy_game.choose}, clock=wall)
    svc.wall = wall  # stored times too: a clock runs out by them
    return svc


async def heard(svc: TableService) -> None:
    """Every notice waiting in the outbox reached its channel (its row is done)."""
    await svc.delivered([int(r["id"]) for r in svc.store.outbox_due(1e18)])


async def run_out(svc: TableService, wall: Wall, channel: int, *, delivered: bool = True) -> list[Notice]:
    """The decision's clock runs out; `delivered`: what asked it reached the channel at once
    (a clock counts from then). Never delivered, the clock waits one whole time more for it
    (nothing runs out the first time), then runs out all the same."""
    if delivered:
        await heard(svc)
    for _ in range(2):
        deadline = svc.deadline(channel)
        assert deadline is not None
        wall.now += deadline.seconds + 1
        notices = await svc.expire(channel, deadline.version)
        if notices or delivered:
            return notices
    return notices


async def lobby(svc: TableService, *players: Player, guild: int = GUILD, channel: int = CHANNEL,
                reliable: bool = False) -> Table:
    await svc.create(guild, channel, "toy", players[0], seed="r", dice=[6] * 40, time="live", reliable=reliable)
    for p in players[1:]:
        await svc.join(channel, p)
    table = svc.table(channel)
    assert table is not None
    return table


async def walk_away_game(svc: TableService, wall: Wall, *, guild: int = GUILD, channel: int = CHANNEL) -> Table:
    """Alice and Bob; Bob lets his time run out twice in a row (heard each time), the AI plays
    his seat, and Alice wins: Bob abandoned the game."""
    table = await lobby(svc, ALICE, BOB, guild=guild, channel=channel)
    await svc.start(channel, ALICE)
    await svc.act(channel, ALICE, "roll")
    await svc.act(channel, ALICE, "move 1")
    await run_out(svc, wall, channel)  # Bob's roll
    assert table.seats[1].timeouts == 1 and not table.seats[1].away
    await run_out(svc, wall, channel)  # Bob's move: twice in a row, the AI takes his seat
    assert table.seats[1].away and table.seats[1].is_ai
    while table.status == "active":  # the AI answers each of Alice's moves at once
        await svc.act(channel, ALICE, "roll")
        await svc.act(channel, ALICE, "move 6")
    assert table.status == "finished"
    return table


async def test_a_walk_away_to_the_end_is_an_abandoned_game_of_that_server_only(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await walk_away_game(svc, wall)
    assert [(r["user_id"], r["away"]) for r in svc.store.results(table.id)] == [(ALICE.user_id, None),
                                                                              (BOB.user_id, 1)]
    bob, alice = await svc.record(GUILD, BOB.user_id), await svc.record(GUILD, ALICE.user_id)
    assert (bob.games, bob.abandoned, bob.resigned) == (1, 1, 0)
    assert (alice.games, alice.abandoned, alice.resigned) == (1, 0, 0)
    assert await svc.record(ELSEWHERE, BOB.user_id) == Record()  # another server knows nothing of it
    # stats says it, in both languages
    said = (await svc.stats(GUILD, BOB)).text("en")
    assert "Record on this server: games finished 1, abandoned 1, resigned 0." in said
    assert "本伺服器的紀錄：完成 1 局，棄局 1 局，投降 0 局。" in (await svc.stats(GUILD, BOB)).text("zh-TW")
    svc.close()


async def test_taking_the_seat_back_before_the_end_is_no_abandonment(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await lobby(svc, ALICE, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 1")
    await run_out(svc, wall, CHANNEL)
    await run_out(svc, wall, CHANNEL)
    assert table.seats[1].away
    await svc.sit(CHANNEL, BOB)
    while table.status == "active":
        for player in (ALICE, BOB):
            if table.status == "active":
                await svc.act(CHANNEL, player, "roll")
                await svc.act(CHANNEL, player, "move 6")
    assert (await svc.record(GUILD, BOB.user_id)).abandoned == 0
    svc.close()


async def test_a_resignation_is_a_right_never_an_abandonment(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await lobby(svc, ALICE, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.leave(CHANNEL, BOB)  # during a game: resigns
    assert table.status == "finished"
    bob = await svc.record(GUILD, BOB.user_id)
    assert (bob.games, bob.abandoned, bob.resigned) == (1, 0, 1)
    assert bob.reliable
    svc.close()


async def test_a_time_up_never_delivered_is_the_platform_s_fault_and_not_counted(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await lobby(svc, ALICE, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 1")
    for _ in range(2):  # what asked Bob never reached the channel: his time-ups are no walk-away
        notices = await run_out(svc, wall, CHANNEL, delivered=False)
        assert any(m.key == "table.time_up" for n in notices for m in getattr(n, "lines", []))
    assert not table.seats[1].away and table.seats[1].timeouts == 0
    assert svc.store.seats(table.id)[1]["timeouts"] in (None, 0)
    # once delivered, the next time-ups count again: the rule itself still holds
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 1")
    await run_out(svc, wall, CHANNEL)
    await run_out(svc, wall, CHANNEL)
    assert table.seats[1].away
    svc.close()


def stamp(at: datetime) -> str:
    return at.isoformat(timespec="milliseconds")


async def test_time_to_act_is_each_own_action_less_the_row_before_it(backend: Backend) -> None:
    """The log's times set by hand: Bob's own actions took 10 s and 30 s after the row before
    them; his time-up action (no user) and Alice's are not his; the first row is not timed."""
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await lobby(svc, ALICE, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "roll")  # 1 (the first: not timed)
    await svc.act(CHANNEL, ALICE, "move 1")  # 2
    await svc.act(CHANNEL, BOB, "roll")  # 3
    await svc.act(CHANNEL, BOB, "move 1")  # 4
    await svc.act(CHANNEL, ALICE, "roll")  # 5
    await svc.act(CHANNEL, ALICE, "move 1")  # 6
    await svc.act(CHANNEL, BOB, "roll")  # 7
    await run_out(svc, wall, CHANNEL)  # 8: Bob's move, by the clock
    rows = svc.store.actions(table.id)
    assert [r["user_id"] for r in rows] == [1, 1, 2, 2, 1, 1, 2, None]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    seconds = [0, 4, 14, 44, 45, 47, 147, 900]
    for row, s in zip(rows, seconds, strict=True):
        backend.execute(svc.store, "UPDATE actions SET time = ? WHERE table_id = ? AND seq = ?",
                        [stamp(start + timedelta(seconds=s)), table.id, row["seq"]])
    bob, alice = await svc.record(GUILD, BOB.user_id), await svc.record(GUILD, ALICE.user_id)
    assert bob.acted == 3 and bob.average == pytest.approx((10 + 30 + 100) / 3, abs=0.01)
    assert alice.acted == 3 and alice.average == pytest.approx((4 + 1 + 2) / 3, abs=0.01)
    assert (await svc.record(ELSEWHERE, BOB.user_id)).average is None
    assert bob.lines()[1].params["n"] == 3 and bob.lines()[1].params["time"].params == {"seconds": 47}
    svc.close()


def test_reliable_is_few_abandoned_games_or_a_small_share() -> None:
    assert Record().reliable  # a newcomer is welcome
    assert Record(games=1, abandoned=FORGIVEN).reliable
    assert not Record(games=2, abandoned=FORGIVEN + 1).reliable
    games = 10
    most = int(RELIABLE_SHARE * games)
    assert Record(games=games, abandoned=most).reliable and not Record(games=games, abandoned=most + 1).reliable


async def test_a_reliable_table_refuses_a_player_who_abandons_in_another_process_too(backend: Backend) -> None:
    """Bob abandons two games here (one service); Alice opens a reliable table in another
    service on the same database: Bob is refused and told why, Carol (no games) is welcome; an
    ordinary table admits Bob; a rematch keeps the requirement."""
    wall = Wall()
    location = backend.location()
    here = service(location, wall)
    for channel in (CHANNEL + 1, CHANNEL + 2):
        await walk_away_game(here, wall, channel=channel)
    there = service(location, wall)
    assert not (await there.record(GUILD, BOB.user_id)).reliable
    notices = await there.create(GUILD, CHANNEL, "toy", ALICE, reliable=True)
    assert any("Reliable players only" in line for n in notices for line in n.text("en"))
    with pytest.raises(IllegalAction) as refused:
        await there.join(CHANNEL, BOB)
    assert refused.value.code == "join_unreliable" and refused.value.params["abandoned"] == 2
    await there.join(CHANNEL, CAROL)
    # elsewhere (another server) Bob's record is clean
    await there.create(ELSEWHERE, CHANNEL + 3, "toy", ALICE, reliable=True)
    await there.join(CHANNEL + 3, BOB)
    # an ordinary table admits him
    await there.create(GUILD, CHANNEL + 4, "toy", CAROL)
    await there.join(CHANNEL + 4, BOB)
    # the setting is the table's: read back as stored (a restart, another process)
    there.tables.forget(there.table(CHANNEL))
    table = await there.look(CHANNEL)
    assert table is not None and table.reliable
    here.close()
    there.close()


async def test_a_block_keeps_two_players_apart_both_ways_and_says_no_more_than_each_knows(
        backend: Backend) -> None:
    wall = Wall()
    location = backend.location()
    here, there = service(location, wall), service(location, wall)
    with pytest.raises(IllegalAction) as refused:
        await here.block(ALICE, ALICE)
    assert refused.value.code == "block_self"
    said = (await here.block(ALICE, BOB)).text("en")
    assert said == ["You blocked bob: neither of you will join a table where the other sits. They are not told."]
    assert (await here.block(ALICE, BOB)).text("en") == ["You had already blocked bob."]
    # Bob cannot join Alice's lobby (in another process): he is not told who or why
    await there.create(GUILD, CHANNEL, "toy", ALICE)
    with pytest.raises(IllegalAction) as refused:
        await there.join(CHANNEL, BOB)
    assert refused.value.code == "join_not_open" and refused.value.params == {}
    await there.join(CHANNEL, CAROL)  # others are welcome
    # and Alice cannot join a lobby where Bob sits: she is told whom she blocked
    await there.create(GUILD, CHANNEL + 1, "toy", BOB)
    with pytest.raises(IllegalAction) as refused:
        await there.join(CHANNEL + 1, ALICE)
    assert refused.value.code == "join_you_blocked" and refused.value.params == {"player": "bob"}
    # lifted, they play together again
    assert (await here.unblock(ALICE, BOB)).text("zh-TW") == ["你不再封鎖 bob。"]
    assert (await here.unblock(ALICE, BOB)).text("en") == ["You were not blocking bob."]
    await there.join(CHANNEL + 1, ALICE)
    here.close()
    there.close()


async def test_a_rematch_of_a_reliable_table_is_reliable_too(backend: Backend) -> None:
    wall = Wall()
    svc = service(backend.location(), wall)
    table = await lobby(svc, ALICE, BOB, reliable=True)
    assert table.reliable
    await svc.start(CHANNEL, ALICE)
    await svc.leave(CHANNEL, BOB)
    assert table.status == "finished"
    await svc.rematch(CHANNEL, ALICE)
    again = svc.table(CHANNEL)
    assert again is not None and again is not table and again.reliable
    svc.close()


def test_time_to_act_is_read_by_the_log_s_index_by_user(tmp_path) -> None:
    """SQLite's plan of the record's second statement starts from `actions_user`, never the whole log."""
    from gavel.tables.store import Store, record_queries

    s = Store(str(tmp_path / "plan.sqlite3"))
    _, (query, params) = record_queries("?", "(julianday(a.time) - julianday(p.time)) * 86400.0", 1, GUILD)
    plan = " ".join(str(row[-1]) for row in s.db.execute(f"EXPLAIN QUERY PLAN {query}", params).fetchall())
    assert "actions_user" in plan and "SCAN a" not in plan and "SCAN actions" not in plan, plan
    s.close()


ROOT = Path(__file__).resolve().parents[2]
ANOTHER_PROCESS = """
import asyncio, sys
from tests.tables.test_reliability import ALICE, BOB, Wall, service, walk_away_game

async def main(location):
    wall = Wall()
    svc = service(location, wall)
    for channel in (901, 902):
        await walk_away_game(svc, wall, channel=channel)
    await svc.block(ALICE, BOB)
    svc.close()

asyncio.run(main(sys.argv[1]))
"""


async def test_another_process_s_abandoned_games_and_blocks_are_this_one_s(backend: Backend) -> None:
    """Another process (a Python of its own, on the same database) sees Bob abandon two games and
    Alice block him; this one then refuses him both ways, from the database alone."""
    location = backend.location()
    subprocess.run([sys.executable, "-c", ANOTHER_PROCESS, location], cwd=ROOT, check=True, timeout=300)
    svc = service(location, Wall())
    found = await svc.record(GUILD, BOB.user_id)
    assert (found.games, found.abandoned) == (2, 2) and not found.reliable
    await svc.create(GUILD, CHANNEL, "toy", CAROL, reliable=True)
    with pytest.raises(IllegalAction) as refused:
        await svc.join(CHANNEL, BOB)
    assert refused.value.code == "join_unreliable"
    await svc.create(GUILD, CHANNEL + 1, "toy", ALICE)
    with pytest.raises(IllegalAction) as refused:
        await svc.join(CHANNEL + 1, BOB)
    assert refused.value.code == "join_not_open"
    svc.close()


async def test_a_substitute_and_the_player_before_are_each_credited_their_share(backend: Backend) -> None:
    """Bob walks away, Alice offers his seat and Carol takes it: the results credit Carol for the
    share of the game she held it (the versions since she took it), Bob for his before; both are
    rated, each moved by their share of the seat's move; Bob's record counts a game abandoned,
    Carol's a game finished; another process reads the same."""
    wall = Wall()
    location = backend.location()
    svc = service(location, wall)
    table = await lobby(svc, ALICE, BOB)
    await svc.start(CHANNEL, ALICE)
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 1")
    await run_out(svc, wall, CHANNEL)
    await run_out(svc, wall, CHANNEL)  # twice in a row: the AI plays Bob's seat
    assert table.seats[1].away
    await svc.want(CHANNEL, ALICE, "2")
    given = table.version
    await svc.take(CHANNEL, CAROL, "2")
    while table.status == "active":
        for player in (ALICE, CAROL):
            if table.status == "active" and svc.legal_for(CHANNEL, player):
                text = "roll" if table.state.roll is None else f"move {table.state.roll}"
                await svc.act(CHANNEL, player, text)
    end = table.version
    other = service(location, wall)
    for store in (svc.store, other.store):
        results = store.results(table.id)
        assert results[1]["user_id"] == CAROL.user_id
        assert results[1]["share"] == pytest.approx(1 - given / end)
        assert results[0].get("share") is None  # Alice held her seat the whole game
        bob = store.ratings(GUILD, "toy", BOB.user_id)
        carol = store.ratings(GUILD, "toy", CAROL.user_id)
        alice = store.ratings(GUILD, "toy", ALICE.user_id)
        assert bob and carol and alice
        assert bob[0]["games"] == carol[0]["games"] == alice[0]["games"] == 1
    bob_record, carol_record = await other.record(GUILD, BOB.user_id), await other.record(GUILD, CAROL.user_id)
    assert (bob_record.games, bob_record.abandoned) == (1, 1)  # he left his seat to a substitute
    assert (carol_record.games, carol_record.abandoned) == (1, 0)
    svc.close()
    other.close()


def test_each_holder_of_a_seat_moves_by_their_share_of_its_move() -> None:
    """A seat played 30 % by one user and 70 % by another moves each by that share of what one
    player alone would have moved; the other side moves as against one player."""
    from gavel.tables.ratings import Player as Rated
    from gavel.tables.ratings import Side, rate
    sides = [Side((0,), 1), Side((1,), 2)]
    alone = rate(sides, [Rated(0, 1), Rated(1, 2)], {}, winners=(0,))
    shared = rate(sides, [Rated(0, 1, before=((3, 0.3),)), Rated(1, 2)], {}, winners=(0,))
    assert alone is not None and shared is not None
    whole = alone.after[1].mu - 25
    assert shared.after[3].mu - 25 == pytest.approx(0.3 * whole)
    assert shared.after[1].mu - 25 == pytest.approx(0.7 * whole)
    assert shared.after[2].mu == pytest.approx(alone.after[2].mu)
    assert shared.after[3].wins == shared.after[1].wins == 1
