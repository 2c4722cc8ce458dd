"""Board images carry the seats' names and speak the table's language, which the table keeps
(in its stored config) for its whole life, restarts included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gavel.tables import i18n
from gavel.tables.service import TableService
from gavel.tables.table import LANG_KEY, split_config, stored_config
from tests.tables import toy_game
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, make_service

TITLE = "board.dads_army.title"


class SpyRenderer(toy_game.Renderer):
    """A renderer that remembers the `names` and `text` it was given."""

    def render(self, view: dict[str, Any], *, highlight: Any = None, theme: Any = None,
               names: Any = None, text: Any = None, texts: Any = None) -> bytes:
        self.calls.append({"view": view, "names": names, "text": text, "texts": texts})
        return b"png"


def spy_service(db: str = ":memory:") -> tuple[TableService, SpyRenderer]:
    spy = SpyRenderer()
    return make_service(db, spy), spy


async def open_table(svc: TableService, *, lang: str | None = None, ai: int = 1) -> None:
    await svc.create(GUILD, CHANNEL, "toy", ALICE, seed="words", lang=lang)
    await svc.join(CHANNEL, BOB)
    for _ in range(ai):
        await svc.add_ai(CHANNEL, ALICE)


async def test_every_board_image_gets_the_seats_names_ai_seats_included() -> None:
    svc, spy = spy_service()
    await open_table(svc)
    await svc.start(CHANNEL, ALICE)
    assert spy.calls and spy.calls[-1]["names"] == {0: "alice", 1: "bob", 2: "AI 1"}
    table = svc.table(CHANNEL)
    mover = ALICE if table.humans_to_act() == [0] else BOB
    await svc.act(CHANNEL, mover, "roll")
    await svc.board(CHANNEL)  # the same view as the move's notice drew: those bytes (`Drawn`)
    assert len(spy.calls) >= 2
    assert all(call["names"] == {0: "alice", 1: "bob", 2: "AI 1"} for call in spy.calls)


async def test_board_words_are_in_the_tables_language() -> None:
    svc, spy = spy_service()
    await open_table(svc, lang="zh-TW")
    await svc.start(CHANNEL, ALICE)
    await svc.board(CHANNEL)
    await svc.me(CHANNEL, ALICE)  # a private image: the same language
    assert len(spy.calls) >= 2
    for call in spy.calls:
        assert call["text"](TITLE) == i18n.gettext(TITLE, "zh-TW") != i18n.gettext(TITLE, "en")


async def test_an_image_for_one_reader_is_in_their_language_and_every_image_gets_every_language() -> None:
    """`reads` tells the service the language a user reads: an image drawn for that user alone
    (`me`) speaks it, the channel's speaks the table's; every image also gets the words of every
    language (`texts`), for a board that draws two at once."""
    svc, spy = spy_service()
    await open_table(svc, lang="en")
    svc.reads(BOB.user_id, "zh-TW")
    assert svc.language_of(BOB.user_id, "en") == "zh-TW" and svc.language_of(ALICE.user_id, "en") == "en"
    await svc.start(CHANNEL, ALICE)
    await svc.board(CHANNEL)
    assert spy.calls[-1]["text"](TITLE) == i18n.gettext(TITLE, "en")
    await svc.me(CHANNEL, BOB)
    assert spy.calls[-1]["text"](TITLE) == i18n.gettext(TITLE, "zh-TW")
    for call in spy.calls:
        assert {lang: call["texts"][lang](TITLE) for lang in i18n.LANGUAGES} == {
            lang: i18n.gettext(TITLE, lang) for lang in i18n.LANGUAGES}


async def test_a_table_speaks_english_unless_told() -> None:
    svc, spy = spy_service()
    await open_table(svc)
    assert svc.table(CHANNEL).lang == "en"
    await svc.start(CHANNEL, ALICE)
    assert spy.calls[-1]["text"](TITLE) == i18n.gettext(TITLE, "en")


async def test_a_discord_locale_is_taken_as_our_language() -> None:
    svc, _ = spy_service()
    await svc.create(GUILD, CHANNEL, "toy", ALICE, lang="zh-TW")
    await svc.create(GUILD, CHANNEL + 1, "toy", ALICE, lang="fr")
    assert svc.table(CHANNEL).lang == "zh-TW" and svc.table(CHANNEL + 1).lang == "en"


async def test_the_tables_language_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    first, _ = spy_service(db)
    await open_table(first, lang="zh-TW")
    await first.start(CHANNEL, ALICE)
    table_id = first.table(CHANNEL).id
    first.store.close()

    second, spy = spy_service(db)
    assert await second.restore() == 1
    table = second.table(CHANNEL)
    assert table.lang == "zh-TW"
    assert LANG_KEY not in table.config  # the engine never sees it
    await second.board(CHANNEL)
    assert spy.calls[-1]["text"](TITLE) == i18n.gettext(TITLE, "zh-TW")
    assert second.replay(table_id).to_json() == table.state.to_json()
    assert json.loads(second.store.table_row(table_id)["config"])[LANG_KEY] == "zh-TW"


async def test_a_lobby_keeps_its_language_over_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    first, _ = spy_service(db)
    await open_table(first, lang="zh-TW")
    first.store.close()
    second, _ = spy_service(db)
    await second.restore()
    assert second.table(CHANNEL).lang == "zh-TW"


def test_stored_config_round_trips_and_old_rows_are_english() -> None:
    assert split_config(stored_config({"ready": True}, "zh-TW")) == ({"ready": True}, "zh-TW")
    assert split_config({"ready": True}) == ({"ready": True}, "en")
    assert split_config(None) == ({}, "en")


async def test_renderers_without_names_or_text_still_draw() -> None:
    """The toy stand-in (and any renderer written before names and text) takes only
    `highlight` and `theme`: the service does not pass what it cannot take."""
    plain = toy_game.Renderer()
    svc = make_service(renderer=plain)
    await svc.create(GUILD, CHANNEL, "toy", ALICE, lang="zh-TW")
    await svc.join(CHANNEL, BOB)
    notices = await svc.start(CHANNEL, ALICE)
    assert notices[0].image is not None and plain.calls


async def test_a_dads_army_board_is_drawn_with_the_players_names_in_the_tables_language() -> None:
    from renderer import dads_army

    svc = TableService(":memory:")  # the real renderer
    await svc.create(GUILD, CHANNEL, "dads_army", ALICE, seed="1", lang="zh-TW")
    await svc.add_ai(CHANNEL, ALICE)
    notices = await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    view = table.game.view(table.state, None)
    prompt = notices[0].prompt
    highlight = dads_army.highlights(view, prompt.actions) if prompt else None
    expected = dads_army.render(view, highlight=highlight, names={0: "alice", 1: "AI 1"},
                                text=lambda key: i18n.gettext(key, "zh-TW"))
    assert notices[0].image == expected
    assert notices[0].image != dads_army.render(view, highlight=highlight)


async def test_a_board_asked_for_again_unchanged_is_the_picture_already_drawn() -> None:
    """Same view, highlights, names and language: the bytes already made, not a new drawing; a
    move changes the view, and the board is drawn again; another reader's language too."""
    svc, spy = spy_service()
    await open_table(svc, lang="en")
    await svc.start(CHANNEL, ALICE)
    drawn = len(spy.calls)
    first = await svc.board(CHANNEL)
    again = await svc.board(CHANNEL)
    assert first.image == again.image == b"png"
    assert len(spy.calls) == drawn  # the start's notice drew this very board
    table = svc.table(CHANNEL)
    await svc.act(CHANNEL, ALICE if table.humans_to_act() == [0] else BOB, "roll")
    assert len(spy.calls) > drawn
    after_move = len(spy.calls)
    await svc.board(CHANNEL)
    assert len(spy.calls) == after_move
    svc.reads(BOB.user_id, "zh-TW")
    await svc.me(CHANNEL, BOB)  # a board for one reader, in their language: drawn for them
    assert len(spy.calls) == after_move + 1
    assert spy.calls[-1]["text"](TITLE) == i18n.gettext(TITLE, "zh-TW")
