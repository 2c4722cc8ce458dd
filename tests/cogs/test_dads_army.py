"""`/dadsarmy` on the real Dad's Army engine: lobby, roll, move with autocomplete, buttons."""

from __future__ import annotations

import random

import discord
import pytest

import tables.service
from renderer.dads_army import label_actions
from tables import i18n
from tests.cogs.conftest import buttons, refusals


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table here gets the same seed, so the dice (and these tests) repeat exactly."""
    monkeypatch.setattr(tables.service.secrets, "token_hex", lambda n: "5eed")


async def start_game(w, service):
    await w.alice.slash(w.channel, "dadsarmy new")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    assert table.game_key == "dads_army" and table.status == "active"
    first = {w.alice.id: w.alice, w.bob.id: w.bob}[table.seats[table.to_act()[0]].user_id]
    return table, first


async def test_roll_then_move_with_autocompleted_man_and_square(world, service):
    w = world
    table, player = await start_game(w, service)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(10):  # a throw that leaves no move passes the turn: roll until one moves
        before = table.version
        result = await player.slash(w.channel, "dadsarmy roll")
        assert result.ephemeral and table.version > before
        legal = service.legal_for(w.channel.id, _player(player))
        if legal and all(a.startswith("move ") for a in legal):
            break
        player = members[table.seats[table.humans_to_act()[0]].user_id]
    before = table.version

    men = await player.autocomplete(w.channel, "dadsarmy move", "man", "")
    assert {c["value"] for c in men} == {a.split()[1] for a in legal}
    man = men[0]["value"]
    squares = await player.autocomplete(w.channel, "dadsarmy move", "to", "", man=man)
    expected = [a.split()[2] for a in legal if a.split()[1] == man]
    assert [c["value"] for c in squares] == expected[:25]

    await player.slash(w.channel, "dadsarmy move", man=man, to=squares[0]["value"])
    assert table.version == before + 1
    assert refusals(w.env) == []


async def test_autocomplete_offers_nothing_to_someone_who_may_not_move(world, service):
    w = world
    _, player = await start_game(w, service)
    await player.slash(w.channel, "dadsarmy roll")
    other = w.bob if player is w.alice else w.alice
    assert await other.autocomplete(w.channel, "dadsarmy move", "man", "") == []
    assert await w.carol.autocomplete(w.channel, "dadsarmy move", "to", "") == []


async def test_turn_prompt_offers_roll_then_men_then_squares_by_buttons(world, service):
    w = world
    table, player = await start_game(w, service)
    prompt = w.channel.last_message
    assert player.mention in prompt.content
    assert [b["label"] for b in buttons(prompt)] == [i18n.gettext("cogs.verb.roll"), i18n.gettext("cogs.button.info")]
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(10):  # a throw that leaves no move passes the turn: roll until one moves
        await player.click(w.channel.last_message, label="Roll")
        legal = service.legal_for(w.channel.id, _player(player))
        if legal:
            break
        player = members[table.seats[table.humans_to_act()[0]].user_id]
    before = table.version
    menu = w.channel.last_message
    names = {i18n.gettext(f"dads_army.man.{a.split()[1]}"): a.split()[1] for a in legal}
    offered = [b["label"] for b in buttons(menu)][:-1]
    assert sorted(offered) == sorted(names)
    assert [a.filename for a in menu.attachments] == ["board.png"]
    step = await player.click(menu, label=offered[0])
    man = names[offered[0]]
    drawn = label_actions(table.game.view(table.state, None), legal)  # the labels on the image
    expected = [f"{drawn[a]} · {a.split()[2]}" for a in legal if a.split()[1] == man]
    assert sorted(b["label"] for b in buttons(step.response)) == sorted(expected)
    choice = buttons(step.response)[0]
    await player.click(step.response, custom_id=choice["custom_id"])
    assert table.version == before + 1


async def test_rules_summary_in_the_users_language(world, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    english = await w.alice.slash(w.channel, "dadsarmy rules")
    chinese = await w.bob.slash(w.channel, "dadsarmy rules")
    assert english.ephemeral and english.response.content == i18n.gettext("cogs.dadsarmy.rules", "en")
    assert chinese.response.content == i18n.gettext("cogs.dadsarmy.rules", "zh-TW")


def _player(member):
    from tables.service import Player

    return Player(member.id, member.name)


async def test_many_turns_by_buttons_alone_with_ai_seats(world, service):
    """Two humans and two AI seats; every human action is chosen by clicking through the
    menus (roll, man, square, and any card step), never typed."""
    w = world
    await w.alice.slash(w.channel, "dadsarmy new")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    pick = random.Random(2).choice
    verbs: set[str] = set()
    for _ in range(40):
        if table.status != "active":
            break
        prompt = w.channel.last_message
        actor = members[table.seats[table.humans_to_act()[0]].user_id]
        assert actor.mention in prompt.content
        before, target = table.version, prompt
        verbs |= {a.split()[0] for a in service.legal_for(w.channel.id, _player(actor))}
        for _depth in range(4):
            choices = [b for b in buttons(target) if b["custom_id"] and not b["custom_id"].startswith("gv:me")]
            assert choices, target.content
            choice = pick(choices)
            if choice["type"] == 3:
                select = next(c for row in _rows(target) for c in row.children if c.custom_id == choice["custom_id"])
                result = await actor.select(target, [pick(select.options).value], custom_id=choice["custom_id"])
            else:
                result = await actor.click(target, custom_id=choice["custom_id"])
            if table.version != before:
                break
            target = result.response
        assert table.version > before
    assert "roll" in verbs and "move" in verbs
    assert refusals(w.env) == []


def _rows(message):
    return (message if isinstance(message, discord.Message) else message.message).components
