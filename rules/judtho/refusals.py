"""Why Judtho refuses an action, in words that name the rule and what may be done instead.

The engine's `why_illegal` asks `refusal` about an action that is not among the legal ones: a
move ending in a Rival's Kingdom, a square off the board (Duo has files a–f only), a piece that
cannot go there (its moves are named), a placement outside one's Kingdom (its squares named), the
Prince or Princess not chosen, a Trio draw with unequal material, a pass while a move exists. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Action, IllegalAction, Listed, Msg

from .board import Board
from .notation import Move, Pass, Place
from .state import JudthoState

SHOWN = 10
"""The most actions or squares a refusal names (the rest are summed up by "…")."""


def shown(items: Sequence[str]) -> str:
    """Action texts or squares, the first `SHOWN`, joined by spaces (notation reads the same in
    every language)."""
    return " ".join([*items[:SHOWN], "…"] if len(items) > SHOWN else items)


def colour(name: str) -> Msg:
    return Msg(f"judtho.board.colour.{name}")


def piece(name: str) -> Msg:
    return Msg(f"judtho.piece.{name}")


def area(board: Board, squares: frozenset[str]) -> str:
    """A Kingdom or Neutral Territory as its corner squares: `a1–f4`."""
    ordered = sorted(squares, key=lambda s: (s[0], int(s[1:])))
    return f"{ordered[0]}–{ordered[-1]}"


def off_board(board: Board, squares: Sequence[str]) -> IllegalAction | None:
    """A square outside the board being played (Duo: the Quattro board's left half)."""
    outside = next((sq for sq in squares if not board.on_board(sq)), None)
    if outside is None:
        return None
    files = f"a–{chr(ord('a') + board.files - 1)}"
    return IllegalAction("judtho_off_board", square=outside, variant=Msg(f"judtho.board.variant.{board.name}"),
                         files=files, ranks=board.ranks)


def rival_kingdom(state: JudthoState, mover: str, square: str, rivals: Sequence[str]) -> IllegalAction | None:
    """J19: no piece ends a move in, or is placed in, a Rival's Kingdom."""
    owner = state.board().kingdom_of.get(square)
    if owner is None or owner == mover or owner not in rivals:
        return None
    return IllegalAction("judtho_rival_kingdom", square=square, rival=colour(owner))


def move_refusal(state: JudthoState, mover: str, action: Move, legal: Sequence[Action],
                 rivals: Sequence[str]) -> IllegalAction:
    """A move of one's own piece that the rules refuse (repetition is the engine's to tell)."""
    board = state.board()
    outside = off_board(board, [action.origin, action.to, *action.captures])
    if outside is not None:
        return outside
    _, actual = state.pieces[action.origin]
    from_here = [str(a) for a in legal if isinstance(a, Move) and a.origin == action.origin]
    if actual != action.piece and action.piece != "pawn":  # no letter (a pawn's move) is read as "that piece"
        return IllegalAction("judtho_wrong_piece", square=action.origin, piece=piece(actual), named=piece(action.piece),
                             moves=shown(from_here) if from_here else "—")
    if not action.distant:
        rival = rival_kingdom(state, mover, action.to, rivals)
        if rival is not None:
            rival.params["moves"] = shown(from_here) if from_here else "—"
            return rival
    if not from_here:
        return IllegalAction("judtho_piece_stuck", square=action.origin, piece=piece(actual),
                             moves=shown([str(a) for a in legal if isinstance(a, Move)]))
    return IllegalAction("judtho_piece_cannot", text=str(action), square=action.origin, piece=piece(actual),
                         moves=shown(from_here))


def place_refusal(state: JudthoState, placer: str, action: Place, legal: Sequence[Action],
                  rivals: Sequence[str], *, reserve: Sequence[str], chosen: str | None) -> IllegalAction:
    """A placement refused: off the board, the Prince/Princess not chosen, a piece not owed or not
    in reserve, a square taken, a Rival's Kingdom, or outside one's Kingdom (its free squares named)."""
    board = state.board()
    outside = off_board(board, [action.square])
    if outside is not None:
        return outside
    places = [a for a in legal if isinstance(a, Place)]
    pieces = list(dict.fromkeys(a.piece for a in places))
    if chosen is not None and action.piece in ("prince", "princess") and action.piece != chosen:
        return IllegalAction("judtho_choice_made", chosen=piece(chosen), piece=piece(action.piece))
    if action.piece not in pieces:
        if action.piece not in reserve:
            return IllegalAction("judtho_piece_not_in_reserve", piece=piece(action.piece))
        return IllegalAction("judtho_place_which", piece=piece(action.piece),
                             pieces=Listed.of(piece(p) for p in pieces))
    free = [a.square for a in places if a.piece == action.piece]
    if action.square in state.pieces:
        return IllegalAction("judtho_square_taken", square=action.square, squares=shown(free))
    rival = rival_kingdom(state, placer, action.square, rivals)
    if rival is not None:
        rival.params["moves"] = shown(free)
        return rival
    kingdom = board.kingdoms[placer]
    if all(sq in kingdom for sq in free):
        return IllegalAction("judtho_place_in_own_kingdom", square=action.square, kingdom=area(board, kingdom),
                             piece=piece(action.piece), squares=shown(free))
    return IllegalAction("judtho_place_neutral", square=action.square, neutral=area(board, board.neutral),
                         piece=piece(action.piece), squares=shown(free))


def pass_refusal(legal: Sequence[Action]) -> IllegalAction:
    """J20: a pass only when no legal move is left."""
    return IllegalAction("judtho_pass_when_stuck", moves=shown([str(a) for a in legal if isinstance(a, Move)]))


def fallback(action: Action, legal: Sequence[Action]) -> IllegalAction:
    """The last resort: the action is not one of the legal ones, which are named."""
    kinds = [str(a) for a in legal if not isinstance(a, (Move, Place, Pass))]
    plays = [str(a) for a in legal if isinstance(a, (Move, Place, Pass))]
    some = plays[:SHOWN] + (["…"] if len(plays) > SHOWN else [])
    return IllegalAction("judtho_illegal", text=str(action), allowed=" ".join(some + kinds))
