"""What a seat sees of a Judtho game (the shape of brief 4, drawn by `renderer/judtho.py`).

Judtho is an open game: every seat sees everything; only the Trio suggestion travels privately,
as an event (Section 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Seat
from rules.judtho import alliances as al

if TYPE_CHECKING:
    from rules.judtho.engine import Judtho
    from rules.judtho.state import JudthoState


def view(game: Judtho, state: JudthoState, seat: Seat | None) -> dict[str, Any]:
    from rules.judtho.engine import material_scores

    rel = state.rel()
    scores = material_scores(state)
    players = [
        {
            "seat": s,
            "colours": list(cs),
            "points": sum(rel.points.get(c, 0) for c in cs),
            "material": sum(scores.get(c, 0) for c in cs),
            "status": _status(rel, cs),
        }
        for s, cs in enumerate(state.seat_colours)
    ]
    battle = al.BATTLE_KEYS.get(rel.stage)
    return {
        "game": "judtho",
        "variant": state.variant,
        "version": state.version,
        "seat": seat,
        "phase": state.phase,
        "to_move": game.acting_colour(state),
        "colours": list(rel.colours),
        "players": players,
        "board": {sq: list(cp) for sq, cp in sorted(state.pieces.items())},
        "reserve": {c: list(ps) for c, ps in state.reserve.items() if ps},
        "captured": {c: [list(x) for x in caps] for c, caps in state.captured.items() if caps},
        "relations": {a: dict(row) for a, row in al.relations_table(rel).items()},
        "alliances": [list(a) for a in rel.alliances],
        "battle": battle,
        "last_move": state.last_move,
        "winner": list(rel.winners) if rel.winners else None,
        "owed": [{"colour": c, "kind": k} for c, k in state.owed],
        "proposal": rel.proposal,
        "end": rel.end,
    }


def _status(rel: al.Relations, colours: list[str]) -> str:
    statuses = [rel.status(c) for c in colours]
    for s in ("departed", "conquered"):
        if s in statuses:
            return s
    return "active"
