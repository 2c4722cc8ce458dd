"""The slash commands Discord is given for the games, as they were when each game declared them in
a cog of its own: every group, sub-command and option with its names, English description,
required flag, choices, autocomplete, bounds and Traditional Chinese localisations
(`command_tree.json`). Building the groups from the plug-ins' declarations must give Discord the
same tree."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules import registry

SNAPSHOT = Path(__file__).with_name("command_tree.json")


def synced_games(env: Any) -> dict[str, Any]:
    """The game groups of the last command sync, by name (each plug-in's group)."""
    synced = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1].json
    groups = {p.commands.group for p in registry.plugins().values()}
    return {c["name"]: c for c in sorted(synced, key=lambda c: c["name"]) if c["name"] in groups}


async def test_the_game_groups_discord_is_given_are_the_snapshot(world):
    got = synced_games(world.env)
    want = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert sorted(got) == sorted(want)
    for name, group in want.items():
        assert got[name] == group, name
