"""Every ruling code the code cites is written in the repository: a code (J18, R7, D29, c30, ...)
found in a game's rules, renderer, cog or catalogue comments appears in `docs/rulings/<game>.md`,
either by itself or inside a range that document names (`o1–o12`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = {"dads_army": "DRV", "judge_dredd": "RE", "judtho": "JET", "judgement": "PQNceko"}
"""The letters each game's rulings use (its rulings file's headings say which)."""
WORD = r"(?<![\w.\-#/])({letters}\d{{1,2}}[a-z]?)(?![\w(\[])"


def written(game: str) -> set[str]:
    text = (ROOT / "docs" / "rulings" / f"{game}.md").read_text(encoding="utf-8")
    codes = set(re.findall(r"(?<![\w.])([A-Za-z]\d{1,2}[a-z]?)(?!\w)", text))
    for letter, low, high in re.findall(r"\b([A-Za-z])(\d+)[–-][A-Za-z]?(\d+)\b", text):
        codes |= {f"{letter}{n}" for n in range(int(low), int(high) + 1)}
    return codes


def cited(game: str) -> dict[str, set[str]]:
    globs = (f"rules/{game}/**/*.py", f"renderer/{game}*.py", f"renderer/{game}/**/*.py", f"cogs/{game}.py",
             f"data/locale/en/LC_MESSAGES/{game}*.po")
    files = [path for glob in globs for path in ROOT.glob(glob)]
    pattern = re.compile(WORD.format(letters=f"[{PREFIXES[game]}]"))
    out: dict[str, set[str]] = {}
    for path in files:
        for code in pattern.findall(path.read_text(encoding="utf-8")):
            out.setdefault(code, set()).add(str(path.relative_to(ROOT)))
    return out


@pytest.mark.parametrize("game", sorted(PREFIXES))
def test_every_cited_ruling_is_written_in_the_repository(game: str) -> None:
    codes = cited(game)
    assert len(codes) >= 5, f"the scan found almost no citations in {game}: it is broken"
    missing = {code: sorted(paths) for code, paths in codes.items() if code not in written(game)}
    assert missing == {}


def test_the_scan_sees_a_code_the_rulings_do_not_hold() -> None:
    pattern = re.compile(WORD.format(letters="[J]"))
    assert pattern.findall("a departure (J99) and J18: a timeout") == ["J99", "J18"]
    assert "J99" not in written("judtho")
