"""Arrest Rules (rulebook), Two or More Crimes in a Sector, and rulings R6, R8, R9, R11, R12, R16, R17, E2, E4.

Perp Gestapo Bob (1) Littering (1): the Perp totals 2 + die, a Judge 5 + die, so plain dice decide.
Hands are empty unless a test needs a window to stay open (an empty hand passes by itself).
"""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.judge_dredd import GAME, arrest
from rules.judge_dredd.state import Alien

from .kit import act, at_arrests, dice, kinds, pass_window, position, texts

BOB = ("littering", "gestapo_bob", "agg")
MULLIGAN = ("jaywalking", "punk_mulligan", "agg")


def test_arrest_rules_a_judge_higher_than_the_perp_arrests_and_takes_the_cards() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB], hands={})
    events = at_arrests(state, dice(6, 4))  # Perp 2 + 6 = 8, Judge 5 + 4 = 9
    assert kinds(events)[:4] == ["arrest_round", "window", "window_closed", "perp_rolled"]
    rolled = [e for e in events if e.kind in ("perp_rolled", "judge_rolled")]
    assert [e.params["total"] for e in rolled] == [8, 9]
    assert "arrested" in kinds(events)
    assert state.judges[0].arrested == [["gestapo_bob", "littering"]]
    assert "littering" not in [c.crime for c in state.crimes]
    assert GAME.view(state, 1)["judges"][0]["score"] == 2
    assert state.last_fight.result == "arrested" and state.last_fight.perp_total == 8


def test_arrest_rules_a_perp_higher_than_the_judge_sends_the_judge_to_intensive_care() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB], hands={})
    events = at_arrests(state, dice(6, 2))  # 8 against 7
    assert "arrest_failed" in kinds(events) and "to_icu" in kinds(events)
    assert state.judges[0].at == "icu" and state.judges[0].arrested == []
    assert "littering" in [c.crime for c in state.crimes]


def test_arrest_rules_equal_totals_are_a_stand_off_attempted_again_next_arrest_round() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB, MULLIGAN], hands={})
    events = at_arrests(state)
    assert events[-1].kind == "arrest_round" and GAME.to_act(state) == {0}
    assert sorted(texts(state, 0)) == ["arrest jaywalking", "arrest littering"]  # Two or More Crimes
    events = act(state, 0, "arrest littering", 6, 3)  # 8 against 8
    assert "standoff" in kinds(events) and state.judges[0].standoff == "littering"
    assert state.judges[0].at == "agg"
    assert "turn_start_passed" in kinds(events)  # one Arrest each round: the Game Turn ended
    for judge in state.judges:
        judge.hand = []
    assert arrest.targets(state, 0) == ["littering"]  # no choice: the stand-off Perp again
    events = at_arrests(state, dice(1, 1))
    assert state.judges[0].arrested == [["gestapo_bob", "littering"]]


def test_arrest_rules_a_judge_attempts_one_arrest_each_round() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB, MULLIGAN], hands={})
    at_arrests(state)
    act(state, 0, "arrest jaywalking", 1, 6)
    assert state.judges[0].arrested == [["punk_mulligan", "jaywalking"]]
    assert state.phase == "movement"  # littering was not attempted in the same round


def test_r8_several_judges_share_the_perp_roll_and_the_greatest_margin_arrests() -> None:
    state = position(seats=3, at={0: "agg", 1: "agg", 2: "agg"}, crimes=[BOB], hands={})
    events = at_arrests(state, dice(5, 4, 6, 1))  # Perp 7; Judges 9, 11, 6
    assert kinds(events).count("perp_rolled") == 1 and kinds(events).count("judge_rolled") == 3
    assert state.judges[1].arrested == [["gestapo_bob", "littering"]]  # margin 4 beats margin 2
    assert state.judges[0].arrested == [] and state.judges[0].at == "agg"
    assert state.judges[2].at == "icu"  # below the Perp's total
    assert all(j.attempted for j in state.judges) or state.phase != "arrest"


def test_r8_equal_margins_go_to_the_judge_at_the_scene_first() -> None:
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB], hands={})
    state.judges[0].arrived, state.judges[1].arrived = 20, 10
    at_arrests(state, dice(1, 5, 5))
    assert state.judges[1].arrested and not state.judges[0].arrested


def test_r8_nobody_beats_the_perp_the_equal_are_in_a_stand_off_the_lower_in_icu() -> None:
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB], hands={})
    events = at_arrests(state, dice(6, 3, 2))  # Perp 8; Judges 8 and 7
    assert state.judges[0].standoff == "littering" and state.judges[0].at == "agg"
    assert state.judges[1].at == "icu" and "standoff" in kinds(events)


def test_r9_a_judge_in_intensive_care_cannot_arrest_in_the_hospital_sector() -> None:
    state = position(at={0: "icu", 1: "cty"}, crimes=[("littering", "gestapo_bob", "hos")], hands={})
    events = at_arrests(state)
    assert "perp_rolled" not in kinds(events) and state.judges[0].at == "icu"


def test_r11_block_mania_judges_fight_each_other_wherever_they_are_loser_to_icu() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB], hands={})
    state.judges[0].block_with, state.judges[1].block_with = 1, 0
    events = at_arrests(state, dice(3, 5))
    assert "perp_rolled" not in kinds(events)  # the Block Mania fight was Judge 0's attempt
    assert "block_won" in kinds(events) and state.judges[0].at == "icu" and state.judges[1].at == "cty"
    assert state.last_fight.kind == "block" and state.last_fight.totals == {0: 8, 1: 10}


def test_r11_block_mania_a_tie_does_nothing_and_is_not_refought() -> None:
    state = position(at={0: "w17", 1: "cty"}, crimes=[], hands={})
    state.judges[0].block_with, state.judges[1].block_with = 1, 0
    events = at_arrests(state, dice(4, 4))
    assert "block_tie" in kinds(events) and kinds(events).count("judge_rolled") == 2
    assert [j.at for j in state.judges] == ["w17", "cty"] and state.judges[0].block_with is None


def test_r12_the_alien_creature_fights_at_six_plus_a_die_and_scores_nothing() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[], hands={})
    state.alien = Alien("agg")
    events = at_arrests(state, dice(2, 6))  # Alien 8, Judge 11
    assert "alien_defeated" in kinds(events) and state.alien is None
    assert "alien_creature" in state.discards and state.judges[0].arrested == []


def test_r12_losing_to_the_alien_means_icu_and_a_tie_fights_again() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[], hands={})
    state.alien = Alien("agg")
    at_arrests(state, dice(1, 2))  # 7 against 7
    assert state.judges[0].standoff == "alien" and state.alien is not None
    for judge in state.judges:
        judge.hand = []
    at_arrests(state, dice(6, 1))  # 12 against 6
    assert state.judges[0].at == "icu" and state.alien is not None


def test_r17_e4_the_judge_dredd_card_makes_the_arrest_without_dice() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[("murder", "judge_death", "agg")], hands={1: ["tweak"]})
    at_arrests(state)
    assert state.window.kind == "before_fight" and GAME.to_act(state) == {1}
    state.fight.auto = 0  # what the Judge Dredd card does (cards.py plays it)
    events = pass_window(state)
    assert "perp_rolled" not in kinds(events) and "dredd_arrest" in kinds(events)
    assert state.window.kind == "after_arrest"
    pass_window(state)
    assert state.judges[0].arrested == [["judge_death", "murder"]]


def test_r17_variant_dredd_plus_ten_adds_ten_instead() -> None:
    state = position(
        at={0: "agg", 1: "cty"}, crimes=[("murder", "judge_death", "agg")], hands={1: ["tweak"]},
        config={"variant": "dredd_plus_ten"},
    )
    at_arrests(state)
    state.fight.auto = 0
    events = pass_window(state, 6, 1)  # Perp 9 + 6 + 6 = 21; Judge 5 + 1 + 10 = 16
    assert "perp_rolled" in kinds(events) and state.judges[0].at == "icu"
    assert state.last_fight.totals == {0: 16}


def test_r16_edwin_parsey_after_a_successful_arrest_the_cards_leave_the_game() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB], hands={1: ["tweak"]})
    at_arrests(state)
    pass_window(state, 1, 6)
    assert state.window.kind == "after_arrest" and state.window.for_seat == 0
    state.fight.voided = True  # what Edwin Parsey does (cards.py plays it)
    events = pass_window(state)
    assert "arrest_voided" in kinds(events) and state.judges[0].arrested == []
    assert state.gone == [["gestapo_bob", "littering"]] and state.last_fight.result == "voided"


def test_combat_cards_last_one_fight_only() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB], hands={1: ["tweak"]})
    at_arrests(state)
    state.fight.judge_cf[0] = 5
    pass_window(state, 6, 1)  # Perp 8, Judge 5 + 5 + 1 = 11
    assert state.last_fight.totals == {0: 11}
    pass_window(state)
    assert state.fight is None


def test_two_crimes_in_a_sector_each_judge_chooses() -> None:
    """E2, Two or More Crimes in a Sector: "he/she may choose which one to try and arrest"."""
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB, MULLIGAN], hands={})
    at_arrests(state)
    assert GAME.to_act(state) == {0} and sorted(texts(state, 0)) == ["arrest jaywalking", "arrest littering"]
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "arrest murder")  # not in this Sector
    assert refused.value.code == "dredd_not_a_target"
    events = act(state, 0, "arrest jaywalking")
    assert kinds(events) == ["arrest_chosen"] and events[0].public
    assert events[0].params == {"seat": 0, "crime": "jaywalking"}
    assert GAME.to_act(state) == {1} and sorted(texts(state, 1)) == ["arrest jaywalking", "arrest littering"]
    assert GAME.view(state, None)["judges"][0]["chosen"] == "jaywalking"
    events = act(state, 1, "arrest littering", 1, 6, 1, 2)  # Mulligan 3 v Judge 11; then Bob 3 v Judge 7
    fights = [e.params for e in events if e.kind == "window" and e.params["window"] == "before_fight"]
    assert [(f["crime"], f["judges"]) for f in fights] == [("jaywalking", [0]), ("littering", [1])]
    assert state.judges[0].arrested == [["punk_mulligan", "jaywalking"]]
    assert state.judges[1].arrested == [["gestapo_bob", "littering"]]
    assert state.chosen == {} and state.phase == "movement"


def test_e2_judges_who_choose_the_same_crime_fight_it_together_the_first_due_group_first() -> None:
    state = position(seats=3, at={0: "agg", 1: "agg", 2: "agg"}, crimes=[BOB, MULLIGAN], hands={})
    state.turn_start = 1  # Arrest order 1, 2, 0
    at_arrests(state)
    act(state, 1, "arrest littering")
    act(state, 2, "arrest jaywalking")
    assert GAME.to_act(state) == {0}
    events = act(state, 0, "arrest littering", 1, 6, 2, 1, 6)
    fights = [e.params for e in events if e.kind == "window" and e.params["window"] == "before_fight"]
    assert [(f["crime"], f["judges"]) for f in fights] == [("littering", [1, 0]), ("jaywalking", [2])]
    assert kinds(events).count("perp_rolled") == 2 and kinds(events).count("judge_rolled") == 3
    assert state.judges[1].arrested == [["gestapo_bob", "littering"]]  # 11 beats 7 against Bob's 3
    assert state.judges[2].arrested == [["punk_mulligan", "jaywalking"]]


def test_e2_a_judge_in_a_stand_off_retries_that_perp_while_the_others_choose() -> None:
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB, MULLIGAN], hands={})
    state.judges[0].standoff = "littering"
    at_arrests(state)
    assert GAME.to_act(state) == {1} and state.chosen == {0: "littering"}  # Judge 0 has no choice
    events = act(state, 1, "arrest littering", 1, 6, 2)
    fight = next(e.params for e in events if e.kind == "window" and e.params["window"] == "before_fight")
    assert fight["crime"] == "littering" and fight["judges"] == [0, 1]
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB, MULLIGAN], hands={})
    state.judges[0].standoff = "littering"
    at_arrests(state)
    events = act(state, 1, "arrest jaywalking", 1, 6, 1, 6)
    fights = [e.params for e in events if e.kind == "window" and e.params["window"] == "before_fight"]
    assert [(f["crime"], f["judges"]) for f in fights] == [("littering", [0]), ("jaywalking", [1])]


def test_e2_r12_a_crime_and_the_alien_creature_each_judge_chooses() -> None:
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB], hands={})
    state.alien = Alien("agg")
    at_arrests(state)
    assert sorted(texts(state, 0)) == ["arrest alien", "arrest littering"]
    act(state, 0, "arrest alien")
    events = act(state, 1, "arrest littering", 1, 6, 1, 6)  # Alien 7 v 11; Bob 3 v 11
    assert "alien_defeated" in kinds(events) and state.judges[1].arrested == [["gestapo_bob", "littering"]]


def test_e2_a_choice_no_longer_possible_is_made_again() -> None:
    state = position(at={0: "agg", 1: "agg"}, crimes=[BOB, MULLIGAN], hands={})
    at_arrests(state)
    act(state, 0, "arrest littering")
    state.chosen[1] = "murder"  # as if that Crime had been moved away since
    assert arrest.chosen_target(state, 1) is None and arrest.next_chooser(state, "agg") == 1


def test_view_has_the_shape_of_the_team_brief() -> None:
    import json

    state = position(at={0: "agg", 1: "cty"}, crimes=[BOB], hands={1: ["tweak"]})
    at_arrests(state)
    view = GAME.view(state, 1)
    assert set(view) == {
        "game", "version", "seat", "phase", "turn", "turn_start", "to_act", "mover", "window", "skipping", "judges",
        "hand", "crimes", "fight", "last_fight", "quarantine", "alien", "piles", "last_move", "end_holder", "winner",
        "scores", "quiet_turns", "quiet_left",
    }
    assert set(view["judges"][0]) == {
        "seat", "colour", "at", "hand", "score", "arrested", "moved", "attempted", "miss_moves", "block_with",
        "standoff", "chosen",
    }
    assert view["fight"]["kind"] == "perp" and view["fight"]["judges"] == [0] and view["phase"] == "arrest"
    assert view["window"]["kind"] == "before_fight" and view["window"]["for"] == 0 and view["skipping"] == []
    assert view["crimes"][0] == {"crime": "littering", "crime_cv": 1, "sector": "agg", "perp": "gestapo_bob",
                                 "perp_cv": 1, "revealed": True}
    assert set(view["piles"]) == {"stock", "discards", "perps", "crimes", "sectors"}
    json.dumps(view)
