"""Every picture Gavel posts carries its description (Discord's attachment description, what a
screen reader reads): the channel's board in the server's language and with no secret, a
player's hand and own board in that player's language, the rules picture, the leaderboard and a
finished game's board and record. On simcord, the real bot (stand-in pictures, the real words)."""

from __future__ import annotations

import pytest

import gavel.tables.lobby
from gavel.tables import i18n
from gavel.tables.images import ALT_MAX, parts_description
from gavel.tables.service import TableService
from tests.cogs import toy
from tests.cogs.conftest import fake_render, public_answer, refusals
from tests.cogs.test_judge_dredd_cog import KEY as DREDD
from tests.cogs.test_judge_dredd_cog import hand_words, open_game, place_all, quiet, render_hand
from tests.cogs.test_standings_commands import bob_resigns
from tests.tables.toy_game import fake_renderer


@pytest.fixture
def service(db_path) -> TableService:
    """The toy game and Judge Dredd, both drawn by stand-ins (the words are the real ones)."""
    return TableService(db_path, renderers={toy.KEY: fake_renderer(fake_render),
                                            DREDD: fake_renderer(fake_render, render_hand, labels=DREDD)},
                        ais={toy.KEY: toy.ai_first, DREDD: quiet})


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


def described(message) -> list[str]:
    """The descriptions of a message's attachments ("" for none)."""
    return [a.description or "" for a in message.attachments]


def pictures(messages) -> list[str]:
    """The descriptions of every attachment among `messages`."""
    return [d for m in messages for d in described(m)]


async def test_alt_the_channels_boards_say_the_position_in_english_and_no_hand(world, service, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    table = await open_game(w, service)
    await place_all(w, service, table)
    boards = pictures(w.channel.history())
    assert boards and all(boards), boards  # every board posted has its words
    title = i18n.gettext("judge_dredd.alt.board", "en")
    assert all(d.startswith(title) and len(d) <= ALT_MAX for d in boards)
    last = boards[-1]
    for judge in table.state.judges:  # each Judge's Sector, by name
        assert i18n.gettext(f"judge_dredd.sector.{judge.at}", "en") in last
    body = " ".join(d.removeprefix(title) for d in boards)  # "Judge Dredd map": also a card's name
    assert not [word for word in hand_words(table) if word in body and word != "Judge Dredd"]
    assert refusals(w.env) == []


async def test_alt_a_hand_is_described_to_its_player_in_their_language(world, service, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    table = await open_game(w, service)
    await place_all(w, service, table)
    for member, seat, lang in ((w.alice, 0, "en"), (w.bob, 1, "zh-TW")):
        [hand] = [m for m in member.user.dm_channel.history() if m.attachments][-1:]
        [words] = described(hand)
        assert hand.attachments[0].filename == "hand.png"
        assert words.startswith(i18n.gettext("table.alt.hand", lang, secrets=""))
        mine = table.state.judges[seat].hand
        assert all(i18n.gettext(f"judge_dredd.cardname.{card}", lang) in words for card in mine)
    asked = await w.bob.slash(w.channel, "dredd hand")  # on request, privately: the same words
    message = asked.followups[-1] if asked.followups else asked.response
    [words] = described(message)
    assert message.ephemeral and words.startswith(i18n.gettext("table.alt.hand", "zh-TW", secrets=""))
    own = await w.alice.slash(w.channel, "table board")  # a seat's own board: its own hand, named
    message = own.followups[-1] if own.followups else own.response
    [board] = described(message)
    assert board.startswith(i18n.gettext("judge_dredd.alt.board", "en"))
    assert i18n.gettext("judge_dredd.alt.hand", "en", cards="").rstrip(".") in board
    assert refusals(w.env) == []


async def test_alt_a_chinese_servers_board_is_described_in_chinese(simcord_env, service):
    env = simcord_env
    guild = env.create_guild("台北", preferred_locale="zh-TW")
    channel = guild.create_text_channel("遊戲")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "race new")
    lobby = channel.last_message
    await bob.click(lobby, label=i18n.gettext("cogs.button.join", "zh-TW"))
    await alice.click(lobby, label=i18n.gettext("cogs.button.start", "zh-TW"))
    boards = pictures(channel.history())
    game = "直線賽跑"  # the toy game's name in its GameInfo: it has no catalogue words
    assert boards and all(d.startswith(i18n.gettext("table.alt.board", "zh-TW", game=game)) for d in boards)
    assert all("alice、bob" in d for d in boards)


async def test_alt_the_rules_picture_is_described_in_the_readers_language(world, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    await w.alice.slash(w.channel, "dadsarmy new")
    for member, lang in ((w.alice, "en"), (w.bob, "zh-TW")):
        result = await member.slash(w.channel, "table rules")
        [words] = described(result.response)
        assert words == parts_description("dads_army", lang) and words
        assert words.startswith(i18n.gettext("dads_army.parts.title", lang))


async def test_alt_the_leaderboard_and_a_finished_game_are_described(world, service):
    w = world
    table_id = await bob_resigns(w, service)
    result = public_answer(await w.carol.slash(w.channel, "table leaderboard"))
    [words] = described(result)
    assert words.startswith(result.embeds[0].title) and "alice" in words and "bob" in words
    one = await w.carol.slash(w.channel, "table history", game_id=table_id)
    record, board = described(public_answer(one))
    assert record == i18n.gettext("cogs.alt.record", file=f"{toy.KEY}-table{table_id}.txt",
                                  n=service.export_row(service.store.table_row(table_id)).moves)
    game = "Line race"
    assert board.startswith(i18n.gettext("table.alt.board", game=game)) and "alice, bob" in board
    exported = await w.alice.slash(w.channel, "table log", export=True)
    assert all(described(public_answer(exported)))
    assert refusals(w.env) == []


async def test_alt_a_board_sent_again_by_the_outbox_keeps_its_words(world, service):
    from tests.cogs.test_flow import started
    from tests.cogs.test_outbox import SERVER_ERROR, later, waiting

    w = world
    _table, prompt = await started(w, service)
    w.env.inject_error("*", f"/channels/{w.channel.id}/messages*", **SERVER_ERROR, times=1)
    await w.alice.click(prompt, label="Roll")  # refused by Discord: it waits in the outbox
    assert len(waiting(service)) == 1
    await later(w, service, 6)
    assert waiting(service) == []
    [words] = described(w.channel.last_message)  # sent again (an edit of the turn's message), words and all
    assert words.startswith(i18n.gettext("table.alt.board", game="Line race"))
