"""`/table log export:true`: the whole game as a file that local play replays (`gavel.tables.record`)."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.record import header_options
from tests.cogs.conftest import private_answer, public_answer, refusals
from tests.cogs.test_flow import started


async def test_table_log_export_posts_the_whole_game_as_a_file(world, service):
    w = world
    table, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    assert private_answer(await w.carol.slash(w.channel, "table log", export=True)) is not None  # a spectator
    message = public_answer(await w.bob.slash(w.channel, "table log", export=True))
    assert [a.filename for a in message.attachments] == [f"cogs_toy-table{table.id}.txt"]
    assert message.content == i18n.gettext("table.exported", game="cogs_toy", file=f"cogs_toy-table{table.id}.txt",
                                           n=1)
    text = service.export(w.channel.id).text
    assert header_options(text)[:2] == ["--local", "cogs_toy"] and text.splitlines()[-1] == "@alice roll"


async def test_export_without_any_game_here_is_refused_privately(world):
    w = world
    result = await w.alice.slash(w.channel, "table log", export=True)
    assert result.ephemeral and result.response.content == i18n.gettext("error.no_table")
    assert refusals(w.env) == ["no_table"]


async def test_plain_table_log_is_unchanged(world, service):
    w = world
    _table, prompt = await started(w, service)
    await w.alice.click(prompt, label="Roll")
    log = await w.bob.slash(w.channel, "table log")
    assert not log.ephemeral and "roll" in log.response.content and not log.response.attachments
