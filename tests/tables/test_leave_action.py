"""`Game.leave_action`: a game that says what leaving does has it applied, logged and replayed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from gavel.tables.service import TableService
from rules.core import Action, Chance, Event, GameInfo, IllegalAction, Outcome, Seat, register
from tests.tables import toy_game
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD

KEY = "toy_quit"


@dataclass(frozen=True)
class Quit(Action):
    verb: ClassVar[str] = "quit"


class ToyQuit(toy_game.ToyRace):
    """The toy race where a player who leaves `quit`s: with two seats the other wins at once (the
    game is over); with more, the leaver goes back to the start and the race goes on."""

    info = GameInfo(KEY, {"en": "Toy quit", "zh-TW": "玩具退出"}, 2, 4)

    def leave_action(self, state: toy_game.ToyState, seat: Seat) -> Action | None:
        return Quit()

    def check(self, state: toy_game.ToyState, seat: Seat, action: Action | str) -> Action:
        if (action if isinstance(action, str) else str(action)).strip() == "quit":
            if self.outcome(state) is not None:
                raise IllegalAction("game_over")
            return Quit()  # any seat, any time (like Judtho's Depart)
        return super().check(state, seat, action)

    def _apply(self, state: toy_game.ToyState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
        if not isinstance(action, Quit):
            return super()._apply(state, seat, action, chance)
        state.pos[seat] = 0
        if len(state.pos) == 2:
            state.winner = 1 - seat
        return [Event("quit", {"player": seat})]

    def outcome(self, state: toy_game.ToyState) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), "quit", {state.winner: 1})

    def parse_action(self, text: str) -> Action:
        return Quit() if text.strip() == "quit" else super().parse_action(text)


GAME = register(ToyQuit())


@pytest.fixture
def quit_svc() -> TableService:
    return TableService(":memory:", renderers={KEY: None}, ais={KEY: toy_game.choose})


async def start(svc: TableService, *players: Any) -> None:
    await svc.create(GUILD, CHANNEL, KEY, players[0], seed="q")
    for p in players[1:]:
        await svc.join(CHANNEL, p)
    await svc.start(CHANNEL, players[0])


async def test_leave_action_is_applied_logged_and_finishes_the_game(quit_svc: TableService) -> None:
    await start(quit_svc, ALICE, BOB)
    await quit_svc.act(CHANNEL, ALICE, "roll")
    table = quit_svc.table(CHANNEL)
    notices = await quit_svc.leave(CHANNEL, BOB)  # not bob's turn: leaving needs no turn
    keys = [m.key for m in notices[0].lines]
    assert keys == ["toy_quit.event.quit", "table.winner"]
    assert table.status == "finished" and quit_svc.table(CHANNEL) is None
    rows = quit_svc.store.actions(table.id)
    assert [(r["seat"], r["action"]) for r in rows][-1] == (1, "quit")
    assert quit_svc.replay(table.id).to_json() == table.state.to_json()
    results = quit_svc.store.results(table.id)
    assert [(r["winner"], r["resigned"], r["reason"]) for r in results] == [(1, 0, "quit"), (0, 1, "quit")]


async def test_when_the_game_goes_on_after_the_leave_action_the_ai_takes_the_seat(quit_svc: TableService) -> None:
    await start(quit_svc, ALICE, BOB, CAROL)
    table = quit_svc.table(CHANNEL)
    notices = await quit_svc.resign(CHANNEL, ALICE)  # alice's turn: the AI plays it after the quit
    keys = [m.key for m in notices[0].lines]
    assert keys[:2] == ["toy_quit.event.quit", "table.ai_takes_over"]
    assert table.seats[0].is_ai and table.seats[0].resigned
    assert [r["action"] for r in quit_svc.store.actions(table.id)][:3] == ["quit", "roll", f"move {table.state.pos[0]}"]
    with pytest.raises(IllegalAction):
        await quit_svc.act(CHANNEL, ALICE, "roll")


async def test_a_game_without_a_leave_action_keeps_the_ai_takeover(svc: TableService) -> None:
    from tests.tables.conftest import seat

    await seat(svc, ALICE, BOB, CAROL)
    notices = await svc.resign(CHANNEL, BOB)
    assert [m.key for m in notices[0].lines][:2] == ["table.resigned", "table.ai_takes_over"]
    assert svc.store.actions(notices[0].table_id) == []  # nothing logged for the table's own handling
