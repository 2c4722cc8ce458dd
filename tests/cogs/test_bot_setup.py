"""Start-up: token from the environment or `.env`, no privileged intents, sync only when asked."""

from __future__ import annotations

import os

import pytest

from cogs import bot as gavel_bot
from tests.cogs.conftest import make_service


def test_env_file_is_read_as_simple_key_value_lines(tmp_path):
    env = tmp_path / ".env"
    env.write_text('# secrets\nexport DISCORD_TOKEN="abc.def"\nGAVEL_DB = x.sqlite3\nnonsense\n\n', encoding="utf-8")
    assert gavel_bot.read_env_file(env) == {"DISCORD_TOKEN": "abc.def", "GAVEL_DB": "x.sqlite3"}
    assert gavel_bot.read_env_file(tmp_path / "missing") == {}


def test_token_comes_from_the_environment_first_then_dot_env(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(SystemExit):
        gavel_bot.token()
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\n", encoding="utf-8")
    assert gavel_bot.token() == "from-file"
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert gavel_bot.token() == "from-env"


def test_no_privileged_intents_and_sync_only_when_asked(tmp_path, monkeypatch):
    service = make_service(str(tmp_path / "db.sqlite3"))
    monkeypatch.delenv("GAVEL_SYNC", raising=False)
    bot = gavel_bot.create_bot(service)
    assert not (bot.intents.members or bot.intents.presences or bot.intents.message_content)
    assert bot.sync_commands is False
    monkeypatch.setenv("GAVEL_SYNC", "1")
    assert gavel_bot.create_bot(service).sync_commands is True


async def test_every_registered_game_that_declares_commands_gets_its_slash_group(tmp_path, monkeypatch):
    """The bot names no game: it builds a group for each plug-in's declared commands, one added here too."""
    from rules import registry
    from rules.plugin import Command, Commands, Option, Plugin, Words, lobby
    from tests.cogs import toy

    extra = Plugin(toy.GAME, Words(key=toy.KEY), Commands(group="extra", commands=(
        lobby(variant=False), Command("move", (Option("man"), Option("to", required=False))))))
    every = registry.plugins()
    monkeypatch.setattr(registry, "plugins", lambda: {**every, toy.KEY: extra})
    bot = gavel_bot.create_bot(make_service(str(tmp_path / "db.sqlite3")), sync=False, idle=0)
    bot.watches = False  # no loop left running after the test
    monkeypatch.setattr(bot.service, "warm", lambda: None)
    settled: list[bool] = []
    monkeypatch.setattr(bot.service, "settle", lambda: settled.append(True))  # not this test process's heap
    await bot.setup_hook()
    assert settled == [True]  # what start-up loaded is set aside from the cyclic collector, once
    groups = {c.name: c for c in bot.tree.get_commands()}
    assert {p.commands.group for p in registry.plugins().values() if p.commands.commands} <= set(groups)
    move = groups["extra"].get_command("move")  # type: ignore[union-attr]
    assert [(p.name, p.required, p.autocomplete is not None) for p in move.parameters] == [
        ("man", True, True), ("to", False, True)]
    assert [p.name for p in groups["extra"].get_command("new").parameters] == [  # type: ignore[union-attr]
        "time", "reliable", "pauses"]
    await bot.close()


def test_the_bot_starts_lazily_and_drops_idle_tables_unless_told_otherwise(tmp_path, monkeypatch):
    """`GAVEL_EAGER` and `GAVEL_IDLE` (what `gavel --eager` and `--idle` set): by default a lazy
    start-up, tables dropped after `IDLE` seconds, the database watched; eager with no idle drop,
    no watch (its own timers cover every table)."""
    from gavel import cli

    service = make_service(str(tmp_path / "db.sqlite3"))
    for name in ("GAVEL_EAGER", "GAVEL_IDLE"):
        monkeypatch.delenv(name, raising=False)
    bot = gavel_bot.create_bot(service)
    assert not bot.eager and service.idle == gavel_bot.IDLE and bot.watches and bot.sweep_every == 30.0
    monkeypatch.setenv("GAVEL_EAGER", "1")
    monkeypatch.setenv("GAVEL_IDLE", "0")
    bot = gavel_bot.create_bot(service)
    assert bot.eager and service.idle == 0 and not bot.watches
    monkeypatch.setenv("GAVEL_IDLE", "soon")
    with pytest.raises(ValueError, match="GAVEL_IDLE"):
        gavel_bot.create_bot(service)

    monkeypatch.delenv("GAVEL_EAGER")
    monkeypatch.delenv("GAVEL_IDLE")
    monkeypatch.setattr(cli, "run_discord", lambda args: 0)  # what the command line sets, not a bot
    assert cli.main(["--eager", "--idle", "120"]) == 0
    assert os.environ["GAVEL_EAGER"] == "1" and os.environ["GAVEL_IDLE"] == "120"
    with pytest.raises(SystemExit) as refused:
        cli.main(["--idle", "-5"])
    assert refused.value.code == 2
