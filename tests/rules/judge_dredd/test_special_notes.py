"""Action Cards — Special Notes (rulebook), the answer windows (R7, R10, R14), Intensive Care's
"only Robodoc" and rulings R11–R17 as the cards carry them out."""

from __future__ import annotations

from rules.core import SeededChance
from rules.judge_dredd import GAME, cards
from rules.judge_dredd.state import ICU, Alien, DreddState, Quarantine

from .kit import act, at_arrests, at_window, destinations, kinds, pass_window, position, texts
from .test_cards import LITTERING, ROBOT_SMASHING, fight, movement, refused

# --------------------------------------------------------------------------- Miss Move


def test_miss_move_next_move_means_the_targets_next_turn_in_the_movement_round() -> None:
    """Played after every Move, a Miss Move costs the target's Move of the next Game Turn (R18)."""
    state = movement({0: ["flabbon"], 1: ["tweak"]})
    act(state, 0, "play flabbon or blue")
    assert state.judges[1].miss_moves == 1  # waits for the next Move


def test_r18_miss_move_effects_stack() -> None:
    state = movement({0: ["flabbon", "stumm_gas"], 1: ["tweak"]}, window="before_move", for_seat=1)
    act(state, 0, "play flabbon or blue")
    act(state, 0, "play stumm_gas or blue")
    assert state.judges[1].miss_moves == 2


# --------------------------------------------------------------------------- Robodoc and Intensive Care


def test_robodoc_takes_a_judge_out_of_intensive_care_to_the_hospital_sector() -> None:
    state = movement({0: ["robodoc"], 1: ["tweak"]}, at={0: "rob", 1: ICU})
    events = act(state, 0, "play robodoc main blue")
    assert state.judges[1].at == "hos"
    assert "card_robodoc" in kinds(events)
    assert state.discards[-1] == "robodoc"


def test_robodoc_then_the_judge_may_move_as_normal() -> None:
    state = movement({0: ["robodoc"], 1: ["tweak"]}, window="before_move", for_seat=1, at={0: "rob", 1: ICU})
    act(state, 0, "play robodoc main blue")
    pass_window(state)
    assert state.mover == 1
    assert {"agg", "ghj", "iso", "rob", "row", "und", "syn"} <= destinations(state, 1)


def test_robodoc_then_the_judge_may_arrest_as_normal() -> None:
    murder = ("murder", "judge_death", "hos")
    state = movement({0: ["robodoc"], 1: ["tweak"]}, at={0: "rob", 1: ICU}, crimes=[murder])
    act(state, 0, "play robodoc main blue")
    assert state.judges[1].at == "hos" and state.crimes[0].revealed  # R2
    pass_window(state)  # the Arrest Round
    assert state.fight is not None and state.fight.kind == "perp" and state.fight.judges == [1]


def test_robodoc_only_on_a_judge_in_intensive_care() -> None:
    state = movement({0: ["robodoc"], 1: ["tweak"]})
    assert [t for t in texts(state, 0) if "robodoc" in t] == []
    assert refused(state, 0, "play robodoc main blue") == "dredd_not_in_icu"


def test_intensive_care_no_card_but_robodoc_on_a_judge_there() -> None:
    hand = ["sonic_cannon", "barney_resyk", "requisition", "outdoor_boing", "robodoc"]
    state = movement({0: hand, 1: ["tweak"]}, at={0: "rob", 1: ICU})
    on_blue = [t for t in texts(state, 0) if t.endswith(" blue")]
    assert on_blue == ["play robodoc main blue"]
    assert refused(state, 0, "play sonic_cannon or blue") == "dredd_target_in_icu"
    assert refused(state, 0, "play barney_resyk main blue") == "dredd_target_in_icu"
    assert refused(state, 0, "play requisition main blue") == "dredd_target_in_icu"


def test_intensive_care_a_judge_there_may_play_cards_on_others() -> None:
    state = movement({0: ["tweak"], 1: ["flabbon"]}, at={0: "rob", 1: ICU})
    assert "play flabbon or red" in texts(state, 1)


# --------------------------------------------------------------------------- Barney (R10)


def test_barney_sends_the_target_at_once_to_its_sector_when_not_answered() -> None:
    state = movement({0: ["barney_resyk"], 1: ["tweak"]})
    events = act(state, 0, "play barney_resyk main blue")
    assert state.window is not None and state.window.kind == "answer" and state.window.for_seat == 1
    assert GAME.to_act(state) == {1}
    assert texts(state, 1) == ["pass"]  # always asked, even with no Judge card (R7)
    events = act(state, 1, "pass")
    assert "card_barneyed" in kinds(events) and state.judges[1].at == "res"
    assert state.window is not None and state.window.kind == "after_moves"
    assert state.discards == ["barney_resyk"]


def test_barney_target_without_cards_is_not_kept_waiting() -> None:
    state = movement({0: ["barney_aqua_plant", "tweak"], 1: []})
    act(state, 0, "play barney_aqua_plant main blue")
    assert state.judges[1].at == "aqu"
    assert state.crimes[1].revealed  # R2: Gestapo Bob is there


def test_barney_reveals_the_perps_of_the_sector() -> None:
    state = movement({0: ["barney_aqua_plant"], 1: ["tweak"]})
    act(state, 0, "play barney_aqua_plant main blue")
    events = act(state, 1, "pass")
    assert "perp_revealed" in kinds(events) and state.crimes[1].revealed


def test_barney_can_pull_a_judge_out_of_a_crime_sector() -> None:
    state = movement({0: ["barney_weather_control"], 1: ["tweak"]}, at={0: "rob", 1: "zoo"})
    act(state, 0, "play barney_weather_control main blue")
    act(state, 1, "pass")
    assert state.judges[1].at == "wea"


def test_barney_does_not_use_up_the_move() -> None:
    """ "A Judge who has been 'Barneyed' may still move that Movement Round if he/she had not yet moved." """
    state = movement({0: ["barney_iso_block_666"], 1: ["tweak"]}, window="before_move", for_seat=1)
    act(state, 0, "play barney_iso_block_666 main blue")
    act(state, 1, "pass")
    assert state.judges[1].at == "iso"
    assert state.window is not None and state.window.kind == "before_move" and state.window.passed == []
    pass_window(state)
    assert state.mover == 1 and "ghj" in destinations(state, 1)


def test_barney_answered_by_a_card_that_has_a_judge() -> None:
    for judge_card in ("judge_hershey", "judge_sweeney", "judge_giant", "judge_anderson", "judge_dredd"):
        state = movement({0: ["barney_black_atlantic_docks"], 1: [judge_card, "tweak"]})
        act(state, 0, "play barney_black_atlantic_docks main blue")
        assert texts(state, 1) == [f"answer {judge_card}", "pass"]
        events = act(state, 1, f"answer {judge_card}")
        assert "card_answered" in kinds(events)
        assert state.judges[1].at == "und" and state.judges[1].hand == ["tweak"]
        assert state.discards == ["barney_black_atlantic_docks", judge_card]
        assert state.window is not None and state.window.kind == "after_moves"


def test_barney_cannot_be_answered_by_a_card_without_a_judge() -> None:
    state = movement({0: ["barney_resyk"], 1: ["tip_off_inside_info"]})
    act(state, 0, "play barney_resyk main blue")
    assert refused(state, 1, "answer tip_off_inside_info") == "dredd_cannot_answer"


def test_barney_only_in_the_movement_round() -> None:
    state = fight({0: ["barney_resyk"], 1: ["tweak"]})
    assert refused(state, 0, "play barney_resyk main blue") == "dredd_movement_only"
    assert "play barney_resyk or red" in texts(state, 0)


def test_r13_barney_fails_on_a_judge_in_a_quarantined_sector() -> None:
    state = movement({0: ["barney_resyk"], 1: ["tweak"]})
    state.quarantine = Quarantine(sector="und", lifts_after_turn=5)
    assert refused(state, 0, "play barney_resyk main blue") == "dredd_quarantined"


def test_quarantine_by_any_means_whatsoever_no_outdoor_boing_out_of_it() -> None:
    state = movement({0: ["outdoor_boing"], 1: ["tweak"]})
    state.quarantine = Quarantine(sector="und", lifts_after_turn=5)
    assert refused(state, 0, "play outdoor_boing main blue") == "dredd_quarantined"
    assert "play outdoor_boing main red" in texts(state, 0)


def test_r10_barney_does_not_free_a_judge_from_the_alien_creatures_sector() -> None:
    state = movement({0: ["barney_resyk"], 1: ["tweak"]})
    state.alien = Alien(sector="und")
    assert refused(state, 0, "play barney_resyk main blue") == "dredd_alien_holds"


def test_answer_window_only_the_target_answers_and_no_one_plays_meanwhile() -> None:
    state = movement({0: ["barney_resyk", "flabbon"], 1: ["judge_giant"]})
    act(state, 0, "play barney_resyk main blue")
    assert GAME.legal_actions(state, 0) == []
    assert cards.card_plays(state, 0) == []
    assert refused(state, 0, "play flabbon or blue") == "dredd_answer_first"


# --------------------------------------------------------------------------- Outdoor Boing (R14)


def test_outdoor_boing_sends_the_target_to_intensive_care_unless_answered() -> None:
    state = movement({0: ["outdoor_boing"], 1: ["tweak"]})
    act(state, 0, "play outdoor_boing main blue")
    assert state.window is not None and state.window.kind == "answer"
    assert state.window.pending is not None and state.window.pending["card"] == "outdoor_boing"
    events = act(state, 1, "pass")
    assert "card_boinged" in kinds(events) and "to_icu" in kinds(events)
    assert state.judges[1].at == ICU


def test_outdoor_boing_playing_a_tip_off_prevents_intensive_care() -> None:
    for tip_off in ("tip_off_perp_moves", "tip_off_inside_info"):
        state = movement({0: ["outdoor_boing"], 1: [tip_off, "judge_giant"]})
        act(state, 0, "play outdoor_boing main blue")
        assert texts(state, 1) == [f"answer {tip_off}", "pass"]
        act(state, 1, f"answer {tip_off}")
        assert state.judges[1].at == "und"
        assert state.discards == ["outdoor_boing", tip_off]  # "Both Tip-Off and Boing card are then discarded"


# --------------------------------------------------------------------------- Tip Off


def test_tip_off_moves_a_perp_with_its_crime_by_normal_movement_rules() -> None:
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]})
    assert "tipoff littering eni-ugl" in texts(state, 0)
    assert not any(t.startswith("tipoff littering") and t.endswith("mal") for t in texts(state, 0))  # 3 steps
    events = act(state, 0, "tipoff littering eni-ugl")
    assert state.crimes[1].sector == "ugl" and "card_tipoff" in kinds(events)
    assert not state.crimes[1].revealed


def test_tip_off_perp_may_move_through_and_into_a_sector_with_a_judge() -> None:
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]}, at={0: "bng", 1: "und"})
    events = act(state, 0, "tipoff robot_smashing bng")
    assert "perp_revealed" in kinds(events) and state.crimes[0].revealed  # R2: reached by a Tip Off


def test_tip_off_perp_rivers_only_by_bridges() -> None:
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]})
    assert "tipoff robot_smashing bng-ugl" not in texts(state, 0)
    assert refused(state, 0, "tipoff robot_smashing bng-ugl") == "dredd_tipoff_too_far"


def test_tip_off_perp_path_must_be_the_offered_one() -> None:
    """Littering at the Aqua Plant may reach the Smokatorium by City Hall or the Enid Blyton Block;
    one path per destination is offered, and the other is refused with the offered one."""
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]})
    assert "tipoff littering cty-smk" in texts(state, 0)
    assert refused(state, 0, "tipoff littering eni-smk") == "dredd_tipoff_path"


def test_r4_tip_off_into_a_starting_sector_or_the_hospital() -> None:
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]})
    assert "tipoff littering cty" in texts(state, 0)
    guarded = position(
        at={0: "rob", 1: "und"},
        crimes=[ROBOT_SMASHING, LITTERING],
        hands={0: ["tip_off_perp_moves"], 1: ["tweak"]},
        config={"variant": "no_tipoff_into_protected"},
    )
    guarded.phase = "movement"
    at_window(guarded, "after_moves")
    assert not any(t.startswith("tipoff littering cty") for t in texts(guarded, 0))
    assert refused(guarded, 0, "tipoff littering cty") == "dredd_tipoff_protected"


def test_tip_off_main_is_its_own_verb() -> None:
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]})
    assert refused(state, 0, "play tip_off_perp_moves main red") == "dredd_use_tipoff"


def test_tip_off_stand_off_ends_when_the_perp_is_no_longer_in_that_sector() -> None:
    state = movement({0: ["tip_off_perp_moves"], 1: ["tweak"]}, at={0: "rob", 1: "zoo"})
    state.judges[1].standoff = "robot_smashing"
    act(state, 0, "tipoff robot_smashing meg")
    assert state.judges[1].standoff is None


# --------------------------------------------------------------------------- Block Mania (R11)


def test_block_mania_two_judges_must_fight_each_other_in_the_arrest_round() -> None:
    state = movement({0: ["block_mania"], 1: ["tweak"]}, seats=3, at={0: "rob", 1: "und", 2: "cty"})
    events = act(state, 0, "block blue green")
    assert state.judges[1].block_with == 2 and state.judges[2].block_with == 1
    assert kinds(events)[0] == "card_played_block"
    assert state.discards[-1] == "block_mania"
    state.judges[1].hand = ["tweak"]
    pass_window(state)  # the Arrest Round: the pair fights when the first is due
    assert state.fight is not None and state.fight.kind == "block" and state.fight.judges == [1, 2]


def test_block_mania_may_be_played_on_yourself() -> None:
    state = movement({0: ["block_mania"], 1: ["tweak"]})
    assert "block red blue" in texts(state, 0) and "block blue red" in texts(state, 0)


def test_block_mania_only_while_both_judges_have_yet_to_attempt_an_arrest() -> None:
    state = movement({0: ["block_mania"], 1: ["tweak"]}, seats=3, at={0: "rob", 1: "und", 2: "cty"})
    state.judges[2].attempted = True
    assert refused(state, 0, "block blue green") == "dredd_block_attempted"
    assert refused(state, 0, "block blue blue") == "dredd_block_same"


def test_r11_block_mania_cannot_choose_a_judge_in_intensive_care() -> None:
    state = movement({0: ["block_mania"], 1: ["tweak"]}, at={0: "rob", 1: ICU})
    assert refused(state, 0, "block red blue") == "dredd_target_in_icu"


def test_r6_block_mania_not_on_a_judge_already_bound_to_one() -> None:
    state = movement({0: ["block_mania"], 1: ["tweak"]}, seats=3, at={0: "rob", 1: "und", 2: "cty"})
    state.judges[1].block_with, state.judges[2].block_with = 2, 1
    assert refused(state, 0, "block red blue") == "dredd_block_committed"


def test_block_mania_no_perp_cards_and_no_judge_dredd_in_a_fight_between_judges() -> None:
    state = movement({0: ["block_mania", "stumm_gas", "judge_dredd", "sonic_cannon"], 1: ["tweak"]})
    act(state, 0, "block red blue")
    state.judges[0].hand = ["stumm_gas", "judge_dredd", "sonic_cannon"]
    pass_window(state)
    assert state.fight is not None and state.fight.kind == "block"
    assert "play sonic_cannon main blue" in texts(state, 0)
    assert refused(state, 0, "play stumm_gas main blue") == "dredd_no_perp"
    assert refused(state, 0, "play judge_dredd main red") == "dredd_only_on_a_perp"


# --------------------------------------------------------------------------- Requisition and Benji Doonan (R15)


def test_requisition_takes_one_random_card_from_one_hand_unseen_by_the_table() -> None:
    state = movement({0: ["requisition"], 1: ["tweak", "fergee", "walter"]})
    events = act(state, 0, "play requisition main blue")
    assert len(state.judges[0].hand) == 1 and len(state.judges[1].hand) == 2
    taken = state.judges[0].hand[0]
    public = [e for e in events if e.public]
    assert [e.params for e in public if e.kind == "card_took"] == [{"by": 0, "target": 1, "count": 1}]
    assert all(taken not in str(e.params) for e in public if e.kind != "card_played")
    private = [e for e in events if e.kind == "card_taken"]
    assert [(e.params["card"], e.to) for e in private] == [(taken, (0, 1))]


def test_requisition_not_from_your_own_hand_nor_an_empty_one() -> None:
    state = movement({0: ["requisition", "tweak"], 1: []}, seats=3, at={0: "rob", 1: "und", 2: "cty"})
    state.judges[2].hand = ["fergee"]
    assert refused(state, 0, "play requisition main red") == "dredd_own_hand"
    assert refused(state, 0, "play requisition main blue") == "dredd_empty_hand"
    assert "play requisition main green" in texts(state, 0)


def test_benji_doonan_steals_two_action_cards_and_the_taker_discards_down_to_six() -> None:
    hand = ["benji_doonan", "tweak", "fergee", "walter", "spikes", "hi_ex"]
    state = movement({0: hand, 1: ["flabbon", "stumm_gas", "juve_gang"]})
    events = act(state, 0, "play benji_doonan main blue", 0, 0)
    assert len(state.judges[0].hand) == 7 and len(state.judges[1].hand) == 1
    assert [e.to for e in events if e.kind == "card_taken"] == [(0, 1), (0, 1)]
    assert GAME.to_act(state) == {0}
    assert all(t.startswith("discard ") for t in texts(state, 0))
    act(state, 0, "discard tweak")
    assert len(state.judges[0].hand) == 6


def test_benji_doonan_takes_what_there_is() -> None:
    state = movement({0: ["benji_doonan"], 1: ["flabbon"]})
    act(state, 0, "play benji_doonan main blue")
    assert state.judges[0].hand == ["flabbon"] and state.judges[1].hand == []


# --------------------------------------------------------------------------- Edwin Parsey (R16)


def after_arrest(hands: dict[int, list[str]]) -> DreddState:
    state = fight(hands)
    act(state, 0, "play sonic_cannon main red")
    pass_window(state, 1, 6)  # Perp 11 + 1 = 12, Judge 5 + 5 + 6 = 16
    assert state.window is not None and state.window.kind == "after_arrest"
    return state


def test_edwin_parsey_voids_a_successful_arrest_nobody_scores() -> None:
    state = after_arrest({0: ["sonic_cannon", "tweak"], 1: ["edwin_parsey", "flabbon"]})
    assert "play edwin_parsey main red" in texts(state, 1)
    act(state, 1, "play edwin_parsey main red")
    events = pass_window(state)
    assert "arrest_voided" in kinds(events)
    assert state.judges[0].arrested == [] and state.gone == [["ice_pick_brown", "robot_smashing"]]
    assert state.discards.count("edwin_parsey") == 1


def test_edwin_parsey_only_on_the_judge_who_has_just_made_the_arrest() -> None:
    state = after_arrest({0: ["sonic_cannon", "tweak"], 1: ["edwin_parsey", "flabbon"]})
    assert refused(state, 1, "play edwin_parsey main blue") == "dredd_not_the_arrest"
    moving = movement({0: ["edwin_parsey"], 1: ["tweak"]})
    assert refused(moving, 0, "play edwin_parsey main blue") == "dredd_after_arrest_only"


def test_edwin_parsey_unplayed_the_arrest_is_banked() -> None:
    state = after_arrest({0: ["sonic_cannon", "tweak"], 1: ["edwin_parsey", "flabbon"]})
    events = pass_window(state)
    assert "arrested" in kinds(events) and state.judges[0].arrested == [["ice_pick_brown", "robot_smashing"]]


# --------------------------------------------------------------------------- Judge Dredd (R17)


def test_judge_dredd_the_arrest_succeeds_without_dice() -> None:
    state = fight({0: ["judge_dredd", "tweak"], 1: ["flabbon"]})
    act(state, 0, "play judge_dredd main red")
    assert state.fight is not None and state.fight.auto == 0
    events = pass_window(state)
    assert "dredd_arrest" in kinds(events) and "perp_rolled" not in kinds(events)


def test_r17_edwin_parsey_can_still_void_a_judge_dredd_arrest() -> None:
    state = fight({0: ["judge_dredd", "tweak"], 1: ["edwin_parsey", "flabbon"]})
    act(state, 0, "play judge_dredd main red")
    pass_window(state)
    assert state.window is not None and state.window.kind == "after_arrest"
    act(state, 1, "play edwin_parsey main red")
    events = pass_window(state)
    assert "arrest_voided" in kinds(events) and state.judges[0].arrested == []


def test_judge_dredd_variant_adds_ten_instead() -> None:
    state = fight({0: ["judge_dredd", "tweak"], 1: ["flabbon"]}, config={"variant": "dredd_plus_ten"})
    line = cards.hand_lines(state, 0)[0]
    assert line.params["main"].key == "judge_dredd.cardtext.judge_dredd.main_plus_ten"
    act(state, 0, "play judge_dredd main red")
    events = pass_window(state, 6, 1)  # Perp 11 + 6 = 17; Judge 5 + 10 + 1 = 16
    judge = next(e for e in events if e.kind == "judge_rolled")
    assert judge.params["total"] == 16


def test_judge_dredd_not_against_the_alien_creature() -> None:
    state = position(
        at={0: "zoo", 1: "w17"}, crimes=[LITTERING], hands={0: ["judge_dredd", "stumm_gas", "tweak"], 1: ["flabbon"]}
    )
    state.alien = Alien(sector="zoo")
    at_arrests(state)
    assert state.fight is not None and state.fight.kind == "alien"
    assert refused(state, 0, "play judge_dredd main red") == "dredd_only_on_a_perp"
    act(state, 1, "play flabbon main red")  # cards on the Judge still apply (R12)
    act(state, 0, "play stumm_gas main red")  # and cards on "the Perp" affect the creature
    assert state.fight.judge_cf == {0: -2} and state.fight.perp_cf == -3


# --------------------------------------------------------------------------- Quarantine (R13)


def test_quarantine_no_judge_may_leave_the_sector() -> None:
    state = movement({0: ["quarantine"], 1: ["tweak"]}, window="before_move", for_seat=1)
    state.turn = 3
    events = act(state, 0, "play quarantine main und")
    assert kinds(events) == ["card_played_sector"]
    assert state.quarantine == Quarantine(sector="und", lifts_after_turn=4)
    assert "quarantine" not in state.discards  # in play until lifted
    events = pass_window(state)
    assert "stayed" in kinds(events) and state.judges[1].at == "und"  # nowhere else to go (E1)


def test_quarantine_main_option_in_the_movement_round_only_its_or_option_in_an_arrest() -> None:
    """Quarantine's main option changes no Combat Factor: not in the Arrest Round (R23)."""
    state = fight({0: ["quarantine"], 1: ["tweak"]})
    assert "play quarantine main zoo" not in texts(state, 0)
    assert "play quarantine or red" in texts(state, 0)
    assert "play quarantine main zoo" in texts(movement({0: ["quarantine"], 1: ["tweak"]}), 0)


# --------------------------------------------------------------------------- Alien Creature Escapes (R12)


def test_alien_creature_escapes_placed_in_a_sector_with_no_judge() -> None:
    state = movement({0: ["alien_creature"], 1: ["tweak"]})
    assert refused(state, 0, "play alien_creature main und") == "dredd_sector_occupied"
    act(state, 0, "play alien_creature main bng")
    assert state.alien == Alien(sector="bng", cf=6)
    assert "alien_creature" not in state.discards  # on the board until beaten


def test_alien_creature_a_judge_may_move_into_but_not_out_of_its_sector() -> None:
    state = movement({0: ["alien_creature"], 1: ["tweak"]}, window="before_move", for_seat=1)
    act(state, 0, "play alien_creature main agg")
    pass_window(state)
    assert "agg" in destinations(state, 1) and "mal" not in destinations(state, 1)


def test_alien_creature_beaten_its_card_goes_to_the_discards() -> None:
    state = position(at={0: "zoo", 1: "w17"}, crimes=[LITTERING], hands={0: ["sonic_cannon", "tweak"], 1: ["flabbon"]})
    state.alien = Alien(sector="zoo")
    at_arrests(state)
    act(state, 0, "play sonic_cannon main red")
    events = pass_window(state, 1, 6)  # Alien 6 + 1 = 7, Judge 5 + 5 + 6 = 16
    assert "alien_defeated" in kinds(events) and state.alien is None
    assert "alien_creature" in state.discards


# --------------------------------------------------------------------------- Cadet's Right (R21)


def test_r21_cadets_right_only_the_tied_players_and_only_combat_options() -> None:
    state = position(3, at={0: "aca", 1: "aca", 2: "w17"}, crimes=[LITTERING])
    state.judges[0].hand = ["sonic_cannon", "quarantine"]
    state.judges[1].hand = ["flabbon"]
    state.judges[2].hand = ["tweak"]
    from rules.judge_dredd import turn

    state.phase, state.cadet, state.window = "cadet", [0, 1], None
    turn.start_cadet_fight(state)
    assert "play sonic_cannon main red" in texts(state, 0) and "play flabbon main red" in texts(state, 1)
    assert not any(t.startswith("play quarantine main") for t in texts(state, 0))
    assert GAME.legal_actions(state, 2) == []
    assert refused(state, 2, "play tweak main red") == "dredd_cadet_only"


# --------------------------------------------------------------------------- hidden information and words


def test_no_public_card_event_names_a_hand_or_a_face_down_perp() -> None:
    state = movement({0: ["walter", "requisition", "judge_anderson"], 1: ["tweak", "fergee"]})
    events = act(state, 0, "play walter or robot_smashing")
    events += act(state, 0, "play judge_anderson or aqu")
    events += act(state, 0, "play requisition main blue", 0)
    for event in events:
        if event.public:
            assert "ice_pick_brown" not in str(event.params) and "gestapo_bob" not in str(event.params)
            assert "tweak" not in str(event.params) and "fergee" not in str(event.params)


def test_hand_lines_name_each_card_and_its_options() -> None:
    state = movement({0: ["sonic_cannon", "edwin_parsey"], 1: ["tweak"]})
    lines = cards.hand_lines(state, 0)
    assert [m.key for m in lines] == ["judge_dredd.card.hand_line", "judge_dredd.card.hand_line_single"]
    assert lines[0].params["main"].key == "judge_dredd.cardtext.sonic_cannon.main"
    assert lines[0].params["or"].key == "judge_dredd.cardtext.sonic_cannon.or"


def test_card_events_have_words_in_both_languages() -> None:
    from gavel.tables import i18n

    state = movement({0: ["sonic_cannon", "barney_resyk"], 1: ["judge_giant"]})
    events = act(state, 0, "play sonic_cannon or blue")
    events += act(state, 0, "play barney_resyk main blue")
    events += act(state, 1, "answer judge_giant")
    described = [cards.describe(e) for e in events if e.kind.startswith("card_")]
    assert described and all(m is not None for m in described)
    for msg in described:
        assert msg is not None
        for lang in ("en", "zh-TW"):
            text = i18n.render(msg, lang)
            assert "judge_dredd." not in text and "{" not in text, text


def test_a_seeded_game_with_cards_keeps_every_card() -> None:
    """Cards only move between hands, the stock, the discard pile and the board (Quarantine and
    the Alien Creature in play): 54 in all after many card plays."""
    state = GAME.new_game({}, 3, SeededChance(5))
    chance = SeededChance(6)
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        actions = GAME.legal_actions(state, seat)
        plays = [a for a in actions if a.verb in ("play", "block", "tipoff", "answer")]
        action = plays[step % len(plays)] if plays and step % 3 else actions[-1 if step % 2 else 0]
        GAME.apply(state, seat, action, chance)
        held = sum(len(j.hand) for j in state.judges) + len(state.stock) + len(state.discards)
        in_play = (state.quarantine is not None) + (state.alien is not None)
        assert held + in_play == 54, (step, str(action))
