"""`JudgeDredd._quick_legal`, which lets `check` accept an action without listing every legal
one, never accepts an action the list lacks, and does accept the usual ones (a pass, a card
played, a Move), so it is in use. Card actions are accepted by `cards.reason`, which
test_card_plays_listing.py holds to the listing; here every other verb is tried too."""

from __future__ import annotations

import random

from rules.core import SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd.actions import Discard, Done, Move, Pass, Skip, Stay
from rules.judge_dredd.content import load_board


def _tried(state, seat, legal):
    """The legal actions, and ones like them that may not be: every plain verb, a discard of a
    card in hand and of one not, Moves of one and two steps from where the Judge stands."""
    at = state.judges[seat].at
    near = list(load_board().neighbours(at)) if at in load_board().sectors else ["hos"]
    moves = [Move(a) for a in near] + [Move(f"{a}-{b}") for a in near for b in load_board().neighbours(a)]
    hand = state.judges[seat].hand
    return [*legal, Pass(), Skip(), Done(), Stay(), *(Discard(c) for c in hand), Discard("no_card"), *moves]


def test_the_quick_check_accepts_only_what_the_list_holds() -> None:
    """A four-seat game of random legal play (windows, Moves, discards at issue, cards on every
    kind of target), every seat at every step."""
    rng = random.Random(5)
    state = GAME.new_game({}, 4, SeededChance(5))
    accepted: set[str] = set()
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        for seat in range(state.seats):
            legal = GAME._legal_actions(state, seat)
            for action in _tried(state, seat, legal):
                if GAME._quick_legal(state, seat, action):
                    assert action in legal, (step, seat, str(action))
                    accepted.add(action.verb)
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)), SeededChance(f"5:{step}"))
    assert {"pass", "skip", "play", "block", "tipoff", "answer", "move", "stay", "discard", "done"} <= accepted
