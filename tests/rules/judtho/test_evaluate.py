"""The computer seats' evaluation: material by side (1.1.3, 1.4.1, J16), Conquests
(1.1.6, J11, J13) and King safety."""

from __future__ import annotations

from rules.judtho.board import initial_relation, pawn_forward, relation_from_table
from rules.judtho.evaluate import (
    _COORDS,
    CONQUEST,
    HANGING,
    IMMINENT,
    KING_CROWD,
    KNIGHT_NEAR,
    PAWN_STEP,
    SIGNS,
    THREAT,
    _king_scan,
    _knight_may_land,
    _knight_reach,
    _knight_reach_two,
    attacks,
    conquered,
    evaluate,
    hanging,
    king_danger,
    kings,
    knatched_kings,
    memo,
    movers_before,
    next_movers,
    present_colours,
)
from rules.judtho.moves import geometry
from rules.judtho.scoring import TABLE_1, TABLE_2, values
from tests.rules.judtho.kit import position

WHITE_ALLIED_TO_BLACK = relation_from_table(
    {
        "white": {"red": "opponent", "yellow": "rival", "black": "ally"},
        "red": {"white": "opponent", "yellow": "opponent", "black": "opponent"},
        "yellow": {"white": "rival", "red": "opponent", "black": "opponent"},
        "black": {"white": "ally", "red": "opponent", "yellow": "opponent"},
    }
)

ARMIES = {
    "a1": "white king",
    "b1": "white rook",
    "l1": "yellow king",
    "k1": "yellow rook",
    "a12": "red king",
    "b12": "red rook",
    "l12": "black king",
    "k12": "black rook",
    "f6": "white queen",
    "g6": "yellow queen",
    "f7": "red queen",
    "g7": "black queen",
}


def without(square: str) -> dict[str, str]:
    return {sq: text for sq, text in ARMIES.items() if sq != square}


def score(pieces: dict[str, str], colour: str = "white", relation=WHITE_ALLIED_TO_BLACK) -> float:
    return evaluate(position(pieces), colour, relation, TABLE_1)


def test_1_4_1_losing_an_own_piece_is_worse() -> None:
    assert score(without("f6")) < score(ARMIES)


def test_6_1_it_does_not_prefer_weakening_an_ally() -> None:
    assert score(without("g7")) < score(ARMIES)


def test_2_1_an_opponents_loss_is_better() -> None:
    assert score(without("f7")) > score(ARMIES)


def test_1_1_3_a_rivals_material_weighs_nothing() -> None:
    # Only White's mobility changes (its Queen may now go to g6), not the material.
    assert abs(score(without("g6")) - score(ARMIES)) < 1.0
    assert abs(score(without("f7")) - score(ARMIES)) > 5.0


def test_j16_the_duo_table_values_a_queen_at_nine() -> None:
    pieces = {"a1": "white king", "b1": "white queen", "f12": "red king", "a12": "red pawn"}
    pos = position(pieces, "duo")
    one = evaluate(pos, "white", initial_relation, TABLE_1) - evaluate(pos, "white", initial_relation, TABLE_2)
    assert abs(one - 1.0) < 1e-9


def test_1_1_6_regicide_an_opponent_without_a_king_is_conquered() -> None:
    pieces = without("a12")
    assert "red" in conquered(position(pieces), WHITE_ALLIED_TO_BLACK)
    assert score(pieces) > score(ARMIES) + CONQUEST / 2


def test_1_1_6_losing_an_allys_king_is_bad() -> None:
    assert score(without("l12")) < score(ARMIES) - CONQUEST / 2


def test_j11_a_king_attacked_by_an_opponent_knight_is_knatched() -> None:
    pieces = {**ARMIES, "c2": "red knight"}  # c2 attacks a1
    assert knatched_kings(position(pieces), WHITE_ALLIED_TO_BLACK) == ["white"]
    assert score(pieces) < score(ARMIES) - CONQUEST / 2


def test_j11_a_rivals_knight_does_not_knatch() -> None:
    pieces = {**ARMIES, "c2": "yellow knight"}
    assert knatched_kings(position(pieces), WHITE_ALLIED_TO_BLACK) == []


def test_j13_a_king_alone_is_annihilated() -> None:
    pieces = {sq: t for sq, t in ARMIES.items() if not t.startswith("red") or t == "red king"}
    assert "red" in conquered(position(pieces), WHITE_ALLIED_TO_BLACK)


def test_j11_an_opponent_knight_one_jump_from_a_knatch_square_is_a_danger() -> None:
    near = position({**ARMIES, "d4": "red knight"})  # d4 jumps to b3 or c2, which attack a1
    far = position({**ARMIES, "h4": "red knight"})
    assert king_danger(near, "white", "a1", WHITE_ALLIED_TO_BLACK) > king_danger(
        far, "white", "a1", WHITE_ALLIED_TO_BLACK
    )


def test_1_1_6_a_piece_that_can_capture_the_king_is_a_danger() -> None:
    safe = position({"a1": "white king", "b1": "white rook", "d5": "red bishop", "l12": "red king"})
    attacked = position({"a1": "white king", "b1": "white rook", "d4": "red bishop", "l12": "red king"})
    assert king_danger(safe, "white", "a1", initial_relation) == 0.0
    # d4-c3-b2-a1: the Bishop takes the King next move.
    assert king_danger(attacked, "white", "a1", initial_relation) > 0.0


def test_2_1_a_piece_an_opponent_can_take_next_counts_against() -> None:
    # The Red Rook on b12 can take the White Rook on b1 down the open b-file; a White pawn on b6
    # blocks it (and only itself hangs), the same pawn on c6 does not.
    pieces = {"a1": "white king", "b1": "white rook", "h2": "white pawn", "l12": "red king", "b12": "red rook"}
    open_file = {**pieces, "c6": "white pawn"}
    blocked = {**pieces, "b6": "white pawn"}
    assert score(open_file, relation=initial_relation) < score(blocked, relation=initial_relation) - 1.5


def king_scan_by_every_piece(pos, colour: str, king_square: str, relation) -> tuple[list[str], float]:
    """`_king_scan` asking every Opponent piece (no `_reach` filter): the reference it is compared with."""
    attacking, one_away = _knight_reach(pos.board, king_square)
    two_away = _knight_reach_two(pos.board, king_square)
    jumps = geometry(pos.board).knight
    kf, kr = _COORDS[king_square]
    found, lesser = [], 0.0
    for sq, (owner, piece) in pos.pieces.items():
        if owner == colour or relation(owner, colour) != "opponent":
            continue
        if piece == "knight":
            if sq in one_away and any(j in attacking and _knight_may_land(pos, owner, j, relation) for j in jumps[sq]):
                found.append(owner)
            elif sq in two_away:
                lesser += KNIGHT_NEAR
            continue
        if attacks(pos, sq, king_square):
            found.append(owner)
        f, r = _COORDS[sq]
        if max(abs(f - kf), abs(r - kr)) <= 2:
            lesser += KING_CROWD
    return found, lesser


def test_j11_the_king_scan_asks_only_pieces_in_reach_and_finds_the_same() -> None:
    from tests.rules.judtho.test_captures import allied, positions

    checked = 0
    for seed in range(4):
        for pos in positions(seed, 90)[::3]:
            for relation in (initial_relation, allied):
                for colour, sq in kings(pos).items():
                    assert _king_scan(pos, colour, sq, relation) == king_scan_by_every_piece(pos, colour, sq, relation)
                    checked += 1
    assert checked > 400


def test_2_5_2_a_prince_off_the_kings_lines_still_threatens_it() -> None:
    # A Prince on c5 reaches f6 by its path (2.5.2), though c5 is on no line with f6 and not near it.
    pos = position({"f6": "white king", "c5": "red prince", "l12": "red king"})
    assert king_scan_by_every_piece(pos, "white", "f6", initial_relation)[0] == ["red"]
    assert _king_scan(pos, "white", "f6", initial_relation)[0] == ["red"]


def evaluate_piece_by_piece(pos, colour: str, relation, values, upcoming=None) -> float:
    """`evaluate` as first written: the relationships asked afresh, every King scanned over every
    piece (`king_scan_by_every_piece`), the material added in the order of the pieces: the
    reference it is compared with, to the last bit."""
    if upcoming is None:
        upcoming = next_movers(pos, colour)
    signs = {c: SIGNS[relation(colour, c)] for c in present_colours(pos)}
    lost = conquered(pos, relation)
    score = 0.0
    for c in lost:
        score -= signs[c] * CONQUEST
    for sq, (owner, piece) in pos.pieces.items():
        sign = signs[owner]
        if not sign:
            continue
        score += sign * values.get(piece, 0)
        if piece == "pawn":
            r = _COORDS[sq][1]
            travelled = r if pawn_forward(owner) > 0 else pos.board.ranks - 1 - r
            score += sign * PAWN_STEP * travelled
    for c, sq in kings(pos).items():
        if signs[c] and c not in lost:
            threats, lesser = king_scan_by_every_piece(pos, c, sq, relation)
            danger = THREAT * len(threats) + lesser
            if any(owner in movers_before(upcoming, c) for owner in threats):
                danger += IMMINENT
            score -= signs[c] * danger
    return score - HANGING * hanging(pos, colour, relation, values, signs, lost, movers_before(upcoming, colour))


def test_the_evaluation_is_the_piece_by_piece_reference_to_the_last_bit() -> None:
    """The grouped, once-read evaluation (`_Sides`, `_Zone`) gives exactly the reference's figure
    (so the search chooses the same moves), with a relation `memo` made (read once) and a plain
    one (asked afresh), in the plain turn order and in an interleaved one (6.3), on positions of
    random capture-happy games (Kings taken, so Conquests counted, and sweeps)."""
    from tests.rules.judtho.test_captures import allied, positions

    table = values("quattro")
    orders = (None, ["red", "white", "black", "red", "yellow", "white"])
    checked = 0
    for seed in range(2):
        for pos in positions(seed, 90)[::3]:
            for relation in (memo(initial_relation), allied):
                for colour in present_colours(pos):
                    for upcoming in orders:
                        got = evaluate(pos, colour, relation, table, upcoming)
                        assert got == evaluate_piece_by_piece(pos, colour, relation, table, upcoming)
                        checked += 1
    assert checked > 800
