"""The move clock through the table (J18, E6): the table's time control (`time="live"`, 300 s a
decision), `TableService(clock=...)` with a hand-moved time, `deadline` and `expire` applying
Judtho's `time_up_action` for the human who lets it run out."""

from __future__ import annotations

from gavel.tables.service import Player, TableService
from rules.core import Msg
from rules.judtho.notation import Move, parse

ANN, BEN, CAT, DAN = (Player(i, name) for i, name in enumerate(("ann", "ben", "cat", "dan"), 1))
CHANNEL = 7


class Time:
    """The service's clock, moved by the test (it stands still unless told)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def first_legal(game, state, seat):
    return game.legal_actions(state, seat)[0]


async def table_of(control: str | None, time: Time, humans=(ANN, BEN, CAT, DAN)):
    svc = TableService(":memory:", renderers={"judtho": None}, ais={"judtho": first_legal}, clock=time)
    await svc.create(1, CHANNEL, "judtho", humans[0], seed="c", time=control)
    for p in humans[1:]:
        await svc.join(CHANNEL, p)
    for _ in range(4 - len(humans)):
        await svc.add_ai(CHANNEL, humans[0])
    await svc.start(CHANNEL, humans[0])
    return svc, svc.table(CHANNEL)


def keys(notices) -> list[str]:
    return [m.key for n in notices for m in getattr(n, "lines", []) if isinstance(m, Msg)]


async def test_j18_a_human_who_lets_the_move_clock_run_out_departs():
    time = Time()
    players = (ANN, BEN, CAT, DAN)
    svc, table = await table_of("live", time)
    while table.state.phase == "assembly":
        await svc.act(CHANNEL, players[table.to_act()[0]], "@rest")
    mover = table.to_act()[0]
    move = next(t for t in svc.legal_for(CHANNEL, players[mover]) if isinstance(parse(t), Move))
    await svc.act(CHANNEL, players[mover], move)
    late = table.to_act()[0]
    deadline = svc.deadline(CHANNEL)
    assert deadline is not None and deadline.seconds == 300 and deadline.version == table.version
    time.now += 299
    assert svc.deadline(CHANNEL).seconds == 1
    time.now += 2
    notices = await svc.expire(CHANNEL, deadline.version)
    assert "table.time_up" in keys(notices) and "table.winner" in keys(notices)
    assert "table.away_twice" not in keys(notices)  # J18: the seat departs, no AI takes it
    assert table.status == "finished" and svc.table(CHANNEL) is None
    assert svc.store.actions(table.id)[-1]["action"] == "depart timeout"
    outcome = table.game.outcome(table.state)
    assert outcome.reason == "timeout" and outcome.scores == {s: (0 if s == late else 8) for s in range(4)}
    assert svc.replay(table.id).to_json() == table.state.to_json()


async def test_e6_a_draw_answer_left_to_the_clock_is_declined_and_the_offerer_moves_on():
    time = Time()
    players = (ANN, BEN, CAT, DAN)
    svc, table = await table_of("live", time)
    while table.state.phase == "assembly":
        await svc.act(CHANNEL, players[table.to_act()[0]], "@rest")
    offerer = table.to_act()[0]
    await svc.act(CHANNEL, players[offerer], "void offer")
    asked = [s for s in range(4) if s != offerer]
    assert sorted(table.to_act()) == asked
    deadline = svc.deadline(CHANNEL)
    time.now += 301
    await svc.expire(CHANNEL, deadline.version)
    assert table.status == "active" and table.state.rel().proposal is None
    assert table.to_act() == [offerer]
    assert svc.store.actions(table.id)[-1]["action"] == "draw decline"
    assert svc.deadline(CHANNEL).seconds == 300  # the offerer's move has its own full time


async def test_the_move_clock_is_off_with_time_none_and_never_runs_for_ai_seats():
    time = Time()
    svc, table = await table_of("none", time)
    assert table.time == 0 and svc.deadline(CHANNEL) is None
    time2 = Time()
    svc2, table2 = await table_of("live", time2, humans=(ANN,))
    assert table2.to_act() == [0] and svc2.deadline(CHANNEL) is not None  # ann places first
    await svc2.act(CHANNEL, ANN, "@rest")  # the AI seats place, then White (ann) moves
    assert table2.state.phase == "play" and table2.to_act() == [0]
    assert svc2.deadline(CHANNEL).seconds == 300


async def test_a_table_that_sets_no_clock_has_none_judtho_s_default():
    """Judtho's move clock is off unless the table asks for a time control; it has no window clock."""
    svc, table = await table_of(None, Time())
    assert table.timeout == 0 and table.time == 0 and svc.deadline(CHANNEL) is None


async def test_a_stale_timer_changes_nothing():
    time = Time()
    svc, table = await table_of("live", time)
    old = svc.deadline(CHANNEL).version
    await svc.act(CHANNEL, ANN, "@rest")
    time.now += 301
    assert await svc.expire(CHANNEL, old) == []
    assert table.status == "active"
