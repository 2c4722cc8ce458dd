"""Substitutes on the real bot (simcord): the vote that hands a silent seat to the AI offers it
with a "Take this seat" button, `/games open:true` lists it, a newcomer takes it by the button,
gets the seat's briefing by DM, and the channel is told; `/table wanted` is the host's, and
`/table take` is refused to a player seated here."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.inbox import game_words
from tests.cogs.conftest import buttons, refusals
from tests.cogs.test_time_controls import said, started


def shown(result) -> str:
    return (result.followups[-1] if result.followups else result.response).content


async def test_a_seat_voted_away_is_offered_and_a_newcomer_takes_it(world, service):
    w = world
    dave = w.guild.add_member(w.env.create_user("dave"))
    _lobby, table = await started(w, service, None, w.bob, w.carol)
    refused = await w.bob.slash(w.channel, "table wanted", seat="alice")  # not the host, and she is here
    assert shown(refused) == i18n.gettext("error.not_host") and refusals(w.env) == ["not_host"]
    await w.env.advance_time(301)
    await w.bob.slash(w.channel, "table away", player=w.alice)
    await w.carol.slash(w.channel, "table away", player=w.alice)
    assert table.seats[0].away and table.seats[0].wanted
    offer = next(m for m in w.channel.history()
                 if i18n.gettext("table.seat_wanted", player="alice") in m.content)
    take = next(b for b in buttons(offer) if b["label"] == i18n.gettext("cogs.button.take"))
    assert take["custom_id"] == f"gv:take:{table.id}:0"
    listed = await dave.slash(w.channel, "games", open=True)
    game = i18n.render(game_words(table.game_key))
    assert shown(listed) == i18n.gettext("table.wanted_open", game=game, channel=w.channel.id, player="alice")
    refused = await w.bob.click(offer, label=i18n.gettext("cogs.button.take"))  # bob has a seat here
    assert shown(refused) == i18n.gettext("error.take_seated")
    await dave.click(offer, label=i18n.gettext("cogs.button.take"))
    assert refusals(w.env) == []
    assert table.seats[0].user_id == dave.id and not table.seats[0].away and table.seats[0].name == "dave"
    briefing = [m.content for m in dave.user.dm_channel.history()]
    assert briefing and briefing[0].startswith(i18n.gettext("table.briefing", before="alice", n=1))
    assert i18n.gettext("table.seat_taken", player="dave", before="alice") in said(w)
    again = await w.carol.slash(w.channel, "games", open=True)
    assert shown(again) == i18n.gettext("table.wanted_none")
