"""Ruling 24 at the local console (the words Discord shows too: the same `error.*` messages): a
Sector two steps away typed alone is answered with the paths there, typing the Sector the Judge
stands in says so, and any listed path is then accepted and recorded as typed."""

from __future__ import annotations

import io
from pathlib import Path

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import TableService
from rules.judge_dredd.movement import move_paths


async def test_ruling_24_the_console_answers_a_distant_sector_with_its_paths(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judge_dredd", seats=2, ai=0, seed="1", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judge_dredd": None}), options, out)
    await console.setup()
    table = console.service.table(CHANNEL)
    for _ in range(80):  # set-up and windows until a Judge's Move is awaited
        seat = table.humans_to_act()[0]
        legal = console.service.legal_for(CHANNEL, console.players[seat])
        if any(a.startswith("move ") for a in legal):
            break
        action = "pass" if "pass" in legal else legal[0]
        await console.command(action if seat == 0 else f"@{console.players[seat].name.lower()} {action}")
    prefix = "" if seat == 0 else f"@{console.players[seat].name.lower()} "
    state = table.state
    ways = move_paths(state, seat)
    far, paths = next((d, p) for d, p in ways.items() if len(p[0]) == 2)
    here = state.judges[seat].at

    await console.run_lines([f"{prefix}move {far}", f"{prefix}move {here}"], script=False)  # refusals printed
    text = out.getvalue()
    far_name = i18n.gettext(f"judge_dredd.sector.{far}")
    assert f"{far_name} is not next to your Judge's Sector" in text
    assert all(f"move {'-'.join(p)}" in text for p in paths)
    assert f"already in {i18n.gettext(f'judge_dredd.sector.{here}')}" in text
    assert "are not next to each other" not in text
    assert state.judges[seat].at == here  # refusals changed nothing

    chosen = paths[-1]
    await console.command(f"{prefix}move {'-'.join(chosen)}")
    assert table.state.last_move is not None and table.state.last_move.path == [here, *chosen]
