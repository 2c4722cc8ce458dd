"""The computer seats' search: it takes what is hanging, takes or knatches a King
when it can (1.1.6, J11), keeps its own King out of a Knight's reach, stays within its node budget,
and is deterministic: no clock is read, so no machine or load changes its answer."""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path

import pytest

from rules.judtho.ai import LEVEL, LEVELS
from rules.judtho.board import COLOURS, Position, default_setup, initial_relation, load_board, relation_from_table
from rules.judtho.evaluate import knatched_kings
from rules.judtho.moves import apply_move, legal_moves
from rules.judtho.notation import Move, Pass
from rules.judtho.search import (
    NODE_BUDGET,
    SearchResult,
    _starts,
    best_move,
    search,
    settle,
    turn_sequence,
    without_rivals,
)
from tests.rules.judtho.kit import position

POSITIONS = Path(__file__).parent / "search_positions"
PERFT = Path(__file__).parent / "perft"


def load(path: Path) -> tuple[dict, Position, object]:
    case = json.loads(path.read_text(encoding="utf-8"))
    pos = Position.from_json(load_board(case.get("variant", "quattro")), case["position"])
    relation = relation_from_table(case["relations"]) if case.get("relations") else initial_relation
    return case, pos, relation


@cache
def black_in_the_perft_mid_game(node_budget: int) -> SearchResult:
    """Black's search of the perft mid-game, eight plies deep within `node_budget` nodes, under the
    real clock. Searched once per budget for the module: the clock test's reference answer is the
    budget test's full-budget search (the search is deterministic, tested below)."""
    _, pos, relation = load(PERFT / "midgame_rivals_and_allies.json")
    return search(pos, "black", relation, COLOURS, depth=8, node_budget=node_budget)


def choose(pos: Position, colour: str = "white", relation=initial_relation, **kw) -> str:
    return str(best_move(pos, colour, relation, COLOURS, **kw))


def test_2_1_it_captures_a_hanging_queen() -> None:
    pos = position(
        {
            "a1": "white king",
            "d1": "white rook",
            "h1": "white pawn",
            "d8": "red queen",
            "f12": "red king",
            "a10": "red pawn",
        }
    )
    assert choose(pos) == "Rd1xd8"


def test_1_1_6_regicide_it_takes_a_king_rather_than_a_queen() -> None:
    pos = position(
        {
            "a1": "white king",
            "c3": "white bishop",
            "d1": "white rook",
            "d8": "red queen",
            "h8": "red king",
            "a10": "red pawn",
        }
    )
    assert choose(pos) == "Bc3xh8"


def test_j11_it_knatches_a_king_rather_than_take_a_queen() -> None:
    # The Knight on e7 reaches f9, from where it attacks the Red King on h10 (J11: conquered at once).
    pos = position(
        {
            "a1": "white king",
            "e7": "white knight",
            "d1": "white rook",
            "d8": "red queen",
            "h10": "red king",
            "a10": "red pawn",
        }
    )
    move = best_move(pos, "white", initial_relation, COLOURS)
    assert isinstance(move, Move) and move.piece == "knight"
    assert "red" in knatched_kings(apply_move(pos, move), initial_relation)


def test_j11_its_king_does_not_take_a_rook_guarded_by_a_knight() -> None:
    # Ke3xd4 wins the Rook, but the Knight on c6 attacks d4: the King would be knatched (J11).
    pos = position({"e3": "white king", "a1": "white pawn", "d4": "red rook", "c6": "red knight", "l12": "red king"})
    move = best_move(pos, "white", initial_relation, COLOURS)
    assert str(move) != "Ke3xd4"
    assert "white" not in knatched_kings(apply_move(pos, move), initial_relation)


def test_j11_it_does_not_leave_its_king_knatchable() -> None:
    # The Red Knight on g7 can jump to e6 or f5 and knatch the White King on d4; a Red pawn is hanging.
    pos = position(
        {
            "d4": "white king",
            "a1": "white rook",
            "a8": "red pawn",
            "g7": "red knight",
            "l12": "red king",
            "k12": "red pawn",
        }
    )
    move = best_move(pos, "white", initial_relation, COLOURS)
    after, _ = settle(apply_move(pos, move), initial_relation)
    assert "white" not in knatched_kings(after, initial_relation)
    for reply in legal_moves(after, "red", initial_relation):
        assert "white" not in knatched_kings(apply_move(after, reply), initial_relation), (str(move), str(reply))


def test_j1_a_king_with_only_knatch_squares_still_moves() -> None:
    # J1: a King may (and, with nothing else legal, must) move onto an attacked square.
    pos = position({"a1": "white king", "c3": "red knight", "d3": "red knight", "l12": "red king"})
    assert all("white" in knatched_kings(apply_move(pos, m), initial_relation) for m in legal_moves(pos, "white"))
    move = best_move(pos, "white", initial_relation, COLOURS)
    assert isinstance(move, Move) and move.piece == "king"


def test_j20_with_no_legal_move_it_passes() -> None:
    pos = position({"a1": "white pawn", "a2": "red pawn", "a3": "red pawn", "l12": "red king", "l1": "white king"})
    pos.pieces.pop("l1")  # White has only a blocked pawn
    assert isinstance(best_move(pos, "white", initial_relation, COLOURS), Pass)


def test_2_1_it_does_not_capture_a_rival_or_an_ally() -> None:
    # White's Rook could only capture the Yellow (Rival) or Black (Ally) Queen: legal moves forbid both.
    relation = relation_from_table(
        {
            "white": {"red": "opponent", "yellow": "rival", "black": "ally"},
            "red": {"white": "opponent", "yellow": "opponent", "black": "opponent"},
            "yellow": {"white": "rival", "red": "opponent", "black": "opponent"},
            "black": {"white": "ally", "red": "opponent", "yellow": "opponent"},
        }
    )
    pos = position(
        {
            "a1": "white king",
            "d5": "white rook",
            "d8": "yellow queen",
            "h5": "black queen",
            "j1": "yellow king",
            "l12": "black king",
            "c12": "red king",
            "c11": "red pawn",
        }
    )
    move = best_move(pos, "white", relation, COLOURS)
    assert isinstance(move, Move) and not move.captures


def test_6_3_the_plies_follow_the_turn_order_from_the_mover() -> None:
    assert turn_sequence("yellow", COLOURS, set(COLOURS)) == ["yellow", "black", "white", "red"]
    interleaved = ["red", "yellow", "black", "yellow", "white", "yellow"]
    assert turn_sequence("black", interleaved, set(COLOURS)) == ["black", "yellow", "white", "yellow", "red", "yellow"]
    assert turn_sequence("white", COLOURS, {"white", "red"}) == ["white", "red"]


def queen_bait() -> Position:
    # Ra1xa8 wins the Queen, but then the Red Pawn on c2 promotes to a Knight on c1, which attacks
    # the King on d3: a knatch (2.2, J11). The evaluation does not foresee promotions, so one ply
    # grabs the Queen; two plies see the knatch and take the Pawn (or guard c1).
    return position(
        {
            "d3": "white king",
            "a1": "white rook",
            "h2": "white pawn",
            "a8": "red queen",
            "c2": "red pawn",
            "l12": "red king",
            "k12": "red pawn",
        }
    )


def test_the_search_looks_two_plies_ahead() -> None:
    pos = queen_bait()
    one = search(pos, "white", initial_relation, COLOURS, depth=1)
    two = search(pos, "white", initial_relation, COLOURS, depth=2)
    assert str(one.move) == "Ra1xa8"
    assert two.depth == 2
    assert str(two.move) != "Ra1xa8"
    after = apply_move(pos, two.move)
    for reply in legal_moves(after, "red", initial_relation):
        assert "white" not in knatched_kings(apply_move(after, reply), initial_relation), str(reply)


def test_a_budget_spent_inside_the_second_ply_keeps_what_it_found() -> None:
    # One ply grabs the Queen. The second ply searches that move first and finds the knatch; a
    # budget spent before the last root move is finished still answers with the better move the
    # second ply found, not the first ply's.
    pos = queen_bait()
    one = search(pos, "white", initial_relation, COLOURS, depth=1)
    two = search(pos, "white", initial_relation, COLOURS, depth=2)
    assert str(one.move) == "Ra1xa8" and str(two.move) != "Ra1xa8"
    just_one = search(pos, "white", initial_relation, COLOURS, depth=2, node_budget=one.nodes)
    assert (just_one.move, just_one.depth) == (one.move, 1)
    almost = search(pos, "white", initial_relation, COLOURS, depth=2, node_budget=two.nodes - 1)
    assert almost.depth == 1 and almost.nodes == two.nodes - 1
    assert almost.move == two.move


def full_assembly() -> Position:
    board = load_board("quattro")
    pos = Position(board, {})
    for colour in COLOURS:
        for sq, piece in default_setup(board, colour).items():
            pos.pieces[sq] = (colour, piece)
    return pos


def as_the_ai(pos: Position, colour: str, relation=initial_relation, level: str = LEVEL, **kw) -> SearchResult:
    """The search with a computer seat's settings (`ai.LEVELS`)."""
    s = LEVELS[level]
    settings = dict(depth=s.depth, node_budget=s.node_budget, heuristics=s.heuristics, growth=s.growth,
                    sure_depth=s.sure_depth, rivals_pass=s.rivals_pass)
    return search(pos, colour, relation, COLOURS, **{**settings, **kw})


def test_three_plies_of_a_quattro_mid_game_fit_the_budget() -> None:
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    assert len(pos.pieces) >= 40
    result = as_the_ai(pos, "white", relation)
    assert result.depth == 3
    assert 0 < result.nodes <= NODE_BUDGET
    assert result.move in legal_moves(pos, "white", relation, ("distant_all_and_singles",))


def test_three_plies_of_the_perft_mid_game_fit_the_budget() -> None:
    _, pos, relation = load(PERFT / "midgame_rivals_and_allies.json")
    result = as_the_ai(pos, "white", relation)
    assert result.depth == 3 and 0 < result.nodes <= NODE_BUDGET


def test_three_plies_of_the_full_assembly_fit_the_budget() -> None:
    result = as_the_ai(full_assembly(), "white")
    assert result.depth == 3 and 0 < result.nodes <= NODE_BUDGET


def test_killer_moves_and_history_find_the_same_score_with_fewer_nodes() -> None:
    # The move ordering changes which positions alpha-beta visits, never the score it proves.
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    plain = search(pos, "white", relation, COLOURS, depth=3, node_budget=10**6, heuristics=False, sure_depth=3)
    ordered = search(pos, "white", relation, COLOURS, depth=3, node_budget=10**6, heuristics=True, sure_depth=3)
    assert (plain.depth, ordered.depth) == (3, 3)
    assert ordered.score == plain.score
    assert ordered.nodes * 2 < plain.nodes


def test_the_two_ply_level_stops_after_two_plies() -> None:
    # The earlier seat's settings (`two_ply`): a third ply would not fit (GROWTH), none is started.
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    result = as_the_ai(pos, "white", relation, level="two_ply", depth=8)
    assert result.depth == 2 and 0 < result.nodes <= LEVELS["two_ply"].node_budget


def test_1_1_3_past_a_rivals_turn_it_sees_the_second_opponents_recapture() -> None:
    # Rc4xc9 wins a Bishop (4) that Black's Knight on d11 guards: Black takes the Rook (6) back.
    # Order White, Red, Yellow, Black: three plies that search Yellow (a Rival, who can neither
    # capture nor knatch White) stop before Black and take; with `rivals_pass` Yellow's turn is
    # searched as a pass, the plies reach Black's recapture and the Rook stays.
    pos = position(
        {
            "a1": "white king",
            "c4": "white rook",
            "b2": "white pawn",
            "c9": "red bishop",
            "l12": "red king",
            "k12": "red pawn",
            "k11": "red pawn",
            "l11": "red pawn",
            "d11": "black knight",
            "l1": "black king",
            "k2": "black pawn",
            "k1": "black pawn",
            "l2": "black pawn",
            "a12": "yellow king",
            "b11": "yellow pawn",
        }
    )
    assert not LEVELS["two_ply"].rivals_pass
    assert str(as_the_ai(pos, "white", rivals_pass=False).move) == "Rc4xc9"
    assert str(as_the_ai(pos, "white", rivals_pass=True).move) != "Rc4xc9"


def test_1_1_3_without_rivals_keeps_the_turn_order_and_the_real_order_for_king_safety() -> None:
    order = ["white", "red", "yellow", "black", "white", "red", "yellow", "black", "white"]
    assert without_rivals(order, "white", initial_relation) == ["white", "red", "black"] * 2 + ["white"]
    assert without_rivals(["red", "yellow", "black", "white"], "red", initial_relation) == ["red", "yellow", "white"]
    assert _starts(order, without_rivals(order, "white", initial_relation)) == [0, 1, 3, 4, 5, 7, 8]


def test_it_is_deterministic() -> None:
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    first = search(pos, "red", relation, COLOURS, depth=2)
    again = search(pos, "red", relation, COLOURS, depth=2)
    assert (first.move, first.score, first.depth, first.nodes) == (again.move, again.score, again.depth, again.nodes)


def test_a_clock_that_jumps_changes_nothing(monkeypatch) -> None:
    # Every clock a search could read runs an hour ahead at each look: a search bounded by the
    # clock would stop at once (and give another move); one bounded by nodes does not notice.
    _, pos, relation = load(PERFT / "midgame_rivals_and_allies.json")
    before = black_in_the_perft_mid_game(NODE_BUDGET)  # the default budget, searched under the real clock
    now = [0.0]

    def jumping() -> float:
        now[0] += 3600.0
        return now[0]

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, jumping)
    after = search(pos, "black", relation, COLOURS, depth=8)
    same = ("move", "score", "depth", "nodes")
    assert after.depth >= 1
    assert [getattr(after, f) for f in same] == [getattr(before, f) for f in same]


def test_the_nodes_never_exceed_the_budget() -> None:
    _, pos, relation = load(PERFT / "midgame_rivals_and_allies.json")
    legal = legal_moves(pos, "black", relation, ("distant_all_and_singles",))
    for budget in (1, 2, 7, 50, 300, 1000, NODE_BUDGET):
        result = black_in_the_perft_mid_game(budget)
        assert result.nodes <= budget, budget
        assert result.move in legal, budget
    # Three plies of this position cost more than 6000 nodes (about 9300): every node of such a
    # budget is spent, and the answer comes from the root moves the third ply did finish.
    spent = as_the_ai(pos, "black", relation, node_budget=6000)
    assert spent.nodes == 6000 and spent.depth == 2 and spent.move in legal


def test_a_tiny_budget_still_gives_a_legal_move() -> None:
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    result = search(pos, "black", relation, COLOURS, depth=8, node_budget=5)
    assert result.depth == 0 and result.nodes == 5
    assert result.move in legal_moves(pos, "black", relation, ("distant_all_and_singles",))


def test_a_budget_below_one_node_is_refused() -> None:
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    with pytest.raises(ValueError, match="node_budget must be at least 1"):
        search(pos, "black", relation, COLOURS, node_budget=0)


def test_j16_in_duo_it_captures_a_hanging_queen() -> None:
    pos = position({"a1": "white king", "d1": "white rook", "d8": "red queen", "f12": "red king"}, "duo")
    assert str(best_move(pos, "white", initial_relation, ("white", "red"))) == "Rd1xd8"


def test_j11_a_knatch_stops_the_search_and_removes_the_king() -> None:
    pos = position({"a1": "white king", "c2": "red knight", "l12": "red king"})
    settled, knatched = settle(pos, initial_relation)
    assert knatched and "a1" not in settled.pieces and "a1" in pos.pieces


def test_four_searching_seats_play_two_rounds_of_legal_moves() -> None:
    _, pos, relation = load(POSITIONS / "quattro_midgame.json")
    for ply in range(8):
        colour = COLOURS[ply % 4]
        move = best_move(pos, colour, relation, COLOURS)
        assert move in legal_moves(pos, colour, relation, ("distant_all_and_singles",))
        pos = apply_move(pos, move)
