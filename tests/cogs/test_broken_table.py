"""A table whose saved data cannot be loaded after a restart, as players and moderators meet it."""

from __future__ import annotations

import discord

from gavel.tables import i18n
from tests.cogs.conftest import make_bot, make_service, refusals
from tests.cogs.test_flow import open_table, started


async def test_a_broken_table_is_named_refuses_a_new_one_and_a_moderator_cancels_it(world, service, db_path):
    w = world
    table, _prompt = await started(w, service)
    service.store.db.execute("UPDATE tables SET state = '{broken' WHERE id = ?", [table.id])
    fresh = make_service(db_path)
    await w.env.restart_bot(make_bot(fresh, eager=True))  # every table loaded at start-up: found broken then
    await w.env.settle()
    assert fresh.table(w.channel.id) is None and [b.table_id for b in fresh.broken_tables()] == [table.id]
    note = i18n.render(fresh.broken_tables()[0].note(), "en")
    assert w.channel.last_message.content == note and f"#{table.id}" in note  # said in the channel at start-up

    status = await w.carol.slash(w.channel, "table status")
    assert f"Table #{table.id}" in status.response.content and "/table cancel" in status.response.content
    again = await w.alice.slash(w.channel, "race new")
    assert again.ephemeral
    assert again.response.content == i18n.gettext("error.table_broken", table=table.id)
    host = await w.alice.slash(w.channel, "table cancel")
    assert host.ephemeral and host.response.content == i18n.gettext("error.broken_cancel", table=table.id)

    mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
    await mod.slash(w.channel, "table cancel")
    assert fresh.broken_tables() == [] and fresh.store.table_row(table.id)["status"] == "cancelled"
    await open_table(w)
    assert fresh.table(w.channel.id).id != table.id
    assert refusals(w.env) == ["table_broken", "broken_cancel"]


async def test_a_lazy_start_finds_a_broken_table_when_its_channel_is_first_used(world, service, db_path):
    w = world
    table, _prompt = await started(w, service)
    service.store.db.execute("UPDATE tables SET state = '{broken' WHERE id = ?", [table.id])
    fresh = make_service(db_path)
    before = w.channel.last_message.content
    await w.env.restart_bot(make_bot(fresh))  # the default: nothing loaded that is owed nothing
    await w.env.settle()
    assert fresh.broken_tables() == [] and w.channel.last_message.content == before  # nothing said yet
    again = await w.alice.slash(w.channel, "race new")
    assert again.ephemeral and again.response.content == i18n.gettext("error.table_broken", table=table.id)
    status = await w.carol.slash(w.channel, "table status")
    assert f"Table #{table.id}" in status.response.content and "/table cancel" in status.response.content
    assert refusals(w.env) == ["table_broken"]
