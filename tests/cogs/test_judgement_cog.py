"""`/judgement` on the real engine and the simulated Discord (simcord): a lobby of 4-9 seats, every
decision private ("My options" on the channel's one message, or a command with autocomplete from
the user's own legal actions), secrets by DM with `/judgement role` as the fallback, and no public
message (content, embeds or components) that holds a secret, in English or Traditional Chinese.

A stand-in renderer keeps these tests about the Discord layer (and fast). AI seats are the table's
AI (`rules.judgement.ai`) when it is there, else a plain stand-in that attacks when it can.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import gavel.tables.lobby
from cogs.flows import merged
from gavel.tables import ai as ai_seats
from gavel.tables import i18n
from gavel.tables.notices import Private, Prompt, Public
from gavel.tables.service import TableService
from rules.core import Msg
from rules.judgement import damage
from rules.judgement.actions import SYNTAX
from rules.judgement.commands import BUTTON_ONLY, COMMANDS
from rules.judgement.content import load
from rules.judgement.state import COLOURS
from tests.cogs.conftest import PNG, as_player, buttons, fake_render, refusals
from tests.tables.toy_game import fake_renderer

KEY = "judgement"
OPTIONS = i18n.gettext("cogs.button.play")
LANGS = ("en", "zh-TW")


def stand_in(game: Any, state: Any, seat: int) -> Any:
    """An AI seat until the table's own lands: attacks when it can, passes windows, else the first action."""
    legal = [str(a) for a in game.legal_actions(state, seat)]
    for verb in ("attack", "pass", "obey", "keep", "end"):
        found = next((a for a in legal if a.split()[0] == verb), None)
        if found is not None:
            return found
    return next((a for a in legal if a != "reveal"), legal[0])


def policy() -> Any:
    return ai_seats.find_policy(KEY) or stand_in


def render_hand(view: dict[str, Any], **_: Any) -> bytes | None:
    return PNG if view.get("me") else None


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


@pytest.fixture
def service(db_path) -> TableService:
    renderer = fake_renderer(fake_render, render_hand)
    return TableService(db_path, renderers={KEY: renderer}, ais={KEY: policy()})


def members(w) -> dict[int, Any]:
    return {m.id: m for m in w.humans}


@pytest.fixture
def world4(world) -> SimpleNamespace:
    """alice, bob and carol, and dave who never sits (a stranger)."""
    world.dave = world.guild.add_member(world.env.create_user("dave"))
    world.humans = [world.alice, world.bob, world.carol]
    return world


async def open_game(w, service, humans: list[Any], ai: int, *, variant: str | None = None,
                    timeout: int | None = None, lang: str = "en"):
    """humans[0] hosts `/judgement new`, the others Join, `ai` AI seats, Start."""
    options: dict[str, Any] = {}
    if variant:
        options["variant"] = variant
    if timeout is not None:
        options["timeout"] = timeout
    await humans[0].slash(w.channel, "judgement new", **options)
    lobby = w.channel.last_message
    for member in humans[1:]:
        await member.click(lobby, label=i18n.gettext("cogs.button.join", lang))
    for _ in range(ai):
        await humans[0].click(lobby, label=i18n.gettext("cogs.button.ai", lang))
    await humans[0].click(lobby, label=i18n.gettext("cogs.button.start", lang))
    table = service.table(w.channel.id)
    assert table.game_key == KEY and table.status == "active"
    w.humans = humans
    return table


def options_message(channel) -> Any:
    """The latest channel message with a "My options" button."""
    for message in reversed(channel.history()):
        if any(b["label"] in (OPTIONS, i18n.gettext("cogs.button.play", "zh-TW")) for b in buttons(message)):
            return message
    raise AssertionError("no message with My options")


def shown(result) -> Any:
    return result.followups[-1] if result.followups else result.response


async def choose(member, result, pick) -> Any:
    """Click down one private menu (ephemeral), choosing with `pick`, until an action is played."""
    for _ in range(6):
        target = shown(result)
        assert target is not None and target.ephemeral
        items = [c for row in target.message.components for c in row.children]
        item = pick(items)
        if item.type is discord.ComponentType.select:
            result = await member.select(target, [pick(item.options).value], custom_id=item.custom_id)
        else:
            result = await member.click(target, custom_id=item.custom_id)
        after = shown(result)
        if after is None or after.content.startswith(i18n.gettext("cogs.done", "en")) or not after.message.components:
            return result
    raise AssertionError("a menu six steps deep")


# ---------------------------------------------------------------------------- secrets


def unshown(table, shown: set[str] | None = None) -> dict[str, list[str]]:
    """What no public message may say now, as an id or a name in either language: the character of every living seat
    that is face down, each seat's pick options, and every Order card's name (never shown to the table); until the end
    shows every character. A character once face up, or of a dead seat, is public from then on (a message of that
    moment said it), even where it was also one of a seat's options or is face down again: `shown` collects them
    across calls (pass the same set every time)."""
    state, content = table.state, load()
    shown = set() if shown is None else shown
    shown |= {p.character for p in state.players if p.character and (p.revealed or not p.alive)}
    words: dict[str, list[str]] = {}
    for player in [] if state.phase == "over" else state.players:
        hidden = [] if player.revealed or not player.alive else [player.character]
        for cid in [*hidden, *player.options]:
            if cid and cid not in shown:
                words[cid] = [cid, *(i18n.gettext(f"judgement.char.{cid}", lang) for lang in LANGS)]
    for card in content.cards.values():
        if card.pack == "order":
            words[card.id] = [card.id, *(i18n.gettext(f"judgement.card.{card.id}", lang) for lang in LANGS)]
    return words


def allowed_identities(table) -> set[str]:
    """Identity names a public message may hold: those of seats shown or dead (or all, at the end)."""
    state = table.state
    out: set[str] = set()
    for player in state.players:
        if player.identity_shown or not player.alive or state.phase == "over":
            out |= {i18n.gettext(f"judgement.identity.{player.identity}", lang) for lang in LANGS}
    return out


def public_text(message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", *(f.name + f.value for f in embed.fields)]
    for b in buttons(message):
        parts += [b["label"] or "", b["custom_id"] or ""]
    return "\n".join(parts)


class Scanner:
    """Checks every channel message as it is posted or edited against the secrets of that moment."""

    def __init__(self, channel, table) -> None:
        self.channel, self.table = channel, table
        self.seen: dict[int, str] = {}
        self.checked = 0
        self.shown: set[str] = set()
        """Characters once face up (or of a dead seat): public from then on."""

    def scan(self) -> None:
        if self.table.state is None:
            return
        secrets = unshown(self.table, self.shown)
        identities = {i18n.gettext(f"judgement.identity.{i}", lang) for i in ("guard", "assassin", "commoner")
                      for lang in LANGS} - allowed_identities(self.table)
        for message in self.channel.history():
            text = public_text(message)
            if self.seen.get(message.id) == text:
                continue
            self.seen[message.id] = text
            self.checked += 1
            for cid, names in secrets.items():
                leaked = [n for n in names if n in text]
                assert not leaked, f"public message names {cid}: {text!r}"
            assert not [i for i in identities if i in text], f"public message names an unshown identity: {text!r}"
            for b in buttons(message):
                custom = b["custom_id"] or ""
                if custom.startswith("gv:a:"):
                    assert custom.split(":", 4)[-1] == "", f"a public button names an action: {custom}"


# ---------------------------------------------------------------------------- tests


def test_every_verb_is_a_command_or_a_private_button():
    commands = {c.name for c in COMMANDS.commands}
    assert set(SYNTAX.kinds) - BUTTON_ONLY <= commands
    assert {"new", "roll", "attack", "reveal", "skill", "give", "board", "role", "rules", "options"} <= commands
    assert len(commands) <= 25  # Discord's limit for one group


async def test_judgement_commands_are_named_in_traditional_chinese(world):
    synced = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    group = next(c for c in synced if c["name"] == "judgement")
    assert group["name_localizations"]["zh-TW"] == i18n.gettext("cmd.judgement.name", "zh-TW")
    for option in group["options"]:
        assert option["name_localizations"]["zh-TW"] == i18n.gettext(f"cmd.judgement.{option['name']}.name", "zh-TW")
        assert option["description_localizations"]["zh-TW"] == i18n.gettext(
            f"cmd.judgement.{option['name']}.description", "zh-TW")
        for sub in option.get("options", []):
            key = f"cmd.judgement.{option['name']}.{sub['name']}"
            if (option["name"], sub["name"]) in (("new", "time"), ("new", "reliable"), ("new", "pauses")):  # shared
                key = f"cogs.option.{sub['name']}"
            assert sub["name_localizations"]["zh-TW"] == i18n.gettext(f"{key}.name", "zh-TW")
    new = next(o for o in group["options"] if o["name"] == "new")
    variant = next(o for o in new["options"] if o["name"] == "variant")
    assert {c["value"] for c in variant["choices"]} == {"pairs", "declare_button"}


def test_merged_puts_both_changes_in_one_channel_message():
    first = [Public(1, [Msg("judgement.event.a")], PNG, Prompt(1, 3, 0, 9, ["x"])),
             Private(1, 0, 9, [Msg("judgement.event.secret")])]
    then = [Public(1, [Msg("judgement.event.b")], PNG, Prompt(1, 4, 1, 8, ["y"])), Prompt(1, 4, 2, 7, ["z"])]
    out = merged(first, then)
    assert [m.key for m in out[0].lines] == ["judgement.event.a", "judgement.event.b"]
    assert out[0].prompt.version == 4 and isinstance(out[1], Private) and isinstance(out[2], Prompt)


async def test_lobby_start_picks_in_private_and_identities_by_dm_only(world4, service):
    w = world4
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    scanner = Scanner(w.channel, table)
    assert [s.is_ai for s in table.seats] == [False, False, True, True]
    for member, seat in ((w.alice, 0), (w.bob, 1)):
        dm = member.user.dm_channel.history()[-1]
        identity = table.state.players[seat].identity
        assert i18n.gettext(f"judgement.identity.{identity}") in dm.content
        assert [a.filename for a in dm.attachments] == ["hand.png"]  # the role card
    message = options_message(w.channel)
    assert w.alice.mention in message.content and w.bob.mention in message.content
    assert next(b["label"] for b in buttons(message)) == OPTIONS
    scanner.scan()
    # the pick: bob's own options, privately, by name; never alice's
    menu = await w.bob.click(message, label=OPTIONS)
    labels = [b["label"] for b in buttons(shown(menu))]
    mine = table.state.players[1].options
    assert sorted(labels) == sorted(i18n.gettext(f"judgement.char.{c}") for c in mine)
    assert not set(table.state.players[0].options) & set(mine)
    await choose(w.bob, menu, lambda items: items[0])
    assert table.state.players[1].character == mine[0]
    scanner.scan()
    choices = await w.alice.autocomplete(w.channel, "judgement pick", "character", "")
    assert [c["value"] for c in choices] == table.state.players[0].options
    await w.alice.slash(w.channel, "judgement pick", character=choices[-1]["value"])
    assert table.state.players[0].character == choices[-1]["value"]
    scanner.scan()
    assert refusals(w.env) == []


# The whole game of two humans and two AI seats, its channel scanned at every step, is played once,
# with a spectator looking on: `tests/cogs/test_spectators.py`.


async def pick_all(w, table) -> None:
    """Every human picks the first character dealt to them, by `/judgement pick`."""
    while table.state.phase == "pick" and table.humans_to_act():
        seat = table.humans_to_act()[0]
        member = members(w)[table.seats[seat].user_id]
        choices = await member.autocomplete(w.channel, "judgement pick", "character", "")
        await member.slash(w.channel, "judgement pick", character=choices[0]["value"])


async def roll_all(w, table) -> None:
    """Every human throws their start roll by `/judgement roll` (after a 7, `/judgement go`)."""
    while table.state.phase == "start_roll" and table.humans_to_act():
        member = members(w)[table.seats[table.humans_to_act()[0]].user_id]
        places = await member.autocomplete(w.channel, "judgement go", "location", "")
        if places:
            await member.slash(w.channel, "judgement go", location=places[0]["value"])
        else:
            await member.slash(w.channel, "judgement roll")


def script_start(table, first: int, then: list[int]) -> None:
    """Dice for the start rolls (in turn order: `first` throws 10 and starts; the others 9, 8, 6),
    then `then` for what follows (d4 before d6, e5)."""
    others = iter([(3, 6), (2, 6), (1, 5), (1, 4), (2, 3)])
    dice: list[int] = []
    for seat in table.state.turn_order:
        dice += [4, 6] if seat == first else list(next(others))
    table.dice = [*dice, *then]


def dm_text(member) -> str:
    dm = member.user.dm_channel
    return "\n".join(m.content for m in dm.history()) if dm is not None else ""


async def test_an_order_card_given_and_obeyed_only_the_two_seats_see_its_text(world4, service):
    """c28-c32: the drawer (a human at the Tavern) gives it to another human by `/judgement give`;
    the recipient answers from "My options"; the card's name reaches those two by DM and nobody
    else: not the third human, not the channel."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob, w.carol], ai=1)
    scanner = Scanner(w.channel, table)
    giver = next(s for s in table.state.turn_order if not table.seats[s].is_ai)
    script_start(table, giver, [1, 1])  # the giver's move: 1 + 1 = 2, the Tavern
    await pick_all(w, table)
    await roll_all(w, table)
    scanner.scan()
    assert table.state.active == giver and giver in table.humans_to_act()
    by_seat = {s: members(w)[table.seats[s].user_id] for s in range(3)}
    await by_seat[giver].slash(w.channel, "judgement roll")
    assert table.state.players[giver].at == "tavern"
    scanner.scan()
    recipient, third = [s for s in range(3) if s != giver]
    targets = await by_seat[giver].autocomplete(w.channel, "judgement give", "target", "")
    assert COLOURS[recipient] in [t["value"] for t in targets]
    named = next(t["name"] for t in targets if t["value"] == COLOURS[recipient])
    assert table.seat_name(recipient) in named
    await by_seat[giver].slash(w.channel, "judgement give", target=COLOURS[recipient])
    frame = table.state.frames[-1]
    assert frame.kind == "obey" and table.humans_to_act() == [recipient]
    card = frame.data["card"]
    message = options_message(w.channel)
    assert by_seat[recipient].mention in message.content
    assert table.seat_name(giver) in message.content  # what is asked: whose card, to whom
    scanner.scan()
    other = await by_seat[third].click(message, label=OPTIONS)  # asked nothing: ruling 7's reveal only
    assert [b["label"] for b in buttons(shown(other))] == [i18n.gettext("judgement.verb.reveal")]
    assert i18n.gettext(f"judgement.card.{card}") not in shown(other).content
    menu = await by_seat[recipient].click(message, label=OPTIONS)
    offered = [b["label"] for b in buttons(shown(menu))]
    assert i18n.gettext("judgement.verb.obey") in offered
    await choose(by_seat[recipient], menu, lambda items: next(
        i for i in items if getattr(i, "label", None) == i18n.gettext("judgement.verb.obey")))
    assert not any(f.kind == "obey" for f in table.state.frames)
    scanner.scan()
    name = i18n.gettext(f"judgement.card.{card}")
    assert name in dm_text(by_seat[giver]) and name in dm_text(by_seat[recipient])
    assert name not in dm_text(by_seat[third])
    assert not any(name in public_text(m) for m in w.channel.history())
    assert refusals(w.env) == []


async def test_the_rescue_window_is_one_message_and_each_pass_edits_it(world4, service):
    """r8, e1: a dying character opens the rescue window for every living seat, whatever they
    hold: one channel message mentions every human asked, each opens their own choice privately,
    and each pass edits that message; then the death shows the identity to all."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob, w.carol], ai=1)
    scanner = Scanner(w.channel, table)
    await pick_all(w, table)
    await roll_all(w, table)
    while table.state.phase != "turn" or table.state.step != "start" or table.state.active == 3:
        seat = table.humans_to_act()[0]
        menu = await members(w)[table.seats[seat].user_id].click(options_message(w.channel), label=OPTIONS)
        await choose(members(w)[table.seats[seat].user_id], menu, lambda items: items[-1])
    victim = 3  # the AI seat
    state = table.state
    from rules.judgement.traits import hp

    damage.hurt(state, victim, hp(state, victim) - state.players[victim].damage, by=None, source="alchemist_tower",
                direct=False)
    mover = members(w)[table.seats[state.active].user_id]
    await mover.slash(w.channel, "judgement roll")
    frame = table.state.frames[-1]
    assert frame.kind == "rescue" and frame.data["seat"] == victim
    asked = list(table.humans_to_act())
    assert sorted(asked) == [0, 1, 2]
    window = options_message(w.channel)
    assert all(members(w)[table.seats[s].user_id].mention in window.content for s in asked)
    colour = i18n.gettext(f"judgement.ui.colour.{COLOURS[victim]}")
    dying = i18n.gettext("judgement.ui.seat", colour=colour, player=table.seat_name(victim))
    assert dying == f"{COLOURS[victim]} {table.seat_name(victim)}"  # the colour a command takes, and the name
    assert i18n.gettext("judgement.moment.rescue", seat=dying) in window.content  # what the window is for
    scanner.scan()
    count = len(w.channel.history())
    first = members(w)[table.seats[asked[0]].user_id]
    await first.slash(w.channel, "judgement pass")
    assert len(w.channel.history()) == count  # edited, not posted again
    assert first.mention not in w.channel.last_message.content
    scanner.scan()
    for seat in asked[1:]:
        member = members(w)[table.seats[seat].user_id]
        menu = await member.click(options_message(w.channel), label=OPTIONS)
        legal = service.legal_for(w.channel.id, as_player(member))
        assert "pass" in legal and set(legal) <= {"pass", "rescue", "reveal", "skill prayer"}
        word = i18n.gettext("judgement.verb.pass")
        await choose(member, menu, lambda items, word=word: next(i for i in items if i.label == word))
        scanner.scan()
    assert not any(f.kind == "rescue" for f in table.state.frames)
    player = table.state.players[victim]
    assert not player.alive or player.damage == 7  # died, or 贈花 saved them (an AI 賣花女)
    if not player.alive:
        identity = i18n.gettext(f"judgement.identity.{player.identity}")
        assert any(identity in m.content for m in w.channel.history()[-3:])
    assert refusals(w.env) == []


async def test_a_zh_tw_player_gets_menus_role_and_dms_in_zh_tw(world4, service, locales):
    w = world4
    locales[w.bob.id] = "zh-TW"
    await w.bob.slash(w.channel, "judgement rules")  # the bot learns bob's language before the deal
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    menu = await w.bob.click(options_message(w.channel), label=OPTIONS)
    labels = [b["label"] for b in buttons(shown(menu))]
    assert labels == [i18n.gettext(f"judgement.char.{c}", "zh-TW") for c in table.state.players[1].options]
    assert shown(menu).content.endswith(i18n.gettext("cogs.prompt.choose", "zh-TW"))
    identity = table.state.players[1].identity
    await choose(w.bob, menu, lambda items: items[0])  # from bob's own click on, his DMs are in zh-TW
    character = table.state.players[1].character
    last = w.bob.user.dm_channel.history()[-1].content
    assert i18n.gettext(f"judgement.char.{character}", "zh-TW") in last
    assert i18n.gettext(f"judgement.identity.{identity}", "zh-TW") in last
    role = shown(await w.bob.slash(w.channel, "judgement role"))
    assert role.ephemeral and i18n.gettext(f"judgement.identity.{identity}", "zh-TW") in role.content
    assert [a.filename for a in role.attachments] == ["role.png"]
    choices = await w.alice.autocomplete(w.channel, "judgement pick", "character", "")
    assert choices[0]["name"].startswith(i18n.gettext(f"judgement.char.{choices[0]['value']}", "en"))
    alice_role = shown(await w.alice.slash(w.channel, "judgement role"))
    assert i18n.gettext(f"judgement.identity.{table.state.players[0].identity}", "en") in alice_role.content
    option = table.state.players[0].options[0]
    assert f"pick {option}" not in alice_role.content  # what she may do, in words, not action text
    assert i18n.gettext("judgement.verb.pick") + " " + i18n.gettext(f"judgement.char.{option}") in alice_role.content
    assert refusals(w.env) == []


async def test_strangers_and_stale_clicks_are_refused_privately(world4, service):
    w = world4
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    message = options_message(w.channel)
    stranger = await w.dave.click(message, label=OPTIONS)
    assert shown(stranger).ephemeral and shown(stranger).content == i18n.gettext("error.not_your_prompt")
    menu = await w.alice.click(message, label=OPTIONS)  # alice's own menu, opened before bob picks
    await pick_all(w, table)  # both pick by command: alice's menu and the message are stale now
    stale = await w.alice.click(shown(menu), custom_id=buttons(shown(menu))[0]["custom_id"])
    assert shown(stale).ephemeral and table.state.players[0].character is not None
    assert shown(stale).content.startswith(i18n.gettext("error.stale_button")) or \
        shown(stale).content == i18n.gettext("error.stale_button")
    # the message was edited for the moment now: its My options opens bob's options as they are
    again = await w.bob.click(options_message(w.channel), label=OPTIONS)
    assert shown(again).ephemeral and not shown(again).content.startswith(i18n.gettext("error.stale_button"))
    dave_role = await w.dave.slash(w.channel, "judgement role")
    assert shown(dave_role).ephemeral
    assert refusals(w.env) == ["not_seated"]


async def test_board_is_the_players_own_privately_and_the_public_one_for_a_spectator(world4, service):
    w = world4
    await open_game(w, service, [w.alice, w.bob], ai=2)
    mine = await w.alice.slash(w.channel, "judgement board")
    assert mine.ephemeral and shown(mine).content.startswith(i18n.gettext("table.board_private"))
    assert [a.filename for a in shown(mine).attachments] == ["board.png"]
    spectator = await w.dave.slash(w.channel, "judgement board")
    message = shown(spectator)
    assert message.attachments and not message.content.startswith(i18n.gettext("table.board_private"))
    assert all(b["custom_id"].split(":", 4)[-1] == "" for b in buttons(message) if b["custom_id"].startswith("gv:a:"))
    assert refusals(w.env) == []


async def test_options_command_opens_my_menu_privately(world4, service):
    w = world4
    await open_game(w, service, [w.alice, w.bob], ai=2)
    result = await w.alice.slash(w.channel, "judgement options")
    assert shown(result).ephemeral and buttons(shown(result))
    watched = await w.dave.slash(w.channel, "judgement options")  # dave has no seat: not "not your turn"
    assert watched.ephemeral and watched.response.content == i18n.gettext("error.not_seated")
    assert refusals(w.env) == ["not_seated"]


@pytest.mark.parametrize("lang", LANGS)
async def test_rules_summary_is_private_and_whole(world, lang, locales):
    locales[world.alice.id] = lang
    result = await world.alice.slash(world.channel, "judgement rules")
    messages = [result.response, *result.followups]
    assert all(m.ephemeral for m in messages)
    assert "\n".join(m.content for m in messages) == i18n.gettext("judgement.rules", lang)


CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


async def test_closed_dms_role_by_ephemeral_or_one_public_pointer(world4, service):
    w = world4
    for member in (w.alice, w.bob):
        dm = member.user.dm_channel or await member.user.create_dm()
        w.env.inject_error("POST", f"/channels/{dm.id}/messages", **CLOSED, times=None)
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    notes = [m for m in w.channel.history() if "/table me" in m.content]
    assert notes and all(w.alice.mention in n.content or w.bob.mention in n.content for n in notes)
    Scanner(w.channel, table).scan()
    role = shown(await w.bob.slash(w.channel, "judgement role"))
    identity = table.state.players[1].identity
    assert role.ephemeral and i18n.gettext(f"judgement.identity.{identity}") in role.content
    assert refusals(w.env) == []


async def test_a_whole_game_in_a_zh_tw_server_names_no_secret(simcord_env, service):
    """The channel speaks the server's language (zh-TW): the same scan, on Chinese words."""
    env = simcord_env
    guild = env.create_guild("台北", preferred_locale="zh-TW")
    w = SimpleNamespace(env=env, guild=guild, channel=guild.create_text_channel("遊戲"))
    w.alice = guild.add_member(env.create_user("alice"))
    w.bob = guild.add_member(env.create_user("bob"))
    table = await open_game(w, service, [w.alice, w.bob], ai=2, lang="zh-TW")
    scanner = Scanner(w.channel, table)
    rng = random.Random(11)
    play = i18n.gettext("cogs.button.play", "zh-TW")
    for _ in range(600):
        scanner.scan()
        if table.status != "active":
            break
        seat = rng.choice(table.humans_to_act())
        actor = members(w)[table.seats[seat].user_id]
        before = table.version
        menu = await actor.click(options_message(w.channel), label=play)
        await choose(actor, menu, rng.choice)
        assert table.version > before, refusals(env)
    assert table.status == "finished"
    scanner.scan()
    assert scanner.checked > 10
    assert refusals(env) == []


async def test_skill_with_a_target_plays_both_in_one_channel_message(world4, service):
    """`/judgement skill name:seal target:blue`: the skill, then its target (封印, a turn-start
    skill of the 審判官, face up here), told in one channel message."""
    w = world4
    table = await open_game(w, service, [w.alice], ai=3)
    await pick_all(w, table)
    state = table.state
    other = next((s for s, p in enumerate(state.players) if p.character == "inquisitor"), None)
    if other is not None:
        state.players[other].character = state.players[0].character
    state.players[0].character, state.players[0].revealed = "inquisitor", True
    for _ in range(100):
        state = table.state
        if state.phase == "turn" and state.step == "start" and state.active == 0 and not state.frames:
            break
        menu = await w.alice.click(options_message(w.channel), label=OPTIONS)
        await choose(w.alice, menu, lambda items: items[0])
    assert table.state.active == 0 and table.state.players[0].alive
    names = await w.alice.autocomplete(w.channel, "judgement skill", "name", "")
    assert "seal" in [c["value"] for c in names]
    assert next(c["name"] for c in names if c["value"] == "seal").startswith(i18n.gettext("judgement.skill.seal"))
    target = next(s for s in range(1, 4) if table.state.players[s].alive)
    aims = await w.alice.autocomplete(w.channel, "judgement skill", "target", "")
    assert COLOURS[target] in [c["value"] for c in aims]
    count = len(w.channel.history())
    await w.alice.slash(w.channel, "judgement skill", name="seal", target=COLOURS[target])
    assert table.state.players[target].sealed
    assert len(w.channel.history()) == count  # her turn's message, edited: both changes, then her turn
    last = w.channel.last_message
    assert w.alice.mention in last.content
    assert last.content.count(i18n.gettext("judgement.skill.seal")) >= 2  # used, then aimed
    assert refusals(w.env) == []


async def test_the_clock_answers_for_whoever_has_not_and_says_so_in_the_games_words(world4, service):
    """e9: the pick has a clock; when it runs out each human still picking gets the first
    character dealt (the engine's timeout action). The lobby and the prompt say it in this game's
    words (`judgement.clock`, `judgement.prompt.clock`), not a card-play window's."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob], ai=2, timeout=30)
    lines = "\n".join(m.content for m in w.channel.history())
    assert i18n.gettext("judgement.clock", seconds="30") in lines
    before, after = i18n.gettext("judgement.prompt.clock", when="\0").split("\0")
    prompt = options_message(w.channel).content
    assert before in prompt and after in prompt and "<t:" in prompt
    first = [table.state.players[s].options[0] for s in (0, 1)]
    await w.env.advance_time(31)
    assert [table.state.players[s].character for s in (0, 1)] == first
    names = ", ".join(table.seat_name(s) for s in (0, 1))
    assert any(i18n.gettext("table.timed_out", players=names) in m.content for m in w.channel.history())
    Scanner(w.channel, table).scan()
    assert refusals(w.env) == []


@pytest.mark.parametrize("variant", ["pairs", "declare_button"])
async def test_new_with_a_variant_names_it_and_takes_four_to_nine(world4, service, variant):
    w = world4
    await w.alice.slash(w.channel, "judgement new", variant=variant)
    table = service.table(w.channel.id)
    assert table.variant == variant and table.seat_range == range(4, 10)
    assert i18n.gettext(f"judgement.variant.{variant}") in w.channel.last_message.content
    lobby = w.channel.last_message
    await w.bob.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))  # two players: not enough
    assert table.status == "lobby"
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    assert table.status == "active" and variant in table.game.view(table.state, None)["variants"]
