"""A change's pictures are made ready under its table's lock and drawn once the lock is let go:
another click on the same table is handled (applied, written, its own pictures drawn) while a
picture of the one before is still being drawn, and each picture shows the table as its own
change left it. The changes' notices are still returned in the order the changes were made, so
they go out in that order."""

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
    """The toy renderer, whose next drawing once `arm`ed stops at a gate until `opened`; `drew`
    is set when a board showing `until` (a view's items) has been drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False
        self.entered = threading.Event()
        self.opened = threading.Event()
        self.until: dict[str, Any] = {}
        self.drew = threading.Event()

    def arm(self) -> None:
        self.armed = True

    def render(self, view: dict[str, Any], *, highlight: Any = None, **kwargs: Any) -> bytes:
        if self.armed:
            self.armed = False
            self.entered.set()
            assert self.opened.wait(WAIT_S), "the gate was never opened"
        drawn = super().render(view, highlight=highlight, **kwargs)
        if self.until and all(view.get(k) == v for k, v in self.until.items()):
            self.drew.set()
        return drawn


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
    returned: list[str] = []
    gate.arm()
    first = asyncio.create_task(svc.act(CHANNEL, ALICE, "roll"))
    first.add_done_callback(lambda _: returned.append("roll"))
    assert await asyncio.to_thread(gate.entered.wait, WAIT_S)  # its board is being drawn now
    assert not table.lock.locked()  # ... with the table's lock let go
    rolled_at = table.version
    gate.until = {"roll": None, "pos": [1, 0]}
    second = asyncio.create_task(svc.act(CHANNEL, ALICE, "move 1"))
    second.add_done_callback(lambda _: returned.append("move"))
    assert await asyncio.to_thread(gate.drew.wait, WAIT_S)  # applied, and its own board drawn meanwhile
    assert table.version == rolled_at + 1 and not table.lock.locked()
    assert not first.done() and not second.done()  # the move's notices wait for the roll's
    gate.opened.set()
    rolled, moved = board_of(await first), board_of(await second)
    assert returned == ["roll", "move"]
    # each board shows the table as its own change left it
    assert rolled["roll"] is not None and rolled["pos"] == [0, 0] and rolled["version"] == rolled_at
    assert moved["roll"] is None and moved["pos"] == [1, 0] and moved["version"] == rolled_at + 1
    assert table.drawing is None  # nothing left waiting


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
