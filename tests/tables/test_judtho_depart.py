"""J18 through the table: `/table leave` during a Judtho game is Departure (`Game.leave_action`)."""

from __future__ import annotations

from gavel.tables.service import Player
from rules.judtho.notation import Move
from tests.tables.test_judtho_console import notation, quiet


async def test_j18_a_human_who_leaves_a_quattro_game_departs_and_the_others_get_8_each() -> None:
    """`/table leave` during a Quattro game is Departure (J18, `Game.leave_action`): the game ends,
    every other player gets 8 (no Conquest yet), the departure is logged and the table replays."""
    svc = quiet()
    players = [Player(i, name) for i, name in enumerate(("ann", "ben", "cat", "dan"), 1)]
    await svc.create(1, 2, "judtho", players[0], seed="d")
    for p in players[1:]:
        await svc.join(2, p)
    await svc.start(2, players[0])
    table = svc.table(2)
    while table.state.phase == "assembly":
        await svc.act(2, players[table.to_act()[0]], "@rest")
    mover = table.to_act()[0]
    await svc.act(2, players[mover], next(t for t in svc.legal_for(2, players[mover]) if isinstance(notation(t), Move)))
    leaver = (table.to_act()[0] + 2) % 4  # not the seat to move: departing needs no turn
    notices = await svc.leave(2, players[leaver])
    keys = [m.key for m in notices[0].lines]
    assert keys[0] == "judtho.event.departed" and keys[-1] == "table.winner"  # said once, by the game
    assert table.status == "finished" and svc.table(2) is None
    assert svc.store.actions(table.id)[-1]["action"] == "depart"
    outcome = table.game.outcome(table.state)
    assert outcome.scores == {s: (0 if s == leaver else 8) for s in range(4)}
    assert svc.replay(table.id).to_json() == table.state.to_json()
    rows = svc.store.results(table.id)
    assert [r["resigned"] for r in rows] == [int(s == leaver) for s in range(4)]
    assert rows[leaver]["place"] == 4 and all(r["place"] == 1 for r in rows if r["seat"] != leaver)

