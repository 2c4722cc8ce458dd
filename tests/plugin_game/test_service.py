"""Beacon Relay through the table service alone (no front-end): three humans play it to its end,
and every notice is checked: each seat's beacon reaches that seat privately and no public notice
holds it, in either language."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.notices import Private, Prompt, Public
from gavel.tables.service import Player, TableService
from tests.plugin_game import GAME, KEY, PLUGIN

PLAYERS = [Player(i, name) for i, name in enumerate(["ann", "ben", "cat"], 1)]
CHANNEL = 9


async def test_three_humans_play_to_the_end_and_the_secret_stays_private() -> None:
    svc = TableService(":memory:", outbox=False)
    notices = list(await svc.create(1, CHANNEL, KEY, PLAYERS[0], seed="relay"))
    for player in PLAYERS[1:]:
        notices += await svc.join(CHANNEL, player)
    notices += await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    assert table is not None
    secret = {seat: [i18n.render(m, lang) for m in GAME.secrets(table.state, seat) for lang in i18n.LANGUAGES]
              for seat in range(3)}
    assert len({lines[0] for lines in secret.values()}) == 3, "three seats, three beacons"
    for _ in range(200):
        if table.status != "active":
            break
        seat = table.humans_to_act()[0]
        action = str(PLUGIN.ai(GAME, table.state, seat))  # type: ignore[misc]
        notices += await svc.act(CHANNEL, PLAYERS[seat], action)
    assert table.status == "finished" and GAME.outcome(table.state) is not None
    told: dict[int, str] = {}
    for notice in notices:
        if isinstance(notice, Public):
            for lang in i18n.LANGUAGES:
                text = "\n".join(notice.text(lang))
                assert not [line for lines in secret.values() for line in lines if line in text], text
            assert all(not m.key.startswith(f"{KEY}.secret") for m in notice.lines)
            assert notice.prompt is None or notice.prompt.private
        elif isinstance(notice, Private):
            text = "\n".join(notice.text("en"))
            others = [line for s, lines in secret.items() if s != notice.seat for line in lines]
            assert not [line for line in others if line in text], text
            told[notice.seat] = told.get(notice.seat, "") + text
        elif isinstance(notice, Prompt):
            assert notice.private, "a game with secrets prompts each seat privately"
    assert all(secret[seat][0] in told.get(seat, "") for seat in range(3)), "each seat was told its own beacon"
