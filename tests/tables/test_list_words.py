"""Lists of names in the service's lines are joined in the reader's language:
"Waiting for: alice, bob." in English, "等待中：alice、bob。" in Chinese,
and the same for the players at the start, whose time ran out and the winners (`i18n.Listed`,
the separator `cogs.list_sep`)."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.notices import Public
from gavel.tables.service import Player, TableService, _Out
from rules.core import Msg, Outcome, SeatName
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, EVE
from tests.tables.test_window_clock import open_window, window_service, window_table

SIX = (ALICE, BOB, CAROL, DAVE, EVE, Player(6, "frank"))


def test_a_list_renders_with_its_languages_separator():
    line = Msg("table.may_act", {"players": i18n.Listed.of(["alice", SeatName(1), Msg("judgement.identity.guard")])})
    assert i18n.render(line, "en", lambda s: "bob") == "Waiting for: alice, bob, Royal Guard."
    assert i18n.render(line, "zh-TW", lambda s: "bob") == "等待中：alice、bob、侍衛。"
    assert i18n.list_sep("en") == ", " and i18n.list_sep("zh-TW") == "、"


async def test_waiting_for_names_everyone_with_the_chinese_list_word():
    svc = window_service()
    await window_table(svc, *SIX)
    notices = await svc.act(CHANNEL, ALICE, "draw")
    [public] = [n for n in notices if isinstance(n, Public)]
    assert "等待中：alice、bob、carol、dave、eve、frank。" in public.text("zh-TW")
    assert "Waiting for: alice, bob, carol, dave, eve, frank." in public.text("en")
    status = await svc.status(CHANNEL)
    assert "等待中：alice、bob、carol、dave、eve、frank。" in status.text("zh-TW")


async def test_the_start_the_clock_and_the_winners_list_names_in_the_readers_language():
    svc = TableService(":memory:", renderers={"judge_dredd": None})
    await svc.create(1, CHANNEL, "judge_dredd", ALICE, seed="lists", lang="zh-TW")
    await svc.join(CHANNEL, BOB)
    await svc.join(CHANNEL, CAROL)
    started = await svc.start(CHANNEL, ALICE)
    said = [line for n in started if isinstance(n, Public) for line in n.text("zh-TW")]
    assert any("alice、bob、carol" in line for line in said), said
    assert any("alice, bob, carol" in line for n in started if isinstance(n, Public) for line in n.text("en"))


async def test_whose_time_ran_out_and_the_winners_are_listed_in_the_readers_language():
    svc = window_service()
    await window_table(svc, ALICE, BOB, CAROL, ai=1)
    await open_window(svc)
    await svc.act(CHANNEL, BOB, "pass")
    notices = await svc.expire(CHANNEL, svc.table(CHANNEL).version)
    assert notices[0].text("zh-TW")[0] == "alice、carol 的時間到了。"
    assert notices[0].text("en")[0] == "Time is up for alice, carol."
    table = svc.table(CHANNEL)
    out = _Out()
    await svc.play.finish(table, Outcome((0, 2), "test"), out)
    assert Public(None, out.public, names=table.names).text("zh-TW")[-1] == "遊戲結束。贏家：alice、carol！"
