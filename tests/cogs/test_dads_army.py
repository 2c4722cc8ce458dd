"""`/dadsarmy` on the real Dad's Army engine: lobby, roll, move with autocomplete, buttons."""

from __future__ import annotations

import random

import discord
import pytest

import gavel.tables.lobby
from gavel.tables import i18n
from gavel.tables.service import TableService
from renderer.dads_army import label_actions
from rules.dads_army.board import MAN_CODES
from tests.cogs import toy
from tests.cogs.conftest import as_player, buttons, fake_render, make_bot, make_service, refusals
from tests.tables.toy_game import fake_renderer


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """Every table here gets the same seed, so the dice (and these tests) repeat exactly."""
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


@pytest.fixture
def service(db_path, request) -> TableService:
    """conftest's service, with the real Dad's Army renderer; `stand_in` (indirect parameter): a
    small fixed picture instead, its buttons still labelled as the real board labels them, for a
    test of the menus that never looks at the board (the other tests here draw the real one)."""
    if getattr(request, "param", None) != "stand_in":
        return make_service(db_path)
    return TableService(db_path, renderers={toy.KEY: fake_renderer(fake_render),
                                            "dads_army": fake_renderer(fake_render, labels="dads_army")},
                        ais={toy.KEY: toy.ai_first})


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
        legal = service.legal_for(w.channel.id, as_player(player))
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


async def test_autocomplete_at_a_table_not_loaded_yet_loads_it_for_the_next_keystroke(world, service, db_path):
    w = world
    table, player = await start_game(w, service)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(10):
        await player.slash(w.channel, "dadsarmy roll")
        legal = service.legal_for(w.channel.id, as_player(player))
        if legal and all(a.startswith("move ") for a in legal):
            break
        player = members[table.seats[table.humans_to_act()[0]].user_id]
    fresh = make_service(db_path)  # a restart: the table stays in the database until touched
    await w.env.restart_bot(make_bot(fresh))
    assert fresh.table(w.channel.id) is None
    assert await player.autocomplete(w.channel, "dadsarmy move", "man", "") == []  # memory only: nothing yet
    await w.env.settle()  # ... but it loaded the table meanwhile
    assert fresh.table(w.channel.id) is not None
    men = await player.autocomplete(w.channel, "dadsarmy move", "man", "")
    assert {c["value"] for c in men} == {a.split()[1] for a in legal}


async def test_a_man_is_typed_by_the_code_his_token_shows(world, service):
    """The board shows Mainwaring as `Mw`: `/dadsarmy move man:MW` (any case) is him, and the
    square's autocomplete reads the code too."""
    w = world
    table, player = await start_game(w, service)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(10):  # a throw that leaves no move passes the turn: roll until one moves
        await player.slash(w.channel, "dadsarmy roll")
        legal = service.legal_for(w.channel.id, as_player(player))
        if legal and all(a.startswith("move ") for a in legal):
            break
        player = members[table.seats[table.humans_to_act()[0]].user_id]
    before = table.version
    man, to = legal[0].split()[1:]
    code = MAN_CODES[man].upper()
    squares = await player.autocomplete(w.channel, "dadsarmy move", "to", "", man=code)
    assert [c["value"] for c in squares] == [a.split()[2] for a in legal if a.split()[1] == man][:25]
    await player.slash(w.channel, "dadsarmy move", man=code, to=to)
    assert table.version == before + 1 and refusals(w.env) == []
    assert table.game.view(table.state, None)["men"][man]["square"] == [int(v) for v in to.split(",")]


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
        legal = service.legal_for(w.channel.id, as_player(player))
        if legal:
            break
        player = members[table.seats[table.humans_to_act()[0]].user_id]
    before = table.version
    menu = w.channel.last_message
    names = {i18n.gettext(f"dads_army.man.{a.split()[1]}"): a.split()[1] for a in legal}
    offered = [b["label"] for b in buttons(menu)][:-1]
    assert sorted(offered) == sorted(names)
    assert [a.filename for a in menu.attachments] == ["board.webp"]
    step = await player.click(menu, label=offered[0])
    man = names[offered[0]]
    drawn = label_actions(table.game.view(table.state, None), legal)  # the labels on the image
    # one man's squares are lettered at a time: the other man's buttons name the square alone
    expected = [f"{drawn[a]} · {a.split()[2]}" if drawn[a] else a.split()[2] for a in legal if a.split()[1] == man]
    assert sorted(b["label"] for b in buttons(step.response)) == sorted(expected)
    choice = buttons(step.response)[0]
    await player.click(step.response, custom_id=choice["custom_id"])
    assert table.version == before + 1


async def test_rules_summary_in_the_users_language(world, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    english = await w.alice.slash(w.channel, "dadsarmy rules")
    chinese = await w.bob.slash(w.channel, "dadsarmy rules")
    assert english.ephemeral and english.response.content == i18n.gettext("dads_army.rules", "en")
    assert chinese.ephemeral and chinese.response.content == i18n.gettext("dads_army.rules", "zh-TW")


def test_there_is_one_rules_summary_the_engines():
    """The cogs keep no second summary that could drift from `dads_army.rules`."""
    assert not any(i18n.has("cogs.dadsarmy.rules", lang) for lang in i18n.LANGUAGES)


async def test_a_rules_summary_longer_than_a_message_is_sent_in_private_pages(world, monkeypatch):
    w = world
    long = "\n".join(f"• rule {n}: " + "x" * 90 for n in range(50))  # about 5000 characters
    monkeypatch.setitem(i18n.catalogue("en"), "dads_army.rules", long)
    result = await w.alice.slash(w.channel, "dadsarmy rules")
    messages = [result.response, *result.followups]
    assert len(messages) >= 3 and all(m.ephemeral for m in messages)
    assert all(len(m.content) <= 2000 for m in messages)
    assert "\n".join(m.content for m in messages) == long
    assert all("rule 0" not in m.content for m in w.channel.history())


async def test_table_rules_shows_the_summary_of_the_game_played_here(world, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    await w.alice.slash(w.channel, "dadsarmy new")
    result = await w.bob.slash(w.channel, "table rules")
    assert result.ephemeral and result.response.content == i18n.gettext("dads_army.rules", "zh-TW")


@pytest.mark.parametrize("service", ["stand_in"], indirect=True)
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
        verbs |= {a.split()[0] for a in service.legal_for(w.channel.id, as_player(actor))}
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


async def test_new_with_a_variant_opens_a_table_that_plays_it(world, service):
    """`/dadsarmy new variant:redraw_bombed_reference` (D26) reaches the engine's config."""
    w = world
    await w.alice.slash(w.channel, "dadsarmy new", variant="redraw_bombed_reference")
    assert refusals(w.env) == []
    table = service.table(w.channel.id)
    assert table.variant == "redraw_bombed_reference"
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    assert table.state.variants == ["redraw_bombed_reference"]


async def test_new_without_a_variant_plays_the_standard_rules(world, service):
    w = world
    await w.alice.slash(w.channel, "dadsarmy new")
    assert service.table(w.channel.id).variant is None


async def test_new_offers_every_engine_variant_with_translated_labels(world):
    from rules.dads_army import GAME

    synced = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    group = next(c for c in synced if c["name"] == "dadsarmy")
    new = next(o for o in group["options"] if o["name"] == "new")
    option = next(o for o in new["options"] if o["name"] == "variant")
    assert not option.get("required") and [c["value"] for c in option["choices"]] == list(GAME.info.variants)
    for choice in option["choices"]:
        key = f"dads_army.variant.{choice['value']}"
        assert i18n.has(key, "en") and i18n.has(key, "zh-TW")
        assert choice["name"] == i18n.gettext(key, "en")
        assert choice["name_localizations"]["zh-TW"] == i18n.gettext(key, "zh-TW")
    assert option["name_localizations"]["zh-TW"] == i18n.gettext("cmd.dadsarmy.new.variant.name", "zh-TW")


async def test_an_unknown_variant_is_refused_in_the_users_language(world, service, locales, monkeypatch):
    """Discord sends only the offered choices; a variant the engine lacks (a stale command
    list) is still refused by the service, privately, in the user's language."""
    import cogs.games
    from cogs import flows

    w = world
    locales[w.alice.id] = "zh-TW"
    monkeypatch.setattr(cogs.games, "open_lobby",
                        lambda bot, interaction, key, variant, **options: flows.open_lobby(bot, interaction, key,
                                                                                        "no_such_rule", **options))
    result = await w.alice.slash(w.channel, "dadsarmy new")
    assert refusals(w.env) == ["unknown_variant"] and service.table(w.channel.id) is None
    texts = [result.response.content if result.response else "", *(f.content for f in result.followups)]
    assert i18n.gettext("error.unknown_variant", "zh-TW", variant="no_such_rule") in texts


async def test_autocomplete_names_a_man_with_a_capital_letter(world, service, locales):
    """Bob plays blue, the Vicar and the Verger: offered as "The Vicar (vicar)" in English,
    and untouched in Chinese."""
    w = world
    table, player = await start_game(w, service)
    members = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(30):
        player = members[table.seats[table.humans_to_act()[0]].user_id]
        legal = service.legal_for(w.channel.id, as_player(player))
        if player is w.bob and any(a.startswith("move ") for a in legal):
            break
        if legal == ["roll"]:
            await player.slash(w.channel, "dadsarmy roll")
        elif any(a.startswith("move ") for a in legal):
            man, to = next(a for a in legal if a.startswith("move ")).split()[1:]
            await player.slash(w.channel, "dadsarmy move", man=man, to=to)
        else:  # a card's step: not what this test is about
            await service.act(w.channel.id, as_player(player), legal[0])
    else:
        pytest.fail("Bob never had a move to make")
    names = {c["value"]: c["name"] for c in await w.bob.autocomplete(w.channel, "dadsarmy move", "man", "")}
    assert names and set(names) <= {"vicar", "verger"}
    for token, name in names.items():
        assert name == f"The {token.capitalize()} ({token})"
    locales[w.bob.id] = "zh-TW"
    chinese = {c["value"]: c["name"] for c in await w.bob.autocomplete(w.channel, "dadsarmy move", "man", "")}
    assert all(name == f"{i18n.gettext(f'dads_army.man.{t}', 'zh-TW')} ({t})" for t, name in chinese.items())


async def test_the_turn_is_announced_once_with_a_mention(world, service):
    w = world
    _, player = await start_game(w, service)
    lines = w.channel.last_message.content.splitlines()
    turn_lines = [line for line in lines if "it is your turn" in line]
    assert turn_lines == [f"{player.mention}, it is your turn: choose below."]
