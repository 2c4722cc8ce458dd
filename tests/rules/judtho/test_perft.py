"""Perft-style legal-move counts of hand-checked positions, kept as data in `perft/*.json`.

Each file: `position` (square -> [colour, piece]), `to_move`, `relations` (null = the initial ones,
1.1.3), optional `origin` (count only that piece's moves), `count`, optional `moves` and `why`
(the count worked out by hand)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.judtho.board import Position, initial_relation, load_board, relation_from_table
from rules.judtho.moves import apply_move, legal_moves, perft

PERFT = Path(__file__).parent / "perft"
CASES = sorted(PERFT.glob("*.json"))


def load(path: Path) -> tuple[dict, Position, object]:
    case = json.loads(path.read_text(encoding="utf-8"))
    pos = Position.from_json(load_board(case.get("variant", "quattro")), case["position"])
    relation = relation_from_table(case["relations"]) if case.get("relations") else initial_relation
    return case, pos, relation


def test_there_are_hand_checked_positions() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_hand_counted_legal_moves(path: Path) -> None:
    case, pos, relation = load(path)
    moves = legal_moves(pos, case["to_move"], relation, case.get("options", ()))
    if case.get("origin"):
        moves = [m for m in moves if m.origin == case["origin"]]
    texts = [str(m) for m in moves]
    assert len(texts) == len(set(texts)), "a move is listed twice"
    if case.get("moves") is not None:
        assert sorted(texts) == sorted(case["moves"])
    assert len(texts) == case["count"]
    assert case["why"]


def test_perft_depth_one_is_the_legal_move_count_and_depth_two_sums_replies() -> None:
    _, pos, relation = load(PERFT / "midgame_rivals_and_allies.json")
    assert perft(pos, "white", 1, relation) == 72
    replies = sum(len(legal_moves(apply_move(pos, m), "red", relation)) for m in legal_moves(pos, "white", relation))
    assert perft(pos, "white", 2, relation) == replies
