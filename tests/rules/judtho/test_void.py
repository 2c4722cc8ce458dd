"""Void by agreement (1.4.3, section 7: "8 to each remaining player (unless all agree to void)", J24, E7)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, NotYourTurn, SeededChance
from rules.judtho.engine import GAME, Draw, Void
from rules.judtho.present import describe, label

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)


def test_j24_void_offer_round_trips_and_is_offered_on_ones_own_turn_only():
    assert GAME.parse_action("void offer") == Void() and str(Void()) == "void offer"
    state = play_state(dict(KINGS))
    assert Void() in GAME.legal_actions(state, 0)
    with pytest.raises(NotYourTurn):  # E2: proposed on one's own turn
        GAME.apply(state, 2, "void offer", CH)
    assert label(Void()).key == "judtho.action.void"


def test_j24_void_needs_every_player_and_ends_with_no_winner():
    state = play_state(dict(KINGS))
    events = act(state, "void offer")
    assert [e.kind for e in events] == ["void_offer"] and state.rel().proposal == "void"
    assert describe(events[0]).key == "judtho.event.void_offer"
    assert GAME.to_act(state) == {1, 2, 3}
    assert GAME.legal_actions(state, 1) == [Draw("accept"), Draw("decline")]  # answered like a draw
    for seat in (1, 2):
        assert [e.kind for e in GAME.apply(state, seat, "draw accept", CH)] == ["void_accept"]
    assert GAME.outcome(state) is None
    events = GAME.apply(state, 3, "draw accept", CH)
    assert [e.kind for e in events] == ["void_accept", "game_over"] and events[-1].params["end"] == "void"
    outcome = GAME.outcome(state)
    assert outcome.reason == "void" and outcome.winners == ()
    assert state.rel().points == dict.fromkeys(("white", "red", "yellow", "black"), 0)  # no J18 awards


def test_j24_one_refusal_keeps_the_game_and_a_second_proposal_waits_its_turn():
    state = play_state(dict(KINGS))
    act(state, "void offer")
    GAME.apply(state, 1, "draw accept", CH)
    events = GAME.apply(state, 2, "draw decline", CH)
    assert [e.kind for e in events] == ["void_decline"]
    assert state.rel().proposal is None and GAME.to_act(state) == {0} and GAME.outcome(state) is None
    act(state, "void offer")
    with pytest.raises(NotYourTurn):  # E2: answers first, no second proposal meanwhile
        GAME.apply(state, 0, "draw offer", CH)


def test_j28_trio_may_propose_void_whatever_the_material():
    state = play_state({**KINGS, "c4": "white queen"}, seats=3)
    legal = GAME.legal_actions(state, 0)
    assert Draw("offer") not in legal and Void() in legal  # the equal-material rule is the draw's
    act(state, "void offer")
    for seat in (1, 2):
        GAME.apply(state, seat, "draw accept", CH)
    assert GAME.outcome(state).reason == "void" and GAME.outcome(state).winners == ()


def test_duo_void_by_both():
    state = play_state({"c1": "white king", "c12": "red king"}, seats=2, to_move="red")
    act(state, "void offer")
    GAME.apply(state, 0, "draw accept", CH)
    assert GAME.outcome(state).reason == "void"


def test_void_is_not_a_move_of_the_assembly_or_of_a_placement():
    state = GAME.new_game({}, 4, CH)
    assert Void() not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "void offer", CH)


def test_j24_a_void_game_replays_from_its_log():
    state = play_state(dict(KINGS))
    log = [(0, "void offer", []), (1, "draw accept", []), (2, "draw accept", []), (3, "draw accept", [])]
    for seat, text, _ in log:
        GAME.apply(state, seat, text, CH)
    again = play_state(dict(KINGS))
    for seat, text, _ in log:
        GAME.apply(again, seat, GAME.parse_action(text), CH)
    assert again.to_json() == state.to_json() and GAME.outcome(again).reason == "void"
