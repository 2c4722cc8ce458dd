"""`/dredd` on the real Judge Dredd engine and the simulated Discord: lobby with an AI seat,
placing by autocomplete, the card-play windows (one message, "My options" privately, the
clock), hands by DM and `/dredd hand`, the `play` autocomplete narrowing its options.

A stand-in renderer keeps these tests about the Discord layer (and fast)."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

import gavel.tables.lobby
from cogs import components
from gavel.tables import i18n
from gavel.tables.service import TableService
from rules.judge_dredd import GAME
from tests.cogs.conftest import PNG, as_player, buttons, fake_render, public_answer, refusals
from tests.tables.toy_game import fake_renderer

KEY = "judge_dredd"
OPTIONS = i18n.gettext("cogs.button.play")


def quiet(game: Any, state: Any, seat: int) -> Any:
    """A predictable AI seat that plays no card: it passes a window, discards nothing, and
    otherwise takes its first legal action (the first free Sector, staying put)."""
    legal = [str(a) for a in game.legal_actions(state, seat)]
    return next((a for a in ("pass", "done", "stay") if a in legal), legal[0])


def render_hand(view: dict[str, Any], **_: Any) -> bytes:
    return PNG


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


@pytest.fixture
def service(db_path) -> TableService:
    renderer = fake_renderer(fake_render, render_hand, labels=KEY)  # buttons say "A · Resyk" as in play
    return TableService(db_path, renderers={KEY: renderer}, ais={KEY: quiet})


def members(w) -> dict[int, Any]:
    return {m.id: m for m in (w.alice, w.bob, w.carol)}


async def open_game(w, service, *, timeout: int | None = None, ai: bool = True):
    """alice hosts, bob joins, one AI seat: `/dredd new` + Join + Add AI + Start."""
    await w.alice.slash(w.channel, "dredd new", **({"timeout": timeout} if timeout is not None else {}))
    lobby = w.channel.last_message
    await w.bob.click(lobby, label=i18n.gettext("cogs.button.join"))
    if ai:
        await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert table.game_key == KEY and table.status == "active"
    return table


async def place_all(w, service, table) -> None:
    """Every human places their Judge by `/dredd place`, in the first free Starting Sector."""
    while GAME.view(table.state, None)["phase"] == "place":
        seat = table.humans_to_act()[0]
        member = members(w)[table.seats[seat].user_id]
        choices = await member.autocomplete(w.channel, "dredd place", "sector", "")
        await member.slash(w.channel, "dredd place", sector=choices[0]["value"])
    assert refusals(w.env) == []


def hand_words(table) -> list[str]:
    """Every card in anyone's hand, as its id and as its English name."""
    out = []
    for judge in table.state.judges:
        for card in judge.hand:
            out += [card, i18n.gettext(f"judge_dredd.cardname.{card}")]
    return out


async def test_new_add_ai_start_then_hands_are_dealt_by_dm_only(world, service):
    w = world
    table = await open_game(w, service)
    assert [s.is_ai for s in table.seats] == [False, False, True]
    await place_all(w, service, table)  # the six cards are dealt once the Judges are placed
    for member, seat in ((w.alice, 0), (w.bob, 1)):
        dms = member.user.dm_channel.history()
        hand = table.state.judges[seat].hand
        assert len(hand) == 6 and dms
        assert all(i18n.gettext(f"judge_dredd.cardname.{card}") in dms[-1].content for card in hand)
        assert [a.filename for a in dms[-1].attachments] == ["hand.png"]  # the hand image, named so
    channel = " ".join(m.content for m in w.channel.history())
    assert not [word for word in hand_words(table) if word in channel]
    assert refusals(w.env) == []


async def test_place_offers_the_free_starting_sectors_by_name(world, service):
    w = world
    table = await open_game(w, service)
    assert w.alice.mention in w.channel.last_message.content
    choices = await w.alice.autocomplete(w.channel, "dredd place", "sector", "")
    legal = service.legal_for(w.channel.id, as_player(w.alice))
    assert [c["value"] for c in choices] == [a.split()[1] for a in legal]
    assert choices[0]["name"].startswith(i18n.gettext(f"judge_dredd.sector.{choices[0]['value']}"))
    assert await w.bob.autocomplete(w.channel, "dredd place", "sector", "") == []  # not bob's turn
    await w.alice.slash(w.channel, "dredd place", sector=choices[0]["value"])
    assert table.state.judges[0].at == choices[0]["value"]


async def test_a_window_is_one_message_for_both_humans_with_one_options_button(world, service):
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    view = GAME.view(table.state, None)
    assert view["window"] is not None and sorted(table.humans_to_act()) == [0, 1]
    message = w.channel.last_message
    assert w.alice.mention in message.content and w.bob.mention in message.content
    labels = [OPTIONS, i18n.gettext("cogs.button.hand"), i18n.gettext("cogs.button.info")]
    assert [b["label"] for b in buttons(message)] == labels
    assert not [word for word in hand_words(table) if word in message.content]
    for button in buttons(message):
        assert not [word for word in hand_words(table) if word in button["custom_id"]]

    menu = await w.bob.click(message, label=OPTIONS)
    assert menu.ephemeral
    legal = service.legal_for(w.channel.id, as_player(w.bob))
    verbs = {a.split()[0] for a in legal}
    offered = [b["label"] for b in buttons(menu.response)]
    ui = components.words_of(KEY)
    assert sorted(offered) == sorted(ui.verb(v, i18n.speech("en")) for v in verbs)  # bob's own choices
    version = table.version
    await w.bob.click(menu.response, label=i18n.gettext("judge_dredd.verb.pass"))
    assert table.version == version + 1 and 1 not in table.humans_to_act()
    assert w.alice.mention in w.channel.last_message.content
    assert w.bob.mention not in w.channel.last_message.content
    assert refusals(w.env) == []


async def test_stale_or_strangers_clicks_are_refused_privately(world, service):
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    message = w.channel.last_message
    stranger = await w.carol.click(message, label=OPTIONS)
    assert stranger.ephemeral and stranger.response.content == i18n.gettext("error.not_your_prompt")
    await w.alice.slash(w.channel, "dredd pass")
    # the same window (only alice passed since): the older message still opens bob's options
    same = await w.bob.click(message, label=OPTIONS)
    shown = same.followups[-1] if same.followups else same.response
    assert shown.ephemeral and not shown.content.startswith(i18n.gettext("error.stale_button"))
    assert 1 in table.humans_to_act()
    # the message was edited for the window as it is now, which asks alice nothing: a plain refusal
    done = await w.alice.click(message, label=OPTIONS)
    assert done.ephemeral and done.response.content == i18n.gettext("error.not_your_prompt")
    assert refusals(w.env) == []


async def test_the_window_clock_passes_everyone_then_the_mover_is_asked(world, service):
    w = world
    table = await open_game(w, service, timeout=30)
    await place_all(w, service, table)
    assert w.env.bot.clock.armed(w.channel.id)
    version = table.version
    await w.env.advance_time(29)
    assert table.version == version
    await w.env.advance_time(2)
    assert table.version > version
    view = GAME.view(table.state, None)
    assert view["window"] is None and view["mover"] is not None  # the window closed: someone moves
    names = ", ".join(table.seat_name(s) for s in (0, 1))
    assert any(i18n.gettext("table.timed_out", players=names) in m.content for m in w.channel.history())
    assert refusals(w.env) == []


async def test_move_autocomplete_offers_stay_and_the_paths_and_moves(world, service):
    w = world
    table = await open_game(w, service, timeout=30)
    await place_all(w, service, table)
    await w.env.advance_time(31)
    mover = table.humans_to_act()
    assert mover, "an AI seat moved first: the seed put it first"
    member = members(w)[table.seats[mover[0]].user_id]
    choices = await member.autocomplete(w.channel, "dredd move", "path", "")
    legal = service.legal_for(w.channel.id, as_player(member))
    assert [c["value"] for c in choices] == [a.split()[-1] for a in legal][:25]
    path = next(c["value"] for c in choices if c["value"] != "stay")
    label = i18n.render(GAME.label(GAME.parse_action(f"move {path}")), "en", table.seat_name)
    assert next(c["name"] for c in choices if c["value"] == path) == label  # the game's own label
    await member.slash(w.channel, "dredd move", path=path)
    assert table.state.judges[mover[0]].at == path.split("-")[-1]
    assert refusals(w.env) == []


async def test_hand_is_ephemeral_with_the_hand_image(world, service):
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    result = await w.bob.slash(w.channel, "dredd hand")
    assert result.ephemeral
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral and len(table.state.judges[1].hand) == 6
    for card in table.state.judges[1].hand:
        assert i18n.gettext(f"judge_dredd.cardname.{card}") in message.content
    assert [a.filename for a in message.attachments] == ["hand.png"]
    refused = await w.carol.slash(w.channel, "dredd hand")
    assert refused.ephemeral
    assert refusals(w.env) == ["not_seated"]


async def test_board_is_private_for_a_seated_player(world, service):
    w = world
    await open_game(w, service)
    result = await w.alice.slash(w.channel, "dredd board")
    shown = result.followups[-1] if result.followups else result.response
    assert result.ephemeral and shown.ephemeral
    assert shown.content.startswith(i18n.gettext("table.board_private"))
    assert [a.filename for a in shown.attachments] == ["board.png"]
    public = await w.carol.slash(w.channel, "dredd board")  # not playing here: the public board
    assert not public.response.content.startswith(i18n.gettext("table.board_private"))
    assert refusals(w.env) == []


async def test_play_autocomplete_narrows_by_card_then_target(world, service, monkeypatch):
    """The three options of `/dredd play` each narrow the others (legal actions stand in
    for a hand that holds Sonic Cannon and Walter)."""
    w = world
    await open_game(w, service)
    legal = ["pass", "play sonic_cannon main blue", "play sonic_cannon main green", "play sonic_cannon or blue",
             "play walter or murder", "play walter main red"]
    monkeypatch.setattr(service, "legal_for", lambda channel, player: legal)
    cards = await w.alice.autocomplete(w.channel, "dredd play", "card", "")
    assert [c["value"] for c in cards] == ["sonic_cannon", "walter"]
    assert cards[0]["name"].startswith(i18n.gettext("judge_dredd.cardname.sonic_cannon"))
    options = await w.alice.autocomplete(w.channel, "dredd play", "option", "", card="walter")
    assert [c["value"] for c in options] == ["or", "main"]
    sonic = await w.alice.autocomplete(w.channel, "dredd play", "option", "", card="sonic_cannon")
    assert i18n.gettext("judge_dredd.cardtext.sonic_cannon.main") in sonic[0]["name"]  # says what it does
    targets = await w.alice.autocomplete(w.channel, "dredd play", "target", "", card="sonic_cannon")
    assert [c["value"] for c in targets] == ["blue", "green"]
    assert targets[0]["name"].startswith(i18n.gettext("judge_dredd.ui.judge", colour="Blue", player="bob"))
    narrowed = await w.alice.autocomplete(w.channel, "dredd play", "target", "", card="sonic_cannon", option="or")
    assert [c["value"] for c in narrowed] == ["blue"]
    by_target = await w.alice.autocomplete(w.channel, "dredd play", "card", "", target="murder")
    assert [c["value"] for c in by_target] == ["walter"]
    typed = await w.alice.autocomplete(w.channel, "dredd play", "card", "walt")
    assert [c["value"] for c in typed] == ["walter"]


async def walk_menu(member, start, action: str):
    """Click down a private menu to `action`: at each step the button whose custom id carries a
    prefix of it, or the select option that is its next token."""
    target = start
    words = action.split()
    for _ in range(6):
        for row in target.message.components:
            for item in row.children:
                custom_id = item.custom_id or ""
                arg = custom_id.split(":", 4)[-1]
                if item.type is discord.ComponentType.button and arg and words[: len(arg.split())] == arg.split():
                    result = await member.click(target, custom_id=custom_id)
                    break
                if item.type is discord.ComponentType.select:
                    depth = len(arg.split())
                    values = [o.value for o in item.options]
                    if words[:depth] == arg.split() and words[depth] in values:
                        result = await member.select(target, [words[depth]], custom_id=custom_id)
                        break
            else:
                continue
            break
        else:
            raise AssertionError(f"no way to {action} in {target.content}")
        if result.response is None or result.response.content.startswith(i18n.gettext("cogs.done")):
            return
        target = result.response


async def test_a_card_is_played_from_my_options_then_named_face_up(world, service):
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    legal = service.legal_for(w.channel.id, as_player(w.bob))
    play = next(a for a in legal if a.startswith("play "))
    card = play.split()[1]
    before = table.state.judges[1].hand.count(card)
    menu = await w.bob.click(w.channel.last_message, label=OPTIONS)
    await walk_menu(w.bob, menu.response, play)
    assert table.state.judges[1].hand.count(card) == before - 1
    name = i18n.gettext(f"judge_dredd.cardname.{card}")
    assert any(name in m.content for m in w.channel.history()[-2:])  # a card played is face up
    assert refusals(w.env) == []


async def test_play_by_slash_command_with_autocomplete_on_the_real_engine(world, service):
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    member = w.alice
    cards = await member.autocomplete(w.channel, "dredd play", "card", "")
    assert cards
    card = cards[0]["value"]
    assert card in table.state.judges[0].hand
    options = await member.autocomplete(w.channel, "dredd play", "option", "", card=card)
    option = options[0]["value"]
    targets = await member.autocomplete(w.channel, "dredd play", "target", "", card=card, option=option)
    legal = service.legal_for(w.channel.id, as_player(member))
    assert [t["value"] for t in targets] == [a.split()[3] for a in legal if a.split()[1:3] == [card, option]][:25]
    before = table.state.judges[0].hand.count(card)
    await member.slash(w.channel, "dredd play", card=card, option=option, target=targets[0]["value"])
    assert table.state.judges[0].hand.count(card) == before - 1
    assert refusals(w.env) == []


CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


async def test_closed_dms_get_the_hand_ephemerally_or_one_public_pointer(world, service):
    w = world
    table = await open_game(w, service)
    for member in (w.alice, w.bob):
        dm = member.user.dm_channel or await member.user.create_dm()
        w.env.inject_error("POST", f"/channels/{dm.id}/messages", **CLOSED, times=None)
    await place_all(w, service, table)  # the last to place deals: bob's click, alice's note
    notes = [m for m in w.channel.history() if "/table me" in m.content]
    assert len(notes) == 1 and w.alice.mention in notes[0].content
    channel = " ".join(m.content for m in w.channel.history())
    assert not [word for word in hand_words(table) if word in channel]
    assert refusals(w.env) == []


def test_every_action_verb_has_a_dredd_command():
    """Every verb the engine reads is one slash command away (`stay` is `/dredd move path:stay`)."""
    from rules.judge_dredd.actions import SYNTAX
    from rules.judge_dredd.commands import COMMANDS

    commands = {c.name for c in COMMANDS.commands}
    assert set(SYNTAX.kinds) - {"stay"} <= commands
    assert {"new", "hand", "board", "rules"} <= commands


async def test_dredd_commands_are_named_in_traditional_chinese(world):
    synced = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    group = next(c for c in synced if c["name"] == "dredd")
    assert group["name_localizations"]["zh-TW"] == i18n.gettext("cmd.dredd.name", "zh-TW")
    play = next(o for o in group["options"] if o["name"] == "play")
    assert play["name_localizations"]["zh-TW"] == i18n.gettext("cmd.dredd.play.name", "zh-TW")
    new = next(o for o in group["options"] if o["name"] == "new")
    timeout = next(o for o in new["options"] if o["name"] == "timeout")
    assert (timeout["min_value"], timeout["max_value"]) == (0, 3600)


async def test_many_decisions_by_buttons_alone(world, service):
    """Two humans and an AI seat; every human decision (placing, windows, moves, arrests,
    discards) is clicked through "My options" and the private menus, never typed."""
    w = world
    table = await open_game(w, service)
    pick = random.Random(3).choice
    verbs: set[str] = set()
    for _ in range(15):
        if table.status != "active" or not table.humans_to_act():
            break
        seat = pick(table.humans_to_act())
        actor = members(w)[table.seats[seat].user_id]
        verbs |= {a.split()[0] for a in service.legal_for(w.channel.id, as_player(actor))}
        before = table.version
        result = await actor.click(w.channel.last_message, label=OPTIONS)
        for _depth in range(6):
            assert result.response is not None and result.response.ephemeral
            target = result.response
            items = [c for row in target.message.components for c in row.children]
            item = pick(items)
            if item.type is discord.ComponentType.select:
                result = await actor.select(target, [pick(item.options).value], custom_id=item.custom_id)
            else:
                result = await actor.click(target, custom_id=item.custom_id)
            if table.version != before:
                break
        assert table.version > before
    assert {"place", "pass", "play", "move", "discard"} <= verbs
    assert refusals(w.env) == []


async def test_my_options_speak_the_clickers_language(world, service, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    table = await open_game(w, service)
    await place_all(w, service, table)
    menu = await w.bob.click(w.channel.last_message, label=OPTIONS)
    labels = [b["label"] for b in buttons(menu.response)]
    assert i18n.gettext("judge_dredd.verb.pass", "zh-TW") in labels
    assert menu.response.content.endswith(i18n.gettext("cogs.prompt.choose", "zh-TW"))
    hand = await w.bob.slash(w.channel, "dredd hand")
    shown = hand.followups[-1] if hand.followups else hand.response
    card = table.state.judges[1].hand[0]
    assert i18n.gettext(f"judge_dredd.cardname.{card}", "zh-TW") in shown.content


async def test_rules_summary_is_private_and_whole(world):
    result = await world.alice.slash(world.channel, "dredd rules")
    messages = [result.response, *result.followups]
    assert all(m.ephemeral for m in messages)
    assert "\n".join(m.content for m in messages) == i18n.gettext("judge_dredd.rules", "en")


async def test_my_options_for_a_move_come_with_the_players_own_marked_board(world, service):
    """The channel's board marks nothing where moves are secret; the menu's "A · …" labels
    come with the clicker's own board, which marks them."""
    w = world
    table = await open_game(w, service)
    menu = await w.alice.click(w.channel.last_message, label=OPTIONS)
    shown = menu.followups[-1] if menu.followups else menu.response
    assert shown.ephemeral and [a.filename for a in shown.attachments] == ["board.png"]
    labels = [b["label"] for b in buttons(shown)]
    assert labels and all(" · " in label for label in labels)  # A · West 17 Test Labs, …
    await w.alice.click(shown, label=labels[0])
    assert table.state.judges[0].at is not None
    assert refusals(w.env) == []


async def test_six_judges_one_window_message_and_passes_edit_it(world, service):
    w = world
    extra = [w.guild.add_member(w.env.create_user(name)) for name in ("dave", "erin")]
    humans = [w.alice, w.bob, w.carol, *extra]
    await w.alice.slash(w.channel, "dredd new")
    lobby = w.channel.last_message
    for member in humans[1:]:
        await member.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert len(table.seats) == 6
    by_id = {m.id: m for m in humans}
    while GAME.view(table.state, None)["phase"] == "place":
        member = by_id[table.seats[table.humans_to_act()[0]].user_id]
        choices = await member.autocomplete(w.channel, "dredd place", "sector", "")
        await member.slash(w.channel, "dredd place", sector=choices[0]["value"])
    window = w.channel.last_message
    asked = [m for m in humans if m.mention in window.content]
    assert len(asked) == len(table.humans_to_act()) >= 4
    assert sum(b["label"] == OPTIONS for b in buttons(window)) == 1
    assert not [word for word in hand_words(table) if word in window.content]
    count = len(w.channel.history())
    await asked[0].slash(w.channel, "dredd pass")
    assert len(w.channel.history()) == count  # the window's message was edited, not posted again
    assert asked[0].mention not in w.channel.last_message.content
    assert refusals(w.env) == []


async def test_a_cancelled_game_exports_only_its_public_record_to_the_channel(world, service):
    """Staff cancel a Judge Dredd game (hidden hands, a shuffled pack) before its end: anyone in
    the channel who asks for its export gets what the channel was told, never the draws."""
    w = world
    table = await open_game(w, service)
    await place_all(w, service, table)
    hands = [list(j.hand) for j in table.state.judges]
    moves = len(service.store.actions(table.id))
    mods = w.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    await w.guild.add_member(w.env.create_user("mod"), roles=[mods]).slash(w.channel, "table cancel")
    assert service.table(w.channel.id) is None
    message = public_answer(await w.carol.slash(w.channel, "table log", export=True))  # a spectator
    assert refusals(w.env) == []
    assert message.content == i18n.gettext("table.exported_public", game=KEY, n=moves,
                                           file=f"{KEY}-table{table.id}-public.txt")
    [attached] = message.attachments
    assert attached.description == i18n.gettext("cogs.alt.record_public", file=attached.filename, n=moves)
    text = (await attached.read()).decode("utf-8")
    assert "--draws" not in text and "# gavel:" not in text and any(hands)
    assert not any(i18n.gettext(f"judge_dredd.cardname.{card}") in text for hand in hands for card in hand)
