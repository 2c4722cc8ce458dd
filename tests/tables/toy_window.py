"""A tiny hidden-information game with card-play windows, for testing clocks and secrets.

Each seat is dealt two secret cards (six-digit numbers, so a test can search every public
notice for them). A round: the turn player must `draw` (a private card; no clock), then a
window opens in which EVERY seat is to act with at least `pass` (and `play <card>` for each
card it holds). A card played is shown face up and clears the passes; the window closes when
all seats have passed in a row, and the turn moves on. After `ROUNDS` rounds the seat that
played most cards wins. `timeout_action` passes a window; `secrets` is the seat's hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules.core import (
    Action,
    ActionSyntax,
    Chance,
    Decision,
    Event,
    Game,
    GameInfo,
    Msg,
    Outcome,
    Seat,
    State,
    register,
)

ROUNDS = 4
HAND = 2


@dataclass(frozen=True)
class Draw(Action):
    verb: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Play(Action):
    card: int
    verb: ClassVar[str] = "play"


SYNTAX = ActionSyntax(Draw, Pass, Play)


@dataclass
class WindowState(State):
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    turn: int = 0
    round: int = 0
    window: bool = False
    passed: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    over: bool = False


class ToyWindow(Game[WindowState]):
    info = GameInfo("toy_window", {"en": "Toy windows", "zh-TW": "玩具出牌"}, 2, 6, hidden_information=True,
                    has_secrets=True, timed=True)
    state_type = WindowState

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> WindowState:
        deck = [chance.randint(100000, 999999) for _ in range(seats * HAND + ROUNDS)]
        hands = [deck[i * HAND:(i + 1) * HAND] for i in range(seats)]
        return WindowState(hands=hands, deck=deck[seats * HAND:], played=[0] * seats)

    def to_act(self, state: WindowState) -> set[Seat]:
        if state.over:
            return set()
        if state.window:
            return {s for s in range(len(state.hands)) if s not in state.passed}
        return {state.turn}


    def time_up_action(self, state: WindowState, seat: Seat) -> Action | None:
        """A time control running out: the window's own answer, else the first legal action."""
        asked = self.outcome(state) is None and seat in self.to_act(state)
        legal = self._legal_actions(state, seat) if asked else []
        return self.timeout_action(state, seat) or (legal[0] if legal else None)
    def _legal_actions(self, state: WindowState, seat: Seat) -> list[Action]:
        if not state.window:
            return [Draw()]
        return [Pass(), *(Play(c) for c in state.hands[seat])]

    def _apply(self, state: WindowState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Draw):
            card = state.deck.pop(0)
            state.hands[seat].append(card)
            state.window, state.passed = True, []
            return [Event("drew", {"card": card}, to=(seat,)), Event("window", {"player": seat})]
        if isinstance(action, Play):
            state.hands[seat].remove(action.card)
            state.played[seat] += 1
            state.passed = []
            return [Event("played", {"player": seat, "card": action.card})]
        state.passed.append(seat)
        events = [Event("passed", {"player": seat})]
        if len(state.passed) == len(state.hands):
            state.window, state.passed = False, []
            state.round += 1
            state.turn = (state.turn + 1) % len(state.hands)
            state.over = state.round >= ROUNDS
            events.append(Event("closed", {}))
        return events

    def timeout_action(self, state: WindowState, seat: Seat) -> Action | None:
        return Pass() if state.window and seat in self.to_act(state) else None

    def decision(self, state: WindowState) -> Decision:
        """A window is one decision while only passes happen: a card played (or the next round's
        window) is another; each seat in it is on the clock. The draw is a plain turn."""
        asked = frozenset(self.to_act(state))
        if not state.window:
            return Decision(asked)
        return Decision(asked, about=Msg("toy_window.window"), passed=frozenset(state.passed), clocked=asked,
                        key=("window", state.round, sum(state.played)))

    def secrets(self, state: WindowState, seat: Seat) -> list[Msg]:
        return [Msg("toy_window.hand", {"cards": " ".join(map(str, state.hands[seat]))})]

    def view(self, state: WindowState, seat: Seat | None) -> dict[str, Any]:
        return {
            "game": "toy_window", "version": state.version, "seat": seat,
            "hand": list(state.hands[seat]) if seat is not None else None,
            "hands": [len(h) for h in state.hands], "window": state.window, "passed": list(state.passed),
            "played": list(state.played), "turn": state.turn, "round": state.round,
        }

    def outcome(self, state: WindowState) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.played)
        return Outcome(tuple(s for s, n in enumerate(state.played) if n == best), "most_played")

    def parse_action(self, text: str) -> Action:
        return SYNTAX.parse(text)


GAME = register(ToyWindow())


def choose(game: Game[Any], state: WindowState, seat: Seat) -> str:
    """The toy AI, at once: draw; in a window play a card while holding more than two, else pass."""
    if not state.window:
        return "draw"
    hand = state.hands[seat]
    return f"play {hand[0]}" if len(hand) > HAND else "pass"


class HandRenderer:
    """Stands in for a renderer with `render_hand`: the 'PNG' is JSON, so tests can read it."""

    def __init__(self) -> None:
        self.hands: list[dict[str, Any]] = []

    def render(self, view: dict[str, Any], *, highlight: Any = None, **_: Any) -> bytes:
        return json.dumps({"board": view}).encode()

    def highlights(self, view: dict[str, Any], actions: list[str]) -> dict[str, str]:
        return {}

    def label_actions(self, view: dict[str, Any], actions: list[str]) -> dict[str, str | None]:
        return {}

    def render_hand(self, view: dict[str, Any], *, text: Any = None, names: Any = None, **_: Any) -> bytes:
        self.hands.append(view)
        return json.dumps({"hand": view["hand"], "seat": view["seat"]}).encode()
