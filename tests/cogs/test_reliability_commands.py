"""`/table block`, `/table unblock` and `/<game> new reliable:true` on simcord: answered
privately, a blocked player's Join refused privately without a name, a reliable lobby saying so."""

from __future__ import annotations

from gavel.tables import i18n


async def test_a_block_is_private_and_keeps_the_blocked_player_out_of_the_lobby(world, service):
    w = world
    said = await w.alice.slash(w.channel, "table block", user=w.bob)
    assert said.ephemeral and said.response.content == i18n.gettext("table.blocked", player="bob")
    await w.alice.slash(w.channel, "race new")
    lobby = w.channel.last_message
    refused = (await w.bob.click(lobby, label="Join")).followups[-1]
    assert refused.ephemeral and refused.content == i18n.gettext("error.join_not_open")
    assert "alice" not in refused.content
    table = service.table(w.channel.id)
    assert [s.user_id for s in table.seats] == [w.alice.id]
    lifted = await w.alice.slash(w.channel, "table unblock", user=w.bob)
    assert lifted.ephemeral and lifted.response.content == i18n.gettext("table.unblocked", player="bob")
    await w.bob.click(lobby, label="Join")
    assert [s.user_id for s in table.seats] == [w.alice.id, w.bob.id]


async def test_a_lobby_opened_reliable_says_so_and_keeps_it(world, service):
    w = world
    await w.alice.slash(w.channel, "dadsarmy new", reliable=True)  # a game's group, built from its plug-in
    table = service.table(w.channel.id)
    assert table is not None and table.reliable
    assert i18n.gettext("table.reliable_only", share=20) in w.channel.last_message.content
    await w.bob.click(w.channel.last_message, label="Join")  # a newcomer is welcome
    assert [s.user_id for s in table.seats] == [w.alice.id, w.bob.id]
