"""The console prints a notice from the notice alone: what a table's notices print is the same
when a console whose service holds no table at all prints them (its seat names, the game's
words, whether a prompt is secret, a card-play window's "Waiting for" all ride on the notices)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gavel.tables import i18n
from gavel.tables.console import CHANNEL, Console, LocalOptions
from gavel.tables.notices import Notice
from gavel.tables.service import TableService
from rules.core import IllegalAction


class Recording(Console):
    """A console that keeps every batch of notices it printed, with what it printed for them."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.printed: list[tuple[list[Notice], str]] = []

    def emit(self, notices: Iterable[Notice]) -> None:
        batch = list(notices)
        start = self.out.tell()
        super().emit(batch)
        self.printed.append((batch, self.out.getvalue()[start:]))


async def play(console: Recording, moves: int) -> None:
    """Every seat's first legal action in turn, a status now and then, and a refused action that
    leaves a hint."""
    await console.setup()
    for step in range(moves):
        if console.service.table(CHANNEL) is None:
            return
        if step % 4 == 1:
            await console.command("/table status")
        for player in console.players:
            legal = console.service.legal_for(CHANNEL, player)
            if legal:
                if step % 3 == 2:
                    try:
                        await console.act(player, f"{legal[-1].split()[0]} nowhere")
                    except IllegalAction:
                        pass
                await console.command(f"@{player.name} {legal[step % len(legal)]}")
                break


@pytest.mark.parametrize(("game", "seats", "ai", "lang", "json", "drawn"), [
    ("judge_dredd", 2, 1, "en", False, False),
    ("judge_dredd", 2, 1, "zh-TW", True, False),
    ("judgement", 2, 2, "en", False, True),
    ("judgement", 2, 2, "zh-TW", True, False),
])
async def test_a_console_without_the_table_prints_its_notices_the_same(
        tmp_path: Path, game: str, seats: int, ai: int, lang: str, json: bool, drawn: bool) -> None:
    """`drawn`: with the game's board and hand images (their paths and labels are printed too)."""
    options = LocalOptions(game=game, seats=seats, ai=ai, seed="1", lang=lang, json=json,
                           images=str(tmp_path / "img"))
    service = TableService(":memory:") if drawn else TableService(":memory:", renderers={game: None})
    console = Recording(service, options, io.StringIO())
    await play(console, 30)
    printed = "".join(text for _, text in console.printed)
    waiting = i18n.gettext("table.may_act", lang, players="Alice").split("Alice")[0]
    assert waiting in printed  # a window was printed
    if game == "judgement" and not json:
        assert "[to Alice]" in printed  # a secret prompt was printed for its seat
    if drawn:
        hand = i18n.gettext(f"{game}.console.hand_image", lang, path="")
        assert hand in printed  # a hand image, named as the game names it

    bare = Console(TableService(":memory:"), replace(options, images=str(tmp_path / "bare")), io.StringIO())
    assert bare.service.table(CHANNEL) is None
    for notices, text in console.printed:
        start = bare.out.tell()
        bare.emit(notices)
        assert bare.out.getvalue()[start:] == text.replace(str(tmp_path / "img"), str(tmp_path / "bare"))
