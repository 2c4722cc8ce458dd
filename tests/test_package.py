"""Gavel as an installed program: the wheel built from this checkout, installed into a fresh
virtual environment, holds the code and every data file, and its `gavel` command plays a whole
game from a folder that has nothing to do with the checkout.

The wheel is built once per session (a module-scoped fixture) from a copy of the checkout, so the
build leaves nothing in the repository, and without build isolation or an index (offline): the
build backend pyproject.toml names (`[build-system]`) is called in a new interpreter, as pip and
`python -m build --no-isolation` call it, with the running interpreter's setuptools (`setuptools`
is in the `dev` extra); pip itself, which would only start the same backend in one more
interpreter, is left to the install. The fresh
environment gets the running interpreter's site-packages through a `.pth` file (the
dependencies, not downloaded again), added after the install so pip sees an empty environment;
the wheel's own packages come first on its path, so what runs is the installed copy, not the
checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from gavel.tables import i18n

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"gavel", "rules", "cogs", "renderer"}
"""The top-level packages the wheel installs: no `data`, `bot` or `tests` in site-packages."""
NOT_SOURCE = shutil.ignore_patterns(
    ".git", "__pycache__", "*.egg-info", "build", "dist", ".venv", "*_cache", ".hypothesis", "gavel-images",
    "*.sqlite3*", ".env",
)
"""What a copy of the checkout leaves out: version control, caches, earlier builds, local state."""
BUILD = ("import importlib, sys\n"
         "backend = importlib.import_module(sys.argv[1])\n"
         "print(backend.build_wheel(sys.argv[2]))\n")
"""A PEP 517 front end with no isolation: the backend's `build_wheel` hook, in the source folder."""


@dataclass(frozen=True)
class Installed:
    wheel: Path
    source: Path
    env: Path

    def bin(self, name: str) -> Path:
        return Path(sysconfig.get_path("scripts", vars={"base": str(self.env), "platbase": str(self.env)})) / name


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`command` in `cwd`, with no path or setting of ours leaking in from the test's environment."""
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR"}
    env = {k: v for k, v in os.environ.items() if k in keep}
    return subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600, stdin=subprocess.DEVNULL)


def pip_in(python: Path) -> list[str | Path]:
    """The running interpreter's pip, run by the interpreter `python` of another environment (so it
    installs there): its `__pip-runner__.py` started by `python`, which is what `pip --python`
    does after starting pip once more in the running interpreter only to find the runner; that
    `--python` where this pip has no runner (before pip 22.3)."""
    import pip

    runner = Path(pip.__file__).parent / "__pip-runner__.py"
    return [python, runner] if runner.is_file() else [sys.executable, "-m", "pip", "--python", python]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("package")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    backend = tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["build-backend"]
    built = run([sys.executable, "-c", BUILD, backend, base / "dist"], cwd=source)
    assert built.returncode == 0, (  # setuptools before 70.1 needs the `wheel` package for this
        "the wheel did not build: python -m pip install -e '.[dev]' brings the setuptools it needs\n"
        + built.stdout + built.stderr
    )
    (wheel,) = (base / "dist").glob("gavel-*.whl")

    env = base / "env"
    venv.create(env, with_pip=False)
    python = Path(sysconfig.get_path("scripts", vars={"base": str(env), "platbase": str(env)})) / "python"
    done = run([*pip_in(python), "install", "--no-deps", "--no-index", wheel], cwd=base)
    assert done.returncode == 0, done.stdout + done.stderr
    site = Path(sysconfig.get_path("purelib", vars={"base": str(env), "platbase": str(env)}))
    ours = [p for p in sys.path if Path(p).name in {"site-packages", "dist-packages"} and Path(p) != site]
    (site / "zz_running_interpreter.pth").write_text("".join(f"{p}\n" for p in ours), encoding="utf-8")
    return Installed(wheel, source, env)


def test_the_wheel_holds_the_packages_and_every_data_file(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as whl:
        names = whl.namelist()
    assert {n.split("/")[0] for n in names if ".dist-info/" not in n} == PACKAGES
    shipped = {n.removeprefix("gavel/data/") for n in names if n.startswith("gavel/data/")}
    data = installed.source / "data"
    assert shipped == {p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file()}
    assert "gavel/cli.py" in names and "gavel/__main__.py" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    with zipfile.ZipFile(installed.wheel) as whl:
        assert "gavel = gavel.cli:entry" in whl.read(entry_points).decode()


def test_the_installed_code_reads_the_installed_data(installed: Installed, tmp_path: Path) -> None:
    """What runs is the installed copy, and it reads its own data folder, not the checkout's."""
    probe = run([installed.bin("python"), "-c",
                 "import rules, rules.data, gavel.tables.i18n, renderer.common\n"
                 "print(rules.__file__, rules.data.DATA_DIR, gavel.tables.i18n.LOCALE_DIR, renderer.common.FONT_DIR,"
                 " sep='\\n')"], cwd=tmp_path)
    assert probe.returncode == 0, probe.stderr
    code, data, locale, fonts = (Path(line).resolve() for line in probe.stdout.splitlines())
    site = Path(sysconfig.get_path("purelib", vars={"base": str(installed.env), "platbase": str(installed.env)}))
    site = site.resolve()
    assert code == site / "rules" / "__init__.py"
    assert data == site / "gavel" / "data"
    assert (locale, fonts) == (data / "locale", data / "fonts")


def test_gavel_plays_a_whole_ai_game_from_any_folder(installed: Installed, tmp_path: Path) -> None:
    game = run([installed.bin("gavel"), "--local", "dads_army", "--seats", "0", "--ai", "4", "--seed", "1"],
               cwd=tmp_path)
    assert game.returncode == 0, game.stdout + game.stderr
    over = i18n.gettext("table.winner", names="@").split("@")[0]
    assert any(line.startswith(over) for line in game.stdout.splitlines()), game.stdout
    assert "DAD'S ARMY" in game.stdout and "└" in game.stdout  # the board, as text in the terminal
    assert not (tmp_path / "gavel-images").exists()  # no picture files unless --images DIR asks for them


def test_gavel_help(capsys: pytest.CaptureFixture[str]) -> None:
    """`gavel --help`, in this process: the `gavel` command and `python -m gavel` both call
    `gavel.cli.entry` (the wheel's entry point and `__main__.py`, checked above and below), so the
    help is this code's parser whatever starts it; that the installed command itself starts is
    shown by the whole AI game and `python -m gavel` by the bot's start, each a process of its own."""
    from gavel import cli

    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("usage: gavel") and "--local GAME" in shown


def test_gavel_alone_starts_the_discord_bot(installed: Installed, tmp_path: Path) -> None:
    """No arguments: the bot, which stops at once without a token (no DISCORD_TOKEN, no `.env`).
    Started as `python -m gavel` in the fresh environment: the installed `__main__.py` calls the
    same `entry` as the `gavel` command (which the whole AI game runs), so one process shows both
    that the module runs and that no arguments mean the bot."""
    bot = run([installed.bin("python"), "-m", "gavel"], cwd=tmp_path)
    assert bot.returncode == 1 and "DISCORD_TOKEN" in bot.stderr, bot.stdout + bot.stderr


def test_every_reader_finds_the_data_folder_through_rules_data() -> None:
    """Only `rules/data.py` names the data folder: a path of its own (`... / "data" / ...`) in
    any other module would find nothing once Gavel is installed."""
    naming = [
        f"{path.relative_to(ROOT).as_posix()}:{n}"
        for folder in sorted(PACKAGES)
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != ROOT / "rules" / "data.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if '"data"' in line or "'data'" in line
    ]
    assert naming == []
