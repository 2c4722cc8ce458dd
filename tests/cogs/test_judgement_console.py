"""Local play of The City of Judgement (`python bot.py --local judgement`): nine AI seats finish a
game; a human with three AI seats plays a whole game by typing `/judgement ...` commands and plain
actions; secrets print only to their seat; a refusal is followed by what the player may do. (How
`/judgement obey answer` and `/judgement skill` read, as the cog reads them: the game's commands,
`tests/rules/judgement/test_commands.py`.)"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from gavel.cli import main
from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.service import TableService


def test_bot_local_nine_ai_seats_finish_a_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`bot.py --local judgement` as bot.py runs it (`gavel.cli.main`, its default service, images
    drawn), in this process: that bot.py as a process starts and exits with main's code is
    proved once, with Dad's Army (`tests/tables/test_dads_army.py`); here, the game's part."""
    monkeypatch.setenv("GAVEL_DB", ":memory:")
    code = main(["--local", "judgement", "--seats", "0", "--ai", "9", "--seed", "1", "--images", str(tmp_path / "img")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Game over. Winners: AI " in out  # a faction wins: several winners, in the plural


COMMANDS = {"pick": "character", "go": "location", "draw": "pack", "give": "target", "target": "target",
            "hurt": "target", "heal": "target", "attack": "target", "skill": "name"}
"""The verbs typed as `/judgement <verb> <option>:<value>` (the others as plain text)."""


async def test_one_human_and_three_ai_seats_play_to_the_end_by_typing(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judgement", seats=1, ai=3, seed="3", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judgement": None}), options, out)
    await console.setup()
    rng = random.Random(3)
    typed: list[str] = []
    for _ in range(400):
        if console.over:
            break
        table = console.service.table(CHANNEL)
        assert table.humans_to_act() == [0], "the AI seats wait for nobody"
        legal = console.service.legal_for(CHANNEL, console.players[0])
        action = rng.choice(legal).split()
        if action[0] in COMMANDS and len(action) == 2 and rng.random() < 0.5:
            line = f"/judgement {action[0]} {COMMANDS[action[0]]}:{action[1]}"
        elif action[0] in ("pay", "pose"):
            line = f"/judgement obey answer:{action[0]} {action[1]}"
        else:
            line = " ".join(action)
        typed.append(line)
        await console.command(line)
    assert console.over, "the game did not end"
    text = out.getvalue()
    assert "Game over." in text and any(t.startswith("/judgement ") for t in typed)
    secret = [line for line in text.splitlines() if "Your identity" in line or "You may pick" in line]
    assert secret and all(line.startswith("[to Alice] ") for line in secret)  # only labelled to their seat
    assert any(line.startswith("[to Alice] ") and "identity" in line for line in text.splitlines())


async def test_a_refusal_is_followed_by_what_the_player_may_do(tmp_path: Path) -> None:
    out = io.StringIO()
    options = LocalOptions(game="judgement", seats=1, ai=3, seed="3", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judgement": None}), options, out)
    await console.setup()
    await console.run_lines(["pick nobody_at_all"], script=False)
    legal = console.service.legal_for(CHANNEL, console.players[0])
    text = out.getvalue()
    assert i18n.gettext("judgement.ui.console_hint", actions=", ".join(legal)) in text


@pytest.mark.parametrize("command", ["/judgement role", "/judgement options"])
async def test_role_and_options_show_what_table_me_shows(tmp_path: Path, command: str) -> None:
    """Discord's private views of a seat (`/judgement role`, `/judgement options`) are not refused
    here: they print what `/table me` prints."""
    out = io.StringIO()
    options = LocalOptions(game="judgement", seats=1, ai=3, seed="3", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judgement": None}), options, out)
    await console.setup()
    start = len(out.getvalue())
    await console.run_lines(["/table me"], script=False)
    me = out.getvalue()[start:]
    start = len(out.getvalue())
    await console.run_lines([command], script=False)
    assert out.getvalue()[start:] == me
    assert i18n.gettext("table.me_seat", n=1, player="Alice") in me and "Refused" not in me


async def test_the_private_image_is_a_role_card_not_a_hand(tmp_path: Path) -> None:
    """The City of Judgement has no hands: the seat's private image is labelled "Role card" /
    「角色卡」 (`judgement.console.hand_image`, as the cogs' `judgement.button.hand` says My role)."""
    for lang in ("en", "zh-TW"):
        out = io.StringIO()
        options = LocalOptions(game="judgement", seats=1, ai=3, seed="3", lang=lang,
                               images=str(tmp_path / lang))
        console = Console(TableService(":memory:"), options, out)
        await console.setup()
        text = out.getvalue()
        [card] = sorted((tmp_path / lang).glob("*-Alice-hand.png"))[:1]
        assert i18n.gettext("judgement.console.hand_image", lang, path=card) in text
        assert i18n.gettext("console.hand_image", lang, path=card) not in text
    assert i18n.gettext("judgement.console.hand_image", "en", path="x") == "Role card: x"
    assert i18n.gettext("judgement.console.hand_image", "zh-TW", path="x") == "角色卡：x"


async def test_r7_another_seat_reveals_with_at_name_in_someone_elses_turn(tmp_path: Path) -> None:
    """Ruling 7 here: `@bob reveal` while Alice is asked (her turn, or a question to her) turns Bob's
    character up, and Alice is still asked the same; before it, `/table me` as Bob says what he may
    do whenever he likes."""
    out = io.StringIO()
    options = LocalOptions(game="judgement", seats=2, ai=2, seed="7", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judgement": None}), options, out)
    await console.setup()
    alice, bob = console.players
    table = console.service.table(CHANNEL)
    for _ in range(200):
        state = table.state
        if state.phase == "turn" and table.humans_to_act() == [0] and not state.players[1].revealed \
                and state.players[1].character != "court_sorcerer":
            break
        seat = table.humans_to_act()[0]
        legal = [a for a in console.service.legal_for(CHANNEL, console.players[seat]) if a != "reveal"]
        pick = next((a for a in legal if a.startswith("attack")), "pass" if "pass" in legal else legal[0])
        await console.command(f"@{console.players[seat].name} {pick}")
    else:
        pytest.fail("Alice was never asked alone while Bob's card was down")
    before = (table.humans_to_act(), console.service.legal_for(CHANNEL, alice), table.version)
    start = len(out.getvalue())
    await console.run_lines([f"@{bob.name} /table me"], script=False)
    assert f"[to Bob] {i18n.gettext('table.me_anytime', actions='reveal')}" in out.getvalue()[start:]
    await console.run_lines([f"@{bob.name.lower()} reveal"], script=False)
    text = out.getvalue()[start:]
    assert "Refused" not in text and table.state.players[1].revealed
    character = i18n.gettext(f"judgement.char.{table.state.players[1].character}")
    assert character in text
    assert (table.humans_to_act(), console.service.legal_for(CHANNEL, alice)) == before[:2]
    assert table.version == before[2] + 1


async def test_the_log_names_each_seat_by_its_colour_and_player_and_a_miss_reads_as_a_miss(tmp_path: Path) -> None:
    """Local play of four AI seats: every line names a seat as the commands do, its colour with its
    player ("blue AI 2", the colour `attack blue` takes); an attack's d6 − d4 of 0 or less reads "a
    miss", never "damage -1"."""
    out = io.StringIO()
    options = LocalOptions(game="judgement", seats=0, ai=4, seed="3", images=str(tmp_path / "img"))
    console = Console(TableService(":memory:", renderers={"judgement": None}), options, out)
    await console.setup()
    text = out.getvalue()
    assert "Game over." in text
    throws = [line for line in text.splitlines() if "on the d6 (attack)" in line]
    assert throws and any(": a miss (d6 − d4 is 0 or less)." in line for line in throws)
    assert not [line for line in throws if "damage -" in line or "damage 0" in line]
    colours = ("red", "blue", "green", "yellow")
    assert all(line.startswith(colours) for line in throws), throws  # "blue AI 2 throws ..."
    attacks = [line for line in text.splitlines() if " attacks " in line]
    assert attacks and all(line.split(" attacks ")[1].startswith(colours) for line in attacks), attacks
