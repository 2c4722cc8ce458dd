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


async def test_luck_posts_the_luck_picture_beside_the_chart(world, service, monkeypatch):
    import dataclasses

    from gavel.tables.table import Player
    from rules import registry
    from rules.insight import Draw, LuckHook
    from tests.cogs import toy

    def read(game, before, seat, action, events):  # the toy's die, read as a game's hook would
        return [Draw(seat, "roll", float(e.params["n"]), 3.5, 35 / 12) for e in events if e.kind == "rolled"]

    monkeypatch.setitem(registry._PLUGINS, toy.KEY, dataclasses.replace(registry.plugin(toy.KEY),
                                                                         luck=LuckHook(read, frozenset({"roll"}))))
    w = world
    service.insights.budget = Budget(actions=200, steps=4, playouts=2)
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    seated = {table.seat_of(w.alice.id): Player(w.alice.id, "alice"), table.seat_of(w.bob.id): Player(w.bob.id, "bob")}
    mover = seated[sorted(table.game.to_act(table.state))[0]]
    await service.act(w.channel.id, mover, "roll")
    await confirmed(w.bob, w.channel, "table leave")
    shown = public_answer(await w.carol.slash(w.channel, "table luck"))
    assert [a.filename for a in shown.attachments] == ["chances.png", "luck.png"]
    assert all(a.description for a in shown.attachments)  # both pictures in words
    assert shown.attachments[1].description.startswith("Luck: ")
    assert refusals(w.env) == []
