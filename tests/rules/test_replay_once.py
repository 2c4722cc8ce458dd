"""`Game.replay` folds a log in one pass whatever its undo rows: each action of the log is applied
once and the game set up once, for every game; an undo puts back a state kept on the way, never
a fold again from the start."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import UNDO, Game

from .test_replay_undo import games, played_with_undos


@pytest.mark.parametrize("key", sorted(games()))
def test_a_log_with_undos_applies_each_action_once(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = games()[key]
    seats = game.info.max_seats
    setup, log, state = played_with_undos(game, seats, 4)
    assert sum(text == UNDO for _, text, _ in log) >= 2
    kind = type(game)
    applied: list[str] = []
    set_up: list[int] = []
    apply, new_game = kind.apply, kind.new_game

    def counted_apply(self: Game[Any], state: Any, seat: int, action: Any, chance: Any) -> Any:
        applied.append(str(action))
        return apply(self, state, seat, action, chance)

    def counted_new_game(self: Game[Any], config: dict[str, Any], seats: int, chance: Any) -> Any:
        set_up.append(seats)
        return new_game(self, config, seats, chance)

    monkeypatch.setattr(kind, "apply", counted_apply)
    monkeypatch.setattr(kind, "new_game", counted_new_game)
    folded = game.replay({}, seats, setup, log)
    assert applied == [text for _, text, _ in log if text != UNDO]
    assert set_up == [seats]
    assert folded.to_json() == state.to_json()
