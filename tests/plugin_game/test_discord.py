"""Beacon Relay on the real bot and the simulated Discord (simcord), played to its end with slash
commands (`/beacon roll`, `/beacon stoke beacon:<a name in the player's language>`) and with
button clicks ("My options", then the menus the platform builds from the game's words), beside
an AI seat; and its secret, the beacon each seat was dealt, in no public message."""

from __future__ import annotations

from typing import Any

import discord

from gavel.tables import i18n
from rules.core import Msg
from rules.plugin import capitalised
from tests.cogs.conftest import buttons, refusals
from tests.cogs.test_judgement_cog import public_text
from tests.plugin_game import GAME, KEY, PLUGIN

OPTIONS = {i18n.gettext("cogs.button.play", lang) for lang in i18n.LANGUAGES}


def secret_lines(table) -> dict[int, list[str]]:
    """Each seat's secret as its players read it, in every language."""
    return {seat: [i18n.render(m, lang) for m in GAME.secrets(table.state, seat) for lang in i18n.LANGUAGES]
            for seat in range(len(table.seats))}


async def open_game(w, service, locales):
    locales[w.bob.id] = "zh-TW"  # bob reads Chinese: his menus and his `/beacon stoke` names are in it
    await w.alice.slash(w.channel, "beacon new")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert table is not None and table.game_key == KEY and table.status == "active"
    assert [s.is_ai for s in table.seats] == [False, False, True], "the game's own AI takes a seat"
    return table


def options_message(channel) -> Any:
    """The latest channel message with a "My options" button."""
    for message in reversed(channel.history()):
        if any(b["label"] in OPTIONS for b in buttons(message)):
            return message
    raise AssertionError("no message with My options")


def shown(result) -> Any:
    return result.followups[-1] if result.followups else result.response


def wanted_labels(action: str, lang: str) -> set[str]:
    """What a button on the way to `action` may say, in the game's own words: any run of its
    tokens (a menu skips a step every choice shares), perhaps after the board's label (`1 · Red`)."""
    say = i18n.speech(lang)
    tokens = PLUGIN.words.steps(action)
    return {capitalised(" ".join(PLUGIN.words.part(tokens, i, say) for i in range(start, end)))
            for start in range(len(tokens)) for end in range(start + 1, len(tokens) + 1)}


async def click_through(member, channel, action: str, lang: str) -> None:
    """Play `action` by buttons alone: "My options" on the channel's message, then the private
    menu, step by step."""
    result = await member.click(options_message(channel), label=next(iter(
        b["label"] for b in buttons(options_message(channel)) if b["label"] in OPTIONS)))
    labels = wanted_labels(action, lang)
    for _ in range(4):
        target = shown(result)
        assert target is not None and target.ephemeral
        items = [c for row in target.message.components for c in row.children
                 if c.type is discord.ComponentType.button]
        item = next((c for c in items if (c.label or "").split(" · ")[-1] in labels), None)
        assert item is not None, (action, [c.label for c in items])
        result = await member.click(target, custom_id=item.custom_id)
        after = shown(result)
        if after is None or not after.message.components or after.content.startswith(i18n.gettext("cogs.done", lang)):
            return
    raise AssertionError(f"{action} took more than four clicks")


async def test_a_whole_game_by_slash_commands_and_buttons_beside_an_ai_seat(world, service, locales):
    w = world
    table = await open_game(w, service, locales)
    members = {w.alice.id: (w.alice, "en"), w.bob.id: (w.bob, "zh-TW")}
    synced = [r for r in w.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    group = next(c for c in synced if c["name"] == "beacon")
    assert group["name_localizations"]["zh-TW"] == i18n.gettext("cmd.beacon.name", "zh-TW")
    by_slash = by_click = 0
    for turn in range(200):
        if table.status != "active":
            break
        humans = table.humans_to_act()
        assert humans, "the AI seat plays by itself"
        seat = humans[0]
        member, lang = members[table.seats[seat].user_id]
        action = str(PLUGIN.ai(GAME, table.state, seat))  # type: ignore[misc]
        before = table.version
        if turn % 4 < 2:  # two actions (a roll and a beacon) typed, then two clicked
            if action == "roll":
                await member.slash(w.channel, "beacon roll")
            else:
                verb, beacon = action.split()
                name = i18n.gettext(f"{KEY}.beacon.{beacon}", lang)  # as the player reads it
                await member.slash(w.channel, f"beacon {verb}", beacon=name)
            by_slash += 1
        else:
            await click_through(member, w.channel, action, lang)
            by_click += 1
        assert refusals(w.env) == []
        assert table.version > before, action
    assert table.status == "finished" and by_slash >= 2 and by_click >= 2
    ai = table.seat_name(2)
    assert any(m.content and f"{ai} rolls a" in m.content for m in w.channel.history()), "the AI seat played"
    outcome = GAME.outcome(table.state)
    assert outcome is not None
    names = i18n.Listed.of(table.seat_name(s) for s in outcome.winners)
    assert i18n.render(Msg("table.winner", {"names": names}, count=len(outcome.winners))) in "\n".join(
        m.content or "" for m in w.channel.history())
    assert any(a.filename == "board.webp" for m in w.channel.history() for a in m.attachments), \
        "the plug-in's renderer draws the channel's board"


async def test_the_secret_is_in_no_public_message_and_reaches_each_player_alone(world, service, locales):
    w = world
    table = await open_game(w, service, locales)
    secret = secret_lines(table)
    mine = await w.alice.slash(w.channel, "beacon signal")
    assert mine.ephemeral and secret[0][0] in shown(mine).content  # `/beacon signal`: alice's own, privately
    for _ in range(60):
        if table.status != "active":
            break
        seat = table.humans_to_act()[0]
        member = w.alice if table.seats[seat].user_id == w.alice.id else w.bob
        action = str(PLUGIN.ai(GAME, table.state, seat))  # type: ignore[misc]
        if action == "roll":
            await member.slash(w.channel, "beacon roll")
        else:
            verb, beacon = action.split()
            await member.slash(w.channel, f"beacon {verb}", beacon=beacon)
        assert refusals(w.env) == []
        for message in w.channel.history():
            text = public_text(message)
            leaked = [line for lines in secret.values() for line in lines if line in text]
            assert not leaked, text
            assert all((b["custom_id"] or "").split(":", 4)[-1] == "" for b in buttons(message)
                       if (b["custom_id"] or "").startswith("gv:a:")), "a public button names an action"
    assert table.status == "finished"
    for seat, member in ((0, w.alice), (1, w.bob)):
        dms = "\n".join(m.content or "" for m in member.user.dm_channel.history())
        assert any(line in dms for line in secret[seat]), "each player is told its own beacon"
        others = [line for s, lines in secret.items() if s != seat for line in lines]
        assert not [line for line in others if line in dms], "and nobody else's"


async def test_its_commands_autocomplete_read_and_refuse_in_the_players_language(world, service, locales):
    w = world
    table = await open_game(w, service, locales)
    locales[w.alice.id] = "zh-TW"  # both read Chinese here: no English name passes for a token
    lang = "zh-TW"
    seat = table.humans_to_act()[0]
    member = w.alice if table.seats[seat].user_id == w.alice.id else w.bob
    other = w.bob if member is w.alice else w.alice

    early = await member.slash(w.channel, "beacon douse", beacon="red")  # the rules' own reason
    assert early.ephemeral and shown(early).content == i18n.gettext("error.beacon_relay_roll_first", lang)
    await member.slash(w.channel, "beacon roll")
    assert refusals(w.env) == ["beacon_relay_roll_first"]

    offered = await member.autocomplete(w.channel, "beacon stoke", "beacon", "")
    assert [c["value"] for c in offered] == ["red", "blue", "green", "gold"]
    assert all(i18n.gettext(f"{KEY}.beacon.{c['value']}", lang) in c["name"] for c in offered)
    assert await other.autocomplete(w.channel, "beacon stoke", "beacon", "") == []  # not their turn

    unknown = await member.slash(w.channel, "beacon stoke", beacon="purple")
    assert shown(unknown).content == i18n.gettext("error.beacon_relay_no_beacon", lang, name="purple")
    out = await member.slash(w.channel, "beacon douse", beacon="gold")
    assert shown(out).content == i18n.render(
        Msg("error.beacon_relay_out", {"beacon": Msg(f"{KEY}.beacon.gold")}), lang)
    assert refusals(w.env) == ["beacon_relay_no_beacon", "beacon_relay_out"]

    before = table.version
    await member.slash(w.channel, "beacon stoke", beacon=i18n.gettext(f"{KEY}.beacon.green", "zh-TW"))  # 綠
    assert table.version == before + 1 and table.state.flames["green"] > 0
    rules = await other.slash(w.channel, "beacon rules")
    assert rules.ephemeral and shown(rules).content == i18n.gettext(f"{KEY}.rules", lang)


async def test_its_command_in_another_games_channel_is_refused_and_changes_nothing(world, service):
    w = world
    await w.alice.slash(w.channel, "dadsarmy new")
    table = service.table(w.channel.id)
    assert table is not None and table.game_key == "dads_army"
    wrong = await w.alice.slash(w.channel, "beacon stoke", beacon="red")
    assert wrong.ephemeral and shown(wrong).content == i18n.gettext("error.wrong_game", command="/beacon")
    assert refusals(w.env) == ["wrong_game"] and table.status == "lobby" and table.state is None
