"""A slash command answers the position its player saw when they sent it: one that waited
behind other actions (here the player's own clicks, then the AI's turn) is refused as stale,
with who is asked now, instead of being applied to a position the player never saw."""

from __future__ import annotations

from tests.cogs.conftest import as_player, refusals


async def test_a_command_queued_behind_other_actions_is_refused_not_applied(world, service):
    w = world
    await w.alice.slash(w.channel, "race new")
    lobby = w.channel.last_message
    await w.alice.click(lobby, label="Add AI")
    await w.alice.click(w.channel.last_message, label="Start")
    table = service.table(w.channel.id)
    assert table.humans_to_act() == [0]
    real_act = service.act
    alice = as_player(w.alice)

    async def others_first(channel_id, player, text, **kwargs):
        # Before alice's `/race roll` reaches the table, her own clicks roll and move, and the
        # AI plays its turn: it is alice's turn to roll again, at a position she never saw.
        if not others_first.done:
            others_first.done = True
            await real_act(channel_id, alice, "roll")
            await real_act(channel_id, alice, service.legal_for(channel_id, alice)[0])
            assert table.humans_to_act() == [0] and "roll" in service.legal_for(channel_id, alice)
        return await real_act(channel_id, player, text, **kwargs)

    others_first.done = False
    service.act = others_first
    await w.alice.slash(w.channel, "race roll")
    version = table.version
    assert refusals(w.env) == ["stale"]
    assert table.version == version and table.state.roll is None  # the queued roll changed nothing
    service.act = real_act
    await w.alice.slash(w.channel, "race roll")  # sent now, it is applied
    assert refusals(w.env) == [] and table.state.roll is not None
