"""Local play: typed commands, scripts with expected refusals, JSON output, AI-only games."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gavel.tables.console import LocalOptions, run, seating
from gavel.tables.service import TableService
from tests.tables.conftest import make_service

SCRIPT = """\
# Alice is the first seat, Bob the second human
/toy roll
!@bob roll
/toy move n:3
@bob /toy roll
@bob move 4
/table status
/table me
/table log 2
!/dadsarmy roll
!/table dance
"""


def service() -> TableService:
    return make_service()


async def play(tmp_path: Path, script: str | None, stdin: str = "", **options) -> tuple[int, str]:
    path = None
    if script is not None:
        path = tmp_path / "game.txt"
        path.write_text(script)
    out = io.StringIO()
    opts = LocalOptions(game="toy", script=str(path) if path else None, images=str(tmp_path / "img"), **options)
    code = await run(opts, service=service(), stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue()


async def test_a_script_plays_slash_and_plain_commands(tmp_path: Path) -> None:
    code, out = await play(tmp_path, SCRIPT, seats=2, dice=[3, 4])
    assert code == 0, out
    assert "Refused: It is not your turn." in out
    assert "toy.event.moved" in out and "Seat 2: Bob" in out
    assert "You play seat 1 as Alice." in out and "[to Alice]" in out
    assert "Refused: /dadsarmy is not the game played at this table." in out
    assert "Alice may: roll, peek" in out
    assert "Board image: " in out and len(list((tmp_path / "img").glob("*.png"))) >= 5


async def test_a_refused_line_stops_the_script_with_a_failure(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "/toy roll\n/toy roll\n/table status\n", seats=2)
    assert code == 1
    assert "Script line 2 was refused: /toy roll" in out
    assert "Seat 1" not in out  # the status line after it never ran


async def test_an_expected_refusal_that_is_accepted_fails_the_script(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "!/toy roll\n", seats=2)
    assert code == 1 and "should have been refused" in out


async def test_private_notices_are_labelled_with_their_seat(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "@bob roll\n!@carol roll\n@1 peek\n", seats=2, dice=[1])
    assert code == 1  # bob may not roll yet
    code, out = await play(tmp_path, "peek\n!@carol roll\n", seats=2)
    assert code == 0
    assert "[to Alice] toy.event.peeked" in out
    assert "Refused: Nobody called carol sits at this table." in out


async def test_json_prints_one_object_per_notice(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "peek\nroll\n!bad words\n", seats=2, json=True)
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    kinds = [o["kind"] for o in objects]
    assert kinds.count("private") == 1 and "error" in kinds and "public" in kinds
    private = next(o for o in objects if o["kind"] == "private")
    assert private["player"] == "Alice" and private["keys"] == ["toy.event.peeked"]
    last = [o for o in objects if o["kind"] == "public"][-1]
    assert Path(last["image"]).exists()
    # The toy game has hidden information: the channel's object says who must act, the actions
    # follow in the seat's own prompt object (tests/tables/test_json_leaks.py plays real games).
    assert last["prompt"] == {"kind": "prompt", "table": 1, "version": 2, "seats": [0], "players": ["Alice"],
                              "private": True}
    mine = objects[objects.index(last) + 1]
    assert mine["kind"] == "prompt" and mine["seat"] == 0 and mine["actions"][0] == "move 1"


async def test_an_ai_only_game_plays_to_the_end(tmp_path: Path) -> None:
    code, out = await play(tmp_path, None, ai=4, seed="1")
    assert code == 0
    assert "Game over. Winner: AI " in out


async def test_typed_commands_until_the_end_of_input(tmp_path: Path) -> None:
    code, out = await play(tmp_path, None, stdin="/table status\nroll\nfoo\n", ai=1, dice=[2])
    assert code == 0
    assert "Local table of Toy race" in out and "Refused: I could not read that: foo" in out
    assert "Alice may: move 1, move 2" in out


async def test_chinese_output(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "/table status\n", ai=1, lang="zh-TW")
    assert code == 0 and "第 1 座：Alice（桌主）" in out


def test_seating_defaults() -> None:
    assert seating("toy", None, None) == (1, 1)
    assert seating("toy", None, 4) == (0, 4)
    assert seating("toy", None, 3) == (1, 3)
    assert seating("toy", 2, None) == (2, 0)
    with pytest.raises(Exception) as err:
        seating("toy", 2, 3)
    assert getattr(err.value, "code", "") == "bad_seats"


async def test_an_ai_only_game_that_never_ends_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gavel.tables.console
    import gavel.tables.play

    monkeypatch.setattr(gavel.tables.play, "MAX_AI_STEPS", 3)
    monkeypatch.setattr(gavel.tables.console, "MAX_LOCAL_ACTIONS", 7)
    code, out = await play(tmp_path, None, ai=4, seed="1")
    assert code == 3 and "Stopped after 9 actions without an end" in out


async def test_local_play_lang_is_the_language_of_the_tables_images(tmp_path: Path) -> None:
    from gavel.tables.console import CHANNEL, Console

    svc = service()
    console = Console(svc, LocalOptions(game="toy", seats=2, lang="zh-TW", images=str(tmp_path)), io.StringIO())
    await console.setup()
    assert svc.table(CHANNEL).lang == "zh-TW"


async def test_local_humans_have_names_and_are_addressed_in_any_case(tmp_path: Path) -> None:
    """Lines name the first seat "Alice", never "you throws"; `@bob`, `@BOB`, `@2` and the
    old `@you` alias all still address a seat."""
    code, out = await play(tmp_path, "@ALICE roll\n@alice /toy move n:1\n@BOB peek\n@2 roll\n@Bob move 1\n@you peek\n",
                           seats=2, dice=[1, 1])
    assert code == 0, out
    assert "You play seat 1 as Alice." not in out  # (no /table me here)
    assert "[to Bob] toy.event.peeked" in out and "[to Alice] toy.event.peeked" in out
    assert "Alice may:" in out and "Bob may:" in out
    assert not any(line.startswith("you ") or "[to you]" in line for line in out.splitlines())


def test_the_local_seat_names_are_proper_names() -> None:
    from gavel.tables.console import HUMANS

    assert HUMANS[:3] == ("Alice", "Bob", "Carol") and all(n[0].isupper() for n in HUMANS)


async def test_table_rules_prints_the_games_own_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gavel.tables import i18n

    code, out = await play(tmp_path, "!/table rules\n!/toy rules\n", seats=2)
    assert code == 0 and out.count("Refused: " + i18n.gettext("error.no_rules")) == 2
    monkeypatch.setitem(i18n.catalogue("en"), "toy.rules", "Race to 12.")
    code, out = await play(tmp_path, "/table rules\n/toy rules\n", seats=2)
    assert code == 0 and out.count("Race to 12.") == 2


async def test_an_ai_only_game_says_first_that_it_prints_when_it_is_over(tmp_path: Path) -> None:
    """A whole AI game prints nothing while it is played (the service plays it in one go): say so first."""
    code, out = await play(tmp_path, None, ai=4, seed="1")
    assert code == 0 and out.startswith("Only AI seats play this game of ") and "Game over" in out
    assert "Local table of" not in out



async def test_json_rules_is_one_object_too(tmp_path: Path) -> None:
    from gavel.tables import i18n

    script = tmp_path / "rules.txt"
    script.write_text("/table rules\n")
    out = io.StringIO()
    opts = LocalOptions(game="dads_army", seats=2, ai=1, script=str(script), images=str(tmp_path / "img"), json=True)
    code = await run(opts, service=service(), stdin=io.StringIO(""), out=out)
    assert code == 0
    objects = [json.loads(line) for line in out.getvalue().splitlines()]  # every line is JSON, the rules too
    rules = next(o for o in objects if o.get("kind") == "rules")
    assert {k: rules[k] for k in ("kind", "game", "text")} == {"kind": "rules", "game": "dads_army",
                                                              "text": i18n.gettext("dads_army.rules")}
    assert rules["image"].endswith("rules-dads_army-en.png") and Path(rules["image"]).is_file()  # the parts picture


async def test_dads_army_men_are_typed_as_the_board_shows_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board shows Captain Mainwaring as `Mw`: local play takes `move MW 9,1` for him."""
    import gavel.tables.lobby

    monkeypatch.setattr(gavel.tables.lobby.secrets, "token_hex", lambda n: "5eed")  # the same seed: Alice first
    script = tmp_path / "game.txt"
    script.write_text("/dadsarmy roll\nmove MW 9,1\n")
    out = io.StringIO()
    opts = LocalOptions(game="dads_army", seats=2, script=str(script), images=str(tmp_path / "img"), dice=[3])
    code = await run(opts, service=service(), stdin=io.StringIO(""), out=out)
    assert code == 0, out.getvalue()
    assert "Alice moves Captain Mainwaring from 11,2 to 9,1." in out.getvalue()


async def test_a_command_naming_several_actions_plays_a_later_one_only_while_it_is_legal(tmp_path: Path) -> None:
    """A declared command that names several actions (`Command.then`: a skill, then its target):
    here as on Discord, a later action that is not legal once the first is played is left to the
    player, who is told so by the command's message; without `then`, every one is played and the
    first refusal stops them."""
    from gavel.tables import i18n
    from gavel.tables.console import CHANNEL, Console
    from rules.core import IllegalAction

    svc = service()
    out = io.StringIO()
    console = Console(svc, LocalOptions(game="toy", seats=2, images=str(tmp_path)), out)
    await console.setup()
    table = svc.table(CHANNEL)
    seat = table.to_act()[0]
    player = console.players[seat]
    before = table.version
    await console.act_all(player, ["roll", "roll"], then="cogs.done")
    assert table.version == before + 1 and out.getvalue().rstrip().endswith(i18n.gettext("cogs.done"))
    with pytest.raises(IllegalAction):  # the seat moves now: the first is played, the second refused
        await console.act_all(player, ["move 1", "roll"])
    assert table.version == before + 2
