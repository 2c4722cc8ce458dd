"""A Judge Dredd map in words, for screen readers (`DreddWords.describe`): what the picture of the
same view shows. The public view says each Judge's Sector, score, Perps arrested and how many cards
they hold (never which), and the Crimes on the map with their Perps where face up; a face-down
Perp stays unnamed. A seat's own view adds its own hand, for its own player alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.plugin import Speech

from .state import ALIEN, COLOURS


def _name(say: Speech, key: str, fallback: str) -> str:
    return say.text(key) if say.has(key) else fallback


def sector(code: str | None, say: Speech) -> str:
    return _name(say, f"judge_dredd.sector.{code}", str(code)) if code else say.text("judge_dredd.alt.off_map")


def crime(code: str, say: Speech) -> str:
    return say.text("judge_dredd.event.the_alien") if code == ALIEN else _name(say, f"judge_dredd.crime.{code}", code)


def perp(code: str, say: Speech) -> str:
    return _name(say, f"judge_dredd.perp.{code}", code)


def judge(seat: int, names: Sequence[str], say: Speech) -> str:
    colour = COLOURS[seat] if 0 <= seat < len(COLOURS) else str(seat)
    name = _name(say, f"judge_dredd.colour.{colour}", colour)
    if 0 <= seat < len(names):
        return say.text("judge_dredd.alt.named", player=names[seat], colour=name)
    return say.text("judge_dredd.alt.judge", colour=name)


def describe(view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
    out = [say.text("judge_dredd.alt.board")]
    winner, turn = view.get("winner"), view.get("turn")
    if isinstance(winner, int):
        out.append(say.text("judge_dredd.alt.winner", judge=judge(winner, names, say)))
    elif isinstance(turn, int) and view.get("phase") != "over":
        first = view.get("turn_start")
        if isinstance(first, int):
            out.append(say.text("judge_dredd.alt.turn", n=turn, judge=judge(first, names, say)))
        if isinstance(view.get("mover"), int):
            out.append(say.text("judge_dredd.alt.mover", judge=judge(view["mover"], names, say)))
    for j in view.get("judges") or []:
        arrested = [perp(a["perp"], say) for a in j.get("arrested") or [] if a.get("perp")]
        line = say.text("judge_dredd.alt.judge_line", judge=judge(j["seat"], names, say),
                        sector=sector(j.get("at"), say), score=j.get("score", 0), cards=j.get("hand", 0))
        out.append(say.text("judge_dredd.alt.arrested", judge=line, arrested=say.join(arrested)) if arrested
                   else say.text("judge_dredd.alt.line", judge=line))
    crimes = []
    for c in view.get("crimes") or []:
        where = sector(c.get("sector"), say)
        if c.get("revealed") and c.get("perp"):
            crimes.append(say.text("judge_dredd.alt.crime_perp", crime=crime(c["crime"], say), cv=c.get("crime_cv"),
                                   sector=where, perp=perp(c["perp"], say), perp_cv=c.get("perp_cv")))
        elif c.get("perp"):  # face down, yet this seat has looked (its own view only)
            crimes.append(say.text("judge_dredd.alt.crime_peeked", crime=crime(c["crime"], say), cv=c.get("crime_cv"),
                                   sector=where, perp=perp(c["perp"], say), perp_cv=c.get("perp_cv")))
        else:
            crimes.append(say.text("judge_dredd.alt.crime", crime=crime(c["crime"], say), cv=c.get("crime_cv"),
                                   sector=where))
    out.append(say.text("judge_dredd.alt.crimes", crimes=say.text("judge_dredd.alt.sep").join(crimes)) if crimes
               else say.text("judge_dredd.alt.no_crimes"))
    if view.get("quarantine"):
        out.append(say.text("judge_dredd.alt.quarantine", sector=sector(view["quarantine"].get("sector"), say)))
    if view.get("alien"):
        out.append(say.text("judge_dredd.alt.alien", sector=sector(view["alien"].get("sector"), say)))
    hand = view.get("hand")
    if view.get("seat") is not None and isinstance(hand, list):  # a seat's own view: its own cards
        cards = [_name(say, f"judge_dredd.cardname.{card}", str(card)) for card in hand]
        out.append(say.text("judge_dredd.alt.hand", cards=say.join(cards)) if cards
                   else say.text("judge_dredd.alt.no_hand"))
    return say.sentences(out)
