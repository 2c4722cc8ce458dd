"""Captures only: the most one army's single move could take, without listing its moves.

The computer seats' evaluation asks, at every leaf of the search, how much of its side an
Opponent could capture with its next move (`evaluate.hanging`). Listing every legal move of
every such Opponent for that (`moves.legal_moves`) cost about half the search's time; this
module walks only the squares where a capture can happen and adds up what would be taken.
It follows the generator of `moves.py` exactly, with the options a computer seat considers
(`DISTANT_ALL_AND_SINGLES`, §4.7; no ruleset option): the same pieces are capturable (an
Opponent's, 2.1), a capture may not finish in a Rival's Kingdom (J19; a Knight's distant capture
does not finish anywhere new, J10), sweeps take at most four (Princess) or three (Prince)
pieces and stop at any other piece (J9). A test compares it with the generator on many
positions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.judtho.board import COLOURS, Position, Relation, pawn_forward
from rules.judtho.moves import PRINCE_REACH, PRINCESS_REACH, geometry

Worth = Callable[[tuple[str, str]], float]
"""What taking one piece `(colour, piece)` is worth to whoever asks (0 for a piece that does not count)."""


def _opponents(position: Position, colour: str, relation: Relation) -> frozenset[str]:
    present = [c for c in COLOURS if c in position.board.colours]
    return frozenset(c for c in present if relation(colour, c) == "opponent")


def _forbidden(position: Position, colour: str, relation: Relation) -> frozenset[str]:
    board = position.board
    present = [c for c in COLOURS if c in board.colours]
    return frozenset().union(*(board.kingdoms[c] for c in present if c != colour and relation(colour, c) == "rival"))


def most_captured(position: Position, colour: str, relation: Relation, worth: Worth) -> float:
    """The most `worth` that one legal move of `colour` could capture now (a sweep, J9, and a
    Knight's distant capture of all its targets, J10, count whole); 0 when it can take nothing
    that is worth anything. The same as the largest sum of `worth` over the captures of the
    moves `legal_moves(position, colour, relation, (DISTANT_ALL_AND_SINGLES,))` lists."""
    pieces = position.pieces
    geo = geometry(position.board)
    opponents = _opponents(position, colour, relation)
    if not opponents:
        return 0.0
    forbidden = _forbidden(position, colour, relation)
    best = 0.0

    def take(sq: str) -> float:
        """The worth of capturing on `sq` (None-safe: only called on an Opponent's piece)."""
        return worth(pieces[sq])

    for origin, (owner, piece) in list(pieces.items()):
        if owner != colour:
            continue
        if piece == "knight":
            # The distant capture of every capturable L-square is at least any single one of them.
            total = 0.0
            for sq in geo.knight[origin]:
                occupant = pieces.get(sq)
                if occupant is not None and occupant[0] in opponents:
                    total += worth(occupant)
            best = max(best, total)
        elif piece in ("queen", "rook", "bishop"):
            rays = geo.rays[origin]
            lines = rays if piece == "queen" else rays[0::2] if piece == "rook" else rays[1::2]
            for line in lines:
                for sq in line:
                    occupant = pieces.get(sq)
                    if occupant is None:
                        continue
                    if occupant[0] in opponents and sq not in forbidden:
                        best = max(best, worth(occupant))
                    break
        elif piece == "king":
            for sq in geo.king[origin]:
                occupant = pieces.get(sq)
                if occupant is not None and occupant[0] in opponents and sq not in forbidden:
                    best = max(best, worth(occupant))
        elif piece == "pawn":
            rays = geo.rays[origin]
            for i in (1, 7) if pawn_forward(colour) > 0 else (3, 5):
                if rays[i]:
                    sq = rays[i][0]
                    occupant = pieces.get(sq)
                    if occupant is not None and occupant[0] in opponents and sq not in forbidden:
                        best = max(best, worth(occupant))
        elif piece == "princess":
            for line in geo.rays[origin]:
                path = line[:PRINCESS_REACH]
                # A jump onto any capturable square of the path (what stands between is ignored).
                for sq in path:
                    occupant = pieces.get(sq)
                    if occupant is not None and occupant[0] in opponents and sq not in forbidden:
                        best = max(best, worth(occupant))
                best = max(best, _sweep(pieces, opponents, forbidden, path, PRINCESS_REACH, take))
        elif piece == "prince":
            for path in geo.prince[origin]:
                best = max(best, _sweep(pieces, opponents, forbidden, path, PRINCE_REACH, take))
    return best


def _sweep(
    pieces: Mapping[str, tuple[str, str]],
    opponents: frozenset[str],
    forbidden: frozenset[str],
    path: tuple[str, ...],
    most: int,
    take: Callable[[str], float],
) -> float:
    """The most a sweep along `path` takes (J9): every Opponent piece up to `most`, ending on the
    last one taken (never in a Rival's Kingdom); any other piece stops it."""
    best = 0.0
    total = 0.0
    count = 0
    for sq in path:
        if count == most:
            break
        occupant = pieces.get(sq)
        if occupant is None:
            continue
        if occupant[0] not in opponents:
            break
        count += 1
        total += take(sq)
        if sq not in forbidden:
            best = max(best, total)
    return best
