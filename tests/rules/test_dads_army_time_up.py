"""Dad's Army's `time_up_action` (ruling R8): what a player does when the table's time control runs
out on his decision. The contract test checks it is legal at every position of many games and that
a game of absent players ends; these check the choices themselves."""

from __future__ import annotations

from rules.core import SeededChance
from rules.dads_army import GAME
from rules.dads_army.actions import Bomb, Done, Jack, Move, Roll
from rules.dads_army.ai import Planner, _shortest_path
from rules.dads_army.board import load_board

from .dads_army_kit import act, draw_at_base, position, roll, stack

BOARD = load_board()


def test_r8_a_player_throws_even_with_a_kept_union_jack_to_lay() -> None:
    state = position(mainwaring=(5, 3))
    state.players[0].kept_jack, state.jacks_left = True, 23
    state.bombs, state.bombs_left = [(12, 12)], 23
    assert "lay 12,12" in [str(a) for a in GAME.legal_actions(state, 0)]
    assert GAME.time_up_action(state, 0) == Roll()
    assert GAME.time_up_action(state, 1) is None  # nobody asks seat 1


def test_r8_the_move_leaves_the_man_nearest_the_square_he_needs_next() -> None:
    state = position(mainwaring=(6, 6), wilson=(10, 10))
    roll(state, 3)
    chosen = GAME.time_up_action(state, 0)
    assert isinstance(chosen, Move)
    plan = Planner(state)

    def left(move: Move) -> int:
        called = state.men[move.man].called_in or move.to in BOARD.wd_bases
        return plan.remaining(move.man, move.to, called)

    moves = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Move)]
    assert left(chosen) == min(left(m) for m in moves)
    assert left(chosen) < plan.remaining(chosen.man)  # it goes the way he needs


def test_r8_a_man_who_can_arrive_arrives() -> None:
    state = position(refs=[(3, 12), (9, 12)], mainwaring=(5, 12), wilson=(12, 4))
    state.men["mainwaring"].called_in = True
    roll(state, 2)
    assert Move("mainwaring", (3, 12)) in GAME.legal_actions(state, 0)
    assert GAME.time_up_action(state, 0) == Move("mainwaring", (3, 12))


def test_r8_a_bomb_falls_on_nobodys_way_home() -> None:
    state = position(mainwaring=(8, 3))
    stack(state, "air_raid")
    roll(state, 2)
    act(state, "move mainwaring 8,1")
    while state.phase == "shelter":
        seat = min(GAME.to_act(state))
        act(state, str(GAME.time_up_action(state, seat)), seat)
    roll(state, 2)
    assert state.phase == "bomb"
    chosen = GAME.time_up_action(state, 0)
    assert isinstance(chosen, Bomb)
    plan = Planner(state)
    ways = {sq for name, m in state.men.items() if not m.arrived for sq in _shortest_path(plan, name)}
    assert chosen.at not in ways
    assert chosen.at not in {p.reference for p in state.players}
    assert chosen.at not in {b.entrance for b in BOARD.buildings if b.kind == "wd_base"}


def test_r8_union_jacks_clear_his_own_way_then_he_is_done() -> None:
    state = position(mainwaring=(5, 3))
    home = state.players[0].reference
    state.bombs, state.bombs_left = [(1, 1), home], 22
    draw_at_base(state, "union_jack")
    roll(state, 3)
    assert state.phase == "jack"
    assert GAME.time_up_action(state, 0) == Jack(home)
    act(state, f"jack {home[0]},{home[1]}")
    assert GAME.time_up_action(state, 0) == Done()  # the bomb on 1,1 is on nobody's way of his


def test_r8_shelters_and_a_whole_game_of_absent_players_end_the_race() -> None:
    state = GAME.new_game({}, 4, SeededChance(11))
    for _ in range(3000):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.time_up_action(state, seat), SeededChance(len(state.deck) + state.version))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "both_men_home"
