"""End of the Game Turn: Replenishing Cards, Issuing Action Cards (R19), Setting Up Crimes again
(R5), the Turn Start Card passing left, quarantine lifting (R13), taking over the hand limit (R15)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.judge_dredd import GAME
from rules.judge_dredd.state import Quarantine

from .kit import act, at_arrests, dice, kinds, pass_window, position, texts


def test_r19_issuing_one_card_two_in_the_bonus_sectors_six_in_the_grand_hall_one_in_icu() -> None:
    state = position(seats=4, at={0: "ghj", 1: "w17", 2: "rob", 3: "icu"}, crimes=[], hands={})
    events = at_arrests(state)
    assert [len(j.hand) for j in state.judges] == [6, 2, 1, 1]
    drawn = [e for e in events if e.kind == "cards_drawn"]
    assert [e.params["seat"] for e in drawn] == [1, 2, 3, 0]  # from the new Turn Start holder
    assert all(e.to == (e.params["seat"],) for e in events if e.kind == "hand_dealt")
    assert state.turn == 2 and state.phase == "movement"


def test_issuing_no_player_may_ever_hold_more_than_six() -> None:
    state = position(at={0: "ghj", 1: "w17"}, crimes=[], hands={0: ["tweak"] * 2 + ["flabbon"] * 2, 1: []})
    state.judges[1].hand = list(state.stock[:6])
    del state.stock[:6]
    at_arrests(state)
    pass_window(state)  # the issue window: both say done
    assert [len(j.hand) for j in state.judges] == [6, 6]


def test_issuing_a_player_may_discard_before_being_issued() -> None:
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={0: ["tweak", "tweak", "fergee"], 1: ["walter"]})
    at_arrests(state)
    assert state.window.kind == "issue" and GAME.to_act(state) == {0, 1}
    assert sorted(texts(state, 0)) == ["discard fergee", "discard tweak", "done"]
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "discard walter")  # Blue's card, not Red's
    assert refused.value.code == "dredd_not_in_hand"
    events = act(state, 0, "discard tweak")
    assert [e.kind for e in events] == ["discarded", "discarded_card"]
    assert events[0].public and "card" not in events[0].params and events[1].to == (0,)
    act(state, 0, "discard fergee")
    act(state, 1, "done")
    assert GAME.to_act(state) == {0}
    act(state, 0, "done")
    assert len(state.judges[0].hand) == 2 and len(state.judges[1].hand) == 3
    assert state.discards[-2:] == ["tweak", "fergee"]


def test_issuing_the_discards_are_reshuffled_when_the_stock_is_exhausted() -> None:
    state = position(at={0: "ghj", 1: "w17"}, crimes=[], hands={})
    state.discards, state.stock = state.stock[3:], state.stock[:3]
    events = at_arrests(state, dice())
    assert "stock_reshuffled" in kinds(events)
    assert [len(j.hand) for j in state.judges] == [6, 2]
    assert len(state.stock) + len(state.discards) == 54 - 8


def test_replenishing_the_turn_start_card_passes_to_the_left() -> None:
    state = position(seats=3, at={0: "w17", 1: "cty", 2: "aca"}, crimes=[], hands={})
    state.turn_start = 2
    events = at_arrests(state)
    assert state.turn_start == 0 and "turn_start_passed" in kinds(events)
    assert state.window.kind == "before_move" and state.window.for_seat == 0


def test_r5_replenishing_crimes_to_six_reshuffles_all_21_sector_cards_when_exhausted() -> None:
    state = position(at={0: "w17", 1: "cty"}, crimes=[("murder", "judge_death", "agg")], hands={})
    state.sector_pack = ["rob"]
    events = at_arrests(state)
    assert len(state.crimes) == 6 and state.crimes[1].sector == "rob"
    assert kinds(events).count("crime_reported") == 5 and "sectors_reshuffled" in kinds(events)
    assert len(state.sector_pack) == 21 - 4
    assert [e.public for e in events if e.kind == "crime_reported"] == [True] * 5
    assert all("perp" not in e.params for e in events if e.kind == "crime_reported")


def test_r2_a_crime_reported_where_a_judge_stands_is_revealed_at_once() -> None:
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={})
    state.sector_pack = ["rob", *[s for s in state.sector_pack if s != "rob"]]
    events = at_arrests(state)
    rob = [c for c in state.crimes if c.sector == "rob"]
    assert rob and rob[0].revealed and "perp_revealed" in kinds(events)


def test_r13_quarantine_lifts_at_the_end_of_the_turn_after_it_was_played() -> None:
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={})
    state.stock.remove("quarantine")  # in play while it lasts
    state.quarantine = Quarantine("rob", lifts_after_turn=state.turn + 1)
    at_arrests(state)
    assert state.quarantine is not None
    for judge in state.judges:
        judge.hand = []
    events = at_arrests(state)
    assert state.quarantine is None and "quarantine_lifted" in kinds(events)
    assert "quarantine" in state.discards


def test_r15_a_seat_over_six_cards_discards_down_to_six_before_anything_else() -> None:
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={0: ["tweak"] * 2 + ["flabbon"] * 3 + ["walter"] * 1,
                                                                1: ["fergee"]})
    state.phase = "movement"
    from rules.judge_dredd import turn

    turn.next_mover(state)
    state.judges[0].hand.append("fergee")
    state.stock.remove("fergee")
    assert GAME.to_act(state) == {0}
    assert texts(state, 0) == ["discard fergee", "discard flabbon", "discard tweak", "discard walter"]
    assert GAME.timeout_action(state, 0) is None
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "pass")
    assert refused.value.code == "dredd_discard_first" and refused.value.params == {"count": 1}
    act(state, 0, "discard flabbon")
    assert GAME.to_act(state) == {0, 1} and state.window.kind == "before_move"


def test_r7_the_window_clock_passes_for_a_player_and_says_done_at_issue() -> None:
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={0: ["tweak"], 1: ["fergee"]})
    state.phase = "movement"
    from rules.judge_dredd import turn

    turn.next_mover(state)
    assert str(GAME.timeout_action(state, 1)) == "pass"
    pass_window(state)
    assert GAME.timeout_action(state, 0) is None  # the Move has no clock
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={0: ["tweak"], 1: ["fergee"]})
    at_arrests(state)
    assert str(GAME.timeout_action(state, 0)) == "done"


def test_issuing_a_pass_at_issue_is_refused_with_what_may_be_done_instead() -> None:
    """At issue the window asks for discards then `done`; `pass` is refused with those verbs named."""
    from rules.core import IllegalAction, SeededChance
    from rules.judge_dredd import GAME

    state = GAME.new_game({}, 3, SeededChance(5))
    chance = SeededChance(6)
    for _ in range(3000):
        if state.window is not None and state.window.kind == "issue":
            break
        seat = sorted(GAME.to_act(state))[0]
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1], chance)
    assert state.window is not None and state.window.kind == "issue"
    seat = sorted(GAME.to_act(state))[0]
    try:
        GAME.apply(state, seat, "pass", chance)
    except IllegalAction as refusal:
        assert refusal.code == "dredd_not_now"
        assert refusal.params["allowed"].split(", ")[-1] == "done"
        assert "pass" not in refusal.params["allowed"]
    else:
        raise AssertionError("pass was accepted at issue")
