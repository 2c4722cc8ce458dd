"""Local play of a windowed game: every seat answers the window by typing, and there is no clock."""

from __future__ import annotations

import io
from pathlib import Path

from gavel.tables.console import LocalOptions, run
from tests.tables.test_window_clock import window_service


async def play(tmp_path: Path, stdin: str, **options) -> tuple[int, str]:
    opts = LocalOptions(game="toy_window", images=str(tmp_path / "img"), seed="c", **options)
    out = io.StringIO()
    code = await run(opts, service=window_service(), stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue()


async def test_the_console_says_it_has_no_clock_and_windows_wait_for_every_seat(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "draw\n@bob pass\n/table status\n", seats=2, ai=0)
    assert code == 0
    assert "There is no clock here" in out
    assert "Waiting for: Alice, Bob." in out
    assert "[to Bob] Bob may: pass, play" in out  # the second prompt, privately
    assert "Alice, it is your turn." in out  # after Bob passed only Alice is left in the window


async def test_hands_are_printed_only_to_their_seat(tmp_path: Path) -> None:
    _, out = await play(tmp_path, "draw\n", seats=2, ai=0)
    hand_lines = [line for line in out.splitlines() if "toy_window.hand" in line]
    assert hand_lines and all(line.startswith(("[to Alice]", "[to Bob]")) for line in hand_lines)


async def test_an_all_ai_windowed_game_plays_to_the_end(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "", seats=0, ai=3)
    assert code == 0 and "Game over. Winner" in out
