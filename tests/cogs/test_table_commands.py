"""`/table status|log|rules|leave|cancel|stats|me`: reading a table, leaving it, cancelling it."""

from __future__ import annotations

import discord

from gavel.tables import i18n
from tests.cogs.conftest import buttons, confirmed, make_bot, make_service, refusals
from tests.cogs.test_flow import open_table, started


async def test_status_lists_the_seats_and_log_the_moves(world, service):
    w = world
    _table, prompt = await started(w, service)
    status = await w.carol.slash(w.channel, "table status")
    assert "alice" in status.response.content and "bob" in status.response.content
    await w.alice.click(prompt, label="Roll")
    log = await w.carol.slash(w.channel, "table log")
    assert log.ephemeral  # carol, a spectator, is answered privately
    assert "alice" in log.response.content and "roll" in log.response.content
    assert not (await w.bob.slash(w.channel, "table log")).ephemeral  # a player's log is the channel's


async def test_me_is_private_and_needs_a_seat(world, service):
    w = world
    await started(w, service)
    mine = await w.alice.slash(w.channel, "table me")
    assert mine.ephemeral and "alice" in mine.response.content
    stranger = await w.carol.slash(w.channel, "table me")
    assert stranger.ephemeral and stranger.response.content == i18n.gettext("error.not_seated")
    assert refusals(w.env) == ["not_seated"]


async def test_leave_in_the_lobby_and_resign_during_the_game(world, service):
    w = world
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.carol.click(lobby, label="Join")
    await w.carol.slash(w.channel, "table leave")
    table = service.table(w.channel.id)
    assert [s.name for s in table.seats] == ["alice", "bob"]
    await w.alice.click(lobby, label="Start")
    asked = await w.bob.slash(w.channel, "table leave")  # during the game: "Are you sure?" first
    assert asked.ephemeral and asked.response.content == i18n.gettext("cogs.confirm.leave")
    assert [b["label"] for b in buttons(asked.response)] == [i18n.gettext("cogs.button.confirm"),
                                                             i18n.gettext("cogs.button.cancel")]
    cancelled = await w.bob.click(asked.response, label=i18n.gettext("cogs.button.cancel"))
    assert cancelled.response.content == i18n.gettext("cogs.confirm.cancelled") and table.status == "active"
    assert table.seat_of(w.bob.id) == 1
    asked = await w.bob.slash(w.channel, "table leave")
    result = await w.bob.click(asked.response, label=i18n.gettext("cogs.button.confirm"))
    assert result.response.ephemeral and result.response.content == i18n.gettext("cogs.done")
    assert table.status == "finished"  # one player left: alice wins
    assert i18n.gettext("table.winner", names="alice") in w.channel.last_message.content


async def test_a_resignation_asked_before_a_restart_is_confirmed_after_it(world, service, db_path):
    """The Confirm button outlives the process that asked (a DynamicItem): bob resigns after
    the restart, and alice wins."""
    w = world
    table, _prompt = await started(w, service)
    asked = await w.bob.slash(w.channel, "table leave")
    assert table.status == "active"
    fresh = make_service(db_path)
    await w.env.restart_bot(make_bot(fresh))
    result = await w.bob.click(asked.response, label=i18n.gettext("cogs.button.confirm"))
    assert result.response.content == i18n.gettext("cogs.done") and fresh.table(w.channel.id) is None  # alice won
    assert i18n.gettext("table.winner", names="alice") in w.channel.last_message.content
    assert refusals(w.env) == []


async def test_cancel_needs_the_host_or_manage_messages(world, service):
    w = world
    await started(w, service)
    refused = await w.carol.slash(w.channel, "table cancel")
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.cannot_cancel")
    assert service.table(w.channel.id) is not None
    mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = w.guild.add_member(w.env.create_user("mod"), roles=[mods])
    await mod.slash(w.channel, "table cancel")
    assert service.table(w.channel.id) is None
    assert refusals(w.env) == ["cannot_cancel"]


async def test_commands_without_a_table_are_refused_privately(world):
    w = world
    for command in ("table status", "table board", "table log", "table leave", "table cancel", "table me"):
        result = await w.alice.slash(w.channel, command)
        assert result.ephemeral, command
        assert result.response.content == i18n.gettext("error.no_table")
    refusals(w.env)


async def test_stats_after_a_finished_game(world, service):
    w = world
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    await confirmed(w.bob, w.channel, "table leave")
    stats = await w.alice.slash(w.channel, "table stats")
    assert stats.ephemeral
    assert stats.response.content.startswith(i18n.gettext("table.stats_total", played=1, won=1))


async def test_rules_is_the_games_own_summary_or_a_polite_refusal(world, monkeypatch):
    """`/table rules` is generic: it shows `<game_key>.rules` of the table's game."""
    from tests.cogs import toy

    w = world
    await w.alice.slash(w.channel, "table rules")
    assert refusals(w.env) == ["no_table"]
    await open_table(w)
    result = await w.carol.slash(w.channel, "table rules")
    assert refusals(w.env) == ["no_rules"]
    assert i18n.gettext("error.no_rules") in (result.response.content if result.response else "") + "".join(
        f.content for f in result.followups)
    monkeypatch.setitem(i18n.catalogue("en"), f"{toy.KEY}.rules", "Race to 12.")
    result = await w.carol.slash(w.channel, "table rules")
    assert result.ephemeral and result.response.content == "Race to 12."


async def test_help_names_every_game_and_how_to_start_privately_in_the_readers_language(world, locales):
    from gavel.tables.service import game_name
    from rules import registry

    w = world
    shown = await w.carol.slash(w.channel, "help")  # no table needed
    text = (shown.followups[-1] if shown.followups else shown.response).content
    assert shown.ephemeral
    for plugin in registry.plugins().values():
        assert f"/{plugin.commands.group} new" in text
        assert i18n.render(game_name(plugin.game), "en") in text
    assert i18n.gettext("help.shared") in text and "help." not in text
    assert "/table sit" in text and "/table away" in text and "time:" in text  # walk-aways and time controls
    locales[w.bob.id] = "zh-TW"
    chinese = await w.bob.slash(w.channel, "help")
    text = (chinese.followups[-1] if chinese.followups else chinese.response).content
    assert i18n.gettext("help.title", "zh-TW") in text and i18n.gettext("help.shared", "zh-TW") in text
    assert "/table sit" in text and "/table away" in text and "time:" in text
    assert refusals(w.env) == []
