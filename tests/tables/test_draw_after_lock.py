"""A change's pictures are made ready under its table's lock and drawn once the lock is let go:
another click on the same table is handled while a picture of the one before is still being
drawn, and each picture shows the table as its own change left it."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from gavel.tables.notices import Public
from tests.tables import toy_game
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat

WAIT_S = 10.0
"""How long a test waits for the drawing thread to reach the gate (a hang guard, not a measure)."""


class Gate(toy_game.Renderer):
    """The toy renderer, whose next drawing once `arm`ed stops at a gate until `release`."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False
        self.entered = threading.Event()
        self.opened = threading.Event()

    def arm(self) -> None:
        self.armed = True

    def render(self, view: dict[str, Any], *, highlight: Any = None, **kwargs: Any) -> bytes:
        if self.armed:
            self.armed = False
            self.entered.set()
            assert self.opened.wait(WAIT_S), "the gate was never opened"
        return super().render(view, highlight=highlight, **kwargs)


def board_of(notices: list[Any]) -> dict[str, Any]:
    [public] = [n for n in notices if isinstance(n, Public)]
    assert public.image is not None and public.later is None
    view: dict[str, Any] = json.loads(public.image)["view"]
    return view


async def test_a_click_is_handled_while_the_click_before_is_still_being_drawn() -> None:
    gate = Gate()
    svc = make_service(renderer=gate)
    await seat(svc, ALICE, BOB)
    table = svc.table(CHANNEL)
    assert table is not None
    gate.arm()
    first = asyncio.create_task(svc.act(CHANNEL, ALICE, "roll"))
    assert await asyncio.to_thread(gate.entered.wait, WAIT_S)  # its board is being drawn now
    assert not table.lock.locked()  # ... with the table's lock let go
    second = await svc.act(CHANNEL, ALICE, "move 1")  # handled meanwhile, drawn and all
    assert not first.done()
    moved = board_of(second)
    assert moved["roll"] is None and moved["pos"][0] == 1
    gate.opened.set()
    rolled = board_of(await first)
    # the first board shows the table as the roll left it, not as it is now
    assert rolled["roll"] is not None and rolled["pos"][0] == 0 and rolled["version"] == moved["version"] - 1


async def test_a_picture_drawn_after_the_lock_is_kept_with_its_outbox_row() -> None:
    svc = make_service()
    await seat(svc, ALICE, BOB)
    said = await svc.act(CHANNEL, ALICE, "roll")
    [public] = [n for n in said if isinstance(n, Public)]
    assert public.image is not None and public.outbox is not None
    assert svc.outbox.pictures.get(public.outbox) == public.image
    [row] = [r for r in svc.store.outbox_due(float("inf")) if r["id"] == public.outbox]
    assert json.loads(row["notice"])["picture"]["of"] == "board"  # the row says it had one (drawn again from it)
    assert row["image"] is None
