"""A substitute's briefing: everything one seat has been told so far, rebuilt from the log.

A new player who takes an away seat (`gavel.tables.away`, `take`) must know what the seat knows,
and nothing more: the private lines of every event addressed to it (`Event.to`, as `Play.step`
sends them: a card drawn, a role dealt, what a peek showed) in order, and its secrets as they
are now (`Game.secrets`: its hand, its role). The log is the truth, so the briefing is built by
folding it (the rows still standing: an action taken back showed nobody anything, see
`gavel.tables.undo`) and keeping, of each action's events, those addressed to the seat: the same
lines a live process gave the seat's player, whoever held it, whichever process played it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gavel.tables.store import loads
from gavel.tables.undo import standing
from rules.core import Game, Msg, State, replay_chance


@dataclass
class Briefing:
    """What one seat has been told: `told`, the private lines of the events addressed to it in
    the order they came; `secrets`, what it holds now (empty in a game without them)."""

    seat: int
    told: list[Msg] = field(default_factory=list)
    secrets: list[Msg] = field(default_factory=list)

    @property
    def lines(self) -> list[Msg]:
        """Everything, in the order a substitute reads it: what the seat was told, then what it holds."""
        return [*self.told, *self.secrets]


def brief(game: Game[Any], config: dict[str, Any], seats: int, setup: list[int],
          rows: list[dict[str, Any]], seat: int) -> tuple[Briefing, State]:
    """Fold the log (`rows`, as `TableStore.actions` gives them) from the game's recorded set-up
    (`setup`), keeping for `seat` the private lines of each event addressed to it; returns the
    briefing and the state folded (equal to the live one when nothing was lost). Runs anywhere
    (a worker thread): it reads nothing but its arguments."""
    state: State = game.new_game(config, seats, replay_chance(setup))
    briefing = Briefing(seat)
    for row in standing(rows):
        state.version = row["version"] - 1  # as it was taken (see `undo._fold`)
        events = game.apply(state, row["seat"], row["action"], replay_chance(loads(row["chance"]) or []))
        briefing.told += [game.describe(e) for e in events if seat in (e.to or ())]
    if game.info.has_secrets:
        briefing.secrets = list(game.secrets(state, seat))
    return briefing, state
