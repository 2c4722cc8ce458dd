"""The command line's shard options: `gavel --shards 0-3 --shard-count 8` runs the bot over those
shards (`cogs.bot.main` gets them), and options that do not fit are refused with the reason
before anything starts (exit 2: no database opened, no setting changed, no bot)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gavel import cli

ROOT = Path(__file__).resolve().parent.parent


PG = "postgresql://gavel@db.example:5432/gavel"
"""A database URL for the processes of a bot (nothing connects to it here)."""


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What `cogs.bot.main` was called with, instead of connecting to Discord. `GAVEL_DB` names a
    PostgreSQL database, as for every process of a sharded bot."""
    import cogs.bot

    monkeypatch.setenv("GAVEL_DB", PG)

    calls: list[dict[str, Any]] = []

    async def fake_main(**kwargs: Any) -> None:
        calls.append(kwargs)

    monkeypatch.setattr(cogs.bot, "main", fake_main)
    return calls


@pytest.mark.parametrize(("given", "ids"), [
    ("0-3", (0, 1, 2, 3)), ("0,2,5", (0, 2, 5)), ("5", (5,)), ("0-3,6", (0, 1, 2, 3, 6)),
    (" 4 - 5 , 7 ", (4, 5, 7)), ("7,1", (7, 1)), ("3-3", (3,)),
])
def test_shards_as_a_range_or_a_list_reach_the_bot(started, given, ids):
    assert cli.main(["--shards", given, "--shard-count", "8"]) == 0
    assert started == [{"sync": None, "shard_ids": ids, "shard_count": 8}]


def test_without_shard_options_the_bot_is_one_process_and_sync_is_passed_on(started):
    assert cli.main([]) == 0
    assert cli.main(["--sync"]) == 0
    assert cli.main(["--shard-count", "4"]) == 0  # every shard, in this process
    assert started == [{"sync": None, "shard_ids": None, "shard_count": None},
                       {"sync": True, "shard_ids": None, "shard_count": None},
                       {"sync": None, "shard_ids": None, "shard_count": 4}]


@pytest.mark.parametrize(("argv", "says"), [
    (["--shards", "8", "--shard-count", "8"], "--shards 8: shard ids go from 0 to 7 with --shard-count 8"),
    (["--shards", "0-3,9", "--shard-count", "8"], "--shards 9: shard ids go from 0 to 7"),
    (["--shards", "0-99999999999", "--shard-count", "2"], "--shards 99999999999: shard ids go from 0 to 1"),
    (["--shards", "0-3"], "--shards needs --shard-count"),
    (["--shards", "3-1", "--shard-count", "8"], "the range '3-1' ends before it starts"),
    (["--shards", "1,1", "--shard-count", "8"], "--shards names shard 1 more than once"),
    (["--shards", "0-3,2-4", "--shard-count", "8"], "--shards names shard 2, 3 more than once"),
    (["--shards", "a", "--shard-count", "8"], "'a' in 'a' is not a shard id or a range like 0-3"),
    (["--shards", "1,,2", "--shard-count", "8"], "an empty item in '1,,2' is not a shard id"),
    (["--shards", "-1", "--shard-count", "8"], "is not a shard id or a range"),
    (["--shards", "²", "--shard-count", "8"], "is not a shard id or a range"),
    (["--shards", "0", "--shard-count", "0"], "the shard count must be a whole number of at least 1, not '0'"),
    (["--shard-count", "two"], "the shard count must be a whole number of at least 1, not 'two'"),
    (["--local", "dads_army", "--shard-count", "2"], "--shard-count is for the Discord bot, not --local"),
    (["--check-db", "--shards", "0", "--shard-count", "2"], "--shards is for the Discord bot, not --check-db"),
    (["--backup", "copy.sqlite3", "--shards", "0", "--shard-count", "2"], "not --backup"),
    (["--shards", "0-1", "--shard-count", "4"], "a SQLite file serves one process"),
])
def test_bad_shard_options_are_refused_with_the_reason_and_change_nothing(started, argv, says, tmp_path, capsys,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--db", str(tmp_path / "new.sqlite3"), *argv])
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err
    assert started == [] and os.environ["GAVEL_DB"] == PG  # no bot, GAVEL_DB not set from --db
    assert list(tmp_path.iterdir()) == []  # no database made, no backup written


def test_some_shards_need_a_postgresql_database_all_of_them_do_not(started, monkeypatch, capsys):
    monkeypatch.delenv("GAVEL_DB")
    with pytest.raises(SystemExit):
        cli.main(["--shards", "0", "--shard-count", "2"])  # the default: gavel.sqlite3
    assert "--shards runs part of the bot" in capsys.readouterr().err and started == []
    assert cli.main(["--shards", "0", "--shard-count", "2", "--db", "postgres://gavel@db.example/gavel"]) == 0
    assert cli.main(["--shards", "0-1", "--shard-count", "2", "--db", "gavel.sqlite3"]) == 0  # the whole bot
    assert cli.main(["--shard-count", "2"]) == 0
    assert [call["shard_ids"] for call in started] == [(0,), (0, 1), None]


def test_the_checkout_entry_point_refuses_them_too(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--shards", "2", "--shard-count", "2"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "--shards 2: shard ids go from 0 to 1" in done.stderr
    assert list(tmp_path.iterdir()) == []


def scale_page() -> str:
    """docs/running-at-scale.md, whose shard commands and systemd unit the test below runs."""
    return (ROOT / "docs" / "running-at-scale.md").read_text(encoding="utf-8")


def test_the_documented_shard_commands_are_accepted_and_the_two_machines_run_every_shard_once(started):
    section = scale_page()
    assert "GAVEL_DB=postgresql://user@host:5432/db" in section and "gavel --check-db" in section
    assert "pg_dump" in section and "--sync" in section
    blocks = re.findall(r"```bash\n(.*?)```", section, flags=re.S)
    commands = [line.split("#")[0].rstrip(" &").split() for block in blocks for line in block.splitlines()
                if line.startswith("gavel ")]
    assert len(commands) == 7  # three examples, then the two machines' four processes
    for command in commands:
        assert cli.main(command[1:]) == 0, command
    machines = re.findall(r"# machine \w:\n((?:gavel .*\n)+)", blocks[1])
    assert len(machines) == 2
    shards = [shard for call in started[3:7] for shard in call["shard_ids"]]
    assert [call["shard_count"] for call in started[3:7]] == [8] * 4
    assert sorted(shards) == list(range(8))  # every shard in exactly one process
    unit = re.search(r"```ini\n(.*?)```", section, flags=re.S)
    assert unit is not None
    exec_start = next(line for line in unit.group(1).splitlines() if line.startswith("ExecStart="))
    enable = re.search(r"`systemctl enable --now ([^`]*)`", section)
    assert enable is not None
    instances = [unit.removeprefix("gavel@") for unit in enable.group(1).split()]
    assert instances == ["0-1", "2-3"]
    for instance in instances:
        argv = exec_start.removeprefix("ExecStart=").replace("%i", instance).split()
        assert cli.main(argv[1:]) == 0, argv


async def test_a_process_given_some_of_the_shards_runs_in_shared_mode(monkeypatch) -> None:
    """The others run elsewhere on the same database: clocks, the outbox and tables are shared
    through it. All the shards in one process keep the default (`GAVEL_SHARED`)."""
    import cogs.bot as bot_module

    seen: dict = {}

    def fake_create(service, **settings):
        seen.update(settings)
        raise RuntimeError("stop before connecting")

    monkeypatch.setattr(bot_module, "create_bot", fake_create)
    monkeypatch.setattr(bot_module, "TableService", lambda **_: object())
    monkeypatch.setattr(bot_module, "PooledSeats", lambda: None)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")  # without one, main stops before making the bot
    with pytest.raises(RuntimeError):
        await bot_module.main(shard_ids=[0, 1], shard_count=4)
    assert seen["shared"] is True and seen["shard_ids"] == [0, 1]
    seen.clear()
    with pytest.raises(RuntimeError):
        await bot_module.main(shard_count=4)
    assert seen["shared"] is None and seen["shard_ids"] is None
