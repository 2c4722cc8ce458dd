"""Standing orders and the window's hold: a seat's order answers a window for it, never taking
away a play (`IDLE`), the setting is the player's own and outlives a restart, and nothing public
(the lines, the board, who is asked, the order of the notices and when each comes, on the
service's clock) depends on whether a pass came from an order or by hand, nor on whether the
seat held something playable, as long as its player answers within the hold.

The counterfactual tests play the same clicks at the same times in two worlds that differ only
in a secret (a hand with or without a playable card; an order set or not), and compare the
public notices as the outbox keeps them (`to_record`, pings aside)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from gavel.tables.notices import Notice, Public, to_record
from gavel.tables.service import Player, TableService
from rules.core import Action, GameInfo, Seat, register
from rules.plugin import IDLE
from tests.tables import toy_window
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.tables.test_window_clock import Time
from tests.tables.toy_window import Pass, Play, ToyWindow, WindowState

HOLD = 5.0


class EvenWindow(ToyWindow):
    """Toy windows where only an even card may be played: whether a seat holds something playable
    is a secret (every hand is two cards, its size public)."""

    info: ClassVar[GameInfo] = replace(ToyWindow.info, key="toy_even", names={"en": "Even", "zh-TW": "偶數"})

    def _legal_actions(self, state: WindowState, seat: Seat) -> list[Action]:
        if not state.window:
            return super()._legal_actions(state, seat)
        return [Pass(), *(Play(c) for c in state.hands[seat] if c % 2 == 0)]


EVEN = register(EvenWindow())
ODD_HAND, EVEN_HAND = [100001, 100003], [100002, 100003]


def service(t: Time, db: str = ":memory:") -> TableService:
    svc = TableService(db, renderers={"toy_even": toy_window.HandRenderer()}, clock=t)
    svc.wall = t
    svc.hold = HOLD
    return svc


async def table_with(svc: TableService, bob_hand: list[int]) -> None:
    """Alice, Bob and Carol at a table of `toy_even`; Bob's two cards are `bob_hand`, the others'
    odd (nothing playable), and so is every card drawn."""
    await svc.create(GUILD, CHANNEL, "toy_even", ALICE, seed="w")
    for p in (BOB, CAROL):
        await svc.join(CHANNEL, p)
    await svc.start(CHANNEL, ALICE)
    table = svc.table(CHANNEL)
    state = table.state
    state.hands[0], state.hands[1], state.hands[2] = [100005, 100007], list(bob_hand), [100009, 100011]
    state.deck[:] = [100013 + 2 * i for i in range(len(state.deck))]  # Alice draws odd cards


Said = list[tuple[float, dict[str, Any]]]


def public(notices: list[Notice], at: float, said: Said) -> None:
    for n in notices:
        if isinstance(n, Public):
            record = to_record(n)
            if record.get("prompt"):
                record["prompt"] = {k: v for k, v in record["prompt"].items() if k not in ("ping", "made")}
            said.append((at, record))


async def timers(svc: TableService, t: Time, until: float, said: Said) -> None:
    """Fire the channel's timer whenever it falls due before `until` (the service's clock), as
    the front-end's would, then stand at `until`."""
    for _ in range(20):
        deadline = svc.deadline(CHANNEL)
        if deadline is None or t.now + deadline.seconds > until:
            break
        t.now += deadline.seconds
        public(await svc.expire(CHANNEL, deadline.version), t.now, said)
    t.now = until


async def click(svc: TableService, t: Time, at: float, who: Player, text: str, said: Said) -> None:
    """`who` clicks `text` at `at`; a refusal is theirs alone (nothing public)."""
    from rules.core import IllegalAction

    await timers(svc, t, at, said)
    try:
        public(await svc.act(CHANNEL, who, text), t.now, said)
    except IllegalAction:
        pass


async def script(svc: TableService, t: Time, *, bob_passes: bool = True) -> Said:
    """Alice draws (a window opens for all three), Alice, Carol and (unless told) Bob pass by hand
    within the hold, then time runs on to 70 s (past the hold and the window clock)."""
    said: Said = []
    start = t.now
    await click(svc, t, start, ALICE, "draw", said)
    await click(svc, t, start + 1, ALICE, "pass", said)
    await click(svc, t, start + 2, CAROL, "pass", said)
    if bob_passes:
        await click(svc, t, start + 3, BOB, "pass", said)
    await timers(svc, t, start + 70, said)
    return [(at - start, record) for at, record in said]


# --------------------------------------------------------------------------- the default order
def test_idle_is_every_new_player_s_default_where_the_game_has_windows() -> None:
    from rules import registry

    assert registry.plugin("judge_dredd").default_orders == {"idle": None}
    assert registry.plugin("judgement").default_orders == {"idle": None}
    assert registry.plugin("dads_army").standing_orders == () and registry.plugin("judtho").standing_orders == ()


def test_idle_passes_only_a_hand_with_nothing_playable() -> None:
    state = EVEN.new_game({}, 2, _chance())
    state.window = True
    state.hands = [list(ODD_HAND), list(EVEN_HAND)]
    assert str(IDLE.answers(EVEN, state, 0, None)) == "pass"
    assert IDLE.answers(EVEN, state, 1, None) is None  # 100002 may be played


def _chance() -> Any:
    from rules.core import SeededChance

    return SeededChance("even")


# --------------------------------------------------------------------------- the hold
async def test_a_pass_during_the_hold_waits_tells_nobody_and_is_applied_when_it_ends() -> None:
    t = Time()
    svc = service(t)
    await table_with(svc, EVEN_HAND)
    await svc.act(CHANNEL, ALICE, "draw")
    version = svc.table(CHANNEL).version
    assert await svc.act(CHANNEL, CAROL, "pass") == []  # acknowledged to Carol alone by the front-end
    assert svc.table(CHANNEL).version == version and svc.answered(CHANNEL) == {0, 2}  # Alice's order answers
    deadline = svc.deadline(CHANNEL)
    assert deadline is not None and deadline.seconds == HOLD
    t.now += HOLD
    told = await svc.expire(CHANNEL, version)
    assert told == []  # both passes applied, the window still open for Bob: the channel hears it at the close
    assert [a["action"] for a in svc.store.actions(svc.table(CHANNEL).id)][-2:] == ["pass", "pass"]
    assert svc.table(CHANNEL).decision().asked == {1}
    said: Said = []
    public(await svc.act(CHANNEL, BOB, "pass"), t.now, said)  # after the hold: applied at once, closing it
    assert len(said) == 1


async def test_a_window_closes_no_earlier_than_the_hold_even_when_all_pass_by_hand_at_once() -> None:
    t = Time()
    svc = service(t)
    await table_with(svc, EVEN_HAND)
    said: Said = []
    await click(svc, t, t.now, ALICE, "draw", said)
    for who in (ALICE, BOB, CAROL):
        await click(svc, t, t.now, who, "pass", said)
    assert len(said) == 1  # the draw's notice alone: the window waits for its hold
    await timers(svc, t, t.now + HOLD, said)
    assert len(said) == 2 and not svc.table(CHANNEL).state.window


async def test_a_play_during_the_hold_drops_the_seat_s_waiting_pass() -> None:
    t = Time()
    svc = service(t)
    await table_with(svc, [100002, 100004])  # one even card left after the play: no order answers
    await svc.act(CHANNEL, ALICE, "draw")
    await svc.act(CHANNEL, BOB, "pass")
    notices = await svc.act(CHANNEL, BOB, "play 100002")
    assert any(isinstance(n, Public) for n in notices)
    assert 1 not in svc.answered(CHANNEL)


async def test_without_the_hold_no_order_answers() -> None:
    """Without the hold an order's pass would close a window at once, earlier than any player
    could: so none applies (the suite's other tests play windows so)."""
    t = Time()
    svc = service(t)
    svc.hold = 0
    await table_with(svc, EVEN_HAND)
    await svc.act(CHANNEL, ALICE, "draw")
    assert svc.table(CHANNEL).decision().asked == {0, 1, 2} and svc.answered(CHANNEL) == frozenset()
    assert svc.deadline(CHANNEL).seconds == 60  # the window clock alone


# --------------------------------------------------------------------------- counterfactuals
async def test_a_playable_card_or_none_the_channel_hears_the_same_at_the_same_times() -> None:
    worlds = []
    for bob_hand in (ODD_HAND, EVEN_HAND):
        t = Time()
        svc = service(t)
        await table_with(svc, bob_hand)
        worlds.append(await script(svc, t))
    assert worlds[0] == worlds[1]
    assert [at for at, _ in worlds[0]] == [0, HOLD]  # the draw, then the window's close at the hold


async def test_an_order_set_or_not_the_channel_hears_the_same_at_the_same_times() -> None:
    worlds = []
    for idle in (True, False):
        t = Time()
        svc = service(t)
        await table_with(svc, ODD_HAND)
        said, notices = await svc.orders(CHANNEL, BOB, "idle", "on" if idle else "off")
        assert notices == [] and said.table_id is None  # the player's own answer, nothing for the channel
        worlds.append(await script(svc, t))
    assert worlds[0] == worlds[1]


# --------------------------------------------------------------------------- the setting
async def test_orders_are_the_player_s_own_stored_with_the_seat_and_outlive_a_restart(tmp_path) -> None:
    db = str(tmp_path / "orders.sqlite3")
    t = Time()
    svc = service(t, db)
    await table_with(svc, ODD_HAND)
    said, _ = await svc.orders(CHANNEL, BOB)
    assert [m.key for m in said.lines] == ["table.orders", "table.orders.on"]
    await svc.orders(CHANNEL, BOB, "idle", "off")
    again = service(t, db)
    await again.restore()
    table = again.table(CHANNEL)
    assert table.seats[1].orders == {} and table.seats[0].orders is None  # Alice never chose: the defaults
    said, _ = await again.orders(CHANNEL, BOB)
    assert [m.key for m in said.lines] == ["table.orders", "table.orders.off"]


async def test_an_unknown_order_or_switch_is_refused_changing_nothing() -> None:
    import pytest

    from rules.core import IllegalAction

    t = Time()
    svc = service(t)
    await table_with(svc, ODD_HAND)
    for order, switch in (("never", "on"), ("idle", "maybe")):
        with pytest.raises(IllegalAction) as refused:
            await svc.orders(CHANNEL, BOB, order, switch)
        assert refused.value.code == "bad_order"
    assert svc.table(CHANNEL).seats[1].orders is None


async def test_a_waiting_pass_outlives_a_restart_and_is_applied_once(tmp_path) -> None:
    db = str(tmp_path / "hold.sqlite3")
    t = Time()
    svc = service(t, db)
    await table_with(svc, EVEN_HAND)
    await svc.act(CHANNEL, ALICE, "draw")
    await svc.act(CHANNEL, CAROL, "pass")
    again = service(t, db)
    await again.restore()
    assert again.answered(CHANNEL) == {0, 2}  # Carol's pass by hand came back from the store, Alice's order
    t.now += HOLD
    claimed = await again.due_clocks()
    assert [d.table_id for d in claimed] == [again.table(CHANNEL).id]
    await again.expire(CHANNEL, claimed[0].version)
    assert again.table(CHANNEL).decision().asked == {1}
    assert await again.due_clocks() == []


async def test_after_the_hold_a_pass_that_leaves_the_window_open_is_stored_and_tells_the_channel_nothing() -> None:
    t = Time()
    svc = service(t)
    await table_with(svc, EVEN_HAND)
    await svc.orders(CHANNEL, ALICE, "idle", "off")
    await svc.act(CHANNEL, ALICE, "draw")
    t.now += HOLD + 1
    version = svc.table(CHANNEL).version
    notices = await svc.act(CHANNEL, ALICE, "pass")  # Bob is still asked: the window stays open
    assert not any(isinstance(n, Public) for n in notices)
    table = svc.table(CHANNEL)
    # Alice's pass, and Carol's by her order (the hold is over): Bob holds a playable card
    assert table.version == version + 2 and table.decision().asked == {1}
    assert [a["action"] for a in svc.store.actions(table.id)][-2:] == ["pass", "pass"]


async def test_passes_two_services_queue_in_one_window_are_all_applied_when_the_hold_ends(tmp_path) -> None:
    """Two services on one database (as processes sharing one): Carol's pass waits in one, Bob's
    in the other, within the same hold; neither write loses the other's pass."""
    db = str(tmp_path / "two.sqlite3")
    t = Time()
    first = service(t, db)
    await table_with(first, EVEN_HAND)
    await first.act(CHANNEL, ALICE, "draw")
    second = service(t, db)
    await second.restore()
    version = first.table(CHANNEL).version
    assert await first.act(CHANNEL, CAROL, "pass") == []
    assert await second.act(CHANNEL, BOB, "pass") == []  # Bob could have played: his own pass, by hand
    assert first.table(CHANNEL).version == version and second.table(CHANNEL).version == version
    t.now += HOLD
    await first.expire(CHANNEL, version)  # the one that did not hear Bob's pass fires the hold
    table = first.table(CHANNEL)
    log = first.store.actions(table.id)
    passes = [(a["seat"], a["action"]) for a in log if a["version"] > version]
    assert passes[:3] == [(0, "pass"), (1, "pass"), (2, "pass")]  # the window closed at the hold's end


def pinged(notices: list[Notice]) -> set[int]:
    from gavel.tables.notices import Prompt

    prompts = [n.prompt for n in notices if isinstance(n, Public)] + [n for n in notices if isinstance(n, Prompt)]
    return {p.seat for p in prompts if p is not None and p.ping}


async def test_the_hold_s_end_pings_no_seat_whose_own_pass_waited_for_it() -> None:
    """Bob passes by hand during the hold; when it ends the window closes and Bob is asked next
    (his draw): like the answer to his own click without the hold, that notice pings him not."""
    t = Time()
    svc = service(t)
    await table_with(svc, ODD_HAND)
    await svc.act(CHANNEL, ALICE, "draw")
    version = svc.table(CHANNEL).version
    assert await svc.act(CHANNEL, BOB, "pass") == []
    t.now += HOLD
    told = await svc.expire(CHANNEL, version)
    assert svc.table(CHANNEL).decision().asked == {1}  # the window closed, Bob draws
    assert 1 not in pinged(told)


async def test_the_hold_s_end_pings_a_seat_asked_whose_pass_came_from_its_order() -> None:
    t = Time()
    svc = service(t)
    await table_with(svc, ODD_HAND)  # Bob holds nothing playable: his order (the default) passes
    await svc.act(CHANNEL, ALICE, "draw")
    version = svc.table(CHANNEL).version
    t.now += HOLD
    told = await svc.expire(CHANNEL, version)
    assert svc.table(CHANNEL).decision().asked == {1}
    assert 1 in pinged(told)  # he did not act: he is asked anew


async def test_the_answers_follow_a_change_of_orders_and_of_position() -> None:
    """`standing.answers` is worked out once per position and setting: a seat's orders changed,
    or the position moved on, gives the answers anew."""
    from gavel.tables import standing

    t = Time()
    svc = service(t)
    await table_with(svc, ODD_HAND)
    await svc.act(CHANNEL, ALICE, "draw")
    table = svc.table(CHANNEL)
    assert table is not None
    first = standing.answers(table)
    assert first.get(1) == "pass"  # Bob holds nothing playable: his default order passes
    table.seats[1] = replace(table.seats[1], orders={})
    assert 1 not in standing.answers(table)
    table.seats[1] = replace(table.seats[1], orders={"idle": None})
    assert standing.answers(table).get(1) == "pass"
    state = table.state
    state.hands[1] = list(EVEN_HAND)
    state.version += 1  # as every action moves it on: Bob now holds a playable card
    assert 1 not in standing.answers(table)
    await timers(svc, t, t.now + 70, [])  # the hold ends, the passes are applied: the window closes
    assert standing.answers(table) == {}
