"""The live message is the database's, not one process's: a bot restarted on the same database,
and a bot delivering what another process kept in the outbox, edit the message the first one
posted. Each test runs on both database backends (`db_path` below)."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import as_player, make_bot, make_service, refusals
from tests.cogs.test_flow import started
from tests.tables.backends import Backend, backend  # noqa: F401  (the backends' fixture)

ROLLED = "cogs_toy.event.rolled"


@pytest.fixture
def db_path(backend: Backend) -> str:  # noqa: F811  (a SQLite file, then PostgreSQL)
    return backend.location()


def message(w, message_id: int):
    return next(m for m in w.channel.history() if m.id == message_id)


async def test_a_restarted_bot_edits_the_same_live_message(world, service, db_path):
    w = world
    _table, first = await started(w, service)
    fresh = make_service(db_path)  # the bot again, in a new process on the same database
    await w.env.restart_bot(make_bot(fresh))
    await w.env.settle()
    count = len(w.channel.history())
    result = await w.alice.slash(w.channel, "race roll")
    assert result.ephemeral and fresh.table(w.channel.id).version == 1
    assert len(w.channel.history()) == count
    assert ROLLED in message(w, first.id).content
    assert refusals(w.env) == []


async def test_a_change_another_process_made_edits_the_live_message(world, service, db_path):
    w = world
    bot = w.env.bot
    _table, first = await started(w, service)
    other = make_service(db_path)  # another bot process on the same database
    other.mentions = other.timestamps = True  # its own delivery would say so, as this bot's does
    await other.act(w.channel.id, as_player(w.alice), "roll")  # kept in the outbox, not delivered there
    count = len(w.channel.history())
    await bot.resender.flush()  # this process sends what the channel owes
    assert service.store.outbox_due(float("inf")) == []
    assert len(w.channel.history()) == count  # as an edit of the message this process posted
    assert ROLLED in message(w, first.id).content
    assert refusals(w.env) == []
