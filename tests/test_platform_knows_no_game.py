"""The platform (`gavel/tables/`) and the Discord front-end (`cogs/`) know no game: a game's
knowledge lives in its plug-in (`rules/<game>/`, its renderer, its catalogue; its slash commands
are declared in its `commands.py` and built into Discord's by `cogs/games.py`), found through
`rules.registry`. Read as text, comments and docstrings included, so
that an example naming a game does not invite the next game-specific branch."""

from __future__ import annotations

import re
from pathlib import Path

from rules import registry

ROOT = Path(__file__).resolve().parent.parent
NAMES = re.compile(r"judtho|judgement|judge_dredd|dads_army|dadsarmy|dredd", re.IGNORECASE)
"""The names of the games Gavel plays and of their command groups."""


def hits(folder: str) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_the_platform_names_no_game() -> None:
    assert hits("gavel/tables") == []


def test_the_shared_cog_files_name_no_game() -> None:
    assert hits("cogs") == []


def test_the_guard_sees_a_game_name_and_every_group_is_a_name_it_knows() -> None:
    assert NAMES.search("from rules.judtho import GAME") and NAMES.search("/dadsarmy move")
    installed = [p for p in registry.plugins().values() if type(p.game).__module__.startswith("rules.")]
    assert installed and all(NAMES.search(p.commands.group) for p in installed)
