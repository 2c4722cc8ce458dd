"""`/table leaderboard`, `/table stats user:` and `/table history` on simcord: ratings made by a
finished game, read back as embeds and files, refusals private."""

from __future__ import annotations

import discord
import pytest

from gavel.tables import i18n
from rules.core import IllegalAction
from tests.cogs import toy
from tests.cogs.conftest import buttons, confirmed, public_answer, refusals
from tests.cogs.test_flow import open_table


async def bob_resigns(w, service) -> int:
    """A game of alice and bob that alice wins (bob leaves): rated, finished."""
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    await confirmed(w.bob, w.channel, "table leave")
    assert table.status == "finished"
    return table.id


async def test_leaderboard_is_refused_privately_before_any_game_then_lists_the_rated(world, service):
    w = world
    refused = await w.alice.slash(w.channel, "table leaderboard")
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.leaderboard_game")
    assert refusals(w.env) == ["leaderboard_game"]
    await bob_resigns(w, service)
    result = public_answer(await w.carol.slash(w.channel, "table leaderboard"))
    [embed] = result.embeds
    assert embed.title == i18n.gettext("table.leaderboard_title", game=_name())
    lines = embed.description.splitlines()
    assert lines[0].startswith("1. alice: ") and lines[0].endswith("(1 played, 1 won)")
    assert lines[1].startswith("2. bob: ") and lines[1].endswith("(1 played, 0 won)")
    assert [a.filename for a in result.attachments] == ["leaderboard.png"]
    assert embed.image.url == "attachment://leaderboard.png"
    named = public_answer(await w.carol.slash(w.channel, "table leaderboard", game=toy.KEY))
    assert named.embeds[0].description == embed.description
    unknown = await w.carol.slash(w.channel, "table leaderboard", game="chess")
    assert unknown.ephemeral and unknown.response.content == i18n.gettext("error.unknown_game", game="chess")
    assert refusals(w.env) == ["unknown_game"]


def _name() -> str:
    from gavel.tables.service import game_name
    from rules.core import get_game

    return i18n.render(game_name(get_game(toy.KEY)), "en")


async def test_leaderboard_offers_the_installed_games(world):
    w = world
    choices = await w.alice.autocomplete(w.channel, "table leaderboard", "game", "")
    values = [c["value"] for c in choices]
    assert toy.KEY in values and "judtho" in values and "dads_army" in values
    narrowed = {c["value"] for c in await w.alice.autocomplete(w.channel, "table leaderboard", "game", "jud")}
    assert {"judtho", "judgement", "judge_dredd"} <= narrowed
    assert toy.KEY not in narrowed and "dads_army" not in narrowed


async def test_stats_of_another_user_names_them_and_shows_ratings_and_last_games(world, service):
    w = world
    table_id = await bob_resigns(w, service)
    result = await w.alice.slash(w.channel, "table stats", user=w.bob)
    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert lines[0] == i18n.gettext("table.stats_of", player="bob")
    assert lines[1] == i18n.gettext("table.stats_total", played=1, won=0)
    assert "; rating " in lines[2] and lines[3] == i18n.gettext("table.stats_recent")
    assert f"#{table_id} " in lines[4] and i18n.gettext("table.result_resigned") in lines[4]
    mine = await w.alice.slash(w.channel, "table stats")
    assert mine.response.content.startswith(i18n.gettext("table.stats_total", played=1, won=1))


async def test_history_lists_the_games_and_sends_one_with_its_record_and_public_final_board(world, service):
    w = world
    empty = await w.alice.slash(w.channel, "table history")
    assert empty.response.embeds[0].title == i18n.gettext("table.history_none")
    table_id = await bob_resigns(w, service)
    listed = await w.carol.slash(w.channel, "table history")
    assert not listed.ephemeral
    [embed] = listed.response.embeds
    assert embed.title == i18n.gettext("table.history_title")
    assert embed.description.splitlines()[0].startswith(f"#{table_id} ") and "alice, bob" in embed.description
    one = public_answer(await w.carol.slash(w.channel, "table history", game_id=table_id))
    names = [a.filename for a in one.attachments]
    assert names == [f"{toy.KEY}-table{table_id}.txt", "board.png"]
    assert i18n.gettext("table.history_won", names="alice") in one.content
    # the list's menu sends the same, whoever picks, whenever
    [menu] = [c for c in buttons(listed.response) if c["custom_id"] and c["custom_id"].startswith("gv:hist:")]
    picked = await w.bob.select(listed.response, [str(table_id)], custom_id=menu["custom_id"])
    [shown] = picked.followups  # the click is acknowledged first, the game follows in public
    assert not shown.ephemeral and [a.filename for a in shown.attachments] == names
    assert shown.content == one.content
    refused = await w.carol.slash(w.channel, "table history", game_id=table_id + 50)
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.no_such_game", table=table_id + 50)
    assert refusals(w.env) == ["no_such_game"]


async def test_history_of_another_server_is_not_shown_here(world, service):
    w = world
    table_id = await bob_resigns(w, service)
    other = w.env.create_guild("Elsewhere")
    channel = other.create_text_channel("games")
    stranger = other.add_member(w.env.create_user("dave"))
    listed = await stranger.slash(channel, "table history")
    assert listed.response.embeds[0].title == i18n.gettext("table.history_none")
    refused = await stranger.slash(channel, "table history", game_id=table_id)
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.no_such_game", table=table_id)
    assert refusals(w.env) == ["no_such_game"]


@pytest.mark.parametrize("forged", ["²", "99999999999999999999", "-1", "٣"])
async def test_a_forged_history_menu_value_is_refused_not_a_crash(world, service, simcord_bot, forged):
    """A menu value is whatever the client sends: read as `/table log` reads a count (ASCII
    digits, a number the database can hold), anything else is refused as a stale menu."""
    w = world
    await bob_resigns(w, service)
    view = discord.ui.View(timeout=None)  # the history's menu, as a forging client would send it
    view.add_item(discord.ui.Select(custom_id="gv:hist:0", options=[discord.SelectOption(label="x", value=forged)]))
    message = await simcord_bot.get_channel(w.channel.id).send("history", view=view)
    view.stop()
    picked = await w.bob.select(w.channel.last_message, [forged], custom_id="gv:hist:0")
    assert message.id == w.channel.last_message.id
    assert picked.ephemeral and picked.response.content == i18n.gettext("error.stale_button")


async def test_a_game_number_past_the_database_s_integers_is_no_such_game(world, service):
    w = world
    await bob_resigns(w, service)
    huge = 2**53 - 1  # the largest a Discord integer option sends; the service takes any size
    refused = await w.carol.slash(w.channel, "table history", game_id=huge)
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.no_such_game", table=huge)
    assert refusals(w.env) == ["no_such_game"]
    with pytest.raises(IllegalAction) as caught:
        await service.history_game(w.guild.id, 10**30)
    assert caught.value.code == "no_such_game"
    assert await service.history_entries(w.guild.id, 10**30) == []
