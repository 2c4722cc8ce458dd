"""Rulebook clauses checked one by one in review, where no other test pinned them down: the stand-off
and its two ways out, leaving a Crime Sector one Judge after another, cards only before either side
has rolled, Requisition taking only unrevealed cards, the Alien Creature beside a Judge in ICU."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.judge_dredd import GAME, turn
from rules.judge_dredd.state import Alien

from .kit import act, at_arrests, at_move, at_window, dice, kinds, pass_window, position, texts

LITTERING = ("littering", "gestapo_bob", "agg")
"""Gestapo Bob (1) Littering (1): a Perp of 2 + one die."""


def test_stand_off_a_lone_judge_stays_and_must_attempt_that_perp_again_next_arrest_round() -> None:
    """ "If the two totals are equal, there is a stand-off. The Judge must attempt to Arrest the
    Perp again next Arrest Round" (alone in a Crime Sector, the Judge cannot leave it)."""
    state = position(at={0: "agg", 1: "cty"}, crimes=[LITTERING], hands={})
    events = at_arrests(state, dice(4, 1))  # Perp 2 + 4 = 6, Judge 5 + 1 = 6
    assert "standoff" in kinds(events) and state.judges[0].standoff == "littering"
    assert state.turn == 2 and state.judges[0].at == "agg"
    events = []
    while state.phase == "movement":  # everyone passes; Blue stays; Red can only stay (E1)
        events += pass_window(state) if state.window is not None else act(state, state.mover, "stay")
    assert {"seat": 0, "sector": "agg"} in [e.params for e in events if e.kind == "stayed"]
    assert state.fight is not None and state.fight.judges == [0] and state.fight.crime == "littering"


def test_stand_off_ends_when_the_judge_is_somehow_able_to_leave_the_sector() -> None:
    """ "... unless the Perp is no longer in that Sector or the Judge is somehow able to leave the
    Sector": another Judge able to attempt the Arrest has arrived, so the stand-off Judge may go,
    and the Judge who stays attempts the Arrest alone."""
    state = position(at={0: "agg", 1: "hos"}, crimes=[LITTERING], hands={})
    state.judges[0].standoff = "littering"
    state.turn_start = 1
    at_move(state, 1)
    act(state, 1, "move agg")
    assert state.mover == 0 and "move hos" in texts(state, 0)
    events = act(state, 0, "move hos", 6, 1)  # then Blue alone at the Crime: 2 + 6 = 8 against 5 + 1
    assert state.judges[0].standoff is None
    assert [e.params["seat"] for e in events if e.kind == "judge_rolled"] == [1]
    assert state.judges[1].at == "icu" and state.judges[0].at == "hos"


def test_stand_off_ends_when_the_judge_is_barneyed_out() -> None:
    """A Judge 'Barneyed' out of the Sector has been "able to leave" it: the stand-off is over."""
    state = position(at={0: "agg", 1: "cty"}, crimes=[LITTERING], hands={1: ["barney_resyk"]})
    state.judges[0].standoff = "littering"
    state.phase = "movement"
    at_window(state, "after_moves")
    act(state, 1, "play barney_resyk main red")
    act(state, 0, "pass")  # Red has no card to answer with
    assert state.judges[0].at == "res" and state.judges[0].standoff is None


def test_movement_rules_leaving_a_crime_sector_the_first_may_go_the_last_may_not() -> None:
    """ "A player may not move out of a sector in which there is a Crime unless there is another
    Judge in that sector able to attempt an Arrest": two Judges at a Crime, the first to move may
    leave; then the other is alone with it and must stay."""
    state = position(at={0: "agg", 1: "agg"}, crimes=[LITTERING], hands={})
    at_move(state, 0)
    events = act(state, 0, "move hos")  # the windows close by themselves (empty hands)
    assert state.judges[0].at == "hos"
    assert {"seat": 1, "sector": "agg"} in [e.params for e in events if e.kind == "stayed"]  # E1: only stay


def test_action_cards_in_an_arrest_attempt_only_before_either_side_has_rolled() -> None:
    """ "Action Cards played in an Arrest attempt must be played before either side has rolled the
    die": the Perp's and the Judge's dice are thrown together when the window closes, and after
    them a combat option is refused."""
    state = position(at={0: "agg", 1: "cty"}, crimes=[LITTERING], hands={0: ["tweak"], 1: ["sonic_cannon"]})
    at_arrests(state)
    assert state.window.kind == "before_fight"
    events = pass_window(state, 1, 6)  # Perp 3, Judge 11: arrested
    assert kinds(events).index("perp_rolled") + 1 == kinds(events).index("judge_rolled")
    assert state.window.kind == "after_arrest"
    assert "play sonic_cannon main red" not in texts(state, 1)
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, "play sonic_cannon main red")
    assert refused.value.code == "dredd_arrest_only"


def test_requisition_only_unrevealed_cards_not_those_just_played() -> None:
    """Requisition: "Only unrevealed cards in a player's hand may be requisitioned (ie. not those
    he/she has just played)": the cards laid on a fight stay there."""
    state = position(
        at={0: "agg", 1: "cty"}, crimes=[LITTERING], hands={0: ["sonic_cannon", "tweak"], 1: ["requisition"]}
    )
    at_arrests(state)
    act(state, 0, "play sonic_cannon main red")
    act(state, 1, "play requisition main red")
    assert state.judges[1].hand == ["tweak"] and state.judges[0].hand == []
    assert [c["card"] for c in state.fight.cards] == ["sonic_cannon"] and state.fight.judge_cf == {0: 5}


def test_alien_creature_may_be_placed_where_only_a_judge_in_intensive_care_is() -> None:
    """ "The creature may be placed on a Sector in which there is no Judge", and the Intensive Care
    Unit "is not part of the Justice Dept. Hospital Sector proper"."""
    state = position(at={0: "icu", 1: "cty"}, crimes=[], hands={1: ["alien_creature"]})
    state.phase = "movement"
    at_window(state, "after_moves")
    act(state, 1, "play alien_creature main hos")
    assert state.alien == Alien(sector="hos")
    assert turn.scores(state) == {0: 0, 1: 0}


def test_barney_a_judge_who_has_already_moved_does_not_move_again() -> None:
    """ "A Judge who has been 'Barneyed' may still move that Movement Round if he/she had not yet
    moved" — and only then: Barneyed after every Move, Red stays where the Barney put them."""
    state = position(at={0: "rob", 1: "cty"}, crimes=[], hands={0: ["tweak"], 1: ["barney_aqua_plant"]})
    state.phase = "movement"
    for judge in state.judges:
        judge.moved = True
    state.cursor = state.seats
    at_window(state, "after_moves")
    act(state, 1, "play barney_aqua_plant main red")
    events = act(state, 0, "pass")  # no answer: Red goes to the Aqua Plant
    events += act(state, 0, "pass")  # the window after the last Move closes
    assert state.judges[0].at == "aqu" and state.mover is None
    assert "moved" not in kinds(events) and "arrest_round" in kinds(events)


def test_e6_a_judge_who_fails_an_arrest_in_a_quarantined_sector_still_goes_to_intensive_care() -> None:
    from rules.judge_dredd.state import Quarantine

    state = position(at={0: "agg", 1: "cty"}, crimes=[LITTERING], hands={})
    state.quarantine = Quarantine("agg", lifts_after_turn=2)
    events = at_arrests(state, dice(6, 1))  # Perp 2 + 6 = 8, Judge 5 + 1 = 6
    assert "arrest_failed" in kinds(events) and state.judges[0].at == "icu"


def test_stand_off_ends_when_another_judge_arrests_that_perp() -> None:
    """ "... unless the Perp is no longer in that Sector": Red, in a stand-off but bound to a Block
    Mania fight this round, watches Blue arrest the Perp; Red's stand-off is over."""
    state = position(seats=3, at={0: "agg", 1: "agg", 2: "cty"}, crimes=[LITTERING], hands={})
    state.judges[0].standoff = "littering"
    state.judges[0].block_with, state.judges[2].block_with = 2, 0
    state.judges[0].arrived, state.judges[1].arrived = 1, 2
    at_arrests(state, dice(3, 4, 1, 6))  # Block Mania: Red 8 beats Green 6; then Bob 2 + 1 = 3 v Blue 11
    assert state.judges[1].arrested == [["gestapo_bob", "littering"]]
    assert state.judges[0].standoff is None and GAME.view(state, None)["judges"][0]["standoff"] is None
