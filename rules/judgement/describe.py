"""A City of Judgement board in words, for screen readers (`JudgementWords.describe`): what the
picture of the same view shows. The public view says where each character stands, the damage
taken (and the HP left once the character is revealed), the equipment in front of them, and only
the roles already shown (a revealed or dead character's). A seat's own view adds its own
character and role, for its own player alone.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from rules.plugin import Speech

from .present import name
from .state import COLOURS


def content(content_id: str | None, say: Speech) -> str:
    """A content id's name (a character, a location, an identity, a card)."""
    if not content_id:
        return ""
    try:
        return say.render(name(content_id))
    except KeyError:
        return content_id


def seat_words(seat: int, names: Sequence[str], say: Speech) -> str:
    colour = COLOURS[seat] if 0 <= seat < len(COLOURS) else str(seat)
    said = say.text(f"judgement.board.colour.{colour}") if say.has(f"judgement.board.colour.{colour}") else colour
    if 0 <= seat < len(names):
        return say.text("judgement.alt.named", colour=said, player=names[seat])
    return said


LINES_KEPT = 512
"""Players' lines kept (`player_line`): nine a board in each language, most the same from one
action to the next."""
_LINES: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_LOCK = threading.Lock()
"""Pictures are described in worker threads, several tables at once."""


def player_line(p: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
    """A player's line: where they stand, their character and HP or damage, their role once shown,
    their equipment, whether they are dead. Said once for the same player (all the line reads of
    it), names and language, then kept (the catalogues do not change while the bot runs)."""
    shown = repr((p.get("seat"), p.get("at"), p.get("character"), p.get("hp"), p.get("damage", 0), p.get("identity"),
                  p.get("equipment"), p.get("alive", True)))
    key = (shown, tuple(names), say)
    try:
        with _LOCK:
            found = _LINES.get(key)
            if found is not None:
                _LINES.move_to_end(key)
                return found
    except TypeError:  # a speech that cannot be a key (a test's): said afresh
        return _said_line(p, names, say)
    found = _said_line(p, names, say)
    with _LOCK:
        _LINES[key] = found
        while len(_LINES) > LINES_KEPT:
            _LINES.popitem(last=False)
    return found


def _said_line(p: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
    parts = [say.text("judgement.alt.at", location=content(p.get("at"), say)) if p.get("at")
             else say.text("judgement.alt.nowhere")]
    hp, damage = p.get("hp"), p.get("damage", 0)
    if p.get("character"):
        parts.append(content(p["character"], say))
    if isinstance(hp, int):
        parts.append(say.text("judgement.alt.hp", left=max(0, hp - damage), hp=hp))
    else:
        parts.append(say.text("judgement.alt.damage", n=damage))
    if p.get("identity"):
        parts.append(say.text("judgement.alt.identity", identity=content(p["identity"], say)))
    if p.get("equipment"):
        parts.append(say.text("judgement.alt.equipment", cards=say.join([content(c, say) for c in p["equipment"]])))
    if not p.get("alive", True):
        parts.append(say.text("judgement.alt.dead"))
    return say.text("judgement.alt.player", seat=seat_words(p["seat"], names, say), about=say.join(parts))


def describe(view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
    out = [say.text("judgement.alt.board")]
    ring = [content(loc, say) for loc in view.get("ring") or []]
    if ring:
        out.append(say.text("judgement.alt.ring", locations=say.join(ring)))
    if view.get("over"):
        winners = [seat_words(s, names, say) for s in view.get("winners") or []]
        out.append(say.text("judgement.alt.over", winners=say.join(winners) if winners
                            else say.text("judgement.alt.no_one")))
    elif view.get("phase") == "turn" and isinstance(view.get("active"), int):
        out.append(say.text("judgement.alt.turn", seat=seat_words(view["active"], names, say)))
    out += [player_line(p, names, say) for p in view.get("players") or []]
    me = view.get("me")
    if view.get("seat") is not None and isinstance(me, Mapping):  # a seat's own view: its own role
        out.append(say.text("judgement.alt.me", character=content(me.get("character"), say) or "?",
                            identity=content(me.get("identity"), say) or "?", hp=me.get("hp") or "?"))
    return say.sentences(out)
