"""`/judtho new time:` (the shared time control is Judtho's move clock; J18: a timeout counts as
Departure) on the real bot: the option sets the table's clock, and a human who lets it run out
departs: the game ends, no AI takes the seat."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from gavel.tables.service import TableService
from tests.cogs import toy
from tests.cogs.conftest import fake_render, refusals
from tests.tables.toy_game import fake_renderer

GAME_KEY = "judtho"


@pytest.fixture
def service(db_path) -> TableService:
    """The real engine; the AI seats play their first legal action and the board is a stand-in
    (these tests are about the clock)."""
    return TableService(db_path, renderers={GAME_KEY: fake_renderer(fake_render)},
                        ais={GAME_KEY: toy.ai_first})


async def open_judtho(w, **options):
    await w.alice.slash(w.channel, "judtho new", **options)
    return w.channel.last_message


async def test_judtho_new_time_is_the_move_clock_and_no_clock_by_default(world, service):
    w = world
    lobby = await open_judtho(w, time="daily")
    table = service.table(w.channel.id)
    assert table.time == 86400 and table.timeout == 0
    assert i18n.gettext("judtho.time_control", control=i18n.gettext("table.time.daily")) in lobby.content
    await w.alice.slash(w.channel, "table cancel")
    lobby = await open_judtho(w)
    assert service.table(w.channel.id).time == 0
    assert i18n.gettext("judtho.time_control", control="{control}").split("{control}")[0] not in lobby.content
    assert refusals(w.env) == []


async def test_j18_the_clock_runs_out_on_a_human_who_departs_and_the_game_ends(world, service):
    w = world
    lobby = await open_judtho(w, time="live")
    for _ in range(3):
        await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert table.status == "active" and table.humans_to_act() == [0]  # alice (White) places first
    assert w.env.bot.clock.armed(w.channel.id)
    prompt = w.channel.last_message.content
    before, after = i18n.gettext("judtho.prompt.time", when="{when}").split("{when}")
    assert w.alice.mention in prompt and before in prompt and after in prompt and ":R>" in prompt
    version = table.version
    await w.env.advance_time(5 * 60 - 1)
    assert table.version == version and table.status == "active"
    await w.env.advance_time(2)
    assert table.status == "finished"
    outcome = table.game.outcome(table.state)
    assert outcome.reason == "timeout" and outcome.scores == {0: 0, 1: 8, 2: 8, 3: 8}
    assert service.store.actions(table.id)[-1]["action"] == "depart timeout"
    said = "\n".join(m.content for m in w.channel.history())
    assert i18n.gettext("table.time_up", players=table.seat_name(0)) in said
    assert i18n.gettext("table.away_twice", player=table.seat_name(0)) not in said  # J18: no AI takes over
    assert i18n.gettext("judtho.end.timeout") in said
    assert refusals(w.env) == []


async def test_without_a_clock_the_turn_prompt_names_no_time(world, service):
    w = world
    lobby = await open_judtho(w)
    for _ in range(3):
        await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    prompt = w.channel.last_message.content
    assert w.alice.mention in prompt and ":R>" not in prompt
    assert not w.env.bot.clock.armed(w.channel.id)
