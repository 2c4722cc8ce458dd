"""Starting the Game and Setting Up Crimes (rulebook), R3 (seats, random Turn Start holder)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, SeededChance
from rules.judge_dredd import GAME

from .kit import STARTS, kinds, placed, texts


def test_r3_seats_are_two_to_six() -> None:
    for seats in (1, 7):
        with pytest.raises(ValueError):
            GAME.new_game({}, seats, SeededChance(0))
    assert GAME.info.min_seats == 2 and GAME.info.max_seats == 6


def test_r3_the_first_turn_start_holder_is_random_and_places_first() -> None:
    holders = {GAME.new_game({}, 4, SeededChance(seed)).turn_start for seed in range(30)}
    assert holders == {0, 1, 2, 3}
    state = GAME.new_game({}, 4, SeededChance(5))
    assert GAME.to_act(state) == {state.turn_start}
    assert state.phase == "place"


def test_starting_the_game_each_player_in_turn_places_in_an_unoccupied_starting_sector() -> None:
    state = GAME.new_game({}, 3, SeededChance(1))
    state.turn_start = 2
    assert sorted(texts(state, 2)) == sorted(f"place {s}" for s in STARTS)
    GAME.apply(state, 2, "place ghj", SeededChance(0))
    assert GAME.to_act(state) == {0}  # "the next player to the left"
    assert "place ghj" not in texts(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "place ghj", SeededChance(0))
    assert refused.value.code == "dredd_starting_sector_taken"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "place hos", SeededChance(0))
    assert refused.value.code == "dredd_not_a_starting_sector"
    GAME.apply(state, 0, "place w17", SeededChance(0))
    GAME.apply(state, 1, "place cty", SeededChance(0))
    assert [j.at for j in state.judges] == ["w17", "cty", "ghj"]


def test_setting_up_crimes_six_face_down_perps_and_six_cards_dealt_privately() -> None:
    state = GAME.new_game({}, 3, SeededChance(2))
    state.turn_start = 0
    events = []
    for seat in range(3):
        events += GAME.apply(state, seat, f"place {STARTS[seat]}", SeededChance(9))
    assert len(state.crimes) == 6
    assert not any(c.revealed for c in state.crimes)  # Sector cards never name a Starting Sector
    assert all(c.sector not in STARTS and c.sector != "hos" for c in state.crimes)
    assert len(state.perp_pack) == 22 and len(state.crime_pack) == 22
    dealt = [e for e in events if e.kind == "hand_dealt"]
    assert [e.to for e in dealt] == [(0,), (1,), (2,)]
    assert all(len(e.params["cards"]) == 6 for e in dealt)
    assert [len(j.hand) for j in state.judges] == [6, 6, 6]
    assert len(state.stock) == 54 - 18
    assert kinds(events).count("crime_reported") == 6
    view = GAME.view(state, 1)
    assert all(c["perp"] is None for c in view["crimes"])
    assert view["hand"] == state.judges[1].hand and [j["hand"] for j in view["judges"]] == [6, 6, 6]


def test_the_first_game_turn_starts_with_the_window_before_the_holders_move() -> None:
    state = placed(3)
    assert state.turn == 1 and state.phase == "movement"
    assert state.window is not None and state.window.kind == "before_move" and state.window.for_seat == 0
    assert GAME.to_act(state) == {0, 1, 2}  # everyone is asked, holders or not
