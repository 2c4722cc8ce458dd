"""Endings: the Third Conquest (1.3.7), Duo and Trio at the first Conquest (Sections 3, 4, J28),
resignation (J17), departure (J18), draws by unanimous agreement (J24), standings (J25)."""

from __future__ import annotations

import pytest

from rules.core import GameOver, IllegalAction, SeededChance
from rules.judtho.engine import GAME, Draw

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)
GUARDS = {"a11": "red rook", "l11": "black rook", "l2": "yellow rook", "a2": "white rook"}


def test_section_3_duo_ends_at_the_first_conquest():
    state = play_state({"c1": "white king", "c12": "red king", "a2": "white rook", "a11": "red rook",
                        "c4": "white queen"}, seats=2)
    act(state, "Qc4xc12")
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.reason == "conquest"
    assert state.owed == [] and GAME.view(state, 1)["winner"] == ["white"]
    assert outcome.scores == {0: 9 + 5, 1: 5}  # Duo shows Material Score (Table 2, J16)


def test_j28_trio_the_partnership_wins_by_knatch():
    state = play_state({**KINGS, **GUARDS, "a3": "red knight"}, seats=3, to_move="red")
    act(state, "Na3-b5")  # b5 does not attack c1
    assert GAME.outcome(state) is None
    state = play_state({**KINGS, **GUARDS, "a5": "red knight"}, seats=3, to_move="red")
    act(state, "Na5-b3")
    outcome = GAME.outcome(state)
    assert outcome.winners == (1, 2) and outcome.reason == "conquest"


def test_j28_trio_the_single_player_wins_by_regicide_with_either_army():
    state = play_state({**KINGS, **GUARDS, "j4": "yellow rook"}, seats=3, to_move="yellow")
    act(state, "Rj4xj12")
    assert GAME.outcome(state).winners == (0,)


def test_section_4_trio_partner_suggests_one_move_privately():
    state = play_state({**KINGS, **GUARDS}, seats=3, to_move="red")
    before = state.to_json()
    assert GAME.to_act(state) == {1}
    events = GAME.apply(state, 2, "suggest Ra11-a10", CH)
    # the channel learns that a suggestion was sent, the mover alone which move (E4)
    assert [(e.kind, e.to) for e in events] == [("suggestion_sent", None), ("suggestion", (1,))]
    assert "Ra11" not in str(events[0].params) and GAME.secret_action(GAME.parse_action("suggest Ra11-a10"))
    assert {**state.to_json(), "version": 0, "suggested": False} == {**before, "version": 0}
    with pytest.raises(IllegalAction) as refused:  # one suggestion per turn
        GAME.apply(state, 2, "suggest Ra11-a9", CH)
    assert refused.value.code == "judtho_one_suggestion"
    with pytest.raises(IllegalAction) as refused:  # the Single Player has no partner
        GAME.apply(state, 0, "suggest Ra11-a9", CH)
    assert refused.value.code == "judtho_suggest_partner_only"
    act(state, "Kc12-d12")
    state2 = play_state({**KINGS, **GUARDS}, seats=3, to_move="red")
    with pytest.raises(IllegalAction):
        GAME.apply(state2, 2, "suggest Ra11-b10", CH)
    assert GAME.suggestions(state2, 2) and not GAME.suggestions(state2, 1)


def test_j24_a_draw_needs_every_player_and_a_refusal_lets_play_go_on():
    state = play_state(dict(KINGS))
    act(state, "draw offer")
    assert GAME.to_act(state) == {1, 2, 3}
    assert GAME.legal_actions(state, 1) == [Draw("accept"), Draw("decline")]
    GAME.apply(state, 1, "draw accept", CH)
    GAME.apply(state, 3, "draw decline", CH)
    assert GAME.to_act(state) == {0} and state.rel().proposal is None and GAME.outcome(state) is None
    act(state, "draw offer")
    for seat in (1, 2, 3):
        GAME.apply(state, seat, "draw accept", CH)
    outcome = GAME.outcome(state)
    # J24: an agreed draw has no winner; the places come from the scores (J25)
    assert outcome.reason == "draw" and outcome.winners == () and set(outcome.scores) == {0, 1, 2, 3}


def test_j28_trio_draw_only_with_equal_material():
    state = play_state({**KINGS, "c4": "white queen"}, seats=3)
    assert Draw("offer") not in GAME.legal_actions(state, 0)
    state = play_state({**KINGS, "c4": "white queen", "j9": "black queen"}, seats=3)
    assert Draw("offer") in GAME.legal_actions(state, 0)


def test_j17_resignation_in_quattro_is_a_departure():
    state = play_state(dict(KINGS))
    act(state, "resign")
    rel = state.rel()
    assert rel.points == {"white": 0, "red": 8, "yellow": 8, "black": 8} and rel.end == "resignation"
    outcome = GAME.outcome(state)
    assert outcome.winners == (1, 2, 3) and outcome.scores == {0: 0, 1: 8, 2: 8, 3: 8}
    assert GAME.view(state, 0)["players"][0]["status"] == "departed"


def test_j17_resignation_in_duo_is_a_loss():
    state = play_state({"c1": "white king", "c12": "red king"}, seats=2, to_move="red")
    act(state, "resign")
    assert GAME.outcome(state).winners == (0,)


def test_j18_departure_after_one_conquest_gives_six_to_every_other_player():
    state = play_state({**KINGS, **GUARDS, "c4": "white queen"})
    act(state, "Qc4xc12")
    events = GAME.depart(state, 2)
    assert state.rel().points == {"white": 4 + 6, "red": 6, "yellow": 0, "black": 6}
    assert any(e.kind == "departed" for e in events)
    outcome = GAME.outcome(state)
    assert outcome.reason == "departure" and outcome.winners == (0,)  # J25: most points


# --------------------------------------------------------------------------- J18 Departure as an action


def test_j18_depart_text_round_trips_and_is_never_offered():
    from rules.judtho.engine import Depart

    assert GAME.parse_action("depart") == Depart() and str(Depart()) == "depart"
    state = play_state(dict(KINGS))
    assert all(Depart() not in GAME.legal_actions(state, seat) for seat in range(4))


def test_j18_depart_from_a_seat_not_on_move_ends_the_game_8_each():
    state = play_state(dict(KINGS))
    events = GAME.apply(state, 2, "depart", CH)  # Yellow leaves during White's turn
    assert [e.kind for e in events][:1] == ["departed"] and state.version == 1
    assert state.rel().points == {"white": 8, "red": 8, "yellow": 0, "black": 8}
    outcome = GAME.outcome(state)
    assert outcome.reason == "departure" and outcome.winners == (0, 1, 3)
    with pytest.raises(GameOver):
        GAME.apply(state, 0, "depart", CH)


def test_j18_depart_during_a_draw_offer_and_during_placements():
    state = play_state(dict(KINGS))
    act(state, "draw offer")
    GAME.apply(state, 3, "depart", CH)
    assert state.rel().end == "departure" and GAME.outcome(state) is not None
    state = play_state({**KINGS, **GUARDS, "c4": "white queen"})
    act(state, "Qc4xc12")  # Regicide: White owes the bonus piece, Red its King
    assert state.phase == "placement"
    GAME.apply(state, 1, "depart", CH)
    assert state.rel().points == {"white": 4 + 6, "red": 0, "yellow": 6, "black": 6}


def test_j18_leave_action_is_depart_until_the_end():
    from rules.judtho.engine import Depart

    state = play_state(dict(KINGS))
    assert GAME.leave_action(state, 1) == Depart()
    GAME.apply(state, 1, GAME.leave_action(state, 1), CH)
    assert GAME.leave_action(state, 0) is None


def test_j17_j18_depart_in_duo_and_trio_is_a_loss_for_the_side():
    state = play_state({"c1": "white king", "c12": "red king"}, seats=2)
    GAME.apply(state, 1, "depart", CH)
    assert GAME.outcome(state).winners == (0,)
    state = play_state(dict(KINGS), seats=3)
    GAME.apply(state, 2, "depart", CH)  # Black, of the Partnership, leaves: the Single Player wins
    assert GAME.outcome(state).winners == (0,)


def test_j18_a_departure_replays_from_the_log():
    config = {"variant": "quattro"}
    state = GAME.new_game(config, 4, CH)
    log = []
    for seat in range(4):
        log.append((seat, "@rest", []))
        GAME.apply(state, seat, "@rest", CH)
    mover = next(iter(GAME.to_act(state)))
    move = str(GAME.legal_actions(state, mover)[0])
    GAME.apply(state, mover, move, CH)
    log.append((mover, move, []))
    GAME.apply(state, 3, "depart", CH)
    log.append((3, "depart", []))
    again = GAME.replay(config, 4, [], log)
    assert again.to_json() == state.to_json() and GAME.outcome(again) == GAME.outcome(state)


def test_section_4_a_suggestion_outside_the_trio_is_refused_as_such():
    state = play_state(dict(KINGS))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 2, f"suggest {GAME.legal_actions(state, 0)[0]}", CH)
    assert refused.value.code == "judtho_suggest_trio_only"


def test_j24_answering_when_nothing_is_offered_says_so():
    state = play_state(dict(KINGS))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "draw accept", CH)
    assert refused.value.code == "judtho_no_offer"
