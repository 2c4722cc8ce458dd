"""Play again on the simulated Discord: the game's last message carries the button; a player's
click opens a lobby like the last game's, mentions the other humans with a Join button, and
drops the seats nobody took back when the minute is over."""

from __future__ import annotations

from gavel.tables import i18n
from tests.cogs.conftest import buttons, confirmed, make_service, refusals
from tests.cogs.test_flow import open_table

AGAIN = i18n.gettext("cogs.button.again")


async def finished(w, *, ai: bool = False):
    """alice and bob (and an AI seat) play; bob resigns (alice wins, or the AI plays on and alice
    resigns too): the game's last message."""
    lobby = await open_table(w)
    await w.bob.click(lobby, label="Join")
    if ai:
        await w.alice.click(lobby, label="Add AI")
    await w.alice.click(w.channel.last_message, label="Start")
    await confirmed(w.bob, w.channel, "table leave")
    if ai:
        await confirmed(w.alice, w.channel, "table leave")
    last = w.channel.last_message
    assert AGAIN in [b["label"] for b in buttons(last)]
    return last


async def test_play_again_invites_the_other_players_back(world, service):
    w = world
    last = await finished(w)
    stranger = await w.carol.click(last, label=AGAIN)
    assert stranger.ephemeral and i18n.gettext("error.rematch_not_player") in stranger.response.content
    assert service.table(w.channel.id) is None
    await w.bob.click(last, label=AGAIN)
    lobby = w.channel.last_message
    table = service.table(w.channel.id)
    assert table is not None and table.status == "lobby" and table.host_id == w.bob.id
    assert [b["label"] for b in buttons(lobby)] == ["Join", "Leave", "Add AI", "Start"]
    assert w.alice.mention in lobby.content  # invited back, by name
    assert [s.name for s in table.seats] == ["bob"]
    again = await w.alice.click(last, label=AGAIN)  # a table is open here already
    assert again.ephemeral and again.response.content == i18n.gettext("error.table_exists")
    await w.alice.click(lobby, label="Join")
    assert [s.name for s in table.seats] == ["alice", "bob"]  # her seat of the last game
    await w.bob.click(w.channel.last_message, label="Start")
    assert table.status == "active"
    assert refusals(w.env) == []  # a click's refusal is answered, never raised


async def test_a_seat_not_taken_back_within_the_minute_drops_out(world, service):
    w = world
    last = await finished(w, ai=True)
    await w.alice.click(last, label=AGAIN)
    table = service.table(w.channel.id)
    assert [s.name for s in table.seats] == ["alice", "AI 1"]
    assert w.env.bot.rematch_clock.armed(table.id)
    start = await w.alice.click(w.channel.last_message, label="Start")
    assert "bob" in start.response.content and table.status == "lobby"  # still waiting for bob
    await w.env.advance_time(61)
    assert i18n.gettext("table.rematch_dropped", players="bob") in w.channel.last_message.content
    await w.alice.click(w.channel.history()[-2], label="Start")
    assert table.status == "active" and [s.name for s in table.seats] == ["alice", "AI 1"]
    assert refusals(w.env) == []


async def test_the_window_is_armed_again_after_a_restart(world, service, db_path):
    w = world
    last = await finished(w, ai=True)
    await w.alice.click(last, label=AGAIN)
    fresh = make_service(db_path)
    from tests.cogs.conftest import make_bot

    bot = make_bot(fresh)
    await w.env.restart_bot(bot)
    table_id = service.table(w.channel.id).id
    assert bot.rematch_clock.armed(table_id)
    await w.env.advance_time(61)
    assert i18n.gettext("table.rematch_dropped", players="bob") in w.channel.last_message.content
    assert refusals(w.env) == []
