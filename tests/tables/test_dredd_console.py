"""Local play of Judge Dredd: AI seats play a whole game; humans type plain actions and `@name`
answers for the other seats; hands print only to their seat; there is no clock."""

from __future__ import annotations

import io
from pathlib import Path

import rules  # noqa: F401  (registers every game)
from bot import local_args
from gavel.tables.console import CHANNEL, Console, LocalOptions, options_from_args, run
from gavel.tables.service import TableService


async def test_bot_local_plays_an_all_ai_game_of_judge_dredd_and_prints_the_winner() -> None:
    """`bot.py --local judge_dredd --seats 0 --ai 2`, read as bot.py reads it and run as it runs it
    (`gavel.cli.main`, in this process, on a service drawing no images): the game's own AI plays a
    whole game to a printed winner, the results have one, and the log replays to the final state.
    This is the whole all-AI Judge Dredd game through the service; `bot.py` itself is run as a
    process by the Dad's Army local-play tests. Two AI seats, the smallest table: the same path
    through the console and the service (every phase, windows, the end and the results) as four,
    in half the actions; larger all-AI games are the rules tests' (tests/rules/judge_dredd/test_ai.py)."""
    svc = TableService(":memory:", renderers={"judge_dredd": None})
    options = options_from_args(local_args(["--local", "judge_dredd", "--seats", "0", "--ai", "2", "--seed", "1"]))
    out = io.StringIO()
    assert await run(options, service=svc, out=out) == 0, out.getvalue()[-2000:]
    assert "Game over. Winner: AI " in out.getvalue()
    row = svc.store.last_row(CHANNEL)
    assert row["status"] == "finished"
    results = svc.store.results(row["id"])
    assert len(results) == 2 and sum(r["winner"] for r in results) == 1
    final = svc.get(row["id"])
    assert final.game.outcome(final.state) is not None
    assert svc.replay(row["id"]).to_json() == final.state.to_json()


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
