"""Small Discord manners: a "Take my seat back" button stays under its message until it is
used, whatever later edits of that message change; a spectator's board, status and log are
answered privately, and a copy of the board never carries another player's buttons."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.notices import Public
from rules.core import Msg
from tests.cogs.conftest import as_player, buttons, refusals, walked_away
from tests.cogs.test_flow import started

SIT = "cogs.button.sit"


def labels(w, message) -> list[str]:
    """The labels of a channel message's buttons as Discord holds them now (after any edit)."""
    rows = w.env.backend.get_message(w.channel.id, message.id).components
    return [c.get("label") for row in rows for c in row.get("components", [row]) if c.get("type") == 2]


async def test_take_my_seat_back_stays_until_used(world, service):
    w = world
    table, _ = await started(w, service)  # the race toy: alice to roll
    walked_away(service, table, 1)  # bob walked away: the AI plays his seat
    prompt = service.prompt(w.channel.id, as_player(w.alice))
    notice = Public(table.id, [Msg("table.resumed")], prompt=prompt, names=table.names, away=True)
    await w.env.bot.delivery.deliver([notice], channel=w.env.bot.get_channel(w.channel.id))
    message = w.channel.last_message
    sit = i18n.gettext(SIT)
    assert sit in labels(w, message) and "Roll" in labels(w, message)
    await w.alice.click(message, label="Roll")  # the message's turn buttons go, not bob's way back
    assert labels(w, message) == [sit]
    await w.bob.click(message, label=sit)
    assert not table.seats[1].away and sit not in labels(w, message)  # used: gone
    assert refusals(w.env) == []


async def test_a_spectator_is_answered_privately_and_a_board_copy_carries_no_one_elses_buttons(world, service):
    """carol sits at no seat: her board, status and log are hers alone (the channel gets no
    message). bob, seated but not to act, posts the board for everyone, without alice's Roll."""
    w = world
    table, _prompt = await started(w, service)
    before = len(w.channel.history())
    for command in ("table board", "table status", "table log"):
        result = await w.carol.slash(w.channel, command)
        answer = result.followups[-1] if result.followups else result.response
        assert result.ephemeral and answer.ephemeral, command
        assert not buttons(answer), command
    assert len(w.channel.history()) == before
    copy = await w.bob.slash(w.channel, "table board")
    shown = copy.followups[-1] if copy.followups else copy.response
    assert not copy.ephemeral and not buttons(shown)  # alice's Roll stays on her own message
    mine = await w.alice.slash(w.channel, "table board")
    shown = mine.followups[-1] if mine.followups else mine.response
    assert "Roll" in [b["label"] for b in buttons(shown)]
    assert refusals(w.env) == [] and table.version == 0
