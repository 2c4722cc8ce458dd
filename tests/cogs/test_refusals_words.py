"""On Discord a refused move is answered, privately and in the player's own language, with the rule
and what is possible: another player's man names his owner as the table knows him."""

from __future__ import annotations

import pytest

import gavel.tables.lobby
from gavel.tables import i18n
from rules.core import Msg
from tests.cogs.conftest import as_player, refusals
from tests.cogs.test_dads_army import start_game


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table here gets the same seed, so the dice repeat exactly."""
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


async def test_another_players_man_is_refused_naming_his_owner_in_each_language(world, service, locales):
    w = world
    table, player = await start_game(w, service)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(10):  # a throw that leaves no move passes the turn: roll until one moves
        await player.slash(w.channel, "dadsarmy roll")
        if service.legal_for(w.channel.id, as_player(player)):
            break
        player = members[table.seats[table.humans_to_act()[0]].user_id]
    seat = table.seat_of(player.id)
    other = 1 - seat
    man = table.state.players[other].men[0]
    for lang in i18n.LANGUAGES:
        locales[player.id] = lang
        result = await player.slash(w.channel, "dadsarmy move", man=man, to="6,6")
        assert result.ephemeral
        mine = i18n.list_sep(lang).join(i18n.gettext(f"dads_army.man.{m}", lang) for m in table.state.players[seat].men)
        expected = i18n.render(Msg("error.dads_army_not_your_man", {
            "man": Msg(f"dads_army.man.{man}"), "owner": table.seat_name(other), "men": mine}), lang)
        assert result.response.content == expected
        assert table.seat_name(other) in result.response.content
    assert refusals(w.env) == ["dads_army_not_your_man"] * 2
