"""Ruling 26, No endless games: eight Game Turns in a row with no successful Arrest end the game at
the end of the eighth (the highest total wins; Cadet's Right on a tie). From the fifth such Game
Turn the board says so, and the table is told when the warning starts and when the game ends."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from renderer import judge_dredd as R
from rules.core import Event, SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd import turn as flow
from rules.judge_dredd.state import Alien, DreddState

from .kit import act, at_arrests, kinds, pass_window, position
from .test_cards import fight

FAR = ("littering", "gestapo_bob", "aqu")
"""A Crime nobody stands at: the Arrest Round has nobody due, so the Game Turn just ends."""


def quiet(turn: int, last_arrest: int = 0, scores: bool = True) -> DreddState:
    """Game Turn `turn` about to end with no Arrest in it; the last successful one in `last_arrest`.
    With `scores`, Red has arrested one Perp and leads."""
    state = position(at={0: "w17", 1: "cty"}, crimes=[FAR])
    state.turn, state.last_arrest = turn, last_arrest
    if scores:
        state.perp_pack.remove("ice_pick_brown")
        state.crime_pack.remove("robot_smashing")
        state.judges[0].arrested = [["ice_pick_brown", "robot_smashing"]]
    return state


def test_ruling_26_the_eighth_game_turn_without_an_arrest_ends_the_game_highest_total_wins() -> None:
    state = quiet(8)
    events = at_arrests(state)
    assert kinds(events)[:3] == ["arrest_round", "quiet_end", "game_end"]
    assert next(e for e in events if e.kind == "quiet_end").params == {"count": 8}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "no_arrests"


def test_ruling_26_a_tie_goes_to_the_cadets_right_as_at_the_normal_end() -> None:
    state = quiet(8, scores=False)
    events = at_arrests(state)
    assert "quiet_end" in kinds(events) and "cadets_right" in kinds(events)
    assert state.phase == "cadet" and state.cadet == [0, 1]


def test_ruling_26_seven_quiet_game_turns_do_not_end_it() -> None:
    state = quiet(7)
    events = at_arrests(state)
    assert "quiet_end" not in kinds(events) and "game_end" not in kinds(events)
    assert state.phase == "issue" and GAME.outcome(state) is None
    assert GAME.view(state, None)["quiet_turns"] == 7 and GAME.view(state, None)["quiet_left"] == 1


def test_ruling_26_counted_from_the_last_successful_arrest() -> None:
    state = quiet(12, last_arrest=5)
    assert "quiet_end" not in kinds(at_arrests(state))  # seven since the Arrest in turn 5
    state = quiet(13, last_arrest=5)
    assert "quiet_end" in kinds(at_arrests(state))


def test_ruling_26_the_warning_starts_when_four_have_passed_and_is_said_once() -> None:
    state = quiet(3)
    events = at_arrests(state)
    assert "quiet_warning" not in kinds(events) and GAME.view(state, None)["quiet_left"] is None
    state = quiet(4)
    events = at_arrests(state)
    warning = next(e for e in events if e.kind == "quiet_warning")
    assert warning.params == {"count": 4, "left": 4} and warning.public
    view = GAME.view(state, 1)
    assert view["quiet_turns"] == 4 and view["quiet_left"] == 4
    state = quiet(5)
    assert "quiet_warning" not in kinds(at_arrests(state))  # already told; the board keeps saying it


def test_ruling_26_during_the_fifth_game_turn_the_view_counts_the_four_before_it() -> None:
    state = quiet(5)
    state.phase = "movement"  # Game Turn 5 under way: four have passed without an Arrest
    view = GAME.view(state, None)
    assert view["quiet_turns"] == 4 and view["quiet_left"] == 4


def test_ruling_26_a_successful_arrest_resets_the_count_at_once() -> None:
    state = fight({0: ["sonic_cannon", "tweak"], 1: ["flabbon"]})
    state.turn = 8
    assert GAME.view(state, None)["quiet_turns"] == 7
    act(state, 0, "play sonic_cannon main red")
    events = pass_window(state, 1, 6)  # Perp 11 + 1 = 12, Judge 5 + 5 + 6 = 16
    events += pass_window(state)  # nobody plays Edwin Parsey: the Arrest is banked
    assert "arrested" in kinds(events) and state.last_arrest == 8
    assert "quiet_end" not in kinds(events) and GAME.outcome(state) is None
    assert GAME.view(state, None)["quiet_turns"] == 0 and GAME.view(state, None)["quiet_left"] is None


def test_ruling_26_an_arrest_voided_by_edwin_parsey_still_counts_as_made() -> None:
    state = fight({0: ["sonic_cannon", "tweak"], 1: ["edwin_parsey"]})
    state.turn = 8
    act(state, 0, "play sonic_cannon main red")
    pass_window(state, 1, 6)
    act(state, 1, "play edwin_parsey main red")
    events = pass_window(state)
    assert "arrest_voided" in kinds(events) and "quiet_end" not in kinds(events)


def test_ruling_26_beating_the_alien_creature_is_no_arrest() -> None:
    """The creature is no Perp: beating it takes nothing out of the Perp pack's way."""
    state = position(at={0: "zoo", 1: "w17"}, crimes=[FAR], hands={0: ["sonic_cannon", "tweak"], 1: ["flabbon"]})
    state.alien, state.turn = Alien(sector="zoo"), 8
    at_arrests(state)
    act(state, 0, "play sonic_cannon main red")
    events = pass_window(state, 1, 6)  # Alien 6 + 1 = 7, Judge 5 + 5 + 6 = 16
    assert "alien_defeated" in kinds(events) and "quiet_end" in kinds(events)


def test_ruling_26_a_failed_arrest_is_no_arrest() -> None:
    state = fight({0: ["tweak"], 1: ["flabbon"]})
    state.turn = 8
    events = pass_window(state, 6, 1)  # Perp 11 + 6 = 17, Judge 5 + 1 = 6: Intensive Care
    assert "arrest_failed" in kinds(events) and "quiet_end" in kinds(events)


def test_ruling_26_a_table_that_never_arrests_ends_after_eight_game_turns() -> None:
    """A real game where every player stays, passes and keeps their cards: nobody reaches a Crime
    (none is reported in a Starting Sector), so the game ends at the end of Game Turn 8, warned
    once at the end of Game Turn 4; all tied at 0, the Cadet's Right decides."""
    state = GAME.new_game({}, 3, SeededChance(7))
    seen: list[Event] = []
    for step in range(3000):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        text = next((t for t in ("stay", "pass", "done") if t in legal), legal[0])
        seen += GAME.apply(state, seat, text, SeededChance(step))
    assert GAME.outcome(state) is not None and GAME.outcome(state).reason == "cadets_right"
    assert [(e.kind, e.params) for e in seen if e.kind.startswith("quiet_")] == [
        ("quiet_warning", {"count": 4, "left": 4}),
        ("quiet_end", {"count": 8}),
    ]
    assert next(e for e in seen if e.kind == "game_end").params == {"turn": 8}
    order = [e.params["turn"] if e.kind == "turn_started" else "warning" for e in seen
             if e.kind in ("turn_started", "quiet_warning")]
    assert order == [1, 2, 3, 4, "warning", 5, 6, 7, 8]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_ruling_26_the_table_is_told_in_words(lang: str) -> None:
    warning = i18n.render(GAME.describe(Event("quiet_warning", {"count": 4, "left": 4})), lang)
    end = i18n.render(GAME.describe(Event("quiet_end", {"count": 8})), lang)
    assert "4" in warning and "{" not in warning and warning != "judge_dredd.event.quiet_warning"
    assert "8" in end and "{" not in end and end != "judge_dredd.event.quiet_end"
    assert "26" not in warning + end and "R2" not in warning + end


def recorded(view: dict, lang: str = "en") -> list[str]:
    asked: list[str] = []

    def text(key: str) -> str:
        asked.append(key)
        return i18n.gettext(key, lang)

    R.render(view, text=text)
    return asked


def test_ruling_26_the_board_draws_the_warning_only_once_it_is_due() -> None:
    state = quiet(4)
    at_arrests(state)
    assert "judge_dredd.board.quiet" in recorded(GAME.view(state, None))
    assert "judge_dredd.board.quiet" not in recorded(GAME.view(quiet(3), None))
    assert flow.QUIET_LIMIT == 8 and flow.QUIET_WARNING == 4
