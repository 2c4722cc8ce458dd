"""The bot over some of its shards (`gavel --shards 0 --shard-count 2`), as one process of several
sharing one database: on simcord, whose gateway routes each guild's events to the shard
`(guild_id >> 22) % shard_count`. The process plays in its shards' guilds; what it does unasked
(the notes of tables that could not be loaded, sending the outbox again, syncing the slash
commands) stays with its shards or with shard 0, so that with every shard running somewhere
each of those happens once; and it can still post in a channel of another shard (a clock that
ran out there), in that guild's language. The tests with a database run on both backends: the
processes of one bot share a PostgreSQL database."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs.bot import GavelBot, ShardedGavelBot, create_bot
from gavel.tables import i18n
from gavel.tables.notices import Public
from gavel.tables.service import Player, TableService
from rules.core import Msg
from tests.cogs import toy
from tests.cogs.conftest import make_service, race_commands
from tests.cogs.test_flow import open_table
from tests.tables.backends import Backend, backend  # noqa: F401  (the backends' fixture)

COUNT = 2


def sharded(service: TableService, *shards: int, sync: bool = True, **options: Any) -> GavelBot:
    """The bot of the process that runs `shards` of `COUNT`, with the toy game's commands (no
    watch of the database, as `make_bot`)."""
    bot = create_bot(service, sync=sync, shard_ids=list(shards), shard_count=COUNT, **options)
    bot.watches = False
    bot.tree.add_command(race_commands())
    return bot


@pytest.fixture
def db_path(backend: Backend) -> str:  # noqa: F811  (a SQLite file, then a PostgreSQL schema)
    return backend.location()


@pytest.fixture
def simcord_bot(service):
    return sharded(service, 0)


@pytest.fixture
def two(simcord_env) -> SimpleNamespace:
    """A guild on each shard (the second speaks zh-TW), each with a channel and two players."""
    env = simcord_env
    zero = env.create_guild("Zero", shard_id=0)
    one = env.create_guild("One", shard_id=1, preferred_locale="zh-TW")
    alice, bob = env.create_user("alice"), env.create_user("bob")
    for guild in (zero, one):
        guild.add_member(alice)
        guild.add_member(bob)
    return SimpleNamespace(env=env, zero=zero, one=one, ch0=zero.create_text_channel("games"),
                           ch1=one.create_text_channel("games"), alice=alice, bob=bob)


async def start_table(service: TableService, guild, channel, w) -> int:
    """A started toy table in `channel`, made through the service alone (no Discord): the notices
    of its start wait in the outbox, as a stopped process would have left them."""
    await service.create(guild.id, channel.id, toy.KEY, Player(w.alice.id, "alice"))
    await service.join(channel.id, Player(w.bob.id, "bob"))
    await service.start(channel.id, Player(w.alice.id, "alice"))
    table = service.table(channel.id)
    assert table is not None
    return table.id


def waiting_channels(service: TableService) -> set[int]:
    return {row["channel"] for row in service.store.outbox_due(float("inf"))}


def test_create_bot_takes_the_shard_settings(tmp_path, monkeypatch):
    service = make_service(str(tmp_path / "own.sqlite3"))
    monkeypatch.delenv("GAVEL_SYNC", raising=False)
    plain = create_bot(service)
    assert type(plain) is GavelBot and plain.shard_count is None and not hasattr(plain, "shard_ids")
    assert plain.serves(None) and plain.serves(12345 << 22)  # one process sees every guild

    some = create_bot(service, shard_ids=(0, 1, 2, 3), shard_count=8)
    assert isinstance(some, ShardedGavelBot) and isinstance(some, GavelBot)
    assert some.shard_ids == [0, 1, 2, 3] and some.shard_count == 8
    assert some.serves(3 << 22) and some.serves(11 << 22) and not some.serves(5 << 22)
    assert some.serves(None)  # DMs come to shard 0

    every = create_bot(service, shard_count=4)  # one process over all four shards
    assert isinstance(every, ShardedGavelBot) and every.shard_ids is None and every.shard_count == 4
    assert every.serves(None) and all(every.serves(g << 22) for g in range(8))

    for bad in [{"shard_ids": [8], "shard_count": 8}, {"shard_ids": [1, 1], "shard_count": 2},
                {"shard_ids": [], "shard_count": 2}, {"shard_ids": [0], "shard_count": 0},
                {"shard_ids": [0]}]:
        with pytest.raises(ValueError):
            create_bot(service, **bad)  # type: ignore[arg-type]


def test_only_the_process_of_shard_0_syncs_the_slash_commands(tmp_path, monkeypatch):
    service = make_service(str(tmp_path / "own.sqlite3"))
    monkeypatch.setenv("GAVEL_SYNC", "1")  # the same setting on every machine
    assert create_bot(service).sync_commands is True
    assert create_bot(service, shard_ids=[0, 1], shard_count=4).sync_commands is True
    assert create_bot(service, shard_ids=[2, 3], shard_count=4).sync_commands is False
    assert create_bot(service, shard_count=4).sync_commands is True  # every shard here, 0 too
    monkeypatch.delenv("GAVEL_SYNC")
    assert create_bot(service, shard_ids=[0], shard_count=4).sync_commands is False  # not asked


async def test_the_process_plays_in_the_guilds_of_its_shards(two, service):
    w = two
    bot = w.env.bot
    assert isinstance(bot, ShardedGavelBot) and set(bot.shards) == {0}
    assert bot.get_guild(w.zero.id) is not None and bot.get_guild(w.one.id) is None
    member = w.zero.add_member(w.env.create_user("carol"))
    lobby = await open_table(SimpleNamespace(alice=member, channel=w.ch0))
    assert service.table(w.ch0.id) is not None and lobby.channel.id == w.ch0.id
    synced = [r for r in w.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert synced  # shard 0's process synced the commands at start-up


async def test_another_process_does_not_sync(two, db_path):
    w = two
    before = len([r for r in w.env.http_requests if r.path.endswith("/commands")])
    await w.env.restart_bot(sharded(make_service(db_path), 1, sync=True))
    await w.env.settle()
    assert set(w.env.bot.shards) == {1} and w.env.bot.get_guild(w.one.id) is not None
    assert len([r for r in w.env.http_requests if r.path.endswith("/commands")]) == before


async def test_each_broken_table_is_announced_by_the_process_of_its_guild(two, service, db_path,
                                                                          backend):  # noqa: F811
    w = two
    ids = [await start_table(service, w.zero, w.ch0, w), await start_table(service, w.one, w.ch1, w)]
    backend.execute(service.store, "UPDATE tables SET game = 'chess'")  # no such game here: neither loads
    backend.execute(service.store, "DELETE FROM outbox")  # only the notes are looked at here
    before0, before1 = len(w.ch0.history()), len(w.ch1.history())

    fresh = make_service(db_path)
    await w.env.restart_bot(sharded(fresh, 0, eager=True))  # every table loaded: both found broken
    await w.env.settle()
    assert sorted(b.table_id for b in fresh.broken_tables()) == sorted(ids)  # it knows both tables...
    note0 = i18n.render(fresh.broken_in(w.ch0.id).note(), "en")  # type: ignore[union-attr]
    assert [m.content for m in w.ch0.history()[before0:]] == [note0]
    assert len(w.ch1.history()) == before1  # ...but says nothing in shard 1's guild

    other = make_service(db_path)
    await w.env.restart_bot(sharded(other, 1, eager=True))
    await w.env.settle()
    note1 = i18n.render(other.broken_in(w.ch1.id).note(), "zh-TW")  # type: ignore[union-attr]
    assert [m.content for m in w.ch1.history()[before1:]] == [note1]  # in the guild's language
    assert len(w.ch0.history()) == before0 + 1  # shard 0's channel heard it once in all


async def test_the_outbox_is_sent_again_by_the_process_of_each_channel(two, service, db_path):
    w = two
    await start_table(service, w.zero, w.ch0, w)
    await start_table(service, w.one, w.ch1, w)
    assert waiting_channels(service) == {w.ch0.id, w.ch1.id}  # never delivered: the process stopped
    before0, before1 = len(w.ch0.history()), len(w.ch1.history())

    fresh = make_service(db_path)
    await w.env.restart_bot(sharded(fresh, 0))
    await w.env.settle()
    posted0 = w.ch0.history()[before0:]
    assert posted0 and any(w.alice.mention in m.content for m in posted0)
    assert len(w.ch1.history()) == before1  # shard 1's channel is not this process's to send
    assert waiting_channels(fresh) == {w.ch1.id}
    assert fresh.store.outbox_due(float("inf"))[0]["attempts"] == 0  # left alone, not counted as a failure

    await w.env.restart_bot(sharded(make_service(db_path), 1))
    await w.env.settle()
    assert len(w.ch1.history()) > before1 and waiting_channels(fresh) == set()
    assert len(w.ch0.history()) == before0 + len(posted0)  # nothing sent twice


async def test_a_channel_of_another_shard_is_posted_to_over_http_in_its_guilds_language(two):
    w = two
    bot = w.env.bot
    assert bot.get_channel(w.ch1.id) is None  # not in this process's cache
    line = Msg("table.broken_note", {"table": 7, "game": "Toy"})
    await bot.deliver_to(w.ch1.id, [Public(None, [line])])  # as a clock that ran out here would
    assert w.ch1.last_message.content == i18n.render(line, "zh-TW") != i18n.render(line, "en")
    await bot.deliver_to(w.ch1.id, [Public(None, [line])])
    fetched = [r for r in w.env.http_requests if r.method == "GET" and r.path == f"/guilds/{w.one.id}"]
    assert len(fetched) == 1  # the guild is fetched once for its language
