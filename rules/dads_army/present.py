"""Dad's Army events and actions as messages (`Msg`), for the translation layer.

Every event kind maps to `dads_army.event.<kind>` and every action verb to
`dads_army.action.<verb>`. Parameters are made readable here: a man becomes the nested
message `dads_army.man.<id>`, a seat becomes `SeatName`, a card `dads_army.card.<kind>`,
a roll's purpose `dads_army.roll_for.<purpose>`, a square its text `c,r`.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, Event, Msg, SeatName

SEAT_KEYS = ("seat",)
MAN_KEYS = ("man", "named")


def man_name(man: str) -> Msg:
    return Msg(f"dads_army.man.{man}")


def _square(value: Any) -> Any:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]},{value[1]}"
    return value


def describe(event: Event) -> Msg:
    params: dict[str, Any] = {}
    for key, value in event.params.items():
        if key in SEAT_KEYS and isinstance(value, int):
            params[key] = SeatName(value)
        elif key in MAN_KEYS and isinstance(value, str):
            params[key] = man_name(value)
        elif key == "card":
            named = event.params.get("named")
            params[key] = Msg(f"dads_army.card.{value}", {"man": man_name(named)} if named else {})
        elif key == "for":
            params["purpose"] = Msg(f"dads_army.roll_for.{value}")
        elif key == "path":
            params[key] = " → ".join(_square(sq) for sq in value)
        else:
            params[key] = _square(value)
    return Msg(f"dads_army.event.{event.kind}", params)


def label(action: Action) -> Msg:
    """`dads_army.action.<verb>` with the man named, the square (`to` or `at`, one key for
    both so every label reads it alike) as `c,r`, and a shelter's number."""
    params: dict[str, Any] = {"text": str(action)}
    if hasattr(action, "man"):
        params["man"] = man_name(action.man)
    for name in ("to", "at"):
        if hasattr(action, name):
            params["square"] = _square(getattr(action, name))
    if hasattr(action, "n"):
        params["n"] = action.n
    return Msg(f"dads_army.action.{action.verb}", params)
