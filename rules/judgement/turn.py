"""The order of play (遊戲流程, 各階段解釋): the start rolls, then turn after turn, until a side wins.

Each turn has five steps (c25): 回合開始 `start`, 移動 `move`, 場地結算 `location`, 攻擊 `attack`,
回合結束 `finish`. `advance` is called after every action and carries the flow on as far as it
goes without a decision:

1. the death queue runs (`death.run`, ruling 8, e6) while it has work and no frame waits;
2. the goals are checked (`victory.check`, r14): a win ends the game at once (c9). Only once the
   queue is settled: a batch of deaths (one 天雷, one 連弩 throw) is judged as a whole (ruling 14,
   Q5), so an effect that wipes out both factions lets both win;
3. it stops while a frame waits (an Order card's answer, the rescue window, a `go` after a 7...);
4. an attack that another module's frame paused (a looted or pilfered 聖騎士之槍 asks its new
   holder `show`/`keep`) carries on (`attack.resume`: its other hits, 反擊 and 血戰
   windows) before the step moves on, so the attack step ends only when the attack has;
5. otherwise the step carries on. A step first does its entry work once (`state.step_begun`):
   - `start`: the turn-start skills (`skills.on_turn_start`: shields end, 調藥 ...), then the turn
     waits for the active seat's `roll` (or 翩躚's `go`, or a turn-start skill);
   - `move`: the throw itself is the `roll` action (movement.py); the step ends once the piece is
     down (a 7 or 星盤 waits on a `go` frame);
   - `location`: the location's effect, compulsory (c18): `locations.enter`, even after 翩躚 stayed;
   - `attack`: `attack.begin` opens the attack frame (targets in range, `end`), or nobody is there;
   - `finish`: the turn-end skills (`skills.on_turn_end`, e.g. 鐵壁); then the next turn.

The next turn is the next living seat in turn order (c14, ruling 1), or the same seat again after
秘典 (`state.extra_turn`). A seat that dies in its own turn loses the rest of it.
"""

from __future__ import annotations

from rules.core import Chance, Event, Seat

from . import attack, death, locations, setup, skills, victory
from .state import STEPS, JudgementState

LOOP_LIMIT = 500
"""`advance` never needs this many rounds; reaching it means a module left the flow stuck."""


def advance(state: JudgementState, chance: Chance) -> list[Event]:
    """Carry the game on until a decision is awaited or the game is over."""
    events: list[Event] = []
    for _ in range(LOOP_LIMIT):
        if state.phase == "turn" and state.deaths:
            events += death.run(state, chance)  # returns [] while its own frame waits
        if state.phase == "turn" and not state.deaths:
            events += victory.check(state)  # r14, Q5: once the batch of deaths is settled
        if state.phase == "over":
            state.frames.clear()  # c9: the game ends at once; no question is left open
            return events
        if state.frames:
            return events
        if state.deaths:
            continue
        if state.phase == "turn" and state.attack is not None and state.attack.stage != "done":
            events += attack.resume(state, chance)  # an attack a frame paused goes on first
            continue
        if state.phase == "start_roll":
            events += setup.settle_start(state)
            if state.phase != "turn":
                return events
            events += start_turn(state, state.active)
            continue
        if state.phase != "turn":
            return events
        done, wait = _step(state, chance)
        events += done
        if wait:
            return events
    raise RuntimeError("turn.advance went round too often: a step neither waits nor ends")


def _step(state: JudgementState, chance: Chance) -> tuple[list[Event], bool]:
    """Do the current step's entry work, or end the step. The flag: the turn now waits on the
    active seat's own decision (its `roll` at the start step), or nobody is left alive to play
    (then the goals decide; `victory.check` has ended the game)."""
    seat = state.active
    if not any(p.alive for p in state.players):
        return [], True
    if not state.players[seat].alive:
        return next_turn(state), False
    if not state.step_begun:
        state.step_begun = True
        if state.step == "start":
            return skills.on_turn_start(state, chance), False
        if state.step == "location":
            return locations.enter(state, seat, chance), False
        if state.step == "attack":
            return attack.begin(state, seat, chance), False
        if state.step == "finish":
            return skills.on_turn_end(state, seat, chance), False
        return [], False
    if state.step == "start":
        return [], True  # the `roll` (or 翩躚, or a turn-start skill) is the active seat's
    if state.step == "finish":
        return next_turn(state), False
    return enter_step(state, STEPS[STEPS.index(state.step) + 1]), False


def enter_step(state: JudgementState, step: str) -> list[Event]:
    """Go on to `step` (its entry work runs on the next round of `advance`). No event: the view
    shows the step, and a line per step would bury the log."""
    state.step = step
    state.step_begun = False
    return []


def begin_move(state: JudgementState) -> None:
    """The active seat has thrown (or used 翩躚): the move step is under way."""
    state.step = "move"
    state.step_begun = True


def start_turn(state: JudgementState, seat: Seat) -> list[Event]:
    """Turn `seat`'s turn on, at its start step."""
    state.active = seat
    state.turn_no += 1
    state.step = "start"
    state.step_begun = False
    state.attack = None
    return [Event("turn_started", {"seat": seat, "turn": state.turn_no})]


def next_turn(state: JudgementState) -> list[Event]:
    """回合結束: the next living seat in turn order takes its turn (c14), or the same seat again
    after 秘典 (`extra_turn`) if it still lives. Someone must be alive."""
    seat = state.active
    again = state.extra_turn and state.players[seat].alive
    state.extra_turn = False
    if again:
        return [Event("another_turn", {"seat": seat}), *start_turn(state, seat)]
    following = next_living(state, seat)
    assert following is not None, "next_turn with nobody alive"
    return start_turn(state, following)


def next_living(state: JudgementState, seat: Seat) -> Seat | None:
    """The next living seat after `seat` in turn order (dead seats are skipped, c14)."""
    order = state.turn_order
    at = order.index(seat)
    for offset in range(1, len(order) + 1):
        candidate = order[(at + offset) % len(order)]
        if state.players[candidate].alive:
            return candidate
    return None
