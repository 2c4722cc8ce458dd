"""移動人物 and 距離概念: c15-c17, c21, c23, c44, rulings 2-3, 星盤, 翩躚, 炮擊, and e5."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, ScriptedChance, SeededChance
from rules.judgement import board
from rules.judgement.actions import Go, Roll
from rules.judgement.content import load
from rules.judgement.engine import GAME
from rules.judgement.state import JudgementState, top

from .test_turn import Calls, install_quiet, spread, started


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Every test here runs the flow with the other modules' quiet stand-ins (test_turn.py)."""
    return install_quiet(monkeypatch)


ROLLS = {loc.id: loc.rolls[0] for loc in load().locations.values()}
"""A total that names each location."""


def dice(*values: int) -> ScriptedChance:
    return ScriptedChance(values, fallback=SeededChance(9))


def split(total: int) -> tuple[int, int]:
    d4 = max(1, total - 6)
    return d4, total - d4


def at_start(seats: int = 5, variant: str | None = None) -> tuple[JudgementState, int]:
    state = started(seats, variant=variant)
    spread(state)
    return state, state.active


def test_c15_move_goes_to_location_of_roll(quiet: Calls) -> None:
    state, seat = at_start()
    here = state.players[seat].at
    target = next(loc for loc in state.ring if loc != here)
    events = GAME.apply(state, seat, "roll", dice(*split(ROLLS[target])))
    assert state.players[seat].at == target
    assert events[0].kind == "dice" and events[0].public
    assert events[0].params == {
        "seat": seat,
        "d4": split(ROLLS[target])[0],
        "d6": split(ROLLS[target])[1],
        "total": ROLLS[target],
        "why": "move",
    }
    assert events[1].params == {"seat": seat, "from": here, "to": target}
    assert ("enter", seat) in quiet.log


def test_c16_seven_offers_every_other_location(quiet: Calls) -> None:
    state, seat = at_start()
    here = state.players[seat].at
    GAME.apply(state, seat, "roll", dice(3, 4))
    frame = top(state)
    assert frame is not None and frame.kind == "go" and frame.data["why"] == "seven"
    others = [loc for loc in state.ring if loc != here]
    assert GAME.to_act(state) == {seat}
    assert GAME.legal_actions(state, seat) == [Go(loc) for loc in others]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, f"go {here}", SeededChance(0))
    assert refused.value.code == "judgement_must_leave"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, "roll", SeededChance(0))
    assert refused.value.code == "judgement_choose_location"
    GAME.apply(state, seat, f"go {others[2]}", SeededChance(0))
    assert state.players[seat].at == others[2] and ("enter", seat) in quiet.log


def test_c17_roll_naming_own_location_is_rerolled(quiet: Calls) -> None:
    state, seat = at_start()
    state.players[seat].at = "cathedral"
    events = GAME.apply(state, seat, "roll", dice(2, 4, 1, 1))  # 6 = 大聖堂, where it stands; then 2 = 酒館
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["dice", "move_reroll", "dice"]
    assert state.players[seat].at == "tavern"


def test_e5_d4_drawn_before_d6(quiet: Calls) -> None:
    state, seat = at_start()
    state.players[seat].at = "tavern"
    GAME.apply(state, seat, "roll", dice(4, 6))  # d4 4 + d6 6 = 10 (黑市); read d6-first it would be invalid
    assert state.last_roll == {"seat": seat, "d4": 4, "d6": 6, "total": 10, "why": "move"}
    assert state.players[seat].at == "black_market"


def test_astrolabe_two_throws_choose_either(quiet: Calls) -> None:
    state, seat = at_start()
    state.players[seat].at = "tavern"
    state.players[seat].equipment.append("astrolabe")
    events = GAME.apply(state, seat, "roll", dice(2, 4, 2, 6))  # 6 大聖堂 and 8 埋骨之地
    assert [e.kind for e in events if e.kind == "dice"] == ["dice", "dice"]
    frame = top(state)
    assert frame is not None and frame.data["why"] == "astrolabe"
    assert sorted(frame.data["options"]) == ["cathedral", "ossuary"]
    GAME.apply(state, seat, "go ossuary", SeededChance(0))
    assert state.players[seat].at == "ossuary"


def test_astrolabe_same_result_twice_goes_at_once(quiet: Calls) -> None:
    """e3: one destination is no choice."""
    state, seat = at_start()
    state.players[seat].at = "tavern"
    state.players[seat].equipment.append("astrolabe")
    GAME.apply(state, seat, "roll", dice(2, 4, 3, 3))
    assert state.players[seat].at == "cathedral" and state.frames == []


def test_astrolabe_with_a_seven_offers_every_other_location(quiet: Calls) -> None:
    state, seat = at_start()
    state.players[seat].at = "tavern"
    state.players[seat].equipment.append("astrolabe")
    GAME.apply(state, seat, "roll", dice(3, 4, 2, 4))
    frame = top(state)
    assert frame is not None
    assert sorted(frame.data["options"]) == sorted(loc for loc in state.ring if loc != "tavern")


def fairy(state: JudgementState, seat: int, revealed: bool = True) -> None:
    state.players[seat].character = "white_fairy"
    state.players[seat].revealed = revealed


def test_r3_flit_replaces_roll_stay_or_adjacent(quiet: Calls) -> None:
    state, seat = at_start()
    fairy(state, seat)
    here = state.players[seat].at
    near = board.neighbours(state, here)
    assert GAME.legal_actions(state, seat) == [Roll(), Go(here), *(Go(loc) for loc in near)]
    far = next(loc for loc in state.ring if loc not in (here, *near))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, f"go {far}", SeededChance(0))
    assert refused.value.code == "judgement_flit_too_far"
    events = GAME.apply(state, seat, f"go {here}", ScriptedChance([]))  # no dice at all
    assert [e.kind for e in events][:2] == ["flitted", "stayed"]
    assert state.players[seat].at == here and ("enter", seat) in quiet.log  # e8: the location step follows


def test_r3_flit_steps_to_a_neighbour(quiet: Calls) -> None:
    state, seat = at_start()
    fairy(state, seat)
    near = board.neighbours(state, state.players[seat].at)[1]
    GAME.apply(state, seat, f"go {near}", ScriptedChance([]))
    assert state.players[seat].at == near


def test_flit_needs_the_fairy_face_up(quiet: Calls) -> None:
    """c24: a face-down character uses no skill."""
    state, seat = at_start()
    fairy(state, seat, revealed=False)
    assert GAME.legal_actions(state, seat) == [Roll()]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, f"go {state.ring[0]}", SeededChance(0))
    assert refused.value.code == "judgement_roll_to_move"


def test_r2_ring_neighbours() -> None:
    state = started()
    for slot, loc in enumerate(state.ring):
        assert board.slot_of(state, loc) == slot
        assert board.neighbours(state, loc) == [state.ring[(slot - 1) % 6], state.ring[(slot + 1) % 6]]


def test_r2_pairs_variant() -> None:
    state = started(variant="pairs")
    ring = state.ring
    assert [board.neighbours(state, loc) for loc in ring] == [
        [ring[1]],
        [ring[0]],
        [ring[3]],
        [ring[2]],
        [ring[5]],
        [ring[4]],
    ]


def test_c21_range_is_own_location_and_both_neighbours() -> None:
    state = started(6)
    spread(state)  # seat i on slot i
    assert board.in_range(state, 0) == [1, 5]
    state.players[3].at = state.ring[0]
    assert board.in_range(state, 0) == [1, 3, 5]
    state.players[1].alive = False
    assert board.in_range(state, 0) == [3, 5]


def test_c23_cannot_attack_self() -> None:
    state = started(6)
    spread(state)
    assert all(seat not in board.in_range(state, seat) for seat in range(6))


def test_c44_pairs_variant_range_is_own_pair() -> None:
    state = started(6, variant="pairs")
    spread(state)
    assert board.in_range(state, 0) == [1]
    assert board.in_range(state, 3) == [2]


def test_bombard_range_is_outside_the_normal_range() -> None:
    """炮擊 (`range_outside`, N6.3): the other three locations, not the normal three."""
    state = started(6)
    spread(state)
    state.players[0].equipment.append("bombard")
    assert board.in_range(state, 0) == [2, 3, 4]
