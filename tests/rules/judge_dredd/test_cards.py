"""Action Cards — General Rules, and each option of the 34 kinds of card.

Each option is played through the real engine in the window its own moment opens (R7), and the
test checks what it changed. Special Notes and answers are in test_special_notes.py.
"""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.judge_dredd import GAME, cards
from rules.judge_dredd.content import full_deck, load_cards
from rules.judge_dredd.state import DreddState

from .kit import act, at_arrests, at_window, destinations, kinds, pass_window, position, texts

ROBOT_SMASHING = ("robot_smashing", "ice_pick_brown", "zoo")
"""The rulebook's Arrest Example: Ice-Pick Brown (7) Robot Smashing (4)."""
LITTERING = ("littering", "gestapo_bob", "aqu")


def fight(hands: dict[int, list[str]], seats: int = 2, config: dict | None = None) -> DreddState:
    """Red (seat 0) alone in the Alien Zoo with Ice-Pick Brown; the window before the dice is open."""
    at = dict(list({0: "zoo", 1: "w17", 2: "ghj"}.items())[:seats])
    state = position(seats, at=at, crimes=[ROBOT_SMASHING, LITTERING], hands=hands, config=config)
    at_arrests(state)
    assert state.window is not None and state.window.kind == "before_fight"
    return state


def movement(hands: dict[int, list[str]], window: str = "after_moves", for_seat: int | None = None, **kw) -> DreddState:
    """Red in Robo-Pound, Blue in Undercity Gate, in the Movement Round with a window open."""
    at = kw.pop("at", {0: "rob", 1: "und"})
    state = position(kw.pop("seats", 2), at=at, crimes=kw.pop("crimes", [ROBOT_SMASHING, LITTERING]), hands=hands)
    state.phase = "movement"
    return at_window(state, window, for_seat)


def refused(state: DreddState, seat: int, text: str) -> str:
    """The refusal code cards give for an action, checked to be the one the engine raises (when
    the seat is one the engine is waiting for at all)."""
    action = GAME.parse_action(text)
    assert action not in GAME.legal_actions(state, seat)
    reason = cards.reason(state, seat, action)
    assert reason is not None
    with pytest.raises(IllegalAction) as raised:
        GAME.check(state, seat, action)
    if seat in GAME.to_act(state):
        assert raised.value.code == reason.code
    return reason.code


# --------------------------------------------------------------------------- General Rules


def test_general_rules_a_card_may_be_played_on_any_player_even_yourself() -> None:
    state = movement({0: ["sonic_cannon", "flabbon"], 1: ["tweak"]})
    plays = texts(state, 0)
    assert "play sonic_cannon or red" in plays and "play sonic_cannon or blue" in plays


def test_general_rules_the_player_states_which_option_takes_effect() -> None:
    state = fight({0: ["lawmaster"], 1: ["tweak"]})
    assert "play lawmaster or red" in texts(state, 0)
    assert "play lawmaster main red" not in texts(state, 0)


def test_general_rules_only_the_combat_factor_option_applies_in_the_arrest_round() -> None:
    state = fight({0: ["sonic_cannon"], 1: ["stumm_gas"]})
    assert [t for t in texts(state, 0) if t.startswith("play")] == ["play sonic_cannon main red"]
    assert refused(state, 0, "play sonic_cannon or blue") == "dredd_movement_only"


def test_general_rules_combat_options_are_refused_in_the_movement_round() -> None:
    state = movement({0: ["sonic_cannon"], 1: ["tweak"]})
    assert refused(state, 0, "play sonic_cannon main red") == "dredd_arrest_only"


def test_general_rules_a_card_not_held_is_refused() -> None:
    state = movement({0: ["sonic_cannon"], 1: ["tweak"]})
    assert refused(state, 0, "play flabbon or blue") == "dredd_not_in_hand"


def test_general_rules_the_card_goes_to_the_discard_pile_once_played() -> None:
    state = movement({0: ["sonic_cannon"], 1: ["tweak"]})
    act(state, 0, "play sonic_cannon or blue")
    assert state.judges[0].hand == [] and state.discards[-1] == "sonic_cannon"


def test_general_rules_combat_cards_are_not_carried_to_the_next_arrest_round() -> None:
    """Action Cards — General Rules: "Those affecting Combat are not carried through to the next
    Arrest Round, even if there was a stand-off." """
    state = fight({0: ["sonic_cannon"], 1: ["tweak"]})
    act(state, 0, "play sonic_cannon main red")
    events = pass_window(state, 4, 5)  # Perp 11 + 4 = 15, Judge 5 + 5 + 5 = 15: a stand-off
    assert "standoff" in kinds(events) and state.judges[0].standoff == "robot_smashing"
    state.judges[0].attempted = False  # the next Game Turn
    at_arrests(state)
    assert state.fight is not None and state.fight.judges == [0]
    assert state.fight.judge_cf == {} and state.fight.cards == []


def test_arrest_option_only_on_a_judge_in_the_fight() -> None:
    state = fight({0: ["sonic_cannon"], 1: ["flabbon"]})
    assert refused(state, 1, "play flabbon main blue") == "dredd_not_in_fight"
    assert "play flabbon main red" in texts(state, 1)


def test_the_deck_is_54_cards() -> None:
    assert len(full_deck()) == 54


# --------------------------------------------------------------------------- Combat Factor options

JUDGE_CF = [
    ("sonic_cannon", "main", 5),
    ("walter", "main", 1),
    ("judge_hershey", "main", 3),
    ("judge_sweeney", "main", 3),
    ("judge_anderson", "main", 3),
    ("judge_giant", "main", 2),
    ("hi_ex", "main", 3),
    ("flabbon", "main", -2),
    ("lawgiver_jams", "main", -3),
    ("lawmaster", "or", 2),
    ("lawmaster_crash", "or", -2),
    ("outdoor_boing", "or", -2),
    ("barney_resyk", "or", 1),
    ("barney_statue_of_judgement", "or", 1),
    ("barney_aqua_plant", "or", 1),
    ("barney_iso_block_666", "or", 1),
    ("barney_weather_control", "or", 1),
    ("barney_black_atlantic_docks", "or", 1),
    ("tip_off_perp_moves", "or", 2),
    ("tip_off_inside_info", "or", 2),
    ("robodoc", "or", 1),
    ("quarantine", "or", -1),
    ("block_mania", "or", 2),
    ("requisition", "or", 2),
    ("benji_doonan", "or", -1),
]


@pytest.mark.parametrize(("card", "option", "value"), JUDGE_CF, ids=[f"{c}_{o}" for c, o, _ in JUDGE_CF])
def test_combat_option_adds_to_the_judges_combat_factor(card: str, option: str, value: int) -> None:
    """E.g. Sonic Cannon main: the Judge +5; Block Mania's Plasteen Riot Shield: +2."""
    state = fight({0: ["tweak"], 1: [card]})
    events = act(state, 1, f"play {card} {option} red")
    assert state.fight is not None
    assert state.fight.judge_cf == {0: value}
    assert state.fight.cards == [{"by": 1, "card": card, "option": option, "on": 0}]
    assert events[0].kind == "card_played" and events[0].params == {
        "by": 1,
        "card": card,
        "option": option,
        "target": 0,
    }
    assert state.discards[-1] == card


@pytest.mark.parametrize("card", ["tweak", "fergee", "spikes"])
def test_main_option_gives_the_judge_an_extra_die(card: str) -> None:
    state = fight({0: [card], 1: ["flabbon"]})
    act(state, 0, f"play {card} main red")
    assert state.fight is not None and state.fight.judge_dice == {0: 1}


def test_sonic_cannon_main_adds_five_to_the_judge_and_wins_with_the_dice() -> None:
    state = fight({0: ["sonic_cannon"], 1: ["flabbon"]})
    act(state, 0, "play sonic_cannon main red")
    events = pass_window(state, 3, 3)  # Perp 7 + 4 + 3 = 14; Judge 5 + 5 + 3 = 13
    totals = {e.kind: e.params["total"] for e in events if e.kind in ("perp_rolled", "judge_rolled")}
    assert totals == {"perp_rolled": 14, "judge_rolled": 13}


def test_stumm_gas_main_takes_three_from_the_perp() -> None:
    state = fight({0: ["stumm_gas"], 1: ["flabbon"]})
    act(state, 0, "play stumm_gas main red")
    assert state.fight is not None and state.fight.perp_cf == -3 and state.fight.judge_cf == {}


def test_juve_gang_main_adds_two_to_the_perp() -> None:
    state = fight({0: ["tweak"], 1: ["juve_gang"]})
    act(state, 1, "play juve_gang main red")
    assert state.fight is not None and state.fight.perp_cf == 2


def test_east_meg_spy_main_gives_the_perp_an_extra_die() -> None:
    state = fight({0: ["tweak"], 1: ["east_meg_spy"]})
    act(state, 1, "play east_meg_spy main red")
    assert state.fight is not None and state.fight.perp_dice == 1
    events = pass_window(state, 1, 1, 6)
    perp = next(e for e in events if e.kind == "perp_rolled")
    assert perp.params["rolls"] == [1, 1] and perp.params["total"] == 13


def test_arrest_example_of_the_rulebook_with_its_cards() -> None:
    """Sonic Cannon, Tweak, Flabbon (another player), Fergee, East-Meg Spy (another player), Block
    Mania's Plasteen Riot Shield: Judge 10 + 3 dice, Perp 11 + 2 dice; 3 + 6 = 20 against
    4 + 1 + 6 = 21: the Arrest is successful."""
    state = fight(
        {0: ["sonic_cannon", "tweak", "fergee", "block_mania", "robodoc"], 1: ["flabbon", "east_meg_spy", "robodoc"]},
    )
    act(state, 0, "play sonic_cannon main red")
    act(state, 0, "play tweak main red")
    act(state, 1, "play flabbon main red")
    act(state, 0, "play fergee main red")
    act(state, 1, "play east_meg_spy main red")
    act(state, 0, "play block_mania or red")
    assert state.fight is not None
    assert state.fight.judge_cf == {0: 5 - 2 + 2} and state.fight.judge_dice == {0: 2}
    assert state.fight.perp_dice == 1
    events = pass_window(state, 3, 6, 4, 1, 6)
    rolled = {e.kind: (e.params["rolls"], e.params["total"]) for e in events if e.kind.endswith("_rolled")}
    assert rolled == {"perp_rolled": ([3, 6], 20), "judge_rolled": ([4, 1, 6], 21)}
    assert state.window is not None and state.window.kind == "after_arrest" and state.window.for_seat == 0


# --------------------------------------------------------------------------- Movement options

MISS_MOVE = [
    ("sonic_cannon", "or"),
    ("stumm_gas", "or"),
    ("flabbon", "or"),
    ("east_meg_spy", "or"),
    ("juve_gang", "or"),
    ("lawmaster_crash", "main"),
]


@pytest.mark.parametrize(("card", "option"), MISS_MOVE, ids=[f"{c}_{o}" for c, o in MISS_MOVE])
def test_miss_move_option_costs_the_targets_next_move(card: str, option: str) -> None:
    state = movement({0: [card], 1: ["tweak"]}, window="before_move", for_seat=1)
    act(state, 0, f"play {card} {option} blue")
    assert state.judges[1].miss_moves == 1
    events = pass_window(state)
    assert "move_missed" in kinds(events) and state.judges[1].at == "und"
    assert state.judges[1].miss_moves == 0


EXTRA_MOVE = [("tweak", "or", 1), ("spikes", "or", 1), ("hi_ex", "or", 1), ("lawmaster", "main", 2)]


@pytest.mark.parametrize(("card", "option", "steps"), EXTRA_MOVE, ids=[f"{c}_{o}" for c, o, _ in EXTRA_MOVE])
def test_extra_move_option_adds_sectors_to_this_rounds_move(card: str, option: str, steps: int) -> None:
    state = movement({0: [card], 1: ["flabbon"]}, window="before_move", for_seat=0, at={0: "w17", 1: "cty"})
    act(state, 0, f"play {card} {option} red")
    assert state.judges[0].extra_move == steps
    pass_window(state)
    assert state.mover == 0
    reach = destinations(state, 0)
    assert "agg" in reach  # three steps from West 17
    assert ("syn" in reach) == (steps == 2)  # four steps


def test_extra_move_is_wasted_on_a_judge_who_has_moved() -> None:
    """R18: `extra_move` applies to this round's Move and is wasted if the target has moved."""
    state = movement({0: ["tweak"], 1: ["flabbon"]})
    state.judges[1].moved = True
    events = act(state, 0, "play tweak or blue")
    assert "card_wasted" in kinds(events) and state.judges[1].extra_move == 0


def test_fergee_or_option_crosses_a_river_without_a_bridge() -> None:
    state = movement({0: ["fergee"], 1: ["flabbon"]}, window="before_move", for_seat=1)
    act(state, 0, "play fergee or blue")
    assert state.judges[1].ignore_rivers
    pass_window(state)
    assert "aer" in destinations(state, 1)


def test_lawgiver_jams_or_option_limits_the_next_move_to_one_sector() -> None:
    state = movement({0: ["lawgiver_jams"], 1: ["flabbon"]}, window="before_move", for_seat=1)
    act(state, 0, "play lawgiver_jams or blue")
    assert state.judges[1].max_move == 1
    pass_window(state)
    assert destinations(state, 1) == {"und", "agg", "hos", "oil", "rob", "wea"}


def test_r18_lawgiver_jams_or_option_is_wasted_on_a_judge_who_has_moved() -> None:
    state = movement({0: ["lawgiver_jams"], 1: ["flabbon"]})
    state.judges[1].moved = True
    events = act(state, 0, "play lawgiver_jams or blue")
    assert "card_wasted" in kinds(events) and state.judges[1].max_move is None


def test_lawmaster_or_option_only_in_the_arrest_round() -> None:
    state = movement({0: ["lawmaster"], 1: ["flabbon"]})
    assert refused(state, 0, "play lawmaster or red") == "dredd_arrest_only"
    assert "play lawmaster main red" in texts(state, 0)


def test_lawmaster_main_option_only_in_the_movement_round() -> None:
    state = fight({0: ["lawmaster"], 1: ["flabbon"]})
    assert refused(state, 0, "play lawmaster main red") == "dredd_movement_only"


# --------------------------------------------------------------------------- peeks


def test_walter_or_option_looks_at_one_face_down_perp_privately() -> None:
    state = movement({0: ["walter"], 1: ["flabbon"]})
    events = act(state, 0, "play walter or robot_smashing")
    peeks = [e for e in events if e.kind == "card_peeked"]
    assert [(e.params["perp"], e.to) for e in peeks] == [("ice_pick_brown", (0,))]
    public = [e for e in events if e.public]
    assert all("ice_pick_brown" not in str(e.params) for e in public)
    assert GAME.view(state, 0)["crimes"][0]["perp"] == "ice_pick_brown"
    assert GAME.view(state, 1)["crimes"][0]["perp"] is None


def test_walter_or_option_not_in_the_arrest_round() -> None:
    """A peek changes no Combat Factor, so it is a Movement Round play only (R23)."""
    state = fight({0: ["tweak"], 1: ["walter"]})
    assert "play walter or littering" not in texts(state, 1)
    assert refused(state, 1, "play walter or littering") == "dredd_not_in_arrest_round"


def test_a_face_up_perp_cannot_be_peeked() -> None:
    state = movement({0: ["walter"], 1: ["flabbon"]})
    state.crimes[0].revealed = True
    assert refused(state, 0, "play walter or robot_smashing") == "dredd_perp_face_up"


def test_judge_anderson_or_option_looks_at_every_face_down_perp_in_one_sector() -> None:
    crimes = [ROBOT_SMASHING, ("murder", "judge_death", "zoo"), LITTERING]
    state = movement({0: ["judge_anderson"], 1: ["flabbon"]}, crimes=crimes)
    events = act(state, 0, "play judge_anderson or zoo")
    assert sorted(e.params["perp"] for e in events if e.kind == "card_peeked") == ["ice_pick_brown", "judge_death"]
    assert all(e.to == (0,) for e in events if e.kind == "card_peeked")
    assert sorted(state.judges[0].peeked) == ["murder", "robot_smashing"]


def test_judge_anderson_or_option_needs_a_face_down_perp_in_the_sector() -> None:
    state = movement({0: ["judge_anderson"], 1: ["flabbon"]})
    assert refused(state, 0, "play judge_anderson or rob") == "dredd_nothing_to_peek"


def test_tip_off_inside_info_main_peeks_and_gives_your_judge_one_more_sector() -> None:
    state = movement({0: ["tip_off_inside_info"], 1: ["flabbon"]}, window="before_move", for_seat=0)
    events = act(state, 0, "play tip_off_inside_info main littering")
    assert [(e.params["perp"], e.to) for e in events if e.kind == "card_peeked"] == [("gestapo_bob", (0,))]
    assert state.judges[0].extra_move == 1 and state.judges[1].extra_move == 0


# --------------------------------------------------------------------------- options per kind: coverage


def test_every_option_of_every_kind_is_tested_here_or_in_the_special_notes() -> None:
    """A guard: the 34 kinds and their options are the ones these tests were written for."""
    covered = {(c, o) for c, o, _ in JUDGE_CF} | set(MISS_MOVE) | {(c, o) for c, o, _ in EXTRA_MOVE}
    covered |= {(c, "main") for c in ("tweak", "fergee", "spikes", "stumm_gas", "juve_gang", "east_meg_spy")}
    covered |= {("fergee", "or"), ("lawgiver_jams", "or"), ("walter", "or"), ("judge_anderson", "or")}
    covered |= {("tip_off_inside_info", "main")}
    special = {
        ("judge_hershey", "or"),
        ("judge_sweeney", "or"),
        ("judge_giant", "or"),
        ("outdoor_boing", "main"),
        ("tip_off_perp_moves", "main"),
        ("robodoc", "main"),
        ("quarantine", "main"),
        ("alien_creature", "main"),
        ("block_mania", "main"),
        ("requisition", "main"),
        ("benji_doonan", "main"),
        ("edwin_parsey", "main"),
        ("judge_dredd", "main"),
        *((k, "main") for k in load_cards() if k.startswith("barney_")),
    }
    every = {(k.id, name) for k in load_cards().values() for name in k.options}
    assert every == covered | special
