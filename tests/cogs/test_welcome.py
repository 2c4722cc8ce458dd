"""The welcome: the first time the bot joins a server it says what Gavel is and points to
/help, in the server's language, in its system channel or the first text channel it may write
in; once per server ever; nowhere to write, nothing."""

from __future__ import annotations

import discord
from simcord.backend import serializers

from gavel.tables import i18n
from tests.cogs.conftest import refusals


async def join_again(env, guild) -> None:
    """The bot is added to `guild` (as it stands now, channels and all): Discord's GUILD_CREATE
    for a guild the bot joins carries no `unavailable` field, which discord.py dispatches as
    `on_guild_join` (simcord's own GUILD_CREATE always says `unavailable: false`, a guild coming
    back, so `create_guild` alone never fires a join)."""
    payload = dict(serializers.guild_create_payload(env.backend, env.backend.guilds[guild.id]))
    payload.pop("unavailable", None)
    env.backend.emit("GUILD_CREATE", payload)
    await env.settle()


async def test_welcome_once_in_the_system_channel_in_the_servers_language(simcord_env, service):
    env = simcord_env
    guild = env.create_guild("Dojo", preferred_locale="zh-TW")
    await join_again(env, guild)  # joined with no channel yet: nowhere to write
    first = guild.create_text_channel("first")
    general = guild.create_text_channel("general")
    env.backend.edit_guild(guild.id, {"system_channel_id": general.id})
    await join_again(env, guild)
    [message] = general.history()
    assert message.content.startswith("大家好！我是 Gavel") and "/help" in message.content
    assert i18n.gettext("game.judgement", "zh-TW") in message.content  # every installed game, in its words
    assert first.history() == []
    await join_again(env, guild)  # joined again (kicked and invited back): no second welcome
    assert len(general.history()) == 1
    assert refusals(env) == []


async def test_welcome_goes_to_the_first_channel_it_may_write_in(simcord_env, service):
    env = simcord_env
    guild = env.create_guild("Walmington")
    locked = guild.create_text_channel("announcements",
                                       overwrites={env.bot.user: discord.PermissionOverwrite(send_messages=False)})
    lobby = guild.create_text_channel("lobby")
    await join_again(env, guild)
    assert locked.history() == []
    [message] = lobby.history()
    assert message.content.startswith("Hello! I am Gavel") and "/help" in message.content


async def test_nowhere_to_write_is_silently_nothing_and_tried_again_later(simcord_env, service):
    env = simcord_env
    guild = env.create_guild("Quiet")
    locked = guild.create_text_channel("locked",
                                       overwrites={env.bot.user: discord.PermissionOverwrite(send_messages=False)})
    await join_again(env, guild)
    assert locked.history() == []
    assert refusals(env) == []
    assert await service.first_welcome(guild.id)  # nothing was noted: a later join may welcome
