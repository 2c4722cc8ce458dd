"""A Judtho board in words, for screen readers (`JudthoWords.describe`): what the picture of the
same view shows. Judtho is an open game, so every seat's description is the public one: whose
move it is, each army's pieces by square in notation's short form (`Ka1 Qc2`, the Pawns by their
squares), the Kings under attack, the last move and the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from rules.plugin import Speech

from .board import Position, load_board, relation_from_table
from .captures import captors
from .notation import square_key
from .pieces import LETTERS

ORDER = ("king", "queen", "prince", "princess", "rook", "knight", "bishop")
"""The order an army's pieces are read in: the army's own (1.2.2), the Pawns last."""


def army(colour: str, say: Speech) -> str:
    key = f"judtho.army.{colour}"
    return say.text(key) if say.has(key) else colour


def owners(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, str]:
    """{colour: its player's name}, for the seats the names reach."""
    out: dict[str, str] = {}
    for player in view.get("players") or []:
        seat = player.get("seat", -1)
        if 0 <= seat < len(names):
            for colour in player.get("colours") or []:
                out[colour] = names[seat]
    return out


def named(colour: str, who: Mapping[str, str], say: Speech) -> str:
    """`White (Alice)`, or `White` without a player's name."""
    name = army(colour, say)
    return say.text("judtho.alt.named", army=name, player=who[colour]) if colour in who else name


Board = tuple[tuple[str, ...], ...]
"""A view's board as tuples, (square, colour, ..., piece) for each piece: what is kept is keyed by it."""


def board_key(view: Mapping[str, Any]) -> Board:
    """The view's board as `Board`."""
    return tuple((sq, *held) for sq, held in (view.get("board") or {}).items())


def attackers(view: Mapping[str, Any], board: Board | None = None) -> dict[str, list[str]]:
    """{King's square: the armies that could capture it on their move}, worked out from the
    public board and relationships alone (the move options a variant adds are not in the view:
    the plain moves are read). The same board is described in every language at once: its
    attacked Kings are read once (`_attackers`). `board`: the view's `board_key`, when the
    caller has it."""
    if view.get("phase") != "play":
        return {}
    relations = view.get("relations") or {}
    found = _attackers(str(view.get("variant") or "quattro"), board_key(view) if board is None else board,
                       tuple((a, tuple(row.items())) for a, row in relations.items()),
                       tuple(view.get("colours") or ()))
    return {square: list(by) for square, by in found.items()}


ATTACKERS_KEPT = 32
"""Boards whose attacked Kings are kept (`_attackers`): the boards described lately."""


@lru_cache(maxsize=ATTACKERS_KEPT)
def _attackers(variant: str, board: Board, relations: tuple[tuple[str, tuple[Any, ...]], ...],
               colours: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """`attackers` of a board given as tuples: `Board`, (army, its row of `relations`' items) for
    each army, the colours in play. Read backwards from each King (`captures.captors`), without
    listing any army's moves."""
    position = Position(load_board(variant), {square: (colour, piece) for square, colour, *_, piece in board})
    kings = [square for square, (_, piece) in position.pieces.items() if piece == "king"]
    if not kings:
        return {}
    relation = relation_from_table({a: dict(row) for a, row in relations})
    return {square: tuple(by) for square, by in captors(position, kings, colours, relation).items()}


READ_FIRST = {piece: i for i, piece in enumerate(ORDER)}
"""Piece -> its place in `ORDER` (the Pawns, absent, after every other)."""

ARMIES_KEPT = 32
"""Boards whose armies are kept (`armies`): the boards described lately, in every language."""


@lru_cache(maxsize=ARMIES_KEPT)
def armies(board: Board) -> Mapping[str, tuple[tuple[str, str], ...]]:
    """{colour: its pieces on the board as (piece, square), in the order they are read: `ORDER`,
    then by square in board order}, the board read once for every army (and every language);
    read-only, as it is kept."""
    out: dict[str, list[tuple[str, str]]] = {}
    for square, colour, *_, piece in board:
        out.setdefault(colour, []).append((piece, square))
    last = len(ORDER)
    return MappingProxyType({colour: tuple(sorted(held, key=lambda ps: (READ_FIRST.get(ps[0], last),
                                                                        square_key(ps[1]))))
                             for colour, held in out.items()})


def pieces(mine: Sequence[tuple[str, str]], say: Speech) -> str:
    """One army's pieces on the board (`armies`): `Ka1 Qc2 Rb3`, then `pawns d9, e8`."""
    officers = [f"{LETTERS.get(piece, '?')}{square}" for piece, square in mine if piece != "pawn"]
    pawns = [square for piece, square in mine if piece == "pawn"]
    parts = [" ".join(officers)] if officers else []
    if pawns:
        parts.append(say.text("judtho.alt.pawns", squares=" ".join(pawns)))
    return say.join(parts) if parts else say.text("judtho.alt.no_pieces")


def describe(view: Mapping[str, Any], names: Sequence[str], say: Speech) -> str:
    who = owners(view, names)
    board = load_board(str(view.get("variant") or "quattro"))
    out = [say.text("judtho.alt.board", files=board.files, ranks=board.ranks)]
    winner = view.get("winner")
    to_move = view.get("to_move")
    if winner:
        out.append(say.text("judtho.alt.winner", armies=say.join([named(c, who, say) for c in winner])))
    elif to_move:
        key = "judtho.alt.to_place" if view.get("phase") == "assembly" else "judtho.alt.to_move"
        out.append(say.text(key, army=named(to_move, who, say)))
    points = {c: p.get("points", 0) for p in view.get("players") or [] for c in p.get("colours") or []}
    status = {c: p.get("status", "active") for p in view.get("players") or [] for c in p.get("colours") or []}
    reserve = view.get("reserve") or {}
    board_now = board_key(view)
    held = armies(board_now)
    for colour in view.get("colours") or []:
        extra = [say.text("judtho.alt.points", n=points.get(colour, 0))]
        if status.get(colour, "active") != "active":
            extra.append(say.text(f"judtho.alt.status.{status[colour]}"))
        if reserve.get(colour) and view.get("phase") == "assembly":
            extra.append(say.text("judtho.alt.reserve", n=len(reserve[colour])))
        out.append(say.text("judtho.alt.army", army=named(colour, who, say), about=say.join(extra),
                            pieces=pieces(held.get(colour, ()), say)))
    for square, by in sorted(attackers(view, board_now).items(), key=lambda kv: square_key(kv[0])):
        colour = (view.get("board") or {})[square][0]
        out.append(say.text("judtho.alt.attacked", army=army(colour, say), square=square,
                            by=say.join([army(c, say) for c in by])))
    alliances = [say.join([army(c, say) for c in group]) for group in view.get("alliances") or []]
    if alliances:
        out.append(say.text("judtho.alt.alliances", alliances="; ".join(alliances)))
    last = view.get("last_move")
    if isinstance(last, Mapping) and last.get("text"):
        out.append(say.text("judtho.alt.last", move=last["text"]))
    out.append(say.text("judtho.alt.letters", letters=say.join(
        [f"{LETTERS[p]} {say.text(f'judtho.piece.{p}')}" for p in ORDER if p in LETTERS])))
    return say.sentences(out)
