"""A tiny registered game for the front-end tests: two men per seat race along a line.

It has everything the menus must handle (a one-token verb, a man then a square, a private
event for DMs) and nothing else, so the cog tests do not depend on Dad's Army's rules.
`roll` throws the die; `move <man> <c,r>` moves that man the roll to the right or down;
the roller privately learns a secret. First man past column 30 wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, ActionSyntax, Chance, Event, Game, GameInfo, Outcome, State, register

KEY = "cogs_toy"
MEN = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal")


@dataclass(frozen=True)
class Roll(Action):
    verb = "roll"


@dataclass(frozen=True)
class Move(Action):
    man: str
    to: tuple[int, int]
    verb = "move"


SYNTAX = ActionSyntax(Roll, Move)


@dataclass
class ToyState(State):
    seats: int = 2
    turn: int = 0
    roll: int | None = None
    men: dict[str, list[int]] = field(default_factory=dict)


class Toy(Game[ToyState]):
    info = GameInfo(key="cogs_toy", names={"en": "Line race", "zh-TW": "直線賽跑"}, min_seats=2, max_seats=4)
    state_type = ToyState

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> ToyState:
        return ToyState(seats=seats, men={m: [1, 1] for m in MEN[: 2 * seats]})

    def mine(self, seat: int) -> tuple[str, str]:
        return MEN[2 * seat], MEN[2 * seat + 1]

    def to_act(self, state: ToyState) -> set[int]:
        return {state.turn}

    def _legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if state.roll is None:
            return [Roll()]
        out: list[Action] = []
        for man in self.mine(seat):
            c, r = state.men[man]
            out += [Move(man, (c + state.roll, r)), Move(man, (c, r + state.roll))]
        return out

    def _apply(self, state: ToyState, seat: int, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Roll):
            state.roll = chance.roll(6)
            return [Event("rolled", {"n": state.roll}), Event("secret", {"word": "swordfish"}, to=(seat,))]
        assert isinstance(action, Move)
        state.men[action.man] = list(action.to)
        state.roll = None
        state.turn = (state.turn + 1) % state.seats
        return [Event("moved", {"man": action.man, "to": f"{action.to[0]},{action.to[1]}"})]

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {"version": state.version, "turn": state.turn, "roll": state.roll, "men": dict(state.men)}

    def outcome(self, state: ToyState) -> Outcome | None:
        for man, (c, _) in state.men.items():
            if c > 30:
                return Outcome((MEN.index(man) // 2,), "arrived")
        return None

    def parse_action(self, text: str) -> Action:
        return SYNTAX.parse(text)

    def time_up_action(self, state: ToyState, seat: int) -> Action | None:
        """When the table's time control runs out: the seat's first legal action (roll, or the
        first move), so that a table whose player walked away keeps moving."""
        if seat not in self.to_act(state) or self.outcome(state) is not None:
            return None
        return self._legal_actions(state, seat)[0]


GAME = register(Toy())


def ai_first(game: Game[Any], state: State, seat: int) -> Action:
    """The AI seat plays its first legal action: predictable in tests."""
    return game.legal_actions(state, seat)[0]
