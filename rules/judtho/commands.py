"""Judtho's slash command group, `/judtho`, declared once for both front-ends
(`rules.plugin.Commands`): what `/judtho move b1 c3` and `/judtho place Queen c2` mean.

Judtho's actions are one notation word each (J29): `@Qc2`, `@rest`, `Nb1-c3`,
`Sd4xd5xd7`, `e11-e12=Q`, `Nc3x{b5,e4}`. A player names a move by where it starts and where
it ends; when several legal moves from that square end there (a sweep and a plain capture,
the promotions) the player must say which, and is told the choices. Pure: the legal actions
come in as text, the piece names through the front-end's `Speech`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rules.core import BadActionText, IllegalAction, Msg
from rules.plugin import BOARD_COMMAND, RULES_COMMAND, Command, Commands, Menu, Option, Speech, lobby

from .notation import SQUARE, Move, parse
from .pieces import LETTERS

REST = ("rest", "@rest")
"""`place rest`: the Assembly's "place the rest for me" (`@rest`)."""
_SQUARE = re.compile(SQUARE)
_LETTER = re.compile(r"^[kqrbnps](?=[a-l])")
"""A piece's letter, lower case, before its square: `d12xf12` may be typed for `Rd12xf12`."""
NAMED_MAX = 8
"""The most moves a refusal names (a Knight's own square ends up to 255 distant captures)."""


def square_of(text: str) -> str:
    return text.strip().lower().replace(" ", "")


def is_square(text: str) -> bool:
    return _SQUARE.fullmatch(square_of(text)) is not None


def piece_letter(text: str, say: Speech) -> str | None:
    """The notation letter of a piece named by its letter (`N`), its English key (`knight`) or
    its name in any of our languages (`Knight`, `騎士`); `""` for a pawn; None if no piece."""
    typed = text.strip()
    if typed.upper() in LETTERS.values():
        return typed.upper()
    for piece in [*LETTERS, "pawn"]:
        names = {piece, *(other.text(f"judtho.piece.{piece}").lower() for other in say.every())}
        if typed.lower() in names:
            return LETTERS.get(piece, "")
    return None


def place_text(piece: str, square: str | None, say: Speech) -> str:
    """`place Queen c2` → `@Qc2`, `place pawn c3` → `@c3`, `place rest` → `@rest`."""
    if piece.strip().lower() in REST:
        return "@rest"
    letter = piece_letter(piece, say)
    if letter is None:
        raise BadActionText(text=f"{piece} {square or ''}".strip())
    if not (square or "").strip():
        raise IllegalAction("place_needs_square", piece=piece.strip())
    return f"@{letter}{square_of(square or '')}"


def move_text(legal: Sequence[str], origin: str, to: str | None, *, refusal: str = "ambiguous_move") -> str:
    """The action `move <origin> <to>` names. `to` is a whole notation word (`Nb1-c3`, taken as
    it is; in any case and without its piece letter, `d12xf12`, when a legal move from `origin`
    is written so) or a square: then the one legal move from `origin` that ends on it. Several
    such moves are refused with the first `NAMED_MAX` named (`refusal`: a front-end may name its
    own message, with the same `origin`, `square` and `moves`); none leaves the text for the
    engine to refuse with its own reason."""
    if to is None:  # `move Nb1-c3`: the whole move as the only option
        return origin.strip()
    to = to.strip()
    if to in legal:
        return to
    origin, typed = square_of(origin), square_of(to)
    found = [text for text in legal if _means(text, origin, typed)]
    if len(found) > 1:
        named = ", ".join(found[:NAMED_MAX]) + (", …" if len(found) > NAMED_MAX else "")
        raise IllegalAction(refusal, origin=origin, square=typed, moves=named)
    if found:
        return found[0]
    return f"{origin}-{typed}" if is_square(typed) else to


def _means(text: str, origin: str, typed: str) -> bool:
    """Whether the legal `text` is a move from `origin` ending on the square `typed`, or written
    `typed` give or take case and the piece letter."""
    try:
        action = parse(text)
    except BadActionText:
        return False
    if not isinstance(action, Move) or action.origin != origin:
        return False
    return typed == action.to or _LETTER.sub("", typed) == _LETTER.sub("", text.lower())


# --------------------------------------------------------------------------- the commands


def read_move(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str | Menu:
    """`/judtho move <from> [to]`: `move_text`; `to` ending in `PICK` (the entry autocomplete
    offers after a Knight's distant capture of every target) opens the menu to choose some of
    them instead (4.7: "All" and a multi-select of any of them, `JudthoWords.combined`)."""
    from .words import DISTANT, PICK  # the words read this module: imported when first used

    origin, to = options.get("from", ""), options.get("to")
    if to is not None and to.strip().endswith(PICK):
        square = square_of(origin)
        return Menu((f"N{square}", DISTANT), Msg("judtho.ui.pick", {"piece": Msg("judtho.piece.knight"),
                                                                    "square": square}),
                    refusal=IllegalAction("judtho_no_distant_capture", square=square), marked=False)
    return move_text(legal, origin, to)


def read_place(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
    """`/judtho place <piece> [square]`: `place_text`."""
    return place_text(options.get("piece", ""), options.get("square"), say)


def read_draw(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
    """`/judtho draw [answer]` (J24, E7): `void` proposes a void game, the others are
    `draw <answer>`, `offer` when none is given."""
    answer = options.get("answer", "offer").strip().lower()
    return "void offer" if answer == "void" else f"draw {answer}"


COMMANDS = Commands(group="judtho", commands=(
    lobby(),
    BOARD_COMMAND,
    RULES_COMMAND,
    Command("place", (Option("piece"), Option("square", required=False)), read=read_place),
    Command("move", (Option("from"), Option("to")), read=read_move,
            slash_refusals={"ambiguous_move": "judtho_which_move"}),
    Command("draw", (Option("answer", required=False, choices=("offer", "void", "accept", "decline")),),
            read=read_draw),
    Command("resign"),
    Command("suggest", (Option("move"),)),
))
"""`/judtho new|board|rules|place|move|draw|resign|suggest`. `place` and `move` autocomplete from the
user's own legal actions as the game's words offer them (`JudthoWords.choices`: `place` narrows
the square by the piece, `move` the destination by the square moved from; every capture, sweep,
distant capture and promotion is a choice of `to` labelled in notation, its value the whole
action); `suggest` (the Trio's, Section 4, E4) offers the moves the partner may suggest, and its
words never reach the channel."""
