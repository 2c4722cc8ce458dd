"""Local play without traps: the bot's database is never local play's by accident, an unfinished
game in a database given with `--db` is resumed or cancelled on request, the commands work after
the game is over, each session's files are its own, and the console says how to act as the seat
whose turn it is, when `undo` is possible, and reads the names of the players' language."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from gavel.tables.console import CHANNEL, LocalOptions, run
from gavel.tables.service import TableService
from tests.tables.conftest import make_service


async def play(tmp_path: Path, stdin: str, *, service: TableService | None = None, **options: Any) -> tuple[int, str]:
    out = io.StringIO()
    opts = LocalOptions(game=options.pop("game", "toy"), images=str(tmp_path / "img"), **options)
    code = await run(opts, service=service or make_service(), stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue()


# ---------------------------------------------------------------------- the database
async def test_gavel_db_is_not_local_plays_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bots = tmp_path / "bot.sqlite3"
    monkeypatch.setenv("GAVEL_DB", str(bots))
    monkeypatch.chdir(tmp_path)
    for _ in range(2):  # quit partway, then again: never "This channel already has a table"
        out = io.StringIO()
        code = await run(LocalOptions(game="dads_army", images=str(tmp_path / "img")),
                         stdin=io.StringIO("quit\n"), out=out)
        assert code == 0, out.getvalue()
        assert "already has a table" not in out.getvalue()
    assert not bots.exists()
    assert not (tmp_path / "gavel.sqlite3").exists()


async def test_an_unfinished_game_in_a_given_database_is_resumed(tmp_path: Path) -> None:
    db = str(tmp_path / "local.sqlite3")
    code, out = await play(tmp_path, "roll\nquit\n", service=make_service(db), db=db, seed="1")
    assert code == 0, out
    code, out = await play(tmp_path, "resume\n/table status\nquit\n", service=make_service(db), db=db)
    assert code == 0, out
    assert "An unfinished game" in out
    assert "already has a table" not in out
    assert "Alice" in out.split("resume", 1)[-1]
    svc = make_service(db)
    table = await svc.look(CHANNEL)
    assert table is not None and table.status == "active" and table.id == 1 and table.version > 0


async def test_an_unfinished_game_in_a_given_database_may_be_cancelled(tmp_path: Path) -> None:
    db = str(tmp_path / "local.sqlite3")
    await play(tmp_path, "quit\n", service=make_service(db), db=db)
    code, out = await play(tmp_path, "cancel\nquit\n", service=make_service(db), db=db)
    assert code == 0, out
    svc = make_service(db)
    table = await svc.look(CHANNEL)
    assert table is not None and table.id == 2 and table.status == "active"  # a new game started


async def test_a_script_does_not_resume_an_unfinished_game_unasked(tmp_path: Path) -> None:
    db = str(tmp_path / "local.sqlite3")
    await play(tmp_path, "quit\n", service=make_service(db), db=db)
    script = tmp_path / "s.txt"
    script.write_text("/table status\n")
    code, out = await play(tmp_path, "", service=make_service(db), db=db, script=str(script))
    assert code == 2
    assert "An unfinished game" in out


# ---------------------------------------------------------------------- after the end
async def test_commands_work_after_the_game_is_over(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "/table leave\n/table stats\n/table history\nhelp\n/table log export\n"
                                     "/table log\nquit\n", ai=1)
    assert code == 0, out
    after = out.split("Type `again`", 1)[1]
    assert "Games played: 1" in after  # /table stats
    assert "Finished games in this server" in after  # /table history
    assert "For any game: /table status" in after  # help
    assert "The whole game" in after and list((tmp_path / "img").glob("*table1*.txt")), after
    assert "Goodbye" in after


async def test_after_a_cancel_again_is_not_suggested(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "/table cancel\nagain\nquit\n", ai=1)
    assert code == 0, out
    assert "Type `again`" not in out


async def test_sessions_do_not_overwrite_each_others_files(tmp_path: Path) -> None:
    await play(tmp_path, "roll\n/table leave\n/table log export\nquit\n", ai=1, seed="1")
    first = {p.name: p.read_bytes() for p in (tmp_path / "img").iterdir()}
    await play(tmp_path, "roll\n/table leave\n/table log export\nquit\n", ai=1, seed="2")
    now = {p.name: p.read_bytes() for p in (tmp_path / "img").iterdir()}
    assert all(now[name] == data for name, data in first.items())  # the first session's files as they were
    assert len(now) == 2 * len(first)
    assert len([n for n in now if n.endswith(".txt")]) == 2


# ---------------------------------------------------------------------- names and hints
async def test_settings_typed_plainly(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "settings\nsettings reminders:off\nquit\n", ai=1)
    assert code == 0, out
    assert "Refused" not in out
    assert out.count("Your settings") == 2


async def test_not_your_turn_says_how_to_act_as_the_seat_whose_turn_it_is(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "roll\nmove 1\nroll\nquit\n", seats=2, seed="1", dice=[1])
    assert code == 0, out
    refused = out.split("It is not your turn.", 1)[1]
    assert "@Bob roll" in refused.split("\n", 2)[1]


async def test_undo_is_listed_when_it_is_possible(tmp_path: Path) -> None:
    placed = "@rest\n@bob @rest\n"
    code, out = await play(tmp_path, placed + "a4-a5\nquit\n", game="judtho", variant="duo", seats=2,
                           service=TableService(":memory:"))
    assert code == 0, out
    assert "Alice may take that back: `@Alice undo`" in out.split("White moves first", 1)[1]
    code, out = await play(tmp_path, placed + "a4-a5\nundo\nquit\n", game="judtho", variant="duo", seats=2,
                           service=TableService(":memory:"))
    assert "Refused" not in out, out


async def test_chinese_names_are_read_in_chinese_local_play(tmp_path: Path) -> None:
    from gavel.tables.console import Console

    svc = TableService(":memory:")
    console = Console(svc, LocalOptions(game="judgement", lang="zh-TW", seed="1", ai=4,
                                        images=str(tmp_path / "img")), io.StringIO())
    await console.setup()
    alice = console.players[0]
    legal = svc.legal_for(CHANNEL, alice)
    assert "pick duelist" in legal
    assert console.plain_text(alice, ["選人物", "決鬥者"]) == ["pick duelist"]
    assert console.plain_text(alice, ["pick", "決鬥者"]) == ["pick duelist"]
    assert console.plain_text(alice, ["選人物", "白妖精"]) == ["pick white_fairy"]
    assert console.plain_text(alice, ["選人物", "龍"]) == ["選人物 龍"]  # no such name: as typed


def test_a_name_is_read_whole_or_by_its_parts() -> None:
    from gavel.tables.console import _readings

    assert _readings("黃（yellow）") == {"黃yellow", "黃"}
    assert _readings("司法部醫院 (HOS)") == {"司法部醫院hos", "司法部醫院"}  # `hos` is the game's to read


def test_colours_and_verbs_by_their_chinese_names() -> None:
    from types import SimpleNamespace

    from gavel.tables.console import Console

    console = Console(TableService(":memory:"), LocalOptions(game="judgement", lang="zh-TW"), io.StringIO())
    table: Any = SimpleNamespace(game_key="judgement")
    legal = ["attack red", "attack blue", "hurt yellow", "hurt blue", "end"]
    assert console._named(table, ["攻擊", "藍"], legal) == "attack blue"
    assert console._named(table, ["hurt", "黃"], legal) == "hurt yellow"
    assert console._named(table, ["傷害", "blue"], legal) == "hurt blue"
    assert console._named(table, ["攻擊", "黃"], legal) is None  # not a legal action
    assert console._named(table, ["移動", "醫院"], ["move rob-hos", "move sec-hos"]) is None  # the game asks which


async def test_the_unfinished_game_question_is_one_json_object_too(tmp_path: Path) -> None:
    import json

    db = str(tmp_path / "local.sqlite3")
    await play(tmp_path, "quit\n", service=make_service(db), db=db, json=True)
    code, out = await play(tmp_path, "resume\n/table status\nquit\n", service=make_service(db), db=db, json=True)
    assert code == 0, out
    objects = [json.loads(line) for line in out.splitlines()]  # every line one object
    assert objects[0]["kind"] == "unfinished" and objects[0]["table"] == 1
