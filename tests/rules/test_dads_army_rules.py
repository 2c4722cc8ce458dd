"""Dad's Army: one test per clause of the rulebook, of rulings D1-D30 that the engine implements,
and of the engine's own rulings R1-R7 (listed in rules/dads_army/engine.py)."""

from __future__ import annotations

import json

import pytest

from rules.core import IllegalAction, Msg, ScriptedChance, SeededChance
from rules.dads_army import GAME
from rules.dads_army.board import load_board
from rules.dads_army.engine import deal_pair, deal_references
from rules.dads_army.moves import bomb_squares, move_options, push_options

from .dads_army_kit import act, destinations, draw_at_base, kinds, position, roll, shuffle_script, stack, texts

BOARD = load_board()


# --------------------------------------------------------------------------- set-up


def test_men_start_on_the_door_squares_of_their_homes_and_hodges_in_the_beach_shelter() -> None:
    state = GAME.new_game({}, 4, SeededChance(1))
    assert state.men["mainwaring"].square == state.men["wilson"].square == (11, 2)
    assert state.men["vicar"].square == state.men["verger"].square == (2, 2)
    assert state.men["jones"].square == (4, 6)
    assert state.men["pike"].square == (2, 9)
    assert state.men["fraser"].square == (9, 6)
    assert state.men["godfrey"].square == (11, 9)
    assert state.hodges == (6, 11)


def test_teams_follow_seat_order_and_unused_pairs_stay_off_the_board() -> None:
    state = GAME.new_game({}, 2, SeededChance(1))
    assert [p.team for p in state.players] == ["red", "blue"]
    assert set(state.men) == {"mainwaring", "wilson", "vicar", "verger"}
    with pytest.raises(ValueError):
        GAME.new_game({}, 5, SeededChance(1))


def test_first_player_is_drawn_by_chance() -> None:
    firsts = {GAME.new_game({}, 4, SeededChance(seed)).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.new_game({}, 3, SeededChance(5))
    assert GAME.to_act(state) == {state.first}


def test_deck_is_48_shuffled_top_secret_cards() -> None:
    state = GAME.new_game({}, 4, SeededChance(2))
    assert len(state.deck) == 48
    assert sum(c.startswith("character:") for c in state.deck) == 24
    assert state.deck.count("hodges") == state.deck.count("air_raid") == state.deck.count("union_jack") == 8
    assert state.deck != sorted(state.deck)
    assert state.bombs_left == 24 and state.jacks_left == 24


def test_rulebook_example_pink4_black3_is_ews_tank() -> None:
    pink = list(range(1, 13))
    black = list(range(1, 13))
    want_pink = [4, *[n for n in pink if n != 4]]
    want_black = [3, *[n for n in black if n != 3]]
    draws = shuffle_script(pink, want_pink) + shuffle_script(black, want_black)
    refs = deal_references(1, ScriptedChance(draws, all_draws=True))
    assert refs == [BOARD.ews_tank] == [(4, 3)]


def test_reference_in_building_is_redrawn() -> None:
    identity = list(range(11, 0, -1))  # Fisher-Yates draws that leave a pack in order 1..12
    refs = deal_references(2, ScriptedChance(identity + identity, all_draws=True))
    # (1,1) and (2,2) are the Vicarage, (4,4) is an air raid shelter: all go back under the packs.
    assert refs == [(3, 3), (5, 5)]


def test_references_are_never_buildings_nor_shared() -> None:
    for seed in range(150):
        refs = deal_references(4, SeededChance(seed))
        assert len(set(refs)) == 4
        assert not any(BOARD.in_building(sq) for sq in refs)


# --------------------------------------------------------------------------- moving


def test_moves_exactly_the_roll() -> None:
    state = position(mainwaring=(6, 3))
    roll(state, 3)
    dests = destinations(state, "mainwaring")
    assert dests and all(abs(c - 6) + abs(r - 3) in (1, 3) for c, r in dests)
    assert (7, 3) in dests  # one square away, but reached by three steps
    events = act(state, "move mainwaring 9,3")
    assert len(events[0].params["path"]) == 3


def test_only_one_man_moves_in_one_go() -> None:
    state = position(mainwaring=(6, 3), wilson=(6, 8))
    roll(state, 2)
    act(state, "move mainwaring 8,3")
    assert state.men["wilson"].square == (6, 8)
    assert GAME.to_act(state) == {1}


def test_no_diagonal_moves() -> None:
    state = position(mainwaring=(6, 3))
    roll(state, 1)
    assert destinations(state, "mainwaring") == {(5, 3), (7, 3), (6, 2), (6, 4)}


def test_no_square_twice_in_one_move() -> None:
    state = position(mainwaring=(6, 3))
    roll(state, 2)
    assert (6, 3) not in destinations(state, "mainwaring")
    for roll_value in range(1, 7):
        for path in move_options(state, "mainwaring", roll_value).values():
            squares = [(6, 3), *path]
            assert len(set(squares)) == len(squares) == roll_value + 1


def test_may_move_across_country_and_into_the_sea() -> None:
    state = position(mainwaring=(9, 10))
    roll(state, 2)
    assert (9, 12) in destinations(state, "mainwaring")


def test_at_most_three_men_on_a_square() -> None:
    state = position(mainwaring=(6, 3), vicar=(7, 3), verger=(7, 3))
    state.hodges = (7, 3)
    roll(state, 1)
    assert (7, 3) not in destinations(state, "mainwaring")  # Hodges counts as the third
    roll_state = position(mainwaring=(6, 3), vicar=(7, 3), verger=(7, 3))
    roll(roll_state, 1)
    assert (7, 3) in destinations(roll_state, "mainwaring")
    state = position(mainwaring=(6, 3), vicar=(7, 3), verger=(7, 3))
    state.hodges = (7, 3)
    roll(state, 2)
    assert (8, 3) in destinations(state, "mainwaring")  # passing through a full square is allowed


def test_buildings_entered_only_by_entrances() -> None:
    state = position(mainwaring=(5, 7))  # east of Jones' Butchers, beside its wall
    roll(state, 1)
    assert (4, 7) not in destinations(state, "mainwaring")
    state = position(mainwaring=(5, 6))  # the butcher's entrance
    roll(state, 1)
    assert (4, 6) in destinations(state, "mainwaring")
    state = position(mainwaring=(3, 6))  # inside, away from the door
    roll(state, 1)
    assert destinations(state, "mainwaring") == {(4, 6), (3, 7)}


def test_wd_base_only_on_exact_throw() -> None:
    state = position(mainwaring=(5, 3))
    roll(state, 2)
    assert (5, 1) in destinations(state, "mainwaring")
    for roll_value in (3, 4, 5, 6):
        for path in move_options(state, "mainwaring", roll_value).values():
            assert not any(sq in BOARD.wd_bases for sq in path[:-1])  # only as the last step


def test_wd_base_calls_in_and_draws_a_card_at_once() -> None:
    state = position(mainwaring=(5, 3))
    events = draw_at_base(state, "hodges")
    assert state.men["mainwaring"].called_in
    drawn = [e for e in events if e.kind == "card_drawn"]
    assert drawn and drawn[0].params == {"seat": 0, "man": "mainwaring", "card": "hodges", "named": None}
    assert state.phase == "hodge" and GAME.to_act(state) == {0}


def test_must_call_in_before_finishing() -> None:
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(7, 3))
    roll(state, 1)
    assert (6, 3) not in destinations(state, "mainwaring")
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(7, 3))
    roll(state, 2)
    paths = move_options(state, "mainwaring", 2)
    assert (5, 3) in paths and paths[(5, 3)] == [(6, 3), (5, 3)]  # he may cross his reference
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(7, 3))
    state.men["mainwaring"].called_in = True
    roll(state, 1)
    assert (6, 3) in destinations(state, "mainwaring")


def test_exact_throw_onto_reference() -> None:
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(8, 3))
    state.men["mainwaring"].called_in = True
    roll(state, 1)
    assert (6, 3) not in destinations(state, "mainwaring")
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(8, 3))
    state.men["mainwaring"].called_in = True
    roll(state, 2)
    events = act(state, "move mainwaring 6,3")
    assert "arrived" in kinds(events) and state.men["mainwaring"].arrived


def test_anyone_may_cross_or_stop_on_another_players_reference() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3), vicar=(6, 3))
    state.men["vicar"].called_in = state.men["vicar"].arrived = True
    roll(state, 2)
    assert (6, 3) in destinations(state, "mainwaring")
    roll_state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3))
    roll(roll_state, 3)
    assert (5, 3) in destinations(roll_state, "mainwaring")


def test_man_on_reference_cannot_be_moved_bombed_hodged_or_sheltered() -> None:
    # moved: his own move
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(6, 3), wilson=(5, 3))
    state.men["mainwaring"].called_in = state.men["mainwaring"].arrived = True
    roll(state, 1)
    assert destinations(state, "mainwaring") == set()
    # moved: a character card naming him does nothing
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 3))
    state.men["vicar"].called_in = state.men["vicar"].arrived = True
    events = draw_at_base(state, "character:vicar")
    assert "card_void" in kinds(events) and state.men["vicar"].square == (6, 3)
    # hodged
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 3))
    state.men["vicar"].called_in = state.men["vicar"].arrived = True
    draw_at_base(state, "hodges")
    assert "hodge vicar" not in texts(state) and "hodge verger" in texts(state)
    # sheltered and bombed
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 3))
    state.men["vicar"].called_in = state.men["vicar"].arrived = True
    draw_at_base(state, "air_raid")
    act(state, "shelter mainwaring 1")
    act(state, "shelter wilson 2")
    assert texts(state, 1) == ["shelter verger 1", "shelter verger 2", "shelter verger 3", "shelter verger 4"]
    act(state, "shelter verger 3", 1)
    assert state.men["vicar"].square == (6, 3)
    roll(state, 1)
    assert "bomb 6,3" not in texts(state)


# --------------------------------------------------------------------------- the Top Secret cards


def test_character_card_pushes_away_from_reference() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 6))
    draw_at_base(state, "character:vicar")
    assert state.phase == "roll" and state.roll_for == "push"
    roll(state, 3)
    assert state.phase == "push" and state.pending == 3
    for to, path in push_options(state, "vicar", 3).items():
        dist = [abs(c - 6) + abs(r - 3) for c, r in [(6, 6), *path]]
        assert dist == sorted(set(dist)) and len(dist) == 4
        assert to not in BOARD.wd_bases
    events = act(state, "push 6,9")
    assert events[0].kind == "pushed" and state.men["vicar"].square == (6, 9)
    assert GAME.to_act(state) == {1}


def test_character_card_push_takes_the_longest_path_when_short() -> None:
    state = position(refs=[(3, 12), (4, 12)], mainwaring=(5, 3), vicar=(2, 12))
    state.bombs = [(2, 11), (1, 11)]
    state.bombs_left -= 2
    draw_at_base(state, "character:vicar")
    roll(state, 4)
    assert texts(state) == ["push 1,12"] and state.pending == 1
    assert kinds(act(state, "push 1,12")) == ["pushed_short"] and state.men["vicar"].square == (1, 12)


def test_character_card_own_man_takes_second_go() -> None:
    state = position(mainwaring=(5, 3), wilson=(8, 8))
    events = draw_at_base(state, "character:wilson")
    assert "second_go" in kinds(events)
    assert state.phase == "roll" and state.roll_for == "second_go" and GAME.to_act(state) == {0}
    assert "lay" not in " ".join(texts(state))
    roll(state, 1)
    assert {t.split()[1] for t in texts(state)} == {"wilson"}
    act(state, "move wilson 8,9" if "move wilson 8,9" in texts(state) else texts(state)[0])
    assert GAME.to_act(state) == {1} and state.card is None


def test_character_card_second_go_may_call_at_another_base() -> None:
    state = position(mainwaring=(5, 3), wilson=(8, 3))
    draw_at_base(state, "character:wilson", "hodges")
    roll(state, 2)
    events = act(state, "move wilson 8,1")
    assert state.men["wilson"].called_in and state.phase == "hodge"
    assert [e.params.get("card") for e in events if e.kind == "card_drawn"] == ["hodges"]


def test_character_card_for_a_man_not_in_play_is_redrawn() -> None:
    state = position(mainwaring=(5, 3))
    events = draw_at_base(state, "character:fraser", "hodges")
    assert kinds(events)[-3:] == ["card_drawn", "card_redrawn", "card_drawn"]
    assert state.phase == "hodge" and state.discards[-1] == "character:fraser"


def test_hodges_swaps() -> None:
    state = position(mainwaring=(5, 3), vicar=(9, 9))
    draw_at_base(state, "hodges")
    events = act(state, "hodge vicar")
    assert state.men["vicar"].square == (6, 11) and state.hodges == (9, 9)
    assert events[0].params == {"seat": 0, "man": "vicar", "from": [9, 9], "to": [6, 11]}


def test_hodges_may_swap_ones_own_man() -> None:
    state = position(mainwaring=(5, 3), wilson=(12, 4))
    draw_at_base(state, "hodges")
    assert "hodge mainwaring" in texts(state) and "hodge wilson" in texts(state)


def test_hodges_swap_onto_reference_is_not_arrival() -> None:
    state = position(refs=[(3, 12), (6, 11)], mainwaring=(5, 3))
    state.men["vicar"].called_in = True
    state.hodges = (6, 10)
    state.players[1].reference = (6, 10)
    draw_at_base(state, "hodges")
    act(state, "hodge vicar")
    assert state.men["vicar"].square == (6, 10) and not state.men["vicar"].arrived


def _raid(seats: int = 3, drawer: int = 1):
    state = position(seats=seats, mainwaring=(12, 3), vicar=(5, 3))
    state.turn = drawer
    stack(state, "air_raid")
    roll(state, 2, drawer)
    act(state, "move vicar 5,1", drawer)
    return state


def test_air_raid_each_player_shelters_his_men_in_turn_from_the_drawer() -> None:
    state = _raid()
    assert state.phase == "shelter" and GAME.to_act(state) == {1}
    act(state, "shelter vicar 1", 1)
    act(state, "shelter verger 2", 1)
    assert GAME.to_act(state) == {2}
    act(state, "shelter jones 1", 2)
    act(state, "shelter pike 2", 2)
    assert GAME.to_act(state) == {0}
    act(state, "shelter mainwaring 3", 0)
    act(state, "shelter wilson 4", 0)
    assert GAME.to_act(state) == {1} and state.phase == "roll" and state.roll_for == "bombs"
    assert state.men["jones"].square == BOARD.shelters[1]


def test_air_raid_partners_go_to_different_shelters() -> None:
    state = _raid()
    act(state, "shelter vicar 3", 1)
    assert "shelter verger 3" not in texts(state, 1)
    with pytest.raises(IllegalAction):
        act(state, "shelter verger 3", 1)


def test_air_raid_shelter_holds_at_most_three() -> None:
    state = _raid(seats=4)
    act(state, "shelter vicar 1", 1)
    act(state, "shelter verger 2", 1)
    act(state, "shelter jones 1", 2)
    act(state, "shelter pike 2", 2)
    act(state, "shelter fraser 1", 3)
    assert "shelter godfrey 1" not in texts(state, 3)
    state.hodges = BOARD.shelters[2]  # Hodges counts
    assert texts(state, 3) == ["shelter godfrey 3", "shelter godfrey 4"]


def test_air_raid_drawer_rolls_and_drops_that_many_bombs() -> None:
    state = _raid(seats=2, drawer=1)
    for text, seat in (("shelter vicar 1", 1), ("shelter verger 2", 1), ("shelter mainwaring 1", 0),
                       ("shelter wilson 2", 0)):
        act(state, text, seat)
    events = roll(state, 3, 1)
    assert events[0].params == {"seat": 1, "roll": 3, "for": "bombs"}
    assert state.phase == "bomb" and state.pending == 3
    for sq in ("6,7", "7,7", "8,7"):
        act(state, f"bomb {sq}", 1)
    assert state.bombs == [(6, 7), (7, 7), (8, 7)] and state.bombs_left == 21
    assert GAME.to_act(state) == {0} and state.phase == "roll"


def test_bombs_not_on_bomb_proof_squares() -> None:
    state = position(mainwaring=(6, 3))
    state.bombs = [(7, 7)]
    state.jacks = [(8, 7)]
    allowed = set(bomb_squares(state))
    assert not allowed & BOARD.wd_bases
    assert not allowed & set(BOARD.shelters.values())
    assert not allowed & {(5, 4), (8, 4), (5, 8), (8, 8)}  # shelter entrances
    assert (6, 3) not in allowed and state.hodges not in allowed  # figures
    assert (7, 7) not in allowed and (8, 7) not in allowed  # already marked
    assert (1, 1) in allowed and (5, 12) in allowed and (4, 3) in allowed  # buildings, sea, the tank


def test_bombs_block_stepping_ending_and_jumping() -> None:
    state = position(mainwaring=(6, 3))
    state.bombs = [(7, 3)]
    roll(state, 1)
    assert (7, 3) not in destinations(state, "mainwaring")
    state = position(mainwaring=(6, 3))
    state.bombs = [(7, 3)]
    roll(state, 2)
    assert (8, 3) not in destinations(state, "mainwaring")
    state = position(mainwaring=(6, 3))
    state.jacks = [(7, 3)]
    state.bombs = [(8, 3)]
    roll(state, 1)
    assert destinations(state, "mainwaring") == {(5, 3), (6, 2), (6, 4)}


def test_bombs_stop_when_the_supply_runs_out() -> None:
    state = _raid(seats=2, drawer=1)
    for text, seat in (("shelter vicar 1", 1), ("shelter verger 2", 1), ("shelter mainwaring 1", 0),
                       ("shelter wilson 2", 0)):
        act(state, text, seat)
    state.bombs_left = 1
    roll(state, 4, 1)
    events = act(state, "bomb 6,7", 1)
    assert events[-1].kind == "bombs_unused" and events[-1].params["count"] == 3
    assert state.bombs_left == 0 and GAME.to_act(state) == {0}


def _jack_card(state, value: int):
    draw_at_base(state, "union_jack")
    assert state.phase == "roll" and state.roll_for == "jacks"
    return roll(state, value)


def test_union_jack_replaces_bombs_up_to_the_roll() -> None:
    state = position(mainwaring=(5, 3))
    state.bombs = [(7, 7), (8, 7), (9, 7)]
    state.bombs_left = 21
    _jack_card(state, 2)
    assert state.phase == "jack" and state.pending == 2
    act(state, "jack 7,7")
    act(state, "jack 9,7")
    assert state.bombs == [(8, 7)] and state.jacks == [(7, 7), (9, 7)]
    assert state.bombs_left == 23 and state.jacks_left == 22
    assert GAME.to_act(state) == {1}


def test_union_jack_one_may_be_kept_and_the_surplus_is_lost() -> None:
    state = position(mainwaring=(5, 3))
    state.bombs = [(7, 7)]
    state.bombs_left = 23
    _jack_card(state, 5)
    act(state, "keep")
    assert state.players[0].kept_jack and "keep" not in texts(state)
    events = act(state, "jack 7,7")
    assert events[-1].kind == "jacks_unused" and events[-1].params["count"] == 3
    assert state.jacks_left == 22 and GAME.to_act(state) == {1}


def test_union_jack_placing_may_stop_early() -> None:
    state = position(mainwaring=(5, 3))
    state.bombs = [(7, 7), (8, 7)]
    state.bombs_left = 22
    _jack_card(state, 2)
    events = act(state, "done")
    assert events[0].kind == "jacks_done" and state.bombs == [(7, 7), (8, 7)] and GAME.to_act(state) == {1}


def test_union_jack_run_is_jumped_in_one_step() -> None:
    state = position(mainwaring=(6, 3))
    state.jacks = [(7, 3), (8, 3)]
    roll(state, 1)
    assert destinations(state, "mainwaring") == {(5, 3), (6, 2), (6, 4), (9, 3)}
    state = position(mainwaring=(6, 3))
    state.jacks = [(7, 3), (8, 3)]
    roll(state, 2)
    assert (10, 3) in destinations(state, "mainwaring")
    assert (7, 3) not in destinations(state, "mainwaring") and (8, 3) not in destinations(state, "mainwaring")


def test_union_jack_jump_needs_a_landing_square_on_the_board_and_inside_the_walls() -> None:
    state = position(mainwaring=(11, 5))
    state.jacks = [(12, 5)]
    roll(state, 1)
    assert destinations(state, "mainwaring") == {(10, 5), (11, 4), (11, 6)}
    state = position(mainwaring=(5, 7))
    state.jacks = [(6, 7), (7, 7), (8, 7)]
    roll(state, 1)
    assert (9, 7) not in destinations(state, "mainwaring")  # the Funeral Parlour's wall


def test_union_jack_on_own_reference_may_be_stopped_on() -> None:
    state = position(refs=[(7, 3), (9, 12)], mainwaring=(6, 3))
    state.men["mainwaring"].called_in = True
    state.jacks = [(7, 3)]
    roll(state, 1)
    assert {(7, 3), (8, 3)} <= destinations(state, "mainwaring")
    events = act(state, "move mainwaring 7,3")
    assert "arrived" in kinds(events)
    state = position(refs=[(9, 12), (7, 3)], mainwaring=(6, 3))
    state.jacks = [(7, 3)]
    roll(state, 1)
    assert (7, 3) not in destinations(state, "mainwaring")  # someone else's reference: jump it


def test_kept_union_jack_laid_before_roll() -> None:
    state = position(mainwaring=(6, 3))
    state.players[0].kept_jack = True
    state.jacks_left = 23
    state.bombs = [(7, 3)]
    state.bombs_left = 23
    assert texts(state) == ["lay 7,3", "roll"]
    events = act(state, "lay 7,3")
    assert events[0].kind == "kept_jack_laid"
    assert state.jacks == [(7, 3)] and state.bombs == [] and state.bombs_left == 24
    assert not state.players[0].kept_jack and texts(state) == ["roll"]
    state = position(mainwaring=(6, 3))
    state.players[0].kept_jack = True
    state.bombs = [(7, 3)]
    roll(state, 2)
    assert not any(t.startswith("lay") for t in texts(state))


def test_deck_refills_from_discards() -> None:
    state = position(mainwaring=(5, 3))
    state.discards, state.deck = state.deck, []
    roll(state, 2)
    events = act(state, "move mainwaring 5,1")
    assert events[1].kind == "deck_refilled" and events[1].params == {"count": 48}
    assert len(state.deck) + len(state.discards) + (state.card is not None) == 48


# --------------------------------------------------------------------------- winning and lost turns


def test_first_with_both_men_home_wins() -> None:
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(6, 3), wilson=(8, 3))
    state.men["mainwaring"].called_in = state.men["mainwaring"].arrived = True
    state.men["wilson"].called_in = True
    roll(state, 2)
    events = act(state, "move wilson 6,3")
    assert kinds(events)[-2:] == ["arrived", "won"]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.view(state, None)["phase"] == "over" and GAME.view(state, None)["winner"] == 0
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 1) == []


def test_no_legal_move_loses_the_turn() -> None:
    state = position(mainwaring=(6, 3), wilson=(10, 10))
    state.bombs = [(5, 3), (7, 3), (6, 2), (6, 4), (10, 9), (9, 10), (11, 10), (10, 11)]
    events = roll(state, 2)
    assert kinds(events) == ["rolled", "turn_lost"] and events[1].params == {"seat": 0, "roll": 2}
    assert GAME.to_act(state) == {1} and state.phase == "roll"


def test_version_grows_and_state_survives_json() -> None:
    state = position(mainwaring=(6, 3))
    roll(state, 2)
    assert state.version == 1
    again = GAME.load(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_push_never_ends_in_a_wd_base() -> None:
    state = position(refs=[(3, 12), (6, 12)], mainwaring=(5, 3), vicar=(6, 7))
    draw_at_base(state, "character:vicar")
    roll(state, 2)
    options = {a.to for a in GAME.legal_actions(state, 0)}
    assert (7, 6) in options and (6, 5) not in options


def test_a_man_may_call_again_at_the_same_base() -> None:
    state = position(mainwaring=(5, 2))
    state.men["mainwaring"].called_in = True
    roll(state, 1)
    assert "move mainwaring 5,1" in texts(state)


def test_view_has_the_shared_shape_and_hides_the_deck_order() -> None:
    state = GAME.new_game({}, 3, SeededChance(4))
    view = GAME.view(state, 1)
    assert {"game", "version", "seat", "turn", "phase", "roll", "players", "men", "hodges", "bombs", "jacks",
            "bombs_left", "jacks_left", "deck", "discards", "card", "pending", "last_move", "winner"} <= set(view)
    assert view["game"] == "dads_army" and view["seat"] == 1 and view["turn"] == state.first
    assert view["deck"] == 48 and view["discards"] == 0 and view["phase"] == "roll"
    assert view["players"][0] == {"seat": 0, "team": "red", "men": ["mainwaring", "wilson"],
                                  "reference": list(state.players[0].reference), "kept_jack": False, "arrived": 0,
                                  "bombed_turns": 0}
    assert view["variants"] == []
    assert view["men"]["pike"] == {"square": [2, 9], "team": "green", "called_in": False, "arrived": False}
    assert "fraser" not in view["men"] and view["hodges"] == [6, 11]
    assert "character:" not in json.dumps(view)


# --------------------------------------------------------------------------- the engine's own rulings (R1-R7)


def test_r1_reference_packs_are_reshuffled_when_a_whole_turn_gives_no_good_pair() -> None:
    pink, black = [1, 2], [1, 2]
    chance = ScriptedChance([0, 1], all_draws=True)  # pink becomes 2,1; black stays 1,2
    dealt = deal_pair(pink, black, lambda sq: sq in {(1, 1), (2, 2)}, chance)
    assert dealt == (2, 1) and chance.record == [0, 1]
    assert pink == [1] and black == [2]


def test_r2_union_jack_on_own_reference_may_be_stopped_on_within_a_run() -> None:
    state = position(refs=[(8, 3), (9, 12)], mainwaring=(6, 3))
    state.men["mainwaring"].called_in = True
    state.jacks = [(7, 3), (8, 3), (9, 3)]
    roll(state, 1)
    dests = destinations(state, "mainwaring")
    assert {(8, 3), (10, 3)} <= dests and not {(7, 3), (9, 3)} & dests
    assert "arrived" in kinds(act(state, "move mainwaring 8,3"))


def test_r3_replaced_bomb_markers_go_back_to_the_supply_and_a_kept_union_jack_leaves_it() -> None:
    state = position(mainwaring=(5, 3))
    state.bombs, state.bombs_left = [(7, 7)], 23
    _jack_card(state, 2)
    act(state, "jack 7,7")
    assert state.bombs_left == 24 and state.jacks_left == 23
    act(state, "keep")
    assert state.jacks_left == 22 and state.players[0].kept_jack
    assert state.bombs_left + len(state.bombs) == 24 and state.jacks_left + len(state.jacks) + 1 == 24


def test_r4_kept_union_jack_only_before_the_ordinary_roll() -> None:
    for card, mine in (("character:wilson", True), ("character:vicar", False), ("air_raid", False),
                       ("union_jack", False)):
        state = position(mainwaring=(5, 3))
        state.players[0].kept_jack, state.jacks_left = True, 23
        state.bombs, state.bombs_left = [(12, 12)], 23
        assert "lay 12,12" in texts(state)
        draw_at_base(state, card)
        if card == "air_raid":
            for text, seat in (("shelter mainwaring 1", 0), ("shelter wilson 2", 0), ("shelter vicar 1", 1),
                               ("shelter verger 2", 1)):
                act(state, text, seat)
        assert state.phase == "roll" and state.roll_for != "move" and GAME.to_act(state) == {0}
        assert texts(state) == ["roll"], (card, mine)


def test_r5_second_go_without_a_legal_move_is_lost_and_the_card_discarded() -> None:
    state = position(mainwaring=(5, 3), wilson=(10, 10))
    state.bombs = [(10, 9), (9, 10), (11, 10), (10, 11)]
    state.bombs_left -= 4
    draw_at_base(state, "character:wilson")
    events = roll(state, 1)
    assert kinds(events) == ["rolled", "second_go_lost"]
    assert events[1].params == {"seat": 0, "man": "wilson", "roll": 1}
    assert state.card is None and state.discards[-1] == "character:wilson" and GAME.to_act(state) == {1}


def test_r6_union_jacks_end_by_themselves_when_nothing_can_be_done_with_them() -> None:
    state = position(mainwaring=(5, 3))
    state.players[0].kept_jack, state.jacks_left = True, 23  # no bomb to replace, none can be kept
    events = _jack_card(state, 4)
    assert kinds(events) == ["rolled", "jacks_unused"] and events[-1].params["count"] == 4
    assert GAME.to_act(state) == {1} and state.phase == "roll" and state.card is None
    state = position(mainwaring=(5, 3))  # no bomb, but one may be kept: the player chooses
    _jack_card(state, 4)
    assert texts(state) == ["keep", "done"]


def test_r7_no_bomb_on_a_union_jack() -> None:
    state = _raid(seats=2, drawer=1)
    for text, seat in (("shelter vicar 1", 1), ("shelter verger 2", 1), ("shelter mainwaring 1", 0),
                       ("shelter wilson 2", 0)):
        act(state, text, seat)
    state.jacks = [(7, 7)]
    state.jacks_left -= 1
    roll(state, 1, 1)
    assert "bomb 7,7" not in texts(state, 1) and "bomb 6,7" in texts(state, 1)
    with pytest.raises(IllegalAction):
        act(state, "bomb 7,7", 1)


# --------------------------------------------------------------------------- the board stays winnable (D29)


def _bombed(state, *squares) -> None:
    """Lay bombs straight on the board (as earlier raids would have), keeping the supply whole."""
    state.bombs += list(squares)
    state.bombs_left -= len(squares)


def _raid_to_the_bombs(state, shelters: dict[str, int]) -> None:
    """Seat 0's Mainwaring (on 8,3) walks into WD base B and draws an air raid; every man is
    sheltered as given; seat 0 is then to roll for the bombs."""
    stack(state, "air_raid")
    roll(state, 2)
    act(state, "move mainwaring 8,1")
    while state.phase == "shelter":
        seat = min(GAME.to_act(state))
        man = next(a.man for a in GAME.legal_actions(state, seat))
        act(state, f"shelter {man} {shelters[man]}", seat)
    assert state.phase == "roll" and state.roll_for == "bombs"


def test_d29_a_bomb_that_would_wall_a_man_off_from_his_reference_is_refused_and_not_offered() -> None:
    # The Vicar has called in; his one way out of 1,5 is 2,5 (1,4 and 1,6 are bombed).
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3), verger=(12, 8))
    state.men["vicar"].called_in = True
    _bombed(state, (1, 4), (1, 6))
    _raid_to_the_bombs(state, {"mainwaring": 2, "wilson": 4, "vicar": 1, "verger": 2})
    vicar = state.men["vicar"].square
    assert vicar == BOARD.shelters[1]  # sheltered: his ways now start at 5,4
    roll(state, 2)
    offered = texts(state)
    assert "bomb 6,3" not in offered  # his reference: he could never end there again
    assert "bomb 5,3" in offered and "bomb 3,3" in offered  # ordinary bombs are still allowed
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        act(state, "bomb 6,3")
    assert refused.value.code == "dads_army_would_strand"
    assert refused.value.params["man"] == Msg("dads_army.man.vicar")
    assert state.to_json() == before
    events = act(state, "bomb 3,3")
    assert kinds(events) == ["bombed"] and (3, 3) in state.bombs


def test_d29_a_bomb_that_would_cut_a_man_off_from_every_wd_base_is_refused() -> None:
    # The Verger has not called in, so what he needs is any WD base. After the raid he stands
    # on 1,5 (as if no shelter had had room for him), whose one way out is 2,5.
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3))
    _bombed(state, (1, 4), (1, 6))
    _raid_to_the_bombs(state, {"mainwaring": 2, "wilson": 4, "vicar": 1, "verger": 2})
    state.men["verger"].square = (1, 5)
    roll(state, 1)
    assert "bomb 2,5" not in texts(state) and "bomb 3,5" in texts(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "bomb 2,5")
    assert refused.value.code == "dads_army_would_strand"
    assert refused.value.params["man"] == Msg("dads_army.man.verger")
    act(state, "bomb 3,5")
    assert state.bombs[-1] == (3, 5)


def test_d29_an_air_raid_whose_every_square_is_refused_drops_nothing() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3))
    state.men["vicar"].called_in = True
    _raid_to_the_bombs(state, {"mainwaring": 1, "wilson": 2, "vicar": 1, "verger": 2})
    # Every free square is bombed but the Vicar's way from shelter 1 home: 5,4 (bomb-proof),
    # 5,3 and his reference 6,3. Everyone else is shut in already.
    corridor = {(5, 3), (6, 3)}
    state.bombs = [sq for sq in bomb_squares(state) if sq not in corridor]
    state.bombs_left = 24
    events = roll(state, 3)
    assert kinds(events) == ["rolled", "bombs_refused"] and events[1].params == {"seat": 0, "count": 3}
    assert not corridor & set(state.bombs)
    assert GAME.to_act(state) == {1} and state.phase == "roll" and state.card is None


def test_d29_a_hodges_swap_into_a_pocket_is_refused_for_a_man_who_could_not_get_out() -> None:
    # Hodges stands in a pocket by WD base A (5,2, shut in by bombs on 4,2, 6,2 and 5,3).
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3), wilson=(12, 4), verger=(1, 6))
    state.men["vicar"].called_in = True
    state.hodges = (5, 2)
    _bombed(state, (4, 2), (6, 2), (5, 3))
    stack(state, "hodges")
    roll(state, 2)
    act(state, "move mainwaring 8,1")
    # Those who have called in need their reference, which they could never reach from there;
    # those who have not need a base, and base A is one step away.
    assert texts(state) == ["hodge wilson", "hodge verger"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "hodge vicar")
    assert refused.value.code == "dads_army_would_strand"
    act(state, "hodge verger")
    assert state.men["verger"].square == (5, 2)


def test_d29_a_hodges_card_whose_every_swap_is_refused_has_no_effect() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3))
    state.hodges = (12, 12)
    _bombed(state, (11, 12), (12, 11))
    stack(state, "hodges")
    roll(state, 2)
    events = act(state, "move mainwaring 8,1")
    assert kinds(events)[-1] == "hodge_refused" and state.hodges == (12, 12)
    assert GAME.to_act(state) == {1} and state.phase == "roll" and state.discards[-1] == "hodges"


def test_d29_a_shelter_that_would_shut_a_man_in_is_not_offered() -> None:
    # Air raid shelter 1 (4,4) opens on 5,4, whose other ways out are all bombed.
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(8, 3))
    _bombed(state, (5, 3), (6, 4), (5, 5))
    stack(state, "air_raid")
    roll(state, 2)
    act(state, "move mainwaring 8,1")
    assert texts(state) == [f"shelter {man} {n}" for man in ("mainwaring", "wilson") for n in (2, 3, 4)]
    with pytest.raises(IllegalAction) as refused:
        act(state, "shelter wilson 1")
    assert refused.value.code == "dads_army_would_strand"


def test_d29_a_man_with_no_safe_shelter_stays_where_he_is() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(3, 9))
    _bombed(state, (5, 3), (6, 4), (5, 5), (8, 3), (7, 4), (8, 5), (5, 7), (4, 8), (6, 8), (8, 7), (7, 8), (9, 8))
    stack(state, "air_raid")
    roll(state, 2)
    events = act(state, "move mainwaring 3,11")
    # Every shelter's entrance is shut in: nobody may be sent there, so everyone stays put.
    assert [e.kind for e in events][-4:] == ["shelter_refused"] * 4
    assert state.phase == "roll" and state.roll_for == "bombs" and state.men["wilson"].square == (12, 4)


# --------------------------------------------------------------------------- no endless games (D30)


def _stuck_table():
    """Every man shut in by bombs, except that Mainwaring may step between 6,3 and 7,3: any
    throw but a 1 loses the turn."""
    state = position(mainwaring=(6, 3), wilson=(12, 4), vicar=(1, 5), verger=(12, 8))
    _bombed(state, (5, 3), (6, 2), (6, 4), (8, 3), (7, 2), (7, 4), (12, 3), (11, 4), (12, 5), (1, 4),
            (2, 5), (1, 6), (12, 7), (11, 8))
    return state


def _lose(state, turns: int) -> list:
    events = []
    for _ in range(turns):
        events += roll(state, 2, state.turn)
        assert events[-1].kind in ("turn_lost", "stalled")
    return events


def test_d30_three_full_rounds_without_a_move_end_the_game_drawn() -> None:
    state = _stuck_table()
    _lose(state, 5)  # two rounds and a half: play goes on
    assert GAME.outcome(state) is None and GAME.to_act(state) == {1}
    events = _lose(state, 1)
    assert kinds(events) == ["rolled", "turn_lost", "stalled"] and events[-1].params == {"rounds": 3}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.reason == "stalled"
    assert GAME.to_act(state) == set() and GAME.legal_actions(state, 0) == []
    assert GAME.view(state, None)["phase"] == "over" and GAME.view(state, None)["winner"] is None


def test_d30_a_move_starts_the_count_again() -> None:
    state = _stuck_table()
    _lose(state, 4)  # two full rounds
    roll(state, 1)
    act(state, "move mainwaring 7,3")
    _lose(state, 5)
    assert GAME.outcome(state) is None and state.phase == "roll"
    _lose(state, 1)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "stalled"
