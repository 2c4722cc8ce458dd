"""Undo on simcord: the Undo button under a player's private "done" only when what they did may be
taken back, clicking it takes it back and tells the channel, a button of a position that is gone is
refused, and `/table undo` says why it refuses, in the player's language."""

from __future__ import annotations

from typing import Any

import pytest

import gavel.tables.lobby
from gavel.tables import i18n
from gavel.tables.service import TableService
from rules.core import UNDO
from tests.cogs.conftest import buttons, refusals


@pytest.fixture
def service(db_path) -> TableService:
    return TableService(db_path, renderers={"judtho": None, "dads_army": None})


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")


def said(result: Any) -> list[str]:
    """What a click or command answered, its follow-ups included."""
    response = getattr(result.response, "content", None)
    return [c for c in [response, *(f.content for f in result.followups)] if c]


def undo_buttons(result: Any) -> list[dict[str, Any]]:
    return [b for b in buttons(result.response) if (b["custom_id"] or "").startswith("gv:u:")]


async def duo(w, service):
    await w.alice.slash(w.channel, "judtho new", variant="duo")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label=i18n.gettext("cogs.button.join"))
    await w.alice.click(lobby, label=i18n.gettext("cogs.button.start"))
    table = service.table(w.channel.id)
    assert table.status == "active"
    return table


async def test_the_undo_button_shows_after_an_undoable_move_and_takes_it_back(world, service):
    w = world
    table = await duo(w, service)
    placed = await w.alice.slash(w.channel, "judtho place", piece="rest")
    assert refusals(w.env) == [] and placed.ephemeral
    (first_undo,) = undo_buttons(placed)
    assert first_undo["label"] == i18n.gettext("cogs.button.undo")
    await w.bob.slash(w.channel, "judtho place", piece="rest")
    assert table.state.phase == "play"
    # Bob has placed since: Alice's button is out of date
    stale = await w.alice.click(placed.response, custom_id=first_undo["custom_id"])
    assert i18n.gettext("error.undo_gone") in said(stale) and table.state.phase == "play"

    before, version = table.state.to_json(), table.version
    origin = (await w.alice.autocomplete(w.channel, "judtho move", "from", ""))[0]["value"]
    to = (await w.alice.autocomplete(w.channel, "judtho move", "to", "", **{"from": origin}))[0]["value"]
    moved = await w.alice.slash(w.channel, "judtho move", **{"from": origin, "to": to})
    assert refusals(w.env) == []
    assert table.version == version + 1
    (button,) = undo_buttons(moved)
    # Bob's Undo: nothing of his stands after Alice's move
    refused = await w.bob.slash(w.channel, "table undo")
    assert refusals(w.env) == ["undo_acted_since"]
    assert refused.ephemeral and refused.response.content == i18n.gettext("error.undo_acted_since",
                                                                            player="alice")
    # Alice clicks Undo: the position is back, the channel is told, and Alice is asked again
    seen = len(w.channel.history())
    clicked = await w.alice.click(moved.response, custom_id=button["custom_id"])
    assert refusals(w.env) == [] and not [t for t in said(clicked) if "out of date" in t]
    assert {k: v for k, v in table.state.to_json().items() if k != "version"} == \
        {k: v for k, v in before.items() if k != "version"}
    assert table.version == version + 2 and table.to_act() == [0]
    told = "\n".join(m.content for m in w.channel.history()[seen - 1:])  # the turn's message, edited, or a new one
    assert "alice took back" in told
    assert service.store.actions(table.id)[-1]["action"] == UNDO
    # her placement before it stands, but Bob has placed since: the command says so
    again = await w.alice.slash(w.channel, "table undo")
    assert refusals(w.env) == ["undo_acted_since"] and again.ephemeral
    assert again.response.content == i18n.gettext("error.undo_acted_since", player="bob")
    # a stranger has nothing here
    stranger = await w.carol.slash(w.channel, "table undo")
    assert refusals(w.env) == ["not_seated"] and stranger.ephemeral


async def test_no_undo_button_after_a_roll_and_the_refusal_in_chinese(world, service, locales):
    w = world
    await w.alice.slash(w.channel, "dadsarmy new")
    lobby = w.channel.last_message
    await w.bob.click(lobby, label="Join")
    await w.alice.click(lobby, label="Start")
    table = service.table(w.channel.id)
    first = {w.alice.id: w.alice, w.bob.id: w.bob}[table.seats[table.to_act()[0]].user_id]
    rolled = await first.slash(w.channel, "dadsarmy roll")
    assert refusals(w.env) == [] and rolled.ephemeral and undo_buttons(rolled) == []
    locales[first.id] = "zh-TW"
    refused = await first.slash(w.channel, "table undo")
    assert refusals(w.env) == ["undo_chance"]
    assert refused.response.content == i18n.gettext("error.undo_chance", "zh-TW")


async def test_a_click_on_the_public_menu_answers_the_clicker_alone_with_the_undo_button(world, service):
    w = world
    table = await duo(w, service)
    prompt = w.channel.last_message
    rest = next(b for b in buttons(prompt) if b["label"] and b["label"].endswith(i18n.gettext("judtho.verb.rest"))
                and (b["custom_id"] or "").startswith("gv:a:"))
    clicked = await w.alice.click(prompt, custom_id=rest["custom_id"])
    assert refusals(w.env) == [] and table.to_act() == [1]
    (private,) = [f for f in clicked.followups if f.ephemeral]
    (undo,) = [b for b in buttons(private) if (b["custom_id"] or "").startswith("gv:u:")]
    await w.alice.click(private, custom_id=undo["custom_id"])
    assert refusals(w.env) == [] and table.to_act() == [0] and table.state.phase == "assembly"
    assert "alice took back" in w.channel.history()[-1].content or \
        any("alice took back" in m.content for m in w.channel.history()[-3:])
