"""Local play shows the board in the terminal: a whole game of every game, played through the
console by its human seat (moved by the game's own AI policy) against AI seats, prints the text
board after every command that changed the table, and that board is the one drawn from the table's
public view as it stands; a seat's hand or role card prints under its label. Colour only when asked
for or at a terminal without NO_COLOR; `--images DIR` still writes the pictures, `--images inline`
draws them in a terminal that says it can."""

from __future__ import annotations

import io
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from gavel.cli import parser
from gavel.tables import i18n, screen
from gavel.tables.console import CHANNEL, Console, LocalOptions, options_from_args
from gavel.tables.service import TableService
from renderer import Functions, for_game
from renderer.judgement_look import name_of
from renderer.text import WIDTH, plain, width
from rules import registry
from rules.judtho import ai as judtho_ai

PNG = b"\x89PNG picture"
"""What the pictures are in these games: the text boards are the real ones, the PNGs are not
drawn (Pillow would take most of the time of a whole game)."""

GAMES = [("dads_army", 1, 1, "en"), ("judge_dredd", 1, 1, "zh-TW"), ("judtho", 1, 1, "en"),
         ("judgement", 1, 3, "en")]
MOST_COMMANDS = 3000
QUICK = {"judtho": partial(judtho_ai.choose, node_budget=40)}
"""Judtho's AI on a small search budget (its full budget is tested in tests/rules/judtho), for
its AI seat and its human alike; the other games' own AI is quick."""


def policy(key: str) -> Any:
    return QUICK.get(key) or registry.plugin(key).ai


def quick(key: str) -> Any:
    """The game's renderer with its text drawings, its pictures stood in for."""
    found = for_game(key)
    hand = (lambda view, **_: PNG) if found.render_hand is not None else None
    return Functions(lambda view, **_: PNG, found.highlights, found.label_actions, hand, found.render_parts,
                     found.text_board, found.text_hand)


def console_for(key: str, humans: int, ai: int, lang: str, out: io.StringIO, **options: Any) -> Console:
    service = TableService(":memory:", renderers={key: quick(key)}, ais={key: policy(key)})
    return Console(service, LocalOptions(game=key, seats=humans, ai=ai, seed="board", lang=lang,
                                         pictures=screen.TEXT, **options), out)


@pytest.mark.parametrize(("key", "humans", "ai", "lang"), GAMES)
async def test_a_whole_local_game_prints_the_board_after_every_change(key: str, humans: int, ai: int,
                                                                      lang: str) -> None:
    out = io.StringIO()
    console = console_for(key, humans, ai, lang, out)
    draw = for_game(key).text_board
    assert draw is not None
    await console.setup()
    changes = 0
    for _ in range(MOST_COMMANDS):
        table = console.service.table(CHANNEL)
        if table is None:
            break
        player = next(p for p in console.players if console.service.legal_for(CHANNEL, p))
        seat = table.seat_of(player.user_id)
        action = str(policy(key)(table.game, table.state, seat))
        before, version = out.tell(), table.version
        await console.command(f"@{player.name} {action}")
        printed = out.getvalue()[before:]
        now = console.service.table(CHANNEL)
        assert now is None or now.version > version, (action, printed)
        changes += 1
        assert "\x1b[" not in printed  # not a terminal, nothing asked: no colour
        boards = [line for line in printed.split("\n") if line.startswith(("┌", "└", "   ┌", "   └"))]
        assert boards, (action, printed)  # the board, printed after the change
        assert all(width(line) <= WIDTH for line in printed.split("\n") if "│" in line or "─" in line)
        if now is not None:
            said = dict(enumerate(now.names))
            shown = draw(now.game.view(now.state, None), names=said, text=lambda k: i18n.gettext(k, lang))
            assert shown is not None and plain(shown) in printed  # the board as the table stands
    else:
        pytest.fail(f"{key}: no end after {MOST_COMMANDS} commands")
    assert changes > 3
    assert console.over


async def test_a_seats_hand_prints_under_its_label_and_nowhere_else() -> None:
    out = io.StringIO()
    console = console_for("judgement", 2, 2, "en", out)
    await console.setup()
    printed = out.getvalue()
    mine = i18n.gettext("console.private", "en", player="Alice", text=i18n.gettext("console.own_board", "en"))
    theirs = i18n.gettext("console.private", "en", player="Bob", text=i18n.gettext("console.own_board", "en"))
    assert mine in printed and theirs in printed
    after = printed.split(mine, 1)[1].split("\n")
    assert after[1].startswith("┌─ My role · Red Alice")  # the role card's box, right under the label
    role = after[1:after.index(next(line for line in after[1:] if line.startswith("└"))) + 1]
    table = console.service.table(CHANNEL)
    assert table is not None
    identity = name_of("identity", table.state.players[0].identity, "en")
    assert any(identity in line for line in role)  # Alice's own identity, on her card


@pytest.mark.parametrize(("env", "wanted", "tty", "coloured"), [
    ({}, None, True, True),
    ({"NO_COLOR": ""}, None, True, False),
    ({}, None, False, False),
    ({"NO_COLOR": "1"}, True, False, True),
    ({}, False, True, False),
])
def test_colour_only_at_a_terminal_without_no_color_unless_asked(env: dict[str, str], wanted: bool | None,
                                                                 tty: bool, coloured: bool) -> None:
    class Out(io.StringIO):
        def isatty(self) -> bool:
            return tty

    assert screen.colour(Out(), env, wanted) is coloured


def test_pictures_inline_only_where_the_terminal_says_it_draws_them() -> None:
    assert screen.graphics({"TERM": "xterm-kitty"}) == "kitty"
    assert screen.graphics({"KITTY_WINDOW_ID": "3", "TERM": "xterm-256color"}) == "kitty"
    assert screen.graphics({"TERM_PROGRAM": "iTerm.app"}) == "iterm"
    assert screen.graphics({"TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"}) is None
    inline = screen.Screen(screen.INLINE, False, "kitty")
    shown = inline.shown("board", b"x" * 5000)
    assert shown is not None and shown.startswith("\x1b_Ga=T,f=100,m=1;") and shown.endswith("\x1b\\")
    assert shown.count("\x1b_G") == 2  # the picture in chunks of at most 4096 base64 bytes
    iterm = screen.Screen(screen.INLINE, False, "iterm").shown("board", PNG)
    assert iterm is not None and iterm.startswith("\x1b]1337;File=inline=1;")
    fallback = screen.Screen(screen.INLINE, False, None)
    assert fallback.shown("board", PNG) == "board"  # no pictures here: the text instead


def test_the_command_line_chooses_text_files_or_inline() -> None:
    def options(*argv: str) -> LocalOptions:
        return options_from_args(parser().parse_args(["--local", "judtho", *argv]))

    assert (options().pictures, options().images) == (screen.TEXT, "gavel-images")
    assert (options("--images", "out").pictures, options("--images", "out").images) == (screen.FILES, "out")
    assert options("--images", "inline").pictures == screen.INLINE
    assert options("--no-color").colour is False and options("--color").colour is True
    assert options().colour is None


async def test_images_dir_still_writes_the_pictures_and_text_writes_none(tmp_path: Path) -> None:
    for mode, written in ((screen.FILES, True), (screen.TEXT, False)):
        folder = tmp_path / mode
        out = io.StringIO()
        console = console_for("judtho", 1, 1, "en", out, images=str(folder))
        console.options.pictures = mode
        await console.setup()
        assert (folder.exists() and any(folder.glob("*.png"))) is written
        assert ("Board image: " in out.getvalue()) is written
        assert "└" in out.getvalue()  # the text board either way


async def test_json_carries_the_board_without_colour() -> None:
    out = io.StringIO()
    console = console_for("dads_army", 1, 1, "en", out, json=True, colour=True)
    await console.setup()
    objects = [json.loads(line) for line in out.getvalue().splitlines()]
    boards = [o["board"] for o in objects if o.get("kind") == "public" and o.get("board")]
    assert boards and all("\x1b" not in b and "Walmington-on-Sea" in b for b in boards)


async def test_the_board_asked_for_is_shown_again_and_a_secret_board_under_its_seat() -> None:
    out = io.StringIO()
    console = console_for("judge_dredd", 2, 0, "en", out)
    await console.setup()
    before = out.tell()
    await console.command("/table board")
    shown = out.getvalue()[before:]
    label = i18n.gettext("console.private", "en", player="Alice", text=i18n.gettext("console.own_board", "en"))
    assert label in shown and "JUDGE DREDD" in shown.split(label, 1)[1]  # Alice's own board, labelled as hers
