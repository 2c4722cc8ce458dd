"""After the game through the service (`TableService.insight`, `TableService.luck`, `/table luck`
in local play): refused before the end, worked out once and kept, drawn in the reader's language."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables import insight as service_insight
from gavel.tables.ai import PooledSeats
from gavel.tables.service import TableService
from rules.core import IllegalAction
from rules.insight import Budget
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, make_service
from tests.tables.test_standings import TOY_GAME, play_out, run_script

SMALL = Budget(actions=300, steps=4, playouts=2)
PNG = b"\x89PNG\r\n\x1a\n"


async def finished(key: str = "dads_army", seats: int = 4, thinking: Any = None) -> tuple[TableService, int]:
    svc, table_id = await play_out(key, seats, [ALICE], seed="insight")
    if thinking is not None:
        svc.ai_turns.thinking = thinking
    svc.insights.budget = SMALL
    return svc, table_id


async def refused(svc: TableService, table_id: int | None = None, guild: int = GUILD) -> str:
    with pytest.raises(IllegalAction) as caught:
        await svc.luck(guild, CHANNEL, table_id)
    return str(caught.value.code)


@pytest.mark.parametrize("key", ["dads_army", "judge_dredd"])
async def test_nothing_is_shown_before_the_end(key: str) -> None:
    svc = TableService(":memory:", renderers={key: None}, outbox=False, clocks=False)
    assert await refused(svc) == "no_table"
    await svc.create(GUILD, CHANNEL, key, ALICE, seed="s")
    await svc.join(CHANNEL, BOB)
    table = svc.table(CHANNEL)
    assert table is not None
    assert await refused(svc) == "insight_after_end" and await refused(svc, table.id) == "insight_after_end"
    await svc.start(CHANNEL, ALICE)
    for _ in range(5):  # a few moves in: hands dealt, dice thrown
        for player in (ALICE, BOB):
            legal = svc.legal_for(CHANNEL, player)
            if legal:
                await svc.act(CHANNEL, player, legal[0])
    assert table.status == "active" and table.version > 1
    assert await refused(svc) == "insight_after_end" and await refused(svc, table.id) == "insight_after_end"
    assert await svc.insight(table.id) is None  # the replay asks the same: nothing while it is played
    assert svc.store.insight(table.id) is None  # and nothing was worked out from its secrets
    await svc.cancel(CHANNEL, ALICE, can_manage=True)
    assert await refused(svc, table.id) == "insight_after_end"  # never finished: its secrets were never shown


async def test_a_finished_games_insight_is_worked_out_once_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    svc, table_id = await finished()
    runs: list[int] = []
    real = service_insight.compute

    def counted(*args: Any) -> str:
        runs.append(1)
        return real(*args)

    monkeypatch.setattr(service_insight, "compute", counted)
    first, second = await asyncio.gather(svc.insight(table_id), svc.insight(table_id, lang="zh-TW"))
    assert first is not None and second is not None and len(runs) == 1  # two asks at once: one work
    assert svc.store.insight(table_id) is not None
    again = await svc.luck(GUILD, CHANNEL, None)
    assert len(runs) == 1 and again.chances == first.chances and again.marks == first.marks  # read back
    rows = svc.store.actions(table_id)
    assert len(first.chances) == len(rows) + 1 and all(len(row) == 4 for row in first.chances)
    assert all(0.0 <= c <= 1.0 for row in first.chances for c in row)
    assert all(0 < m <= len(rows) for m in first.marks) and len(first.marks) <= 3
    winners = {r["seat"] for r in svc.store.results(table_id) if r["winner"]}
    assert first.chances[-1] == [1.0 if s in winners else 0.0 for s in range(4)]
    assert first.chart_png is not None and first.chart_png.startswith(PNG)
    assert first.luck_png is not None and first.luck_png.startswith(PNG)
    assert first.chart_png != second.chart_png  # drawn in each reader's language
    english, chinese = first.luck_text("en"), first.luck_text("zh-TW")
    assert english.startswith("Luck: ") and "alice rolled" in english and "average per throw" in english
    assert chinese.startswith("運氣：") and "擲骰" in chinese
    notice = first.notice()
    assert notice.table_id == table_id and notice.image == first.chart_png
    words = notice.text("en")
    assert words[0] == f"Game #{table_id}, Dad's Army: after the game" and words[-1] == english
    assert notice.described("zh-TW")  # the chart in words for screen readers


async def test_a_game_ended_by_resigning_ends_on_its_result() -> None:
    svc = TableService(":memory:", renderers={"judge_dredd": None}, outbox=False, clocks=False)
    svc.insights.budget = SMALL
    await svc.create(GUILD, CHANNEL, "judge_dredd", ALICE, seed="s")
    await svc.join(CHANNEL, BOB)
    await svc.start(CHANNEL, ALICE)
    for _ in range(3):
        for player in (ALICE, BOB):
            legal = svc.legal_for(CHANNEL, player)
            if legal:
                await svc.act(CHANNEL, player, legal[0])
    table = svc.table(CHANNEL)
    assert table is not None
    await svc.resign(CHANNEL, BOB)
    assert table.status == "finished" and table.game.outcome(table.state) is None  # the engine saw no end
    found = await svc.luck(GUILD, CHANNEL)
    assert found.chances[-1] == [1.0, 0.0] and len(found.chances) == len(svc.store.actions(table.id)) + 1


async def test_another_servers_game_is_not_shown() -> None:
    svc, table_id = await finished()
    assert await refused(svc, table_id, guild=GUILD + 1) == "no_such_game"
    assert await refused(svc, 10 ** 30) == "no_such_game"
    assert await svc.insight(table_id + 1) is None


async def test_judtho_has_no_luck_to_report() -> None:
    svc, table_id = await finished("judtho", 3)
    found = await svc.luck(GUILD, CHANNEL, table_id)
    assert found.luck_png is None and found.chances and found.chart_png is not None
    assert found.luck_text("en") == "Luck: Judtho leaves nothing to chance (no dice, no cards drawn), so there is" \
                                    " no luck to report."


async def test_the_playouts_run_in_the_ai_workers_when_the_bot_has_them() -> None:
    pool = PooledSeats(1)
    try:
        svc, table_id = await finished(thinking=pool)
        found = await svc.insight(table_id)
        inline, _ = await finished()
        assert found is not None and found.chances == (await inline.insight(table_id)).chances  # type: ignore[union-attr]
    finally:
        pool.close()


async def test_local_play_shows_luck_after_the_game(tmp_path: Path) -> None:
    svc = make_service(str(tmp_path / "local.sqlite3"))
    svc.insights.budget = SMALL
    text = await run_script(svc, tmp_path, ["!luck", *TOY_GAME, "luck", "/table luck game_id:1",
                                            "!/table luck game_id:2"])
    assert text.count("Game #1, Toy race: after the game") == 2
    assert "Game #1: chances chart written to" in text
    assert (tmp_path / "img" / "table1-chances.png").read_bytes().startswith(PNG)
    assert "This server has no finished game number 2." in text


def test_both_stores_keep_the_first_insight_of_a_game(bsvc: TableService) -> None:
    store = bsvc.store
    assert store.insight(7) is None
    assert store.keep_insight(7, '{"format": 1, "luck": []}') == '{"format": 1, "luck": []}'
    # a second process that worked it out at the same time keeps the first one's
    assert store.keep_insight(7, '{"format": 1, "luck": [[0]]}') == '{"format": 1, "luck": []}'
    assert store.insight(7) == '{"format": 1, "luck": []}' and store.insight(8) is None


async def test_the_replay_stars_the_turning_points_once_they_are_worked_out() -> None:
    """The first opening of a finished game's replay has no chances yet and, where the bot has
    AI workers, starts working them out there in the background (without workers it starts
    nothing: the chances come once asked for); the replay opened after shows the turning points
    starred (`marks`), each step's chances in words, the luck at the end and the chart at the
    first and last steps, in the table's language; a step's page carries them."""
    inline, _ = await finished()
    await inline.replay_game(GUILD, CHANNEL)
    assert not inline.insights._tasks
    pool = PooledSeats(1)
    try:
        svc, table_id = await finished(thinking=pool)
        first = await svc.replay_game(GUILD, CHANNEL, table_id)
        assert first.marks == () and first.extra == {} and first.pictures == {}
        assert svc.insights._tasks
        await asyncio.gather(*svc.insights._tasks)
    finally:
        pool.close()
    found = await svc.insight(table_id)
    assert found is not None and found.marks
    again = await svc.replay_game(GUILD, CHANNEL, table_id)
    assert again is not first and again.marks == found.marks
    assert set(again.extra) == set(range(again.last + 1))
    for step in again.extra:
        keys = [m.key for m in again.extra[step]]
        assert "insight.step_chances" in keys
        assert ("insight.turning_step" in keys) == (step in found.marks)
    assert again.extra[again.last][-1].key.startswith("insight.luck")
    assert [name for name, _ in again.pictures[0]] == [name for name, _ in again.pictures[again.last]]
    assert again.pictures[0] and all(png.startswith(PNG) for _, png in again.pictures[0])
    page = await svc.replay_page(again, found.marks[0])
    said = [m.key for m in page.notice.lines]
    assert "insight.turning_step" in said and "insight.step_chances" in said
    text = i18n.render(again.extra[0][-1], "zh-TW", again.seat_name)
    assert text.startswith("此刻的勝率：") and "%" in text
    assert not svc.insights._tasks  # nothing left running; a third opening starts nothing
    await svc.replay_game(GUILD, CHANNEL, table_id)
    assert not svc.insights._tasks
