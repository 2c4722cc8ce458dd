"""`/judtho` on the real Judtho engine (registered here only, for these tests): a lobby with AI
seats, placing by command, moves by autocomplete and by the turn menu, draws, resigning, and a
stale click. The AI seats play a stand-in policy (the first legal action), fast and predictable;
the board is a stand-in PNG: these tests are about the Discord layer."""

from __future__ import annotations

import re

import discord
import pytest

import rules.core
from cogs import components
from gavel.tables import i18n
from gavel.tables.service import TableService
from rules.judtho.engine import GAME
from rules.judtho.notation import Move, parse
from rules.judtho.words import WORDS
from tests.cogs import toy
from tests.cogs.conftest import as_player, buttons, confirmed, fake_render, make_bot, refusals
from tests.tables.toy_game import fake_renderer

GAME_KEY = "judtho"


@pytest.fixture(autouse=True)
def registered():
    """The game is registered for these tests only (the lead registers it for good)."""
    before = rules.core._GAMES.get(GAME_KEY)
    rules.core.register(GAME)
    yield
    if before is None:
        rules.core._GAMES.pop(GAME_KEY, None)
    else:
        rules.core._GAMES[GAME_KEY] = before


@pytest.fixture
def service(db_path, registered) -> TableService:
    return TableService(db_path, renderers={toy.KEY: fake_renderer(fake_render),
                                            GAME_KEY: fake_renderer(fake_render)},
                        ais={toy.KEY: toy.ai_first, GAME_KEY: toy.ai_first})


@pytest.fixture
def simcord_bot(service):
    """The real bot (its Judtho group built from the plug-in's declaration, as every game's)."""
    return make_bot(service)


MISSING_ACCESS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


async def start_with_ais(w, service, ais: int = 3, variant: str | None = None):
    await w.alice.slash(w.channel, "judtho new", **({"variant": variant} if variant else {}))
    lobby = w.channel.last_message
    for _ in range(ais):
        await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert table.game_key == GAME_KEY and table.status == "active"
    return table


def _unlettered(label: str) -> str:
    """A button's label without the board's highlight letter ("O · Rook a1" -> "Rook a1")."""
    return re.sub(r"^[A-Z]{1,2} · ", "", label)


def legal(service, w) -> list[str]:
    return service.legal_for(w.channel.id, as_player(w.alice))


async def to_play(w, service):
    """Alice places the rest of her army; the AI seats finish the Assembly."""
    table = await start_with_ais(w, service)
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    assert refusals(w.env) == []
    assert table.state.phase == "play"
    assert any(isinstance(parse(a), Move) for a in legal(service, w) if a[0] not in "@dr")
    return table


async def test_new_with_three_ai_seats_starts_quattro_and_pings_the_player_to_place(world, service):
    w = world
    table = await start_with_ais(w, service)
    assert table.state.variant == "quattro" and table.state.phase == "assembly"
    assert w.alice.mention in w.channel.last_message.content
    assert any(a.startswith("@") for a in legal(service, w))
    assert refusals(w.env) == []


async def test_1_2_6_place_a_piece_by_command_with_autocomplete(world, service):
    w = world
    table = await start_with_ais(w, service)
    pieces = {c["value"]: c["name"] for c in await w.alice.autocomplete(w.channel, "judtho place", "piece", "")}
    assert pieces["queen"] == "Queen" and pieces["rest"] == i18n.gettext("judtho.verb.rest")
    assert set(pieces) - {"rest"} == {parse(a).piece for a in legal(service, w) if a.startswith("@") and a != "@rest"}
    squares = await w.alice.autocomplete(w.channel, "judtho place", "square", "", piece="queen")
    expected = [parse(a).square for a in legal(service, w) if a.startswith("@Q")]
    assert [c["value"] for c in squares] == expected[:25]
    before = table.version
    await w.alice.slash(w.channel, "judtho place", piece="queen", square=squares[0]["value"])
    assert refusals(w.env) == []
    assert table.version > before
    assert list(table.state.pieces[squares[0]["value"]]) == ["white", "queen"]


async def test_a_placement_outside_ones_kingdom_is_refused(world, service):
    w = world
    table = await start_with_ais(w, service)
    before = table.version
    await w.alice.slash(w.channel, "judtho place", piece="Q", square="e12")
    assert refusals(w.env) and table.version == before


async def test_j23_place_the_rest_for_me_ends_the_assembly_with_ai_seats(world, service):
    w = world
    await to_play(w, service)


async def test_2_1_move_autocomplete_narrows_to_by_from_and_plays_it(world, service):
    w = world
    table = await to_play(w, service)
    moves = [parse(a) for a in legal(service, w) if isinstance(_parse(a), Move)]
    origins = await w.alice.autocomplete(w.channel, "judtho move", "from", "")
    assert {c["value"] for c in origins} <= {m.origin for m in moves}
    assert all(c["name"].split()[0] == i18n.gettext(f"judtho.piece.{_piece(moves, c['value'])}")
               for c in origins)
    origin = origins[0]["value"]
    tos = await w.alice.autocomplete(w.channel, "judtho move", "to", "", **{"from": origin})
    expected = [str(m) for m in moves if m.origin == origin]
    assert [c["value"] for c in tos] == expected[:25] and tos
    before = table.version
    await w.alice.slash(w.channel, "judtho move", **{"from": origin, "to": tos[0]["value"]})
    assert refusals(w.env) == []
    assert table.version > before
    assert any(tos[0]["value"] in m.content for m in w.channel.history())


async def test_move_by_squares_finds_the_one_legal_move(world, service):
    w = world
    table = await to_play(w, service)
    move = next(m for a in legal(service, w) if isinstance(m := _parse(a), Move) and not m.captures)
    before = table.version
    await w.alice.slash(w.channel, "judtho move", **{"from": move.origin, "to": move.to})
    assert refusals(w.env) == [] and table.version > before


async def test_two_step_menu_piece_then_destination_plays_a_move(world, service):
    """The turn prompt offers Alice's pieces that can move ("Knight b1"), then, privately, that
    piece's moves in notation; the second click plays the move."""
    w = world
    table = await to_play(w, service)
    prompt = w.channel.last_message
    assert w.alice.mention in prompt.content
    moves = [m for a in legal(service, w) if isinstance(m := _parse(a), Move)]
    pieces = {f"{i18n.gettext(f'judtho.piece.{m.piece}')} {m.origin}": m.origin for m in moves}
    labels = {_unlettered(b["label"]): b["label"] for b in buttons(prompt) if b["custom_id"].startswith("gv:a")}
    offered = list(labels)
    # a piece with one move offers it at once: "Bishop b1 Bb1-c2" (after the board's letter, "O · ")
    assert all(any(label.split(" ")[:2] == name.split(" ") for label in offered) for name in pieces)
    verbs = {f"{i18n.gettext('judtho.verb.draw')} {i18n.gettext('judtho.verb.offer')}",
             f"{i18n.gettext('judtho.verb.void')} {i18n.gettext('judtho.verb.offer')}",
             i18n.gettext("judtho.verb.resign")}
    assert all(label in verbs or " ".join(label.split(" ")[:2]) in pieces for label in offered)
    knight = next(label for label in offered if label in pieces and label.startswith("Knight"))
    step = await w.alice.click(prompt, label=labels[knight])
    assert step.response.ephemeral
    expected = sorted(str(m) for m in moves if m.origin == pieces[knight])
    second = {_unlettered(b["label"]): b["label"] for b in buttons(step.response) if b["custom_id"].startswith("gv:a")}
    assert sorted(second) == expected
    before = table.version
    await w.alice.click(step.response, label=second[expected[0]])
    assert table.version > before
    assert any(expected[0] in m.content for m in w.channel.history())
    assert refusals(w.env) == []


async def test_1_2_6_two_step_menu_piece_then_square_places_it(world, service):
    w = world
    table = await start_with_ais(w, service)
    prompt = w.channel.last_message
    offered = [b["label"] for b in buttons(prompt) if b["custom_id"].startswith("gv:a")]
    assert {"King", "Queen", "Prince", "Princess", "Pawn", i18n.gettext("judtho.verb.rest")} <= set(offered)
    step = await w.alice.click(prompt, label="Queen")
    choice = next(b for b in buttons(step.response) if b["custom_id"].startswith(("gv:a", "gv:s")))
    select = next(c for row in _rows(step.response) for c in row.children if c.custom_id == choice["custom_id"])
    assert all(_unlettered(o.label) == f"@Q{o.value}" for o in select.options)
    before = table.version
    await w.alice.select(step.response, [select.options[0].value], custom_id=choice["custom_id"])
    assert table.version > before
    assert list(table.state.pieces[select.options[0].value]) == ["white", "queen"]
    assert refusals(w.env) == []


async def test_a_stale_click_is_refused_and_changes_nothing(world, service):
    w = world
    table = await to_play(w, service)
    prompt = w.channel.last_message
    # Discord refuses to edit it (a lost permission): its buttons stay on screen, and go stale
    w.env.inject_error("PATCH", f"/channels/{w.channel.id}/messages/{prompt.id}", **MISSING_ACCESS, times=None)
    move = next(a for a in legal(service, w) if isinstance(_parse(a), Move))
    await w.alice.slash(w.channel, "judtho move", **{"from": _parse(move).origin, "to": move})
    before = table.version
    choice = next(b for b in buttons(prompt) if b["custom_id"] and b["custom_id"].startswith(("gv:a", "gv:s")))
    if choice["type"] == 3:
        select = next(c for row in _rows(prompt) for c in row.children if c.custom_id == choice["custom_id"])
        result = await w.alice.select(prompt, [select.options[0].value], custom_id=choice["custom_id"])
    else:
        result = await w.alice.click(prompt, custom_id=choice["custom_id"])
    assert result.ephemeral and result.response.content.startswith(i18n.gettext("error.stale_button"))
    assert table.version == before
    assert refusals(w.env) in ([], ["stale_button"])


async def test_j24_draw_offer_is_answered_by_the_ai_seats(world, service):
    """The stand-in AI accepts (its first legal action), so the draw is unanimous and the game ends."""
    w = world
    table = await to_play(w, service)
    await confirmed(w.alice, w.channel, "judtho draw", answer="offer")
    assert refusals(w.env) == []
    assert table.state.phase == "over" and table.status != "active"


async def test_j24_answering_a_draw_nobody_offered_is_refused(world, service):
    w = world
    table = await to_play(w, service)
    before = table.version
    await w.alice.slash(w.channel, "judtho draw", answer="accept")
    assert refusals(w.env) and table.version == before


async def test_j17_resign(world, service):
    w = world
    table = await to_play(w, service)
    before = table.version
    await confirmed(w.alice, w.channel, "judtho resign")
    assert refusals(w.env) == []
    assert table.version > before
    assert all(a != "resign" for a in legal(service, w))


async def test_someone_not_seated_is_offered_nothing(world, service):
    w = world
    await to_play(w, service)
    assert await w.bob.autocomplete(w.channel, "judtho move", "from", "") == []
    assert await w.bob.autocomplete(w.channel, "judtho place", "piece", "") == []


async def test_duo_variant_seats_two(world, service):
    w = world
    table = await start_with_ais(w, service, ais=1, variant="duo")
    assert table.state.variant == "duo" and table.variant == "duo"


async def test_trio_partner_suggests_one_move_privately(world, service):
    """Section 4 (E4): Alice plays White and Yellow; Bob (Red) and Carol (Black) are the
    Partnership. On Red's turn Carol may suggest one move, offered by autocomplete."""
    w = world
    await w.alice.slash(w.channel, "judtho new", variant="trio")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.carol.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    for member in (w.alice, w.bob, w.alice, w.carol):
        await member.slash(w.channel, "judtho place", piece="rest")
    assert refusals(w.env) == [] and table.state.phase == "play"
    first = next(a for a in service.legal_for(w.channel.id, as_player(w.alice)) if isinstance(_parse(a), Move))
    await w.alice.slash(w.channel, "judtho move", **{"from": _parse(first).origin, "to": first})
    assert await w.bob.autocomplete(w.channel, "judtho suggest", "move", "") == []
    offered = await w.carol.autocomplete(w.channel, "judtho suggest", "move", "")
    bobs = [a for a in service.legal_for(w.channel.id, as_player(w.bob)) if isinstance(_parse(a), Move)]
    assert offered and [c["value"] for c in offered] == bobs[:25]
    result = await w.carol.slash(w.channel, "judtho suggest", move=offered[0]["value"])
    assert result.ephemeral and refusals(w.env) == []
    assert table.state.suggested
    await w.carol.slash(w.channel, "judtho suggest", move=offered[0]["value"])
    assert refusals(w.env)  # one suggestion a turn


async def test_board_with_the_real_renderer_letters_the_chosen_pieces_moves(world, service, monkeypatch):
    """With Judtho's own renderer, `/judtho board` posts the image, lettering no square while
    several pieces can move (a letter would stand for different moves); choosing a piece in the
    menu brings the player's own board lettering that piece's moves alone, and the buttons of
    the step carry those letters (`A · Pawn a4 → a6`)."""
    service.images.overrides.pop(GAME_KEY)  # the renderer Judtho's plug-in names
    service.images.loaded.pop(GAME_KEY, None)  # (the stand-in, if the bot's start-up loaded it already)
    w = world
    await to_play(w, service)
    result = await w.alice.slash(w.channel, "judtho board")
    assert refusals(w.env) == []
    prompt = result.followups[-1] if result.followups else result.response
    assert [a.filename for a in prompt.attachments] == ["board.png"]
    first = [b["label"] for b in buttons(prompt) if b["custom_id"].startswith("gv:a")]
    assert not any(" · " in label for label in first)
    several = next(b["label"] for b in buttons(prompt) if b["custom_id"].startswith("gv:a") and "-" not in b["label"]
                   and b["label"].split(" ")[0] in ("Knight", "Pawn"))
    step = await w.alice.click(prompt, label=several)
    shown = step.followups[-1] if step.followups else step.response
    assert shown.ephemeral and [a.filename for a in shown.attachments] == ["board.png"]
    labels = [b["label"] for b in buttons(shown) if b["custom_id"].startswith("gv:a")]
    assert labels and all(re.fullmatch(r"[A-Z]+ · \S.*", label) for label in labels), labels
    assert sorted(label.split(" · ")[0] for label in labels) == [chr(65 + i) for i in range(len(labels))]


async def test_rules_summary_in_the_users_language(world, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    english = await w.alice.slash(w.channel, "judtho rules")
    chinese = await w.bob.slash(w.channel, "judtho rules")
    for result, lang in ((english, "en"), (chinese, "zh-TW")):
        messages = [result.response, *result.followups]
        assert all(m.ephemeral and len(m.content) <= 2000 for m in messages)
        assert "\n".join(m.content for m in messages) == i18n.gettext("judtho.rules", lang)


def test_the_menu_steps_a_notation_word_as_the_game_splits_it():
    """The menu's prefix tree reads Judtho's steps (`JudthoWords.steps`, tested with the words)."""
    for text in ("Nb1-c3", "e1-e2", "a12-a11", "@Qc2", "draw offer", "Sd4xd5xd7", "Nc3x{b5,e4}", "Nc3x{b5}"):
        steps = components.tokens(text, WORDS)
        assert components.tokens(" ".join(steps), WORDS) == steps, text
        assert components.resolve([text], steps, WORDS) == text
        assert components.decode_prefix(" ".join(steps), [text], WORDS) == steps


def _parse(text: str):
    try:
        return parse(text)
    except Exception:
        return None


def _piece(moves: list[Move], origin: str) -> str:
    return next(m.piece for m in moves if m.origin == origin)


def _rows(message):
    return (message if isinstance(message, discord.Message) else message.message).components


