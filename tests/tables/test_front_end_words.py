"""The service words a change for its front-end, which edits none of its lines: who is to act is a
line for local play and none where the front-end names them from the prompt (`mentions`), and a
seat the AI took for its away player is a fact of the channel's notice (`Public.away`)."""

from __future__ import annotations

from gavel.tables.notices import Public, from_record, to_record
from tests.tables.conftest import ALICE, BOB, make_service, seat

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
