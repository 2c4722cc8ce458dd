"""Void by agreement on Discord (J24, section 7, E7): `/judtho draw answer:void`, the turn menu's
"Void game offer" button, and the answer buttons of a void proposal named as such."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from gavel.tables.service import TableService
from tests.cogs import toy
from tests.cogs.conftest import buttons, confirmed, fake_render, refusals
from tests.tables.toy_game import fake_renderer

GAME_KEY = "judtho"


@pytest.fixture
def service(db_path) -> TableService:
    """The real engine; the AI seats play their first legal action (they accept a proposal)."""
    return TableService(db_path, renderers={GAME_KEY: fake_renderer(fake_render)},
                        ais={GAME_KEY: toy.ai_first})


async def to_play(w, service):
    await w.alice.slash(w.channel, "judtho new")
    lobby = w.channel.last_message
    for _ in range(3):
        await w.alice.click(lobby, label=i18n.gettext("cogs.button.ai"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    table = service.table(w.channel.id)
    assert table.state.phase == "play" and table.humans_to_act() == [0]
    return table


async def test_j24_judtho_draw_answer_void_proposes_a_void_game_the_others_agree(world, service):
    w = world
    table = await to_play(w, service)
    await confirmed(w.alice, w.channel, "judtho draw", answer="void")
    assert refusals(w.env) == []
    assert table.status == "finished" and table.game.outcome(table.state).reason == "void"
    assert service.store.actions(table.id)[-4]["action"] == "void offer"
    said = "\n".join(m.content for m in w.channel.history())
    assert i18n.gettext("judtho.end.void") in said


async def test_j24_the_turn_menu_offers_a_void_game(world, service):
    w = world
    table = await to_play(w, service)
    label = f"{i18n.gettext('judtho.verb.void')} {i18n.gettext('judtho.verb.offer')}"
    prompt = w.channel.last_message
    assert any(b["label"] == label for b in buttons(prompt))
    sure = await w.alice.click(prompt, label=label)  # "Are you sure?" first: Cancel plays nothing
    before = table.version
    await w.alice.click(sure.response, label=i18n.gettext("cogs.button.cancel"))
    assert table.version == before and table.game.outcome(table.state) is None
    sure = await w.alice.click(prompt, label=label)
    await w.alice.click(sure.response, label=i18n.gettext("cogs.button.confirm"))
    assert refusals(w.env) == []
    assert table.game.outcome(table.state).reason == "void"


