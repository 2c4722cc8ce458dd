"""4.7, J10 on the turn menu: a Knight's distant capture is "All" plus one multi-select of its
targets (never up to 255 sets, one per button), through the generic `Words.combined` hook;
stale and forged picks are refused. Also the first step's single-move label (`Rook a1 → a2`)
and the one mapping of typed moves the cog shares with the console (`rules.judtho.commands`)."""

from __future__ import annotations

import pytest

from cogs import components
from gavel.tables import i18n
from gavel.tables.service import TableService
from rules.core import IllegalAction
from rules.judtho import commands as judtho_commands
from rules.judtho.words import WORDS
from tests.cogs.conftest import refusals
from tests.cogs.test_judtho_play import (
    components_of,
    fresh_prompt,
    history_text,
    labels,
    lobby,
    set_position,
    start,
    within_discord_limits,
)

KNIGHT = {"a1": "white king", "c3": "white knight", "f12": "red king", "b5": "red pawn", "d5": "red rook",
          "e4": "red bishop", "a12": "red pawn"}
TARGETS = ["Nc3x{b5}", "Nc3x{d5}", "Nc3x{e4}", "Nc3x{b5,d5}", "Nc3x{b5,e4}", "Nc3x{d5,e4}", "Nc3x{b5,d5,e4}"]


@pytest.fixture
def service(db_path) -> TableService:
    """The real Judtho renderer and AI (the service's own defaults)."""
    return TableService(db_path)


async def knight_position(w, service):
    """A Duo game after a real Assembly, the board replaced by `KNIGHT`; Alice (White) to move."""
    table = await start(w, service, await lobby(w, "duo", w.bob))
    await w.alice.slash(w.channel, "judtho place", piece="rest")
    await w.bob.slash(w.channel, "judtho place", piece="rest")
    set_position(table, KNIGHT)
    return table


async def distant_step(w, prompt):
    """Knight c3, then "Distant capture": the private step with the targets."""
    step = await w.alice.click(prompt, custom_id=labels(prompt)["Knight c3"])
    return await w.alice.click(step.response, custom_id=labels(step.response)[i18n.gettext("judtho.ui.distant")])


def the_select(message):
    (select,) = [c for c in components_of(message) if c.type.value == 3]
    return select


async def test_4_7_the_channel_menus_distant_capture_is_all_and_one_multi_select(world, service):
    w = world
    table = await knight_position(w, service)
    step = await distant_step(w, await fresh_prompt(w.alice, w))
    assert refusals(w.env) == [] and step.response.ephemeral and within_discord_limits(step.response)
    assert list(labels(step.response)) == [i18n.gettext("judtho.ui.all", text="Nc3x{b5,d5,e4}")]
    select = the_select(step.response)
    assert select.custom_id.startswith(f"gv:m:{table.id}:{table.version}:")
    assert [(o.value, o.label) for o in select.options] == [("b5", "Pawn b5"), ("d5", "Rook d5"), ("e4", "Bishop e4")]
    assert (select.min_values, select.max_values) == (1, 3)
    assert select.placeholder == i18n.gettext("judtho.ui.targets")
    before = table.version
    await w.alice.select(step.response, ["e4", "b5"], custom_id=select.custom_id)
    assert refusals(w.env) == [] and table.version > before
    assert "Nc3x{b5,e4}" in history_text(w)
    assert not {"b5", "e4"} & set(table.state.pieces) and {"c3", "d5"} <= set(table.state.pieces)


async def test_4_7_a_stale_multi_select_is_refused_and_changes_nothing(world, service):
    """Two copies of the step; one plays a single target, the other (made for that version) is refused."""
    w = world
    table = await knight_position(w, service)
    prompt = await fresh_prompt(w.alice, w)
    first, spare = await distant_step(w, prompt), await distant_step(w, prompt)
    await w.alice.select(first.response, ["d5"], custom_id=the_select(first.response).custom_id)
    assert refusals(w.env) == [] and "d5" not in table.state.pieces
    before = table.version
    stale = await w.alice.select(spare.response, ["b5", "e4"], custom_id=the_select(spare.response).custom_id)
    assert stale.response.content.startswith(i18n.gettext("error.stale_button"))
    assert table.version == before and {"b5", "e4"} <= set(table.state.pieces)


async def test_4_7_the_typed_route_offers_the_same_step(world, service):
    """`/judtho move from:c3 to:Nc3x{?}` answers with the turn menu's own step."""
    w = world
    table = await knight_position(w, service)
    menu = await w.alice.slash(w.channel, "judtho move", **{"from": "c3", "to": "Nc3x{?}"})
    assert refusals(w.env) == [] and menu.ephemeral
    select = the_select(menu.response)
    assert select.custom_id.startswith(f"gv:m:{table.id}:{table.version}:") and select.max_values == 3
    await w.alice.click(menu.response, custom_id=labels(menu.response)[i18n.gettext("judtho.ui.all",
                                                                                     text="Nc3x{b5,d5,e4}")])
    assert refusals(w.env) == [] and not {"b5", "d5", "e4"} & set(table.state.pieces)


def test_4_7_every_subset_of_eight_targets_is_one_select_not_255_buttons():
    squares = ["b2", "b4", "c1", "c5", "e1", "e5", "f2", "f4"]
    everything = [f"Nd3x{{{','.join(sq for i, sq in enumerate(squares) if mask >> i & 1)}}}" for mask in range(1, 256)]
    items = components.menu_items(table_id=1, version=5, legal=[*everything, "Nd3xb2"], prefix=("Nd3", "x{"),
                                  words=WORDS, lang="en", squares={})
    button, select = items
    assert button.item.label == i18n.gettext("judtho.ui.all", text=everything[-1])  # from the actions offered
    assert isinstance(select, components.ActionMultiSelect) and select.item.max_values == 8


def test_10_typed_moves_have_one_mapping_shared_with_the_console():
    legal = ["Rd12xf12", "Rd12-d11", "e11-e12=Q", "e11-e12=R", "Nc3-b1", *TARGETS]
    assert judtho_commands.move_text(legal, "d12", "d12xf12") == "Rd12xf12"  # the piece letter left out
    assert judtho_commands.move_text(legal, "d12", "RD12XF12") == "Rd12xf12"
    assert judtho_commands.move_text(legal, "d12", "f12") == "Rd12xf12"
    with pytest.raises(IllegalAction) as refused:
        judtho_commands.move_text(legal, "e11", "e12", refusal="judtho_which_move")
    assert refused.value.code == "judtho_which_move" and refused.value.params["moves"] == "e11-e12=Q, e11-e12=R"
    text = i18n.gettext("error.judtho_which_move", **refused.value.params)
    assert "e11-e12=Q, e11-e12=R" in text and "{" not in text
    with pytest.raises(IllegalAction) as refused:  # the Knight's own square ends its 7 distant captures
        judtho_commands.move_text([*legal, "Nc3x{a1,b5}", "Nc3x{a1,d5}"], "c3", "c3")
    assert refused.value.params["moves"] == ", ".join([*TARGETS, "Nc3x{a1,b5}"]) + ", …"  # the first 8 of 9
