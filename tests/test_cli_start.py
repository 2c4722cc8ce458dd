"""Getting started: what a newcomer meets first. `gavel` without a token says what to do and
leaves no file behind; `--json | head` ends quietly; `--help` names the games and their variants;
a game's Discord group name (`dredd`) works as its local name, and a wrong name gets the nearest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gavel import cli
from gavel.tables.games import local_game, local_variant
from rules import registry
from rules.core import IllegalAction

ROOT = Path(__file__).resolve().parent.parent


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "GAVEL_DB")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def test_gavel_without_a_token_says_what_to_do_and_writes_nothing(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "gavel"], cwd=tmp_path, env=_env(), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode != 0
    assert "DISCORD_TOKEN" in done.stderr
    assert "--local" in done.stderr  # what to run without a token
    assert "voice" not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # no database, no lock file


def test_json_into_a_pipe_closed_early_ends_quietly(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "gavel", "--local", "dads_army", "--seats", "0", "--ai", "4",
                             "--seed", "1", "--json", "--images", str(tmp_path / "img")],
                            cwd=tmp_path, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=300)
    assert first.startswith(b"{")
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code == 0


def test_help_lists_every_game_and_its_variants() -> None:
    text = cli.parser().format_help()
    for plugin in registry.plugins().values():
        info = plugin.game.info
        assert info.key in text
        for variant in info.variants:
            assert variant in text


@pytest.mark.parametrize(("typed", "key"), [("dredd", "judge_dredd"), ("dadsarmy", "dads_army"),
                                            ("Judtho", "judtho"), ("judge_dredd", "judge_dredd")])
def test_group_names_and_keys_are_local_names(typed: str, key: str) -> None:
    assert local_game(typed) == key


def test_a_wrong_game_name_gets_the_list_and_the_nearest() -> None:
    with pytest.raises(IllegalAction) as found:
        local_game("judge_dred")
    assert found.value.code == "unknown_local_game"
    assert found.value.params["nearest"] == "judge_dredd"
    for plugin in registry.plugins().values():
        assert plugin.game.info.key in found.value.params["games"]


def test_a_wrong_variant_name_gets_the_list_and_the_nearest() -> None:
    with pytest.raises(IllegalAction) as found:
        local_variant("judtho", "dou")
    assert found.value.code == "unknown_local_variant"
    assert found.value.params["nearest"] == "duo"
    assert "trio" in found.value.params["variants"]
    assert local_variant("judtho", "duo") == "duo"
    assert local_variant("judtho", None) is None


def test_local_play_with_a_group_name_starts_that_game(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "gavel", "--local", "dredd", "--images", str(tmp_path / "img")],
                          cwd=tmp_path, env=_env(), input="/table status\n", capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Judge Dredd" in done.stdout


def test_git_ignores_a_virtual_environment() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert ".venv/" in ignored


def test_judtho_rules_name_the_time_option_it_has() -> None:
    from gavel.tables import i18n

    lobby = registry.plugin("judtho").commands.get("new")
    assert lobby is not None and "timeout" not in lobby.names and "time" in lobby.names
    for lang in ("en", "zh-TW"):
        text = i18n.gettext("judtho.rules", lang)
        assert "timeout" not in text
        assert "time" in text


def test_the_readme_says_which_python_and_makes_a_virtual_environment_first() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Python 3.11" in readme
    venv = readme.index("python3 -m venv .venv")
    assert venv < readme.index("python bot.py --local")
    assert venv < readme.index("-m pytest")
