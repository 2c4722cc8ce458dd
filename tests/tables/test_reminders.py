"""Half-time reminders and per-player settings below Discord, on both database backends: the
reminder time is stored with the decision's clock (half-way through a clock of two minutes or
more, kept by passes), exactly one process sends it (even one that never touched the table),
never for a decision answered since, nor to a player who turned reminders off; settings are per
user, merged, and seen by every process. Two services on one database stand for two processes.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gavel.tables.clock import WindowClock
from gavel.tables.console import LocalOptions, run
from gavel.tables.decisions import REMIND_FROM
from gavel.tables.notices import Notice, Prompt, Public, Reminder, from_record, to_record
from gavel.tables.service import TableService
from rules.core import IllegalAction
from tests.tables.backends import Backend
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service
from tests.tables.test_shared_clock import Delivered, Wall, stored_clock, window_service, window_table

LONG = 600.0


def sent(delivered: Delivered) -> list[Reminder]:
    return [n for _, notices in delivered.notices for n in notices if isinstance(n, Reminder)]


# --------------------------------------------------------------------------- the store
def test_settings_are_per_user_merged_and_seen_by_another_store(backend: Backend) -> None:
    db = backend.location()
    here = make_service(db).store
    assert here.user_settings(ALICE.user_id) == {}
    assert here.set_user_settings(ALICE.user_id, {"reminders": False}) == {"reminders": False}
    assert here.set_user_settings(ALICE.user_id, {"other": 1}) == {"reminders": False, "other": 1}
    there = make_service(db).store  # another process
    assert there.user_settings(ALICE.user_id) == {"reminders": False, "other": 1}
    assert there.user_settings(BOB.user_id) == {}


def test_a_reminder_is_claimed_once_and_a_newer_decision_clears_older_claims(backend: Backend) -> None:
    db = backend.location()
    here, there = make_service(db).store, make_service(db).store
    assert here.claim_reminder(1, 4) and not there.claim_reminder(1, 4) and not here.claim_reminder(1, 4)
    assert there.claim_reminder(1, 9) and here.claim_reminder(2, 4)  # another decision, another table
    assert backend.execute(here, "SELECT table_id, opened FROM reminders ORDER BY table_id, opened") == [(1, 9), (2, 4)]


# --------------------------------------------------------------------------- the clock row
async def test_the_reminder_time_is_half_way_stored_with_the_clock_and_kept_by_a_pass(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = window_service(db, wall)
    table_id = await window_table(here, timeout=LONG)
    opened = here.table(CHANNEL).version
    start = wall.now
    assert stored_clock(here, table_id) == {"at": opened, "opened": opened, "due": start + LONG,
                                            "remind": start + LONG / 2, "start": start}
    deadline = here.deadline(CHANNEL)
    assert deadline is not None and deadline.remind == pytest.approx(LONG / 2) and deadline.opened == opened
    wall.now += 100
    await here.act(CHANNEL, ALICE, "pass")
    assert stored_clock(here, table_id)["remind"] == start + LONG / 2
    deadline = here.deadline(CHANNEL)
    assert deadline is not None and deadline.remind == pytest.approx(LONG / 2 - 100) and deadline.opened == opened
    again = window_service(db, wall)  # a restart: the same reminder time
    await again.restore()
    deadline = again.deadline(CHANNEL)
    assert deadline is not None and deadline.remind == pytest.approx(LONG / 2 - 100) and deadline.opened == opened


async def test_a_clock_under_two_minutes_has_no_reminder(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = window_service(db, wall)
    table_id = await window_table(here, timeout=REMIND_FROM - 1)
    assert "remind" not in stored_clock(here, table_id)
    deadline = here.deadline(CHANNEL)
    assert deadline is not None and deadline.remind is None and deadline.opened is None


# --------------------------------------------------------------------------- sending it
async def test_exactly_one_process_sends_the_reminder_even_one_that_never_touched_the_table(backend: Backend) -> None:
    db, wall = backend.location(), Wall()
    here = window_service(db, wall)
    table_id = await window_table(here, timeout=LONG)
    opened = here.table(CHANNEL).version
    wall.now += 100
    await here.act(CHANNEL, ALICE, "pass")  # alice answered before half time: only bob is reminded
    there = window_service(db, wall)  # another process: it has not loaded the table
    seen_there, seen_here = Delivered(), Delivered()
    there_clock, here_clock = WindowClock(there, seen_there), WindowClock(here, seen_here)
    try:
        await there_clock.poll_once()
        assert sent(seen_there) == []  # not due yet
        wall.now += LONG / 2 - 100
        await there_clock.poll_once()
        await here_clock.poll_once()
        await there_clock.poll_once()
    finally:
        there_clock.close()
        here_clock.close()
    [reminder] = sent(seen_there)
    assert (reminder.table_id, reminder.seat, reminder.user_id, reminder.opened) == (table_id, 1, BOB.user_id, opened)
    assert reminder.ends == wall.now + LONG / 2 and reminder.left == LONG / 2
    assert sent(seen_here) == [] and await here.remind(CHANNEL, opened) == []  # its own timer finds it sent
    assert from_record(to_record(reminder)) == reminder  # as the outbox keeps it


async def test_the_change_that_opens_a_decision_pings_its_seats_and_its_passes_do_not() -> None:
    svc = window_service(":memory:", Wall())
    await window_table(svc, timeout=LONG)  # alice drew: the window asks both
    window = await svc.act(CHANNEL, BOB, "pass")
    public = next(n for n in window if isinstance(n, Public))
    assert public.prompt is not None and public.prompt.seat == 0 and not public.prompt.ping  # asked before
    kept = from_record(to_record(Prompt(1, 2, 0, 9, ["pass"], ping=True)))
    assert isinstance(kept, Prompt) and kept.ping  # the outbox keeps who is to be pinged
    played = await svc.act(CHANNEL, ALICE, "play " + str(svc.table(CHANNEL).state.hands[0][0]))
    prompts = [n.prompt if isinstance(n, Public) else n for n in played if isinstance(n, (Public, Prompt))]
    # a new decision pings bob again; alice, who played, reads her buttons in the reply to her click
    assert sorted((p.seat, p.ping) for p in prompts if p is not None) == [(0, False), (1, True)]


async def test_no_reminder_for_a_decision_answered_since_nor_for_a_player_who_turned_them_off() -> None:
    wall = Wall()
    svc = window_service(":memory:", wall)
    await window_table(svc, timeout=LONG)
    opened = svc.table(CHANNEL).version
    await svc.act(CHANNEL, ALICE, "play " + str(svc.table(CHANNEL).state.hands[0][0]))  # a new decision
    assert await svc.remind(CHANNEL, opened) == []
    await svc.set_settings(BOB.user_id, reminders=False)
    notices: list[Notice] = await svc.remind(CHANNEL, svc.table(CHANNEL).version)
    assert [(n.seat, n.user_id) for n in notices if isinstance(n, Reminder)] == [(0, ALICE.user_id)]
    assert await svc.remind(CHANNEL, svc.table(CHANNEL).version) == []  # once per decision


async def test_settings_refuse_an_unknown_setting_or_value() -> None:
    svc = window_service(":memory:", Wall())
    for bad in ({"colour": True}, {"reminders": "no"}):
        with pytest.raises(IllegalAction) as err:
            await svc.set_settings(ALICE.user_id, **bad)
        assert err.value.code == "bad_setting"
    with pytest.raises(IllegalAction):
        await svc.settings_notice(ALICE.user_id, "maybe")
    assert await svc.settings(ALICE.user_id) == {"reminders": True, "inbox": "off", "sleep": "off", "tz": "UTC"}


# --------------------------------------------------------------------------- local play
async def test_local_play_shows_and_sets_the_typists_settings(tmp_path: Path) -> None:
    svc: TableService = make_service()
    out = io.StringIO()
    opts = LocalOptions(game="toy", images=str(tmp_path / "img"), seats=2)
    code = await run(opts, service=svc, stdin=io.StringIO("/table settings\n/table settings reminders:off\n"), out=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Half-time reminders by DM: on" in text and "Saved." in text and "Half-time reminders by DM: off" in text
    assert await svc.settings(ALICE.user_id) == {"reminders": False, "inbox": "off", "sleep": "off", "tz": "UTC"}
