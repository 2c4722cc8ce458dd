"""Judtho alliances (rulebook 1.1.3, 1.3.3–1.3.7.3, T1–T3c): every transition, its points,
its placements and the move order after it, in the default model and in `stable_2v2` (J2)."""

from __future__ import annotations

import pytest

from rules.core import GameOver, IllegalAction, Msg
from rules.judtho.alliances import (
    CONTROL,
    DOMINION_DOUBLES,
    DOMINION_TRIPLE,
    IDENTITY,
    OVER,
    VICTORY,
    Award,
    Placement,
    Relations,
    conquest,
    end_turn,
    initial,
    move_order,
    opponents_of,
    relation,
    relations_table,
)


def after(rel: Relations, *conquests: tuple[str, str, str]) -> Relations:
    """Apply Conquests (conqueror, conquered, how) one after another."""
    for c, v, how in conquests:
        rel, _, _ = conquest(rel, c, v, how)
    return rel


def control(first: str = "white", second: str = "red", **options) -> Relations:
    return after(initial(**options), (first, second, "knatch"))


# ---------------------------------------------------------------------- 1.1.3 initial relations


def test_1_1_3_rivals_and_opponents_at_the_start():
    rel = initial()
    assert relation(rel, "white", "yellow") == "rival"
    assert relation(rel, "red", "black") == "rival"
    for a, b in [("white", "red"), ("white", "black"), ("yellow", "red"), ("yellow", "black")]:
        assert relation(rel, a, b) == relation(rel, b, a) == "opponent"
    assert relation(rel, "red", "red") == "self"
    assert rel.battle == Msg("judtho.battle.ascendancy")
    assert rel.points == {"white": 0, "red": 0, "yellow": 0, "black": 0}


def test_j11_a_broken_rivalry_makes_new_opponents_at_once():
    rel = initial()
    assert opponents_of(rel, "yellow") == ("red", "black")
    rel, _, _ = conquest(rel, "red", "white", "knatch")
    assert opponents_of(rel, "yellow") == ("white", "red", "black")
    assert opponents_of(rel, "black") == ("white", "red", "yellow")
    assert opponents_of(rel, "red") == ("yellow", "black")


def test_2_1_only_an_opponent_can_be_conquered():
    with pytest.raises(IllegalAction):
        conquest(initial(), "white", "yellow", "knatch")
    with pytest.raises(IllegalAction):
        conquest(control(), "red", "white", "regicide")


def test_1_2_3_turn_order_white_red_yellow_black():
    assert move_order(initial(), "black", 5) == ["white", "red", "yellow", "black", "white"]


# ---------------------------------------------------------------------- T1, 1.3.3


def test_t1_1_3_3_first_conquest_forms_a_double_alliance_and_breaks_rivalries():
    rel, awards, placements = conquest(initial(), "red", "white", "regicide")
    assert rel.stage == CONTROL and rel.battle == Msg("judtho.battle.control")
    assert rel.alliances == (("red", "white"),)
    assert relation(rel, "red", "white") == "ally"
    assert relation(rel, "white", "yellow") == "opponent"
    assert relation(rel, "red", "black") == "opponent"
    assert relation(rel, "yellow", "black") == "opponent"
    assert awards == (Award("red", 4, "judtho.reason.first_conquest"),)
    assert rel.points["red"] == 4
    assert placements == (Placement("red", "bonus_piece"), Placement("white", "king"))
    assert rel.status("white") == "conquered" and rel.status("red") == "active"


def test_1_3_3_item_3_a_knatched_or_annihilated_king_stays_put():
    for how in ("knatch", "annihilation"):
        _, _, placements = conquest(initial(), "red", "white", how)
        assert placements == (Placement("red", "bonus_piece"),)


def test_6_4_t1_order_unchanged_red_conquers_white_yellow_next():
    rel, _, _ = conquest(initial(), "red", "white", "regicide")
    assert move_order(rel, "red", 5) == ["yellow", "black", "white", "red", "yellow"]


# ---------------------------------------------------------------------- T2a, 1.3.5.1


def test_t2a_1_3_5_1_double_alliance_conquers_a_single():
    rel, awards, placements = conquest(control(), "white", "black", "regicide")
    assert rel.stage == DOMINION_TRIPLE and rel.battle == Msg("judtho.battle.dominion")
    assert rel.alliances == (("white", "red", "black"),)
    assert rel.singles() == ("yellow",)
    reason = "judtho.reason.second_conquest"
    assert awards == (Award("white", 4, reason), Award("red", 4, reason))
    assert rel.points == {"white": 8, "red": 4, "yellow": 0, "black": 0}
    # J3, J22: the Third Ally places its own bonus piece, then its King.
    assert placements == (Placement("black", "bonus_piece"), Placement("black", "king"))


def test_t2a_both_allies_score_whoever_conquered():
    rel, awards, _ = conquest(control(), "red", "yellow", "knatch")
    assert {a.colour: a.points for a in awards} == {"white": 4, "red": 4}
    assert rel.alliances == (("white", "red", "yellow"),)


def test_6_3_worked_example_1_3_5_1_white_captures_the_black_king():
    rel, _, _ = conquest(control(), "white", "black", "regicide")
    # 1.3.5.1 item 5 word for word: Red, Yellow, Black, Yellow, White, Yellow, Red, Yellow, Black, Yellow, White, …
    expected = ["red", "yellow", "black", "yellow", "white", "yellow",
                "red", "yellow", "black", "yellow", "white", "yellow"]
    assert move_order(rel, "white", 12) == expected


def test_6_3_same_position_red_captures_the_black_king():
    rel, _, _ = conquest(control(), "red", "black", "regicide")
    assert move_order(rel, "red", 7) == ["yellow", "black", "yellow", "white", "yellow", "red", "yellow"]


def test_6_3_general_rule_when_the_single_is_white():
    # Yellow conquers Black (T1), then Yellow conquers Red (T2a): Triple {Yellow, Black, Red} v White.
    rel = after(initial(), ("yellow", "black", "knatch"), ("yellow", "red", "knatch"))
    assert rel.singles() == ("white",)
    assert move_order(rel, "yellow", 8) == ["black", "white", "red", "white", "yellow", "white", "black", "white"]


def test_6_3_a_pass_counts_as_a_turn_j20_and_the_order_survives_json():
    import json

    rel, _, _ = conquest(control(), "white", "black", "regicide")
    rel = end_turn(rel, "white")
    rel = end_turn(Relations.from_json(json.loads(json.dumps(rel.to_json()))), "red")
    assert rel.to_move == "yellow"
    rel = end_turn(rel, "yellow")
    assert rel.to_move == "black"


# ---------------------------------------------------------------------- T2b, 1.3.5.2


def test_t2b_1_3_5_2_single_conquers_a_double_member():
    rel, awards, placements = conquest(control(), "yellow", "red", "regicide")
    assert rel.stage == DOMINION_TRIPLE
    assert rel.alliances == (("yellow", "white", "red"),)
    assert rel.singles() == ("black",)
    assert awards == (Award("yellow", 8, "judtho.reason.second_conquest"),)
    assert placements == (Placement("yellow", "bonus_piece"), Placement("red", "king"))


def test_6_3_t2b_order_black_white_black_red_black_yellow():
    rel, _, _ = conquest(control(), "yellow", "red", "knatch")
    assert move_order(rel, "yellow", 8) == ["black", "white", "black", "red", "black", "yellow", "black", "white"]


# ---------------------------------------------------------------------- T2c, 1.3.5.3, J5


def test_t2c_1_3_5_3_single_conquers_single_forms_a_second_double():
    rel, awards, placements = conquest(control(), "yellow", "black", "annihilation")
    assert rel.stage == DOMINION_DOUBLES
    assert rel.alliances == (("white", "red"), ("yellow", "black"))
    assert relation(rel, "yellow", "black") == "ally"
    assert relation(rel, "white", "black") == "opponent"
    assert placements == (Placement("yellow", "bonus_piece"),)
    assert awards == (Award("yellow", 8, "judtho.reason.second_conquest"),)


def test_j5_variant_single_conquers_single_pays_4():
    rel, awards, _ = conquest(control(t2c_points=4), "yellow", "black", "knatch")
    assert awards == (Award("yellow", 4, "judtho.reason.second_conquest"),)
    assert rel.points["yellow"] == 4


def test_6_4_t2c_order_unchanged_yellow_conquers_black_black_next():
    rel, _, _ = conquest(control(), "yellow", "black", "regicide")
    assert move_order(rel, "yellow", 5) == ["black", "white", "red", "yellow", "black"]


# ---------------------------------------------------------------------- J3 both ways


def test_j3_default_third_ally_places_its_own_bonus_piece():
    _, _, placements = conquest(control(), "white", "yellow", "knatch")
    assert placements == (Placement("yellow", "bonus_piece"),)


def test_j3_bonus_to_conqueror_first_ally_places_again_6_5():
    rel, _, placements = conquest(control(bonus_to_conqueror=True), "white", "yellow", "regicide")
    assert placements == (Placement("white", "bonus_again"), Placement("yellow", "king"))
    assert rel.bonus_placed == {"white"}


def test_j3_bonus_to_conqueror_second_ally_places_its_first_bonus():
    _, _, placements = conquest(control(bonus_to_conqueror=True), "red", "yellow", "knatch")
    assert placements == (Placement("red", "bonus_piece"),)


# ---------------------------------------------------------------------- T3, 1.3.7


def test_t3a_1_3_7_1_triple_conquers_the_single_8_each():
    rel = after(initial(), ("white", "red", "knatch"), ("white", "black", "knatch"))
    rel, awards, placements = conquest(rel, "black", "yellow", "regicide")
    assert rel.over and rel.stage == OVER and rel.battle is None
    assert rel.winners == ("white", "red", "black")
    assert {a.colour: a.points for a in awards} == {"white": 8, "red": 8, "black": 8}
    assert placements == ()
    assert rel.points == {"white": 16, "red": 12, "yellow": 0, "black": 8}
    assert rel.end == "third_conquest"


def test_t3b_1_3_7_2_single_conquers_any_triple_army_24():
    rel = after(initial(), ("white", "red", "knatch"), ("white", "black", "knatch"))
    rel, awards, _ = conquest(rel, "yellow", "black", "annihilation")
    assert rel.winners == ("yellow",)
    assert awards == (Award("yellow", 24, "judtho.reason.third_conquest"),)


def test_t3c_1_3_7_3_either_double_may_win_12_each():
    base = after(initial(), ("white", "red", "knatch"), ("yellow", "black", "knatch"))
    rel, awards, _ = conquest(base, "red", "yellow", "regicide")
    assert rel.winners == ("white", "red")
    assert {a.colour: a.points for a in awards} == {"white": 12, "red": 12}
    rel, awards, _ = conquest(base, "black", "white", "knatch")
    assert rel.winners == ("yellow", "black")
    assert {a.colour: a.points for a in awards} == {"yellow": 12, "black": 12}


def test_1_1_4_stage_totals_4_then_8_then_24():
    paths = [
        [("white", "red", "knatch"), ("white", "black", "knatch"), ("red", "yellow", "knatch")],
        [("white", "red", "knatch"), ("yellow", "red", "knatch"), ("black", "white", "knatch")],
        [("white", "red", "knatch"), ("yellow", "black", "knatch"), ("black", "red", "knatch")],
    ]
    for path in paths:
        rel = initial()
        totals = []
        for c, v, how in path:
            rel, awards, _ = conquest(rel, c, v, how)
            totals.append(sum(a.points for a in awards))
        assert totals == [4, 8, 24]
        assert sum(rel.points.values()) == 36


def test_1_1_4_the_game_ends_at_the_third_conquest():
    rel = after(initial(), ("white", "red", "knatch"), ("yellow", "black", "knatch"), ("red", "yellow", "knatch"))
    with pytest.raises(GameOver):
        conquest(rel, "white", "black", "knatch")
    with pytest.raises(GameOver):
        end_turn(rel, "red")


def test_j12_several_conquests_in_one_move_apply_one_by_one():
    rel, _, _ = conquest(initial(), "white", "red", "regicide")
    rel, _, placements = conquest(rel, "white", "black", "regicide")
    assert rel.stage == DOMINION_TRIPLE
    assert placements == (Placement("black", "bonus_piece"), Placement("black", "king"))


# ---------------------------------------------------------------------- stable_2v2, 6.6


def test_6_6_stable_first_conquest_is_the_unstable_alliance():
    rel, awards, placements = conquest(initial(model="stable_2v2"), "white", "red", "regicide")
    assert rel.stage == IDENTITY and rel.battle == Msg("judtho.battle.identity")
    assert rel.alliances == (("white", "red"),)
    assert awards == (Award("white", 4, "judtho.reason.first_conquest"),)
    assert placements == (Placement("white", "bonus_piece"), Placement("red", "king"))


def test_6_6_stable_unstable_ally_conquers_a_single_4_each_former_ally():
    rel = control(model="stable_2v2")
    rel, awards, placements = conquest(rel, "red", "yellow", "regicide")
    assert rel.stage == VICTORY and rel.battle == Msg("judtho.battle.victory")
    assert rel.alliances == (("red", "yellow"), ("white", "black"))
    assert relation(rel, "white", "red") == "opponent"
    assert {a.colour: a.points for a in awards} == {"white": 4, "red": 4}
    # 1.3.5 item 2: the Second Conqueror, who did not achieve the First Conquest, places a bonus piece.
    assert placements == (Placement("red", "bonus_piece"), Placement("yellow", "king"))


def test_6_5_stable_first_conqueror_conquering_again_places_again():
    rel = control(model="stable_2v2")
    _, _, placements = conquest(rel, "white", "black", "knatch")
    assert placements == (Placement("white", "bonus_again"),)


def test_6_6_stable_single_conquers_8_and_order_unchanged():
    rel = control(model="stable_2v2")
    rel, awards, _ = conquest(rel, "black", "white", "knatch")
    assert rel.alliances == (("black", "white"), ("red", "yellow"))
    assert awards == (Award("black", 8, "judtho.reason.second_conquest"),)
    assert move_order(rel, "black", 4) == ["white", "red", "yellow", "black"]
    rel = control(model="stable_2v2")
    rel, _, _ = conquest(rel, "yellow", "black", "knatch")
    assert rel.alliances == (("yellow", "black"), ("white", "red"))


def test_6_6_stable_third_conquest_12_each():
    rel = after(control(model="stable_2v2"), ("black", "white", "knatch"))
    rel, awards, _ = conquest(rel, "yellow", "white", "regicide")
    assert rel.winners == ("red", "yellow")
    assert {a.colour: a.points for a in awards} == {"red": 12, "yellow": 12}
    assert rel.stage == OVER


# ---------------------------------------------------------------------- Duo, Trio


def test_section_3_duo_first_conquest_wins_no_alliance():
    rel = initial("duo")
    assert rel.colours == ("white", "red")
    assert relations_table(rel) == {"white": {"red": "opponent"}, "red": {"white": "opponent"}}
    assert move_order(rel, "white", 3) == ["red", "white", "red"]
    rel, awards, placements = conquest(rel, "red", "white", "knatch")
    assert rel.over and rel.winners == ("red",) and awards == () and placements == ()


def test_j28_trio_ends_at_the_first_conquest_the_side_wins():
    rel = initial("trio")
    assert rel.sides == (("white", "yellow"), ("red", "black"))
    assert relation(rel, "white", "yellow") == "rival"
    assert move_order(rel, "black", 4) == ["white", "red", "yellow", "black"]
    done, awards, placements = conquest(rel, "black", "yellow", "knatch")
    assert done.over and done.winners == ("red", "black") and awards == () and placements == ()
    done, _, _ = conquest(rel, "yellow", "red", "regicide")
    assert done.winners == ("white", "yellow")


def test_j28_trio_single_player_takes_a_rival_pair():
    assert initial("trio", single=("black", "red")).sides == (("red", "black"), ("white", "yellow"))
    with pytest.raises(ValueError):
        initial("trio", single=("white", "red"))


# ---------------------------------------------------------------------- state as data


def test_relations_round_trip_through_json():
    import json

    rel = after(initial(bonus_to_conqueror=True), ("white", "red", "regicide"), ("white", "black", "knatch"))
    rel = end_turn(rel, "white")
    again = Relations.from_json(json.loads(json.dumps(rel.to_json())))
    assert again == rel
    assert move_order(again, "red", 6) == move_order(rel, "red", 6)
