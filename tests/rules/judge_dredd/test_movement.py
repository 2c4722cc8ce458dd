"""Movement Rules (rulebook) and rulings R1, R2, R6, R9, R12, R13, R18, E1, E3."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction, NotYourTurn
from rules.judge_dredd import GAME
from rules.judge_dredd.state import Alien, Quarantine

from .kit import act, at_move, destinations, kinds, pass_window, position, texts

MURDER = ("murder", "ice_pick_brown", "agg")


def test_movement_example_junction_crime_bridge_and_river() -> None:
    """The rulebook's Movement Example: from a Sector beside a Crime Sector, every Sector across
    a normal border may be entered, the Crime Sector too, and across a river only by a bridge;
    the Crime Sector (with its bridge onwards) may not be passed through."""
    state = at_move(position(at={0: "und", 1: "cty"}, crimes=[MURDER]), 0)
    reach = destinations(state, 0)
    assert {"agg", "hos", "oil", "rob", "wea"} <= reach  # every border, the Crime Sector included
    assert "spc" in reach  # over the bridge from oil
    assert "aer" not in reach  # facing und across River A, no bridge
    assert "mal" not in reach  # over agg's bridge: that would mean leaving the Crime Sector


def test_movement_rules_up_to_two_adjacent_sectors() -> None:
    state = at_move(position(at={0: "w17", 1: "cty"}, crimes=[]), 0)
    assert destinations(state, 0) == {"w17", "res", "rob", "wea", "iso", "hos", "und", "oil"}


def test_movement_rules_rivers_only_by_bridges_unless_fergee_ignores_them() -> None:
    state = at_move(position(at={0: "und", 1: "cty"}, crimes=[]), 0)
    assert "aer" not in destinations(state, 0)
    state.judges[0].ignore_rivers = True
    assert "aer" in destinations(state, 0)


def test_r2_perp_revealed_immediately_a_judge_enters() -> None:
    state = at_move(position(at={0: "und", 1: "cty"}, crimes=[MURDER]), 0)
    events = act(state, 0, "move agg")
    assert "perp_revealed" in kinds(events)
    assert state.crimes[0].revealed
    assert GAME.view(state, 1)["crimes"][0]["perp"] == "ice_pick_brown"


def test_r1_e1_a_lone_judge_may_not_leave_a_crime_sector_and_stays_by_itself() -> None:
    state = position(at={0: "agg", 1: "cty"}, crimes=[MURDER])
    state.phase = "movement"
    state.window = None
    from rules.judge_dredd import turn

    events = turn.begin_move(state, 0)  # the window before the Move has closed
    assert kinds(events)[0] == "stayed" and state.judges[0].at == "agg"
    assert state.mover is None and state.window.kind == "before_move" and state.window.for_seat == 1


def test_r6_another_judge_able_to_arrest_lets_a_judge_leave_the_crime_sector() -> None:
    state = at_move(position(at={0: "agg", 1: "agg"}, crimes=[MURDER]), 0)
    assert "hos" in destinations(state, 0)
    state.judges[1].block_with = 0  # bound to a Block Mania fight: not able (R6)
    assert destinations(state, 0) == {"agg"}
    state.judges[1].block_with = None
    state.judges[1].attempted = True  # has attempted an Arrest this Game Turn: not able (R6)
    assert destinations(state, 0) == {"agg"}


def test_movement_rules_more_than_one_judge_in_a_sector() -> None:
    state = at_move(position(at={0: "rob", 1: "hos"}, crimes=[]), 0)
    act(state, 0, "move hos")
    assert state.judges[0].at == state.judges[1].at == "hos"


def test_r12_the_alien_creatures_sector_may_be_entered_not_left() -> None:
    state = at_move(position(at={0: "rob", 1: "cty"}, crimes=[]), 0)
    state.alien = Alien("hos")
    assert "hos" in destinations(state, 0) and "ghj" not in destinations(state, 0)
    state = at_move(position(at={0: "hos", 1: "cty"}, crimes=[]), 0)
    state.alien = Alien("hos")
    assert destinations(state, 0) == {"hos"}


def test_r13_no_judge_may_leave_a_quarantined_sector() -> None:
    state = at_move(position(at={0: "rob", 1: "cty"}, crimes=[]), 0)
    state.quarantine = Quarantine("rob", lifts_after_turn=2)
    assert destinations(state, 0) == {"rob"}
    state = at_move(position(at={0: "w17", 1: "cty"}, crimes=[]), 0)
    state.quarantine = Quarantine("rob", lifts_after_turn=2)
    assert "rob" in destinations(state, 0) and "hos" not in destinations(state, 0)


def test_r18_miss_moves_stack_each_costing_one_move() -> None:
    state = position(at={0: "w17", 1: "cty"}, crimes=[])
    state.judges[0].miss_moves = 2
    state.window = None
    from rules.judge_dredd import turn

    state.phase = "movement"
    events = turn.next_mover(state) + pass_window(state)
    assert "move_missed" in kinds(events) and state.judges[0].miss_moves == 1
    assert state.judges[0].at == "w17" and state.judges[0].moved


def test_r18_extra_move_this_round_and_max_move_cap() -> None:
    state = at_move(position(at={0: "w17", 1: "cty"}, crimes=[]), 0)
    state.judges[0].extra_move = 1
    assert "agg" in destinations(state, 0)  # w17-rob-und-agg: three Sectors
    state.judges[0].max_move = 1
    assert destinations(state, 0) == {"w17", "res", "rob", "wea"}
    act(state, 0, "move rob")
    assert state.judges[0].max_move is None and state.judges[0].extra_move == 0


def test_r9_e3_a_judge_starting_in_icu_moves_only_into_the_hospital_and_stops() -> None:
    state = position(at={0: "icu", 1: "cty"}, crimes=[])
    state.judges[0].miss_moves = 1
    from rules.judge_dredd import turn

    state.phase, state.window = "movement", None
    events = turn.next_mover(state) + pass_window(state)
    assert "moved" in kinds(events) and state.judges[0].at == "hos"
    assert state.judges[0].miss_moves == 1  # E3: the Miss Move waits for the next Move
    assert state.last_move.path == ["icu", "hos"]


def test_movement_a_path_is_one_of_the_legal_ones() -> None:
    state = at_move(position(at={0: "w17", 1: "cty"}, crimes=[]), 0)
    assert "move rob-und" in texts(state, 0) and "stay" in texts(state, 0)
    events = act(state, 0, "move rob-und")
    assert state.judges[0].at == "und" and events[0].params["path"] == ["rob", "und"]
    assert state.window.kind == "before_move" and state.window.for_seat == 1


def refusal(state, seat: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        act(state, seat, text)
    return refused.value


def test_movement_refusals_say_why() -> None:
    state = at_move(position(at={0: "und", 1: "cty"}, crimes=[]), 0)
    assert refusal(state, 0, "arrest murder").code == "dredd_not_now"
    with pytest.raises(NotYourTurn):
        act(state, 1, "stay")


def test_movement_rules_a_river_without_a_bridge_is_refused_by_name() -> None:
    """ "Sectors either side of a river are only adjacent if connected by a bridge." """
    state = at_move(position(at={0: "und", 1: "cty"}, crimes=[]), 0)
    wrong = refusal(state, 0, "move aer")  # across River A, no bridge
    assert wrong.code == "dredd_river" and wrong.params["to"].key == "judge_dredd.sector.aer"
    assert refusal(state, 0, "move rob-w17-wea").code == "dredd_too_far"
    assert refusal(state, 0, "move rob-cty").code == "dredd_not_adjacent"


def test_movement_rules_may_not_move_out_of_a_crime_sector_refused_by_name() -> None:
    """ "A player may not move out of a sector in which there is a Crime unless there is another
    Judge in that sector able to attempt an Arrest": not through it either (R1)."""
    state = at_move(position(at={0: "w17", 1: "cty"}, crimes=[("murder", "ice_pick_brown", "rob")]), 0)
    wrong = refusal(state, 0, "move rob-hos")
    assert wrong.code == "dredd_crime_sector_lock" and wrong.params["sector"].key == "judge_dredd.sector.rob"
    state.alien, state.crimes = Alien("rob"), []
    assert refusal(state, 0, "move rob-hos").code == "dredd_alien_lock"
    state.alien, state.quarantine = None, Quarantine("rob", lifts_after_turn=2)
    assert refusal(state, 0, "move rob-hos").code == "dredd_quarantine_lock"
    state = at_move(position(at={0: "icu", 1: "cty"}, crimes=[]), 0)
    assert refusal(state, 0, "move rob").code == "dredd_icu_to_hospital"
    assert refusal(state, 0, "stay").code == "dredd_icu_to_hospital"  # R9: the Move out of ICU is compulsory


def test_movement_round_a_move_typed_while_the_window_before_it_is_open_is_told_to_wait() -> None:
    state = position(at={0: "w17", 1: "cty"}, crimes=[], hands={0: ["tweak"], 1: ["fergee"]})
    state.phase = "movement"
    from rules.judge_dredd import turn

    turn.next_mover(state)
    assert refusal(state, 0, "move rob").code == "dredd_window_first"
    assert refusal(state, 0, "discard tweak").code == "dredd_discard_when"
