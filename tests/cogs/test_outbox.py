"""Nothing a table must say is lost: notices wait in the outbox until Discord accepts them, one
failed recipient never blocks the others, and what failed (or what a stopped bot never sent)
goes out again by itself. Each test runs on both database backends (`db_path` below)."""

from __future__ import annotations

import logging

import pytest

from gavel.tables import i18n
from tests.cogs.conftest import make_bot, make_service
from tests.cogs.test_flow import started
from tests.cogs.test_window import service, simcord_bot, start  # noqa: F401  (the window toy's fixtures)
from tests.tables.backends import Backend, backend  # noqa: F401  (the backends' fixture)


@pytest.fixture
def db_path(backend: Backend) -> str:  # noqa: F811  (the outbox on a SQLite file, then in PostgreSQL)
    return backend.location()


SERVER_ERROR = {"status": 500, "code": 0, "message": "Internal Server Error"}


ROLLED = "cogs_toy.event.rolled"


def waiting(svc) -> list[dict]:
    return svc.store.outbox_due(float("inf"))


async def later(w, svc, seconds: float) -> None:
    """Let `seconds` pass for the bot's timers and for the outbox's retry times alike."""
    start = svc.wall()
    svc.wall = lambda: start + seconds
    await w.env.advance_time(seconds)


async def test_a_dm_failing_with_a_server_error_does_not_stop_the_next_players_dm(world, service):  # noqa: F811
    w = world
    alice_dm = w.alice.user.dm_channel or await w.alice.user.create_dm()
    w.env.inject_error("POST", f"/channels/{alice_dm.id}/messages", **SERVER_ERROR, times=1)
    result_start = await start(w, service)
    table = result_start[0]
    bob_dms = [m.content for m in w.bob.user.dm_channel.history()]
    assert bob_dms and "cogs_window_toy.hand" in bob_dms[0]  # bob's hand came, though alice's DM failed first
    assert alice_dm.history() == []
    left = waiting(service)
    assert [row["table_id"] for row in left] == [table.id] and f'"user":{w.alice.id}' in left[0]["notice"]
    # nobody was told the channel post failed: it did not
    assert not any(i18n.gettext("cogs.error.undelivered") in m.content for m in w.channel.history())
    await later(w, service, 6)  # the resender tries again after its pause
    assert next(m.content for m in alice_dm.history()).startswith("cogs_window_toy.hand")
    assert waiting(service) == []


async def test_a_channel_message_that_failed_is_sent_again_later(world, service, caplog):  # noqa: F811
    w = world
    _table, prompt = await started_toy(w)
    svc = w.env.bot.service
    w.env.inject_error("*", f"/channels/{w.channel.id}/messages*", **SERVER_ERROR, times=1)
    with caplog.at_level(logging.WARNING):
        result = await w.alice.click(prompt, label="Roll")
    assert svc.table(w.channel.id).version == 1  # the move stands
    assert [f.content for f in result.followups if f.ephemeral] == [i18n.gettext("cogs.error.undelivered")]
    assert len(waiting(svc)) == 1
    before = len(w.channel.history())
    assert ROLLED not in w.channel.last_message.content
    await later(w, svc, 6)
    assert len(w.channel.history()) == before and waiting(svc) == []  # the turn's message, edited
    assert ROLLED in w.channel.last_message.content
    assert w.alice.mention in w.channel.last_message.content  # the prompt still asks her (nothing moved since)


async def test_the_next_action_sends_what_the_channel_still_owes_first(world, service):  # noqa: F811
    w = world
    _table, prompt = await started_toy(w)
    svc = w.env.bot.service
    w.env.inject_error("*", f"/channels/{w.channel.id}/messages*", **SERVER_ERROR, times=1)
    await w.alice.click(prompt, label="Roll")
    owed = waiting(svc)
    assert len(owed) == 1
    man, to = svc.legal_for(w.channel.id, _player(w.alice))[0].split()[1:]
    before, now = len(w.channel.history()), w.env.now()
    await w.alice.slash(w.channel, "race move", man=man, to=to)
    posted = w.channel.history()[before - 1:]
    assert len(posted) == 2  # the roll that was owed, in the turn's message, then the move in a new one (bob's)
    assert ROLLED in posted[0].content and "cogs_toy.event.moved" in posted[1].content
    assert w.env.now() == now  # it went out with the move, not with the retry after its pause
    assert w.alice.mention not in posted[0].content  # the owed notice no longer asks anyone (the game moved on)
    assert waiting(svc) == []
    assert not w.env.bot.resender.armed  # nothing left to send again, no wake-up for it


async def test_what_is_still_owed_after_the_next_action_is_sent_again_later(world, service):  # noqa: F811
    w = world
    _table, prompt = await started_toy(w)
    svc = w.env.bot.service
    w.env.inject_error("*", f"/channels/{w.channel.id}/messages*", **SERVER_ERROR, times=2)
    await w.alice.click(prompt, label="Roll")
    man, to = svc.legal_for(w.channel.id, _player(w.alice))[0].split()[1:]
    before = len(w.channel.history())
    await w.alice.slash(w.channel, "race move", man=man, to=to)  # the owed roll fails again; the move goes out
    assert len(w.channel.history()) == before + 1 and len(waiting(svc)) == 1
    assert w.env.bot.resender.armed  # the roll still waits: its wake-up stays
    await later(w, svc, 11)  # its second pause is longer
    # older than the move's message, the roll is told in a message of its own, without buttons
    assert len(w.channel.history()) == before + 2 and waiting(svc) == []
    assert ROLLED in w.channel.last_message.content and w.channel.last_message.components == []


async def test_what_a_stopped_bot_never_sent_goes_out_after_the_restart(world, service, db_path):  # noqa: F811
    w = world
    _table, _prompt = await started_toy(w)
    svc = w.env.bot.service
    notices = await svc.act(w.channel.id, _player(w.alice), "roll")  # saved and kept, never delivered
    assert waiting(svc) and notices[0].outbox is not None
    fresh = make_service(db_path)
    before = len(w.channel.history())
    await w.env.restart_bot(make_bot(fresh))
    await w.env.settle()
    shown = w.channel.history()[before - 1:]  # the turn's message (edited), and any posted since
    assert any(ROLLED in m.content and w.alice.mention in m.content for m in shown)
    assert waiting(fresh) == []


async def test_actions_saved_but_never_queued_are_told_after_the_restart(world, service, db_path):  # noqa: F811
    """The process stops between saving a move and keeping its notices: on restart the channel
    hears what happened since the last notice it was owed, and where the game stands."""
    w = world
    table, _prompt = await started_toy(w)
    svc = w.env.bot.service

    def dies(*args, **kwargs):
        raise RuntimeError("the process stops here")

    record = svc.store.record_action

    def saves_only_the_move(*args, keep=None, **kwargs):  # the notices' part of the write fails
        if keep is not None:
            dies()
        return record(*args, **kwargs)

    svc.store.outbox_add = dies
    svc.store.record_action = saves_only_the_move
    await svc.act(w.channel.id, _player(w.alice), "roll")
    assert svc.store.table_row(table.id)["announced"] == 0
    fresh = make_service(db_path)
    before = len(w.channel.history())
    await w.env.restart_bot(make_bot(fresh))
    await w.env.settle()
    posted = "\n".join(m.content for m in w.channel.history()[before - 1:])  # the turn's message, edited
    assert i18n.gettext("table.resumed") in posted and w.alice.mention in posted
    assert waiting(fresh) == [] and fresh.store.table_row(table.id)["announced"] == 1


async def test_the_resender_running_while_a_change_is_sent_sends_none_of_it_again(world, service):  # noqa: F811
    """A change's notices are due at once in the outbox (a restart must send them) until Discord
    took them: the resender flushing while they are being sent must not take them too."""
    w = world
    _table, prompt = await started_toy(w)
    bot, svc = w.env.bot, w.env.bot.service
    post = bot.delivery.public
    flushed: list[bool] = []

    async def flush_first(*args, **kwargs):
        if not flushed:  # the resender falls due just as the roll's message goes out
            flushed.append(True)
            await bot.resender.flush()
        return await post(*args, **kwargs)

    bot.delivery.public = flush_first
    await w.alice.click(prompt, label="Roll")
    assert flushed and told(w, ROLLED) == 1 and waiting(svc) == []
    await later(w, svc, bot.resender.IDLE + 1)
    assert told(w, ROLLED) == 1


async def test_a_change_sent_before_an_older_one_sends_the_older_once_and_in_order(world, service):  # noqa: F811
    """Two changes of one channel kept one after the other, the newer's delivery first (it won
    the channel): the older one's notices are being sent by their own delivery, so the newer
    one's wait behind them (the resender sends them) instead of sending them a second time."""
    w = world
    _table, _prompt = await started_toy(w)
    bot, svc = w.env.bot, w.env.bot.service
    rolled = await svc.act(w.channel.id, _player(w.alice), "roll")
    move = svc.legal_for(w.channel.id, _player(w.alice))[0]
    moved = await svc.act(w.channel.id, _player(w.alice), move)
    channel = await bot.own_channel(w.channel.id)
    before = len(w.channel.history())
    await bot.delivery.deliver(moved, channel=channel)  # held back behind the roll
    await bot.delivery.deliver(rolled, channel=channel)
    assert told(w, ROLLED) == 1 and waiting(svc) and bot.resender.armed  # the move waits for the resender
    await bot.resender.flush()  # its wake-up (set here, out of the bot's own tasks: called by hand)
    posted = [m.content for m in w.channel.history()[before - 1:]]
    assert told(w, ROLLED) == 1 and waiting(svc) == []
    assert max(i for i, m in enumerate(posted) if ROLLED in m) < len(posted) - 1  # the move's came after


# ---------------------------------------------------------------------------- helpers
def _player(member):
    from tests.cogs.conftest import as_player

    return as_player(member)


def told(w, key: str) -> int:
    """How many times the bot posted or edited a message of the channel saying `key`."""
    return sum(1 for r in w.env.http_requests
               if r.method in ("POST", "PATCH") and f"/channels/{w.channel.id}/messages" in r.path
               and key in str((r.json or {}).get("content", "")))


async def started_toy(w):
    """The line-race toy of the flow tests, on the bot's own service."""
    return await started(w, w.env.bot.service)
