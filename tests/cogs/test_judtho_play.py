"""Judtho on simcord as players meet it: the real renderer and, where a seat is a computer,
the real AI. A Duo game and a Quattro game from `/judtho new` through the Assembly to their end
messages, by the two-step menu and by typed commands; who each prompt pings; the Knight's
distant capture (4.7: "all" offered); owed placements after a Conquest (J22); draws answered by
several humans (J24, E2); the Trio suggestion kept private (Section 4, E4); zh-TW players; stale
clicks and strangers; Discord's limits on components with many pieces and a Princess's 30 moves.

Positions are set on the table's state after a real Assembly (`set_position`): the point is the
Discord layer over real rules, and a played-out opening would take the AI minutes."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from gavel.tables import i18n
from gavel.tables.service import TableService
from rules.core import IllegalAction
from rules.judtho.engine import GAME
from rules.judtho.notation import Move, parse
from tests.cogs.conftest import as_player, buttons, confirmed, fake_render, refusals
from tests.tables.toy_game import fake_renderer

GAME_KEY = "judtho"

MENTION = re.compile(r"<@!?(\d+)>")


@pytest.fixture
def service(db_path) -> TableService:
    """The real Judtho AI; a stand-in picture with the real board's square labels."""
    return TableService(db_path, renderers={"judtho": fake_renderer(fake_render, labels="judtho")})


# --------------------------------------------------------------------------- helpers


def pinged(message) -> set[int]:
    return {int(m) for m in MENTION.findall(message.content)}


def components_of(message) -> list[Any]:
    if not isinstance(message, discord.Message):
        message = message.message
    return [c for row in message.components for c in getattr(row, "children", [row])]


def within_discord_limits(message) -> bool:
    """5 action rows, 25 components, 5 per row, select options 1-25, labels <= 80."""
    if not isinstance(message, discord.Message):
        message = message.message
    rows = message.components
    items = components_of(message)
    return (len(rows) <= 5 and len(items) <= 25 and all(len(getattr(r, "children", [r])) <= 5 for r in rows)
            and all(1 <= len(c.options) <= 25 for c in items if c.type.value == 3)
            and all(len(c.label or "") <= 80 for c in items if c.type.value == 2)
            and all(len(o.label) <= 100 for c in items if c.type.value == 3 for o in c.options))


def labels(message) -> dict[str, str]:
    """{button label without the board's letter ("O · "): custom id} of the action buttons."""
    return {re.sub(r"^[A-Z]{1,2} · ", "", b["label"]): b["custom_id"] for b in buttons(message)
            if b["type"] == 2 and b["custom_id"] and b["custom_id"].startswith("gv:a")}


def options(message) -> dict[str, tuple[str, str]]:
    """{option label without the board's letter: (select custom id, value)} of every select."""
    return {re.sub(r"^[A-Z]{1,2} · ", "", o.label): (c.custom_id, o.value)
            for c in components_of(message) if c.type.value == 3 for o in c.options}


def set_position(table, pieces: dict[str, str]) -> None:
    """The board after a real Assembly replaced by `pieces` (`{"c3": "white knight"}`), kept
    as the table's snapshot too (a refused action restores the snapshot)."""
    table.state.pieces = {sq: text.split() for sq, text in pieces.items()}
    table.state.seen = []
    table.snapshot = table.state.to_json()


async def fresh_prompt(member, w):
    """`/judtho board`: the board and the turn prompt as the position now stands."""
    result = await member.slash(w.channel, "judtho board")
    assert refusals(w.env) == []
    return result.followups[-1] if result.followups else result.response


async def lobby(w, variant: str | None, *members, ais: int = 0):
    await w.alice.slash(w.channel, "judtho new", **({"variant": variant} if variant else {}))
    message = w.channel.last_message
    for member in members:
        await member.click(message, label=i18n.gettext("cogs.button.join"))
    for _ in range(ais):
        await w.alice.click(message, label=i18n.gettext("cogs.button.ai"))
    return message


async def start(w, service, message):
    await w.alice.click(message, label=i18n.gettext("cogs.button.start"))
    assert refusals(w.env) == []
    table = service.table(w.channel.id)
    assert table.status == "active"
    return table


def history_text(w, since: int = 0) -> str:
    return "\n".join(m.content for m in w.channel.history()[since:])


# --------------------------------------------------------------------------- Duo, a whole game


async def test_duo_whole_game_from_new_to_the_end_by_menu_and_by_typing(world, service):
    """Duo (Section 8): a third player is refused a seat; the Assembly by the two-step menu and
    by "place the rest"; a Knight's distant capture of all three targets by the menu (4.7);
    a promotion typed with autocomplete; Regicide ends the game with the winner named."""
    w = world
    message = await lobby(w, "duo", w.bob)
    await w.carol.click(message, label=i18n.gettext("cogs.button.join"))
    assert w.carol.id not in {s.user_id for s in service.table(w.channel.id).seats}
    table = await start(w, service, message)
    assert table.state.variant == "duo"

    # Assembly: Alice (White) places her Queen in two steps, piece then square; only she is pinged.
    prompt = w.channel.last_message
    assert pinged(prompt) == {w.alice.id}
    step = await w.alice.click(prompt, custom_id=labels(prompt)["Queen"])
    queen = options(step.response) or {k: (v, None) for k, v in labels(step.response).items()}
    first = sorted(queen)[0]
    custom_id, value = queen[first]
    if value is None:
        await w.alice.click(step.response, custom_id=custom_id)
    else:
        await w.alice.select(step.response, [value], custom_id=custom_id)
    assert refusals(w.env) == [] and ["white", "queen"] in table.state.pieces.values()
    assert pinged(w.channel.last_message) == {w.bob.id}
    await w.bob.slash(w.channel, "judtho place", piece="rest")
    prompt = w.channel.last_message
    assert pinged(prompt) == {w.alice.id}
    await w.alice.click(prompt, custom_id=labels(prompt)[i18n.gettext("judtho.verb.rest")])
    assert refusals(w.env) == [] and table.state.phase == "play"
    assert pinged(w.channel.last_message) == {w.alice.id}

    set_position(table, {"a1": "white king", "c3": "white knight", "e11": "white pawn",
                         "f12": "red king", "b5": "red pawn", "d5": "red rook", "e4": "red bishop", "a12": "red pawn"})
    prompt = await fresh_prompt(w.alice, w)
    assert pinged(prompt) == {w.alice.id}
    # The Knight: its jumps, and one "Distant capture" choice whose step is "All" and one multi-select of the 3 targets.
    step = await w.alice.click(prompt, custom_id=labels(prompt)["Knight c3"])
    second = labels(step.response)
    distant = i18n.gettext("judtho.ui.distant")
    assert distant in second and "Nc3xb5" in second and not any("{" in label for label in second)
    step = await w.alice.click(step.response, custom_id=second[distant])
    sets = labels(step.response)
    everything = i18n.gettext("judtho.ui.all", text="Nc3x{b5,d5,e4}")
    (select,) = [c for c in components_of(step.response) if c.type.value == 3]
    assert list(sets) == [everything] and [o.value for o in select.options] == ["b5", "d5", "e4"]
    assert (select.min_values, select.max_values) == (1, 3) and within_discord_limits(step.response)
    await w.alice.click(step.response, custom_id=sets[everything])
    assert refusals(w.env) == []
    assert "Nc3x{b5,d5,e4}" in w.channel.last_message.content
    assert not {"b5", "d5", "e4"} & set(table.state.pieces) and table.state.pieces["c3"] == ["white", "knight"]
    assert pinged(w.channel.last_message) == {w.bob.id}

    # Bob types his move: `from` offers his pieces by name, `to` the moves from there.
    origins = {c["value"]: c["name"] for c in await w.bob.autocomplete(w.channel, "judtho move", "from", "")}
    assert origins == {"a12": "Pawn a12", "f12": "King f12"}
    tos = [c["value"] for c in await w.bob.autocomplete(w.channel, "judtho move", "to", "", **{"from": "a12"})]
    await w.bob.slash(w.channel, "judtho move", **{"from": "a12", "to": tos[0]})
    assert refusals(w.env) == []

    # A promotion typed as a bare square is refused with the choices named; autocomplete offers them.
    before = table.version
    refused = await w.alice.slash(w.channel, "judtho move", **{"from": "e11", "to": "e12"})
    assert refusals(w.env) == ["judtho_which_move"] and table.version == before
    assert "e11-e12=Q" in refused.response.content and "e11-e12=S" in refused.response.content
    tos = [c["value"] for c in await w.alice.autocomplete(w.channel, "judtho move", "to", "=Q", **{"from": "e11"})]
    assert tos == ["e11-e12=Q", "e11xf12=Q"]
    await w.alice.slash(w.channel, "judtho move", **{"from": "e11", "to": "e11-e12=Q"})
    assert refusals(w.env) == [] and table.state.pieces["e12"] == ["white", "queen"]

    await w.bob.slash(w.channel, "judtho move", **{"from": "a11", "to": "a10"})
    assert refusals(w.env) == []
    await w.alice.slash(w.channel, "judtho move", **{"from": "e12", "to": "f12"})  # the one move onto f12
    assert refusals(w.env) == []
    end = w.channel.last_message.content
    assert "Qe12xf12#K" in end and i18n.gettext("table.winner", names="alice") in end
    assert table.status != "active" and service.table(w.channel.id) is None
    assert not pinged(w.channel.last_message)


async def test_4_7_typed_distant_capture_offers_all_then_a_multi_select_of_the_targets(world, service):
    """`/judtho move from:c3` offers "All: Nc3x{b5,d5,e4}" first, then "choose which…"; that
    answers privately with an "All" button and one select of the 3 targets (1 to 3 of them);
    choosing two plays `Nc3x{b5,e4}`. A stale menu is refused."""
    w = world
    table = await start(w, service, await lobby(w, "duo", w.bob))
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    await w.bob.slash(w.channel, "judtho place", piece="rest")
    set_position(table, {"a1": "white king", "c3": "white knight", "f12": "red king", "b5": "red pawn",
                         "d5": "red rook", "e4": "red bishop", "a12": "red pawn"})
    offered = await w.alice.autocomplete(w.channel, "judtho move", "to", "", **{"from": "c3"})
    assert offered[0] == {"name": i18n.gettext("judtho.ui.all", text="Nc3x{b5,d5,e4}"), "value": "Nc3x{b5,d5,e4}"}
    assert offered[1]["value"] == "Nc3x{?}"
    assert offered[1]["name"] == i18n.gettext("judtho.ui.pick_some", piece="Knight", square="c3")
    menu = await w.alice.slash(w.channel, "judtho move", **{"from": "c3", "to": "Nc3x{?}"})
    assert refusals(w.env) == [] and menu.ephemeral and within_discord_limits(menu.response)
    assert i18n.gettext("judtho.ui.all", text="Nc3x{b5,d5,e4}") in labels(menu.response)
    (select,) = [c for c in components_of(menu.response) if c.type.value == 3]
    assert [o.value for o in select.options] == ["b5", "d5", "e4"] and (select.min_values, select.max_values) == (1, 3)
    spare = await w.alice.slash(w.channel, "judtho move", **{"from": "c3", "to": "Nc3x{?}"})
    before = table.version
    await w.alice.select(menu.response, ["e4", "b5"], custom_id=select.custom_id)
    assert refusals(w.env) == [] and table.version > before
    assert "Nc3x{b5,e4}" in history_text(w) and set(table.state.pieces) >= {"c3", "d5"}
    assert not {"b5", "e4"} & set(table.state.pieces)
    stale = await w.alice.select(spare.response, ["d5"], custom_id=select.custom_id)
    assert stale.response.content.startswith(i18n.gettext("error.stale_button")) and "d5" in table.state.pieces
    refused = await w.bob.slash(w.channel, "judtho move", **{"from": "c3", "to": "Nc3x{?}"})
    assert refused.response.content == i18n.gettext("error.judtho_no_distant_capture", square="c3")
    assert refusals(w.env) == ["judtho_no_distant_capture"]


# --------------------------------------------------------------------------- Quattro


QUATTRO = {"a1": "white king", "b2": "white queen", "d10": "white rook", "c3": "white knight",
           "f12": "red king", "a12": "red pawn", "b11": "red rook",
           "l1": "yellow king", "k2": "yellow pawn",
           "l12": "black king", "k11": "black pawn"}


async def quattro_of_four_humans(w, service):
    dave = w.guild.add_member(w.env.create_user("dave"))
    message = await lobby(w, None, w.bob, w.carol, dave)
    table = await start(w, service, message)
    players = (w.alice, w.bob, w.carol, dave)
    assert table.state.seat_colours == [["white"], ["red"], ["yellow"], ["black"]]
    for member in players:  # 1.2.1: W, R, Y, B, each pinged in turn
        assert pinged(w.channel.last_message) == {member.id}
        await member.slash(w.channel, "judtho place", piece="rest")
    assert refusals(w.env) == [] and table.state.phase == "play"
    set_position(table, QUATTRO)
    return table, players


async def test_quattro_draw_offer_pings_who_must_answer_and_one_decline_ends_it(world, service, locales):
    """J24, E2: Alice offers by the menu; Bob, Carol and Dave are pinged, and only they; Carol
    (zh-TW) answers from her own private menu in Chinese; Dave declines; play goes on."""
    w = world
    locales[w.carol.id] = "zh-TW"
    table, (alice, bob, carol, dave) = await quattro_of_four_humans(w, service)
    prompt = await fresh_prompt(alice, w)
    before = table.version
    sure = await alice.click(prompt, custom_id=labels(prompt)[f"{i18n.gettext('judtho.verb.draw')} "
                                                             f"{i18n.gettext('judtho.verb.offer')}"])
    assert sure.response.ephemeral and table.version == before  # "Are you sure?" first: nothing played yet
    assert i18n.gettext("cogs.confirm.action", action="").strip() in sure.response.content
    await alice.click(sure.response, label=i18n.gettext("cogs.button.confirm"))
    assert refusals(w.env) == [] and table.version > before
    offer = w.channel.last_message
    assert pinged(offer) == {bob.id, carol.id, dave.id}
    stranger = w.guild.add_member(w.env.create_user("eve"))
    mine_id = next(b["custom_id"] for b in buttons(offer) if b["label"] == i18n.gettext("cogs.button.play"))
    refused = await stranger.click(offer, custom_id=mine_id)
    assert refused.ephemeral and not labels(refused.response)
    assert refused.response.content == i18n.gettext("error.not_your_prompt")
    step = await carol.click(offer, custom_id=mine_id)
    answers = labels(step.response)
    assert i18n.gettext("judtho.verb.accept", "zh-TW") in answers and step.response.ephemeral
    await carol.click(step.response, custom_id=answers[i18n.gettext("judtho.verb.accept", "zh-TW")])
    assert refusals(w.env) == []
    assert pinged(w.channel.last_message) == {bob.id, dave.id}
    await bob.slash(w.channel, "judtho draw", answer="accept")
    assert pinged(w.channel.last_message) == {dave.id}
    await dave.slash(w.channel, "judtho draw", answer="decline")
    assert refusals(w.env) == []
    assert table.status == "active" and pinged(w.channel.last_message) == {alice.id}
    before = table.version
    await carol.slash(w.channel, "judtho draw", answer="accept")  # the offer is gone
    assert refusals(w.env) and table.version == before


async def test_quattro_draw_accepted_by_every_human_ends_the_game(world, service):
    w = world
    table, (alice, bob, carol, dave) = await quattro_of_four_humans(w, service)
    await confirmed(alice, w.channel, "judtho draw", answer="offer")
    for member in (bob, carol, dave):
        await member.slash(w.channel, "judtho draw", answer="accept")
    assert refusals(w.env) == []
    assert table.state.phase == "over" and service.table(w.channel.id) is None
    # 7: an agreed draw has no winner (J24); the scores still give the places.
    end = w.channel.last_message.content
    assert i18n.gettext("judtho.end.draw") in end and i18n.gettext("table.no_winner") in end


async def test_quattro_conquest_owes_the_bonus_piece_and_the_king_then_a_resignation_ends_it(world, service):
    """1.1.6, J22: White's Regicide on Red scores 4; White places the bonus piece (by the
    menu), Red puts the King back (typed); each placer is pinged in turn; then Red moves. Red
    resigns (J17): the end message with the points and the winner."""
    w = world
    table, (alice, bob, carol, dave) = await quattro_of_four_humans(w, service)
    for member, origin, to in ((alice, "d10", "d12"), (bob, "a12", "a11"), (carol, "k2", "k3"), (dave, "k11", "k10")):
        await member.slash(w.channel, "judtho move", **{"from": origin, "to": to})
        assert refusals(w.env) == []
    await alice.slash(w.channel, "judtho move", **{"from": "d12", "to": "d12xf12"})  # the piece letter left out
    assert refusals(w.env) == []
    said = w.channel.last_message
    assert "Rd12xf12#K" in said.content and pinged(said) == {alice.id}
    assert [list(o) for o in table.state.owed] == [["white", "bonus_piece"], ["red", "king"]]
    # White's bonus piece by the menu: one piece (the Prince), so the step is its squares.
    squares = options(said) or labels(said)
    assert squares and all(re.fullmatch(r"@P[a-l]\d+", label) for label in squares)
    custom_id, value = next(iter(options(said).values()))
    await alice.select(said, [value], custom_id=custom_id)
    assert refusals(w.env) == [] and table.state.pieces[value] == ["white", "prince"]
    assert pinged(w.channel.last_message) == {bob.id}
    pieces = await bob.autocomplete(w.channel, "judtho place", "piece", "")
    assert [c["value"] for c in pieces] == ["king"]
    square = (await bob.autocomplete(w.channel, "judtho place", "square", "", piece="king"))[0]["value"]
    await bob.slash(w.channel, "judtho place", piece="king", square=square)
    assert refusals(w.env) == [] and table.state.pieces[square] == ["red", "king"]
    assert table.state.owed == [] and pinged(w.channel.last_message) == {bob.id}  # Red to move
    await confirmed(bob, w.channel, "judtho resign")
    assert refusals(w.env) == []
    end = w.channel.last_message.content
    assert i18n.gettext("table.winner", names="alice") in end
    assert re.search(r"White scores \d+ points", history_text(w)) and service.table(w.channel.id) is None


async def test_strangers_and_other_players_are_refused_the_turn_menu_and_commands(world, service, locales):
    """Only the player to move opens the menu; Bob (zh-TW) is told so in Chinese; Dave, not
    seated, is refused `/judtho move` and offered nothing by autocomplete."""
    w = world
    locales[w.bob.id] = "zh-TW"
    table = await start(w, service, await lobby(w, "duo", w.bob))
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    await w.bob.slash(w.channel, "judtho place", piece="rest")
    prompt = w.channel.last_message
    knight = next(cid for label, cid in labels(prompt).items() if label.startswith("Knight"))
    dave = w.guild.add_member(w.env.create_user("dave"))
    before = table.version
    for member, lang in ((dave, "en"), (w.bob, "zh-TW")):
        refused = await member.click(prompt, custom_id=knight)
        assert refused.ephemeral and refused.response.content == i18n.gettext("error.not_your_prompt", lang)
    await dave.slash(w.channel, "judtho move", **{"from": "b2", "to": "c4"})
    assert refusals(w.env) == ["not_seated"] and table.version == before
    assert await dave.autocomplete(w.channel, "judtho move", "from", "") == []
    assert await w.bob.autocomplete(w.channel, "judtho move", "from", "") == []  # not his turn


async def test_a_zh_tw_player_reads_pieces_and_menus_in_chinese(world, service, locales):
    w = world
    locales[w.alice.id] = "zh-TW"
    await start(w, service, await lobby(w, "duo", w.bob))
    pieces = {c["value"]: c["name"] for c in await w.alice.autocomplete(w.channel, "judtho place", "piece", "")}
    assert pieces["knight"] == i18n.gettext("judtho.piece.knight", "zh-TW")
    assert pieces["rest"] == i18n.gettext("judtho.verb.rest", "zh-TW")
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    await w.bob.slash(w.channel, "judtho place", piece="rest")
    origins = [c["name"] for c in await w.alice.autocomplete(w.channel, "judtho move", "from", "")]
    assert any(name.startswith(i18n.gettext("judtho.piece.knight", "zh-TW")) for name in origins)
    prompt = w.channel.last_message
    knight = next(cid for label, cid in labels(prompt).items() if label.startswith("Knight"))  # the channel's language
    step = await w.alice.click(prompt, custom_id=knight)
    assert step.response.content.startswith(i18n.gettext("judtho.piece.knight", "zh-TW"))


# --------------------------------------------------------------------------- the real AI seat


async def test_duo_against_the_real_ai_it_places_answers_and_pings_the_human(world, service):
    """An AI seat with the real AI: it places its army, declines a draw (J24), answers a move;
    each prompt pings only Alice."""
    w = world
    message = await lobby(w, "duo", ais=1)
    table = await start(w, service, message)
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    assert refusals(w.env) == [] and table.state.phase == "play"
    assert pinged(w.channel.last_message) == {w.alice.id}
    await confirmed(w.alice, w.channel, "judtho draw", answer="offer")
    assert refusals(w.env) == [] and table.status == "active"
    prompt = w.channel.last_message
    assert pinged(prompt) == {w.alice.id}
    piece = next(label for label in labels(prompt) if label.startswith("Knight"))
    step = await w.alice.click(prompt, custom_id=labels(prompt)[piece])
    move = sorted(labels(step.response))[0]
    before = table.state.moves_made
    await w.alice.click(step.response, custom_id=labels(step.response)[move])
    assert refusals(w.env) == []
    assert table.state.moves_made == before + 2  # Alice's, then the AI's
    assert pinged(w.channel.last_message) == {w.alice.id}


# --------------------------------------------------------------------------- Trio


async def test_section_4_the_trio_suggestion_reaches_the_partner_only(world, service, locales):
    """E4: Carol suggests a move for Bob's army. Bob gets it privately (in zh-TW, his language);
    the channel says only that a suggestion was sent, never the move."""
    w = world
    locales[w.bob.id] = "zh-TW"
    message = await lobby(w, "trio", w.bob, w.carol)
    await start(w, service, message)
    for member in (w.alice, w.bob, w.alice, w.carol):
        await member.slash(w.channel, "judtho place", piece="rest")
    first = next(m for a in service.legal_for(w.channel.id, as_player(w.alice)) if isinstance(m := _parse(a), Move))
    await w.alice.slash(w.channel, "judtho move", **{"from": first.origin, "to": str(first)})
    assert refusals(w.env) == []
    since = len(w.channel.history())
    move = (await w.carol.autocomplete(w.channel, "judtho suggest", "move", ""))[-1]["value"]
    result = await w.carol.slash(w.channel, "judtho suggest", move=move)
    assert refusals(w.env) == [] and result.ephemeral and move not in result.response.content
    said = history_text(w, since - 1)  # the turn's message, edited
    assert move not in said and "carol" in said
    assert pinged(w.channel.last_message) == {w.bob.id}
    bobs = [m.content for m in w.bob.user.dm_channel.history()]
    assert any(move in text for text in bobs) and any(re.search(r"[\u4e00-\u9fff]", t) for t in bobs if move in t)
    for other in (w.alice, w.carol):
        dm = other.user.dm_channel
        assert dm is None or not any(move in m.content for m in dm.history())
    # nor does the log, nor a record exported mid-game (refused while the game is on)
    log = "\n".join((await service.log(w.channel.id, 50)).text("en"))
    assert move not in log and i18n.gettext("judtho.action.suggest") in log
    with pytest.raises(IllegalAction) as refused:
        service.export(w.channel.id)
    assert refused.value.code == "export_after_end"
    # Bob's turn menu still works after the suggestion (the prompt was re-posted, not stale).
    prompt = w.channel.last_message
    piece = next(iter(labels(prompt)))
    step = await w.bob.click(prompt, custom_id=labels(prompt)[piece])
    assert refusals(w.env) == [] and step.response.ephemeral


# --------------------------------------------------------------------------- Discord's limits


async def test_many_pieces_and_a_princess_with_30_moves_stay_within_discords_limits(world, service):
    """25 movable pieces: the first step becomes selects (25 options each) within 5 rows and
    25 components, every piece still offered; a Princess with 30 moves (jumps and sweeps) gets
    all 30 on selects."""
    w = world
    message = await lobby(w, None, ais=3)
    table = await start(w, service, message)
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    assert refusals(w.env) == [] and table.state.phase == "play"
    white = {f"{f}5": "white pawn" for f in "abcdefghijkl"} | {f"{f}3": "white pawn" for f in "abcdef"}
    white |= {f"{f}1": "white knight" for f in "abcdef"} | {"a2": "white king", "f8": "white princess"}
    set_position(table, white | {"f9": "red pawn", "f10": "black pawn", "f12": "red king", "l12": "black king",
                                 "l1": "yellow king"})
    moves = [m for a in service.legal_for(w.channel.id, as_player(w.alice)) if isinstance(m := _parse(a), Move)]
    origins = {m.origin for m in moves}
    assert len(origins) >= 25
    prompt = await fresh_prompt(w.alice, w)
    assert within_discord_limits(prompt)
    offered = options(prompt) | {label: (cid, None) for label, cid in labels(prompt).items()}
    assert {label.split(" ")[1] for label in offered if len(label.split(" ")) > 1} >= origins
    princess = [m for m in moves if m.origin == "f8"]
    assert len(princess) == 30
    custom_id, value = offered["Princess f8"]
    step = await w.alice.select(prompt, [value], custom_id=custom_id)
    assert refusals(w.env) == [] and within_discord_limits(step.response)
    assert set(options(step.response)) == {str(m) for m in princess}


# --------------------------------------------------------------------------- lobby and catalogue


async def test_a_duo_lobby_refuses_a_third_seat_human_or_ai_and_says_why(world, service):
    w = world
    message = await lobby(w, "duo", w.bob)
    full = i18n.gettext("error.table_full", max=2)
    joined = await w.carol.click(message, label=i18n.gettext("cogs.button.join"))
    assert [f.content for f in joined.followups] == [full]
    added = await w.alice.click(message, label=i18n.gettext("cogs.button.ai"))
    assert [f.content for f in added.followups] == [full]
    assert len(service.table(w.channel.id).seats) == 2
    # the lobby counts Duo's seats, not Quattro's
    status = "\n".join((await service.status(w.channel.id)).text("en"))
    assert "2/2" in status and i18n.gettext("table.lobby_hint_exact", n=2) in status and "/4" not in status
    await start(w, service, message)


async def test_a_trio_lobby_of_two_cannot_start_and_says_why(world, service):
    w = world
    message = await lobby(w, "trio", w.bob)
    result = await w.alice.click(message, label=i18n.gettext("cogs.button.start"))
    assert service.table(w.channel.id).status == "lobby"
    said = i18n.gettext("error.variant_seats", variant=i18n.gettext("judtho.variant.trio"), n=2, seats="3")
    assert [f.content for f in result.followups] == [said]
    assert "Trio" in said and "trio" not in said


def test_new_offers_every_variant_by_its_name_in_both_languages():
    from cogs.games import sub_command
    from rules import registry

    plugin = registry.plugin(GAME_KEY)
    command = sub_command(None, plugin, plugin.commands.get("new"))  # type: ignore[arg-type]
    variant = next(p for p in command.parameters if p.name == "variant")
    assert [c.value for c in variant.choices] == list(GAME.info.variants)
    for choice in variant.choices:
        for lang in ("en", "zh-TW"):
            key = f"judtho.variant.{choice.value}"
            assert i18n.has(key, lang), key
            assert i18n.gettext(key, lang) != choice.value
        assert choice.name == i18n.gettext(f"judtho.variant.{choice.value}")


def test_cog_words_exist_in_both_languages():
    for key in ("judtho.ui.distant", "judtho.ui.all", "judtho.event.suggestion_sent", "error.judtho_which_move"):
        assert i18n.has(key, "en") and i18n.has(key, "zh-TW"), key


def _parse(text: str):
    try:
        return parse(text)
    except Exception:
        return None


assert GAME_KEY == "judtho"
