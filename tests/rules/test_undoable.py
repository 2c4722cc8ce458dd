"""`Game.undoable`, game by game: what a player may take back (nothing new came to light) and what
never (a die, a card drawn or shown, a secret, a proposal others were told of).

Seeded playouts of every game check that an undoable action never drew a random number nor made a
private event, and never changes the state it is asked about; then each game's own cases, true and
false, with the reason."""

from __future__ import annotations

import copy
import random
from collections import defaultdict
from typing import Any

import pytest

from rules import registry
from rules.core import Game, SeededChance
from rules.dads_army.actions import Move as ArmyMove
from rules.dads_army.board import load_board
from rules.judtho.engine import Draw, Resign, Suggest
from rules.judtho.notation import Move as ChessMove

STEPS = 400


def playout(key: str, seed: int, seats: int, config: dict[str, Any] | None = None) -> dict[bool, set[str]]:
    """Random legal play: the verbs found undoable and not; every undoable action checked sound."""
    game: Game[Any] = registry.plugin(key).game
    rng = random.Random(seed)
    state = game.new_game(config or {}, seats, SeededChance(f"{seed}:setup"))
    found: dict[bool, set[str]] = defaultdict(set)
    for step in range(STEPS):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        before = state.to_json()
        undoable = game.undoable(copy.deepcopy(state), seat, action)
        assert state.to_json() == before, "undoable changed nothing"
        chance = SeededChance(f"{seed}:{step}")
        events = game.apply(state, seat, action, chance)
        if undoable:
            assert chance.record == [], (key, str(action))
            assert all(e.public for e in events), (key, str(action), events)
        found[undoable].add(action.verb)
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_dads_army_a_roll_never_a_move_that_drew_nothing_yes(seed: int) -> None:
    found = playout("dads_army", seed, 3)
    assert "roll" not in found[True] and "roll" in found[False]
    assert "move" in found[True]


def test_dads_army_a_move_onto_a_wd_base_draws_a_card_and_is_not_undoable() -> None:
    game = registry.plugin("dads_army").game
    rng = random.Random(5)
    for seed in range(40):
        state = game.new_game({}, 2, SeededChance(f"{seed}:setup"))
        for step in range(200):
            seat = sorted(game.to_act(state))[0]
            legal = game.legal_actions(state, seat)
            onto_base = [a for a in legal if isinstance(a, ArmyMove) and a.to in load_board().wd_bases
                         and a.to != state.players[seat].reference]
            plain = [a for a in legal if isinstance(a, ArmyMove) and a.to not in load_board().wd_bases
                     and a.to != state.players[seat].reference]
            if onto_base and plain:
                assert not game.undoable(copy.deepcopy(state), seat, onto_base[0]), "a card is drawn (D11)"
                assert game.undoable(copy.deepcopy(state), seat, plain[0]), "nothing drawn"
                return
            game.apply(state, seat, rng.choice(legal), SeededChance(f"{seed}:{step}"))
            if game.outcome(state) is not None:
                break
    raise AssertionError("no position offered both kinds of move")


@pytest.mark.parametrize("seed", [1, 2])
def test_judtho_moves_and_placements_yes(seed: int) -> None:
    found = playout("judtho", seed, 4)
    assert {"move"} <= found[True] or {"rest", "place"} & found[True]
    assert not {"draw", "void", "resign", "depart", "suggest"} & found[True]


def test_judtho_a_suggestion_a_draw_proposal_and_a_resignation_are_never_taken_back() -> None:
    game = registry.plugin("judtho").game
    state = game.new_game({}, 4, SeededChance("s"))
    while state.phase == "assembly":
        seat = sorted(game.to_act(state))[0]
        game.apply(state, seat, "@rest", SeededChance("x"))
    seat = sorted(game.to_act(state))[0]
    move = next(a for a in game.legal_actions(state, seat) if isinstance(a, ChessMove))
    assert game.undoable(copy.deepcopy(state), seat, move)
    assert not game.undoable(copy.deepcopy(state), seat, Resign())
    assert not game.undoable(copy.deepcopy(state), seat, Draw("offer"))
    assert not game.undoable(copy.deepcopy(state), seat, Suggest(str(move)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_judge_dredd_only_quiet_placements_moves_and_passes(seed: int) -> None:
    found = playout("judge_dredd", seed, 3)
    assert found[True] <= {"place", "move", "stay", "pass", "skip"}
    assert not {"play", "answer", "block", "tipoff", "discard", "done", "arrest"} & found[True]
    assert "place" in found[True], "a Judge placed before the last is undoable"


@pytest.mark.parametrize("seed", [1, 2])
def test_judgement_almost_nothing(seed: int) -> None:
    found = playout("judgement", seed, 5)
    assert found[True] <= {"go", "decline", "end", "pass"}
    assert not {"roll", "pick", "draw", "attack", "reveal", "skill"} & found[True]
    assert "roll" in found[False]

