"""Ratings as games finish, on both backends, and what reads them: `stats`, `leaderboard`,
`history` and `history_game` (a finished game's record and final board, public view only);
and the same in local play."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from gavel.tables import ratings
from gavel.tables.console import LocalOptions, run
from gavel.tables.record import header_options
from gavel.tables.service import TableService
from rules.core import IllegalAction, get_game
from tests.tables import toy_game
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD, make_service, seat

WIN_FOR_ALICE = [(ALICE, "roll"), (ALICE, "move 6"), (BOB, "roll"), (BOB, "move 1"), (ALICE, "roll"),
                 (ALICE, "move 6")]
"""With every die a 6 and alice, bob (and an AI seat, which runs 6) seated: alice reaches 12 first."""


async def alice_wins(svc: TableService, *, ai: int = 1, channel: int = CHANNEL) -> int:
    await seat(svc, ALICE, BOB, ai=ai, dice=[6] * 8, channel=channel)
    table = svc.table(channel)
    assert table is not None
    for player, text in WIN_FOR_ALICE:
        await svc.act(channel, player, text)
    assert table.status == "finished"
    return table.id


def by_user(rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {r["user_id"]: r for r in rows}


async def test_a_finished_game_rates_its_humans_never_its_ai_seats(bsvc: TableService, backend: Backend) -> None:
    svc = bsvc
    assert backend.has_table(svc.store, "ratings")
    table_id = await alice_wins(svc)
    stored = by_user(svc.store.ratings(GUILD, "toy"))
    assert set(stored) == {ALICE.user_id, BOB.user_id}  # the AI seat is not rated
    alice, bob = stored[ALICE.user_id], stored[BOB.user_id]
    assert (alice["games"], alice["wins"], bob["games"], bob["wins"]) == (1, 1, 1, 0)
    assert ratings.shown(alice["mu"], alice["sigma"]) > 1000 > ratings.shown(bob["mu"], bob["sigma"])
    assert alice["name"] == "alice"
    results = svc.store.results(table_id)
    assert [(r["rating_before"], r["rating_after"] is not None) for r in results] == [
        (1000.0, True), (1000.0, True), (None, False)]
    assert results[0]["rating_after"] == ratings.shown(alice["mu"], alice["sigma"])
    # the next game starts from the stored ratings
    await alice_wins(svc)
    again = by_user(svc.store.ratings(GUILD, "toy"))
    assert again[ALICE.user_id]["games"] == 2 and again[ALICE.user_id]["wins"] == 2
    assert again[ALICE.user_id]["mu"] > alice["mu"]
    assert [r["user_id"] for r in svc.store.ratings(GUILD, "toy")] == [ALICE.user_id, BOB.user_id]  # best first
    assert svc.store.ratings(GUILD + 1, "toy") == [] and svc.store.ratings(GUILD, "other") == []


async def test_cancelled_and_abandoned_games_are_not_rated(bsvc: TableService) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB)
    await svc.cancel(CHANNEL, ALICE, can_manage=True)
    await seat(svc, ALICE, ai=2)
    table = svc.table(CHANNEL)
    await svc.leave(CHANNEL, ALICE)  # no human left: abandoned
    assert table.status == "finished" and svc.store.results(table.id)[0]["reason"] == "abandoned"
    assert svc.store.ratings(GUILD) == []
    await seat(svc, ALICE, ai=1)
    await svc.leave(CHANNEL, ALICE)  # resigned against the AI, which wins: a loss
    [alice] = svc.store.ratings(GUILD)
    assert (alice["user_id"], alice["games"], alice["wins"]) == (ALICE.user_id, 1, 0) and alice["mu"] < ratings.MU


async def test_a_resigned_human_is_rated_as_losing(bsvc: TableService) -> None:
    svc = bsvc
    await seat(svc, ALICE, BOB, CAROL)
    table = svc.table(CHANNEL)
    await svc.leave(CHANNEL, BOB)  # the AI takes bob's seat
    await svc.leave(CHANNEL, CAROL)  # one seat left to play it out: alice wins
    assert table.status == "finished"
    stored = by_user(svc.store.ratings(GUILD, "toy"))
    assert set(stored) == {ALICE.user_id, BOB.user_id, CAROL.user_id}
    assert stored[ALICE.user_id]["mu"] > ratings.MU > stored[BOB.user_id]["mu"]
    assert stored[BOB.user_id]["wins"] == 0 and stored[ALICE.user_id]["wins"] == 1


async def test_a_team_game_moves_teammates_together(svc: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game.ToyRace, "rating_teams", lambda self, state, seats: [(0, 2), (1, 3)], raising=False)
    await seat(svc, ALICE, BOB, CAROL, DAVE, dice=[6] * 8)
    for player, text in [(ALICE, "roll"), (ALICE, "move 6"), (BOB, "roll"), (BOB, "move 6"), (CAROL, "roll"),
                         (CAROL, "move 1"), (DAVE, "roll"), (DAVE, "move 1"), (ALICE, "roll"), (ALICE, "move 6")]:
        await svc.act(CHANNEL, player, text)
    stored = by_user(svc.store.ratings(GUILD, "toy"))
    alice, bob, carol, dave = (stored[p.user_id] for p in (ALICE, BOB, CAROL, DAVE))
    assert (alice["mu"], alice["sigma"]) == (carol["mu"], carol["sigma"])  # one side: one change
    assert (bob["mu"], bob["sigma"]) == (dave["mu"], dave["sigma"])
    assert alice["mu"] > ratings.MU > bob["mu"]
    assert (alice["wins"], carol["wins"]) == (1, 0)  # the result's winners: alice crossed the line


async def test_a_broken_rating_teams_costs_the_rating_never_the_end(svc: TableService,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: object, state: object, seats: int) -> list[tuple[int, ...]]:
        raise RuntimeError("bug")

    monkeypatch.setattr(toy_game.ToyRace, "rating_teams", broken, raising=False)
    table_id = await alice_wins(svc)
    assert [r["winner"] for r in svc.store.results(table_id)] == [1, 0, 0]
    assert svc.store.ratings(GUILD) == []


async def test_leaderboard_stats_and_history_read_the_server(bsvc: TableService) -> None:
    svc = bsvc
    with pytest.raises(IllegalAction) as refused:
        await svc.leaderboard(GUILD, None, CHANNEL)
    assert refused.value.code == "leaderboard_game"
    with pytest.raises(IllegalAction) as refused:
        await svc.leaderboard(GUILD, "chess", CHANNEL)
    assert refused.value.code == "unknown_game"
    first = await alice_wins(svc)
    second = await alice_wins(svc)
    board = await svc.leaderboard(GUILD, None, CHANNEL)  # the game played in this channel
    text = board.text("en")
    alice = by_user(svc.store.ratings(GUILD, "toy"))[ALICE.user_id]
    assert text[0] == "Leaderboard of Toy race in this server:"
    assert text[1] == f"1. alice: {ratings.shown(alice['mu'], alice['sigma'])} (2 played, 2 won)"
    assert text[2].startswith("2. bob: ") and text[2].endswith("(2 played, 0 won)")
    assert board.image is not None and board.image.startswith(b"\x89PNG")
    assert (await svc.leaderboard(GUILD, "玩具賽跑", None)).text("en") == text  # a game named in any language
    assert (await svc.leaderboard(GUILD, "toy", None)).text("zh-TW")[0].startswith("本伺服器「")
    assert (await svc.leaderboard(GUILD + 1, "toy", None)).text("en")[1] == "No rated games yet."

    stats = (await svc.stats(GUILD, BOB, named=True)).text("en")
    assert stats[0] == "Results of bob:" and stats[1] == "Games played: 2, won: 0."
    assert stats[2].startswith("Toy race: played 2, won 0; rating ") and stats[3] == "Last games:"
    assert f"#{second} Toy race: place 2 of 3" in stats[4] and f"#{first} " in stats[5]

    history = (await svc.history(GUILD)).text("en")
    assert history[0] == "Finished games in this server, newest first:"
    assert history[1].startswith(f"#{second} ") and "alice, bob, AI 1 (AI). Winner: alice." in history[1]
    assert history[2].startswith(f"#{first} ")
    assert (await svc.history(GUILD, page=1, per_page=1)).text("en")[1].startswith(f"#{first} ")
    assert (await svc.history(GUILD + 1)).text("en") == ["No finished games here yet."]


async def test_a_finished_game_again_is_its_record_and_its_public_final_board(
        bsvc: TableService, renderer: toy_game.Renderer) -> None:
    svc = bsvc
    table_id = await alice_wins(svc)
    found = await svc.history_game(GUILD, table_id)
    assert found.record.table_id == table_id and header_options(found.record.text)[:2] == ["--local", "toy"]
    assert found.record.text.splitlines()[-1] == "@alice move 6"
    drawn = json.loads(found.notice.image or b"{}")
    assert drawn["view"]["seat"] is None and drawn["view"]["secret"] is None  # the public view
    assert drawn["view"]["pos"][0] >= toy_game.GOAL
    state = svc.replay(table_id)
    seen = " ".join([*found.notice.text("en"), (found.notice.image or b"").decode()])
    assert state.secrets and all(str(secret) not in seen for secret in state.secrets)
    for guild, wanted in ((GUILD + 1, table_id), (GUILD, table_id + 99)):
        with pytest.raises(IllegalAction) as refused:
            await svc.history_game(guild, wanted)
        assert refused.value.code == "no_such_game"
    await seat(svc, ALICE, BOB)  # a game in play is not history
    with pytest.raises(IllegalAction):
        await svc.history_game(GUILD, svc.table(CHANNEL).id)


TOY_GAME = ["/toy roll", "/toy move 6", "@bob /toy roll", "@bob /toy move 1", "/toy roll", "/toy move 6"]
"""A whole toy race in local play's words (with `dice=[6] * 8`): Alice wins."""


async def run_script(svc: TableService, tmp_path: Path, lines: list[str]) -> str:
    """Local play of a two-seat toy race reading `lines` as its script; what it wrote (it must end well)."""
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines))
    out = io.StringIO()
    opts = LocalOptions(game="toy", seats=2, script=str(path), images=str(tmp_path / "img"), dice=[6] * 8)
    code = await run(opts, service=svc, out=out)
    text = out.getvalue()
    assert code == 0, text
    return text


async def test_local_play_has_stats_leaderboard_and_history(tmp_path: Path) -> None:
    svc = make_service(str(tmp_path / "local.sqlite3"))
    text = await run_script(svc, tmp_path, [*TOY_GAME, "/table leaderboard", "/table stats", "/table stats bob",
                                            "/table history", "/table history 1", "!/table history 99",
                                            "/table leaderboard game:toy"])
    assert "Leaderboard of Toy race in this server:" in text and "1. Alice: " in text and "2. Bob: " in text
    assert "Toy race: played 1, won 1; rating " in text and "Results of Bob:" in text
    assert "#1 " in text and "Winner: Alice." in text
    assert (tmp_path / "img" / "toy-table1.txt").exists() and (tmp_path / "img" / "table1-final.png").exists()
    assert len(list((tmp_path / "img").glob("gavel-*.png"))) == 2  # the two leaderboards' pictures
    assert "This server has no finished game number 99." in text


async def play_out(key: str, seats: int, humans: list[Any], seed: str) -> tuple[TableService, int]:
    """A real game on a real engine: `humans` seated first (their moves chosen by the game's own
    AI policy, played as theirs), AI seats for the rest; played to its end."""
    from gavel.tables import ai as ai_seats
    from rules import registry

    svc = TableService(":memory:", renderers={key: None}, outbox=False, clocks=False)
    await svc.create(GUILD, CHANNEL, key, humans[0], seed=seed)
    for p in humans[1:]:
        await svc.join(CHANNEL, p)
    for _ in range(seats - len(humans)):
        await svc.add_ai(CHANNEL, humans[0])
    await svc.start(CHANNEL, humans[0])
    table = svc.table(CHANNEL)
    assert table is not None
    policy = registry.plugin(key).ai
    for _ in range(3000):
        if svc.table(CHANNEL) is None:
            return svc, table.id
        movers = [p for p in humans if svc.legal_for(CHANNEL, p)]
        if not movers:
            await svc.advance(CHANNEL)
            continue
        seat_no = table.seat_of(movers[0].user_id)
        await svc.act(CHANNEL, movers[0], ai_seats.choose(table.game, table.state, seat_no, policy))
    raise AssertionError(f"{key} did not end")


@pytest.mark.parametrize(("key", "seats", "humans"), [("judgement", 4, [ALICE, BOB]), ("judtho", 3, [ALICE])])
async def test_real_games_rate_their_humans_by_the_games_sides(key: str, seats: int, humans: list[Any],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from rules import registry
    from tests.rules.test_contract import PLAYOUT_AI

    if key in PLAYOUT_AI:  # a real whole game all the same, by the contract playouts' cheaper player
        monkeypatch.setitem(registry._PLUGINS, key, dataclasses.replace(registry.plugin(key), ai=PLAYOUT_AI[key]))
    svc, table_id = await play_out(key, seats, humans, seed="rated")
    results = svc.store.results(table_id)
    stored = by_user(svc.store.ratings(GUILD, key))
    assert set(stored) == {p.user_id for p in humans}  # the AI seats are not rated
    teams = get_game(key).rating_teams(svc.replay(table_id), seats)
    for row in results:
        if row["user_id"] is None:
            assert row["rating_after"] is None
            continue
        mine = stored[row["user_id"]]
        assert mine["games"] == 1 and mine["wins"] == row["winner"]
        assert (mine["mu"] > ratings.MU) == bool(row["winner"])
        assert row["rating_before"] == 1000.0 and row["rating_after"] == ratings.shown(mine["mu"], mine["sigma"])
    if key == "judtho":
        assert sorted(teams) == [(0,), (1, 2)]  # the Single Player against the Partnership (AI seats)
    else:
        together = [t for t in teams if {0, 1} <= set(t)]
        if together:  # alice and bob on one faction: one side, one change
            assert stored[ALICE.user_id]["mu"] == stored[BOB.user_id]["mu"]


async def test_a_database_from_before_ratings_gets_them_and_keeps_its_results(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ratings migration on a database that has games: its finished games stay, unrated
    (history and stats read them), and the next game is rated."""
    module = backend.module
    full = list(module.MIGRATIONS)
    rating = next(i for i, step in enumerate(full) if "CREATE TABLE IF NOT EXISTS ratings" in str(step))
    location = backend.location()
    with monkeypatch.context() as before:  # a Gavel from before ratings: its schema, nothing rated
        before.setattr(module, "MIGRATIONS", full[:rating])
        before.setattr(ratings, "update", lambda *args, **kwargs: None)
        old = make_service(location)
        before.setattr(old.store, "rematch_window", lambda *args, **kwargs: None)  # newer than ratings
        before.setattr(old.store, "blocks_between", lambda *args, **kwargs: [])  # so are blocks
        await seat(old, ALICE, BOB, dice=[6] * 8)
        for player, text in WIN_FOR_ALICE:
            await old.act(CHANNEL, player, text)
        assert not backend.has_table(old.store, "ratings")
        old.close()
    svc = make_service(location)
    assert svc.store.schema == len(full) and backend.has_table(svc.store, "ratings")
    assert (await svc.history(GUILD)).text("en")[1].startswith("#1 ")
    assert (await svc.stats(GUILD, ALICE)).text("en")[1] == "Toy race: played 1, won 1."
    await alice_wins(svc, channel=CHANNEL + 1)
    assert {r["user_id"]: r["games"] for r in svc.store.ratings(GUILD, "toy")} == {ALICE.user_id: 1, BOB.user_id: 1}
