"""Typing at a terminal for local play (`gavel.tables.console`): a prompt, line editing, Tab completion
and a history kept between sessions, through the standard `readline` module.

Only a person at a terminal gets these: a script or a pipe (`--script`, `... | gavel --local`)
is read line by line as it always was, with no prompt printed into its output. Where Python has
no `readline` (Windows without it), lines are still read, with the prompt, without editing.

The history is a file in the user's data folder: `GAVEL_HISTORY` when set (empty: keep none),
else `$XDG_DATA_HOME/gavel/console_history` (`~/.local/share/...`), or `%APPDATA%\\gavel\\...`
on Windows. It holds what was typed, nothing of the game's secrets.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import Any

PROMPT = "> "
"""What waits for a typed line."""
HISTORY_LENGTH = 1000
"""Lines kept in the history file."""


def history_path() -> Path | None:
    """Where typed lines are kept between sessions (see the module's docstring), or None."""
    given = os.environ.get("GAVEL_HISTORY")
    if given is not None:
        return Path(given).expanduser() if given.strip() else None
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "gavel" / "console_history"


def line_editor() -> Any | None:
    """The `readline` module, or None where Python has none."""
    try:
        import readline
    except ImportError:  # pragma: no cover - depends on the platform
        return None
    return readline


class Completer:
    """Tab completion of whole actions and commands (`words()`: what may be typed now, each
    whole, `attack blue` as well as `/table status`): what is typed so far, up to the cursor,
    is matched against their beginnings, and each match is offered from the word being typed
    (readline replaces that word only)."""

    def __init__(self, editor: Any, words: Callable[[], Sequence[str]]) -> None:
        self.editor = editor
        self.words = words
        self.matches: list[str] = []

    def __call__(self, text: str, state: int) -> str | None:
        if state == 0:
            typed = self.editor.get_line_buffer()[: self.editor.get_endidx()]
            start = self.editor.get_begidx()
            self.matches = sorted({w[start:] for w in self.words() if w.startswith(typed) and len(w) > start})
        return self.matches[state] if state < len(self.matches) else None


def set_up(editor: Any, words: Callable[[], Sequence[str]], history: Path | None) -> None:
    """Line editing: Tab completes (`Completer`), words split at spaces only (`Nc3x{b5,e4}` and
    `5,9` are one word), and the history file is read when there is one."""
    editor.set_completer(Completer(editor, words))
    editor.set_completer_delims(" ")
    if "libedit" in (getattr(editor, "__doc__", None) or ""):  # macOS's readline
        editor.parse_and_bind("bind ^I rl_complete")
    else:
        editor.parse_and_bind("tab: complete")
    editor.set_history_length(HISTORY_LENGTH)
    if history is not None and history.exists():
        try:
            editor.read_history_file(str(history))
        except OSError:
            pass  # an unreadable history is no reason not to play


def save(editor: Any, history: Path | None) -> None:
    """Keep the session's lines in the history file (a folder made for it; a failure is silent)."""
    if history is None:
        return
    try:
        history.parent.mkdir(parents=True, exist_ok=True)
        editor.write_history_file(str(history))
    except OSError:
        pass


def typed(words: Callable[[], Sequence[str]], *, read: Callable[[str], str] = input, editor: Any | None = None,
          history: Path | None = None, out: Any = None) -> Generator[str, None, None]:
    """Lines typed at the prompt until Ctrl-D (Ctrl-C drops the line being typed), with line
    editing set up first when there is a line editor (`editor`, `line_editor()` by default)."""
    if editor is not None:
        set_up(editor, words, history)
    try:
        while True:
            try:
                yield read(PROMPT)
            except EOFError:
                print(file=out or sys.stdout)
                return
            except KeyboardInterrupt:
                print(file=out or sys.stdout)
    finally:
        if editor is not None:
            save(editor, history)
