"""A finished game replayed through the table service (`gavel.tables.replays`).

Whole games of every game, played through the service: every step of the replay is the state
the table had after that action (the snapshot it wrote of that version), and holds the events the
log holds. A game in play is
refused, and the revealed view (every secret) is never asked for while any game runs: only a
replay of a game that is over asks for it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gavel.tables.service import TableService
from gavel.tables.store import loads
from rules import registry
from rules.core import Game, IllegalAction, Msg, get_game
from tests.rules.test_contract import PLAYOUT_AI
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, seat
from tests.tables.test_standings import play_out

WHOLE = [("dads_army", 2, [ALICE]), ("judge_dredd", 2, [ALICE]), ("judtho", 3, [ALICE]),
         ("judgement", 4, [ALICE, BOB])]


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> dict[int, dict[str, Any]]:
    """The state after every action the table applied, by version, as JSON (what the store is
    given to write: the snapshot of that version), until the dict's "stop" key is set."""
    kept: dict[Any, Any] = {}
    original = Game.apply

    def apply(self: Game, state: Any, seat: int, action: Any, chance: Any) -> Any:
        events = original(self, state, seat, action, chance)
        if "stop" not in kept:
            kept[state.version] = state.to_json()
        return events

    monkeypatch.setattr(Game, "apply", apply)
    return kept


@pytest.fixture
def revealed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games whose revealed view was asked for, in order (every call)."""
    calls: list[str] = []
    original = Game.revealed_view

    def spy(self: Game, state: Any, seats: int, ended: Any) -> dict[str, Any]:
        calls.append(self.info.key)
        return original(self, state, seats, ended)

    monkeypatch.setattr(Game, "revealed_view", spy)
    return calls


@pytest.mark.parametrize(("key", "seats", "humans"), WHOLE)
async def test_every_step_of_a_whole_game_is_its_stored_snapshot(key: str, seats: int, humans: list[Any],
                                                                  stored: dict[int, dict[str, Any]],
                                                                  revealed: list[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    if key in PLAYOUT_AI:  # a real whole game all the same, by the contract playouts' cheaper player
        monkeypatch.setitem(registry._PLUGINS, key, dataclasses.replace(registry.plugin(key), ai=PLAYOUT_AI[key]))
    svc, table_id = await play_out(key, seats, humans, seed="replayed")
    stored["stop"] = True
    assert revealed == []  # a whole game played, and no secret view asked for while it ran
    game = get_game(key)
    replay = await svc.replay_game(GUILD, CHANNEL)
    log = svc.store.actions(table_id)
    assert replay.table_id == table_id and replay.last == len(log)
    for step, row in enumerate(log, 1):
        state = replay.state(step)
        assert state.version == row["version"]
        assert stored[row["version"]] == state.to_json(), f"step {step}"
        assert [e.to_json() for e in replay.steps[step].events] == (loads(row["events"]) or [])
    assert replay.state(replay.last).to_json() == game.load(loads(svc.store.table_row(table_id)["state"])).to_json()
    assert replay.ended.winners == tuple(r["seat"] for r in svc.store.results(table_id) if r["winner"])
    page = await svc.replay_page(replay, replay.last)
    assert revealed and set(revealed) == {key}
    assert "The end of the game." in page.notice.text("en")


async def test_a_game_in_play_is_refused_and_its_secrets_never_asked(svc: TableService, revealed: list[str]) -> None:
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    assert table is not None
    for table_id in (None, table.id):
        with pytest.raises(IllegalAction) as refused:
            await svc.replay_game(GUILD, CHANNEL, table_id)
        assert refused.value.code == "replay_running"
    with pytest.raises(IllegalAction) as refused:
        await svc.replay_game(GUILD + 1, CHANNEL, table.id)  # another server's game: not found at all
    assert refused.value.code == "no_such_game"
    with pytest.raises(IllegalAction) as refused:
        await svc.replay_game(GUILD, CHANNEL + 1)
    assert refused.value.code == "no_finished_game"
    assert revealed == []


async def test_a_game_ended_by_a_resignation_is_replayed_with_the_tables_result(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    assert table is not None
    await svc.leave(CHANNEL, BOB)
    replay = await svc.replay_game(GUILD, CHANNEL)
    assert replay.ended.winners == (0,) and replay.ended.reason == "resigned"
    page = await svc.replay_page(replay, 0)
    assert page.notice.text("en")[0].startswith(f"Replay of game #{table.id} ")


async def test_local_play_steps_through_the_last_game_with_its_text_board(tmp_path: Any) -> None:
    import io

    from gavel.tables import screen
    from gavel.tables.console import CHANNEL as HERE
    from gavel.tables.console import GUILD as LOCAL
    from gavel.tables.console import Console, LocalOptions
    from renderer import for_game

    key = "dads_army"
    out = io.StringIO()
    service = TableService(":memory:", ais={key: registry.plugin(key).ai})
    console = Console(service, LocalOptions(game=key, seats=1, ai=1, seed="replay", images=str(tmp_path),
                                            pictures=screen.TEXT), out)
    await console.setup()
    for _ in range(2000):
        table = service.table(HERE)
        if table is None:
            break
        player = console.players[0]
        action = registry.plugin(key).ai(table.game, table.state, table.seat_of(player.user_id))
        await console.command(f"@{player.name} {action}")
    assert service.table(HERE) is None
    replay = await service.replay_game(LOCAL, HERE)
    start = out.tell()
    await console.command("replay")
    await console.command("replay next")
    await console.command("/table replay last")
    await console.command("replay 2")
    printed = out.getvalue()[start:]
    for step in (0, 1, replay.last, 2):
        assert f"step {step} of {replay.last}." in printed
    draw = for_game(key).text_board
    assert draw is not None
    assert printed.count("\u2500") > 4 * 10  # each step under its text board (box drawing)
    with pytest.raises(IllegalAction):
        await console.command("replay sideways")
    await console.command("replay export")
    assert (tmp_path / f"table{replay.table_id}-replay.gif").read_bytes()[:6] == b"GIF89a"


@pytest.mark.parametrize("key", ["dads_army", "judgement", "judge_dredd"])
def test_any_step_in_any_order_is_folded_again_from_the_steps_kept(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only one step in `CHECKPOINT` is kept: any other, asked in any order (an undo's among
    them), is the state the game had."""
    import json
    import random

    from gavel.tables import replays
    from tests.rules.test_replay_steps import seeded

    monkeypatch.setattr(replays, "CHECKPOINT", 4)
    game = get_game(key)
    seats = game.info.max_seats
    setup, log, snapshots = seeded(game, seats, seed=3)
    row = {"id": 1, "config": json.dumps({}), "variant": None, "setup": json.dumps(setup)}
    stored = [{"seat": s, "action": t, "chance": json.dumps(c)} for s, t, c in log]
    replay = replays.fold(game, row, [{"name": f"p{i}"} for i in range(seats)], stored,
                          [{"seat": 0, "winner": 1, "reason": "test"}])
    assert len(replay.checkpoints) == len(snapshots) // 4 + (len(snapshots) % 4 > 0)
    order = list(range(len(snapshots)))
    random.Random(1).shuffle(order)
    for step in [6, 5, 7, *order, *range(len(snapshots))]:
        assert replay.state(step).to_json() == snapshots[step], f"step {step}"


async def test_what_other_parts_add_to_a_game_is_added_once_when_it_is_folded(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    await svc.leave(CHANNEL, BOB)
    calls: list[int] = []

    def add(replay: Any) -> None:
        calls.append(replay.table_id)
        replay.marks = (0,)
        replay.extra[0] = [Msg("table.replay_end")]

    svc.replays.additions.append(add)
    replay = await svc.replay_game(GUILD, CHANNEL)
    again = await svc.replay_game(GUILD, CHANNEL, replay.table_id)
    assert again is replay and calls == [replay.table_id]  # kept folded: added to once
    assert replay.marks == (0,)
    page = await svc.replay_page(replay, 0)
    assert "The end of the game." in page.notice.text("en")
