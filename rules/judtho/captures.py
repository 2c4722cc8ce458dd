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

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from rules.judtho.board import Board, Position, Relation, pawn_forward
from rules.judtho.moves import PRINCE_REACH, PRINCESS_REACH, geometry

Worth = Callable[[tuple[str, str]], float]
"""What taking one piece `(colour, piece)` is worth to whoever asks (0 for a piece that does not count)."""


def opponent_armies(board: Board, colour: str, relation: Relation) -> frozenset[str]:
    """The armies on `board` whose pieces `colour` may capture: its Opponents (2.1)."""
    return frozenset(c for c in board.colours if relation(colour, c) == "opponent")


def forbidden_squares(board: Board, colour: str, relation: Relation) -> frozenset[str]:
    """The squares where `colour`'s moves may not finish: its Rivals' Kingdoms (J19)."""
    rivals = [c for c in board.colours if c != colour and relation(colour, c) == "rival"]
    return frozenset().union(*(board.kingdoms[c] for c in rivals))


def most_captured(position: Position, colour: str, relation: Relation, worth: Worth) -> float:
    """The most `worth` that one legal move of `colour` could capture now (a sweep, J9, and a
    Knight's distant capture of all its targets, J10, count whole); 0 when it can take nothing
    that is worth anything. The same as the largest sum of `worth` over the captures of the
    moves `legal_moves(position, colour, relation, (DISTANT_ALL_AND_SINGLES,))` lists."""
    board = position.board
    targets = opponent_armies(board, colour, relation)
    if not targets:
        return 0.0
    own = [(sq, piece) for sq, (owner, piece) in position.pieces.items() if owner == colour]
    return most_taken(position, colour, own, targets, forbidden_squares(board, colour, relation), worth)


def most_taken(position: Position, colour: str, own: Iterable[tuple[str, str]], opponents: Collection[str],
               forbidden: Collection[str], worth: Worth) -> float:
    """`most_captured`, `colour`'s pieces (`own`: square, piece), its Opponents and the squares its
    moves may not finish on (its Rivals' Kingdoms, J19) already known."""
    pieces = position.pieces
    get = pieces.get
    geo = geometry(position.board)
    best = 0.0

    def take(sq: str) -> float:
        """The worth of capturing on `sq` (None-safe: only called on an Opponent's piece)."""
        return worth(pieces[sq])

    diagonals = (1, 7) if pawn_forward(colour) > 0 else (3, 5)
    for origin, piece in own:
        if piece == "pawn":
            rays = geo.rays[origin]
            for i in diagonals:
                if rays[i]:
                    sq = rays[i][0]
                    occupant = get(sq)
                    if occupant is not None and occupant[0] in opponents and sq not in forbidden:
                        best = max(best, worth(occupant))
        elif piece == "knight":
            # The distant capture of every capturable L-square is at least any single one of them.
            total = 0.0
            for sq in geo.knight[origin]:
                if sq in pieces:
                    occupant = pieces[sq]
                    if occupant[0] in opponents:
                        total += worth(occupant)
            if total > best:
                best = total
        elif piece == "queen" or piece == "rook" or piece == "bishop":
            lines = geo.rays[origin] if piece == "queen" else (
                geo.rook_rays[origin] if piece == "rook" else geo.bishop_rays[origin])
            for line in lines:
                for sq in line:
                    if sq not in pieces:  # (asked first: most squares are empty)
                        continue
                    occupant = pieces[sq]
                    if occupant[0] in opponents and sq not in forbidden:
                        best = max(best, worth(occupant))
                    break
        elif piece == "king":
            for sq in geo.king[origin]:
                occupant = get(sq)
                if occupant is not None and occupant[0] in opponents and sq not in forbidden:
                    best = max(best, worth(occupant))
        elif piece == "princess":
            for path in geo.princess_paths[origin]:
                # A jump onto any capturable square of the path (what stands between is ignored).
                seen = False
                for sq in path:
                    if sq not in pieces:
                        continue
                    occupant = pieces[sq]
                    if occupant[0] in opponents:
                        seen = True
                        if sq not in forbidden:
                            best = max(best, worth(occupant))
                if seen:  # a sweep takes nothing from a path without an Opponent piece
                    best = max(best, _sweep(pieces, opponents, forbidden, path, PRINCESS_REACH, take))
        elif piece == "prince":
            for path in geo.prince[origin]:
                best = max(best, _sweep(pieces, opponents, forbidden, path, PRINCE_REACH, take))
    return best


def _sweep(
    pieces: Mapping[str, tuple[str, str]],
    opponents: Collection[str],
    forbidden: Collection[str],
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


# --------------------------------------------------------------------------- who could capture one piece


@dataclass(frozen=True)
class _Toward:
    """Where a piece could stand to capture the piece on one square (the target), by its
    geometry alone, whatever stands between: read backwards from the target."""

    pawns: dict[int, tuple[str, ...]]
    """A Pawn's forward direction (+1, -1) -> the squares from which its diagonal capture lands
    on the target."""
    princess: tuple[tuple[str, tuple[str, ...]], ...]
    """(origin, the Princess's path from it that holds the target), within her reach."""
    prince: tuple[tuple[str, tuple[str, ...]], ...]
    """(origin, a Prince's path from it that holds the target): his plain paths (no J8 option)."""


@cache
def _toward(board: Board) -> dict[str, _Toward]:
    """`_Toward` of every square of `board`, worked out once."""
    geo = geometry(board)
    prince: dict[str, list[tuple[str, tuple[str, ...]]]] = {sq: [] for sq in board.squares}
    for origin, paths in geo.prince.items():
        for path in paths:
            for sq in path:
                prince[sq].append((origin, path))
    out = {}
    for target in board.squares:
        rays = geo.rays[target]
        pawns = {forward: tuple(rays[(i + 4) % 8][0] for i in diagonals if rays[(i + 4) % 8])
                 for forward, diagonals in ((1, (1, 7)), (-1, (3, 5)))}
        princess = tuple((origin, geo.princess_paths[origin][(d + 4) % 8])
                         for d in range(8) for origin in rays[d][:PRINCESS_REACH])
        out[target] = _Toward(pawns, princess, tuple(prince[target]))
    return out


def captors(position: Position, targets: Collection[str], colours: Sequence[str], relation: Relation
            ) -> dict[str, list[str]]:
    """{target: the armies of `colours` (in that order) that have a legal move capturing the piece
    on it}, for the targets some army can capture: the same armies as reading the captures of
    every move `moves.legal_moves(position, colour, relation)` lists (no ruleset option: the
    plain Pawn and Prince), without listing them. Read backwards from each target: the first
    piece along each line (a Queen, a Rook or Bishop on its lines, a King next to it), a Pawn on
    a diagonal behind it, a Knight an L away (its distant capture is always allowed, J10), a
    Princess within four on a line (a jump, or a sweep through it, J9), a Prince with a path
    through it (a sweep); only an Opponent's piece is taken (2.1) and a move may not finish in
    a Rival's Kingdom (J19)."""
    pieces = position.pieces
    get = pieces.get
    geo = geometry(position.board)
    toward = _toward(position.board)
    sides: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def side(colour: str) -> tuple[frozenset[str], frozenset[str]]:
        """(`colour`'s Opponents, the squares its moves may not finish on), read once per call."""
        found = sides.get(colour)
        if found is None:
            board = position.board
            found = (opponent_armies(board, colour, relation), forbidden_squares(board, colour, relation))
            sides[colour] = found
        return found

    out: dict[str, list[str]] = {}
    for target in targets:
        victim = pieces[target][0]
        # (owner, whether its move finishes on the target) of every piece placed to take it
        placed: list[tuple[str, bool]] = []
        for d, line in enumerate(geo.rays[target]):
            for k, sq in enumerate(line):
                occupant = get(sq)
                if occupant is None:
                    continue
                piece = occupant[1]
                if (piece == "queen" or (piece == "rook" and not d % 2) or (piece == "bishop" and d % 2)
                        or (piece == "king" and k == 0)):
                    placed.append((occupant[0], True))
                break
        for sq in geo.knight[target]:
            occupant = get(sq)
            if occupant is not None and occupant[1] == "knight":
                placed.append((occupant[0], False))
        for forward, origins in toward[target].pawns.items():
            for sq in origins:
                occupant = get(sq)
                if occupant is not None and occupant[1] == "pawn" and pawn_forward(occupant[0]) == forward:
                    placed.append((occupant[0], True))
        by = {owner for owner, finishing in placed if owner in colours
              and victim in side(owner)[0] and not (finishing and target in side(owner)[1])}
        for piece, reach, paths in (("princess", PRINCESS_REACH, toward[target].princess),
                                    ("prince", PRINCE_REACH, toward[target].prince)):
            for origin, path in paths:
                occupant = get(origin)
                if occupant is None or occupant[1] != piece or occupant[0] in by or occupant[0] not in colours:
                    continue
                opponents, forbidden = side(occupant[0])
                if victim not in opponents:
                    continue
                # The Princess's jump onto the target ignores what stands between (2.5.1).
                if (piece == "princess" and target not in forbidden) or _sweeps_through(
                        pieces, opponents, forbidden, path, reach, target):
                    by.add(occupant[0])
        if by:
            out[target] = [c for c in colours if c in by]
    return out


def _sweeps_through(pieces: Mapping[str, tuple[str, str]], opponents: frozenset[str], forbidden: frozenset[str],
                    path: tuple[str, ...], most: int, target: str) -> bool:
    """Whether a sweep along `path` (J9) takes the piece on `target`: `_sweep` counting that piece
    alone finds an ending (on an Opponent piece taken at or after it, not in a Rival's Kingdom)."""
    return _sweep(pieces, opponents, forbidden, path, most, lambda sq: 1.0 if sq == target else 0.0) > 0
