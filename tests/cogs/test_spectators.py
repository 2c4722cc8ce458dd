"""Spectators: anyone in the channel who is not seated may ask for the board (`/table board`), the
log (`/table log`), the status (`/table status`) and the rules (`/table rules`); `/table me` tells
them plainly they are not seated; `/table log export:true` is refused while a game with secrets
is on. Nothing private ever reaches them: at every moment, no message a spectator can see (the
channel's, and their own replies) holds a seat's secret of that moment. Played on simcord for the
three games with secrets: The City of Judgement (identities, face-down characters, Order cards),
Judge Dredd (hands, and the cards discarded from them) and Judtho's Trio (private suggestions)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gavel.tables.lobby
from gavel.tables import i18n
from gavel.tables.service import TableService
from rules.judgement.commands import BUTTON_ONLY
from rules.judgement.engine import GAME
from rules.judtho.notation import Move
from tests.cogs.conftest import PNG, as_player, buttons, fake_render, public_answer, refusals
from tests.cogs.test_judge_dredd_cog import hand_words, quiet
from tests.cogs.test_judge_dredd_cog import open_game as open_dredd
from tests.cogs.test_judgement_cog import (
    LANGS,
    OPTIONS,
    Scanner,
    allowed_identities,
    choose,
    members,
    options_message,
    policy,
    render_hand,
    unshown,
)
from tests.cogs.test_judgement_cog import open_game as open_judgement
from tests.cogs.test_judtho_play import _parse, lobby
from tests.cogs.test_judtho_play import start as start_judtho
from tests.tables.toy_game import fake_renderer

COMMANDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("table board", {}), ("table log", {}), ("table status", {}), ("table rules", {}))


@pytest.fixture
def service(db_path) -> TableService:
    """The bot's service: stand-in pictures for The City of Judgement and Judge Dredd (these tests
    are about what reaches a spectator, not the drawing), the table's AI for the first and a quiet
    one for the second (it plays no card, so no card of a hand is ever shown); Judtho's own
    renderer and AI."""
    dredd = fake_renderer(fake_render, lambda view, **_: PNG, labels="judge_dredd")
    return TableService(db_path, renderers={"judgement": fake_renderer(fake_render, render_hand), "judge_dredd": dredd},
                        ais={"judgement": policy(), "judge_dredd": quiet})


@pytest.fixture
def dave(world):
    """A fourth member of the server who never sits: the spectator."""
    world.dave = world.guild.add_member(world.env.create_user("dave"))
    return world.dave


def texts(result) -> list[str]:
    """Everything a reply shows its reader: content, embeds, buttons, file names."""
    out = []
    for message in [result.response, *result.followups]:
        if message is None:
            continue
        parts = [message.content or ""]
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", *(f.name + f.value for f in embed.fields)]
        parts += [f"{b['label'] or ''} {b['custom_id'] or ''}" for b in buttons(message.message)]
        parts += [a.filename for a in message.attachments]
        out.append("\n".join(parts))
    return out


def channel_texts(channel) -> list[str]:
    out = []
    for message in channel.history():
        parts = [message.content or "", *(a.filename for a in message.attachments)]
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", *(f.name + f.value for f in embed.fields)]
        parts += [f"{b['label'] or ''} {b['custom_id'] or ''}" for b in buttons(message)]
        out.append("\n".join(parts))
    return out


async def look(w, spectator) -> dict[str, list[str]]:
    """The spectator runs every shared command it may run; each must answer it (no refusal),
    and `/table me` and a mid-game export are refused with the reason."""
    shown: dict[str, list[str]] = {}
    for command, options in COMMANDS:
        result = await spectator.slash(w.channel, command, **options)
        shown[command] = texts(result)
        assert shown[command] and shown[command][0], f"{command} showed the spectator nothing"
    assert refusals(w.env) == []
    me = await spectator.slash(w.channel, "table me")
    assert me.ephemeral and me.response.content == i18n.gettext("error.not_seated")
    export = await spectator.slash(w.channel, "table log", export=True)
    assert export.ephemeral and export.response.content == i18n.gettext("error.export_after_end")
    assert not export.response.attachments
    assert refusals(w.env) == ["not_seated", "export_after_end"]
    dm = spectator.user.dm_channel
    assert dm is None or not dm.history(), "a spectator is sent nothing privately"
    return shown


def assert_hidden(shown: dict[str, list[str]], channel, words: set[str], *, rules_too: bool = True) -> None:
    """No secret word in the spectator's replies (the rules' own text aside: it is the same for
    everyone) nor in the channel."""
    for command, replies in shown.items():
        if command == "table rules" and not rules_too:
            continue
        for text in replies:
            assert not [w for w in words if w in text], f"{command} showed a spectator a secret: {text!r}"
    for text in channel_texts(channel):
        assert not [w for w in words if w in text], f"the channel shows a secret: {text!r}"


async def same_rules_as_a_player(w, spectator, player) -> None:
    """`/table rules` is the same text for a spectator as for a seat: nothing of any seat in it."""
    theirs = texts(await spectator.slash(w.channel, "table rules"))
    mine = texts(await player.slash(w.channel, "table rules"))
    assert theirs == mine


# --------------------------------------------------------------------------- The City of Judgement


def typed_options(verb: str) -> tuple[str, ...]:
    """The option names of `/judgement <verb>`, in the order of the action text's words."""
    return {"pick": ("character",), "go": ("location",), "draw": ("pack",), "give": ("target",),
            "target": ("target",), "hurt": ("target",), "heal": ("target",), "take": ("target", "card"),
            "attack": ("target",), "skill": ("name",)}.get(verb, ())


async def test_a_whole_game_of_two_humans_and_two_ai_seats_a_spectator_sees_no_identity_character_or_order(
        world, dave, service, monkeypatch):
    """A whole seeded game of The City of Judgement, two humans and two AI seats: every human
    decision is clicked through "My options" (or typed now and then), to the end. No public
    message, at any moment, holds a secret of that moment (`Scanner`, at every step); every tenth
    step the spectator looks (board, log, status, rules) and sees none either. This one game is
    both the cog's whole game and the spectator's: each check is made at each moment as it was
    in a game of its own."""
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")
    w = world
    table = await open_judgement(w, service, [w.alice, w.bob], ai=2)
    scanner = Scanner(w.channel, table)
    rng = random.Random(5)
    verbs: set[str] = set()
    looks = 0
    for step in range(600):
        scanner.scan()
        if table.status != "active":
            break
        if step % 10 == 0:  # every 10th step: at least three looks however short the game
            shown = await look(w, dave)
            looks += 1
            secrets = {name for names in unshown(table, scanner.shown).values() for name in names}
            identities = {i18n.gettext(f"judgement.identity.{i}", lang) for i in ("guard", "assassin", "commoner")
                          for lang in LANGS} - allowed_identities(table)
            assert_hidden(shown, w.channel, secrets | identities, rules_too=False)
        if step == 40:
            await same_rules_as_a_player(w, dave, w.alice)
            refused = await dave.click(options_message(w.channel), label=OPTIONS)  # a seat's menu is not theirs
            assert refused.ephemeral and refused.response.content == i18n.gettext("error.not_your_prompt")
            role = await dave.slash(w.channel, "judgement role")
            assert role.ephemeral and role.response.content == i18n.gettext("error.not_seated")
            assert refusals(w.env)[-1:] == ["not_seated"]
            mine = await dave.slash(w.channel, "judgement options")  # "my options": he has none, not a turn
            assert mine.ephemeral and mine.response.content == i18n.gettext("error.not_seated")
            assert refusals(w.env) == ["not_seated"]
        seat = rng.choice(table.humans_to_act())
        actor = members(w)[table.seats[seat].user_id]
        legal = service.legal_for(w.channel.id, as_player(actor))
        verbs |= {a.split()[0] for a in legal}
        before = table.version
        if rng.random() < 0.2:
            action = rng.choice(legal).split()
            verb = "pass" if action[0] == "pass" else action[0]
            options = dict(zip(typed_options(verb), action[1:], strict=False))
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
    assert {"pick", "roll"} <= verbs and scanner.checked > 10 and looks >= 3
    outcome = GAME.outcome(table.state)
    names = ", ".join(table.seat_name(s) for s in outcome.winners)
    winners = i18n.ngettext("table.winner", len(outcome.winners), names=names)  # "Winner: …" or "Winners: …"
    assert winners in w.channel.history()[-1].content
    assert refusals(w.env) == []
    # once the game is over every secret is out: now the record may be exported, by anyone
    export = await dave.slash(w.channel, "table log", export=True)
    files = [a.filename for a in public_answer(export).attachments]
    assert files == [f"judgement-table{table.id}.txt"]
    assert refusals(w.env) == []


# --------------------------------------------------------------------------- Judge Dredd


SLASH = {"pass": ("dredd pass", None), "skip": ("dredd skip", None), "done": ("dredd done", None),
         "stay": ("dredd move", "path"), "move": ("dredd move", "path"), "arrest": ("dredd arrest", "crime"),
         "place": ("dredd place", "sector"), "discard": ("dredd discard", "card")}


def dredd_secrets(table, discarded: list[str]) -> set[str]:
    """Every card in a hand or discarded, by id and English name; nobody in this game plays a card
    (the AI seat is `quiet`, the humans only pass, move and discard), so none was ever shown.
    The Judge Dredd card is named like the game, which the channel names: it is left out."""
    words = set(hand_words(table))
    for card in discarded:
        words |= {card, i18n.gettext(f"judge_dredd.cardname.{card}")}
    return words - {"judge_dredd", i18n.gettext("judge_dredd.cardname.judge_dredd")}


async def test_a_spectator_of_judge_dredd_sees_no_hand_and_no_discarded_card(world, dave, service):
    w = world
    table = await open_dredd(w, service)
    discarded: list[str] = []
    looks = 0
    for step in range(400):
        if table.status != "active" or (discarded and looks >= 3):
            break
        if step % 15 == 0 or (discarded and step % 3 == 0):
            shown = await look(w, dave)
            looks += 1 if discarded else 0
            assert_hidden(shown, w.channel, dredd_secrets(table, discarded), rules_too=False)
        seat = table.humans_to_act()[0]
        member = {m.id: m for m in (w.alice, w.bob)}[table.seats[seat].user_id]
        legal = service.legal_for(w.channel.id, as_player(member))
        verbs = [a.split()[0] for a in legal]
        if "discard" in verbs and not discarded:  # the issue window: one card leaves alice's or bob's hand
            text = next(a for a in legal if a.startswith("discard "))
            discarded.append(text.split()[1])
        else:
            text = next((a for a in legal if a.split()[0] in ("skip", "pass", "done", "stay")), legal[0])
        verb, *rest = text.split()
        command, option = SLASH[verb]
        await member.slash(w.channel, command, **({option: rest[0] if rest else verb} if option else {}))
        assert refusals(w.env) == [], text
    assert discarded and looks >= 3, "the game never reached a discard"
    log = "\n".join(texts(await dave.slash(w.channel, "table log")))
    assert not [word for word in dredd_secrets(table, discarded) if word in log]
    await same_rules_as_a_player(w, dave, w.alice)


# --------------------------------------------------------------------------- Judtho's Trio


async def test_a_spectator_of_a_trio_never_learns_the_partners_suggestion(world, dave, service):
    w = world
    await start_judtho(w, service, await lobby(w, "trio", w.bob, w.carol))
    for member in (w.alice, w.bob, w.alice, w.carol):
        await member.slash(w.channel, "judtho place", piece="rest")
    first = next(m for a in service.legal_for(w.channel.id, as_player(w.alice)) if isinstance(m := _parse(a), Move))
    await w.alice.slash(w.channel, "judtho move", **{"from": first.origin, "to": str(first)})
    assert refusals(w.env) == []
    move = (await w.carol.autocomplete(w.channel, "judtho suggest", "move", ""))[-1]["value"]
    assert not [t for t in channel_texts(w.channel) if move in t]
    await w.carol.slash(w.channel, "judtho suggest", move=move)
    assert refusals(w.env) == [] and any(move in m.content for m in w.bob.user.dm_channel.history())
    shown = await look(w, dave)
    assert i18n.gettext("judtho.action.suggest") in "\n".join(shown["table log"])  # it says one was sent
    assert_hidden(shown, w.channel, {move})
    await same_rules_as_a_player(w, dave, w.alice)
