"""The decision Judtho states (`Game.decision`): every decision is a plain one on the move clock
(E6), the seat to move, to place or to answer a proposal; a proposal stays one decision while its
answers are acceptances, and a suggestion (E4) asks nobody and leaves the mover's decision as it
was. The out-of-turn actions go through the contract, not an override of `check`: departure
(J18) is the `leave_action`, `depart timeout` the `time_up_action`, the suggestion an
`anytime_actions` entry, and their refusals come from `why_not_asked`."""

from __future__ import annotations

import pytest

from rules.core import Decision, Game, IllegalAction, NotYourTurn, SeededChance
from rules.judtho.engine import GAME, Depart, Judtho, Suggest

from .test_endings import GUARDS
from .test_engine import KINGS, act, play_state

CH = SeededChance(0)


def test_e6_the_seat_to_move_is_asked_on_the_clock_in_a_plain_decision() -> None:
    state = play_state(dict(KINGS))
    decision = GAME.decision(state)
    assert decision.asked == frozenset({0}) and decision.clocked == frozenset()  # the time control clocks it
    assert decision.about is None and decision.passed == frozenset() and decision.key is not None
    act(state, "Kc1-d1")
    after = GAME.decision(state)
    assert after.asked == frozenset({1}) and not after.same(decision)


def test_j24_a_proposal_is_one_decision_while_the_others_accept() -> None:
    state = play_state(dict(KINGS))
    act(state, "draw offer")
    offered = GAME.decision(state)
    assert offered.asked == frozenset({1, 2, 3}) and offered.clocked == frozenset()
    GAME.apply(state, 2, "draw accept", CH)
    accepted = GAME.decision(state)
    assert accepted.same(offered) and accepted.asked == frozenset({1, 3})
    GAME.apply(state, 1, "draw decline", CH)  # the proposal falls: the offerer's move is a new decision
    back = GAME.decision(state)
    assert back.asked == frozenset({0}) and not back.same(offered)


def test_e4_a_suggestion_is_offered_to_the_partner_and_leaves_the_movers_decision() -> None:
    state = play_state({**KINGS, **GUARDS}, seats=3, to_move="red")
    before = GAME.decision(state)
    assert before.asked == frozenset({1})
    offered = [a for a in GAME.legal_actions(state, 2) if isinstance(a, Suggest)]
    assert offered and offered == GAME.suggestions(state, 2) == GAME.anytime_actions(state, 2)
    assert GAME.anytime_actions(state, 0) == [] and GAME.anytime_actions(state, 1) == []
    GAME.apply(state, 2, str(offered[0]), CH)
    assert GAME.decision(state).same(before)
    assert not any(isinstance(a, Suggest) for a in GAME.legal_actions(state, 2))  # one a turn


def test_e4_refusals_of_a_suggestion_say_why() -> None:
    state = play_state({**KINGS, **GUARDS}, seats=3, to_move="red")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, "suggest Ra11-b10", CH)  # no such move for the mover
    assert err.value.code == "judtho_bad_suggestion"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "suggest Ra11-a10", CH)  # the Single Player has no partner
    assert err.value.code == "judtho_suggest_partner_only"
    quattro = play_state(dict(KINGS))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(quattro, 2, "suggest Kc1-d1", CH)
    assert err.value.code == "judtho_suggest_trio_only"


def test_j18_departure_and_its_timeout_pass_the_shared_check() -> None:
    """No override of `Game.check`: the contract's own check takes a leave action from any seat at
    any time, and the time-up action from the seat the clock runs for, never from another."""
    assert Judtho.check is Game.check
    state = play_state(dict(KINGS))
    assert GAME.check(state, 2, "depart") == Depart()  # Yellow leaves during White's turn
    assert GAME.check(state, 0, "depart timeout") == Depart("timeout")
    with pytest.raises(NotYourTurn):
        GAME.check(state, 1, "depart timeout")
    assert Depart() not in GAME.legal_actions(state, 2) and Depart("timeout") not in GAME.legal_actions(state, 0)


def test_nobody_is_asked_once_the_game_is_over() -> None:
    state = play_state(dict(KINGS))
    GAME.apply(state, 3, "depart", CH)
    assert GAME.decision(state) == Decision(frozenset())
