"""The City of Judgement board as text, for a terminal (`Renderer.text_board`, `text_hand`): the
six locations of the ring in its order, each with the numbers that send a piece there, its name
and its code as commands take it (`go tavern`), and the pieces on it (`R1`: the colour's letter
and the seat, as the picture's pieces show them); the damage track 0-14 with every seat's marker
(and ♥ at the HP of a face-up character); the header (the turn, its step, the decision open and
who is asked, the winners) and one line per seat: what everyone may see of it. A seat's role card
(`text_hand`) shows its identity, its character, the characters it was dealt, its Order cards and
the identities it knows.

Drawn in the reader's language alone (the public picture speaks both), from the same view as the
picture (`renderer.judgement`), never reading a seat's `me` for the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from renderer.common import Ask, Text, entry, wording
from renderer.judgement_look import (
    MESSAGES,
    REASONS,
    STEPS,
    K,
    colour_of,
    lang_of,
    name_of,
    rolls_label,
    seat_name,
    seat_of,
)
from renderer.text import box, pad, paint

WORDS = {
    K + "text.at": "at {location}",
    K + "text.damage": "damage {n}",
    K + "text.equipment": "equipment: {cards}",
    K + "text.legend": "R1 a seat's piece (colour, seat) · ♥ HP of a face-up character",
}
"""The text board's own words by message id, in English (`judgement_text.po`); the others are
the picture's (`renderer.judgement_look.MESSAGES`)."""

INK = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "white": "bright_white",
       "black": "grey", "orange": "bright_red", "purple": "magenta", "pink": "bright_magenta"}
LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W", "black": "K", "orange": "O",
          "purple": "P", "pink": "I"}
TRACK_MAX = 14
TILE = 25
"""Columns of one location's box: three a row."""


def _say(text: Text | None) -> Text:
    return wording(text, {**MESSAGES, **WORDS})


def code(view: Mapping[str, Any], seat: int | None) -> str:
    """A seat's piece as text: its colour's letter and its number, in its colour."""
    colour = colour_of(view, seat)
    return paint(LETTER.get(colour, "?") + (str(seat + 1) if seat is not None else ""), INK.get(colour), bold=True)


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in view.get("players") or [] if isinstance(p, Mapping)]


@entry
def text_board(ask: Ask) -> str:
    """The ring, the damage track and the table of `ask.view` as text (see the module)."""
    view, say = ask.view, _say(ask.text)
    lang = lang_of(ask.text, ask.lang)
    highlight = dict(ask.highlight or {})
    lines = [paint(pad(_title(view, say), 79, "^"), bold=True)]
    ring = [str(loc) for loc in view.get("ring") or []]
    for start in range(0, len(ring), 3):
        boxes = [_tile(view, say, lang, loc, highlight) for loc in ring[start:start + 3]]
        for row in zip(*boxes, strict=True):
            lines.append(" ".join(row))
    lines += _track(view, say)
    lines += box(_table(view, say, lang, ask.names))
    return "\n".join(lines)


def _title(view: Mapping[str, Any], say: Text) -> str:
    """The header's first line, as the picture's: the turn (or the phase) and its step."""
    phase = view.get("phase")
    over = bool(view.get("over")) or phase == "over"
    turn = int(view.get("turn_no") or 0)
    if over:
        title = say(K + "phase.over")
    elif phase == "turn" and turn:
        title = say(K + "turn").format(n=turn)
    else:
        title = say(K + "phase." + str(phase)) if phase in ("pick", "start_roll") else say(K + "phase.turn")
    if phase == "turn" and not over and view.get("step") in STEPS:
        title += " · " + say(K + "step." + str(view["step"]))
    return f"{say(K + 'title')} · {title}"


def _tile(view: Mapping[str, Any], say: Text, lang: str, loc: str, highlight: Mapping[str, str]) -> list[str]:
    """One location's box: its numbers and name, its code, the pieces on it."""
    label = next((k for k, v in highlight.items() if v == loc), "")
    name = name_of("location", loc, lang)
    head = f"{rolls_label(loc)} {name}"
    pieces = [code(view, seat_of(p.get("seat"))) for p in _players(view) if p.get("at") == loc and p.get("alive", True)]
    first = (paint(f"[{label}] ", "black", "yellow") if label else "") + paint(head, bold=True)
    inner = TILE - 4
    return ["┌" + "─" * (TILE - 2) + "┐", f"│ {pad(first, inner)} │", f"│ {pad(paint(loc, 'grey'), inner)} │",
            f"│ {pad(' '.join(pieces), inner)} │", "└" + "─" * (TILE - 2) + "┘"]


def _track(view: Mapping[str, Any], say: Text) -> list[str]:
    """The damage track: the numbers 0-14, under each the seats with that much damage and the ♥
    of each face-up character at its HP."""
    cell = 5
    at: dict[int, list[str]] = {}
    for p in _players(view):
        seat = seat_of(p.get("seat"))
        damage = min(max(int(p.get("damage") or 0), 0), TRACK_MAX)
        at.setdefault(damage, []).append(code(view, seat))
        if p.get("hp") is not None and p.get("revealed"):
            hp = min(int(p["hp"]), TRACK_MAX)
            at.setdefault(hp, []).append(paint("♥", INK.get(colour_of(view, seat)), bold=True))
    numbers = "".join(pad(str(n), cell, "^") for n in range(TRACK_MAX + 1))
    out = [" " + say(K + "track"), " ┌" + "─" * (cell * (TRACK_MAX + 1)) + "┐", " │" + numbers + "│"]
    deepest = max((len(v) for v in at.values()), default=0)
    for i in range(deepest):
        out.append(" │" + "".join(pad(at[n][i] if n in at and i < len(at[n]) else "", cell, "^")
                                   for n in range(TRACK_MAX + 1)) + "│")
    out.append(" └" + "─" * (cell * (TRACK_MAX + 1)) + "┘")
    return out


def _table(view: Mapping[str, Any], say: Text, lang: str, names: Mapping[int, str] | None) -> list[str]:
    """The decision open and who is asked, the winners, then a line per seat and the legend."""
    out = []
    frame = view.get("frame") if isinstance(view.get("frame"), Mapping) else None
    asked = [s for s in (seat_of(x) for x in (frame or {}).get("asked") or view.get("to_act") or []) if s is not None]
    if view.get("over") or view.get("phase") == "over":
        winners = [seat_of(s) for s in view.get("winners") or []]
        if winners:
            out.append(paint("★ " + say(K + "winners") + ": " + ", ".join(seat_name(view, s, names, say)
                                                                          for s in winners), bold=True))
        reason, _, who = str(view.get("reason") or "").partition(":")
        if reason in REASONS:
            out.append(say(K + "reason." + reason).format(character=name_of("character", who, lang) if who else ""))
    elif frame is not None:
        kind = str(frame.get("kind") or "")
        words = say(K + "frame." + kind) if (K + "frame." + kind) in MESSAGES else say(K + "frame")
        who = ", ".join(code(view, s) for s in asked)
        out.append(paint("▶ " + words, bold=True) + (f" · {say(K + 'asked')}: {who}" if who else ""))
    elif len(asked) == 1:
        out.append(paint("▶ " + say(K + "to_act").format(player=seat_name(view, asked[0], names, say)), bold=True))
    elif asked:
        out.append("▶ " + say(K + "waiting").format(n=len(asked)))
    attack = view.get("attack")
    if isinstance(attack, Mapping):
        dealt = {seat_of(k): v for k, v in (attack.get("dealt") or {}).items()}
        targets = [s for s in (seat_of(v) for v in attack.get("targets") or []) if s is not None]
        hit = " ".join(code(view, t) + (f" −{dealt[t]}" if t in dealt else "") for t in targets)
        line = f"{say(K + 'attack')}: {code(view, seat_of(attack.get('attacker')))} → {hit}"
        if isinstance(attack.get("d6"), int) and isinstance(attack.get("d4"), int):
            line += f" · d6 {attack['d6']} − d4 {attack['d4']} = {max(0, attack['d6'] - attack['d4'])}"
        out.append(paint(line, "red", bold=True))
    roll = view.get("last_roll")
    if isinstance(roll, Mapping) and isinstance(roll.get("d4"), int) and isinstance(roll.get("d6"), int):
        why = str(roll.get("why") or "")
        d4, d6 = roll["d4"], roll["d6"]
        dice = f"d6 {d6} − d4 {d4} = {max(0, d6 - d4)}" if why == "attack" else f"d4 {d4} + d6 {d6} = {d4 + d6}"
        out.append(f"{say(K + 'last_roll')}: {dice}" + (f" ({say(K + 'why.' + why)})" if why in ("start", "move",
                                                                                                   "attack") else ""))
    active = seat_of(view.get("active"))
    for p in _players(view):
        seat = seat_of(p.get("seat"))
        mark = "▶" if seat == active and not view.get("over") else " "
        parts = [f"{mark} {code(view, seat)} {seat_name(view, seat, names, say)}"]
        if not p.get("alive", True):
            parts.append(paint(say(K + "dead"), "red", bold=True))
        elif p.get("at"):
            parts.append(say(K + "text.at").format(location=name_of("location", p.get("at"), lang)))
        parts.append(say(K + "text.damage").format(n=int(p.get("damage") or 0)))
        if p.get("character") and p.get("revealed"):
            parts.append(name_of("character", p["character"], lang) + " " + say(K + "hp").format(hp=p.get("hp")))
        else:
            parts.append(say(K + "face_down"))
        if p.get("identity"):
            parts.append(name_of("identity", p["identity"], lang))
        if p.get("equipment"):
            parts.append(say(K + "text.equipment").format(
                cards=", ".join(name_of("card", c, lang) for c in p["equipment"])))
        if p.get("sealed"):
            parts.append(say(K + "sealed"))
        if p.get("shield") in ("attack", "all"):
            parts.append(say(K + "shield." + str(p["shield"])))
        out.append(" · ".join(parts))
    decks = view.get("decks") or {}
    if decks:
        out.append(" · ".join(f"{say(K + 'pack.' + pack)} {decks[pack]}" for pack in ("holy", "dark", "order")
                              if pack in decks))
    out.append(say(K + "text.legend"))
    return out


@entry
def text_hand(ask: Ask) -> str | None:
    """The seat's role card as text: its identity and its goal, its character (or the characters
    it was dealt), its Order cards, the identities it knows; None for a spectator's view."""
    view, say = ask.view, _say(ask.text)
    lang = lang_of(ask.text, ask.lang)
    me = view.get("me")
    if not isinstance(me, Mapping) or seat_of(me.get("seat")) is None:
        return None
    seat = seat_of(me.get("seat"))
    lines = []
    if me.get("identity"):
        lines.append(f"{say(K + 'role.identity')}: " + paint(name_of("identity", me["identity"], lang), bold=True))
    if me.get("character"):
        character = name_of("character", me["character"], lang)
        hp = f" · {say(K + 'hp').format(hp=me.get('hp'))}" if me.get("hp") is not None else ""
        lines.append(f"{say(K + 'role.character')}: " + paint(character, bold=True) + hp)
    elif me.get("options"):
        lines.append(f"{say(K + 'role.options')}: " + ", ".join(name_of("character", o, lang)
                                                                 for o in me.get("options") or []))
    else:
        lines.append(say(K + "role.not_picked"))
    if me.get("order"):
        lines.append(f"{say(K + 'role.order')}: {name_of('card', me['order'], lang)}")
    known = {s: v for k, v in (me.get("known") or {}).items() if (s := seat_of(k)) is not None}
    if known:
        lines.append(f"{say(K + 'role.known')}: " + ", ".join(
            f"{code(view, s)} {name_of('identity', v, lang)}" for s, v in sorted(known.items())))
    title = say(K + "role.title") + (f" · {seat_name(view, seat, ask.names, say)}" if seat is not None else "")
    return "\n".join(box(lines, paint(title, INK.get(colour_of(view, seat)), bold=True)))
