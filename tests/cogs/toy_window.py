"""A tiny hidden-information game with card-play windows, for the window UI tests.

Shaped like Judge Dredd's windows (R7) and nothing else: every seat holds a private hand;
a window is open to every seat that has not passed (a card played clears the passes), a
pass is the clock's answer (`timeout_action`), and once all have passed the seat whose turn
it is says `go`, which opens the next window. `play <card> <option> <target>` has three
tokens after the verb, so the menus and the autocomplete must narrow card, option, target.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, ActionSyntax, Chance, Decision, Event, Game, GameInfo, Msg, Outcome, State, register

KEY = "cogs_window_toy"
COLOURS = ("red", "blue", "green", "yellow", "white", "black")
DECK = ("boom", "heal", "zap", "swap", "fog", "lamp", "rope", "coin", "bell", "drum", "kite", "vase",
        "moss", "nail", "pear", "reed", "silk", "tusk")
HAND = 3
ONLY_MAIN = {"coin", "bell", "lamp"}
"""Cards without an OR option, so the options differ from card to card."""
TURNS = 6


@dataclass(frozen=True)
class Pass(Action):
    verb = "pass"


@dataclass(frozen=True)
class Go(Action):
    verb = "go"


@dataclass(frozen=True)
class Play(Action):
    card: str
    option: str
    target: str
    verb = "play"


SYNTAX = ActionSyntax(Pass, Go, Play)


@dataclass
class WindowState(State):
    seats: int = 2
    turn: int = 0
    turns: int = 0
    window: bool = True
    passed: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    played: list[str] = field(default_factory=list)


class WindowToy(Game[WindowState]):
    info = GameInfo(key=KEY, names={"en": "Window toy", "zh-TW": "窗口玩具"}, min_seats=2, max_seats=6,
                    hidden_information=True, has_secrets=True, timed=True)
    state_type = WindowState

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> WindowState:
        deck = chance.shuffle(DECK)
        return WindowState(seats=seats, hands=[sorted(deck[HAND * s: HAND * (s + 1)]) for s in range(seats)])

    def to_act(self, state: WindowState) -> set[int]:
        if not state.window:
            return {state.turn}
        return {s for s in range(state.seats) if s not in state.passed and state.hands[s]}


    def time_up_action(self, state: WindowState, seat: int) -> Action | None:
        """A time control running out: the window's own answer, else the first legal action."""
        asked = self.outcome(state) is None and seat in self.to_act(state)
        legal = self._legal_actions(state, seat) if asked else []
        return self.timeout_action(state, seat) or (legal[0] if legal else None)
    def _legal_actions(self, state: WindowState, seat: int) -> list[Action]:
        if not state.window:
            return [Go()]
        out: list[Action] = [Pass()]
        for card in state.hands[seat]:
            for option in ("main",) if card in ONLY_MAIN else ("main", "or"):
                out += [Play(card, option, COLOURS[s]) for s in range(state.seats) if s != seat]
        return out

    def _apply(self, state: WindowState, seat: int, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Go):
            state.turn = (state.turn + 1) % state.seats
            state.turns += 1
            state.window, state.passed = True, []
            state.window = bool(self.to_act(state))  # with every hand empty there is no window
            return [Event("window", {"player": seat})]
        if isinstance(action, Play):
            state.hands[seat].remove(action.card)
            state.played.append(action.card)
            state.passed = []
            events = [Event("played", {"player": seat, "card": action.card, "target": action.target})]
        else:
            state.passed.append(seat)
            events = [Event("passed", {"player": seat})]
        if not self.to_act(state):
            state.window = False
        return events

    def view(self, state: WindowState, seat: int | None) -> dict[str, Any]:
        return {"game": KEY, "version": state.version, "turn": state.turn, "window": state.window,
                "passed": list(state.passed), "hand": list(state.hands[seat]) if seat is not None else None,
                "hands": [len(h) for h in state.hands]}

    def outcome(self, state: WindowState) -> Outcome | None:
        return Outcome((0,), "turns") if state.turns >= TURNS else None

    def parse_action(self, text: str) -> Action:
        return SYNTAX.parse(text)

    def timeout_action(self, state: WindowState, seat: int) -> Action | None:
        return Pass() if state.window and seat in self.to_act(state) else None

    def decision(self, state: WindowState) -> Decision:
        """A window is one decision while only passes happen (a card played, or the next `go`,
        opens another, of the same turn); every seat in it is on the clock. `go` is a plain turn."""
        asked = frozenset(self.to_act(state))
        if not state.window:
            return Decision(asked)
        return Decision(asked, passed=frozenset(state.passed), clocked=asked,
                        key=("window", state.turns, len(state.played)), turn=state.turns)

    def secrets(self, state: WindowState, seat: int) -> list[Msg]:
        return [Msg(f"{KEY}.hand", {"cards": ", ".join(state.hands[seat])})]


GAME = register(WindowToy())


def ai_pass(game: Game[Any], state: State, seat: int) -> Action:
    """An AI seat that never plays a card: passes a window, says `go` on its turn."""
    return game.legal_actions(state, seat)[0]
