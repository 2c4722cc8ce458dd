"""How good a Judtho position is for one army, for the computer seats' search.

The score is from `colour`'s side: its own and its Allies' pieces count for it, its Opponents'
against it, and a Rival's count for nothing (1.1.3: Rivals cannot capture each other, so a
Rival's loss helps only while the Rivalry lasts — weighed 0). Parts, largest first:

- **Conquest** (1.1.6, 5.1): an army whose King is gone (Regicide), attacked by an Opponent's
  Knight (knatch, J11: state-based, so such a King is already lost) or left with its King alone
  (Annihilation, J13) is conquered: `CONQUEST` points, more than any army's whole material.
- **Material** (1.4.1, J16): the value table of the variant (Table 1 Quattro/Trio, Table 2 Duo).
- **King safety** (1.1.6, J11), by who moves first. An Opponent piece that can conquer a King
  with its next move — a Knight that can jump to a square attacking it (the knatch is at
  once, J11: guarding that square does not help) or a piece that can capture it (Regicide) —
  is `IMMINENT`, nearly a Conquest, when its army moves before the King's army (`upcoming`:
  the turn order from the next mover), since only the armies in between can still stop it;
  `THREAT` when the King's army moves first and can answer (move the King, take the piece, or
  stand a piece the Knight may not take on its landing squares). An Opponent Knight two jumps
  from a knatch square, and Opponent pieces close to the King, weigh a little. The same
  counts for an Ally's King (it is the side's Conquest too, §6) and, with the sign turned,
  for an Opponent's King: a knatch by one's own Knight is a winning Conquest.
- **Hanging material**: half the most one move of an Opponent who moves before `colour` again
  could capture from the side (the search does not reach the Opponents who move after the next
  one; those who move after `colour` can be answered first).
- **Pawn advance** (towards promotion, 2.2, J14), a little. (Mobility is not counted: listing
  the moves at every leaf cost a third of the search's time, for less than the third ply.)
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cache

from rules.judtho.board import COLOURS, Board, Position, Relation, pawn_forward, square_name
from rules.judtho.captures import forbidden_squares, most_taken, opponent_armies
from rules.judtho.moves import PRINCE_REACH, PRINCESS_REACH, geometry

CONQUEST = 200.0
"""A conquered army (1.1.6): worth more than any army's material (60 in Table 1)."""
IMMINENT = 80.0
"""A King that an Opponent moving before its army can conquer with one move (J11 knatch or
Regicide): most of a Conquest, more than any exchange of pieces (the Allies moving in between
may still save it, so not all of `CONQUEST`)."""
THREAT = 6.0
"""Each Opponent piece that could conquer the King next move, when the King's army moves first."""
KNIGHT_NEAR = 1.5
"""An Opponent Knight two jumps from a square attacking the King (J11)."""
KING_CROWD = 0.5
"""An Opponent piece within two squares of the King."""
HANGING = 0.5
"""Of the most an Opponent could capture from the army's side next (a sweep counts whole): a
two-ply search does not see the Opponents who move after the next one."""
PAWN_STEP = 0.05
"""Per rank a Pawn has travelled towards its promotion rank (2.2, J14)."""

_COORDS = {square_name(f, r): (f, r) for f in range(12) for r in range(12)}
"""Square -> (file, rank), looked up rather than parsed: the evaluation runs thousands of times a move."""


_ZONES: dict[Board, dict[str, _Zone]] = {}
"""Board -> King's square -> `_Zone`, filled as Kings stand on squares."""

_FIXED: weakref.WeakKeyDictionary[Relation, dict[Board, _Sides]] = weakref.WeakKeyDictionary()
"""The relations `memo` made (a fixed table, so each always answers the same) -> their `_Sides` by board."""


def memo(relation: Relation) -> Relation:
    """The same relation, looked up in a table of the four colours (it is called very often); the
    evaluation reads what it says once (`_Sides`), since it always answers the same."""
    table = {(a, b): relation(a, b) for a in COLOURS for b in COLOURS}

    def related(a: str, b: str) -> str:
        return table[(a, b)]

    _FIXED[related] = {}
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
    return _knatched(position, kings(position), _sides(position.board, relation))


def _knatched(position: Position, king_at: Mapping[str, str], sides: _Sides) -> list[str]:
    """`knatched_kings`, the Kings' squares (`kings`) and the relationships (`_Sides`) already known."""
    pieces = position.pieces
    found = []
    for colour in position.board.colours:
        sq = king_at.get(colour)
        if sq is None:
            continue
        enemies = sides.enemies[colour]
        for jump in sides.knight[sq]:
            occupant = pieces.get(jump)
            if occupant and occupant[1] == "knight" and occupant[0] in enemies:
                found.append(colour)
                break
    return found


def conquered(position: Position, relation: Relation) -> set[str]:
    """The armies on the board that are conquered (5.1): no King (Regicide), a King attacked by
    an Opponent's Knight (knatch, J11) or a King alone (Annihilation, J13)."""
    counts: dict[str, int] = {}
    for colour, _ in position.pieces.values():
        counts[colour] = counts.get(colour, 0) + 1
    return _conquered(position, kings(position), counts, _sides(position.board, relation))


def _conquered(position: Position, king_at: Mapping[str, str], counts: Mapping[str, int], sides: _Sides) -> set[str]:
    """`conquered`, the Kings' squares, each army's number of pieces and the relationships already known."""
    out = set(_knatched(position, king_at, sides))
    for colour in position.board.colours:
        if counts.get(colour) and (colour not in king_at or counts[colour] == 1):
            out.add(colour)
    return out


@cache
def _line(origin: str, target: str) -> tuple[str, int, tuple[str, ...]] | None:
    """How `target` lies from `origin`: `orthogonal` or `diagonal`, the distance, and the squares
    strictly between; None when not on one line."""
    (f, r), (tf, tr) = _COORDS[origin], _COORDS[target]
    df, dr = tf - f, tr - r
    if df == 0 and dr == 0:
        return None
    if df == 0 or dr == 0:
        kind = "orthogonal"
    elif abs(df) == abs(dr):
        kind = "diagonal"
    else:
        return None
    n = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    return kind, n, tuple(square_name(f + k * sf, r + k * sr) for k in range(1, n))


def attacks(position: Position, origin: str, target: str) -> bool:
    """Whether the piece on `origin` could capture on `target` with its next move, by the pieces'
    geometry (2.2–2.5.3; whose piece stands on `target` is the caller's business). A Knight's
    attack on a King is a knatch (J11) and is not counted here."""
    colour, piece = position.pieces[origin]
    if piece == "king":
        return target in geometry(position.board).king[origin]
    if piece == "pawn":
        (f, r), (tf, tr) = _COORDS[origin], _COORDS[target]
        return abs(tf - f) == 1 and tr - r == pawn_forward(colour)
    if piece in ("queen", "rook", "bishop", "princess"):
        line = _line(origin, target)
        if line is None:
            return False
        kind, n, between = line
        if piece == "princess":  # 2.5.1: a jump onto the target ignores what stands between
            return n <= PRINCESS_REACH
        if (piece == "rook" and kind != "orthogonal") or (piece == "bishop" and kind != "diagonal"):
            return False
        return not any(sq in position.pieces for sq in between)
    if piece == "prince":  # 2.5.2, J8: a path whose earlier squares are empty (or swept; approximated)
        for path in geometry(position.board).prince[origin]:
            if target in path[:PRINCE_REACH]:
                before = path[: path.index(target)]
                if all(sq not in position.pieces for sq in before):
                    return True
        return False
    return False


@cache
def _knight_reach(board: Board, king_square: str) -> tuple[frozenset[str], frozenset[str]]:
    """The squares attacking `king_square` by a Knight's jump (where a Knight knatches it, J11),
    and the squares one jump from those (where a Knight is one move from a knatch)."""
    jumps = geometry(board).knight
    attacking = frozenset(jumps[king_square])
    one_away = frozenset(j for sq in attacking for j in jumps[sq]) - attacking - {king_square}
    return attacking, one_away


def _knight_may_land(position: Position, owner: str, square: str, relation: Relation) -> bool:
    """Whether `owner`'s Knight may finish a jump on `square`: empty or holding an Opponent's piece
    (2.1), and not in a Rival's Kingdom (J19)."""
    occupant = position.pieces.get(square)
    if occupant is not None and relation(owner, occupant[0]) != "opponent":
        return False
    kingdom = position.board.kingdom_of.get(square)
    return kingdom is None or relation(owner, kingdom) != "rival"


@cache
def _reach(board: Board, king_square: str) -> tuple[frozenset[str], frozenset[str]]:
    """The squares from which a piece other than a Knight could ever attack `king_square` by its
    geometry (`attacks`: on one line with it, next to it, or on a Prince's path to it), whatever
    stands between; and the squares within two of it (`KING_CROWD`)."""
    kf, kr = _COORDS[king_square]
    near = frozenset(sq for sq, (f, r) in _COORDS.items() if max(abs(f - kf), abs(r - kr)) <= 2)
    lines = frozenset(sq for sq in _COORDS if _line(sq, king_square) is not None)
    prince = frozenset(
        origin
        for origin, paths in geometry(board).prince.items()
        if any(king_square in path[:PRINCE_REACH] for path in paths)
    )
    return lines | near | prince, near


class _Sides:
    """What the relationships of one board's armies say, read once: how each army's fortune counts
    for each other (`SIGNS`), each army's Opponents (whose pieces it may capture, 2.1), the
    squares its moves may not finish on (a Rival's Kingdom, J19) and the armies whose pieces
    can conquer its King (its Opponents, J11); with the board's tables the evaluation reads."""

    __slots__ = ("enemies", "forbidden", "knight", "opponents", "signs", "steps", "zones")

    def __init__(self, board: Board, relation: Relation) -> None:
        colours = board.colours
        table = {(a, b): relation(a, b) for a in colours for b in colours}
        self.signs = {a: {b: SIGNS[table[(a, b)]] for b in colours} for a in colours}
        """`a` -> `b` -> how `b`'s fortune counts for `a`."""
        self.opponents = {a: opponent_armies(board, a, relation) for a in colours}
        """`a` -> the armies whose pieces `a` may capture (2.1)."""
        self.forbidden = {a: forbidden_squares(board, a, relation) for a in colours}
        """`a` -> the squares where `a`'s moves may not finish (its Rivals' Kingdoms, J19)."""
        self.enemies = {k: frozenset(c for c in colours if c != k and table[(c, k)] == "opponent") for k in colours}
        """`k` -> the armies that are `k`'s Opponents, whose Knights knatch its King (J11)."""
        self.knight = geometry(board).knight
        self.steps = _pawn_steps(board)
        self.zones = _ZONES.setdefault(board, {})
        """The board's tables, kept here to be read without hashing the board at every evaluation."""


_last: tuple[Relation | None, Board | None, _Sides | None] = (None, None, None)
"""The relation, board and `_Sides` asked for last (a search asks with one relation thousands of times)."""


def _sides(board: Board, relation: Relation) -> _Sides:
    """`_Sides` of `relation` on `board`: read once for a relation `memo` made, afresh for any other."""
    global _last
    last = _last
    if last[0] is relation and last[1] is board and last[2] is not None:
        return last[2]
    known = _FIXED.get(relation)
    if known is None:
        return _Sides(board, relation)
    sides = known.get(board)
    if sides is None:
        sides = known[board] = _Sides(board, relation)
    _last = (relation, board, sides)
    return sides


_Tests = dict[str, tuple[tuple[str, ...], ...]]
"""Piece -> the alternatives of squares that must all be empty for it to capture a King: `((),)`
when nothing can stand in its way (a King next to it, a Princess's jump), one alternative per
path for a Prince."""


class _Zone:
    """What a piece on each square could do against a King on one square, by the geometry alone
    (`attacks`, `_knight_reach`, `_reach`), worked out once per board and King's square."""

    __slots__ = ("knights", "others", "two_away")

    def __init__(self, board: Board, king_square: str) -> None:
        geo = geometry(board)
        attacking, one_away = _knight_reach(board, king_square)
        self.knights = {sq: tuple(j for j in geo.knight[sq] if j in attacking) for sq in one_away}
        """A Knight's square one jump from a knatch -> the squares attacking the King it jumps to."""
        self.two_away = _knight_reach_two(board, king_square)
        reach, near = _reach(board, king_square)
        kf, kr = _COORDS[king_square]
        self.others: dict[str, tuple[bool, int, _Tests]] = {}
        """The square of a piece other than a Knight that could ever attack the King or stands
        within two of it -> (whether it is within two, `KING_CROWD`; the rank step towards the
        King when it stands on a neighbouring file, which a Pawn moving that way takes, else 0;
        `_Tests` of the other pieces)."""
        for sq in reach:
            if sq == king_square or sq not in geo.king:  # (`_reach` reads the 12 x 12 grid; Duo is narrower)
                continue
            f, r = _COORDS[sq]
            tests: _Tests = {}
            if king_square in geo.king[sq]:
                tests["king"] = ((),)
            line = _line(sq, king_square)
            if line is not None:
                kind, n, between = line
                tests["queen"] = (between,)
                tests["rook" if kind == "orthogonal" else "bishop"] = (between,)
                if n <= PRINCESS_REACH:
                    tests["princess"] = ((),)
            befores = tuple(
                path[: path.index(king_square)] for path in geo.prince[sq] if king_square in path[:PRINCE_REACH]
            )
            if befores:
                tests["prince"] = befores
            self.others[sq] = (sq in near, kr - r if abs(kf - f) == 1 else 0, tests)


def _zone(board: Board, king_square: str) -> _Zone:
    """`_Zone` of `king_square` on `board`, worked out once."""
    zones = _ZONES.get(board)
    if zones is None:
        zones = _ZONES[board] = {}
    zone = zones.get(king_square)
    if zone is None:
        zone = zones[king_square] = _Zone(board, king_square)
    return zone


def _scan(
    pieces: Mapping[str, tuple[str, str]],
    zone: _Zone,
    sides: _Sides,
    enemies: Iterable[tuple[str, Iterable[tuple[str, str]]]],
) -> tuple[list[str], float]:
    """`_king_scan` on the King's `zone`, asking only the pieces of its Opponents: `enemies` is
    (army, its pieces as (square, piece)) for each."""
    knights, two_away, others = zone.knights, zone.two_away, zone.others
    found: list[str] = []
    lesser = 0.0
    for owner, army in enemies:
        forward = pawn_forward(owner)
        for sq, piece in army:
            if piece == "knight":
                if sq in knights:
                    landings = knights[sq]
                    opponents, forbidden = sides.opponents[owner], sides.forbidden[owner]
                    for j in landings:
                        occupant = pieces.get(j)
                        if (occupant is None or occupant[0] in opponents) and j not in forbidden:
                            found.append(owner)
                            break
                elif sq in two_away:
                    lesser += KNIGHT_NEAR
                continue
            if sq not in others:  # (asked first: most pieces are out of the King's reach)
                continue
            near, pawn_step, tests = others[sq]
            if piece == "pawn":
                if pawn_step == forward:
                    found.append(owner)
            else:
                alternatives = tests.get(piece)
                if alternatives is not None:
                    for before in alternatives:
                        for between in before:
                            if between in pieces:
                                break
                        else:
                            found.append(owner)
                            break
            if near:
                lesser += KING_CROWD
    return found, lesser


def _king_scan(position: Position, colour: str, king_square: str, relation: Relation) -> tuple[list[str], float]:
    """`king_threats`, and the lesser dangers: Opponent Knights two jumps from a knatch square
    (`KNIGHT_NEAR`) and other Opponent pieces within two squares (`KING_CROWD`). Only the pieces
    on a square that could ever attack the King (`_reach`) are asked whether they do, by the
    geometry worked out once for that square (`_Zone`)."""
    board = position.board
    sides = _sides(board, relation)
    enemies = sides.enemies[colour]
    pieces = position.pieces
    armies: dict[str, list[tuple[str, str]]] = {}
    for sq, (owner, piece) in pieces.items():
        if owner in enemies:
            armies.setdefault(owner, []).append((sq, piece))
    return _scan(pieces, _zone(board, king_square), sides, armies.items())


def king_threats(position: Position, colour: str, king_square: str, relation: Relation) -> list[str]:
    """The armies (one entry per piece) that could conquer `colour`'s King on `king_square` with
    their next move (1.1.6, J11): an Opponent Knight that can jump to a square attacking the King
    (a knatch, at once), or any other Opponent piece that can capture it (Regicide)."""
    return _king_scan(position, colour, king_square, relation)[0]


def king_danger(
    position: Position, colour: str, king_square: str, relation: Relation, first: Collection[str] = ()
) -> float:
    """How threatened `colour`'s King on `king_square` is (1.1.6, J11; the module docstring):
    `first` are the armies that move before `colour` does again."""
    return _danger(*_king_scan(position, colour, king_square, relation), first)


def _danger(threats: Sequence[str], lesser: float, first: Collection[str]) -> float:
    """`king_danger` of a King whose scan (`_king_scan`) found `threats` and `lesser`."""
    danger = THREAT * len(threats) + lesser
    if any(owner in first for owner in threats):
        danger += IMMINENT
    return danger


@cache
def _knight_reach_two(board: Board, king_square: str) -> frozenset[str]:
    """The squares two jumps from a square attacking `king_square` (J11)."""
    attacking, one_away = _knight_reach(board, king_square)
    jumps = geometry(board).knight
    return frozenset(j for sq in one_away for j in jumps[sq]) - one_away - attacking - {king_square}


def movers_before(upcoming: Sequence[str], colour: str) -> frozenset[str]:
    """The armies in `upcoming` (the turn order from the next mover) that move before `colour`."""
    if colour in upcoming:
        return frozenset(upcoming[: list(upcoming).index(colour)])
    return frozenset(upcoming)


def next_movers(position: Position, colour: str) -> list[str]:
    """The plain turn order after `colour` has moved (1.2.3): the next mover first, `colour` last."""
    order = list(position.board.colours)
    i = order.index(colour)
    return order[i + 1 :] + order[: i + 1]


def hanging(
    position: Position,
    colour: str,
    relation: Relation,
    values: Mapping[str, int],
    signs: Mapping[str, float],
    lost: set[str],
    first: Collection[str] | None = None,
) -> float:
    """The most material of `colour`'s side (itself and its Allies) that one Opponent move could
    capture now (2.1; a sweep, J9, or a Knight's distant capture, J10, counts whole); only the
    Opponents in `first` (those who move before `colour` again) when it is given. Captures only
    (`captures.most_captured`): no move list is built."""
    sides = _sides(position.board, relation)
    armies: dict[str, list[tuple[str, str]]] = {}
    for sq, (owner, piece) in position.pieces.items():
        armies.setdefault(owner, []).append((sq, piece))
    return _hanging(position, sides, values, signs, lost, armies, first)


def _hanging(
    position: Position,
    sides: _Sides,
    values: Mapping[str, int],
    signs: Mapping[str, float],
    lost: Collection[str],
    armies: Mapping[str, list[tuple[str, str]]],
    first: Collection[str] | None,
) -> float:
    """`hanging`, the relationships (`_Sides`) and each army's pieces (square, piece) already known."""
    ours = {c for c, sign in signs.items() if sign > 0}

    def worth(occupant: tuple[str, str]) -> float:
        return values.get(occupant[1], 0) if occupant[0] in ours else 0

    worst = 0.0
    for enemy, sign in signs.items():
        if sign >= 0 or enemy in lost or (first is not None and enemy not in first):
            continue
        opponents = sides.opponents[enemy]
        if opponents:
            worst = max(worst, most_taken(position, enemy, armies.get(enemy, ()), opponents, sides.forbidden[enemy],
                                          worth))
    return worst


@cache
def _pawn_steps(board: Board) -> dict[str, dict[str, float]]:
    """Colour -> square -> `PAWN_STEP` times the ranks a Pawn of that colour there has travelled
    towards its promotion (2.2, J14)."""
    return {
        colour: {
            sq: PAWN_STEP * (r if pawn_forward(colour) > 0 else board.ranks - 1 - r)
            for sq in board.squares
            for r in (_COORDS[sq][1],)
        }
        for colour in COLOURS
    }


def _material(pieces: Mapping[str, tuple[str, str]], signs: Mapping[str, float], values: Mapping[str, int],
              steps: Mapping[str, Mapping[str, float]], score: float) -> float:
    """`score` plus the signed worth of every piece and its Pawns' steps, added in the pieces' order."""
    for sq, (owner, piece) in pieces.items():
        sign = signs[owner]
        if sign:
            score += sign * values.get(piece, 0)
            if piece == "pawn":
                score += sign * steps[owner][sq]
    return score


def evaluate(
    position: Position,
    colour: str,
    relation: Relation,
    values: Mapping[str, int],
    upcoming: Sequence[str] | None = None,
) -> float:
    """The position's worth for `colour` and its Allies, minus its Opponents' (Rivals weigh 0).
    `upcoming` is the turn order from the army to move next (by default the plain order after
    `colour`, who has just moved). See the module docstring for the parts and their weights.

    One pass over the pieces groups them by army, finds the Kings and adds up the material (in
    the order of the pieces, so the sum is the same to the last bit whatever the grouping);
    the relationships are read once per relation and board (`_Sides`), the King scans ask only
    the Opponents' pieces, and `hanging` only the pieces of the Opponents moving first."""
    board = position.board
    pieces = position.pieces
    if upcoming is None:
        upcoming = next_movers(position, colour)
    sides = _sides(board, relation)
    row = sides.signs[colour]
    steps, zones = sides.steps, sides.zones
    king_at: dict[str, str] = {}
    armies: dict[str, list[tuple[str, str]]] = {c: [] for c in board.colours}
    material = 0.0
    for sq, (owner, piece) in pieces.items():
        armies[owner].append((sq, piece))
        if piece == "king":
            king_at[owner] = sq
        sign = row[owner]
        if not sign:
            continue
        material += sign * values.get(piece, 0)
        if piece == "pawn":
            material += sign * steps[owner][sq]
    signs = {c: row[c] for c in board.colours if armies[c]}
    lost = _conquered(position, king_at, {c: len(army) for c, army in armies.items()}, sides)
    score = 0.0
    for c in lost:
        score -= signs[c] * CONQUEST
    # the material added after the Conquests, piece by piece: the same sum to the last bit
    score = material if score == 0.0 else _material(pieces, row, values, steps, score)
    for c, sq in king_at.items():
        sign = signs[c]
        if sign and c not in lost:
            zone = zones.get(sq) or _zone(board, sq)
            scan = _scan(pieces, zone, sides, [(e, armies[e]) for e in sides.enemies[c] if armies[e]])
            score -= sign * _danger(*scan, movers_before(upcoming, c))
    score -= HANGING * _hanging(position, sides, values, signs, lost, armies, movers_before(upcoming, colour))
    return score
