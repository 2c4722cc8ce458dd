"""Dad's Army through the table service and `bot.py --local`: whole AI-only games."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gavel.tables import i18n
from gavel.tables.console import CHANNEL
from gavel.tables.service import Player, TableService
from rules.core import IllegalAction, Msg
from rules.dads_army.board import MAN_CODES

ROOT = Path(__file__).resolve().parents[2]
HOST = Player(1, "host")


def local(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "bot.py", "--local", "dads_army", "--images", str(tmp_path / "img"), *args],
                          cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)})


def bot_main_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
                  stdin: str = "") -> tuple[int, str]:
    """`bot.py --local dads_army ...` as bot.py runs it (`gavel.cli.main`: its argument parsing,
    its default service, images and all), in this process with `stdin` as standard input (not a
    terminal): its exit code and output. What a process adds (that bot.py starts and exits with
    `main`'s code) is `local`'s test; these are about what main does with the arguments."""
    from gavel.cli import main

    monkeypatch.delenv("GAVEL_DB", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    capsys.readouterr()
    code = main(["--local", "dads_army", "--images", str(tmp_path / "img"), *args])
    return code, capsys.readouterr().out


async def local_here(tmp_path: Path, *args: str) -> tuple[int, str]:
    """`bot.py --local dads_army ...` read as bot.py reads it and run as `gavel.cli.main` runs it,
    in this process (no images): its exit code and output (`local` runs bot.py itself, a process)."""
    from bot import local_args
    from gavel.tables.console import options_from_args, run

    out = io.StringIO()
    options = options_from_args(local_args(["--local", "dads_army", "--images", str(tmp_path / "img"), *args]))
    code = await run(options, service=TableService(":memory:", renderers={"dads_army": None}, outbox=False), out=out)
    return code, out.getvalue()


def test_bot_local_plays_an_ai_only_game_and_prints_the_winner(tmp_path: Path) -> None:
    """bot.py as a process: four AI seats play a whole game to a printed winner, on a database file
    read afterwards here: the results have one winner and the log replays to the final state."""
    db = tmp_path / "g.sqlite3"
    done = local(tmp_path, "--ai", "4", "--seed", "1", "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "Game over. Winner: AI " in done.stdout
    assert list((tmp_path / "img").glob("*.png")) or "Board image" not in done.stdout
    svc = TableService(str(db), renderers={"dads_army": None})
    row = svc.store.last_row(CHANNEL)
    assert row["status"] == "finished"
    rows = svc.store.results(row["id"])
    assert len(rows) == 4 and sum(r["winner"] for r in rows) == 1
    final = svc.get(row["id"])
    assert final.game.outcome(final.state) is not None
    assert svc.replay(row["id"]).to_json() == final.state.to_json()


def test_bot_local_with_a_human_waits_for_commands_and_ends_at_eof(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out = bot_main_here(tmp_path, monkeypatch, capsys, "--ai", "3", "--seed", "2",
                              stdin="/table status\n/dadsarmy rules\n/table rules\n")
    assert code == 0, out
    assert out.count(i18n.gettext("dads_army.rules").splitlines()[-1]) == 2
    assert "Seat 1: Alice (host)" in out and "Seat 4: AI 3 (AI)" in out
    assert "Alice may: " in out and "Local table of Dad's Army." in out


def test_bot_local_script_fails_on_the_first_unexpected_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.txt"
    script.write_text("/table status\n!/dadsarmy move man:pike to:1,1\n/dadsarmy new\n/table log\n")
    code, out = bot_main_here(tmp_path, monkeypatch, capsys, "--ai", "1", "--seed", "3", "--script", str(script))
    assert code == 1
    assert "Script line 3 was refused: /dadsarmy new" in out and "> /table log" not in out


async def test_slash_commands_map_to_dads_army_actions(tmp_path: Path) -> None:
    import io

    from gavel.tables.console import CHANNEL, Console, LocalOptions

    svc = TableService(":memory:", renderers={"dads_army": None})
    console = Console(svc, LocalOptions(game="dads_army", seats=2, ai=0, seed="4"), io.StringIO())
    await console.setup()
    table = svc.table(CHANNEL)
    for _ in range(10):  # a few turns, whoever is to act, through the Discord forms
        name = table.seat_name(table.humans_to_act()[0])
        player = console.player(name)
        legal = svc.legal_for(CHANNEL, player)
        version = table.version
        if legal == ["roll"]:
            await console.command(f"@{name} /dadsarmy roll")
        elif legal[0].startswith("move "):
            _, man, square = legal[0].split()
            await console.command(f"@{name} /dadsarmy move man:{man} to:{square}")
        else:
            await console.command(f"@{name} {legal[0]}")
        assert table.version == version + 1
    assert svc.store.actions(table.id)[0]["action"] == "roll"


def local_play_example() -> tuple[list[str], list[str], list[str]]:
    """The example of docs/local-play.md (a game of Dad's Army): its `bot.py` arguments, its
    commands, and the plain action texts it says work too."""
    text = (ROOT / "docs" / "local-play.md").read_text(encoding="utf-8")
    start = text.index("\n## Seats, and an example\n")
    section = text[start:text.index("\n## ", start + 1)]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)
    command = next(body for kind, body in blocks if kind == "bash").split()
    lines = next(body for kind, body in blocks if not kind).splitlines()
    plain = re.findall(r"`([a-z][^`/]*)`", section[section.index("Plain action text"):].split(")")[0])
    return command[command.index("dads_army") + 1:], lines, plain


async def test_the_local_play_example_runs_as_a_script(tmp_path: Path) -> None:
    args, lines, plain = local_play_example()
    assert any(line.startswith("@") for line in lines) and len(plain) == 2
    for n, commands in enumerate((lines, plain)):
        script = tmp_path / f"example{n}.txt"
        script.write_text("\n".join(commands) + "\n")
        code, out = await local_here(tmp_path, *args, "--script", str(script))
        assert code == 0, out
        assert "Refused" not in out and "Alice" in out


async def test_local_play_variant_reaches_the_engine() -> None:
    """`--variant redraw_bombed_reference` (D26) is the table's variant and the engine plays it."""
    import io

    from bot import parser
    from gavel.tables.console import CHANNEL, Console, options_from_args

    args = parser().parse_args(["--local", "dads_army", "--seats", "2", "--seed", "4",
                                "--variant", "redraw_bombed_reference"])
    options = options_from_args(args)
    assert options.variant == "redraw_bombed_reference"
    svc = TableService(":memory:", renderers={"dads_army": None})
    await Console(svc, options, io.StringIO()).setup()
    table = svc.table(CHANNEL)
    assert table.variant == "redraw_bombed_reference" and table.state.variants == ["redraw_bombed_reference"]


async def test_local_play_unknown_variant_is_refused_in_the_chosen_language(tmp_path: Path) -> None:
    code, out = await local_here(tmp_path, "--ai", "1", "--variant", "nope")
    assert code == 2 and "Refused: This game has no variant called nope." in out
    code, out = await local_here(tmp_path, "--ai", "1", "--variant", "nope", "--lang", "zh-TW")
    assert code == 2 and i18n.gettext("error.unknown_variant", "zh-TW", variant="nope") in out


async def _console_table(lang: str):
    """Two humans at a local table, seat 0 to act; the console's output as a string buffer."""
    import io

    from gavel.tables.console import CHANNEL, Console, LocalOptions

    svc = TableService(":memory:", renderers={"dads_army": None})
    out = io.StringIO()
    console = Console(svc, LocalOptions(game="dads_army", seats=2, ai=0, seed="4", lang=lang), out)
    await console.setup()
    table = svc.table(CHANNEL)
    table.state.turn = 0
    return console, table, out


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
async def test_d29_a_refused_bomb_says_why_in_the_players_language(lang: str) -> None:
    console, table, out = await _console_table(lang)
    state = table.state
    state.men["vicar"].square, state.men["vicar"].called_in = (1, 5), True
    state.players[1].reference = (6, 3)
    state.phase, state.roll_for, state.pending, state.card = "bomb", "bombs", 1, "air_raid"
    state.deck.remove("air_raid")
    with pytest.raises(IllegalAction) as refused:
        await console.command(f"@{table.seat_name(0)} bomb 6,3")
    console.refused(refused.value)  # what the console prints for a refusal
    refusal = i18n.render(Msg("error.dads_army_would_strand", {"action": "bomb 6,3",
                                                                "man": Msg("dads_army.man.vicar")}), lang)
    assert refusal in out.getvalue() and i18n.gettext("dads_army.man.vicar", lang) in refusal
    assert "{" not in refusal and state.bombs == [] and state.phase == "bomb"


async def test_d30_a_stalled_game_ends_drawn_with_a_public_line_and_no_winner() -> None:
    console, table, out = await _console_table("en")
    state = table.state
    for man, square in (("mainwaring", (6, 3)), ("wilson", (12, 4)), ("vicar", (1, 5)), ("verger", (12, 8))):
        state.men[man].square = square
    state.bombs = [(5, 3), (7, 3), (6, 2), (6, 4), (12, 3), (11, 4), (12, 5), (1, 4), (2, 5), (1, 6), (12, 7), (11, 8)]
    state.bombs_left -= len(state.bombs)
    table_id = table.id
    for turn in range(6):
        await console.command(f"@{table.seat_name(turn % 2)} /dadsarmy roll")
    text = out.getvalue()
    assert i18n.gettext("dads_army.event.stalled", "en", rounds=3) in text
    assert i18n.gettext("table.no_winner", "en") in text
    rows = console.service.store.results(table_id)
    assert len(rows) == 2 and sum(r["winner"] for r in rows) == 0 and {r["reason"] for r in rows} == {"stalled"}


async def test_a_players_prompt_pairs_their_colour_with_their_men_and_codes(tmp_path: Path) -> None:
    """The private menu's first line says whom the player plays: the colour of their men on the
    board, the men, and the codes on their tokens (what a command takes)."""
    svc = TableService(tmp_path / "g.sqlite3")
    alice, bob = Player(1, "alice"), Player(2, "bob")
    await svc.create(5, 6, "dads_army", alice, seed="1")
    await svc.join(6, bob)
    await svc.start(6, alice)
    table = svc.table(6)
    first = table.to_act()[0]
    prompt = svc.prompt(6, [alice, bob][first])
    assert prompt is not None and prompt.own is not None
    view = table.game.view(table.state, None)
    team, men = view["players"][first]["team"], view["players"][first]["men"]
    line = i18n.render(prompt.own, "en")
    assert line.startswith(f"You play {team.capitalize()}: ")
    assert all(f"{i18n.gettext(f'dads_army.man.{m}')} ({MAN_CODES[m]})" in line for m in men)
