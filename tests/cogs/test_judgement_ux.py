"""The City of Judgement as a newcomer meets it on Discord (P4, and
everything in the reader's language): the private button says "My role", a player's first DMs and every image
drawn for them alone are in their own Discord language, the Order card they must answer is named
atop their own menu (nobody else's), and a pass in a window reads "X passes" while a secret
action stays unnamed.

The same simulated Discord (simcord) and helpers as tests/cogs/test_judgement_cog.py; the role
card stand-in records the language it was asked to draw in.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs import components
from gavel.tables import i18n
from gavel.tables.images import Drawn
from gavel.tables.service import Player, TableService, quiet_line
from rules.core import get_game
from rules.judgement import damage
from rules.judgement.actions import Decline, Keep, Pass, Pay, Pick
from rules.judgement.engine import GAME
from rules.judgement.state import COLOURS
from rules.judgement.traits import hp
from tests.cogs.conftest import PNG, buttons, fake_render, refusals
from tests.cogs.test_judgement_cog import (  # noqa: F401  (seeded: the autouse fixture of that module)
    KEY,
    OPTIONS,
    Scanner,
    choose,
    members,
    open_game,
    options_message,
    pick_all,
    policy,
    roll_all,
    script_start,
    seeded,
    shown,
)
from tests.tables.toy_game import fake_renderer

ROLE = i18n.gettext("judgement.button.hand", "en")


class RoleCards:
    """A stand-in role card renderer that remembers, per seat, the language it drew in
    (`text` is the service's message-id -> text function: it answers in the reader's language)."""

    def __init__(self) -> None:
        self.langs: dict[int, str] = {}

    def render_hand(self, view: dict[str, Any], *, text: Any = None, **_: Any) -> bytes | None:
        if not view.get("me"):
            return None
        word = text("judgement.button.hand") if text is not None else ""
        self.langs[view["seat"]] = "zh-TW" if word == i18n.gettext("judgement.button.hand", "zh-TW") else "en"
        return PNG


@pytest.fixture
def cards() -> RoleCards:
    return RoleCards()


@pytest.fixture
def service(db_path, cards) -> TableService:
    renderer = fake_renderer(fake_render, cards.render_hand)
    return TableService(db_path, renderers={KEY: renderer}, ais={KEY: policy()})


@pytest.fixture
def world4(world) -> SimpleNamespace:
    world.dave = world.guild.add_member(world.env.create_user("dave"))
    world.humans = [world.alice, world.bob, world.carol]
    return world


# ---------------------------------------------------------------------------- 1. "My role"


async def test_private_prompt_button_says_my_role_here_and_my_hand_elsewhere(world4, service):
    w = world4
    await open_game(w, service, [w.alice, w.bob], ai=2)
    labels = [b["label"] for b in buttons(options_message(w.channel))]
    assert ROLE in labels and i18n.gettext("cogs.button.hand", "en") not in labels
    assert i18n.gettext("judgement.button.hand", "zh-TW") == "我的角色"
    role = await w.alice.click(options_message(w.channel), label=ROLE)
    assert shown(role).ephemeral and [a.filename for a in shown(role).attachments] == ["hand.png"]
    other = components.private_prompt_view(1, 1, "en", hand=True, game_key="judge_dredd")
    assert i18n.gettext("cogs.button.hand", "en") in [i.item.label for i in other.children]
    assert refusals(w.env) == []


# ---------------------------------------------------------------------------- 2. DMs in the joiner's language


async def test_a_player_who_only_clicked_join_gets_the_deal_in_their_own_language(world4, service, locales):
    w = world4
    locales[w.bob.id] = "zh-TW"  # bob's first interaction is the Join button
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    identity = table.state.players[1].identity
    dm = "\n".join(m.content for m in w.bob.user.dm_channel.history())
    assert i18n.gettext(f"judgement.identity.{identity}", "zh-TW") in dm
    assert i18n.gettext(f"judgement.identity.{identity}", "en") not in dm
    alice = "\n".join(m.content for m in w.alice.user.dm_channel.history())
    assert i18n.gettext(f"judgement.identity.{table.state.players[0].identity}", "en") in alice
    assert refusals(w.env) == []


# ----------------------------------------------------------- 3. private images in the reader's language


async def test_the_role_card_is_drawn_in_its_readers_language(world4, service, cards, locales):
    w = world4
    locales[w.bob.id] = "zh-TW"
    await open_game(w, service, [w.alice, w.bob], ai=2)
    assert cards.langs == {0: "en", 1: "zh-TW"}  # the deal's DMs, each in its reader's language
    cards.langs.clear()
    service.images.drawn = Drawn()  # draw them afresh (asked again unchanged, the same pictures are sent)
    await w.bob.slash(w.channel, "judgement role")
    await w.alice.slash(w.channel, "judgement role")
    assert cards.langs == {0: "en", 1: "zh-TW"}
    locales[w.alice.id] = "zh-TW"  # alice switches her client to Chinese: her next card follows
    await w.alice.click(options_message(w.channel), label=ROLE)
    assert cards.langs[0] == "zh-TW"
    assert refusals(w.env) == []


async def test_judge_dredds_hand_image_follows_its_reader_too():
    drawn: list[str] = []

    def render_hand(view: dict[str, Any], *, text: Any = None, **_: Any) -> bytes:
        drawn.append(text("cogs.button.hand"))
        return PNG

    key = "judge_dredd"
    get_game(key)
    svc = TableService(":memory:", renderers={key: fake_renderer(fake_render, render_hand)})
    ann, ben = Player(1, "ann"), Player(2, "ben")
    svc.langs[ben.user_id] = "zh-TW"
    await svc.create(9, 90, key, ann, seed="hands", lang="en")
    await svc.join(90, ben)
    await svc.start(90, ann)
    drawn.clear()
    await svc.hand(90, ben)
    await svc.hand(90, ann)
    assert drawn == [i18n.gettext("cogs.button.hand", "zh-TW"), i18n.gettext("cogs.button.hand", "en")]


# ---------------------------------------------------------------------------- 4. the Order card atop its own menu


async def test_the_order_cards_recipient_sees_its_name_and_text_atop_their_menu_only(world4, service):
    w = world4
    table = await open_game(w, service, [w.alice, w.bob, w.carol], ai=1)
    scanner = Scanner(w.channel, table)
    giver = next(s for s in table.state.turn_order if not table.seats[s].is_ai)
    script_start(table, giver, [1, 1])  # the giver's move: 2, the Tavern
    await pick_all(w, table)
    await roll_all(w, table)
    by_seat = {s: members(w)[table.seats[s].user_id] for s in range(3)}
    await by_seat[giver].slash(w.channel, "judgement roll")
    recipient, third = [s for s in range(3) if s != giver]
    card = table.state.frames[-1].data["card"]
    name, text = i18n.gettext(f"judgement.card.{card}"), i18n.gettext(f"judgement.card_text.{card}")
    give = await by_seat[giver].click(options_message(w.channel), label=OPTIONS)
    assert name in shown(give).content  # the giver drew it: their menu names it too
    await by_seat[giver].slash(w.channel, "judgement give", target=COLOURS[recipient])
    assert table.state.frames[-1].kind == "obey"
    menu = await by_seat[recipient].click(options_message(w.channel), label=OPTIONS)
    assert shown(menu).ephemeral and name in shown(menu).content and text in shown(menu).content
    typed = await by_seat[recipient].slash(w.channel, "judgement options")
    assert name in shown(typed).content
    stranger = await by_seat[third].click(options_message(w.channel), label=OPTIONS)
    assert shown(stranger).ephemeral and name not in shown(stranger).content
    giver_now = await by_seat[giver].click(options_message(w.channel), label=OPTIONS)  # not asked now
    assert name not in shown(giver_now).content
    scanner.scan()  # and never in the channel
    refusals(w.env)  # the others may be refused, or offered what they may do any time (reveal)


# ---------------------------------------------------------------------------- 5. "X passes"


def test_a_pass_reads_as_a_pass_and_a_secret_or_holders_action_stays_unnamed():
    assert quiet_line(GAME, 2, Pass()).key == "judgement.quiet.pass"  # in the game's own word (略過)
    dredd = get_game("judge_dredd")
    assert quiet_line(dredd, 1, dredd.parse_action("pass")).key == "table.passed"  # any other game's pass
    assert quiet_line(GAME, 2, Pick("white_fairy")).key == "table.acted_secretly"  # the pick: unnamed
    assert quiet_line(GAME, 2, Decline()).key == "table.acted_secretly"  # 隱女's own answer
    assert quiet_line(GAME, 2, Keep()).key == "judgement.quiet.keep"  # any seat a card asks may keep it hidden
    assert quiet_line(GAME, 2, Pay("amulet")).key == "table.acted_secretly"
    assert i18n.gettext("judgement.quiet.pass", "zh-TW", player="X") == "X 略過。"


async def test_passing_the_rescue_window_says_who_passed_not_that_someone_moved(world4, service):
    w = world4
    table = await open_game(w, service, [w.alice, w.bob, w.carol], ai=1)
    scanner = Scanner(w.channel, table)
    await pick_all(w, table)
    await roll_all(w, table)
    while table.state.phase != "turn" or table.state.step != "start" or table.state.active == 3:
        seat = table.humans_to_act()[0]
        member = members(w)[table.seats[seat].user_id]
        await choose(member, await member.click(options_message(w.channel), label=OPTIONS), lambda items: items[-1])
    state = table.state
    damage.hurt(state, 3, hp(state, 3) - state.players[3].damage, by=None, source="alchemist_tower", direct=False)
    await members(w)[table.seats[state.active].user_id].slash(w.channel, "judgement roll")
    assert table.state.frames[-1].kind == "rescue"
    first = table.humans_to_act()[0]
    await members(w)[table.seats[first].user_id].slash(w.channel, "judgement pass")
    content = w.channel.last_message.content
    assert i18n.gettext("judgement.quiet.pass", player=table.seat_name(first)) in content
    assert i18n.gettext("table.acted_secretly", player=table.seat_name(first)) not in content
    scanner.scan()
    assert refusals(w.env) == []


# ---------------------------------------------------------------------------- the rulebook's words


def test_the_cogs_chinese_words_are_the_rulebooks():
    """The Discord words (judgement_ui.po) say things as the rules' catalogues and the rulebook do
    (身份, 人物, 亮出, 救助, 場地 ...), and no two commands or buttons share a name (Discord
    refuses a group whose localised names repeat)."""
    import re
    from pathlib import Path

    from tests.rules.judgement.test_audit import RULEBOOK_TERMS

    path = Path(__file__).resolve().parents[2] / "data/locale/zh_TW/LC_MESSAGES/judgement_ui.po"
    text = path.read_text(encoding="utf-8")
    strings = dict(re.findall(r'msgid "(.*)"\nmsgstr "(.*)"', text))
    wrong = [f"{key}: {bad} -> {good}" for key, value in strings.items() for bad, good in
             {**RULEBOOK_TERMS, "地點": "場地"}.items() if bad in value]
    assert wrong == []
    for prefix in (r"cmd\.judgement\.[a-z_]+\.name", r"judgement\.verb\.[a-z_]+"):
        names = [v for k, v in strings.items() if re.fullmatch(prefix, k)]
        assert len(names) == len(set(names)), names


async def test_the_setups_questions_say_what_they_are(world4, service):
    """The first prompt a newcomer sees names the pick (c5), the next the start roll, in the
    channel and atop their menu, not only "you may act now"."""
    w = world4
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    pick = i18n.gettext("judgement.moment.phase.pick")
    assert pick in options_message(w.channel).content
    assert pick in shown(await w.alice.click(options_message(w.channel), label=OPTIONS)).content
    await pick_all(w, table)
    if table.state.phase == "start_roll" and table.humans_to_act():
        assert i18n.gettext("judgement.moment.phase.start_roll") in options_message(w.channel).content
    assert refusals(w.env) == []
