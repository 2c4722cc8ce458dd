"""`/table luck [game_id]` on simcord: refused privately while there is no finished game to show
(nothing of a game in play is shown), then the chances chart and the luck in the channel."""

from __future__ import annotations

from gavel.tables import i18n
from rules.insight import Budget
from tests.cogs.conftest import confirmed, public_answer, refusals
from tests.cogs.test_flow import open_table


async def test_luck_is_refused_privately_until_the_game_is_over_then_posted(world, service):
    w = world
    service.insights.budget = Budget(actions=200, steps=4, playouts=2)
    refused = await w.alice.slash(w.channel, "table luck")
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.no_table")
    assert refusals(w.env) == ["no_table"]
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    for asked in ({}, {"game_id": table.id}):
        refused = await w.carol.slash(w.channel, "table luck", **asked)
        assert refused.ephemeral and refused.response.content == i18n.gettext("error.insight_after_end")
        assert refusals(w.env) == ["insight_after_end"]
    assert service.store.insight(table.id) is None
    await confirmed(w.bob, w.channel, "table leave")  # bob resigns: alice wins
    assert table.status == "finished"
    table_id = table.id
    shown = public_answer(await w.carol.slash(w.channel, "table luck"))
    [embed] = shown.embeds
    assert embed.title.startswith(f"Game #{table_id}, ") and embed.title.endswith(": after the game")
    assert embed.description.splitlines()[-1].startswith("Luck: ")
    assert [a.filename for a in shown.attachments] == ["chances.png"]  # the toy race draws no luck picture
    assert embed.image.url == "attachment://chances.png"
    assert shown.attachments[0].description  # the chart in words
    again = public_answer(await w.carol.slash(w.channel, "table luck", game_id=table_id))
    assert again.embeds[0].description == embed.description
    other = await w.carol.slash(w.channel, "table luck", game_id=table_id + 50)
    assert other.ephemeral and refusals(w.env) == ["no_such_game"]
