"""End of Game (R20), The Winner, the Cadet's Right (R21)."""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Event, SeededChance
from rules.judge_dredd import GAME, turn
from rules.judge_dredd.state import DreddState

from .kit import at_arrests, dice, kinds, pass_window, position

QUIET = ("pass", "done", "stay")


def play_quietly(state: DreddState, until: Callable[[DreddState], bool]) -> list[Event]:
    """Everyone passes, says done, stays (or takes the first choice) until `until(state)`."""
    events: list[Event] = []
    for _ in range(2000):
        if until(state) or GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        text = next((t for t in legal if t in QUIET), legal[0])
        events += GAME.apply(state, seat, text, SeededChance(len(events)))
    return events


def test_r20_the_game_ends_one_full_round_after_the_last_perp_card_is_drawn() -> None:
    state = position(seats=3, at={0: "w17", 1: "cty", 2: "arm"}, crimes=[
        ("littering", "gestapo_bob", "agg"), ("jaywalking", "punk_mulligan", "agg"),
        ("loitering", "skysurf_sid", "agg"), ("illegal_parking", "uncle_ump", "agg"),
        ("coffee_possession", "chopper", "agg"),
    ])
    state.perp_pack, state.crime_pack = ["otto_sump"], ["murder"]
    state.judges[0].arrested = [["judge_death", "espionage"]]
    events = at_arrests(state)
    assert state.turn_start == 1 and state.end_holder == 1 and "last_perp" in kinds(events)
    assert len(state.crimes) == 6 and not state.perp_pack
    events = play_quietly(state, lambda s: s.phase == "over")
    turns = [e.params["turn"] for e in events if e.kind == "turn_started"]
    assert turns == [2, 3, 4]  # held by 1, 2, 0: the card would pass back to 1 after turn 4
    assert "game_end" in kinds(events) and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.reason == "highest_score"
    assert outcome.scores == {0: 9 + 6, 1: 0, 2: 0}


def test_the_winner_totals_the_red_values_of_perps_and_crimes_arrested() -> None:
    state = position(seats=2, at={0: "w17", 1: "cty"}, crimes=[])
    state.judges[0].arrested = [["ice_pick_brown", "robot_smashing"], ["gestapo_bob", "littering"]]
    state.judges[1].arrested = [["judge_death", "murder"]]
    assert turn.scores(state) == {0: 7 + 4 + 1 + 1, 1: 9 + 6}
    assert GAME.view(state, None)["scores"] == {"0": 13, "1": 15}


def test_r21_cadets_right_tied_judges_fight_in_the_academy_of_law() -> None:
    state = position(seats=3, at={0: "w17", 1: "cty", 2: "arm"}, crimes=[],
                     hands={0: ["tweak"], 1: ["fergee"], 2: ["walter"]})
    state.judges[1].arrested = [["gestapo_bob", "littering"]]  # 2
    state.judges[2].arrested = [["judge_fear", "murder"]]  # 8 + 6 = 14
    state.judges[0].arrested = [["judge_fire", "espionage"]]  # 8 + 6 = 14
    state.end_holder = 1
    state.phase = "arrest"
    events = turn.end_turn(state, SeededChance(0))
    assert "cadets_right" in kinds(events) and state.phase == "cadet"
    assert state.judges[0].at == state.judges[2].at == "aca" and state.judges[1].at == "cty"
    assert state.window.kind == "before_fight" and GAME.to_act(state) == {0, 2}  # only the tied
    assert GAME.outcome(state) is None
    events = pass_window(state, 3, 3)
    assert "cadet_tie" in kinds(events) and state.phase == "cadet"  # a tie at the top fights again
    assert state.window.kind == "before_fight"
    events = pass_window(state, 2, 5)
    assert "cadet_won" in kinds(events) and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome.winners == (2,) and outcome.reason == "cadets_right"


def test_r21_cadets_right_a_tie_at_the_top_fights_again_among_the_top_only() -> None:
    state = position(seats=3, at={0: "w17", 1: "cty", 2: "arm"}, crimes=[], hands={})
    state.end_holder = 1
    state.phase = "arrest"
    chance = dice(4, 6, 6, 1, 2)  # all tie at 0 points: 9, 11, 11; then Judges 1 and 2 again: 6, 7
    events = turn.end_turn(state, chance)
    events += turn.advance(state, chance)  # empty hands: the windows close by themselves
    assert kinds(events).count("cadet_tie") == 1 and kinds(events).count("judge_rolled") == 5
    assert state.last_fight.judges == [1, 2]
    assert GAME.outcome(state).winners == (2,)


def test_the_winner_each_players_total_is_announced_at_the_end() -> None:
    """The Winner: "each player totals the Combat Values ... that he/she has arrested": every
    player's total is told (from the Turn Start holder), not only the winner's."""
    state = position(seats=3, at={0: "w17", 1: "cty", 2: "arm"}, crimes=[], hands={})
    state.judges[0].arrested = [["ice_pick_brown", "robot_smashing"]]
    state.judges[2].arrested = [["gestapo_bob", "littering"]]
    state.end_holder = 1
    state.phase = "arrest"
    events = turn.end_turn(state, SeededChance(0))
    finals = [e.params for e in events if e.kind == "final_score"]
    assert finals == [
        {"seat": 0, "score": 11, "arrests": 1},
        {"seat": 1, "score": 0, "arrests": 0},
        {"seat": 2, "score": 2, "arrests": 1},
    ]
    assert kinds(events)[-1] == "won" and state.winner == 0
