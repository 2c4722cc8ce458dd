"""Local play as a terminal program: a prompt with line editing, Tab completion and a history
file for a person at a terminal (`gavel.tables.terminal`), `help` and `quit`, what a seat was told
privately before its "may:" list, that list again after a refusal, Judtho's list in a few lines
piece by piece with every distant capture shown, and an AI-only game printed as it is played."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from gavel.tables import i18n, terminal
from gavel.tables.console import CHANNEL, INDENT, PROMPT_WIDTH, Console, LocalOptions, _width, run
from gavel.tables.notices import Prompt
from gavel.tables.service import TableService
from rules.judtho.words import LETTER_ORDER
from tests.tables.conftest import make_service


class FakeEditor:
    """`readline` as the console uses it: every call recorded, the line buffer set by the test."""

    __doc__ = "GNU readline stand-in"

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.completer: Any = None
        self.buffer, self.begidx = "", 0

    def set_completer(self, completer: Any) -> None:
        self.completer = completer
        self.calls.append(("set_completer", completer))

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, args))

    def get_line_buffer(self) -> str:
        return self.buffer

    def get_begidx(self) -> int:
        return self.begidx

    def get_endidx(self) -> int:
        return len(self.buffer)

    def complete(self, typed: str) -> list[str]:
        """What Tab offers after `typed` (the word being typed starts after the last space)."""
        self.buffer, self.begidx = typed, typed.rfind(" ") + 1
        found, state = [], 0
        while (match := self.completer(typed[self.begidx:], state)) is not None:
            found.append(match)
            state += 1
        return found


def typist(lines: list[str], prompts: list[str]) -> Any:
    """`input` at a terminal: each call records its prompt and returns the next line, then Ctrl-D."""
    left = list(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not left:
            raise EOFError
        return left.pop(0)

    return read


async def test_at_a_terminal_a_prompt_line_editing_completion_and_history_are_set_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = tmp_path / "data" / "gavel" / "console_history"
    monkeypatch.setenv("GAVEL_HISTORY", str(history))
    editor, prompts, out = FakeEditor(), [], io.StringIO()
    offered: list[list[str]] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 1:
            raise EOFError  # Ctrl-D
        # the first line: what Tab offers now, while the game waits for Alice
        offered.extend([editor.complete(""), editor.complete("r"), editor.complete("@Bob p"),
                        editor.complete("/table statu")])
        return "roll"

    code = await run(LocalOptions(game="toy", seats=2, images=str(tmp_path / "img")), service=make_service(),
                     out=out, tty=True, read=read, editor=editor)
    assert code == 0
    assert prompts == [terminal.PROMPT, terminal.PROMPT]  # one line typed, then Ctrl-D
    names = [name for name, _ in editor.calls]
    assert "set_completer" in names and ("parse_and_bind", ("tab: complete",)) in editor.calls
    assert ("set_completer_delims", (" ",)) in editor.calls
    assert ("write_history_file", (str(history),)) in editor.calls  # kept for the next session
    assert "read_history_file" not in names  # none yet to read
    everything, r, bob, table = offered
    assert {"roll", "peek", "help", "quit", "/table status"} <= set(everything)
    assert r == ["roll"]
    assert bob == []  # it is Alice's turn: Bob may do nothing now
    assert table == ["status"]  # the word being typed, completed
    assert "Alice throws" in out.getvalue() or "toy.event.rolled" in out.getvalue()


async def test_an_existing_history_is_read_and_no_history_is_kept_when_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = tmp_path / "history"
    history.write_text("roll\n", encoding="utf-8")
    monkeypatch.setenv("GAVEL_HISTORY", str(history))
    editor = FakeEditor()
    await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(), out=io.StringIO(),
              tty=True, read=typist([], []), editor=editor)
    assert ("read_history_file", (str(history),)) in editor.calls
    monkeypatch.setenv("GAVEL_HISTORY", "")
    assert terminal.history_path() is None
    monkeypatch.delenv("GAVEL_HISTORY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert terminal.history_path() == tmp_path / "xdg" / "gavel" / "console_history"


async def test_piped_input_gets_no_prompt_and_no_line_editing(tmp_path: Path) -> None:
    prompts: list[str] = []
    out = io.StringIO()
    code = await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(),
                     stdin=io.StringIO("roll\n"), out=out, read=typist(["peek"], prompts))
    assert code == 0 and prompts == [] and terminal.PROMPT not in out.getvalue().splitlines()


async def test_help_lists_the_terminals_words_and_quit_leaves(tmp_path: Path) -> None:
    out = io.StringIO()
    code = await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(),
                     stdin=io.StringIO("help\nquit\nroll\n"), out=out)
    text = out.getvalue()
    assert code == 0
    assert i18n.gettext("console.help") in text and "quit" in i18n.gettext("console.welcome", game="Toy race")
    assert text.rstrip().endswith(i18n.gettext("console.bye"))  # nothing typed after quit is played
    assert "toy.event.rolled" not in text
    zh = i18n.gettext("console.help", "zh-TW")
    assert zh != i18n.gettext("console.help") and "quit" in zh


async def test_what_a_seat_is_told_privately_comes_before_what_it_may_do(tmp_path: Path) -> None:
    """`peek` tells Alice the top card privately, and she may then roll: the private line first."""
    out = io.StringIO()
    await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(),
              stdin=io.StringIO("peek\n"), out=out)
    lines = out.getvalue().splitlines()
    told = next(i for i, line in enumerate(lines) if line.startswith("[to Alice] toy.event.peeked"))
    assert lines[told + 1] == "[to Alice] Alice may: roll"


async def test_the_city_of_judgement_identity_comes_before_the_pick(tmp_path: Path) -> None:
    out = io.StringIO()
    await run(LocalOptions(game="judgement", ai=3, seed="1", images=str(tmp_path)),
              service=TableService(":memory:", renderers={"judgement": None}), stdin=io.StringIO(""), out=out)
    lines = out.getvalue().splitlines()
    told = "[to Alice] " + i18n.gettext("judgement.secret.identity", identity="")
    identity = next(i for i, line in enumerate(lines) if line.startswith(told))
    asked = next(i for i, line in enumerate(lines) if line.startswith("[to Alice] Alice may: "))
    assert identity < asked
    assert all(not line.startswith("[to Alice] Alice may: ") for line in lines[:identity])


async def test_a_refusal_lists_again_what_the_seat_may_do(tmp_path: Path) -> None:
    out = io.StringIO()
    await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(),
              stdin=io.StringIO("dance\n@bob roll\n"), out=out)
    lines = out.getvalue().splitlines()
    refused = next(i for i, line in enumerate(lines) if line.startswith("Refused: ") and "dance" in line)
    assert lines[refused + 1] == "[to Alice] Alice may: roll, peek"
    bob = next(i for i, line in enumerate(lines) if line.startswith("Refused: ") and i > refused)
    assert not any("may:" in line for line in lines[bob + 1:])  # Bob is asked nothing: nothing to list


def judtho_prompt(actions: list[str]) -> str:
    out = io.StringIO()
    console = Console(TableService(":memory:", renderers={"judtho": None}),
                      LocalOptions(game="judtho", images="unused"), out)
    console._prompt(Prompt(1, 1, 0, 1, actions, game="judtho", names=("Alice", "Bob")))
    return out.getvalue()


def test_j10_every_distant_capture_is_shown_beside_the_knights_plain_capture() -> None:
    """J10: `Ne6xf8` (a capture by moving) and `Ne6x{d8,f8,g7}` (a distant capture) are two
    actions: the prompt shows both, and both are played as typed."""
    shown = judtho_prompt(["Ne6xf8", "Ne6x{d8}", "Ne6x{f8}", "Ne6x{d8,f8}", "Ne6x{d8,f8,g7}", "Ne6-c5", "resign"])
    assert "Ne6xf8" in shown and "Ne6x{d8,f8,g7}" in shown and "Ne6-c5" in shown


async def test_a_judtho_turn_fits_in_a_few_lines_piece_by_piece(tmp_path: Path) -> None:
    out = io.StringIO()
    await run(LocalOptions(game="judtho", ai=1, seed="1", images=str(tmp_path)),
              service=TableService(":memory:", renderers={"judtho": None}), stdin=io.StringIO("@rest\n"), out=out)
    lines = out.getvalue().splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("Alice may: "))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith(INDENT))
    prompt = lines[start:end]
    assert 2 <= len(prompt) <= 6 and all(_width(line) <= PROMPT_WIDTH for line in prompt)
    entries = " ".join(line.strip() for line in prompt).removeprefix("Alice may: ").split(", ")
    moves = [e for e in entries if "-" in e]
    ranks = [LETTER_ORDER.index(e[0]) if e[0].isupper() else len(LETTER_ORDER) for e in moves]
    assert ranks == sorted(ranks) and ranks[-1] == len(LETTER_ORDER)  # piece by piece, Pawns last
    assert all(e.count("-") == 1 for e in moves)  # each piece once, with its target squares
    assert lines[end].startswith("(names: ")


class Watched(io.StringIO):
    """Output that notes how many actions the table had stored when each line was written."""

    def __init__(self, service: TableService) -> None:
        super().__init__()
        self.service = service
        self.at: list[tuple[int, str]] = []

    def write(self, text: str) -> int:
        table = self.service.table(CHANNEL)
        if text.strip():
            self.at.append((table.version if table is not None else 10**9, text))  # None: the game is over
        return super().write(text)


async def test_an_ai_only_game_prints_each_action_as_it_is_played(tmp_path: Path) -> None:
    svc = make_service()
    out = Watched(svc)
    code = await run(LocalOptions(game="toy", seats=0, ai=4, seed="s", images=str(tmp_path)), service=svc, out=out)
    assert code == 0
    played = [version for version, text in out.at if "toy.event.moved" in text]
    assert len(played) > 3
    assert played == sorted(played) and len(set(played)) == len(played)  # one by one, as the game went
    assert i18n.gettext("console.ai_only", game="Toy race") in out.getvalue()
    assert "played to the end first" not in out.getvalue()
    assert out.getvalue().count("toy.event.moved") == len(played)  # printed once each, not again at the end


async def test_a_hint_that_names_every_action_is_not_followed_by_the_same_list(tmp_path: Path) -> None:
    """The City of Judgement's hint under a refusal ("You may: pick …") already lists what the seat
    may do: the "may:" list is not printed a second time under it."""
    out = io.StringIO()
    await run(LocalOptions(game="judgement", ai=3, seed="1", images=str(tmp_path)),
              service=TableService(":memory:", renderers={"judgement": None}), stdin=io.StringIO("x\n"), out=out)
    lines = out.getvalue().splitlines()
    refused = next(i for i, line in enumerate(lines) if line.startswith("Refused: "))
    assert lines[refused + 1].startswith("[to Alice] ") and "pick " in lines[refused + 1]
    assert lines[refused + 1:] == [lines[refused + 1]]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


async def test_a_terminal_is_told_by_standard_input_and_the_output_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing at a terminal and reading there: the prompt; the output piped elsewhere (`| tee`,
    `--json | jq`): no prompt written into it, lines read as they come."""
    monkeypatch.setenv("GAVEL_HISTORY", "")
    monkeypatch.setattr("sys.stdin", Terminal("roll\n"))
    prompts: list[str] = []
    await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(), out=Terminal(),
              read=typist(["peek"], prompts), editor=FakeEditor())
    assert prompts == [terminal.PROMPT, terminal.PROMPT]
    piped = io.StringIO()
    prompts.clear()
    await run(LocalOptions(game="toy", seats=2, images=str(tmp_path)), service=make_service(), out=piped,
              read=typist(["peek"], prompts), editor=FakeEditor())
    assert prompts == [] and "toy.event.rolled" in piped.getvalue()  # sys.stdin's line, read as it is
