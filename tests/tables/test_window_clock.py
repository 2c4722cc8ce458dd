"""The window clock: a table setting, `deadline`/`expire` in the service, and `WindowClock` timers."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from gavel.tables.clock import Deadline, WindowClock
from gavel.tables.notices import Notice, Public, Timer
from gavel.tables.service import TableService
from gavel.tables.table import DEFAULT_TIMEOUT, TIMEOUT_KEY, split_config, stored_config, stored_timeout, table_settings
from rules.core import IllegalAction
from tests.tables import toy_window
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD

TINY = 0.05
"""A window clock short enough to run out during a test. The tests wait for what the clock does
(a delivery, a log line, its timer's end), never for a fixed time: on a busy machine running out
and expiring may take far longer than the clock itself."""
PATIENCE = 30.0
"""The longest a test waits for what a clock must do before it fails (a hang, not a slow machine)."""


async def until(condition, what: str) -> None:
    """Wait until `condition()` holds, looking again after every short pause; fail, saying `what`
    was awaited, after `PATIENCE`."""
    try:
        async with asyncio.timeout(PATIENCE):
            while not condition():
                await asyncio.sleep(TINY / 5)
    except TimeoutError:
        pytest.fail(f"not within {PATIENCE} s: {what}")


async def timer_ends(clock: WindowClock, channel: int = CHANNEL) -> None:
    """Wait until the channel's timer, if one is running, has run its course (fired or found its
    decision gone)."""
    task = clock._tasks.get(channel)
    if task is not None:
        async with asyncio.timeout(PATIENCE):
            await asyncio.gather(task, return_exceptions=True)


class Time:
    """A clock the test moves by hand (the service's `clock`): it stands still unless told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def window_service(db: str = ":memory:", clock: Time | None = None) -> TableService:
    return TableService(db, renderers={"toy_window": toy_window.HandRenderer()},
                        ais={"toy_window": toy_window.choose}, clock=clock or Time())


async def window_table(svc: TableService, *players, ai: int = 0, timeout: float | None = None,
                       channel: int = CHANNEL) -> list[Notice]:
    await svc.create(GUILD, channel, "toy_window", players[0], seed="w", timeout=timeout)
    for p in players[1:]:
        await svc.join(channel, p)
    for _ in range(ai):
        await svc.add_ai(channel, players[0])
    return await svc.start(channel, players[0])


async def open_window(svc: TableService, channel: int = CHANNEL) -> None:
    """Alice (seat 0, the turn player) draws: every seat is now in the window."""
    await svc.act(channel, ALICE, "draw")


# --------------------------------------------------------------------------- the setting
def test_table_settings_are_every_underscore_key_and_never_the_engines() -> None:
    stored = stored_config({"ready": True, "_junk": 1}, "zh-TW", timeout=30)
    assert stored[TIMEOUT_KEY] == 30
    assert split_config(stored) == ({"ready": True}, "zh-TW")
    assert table_settings(stored) == {"lang": "zh-TW", "timeout": 30}
    assert stored_timeout(stored) == 30 and stored_timeout({"ready": True}) == DEFAULT_TIMEOUT == 60


async def test_the_clock_defaults_to_60_seconds_and_0_means_no_clock() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    await window_table(svc, ALICE, BOB, timeout=0, channel=CHANNEL + 1)
    assert svc.table(CHANNEL).timeout == 60
    await open_window(svc)
    await open_window(svc, CHANNEL + 1)
    assert svc.deadline(CHANNEL) == Deadline(svc.table(CHANNEL).id, CHANNEL, svc.table(CHANNEL).version, 60)
    assert svc.deadline(CHANNEL + 1) is None


async def test_a_bad_clock_is_refused() -> None:
    svc = window_service()
    with pytest.raises(IllegalAction) as err:
        await svc.create(GUILD, CHANNEL, "toy_window", ALICE, timeout=-1)
    assert err.value.code == "bad_timeout" and svc.table(CHANNEL) is None


async def test_the_clock_survives_a_restart_and_the_engine_never_sees_it(tmp_path) -> None:
    db = str(tmp_path / "clock.sqlite3")
    svc = window_service(db)
    await window_table(svc, ALICE, BOB, timeout=17)
    assert "_timeout" not in svc.table(CHANNEL).config
    assert json.loads(svc.store.table_row(svc.table(CHANNEL).id)["config"])[TIMEOUT_KEY] == 17
    again = window_service(db)
    assert await again.restore() == 1
    assert again.table(CHANNEL).timeout == 17
    await open_window(again)
    assert again.deadline(CHANNEL).seconds == 17


# --------------------------------------------------------------------------- deadline and expire
async def test_no_deadline_for_a_decision_only_that_player_can_make() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    assert svc.legal_for(CHANNEL, ALICE) == ["draw"]
    assert svc.deadline(CHANNEL) is None
    assert svc.deadline(CHANNEL + 99) is None  # no table at all


async def test_ai_seats_in_a_window_act_at_once_and_only_humans_are_waited_for() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB, ai=2)
    notices = await svc.act(CHANNEL, ALICE, "draw")
    table = svc.table(CHANNEL)
    assert table.to_act() == [0, 1]  # both AI seats already passed
    keys = [m.key for m in notices[0].lines]
    assert keys.count("toy_window.event.passed") == 2
    assert svc.deadline(CHANNEL).version == table.version


async def test_expire_passes_every_human_still_in_the_window_then_ai_seats_play_on() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB, CAROL, ai=1)
    await open_window(svc)
    await svc.act(CHANNEL, BOB, "pass")
    version = svc.table(CHANNEL).version
    notices = await svc.expire(CHANNEL, version)
    public = notices[0]
    assert isinstance(public, Public)
    assert public.lines[0].key == "table.timed_out"
    assert public.text("en")[0] == "Time is up for alice, carol."
    table = svc.table(CHANNEL)
    assert table.state.round == 1 and not table.state.window  # the window closed
    assert table.to_act() == [1]  # Bob draws next: a decision with no clock
    assert svc.deadline(CHANNEL) is None


async def test_a_stale_timer_does_nothing() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    await open_window(svc)
    version = svc.table(CHANNEL).version
    await svc.act(CHANNEL, BOB, "pass")
    assert await svc.expire(CHANNEL, version) == []
    assert svc.table(CHANNEL).version == version + 1
    assert await svc.expire(CHANNEL + 5, version) == []  # no table: nothing either


async def test_expire_of_one_window_does_not_pass_the_next_one() -> None:
    """Alice's timed-out pass closes the window; Bob then draws — nobody passes for him."""
    svc = window_service()
    await window_table(svc, ALICE, BOB)
    await open_window(svc)
    await svc.act(CHANNEL, BOB, "pass")
    await svc.expire(CHANNEL, svc.table(CHANNEL).version)
    assert svc.legal_for(CHANNEL, BOB) == ["draw"]


async def test_a_pass_does_not_give_the_others_a_fresh_minute() -> None:
    time = Time()
    svc = window_service(clock=time)
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    time.now += 40
    await svc.act(CHANNEL, BOB, "pass")
    assert svc.deadline(CHANNEL).seconds == 20
    time.now += 25
    assert svc.deadline(CHANNEL).seconds == 0  # overdue: a timer armed now fires at once


async def test_a_card_played_starts_the_windows_clock_afresh() -> None:
    time = Time()
    svc = window_service(clock=time)
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    time.now += 40
    card = svc.table(CHANNEL).state.hands[1][0]
    await svc.act(CHANNEL, BOB, f"play {card}")
    assert svc.deadline(CHANNEL).seconds == 60


async def test_a_new_window_gets_the_whole_time() -> None:
    time = Time()
    svc = window_service(clock=time)
    await window_table(svc, ALICE, BOB)
    await open_window(svc)
    time.now += 50
    await svc.act(CHANNEL, ALICE, "pass")
    await svc.act(CHANNEL, BOB, "pass")  # the window closes; Bob draws; the next one opens
    time.now += 5
    await svc.act(CHANNEL, BOB, "draw")
    assert svc.deadline(CHANNEL).seconds == 60


# --------------------------------------------------------------------------- WindowClock
class Deliveries:
    def __init__(self) -> None:
        self.got: list[tuple[int, list[Notice]]] = []
        self.event = asyncio.Event()

    async def __call__(self, channel: int, notices: list[Notice]) -> None:
        self.got.append((channel, notices))
        self.event.set()


async def test_the_clock_expires_a_window_delivers_and_arms_the_next() -> None:
    svc = window_service()
    deliver = Deliveries()
    clock = WindowClock(svc, deliver)
    await window_table(svc, ALICE, BOB, ai=1, timeout=TINY)
    assert clock.arm(CHANNEL) is None and not clock.armed(CHANNEL)  # Alice must draw: no clock
    await open_window(svc)
    deadline = clock.arm(CHANNEL)
    assert deadline is not None and deadline.seconds == TINY
    await asyncio.wait_for(deliver.event.wait(), PATIENCE)
    channel, notices = deliver.got[0]
    assert channel == CHANNEL and notices[0].lines[0].key == "table.timed_out"
    assert svc.legal_for(CHANNEL, BOB) == ["draw"]
    assert not clock.armed(CHANNEL)  # Bob's draw has no clock
    await svc.act(CHANNEL, BOB, "draw")
    deliver.event.clear()
    clock.arm(CHANNEL)
    await asyncio.wait_for(deliver.event.wait(), PATIENCE)
    assert len(deliver.got) == 2
    clock.close()


async def test_arming_again_restarts_the_timer_and_disarm_stops_it() -> None:
    svc = window_service()
    deliver = Deliveries()
    clock = WindowClock(svc, deliver)
    await window_table(svc, ALICE, BOB, timeout=TINY)
    await open_window(svc)
    clock.arm(CHANNEL)
    first = clock._tasks[CHANNEL]
    clock.arm(CHANNEL)  # the first timer is cancelled: one expiry only
    second = clock._tasks[CHANNEL]
    clock.disarm(CHANNEL)
    assert not clock.armed(CHANNEL)
    await asyncio.gather(first, second, return_exceptions=True)  # both stopped, neither fired
    assert first.cancelled() and second.cancelled()
    assert deliver.got == [] and svc.table(CHANNEL).state.window
    clock.arm(CHANNEL)
    await asyncio.wait_for(deliver.event.wait(), PATIENCE)
    assert len(deliver.got) == 1
    clock.close()


async def test_a_timer_whose_window_moved_on_delivers_nothing() -> None:
    svc = window_service()
    deliver = Deliveries()
    clock = WindowClock(svc, deliver)
    await window_table(svc, ALICE, BOB, CAROL, timeout=TINY)
    await open_window(svc)
    clock.arm(CHANNEL)
    await svc.act(CHANNEL, BOB, "pass")  # the front-end forgot to re-arm
    await timer_ends(clock)
    assert deliver.got == [] and svc.table(CHANNEL).to_act() == [0, 2]
    clock.close()


async def test_errors_in_a_timer_are_logged_not_raised(caplog) -> None:
    svc = window_service()

    async def broken(channel: int, notices: list[Notice]) -> None:
        raise RuntimeError("discord is down")

    clock = WindowClock(svc, broken)
    await window_table(svc, ALICE, BOB, timeout=TINY)
    await open_window(svc)
    with caplog.at_level(logging.ERROR, logger="gavel.tables.clock"):
        clock.arm(CHANNEL)
        await until(lambda: "could not deliver" in caplog.text, "the failed delivery is logged")
    assert not svc.table(CHANNEL).state.window  # the passes were applied all the same
    clock.close()


async def test_a_failing_expire_is_logged_and_not_retried(caplog, monkeypatch) -> None:
    svc = window_service()
    deliver = Deliveries()
    clock = WindowClock(svc, deliver)
    await window_table(svc, ALICE, BOB, timeout=TINY)
    await open_window(svc)

    async def broken(channel: int, version: int) -> list[Notice]:
        raise RuntimeError("a bug in a game")

    monkeypatch.setattr(svc, "expire", broken)
    with caplog.at_level(logging.ERROR, logger="gavel.tables.clock"):
        clock.arm(CHANNEL)
        await timer_ends(clock)
    assert "window clock of channel" in caplog.text and "a bug in a game" in caplog.text
    assert not clock.armed(CHANNEL) and deliver.got == []


async def test_arm_all_after_a_restart(tmp_path) -> None:
    db = str(tmp_path / "arm.sqlite3")
    svc = window_service(db)
    await window_table(svc, ALICE, BOB, timeout=TINY)
    await window_table(svc, CAROL, BOB, timeout=TINY, channel=CHANNEL + 1)  # Carol must draw: no clock
    await open_window(svc)
    again = window_service(db)
    await again.restore()
    deliver = Deliveries()
    clock = WindowClock(again, deliver)
    assert [d.channel_id for d in clock.arm_all()] == [CHANNEL]
    await asyncio.wait_for(deliver.event.wait(), PATIENCE)
    assert again.legal_for(CHANNEL, BOB) == ["draw"]
    clock.close()


async def test_a_lost_delivery_does_not_stop_the_table_the_next_window_is_armed() -> None:
    svc = window_service()
    calls: list[list[Notice]] = []

    async def flaky(channel: int, notices: list[Notice]) -> None:
        calls.append(notices)
        if len(calls) == 1:
            raise RuntimeError("discord hiccup")

    clock = WindowClock(svc, flaky)
    await svc.create(GUILD, CHANNEL, "toy_window", ALICE, seed="w", timeout=TINY)
    await svc.add_ai(CHANNEL, ALICE)  # seat 1: after Alice's window it draws at once, opening the next
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    await open_window(svc)
    clock.arm(CHANNEL)
    # The first delivery failed; the AI's window after it was armed all the same, and ran out.
    await until(lambda: len(calls) >= 2, "the next window ran out and was delivered")
    assert calls[1][0].lines[0].key == "table.timed_out"
    clock.close()


async def test_the_lobby_and_the_status_say_how_long_a_window_waits() -> None:
    svc = window_service()
    created = await svc.create(GUILD, CHANNEL, "toy_window", ALICE, timeout=45)
    assert "Card-play windows close after 45 s: whoever has not answered by then passes." in created[0].text("en")
    await svc.create(GUILD, CHANNEL + 1, "toy_window", ALICE, timeout=0)
    status = await svc.status(CHANNEL + 1)
    assert [m.key for m in status.lines if "clock" in m.key] == ["table.no_clock"]
    assert "出牌時機不計時" in "".join(status.text("zh-TW"))


async def test_a_game_without_windows_says_nothing_about_a_clock(svc) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE)
    assert not [m for m in (await svc.status(CHANNEL)).lines if "clock" in m.key]


# --------------------------------------------------------------------------- the timer in the answer
class Asked:
    """A service whose `deadline` and `ai_due` count how often the clock asks them."""

    def __init__(self, svc: TableService) -> None:
        self.svc, self.asked = svc, 0

    def __getattr__(self, name: str):
        return getattr(self.svc, name)

    def deadline(self, channel_id: int) -> Deadline | None:
        self.asked += 1
        return self.svc.deadline(channel_id)

    def ai_due(self, channel_id: int) -> float | None:
        self.asked += 1
        return self.svc.ai_due(channel_id)


async def test_a_change_carries_the_timer_the_clock_arms_without_asking() -> None:
    svc = window_service()
    started = await window_table(svc, ALICE, BOB, timeout=TINY)
    assert started[0].timer == Timer(svc.table(CHANNEL).id, svc.table(CHANNEL).version)  # Alice draws: no clock
    notices = await svc.act(CHANNEL, ALICE, "draw")
    timer = notices[0].timer
    assert timer is not None and timer.deadline == svc.deadline(CHANNEL) and timer.ai_due is None
    assert timer.deadline is not None and timer.deadline.seconds == TINY
    asked, deliver = Asked(svc), Deliveries()
    clock = WindowClock(asked, deliver)
    assert clock.arm(CHANNEL, timer) == timer.deadline and clock.armed(CHANNEL) and asked.asked == 0
    await asyncio.wait_for(deliver.event.wait(), PATIENCE)
    assert deliver.got[0][1][0].lines[0].key == "table.timed_out"
    clock.close()


async def test_an_older_changes_timer_leaves_the_newer_one_armed() -> None:
    """Deliveries may end out of order: the timer of a change the table has moved past is not
    armed over the newer change's."""
    svc = window_service()
    await window_table(svc, ALICE, BOB, timeout=TINY)
    table = svc.table(CHANNEL)
    clock = WindowClock(svc, Deliveries())
    newer = Timer(table.id, table.version + 1, Deadline(table.id, CHANNEL, table.version + 1, PATIENCE))
    older = Timer(table.id, table.version, None)
    assert clock.arm(CHANNEL, newer) == newer.deadline
    task = clock._tasks[CHANNEL]
    assert clock.arm(CHANNEL, older) is None and clock._tasks[CHANNEL] is task and not task.cancelled()
    clock.arm(CHANNEL, Timer(table.id + 1, 0, None))  # the channel's next table: armed (nothing to wait for)
    assert not clock.armed(CHANNEL)
    clock.close()
