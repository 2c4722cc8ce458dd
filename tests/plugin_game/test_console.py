"""Beacon Relay played to its end in local play (`gavel.tables.console`), in-process and through
`python bot.py --local beacon_relay` with `GAVEL_PLUGINS`: the console knows the game only
through its plug-in (its slash group `/beacon`, its commands' readers, its words' hints, its AI
`GAME.ai` and its renderer module)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from gavel.tables import i18n
from gavel.tables.console import LocalOptions, run
from gavel.tables.service import TableService
from rules.core import Msg
from tests.plugin_game import GAME, KEY

ROOT = Path(__file__).resolve().parents[2]


async def play(tmp_path: Path, script: str | None = None, stdin: str = "", **options) -> tuple[int, str, TableService]:
    path = None
    if script is not None:
        path = tmp_path / "relay.txt"
        path.write_text(script, encoding="utf-8")
    out = io.StringIO()
    service = TableService(":memory:", outbox=False)  # the platform as it is: nothing told of this game
    opts = LocalOptions(game=KEY, script=str(path) if path else None, images=str(tmp_path / "img"), **options)
    code = await run(opts, service=service, stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue(), service


SCRIPT = """\
# Alice and Bob; every die thrown is a 6, so red reaches 12 on Alice's second turn
/beacon rules
/beacon signal
!/beacon stoke red
/beacon roll
/beacon stoke red
@bob /beacon roll
@bob /beacon stoke beacon:藍
!@bob roll
roll
stoke red
"""


async def test_two_humans_play_a_whole_game_by_slash_commands_and_plain_text(tmp_path: Path) -> None:
    code, out, service = await play(tmp_path, SCRIPT, seats=2, seed="relay", dice=[6, 6, 6])
    assert code == 0, out
    assert i18n.gettext(f"{KEY}.rules").splitlines()[0] in out
    assert "Refused: " + i18n.gettext("error.beacon_relay_roll_first") in out
    assert i18n.gettext(f"{KEY}.hint", actions="Roll") in out  # the game's words under a refusal
    assert "Alice stokes the Red beacon by 6: it burns at 12." in out
    assert "Bob stokes the Blue beacon by 6: it burns at 6." in out  # `藍` read as blue
    assert i18n.gettext(f"{KEY}.event.lit", beacon="Red") in out and "Game over. Winners: Alice, Bob!" in out
    table = service.get(1)
    assert table is not None and table.status == "finished"
    outcome = GAME.outcome(table.state)
    assert outcome is not None and outcome.reason == "lit"
    names = i18n.Listed.of(table.seat_name(s) for s in outcome.winners)
    assert i18n.render(Msg("table.winner", {"names": names}, count=len(outcome.winners))) in out
    assert list((tmp_path / "img").glob("*.png")), "the plug-in's renderer drew the beacons"


async def test_ai_seats_play_a_whole_game_with_the_games_own_ai(tmp_path: Path) -> None:
    code, out, service = await play(tmp_path, seats=0, ai=3, seed="3")
    assert code == 0, out
    assert "Game over. Winner: AI " in out
    table = service.get(1)
    assert table is not None and table.status == "finished" and GAME.outcome(table.state) is not None
    assert service.replay(1).to_json() == table.state.to_json()
    assert list((tmp_path / "img").glob("*.png"))


async def test_the_secret_is_never_in_a_public_notice(tmp_path: Path) -> None:
    """In `--json`, every seat's beacon line travels only in that seat's private objects."""
    script = SCRIPT.replace("/beacon rules\n", "")  # the rules summary is plain text, not a notice
    code, out, service = await play(tmp_path, script, seats=2, seed="relay", dice=[6, 6, 6], json=True)
    assert code == 0, out
    table = service.get(1)
    assert table is not None
    secret = {seat: [i18n.render(m, lang) for m in GAME.secrets(table.state, seat) for lang in i18n.LANGUAGES]
              for seat in range(2)}
    objects = [json.loads(line) for line in out.splitlines()]
    public = [o for o in objects if o["kind"] == "public"]
    told = {o["seat"] for o in objects if o["kind"] == "private" and any(s in line for line in o["lines"]
                                                                          for s in secret[o["seat"]])}
    assert public and told == {0, 1}, "each seat was told its beacon"
    for obj in public:
        text = json.dumps(obj, ensure_ascii=False)
        assert not any(s in text for lines in secret.values() for s in lines), obj
        assert f"{KEY}.secret" not in text


def local(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "bot.py", "--local", KEY, "--images", str(tmp_path / "img"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
                               "GAVEL_PLUGINS": "tests.plugin_game"})


def test_bot_local_finds_the_game_by_gavel_plugins_and_plays_it_to_the_end(tmp_path: Path) -> None:
    script = tmp_path / "relay.txt"
    script.write_text("roll\nstoke gold\n@bob roll\n@bob stoke green\nroll\nstoke gold\n", encoding="utf-8")
    done = local(tmp_path, "--seats", "2", "--dice", "6,6,6", "--seed", "1", "--script", str(script))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Alice stokes the Gold beacon by 6: it burns at 12." in done.stdout
    assert "The Gold beacon is lit!" in done.stdout and "Game over. Winner: " in done.stdout
    assert list((tmp_path / "img").glob("*.png")), "the plug-in's renderer drew the beacons"
    # AI seats playing a whole game through the same `run` is test_ai_seats_play_a_whole_game_with_the_games_own_ai
