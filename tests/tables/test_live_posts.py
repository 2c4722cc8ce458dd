"""What the live message of a table rests on below the front-end: the change's notice says its
version and whether it tells a highlighted moment (and keeps both through the outbox), and both
stores keep each table's live message, never letting an older one take a newer one's place."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from gavel.tables.answers import highlighted
from gavel.tables.notices import LivePost, Public, from_record, to_record
from gavel.tables.stores import open_store
from rules import registry
from rules.core import Msg
from tests.tables.backends import Backend, backend  # noqa: F401  (the backends' fixture)


def test_a_changes_version_and_highlight_travel_through_the_outbox():
    notice = Public(3, [Msg("x")], version=12, highlight=True)
    again = from_record(to_record(notice))
    assert isinstance(again, Public) and again.version == 12 and again.highlight
    plain = from_record(to_record(Public(3, [Msg("x")])))
    assert isinstance(plain, Public) and plain.version is None and not plain.highlight


def test_a_change_is_highlighted_by_the_events_its_game_declares():
    for key, kind in (("dads_army", "arrived"), ("judge_dredd", "arrested"), ("judgement", "died"),
                      ("judtho", "conquest")):
        game = registry.plugin(key).game
        assert kind in game.info.highlights
        table: Any = SimpleNamespace(game=game, game_key=key)
        assert highlighted(table, [Msg(f"{key}.event.moved"), Msg(f"{key}.event.{kind}", {"seat": 0})])
        assert not highlighted(table, [Msg(f"{key}.event.moved")])
        assert not highlighted(table, [Msg(f"{key}.{kind}")])


def test_both_stores_keep_a_tables_live_message_and_refuse_an_older_one(backend: Backend):  # noqa: F811
    store = open_store(backend.location())
    try:
        assert store.live_post(7) is None
        post = LivePost(7, 70, 700, 5, (0, 2), ("Alice rolls 4.", "名字"), 1000.5, buttons=True, sit=True)
        assert store.live_keep(post.to_row())
        assert LivePost.from_row(store.live_post(7)) == post
        newer = LivePost(7, 70, 701, 6, (1,), ("Bob moves.",), 1001.0, buttons=True)
        assert store.live_keep(newer.to_row())
        assert not store.live_keep(post.to_row())  # a delivery that ended late: the newer stays
        assert LivePost.from_row(store.live_post(7)) == newer
        assert store.live_post(8) is None
    finally:
        store.close()
