"""The move clock in the engine: J18 "a timeout counts as Departure" (`Game.time_up_action`: the move clock
is the table's time control; Judtho has no window clock, `timeout_action` is None), E6."""

from __future__ import annotations

import pytest

from rules.core import BadActionText, SeededChance
from rules.judtho.engine import GAME, Depart, Draw
from rules.judtho.present import label

from .test_endings import GUARDS
from .test_engine import KINGS, act, play_state

CH = SeededChance(0)


def test_j18_time_up_action_is_depart_timeout_only_for_the_seat_to_move():
    state = play_state(dict(KINGS))
    assert [GAME.timeout_action(state, s) for s in range(4)] == [None] * 4  # no window clock
    assert GAME.time_up_action(state, 0) == Depart("timeout")
    assert [GAME.time_up_action(state, s) for s in (1, 2, 3)] == [None, None, None]  # nobody waits for them


def test_j18_depart_timeout_text_round_trips_and_is_never_offered():
    action = GAME.parse_action("depart timeout")
    assert action == Depart("timeout") and str(action) == "depart timeout"
    assert str(GAME.parse_action("depart")) == "depart" and GAME.parse_action("depart") != action
    with pytest.raises(BadActionText):
        GAME.parse_action("depart later")
    state = play_state(dict(KINGS))
    assert Depart("timeout") not in GAME.legal_actions(state, 0)
    assert label(action).key == "judtho.action.depart_timeout" and label(Depart()).key == "judtho.action.depart"


def test_j18_a_timeout_in_quattro_ends_the_game_8_each_as_timeout():
    state = play_state(dict(KINGS), to_move="red")
    events = GAME.apply(state, 1, GAME.time_up_action(state, 1), CH)
    assert events[0].kind == "departed" and events[-1].params["end"] == "timeout"
    assert state.rel().points == {"white": 8, "red": 0, "yellow": 8, "black": 8}
    outcome = GAME.outcome(state)
    assert outcome.reason == "timeout" and outcome.winners == (0, 2, 3)
    assert outcome.scores == {0: 8, 1: 0, 2: 8, 3: 8}
    assert GAME.view(state, 1)["players"][1]["status"] == "departed"
    assert [GAME.time_up_action(state, s) for s in range(4)] == [None] * 4  # the game is over


def test_j18_a_timeout_after_one_conquest_gives_six_and_counts_for_the_placer_too():
    state = play_state({**KINGS, **GUARDS, "c4": "white queen"})
    act(state, "Qc4xc12")  # Regicide: White owes the bonus piece, then Red its King
    assert state.phase == "placement"
    assert GAME.time_up_action(state, 0) == Depart("timeout") and GAME.time_up_action(state, 1) is None
    GAME.apply(state, 0, GAME.time_up_action(state, 0), CH)
    assert state.rel().points == {"white": 4, "red": 6, "yellow": 6, "black": 6}
    assert GAME.outcome(state).reason == "timeout"


def test_j18_a_timeout_in_duo_and_trio_loses_for_the_side():
    state = play_state({"c1": "white king", "c12": "red king"}, seats=2)
    GAME.apply(state, 0, GAME.time_up_action(state, 0), CH)
    assert GAME.outcome(state).winners == (1,) and GAME.outcome(state).reason == "timeout"
    state = play_state(dict(KINGS), seats=3, to_move="red")
    GAME.apply(state, 1, GAME.time_up_action(state, 1), CH)  # Red, of the Partnership
    assert GAME.outcome(state).winners == (0,)


def test_j18_the_assembly_has_the_clock_too():
    state = GAME.new_game({}, 4, CH)
    assert state.phase == "assembly" and GAME.time_up_action(state, 0) == Depart("timeout")
    assert GAME.time_up_action(state, 1) is None


def test_e6_a_draw_or_void_answer_that_times_out_declines_and_play_goes_on():
    state = play_state(dict(KINGS))
    act(state, "draw offer")
    assert GAME.time_up_action(state, 0) is None  # White offered: nobody waits for White
    assert {s: GAME.time_up_action(state, s) for s in (1, 2, 3)} == dict.fromkeys((1, 2, 3), Draw("decline"))
    GAME.apply(state, 2, GAME.time_up_action(state, 2), CH)
    assert state.rel().proposal is None and GAME.outcome(state) is None
    assert GAME.to_act(state) == {0} and GAME.time_up_action(state, 0) == Depart("timeout")
    act(state, "void offer")
    assert GAME.time_up_action(state, 3) == Draw("decline")


def test_trio_partner_has_no_clock_for_its_suggestion():
    state = play_state({**KINGS, **GUARDS}, seats=3, to_move="red")
    assert GAME.partner(state) == 2 and GAME.time_up_action(state, 2) is None


def test_j18_a_timed_out_game_replays_from_its_log():
    config = {"variant": "quattro"}
    state = GAME.new_game(config, 4, CH)
    log = []
    for seat in range(4):
        GAME.apply(state, seat, "@rest", CH)
        log.append((seat, "@rest", []))
    mover = next(iter(GAME.to_act(state)))
    move = str(GAME.legal_actions(state, mover)[0])
    GAME.apply(state, mover, move, CH)
    log.append((mover, move, []))
    late = next(iter(GAME.to_act(state)))
    text = str(GAME.time_up_action(state, late))
    GAME.apply(state, late, text, CH)
    log.append((late, text, []))
    again = GAME.replay(config, 4, [], log)
    assert again.to_json() == state.to_json() and GAME.outcome(again) == GAME.outcome(state)
    assert GAME.outcome(again).reason == "timeout"
