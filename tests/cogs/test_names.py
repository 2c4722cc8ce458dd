"""Players choose their names: a name that reads "@everyone", "<@id>" of another member, or
markdown (`**x** ||y||`) is shown as written and pings nobody, wherever a name reaches a Discord
message (the lobby, the turn notices, history, stats, the leaderboard, DMs); the one who must act
is still pinged. simcord works out what a message pings as Discord does: from its text and its
`allowed_mentions` (`ping_users`, `mention_everyone`)."""

from __future__ import annotations

import discord

from cogs.names import escaped
from gavel.tables import i18n
from gavel.tables.notices import Private
from rules.core import Msg
from tests.cogs.conftest import as_player, confirmed, public_answer
from tests.cogs.test_flow import open_table

EVERYONE = "@everyone"
MARKDOWN = "**x** ||y||"
SHOWN_EVERYONE = "@\u200beveryone"
SHOWN_MARKDOWN = "\\*\\*x\\*\\* \\|\\|y\\|\\|"


def stored(w, message):
    """simcord's record of a posted message (or of an interaction's response): what it pings."""
    if not isinstance(message, discord.Message):
        message = message.message
    return w.env.backend.messages[message.channel.id][message.id]


def pings(w, message: discord.Message) -> tuple[list[int], bool]:
    """(the users the message pinged, whether it pinged or was let ping @everyone/@here)."""
    record = stored(w, message)
    return sorted(record.ping_user_ids), bool(record.mention_everyone or record.allowed_mentions.everyone)


def test_the_bot_pings_nobody_unless_a_message_says_whom(world):
    mentions = world.env.bot.allowed_mentions
    assert mentions is not None
    assert (mentions.everyone, mentions.users, mentions.roles, mentions.replied_user) == (False, False, False, False)


def test_escaped_shows_names_as_written_and_breaks_mentions():
    assert escaped(EVERYONE) == SHOWN_EVERYONE
    assert escaped(MARKDOWN) == SHOWN_MARKDOWN
    assert escaped("<@123456789012345678>") == "<@\u200b123456789012345678>"
    assert escaped("<@&123456789012345678> @here") == "<@\u200b&123456789012345678> @\u200bhere"
    assert escaped("alice") == "alice"
    assert escaped("__x__ _y_") == "\\_\\_x\\_\\_ \\_y\\_"  # underline, italics: shown as typed
    assert escaped("no_such_rule") == "no_such_rule"  # an underscore inside a word formats nothing: left as is


def test_local_play_shows_names_raw_and_a_code_span_is_never_escaped():
    joined = Msg("table.joined", {"player": MARKDOWN, "n": 1, "max": 2})
    assert MARKDOWN in i18n.render(joined, "en")  # the console, the images: raw
    assert SHOWN_MARKDOWN in i18n.render(joined, "en", escape=escaped)
    exported = Msg("table.exported", {"game": "dads_army", "file": "dads_army-table1.txt", "n": 3})
    assert i18n.render(exported, "en", escape=escaped) == i18n.render(exported, "en")  # `{game}` shows as it is


async def test_names_in_the_lobby_and_the_turn_notices_are_escaped_and_ping_nobody_but_who_acts(world, service):
    w = world
    everyone = w.guild.add_member(w.env.create_user("mallory"), nick=EVERYONE)
    impostor = w.guild.add_member(w.env.create_user("eve"), nick=f"<@{w.carol.id}>")
    marked = w.guild.add_member(w.env.create_user("dave"), nick=MARKDOWN)
    lobby = await open_table(w)
    for member in (everyone, impostor, marked):
        await member.click(lobby, label="Join")
    shown = w.channel.last_message
    assert shown.id == lobby.id  # the lobby, edited as they sat down
    for raw in (EVERYONE, f"<@{w.carol.id}>", MARKDOWN):
        assert raw not in shown.content
    for written in (SHOWN_EVERYONE, f"<@\u200b{w.carol.id}>", SHOWN_MARKDOWN):
        assert written in shown.content
    assert pings(w, shown) == ([], False)

    await w.alice.click(lobby, label="Start")
    started = w.channel.last_message
    assert started.id != lobby.id
    assert SHOWN_EVERYONE in started.content and SHOWN_MARKDOWN in started.content  # the players, listed
    assert f"<@\u200b{w.carol.id}>" in started.content
    assert EVERYONE not in started.content and f"<@{w.carol.id}>" not in started.content
    assert w.alice.mention in started.content  # alice must act: named, by id...
    assert pings(w, started) == ([], False)  # ...not pinged: the message answers her own click on Start

    await w.alice.click(started, label="Roll")
    man, to = service.legal_for(w.channel.id, as_player(w.alice))[0].split()[1:]
    await w.alice.slash(w.channel, "race move", man=man, to=to)
    turn = w.channel.last_message
    assert everyone.mention in turn.content  # the one named "@everyone" acts now: mentioned by id
    assert pings(w, turn) == ([everyone.id], False)

    status = await w.carol.slash(w.channel, "table status")
    assert status.ephemeral  # carol, a spectator, is answered privately
    assert SHOWN_EVERYONE in status.response.content and SHOWN_MARKDOWN in status.response.content
    assert pings(w, status.response) == ([], False)


async def test_history_stats_and_leaderboard_show_a_winner_named_everyone_escaped(world, service):
    w = world
    winner = w.guild.add_member(w.env.create_user("mallory"), nick=f"{EVERYONE} {MARKDOWN}")
    shown = f"{SHOWN_EVERYONE} {SHOWN_MARKDOWN}"
    lobby = await open_table(w)
    await winner.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    await confirmed(w.alice, w.channel, "table leave")  # alice resigns: the other wins
    assert table.status == "finished"
    over = w.channel.last_message
    assert EVERYONE not in over.content and pings(w, over)[1] is False

    one = public_answer(await w.carol.slash(w.channel, "table history", game_id=table.id))
    assert i18n.gettext("table.history_won", names=shown) in one.content
    assert EVERYONE not in one.content and MARKDOWN not in one.content
    assert pings(w, one) == ([], False)

    listed = await w.carol.slash(w.channel, "table history")
    [embed] = listed.response.embeds
    assert shown in embed.description and EVERYONE not in embed.description

    board = public_answer(await w.carol.slash(w.channel, "table leaderboard"))
    [embed] = board.embeds
    assert embed.description.splitlines()[0].startswith(f"1. {shown}: ")
    assert pings(w, board) == ([], False)

    stats = await w.alice.slash(w.channel, "table stats", user=winner)
    assert stats.response.content.splitlines()[0] == i18n.gettext("table.stats_of", player=shown)


async def test_a_dm_naming_a_player_shows_the_name_escaped(world, service):
    w = world
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    table = service.table(w.channel.id)
    channel = w.env.bot.get_channel(w.channel.id)
    line = Msg("table.joined", {"player": f"{EVERYONE} <@{w.carol.id}> {MARKDOWN}", "n": 2, "max": 4})
    await w.env.bot.delivery.deliver([Private(table.id, 0, w.alice.id, [line])], channel=channel)
    await w.env.settle()
    [dm] = w.alice.user.dm_channel.history()
    assert f"{SHOWN_EVERYONE} <@\u200b{w.carol.id}> {SHOWN_MARKDOWN}" in dm.content
