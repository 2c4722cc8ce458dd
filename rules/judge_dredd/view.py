"""What one seat may see of a Judge Dredd game, as the JSON-ready dict of the team brief.

`quiet_turns` counts the Game Turns in a row, up to the last one ended, without a successful Arrest;
`quiet_left`, once the table is warned (R26), how many more such Game Turns end the game (else null).

Hidden: other players' hands (counts only), the order of every pack (counts only) and every
Perp still face down (null, unless this seat has peeked at it). The renderer, the cogs and the
AI read only this.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from rules.core import Game, Seat, shown

from .content import load_crimes, load_perps
from .state import DreddState, LastFight, Window
from .turn import QUIET_LIMIT, QUIET_WARNING, quiet_turns, scores


def view(game: Game[DreddState], state: DreddState, seat: Seat | None) -> dict[str, Any]:
    perps, crimes = load_perps(), load_crimes()
    totals = scores(state)
    mine = state.judges[seat] if seat is not None else None
    return {
        "game": "judge_dredd",
        "version": state.version,
        "seat": seat,
        "phase": state.phase,
        "turn": state.turn,
        "turn_start": state.turn_start,
        "to_act": sorted(game.to_act(state)),
        "mover": state.mover,
        "window": _window(state.window),
        "skipping": sorted(state.skipping),
        "judges": [
            {
                "seat": s,
                "colour": j.colour,
                "at": j.at,
                "hand": len(j.hand),
                "score": totals[s],
                "arrested": [
                    {"perp": p, "perp_cv": perps[p].cv, "crime": c, "crime_cv": crimes[c].cv} for p, c in j.arrested
                ],
                "moved": j.moved,
                "attempted": j.attempted,
                "miss_moves": j.miss_moves,
                "block_with": j.block_with,
                "standoff": j.standoff,
                "chosen": state.chosen.get(s),
            }
            for s, j in enumerate(state.judges)
        ],
        "hand": list(mine.hand) if mine is not None else None,
        "crimes": [
            {
                "crime": c.crime,
                "crime_cv": crimes[c.crime].cv,
                "sector": c.sector,
                "perp": c.perp if c.revealed or (mine is not None and c.crime in mine.peeked) else None,
                "perp_cv": perps[c.perp].cv if c.revealed or (mine is not None and c.crime in mine.peeked) else None,
                "revealed": c.revealed,
            }
            for c in state.crimes
        ],
        "fight": shown(state.fight, FIGHT_SHOWN),
        "last_fight": shown(state.last_fight, LAST_FIGHT_SHOWN),
        "quarantine": (
            {"sector": state.quarantine.sector, "lifts_after_turn": state.quarantine.lifts_after_turn}
            if state.quarantine
            else None
        ),
        "alien": {"sector": state.alien.sector, "cf": state.alien.cf} if state.alien else None,
        "piles": {
            "stock": len(state.stock),
            "discards": len(state.discards),
            "perps": len(state.perp_pack),
            "crimes": len(state.crime_pack),
            "sectors": len(state.sector_pack),
        },
        "last_move": {"seat": state.last_move.seat, "path": list(state.last_move.path)} if state.last_move else None,
        "end_holder": state.end_holder,
        "quiet_turns": (quiet := quiet_turns(state)),
        "quiet_left": QUIET_LIMIT - quiet if quiet >= QUIET_WARNING and state.phase not in ("cadet", "over") else None,
        "winner": state.winner,
        "scores": {str(s): n for s, n in totals.items()},
    }


def revealed(game: Game[DreddState], state: DreddState) -> dict[str, Any]:
    """The public view with every secret turned up, for the replay of a game that is over
    (`Game.revealed_view`): every Perp still face down shown on its Crime, and every hand
    (`hands`, one list of cards per seat; the board has no place for them, so the replay
    also shows them as each seat's `secrets` lines)."""
    perps = load_perps()
    shown_view = view(game, state, None)
    shown_view["crimes"] = [{**drawn, "perp": c.perp, "perp_cv": perps[c.perp].cv}
                            for drawn, c in zip(shown_view["crimes"], state.crimes, strict=True)]
    shown_view["hands"] = [list(j.hand) for j in state.judges]
    return shown_view


def _window(window: Window | None) -> dict[str, Any] | None:
    if window is None:
        return None
    pending = None
    if window.pending is not None:
        p = window.pending
        pending = {"card": p.get("card"), "by": p.get("by"), "target": p.get("target"), "sector": p.get("sector")}
    return {"kind": window.kind, "for": window.for_seat, "passed": sorted(window.passed), "pending": pending}


FIGHT_SHOWN = ("kind", "judges", "crime", "judge_cf", "judge_dice", "perp_cf", "perp_dice", "cards")
"""What the view shows of the fight under way (not the Judge Dredd card's sure Arrest, nor the winner
and a void kept for the `after_arrest` window)."""
LAST_FIGHT_SHOWN = tuple(f.name for f in fields(LastFight))
"""The last fight is shown whole."""
