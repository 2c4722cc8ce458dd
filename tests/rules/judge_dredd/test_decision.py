"""The decision Judge Dredd states (`Game.decision`): a card-play window (R7) asks every seat still
in it, each on the clock, says in public words what it is for and who passed (or passes for the
rest of the Game Turn, E5), and stays one decision while only passes happen; a card played, or
the window closing, opens the next. Every other decision is plain and has no clock. Its words
are read off the public view: changing every secret changes nothing of it."""

from __future__ import annotations

from gavel.tables import i18n
from rules.core import Decision, Listed, Msg, SeatName, SeededChance
from rules.judge_dredd import GAME, turn
from rules.judge_dredd.state import DreddState

from .kit import act, at_move, busy_policy, counterfactual, position

NAMES = ("ann", "bob", "cat", "dan")


def movement_window(hands: dict[int, list[str]]) -> DreddState:
    """Three Judges (w17, rob, cty), no Crimes, these hands; the window before seat 0's Move."""
    state = position(seats=3, at={0: "w17", 1: "rob", 2: "cty"}, crimes=[], hands=hands)
    state.phase = "movement"
    turn.next_mover(state)
    return state


def said(msg: Msg | None, lang: str = "en") -> str:
    assert msg is not None
    return i18n.render(msg, lang, lambda seat: NAMES[seat])


def test_r7_a_window_asks_everyone_in_it_on_the_clock_and_says_what_it_is_for() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc"]})
    decision = GAME.decision(state)
    assert decision.asked == decision.clocked == frozenset({0, 1, 2}) and decision.passed == frozenset()
    assert decision.about == Msg("judge_dredd.moment", {"window": Msg("judge_dredd.window.before_move",
                                                                      {"seat": SeatName(0)})})
    assert said(decision.about) == "Card-play window: before the Move of ann."
    assert said(decision.about, "zh-TW") == "出牌時機：ann 移動之前。"


def test_r7_a_pass_keeps_the_decision_and_names_who_passed() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc", "flabbon"]})
    before = GAME.decision(state)
    act(state, 1, "pass")
    after = GAME.decision(state)
    assert after.same(before) and after.key == before.key
    assert after.asked == frozenset({0, 2}) and after.passed == frozenset({1})
    assert after.about is not None and after.about.key == "judge_dredd.moment_passed"
    assert said(after.about) == "Card-play window: before the Move of ann. Passed: bob."
    assert said(after.about, "zh-TW") == "出牌時機：ann 移動之前。已跳過：bob。"


def test_r7_a_card_played_opens_a_new_decision_for_everyone() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc", "flabbon"]})
    act(state, 1, "pass")
    before = GAME.decision(state)
    act(state, 0, "play lawmaster_crash main blue")
    after = GAME.decision(state)
    assert not after.same(before) and after.key != before.key
    assert after.asked == frozenset({1, 2}) and after.passed == frozenset()  # seat 0 holds no card now
    act(state, 1, "pass")
    assert GAME.decision(state).same(after)
    act(state, 2, "pass")  # the window closes: seat 0's Move is awaited
    move = GAME.decision(state)
    assert move == Decision(frozenset({0})) and not move.same(after)


def test_e5_a_seat_that_skips_is_named_as_passing_for_the_rest_of_the_turn() -> None:
    state = movement_window({0: ["lawmaster_crash"], 1: ["edwin_parsey"], 2: ["robodoc"]})
    before = GAME.decision(state)
    act(state, 1, "skip")
    after = GAME.decision(state)
    assert after.same(before) and after.passed == frozenset({1})
    assert after.about == Msg("judge_dredd.moment_passed", {
        "window": Msg("judge_dredd.window.before_move", {"seat": SeatName(0)}),
        "players": Listed.of([Msg("judge_dredd.moment.skipping", {"player": SeatName(1)})])})
    assert said(after.about).endswith("Passed: bob (for the rest of the turn).")


def test_a_move_and_a_placement_are_plain_decisions_without_a_clock() -> None:
    state = GAME.new_game({}, 2, SeededChance(1))
    assert GAME.decision(state) == Decision(frozenset(GAME.to_act(state)))
    moving = at_move(position(seats=2, at={0: "w17", 1: "rob"}, crimes=[]), 0)
    assert GAME.decision(moving) == Decision(frozenset({0}))


def test_the_windows_words_hold_no_secret_and_its_key_is_public() -> None:
    """Along seeded playouts: in every window the decision (its words, who is asked, who passed,
    its key) is the same when every hand, pack and face-down Perp is changed (the counterfactual
    the view tests use), and it is all a seat needs: it asks those the public view says."""
    windows = 0
    for seed in (3, 4):
        state = GAME.new_game({}, 4, SeededChance(seed))
        for step in range(500):
            if GAME.outcome(state) is not None:
                break
            decision = GAME.decision(state)
            assert sorted(decision.asked) == GAME.view(state, None)["to_act"]
            if state.window is not None:
                windows += 1
                assert decision == GAME.decision(counterfactual(state, None)), (seed, step)
                for lang in i18n.LANGUAGES:
                    assert "{" not in said(decision.about, lang)
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, busy_policy(state, seat, GAME.legal_actions(state, seat)), SeededChance(step))
    assert windows > 100
