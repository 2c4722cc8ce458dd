"""Private notices by DM, and what happens when Discord refuses the DM (error 50007)."""

from __future__ import annotations

import discord

from cogs.delivery import locale_lang
from gavel.tables import i18n
from gavel.tables.notices import Private, Public
from rules.core import Msg
from tests.cogs.conftest import refusals
from tests.cogs.test_flow import started

CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


async def test_a_private_notice_goes_by_dm_and_never_to_the_channel(world, service):
    w = world
    _, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    dms = w.alice.user.dm_channel.history()
    assert [m.content for m in dms] == ["cogs_toy.event.secret"]
    assert all("secret" not in m.content for m in w.channel.history())


async def test_closed_dms_fall_back_to_an_ephemeral_reply_for_the_clicker(world, service):
    w = world
    _, prompt = await started(w, service)
    dm = w.alice.user.dm_channel
    w.env.inject_error("POST", f"/channels/{dm.id}/messages", **CLOSED, times=None)
    result = await w.alice.click(prompt, label="Roll")
    private = [f for f in result.followups if f.ephemeral]
    assert len(private) == 1
    assert private[0].content.startswith(i18n.gettext("cogs.dm.closed_here"))
    assert "cogs_toy.event.secret" in private[0].content
    assert dm.history() == []
    assert all("secret" not in m.content for m in w.channel.history())
    dm_attempts = [r for r in w.env.http_requests if r.method == "POST" and r.path == f"/channels/{dm.id}/messages"]
    assert len(dm_attempts) == 1  # tried once, never in a loop


async def test_closed_dms_of_someone_else_get_one_short_public_note(world, service):
    w = world
    table, _prompt = await started(w, service)
    dm = w.alice.user.dm_channel
    w.env.inject_error("POST", f"/channels/{dm.id}/messages", **CLOSED, times=None)
    delivery = w.env.bot.delivery
    channel = w.env.bot.get_channel(w.channel.id)
    for _ in range(2):  # e.g. two private notices produced by other players' moves
        await delivery.deliver([Private(table.id, 0, w.alice.id, [Msg("cogs.done")])], channel=channel)
    await w.env.settle()
    notes = [m for m in w.channel.history() if "/table me" in m.content]
    assert len(notes) == 1
    assert w.alice.mention in notes[0].content
    assert "cogs.done" not in notes[0].content and i18n.gettext("cogs.done") not in notes[0].content
    assert refusals(w.env) == []


async def test_my_info_button_answers_privately(world, service):
    w = world
    _, prompt = await started(w, service)
    result = await w.alice.click(prompt, label="My info")
    assert result.ephemeral
    assert "alice" in result.response.content
    assert [a.filename for a in result.response.attachments] == ["board.png"]


async def test_the_channel_reads_the_lines_the_service_worded_for_its_language(world):
    """A change asked in the channel's language comes worded in it (`Public.said`): the delivery
    posts those words and renders the lines itself only for another language."""
    delivery = world.env.bot.delivery
    public = Public(1, [Msg("table.no_winner")], said=("en", ["worded by the service"]))
    assert delivery.compose(public, "en")[0] == "worded by the service"
    assert delivery.compose(public, "zh-TW")[0] == i18n.gettext("table.no_winner", "zh-TW")


def test_every_discord_locale_has_its_language_worked_out_once():
    assert locale_lang(discord.Locale.taiwan_chinese) == locale_lang("zh-TW") == "zh-TW"
    assert locale_lang(discord.Locale.american_english) == locale_lang(None) == i18n.DEFAULT
    assert locale_lang("zh_TW") == i18n.language("zh_TW")  # a tag Discord never sends: asked


async def test_closed_dms_are_not_tried_again_until_the_player_next_interacts(world, service):
    """Discord refused alice's DM: the notices after it are not tried by DM (one public note says
    where to read them, once); her next click tries again. Her DM channel is made once, and no
    user is fetched for each notice."""
    w = world
    table, prompt = await started(w, service)
    dm = w.alice.user.dm_channel
    w.env.inject_error("POST", f"/channels/{dm.id}/messages", **CLOSED, times=None)
    delivery = w.env.bot.delivery
    channel = w.env.bot.get_channel(w.channel.id)
    for _ in range(3):
        await delivery.deliver([Private(table.id, 0, w.alice.id, [Msg("cogs.done")])], channel=channel)
    await w.env.settle()

    def requests(method: str, path: str) -> int:
        return len([r for r in w.env.http_requests if r.method == method and r.path == path])

    assert requests("POST", f"/channels/{dm.id}/messages") == 1 and delivery.dms_closed(w.alice.id)
    assert len([m for m in w.channel.history() if "/table me" in m.content]) == 1
    await w.alice.click(prompt, label="Roll")  # she interacts: her DMs are tried again
    assert requests("POST", f"/channels/{dm.id}/messages") == 2
    assert requests("POST", "/users/@me/channels") <= 1  # the DM channel, made once at most
    assert requests("GET", f"/users/{w.alice.id}") <= 1
    assert refusals(w.env) == []


async def test_a_long_private_notice_arrives_whole_in_pages(world, service):
    """A private notice past one message (a substitute's briefing of a long game) is sent by DM in
    pages cut at line ends, every line of it, the last one included; never clipped."""
    w = world
    table, _prompt = await started(w, service)
    lines = [Msg("cogs.done")] * 400  # "Done." 400 times: about 2,400 characters
    delivery = w.env.bot.delivery
    channel = w.env.bot.get_channel(w.channel.id)
    await delivery.deliver([Private(table.id, 0, w.alice.id, lines)], channel=channel)
    await w.env.settle()
    dms = w.alice.user.dm_channel.history()
    assert len(dms) == 2 and all(len(m.content) <= 2000 for m in dms)
    assert "\n".join(m.content for m in dms).split("\n") == [i18n.gettext("cogs.done")] * 400
