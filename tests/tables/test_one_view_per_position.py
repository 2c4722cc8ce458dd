"""One change works out the public view and the decision once: the channel's board reuses the
view the prompts' facts and labels were read from, the tracker and every prompt share the decision."""

from __future__ import annotations

from collections import Counter

from gavel.tables.service import TableService
from tests.tables.conftest import ALICE, BOB, CHANNEL, seat


async def test_an_action_reads_the_public_view_and_the_decision_once(svc: TableService, monkeypatch) -> None:
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    assert table is not None
    calls: Counter[str] = Counter()
    game_type = type(table.game)
    view, decision = game_type.view, game_type.decision

    def counting_view(self, state, seat):
        calls["public view" if seat is None else "seat view"] += 1
        return view(self, state, seat)

    def counting_decision(self, state):
        calls["decision"] += 1
        return decision(self, state)

    monkeypatch.setattr(game_type, "view", counting_view)
    monkeypatch.setattr(game_type, "decision", counting_decision)
    notices = await svc.act(CHANNEL, ALICE, "roll")
    assert notices and table.version >= 1
    assert calls["public view"] == 1 and calls["decision"] == 1, calls
