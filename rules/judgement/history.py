"""The public evidence record (`JudgementState.history`): what everyone at the table saw that tells
something about the hidden identities (身份), kept so the computer seats can infer them (P6:
guards and assassins infer likely identities from public effects, by its evidence table).

Recorded in ONE place, `engine.Judgement._apply`, from the events each action returns, and only
from PUBLIC events (`event.to is None`): a private event (an Order card's text, what 密探令 showed,
a character picked) is never looked at, so the record can hold no secret the public events do not
(the leak tests check those). Being derived from the events, it replays identically from the log
and goes to JSON with the rest of the state.

Only the kinds the belief (`ai_belief`) weighs are kept, each as a short list (the event kind,
then its params in the order of `FIELDS`), so a long 9-seat game stays small:
- `attacks` {seat, targets}: who chose to attack whom (攻擊階段);
- `hurt` / `healed` {seat, by, n, source}: damage dealt or healed by ANOTHER seat (attack hits
  and counters included; 天雷 and 死亡陷阱, which hit whoever is there, are left out: nobody was
  chosen);
- `rescued` {seat, by, skill}: a dying character saved by another (贈花);
- `order_<result>` {by, to}: an Order card's public result (c29-c32; `n` for hurt and healed);
- `card_drawn` {seat, card}: an identity card drawn (王命, 黑彌撒, 照妖鏡), shown or not;
- `identity_shown` {seat, identity} and `died` {seat, by, source} (死亡: the identity is turned up).

`public(state)` gives the record back as public events `{"kind", "params"}` (view.py shows it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rules.core import Event

from .content import load
from .state import JudgementState

FIELDS: dict[str, tuple[str, ...]] = {
    "attacks": ("seat", "targets"),
    "hurt": ("seat", "by", "n", "source"),
    "healed": ("seat", "by", "n", "source"),
    "rescued": ("seat", "by", "skill"),
    "order_nothing": ("by", "to"),
    "order_shown_secretly": ("by", "to"),
    "order_paid": ("by", "to"),
    "order_hurt": ("by", "to", "n"),
    "order_healed": ("by", "to", "n"),
    "card_drawn": ("seat", "card"),
    "identity_shown": ("seat", "identity"),
    "died": ("seat", "by", "source"),
}
"""The public event kinds kept, and which of their params, in order."""

IDENTITY_CARD_EFFECTS = ("show_identity_heal_all", "force_show_identity")
"""王命 / 黑彌撒 (you may show your identity to heal) and 照妖鏡 (a 刺客 must show): drawing one and
not showing says something about the drawer."""
UNCHOSEN_EFFECTS = ("damage_all_others", "damage_location_roll")
"""天雷 (every other character) and 死亡陷阱 (whoever is on the location thrown): their hurts name
no victim the user chose."""


def entry(event: Event) -> list[Any] | None:
    """The record of one event, or None when it is private or tells nothing about identities."""
    if event.to is not None or event.kind not in FIELDS:
        return None
    p = event.params
    if event.kind in ("hurt", "healed", "rescued"):
        if p.get("by") is None or p.get("by") == p.get("seat"):
            return None  # nobody else chose it
        card = load().cards.get(str(p.get("source")))
        if card is not None and card.effect.id in UNCHOSEN_EFFECTS:
            return None
    if event.kind == "card_drawn":
        card = load().cards.get(str(p.get("card")))
        if card is None or card.effect.id not in IDENTITY_CARD_EFFECTS:
            return None
    return [event.kind, *(p.get(f) for f in FIELDS[event.kind])]


def record(state: JudgementState, events: Iterable[Event]) -> None:
    """Append the public evidence among `events` to `state.history` (engine._apply, once per action)."""
    for event in events:
        row = entry(event)
        if row is not None:
            state.history.append(row)


def public(state: JudgementState) -> list[dict[str, Any]]:
    """The record as public events `{"kind", "params"}`, oldest first (the view's `history`)."""
    return [_EVENT[row[0]](row) for row in state.history]


def _event(row: list[Any]) -> dict[str, Any]:
    """One row as its public event (`zip` strict: a row of the wrong length is refused)."""
    return {"kind": row[0], "params": dict(zip(FIELDS[row[0]], row[1:], strict=True))}


def _event_maker(fields: tuple[str, ...]) -> Callable[[list[Any]], dict[str, Any]]:
    """`_event` for the rows of a kind with these `fields`, its dict written out (every view
    carries the whole record, so this runs for every row of every view)."""
    size = len(fields) + 1
    if size == 3:
        a, b = fields
        return lambda r: {"kind": r[0], "params": {a: r[1], b: r[2]}} if len(r) == 3 else _event(r)
    if size == 4:
        a, b, c = fields
        return lambda r: {"kind": r[0], "params": {a: r[1], b: r[2], c: r[3]}} if len(r) == 4 else _event(r)
    if size == 5:
        a, b, c, d = fields
        return lambda r: ({"kind": r[0], "params": {a: r[1], b: r[2], c: r[3], d: r[4]}} if len(r) == 5
                          else _event(r))
    return _event


_EVENT = {kind: _event_maker(fields) for kind, fields in FIELDS.items()}
