"""Card-play windows (R7): everyone is asked, a card played starts the passing again, a window
closes when all have passed in a row; answer windows ask only the target and then give the paused
window back (R10, R14)."""

from __future__ import annotations

from rules.judge_dredd import GAME, turn
from rules.judge_dredd.state import DreddState

from .kit import act, kinds, position, texts


def movement_window(hands: dict[int, list[str]], seats: int = 3) -> DreddState:
    """Three Judges (w17, rob, cty), no Crimes, these hands; the window before seat 0's Move."""
    state = position(seats=seats, at={0: "w17", 1: "rob", 2: "cty"}, crimes=[], hands=hands)
    state.phase = "movement"
    turn.next_mover(state)
    return state


def test_r7_every_seat_with_cards_is_asked_even_with_nothing_to_play() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc"]})
    assert GAME.to_act(state) == {0, 1, 2}
    assert texts(state, 1) == ["pass"]  # Edwin Parsey has no use now: the pause reveals nothing
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
