"""A game folded step by step for its replay (`rules.core.replay_steps`) and the view with every
secret shown (`Game.revealed_view`), for every registered game.

A seeded game (an undo row in its log) is played and its state written down after every row; the
fold's states are those, one per row, and its last is `Game.replay`'s. The revealed view is refused
while the game has not ended, and once it has it shows what the public view hides: every hand as
each seat's `secrets` lines, and on the board what the game's own `_revealed_view` turns up."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules import registry
from rules.core import UNDO, Game, IllegalAction, Outcome, SeededChance, replay_steps
from tests.rules.test_contract import PLAYOUT_AI

GAMES = {key: plugin.game for key, plugin in registry.plugins().items()}
LENGTH = 400
"""Actions at most per game (Judge Dredd's whole games are far longer; their start is enough here)."""


def seeded(game: Game[Any], seats: int, seed: int) -> tuple[list[int], list[tuple[int, str, list[int]]],
                                                             list[dict[str, Any]]]:
    """A seeded game: its set-up draws, its log (one undo row after the 5th action) and the
    state's JSON after every row (the set-up's first)."""
    rng = random.Random(seed)
    setup = SeededChance(seed)
    state = game.new_game({}, seats, setup)
    ai = PLAYOUT_AI.get(game.info.key, registry.plugin(game.info.key).ai)
    log: list[tuple[int, str, list[int]]] = []
    snapshots = [state.to_json()]
    before: Any = None
    for n in range(LENGTH):
        if game.outcome(state) is not None:
            break
        if n == 5 and before is not None:  # the 5th action taken back: the state before it, one version on
            version = state.version + 1
            state = before
            state.version = version
            log.append((log[-1][0], UNDO, []))
            snapshots.append(state.to_json())
            continue
        seat = rng.choice(sorted(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        action = ai(game, state, seat) if ai is not None and rng.random() < 0.7 else rng.choice(legal)
        before = copy.deepcopy(state)
        chance = SeededChance(rng.randrange(1 << 30))
        game.apply(state, seat, action, chance)
        log.append((seat, str(action), list(chance.record)))
        snapshots.append(state.to_json())
    return list(setup.record), log, snapshots


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_step_of_the_fold_is_the_state_the_game_had(key: str) -> None:
    game = GAMES[key]
    seats = game.info.max_seats
    setup, log, snapshots = seeded(game, seats, seed=7)
    steps = replay_steps(game, {}, seats, setup, log)
    assert len(steps) == len(log) + 1 == len(snapshots)
    for n, (step, snapshot) in enumerate(zip(steps, snapshots, strict=True)):
        assert step.state.to_json() == snapshot, f"step {n}"
    assert steps[-1].state.to_json() == game.replay({}, seats, setup, log).to_json()
    assert [(s.seat, s.text) for s in steps[1:]] == [(seat, text) for seat, text, _ in log]
    assert steps[6].events == [] and steps[6].text == UNDO
    assert all(s.events for s in steps[1:6])  # every action says something, publicly or to its seat


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_revealed_view_is_refused_until_the_game_has_ended(key: str) -> None:
    game = GAMES[key]
    seats = game.info.max_seats
    state = game.new_game({}, seats, SeededChance(3))
    with pytest.raises(IllegalAction) as refused:
        game.revealed_view(state, seats, None)
    assert refused.value.code == "replay_running"
    shown = game.revealed_view(state, seats, Outcome((0,), "ended"))
    assert set(shown["secrets"]) == {str(s) for s in range(seats)}
    assert shown["secrets"] == {str(s): game.secrets(state, s) for s in range(seats)}
    public = game.view(state, None)
    assert set(public) <= set(shown)


def test_judge_dredd_shows_every_face_down_perp_and_every_hand() -> None:
    game = GAMES["judge_dredd"]
    setup, log, _ = seeded(game, 4, seed=11)
    state = replay_steps(game, {}, 4, setup, log)[-1].state
    public = game.view(state, None)
    shown = game.revealed_view(state, 4, Outcome((0,), "ended"))
    assert any(c["perp"] is None for c in public["crimes"])  # some Perp is face down in public...
    assert all(c["perp"] is not None and c["perp_cv"] is not None for c in shown["crimes"])  # ...and shown here
    assert shown["hands"] == [list(j.hand) for j in state.judges]
    assert all(shown["secrets"][str(s)] for s in range(4) if state.judges[s].hand)


def test_the_city_of_judgement_shows_every_identity_and_character() -> None:
    game = GAMES["judgement"]
    setup, log, _ = seeded(game, 6, seed=5)
    steps = replay_steps(game, {}, 6, setup, log)
    state = next(s.state for s in steps if all(p.character for p in s.state.players) and s.state.phase != "over")
    public = game.view(state, None)
    shown = game.revealed_view(state, 6, Outcome((0,), "ended"))
    assert any(p["character"] is None for p in public["players"])  # face down in public...
    assert [p["character"] for p in shown["players"]] == [p.character for p in state.players]  # ...shown here
    assert [p["identity"] for p in shown["players"]] == [p.identity for p in state.players]
