"""Local play: `again` after the game is over starts the same set-up again (AI seats too)."""

from __future__ import annotations

import io
from pathlib import Path

from gavel.tables.console import LocalOptions, run
from tests.tables.conftest import make_service


async def play(tmp_path: Path, *, script: str | None = None, stdin: str = "", **options) -> tuple[int, str, object]:
    path = None
    if script is not None:
        path = tmp_path / "game.txt"
        path.write_text(script)
    out = io.StringIO()
    svc = make_service()
    opts = LocalOptions(game="toy", script=str(path) if path else None, images=str(tmp_path / "img"), **options)
    code = await run(opts, service=svc, stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue(), svc


async def test_again_in_a_script_plays_the_same_seats_with_the_ai(tmp_path: Path) -> None:
    code, out, svc = await play(tmp_path, script="!again\n/table leave\nagain\n/table status\n", ai=1)
    assert code == 0, out
    assert out.count("Refused") == 1  # `again` while the game is on is the game's to read (here: refused)
    assert "Play again: Alice opened a new table of" in out
    table = svc.table(1)  # type: ignore[attr-defined]
    assert table is not None and table.status == "active" and table.names == ("Alice", "AI 1")
    assert out.count("Seat 2: AI 1") >= 1


async def test_typed_again_after_the_end_seats_every_human_back(tmp_path: Path) -> None:
    code, out, svc = await play(tmp_path, stdin="/table leave\nagain\n@bob /table leave\nquit\n/table status\n",
                                seats=2)
    assert code == 0, out
    assert out.count("Type `again` to play the same set-up again") == 2
    assert "Play again: Alice opened a new table of" in out
    assert out.count("Bob sits down") == 2  # at the first game, then back at once
    assert "Seat 1" not in out.split("Play again")[1]  # `quit` ended it: the status line never ran
    rows = svc.store.user_results(2)  # type: ignore[attr-defined]
    assert len(rows) == 2  # two games played and recorded
