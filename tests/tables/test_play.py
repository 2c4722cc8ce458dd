"""Turns: who may act, stale buttons, prompts, images, and AI seats playing until a human must
(the tests that take `bsvc` on SQLite and on PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from gavel.tables.notices import Private, Prompt, Public
from gavel.tables.service import TableService
from rules.core import IllegalAction
from tests.tables import toy_game
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, seat


async def test_turn_order_follows_the_engine(bsvc: TableService) -> None:
    svc = bsvc  # on each database backend
    notices = await seat(svc, ALICE, BOB, CAROL, dice=[2, 3, 4])
    assert notices[0].prompt.seat == 0 and notices[0].prompt.user_id == ALICE.user_id
    assert notices[0].prompt.actions == ["roll", "peek"]
    for player, die in ((ALICE, 2), (BOB, 3), (CAROL, 4)):
        await svc.act(CHANNEL, player, "roll")
        notices = await svc.act(CHANNEL, player, f"move {die}")
    assert notices[0].prompt.user_id == ALICE.user_id
    assert svc.table(CHANNEL).state.pos == [2, 3, 4]


async def test_not_your_turn_is_refused_and_changes_nothing(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    version = svc.table(CHANNEL).version
    with pytest.raises(IllegalAction) as err:
        await svc.act(CHANNEL, BOB, "roll")
    assert err.value.code == "not_your_turn"
    assert svc.table(CHANNEL).version == version
    assert svc.store.actions(svc.table(CHANNEL).id) == []


async def test_illegal_and_unreadable_actions_are_refused(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    for text, code in (("move 3", "illegal_action"), ("dance", "unreadable_action"), ("", "unreadable_action")):
        with pytest.raises(IllegalAction) as err:
            await svc.act(CHANNEL, ALICE, text)
        assert err.value.code == code
    assert svc.table(CHANNEL).version == 0


async def test_not_seated_players_cannot_act(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    with pytest.raises(IllegalAction) as err:
        await svc.act(CHANNEL, CAROL, "roll")
    assert err.value.code == "not_seated"


async def test_stale_version_is_refused(bsvc: TableService) -> None:
    svc = bsvc  # on each database backend
    notices = await seat(svc, ALICE, BOB, dice=[5])
    version = notices[0].prompt.version
    await svc.act(CHANNEL, ALICE, "roll", version=version)
    with pytest.raises(IllegalAction) as err:
        await svc.act(CHANNEL, ALICE, "move 5", version=version)
    assert err.value.code == "stale"
    await svc.act(CHANNEL, ALICE, "move 5", version=version + 1)


async def test_every_action_returns_lines_board_image_and_prompt(svc: TableService,
                                                                 renderer: toy_game.Renderer) -> None:
    await seat(svc, ALICE, BOB, dice=[4])
    notices = await svc.act(CHANNEL, ALICE, "roll")
    public = notices[0]
    assert isinstance(public, Public)
    assert public.text("en")[0].startswith("toy.event.rolled")  # the toy game has no catalogue
    assert public.text("en")[-1] == "alice, it is your turn."
    assert public.prompt == Prompt(public.table_id, 1, 0, ALICE.user_id, ["move 1", "move 2", "move 3", "move 4"],
                                   private=True, asked=(0,),  # the toy game has hidden information
                                   game="toy", names=("alice", "bob"), users=(ALICE.user_id, BOB.user_id))
    image = json.loads(public.image)
    assert image["view"]["seat"] is None and image["view"]["roll"] == 4
    assert image["highlight"] is None  # hidden information: the channel's board marks no moves


async def test_ai_seats_play_until_a_human_must_act(bsvc: TableService) -> None:
    svc = bsvc  # on each database backend
    await seat(svc, ALICE, ai=2, dice=[1, 2, 3])
    notices = await svc.act(CHANNEL, ALICE, "roll")
    notices = await svc.act(CHANNEL, ALICE, "move 1")
    table = svc.table(CHANNEL)
    assert table.state.pos == [1, 2, 3]  # both AI seats rolled and moved as far as they could
    assert notices[0].prompt.user_id == ALICE.user_id and table.version == 6
    assert [type(n) for n in notices] == [Public]
    assert svc.legal_for(CHANNEL, ALICE) == ["roll", "peek"]
    assert svc.legal_for(CHANNEL, BOB) == []


async def test_an_ai_only_game_is_played_to_the_end_by_start(bsvc: TableService) -> None:
    svc = bsvc  # on each database backend
    await svc.create(1, CHANNEL, "toy", ALICE, seed="ai", sit=False)
    for _ in range(3):
        await svc.add_ai(CHANNEL, ALICE)
    notices = await svc.start(CHANNEL, ALICE)
    assert notices[0].lines[-1].key == "table.winner"
    assert svc.table(CHANNEL) is None
    assert not any(isinstance(n, Private) for n in notices)


async def test_a_policy_that_fails_does_not_stall_the_table(renderer: toy_game.Renderer) -> None:
    def broken(game, state, seat):
        raise RuntimeError("bug in the AI")

    svc = TableService(":memory:", renderers={"toy": renderer}, ais={"toy": broken})
    await seat(svc, ALICE, ai=1, dice=[3, 5])
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 3")
    assert svc.table(CHANNEL).state.pos == [3, 1]  # the AI fell back to its first legal actions


@pytest.mark.parametrize("answer", ["move 6", "dance", "peek"])
async def test_a_policy_that_proposes_an_illegal_or_unreadable_action_does_not_stall_the_table(
        renderer: toy_game.Renderer, answer: str) -> None:
    svc = TableService(":memory:", renderers={"toy": renderer}, ais={"toy": lambda game, state, seat: answer})
    await seat(svc, ALICE, ai=1, dice=[3, 5])
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 3")
    table = svc.table(CHANNEL)
    played = [row["action"] for row in svc.store.actions(table.id)]
    if answer == "peek":  # legal for the AI's first decision, then no longer (it has peeked)
        assert played == ["roll", "move 3", "peek", "roll", "move 1"]
    else:
        assert played == ["roll", "move 3", "roll", "move 1"]  # its first legal actions stood in
    assert table.state.pos == [3, 1]


async def test_a_broken_renderer_costs_the_image_not_the_move() -> None:
    def broken(view, *, highlight=None, **_):
        raise ValueError("no font")

    svc = TableService(":memory:", renderers={"toy": toy_game.fake_renderer(broken)}, ais={"toy": toy_game.choose})
    await seat(svc, ALICE, BOB)
    notices = await svc.act(CHANNEL, ALICE, "roll")
    assert notices[0].image is None and svc.table(CHANNEL).version == 1


async def test_log_lists_actions_with_public_events(bsvc: TableService) -> None:
    svc = bsvc  # on each database backend
    await seat(svc, ALICE, BOB, dice=[3])
    empty = await svc.log(CHANNEL)
    assert [m.key for m in empty.lines] == ["table.log_empty"]
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 2")
    log = await svc.log(CHANNEL, 5)
    assert [m.key for m in log.lines] == ["table.log_line", "toy.event.rolled", "table.log_line", "toy.event.moved"]
    assert log.lines[0].params["seq"] == 1
    assert (await svc.log(CHANNEL, 1)).lines[0].params["seq"] == 2


async def test_a_game_without_a_renderer_module_plays_without_images() -> None:
    svc = TableService(":memory:", ais={"toy": toy_game.choose})  # there is no renderer/toy.py
    notices = await seat(svc, ALICE, BOB)
    assert notices[0].image is None and notices[0].prompt is not None
    assert (await svc.board(CHANNEL)).image is None


async def test_several_humans_to_act_each_get_a_prompt(svc: TableService) -> None:
    await svc.create(1, CHANNEL, "toy", ALICE, config={"ready": True})
    await svc.join(CHANNEL, BOB)
    await svc.add_ai(CHANNEL, ALICE)
    await svc.join(CHANNEL, CAROL)
    notices = await svc.start(CHANNEL, ALICE)  # the AI says ready at once; three humans may act
    assert [type(n) for n in notices] == [Public, Prompt, Prompt]
    assert [notices[0].prompt.user_id, notices[1].user_id, notices[2].user_id] == [1, 2, 3]
    assert all(p.actions == ["ready"] for p in (notices[0].prompt, notices[1], notices[2]))
    notices = await svc.act(CHANNEL, BOB, "ready")
    assert [notices[0].prompt.user_id, notices[1].user_id] == [ALICE.user_id, CAROL.user_id]
    await svc.act(CHANNEL, CAROL, "ready")
    notices = await svc.act(CHANNEL, ALICE, "ready")
    assert [type(n) for n in notices] == [Public] and notices[0].prompt.actions == ["roll", "peek"]
