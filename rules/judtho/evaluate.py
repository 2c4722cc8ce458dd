"""How good a Judtho position is for one army, for the computer seats' search (issue 4, "AI").

The score is from `colour`'s side: its own and its Allies' pieces count for it, its Opponents'
against it, and a Rival's count for nothing (1.1.3: Rivals cannot capture each other, so a
Rival's loss helps only while the Rivalry lasts — weighed 0). Parts, largest first:

- **Conquest** (1.1.6, 5.1): an army whose King is gone (Regicide), attacked by an Opponent's
  Knight (knatch, J11: state-based, so such a King is already lost) or left with its King alone
  (Annihilation, J13) is conquered: `CONQUEST` points, more than any army's whole material.
- **Material** (1.4.1, J16): the value table of the variant (Table 1 Quattro/Trio, Table 2 Duo).
- **King safety**: an Opponent's Knight one jump from a square that attacks the King (the next
  move knatches, J11); an Opponent's piece that can capture the King now (Regicide); Opponent
  pieces close to the King.
- **Hanging material**: half the most one Opponent move could capture from the side next.
- **Mobility** and **pawn advance** (towards promotion, 2.2, J14), a little each.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.judtho.board import COLOURS, Position, Relation, pawn_forward, square_name
from rules.judtho.moves import DISTANT_ALL_AND_SINGLES, PRINCE_REACH, PRINCESS_REACH, geometry, legal_moves

CONQUEST = 200.0
"""A conquered army (1.1.6): worth more than any army's material (60 in Table 1)."""
KNATCH_THREAT = 6.0
"""An Opponent Knight one jump from a square attacking the King (J11: the next move knatches)."""
KING_ATTACKED = 8.0
"""An Opponent piece that can capture the King on its next move (Regicide, 1.1.6)."""
KING_CROWD = 0.5
"""An Opponent piece within two squares of the King."""
MOBILITY = 0.02
"""Per legal move of the army being scored (a little: more choice is better)."""
HANGING = 0.5
"""Of the most an Opponent could capture from the army's side next (a sweep counts whole): a
two-ply search does not see the Opponents who move after the next one."""
PAWN_STEP = 0.05
"""Per rank a Pawn has travelled towards its promotion rank (2.2, J14)."""

_COORDS = {square_name(f, r): (f, r) for f in range(12) for r in range(12)}
"""Square -> (file, rank), looked up rather than parsed: the evaluation runs thousands of times a move."""


def memo(relation: Relation) -> Relation:
    """The same relation, looked up in a table of the four colours (it is called very often)."""
    table = {(a, b): relation(a, b) for a in COLOURS for b in COLOURS}

    def related(a: str, b: str) -> str:
        return table[(a, b)]

    return related


SIGNS = {"self": 1.0, "ally": 1.0, "opponent": -1.0, "rival": 0.0}
"""How another army's fortune counts for the army being scored (1.1.3, §6)."""


def present_colours(position: Position) -> list[str]:
    """The armies with at least one piece on the board, in turn order."""
    on_board = {colour for colour, _ in position.pieces.values()}
    return [c for c in position.board.colours if c in on_board]


def kings(position: Position) -> dict[str, str]:
    """Colour -> the square of its King."""
    return {colour: sq for sq, (colour, piece) in position.pieces.items() if piece == "king"}


def knatched_kings(position: Position, relation: Relation) -> list[str]:
    """The colours whose King an Opponent's Knight attacks (J11: knatched at once), in turn order."""
    knight_jumps = geometry(position.board).knight
    found = []
    for colour, sq in sorted(kings(position).items(), key=lambda item: position.board.colours.index(item[0])):
        for jump in knight_jumps[sq]:
            occupant = position.pieces.get(jump)
            if occupant and occupant[1] == "knight" and relation(occupant[0], colour) == "opponent":
                found.append(colour)
                break
    return found


def conquered(position: Position, relation: Relation) -> set[str]:
    """The armies on the board that are conquered (5.1): no King (Regicide), a King attacked by
    an Opponent's Knight (knatch, J11) or a King alone (Annihilation, J13)."""
    out = set(knatched_kings(position, relation))
    king_at = kings(position)
    counts: dict[str, int] = {}
    for colour, _ in position.pieces.values():
        counts[colour] = counts.get(colour, 0) + 1
    for colour in present_colours(position):
        if colour not in king_at or counts[colour] == 1:
            out.add(colour)
    return out


def _slider_reaches(
    position: Position, origin: str, target: str, directions: range | tuple[int, ...], limit: int, jump: bool
) -> bool:
    rays = geometry(position.board).rays[origin]
    for i in directions:
        for sq in rays[i][:limit]:
            if sq == target:
                return True
            if not jump and sq in position.pieces:
                break
    return False


def attacks(position: Position, origin: str, target: str) -> bool:
    """Whether the piece on `origin` could capture on `target` with its next move, by the pieces'
    geometry (2.2–2.5.3; whose piece stands on `target` is the caller's business). A Knight's
    attack on a King is a knatch (J11) and is not counted here."""
    colour, piece = position.pieces[origin]
    geo = geometry(position.board)
    if piece == "king":
        return target in geo.king[origin]
    if piece == "pawn":
        (f, r), (tf, tr) = _COORDS[origin], _COORDS[target]
        return abs(tf - f) == 1 and tr - r == pawn_forward(colour)
    if piece == "queen":
        return _slider_reaches(position, origin, target, range(8), 99, False)
    if piece == "rook":
        return _slider_reaches(position, origin, target, (0, 2, 4, 6), 99, False)
    if piece == "bishop":
        return _slider_reaches(position, origin, target, (1, 3, 5, 7), 99, False)
    if piece == "princess":  # 2.5.1: a jump onto the target ignores what stands between
        return _slider_reaches(position, origin, target, range(8), PRINCESS_REACH, True)
    if piece == "prince":  # 2.5.2, J8: a path whose earlier squares are empty (or swept; approximated)
        for path in geo.prince[origin]:
            if target in path[:PRINCE_REACH]:
                before = path[: path.index(target)]
                if all(sq not in position.pieces for sq in before):
                    return True
        return False
    return False


def king_danger(position: Position, colour: str, king_square: str, relation: Relation) -> float:
    """How threatened `colour`'s King on `king_square` is (1.1.6, J11): Opponent Knights one jump
    from a knatch square, Opponent pieces that can capture the King, Opponent pieces nearby."""
    geo = geometry(position.board)
    kf, kr = _COORDS[king_square]
    knatch_squares = set(geo.knight[king_square])
    danger = 0.0
    enemies = {c for c in position.board.colours if relation(c, colour) == "opponent"}
    for sq, (owner, piece) in position.pieces.items():
        if owner not in enemies:
            continue
        f, r = _COORDS[sq]
        near = max(abs(f - kf), abs(r - kr))
        if piece == "knight":
            if any(j in knatch_squares for j in geo.knight[sq]):
                danger += KNATCH_THREAT
            continue
        if near <= 2:
            danger += KING_CROWD
        if near <= 4 or piece in ("queen", "rook", "bishop"):
            if attacks(position, sq, king_square):
                danger += KING_ATTACKED
    return danger


def hanging(
    position: Position,
    colour: str,
    relation: Relation,
    values: Mapping[str, int],
    signs: Mapping[str, float],
    lost: set[str],
) -> float:
    """The most material of `colour`'s side (itself and its Allies) that one Opponent move could
    capture now (2.1; a sweep, J9, or a Knight's distant capture, J10, counts whole)."""
    worst = 0.0
    pieces = position.pieces
    for enemy, sign in signs.items():
        if sign >= 0 or enemy in lost:
            continue
        for move in legal_moves(position, enemy, relation, (DISTANT_ALL_AND_SINGLES,)):
            captures = getattr(move, "captures", ())
            if captures:
                taken = sum(values.get(pieces[sq][1], 0) for sq in captures if signs[pieces[sq][0]] > 0)
                worst = max(worst, taken)
    return worst


def evaluate(position: Position, colour: str, relation: Relation, values: Mapping[str, int]) -> float:
    """The position's worth for `colour` and its Allies, minus its Opponents' (Rivals weigh 0).
    See the module docstring for the parts and their weights."""
    signs = {c: SIGNS[relation(colour, c)] for c in present_colours(position)}
    lost = conquered(position, relation)
    score = 0.0
    for c in lost:
        score -= signs[c] * CONQUEST
    for sq, (owner, piece) in position.pieces.items():
        sign = signs[owner]
        if not sign:
            continue
        score += sign * values.get(piece, 0)
        if piece == "pawn":
            r = _COORDS[sq][1]
            travelled = r if pawn_forward(owner) > 0 else position.board.ranks - 1 - r
            score += sign * PAWN_STEP * travelled
    for c, sq in kings(position).items():
        if signs[c] and c not in lost:
            score -= signs[c] * king_danger(position, c, sq, relation)
    score -= HANGING * hanging(position, colour, relation, values, signs, lost)
    if colour in signs and colour not in lost:
        score += MOBILITY * len(legal_moves(position, colour, relation, (DISTANT_ALL_AND_SINGLES,)))
    return score
