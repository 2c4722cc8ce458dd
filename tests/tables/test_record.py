"""The whole game as a script (`gavel.tables.record`): `/table log export` in the console, and
`--script` replaying it (its `# gavel:` header read by `bot.local_args`) to the identical state."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot import local_args
from gavel.tables import i18n
from gavel.tables.console import CHANNEL as LOCAL
from gavel.tables.console import options_from_args, run
from gavel.tables.record import HEADER, header_options, seat_tokens
from gavel.tables.service import Player, TableService
from rules.core import IllegalAction
from tests.tables.conftest import ALICE, BOB, CHANNEL, GUILD, make_service, seat

HOST = Player(99, "Host Person")


async def replay(path: Path, game: str, service: TableService, tmp_path: Path, *extra: str) -> tuple[int, str]:
    """`python bot.py --local <game> --script <path>` on `service`: (exit code, output)."""
    args = local_args(["--local", game, "--script", str(path), "--images", str(tmp_path / "img"), *extra])
    out = io.StringIO()
    code = await run(options_from_args(args), service=service, out=out)
    return code, out.getvalue()


def final_state(service: TableService) -> dict:
    """The state of the console's table (open, or finished: the newest in its channel)."""
    row = service.store.last_row(LOCAL)
    return service.get(row["id"]).state.to_json()


def test_seat_tokens_are_single_unique_words() -> None:
    assert seat_tokens(["Alice Smith", "AI 1", "AI 1", "7", "小明", ""]) == [
        "Alice_Smith", "AI_1", "AI_1_2", "p7", "小明", "seat6"]


def test_the_header_line_is_read_only_before_the_first_command() -> None:
    assert header_options(f"# title\n{HEADER} --local toy --seats 2\n@a roll\n") == ["--local", "toy", "--seats", "2"]
    assert header_options(f"@a roll\n{HEADER} --local toy\n") == []


async def test_a_toy_game_with_ai_seats_exports_and_replays_to_the_same_state(tmp_path: Path) -> None:
    svc = make_service()
    await seat(svc, ALICE, BOB, ai=2, seed="r", dice=[6, 6, 5])  # scripted dice, then seeded: --draws covers both
    for _ in range(6):
        table = svc.table(CHANNEL)
        if table is None:
            break
        player = ALICE if table.to_act() == [0] else BOB
        text = "roll" if table.state.roll is None else f"move {table.state.roll}"
        await svc.act(CHANNEL, player, text)
    with pytest.raises(IllegalAction) as err:  # the toy game hides information: only once it is over
        svc.export(CHANNEL)
    assert err.value.code == "export_after_end"
    await svc.leave(CHANNEL, BOB)
    while svc.table(CHANNEL) is not None:
        table = svc.table(CHANNEL)
        await svc.act(CHANNEL, ALICE, "roll" if table.state.roll is None else f"move {table.state.roll}")
    record = svc.export(CHANNEL)  # the last table of the channel, finished
    lines = record.text.splitlines()
    assert lines[0].startswith("# Toy race, table 1, started ") and lines[0].endswith("finished")
    assert "Seats: 1 alice · 2 bob · 3 AI_1 (AI 1) [AI] · 4 AI_2 (AI 2) [AI]" in record.text
    assert f"# Replay: python bot.py --local toy --script {record.filename}" in lines
    header = header_options(record.text)
    assert header[:8] == ["--local", "toy", "--seats", "4", "--ai", "0", "--names", "alice,bob,AI_1,AI_2"]
    commands = [line for line in lines if not line.startswith("#")]
    assert len(commands) == record.moves == len(svc.store.actions(record.table_id))
    assert commands[0] == "@alice roll" and any(c.startswith("@AI_1 ") for c in commands)
    path = tmp_path / record.filename
    path.write_text(record.text, encoding="utf-8")
    replayed = make_service()
    code, out = await replay(path, "toy", replayed, tmp_path)
    assert code == 0, out
    assert final_state(replayed) == svc.get(record.table_id).state.to_json()
    assert "Game over. Winner: " in out


async def test_a_record_of_another_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text(f"{HEADER} --local toy --seats 2\n@a roll\n")
    with pytest.raises(SystemExit) as err:
        local_args(["--local", "dads_army", "--script", str(path)])
    assert err.value.code == 2


async def test_the_console_writes_the_export_beside_the_images(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("roll\n/table log export\n")
    out = io.StringIO()
    svc = make_service()
    code = await run(options_from_args(local_args(["--local", "toy", "--seats", "2", "--seed", "e", "--script",
                                                   str(script), "--images", str(tmp_path / "img")])),
                     service=svc, out=out)
    assert code == 1  # the toy game hides information: refused while it is played
    assert "Refused: " + i18n.gettext("error.export_after_end") in out.getvalue()


async def test_an_open_game_whose_set_up_shuffled_a_pack_is_exported_only_once_over() -> None:
    """Dad's Army hides nothing but the order of its deck, shuffled at set-up: a record's `--draws`
    replayed would show every card to come, so while the game is on its export is refused (to
    anyone in the channel: a spectator as much as a player). A game with no set-up draw (Judtho)
    still exports mid-game (tests/tables/test_judtho_console.py)."""
    svc = TableService(":memory:", renderers={"dads_army": None})
    await svc.create(GUILD, CHANNEL, "dads_army", HOST, seed="3")
    await svc.add_ai(CHANNEL, HOST)
    await svc.start(CHANNEL, HOST)
    table = svc.table(CHANNEL)
    assert table is not None and table.status == "active" and svc.store.table_row(table.id)["setup"]
    with pytest.raises(IllegalAction) as refused:
        svc.export(CHANNEL)
    assert refused.value.code == "export_after_end"
    await svc.leave(CHANNEL, HOST)  # the game is over: now its record, draws and all, may go out
    assert svc.table(CHANNEL) is None
    assert "--draws" in header_options(svc.export(CHANNEL).text)


async def test_dads_army_with_dice_exports_and_replays_identically(tmp_path: Path) -> None:
    """Chance: the record's `--draws` feeds every die back, so the replay throws the same."""
    svc = TableService(":memory:", renderers={"dads_army": None})
    await svc.create(GUILD, CHANNEL, "dads_army", HOST, seed="3", sit=False)
    for _ in range(4):
        await svc.add_ai(CHANNEL, HOST)
    await svc.start(CHANNEL, HOST)
    while svc.table(CHANNEL) is not None:
        await svc.advance(CHANNEL)
    record = svc.export(CHANNEL)
    assert "--draws" in header_options(record.text)
    path = tmp_path / record.filename
    path.write_text(record.text, encoding="utf-8")
    replayed = TableService(":memory:", renderers={"dads_army": None})
    code, out = await replay(path, "dads_army", replayed, tmp_path)
    assert code == 0, out[-2000:]
    assert final_state(replayed) == svc.get(record.table_id).state.to_json()


async def test_a_cancelled_hidden_game_exports_only_its_public_record(tmp_path: Path) -> None:
    """A game with secrets cancelled by staff before its end never showed them: its export (to
    anyone in the channel) is what the channel was told, without the draws (each seat's secret
    number, the deck) that a script's `--draws` would give away; it is no script to replay."""
    svc = make_service()
    await seat(svc, ALICE, BOB, seed="c")
    await svc.act(CHANNEL, ALICE, "roll")
    table = svc.table(CHANNEL)
    assert table is not None and table.state is not None
    secrets = [str(s) for s in table.state.secrets]
    await svc.cancel(CHANNEL, ALICE, can_manage=True)
    record = svc.export(CHANNEL)
    assert record.public and record.moves == 1 and record.filename.endswith("-public.txt")
    assert header_options(record.text) == [] and HEADER not in record.text and "--draws" not in record.text
    assert all(line.startswith("# ") for line in record.text.splitlines())
    assert not any(secret in record.text for secret in secrets)
    assert i18n.gettext("table.record_public") in record.text
    rolled = svc.store.actions(table.id)[0]
    assert "alice" in record.text and str(rolled["action"]) == "roll"
    # the console says so, and a replay of it does nothing
    path = tmp_path / record.filename
    path.write_text(record.text, encoding="utf-8")
    assert header_options(path.read_text(encoding="utf-8")) == []


async def test_a_finished_hidden_game_still_exports_its_whole_script() -> None:
    svc = make_service()
    await seat(svc, ALICE, BOB, seed="c")
    await svc.leave(CHANNEL, ALICE)  # resigning ends a game of two: it is over, every secret may go out
    record = svc.export(CHANNEL)
    assert not record.public and "--draws" in header_options(record.text)
