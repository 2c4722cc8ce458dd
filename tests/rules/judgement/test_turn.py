"""The turn's flow (遊戲流程, 各階段解釋): c14, c25, ruling 1, 秘典, and how `advance` calls the
other modules (death queue, victory check, frames waiting).

Most tests run the flow on its own: the other modules' entry points are replaced by quiet stand-ins
(`quiet`), so a location draws nothing and nobody attacks unless a test says so. The `real_` tests
run a turn through the real locations, attacks, skills, deaths and goals.
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable
from typing import Any

import pytest

from rules.core import Event, ScriptedChance, SeededChance
from rules.judgement import turn
from rules.judgement.actions import End, Roll
from rules.judgement.engine import GAME
from rules.judgement.frames import KINDS, FrameKind, close, open_frame
from rules.judgement.state import Dying, JudgementState, top


def module(monkeypatch: pytest.MonkeyPatch, name: str) -> types.ModuleType:
    """`rules.judgement.<name>`, whose entry points a test replaces (the monkeypatch is undone after)."""
    return importlib.import_module(f"rules.judgement.{name}")


class Calls:
    """What the stand-ins were called with, in order."""

    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []


def _bury(state: JudgementState) -> list[Event]:
    """The stand-in death pipeline: everyone queued dies at once (no rescue, no loot)."""
    events = []
    while state.deaths:
        dying = state.deaths.pop(0)
        state.players[dying.seat].alive = False
        state.dead_order.append(dying.seat)
        events.append(Event("died", {"seat": dying.seat}))
    return events


def install_quiet(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Replace the other modules' entry points by quiet stand-ins that note their calls."""
    calls = Calls()

    def note(name: str, result: Callable[..., list[Event]] | None = None) -> Callable[..., Any]:
        def stand_in(*args: Any) -> Any:
            calls.log.append((name, *[a for a in args if isinstance(a, int)]))
            return result(*args) if result else []

        return stand_in

    skills = module(monkeypatch, "skills")
    monkeypatch.setattr(skills, "on_turn_start", note("turn_start"), raising=False)
    monkeypatch.setattr(skills, "on_turn_end", note("turn_end"), raising=False)
    monkeypatch.setattr(skills, "timed", lambda state, seat, timing: [], raising=False)
    monkeypatch.setattr(skills, "any_time", lambda state, seat: [], raising=False)
    monkeypatch.setattr(module(monkeypatch, "locations"), "enter", note("enter"), raising=False)
    monkeypatch.setattr(module(monkeypatch, "attack"), "begin", note("attack"), raising=False)
    monkeypatch.setattr(module(monkeypatch, "death"), "run", note("death", lambda s, c: _bury(s)), raising=False)
    monkeypatch.setattr(module(monkeypatch, "victory"), "check", lambda state: [], raising=False)
    return calls


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> Calls:
    return install_quiet(monkeypatch)


def dice(*values: int, seed: int = 7) -> ScriptedChance:
    return ScriptedChance(values, fallback=SeededChance(seed))


def started(seats: int = 5, seed: int = 1, variant: str | None = None) -> JudgementState:
    """A game past the picks and the start rolls, at the first active seat's start step."""
    state = GAME.new_game({"variant": variant} if variant else {}, seats, SeededChance(seed))
    n = 0
    while state.phase != "turn":
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0], SeededChance(seed * 100 + n))
        n += 1
    return state


def take_turn(state: JudgementState, chance: Any) -> list[Event]:
    """The active seat throws; after a 7 it goes to the first location offered."""
    events = GAME.apply(state, state.active, "roll", chance)
    frame = top(state)
    if frame is not None and frame.kind == "go":
        events += GAME.apply(state, frame.seats[0], f"go {frame.data['options'][0]}", SeededChance(0))
    return events


def spread(state: JudgementState) -> None:
    """One piece per location in ring order (seat i on slot i mod 6), for predictable moves."""
    for seat, player in enumerate(state.players):
        player.at = state.ring[seat % 6]


def roll_to(state: JudgementState, total: int) -> tuple[int, int]:
    """Dice (d4, d6) that make `total`."""
    d4 = max(1, total - 6)
    return d4, total - d4


def test_c25_phases_run_in_order(quiet: Calls) -> None:
    state = started()
    seat = state.active
    assert (state.step, state.step_begun, GAME.to_act(state)) == ("start", True, {seat})
    assert quiet.log == [("turn_start",)]
    assert GAME.legal_actions(state, seat) == [Roll()]
    quiet.log.clear()
    spread(state)
    here = state.players[seat].at
    target = next(loc for loc in state.ring if loc != here and loc in ("cathedral", "ossuary"))
    total = 6 if target == "cathedral" else 8
    GAME.apply(state, seat, "roll", dice(*roll_to(state, total)))
    assert state.players[seat].at == target
    assert quiet.log == [("enter", seat), ("attack", seat), ("turn_end", seat), ("turn_start",)]
    assert state.active == turn.next_living(state, seat) and state.step == "start"


def test_c14_turn_passes_to_next_living_seat(quiet: Calls) -> None:
    state = started(6)
    order = state.turn_order
    first = state.active
    skipped = order[(order.index(first) + 1) % 6]
    state.players[skipped].alive = False
    spread(state)
    take_turn(state, SeededChance(3))
    assert state.active == order[(order.index(first) + 2) % 6]


def test_r1_seats_shuffled_turn_is_next_seat(quiet: Calls) -> None:
    """Turn order is the shuffled `turn_order`, not the seat numbers."""
    state = started(6, seed=4)
    assert state.turn_order != sorted(state.turn_order)
    seen = [state.active]
    for n in range(5):
        take_turn(state, SeededChance(n))
        seen.append(state.active)
    start = state.turn_order.index(seen[0])
    assert seen == [state.turn_order[(start + i) % 6] for i in range(6)]


def test_turn_number_counts_turns(quiet: Calls) -> None:
    state = started()
    assert state.turn_no == 1
    take_turn(state, SeededChance(1))
    assert state.turn_no == 2


def test_extra_turn_after_hidden_codex(quiet: Calls) -> None:
    """秘典: "本回合結束後，你再進行一個回合"."""
    state = started()
    seat = state.active
    state.extra_turn = True
    events = take_turn(state, SeededChance(1))
    assert state.active == seat and state.turn_no == 2 and not state.extra_turn
    assert Event("another_turn", {"seat": seat}) in events
    take_turn(state, SeededChance(2))
    assert state.active != seat


def _register_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test frame kind asking its seats for `end`."""

    def legal(state: JudgementState, seat: int) -> list:
        return [End()]

    def apply(state: JudgementState, seat: int, action: Any, chance: Any) -> list[Event]:
        frame = top(state)
        assert frame is not None
        close(state, frame)
        return [Event("waited", {"seat": seat})]

    monkeypatch.setitem(KINDS, "test_wait", FrameKind("test_wait", legal, apply))


def test_a_frame_opened_by_the_location_holds_the_turn(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    _register_wait(monkeypatch)
    locations = module(monkeypatch, "locations")

    def enter(state: JudgementState, seat: int, chance: Any) -> list[Event]:
        quiet.log.append(("enter", seat))
        open_frame(state, "test_wait", [seat])
        return []

    monkeypatch.setattr(locations, "enter", enter, raising=False)
    state = started()
    seat = state.active
    quiet.log.clear()
    GAME.apply(state, seat, "roll", SeededChance(5))
    assert state.step == "location" and GAME.to_act(state) == {seat}
    assert GAME.legal_actions(state, seat) == [End()]
    assert quiet.log == [("enter", seat)]
    GAME.apply(state, seat, "end", SeededChance(6))
    assert quiet.log == [("enter", seat), ("attack", seat), ("turn_end", seat), ("turn_start",)]
    assert state.active != seat


def test_a_seat_dying_in_its_own_turn_loses_the_rest_of_it(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    locations = module(monkeypatch, "locations")

    def enter(state: JudgementState, seat: int, chance: Any) -> list[Event]:
        state.deaths.append(Dying(seat=seat, source="test"))
        return []

    monkeypatch.setattr(locations, "enter", enter, raising=False)
    state = started()
    seat = state.active
    quiet.log.clear()
    events = take_turn(state, SeededChance(5))
    assert not state.players[seat].alive and Event("died", {"seat": seat}) in events
    assert ("attack", seat) not in quiet.log and ("turn_end", seat) not in quiet.log
    assert state.active == turn.next_living(state, seat) and state.step == "start"


def test_deaths_run_before_the_victory_check(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """r8/r14: the death pipeline first, then the goals; a win ends the game at once (c9)."""
    locations, victory = module(monkeypatch, "locations"), module(monkeypatch, "victory")
    other = Calls()

    def enter(state: JudgementState, seat: int, chance: Any) -> list[Event]:
        state.deaths.append(Dying(seat=seat, source="test"))
        return []

    def check(state: JudgementState) -> list[Event]:
        other.log.append(("check", tuple(state.dead_order)))
        if state.dead_order:
            state.phase, state.winners, state.reason = "over", [0], "guards"
            return [Event("game_over", {})]
        return []

    monkeypatch.setattr(locations, "enter", enter, raising=False)
    monkeypatch.setattr(victory, "check", check, raising=False)
    state = started()
    seat = state.active
    take_turn(state, SeededChance(5))
    assert other.log[-1] == ("check", (seat,))
    assert GAME.outcome(state) is not None and GAME.to_act(state) == set()
    assert ("attack", seat) not in quiet.log


def test_c9_a_win_closes_every_open_question(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game ends at once (c9): a frame still open when a side wins is dropped."""
    _register_wait(monkeypatch)
    locations = module(monkeypatch, "locations")

    def enter(state: JudgementState, seat: int, chance: Any) -> list[Event]:
        open_frame(state, "test_wait", [seat])
        state.phase, state.winners, state.reason = "over", [seat], "guards"
        return []

    monkeypatch.setattr(locations, "enter", enter, raising=False)
    state = started()
    take_turn(state, SeededChance(5))
    assert state.frames == [] and GAME.to_act(state) == set()
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == (state.active,)


def test_a_death_frame_waits_and_the_queue_resumes(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """death.run opens its own frame and returns while it waits; `advance` runs it again later."""
    _register_wait(monkeypatch)
    locations, death = module(monkeypatch, "locations"), module(monkeypatch, "death")

    def enter(state: JudgementState, seat: int, chance: Any) -> list[Event]:
        state.deaths.append(Dying(seat=seat, source="test"))
        return []

    def run(state: JudgementState, chance: Any) -> list[Event]:
        if not state.frames and not getattr(state, "_asked", False):
            state._asked = True  # type: ignore[attr-defined]
            open_frame(state, "test_wait", [s for s, p in enumerate(state.players) if p.alive])
            return []
        if state.frames:
            return []
        return _bury(state)

    monkeypatch.setattr(locations, "enter", enter, raising=False)
    monkeypatch.setattr(death, "run", run, raising=False)
    state = started()
    seat = state.active
    GAME.apply(state, seat, "roll", SeededChance(5))
    assert top(state) is not None and top(state).kind == "test_wait"
    assert GAME.to_act(state) == set(range(5))
    GAME.apply(state, 2, "end", SeededChance(6))
    assert not state.players[seat].alive and state.active != seat


def test_turn_start_skills_run_when_the_turn_begins(quiet: Calls) -> None:
    state = started()
    quiet.log.clear()
    take_turn(state, SeededChance(1))
    assert quiet.log[-1] == ("turn_start",) and state.step_begun and state.step == "start"


def test_c14_next_turn_skips_the_dead_and_wraps_round(quiet: Calls) -> None:
    state = started(5)
    order = state.turn_order
    last = order[-1]
    state.active = last
    for seat in order[:2]:
        state.players[seat].alive = False
    events = turn.next_turn(state)
    assert state.active == order[2] and events == [Event("turn_started", {"seat": order[2], "turn": state.turn_no})]


def test_nobody_alive_waits_for_the_goals(quiet: Calls) -> None:
    """If every character is dead (天雷 on the last ones) and no goal ended the game, the flow stops
    rather than loop: victory.py decides such an end."""
    state = started(4)
    for p in state.players:
        p.alive = False
    state.step_begun = True
    state.step = "finish"
    assert turn.advance(state, SeededChance(0)) == []


def real_board(state: JudgementState, mover: int, others_at: str) -> None:
    """A fixed ring; the mover at 酒館 and everyone else at `others_at`."""
    state.ring = ["tavern", "cathedral", "market_square", "ossuary", "alchemist_tower", "black_market"]
    for seat, player in enumerate(state.players):
        player.at = "tavern" if seat == mover else others_at


def test_c25_real_turn_location_then_attack_then_next_seat() -> None:
    """With the real modules: 大聖堂 draws a Holy card by itself (c33, e3: equipment, no question);
    the attack step asks the mover, who has targets in range (c20); `end` passes the turn on."""
    state = started(5, seed=2)
    seat = state.active
    real_board(state, seat, "market_square")
    state.holy.insert(0, state.holy.pop(state.holy.index("holy_vestment")))
    GAME.apply(state, seat, "roll", dice(2, 4))  # 6: 大聖堂, between 酒館 and 廣場
    assert state.players[seat].at == "cathedral" and state.players[seat].equipment == ["holy_vestment"]
    frame = top(state)
    assert frame is not None and frame.kind == "attack" and state.step == "attack"
    assert GAME.to_act(state) == {seat}
    GAME.apply(state, seat, "end", SeededChance(1))
    assert state.active == turn.next_living(state, seat) and state.step == "start" and state.turn_no == 2


def test_real_nobody_in_range_skips_the_attack_step() -> None:
    state = started(4, seed=3)
    seat = state.active
    real_board(state, seat, "black_market")
    state.dark.insert(0, state.dark.pop(state.dark.index("cleaver")))
    events = GAME.apply(state, seat, "roll", dice(4, 4))  # 8: 埋骨之地, neighbours 大聖堂 and 煉金塔
    assert state.players[seat].at == "ossuary" and state.players[seat].equipment == ["cleaver"]
    assert Event("nobody_in_range", {"seat": seat}) in events
    assert state.active == turn.next_living(state, seat) and state.turn_no == 2
