"""Reminders on the simulated Discord: a seat is pinged once per decision, a player still to act
half-way through a long clock gets one DM (in their language, with the channel's link and the
time left), `/table settings reminders:off` stops it, and a restart neither loses nor repeats it.

The window toy (tests/cogs/toy_window.py) with a ten-minute window clock stands for any clock of
two minutes or more. The service's clocks follow simcord's virtual time (`env.now()`), so a
restart in the middle finds the stored reminder time where the timers left it.
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.delivery import channel_link, left_words
from gavel.tables import i18n
from gavel.tables.service import TableService
from tests.cogs import toy_window
from tests.cogs.conftest import buttons, fake_render, make_bot, refusals, walked_away
from tests.cogs.test_window import HAND_LINE, OPTIONS, window_commands
from tests.tables.toy_game import fake_renderer

LONG = 600
"""A window clock of ten minutes: its reminder is due after five."""


@pytest.fixture(autouse=True)
def hand_line(monkeypatch):
    monkeypatch.setitem(i18n.catalogue("en"), f"{toy_window.KEY}.hand", HAND_LINE)


class Virtual:
    """Simcord's virtual time as seconds (`env.now()`), once the test's env is known (the
    service is made before it: the env runs its bot)."""

    def __init__(self) -> None:
        self.env = None

    def __call__(self) -> float:
        return self.env.now().timestamp() if self.env is not None else 0.0


def virtual_service(db_path: str, clock: Virtual) -> TableService:
    """The window toy's service (AI seats pass) on simcord's virtual time, for the decisions'
    clocks and for the wall-clock times stored with them alike."""
    def render_hand(view, **_):
        return fake_render(view)

    svc = TableService(db_path, renderers={toy_window.KEY: fake_renderer(fake_render, render_hand)},
                       ais={toy_window.KEY: toy_window.ai_pass}, clock=clock)
    svc.wall = clock
    return svc


@pytest.fixture
def clock() -> Virtual:
    return Virtual()


@pytest.fixture
def service(db_path, clock) -> TableService:
    return virtual_service(db_path, clock)


@pytest.fixture(autouse=True)
def on_virtual_time(clock, simcord_env) -> None:
    clock.env = simcord_env


def window_bot(service: TableService, **options: Any):
    bot = make_bot(service, **options)
    bot.tree.add_command(window_commands())
    return bot


@pytest.fixture
def simcord_bot(service):
    return window_bot(service)


async def start(w, service, *, others=None, timeout: int | None = LONG):
    """A lobby of alice and `others` (bob by default), started: the first window is open."""
    await w.alice.slash(w.channel, "wtoy new", **({"timeout": timeout} if timeout is not None else {}))
    lobby = w.channel.last_message
    for member in others or (w.bob,):
        await member.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    assert table.status == "active" and table.state.window
    return table


def pings(w, message) -> list[int]:
    """Who Discord notified of a channel message (its mentions may name more)."""
    return list(w.env.backend.get_message(w.channel.id, message.id).ping_user_ids)


def answer(result):
    """What a deferred command finally said (its first follow-up replaces the "thinking" message)."""
    return result.followups[-1] if result.followups else result.response


def reminders(member) -> list[str]:
    """The half-time reminders in a member's DMs (the hand DMs are not)."""
    dm = member.user.dm_channel
    return [m.content for m in dm.history() if "https://discord.com/channels/" in m.content] if dm is not None else []


async def say_go(w, member, table) -> None:
    """`go` by the menu (the toy has no command for it): the options, then its one button."""
    version = table.version
    step = await member.click(w.channel.last_message, label=OPTIONS)
    while table.version == version:
        step = await member.click(step.response, label=next(b["label"] for b in buttons(step.response) if b["label"]))


# --------------------------------------------------------------------------- mention once
async def test_a_window_pings_each_player_once_and_not_again_after_another_players_pass(world, service):
    w = world
    table = await start(w, service, others=(w.bob, w.carol), timeout=None)
    opened = w.channel.last_message
    assert w.alice.mention in opened.content and w.bob.mention in opened.content and w.carol.mention in opened.content
    # alice clicked Start: the window opened in the answer to her own click pings the others alone
    assert sorted(pings(w, opened)) == sorted([w.bob.id, w.carol.id])
    await w.alice.slash(w.channel, "wtoy pass")  # the window's message is edited: nobody pinged again
    assert w.channel.last_message.id == opened.id and pings(w, w.channel.last_message) == []
    await w.bob.slash(w.channel, "wtoy pass")  # carol alone is left: the message names her...
    left = w.channel.last_message
    assert left.id == opened.id and w.carol.mention in left.content
    assert pings(w, left) == []  # ...without a second notification in the same decision
    await w.carol.slash(w.channel, "wtoy pass")  # the window closed: alice's `go` is a new decision
    turn = w.channel.last_message
    assert table.state.window is False and w.alice.mention in turn.content
    assert pings(w, turn) == [w.alice.id]
    assert refusals(w.env) == []


async def test_a_card_played_opens_a_window_of_the_same_turn_that_pings_nobody_again(world, service):
    """The new window asks alice and bob again: alice played (she reads the buttons in the reply
    to her own click), bob was pinged by the turn's first window. The next turn pings anew."""
    w = world
    table = await start(w, service, timeout=None)
    menu = await w.alice.click(w.channel.last_message, label=OPTIONS)
    step = await w.alice.click(menu.response, label="Play")
    while table.version == 0:  # card, option, target: the first choice each time
        labels = [b["label"] for b in buttons(step.response) if b["label"]]
        step = await w.alice.click(step.response, label=labels[0])
    again = w.channel.last_message
    assert table.state.played and table.state.window
    assert w.alice.mention in again.content and w.bob.mention in again.content  # named, as ever
    assert pings(w, again) == []
    await w.alice.slash(w.channel, "wtoy pass")
    await w.bob.slash(w.channel, "wtoy pass")  # the window closed: alice's `go` pings her, bob acted last
    assert table.state.window is False and pings(w, w.channel.last_message) == [w.alice.id]
    await say_go(w, w.alice, table)  # the next turn's window: bob pinged, alice (who said go) not
    assert table.state.window and table.state.turns == 1
    assert pings(w, w.channel.last_message) == [w.bob.id]
    assert refusals(w.env) == []


async def test_the_player_who_acted_is_not_pinged_even_when_asked_again(world, service):
    """Carol is away (the AI plays her seat). Alice and bob pass the first window; alice says
    `go`: the new window asks alice, bob and carol's seat, and pings bob alone: alice acted,
    and an away seat is no one to call."""
    w = world
    table = await start(w, service, others=(w.bob, w.carol), timeout=None)
    walked_away(service, table, 2)  # carol walked away: the AI plays her seat
    for member in (w.alice, w.bob):
        await member.slash(w.channel, "wtoy pass")
    assert table.state.window is False
    await say_go(w, w.alice, table)
    opened = w.channel.last_message
    assert table.state.window and w.alice.mention in opened.content
    assert pings(w, opened) == [w.bob.id]
    assert refusals(w.env) == []


async def test_a_board_asked_for_again_names_the_players_to_act_but_pings_nobody(world, service):
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    await start(w, service, timeout=None)
    result = await dave.slash(w.channel, "table board")  # a spectator: the public board, with the mention line
    shown = answer(result)
    assert w.alice.mention in shown.content and w.bob.mention in shown.content
    assert list(w.env.backend.get_message(shown.channel_id, shown.id).ping_user_ids) == []
    assert refusals(w.env) == []


# --------------------------------------------------------------------------- half-time DM
async def test_half_way_through_a_long_clock_each_player_still_to_act_gets_one_dm(world, service, locales):
    w = world
    locales[w.bob.id] = "zh-TW"  # bob's client reads Traditional Chinese; alice's English (the server's too)
    await start(w, service)
    await w.env.advance_time(LONG / 2 - 1)
    assert reminders(w.alice) == [] and reminders(w.bob) == []
    await w.env.advance_time(2)
    link = channel_link(w.guild.id, w.channel.id)
    (to_alice,), (to_bob,) = reminders(w.alice), reminders(w.bob)
    assert link in to_alice and left_words(LONG / 2, "en") in to_alice and ":R>" in to_alice
    assert to_alice.startswith(i18n.gettext("cogs.reminder", "en").split("{")[0])
    assert link in to_bob and left_words(LONG / 2, "zh-TW") in to_bob
    assert to_bob.startswith(i18n.gettext("cogs.reminder", "zh-TW").split("{")[0])
    await w.env.advance_time(LONG / 2)  # the window runs out: both pass; no second reminder
    assert not service.table(w.channel.id).state.window
    assert len(reminders(w.alice)) == 1 and len(reminders(w.bob)) == 1
    assert refusals(w.env) == []


async def test_the_outbox_resender_running_while_a_reminder_is_sent_sends_it_no_second_time(world, service):
    """The reminders are kept in the outbox, due at once (a restart must send what it finds), and
    marked delivered only once Discord took them: the resender, flushing between the two, finds
    them still there. It must not take them: they are being sent."""
    w = world
    bot = w.env.bot
    send = bot.delivery.reminder
    flushed: list[int] = []

    async def flush_first(notice, lang):
        if not flushed:  # the resender falls due just as the first reminder goes out
            flushed.append(notice.user_id)
            await bot.resender.flush()
        await send(notice, lang)

    bot.delivery.reminder = flush_first
    await start(w, service)
    await w.env.advance_time(LONG / 2 + 1)
    assert flushed and len(reminders(w.alice)) == 1 and len(reminders(w.bob)) == 1
    assert service.store.outbox_due(float("inf")) == []
    await w.env.advance_time(bot.resender.IDLE + 1)  # and no later flush finds them either
    assert len(reminders(w.alice)) == 1 and len(reminders(w.bob)) == 1
    assert refusals(w.env) == []


async def test_no_reminder_for_a_player_who_acted_before_half_time(world, service):
    w = world
    await start(w, service)
    await w.env.advance_time(100)
    await w.alice.slash(w.channel, "wtoy pass")  # a pass keeps the decision and its reminder time
    await w.env.advance_time(LONG / 2 - 100 - 1)
    assert reminders(w.bob) == []
    await w.env.advance_time(2)
    assert reminders(w.alice) == [] and len(reminders(w.bob)) == 1
    assert refusals(w.env) == []


async def test_a_one_minute_window_sends_no_reminder(world, service):
    w = world
    await start(w, service, timeout=60)
    assert not w.env.bot.clock.reminding(w.channel.id)
    await w.env.advance_time(61)
    assert reminders(w.alice) == [] and reminders(w.bob) == []
    assert refusals(w.env) == []


async def test_closed_dms_mean_no_reminder_and_nothing_else(world, service, caplog):
    w = world
    await start(w, service)
    bob_dm = w.bob.user.dm_channel
    w.env.inject_error("POST", f"/channels/{bob_dm.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=1)
    before = len(w.channel.history())
    await w.env.advance_time(LONG / 2 + 1)
    assert reminders(w.bob) == [] and len(reminders(w.alice)) == 1
    assert len(w.channel.history()) == before  # no note in the channel
    assert service.store.outbox_due(float("inf")) == []  # nothing left to send again
    assert refusals(w.env) == []


# --------------------------------------------------------------------------- /table settings
async def test_table_settings_shows_and_sets_reminders_privately(world, service):
    w = world
    shown = await w.bob.slash(w.channel, "table settings")
    said = answer(shown)
    on = i18n.gettext("table.settings.reminders", value=i18n.gettext("table.settings.on"))
    assert said.ephemeral and i18n.gettext("table.settings") in said.content and on in said.content
    changed = await w.bob.slash(w.channel, "table settings", reminders="off")
    said = answer(changed)
    off = i18n.gettext("table.settings.reminders", value=i18n.gettext("table.settings.off"))
    assert said.ephemeral and i18n.gettext("table.settings.saved") in said.content and off in said.content
    assert (await service.settings(w.bob.id)) == {"reminders": False, "inbox": "off", "sleep": "off", "tz": "UTC"}
    assert (await service.settings(w.alice.id)) == {"reminders": True, "inbox": "off", "sleep": "off", "tz": "UTC"}
    assert refusals(w.env) == []


async def test_reminders_off_means_no_dm_but_the_channel_still_pings(world, service):
    w = world
    await w.bob.slash(w.channel, "table settings", reminders="off")
    await start(w, service)
    assert w.bob.id in pings(w, w.channel.last_message)
    await w.env.advance_time(LONG / 2 + 1)
    assert reminders(w.bob) == [] and len(reminders(w.alice)) == 1
    await w.bob.slash(w.channel, "table settings", reminders="on")
    await w.env.advance_time(LONG / 2)  # the window runs out; alice says `go`: the next window
    menu = await w.alice.click(w.channel.last_message, label=OPTIONS)
    await w.alice.click(menu.response, label="Go")
    assert service.table(w.channel.id).state.window
    await w.env.advance_time(LONG / 2 + 1)  # reminders are on again: bob hears of this one
    assert len(reminders(w.bob)) == 1 and len(reminders(w.alice)) == 2
    assert refusals(w.env) == []


# --------------------------------------------------------------------------- restarts
async def test_a_restart_half_way_keeps_the_reminder_time_and_sends_it_once(world, service, db_path, clock):
    w = world
    await start(w, service)
    await w.env.advance_time(100)
    fresh = virtual_service(db_path, clock)  # a new process: the table and its clock come from the database
    await w.env.restart_bot(window_bot(fresh, eager=True))  # every table loaded, its timers armed
    assert w.env.bot.clock.reminding(w.channel.id)
    await w.env.advance_time(LONG / 2 - 100 - 1)
    assert reminders(w.alice) == [] and reminders(w.bob) == []
    await w.env.advance_time(2)
    assert len(reminders(w.alice)) == 1 and len(reminders(w.bob)) == 1
    again = virtual_service(db_path, clock)  # and once more, after it went out: not sent twice
    await w.env.restart_bot(window_bot(again, eager=True))
    await w.env.advance_time(10)
    assert len(reminders(w.alice)) == 1 and len(reminders(w.bob)) == 1
    assert refusals(w.env) == []


async def test_table_settings_is_offered_in_both_languages(world):
    synced = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    group = next(c for c in synced if c["name"] == "table")
    settings = next(o for o in group["options"] if o["name"] == "settings")
    assert settings["name_localizations"]["zh-TW"] == i18n.gettext("cmd.table.settings.name", "zh-TW")
    reminders_option = next(o for o in settings["options"] if o["name"] == "reminders")
    assert not reminders_option.get("required")
    assert reminders_option["description_localizations"]["zh-TW"] == i18n.gettext(
        "cmd.table.settings.reminders.description", "zh-TW")
    assert [c["value"] for c in reminders_option["choices"]] == ["on", "off"]
    for choice in reminders_option["choices"]:
        key = f"cmd.table.settings.reminders.{choice['value']}"
        assert choice["name"] == i18n.gettext(key, "en")
        assert choice["name_localizations"]["zh-TW"] == i18n.gettext(key, "zh-TW")
