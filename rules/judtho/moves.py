"""The moves of the pieces (rulebook Section 2) and the legal moves of an army.

Only Opponents' pieces are captured (2.1); a piece may cross a Rival's Kingdom but not finish a
move there (J19). Repetition (J21) is the engine's business: it needs the game's history.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from functools import cache
from itertools import combinations

from rules.judtho.board import (
    COLOURS,
    Board,
    Position,
    Relation,
    initial_relation,
    pawn_forward,
    promotion_rank,
    square_coords,
    square_name,
)
from rules.judtho.notation import Move, Pass, make_move
from rules.judtho.pieces import PROMOTIONS

QUEEN_DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ROOK_DIRECTIONS = QUEEN_DIRECTIONS[0::2]
BISHOP_DIRECTIONS = QUEEN_DIRECTIONS[1::2]
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
PRINCESS_REACH = 4
"""2.5.1: up to four squares, up to four captures."""
PRINCE_REACH = 3
"""2.5.2: up to three squares, up to three captures."""
PRINCE_OPTIONS = ("prince_b", "prince_c")
"""J8's Prince variants (ruleset options; at most one): `prince_b` enters the neighbouring line by a
free sideways step, `prince_c` by a sideways step that counts as one of his three."""
DISTANT_ALL_AND_SINGLES = "distant_all_and_singles"
"""A generation option (not a ruleset option): list only the all-and-singles distant captures."""


# --------------------------------------------------------------------------- geometry


class Geometry:
    """Every line a piece can follow from every square of one board, computed once."""

    def __init__(self, board: Board) -> None:
        def ray(sq: str, df: int, dr: int, limit: int) -> tuple[str, ...]:
            f, r = square_coords(sq)
            out = []
            for k in range(1, limit + 1):
                ff, rr = f + k * df, r + k * dr
                if not (0 <= ff < board.files and 0 <= rr < board.ranks):
                    break
                out.append(square_name(ff, rr))
            return tuple(out)

        long = max(board.files, board.ranks)
        self.rays = {sq: tuple(ray(sq, df, dr, long) for df, dr in QUEEN_DIRECTIONS) for sq in board.squares}
        self.king = {sq: tuple(r[0] for r in self.rays[sq] if r) for sq in board.squares}
        self.knight = {sq: _jumps(board, sq, KNIGHT_STEPS) for sq in board.squares}
        self.prince = {sq: _prince_paths(board, sq) for sq in board.squares}
        self.prince_b = {sq: _prince_shifted_paths(board, sq, free_shift=True) for sq in board.squares}
        self.prince_c = {sq: _prince_shifted_paths(board, sq, free_shift=False) for sq in board.squares}
        self.rook_rays = {sq: rays[0::2] for sq, rays in self.rays.items()}
        self.bishop_rays = {sq: rays[1::2] for sq, rays in self.rays.items()}
        self.princess_paths = {sq: tuple(line[:PRINCESS_REACH] for line in rays) for sq, rays in self.rays.items()}
        self.knight_in_board_order = {sq: tuple(sorted(jumps, key=square_coords)) for sq, jumps in self.knight.items()}
        """The Knight's L-squares sorted as a distant capture lists them (notation's board order)."""
        self.rank = {sq: square_coords(sq)[1] for sq in board.squares}

    def prince_paths(self, options: Collection[str]) -> dict[str, tuple[tuple[str, ...], ...]]:
        """The Prince's paths under the ruleset options (J8): the default, `prince_b` or `prince_c`."""
        if "prince_b" in options:
            return self.prince_b
        if "prince_c" in options:
            return self.prince_c
        return self.prince


def _jumps(board: Board, sq: str, steps: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    f, r = square_coords(sq)
    return tuple(
        square_name(f + df, r + dr) for df, dr in steps if 0 <= f + df < board.files and 0 <= r + dr < board.ranks
    )


def _on_board(board: Board, steps: Iterable[tuple[int, int]]) -> tuple[str, ...]:
    """The squares of a path's steps (file, rank) up to the first one off the board."""
    squares = []
    for f, r in steps:
        if not (0 <= f < board.files and 0 <= r < board.ranks):
            break
        squares.append(square_name(f, r))
    return tuple(squares)


def _prince_paths(board: Board, sq: str) -> tuple[tuple[str, ...], ...]:
    """J8 default (§4.6): for each orthogonal direction d and lateral offset l in {-1, 0, +1},
    the path origin + k·d + l·perp(d), k = 1..3 — straight ahead, or a diagonal first step and
    then parallel to his own line, every step moving further away."""
    f, r = square_coords(sq)
    paths = []
    for df, dr in ROOK_DIRECTIONS:
        pf, pr = dr, -df  # perpendicular to d
        for lat in (-1, 0, 1):
            path = _on_board(board, ((f + k * df + lat * pf, r + k * dr + lat * pr)
                                     for k in range(1, PRINCE_REACH + 1)))
            if path:
                paths.append(path)
    return tuple(paths)


def _prince_shifted_paths(board: Board, sq: str, *, free_shift: bool) -> tuple[tuple[str, ...], ...]:
    """J8 variants: for each orthogonal direction d, straight ahead up to three squares, or first a
    sideways step onto a neighbouring line (origin + l·perp(d), l = ±1) and then straight on along
    d. `prince_b` (free_shift): the sideways step is free, then up to three steps (a path of up to
    four squares, reaching the same 32 squares as the default by another way). `prince_c`: the
    sideways step is one of his three (then up to two steps; 24 squares). He never jumps, so the
    sideways square is part of the path (it must be empty, or swept)."""
    f, r = square_coords(sq)
    paths = []
    for df, dr in ROOK_DIRECTIONS:
        pf, pr = dr, -df  # perpendicular to d
        for lat in (-1, 0, 1):
            path = []
            steps = PRINCE_REACH if lat == 0 or free_shift else PRINCE_REACH - 1
            if lat:
                path.append((f + lat * pf, r + lat * pr))
            path += [(f + lat * pf + k * df, r + lat * pr + k * dr) for k in range(1, steps + 1)]
            squares = _on_board(board, path)
            if len(squares) > (1 if lat else 0):  # a sideways step alone is the straight step of another path
                paths.append(squares)
    return tuple(paths)


@cache
def geometry(board: Board) -> Geometry:
    return Geometry(board)


def knight_attacks(position: Position, square: str) -> tuple[str, ...]:
    """The (up to 8) L-squares a Knight on `square` attacks (2.5.3): its jumps, its distant
    captures, and — holding an Opponent's King — a knatch (J11)."""
    return geometry(position.board).knight[square]


# --------------------------------------------------------------------------- the context of one army's turn


class _Turn:
    """What one army may capture and where it may not finish, for the moves of one turn."""

    __slots__ = ("colour", "distant_few", "forbidden", "forward", "geo", "last_rank", "opponents", "options",
                 "pawn_diagonals", "pieces", "prince")

    def __init__(self, position: Position, colour: str, relation: Relation, options: Collection[str]) -> None:
        board = position.board
        self.colour = colour
        self.pieces = position.pieces
        self.geo = geometry(board)
        self.options = options
        self.prince = self.geo.prince_paths(options)
        present = [c for c in COLOURS if c in board.colours]
        self.opponents = frozenset(c for c in present if relation(colour, c) == "opponent")
        self.forbidden: frozenset[str] = frozenset().union(
            *(board.kingdoms[c] for c in present if c != colour and relation(colour, c) == "rival")
        )
        self.forward = pawn_forward(colour)
        self.last_rank = promotion_rank(colour) - 1
        diagonals: tuple[int, ...] = (1, 7) if self.forward > 0 else (3, 5)
        self.pawn_diagonals = (1, 3, 5, 7) if "pawn_any_diagonal" in options else diagonals
        self.distant_few = DISTANT_ALL_AND_SINGLES in options

    def capturable(self, sq: str) -> bool:
        """2.1: only an Opponent's piece may be captured."""
        occupant = self.pieces.get(sq)
        return occupant is not None and occupant[0] in self.opponents


# --------------------------------------------------------------------------- the pieces
# The generators read the board through local names and make their moves with `make_move`: they
# are the engine's inner loop (every legal-move list, every search node).


def _displacement(t: _Turn, piece: str, origin: str, targets: Iterator[str] | tuple[str, ...]) -> Iterator[Move]:
    """Moves onto each target that is empty or holds an Opponent's piece (captured)."""
    get = t.pieces.get
    opponents = t.opponents
    for sq in targets:
        occupant = get(sq)
        if occupant is None:
            yield make_move(piece, origin, sq)
        elif occupant[0] in opponents:
            yield make_move(piece, origin, sq, (sq,))


def king_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.3: one square in any direction; no check, so moving into attack is legal (J1)."""
    return _displacement(t, "king", origin, t.geo.king[origin])


def _slides(t: _Turn, piece: str, origin: str, rays: Iterator[tuple[str, ...]] | tuple[tuple[str, ...], ...]
            ) -> Iterator[Move]:
    get = t.pieces.get
    opponents = t.opponents
    for line in rays:
        for sq in line:
            occupant = get(sq)
            if occupant is None:
                yield make_move(piece, origin, sq)
                continue
            if occupant[0] in opponents:
                yield make_move(piece, origin, sq, (sq,))
            break


def queen_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.4.1: any distance in any direction, no jumping, one capture."""
    return _slides(t, "queen", origin, t.geo.rays[origin])


def rook_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.4.2: any distance along a rank or file."""
    return _slides(t, "rook", origin, t.geo.rook_rays[origin])


def bishop_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.4.3: any distance along a diagonal."""
    return _slides(t, "bishop", origin, t.geo.bishop_rays[origin])


def _sweeps(t: _Turn, piece: str, origin: str, path: tuple[str, ...], most: int) -> Iterator[Move]:
    """J9: along one path, take every Opponent piece on it and end on the last one taken; any
    other piece blocks; empty squares between captures are crossed; at most `most` captures.
    Also the quiet moves up to the first piece (for the Prince, who never jumps)."""
    get = t.pieces.get
    opponents = t.opponents
    captured: tuple[str, ...] = ()
    for sq in path:
        if len(captured) == most:
            return
        occupant = get(sq)
        if occupant is None:
            if not captured:
                yield make_move(piece, origin, sq)
            continue
        if occupant[0] not in opponents:
            return
        captured += (sq,)
        yield make_move(piece, origin, sq, captured)


def princess_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.5.1, J9: up to four squares along one of the eight lines, either a jump (ignoring what
    stands between; the destination empty or captured) or a sweep of up to four captures —
    never both. A jump-capture and a one-piece sweep onto the same square are one move."""
    get = t.pieces.get
    opponents = t.opponents
    for path in t.geo.princess_paths[origin]:
        yield from _displacement(t, "princess", origin, path)
        # a sweep of two or more: at least two Opponents on the path, before anything else
        if sum(1 for sq in path if (o := get(sq)) is not None and o[0] in opponents) > 1:
            for move in _sweeps(t, "princess", origin, path, PRINCESS_REACH):
                if len(move.captures) > 1:  # one capture: the same move as the jump onto that square
                    yield move


def prince_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.5.2, J8, J9: along a path of §4.6 (straight, or a diagonal step then parallel), up to
    three squares — or of the variants `prince_b`/`prince_c` (a sideways step, then straight on);
    he never jumps; a sweep takes up to three pieces. Two paths giving the same destination and
    captures (a diagonal neighbour) give one move."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for path in t.prince[origin]:
        for move in _sweeps(t, "prince", origin, path, PRINCE_REACH):
            key = (move.to, move.captures)
            if key not in seen:
                seen.add(key)
                yield move


def knight_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.5.3: the L-jump, never blocked, capturing on arrival; or, instead of moving, removing any
    non-empty set of the capturable pieces on its L-squares (J10, up to 2⁸ − 1 choices).
    With the option `distant_all_and_singles` only "all of them" and each single one are listed
    (§4.7: what a computer seat considers)."""
    yield from _displacement(t, "knight", origin, t.geo.knight[origin])
    get = t.pieces.get
    opponents = t.opponents
    targets = tuple(sq for sq in t.geo.knight_in_board_order[origin]
                    if (o := get(sq)) is not None and o[0] in opponents)
    if not targets:
        return
    if t.distant_few:
        for sq in targets:
            yield make_move("knight", origin, origin, (sq,))
        if len(targets) > 1:
            yield make_move("knight", origin, origin, targets)
        return
    for n in range(1, len(targets) + 1):
        for subset in combinations(targets, n):
            yield make_move("knight", origin, origin, subset)


def pawn_moves(t: _Turn, origin: str) -> Iterator[Move]:
    """2.2, J14, J15: one or two squares forwards (fixed direction) onto an empty square; the
    two-square move may jump a Pawn of any colour, nothing else; a capture one square
    diagonally forwards; promotion on the promotion rank to any piece but a King; no en passant.
    Option `pawn_any_diagonal`: it captures on all four diagonals."""
    pieces = t.pieces
    rays = t.geo.rays[origin]
    ahead = rays[0] if t.forward > 0 else rays[4]
    targets: list[tuple[str, tuple[str, ...]]] = []
    if ahead and ahead[0] not in pieces:
        targets.append((ahead[0], ()))
    if len(ahead) > 1 and ahead[1] not in pieces:
        between = pieces.get(ahead[0])
        if between is None or between[1] == "pawn":
            targets.append((ahead[1], ()))
    opponents = t.opponents
    for i in t.pawn_diagonals:
        ray = rays[i]
        if ray and (o := pieces.get(ray[0])) is not None and o[0] in opponents:
            targets.append((ray[0], (ray[0],)))
    rank = t.geo.rank
    last = t.last_rank
    for to, captures in targets:
        if rank[to] == last:
            for new in PROMOTIONS:
                yield make_move("pawn", origin, to, captures, new)
        else:
            yield make_move("pawn", origin, to, captures)


PIECE_MOVES = {
    "king": king_moves,
    "queen": queen_moves,
    "rook": rook_moves,
    "bishop": bishop_moves,
    "knight": knight_moves,
    "prince": prince_moves,
    "princess": princess_moves,
    "pawn": pawn_moves,
}


# --------------------------------------------------------------------------- legal moves


def moves_from(
    position: Position,
    square: str,
    relation: Relation = initial_relation,
    options: Collection[str] = (),
) -> list[Move]:
    """The legal moves of the piece on `square` (§4.8, without repetition)."""
    colour, piece = position.pieces[square]
    t = _Turn(position, colour, relation, options)
    return [m for m in PIECE_MOVES[piece](t, square) if m.to not in t.forbidden or m.distant]


def legal_moves(
    position: Position,
    colour: str,
    relation: Relation = initial_relation,
    options: Collection[str] = (),
) -> list[Move | Pass]:
    """Every legal move of `colour` (§4.8): the pieces' moves, captures of Opponents only (2.1),
    none finishing in a Rival's Kingdom (J19; a Knight's distant capture does not finish
    anywhere new). With none, the one legal action is `Pass` (J20). Repetition (J21) is left
    to the engine."""
    t = _Turn(position, colour, relation, options)
    forbidden = t.forbidden
    out: list[Move | Pass] = []
    generators = PIECE_MOVES
    for square, (owner, piece) in list(position.pieces.items()):
        if owner != colour:
            continue
        if forbidden:
            out += [m for m in generators[piece](t, square) if m.to not in forbidden or m.to == m.origin]
        else:
            out += generators[piece](t, square)
    return out or [Pass()]


def apply_move(position: Position, move: Move | Pass) -> Position:
    """The position after `move`: the captured pieces removed, the piece moved (and promoted).
    Conquest and its placements (§5) are the engine's business."""
    after = position.copy()
    if isinstance(move, Pass):
        return after
    pieces = after.pieces
    for sq in move.captures:
        del pieces[sq]
    colour, piece = pieces.pop(move.origin)
    pieces[move.to] = (colour, move.promote or piece)
    return after


def next_colour(position: Position, colour: str) -> str:
    """The next army in the plain turn order of the board (1.2.3; alliances may change it, §6.3)."""
    order = position.board.colours
    return order[(order.index(colour) + 1) % len(order)]


def perft(
    position: Position,
    colour: str,
    depth: int,
    relation: Relation = initial_relation,
    options: Collection[str] = (),
) -> int:
    """The number of move sequences of length `depth` from `colour` on, in plain turn order,
    with fixed relationships and no Conquest handling (a benchmark and a generator check)."""
    moves = legal_moves(position, colour, relation, options)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    nxt = next_colour(position, colour)
    return sum(perft(apply_move(position, m), nxt, depth - 1, relation, options) for m in moves)
