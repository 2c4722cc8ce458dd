"""The engine contract's shared pieces: chance, JSON state, the checks every game gets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.core import (
    Action,
    ActionSyntax,
    BadActionText,
    ChanceExhausted,
    Event,
    Game,
    GameInfo,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    ScriptedChance,
    SeededChance,
    State,
    replay_chance,
)


def test_seeded_chance_is_reproducible_and_recorded() -> None:
    a, b = SeededChance("s:1"), SeededChance("s:1")
    rolls = [a.roll() for _ in range(20)]
    assert rolls == [b.roll() for _ in range(20)]
    assert a.record == rolls
    assert all(1 <= r <= 6 for r in rolls)


def test_shuffle_replays_from_its_record() -> None:
    chance = SeededChance(7)
    deck = chance.shuffle(range(30))
    assert sorted(deck) == list(range(30))
    assert replay_chance(chance.record).shuffle(range(30)) == deck


def test_scripted_dice_feed_dice_only_and_fall_back_for_shuffles() -> None:
    chance = ScriptedChance([6, 1], fallback=SeededChance(1))
    deck = chance.shuffle(range(5))
    assert chance.roll() == 6 and chance.roll() == 1
    assert sorted(deck) == list(range(5))
    assert chance.record[-2:] == [6, 1]


def test_scripted_chance_refuses_out_of_range_and_runs_out() -> None:
    with pytest.raises(ValueError):
        ScriptedChance([7]).roll(6)
    with pytest.raises(ChanceExhausted):
        ScriptedChance([]).roll()


@dataclass
class Inner:
    square: tuple[int, int]
    tags: list[str] = field(default_factory=list)


@dataclass
class Demo(State):
    men: dict[str, Inner] = field(default_factory=dict)
    by_seat: dict[int, int] = field(default_factory=dict)
    maybe: tuple[int, int] | None = None
    seen: set[str] = field(default_factory=set)


def test_state_json_round_trip_keeps_types() -> None:
    state = Demo(version=3, men={"pike": Inner((5, 9), ["x"])}, by_seat={0: 2}, maybe=(1, 2), seen={"b", "a"})
    data = state.to_json()
    assert data["by_seat"] == {"0": 2} and data["seen"] == ["a", "b"]
    back = Demo.from_json(data)
    assert back == state
    assert isinstance(back.men["pike"].square, tuple)


# A tiny counting game: each seat in turn adds 1 or 2; reaching 5 wins.


@dataclass(frozen=True)
class Add(Action):
    n: int
    verb = "add"


SYNTAX = ActionSyntax(Add, valid=lambda name, value: value in (1, 2))


@dataclass
class Count(State):
    total: int = 0
    turn: int = 0
    seats: int = 2


class CountGame(Game[Count]):
    info = GameInfo("count", {"en": "Count", "zh-TW": "數數"}, 2, 2)
    state_type = Count

    def new_game(self, config: dict[str, Any], seats: int, chance: Any) -> Count:
        return Count(seats=seats)

    def to_act(self, state: Count) -> set[int]:
        return set() if state.total >= 5 else {state.turn}

    def _legal_actions(self, state: Count, seat: int) -> list[Action]:
        return [Add(1), Add(2)]

    def _apply(self, state: Count, seat: int, action: Action, chance: Any) -> list[Event]:
        assert isinstance(action, Add)
        state.total += action.n
        state.turn = (state.turn + 1) % state.seats
        return [Event("added", {"n": action.n})]

    def view(self, state: Count, seat: int | None) -> dict[str, Any]:
        return state.to_json()

    def outcome(self, state: Count) -> Outcome | None:
        return Outcome(((state.turn - 1) % state.seats,), "reached") if state.total >= 5 else None

    def parse_action(self, text: str) -> Action:
        return SYNTAX.parse(text)


def test_apply_checks_turn_legality_and_counts_versions() -> None:
    game = CountGame()
    state = game.new_game({}, 2, SeededChance(0))
    with pytest.raises(NotYourTurn):
        game.apply(state, 1, "add 1", SeededChance(0))
    with pytest.raises(BadActionText):
        game.apply(state, 0, "add 3", SeededChance(0))
    assert state.version == 0 and state.total == 0
    assert game.apply(state, 0, "add 2", SeededChance(0)) == [Event("added", {"n": 2})]
    assert state.version == 1


def test_finished_game_refuses_everything_and_replays() -> None:
    game = CountGame()
    state = game.new_game({}, 2, SeededChance(0))
    log = []
    for seat, text in [(0, "add 2"), (1, "add 2"), (0, "add 1")]:
        game.apply(state, seat, text, SeededChance(0))
        log.append((seat, text, []))
    assert game.outcome(state) == Outcome((0,), "reached")
    assert game.legal_actions(state, 1) == []
    with pytest.raises(GameOver):
        game.apply(state, 1, "add 1", SeededChance(0))
    assert game.replay({}, 2, [], log) == state


def test_illegal_action_carries_code_and_params() -> None:
    err = IllegalAction("too_far", steps=3)
    assert err.code == "too_far" and err.params == {"steps": 3}
    assert NotYourTurn().code == "not_your_turn"


def test_action_text_round_trips_through_its_syntax() -> None:
    @dataclass(frozen=True)
    class Go(Action):
        man: str
        to: tuple[int, int]
        verb = "go"

    syntax = ActionSyntax(Go, Add)
    assert str(Go("pike", (5, 9))) == "go pike 5,9"
    assert syntax.parse(" GO Pike 5,9 ") == Go("pike", (5, 9))
    assert syntax.parse("add 2") == Add(2)
    for junk in ["", "go", "go pike", "go pike 5", "go pike 5,9,1", "go pike x,y", "add two", "fly 1"]:
        with pytest.raises(BadActionText):
            syntax.parse(junk)


def test_event_json_round_trip() -> None:
    private = Event("drew", {"card": "x"}, to=(1,))
    assert Event.from_json(private.to_json()) == private
    assert not private.public and Event("x").public
