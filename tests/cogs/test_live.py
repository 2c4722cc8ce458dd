"""One live message per turn: a turn's changes edit its channel message, and a new message (the
one before losing its buttons) comes only when someone must be pinged, the game highlights the
moment or ends, or the live message cannot be edited. The live message is kept in the database,
so a restarted bot edits the same one, and an older notice never edits a newer message."""

from __future__ import annotations

import dataclasses

import pytest

import gavel.tables.lobby
from cogs.live import LIVE_FOR
from gavel.tables import i18n
from tests.cogs import toy
from tests.cogs.conftest import as_player, buttons, refusals
from tests.cogs.test_flow import started

SERVER_ERROR = {"status": 500, "code": 0, "message": "Internal Server Error"}
GONE = {"status": 404, "code": 10008, "message": "Unknown Message"}


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table gets the same seed: the dice repeat exactly."""
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


def message(w, message_id: int):
    return next(m for m in w.channel.history() if m.id == message_id)


def live(w, table_id: int):
    row = w.env.bot.service.store.live_post(table_id)
    return row and row["message"]


async def roll(w, member) -> None:
    result = await member.slash(w.channel, "race roll")
    assert result.ephemeral and result.response.content == "Done."


async def move(w, member) -> None:
    _, man, to = w.env.bot.service.legal_for(w.channel.id, as_player(member))[0].split()
    await member.slash(w.channel, "race move", man=man, to=to)


async def test_a_roll_edits_the_turns_message_and_the_next_turn_posts_anew(world, service):
    w = world
    table, first = await started(w, service)
    count = len(w.channel.history())
    await roll(w, w.alice)
    assert len(w.channel.history()) == count  # nobody new to ping: the turn's message is edited
    edited = message(w, first.id)
    assert "cogs_toy.event.rolled" in edited.content and w.alice.mention in edited.content
    assert [b["label"] for b in buttons(edited)] == ["Ann", "Bob", "My info"]
    assert all(f":{table.version}:" in b["custom_id"] for b in buttons(edited)[:2])
    await move(w, w.alice)
    assert len(w.channel.history()) == count + 1  # bob is asked: a new message pings him
    assert w.bob.mention in w.channel.last_message.content
    assert buttons(message(w, first.id)) == []  # the turn before offers nothing any more
    assert message(w, first.id).content == edited.content  # its text stays
    assert live(w, table.id) == w.channel.last_message.id
    assert refusals(w.env) == []


async def test_dads_army_roll_then_move_is_one_message(world, service):
    w = world
    await w.alice.slash(w.channel, "dadsarmy new")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    svc = w.env.bot.service
    table = svc.table(w.channel.id)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    player = members[table.seats[table.humans_to_act()[0]].user_id]
    start = w.channel.last_message
    count = len(w.channel.history())
    await player.slash(w.channel, "dadsarmy roll")
    legal = svc.legal_for(w.channel.id, as_player(player))
    assert legal and all(a.startswith("move ") for a in legal)  # the seed's throw moves a man
    assert len(w.channel.history()) == count and w.channel.last_message.id == start.id
    _, man, to = legal[0].split()
    await player.slash(w.channel, "dadsarmy move", man=man, to=to)
    other = members[table.seats[table.humans_to_act()[0]].user_id]
    assert other is not player
    assert len(w.channel.history()) == count + 1 and other.mention in w.channel.last_message.content
    assert buttons(message(w, start.id)) == []
    assert refusals(w.env) == []


async def test_a_highlighted_event_posts_anew(world, service, monkeypatch):
    w = world
    monkeypatch.setattr(type(toy.GAME), "info", dataclasses.replace(toy.GAME.info, highlights=frozenset({"rolled"})))
    _table, first = await started(w, service)
    count = len(w.channel.history())
    await roll(w, w.alice)
    assert len(w.channel.history()) == count + 1
    assert "cogs_toy.event.rolled" in w.channel.last_message.content
    assert buttons(message(w, first.id)) == []
    assert [b["label"] for b in buttons(w.channel.last_message)] == ["Ann", "Bob", "My info"]


async def test_an_old_live_message_is_not_edited(world, service):
    w = world
    clock = {"now": 1000.0}
    w.env.bot.delivery.live.clock = lambda: clock["now"]
    table, first = await started(w, service)
    assert live(w, table.id) == first.id
    clock["now"] += LIVE_FOR + 1  # Discord would refuse to edit it soon
    count = len(w.channel.history())
    await roll(w, w.alice)
    assert len(w.channel.history()) == count + 1 and buttons(message(w, first.id)) == []
    assert live(w, table.id) == w.channel.last_message.id


async def test_a_text_too_long_for_one_message_posts_anew(world, service):
    w = world
    table, _first = await started(w, service)
    svc = w.env.bot.service
    post = await svc.live_post(table.id)
    await svc.keep_live(dataclasses.replace(post, lines=("x" * 1990,)))
    count = len(w.channel.history())
    await roll(w, w.alice)
    assert len(w.channel.history()) == count + 1
    assert len(w.channel.last_message.content) < 2000 and "x" * 100 not in w.channel.last_message.content


async def test_an_edit_discord_refuses_posts_anew(world, service):
    w = world
    table, first = await started(w, service)
    w.env.inject_error("PATCH", f"/channels/{w.channel.id}/messages/{first.id}", **GONE, times=1)
    count = len(w.channel.history())
    await roll(w, w.alice)
    assert len(w.channel.history()) == count + 1
    assert "cogs_toy.event.rolled" in w.channel.last_message.content
    assert live(w, table.id) == w.channel.last_message.id
    assert w.env.bot.service.store.outbox_due(float("inf")) == []


async def test_an_edit_that_failed_is_sent_again_as_an_edit(world, service):
    w = world
    table, first = await started(w, service)
    svc = w.env.bot.service
    w.env.inject_error("PATCH", f"/channels/{w.channel.id}/messages/{first.id}", **SERVER_ERROR, times=1)
    count = len(w.channel.history())
    result = await w.alice.slash(w.channel, "race roll")
    told = [f.content for f in result.followups if f.ephemeral] or [result.response.content]
    assert i18n.gettext("cogs.error.undelivered") in told  # the player hears it stood, late
    with pytest.raises(ExceptionGroup):
        w.env.raise_errors()  # simcord saw the command's error too: acknowledge it
    assert table.version == 1 and len(svc.store.outbox_due(float("inf"))) == 1  # kept in the outbox
    assert "cogs_toy.event.rolled" not in message(w, first.id).content
    start = svc.wall()
    svc.wall = lambda: start + 6
    await w.env.advance_time(6)  # the resender sends it again after its pause
    assert svc.store.outbox_due(float("inf")) == []
    assert len(w.channel.history()) == count  # as an edit of the same message
    assert "cogs_toy.event.rolled" in message(w, first.id).content
    assert [b["label"] for b in buttons(message(w, first.id))] == ["Ann", "Bob", "My info"]


async def test_an_older_notice_never_edits_a_newer_message(world, service):
    w = world
    table, _first = await started(w, service)
    svc = w.env.bot.service
    old = await svc.act(w.channel.id, as_player(w.alice), "roll")  # kept, not delivered yet
    start = svc.wall()
    svc.wall = lambda: start + svc.timing.lease + 1  # its delivery stuck past its lease: taken over
    await move(w, w.alice)  # delivered first: the roll's notice is owed and goes out before it
    newest = live(w, table.id)
    count = len(w.channel.history())
    channel = w.env.bot.get_channel(w.channel.id)
    await w.env.bot.delivery.deliver(old, channel=channel, earlier=False)  # sent again, late
    assert live(w, table.id) == newest
    late = w.channel.history()[count:]
    assert all(buttons(m) == [] for m in late)  # told, if at all, without a stale button
    assert [b["label"] for b in buttons(message(w, newest))] == ["Roll", "My info"]


async def test_an_edit_showing_the_same_board_does_not_upload_it_again(world, service, monkeypatch):
    """The toy's board is the same picture whatever happens: the roll's edit leaves the message's
    picture as it is; a board that changed is attached again."""
    import discord

    uploads: list[bool] = []
    edit = discord.PartialMessage.edit

    async def noting(self, **kwargs):
        uploads.append("attachments" in kwargs)
        return await edit(self, **kwargs)

    monkeypatch.setattr(discord.PartialMessage, "edit", noting)
    w = world
    _, first = await started(w, service)
    await roll(w, w.alice)
    assert uploads == [False]  # edited, the same board
    assert message(w, first.id).attachments == first.attachments
    images = w.env.bot.service.images
    sketch = images.board_sketch

    def another(table, seat, prompt, view=None):
        found = sketch(table, seat, prompt, view)
        if found is None or found.image is None:
            return found
        draw, version = found.image, table.version  # a board that changes with every change
        return dataclasses.replace(found, image=lambda: (draw() or b"") + str(version).encode())

    monkeypatch.setattr(images, "board_sketch", another)
    await move(w, w.alice)  # bob is pinged: a new message, and the old one only loses its buttons
    uploads.clear()
    await roll(w, w.bob)
    assert uploads == [True]  # another board than the one it shows: uploaded
