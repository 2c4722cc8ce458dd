"""Memory follows the tables in use: a table left untouched for a while that owes nothing only
memory holds is dropped (`TableService.drop_idle`), every part forgetting it, and its next touch
loads it again from the store exactly as it was: its state, its Undo button, what its seats were
sent (no hand sent again), its decision's clock and half-time reminder (fired from the store's
clock, loading it), its AI seats' moves. On both database backends."""

from __future__ import annotations

from typing import Any

from gavel.tables.clock import WindowClock
from gavel.tables.hands import digest
from gavel.tables.notices import Notice, Private, Prompt, Public, Reminder
from gavel.tables.service import Player, TableService
from rules.judtho.notation import Move
from tests.cogs import toy
from tests.tables import toy_window
from tests.tables.backends import Backend
from tests.tables.test_judtho_console import notation
from tests.tables.test_time_controls import Wall

ALICE, BOB, CAROL = (Player(i, name) for i, name in enumerate(("alice", "bob", "carol"), 1))
CHANNEL, GUILD = 700, 9
IDLE = 600.0


def window_service(db: str, wall: Wall) -> TableService:
    svc = TableService(db, renderers={"toy_window": toy_window.HandRenderer(), toy.KEY: None},
                       ais={"toy_window": toy_window.choose, toy.KEY: toy.ai_first}, clock=wall)
    svc.wall = wall
    return svc


async def delivered(svc: TableService, notices: list[Notice]) -> list[Notice]:
    """What the front-end does once Discord took the notices: their outbox rows are done."""
    await svc.delivered([n.outbox for n in notices if n.outbox is not None])
    return notices


async def played(svc: TableService, player: Player, text: str) -> list[Notice]:
    return await delivered(svc, await svc.act(CHANNEL, player, text))


async def window_table(svc: TableService) -> None:
    """Alice and Bob at a toy window table, Alice drawn, Bob passed: a window open on its clock."""
    await delivered(svc, await svc.create(GUILD, CHANNEL, "toy_window", ALICE, seed="idle"))
    await delivered(svc, await svc.join(CHANNEL, BOB))
    await delivered(svc, await svc.start(CHANNEL, ALICE))
    await played(svc, ALICE, "draw")
    await played(svc, BOB, "pass")


def parts_holding(svc: TableService) -> dict[str, set[int]]:
    """The tables each part of the service keeps anything for."""
    return {"clocks": svc.timing.tracked(), "secrets": svc.secrets.tracked(), "ai": svc.ai_turns.tracked(),
            "writes": svc.writes.tracked(), "outbox": svc.outbox.tracked()}


def said(notices: list[Notice]) -> list[tuple[str, Any, list[str]]]:
    """What notices say, to compare two runs: their kind, seat and line keys with their params."""
    out = []
    for n in notices:
        lines = [f"{m.key}:{sorted(m.params.items())}" for m in getattr(n, "lines", [])]
        out.append((type(n).__name__, getattr(n, "seat", None), lines))
    return out


async def test_a_table_dropped_while_idle_loads_again_and_plays_on_as_if_never_dropped(backend: Backend) -> None:
    wall, twin_wall = Wall(), Wall()
    svc = window_service(backend.location("dropped"), wall)
    twin = window_service(backend.location("kept"), twin_wall)  # the same game, never dropped
    for s in (svc, twin):
        await window_table(s)
    table = svc.table(CHANNEL)
    due = svc.deadline(CHANNEL)
    assert due is not None

    idle = 30.0  # half the window's clock
    wall.now += idle - 1
    assert svc.drop_idle(idle) == []  # not idle long enough
    wall.now += 1
    twin_wall.now += idle
    assert svc.drop_idle(idle) == [table]
    assert svc.table(CHANNEL) is None and svc.deadline(CHANNEL) is None
    assert parts_holding(svc) == {"clocks": set(), "secrets": set(), "ai": set(), "writes": set(), "outbox": set()}

    # touched again: loaded from the store as it was, its clock running from when it opened
    again = await svc.peek(CHANNEL)
    assert again is not None and again is not table and again.state == twin.table(CHANNEL).state
    assert svc.deadline(CHANNEL).seconds == twin.deadline(CHANNEL).seconds == due.seconds - idle
    # and it plays on identically, no hand sent again that the twin does not send
    for player, text in ((ALICE, "pass"), (BOB, "draw")):
        mine, theirs = await played(svc, player, text), await played(twin, player, text)
        assert said(mine) == said(theirs)
        assert [n.lines for n in mine if isinstance(n, Private)] == [n.lines for n in theirs if isinstance(n, Private)]
    assert svc.table(CHANNEL).state == twin.table(CHANNEL).state
    assert [a["action"] for a in svc.store.actions(again.id)] == ["draw", "pass", "pass", "draw"]


async def test_the_undo_button_and_the_undo_survive_the_drop(backend: Backend) -> None:
    wall = Wall()
    svc = TableService(backend.location(), renderers={"judtho": None}, clock=wall)
    svc.wall = wall
    players = [Player(i, f"p{i}") for i in range(1, 5)]
    await svc.create(GUILD, CHANNEL, "judtho", players[0], seed="u")
    for p in players[1:]:
        await svc.join(CHANNEL, p)
    await svc.start(CHANNEL, players[0])
    table = svc.table(CHANNEL)
    while table.state.phase == "assembly":
        await svc.act(CHANNEL, players[table.to_act()[0]], "@rest")
    mover = table.to_act()[0]
    before = table.state.to_json()
    move = next(t for t in svc.legal_for(CHANNEL, players[mover]) if isinstance(notation(t), Move))
    await svc.act(CHANNEL, players[mover], move)
    assert svc.can_undo(table, mover)
    await svc.delivered([row for n in (await svc.waiting(CHANNEL)).get(CHANNEL, []) if (row := n.outbox)])
    await svc.delivered(list(svc.outbox._mine))  # every notice of this process taken by Discord
    wall.now += IDLE
    assert svc.drop_idle(IDLE) == [table]
    assert svc.undo_points.tracked() == {table.id}  # two numbers, kept across the drop
    again = await svc.peek(CHANNEL)
    assert again is not None and again is not table and svc.can_undo(again, mover)  # the button still shows
    await svc.undo(CHANNEL, players[mover])
    assert {k: v for k, v in svc.table(CHANNEL).state.to_json().items() if k != "version"} \
        == {k: v for k, v in before.items() if k != "version"}


async def test_a_dropped_tables_clock_fires_from_the_store_and_loads_it(backend: Backend) -> None:
    wall = Wall()
    svc = window_service(backend.location(), wall)
    await window_table(svc)
    left = svc.deadline(CHANNEL).seconds
    wall.now += IDLE / 10  # the window's clock (a minute) is not run out yet
    assert len(svc.drop_idle(IDLE / 10)) == 1
    sent: list[tuple[int, list[Notice]]] = []

    async def deliver(channel: int, notices: list[Notice]) -> None:
        sent.append((channel, await delivered(svc, notices)))

    clock = WindowClock(svc, deliver)
    wall.now += left - IDLE / 10 - 1
    assert await clock.poll_once() == 0 and svc.table(CHANNEL) is None  # not due: nothing loaded
    wall.now += 1
    assert await clock.poll_once() == 1
    clock.close()
    table = svc.table(CHANNEL)
    assert table is not None and table.state.passed == [] and table.state.round == 1  # Alice timed out: closed
    assert [c for c, _ in sent] == [CHANNEL]
    assert "table.timed_out" in [m.key for n in sent[0][1] if isinstance(n, Public) for m in n.lines]


async def test_a_dropped_tables_half_time_reminder_is_sent_once(backend: Backend) -> None:
    wall = Wall()
    svc = window_service(backend.location(), wall)
    await delivered(svc, await svc.create(GUILD, CHANNEL, toy.KEY, ALICE, seed="r", time="live"))
    await delivered(svc, await svc.join(CHANNEL, BOB))
    await delivered(svc, await svc.start(CHANNEL, ALICE))
    wall.now += 10
    assert len(svc.drop_idle(10)) == 1
    sent: list[Notice] = []

    async def deliver(channel: int, notices: list[Notice]) -> None:
        sent.extend(await delivered(svc, notices))

    clock = WindowClock(svc, deliver)
    wall.now += 150  # half of five minutes, from the start
    await clock.poll_once()
    await clock.poll_once()
    clock.close()
    assert [(type(n), n.user_id) for n in sent] == [(Reminder, ALICE.user_id)]
    assert svc.table(CHANNEL) is not None  # loaded to remind


async def test_a_table_that_owes_something_stays(backend: Backend) -> None:
    wall = Wall()
    svc = window_service(backend.location(), wall)
    await delivered(svc, await svc.create(GUILD, CHANNEL, "toy_window", ALICE, seed="idle"))
    await delivered(svc, await svc.join(CHANNEL, BOB))
    await delivered(svc, await svc.start(CHANNEL, ALICE))
    drawn = await svc.act(CHANNEL, ALICE, "draw")
    wall.now += IDLE
    assert svc.drop_idle(IDLE) == []  # the draw's notices are not delivered yet
    await delivered(svc, drawn)
    table = svc.table(CHANNEL)
    async with table.lock:  # a call is using it
        assert svc.drop_idle(IDLE) == []
    assert svc.drop_idle(IDLE) == [table]


class Unthinking:
    """AI seats whose every step fails (the worker died, say)."""

    apart = False

    async def choose(self, *args: Any) -> str:
        raise RuntimeError("no worker")

    def close(self) -> None:
        return None


async def test_ai_seats_to_act_keep_a_table_and_play_on_from_the_store_after_a_restart(backend: Backend) -> None:
    wall = Wall()
    db = backend.location()
    svc = window_service(db, wall)
    svc.ai_turns.thinking = Unthinking()  # the AI seat's step fails: it owes its move
    await delivered(svc, await svc.create(GUILD, CHANNEL, toy.KEY, ALICE, seed="ai"))
    await delivered(svc, await svc.add_ai(CHANNEL, ALICE))
    await delivered(svc, await svc.start(CHANNEL, ALICE))
    table = svc.table(CHANNEL)
    for _ in range(5):
        if table.ai_to_act():
            break
        await played(svc, ALICE, svc.legal_for(CHANNEL, ALICE)[0])
    assert table.ai_to_act()  # its step failed: the AI seat owes a move
    wall.now += IDLE
    assert svc.drop_idle(IDLE) == []
    svc.close()

    again = window_service(db, wall)
    assert await again.restore(lazy=True) == 0 and again.table(CHANNEL) is None
    version = again.store.table_row(table.id)["version"]
    sent: list[Notice] = []

    async def deliver(channel: int, notices: list[Notice]) -> None:
        sent.extend(await delivered(again, notices))

    clock = WindowClock(again, deliver)
    wall.now += again.lease
    assert await clock.poll_once() == 1
    clock.close()
    assert again.table(CHANNEL) is not None and again.table(CHANNEL).version > version  # the AI played on
    assert any(isinstance(n, Public) for n in sent)


async def test_a_kept_prompt_of_a_table_not_held_is_still_sent_after_a_restart(backend: Backend) -> None:
    wall = Wall()
    db = backend.location()
    svc = window_service(db, wall)
    await window_table(svc)
    await svc.act(CHANNEL, ALICE, "pass")  # the window closes: Bob is asked to draw; never delivered
    svc.close()
    again = window_service(db, wall)
    assert await again.restore(lazy=True) == 0
    waiting = (await again.waiting(CHANNEL))[CHANNEL]
    prompts = [n for n in waiting if isinstance(n, Prompt)] + [n.prompt for n in waiting
                                                               if isinstance(n, Public) and n.prompt is not None]
    assert [p.seat for p in prompts] == [1]  # the turn it asks is still the table's: not dropped as past
    assert again.table(CHANNEL) is None  # read from the store, not loaded


async def test_a_resting_table_holds_its_stored_text_only_and_plays_on_as_before(backend: Backend) -> None:
    wall, twin_wall = Wall(), Wall()
    svc = window_service(backend.location("rested"), wall)
    twin = window_service(backend.location("kept"), twin_wall)
    for s in (svc, twin):
        await window_table(s)
    svc.rest = 20.0
    assert svc.table(CHANNEL).resting  # every call that leaves it quiet leaves it so...
    assert svc.table(CHANNEL).state is not None and not svc.table(CHANNEL).resting  # ...until looked at
    wall.now += 19
    assert svc.drop_idle() == [] and not svc.table(CHANNEL).resting  # not idle long enough
    wall.now += 1
    twin_wall.now += 20
    assert svc.drop_idle() == []  # no idle time set: nothing dropped...
    table = svc.table(CHANNEL)
    assert table.resting and table._state is None  # ...but the state object gone (its decision kept by its text)
    assert table._decided is None or table._decided[0] is table.snapshot_text
    assert svc.deadline(CHANNEL) == twin.deadline(CHANNEL)  # made again from its text when looked at
    assert not table.resting and table.state == twin.table(CHANNEL).state
    for player, text in ((ALICE, "pass"), (BOB, "draw")):
        assert said(await played(svc, player, text)) == said(await played(twin, player, text))
    assert table.state == twin.table(CHANNEL).state and table.snapshot == twin.table(CHANNEL).snapshot


async def test_a_change_that_leaves_the_table_quiet_leaves_it_resting(backend: Backend) -> None:
    """Once a change is written and nothing is going on at the table, its state object goes (its
    stored text stays): the next look makes it again, equal to the state of a table never rested,
    and play goes on the same."""
    wall = Wall()
    svc = window_service(backend.location("rests"), wall)
    twin = window_service(backend.location("twin"), wall)
    for s in (svc, twin):
        await delivered(s, await s.create(GUILD, CHANNEL, toy.KEY, ALICE, seed="quiet"))
        await delivered(s, await s.join(CHANNEL, BOB))
        await delivered(s, await s.start(CHANNEL, ALICE))
    table, kept = svc.table(CHANNEL), twin.table(CHANNEL)
    for _ in range(3):
        seat = table.to_act()[0]
        player, text = (ALICE, BOB)[seat], str(table.game.legal_actions(table.state, seat)[-1])
        assert said(await played(svc, player, text)) == said(await played(twin, player, text))
        assert table.resting
        assert table.state == kept.state and table.snapshot == kept.snapshot  # made again: not resting
    seat = table.to_act()[0]
    await svc.act(CHANNEL, (ALICE, BOB)[seat], str(table.game.legal_actions(table.state, seat)[-1]))
    assert svc.outbox.owes(table) and table.resting  # its notices not delivered yet: held, resting all the same
    assert table.state == svc.replay(table.id)  # made again from the text: what the log folds to


async def test_an_eager_start_up_leaves_each_quiet_table_resting(backend: Backend) -> None:
    wall = Wall()
    db = backend.location()
    svc = window_service(db, wall)
    await window_table(svc)
    state = svc.table(CHANNEL).state
    svc.close()
    again = window_service(db, wall)
    assert await again.restore() == 1
    table = again.table(CHANNEL)
    assert table.resting and table.state == state


def test_what_a_seat_was_sent_is_kept_as_a_digest_that_tells_the_same_secrets_apart_from_others() -> None:
    """`Secrets` keeps a digest of each seat's lines: the same secrets (the state loaded twice)
    give the same digest, never one holding an object's address; another seat's differ."""
    from rules import registry
    from rules.core import SeededChance

    for key, plugin in registry.plugins().items():
        game = plugin.game
        if not game.info.has_secrets:
            continue
        seats = game.info.max_seats
        state = game.new_game({}, seats, SeededChance(f"digest-{key}"))
        again = game.load(state.to_json())
        lines = [list(game.secrets(state, seat)) for seat in range(seats)]
        assert [digest(list(game.secrets(again, seat))) for seat in range(seats)] == [digest(x) for x in lines], key
        assert all(" at 0x" not in repr(x) for x in lines), key
        distinct = {repr(x) for x in lines}
        assert len({digest(x) for x in lines}) == len(distinct), key  # different lines, different digests


def test_the_c_heap_is_told_its_arenas_where_glibc_is() -> None:
    """`tune_heap` (called as a service is made) sets glibc's arena limit, and says False elsewhere."""
    import ctypes

    from gavel.tables.registry import tune_heap

    try:
        ctypes.CDLL("libc.so.6").mallopt  # noqa: B018  (there or not)
    except (OSError, AttributeError):
        assert tune_heap() is False
        return
    assert tune_heap() is True
