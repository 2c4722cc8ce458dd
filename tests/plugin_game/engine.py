"""Beacon Relay: a small original game that exists to prove that a game is a plug-in.

Four beacons (red, blue, green, gold) stand on the hills. At set-up each seat is dealt one of
them in secret: its signal. On its turn a seat first `roll`s the die, then either `stoke`s a
beacon (its flame grows by the roll) or `douse`s one that burns (it shrinks by the roll, never
below nothing). Nobody knows whose beacon is whose, so stoking your own gives it away a little,
and dousing the wrong one helps a rival.

The relay ends as soon as a beacon reaches the top of its hill (`GOAL`), or at dawn, after
`ROUNDS` rounds. The seats whose own beacon burns highest then win (a beacon nobody holds wins
nothing). With fewer than four seats the unheld beacons are decoys.

Which beacon is whose is the one secret: it is in a seat's own view and its `secrets`, never in
the public view, in a public event or in who is asked, so that the channel learns nothing of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules.core import (
    Action,
    ActionSyntax,
    Chance,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Msg,
    Outcome,
    Seat,
    SeatName,
    State,
)

KEY = "beacon_relay"
BEACONS = ("red", "blue", "green", "gold")
GOAL = 12
"""A beacon this high is lit: the relay ends at once."""
ROUNDS = 8
"""Dawn comes after this many rounds (every seat one turn each), so every relay ends."""


@dataclass(frozen=True)
class Roll(Action):
    verb: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Stoke(Action):
    beacon: str
    verb: ClassVar[str] = "stoke"


@dataclass(frozen=True)
class Douse(Action):
    beacon: str
    verb: ClassVar[str] = "douse"


SYNTAX = ActionSyntax(Roll, Stoke, Douse, valid=lambda name, value: name != "beacon" or value in BEACONS)


@dataclass
class RelayState(State):
    flames: dict[str, int] = field(default_factory=dict)
    """How high each beacon burns (0: out)."""
    signals: list[str] = field(default_factory=list)
    """Each seat's own beacon: the secret."""
    turn: int = 0
    turns: int = 0
    """Turns finished so far (dawn at `ROUNDS` times the seats)."""
    roll: int | None = None
    """The die thrown this turn, until the seat tends a beacon with it."""


class BeaconRelay(Game[RelayState]):
    info = GameInfo(KEY, {"en": "Beacon Relay", "zh-TW": "烽火接力"}, 2, 4, hidden_information=True, has_secrets=True)
    state_type = RelayState

    def new_game(self, config: dict[str, Any], seats: int, chance: Chance) -> RelayState:
        dealt = chance.shuffle(list(BEACONS))[:seats]
        return RelayState(flames=dict.fromkeys(BEACONS, 0), signals=dealt)

    def to_act(self, state: RelayState) -> set[Seat]:
        return set() if self.outcome(state) is not None else {state.turn}

    def _legal_actions(self, state: RelayState, seat: Seat) -> list[Action]:
        if state.roll is None:
            return [Roll()]
        stoke: list[Action] = [Stoke(b) for b in BEACONS]
        return stoke + [Douse(b) for b in BEACONS if state.flames[b] > 0]

    def why_illegal(self, state: RelayState, seat: Seat, action: Action) -> IllegalAction:
        if state.roll is None and not isinstance(action, Roll):
            return IllegalAction("beacon_relay_roll_first")
        if state.roll is not None and isinstance(action, Roll):
            return IllegalAction("beacon_relay_rolled", n=state.roll)
        if isinstance(action, Douse):
            return IllegalAction("beacon_relay_out", beacon=Msg(f"{KEY}.beacon.{action.beacon}"))
        return IllegalAction("illegal_action", action=str(action))

    def _apply(self, state: RelayState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        if isinstance(action, Roll):
            state.roll = chance.roll(6)
            return [Event("rolled", {"player": seat, "n": state.roll})]
        assert isinstance(action, (Stoke, Douse)) and state.roll is not None
        n, state.roll = state.roll, None
        if isinstance(action, Stoke):
            state.flames[action.beacon] = min(GOAL, state.flames[action.beacon] + n)
            kind = "stoked"
        else:
            state.flames[action.beacon] = max(0, state.flames[action.beacon] - n)
            kind = "doused"
        events = [Event(kind, {"player": seat, "beacon": action.beacon, "n": n,
                               "height": state.flames[action.beacon]})]
        state.turns += 1
        state.turn = (state.turn + 1) % len(state.signals)
        if state.flames[action.beacon] >= GOAL:
            events.append(Event("lit", {"beacon": action.beacon}))
        elif state.turns >= ROUNDS * len(state.signals):
            events.append(Event("dawn", {"rounds": ROUNDS}))
        return events

    def undoable(self, before: RelayState, seat: Seat, action: Action) -> bool:
        """A beacon stoked or doused (the die already thrown) may be taken back until the next
        seat rolls; the roll never (a die)."""
        return isinstance(action, (Stoke, Douse))

    def view(self, state: RelayState, seat: Seat | None) -> dict[str, Any]:
        over = self.outcome(state) is not None
        return {
            "game": KEY,
            "version": state.version,
            "seat": seat,
            "seats": len(state.signals),
            "turn": None if over else state.turn,
            "round": min(ROUNDS, state.turns // len(state.signals) + 1),
            "rounds": ROUNDS,
            "goal": GOAL,
            "roll": state.roll,
            "flames": dict(state.flames),
            "signal": state.signals[seat] if seat is not None and 0 <= seat < len(state.signals) else None,
        }

    def secrets(self, state: RelayState, seat: Seat) -> list[Msg]:
        if not 0 <= seat < len(state.signals):
            return []
        return [Msg(f"{KEY}.secret.signal", {"beacon": Msg(f"{KEY}.beacon.{state.signals[seat]}")})]

    def outcome(self, state: RelayState) -> Outcome | None:
        if not state.signals:
            return None
        lit = any(h >= GOAL for h in state.flames.values())
        if not lit and state.turns < ROUNDS * len(state.signals):
            return None
        heights = [state.flames[b] for b in state.signals]
        best = max(heights)
        winners = tuple(s for s, h in enumerate(heights) if h == best)
        return Outcome(winners, "lit" if lit else "dawn", dict(enumerate(heights)))

    def parse_action(self, text: str) -> Action:
        return SYNTAX.parse(text)

    def time_up_action(self, state: RelayState, seat: Seat) -> Action | None:
        """A seat whose time runs out rolls when it must roll, then stokes the beacon burning
        lowest (the first in `BEACONS` on a tie). The choice reads the flames alone, which everyone
        sees: stoking its own signal would give the absent seat's secret away, and the lowest
        flame is the one least likely to be lit and end the relay for a rival. Dawn still comes
        after `ROUNDS` rounds, so a table of absent seats finishes."""
        if seat not in self.to_act(state):
            return None
        if state.roll is None:
            return Roll()
        return Stoke(min(BEACONS, key=lambda b: state.flames[b]))

    # ---- words as data
    def describe(self, event: Event) -> Msg:
        params: dict[str, Any] = dict(event.params)
        if "player" in params:
            params["player"] = SeatName(params["player"])
        if "beacon" in params:
            params["beacon"] = Msg(f"{KEY}.beacon.{params['beacon']}")
        return Msg(f"{KEY}.event.{event.kind}", params)

    def label(self, action: Action) -> Msg:
        if isinstance(action, (Stoke, Douse)):
            return Msg(f"{KEY}.action.{action.verb}", {"beacon": Msg(f"{KEY}.beacon.{action.beacon}")})
        return Msg(f"{KEY}.action.{action.verb}")

    def catalogue(self, lang: str) -> dict[str, str]:
        from .messages import messages

        return messages(lang)
