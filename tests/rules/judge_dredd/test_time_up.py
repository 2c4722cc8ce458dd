"""E7: what a player's Judge does when the table's time control runs out on a decision with no
clock of its own. The contract test checks the answer is legal at every position of many games and
that a table of absent players ends; these check the choices themselves."""

from __future__ import annotations

import random

from rules.core import SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd.actions import Arrest, Discard, Done, Move, Pass, Place, Stay
from rules.judge_dredd.state import ICU

from .kit import at_move, at_window, counterfactual, placed, position


def test_e7_placing_takes_the_first_free_starting_sector() -> None:
    state = GAME.new_game({}, 3, SeededChance(4))
    seat = next(iter(GAME.to_act(state)))
    first = GAME.legal_actions(state, seat)[0]
    assert isinstance(first, Place) and GAME.time_up_action(state, seat) == first
    assert GAME.timeout_action(state, seat) is None  # a placement has no clock of its own


def test_e7_a_judge_whose_time_runs_out_stays_put() -> None:
    state = at_move(position(at={0: "w17", 1: "spc"}), 0)
    legal = GAME.legal_actions(state, 0)
    assert any(isinstance(a, Move) for a in legal) and Stay() in legal
    assert GAME.time_up_action(state, 0) == Stay()
    assert GAME.time_up_action(state, 1) is None  # seat 1 is not asked


def test_e7_out_of_the_icu_the_first_move_listed() -> None:
    state = at_move(position(at={0: ICU, 1: "spc"}), 0)
    legal = GAME.legal_actions(state, 0)
    assert legal and Stay() not in legal  # a Judge in the ICU must move out (R9)
    assert isinstance(legal[0], Move) and GAME.time_up_action(state, 0) == legal[0]


def test_e7_a_window_passes_and_the_issue_window_is_done() -> None:
    state = placed(2)
    assert state.window is not None
    asked = sorted(GAME.to_act(state))
    assert [GAME.time_up_action(state, s) for s in asked] == [Pass()] * len(asked)
    at_window(state, "issue")
    assert GAME.time_up_action(state, 0) == Done() == GAME.timeout_action(state, 0)


def test_e7_a_hand_over_six_discards_the_first_card_as_the_hand_is_listed_and_plays_none() -> None:
    hand = ["walter", "tweak", "requisition", "outdoor_boing", "benji_doonan", "fergee", "block_mania"]
    state = at_move(position(at={0: "w17", 1: "spc"}, hands={1: hand}), 0)
    assert GAME.to_act(state) == {1}  # R15: the discard comes first
    assert GAME.view(state, 1)["hand"] == hand  # how the hand is listed to its player
    chosen = GAME.time_up_action(state, 1)
    assert chosen == Discard("walter")  # the hand's first card, not the menu's first (alphabetical)
    assert GAME.legal_actions(state, 1)[0] == Discard("benji_doonan") and chosen in GAME.legal_actions(state, 1)
    GAME.apply(state, 1, chosen, SeededChance(1))
    assert GAME.view(state, 1)["hand"] == hand[1:] and GAME.to_act(state) == {0}


def test_e7_the_first_target_in_a_sector_of_two_crimes() -> None:
    crimes = [("murder", "ice_pick_brown", "agg"), ("littering", "gestapo_bob", "agg")]
    state = position(at={0: "agg", 1: "spc"}, crimes=crimes)
    state.chooser, state.phase = 0, "arrest"
    legal = GAME.legal_actions(state, 0)
    assert len(legal) >= 2 and all(isinstance(a, Arrest) for a in legal)
    assert GAME.time_up_action(state, 0) == legal[0]


def test_e7_an_absent_players_answer_reads_no_other_hand() -> None:
    """Whatever the other hands and the face-down Perps, a seat's time-up answer is the same."""
    rng = random.Random(3)
    state = GAME.new_game({}, 4, SeededChance(3))
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        assert GAME.time_up_action(counterfactual(state, seat), seat) == GAME.time_up_action(state, seat)
        action = rng.choice(GAME.legal_actions(state, seat))
        GAME.apply(state, seat, action, SeededChance(rng.randrange(1 << 30)))
