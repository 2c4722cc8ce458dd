"""A tiny race game for testing the table service without any real game.

2–4 players race to square 12: `roll` a die, then `move n` (1..roll). Each seat gets a secret
six-digit number at set-up, and may once `peek` at the top of a secret deck (a private
event). The numbers are distinctive so a test can search every public notice for a leak.
With `config={"ready": True}` every seat must first say `ready`, in any order (several seats
may act at once, as in a card-play window).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from renderer import Functions
from rules.core import (
    Action,
    ActionSyntax,
    Chance,
    Event,
    Game,
    GameInfo,
    Outcome,
    Seat,
    State,
    register,
)

GOAL = 12


@dataclass(frozen=True)
class Roll(Action):
    verb: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Peek(Action):
    verb: ClassVar[str] = "peek"


@dataclass(frozen=True)
class Ready(Action):
    verb: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Move(Action):
    n: int
    verb: ClassVar[str] = "move"


SYNTAX = ActionSyntax(Roll, Peek, Ready, Move)


@dataclass
class ToyState(State):
    pos: list[int] = field(default_factory=list)
    turn: int = 0
    roll: int | None = None
    deck: list[int] = field(default_factory=list)
    secrets: list[int] = field(default_factory=list)
    peeked: list[bool] = field(default_factory=list)
    winner: int | None = None
    waiting: list[int] = field(default_factory=list)


class ToyRace(Game[ToyState]):
    info = GameInfo("toy", {"en": "Toy race", "zh-TW": "玩具賽跑"}, 2, 4, hidden_information=True)
    state_type = ToyState

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> ToyState:
        return ToyState(
            pos=[0] * seats,
            deck=chance.shuffle([chance.randint(100000, 999999) for _ in range(3)]),
            secrets=[chance.randint(100000, 999999) for _ in range(seats)],
            peeked=[False] * seats,
            waiting=list(range(seats)) if config.get("ready") else [],
        )

    def to_act(self, state: ToyState) -> set[Seat]:
        if state.waiting:
            return set(state.waiting)
        return set() if state.winner is not None else {state.turn}


    def time_up_action(self, state: ToyState, seat: Seat) -> Action | None:
        """A time control running out: the window's own answer, else the first legal action."""
        asked = self.outcome(state) is None and seat in self.to_act(state)
        legal = self._legal_actions(state, seat) if asked else []
        return self.timeout_action(state, seat) or (legal[0] if legal else None)
    def _legal_actions(self, state: ToyState, seat: Seat) -> list[Action]:
        if state.waiting:
            return [Ready()]
        if state.roll is None:
            return [Roll()] + ([Peek()] if not state.peeked[seat] and state.deck else [])
        return [Move(n) for n in range(1, state.roll + 1)]

    def _apply(self, state: ToyState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Ready):
            state.waiting.remove(seat)
            return [Event("ready", {"player": seat})]
        if isinstance(action, Roll):
            state.roll = chance.roll(6)
            return [Event("rolled", {"player": seat, "n": state.roll})]
        if isinstance(action, Peek):
            state.peeked[seat] = True
            return [Event("peeked", {"card": state.deck[0]}, to=(seat,)), Event("peek_used", {"player": seat})]
        assert isinstance(action, Move)
        state.pos[seat] += action.n
        state.roll = None
        if state.pos[seat] >= GOAL:
            state.winner = seat
        else:
            state.turn = (state.turn + 1) % len(state.pos)
        return [Event("moved", {"player": seat, "n": action.n, "to": state.pos[seat]})]

    def view(self, state: ToyState, seat: Seat | None) -> dict[str, Any]:
        return {
            "game": "toy",
            "version": state.version,
            "seat": seat,
            "turn": None if state.winner is not None else state.turn,
            "pos": list(state.pos),
            "roll": state.roll,
            "deck": len(state.deck),
            "secret": state.secrets[seat] if seat is not None else None,
            "winner": state.winner,
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), "race")

    def parse_action(self, text: str) -> Action:
        return SYNTAX.parse(text)


GAME = register(ToyRace())


def choose(game: Game[Any], state: ToyState, seat: Seat) -> str:
    """The toy AI: always roll, then run as far as the die allows."""
    if seat in state.waiting:
        return "ready"
    return "roll" if state.roll is None else f"move {state.roll}"


class Renderer:
    """Stands in for a renderer (`renderer.Renderer`): the 'PNG' is the view as JSON, so tests can
    read it. It takes every keyword the service passes (names, words) and draws no hand."""

    calls: list[dict[str, Any]]
    render_hand: Any = None

    def __init__(self) -> None:
        self.calls = []

    def render(self, view: dict[str, Any], *, highlight: Any = None, **_: Any) -> bytes:
        self.calls.append({"view": view, "highlight": highlight})
        return json.dumps({"view": view, "highlight": highlight}).encode()

    def highlights(self, view: dict[str, Any], actions: list[str]) -> dict[str, list[int]]:
        return {a: [] for a in actions}

    def label_actions(self, view: dict[str, Any], actions: list[str]) -> dict[str, str | None]:
        return {a: None for a in actions}


def fake_renderer(render: Any, render_hand: Any = None, *, labels: str | None = None) -> Functions:
    """A test's renderer from a `render` (and an optional `render_hand`) that take the view and
    the keywords every renderer gets; it marks nothing, and labels nothing unless `labels` names
    a game whose real renderer's `label_actions` it borrows (the buttons then read "A · …" as in
    play, while no picture is drawn)."""
    label_actions: Any = lambda view, actions: {}  # noqa: E731
    if labels is not None:
        import renderer

        real = renderer.of(labels)
        assert real is not None, labels
        label_actions = real.label_actions
    return Functions(render=render, highlights=lambda view, actions: {}, label_actions=label_actions,
                     render_hand=render_hand)
