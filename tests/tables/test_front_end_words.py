"""The service words a change for its front-end, which edits none of its lines: who is to act is a
line for local play and none where the front-end names them from the prompt (`mentions`); a seat
the AI took for its away player, and the seat that may take its action back, are facts of the
channel's notice (`Public.away`, `Public.undo`); a click is decoded in one light call."""

from __future__ import annotations

import pytest

from gavel.tables.notices import Public, from_record, to_record
from rules.core import IllegalAction
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat

TURN = {"table.your_turn", "table.may_act"}


def public(notices: list) -> Public:
    return next(n for n in notices if isinstance(n, Public))


async def test_local_play_hears_whose_turn_it_is_and_a_front_end_that_mentions_does_not() -> None:
    said = public(await seat(make_service(), ALICE, BOB))
    assert said.prompt is not None and TURN & {m.key for m in said.lines}
    svc = make_service()
    svc.mentions = True
    quiet = public(await seat(svc, ALICE, BOB))
    assert quiet.prompt is not None and not TURN & {m.key for m in quiet.lines}
    assert [m.key for m in quiet.lines] == [m.key for m in said.lines if m.key not in TURN]


def test_the_away_fact_travels_through_the_outbox() -> None:
    notice = Public(1, [], away=True)
    assert from_record(to_record(notice)).away is True  # type: ignore[union-attr]
    assert from_record(to_record(Public(1, []))).away is False  # type: ignore[union-attr]


def test_the_undo_fact_travels_through_the_outbox() -> None:
    assert from_record(to_record(Public(1, [], undo=(2, 7)))).undo == (2, 7)  # type: ignore[union-attr]


async def test_a_click_is_decoded_in_one_call_and_a_gone_position_is_refused() -> None:
    svc = make_service()
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    mover = next(p for p in (ALICE, BOB) if table.seat_of(p.user_id) == table.humans_to_act()[0])
    found, prompt = await svc.for_click(CHANNEL, mover, table.id, table.version)
    assert found is table and prompt is not None and prompt.actions and prompt.labels == {}
    with pytest.raises(IllegalAction) as gone:
        await svc.for_click(CHANNEL, mover, table.id + 1, table.version)  # another table's button
    assert gone.value.code == "stale_button"
