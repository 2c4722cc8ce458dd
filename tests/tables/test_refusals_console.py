"""Refusals as local play prints them, in English and in Traditional Chinese: each names the rule
and what is possible, with the players' own names (the table fills in the seats a game's refusal
names). The same `error.*` texts are what Discord's error handler shows."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import TableService
from rules.core import Msg

GENERIC = ("The rules do not allow that", "is not legal now", "規則不允許這樣做", "目前不合法")


async def console_for(tmp_path: Path, game: str, lang: str, **options: object) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    opts = LocalOptions(game=game, images=str(tmp_path / "img"), lang=lang, **options)  # type: ignore[arg-type]
    console = Console(TableService(":memory:", renderers={game: None}), opts, out)
    await console.setup()
    return console, out


def typed(console: Console, seat: int, text: str) -> str:
    """`text` as typed for `seat` (the first seat types plainly, the others after `@name`)."""
    return text if seat == 0 else f"@{console.players[seat].name.lower()} {text}"


async def refusals(console: Console, out: io.StringIO, lines: list[str]) -> list[str]:
    """The refusal lines `lines` print (their text after the "Refused:" label)."""
    start = len(out.getvalue())
    await console.run_lines(lines, script=False)
    label = i18n.gettext("console.refused", console.options.lang, error="")
    printed = [line.removeprefix(label) for line in out.getvalue()[start:].splitlines() if line.startswith(label)]
    assert not any(g in line for line in printed for g in GENERIC), printed
    assert not any(re.search(r"\{[a-z_]+\}", line) for line in printed), printed  # every placeholder filled
    return printed


def say(key: str, lang: str, **params: object) -> str:
    return i18n.render(Msg(key, dict(params)), lang)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
async def test_dads_army_another_players_man_and_an_unreachable_square(tmp_path: Path, lang: str) -> None:
    console, out = await console_for(tmp_path, "dads_army", lang, seats=4, ai=0, seed="1", dice=[1] * 4)
    table = console.service.table(CHANNEL)
    seat = table.humans_to_act()[0]
    await console.run_lines([typed(console, seat, "roll")], script=False)
    state = table.state
    other = (seat + 2) % 4
    theirs, mine = state.players[other].men[0], state.players[seat].men[0]
    legal = console.service.legal_for(CHANNEL, console.players[seat])
    reach = sorted((tuple(int(n) for n in text.split()[2].split(",")) for text in legal
                    if text.startswith(f"move {mine} ")), key=lambda sq: (sq[1], sq[0]))
    assert reach, legal
    far = next(f"{c},{r}" for c in (1, 6, 12) for r in (1, 6, 12) if (c, r) not in reach)
    printed = await refusals(console, out, [typed(console, seat, f"move {theirs} 6,6"),
                                            typed(console, seat, f"move {mine} {far}")])
    owner = console.players[other].name
    assert printed[0].startswith(say("error.dads_army_not_your_man", lang, man=Msg(f"dads_army.man.{theirs}"),
                                     owner=owner, men="").split(owner)[0] + owner)
    assert "; ".join(f"{c},{r}" for c, r in reach) in printed[1]
    assert i18n.render(Msg(f"dads_army.man.{mine}"), lang) in printed[1]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
async def test_judtho_the_prince_after_the_princess_and_a_rivals_kingdom(tmp_path: Path, lang: str) -> None:
    console, out = await console_for(tmp_path, "judtho", lang, seats=1, ai=3, seed="1")
    await console.run_lines(["@Sc2"], script=False)  # White chooses the Princess; the AI armies place
    printed = await refusals(console, out, ["@Pb2", "@Qg2"])
    prince, princess = (i18n.gettext(f"judtho.piece.{p}", lang) for p in ("prince", "princess"))
    assert printed[0] == i18n.gettext("error.judtho_choice_made", lang, chosen=princess, piece=prince)
    yellow = i18n.gettext("judtho.board.colour.yellow", lang)
    assert printed[1].startswith("g2") and yellow in printed[1] and "a1 b1" in printed[1]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
async def test_judge_dredd_a_step_into_the_judges_own_sector(tmp_path: Path, lang: str) -> None:
    console, out = await console_for(tmp_path, "judge_dredd", lang, seats=2, ai=0, seed="1")
    table = console.service.table(CHANNEL)
    for _ in range(80):  # set-up and windows until a Judge's Move is awaited
        seat = table.humans_to_act()[0]
        legal = console.service.legal_for(CHANNEL, console.players[seat])
        if any(a.startswith("move ") for a in legal):
            break
        await console.command(typed(console, seat, "pass" if "pass" in legal else legal[0]))
    here = table.state.judges[seat].at
    step = next(a for a in legal if a.startswith("move ") and "-" not in a).split()[1]
    printed = await refusals(console, out, [typed(console, seat, f"move {here}-{step}")])
    sector = i18n.gettext(f"judge_dredd.sector.{here}", lang)
    assert len(printed) == 1 and sector in printed[0]
    assert i18n.gettext(f"judge_dredd.sector.{step}", lang) in printed[0]  # among the Sectors next to it
    assert ("already in" if lang == "en" else "已經在") in printed[0]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
async def test_judgement_a_colour_not_at_the_table_names_the_players_seated(tmp_path: Path, lang: str) -> None:
    console, out = await console_for(tmp_path, "judgement", lang, seats=4, ai=0, seed="1")
    table = console.service.table(CHANNEL)
    seat = table.humans_to_act()[0]
    printed = await refusals(console, out, [typed(console, seat, "attack pink")])
    names = [p.name for p in console.players]
    seated = i18n.list_sep(lang).join(i18n.gettext("judgement.refusal.seat", lang, token=colour, player=name)
                                      for colour, name in zip(("red", "blue", "green", "yellow"), names, strict=True))
    assert printed == [i18n.gettext("error.judgement_no_such_player", lang, colour="pink", players=seated)]
