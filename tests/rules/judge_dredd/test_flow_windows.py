"""Card-play windows (R7): everyone is asked, a card played starts the passing again, a window
closes when all have passed in a row; answer windows ask only the target and then give the paused
window back (R10, R14); `skip` passes the rest of the Game Turn except where a seat is still
asked (E5)."""

from __future__ import annotations

import pytest

from rules.core import SeededChance
from rules.judge_dredd import GAME, turn
from rules.judge_dredd.state import DreddState

from .kit import act, hide_check, kinds, position, texts


def movement_window(hands: dict[int, list[str]], seats: int = 3) -> DreddState:
    """Three Judges (w17, rob, cty), no Crimes, these hands; the window before seat 0's Move."""
    state = position(seats=seats, at={0: "w17", 1: "rob", 2: "cty"}, crimes=[], hands=hands)
    state.phase = "movement"
    turn.next_mover(state)
    return state


def test_r7_every_seat_with_cards_is_asked_even_with_nothing_to_play() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc"]})
    assert GAME.to_act(state) == {0, 1, 2}
    assert texts(state, 1) == ["pass", "skip"]  # Edwin Parsey has no use now: the pause reveals nothing
    assert GAME.view(state, None)["window"] == {"kind": "before_move", "for": 0, "passed": [], "pending": None}


def test_r7_a_seat_with_an_empty_hand_passes_by_itself() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: [], 2: ["robodoc"]})
    assert GAME.to_act(state) == {0, 2}


def test_r7_a_card_played_starts_the_passing_again_and_all_passing_in_a_row_closes() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc", "flabbon"]})
    act(state, 1, "pass")
    act(state, 2, "pass")
    assert GAME.to_act(state) == {0} and state.window.passed == [1, 2]
    events = act(state, 0, "play lawmaster_crash main blue")
    assert state.window.passed == [] and GAME.to_act(state) == {1, 2}  # seat 0's hand is empty now
    assert events[0].kind.startswith("card_") and events[0].public
    act(state, 1, "pass")
    events = act(state, 2, "pass")
    assert kinds(events)[:2] == ["passed", "window_closed"]
    assert state.mover == 0 and state.window is None  # seat 0's Move is awaited


def test_r10_a_barney_asks_only_its_target_then_the_paused_window_resumes() -> None:
    state = movement_window({0: ["barney_resyk", "tweak"], 1: ["flabbon"], 2: ["robodoc"]})
    act(state, 2, "pass")
    events = act(state, 0, "play barney_resyk main green")
    assert state.window.kind == "answer" and state.window.for_seat == 2 and GAME.to_act(state) == {2}
    assert state.window.interrupted.kind == "before_move" and "window" in kinds(events)
    assert GAME.view(state, 1)["window"]["pending"]["card"] == "barney_resyk"
    assert texts(state, 2) == ["pass"]  # no card showing a Judge: asked all the same
    events = act(state, 2, "pass")
    assert state.judges[2].at == "res"
    assert state.window.kind == "before_move" and state.window.passed == [] and GAME.to_act(state) == {0, 1, 2}


def test_r10_answering_a_barney_with_a_judge_card_cancels_it() -> None:
    state = movement_window({0: ["barney_resyk", "tweak"], 1: ["flabbon"], 2: ["judge_giant", "robodoc"]})
    act(state, 0, "play barney_resyk main green")
    assert "answer judge_giant" in texts(state, 2)
    act(state, 2, "answer judge_giant")
    assert state.judges[2].at == "cty" and state.window.kind == "before_move"
    assert {"barney_resyk", "judge_giant"} <= set(state.discards)


def test_r14_outdoor_boing_sends_the_target_to_icu_unless_a_tip_off_answers() -> None:
    state = movement_window({0: ["outdoor_boing", "tweak"], 1: ["flabbon"], 2: ["robodoc"]})
    act(state, 0, "play outdoor_boing main blue")
    assert GAME.to_act(state) == {1}
    act(state, 1, "pass")
    assert state.judges[1].at == "icu" and state.window.kind == "before_move"
    state = movement_window({0: ["outdoor_boing", "tweak"], 1: ["tip_off_inside_info"], 2: ["robodoc"]})
    act(state, 0, "play outdoor_boing main blue")
    act(state, 1, "answer tip_off_inside_info")
    assert state.judges[1].at == "rob"


# --------------------------------------------------------------------------- skip (E5)

CRIMES = [
    ("littering", "gestapo_bob", "agg"), ("jaywalking", "punk_mulligan", "rob"), ("loitering", "skysurf_sid", "cty"),
]


def a_turn_with_crimes(hands: dict[int, list[str]]) -> DreddState:
    """Three Judges, each alone at a Crime (so every Move is a forced stay and every Judge
    fights), these hands; the window before seat 0's Move is open."""
    state = position(seats=3, at={0: "agg", 1: "rob", 2: "cty"}, crimes=CRIMES, hands=hands)
    state.phase = "movement"
    turn.next_mover(state)
    return state


def asked_until_next_turn(state: DreddState) -> list[tuple[str, int | None, set[int]]]:
    """Everyone asked passes (`done` at issue) until the next Game Turn's first window: each
    window met, with the seats it asked."""
    seen: list[tuple[str, int | None, set[int]]] = []
    start = state.turn
    for step in range(200):
        window = state.window
        if state.turn > start:
            break
        entry = (window.kind, window.for_seat, set(GAME.to_act(state)))
        if not seen or seen[-1][:2] != entry[:2]:
            seen.append(entry)
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, "done" if window.kind == "issue" else "pass", SeededChance(step))
    return seen


def test_skip_passes_the_rest_of_the_game_turn() -> None:
    state = a_turn_with_crimes({0: ["tweak"], 1: ["flabbon"], 2: ["fergee"]})
    assert "skip" in texts(state, 1) and str(GAME.timeout_action(state, 1)) == "pass"
    events = act(state, 1, "skip")
    assert kinds(events) == ["skipped"] and events[0].public and events[0].params["seat"] == 1
    assert GAME.to_act(state) == {0, 2} and state.window.passed == [1]
    assert GAME.view(state, 0)["skipping"] == [1] and GAME.view(state, None)["skipping"] == [1]
    act(state, 0, "pass")
    act(state, 2, "pass")  # the window closes: seat 1's skip counted as its pass
    seen = asked_until_next_turn(state)
    asked = {(kind, for_seat): seats for kind, for_seat, seats in seen}
    assert asked[("before_move", 1)] == {0, 2} and asked[("after_moves", None)] == {0, 2}
    assert asked[("before_fight", 0)] == {0, 2} and asked[("before_fight", 2)] == {0, 2}


@pytest.mark.parametrize("hand", [["edwin_parsey"], ["lawmaster_crash", "sonic_cannon", "barney_resyk"]])
def test_skip_auto_passes_whatever_the_hand_holds(hand: list[str]) -> None:
    state = a_turn_with_crimes({0: ["tweak"], 1: hand, 2: ["fergee"]})
    act(state, 1, "skip")
    act(state, 0, "pass")
    act(state, 2, "pass")
    assert GAME.to_act(state) == {0, 2} and state.window.for_seat == 1
    for viewer in (None, 0, 2):
        hide_check(state, viewer)  # who is asked does not depend on seat 1's cards


def test_skip_still_asks_the_target_of_a_barney() -> None:
    state = movement_window({0: ["barney_resyk", "tweak"], 1: ["flabbon"], 2: ["robodoc"]})
    act(state, 2, "skip")
    act(state, 0, "play barney_resyk main green")
    assert state.window.kind == "answer" and GAME.to_act(state) == {2}  # R7: the target is always asked
    assert texts(state, 2) == ["pass"]  # no skip in an answer window
    act(state, 2, "pass")
    assert state.judges[2].at == "res"
    assert state.window.kind == "before_move" and GAME.to_act(state) == {0, 1}  # still skipping


def test_skip_still_asks_for_own_fight() -> None:
    state = a_turn_with_crimes({0: ["tweak"], 1: ["flabbon"], 2: ["fergee"]})
    act(state, 1, "skip")
    seen = asked_until_next_turn(state)
    asked = {(kind, for_seat): seats for kind, for_seat, seats in seen}
    assert asked[("before_fight", 1)] == {0, 1, 2}  # its own Judge's fight
    assert asked[("before_fight", 0)] == {0, 2}  # not another's
    assert asked[("issue", None)] == {0, 1, 2}  # its discards
    state = a_turn_with_crimes({0: ["tweak"], 1: ["flabbon"], 2: ["fergee"]})
    act(state, 1, "skip")
    while not (state.window.kind == "before_fight" and state.window.for_seat == 1):
        GAME.apply(state, min(GAME.to_act(state)), "pass", SeededChance(0))
    assert texts(state, 1)[-1] == "pass" and "skip" not in texts(state, 1)
    assert "skip" in texts(state, 0)


def test_skip_resets_next_turn() -> None:
    state = a_turn_with_crimes({0: ["tweak"], 1: ["flabbon"], 2: ["fergee"]})
    act(state, 1, "skip")
    asked_until_next_turn(state)
    assert state.turn == 2 and state.skipping == [] and GAME.view(state, None)["skipping"] == []
    assert state.window.kind == "before_move" and 1 in GAME.to_act(state) and "skip" in texts(state, 1)


def test_general_rules_a_card_outside_a_window_is_refused_by_name() -> None:
    """A card needs "the appropriate time": while a Judge's Move is awaited no window is open, and
    the refusal says so (not a bare "not now"); a card not held says that instead."""
    from rules.core import IllegalAction

    state = movement_window({0: ["sonic_cannon"], 1: ["tweak"], 2: ["flabbon"]})
    for seat in (0, 1, 2):
        act(state, seat, "pass")
    assert state.mover == 0 and state.window is None
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "play sonic_cannon or blue")
    assert refused.value.code == "dredd_wrong_window"
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "play tweak or red")
    assert refused.value.code == "dredd_not_in_hand"


def test_r7_a_seat_not_asked_is_told_why() -> None:
    """Not your turn, said precisely: passed in this window (until a card is played), skipping the
    rest of the Game Turn (E5), no card in hand, or another player's answer (R7)."""
    from rules.core import NotYourTurn

    def refusal(seat: int, text: str) -> str:
        with pytest.raises(NotYourTurn) as refused:
            act(state, seat, text)
        return refused.value.code

    state = movement_window({0: ["lawmaster_crash"], 1: [], 2: ["barney_resyk", "tweak"]})
    act(state, 0, "pass")
    assert refusal(0, "play lawmaster_crash main blue") == "dredd_already_passed"
    assert refusal(1, "pass") == "dredd_no_cards"
    act(state, 2, "play barney_resyk main red")
    assert refusal(2, "pass") == "dredd_wait_answer"
    act(state, 0, "pass")  # Red takes the Barney
    act(state, 2, "skip")
    assert refusal(2, "pass") == "dredd_skipping"
