"""Numbers typed in local play: every one is read, clamped or refused with a reason, never a traceback.

`str.isdigit()` is True for `²` and `٣`, and `int()` takes no `²`; SQLite's LIMIT holds no more
than a signed 64-bit integer. These are the inputs that crashed the console before.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot import parser
from gavel.tables import i18n
from gavel.tables.console import LocalOptions, run
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat

HUGE = "99999999999999999999"


async def play(tmp_path: Path, script: str, **options) -> tuple[int, str]:
    path = tmp_path / "game.txt"
    path.write_text(script, encoding="utf-8")
    out = io.StringIO()
    opts = LocalOptions(game="toy", script=str(path), images=str(tmp_path / "img"), **options)
    return await run(opts, service=make_service(), out=out), out.getvalue()


def refusal(key: str, **params) -> str:
    return "Refused: " + i18n.gettext(f"error.{key}", "en", **params)


async def test_a_huge_log_count_is_the_whole_log(tmp_path: Path) -> None:
    code, out = await play(tmp_path, f"roll\nmove 1\n@bob roll\n/table log {HUGE}\n/table log count:{2**63}\n",
                           seats=2, dice=[1, 1])
    assert code == 0, out
    shown = out.split(f"> /table log {HUGE}")[1]
    for n in (1, 2, 3):
        assert shown.count(f"{n}. ") == 2, shown  # both logs, every move


@pytest.mark.parametrize("count", ["²", "٣", "0", "-3", "abc", "1.5", "count:²"])
async def test_a_log_count_that_is_no_count_is_refused(tmp_path: Path, count: str) -> None:
    code, out = await play(tmp_path, f"roll\n!/table log {count}\n/table log 1\n", seats=2, dice=[1])
    assert code == 0, out
    value = count.split(":")[-1]
    assert refusal("log_count", value=value) in out
    assert "Traceback" not in out


async def test_a_log_with_two_counts_is_refused(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "!/table log 2 3\n", seats=2)
    assert code == 0 and refusal("unknown_command", command="/table log 2 3") in out


@pytest.mark.parametrize("seat", ["²", HUGE, "0", "-1", "٢"])
async def test_a_seat_number_that_names_nobody_is_refused(tmp_path: Path, seat: str) -> None:
    code, out = await play(tmp_path, f"!@{seat} roll\n@1 peek\n", seats=2)
    assert code == 0, out
    assert refusal("unknown_player", name=seat) in out


async def test_a_move_count_that_is_no_number_is_refused(tmp_path: Path) -> None:
    code, out = await play(tmp_path, f"roll\n!move ²\n!move {HUGE}\n!/toy move n:²\nmove 1\n", seats=2, dice=[1])
    assert code == 0, out


async def test_a_scripted_die_the_game_cannot_throw_stops_the_game_with_a_reason(tmp_path: Path) -> None:
    """`--dice 7` reads as a number, but no d6 throws it: said when the die is thrown (exit 2)."""
    code, out = await play(tmp_path, "roll\n", seats=2, dice=[7])
    assert code == 2
    assert refusal("scripted_draw", value=7, low=1, high=6) in out


@pytest.mark.parametrize(("option", "value"), [("--dice", "3,x"), ("--dice", "²"), ("--dice", "0"),
                                               ("--dice", "-4"), ("--draws", "-1"), ("--draws", "1,٣")])
def test_command_line_numbers_are_checked_before_anything_starts(option: str, value: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(["--local", "toy", option, value])
    assert stop.value.code == 2
    assert f"invalid {option[2:]} value" in capsys.readouterr().err


def test_command_line_numbers_that_are_numbers_pass() -> None:
    args = parser().parse_args(["--local", "toy", "--dice", "3, 6,1", "--draws", "0,5"])
    assert (args.dice, args.draws) == ("3, 6,1", "0,5")


async def test_the_service_reads_more_rows_than_sqlite_counts_as_the_whole_log() -> None:
    svc = make_service()
    await seat(svc, ALICE, BOB, dice=[1, 1])
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 1")
    table_id = svc.table(CHANNEL).id
    assert len(svc.store.actions(table_id, last=10**30)) == len(svc.store.actions(table_id)) == 2
    assert len((await svc.log(CHANNEL, 10**30)).lines) == len((await svc.log(CHANNEL, 2)).lines) > 2


@pytest.mark.parametrize("number", ["²", "٣", "0", "-3", "abc", "1.5", "game_id:²", "page:²", "page:0"])
async def test_a_history_number_that_is_no_number_is_refused(tmp_path: Path, number: str) -> None:
    """`/table history` reads its page and game number as `/table log` reads its count."""
    code, out = await play(tmp_path, f"!/table history {number}\n/table history\n", seats=2)
    assert code == 0, out
    assert refusal("history_number", value=number.split(":")[-1]) in out
    assert "Traceback" not in out


async def test_a_huge_history_number_is_no_game_and_a_huge_page_is_empty(tmp_path: Path) -> None:
    code, out = await play(tmp_path, f"!/table history {HUGE}\n/table history page:{HUGE}\n", seats=2)
    assert code == 0, out
    assert refusal("no_such_game", table=int(HUGE)) in out
    assert i18n.gettext("table.history_none", "en") in out and "Traceback" not in out


async def test_a_history_option_it_does_not_have_is_refused(tmp_path: Path) -> None:
    code, out = await play(tmp_path, "!/table history size:3\n", seats=2)
    assert code == 0 and refusal("unknown_command", command="/table history size:3") in out
