"""A table that closes leaves nothing behind in the service's clocks part: its decision, its
stored clock, its reminder and any walk-away hold go with it, however it closed (a game that
ends, a resignation that ends it, a cancel). A long-running bot closes thousands of tables."""

from __future__ import annotations

from gavel.tables.away import VOTE_AFTER
from tests.cogs import toy
from tests.tables.test_time_controls import ALICE, BOB, CAROL, GUILD, LIVE, race, service


async def test_every_closed_table_is_forgotten_by_the_clocks() -> None:
    svc = service()
    # a game whose last player resigns: the end's notices are made after the table is forgotten
    await race(svc, ALICE, BOB)
    assert svc.timing.tracked()  # while it is open, its clock is kept
    await svc.resign(300, ALICE)
    # cancelled games, with and without a time control, one with a seat voted away and held
    for channel, time in ((301, "live"), (302, None), (303, "daily")):
        await svc.create(GUILD, channel, toy.KEY, ALICE, seed="t", time=time)
        await svc.join(channel, BOB)
        await svc.join(channel, CAROL)
        await svc.start(channel, ALICE)
        svc.wall.now += max(VOTE_AFTER, LIVE) + 1
        if time is None:
            await svc.away(channel, BOB, ALICE.user_id)
            await svc.away(channel, CAROL, ALICE.user_id)  # passes: the AI holds off her decision
        await svc.cancel(channel, ALICE, can_manage=True)
    assert svc.timing.tracked() == set()
