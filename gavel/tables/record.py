"""A whole game as a script the local console replays: `python bot.py --local <game> --script FILE`.

The file is a header of `#` comment lines (the game, its variant, the seats, when it started,
and the command that replays it), then one console command per applied action, with the seat
that took it: `@Alice Nb1-c3`. Every seat of the record is a named human seat in the replay, AI
seats included (`AI_1`), so their actions replay exactly as they were taken.

One header line is for the console, not for people: `# gavel: --local <game> --seats 4 --ai 0
--names Alice,Bob,AI_1,AI_2 --draws 3,5,1`. `--script` reads it for every option the command line
does not give. `--draws` is every random number the table drew, set-up first, in order: fed back
one by one, they make the replay draw exactly what the game drew, whatever the seed or the
scripted dice were, and without revealing the seed (which would tell the dice still to come).
Nothing here knows about Discord.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from gavel.tables import i18n

HEADER = "# gavel:"
"""The header line whose options `--script` reads."""


@dataclass(frozen=True)
class GameRecord:
    """The exported game: its file name and text (UTF-8)."""

    table_id: int
    game_key: str
    filename: str
    text: str
    moves: int
    """How many actions (command lines) the record replays (a public record: it tells)."""
    public: bool = False
    """Only the public record (`public_record_text`): what the channel was told, no script."""


@dataclass(frozen=True)
class RecordedAction:
    seat: int
    action: str
    draws: list[int]


def seat_tokens(names: Sequence[str]) -> list[str]:
    """One `@name` token per seat: the seat's name with anything but letters, digits, `_` and `-`
    made `_` (a console command is split at spaces), unique, never a bare seat number."""
    out: list[str] = []
    for i, name in enumerate(names):
        token = "".join(ch if ch.isalnum() or ch in "_-" else "_" for ch in name.strip()) or f"seat{i + 1}"
        if token.isdigit() or token.lower() == "you":
            token = f"p{token}"
        base, k = token, 2
        while token.lower() in {t.lower() for t in out}:
            token, k = f"{base}_{k}", k + 1
        out.append(token)
    return out


def replay_options(game_key: str, names: Sequence[str], *, variant: str | None, lang: str,
                   draws: Sequence[int]) -> list[str]:
    """The console options that set up the same table: every seat a named human seat."""
    options = ["--local", game_key, "--seats", str(len(names)), "--ai", "0", "--names", ",".join(seat_tokens(names))]
    if variant:
        options += ["--variant", variant]
    if lang != i18n.DEFAULT:
        options += ["--lang", lang]
    if draws:
        options += ["--draws", ",".join(map(str, draws))]
    return options


def record_text(*, table_id: int, game_key: str, game_name: str, names: Sequence[str], ai: Sequence[bool],
                variant: str | None, lang: str, started: str, status: str, setup: Sequence[int],
                actions: Sequence[RecordedAction], variant_name: str | None = None) -> GameRecord:
    """The record of one game, its prose in the table's language `lang` (`variant_name`: the
    variant as the players know it; the option line keeps its key)."""
    filename = f"{game_key}-table{table_id}.txt"
    tokens = seat_tokens(names)
    draws = [*setup, *(d for a in actions for d in a.draws)]
    seats = " · ".join(
        f"{i + 1} {token}" + (f" ({name})" if name != token else "") + (" [AI]" if is_ai else "")
        for i, (token, name, is_ai) in enumerate(zip(tokens, names, ai, strict=True)))
    header = [
        i18n.gettext("table.record_title", lang, game=game_name, table=table_id, started=started, status=status),
        *([i18n.gettext("table.record_variant", lang, variant=variant_name or variant)] if variant else []),
        i18n.gettext("table.record_seats", lang, seats=seats),
        i18n.gettext("table.record_replay", lang, command=f"python bot.py --local {game_key} --script {filename}"),
        i18n.gettext("table.record_header", lang),
    ]
    lines = [f"# {line}" for line in header]
    lines.append(f"{HEADER} {shlex.join(replay_options(game_key, names, variant=variant, lang=lang, draws=draws))}")
    lines += [f"@{tokens[a.seat]} {a.action}" for a in actions]
    return GameRecord(table_id, game_key, filename, "\n".join(lines) + "\n", len(actions))


def public_record_text(*, table_id: int, game_key: str, game_name: str, names: Sequence[str], ai: Sequence[bool],
                       lang: str, started: str, status: str, lines: Sequence[str], moves: int,
                       variant: str | None = None, variant_name: str | None = None) -> GameRecord:
    """The public record of a game with secrets that was cancelled before its end: what the
    channel was told (`lines`), every line a comment. Its draws (the hands, the pack's order)
    are not in it, so it is no script: `--script` finds no options and no command in it."""
    filename = f"{game_key}-table{table_id}-public.txt"
    seats = " · ".join(f"{i + 1} {name}" + (" [AI]" if is_ai else "")
                       for i, (name, is_ai) in enumerate(zip(names, ai, strict=True)))
    header = [
        i18n.gettext("table.record_title", lang, game=game_name, table=table_id, started=started, status=status),
        *([i18n.gettext("table.record_variant", lang, variant=variant_name or variant)] if variant else []),
        i18n.gettext("table.record_seats", lang, seats=seats),
        i18n.gettext("table.record_public", lang),
    ]
    text = [f"# {part}" for line in (*header, *lines) for part in line.splitlines() or [""]]
    return GameRecord(table_id, game_key, filename, "\n".join(text) + "\n", moves, public=True)


def header_options(text: str) -> list[str]:
    """The options of a script's `# gavel:` line (empty when it has none): only the comment
    lines before the first command are read."""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(HEADER):
            return shlex.split(line[len(HEADER):])
        if line and not line.startswith("#"):
            break
    return []
