"""The rulebook's Arrest Example, played through the real card-play window with scripted dice.

Ice-Pick Brown (7) Robot Smashing (4). The Judge plays Sonic Cannon (+5) and Tweak (+1 die) on
himself; another player plays Flabbon (-2) on him; he plays Fergee (+1 die); another plays
East-Meg Spy (Perp +1 die); he plays Block Mania's Plasteen Riot Shield (+2). Judge 10 + three
dice, Perp 11 + two dice. The Perp rolls 3 and 6 = 20; the Judge 4, 1 and 6 = 21: arrested.
"""

from __future__ import annotations

from rules.judge_dredd import GAME, turn
from rules.judge_dredd.state import DreddState

from .kit import act, at_arrests, dice, kinds, position, texts

EXAMPLE = ("robot_smashing", "ice_pick_brown", "agg")


def example_position() -> DreddState:
    state = position(
        seats=3,
        at={0: "agg", 1: "cty", 2: "aca"},
        crimes=[EXAMPLE],
        hands={0: ["sonic_cannon", "tweak", "fergee", "block_mania"], 1: ["flabbon"], 2: ["east_meg_spy"]},
    )
    at_arrests(state)
    return state


def test_arrest_example_cards_in_any_order_then_perp_3_6_is_20_and_judge_4_1_6_is_21() -> None:
    state = example_position()
    assert state.window.kind == "before_fight" and state.fight.crime == "robot_smashing"
    act(state, 0, "play sonic_cannon main red")
    act(state, 0, "play tweak main red")
    act(state, 1, "play flabbon main red")
    act(state, 0, "play fergee main red")
    act(state, 2, "play east_meg_spy main red")
    assert "play block_mania or red" in texts(state, 0)
    fight = state.fight
    # The last card empties every hand: nobody is left to pass, the window closes, the bot rolls.
    events = act(state, 0, "play block_mania or red", 3, 6, 4, 1, 6)
    assert fight.judge_cf == {0: 5 - 2 + 2} and fight.judge_dice == {0: 2} and fight.perp_dice == 1
    assert [c["card"] for c in fight.cards] == ["sonic_cannon", "tweak", "flabbon", "fergee", "east_meg_spy",
                                                 "block_mania"]
    rolled = {e.kind: e.params for e in events if e.kind in ("perp_rolled", "judge_rolled")}
    assert rolled["perp_rolled"]["rolls"] == [3, 6] and rolled["perp_rolled"]["total"] == 20
    assert rolled["judge_rolled"]["rolls"] == [4, 1, 6] and rolled["judge_rolled"]["total"] == 21
    assert "arrested" in kinds(events)
    assert state.judges[0].arrested == [["ice_pick_brown", "robot_smashing"]]
    assert GAME.view(state, None)["judges"][0]["score"] == 11
    assert state.fight is None  # combat cards last one fight; they went to the discard pile
    assert {"sonic_cannon", "tweak", "flabbon", "fergee", "east_meg_spy", "block_mania"} <= set(state.discards)


def test_arrest_example_by_hand_the_same_modifiers_give_the_same_totals() -> None:
    state = example_position()
    fight = state.fight
    fight.judge_cf[0], fight.judge_dice[0], fight.perp_dice = 5, 2, 1
    for judge in state.judges:
        judge.hand = []
    events = turn.advance(state, dice(3, 6, 4, 1, 6))
    assert state.last_fight.perp_total == 20 and state.last_fight.totals == {0: 21}
    assert state.last_fight.result == "arrested" and "perp_rolled" in kinds(events)
