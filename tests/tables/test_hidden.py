"""Hidden information travels only in Private notices to its own seat."""

from __future__ import annotations

import json

from gavel.tables.notices import Private, Public
from gavel.tables.service import TableService
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, seat


def public_text(notices) -> str:
    """Everything a channel would see: lines, params and the image bytes."""
    out = []
    for n in notices:
        if isinstance(n, Public):
            out += [repr(n.lines), (n.image or b"").decode(), repr(n.prompt), repr(n.alt)]  # the picture's words too
    return "\n".join(out)


async def test_a_private_event_reaches_only_its_seat(svc: TableService) -> None:
    await seat(svc, ALICE, BOB, CAROL)
    state = svc.table(CHANNEL).state
    card = state.deck[0]
    notices = await svc.act(CHANNEL, ALICE, "peek")
    privates = [n for n in notices if isinstance(n, Private)]
    assert [(p.seat, p.user_id) for p in privates] == [(0, ALICE.user_id)]
    assert privates[0].lines[0].key == "toy.event.peeked" and privates[0].lines[0].params["card"] == card
    assert str(card) not in public_text(notices)
    assert "toy.event.peek_used" in [m.key for m in notices[0].lines]


async def test_secrets_never_reach_the_channel(svc: TableService) -> None:
    notices = await seat(svc, ALICE, BOB, ai=1)
    state = svc.table(CHANNEL).state
    secrets = [str(s) for s in state.secrets + state.deck]
    notices += await svc.act(CHANNEL, ALICE, "peek")
    notices += await svc.act(CHANNEL, ALICE, "roll")
    notices.append(await svc.board(CHANNEL))
    notices.append(await svc.log(CHANNEL, 50))
    notices.append(await svc.status(CHANNEL))
    shown = public_text(notices)
    assert not [s for s in secrets if s in shown]


async def test_me_shows_my_secrets_and_nobody_elses(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    state = svc.table(CHANNEL).state
    await svc.act(CHANNEL, ALICE, "peek")
    mine = await svc.me(CHANNEL, ALICE)
    assert isinstance(mine, Private) and mine.user_id == ALICE.user_id and mine.seat == 0
    assert [m.key for m in mine.lines] == ["table.me_seat", "toy.event.peeked", "table.me_to_act"]
    assert json.loads(mine.image)["view"]["secret"] == state.secrets[0]
    bobs = await svc.me(CHANNEL, BOB)
    assert [m.key for m in bobs.lines] == ["table.me_seat", "table.me_nothing_secret"]
    text = repr(bobs.lines) + bobs.image.decode()
    assert str(state.secrets[0]) not in text and str(state.deck[0]) not in text
    assert str(state.secrets[1]) in text


async def test_the_board_of_a_hidden_information_game_asked_by_a_player_is_private(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    state = svc.table(CHANNEL).state
    board = await svc.board(CHANNEL, for_user=BOB)
    assert isinstance(board, Private) and board.user_id == BOB.user_id
    assert json.loads(board.image)["view"]["secret"] == state.secrets[1]
    spectator = await svc.board(CHANNEL, for_user=CAROL)
    assert isinstance(spectator, Public) and json.loads(spectator.image)["view"]["secret"] is None


async def test_an_action_with_no_public_event_is_announced_without_saying_what(svc: TableService,
                                                                               monkeypatch) -> None:
    await seat(svc, ALICE, BOB)
    game = svc.table(CHANNEL).game
    apply = game._apply

    def only_private(state, seat, action, chance):
        return [e for e in apply(state, seat, action, chance) if not e.public]

    monkeypatch.setattr(game, "_apply", only_private)
    notices = await svc.act(CHANNEL, ALICE, "peek")
    assert notices[0].lines[0].key == "table.acted_secretly"
    assert "peek" not in notices[0].text("en")[0]
    assert "peek" not in repr(notices[0].lines)


async def test_only_a_game_without_secrets_marks_the_moves_on_the_channel_board() -> None:
    from tests.tables import toy_game
    from tests.tables.conftest import GUILD

    spy = toy_game.Renderer()
    svc = TableService(":memory:", renderers={"dads_army": spy})
    await svc.create(GUILD, CHANNEL, "dads_army", ALICE, seed="marks", dice=[3])
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    mover = next(p for p in (ALICE, BOB) if svc.legal_for(CHANNEL, p) == ["roll"])
    notices = await svc.act(CHANNEL, mover, "roll")
    assert notices[0].prompt is not None and not notices[0].prompt.private
    assert spy.calls[-1]["highlight"], "Dad's Army has no secrets: the reachable squares are marked"
