"""Judtho's engine speed, side by side with python-chess. Prints one JSON object.

    python bench/movegen.py [--reps 5] [--games 4] [--actions 300] [--skip-chess]
    python bench/movegen.py --compare REF [--rounds 3]   # REF (a git ref) against this tree

Needs python-chess for the chess side (`pip install -e .[bench]`; never a run-time dependency).

Two figures, each by CPU time (`time.process_time`, what a busy machine inflates least) beside
the wall clock, the median of `--reps` repetitions:

- `playout`: random Quattro games through the engine's contract (`legal_actions`, then `apply` of
  a uniformly random one), every army's Assembly done by `@rest` and left out of the timing; only
  the actions of the play (moves, passes, owed placements) are counted, and resigning, offering a
  draw and proposing a void are never chosen (they would end or stall the game), so no
  draw is ever to answer. Actions per second.
- `movegen`: move generation on standard chess positions. Judtho has no 8 × 8 board and no
  standard-chess mode (Duo is 6 × 12, Quattro 12 × 12), so the comparison sets the same
  positions up on an 8 × 8 `Board` built for the benchmark, White against Red (Opponents, no
  Kingdoms in the way), and asks Judtho's `legal_moves` for the mover's moves. Judtho's rules are
  not chess's, so the move lists differ a little (reported per position): no castling, no en
  passant, no check (Judtho's moves are all pseudo-legal, J1), a Pawn may step two squares from
  any rank, and White's Pawns promote on rank 12, which an 8 × 8 board lacks (the positions hold
  no White Pawn on rank 7). The rate compared is therefore moves generated per second, against
  python-chess's `legal_moves` (the headline `ratio`) and its `pseudo_legal_moves` (the like for
  like: no check test). The positions: the standard start, Kiwipete and three more FENs, each
  with every position two plies on (by python-chess), the same positions on both sides.
  `perft`: perft(3) from the start (Judtho: `moves.perft`, copying positions; python-chess: push
  and pop), leaves per second.

`--compare REF` exports REF's tree (`git archive`) to a temporary folder and runs this script on
it and on this tree in subprocesses, alternating, `--rounds` times; it prints both and the speedups
(medians of the rounds). The script uses only the engine API both trees have.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

FENS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "endgame": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "italian": "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
    "middlegame": "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
}
"""Standard chess positions (the start, Kiwipete, perft position 3, two openings), none with a
White Pawn on rank 7 (it could not promote on Judtho's 8 × 8 stand-in)."""

JUDTHO_PIECE = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}


def timed(work: Callable[[], int], reps: int) -> dict[str, float]:
    """`work()` returns how many things it made; its rate per CPU second and per wall second (medians)."""
    cpu: list[float] = []
    wall: list[float] = []
    made = 0
    for _ in range(reps):
        t0, c0 = time.perf_counter(), time.process_time()
        made = work()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
    c, w = statistics.median(cpu), statistics.median(wall)
    return {"count": made, "cpu_s": round(c, 4), "wall_s": round(w, 4),
            "per_cpu_s": round(made / c) if c else 0, "per_wall_s": round(made / w) if w else 0}


# --------------------------------------------------------------------------- random playouts


def playout(games: int, actions: int, reps: int) -> dict[str, Any]:
    from rules.core import SeededChance
    from rules.judtho.engine import GAME, Draw, PlaceRest, Resign, Void

    def one_run() -> tuple[int, float, float]:
        n, cpu, wall = 0, 0.0, 0.0
        for seed in range(games):
            rng = random.Random(seed)
            chance = SeededChance(seed)
            state = GAME.new_game({}, 4, chance)
            while state.phase == "assembly":
                GAME.apply(state, min(GAME.to_act(state)), PlaceRest(), chance)
            done = 0
            while GAME.outcome(state) is None and done < actions:
                t0, c0 = time.perf_counter(), time.process_time()
                seat = min(GAME.to_act(state))
                legal = [a for a in GAME.legal_actions(state, seat) if not isinstance(a, (Resign, Void, Draw))]
                GAME.apply(state, seat, rng.choice(legal), chance)
                cpu += time.process_time() - c0
                wall += time.perf_counter() - t0
                done += 1
            n += done
        return n, cpu, wall

    runs = [one_run() for _ in range(reps)]
    n = runs[0][0]
    c = statistics.median(r[1] for r in runs)
    w = statistics.median(r[2] for r in runs)
    return {"actions": n, "games": games, "cpu_s": round(c, 4), "wall_s": round(w, 4),
            "actions_per_cpu_s": round(n / c), "actions_per_wall_s": round(n / w)}


# --------------------------------------------------------------------------- chess positions


def chess_board() -> Any:
    """An 8 × 8 Judtho `Board`: White and Red (Opponents, 1.1.3), no Kingdom in anyone's way."""
    from rules.judtho.board import Board, square_name

    squares = tuple(square_name(f, r) for r in range(8) for f in range(8))
    return Board(name="chess8", files=8, ranks=8, colours=("white", "red"),
                 kingdoms={"white": frozenset(), "red": frozenset()}, neutral=frozenset(squares),
                 squares=squares, kingdom_of={})


def judtho_position(board: Any, fen: str) -> tuple[Any, str]:
    """The Judtho `Position` of a FEN's placement, and the colour to move (Black plays as Red)."""
    from rules.judtho.board import Position, square_name

    placement, turn = fen.split()[:2]
    pieces: dict[str, tuple[str, str]] = {}
    for row, text in enumerate(placement.split("/")):
        f = 0
        for ch in text:
            if ch.isdigit():
                f += int(ch)
                continue
            pieces[square_name(f, 7 - row)] = ("white" if ch.isupper() else "red", JUDTHO_PIECE[ch.lower()])
            f += 1
    return Position(board, pieces), "white" if turn == "w" else "red"


def chess_positions() -> dict[str, list[str]]:
    """Each root FEN with every position one and two plies on (python-chess's legal moves)."""
    import chess

    out: dict[str, list[str]] = {}
    for name, fen in FENS.items():
        root = chess.Board(fen)
        fens = [root.fen()]
        for m1 in list(root.legal_moves):
            root.push(m1)
            fens.append(root.fen())
            for m2 in list(root.legal_moves):
                root.push(m2)
                fens.append(root.fen())
                root.pop()
            root.pop()
        out[name] = fens
    return out


def movegen(reps: int) -> dict[str, Any]:
    import chess

    from rules.judtho.board import initial_relation
    from rules.judtho.moves import legal_moves, perft

    board = chess_board()
    groups = chess_positions()
    fens = [fen for group in groups.values() for fen in group]
    judtho = [judtho_position(board, fen) for fen in fens]
    boards = [chess.Board(fen) for fen in fens]

    def judtho_gen() -> int:
        return sum(len(legal_moves(p, c, initial_relation)) for p, c in judtho)

    def chess_legal() -> int:
        return sum(len(list(b.generate_legal_moves())) for b in boards)

    def chess_pseudo() -> int:
        return sum(len(list(b.generate_pseudo_legal_moves())) for b in boards)

    per_root = {}
    for name, fen in FENS.items():
        p, c = judtho_position(board, fen)
        b = chess.Board(fen)
        per_root[name] = {"judtho": len(legal_moves(p, c, initial_relation)), "chess_legal": b.legal_moves.count(),
                          "chess_pseudo": len(list(b.generate_pseudo_legal_moves()))}
    j = timed(judtho_gen, reps)
    cl = timed(chess_legal, reps)
    cp = timed(chess_pseudo, reps)

    start_p, start_c = judtho_position(board, FENS["start"])

    def chess_perft(b: Any, depth: int) -> int:
        if depth == 1:
            return b.legal_moves.count()
        n = 0
        for m in list(b.legal_moves):
            b.push(m)
            n += chess_perft(b, depth - 1)
            b.pop()
        return n

    jp = timed(lambda: perft(start_p, start_c, 3), max(1, reps // 2))
    cpf = timed(lambda: chess_perft(chess.Board(), 3), max(1, reps // 2))
    return {
        "positions": len(fens),
        "moves_at_the_roots": per_root,
        "judtho": j,
        "chess_legal": cl,
        "chess_pseudo_legal": cp,
        "ratio": round(j["per_cpu_s"] / cl["per_cpu_s"], 3),
        "ratio_pseudo_legal": round(j["per_cpu_s"] / cp["per_cpu_s"], 3),
        "ratio_wall": round(j["per_wall_s"] / cl["per_wall_s"], 3),
        "perft3_start": {"judtho": jp, "chess": cpf, "ratio": round(jp["per_cpu_s"] / cpf["per_cpu_s"], 3)},
    }


# --------------------------------------------------------------------------- before and after


def compare(ref: str, rounds: int, passthrough: list[str]) -> dict[str, Any]:
    """REF's tree and this one, measured alternately in subprocesses, `rounds` times each."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "ref.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), ref], check=True)
        old = Path(tmp) / "ref"
        with tarfile.open(archive) as tar:
            tar.extractall(old, filter="data")
        trees = {"before": old, "after": ROOT}
        results: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for _ in range(rounds):
            for label, tree in trees.items():
                env = {**os.environ, "PYTHONPATH": str(tree)}
                out = subprocess.run([sys.executable, __file__, "--code", str(tree), *passthrough],
                                     check=True, capture_output=True, text=True, env=env)
                results[label].append(json.loads(out.stdout))

    def med(label: str, *path: str) -> float:
        values = []
        for r in results[label]:
            v: Any = r
            for key in path:
                v = v[key]
            values.append(v)
        return float(statistics.median(values))

    figures: dict[str, tuple[str, ...]] = {
        "playout_actions_per_cpu_s": ("playout", "actions_per_cpu_s"),
        "playout_actions_per_wall_s": ("playout", "actions_per_wall_s"),
    }
    if "movegen" in results["after"][0]:
        figures |= {
            "movegen_judtho_moves_per_cpu_s": ("movegen", "judtho", "per_cpu_s"),
            "movegen_chess_legal_moves_per_cpu_s": ("movegen", "chess_legal", "per_cpu_s"),
            "movegen_ratio": ("movegen", "ratio"),
            "perft3_judtho_leaves_per_cpu_s": ("movegen", "perft3_start", "judtho", "per_cpu_s"),
        }
    summary = {}
    for name, path in figures.items():
        before, after = med("before", *path), med("after", *path)
        summary[name] = {"before": before, "after": after, "speedup": round(after / before, 2) if before else None}
    return {"ref": ref, "rounds": rounds, "summary": summary, "runs": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="random Quattro games per playout repetition")
    parser.add_argument("--actions", type=int, default=300, help="play-phase actions at most per game")
    parser.add_argument("--skip-chess", action="store_true", help="only the playouts")
    parser.add_argument("--compare", metavar="REF", help="measure REF's tree against this one")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--code", help=argparse.SUPPRESS)  # the tree to import (set by --compare)
    args = parser.parse_args()
    if args.compare:
        passthrough = ["--reps", str(args.reps), "--games", str(args.games), "--actions", str(args.actions)]
        if args.skip_chess:
            passthrough.append("--skip-chess")
        print(json.dumps(compare(args.compare, args.rounds, passthrough), indent=2))
        return
    sys.path.insert(0, str(Path(args.code).resolve() if args.code else ROOT))
    out: dict[str, Any] = {"python": sys.version.split()[0], "playout": playout(args.games, args.actions, args.reps)}
    if not args.skip_chess:
        out["movegen"] = movegen(args.reps)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
