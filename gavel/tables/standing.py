"""Standing orders, read from a table: which orders a seat has set (`orders_of`: the game's
defaults for a player who never chose), and what they answer in the decision open now
(`answers`). Pure: the orders are the game's (`rules.plugin.StandingOrder`, declared by its
plug-in), the setting is the seat's (`SeatInfo.orders`); applying them is
`gavel.tables.orders.Orders`' business, and when is `gavel.tables.timing.Clocks`' (the hold).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from gavel.tables.table import Table
from rules import registry
from rules.plugin import StandingOrder


def declared(table: Table) -> tuple[StandingOrder, ...]:
    """The orders the table's game offers (none for a game without windows)."""
    return registry.plugin(table.game_key).standing_orders


def orders_of(table: Table, seat: int) -> dict[str, Any]:
    """{order key: its mark} the seat's player has set: their own choice, else the game's
    defaults (`Plugin.default_orders`). An order the game no longer declares is left out."""
    chosen = table.seats[seat].orders
    found = registry.plugin(table.game_key).default_orders if chosen is None else chosen
    keys = {o.key for o in declared(table)}
    return {k: v for k, v in found.items() if k in keys}


def answer(table: Table, seat: int) -> str | None:
    """The action (as text) the seat's orders take for it in the decision open now, or None: a
    human seat, asked, whose first order that answers says so. An AI seat plays itself."""
    state = table.state
    if state is None or table.status != "active" or table.seats[seat].is_ai:
        return None
    if seat not in table.decision().asked:
        return None
    plugin = registry.plugin(table.game_key)
    for key, mark in orders_of(table, seat).items():
        order = plugin.standing_order(key)
        if order is None:
            continue
        action = order.answers(table.game, state, seat, mark)
        if action is not None:
            return str(action)
    return None


ANSWERS_KEPT = 64
"""Tables whose last `answers` are kept (`_ANSWERED`): one action asks several times (the window's
hold, the quiet seats of its notices, the timer), the tables acting lately are what asks again."""

_ANSWERED: OrderedDict[int, tuple[Any, int, str, dict[int, str]]] = OrderedDict()
"""table id -> (the state object and version, the seats' settings and the answers worked out from
them): the answers stand while none of these changes."""


def answers(table: Table) -> dict[int, str]:
    """{seat: the action its orders take} for every human seat asked now whose orders answer.
    Worked out once per position and setting of the seats (`_ANSWERED`)."""
    state = table.state
    asked = sorted(table.decision().asked)
    version = getattr(state, "version", None)
    if version is None:
        return _answers(table, asked)
    setting = repr([(s, table.seats[s].is_ai, table.seats[s].orders, table.status) for s in asked])
    known = _ANSWERED.get(table.id)
    if known is not None and known[0] is state and known[1] == version and known[2] == setting:
        _ANSWERED.move_to_end(table.id)
        return dict(known[3])
    found = _answers(table, asked)
    _ANSWERED[table.id] = (state, version, setting, dict(found))
    _ANSWERED.move_to_end(table.id)
    while len(_ANSWERED) > ANSWERS_KEPT:
        _ANSWERED.popitem(last=False)
    return found


def _answers(table: Table, asked: list[int]) -> dict[int, str]:
    found = {s: answer(table, s) for s in asked}
    return {s: a for s, a in found.items() if a is not None}


def mark(table: Table, key: str) -> Any:
    """What order `key` remembers of the moment it is set (its `mark`), or None."""
    order = registry.plugin(table.game_key).standing_order(key)
    if order is None or order.mark is None or table.state is None:
        return None
    return order.mark(table.state)
