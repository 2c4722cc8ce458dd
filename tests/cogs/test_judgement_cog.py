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

import tables.service
from cogs import components
from cogs.judgement import BUTTON_ONLY, JudgementCog, JudgementUI, merged
from rules.core import Msg
from rules.judgement.actions import SYNTAX
from rules.judgement.content import load
from rules.judgement.engine import GAME
from tables import ai as ai_seats
from tables import i18n
from tables.notices import Private, Prompt, Public
from tables.service import TableService
from tests.cogs.conftest import PNG, as_player, buttons, fake_render, refusals

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


def render_hand(view: dict[str, Any]) -> bytes | None:
    return PNG if view.get("me") else None


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    monkeypatch.setattr(tables.service.secrets, "token_hex", lambda n: "5eed")


@pytest.fixture
def service(db_path) -> TableService:
    renderer = SimpleNamespace(render=fake_render, render_hand=render_hand)
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
                    timeout: int | None = None):
    """humans[0] hosts `/judgement new`, the others Join, `ai` AI seats, Start."""
    options: dict[str, Any] = {}
    if variant:
        options["variant"] = variant
    if timeout is not None:
        options["timeout"] = timeout
    await humans[0].slash(w.channel, "judgement new", **options)
    lobby = w.channel.last_message
    for member in humans[1:]:
        await member.click(lobby, label=i18n.gettext("cogs.button.join"))
    for _ in range(ai):
        await humans[0].click(lobby, label=i18n.gettext("cogs.button.ai"))
    await humans[0].click(lobby, label=i18n.gettext("cogs.button.start"))
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
        if after is None or after.content == i18n.gettext("cogs.done", "en") or not after.message.components:
            return result
    raise AssertionError("a menu six steps deep")


# ---------------------------------------------------------------------------- secrets


def unshown(table) -> dict[str, list[str]]:
    """What no public message may say now, in both languages: the character of every living seat
    that is face down, each seat's pick options (until the end shows every character), and every
    Order card's name (never shown to the table)."""
    state, content = table.state, load()
    words: dict[str, list[str]] = {}
    for player in [] if state.phase == "over" else state.players:
        hidden = [] if player.revealed or not player.alive else [player.character]
        for cid in [*hidden, *player.options]:
            if cid:
                words[cid] = [i18n.gettext(f"judgement.char.{cid}", lang) for lang in LANGS]
    for card in content.cards.values():
        if card.pack == "order":
            words[card.id] = [i18n.gettext(f"judgement.card.{card.id}", lang) for lang in LANGS]
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

    def scan(self) -> None:
        if self.table.state is None:
            return
        secrets = unshown(self.table)
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
    commands = {c.name for c in JudgementCog.judgement.commands}
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
            assert sub["name_localizations"]["zh-TW"] == i18n.gettext(f"{key}.name", "zh-TW")
    new = next(o for o in group["options"] if o["name"] == "new")
    variant = next(o for o in new["options"] if o["name"] == "variant")
    assert {c["value"] for c in variant["choices"]} == {"pairs", "declare_button"}


def test_colours_read_as_the_players_at_the_table_and_ids_as_names():
    ui = components.ui_for(KEY).at(SimpleNamespace(names=("alice", "bob", "AI 1", "AI 2")))
    assert isinstance(ui, JudgementUI)
    blue = i18n.gettext("judgement.board.colour.blue", "zh-TW")
    assert ui.token("blue", "zh-TW") == i18n.gettext("cogs.judgement.seat", "zh-TW", colour=blue, player="bob")
    assert ui.token("tavern", "zh-TW") == "酒館" and ui.token("tavern", "en") == "Tavern"
    assert ui.token("holy", "zh-TW") == i18n.gettext("judgement.pack.holy", "zh-TW")
    assert ui.label(["attack", "blue"], 0, "en") == "Attack " + ui.token("blue", "en")
    take = ui.label(["take", "red", "amulet"], 0, "en")
    assert i18n.gettext("judgement.card.amulet") in take and "alice" in take
    # a secret action's label names nothing in the log; in its player's own menu it names the pick
    assert ui.label(["pick", "white_fairy"], 0, "zh-TW").endswith(i18n.gettext("judgement.char.white_fairy", "zh-TW"))
    assert ui.verb("rescue", "zh-TW") == i18n.gettext("judgement.verb.rescue", "zh-TW")


def test_merged_puts_both_changes_in_one_channel_message():
    first = [Public(1, [Msg("judgement.event.a"), Msg("table.your_turn", {})], PNG, Prompt(1, 3, 0, 9, ["x"])),
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


async def test_a_whole_game_of_two_humans_and_two_ai_seats_to_the_end(world4, service):
    """Every human decision is clicked through "My options" (or typed now and then), to the end;
    no public message, at any moment, holds a secret of that moment."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    scanner = Scanner(w.channel, table)
    rng = random.Random(5)
    verbs: set[str] = set()
    for _ in range(600):
        scanner.scan()
        if table.status != "active":
            break
        seat = rng.choice(table.humans_to_act())
        actor = members(w)[table.seats[seat].user_id]
        legal = service.legal_for(w.channel.id, as_player(actor))
        verbs |= {a.split()[0] for a in legal}
        before = table.version
        if rng.random() < 0.2:
            action = rng.choice(legal).split()
            verb = "pass" if action[0] == "pass" else action[0]
            options = dict(zip(_options(verb), action[1:], strict=False))
            if verb in ("pay", "pose"):
                verb, options = "obey", {"answer": " ".join(action)}
            if verb in BUTTON_ONLY:
                menu = await actor.click(options_message(w.channel), label=OPTIONS)
                await choose(actor, menu, rng.choice)
            else:
                await actor.slash(w.channel, f"judgement {verb}", **options)
        else:
            menu = await actor.click(options_message(w.channel), label=OPTIONS)
            await choose(actor, menu, rng.choice)
        assert table.version > before, refusals(w.env)
    assert table.status == "finished", "the game did not end"
    scanner.scan()
    assert {"pick", "roll"} <= verbs and scanner.checked > 10
    outcome = GAME.outcome(table.state)
    names = ", ".join(table.seat_name(s) for s in outcome.winners)
    assert i18n.gettext("table.winner", names=names) in w.channel.history()[-1].content
    assert refusals(w.env) == []


def _options(verb: str) -> tuple[str, ...]:
    return {"pick": ("character",), "go": ("location",), "draw": ("pack",), "give": ("target",),
            "target": ("target",), "hurt": ("target",), "heal": ("target",), "take": ("target", "card"),
            "attack": ("target",), "skill": ("name",)}.get(verb, ())
