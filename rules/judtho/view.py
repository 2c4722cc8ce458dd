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
        "in_danger": in_danger(state) if state.phase == "play" else [],
    }


def in_danger(state: JudthoState) -> list[str]:
    """The armies (in turn order) whose King an Opponent could conquer with its next move
    (1.1.6, J11): an Opponent piece that can capture it (Regicide) or an Opponent Knight that
    can jump to a square attacking it (a knatch). There is no check in Judtho (J1): this only
    warns, on the board."""
    from rules.judtho.evaluate import king_threats, kings

    rel = state.rel()
    position = state.position()

    def relation(a: str, b: str) -> str:
        return al.relation(rel, a, b)

    return [c for c, sq in sorted(kings(position).items(), key=lambda kv: list(rel.colours).index(kv[0])
                                  if kv[0] in rel.colours else 9)
            if king_threats(position, c, sq, relation)]


def _status(rel: al.Relations, colours: list[str]) -> str:
    statuses = [rel.status(c) for c in colours]
    for s in ("departed", "conquered"):
        if s in statuses:
            return s
    return "active"
