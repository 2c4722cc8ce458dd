"""The local 審判之城 example of docs/games/judgement.md plays as written (`--script` stops at the
first refusal)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot import local_args
from gavel.tables.console import CHANNEL, options_from_args, run
from gavel.tables.service import TableService

PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "judgement.md"


def docs_judgement_example() -> tuple[list[str], list[str]]:
    """The `bot.py` arguments and the typed lines of the game page's local example."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("\n## Play it locally\n")
    blocks = re.findall(r"```(\w*)\n(.*?)```", text[start:], flags=re.S)[:2]
    command = next(body for kind, body in blocks if kind == "bash").split()
    lines = next(body for kind, body in blocks if not kind).splitlines()
    return command[command.index("bot.py") + 1:], lines


async def test_the_docs_judgement_example_runs(tmp_path: Path) -> None:
    args, lines = docs_judgement_example()
    assert args[:2] == ["--local", "judgement"] and "--seed" in args
    assert lines[0].startswith("pick ") and "/judgement attack blue" in lines
    script = tmp_path / "example.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    svc = TableService(":memory:", renderers={"judgement": None})
    options = options_from_args(local_args([*args, "--script", str(script), "--images", str(tmp_path)]))
    out = io.StringIO()
    assert await run(options, service=svc, out=out) == 0, out.getvalue()[-1500:]
    row = svc.store.last_row(CHANNEL)
    played = [a["action"] for a in svc.store.actions(row["id"])]
    assert "attack blue" in played and "draw holy" in played
