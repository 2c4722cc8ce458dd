"""The platform (`gavel/tables/`) and the Discord front-end's shared files (`cogs/`) know no game: a
game's knowledge lives in its plug-in (`rules/<game>/`, its renderer, its cog's slash-command
declarations), found through `rules.registry`. Read as text, comments and docstrings included, so
that an example naming a game does not invite the next game-specific branch."""

from __future__ import annotations

import re
from pathlib import Path

from rules import registry

ROOT = Path(__file__).resolve().parent.parent
NAMES = re.compile(r"judtho|judgement|judge_dredd|dads_army|dadsarmy|dredd", re.IGNORECASE)
"""The names of the games Gavel plays and of their command groups."""


def declarations() -> set[str]:
    """The per-game cog files: each plug-in's slash-command declarations, and nothing else."""
    return {f"{p.cog.replace('.', '/')}.py" for p in registry.plugins().values() if p.cog}


def hits(folder: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in declarations():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_the_platform_names_no_game() -> None:
    assert hits("gavel/tables") == []


def test_the_shared_cog_files_name_no_game() -> None:
    assert hits("cogs") == []


def test_the_guard_sees_a_game_name_and_knows_the_declarations() -> None:
    assert NAMES.search("from rules.judtho import GAME") and NAMES.search("/dadsarmy move")
    assert "cogs/judtho.py" in declarations() and "cogs/flows.py" not in declarations()
