"""遊戲準備 and 人物登場: c1-c8, rulings 1, 4, 5, and e3/e5/e7 of the engine."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import ScriptedChance, SeededChance
from rules.judgement import setup
from rules.judgement.content import PACKS, load
from rules.judgement.state import COLOURS


def dice(*values: int, seed: int = 1) -> ScriptedChance:
    """Scripted dice (d4 then d6, e5), shuffles seeded."""
    return ScriptedChance(values, fallback=SeededChance(seed))


def fresh(seats: int = 5, seed: int = 1, **config: object) -> setup.JudgementState:
    return setup.new_game(dict(config), seats, SeededChance(seed))


def picked(seats: int = 5, seed: int = 1) -> setup.JudgementState:
    state = fresh(seats, seed)
    for seat, player in enumerate(state.players):
        if player.character is None:
            setup.pick(state, seat, player.options[0])
    return state


def test_c1_seats_4_to_9_only() -> None:
    for n in (3, 10):
        with pytest.raises(ValueError):
            fresh(n)
    for n in range(4, 10):
        assert fresh(n).seats == n


def test_c2_locations_shuffled_onto_six_slots_ring() -> None:
    rings = {tuple(fresh(5, seed).ring) for seed in range(12)}
    assert all(sorted(r) == sorted(load().locations) for r in rings)
    assert len(rings) > 3, "the location cards are not shuffled"


def test_c3_three_decks_shuffled_face_down() -> None:
    a, b = fresh(5, 1), fresh(5, 2)
    for pack in PACKS:
        assert Counter(getattr(a, pack)) == Counter(load().deck(pack))
        assert len(getattr(a, pack)) == 16
        assert getattr(a, f"{pack}_discard") == []
    assert any(getattr(a, p) != getattr(b, p) for p in PACKS)


def test_c4_every_marker_starts_unhurt() -> None:
    state = fresh(9)
    assert [p.damage for p in state.players] == [0] * 9
    assert all(p.alive and p.at is None and not p.revealed for p in state.players)
    assert [p.colour for p in state.players] == list(COLOURS)


@pytest.mark.parametrize("n", range(4, 10))
def test_c5_dealt_floor_15_over_n_pick_one_rest_removed_unseen(n: int) -> None:
    state = fresh(n)
    each = 15 // n
    if each == 1:  # e3: nothing to choose
        assert all(p.character and not p.options for p in state.players)
        return
    dealt = [c for p in state.players for c in p.options]
    assert all(len(p.options) == each for p in state.players)
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(load().characters)
    assert state.phase == "pick"
    choice = state.players[0].options[-1]
    events = setup.pick(state, 0, choice)
    assert state.players[0].character == choice and state.players[0].options == []
    public = [e for e in events if e.public]
    assert [e.kind for e in public] == ["picked"] and choice not in str(public[0].params)
    assert [(e.kind, e.to) for e in events if not e.public] == [("picked_card", (0,))]


@pytest.mark.parametrize("n", range(4, 10))
def test_c6_identity_mix_matches_table(n: int) -> None:
    state = fresh(n)
    row = load().identity_table[n]
    assert Counter(p.identity for p in state.players) == Counter({k: v for k, v in row.items() if v})


def test_r5_identities_never_redealt() -> None:
    """Ruling 5: dealt once, privately; picking and rolling never touch them."""
    state = fresh(6, 3)
    dealt = [p.identity for p in state.players]
    state = picked(6, 3)
    assert [p.identity for p in state.players] == dealt


def test_r1_seats_shuffled_turn_is_next_seat() -> None:
    orders = {tuple(fresh(6, seed).turn_order) for seed in range(10)}
    assert all(sorted(o) == list(range(6)) for o in orders)
    assert len(orders) > 3


def test_e3_eight_and_nine_seats_pick_by_themselves() -> None:
    for n in (8, 9):
        state = fresh(n)
        assert state.phase == "start_roll" and all(p.character for p in state.players)


def test_e5_d4_drawn_before_d6() -> None:
    state = picked(5)
    seat = setup.roller(state)
    assert seat == state.turn_order[0]
    events = setup.start_roll(state, seat, dice(1, 5))  # d4=1, d6=5: 6, never 2+4 read as d6 first
    roll = events[0]
    assert roll.kind == "dice" and roll.params == {"seat": seat, "d4": 1, "d6": 5, "total": 6, "why": "start"}


def test_c7_start_roll_places_without_location_effect() -> None:
    state = picked(5)
    seat = setup.roller(state)
    events = setup.start_roll(state, seat, dice(2, 4))  # 6: 大聖堂, whose effect would draw a Holy card
    assert state.players[seat].at == "cathedral"
    assert [e.kind for e in events] == ["dice", "moved"]
    assert len(state.holy) == 16 and state.frames == []
    assert state.players[seat].equipment == []


def test_c7_seven_places_anywhere() -> None:
    state = picked(5)
    seat = setup.roller(state)
    setup.start_roll(state, seat, dice(3, 4))
    frame = state.frames[-1]
    assert frame.kind == "go" and frame.seats == [seat]
    assert frame.data == {"options": state.ring, "why": "start"}
    assert state.players[seat].at is None


def run_rolls(state: setup.JudgementState, totals: list[tuple[int, int]]) -> list:
    events = []
    for d4, d6 in totals:
        events += setup.start_roll(state, setup.roller(state), dice(d4, d6))
        state.frames.clear()
        events += setup.settle_start(state)
    return events


def test_c8_highest_start_roll_goes_first() -> None:
    state = picked(5)
    order = list(state.turn_order)
    events = run_rolls(state, [(1, 1), (2, 3), (4, 6), (1, 2), (2, 6)])
    assert state.phase == "turn" and state.active == order[2]
    assert events[-1].kind == "first_player" and events[-1].params == {"seat": order[2], "total": 10}


def test_r4_tied_highest_start_rolls_reroll_only_tied() -> None:
    state = picked(5)
    order = list(state.turn_order)
    events = run_rolls(state, [(2, 6), (1, 1), (4, 4), (1, 3), (1, 2)])
    assert state.phase == "start_roll" and state.tied == [order[0], order[2]]
    assert next(e for e in events if e.kind == "start_tie").params == {"seats": [order[0], order[2]], "total": 8}
    placed = [p.at for p in state.players]
    assert setup.roller(state) == order[0]
    events = run_rolls(state, [(1, 2), (3, 6)])
    assert state.phase == "turn" and state.active == order[2]
    assert [e.params["why"] for e in events if e.kind == "dice"] == ["start_tie", "start_tie"]
    assert [p.at for p in state.players] == placed, "e7: a tie re-throw does not move the piece"


def test_variants_read_from_the_table_config() -> None:
    assert fresh(5, variant="pairs").variants == ["pairs"]
    assert fresh(5, variants=["pairs", "declare_button"]).variants == ["declare_button", "pairs"]
    with pytest.raises(ValueError):
        fresh(5, variant="nonsense")
