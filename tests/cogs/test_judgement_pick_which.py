"""c5 人物選擇: `/judgement pick` with no character (Discord: the command without its option;
console: `pick` alone or `/judgement pick`) asks which, naming the characters dealt to the player,
privately, instead of "I could not read that: pick" (as Judtho's `place` with a piece but no square
asks where). `rules.judgement.commands.pick_text` is the one reader both front-ends share."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import TableService
from rules.core import IllegalAction, Msg
from rules.judgement.commands import pick_options, pick_text
from tests.cogs.conftest import fake_render, refusals
from tests.cogs.test_judgement_cog import (  # noqa: F401  (seeded: the autouse fixture of that module)
    KEY,
    open_game,
    policy,
    render_hand,
    seeded,
    shown,
)
from tests.tables.toy_game import fake_renderer


@pytest.fixture
def service(db_path) -> TableService:
    return TableService(db_path, renderers={KEY: fake_renderer(fake_render, render_hand)},
                        ais={KEY: policy()})


@pytest.fixture
def world2(world) -> SimpleNamespace:
    world.humans = [world.alice, world.bob]
    return world

LEGAL = ["pick mercenary", "pick blood_count", "reveal"]


def test_c5_pick_with_a_character_is_that_pick_and_without_one_asks_which():
    assert pick_text("Mercenary ", LEGAL) == "pick mercenary"
    assert pick_options(LEGAL) == ["mercenary", "blood_count"]
    with pytest.raises(IllegalAction) as asked:
        pick_text(None, LEGAL)
    assert asked.value.code == "judgement_pick_which"
    for blank in ("", "  "):
        with pytest.raises(IllegalAction):
            pick_text(blank, LEGAL)
    en = i18n.render(_refusal(asked.value), "en")
    zh = i18n.render(_refusal(asked.value), "zh-TW")
    assert en == ("Which character? Dealt to you: Mercenary (mercenary), Blood Count (blood_count). "
                  "Name one, e.g. /judgement pick mercenary.")
    assert f"{i18n.gettext('judgement.char.mercenary', 'zh-TW')}（mercenary）、" in zh
    assert pick_text(None, ["roll"]) == "pick"  # not picking now: the game says why


def _refusal(exc: IllegalAction) -> Msg:
    return Msg(f"error.{exc.code}", exc.params)


@pytest.mark.parametrize("line", ["pick", "/judgement pick"])
async def test_c5_the_console_asks_which_character_naming_the_ones_dealt(tmp_path: Path, line: str) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judgement", seats=1, ai=3, seed="3", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judgement": None}), options, out)
    await console.setup()
    legal = console.service.legal_for(CHANNEL, console.players[0])
    dealt = pick_options(legal)
    assert dealt
    start = len(out.getvalue())
    await console.run_lines([line], script=False)
    said = out.getvalue()[start:]
    assert i18n.gettext("error.bad_action_text", text="pick") not in said
    for character in dealt:
        assert f"{i18n.gettext(f'judgement.char.{character}')} ({character})" in said
    await console.run_lines([f"/judgement pick {dealt[0]}"], script=False)
    assert console.service.table(CHANNEL).state.players[0].character == dealt[0]


async def test_c5_discord_pick_without_its_option_asks_which_privately(world2, service):
    w = world2
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    assert table.state.phase == "pick"
    seat = table.seat_of(w.bob.id)
    dealt = list(table.state.players[seat].options)
    asked = await w.bob.slash(w.channel, "judgement pick")
    assert refusals(w.env) == ["judgement_pick_which"]
    text = shown(asked).content
    assert shown(asked).ephemeral
    for character in dealt:
        assert i18n.gettext(f"judgement.char.{character}") in text
    assert table.state.players[seat].character is None
    await w.bob.slash(w.channel, "judgement pick", character=dealt[0])
    assert refusals(w.env) == [] and table.state.players[seat].character == dealt[0]


async def test_my_role_lists_what_you_may_do_with_the_readers_list_word(world2, service, locales):
    """`/judgement role`'s "you may" line names the actions joined in the reader's language (、)."""
    w = world2
    locales[w.bob.id] = "zh-TW"
    table = await open_game(w, service, [w.alice, w.bob], ai=2)
    seat = table.seat_of(w.bob.id)
    names = [i18n.gettext(f"judgement.char.{c}", "zh-TW") for c in table.state.players[seat].options]
    role = shown(await w.bob.slash(w.channel, "judgement role")).content
    line = next(x for x in role.splitlines() if x.startswith(i18n.gettext("table.me_to_act", "zh-TW", actions="")))
    assert len(names) > 1 and line.count("、") == len(names) - 1 and ", " not in line, line
    assert all(name in line for name in names)
