"""`/table replay` and the Replay button on simcord: a finished game step by step for the user
alone (the private message edited in place by ⏮ ◀ ▶ ⏭ and its step menu), "Post this step" in
public, the animated export in public; a game in play is refused privately."""

from __future__ import annotations

from cogs import components
from gavel.tables import i18n
from gavel.tables.replays import worded as worded_action
from rules.core import get_game
from tests.cogs.conftest import as_player, buttons, confirmed, private_answer, public_answer, refusals
from tests.cogs.test_flow import open_table


async def bob_resigns(w, service) -> int:
    """A game of alice and bob, two turns each played, then bob resigns: finished, with a log."""
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    for member in (w.alice, w.bob, w.alice, w.bob):
        await member.slash(w.channel, "race roll")
        _, man, to = service.legal_for(w.channel.id, as_player(member))[0].split()
        await member.slash(w.channel, "race move", man=man, to=to)
    await confirmed(w.bob, w.channel, "table leave")
    assert table.status == "finished"
    return table.id


def ids(message) -> list[str]:
    return [c["custom_id"] for c in buttons(message) if c["custom_id"]]


def title(table_id: int, step: int, last: int) -> str:
    from gavel.tables.service import game_name
    from rules.core import get_game
    from tests.cogs import toy

    return i18n.gettext("table.replay_title", table=table_id, game=i18n.render(game_name(get_game(toy.KEY))),
                        step=step, last=last)


async def test_a_game_in_play_is_refused_and_a_channel_without_a_finished_game_too(world, service, monkeypatch):
    from rules.core import Game

    asked: list[str] = []  # every game's revealed view asked for, while this game runs: none
    monkeypatch.setattr(Game, "_revealed_view", lambda game, state, seats: asked.append(game.info.key) or {})
    w = world
    refused = await w.alice.slash(w.channel, "table replay")
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.no_finished_game")
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    for options in ({}, {"game_id": table.id}, {"game_id": table.id, "export": True}):
        refused = await w.carol.slash(w.channel, "table replay", **options)
        assert refused.ephemeral and refused.response.content == i18n.gettext("error.replay_running")
    assert refusals(w.env) == ["no_finished_game", "replay_running", "replay_running", "replay_running"]
    await w.alice.slash(w.channel, "race roll")
    await w.alice.slash(w.channel, "table board")
    assert asked == []
    assert all("gv:rp" not in " ".join(ids(m)) for m in w.channel.history())  # no replay button while it runs


async def test_replay_steps_through_the_game_privately_and_posts_a_step_in_public(world, service):
    w = world
    table_id = await bob_resigns(w, service)
    last = len(service.store.actions(table_id))
    opened = await w.carol.slash(w.channel, "table replay")  # a spectator too, once the game is over
    shown = private_answer(opened)
    assert shown.content.splitlines()[0] == title(table_id, 0, last)
    assert [a.filename for a in shown.attachments] == ["board.png"]
    assert f"gv:rp:{table_id}:0:next" in ids(shown) and f"gv:rps:{table_id}" in ids(shown)
    count = len(w.channel.history())
    moved = await w.carol.click(shown, custom_id=f"gv:rp:{table_id}:0:next")
    assert moved.response.id == shown.id  # edited in place
    assert moved.response.content.splitlines()[0] == title(table_id, 1, last)
    assert f"gv:rp:{table_id}:1:prev" in ids(moved.response)
    said = moved.response.content.splitlines()
    worded = i18n.render(worded_action(get_game("cogs_toy"), "roll"), "en")
    assert worded != "roll"  # the action as the game words it (its label), not its text
    assert said[1] == i18n.gettext("table.replay_decision", player="alice", action=worded)
    # the roller's private line, shown now that the game is over, naming who alone was told it
    assert i18n.gettext("table.replay_private", players="alice", line="cogs_toy.event.secret") in said
    end = await w.carol.click(moved.response, custom_id=f"gv:rp:{table_id}:1:last")
    assert end.response.content.splitlines()[0] == title(table_id, last, last)
    assert i18n.gettext("table.replay_end") in end.response.content
    picked = await w.carol.select(end.response, ["1"], custom_id=f"gv:rps:{table_id}")
    assert picked.response.content.splitlines()[0] == title(table_id, 1, last)
    assert len(w.channel.history()) == count  # browsing posts nothing in the channel
    posted = await w.carol.click(picked.response, custom_id=f"gv:rp:{table_id}:1:post")
    [public] = [m for m in posted.followups if not m.ephemeral]
    assert public.content == picked.response.content and [a.filename for a in public.attachments] == ["board.png"]
    assert not ids(public)  # no buttons: the replay itself stays the user's
    assert refusals(w.env) == []


async def test_the_games_last_message_opens_the_replay_for_whoever_clicks(world, service):
    w = world
    table_id = await bob_resigns(w, service)
    [last] = [m for m in w.channel.history() if f"gv:rpo:{table_id}" in ids(m)]
    assert f"gv:again:{table_id}" in ids(last)
    opened = await w.bob.click(last, custom_id=f"gv:rpo:{table_id}")
    shown = private_answer(opened)
    assert shown.content.splitlines()[0].startswith(title(table_id, 0, 0).split(":")[0])
    assert refusals(w.env) == []


async def test_replay_export_posts_the_public_board_as_an_animation(world, service):
    w = world
    table_id = await bob_resigns(w, service)
    answered = public_answer(await w.alice.slash(w.channel, "table replay", game_id=table_id, export=True))
    [gif] = answered.attachments
    assert gif.filename == f"game{table_id}.gif"
    assert refusals(w.env) == []


async def test_another_servers_game_is_not_replayed_here(world, service, simcord_bot):
    w = world
    table_id = await bob_resigns(w, service)
    opened = private_answer(await w.alice.slash(w.channel, "table replay", game_id=table_id))
    assert opened.attachments  # opened here first: kept folded, and still refused elsewhere
    other = w.env.create_guild("Elsewhere")
    channel = other.create_text_channel("games")
    stranger = other.add_member(w.env.create_user("dave"))
    refused = await stranger.slash(channel, "table replay", game_id=table_id)
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.no_such_game", table=table_id)
    assert refusals(w.env) == ["no_such_game"]
    # the replay's own buttons, as a forging client would send them there
    view = components.replay_view(table_id, 0, 10, "en")
    message = await simcord_bot.get_channel(channel.id).send("replay", view=view)
    view.stop()
    for op in ("next", "post"):
        clicked = await stranger.click(message, custom_id=f"gv:rp:{table_id}:0:{op}")
        [said] = clicked.followups
        assert said.ephemeral and said.content == i18n.gettext("error.no_such_game", table=table_id)
        assert clicked.response.content == "replay" and not clicked.response.attachments  # left as it was
    assert [m.content for m in channel.history()] == ["replay"]


async def test_a_step_carries_the_pictures_the_replay_adds_to_it(world, service):
    """What another part adds to a step (`Replay.pictures`: a chart of the game, say) comes with
    its board, in the private replay and in the step posted."""
    from tests.cogs.conftest import tiny_png

    w = world
    table_id = await bob_resigns(w, service)
    replay = await service.replay_game(w.guild.id, w.channel.id, table_id)
    replay.pictures[1] = [("chart.png", tiny_png())]
    shown = private_answer(await w.alice.slash(w.channel, "table replay", game_id=table_id))
    assert [a.filename for a in shown.attachments] == ["board.png"]
    moved = await w.alice.click(shown, custom_id=f"gv:rp:{table_id}:0:next")
    assert [a.filename for a in moved.response.attachments] == ["board.png", "chart.png"]
    posted = await w.alice.click(moved.response, custom_id=f"gv:rp:{table_id}:1:post")
    [public] = [m for m in posted.followups if not m.ephemeral]
    assert [a.filename for a in public.attachments] == ["board.png", "chart.png"]
    assert refusals(w.env) == []


async def test_every_seats_secrets_come_as_an_embed_a_field_each(world, service, monkeypatch):
    """A step's secrets go in fields of their own (a long hand never pushes the step's lines out
    of the message), in the private replay and in a step posted."""
    from rules.core import get_game
    from tests.cogs import toy

    monkeypatch.setattr(type(get_game(toy.KEY)), "secrets",
                        lambda self, state, seat: [f"card {seat}-{i}" for i in range(9)])
    w = world
    table_id = await bob_resigns(w, service)
    shown = private_answer(await w.alice.slash(w.channel, "table replay", game_id=table_id))
    [embed] = shown.embeds
    assert embed.title == i18n.gettext("cogs.replay.secrets")
    assert [f.name for f in embed.fields] == ["alice", "bob"]
    more = i18n.ngettext("table.replay_more", 3, more=3)
    assert embed.fields[1].value.splitlines() == [*(f"card 1-{i}" for i in range(6)), more]
    posted = await w.alice.click(shown, custom_id=f"gv:rp:{table_id}:0:post")
    [public] = [m for m in posted.followups if not m.ephemeral]
    assert public.embeds[0].fields[0].value == embed.fields[0].value
    assert refusals(w.env) == []
