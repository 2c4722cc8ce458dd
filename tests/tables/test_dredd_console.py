"""Local play of Judge Dredd: AI seats play a whole game; humans type plain actions and `@name`
answers for the other seats; hands print only to their seat; there is no clock."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import rules  # noqa: F401  (registers every game)
from tables.console import CHANNEL, Console, LocalOptions
from tables.service import TableService

ROOT = Path(__file__).resolve().parents[2]


def test_bot_local_plays_an_all_ai_game_of_judge_dredd_and_prints_the_winner(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "bot.py", "--local", "judge_dredd", "--seats", "0", "--ai", "4", "--seed", "1",
         "--images", str(tmp_path / "img")],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, "GAVEL_DB": ":memory:"},
    )
    assert done.returncode == 0, done.stderr
    assert "Game over. Winner: AI " in done.stdout


async def test_humans_type_actions_and_answer_windows_for_each_other(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judge_dredd", seats=2, ai=1, seed="1", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judge_dredd": None}), options, out)
    await console.setup()
    typed: list[str] = []
    for _ in range(60):  # the set-up, then a few windows and Moves of the first turns
        table = console.service.table(CHANNEL)
        seat = table.humans_to_act()[0]
        player = console.players[seat]
        legal = console.service.legal_for(CHANNEL, player)
        action = "pass" if "pass" in legal else "stay" if "stay" in legal else legal[-1]
        line = action if seat == 0 else f"@{player.name.lower()} {action}"
        typed.append(line)
        await console.command(line)
    text = out.getvalue()
    assert "@bob pass" in typed and "pass" in typed and any(t.startswith(("place", "move", "stay")) for t in typed)
    assert "Alice passes." in text and "Bob passes." in text
    # The hand arrives privately, one line per card, and only to its seat.
    hand = [line for line in text.splitlines() if "Arrest —" in line or "Move —" in line]
    assert hand and all(line.startswith(("[to Alice]", "[to Bob]")) for line in hand)
