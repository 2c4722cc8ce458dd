"""`DadsArmy._quick_legal`, which lets `check` accept a throw or a move without listing every
man's squares, never accepts an action the list lacks, and does accept the usual ones (a
throw, a move), so it is in use: random legal play at every seat count, every seat at every
step, each legal action and moves of every man to every square tried."""

from __future__ import annotations

import random

import pytest

from rules.core import SeededChance
from rules.dads_army import GAME
from rules.dads_army.actions import MEN, Move, Roll
from rules.dads_army.board import load_board


@pytest.mark.parametrize("seats", range(GAME.info.min_seats, GAME.info.max_seats + 1))
def test_the_quick_check_accepts_exactly_what_the_list_holds_for_throws_and_moves(seats: int) -> None:
    rng = random.Random(seats)
    state = GAME.new_game({}, seats, SeededChance(seats))
    squares = sorted(load_board().squares)
    accepted: set[str] = set()
    for step in range(300):
        if GAME.outcome(state) is not None:
            break
        for seat in range(seats):
            legal = GAME._legal_actions(state, seat)
            tried = [*legal, Roll(), *(Move(man, to) for man in MEN for to in rng.sample(squares, 6))]
            for action in tried:
                quick = GAME._quick_legal(state, seat, action)
                if quick:
                    assert action in legal, (step, seat, str(action))
                    accepted.add(action.verb)
                elif isinstance(action, Move) and state.phase == "move" and seat in GAME.to_act(state):
                    assert action not in legal, (step, seat, str(action))  # a move is decided here, not listed
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)), SeededChance(f"{seats}:{step}"))
    assert {"roll", "move"} <= accepted
