"""The slash commands Discord is given for the games, as they were when each game declared them in
a cog of its own: every group, sub-command and option with its names, English description,
required flag, choices, autocomplete, bounds and Traditional Chinese localisations
(`command_tree.json`). Building the groups from the plug-ins' declarations must give Discord the
same tree; and the tree and local play must read the same declaration."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest
from discord import app_commands

from cogs import games
from gavel.tables import console, i18n
from rules import registry
from rules.core import IllegalAction
from rules.plugin import ACTION

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


def declaring() -> list[str]:
    """Every registered game that declares its commands (the installed ones and the example plug-in)."""
    return sorted(key for key, plugin in registry.plugins().items() if plugin.commands.commands)


def test_every_game_and_the_plug_in_example_declare_their_commands() -> None:
    installed = {module.rsplit(".", 1)[-1] for module in registry.INSTALLED}
    assert installed < set(declaring()), "every installed game, and a plug-in kept outside rules/"


@pytest.mark.parametrize("key", declaring())
def test_discord_and_local_play_read_the_same_declaration(key: str) -> None:
    """The group Discord is given has exactly the sub-commands local play accepts, each with the
    options local play binds (by name or in order), required and with choices as declared."""
    plugin = registry.plugin(key)
    commands = plugin.commands
    built = games.group(cast(Any, None), plugin)  # the bot is only called when a command runs
    tree = {c.name: c for c in built.commands if isinstance(c, app_commands.Command)}
    assert built.name == commands.group and list(tree) == [c.name for c in commands.commands]
    for name, made in tree.items():
        found = console.declared(plugin, name)
        assert found is commands.get(name) and found is not None
        params = {p.display_name: p for p in made.parameters}
        assert sorted(params) == sorted(found.names), name
        for option in found.options:
            param = params[option.name]
            assert param.required == option.required, (name, option.name)
            if option.choices:
                assert [c.value for c in param.choices] == list(option.choices)
            assert param.autocomplete == bool(found.complete(option)), (name, option.name)
            if found.kind == ACTION:  # typed by name on one line, it is that option
                assert console.bind(found, [f"{option.name}:x"]) == {option.name: "x"}
        if found.kind == ACTION and not (found.options and found.options[-1].rest):
            with pytest.raises(IllegalAction):  # a word more than it has options is refused
                console.bind(found, ["x"] * (len(found.options) + 1))
    with pytest.raises(IllegalAction) as refused:
        console.declared(plugin, "no_such_command")
    assert refused.value.code == "unknown_command"


@pytest.mark.parametrize("key", declaring())
def test_every_declared_text_is_in_both_languages(key: str) -> None:
    """Each description, each choice's label and each slash-worded refusal the declaration names
    has its words in every language (Discord's English and the localisations come from them)."""
    commands = registry.plugin(key).commands
    keys = [*commands.keys(), *(f"{commands.key(c)}.name" for c in commands.commands)]
    keys += [f"error.{code}" for c in commands.commands for code in c.slash_refusals.values()]
    keys += [c.then for c in commands.commands if c.then]
    for lang in i18n.LANGUAGES:
        assert [k for k in keys if not i18n.has(k, lang)] == [], lang
