"""Judtho events and actions as messages (`judtho.event.*`, `judtho.action.*`; text in
`judtho_engine.po`). Colours become army names, pieces piece names, reasons their own messages."""

from __future__ import annotations

from rules.core import Action, Event, Msg, SeatName
from rules.judtho.alliances import army

EVENT_KINDS = (
    "placed", "rest_placed", "assembly_done", "to_move", "moved", "passed", "conquest", "award", "owed",
    "restore_right", "suggestion", "suggestion_sent", "draw_offer", "draw_accept", "draw_decline", "void_offer",
    "void_accept", "void_decline", "resigned", "departed", "game_over",
)
ACTION_VERBS = ("place", "move", "pass", "rest", "draw", "void", "resign", "depart", "suggest")


def describe(event: Event) -> Msg:
    p = dict(event.params)
    for key in ("colour", "conqueror", "conquered"):
        if key in p:
            p[key] = army(p[key])
    if "piece" in p:
        p["piece"] = Msg(f"judtho.piece.{p['piece']}")
    if "seat" in p:
        p["seat"] = SeatName(p["seat"])
    if event.kind == "conquest":
        p["how"] = Msg(f"judtho.how.{p['how']}")
    if event.kind == "award":
        p["reason"] = Msg(p["reason"])
    if event.kind == "owed":
        p["kind"] = Msg(f"judtho.owed.{p['kind']}")
    if event.kind == "game_over":
        p["end"] = Msg(f"judtho.end.{p['end']}") if p.get("end") else ""
        p.pop("winners", None)
    if event.kind == "placed":
        p.pop("kind", None)
    return Msg(f"judtho.event.{event.kind}", p)


def label(action: Action) -> Msg:
    """What an action was, for the log. A suggestion's move stays private (E4); a timeout is named (J18)."""
    if action.verb == "suggest":
        return Msg("judtho.action.suggest")
    if action.verb == "depart" and str(action) != "depart":  # J18: a timeout counts as Departure
        return Msg("judtho.action.depart_timeout")
    return Msg(f"judtho.action.{action.verb}", {"text": str(action)})
