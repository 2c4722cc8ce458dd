"""Judtho at the console: `/judtho move` and `/judtho place` read as the Discord commands do
(`tables.judtho_commands`), plain notation still works, and a whole game exported from the
service replays with `--script` to the identical state."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from bot import local_args
from rules.core import IllegalAction
from rules.judtho.notation import Move, Place, parse
from tables.console import CHANNEL, Console, LocalOptions, options_from_args, run
from tables.judtho_commands import move_text, piece_letter, place_text
from tables.service import Player, TableService

HOST = Player(99, "Host")


def notation(text: str) -> Move | Place | None:
    try:
        action = parse(text)
    except IllegalAction:
        return None
    return action if isinstance(action, (Move, Place)) else None


def quiet() -> TableService:
    return TableService(":memory:", renderers={"judtho": None})


def test_10_move_to_a_square_is_the_one_legal_move_ending_there() -> None:
    legal = ["Nb1-c3", "Sd4xd5xd7", "Sd4xd7", "e11-e12=Q", "e11-e12=R", "Nc3x{b5,e4}"]
    assert move_text(legal, "b1", "c3") == "Nb1-c3"
    assert move_text(legal, "B1", "C3") == "Nb1-c3"
    assert move_text(legal, "d4", "Sd4xd5xd7") == "Sd4xd5xd7"  # a whole notation word, as it is
    assert move_text(legal, "Nb1-c3", None) == "Nb1-c3"
    assert move_text(legal, "b1", "d2") == "b1-d2"  # nothing ends there: the engine says why
    for origin, square, moves in (("d4", "d7", "Sd4xd5xd7, Sd4xd7"), ("e11", "e12", "e11-e12=Q, e11-e12=R")):
        with pytest.raises(IllegalAction) as err:
            move_text(legal, origin, square)
        assert err.value.code == "ambiguous_move" and err.value.params["moves"] == moves


def test_10_place_names_the_piece_by_name_letter_or_in_chinese() -> None:
    assert place_text("Queen", "c2") == "@Qc2"
    assert place_text("q", "C2") == "@Qc2"
    assert place_text("騎士", "b1", "zh-TW") == "@Nb1"
    assert place_text("pawn", "c3") == "@c3"
    assert place_text("rest", None) == place_text("@rest", None) == "@rest"
    assert piece_letter("Princess") == "S" and piece_letter("dragon") is None
    with pytest.raises(IllegalAction):
        place_text("dragon", "c2")


async def test_console_place_and_move_commands_and_plain_notation(tmp_path: Path) -> None:
    svc = quiet()
    console = Console(svc, LocalOptions(game="judtho", seats=4, ai=0, images=str(tmp_path)), io.StringIO())
    await console.setup()
    table = svc.table(CHANNEL)

    def mover() -> tuple[str, list[str]]:
        seat = table.to_act()[0]
        player = console.players[seat]
        return player.name, svc.legal_for(CHANNEL, player)

    def last() -> str:
        return svc.store.actions(table.id)[-1]["action"]

    name, legal = mover()
    queen = next(a for t in legal if isinstance(a := notation(t), Place) and a.piece == "queen")
    await console.command(f"@{name} /judtho place Queen {queen.square}")
    assert last() == f"@Q{queen.square}"
    name, legal = mover()
    knight = next(a for t in legal if isinstance(a := notation(t), Place) and a.piece == "knight")
    await console.command(f"@{name} /judtho place square:{knight.square} piece:N")
    assert last() == f"@N{knight.square}"
    name, legal = mover()
    bishop = next(t for t in legal if t.startswith("@B"))
    await console.command(f"@{name} {bishop}")  # plain notation, a placement starting with @
    assert last() == bishop
    while table.state.phase == "assembly":
        name, _ = mover()
        await console.command(f"@{name} /judtho place rest")
    name, legal = mover()
    moves = [a for t in legal if isinstance(a := notation(t), Move)]
    plain = next(m for m in moves if sum(1 for o in moves if (o.origin, o.to) == (m.origin, m.to)) == 1)
    await console.command(f"@{name} /judtho move {plain.origin} {plain.to}")
    assert last() == str(plain)
    name, legal = mover()
    word = next(t for t in legal if isinstance(notation(t), Move))
    await console.command(f"@{name} {word}")  # notation typed alone
    assert last() == word
    name, legal = mover()
    word = next(t for t in legal if isinstance(notation(t), Move))
    await console.command(f"@{name} /judtho move from:{parse(word).origin} to:{word}")
    assert last() == word


def random_policy(seed: int) -> Any:
    """A fast AI for a whole game: random legal moves, `@rest` in the Assembly, no resigning or
    draw offers (the real search takes up to 2 s a move)."""
    rng = random.Random(seed)

    def choose(game: Any, state: Any, seat: int) -> str:
        texts = [str(a) for a in game.legal_actions(state, seat) if str(a) not in ("resign", "draw offer")]
        if "@rest" in texts:
            return "@rest"
        return rng.choice(texts)

    return choose


async def test_a_whole_judtho_game_of_ai_seats_exports_and_replays_identically(tmp_path: Path) -> None:
    svc = TableService(":memory:", renderers={"judtho": None}, ais={"judtho": random_policy(4)})
    await svc.create(1, 2, "judtho", HOST, seed="j", sit=False)
    for _ in range(4):
        await svc.add_ai(2, HOST)
    await svc.start(2, HOST)
    while svc.table(2) is not None:
        await svc.advance(2)
    record = svc.export(2)
    original = svc.get(record.table_id)
    assert original.game.outcome(original.state) is not None and record.moves > 20
    path = tmp_path / record.filename
    path.write_text(record.text, encoding="utf-8")
    replayed = quiet()
    args = local_args(["--local", "judtho", "--script", str(path), "--images", str(tmp_path / "img")])
    out = io.StringIO()
    assert await run(options_from_args(args), service=replayed, out=out) == 0, out.getvalue()[-2000:]
    row = replayed.store.last_row(CHANNEL)
    assert row["status"] == "finished"
    assert replayed.get(row["id"]).state.to_json() == original.state.to_json()


async def test_console_table_log_export_writes_a_duo_record_that_replays(tmp_path: Path) -> None:
    """`/table log export` mid-game: the file is beside the images, its header keeps the variant,
    and `--script` with nothing but `--local judtho` replays it to the same position."""
    svc = quiet()
    out = io.StringIO()
    console = Console(svc, LocalOptions(game="judtho", seats=2, ai=0, variant="duo", images=str(tmp_path)), out)
    await console.setup()
    table = svc.table(CHANNEL)
    while table.state.phase == "assembly":
        await console.command(f"@{console.players[table.to_act()[0]].name} /judtho place rest")
    for _ in range(3):
        player = console.players[table.to_act()[0]]
        await console.command(f"@{player.name} {next(t for t in svc.legal_for(CHANNEL, player) if notation(t))}")
    await console.command("/table log export")
    path = tmp_path / f"judtho-table{table.id}.txt"
    assert f"{path}" in out.getvalue() and "--variant duo" in path.read_text(encoding="utf-8")
    replayed = quiet()
    args = local_args(["--local", "judtho", "--script", str(path), "--images", str(tmp_path / "replay")])
    assert await run(options_from_args(args), service=replayed, out=io.StringIO()) == 0
    again = replayed.table(CHANNEL)
    assert again.variant == "duo" and again.state.to_json() == table.state.to_json()
