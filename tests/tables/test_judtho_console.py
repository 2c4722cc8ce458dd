"""Judtho at the console: `/judtho move` and `/judtho place` read as the Discord commands do
(the game's commands, `rules.judtho.commands`, tested in `tests/rules/judtho/`), plain notation
still works, and a whole game exported from the service replays with `--script` to the identical
state."""

from __future__ import annotations

import io
import random
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot import local_args
from gavel.tables import i18n
from gavel.tables.console import CHANNEL, INDENT, Console, LocalOptions, options_from_args, run
from gavel.tables.service import Player, TableService
from rules.core import IllegalAction
from rules.judtho import ai as judtho_ai
from rules.judtho.notation import Move, Place, parse

HOST = Player(99, "Host")
QUICK_AI = partial(judtho_ai.choose, node_budget=40)
"""Judtho's AI on a small search budget (its full budget is tested in tests/rules/judtho)."""


def notation(text: str) -> Move | Place | None:
    try:
        action = parse(text)
    except IllegalAction:
        return None
    return action if isinstance(action, (Move, Place)) else None


def quiet() -> TableService:
    return TableService(":memory:", renderers={"judtho": None})


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


# ---------------------------------------------------------------------------- what a newcomer reads


def prompt_lines(text: str, player: str = "Alice") -> list[str]:
    """Each "may:" list, its lines (wrapped at the terminal's width) joined into one."""
    found: list[str] = []
    for line in text.splitlines():
        if line.startswith(f"{player} may: "):
            found.append(line)
        elif found and line.startswith(INDENT) and found[-1].endswith(","):
            found[-1] += " " + line[len(INDENT):]
    return found


async def test_10_the_assembly_prompt_says_piece_and_square_once_not_190_placements(tmp_path: Path) -> None:
    """1.2.6 Assembly: every piece on every empty square of the Kingdom is ~190 `@Ka1`…; the prompt
    says it once (letters, the squares' count and area, an example), names the letters, @rest."""
    out = io.StringIO()
    console = Console(quiet(), LocalOptions(game="judtho", seats=1, ai=3, images=str(tmp_path)), out)
    await console.setup()
    first = prompt_lines(out.getvalue())[-1]
    assert first == ("Alice may: @ + K/Q/P/S/R/N/B (no letter for a Pawn) + one of the 24 empty squares of a1–f4"
                     " (e.g. @Ka3, @a3), @rest, resign")
    assert "(names: K King · Q Queen · P Prince · S Princess · R Rook · N Knight · B Bishop · @rest" in out.getvalue()
    await console.command("Qc2")  # a placement typed without its @
    later = prompt_lines(out.getvalue())[-1]
    assert "@ + K/P/S/R/N/B (no letter for a Pawn) + one of the 23 empty squares of a1–f4" in later
    await console.command("place rest")  # the command without its slash
    moves = prompt_lines(out.getvalue())[-1]
    assert "@" not in moves and "…" not in moves  # every move fits once grouped by piece
    assert any(part.count("/") >= 2 for part in moves.split(", "))


def test_3_4_a_variant_with_its_own_seats_is_filled_with_ai_to_them() -> None:
    """Section 3 Duo is for 2, Section 4 Trio for 3: `--variant trio` alone starts a Trio."""
    from gavel.tables.console import seating

    assert seating("judtho", None, None, "trio") == (1, 2)
    assert seating("judtho", None, None, "trio_dark") == (1, 2)
    assert seating("judtho", None, None, "duo") == (1, 1)
    assert seating("judtho", None, 3, "trio") == (0, 3)  # AI seats alone
    assert seating("judtho", None, 3, None) == (1, 3)
    with pytest.raises(IllegalAction) as err:
        seating("judtho", None, 3, "duo")
    assert err.value.code == "variant_seats" and err.value.params == {"variant": "duo", "n": 3, "seats": "2"}


async def test_j18_a_move_with_a_departure_clock_is_still_your_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                    ) -> None:
    """J18: a timeout is a Departure; that clock does not make a turn a card-play window, so the
    console says "Alice, it is your turn", not "Waiting for: Alice"."""
    from rules.judtho.engine import Depart, Judtho

    monkeypatch.setattr(Judtho, "timeout_action", lambda self, state, seat: Depart())
    out = io.StringIO()
    console = Console(quiet(), LocalOptions(game="judtho", seats=1, ai=3, images=str(tmp_path)), out)
    await console.setup()
    await console.command("@rest")
    assert "Alice, it is your turn." in out.getvalue() and "Waiting for" not in out.getvalue()


async def test_the_welcome_comes_before_the_first_turn(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await run(LocalOptions(game="judtho", variant="trio", images=str(tmp_path)), service=quiet(),
                     stdin=io.StringIO("/table status\n"), out=out)
    text = out.getvalue()
    assert code == 0 and text.startswith("Local table of Judtho.")
    assert text.index("There is no clock here") < text.index("Alice may: ")
    assert "Variant: Trio" in text and "Seat 3: AI 2 (AI)" in text


def docs_judtho_example() -> tuple[list[str], list[str], str]:
    """The local example of docs/games/judtho.md: its `bot.py` arguments, its commands, and the
    prose after them naming the other ways to type a placement and a move."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "games" / "judtho.md").read_text(encoding="utf-8")
    start = text.index("\n## Play it locally\n")
    end = text.find("\n## ", start + 1)
    section = text[start:end if end != -1 else len(text)]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)
    command = next(body for kind, body in blocks if kind == "bash").split()
    lines = next(body for kind, body in blocks if not kind).splitlines()
    return command[command.index("bot.py") + 1:], lines, " ".join(section.split("```")[-1].split())


async def test_the_docs_judtho_example_and_every_form_it_promises_run(tmp_path: Path) -> None:
    """Every line of the game page's local example is accepted (`--script` fails on a refusal), and each
    other form it names for the same placement, rest and move plays the same game."""
    args, lines, prose = docs_judtho_example()
    forms = {"queen": ["/judtho place Queen c2", "@Qc2", "Qc2"], "rest": ["place rest", "@rest"],
             "move": ["/judtho move c3 d5", "/judtho move from:c3 to:Nc3-d5", "Nc3-d5"]}
    assert all(f"`{form}`" in prose for group in forms.values() for form in group)
    assert lines[:4] == ["/judtho place King b1", "Qc2", "place rest", "/judtho move c3 d5"]
    logs = set()
    for n, (queen, rest, move) in enumerate(zip(forms["queen"], forms["rest"] * 2, forms["move"], strict=False)):
        script = tmp_path / f"example{n}.txt"
        script.write_text("\n".join([lines[0], queen, rest, move, *lines[4:]]) + "\n", encoding="utf-8")
        # The AI seats search on a small budget: the human's one move comes before any AI move (the
        # lines after it read the log and leave), so the lines are accepted whatever the AI plays.
        svc = TableService(":memory:", renderers={"judtho": None}, ais={"judtho": QUICK_AI})
        options = options_from_args(local_args([*args, "--script", str(script), "--images", str(tmp_path / str(n))]))
        out = io.StringIO()
        assert await run(options, service=svc, out=out) == 0, out.getvalue()[-1500:]
        row = svc.store.last_row(CHANNEL)
        logs.add(tuple(a["action"] for a in svc.store.actions(row["id"])))
        assert row["status"] == "finished"  # `/table leave`: a Departure ends the game
    assert len(logs) == 1 and ("@Qc2" in next(iter(logs)) and "Nc3-d5" in next(iter(logs)))


async def test_4_a_refused_move_is_followed_by_that_pieces_legal_moves(tmp_path: Path) -> None:
    """Section 4 (how pieces move): `c3-c5` for a Knight is refused, and the console says where
    that Knight may go; a square with none of your pieces gets the engine's reason, then (as
    every refusal) the whole "may:" list again."""
    out = io.StringIO()
    code = await run(LocalOptions(game="judtho", seats=1, ai=3, images=str(tmp_path)), service=quiet(),
                     stdin=io.StringIO("place rest\n/judtho move c3 c5\nd4-d8\n/judtho move e5 e6\n"), out=out)
    lines = out.getvalue().splitlines()
    assert code == 0
    at = lines.index("Refused: Your Knight on c3 cannot play c3-c5. Its moves now: Nc3-d5 Nc3-e2 Nc3-d1 Nc3-b5")
    assert lines[at + 1] == "From c3 you may play: Nc3-d5/e2/d1/b5."
    at = lines.index("Refused: Your Pawn on d4 cannot play d4-d8. Its moves now: d4-d5 d4-d6")
    assert lines[at + 1] == "From d4 you may play: d4-d5/d6."
    at = lines.index("Refused: There is none of your pieces on e5.")
    assert lines[at + 1].startswith("Alice may: Qb2-") and lines[-1].startswith("(names: ")


async def test_j18_no_move_clock_is_announced_at_the_console(tmp_path: Path) -> None:
    """J18's move clock (`/judtho new time:`, the table's time control) runs only on Discord: the
    console, where nobody's time runs out, runs its service without clocks, so no line speaks of
    one (the table's or the game's own) and no decision has a deadline; its own line says there
    is none."""
    service = TableService(":memory:", outbox=False)  # a service as the bot would make it
    out = io.StringIO()
    code = await run(LocalOptions(game="judtho", seats=2, ai=1, images=str(tmp_path)), service=service,
                     stdin=io.StringIO("/table status\n"), out=out)
    text = out.getvalue()
    assert code == 0 and i18n.gettext("console.no_clock") in text
    for key in ("judtho.time_control", "table.time_control", "table.clock", "table.no_clock"):
        assert i18n.gettext(key, minutes="1", seconds="60").split(":")[0] not in text, key
    assert service.clocks is False and service.deadline(CHANNEL) is None


async def test_j24_judtho_draw_reads_as_the_cog_does(tmp_path: Path) -> None:
    """J24 (E7): `/judtho draw` offers a draw, `/judtho draw void` proposes a void game, as on Discord."""
    svc = quiet()
    console = Console(svc, LocalOptions(game="judtho", seats=2, ai=0, variant="duo", images=str(tmp_path)),
                      io.StringIO())
    await console.setup()
    table = svc.table(CHANNEL)
    while table.state.phase == "assembly":
        await console.command(f"@{console.players[table.to_act()[0]].name} place rest")
    await console.command("/judtho draw void")
    assert svc.store.actions(table.id)[-1]["action"] == "void offer"
    await console.command("@bob /judtho draw answer:decline")
    await console.command("/judtho draw")
    assert [a["action"] for a in svc.store.actions(table.id)][-2:] == ["draw decline", "draw offer"]


async def test_4_7_the_typed_route_to_a_distant_capture_lists_its_targets(tmp_path: Path) -> None:
    """`/judtho move from:c3 to:Nc3x{?}` (the entry Discord's autocomplete offers to choose some
    targets) is the same declared command here: it names the Knight's distant captures, as the
    menu's step does; from a square with none it is refused with the same reason."""
    from tests.cogs.test_judtho_multiselect import KNIGHT, TARGETS
    from tests.cogs.test_judtho_play import set_position

    svc = quiet()
    out = io.StringIO()
    console = Console(svc, LocalOptions(game="judtho", seats=2, ai=0, variant="duo", images=str(tmp_path)), out)
    await console.setup()
    table = svc.table(CHANNEL)
    while table.state.phase == "assembly":
        await console.command(f"@{console.players[table.to_act()[0]].name} place rest")
    set_position(table, KNIGHT)
    before = table.version
    out.truncate(0)
    await console.command("/judtho move from:c3 to:Nc3x{?}")
    said = out.getvalue()
    assert i18n.gettext("judtho.ui.pick", piece=i18n.gettext("judtho.piece.knight"), square="c3") in said
    assert all(target in said for target in TARGETS) and table.version == before
    with pytest.raises(IllegalAction) as refused:
        await console.command("/judtho move from:a1 to:Na1x{?}")
    assert refused.value.code == "judtho_no_distant_capture"
