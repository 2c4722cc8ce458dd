"""Measure the Judtho computer seat. Prints JSON.

    python bench/judtho_ai.py length   [--seeds 6] [--nodes N] [--max-moves 400]
    python bench/judtho_ai.py strength [--seeds 4] [--nodes N] [--opponent random|shallow|budget|two_ply]
                                       [--opponent-nodes M] [--max-moves 400]
    python bench/judtho_ai.py plies    [--n 40]
    python bench/judtho_ai.py figures  [--n 60]

`figures` (also part of `python bench/run.py --games judtho`): legal-move generation per second
from the mid-game positions (`tests/rules/judtho/perft/midgame_*.json` and
`search_positions/*.json`): `legal_moves` calls and moves per second, and perft(2) leaves per
second (by wall and by CPU time); and the AI's decision (`ai.decide`, the engine's
`legal_actions` included) over real mid-game positions of AI games: its wall and CPU
(`time.process_time`) milliseconds, the nodes the search visited against its budget and the
depth it finished.

`length`: four AI seats play Quattro games from the Assembly (each seat `@rest`, the default
set-up); per game, the moves each army made before the first Conquest and to the end, and how
each Conquest happened (regicide, knatch, annihilation).

`strength`: the AI plays the Light armies (White, Yellow: Rivals, so one side, 1.1.3) against
`--opponent` on the Dark ones (Red, Black), then the sides are swapped; per game the points
of each side (6.2) and who made the First Conquest. `random` plays uniformly random legal moves
(never resigns, never offers a draw); `shallow` is the same AI searching one ply; `budget` the
same AI with `--opponent-nodes` nodes (say the default budget against a budget no position
reaches, to see what the budget costs); `two_ply` the earlier two-ply seat (`ai.LEVELS`: two
plies, 1500 nodes, no killer moves or history). With `--seeds 20` that is 40 games, the seats
rotated (each seed is played twice, the sides swapped). Wins, draws and losses are by the
side's points (6.2) at the end, or, for a game cut at `--max-moves`, by material on the board
(`adjudicated`); the CPU seconds each side's decisions took are added up.

`plies`: the same mid-game positions (move 40 on of games of the two-ply seat) searched by each
level of `ai.LEVELS`: the plies finished, the nodes (against each level's budget) and the CPU
milliseconds per decision, as medians and spreads.

The AI is deterministic (its search is bounded by nodes, not by the clock): with AI seats only,
every seed would be the same game, so `length` and `strength` against an AI opponent make each
seed's first move per army random (seed 0 excepted: a different opening per seed), then the AI
plays on. Timings are not the point of `length` and `strength` (see `figures`, bench/run.py);
`--nodes` (default: the AI's own budget) changes the play, not just the speed.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core import Action, SeededChance
from rules.judtho import ai
from rules.judtho.board import COLOURS, Position, Relation, initial_relation, load_board, relation_from_table
from rules.judtho.engine import GAME, Draw, PlaceRest, Resign
from rules.judtho.moves import legal_moves, perft
from rules.judtho.scoring import values
from rules.judtho.search import NODE_BUDGET
from rules.judtho.state import JudthoState

Policy = Callable[[JudthoState, int, random.Random], Action]


def ai_policy(node_budget: int | None = None, depth: int | None = None, level: str = ai.LEVEL) -> Policy:
    def choose(state: JudthoState, seat: int, rng: random.Random) -> Action:
        return ai.choose(GAME, state, seat, node_budget=node_budget, depth=depth, level=level)

    return choose


class Timed:
    """A policy that adds up the CPU time its decisions take."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.cpu = 0.0
        self.decisions = 0

    def __call__(self, state: JudthoState, seat: int, rng: random.Random) -> Action:
        c0 = time.process_time()
        action = self.policy(state, seat, rng)
        self.cpu += time.process_time() - c0
        self.decisions += 1
        return action


def random_policy(state: JudthoState, seat: int, rng: random.Random) -> Action:
    """Assembly by the default set-up, then any legal action but resigning or offering a draw."""
    legal = GAME.legal_actions(state, seat)
    if PlaceRest() in legal:
        return PlaceRest()
    if Draw("decline") in legal:
        return Draw("decline")
    return rng.choice([a for a in legal if not isinstance(a, Resign) and a != Draw("offer")])


def play(policies: list[Policy], seed: int, max_moves: int, random_openings: int = 0) -> dict[str, Any]:
    """One Quattro game; `random_openings` first moves of each army are random legal moves."""
    rng = random.Random(seed)
    state = GAME.new_game({}, 4, SeededChance(seed))
    chance = SeededChance(seed + 1000)
    conquests: list[dict[str, Any]] = []
    while GAME.outcome(state) is None and state.moves_made < max_moves:
        seat = min(GAME.to_act(state))
        if state.phase == "play" and state.moves_made < random_openings * 4:
            action = random_policy(state, seat, rng)
        else:
            action = policies[seat](state, seat, rng)
        for event in GAME.apply(state, seat, action, chance):
            if event.kind == "conquest":
                conquests.append({**event.params, "move": state.moves_made})
    outcome = GAME.outcome(state)
    material = None
    if outcome is None and state.phase == "play":
        table = values(state.variant)
        position = state.position()
        material = {seat: 0 for seat in range(4)}
        for colour, piece in position.pieces.values():
            material[COLOURS.index(colour)] += table.get(piece, 0)
    return {
        "material": material,
        "seed": seed,
        "moves_each": round(state.moves_made / 4, 2),
        "first_conquest_moves_each": round(conquests[0]["move"] / 4, 2) if conquests else None,
        "conquests": [f"{c['how']}@{c['move']}" for c in conquests],
        "finished": outcome is not None,
        "scores": outcome.scores if outcome else None,
        "first_conqueror": conquests[0]["conqueror"] if conquests else None,
    }


def length(args: argparse.Namespace) -> dict[str, Any]:
    policy = ai_policy(args.nodes)
    games = []
    for seed in range(args.seeds):
        t0, c0 = time.perf_counter(), time.process_time()
        result = play([policy] * 4, seed, args.max_moves, random_openings=1 if seed else 0)
        result["seconds"] = round(time.perf_counter() - t0, 1)
        result["cpu_seconds"] = round(time.process_time() - c0, 1)
        games.append(result)
        print(json.dumps(result), file=sys.stderr)
    first = [g["first_conquest_moves_each"] for g in games if g["first_conquest_moves_each"] is not None]
    hows: dict[str, int] = {}
    for g in games:
        for c in g["conquests"]:
            how = c.split("@")[0]
            hows[how] = hows.get(how, 0) + 1
    return {
        "games": games,
        "median_moves_each": statistics.median(g["moves_each"] for g in games),
        "median_first_conquest_moves_each": statistics.median(first) if first else None,
        "finished": sum(g["finished"] for g in games),
        "conquests_by_kind": hows,
    }


def _strength_game(args: argparse.Namespace, seed: int, ai_light: bool) -> dict[str, Any]:
    """One game of `strength`, with the CPU seconds and decisions of each side."""
    mine = Timed(ai_policy(args.nodes))
    others: dict[str, Callable[[], Policy]] = {
        "random": lambda: random_policy,
        "shallow": lambda: ai_policy(args.nodes, depth=1),
        "budget": lambda: ai_policy(args.opponent_nodes),
        "two_ply": lambda: ai_policy(level="two_ply"),
    }
    other = Timed(others[args.opponent]())
    openings = 0 if args.opponent == "random" else 1  # deterministic seats: vary the opening
    light, dark = (mine, other) if ai_light else (other, mine)
    result = play([light, dark, light, dark], seed, args.max_moves, openings if seed else 0)  # W, R, Y, B
    result["cpu"] = (mine.cpu, mine.decisions, other.cpu, other.decisions)
    print(json.dumps({"progress": [seed, "light" if ai_light else "dark"], **result}), file=sys.stderr, flush=True)
    return result


def strength(args: argparse.Namespace) -> dict[str, Any]:
    games = []
    totals = {"ai_points": 0, "opponent_points": 0, "ai_first_conquests": 0, "opponent_first_conquests": 0}
    record = {"wins": 0, "draws": 0, "losses": 0, "adjudicated": 0}
    cpu = [0.0, 0, 0.0, 0]
    tasks = [(seed, ai_light) for seed in range(args.seeds) for ai_light in (True, False)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_strength_game, [args] * len(tasks), *zip(*tasks, strict=True)))
    for (_seed, ai_light), result in zip(tasks, results, strict=True):
        for i in range(4):
            cpu[i] += result["cpu"][i]
        scores = result["scores"] or {}
        light_pts = scores.get(0, 0) + scores.get(2, 0)
        dark_pts = scores.get(1, 0) + scores.get(3, 0)
        ai_pts, opp_pts = (light_pts, dark_pts) if ai_light else (dark_pts, light_pts)
        totals["ai_points"] += ai_pts
        totals["opponent_points"] += opp_pts
        if result["scores"] is None and result["material"] is not None:  # cut at --max-moves
            record["adjudicated"] += 1
            material = result["material"]
            light_m, dark_m = material[0] + material[2], material[1] + material[3]
            ai_pts, opp_pts = (light_m, dark_m) if ai_light else (dark_m, light_m)
        record["wins" if ai_pts > opp_pts else "losses" if ai_pts < opp_pts else "draws"] += 1
        first = result["first_conqueror"]
        if first:
            ai_first = (first in ("white", "yellow")) == ai_light
            totals["ai_first_conquests" if ai_first else "opponent_first_conquests"] += 1
        result["ai_side"] = "light" if ai_light else "dark"
        games.append(result)
    out: dict[str, Any] = {"opponent": args.opponent, "games": len(games), **record, **totals}
    out["ai_cpu_s"] = round(cpu[0], 1)
    out["opponent_cpu_s"] = round(cpu[2], 1)
    out["ai_cpu_ms_per_decision"] = round(1000 * cpu[0] / max(cpu[1], 1), 1)
    out["opponent_cpu_ms_per_decision"] = round(1000 * cpu[2] / max(cpu[3], 1), 1)
    if args.opponent == "budget":
        out["opponent_nodes"] = args.opponent_nodes
    return out


def _midgame_positions() -> list[tuple[str, Position, Relation, str]]:
    tests = Path(__file__).resolve().parent.parent / "tests" / "rules" / "judtho"
    out = []
    for path in sorted(tests.glob("perft/midgame_*.json")) + sorted(tests.glob("search_positions/*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        pos = Position.from_json(load_board(case.get("variant", "quattro")), case["position"])
        relation = relation_from_table(case["relations"]) if case.get("relations") else initial_relation
        out.append((path.stem, pos, relation, case.get("to_move", "white")))
    return out


def movegen_figures(seconds: float = 1.0) -> dict[str, Any]:
    """Legal-move generation speed from the mid-game positions (every army's moves in turn)."""
    out: dict[str, Any] = {}
    for name, pos, relation, to_move in _midgame_positions():
        calls = moves = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < seconds:
            for colour in pos.board.colours:
                moves += len(legal_moves(pos, colour, relation))
                calls += 1
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        leaves = perft(pos, to_move, 2, relation)
        perft_s, perft_cpu = time.perf_counter() - t0, time.process_time() - c0
        out[name] = {
            "legal_moves_calls_per_s": round(calls / elapsed),
            "moves_per_s": round(moves / elapsed),
            "moves_per_cpu_s": round(moves / max(cpu, 1e-9)),
            "perft2_leaves": leaves,
            "perft2_leaves_per_s": round(leaves / perft_s),
            "perft2_leaves_per_cpu_s": round(leaves / max(perft_cpu, 1e-9)),
        }
    return out


def _spread(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median": round(statistics.median(ordered), 1),
        "p95": round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 1),
        "max": round(ordered[-1], 1),
    }


def ai_move_figures(n: int = 60, opening: int = 40) -> dict[str, Any]:
    """`ai.decide` on real mid-game positions: AI games from the Assembly, measured from move
    `opening` on (the whole decision, the engine's `legal_actions` included), until `n` samples:
    wall and CPU milliseconds, the nodes searched (against `NODE_BUDGET`) and the depth finished."""
    wall: list[float] = []
    cpu: list[float] = []
    nodes: list[float] = []
    depths: dict[int, int] = {}
    for seed in range(100):
        rng = random.Random(seed)
        state = GAME.new_game({}, 4, SeededChance(seed))
        chance = SeededChance(seed + 1000)
        while GAME.outcome(state) is None and len(wall) < n:
            seat = min(GAME.to_act(state))
            measured = state.phase == "play" and state.moves_made >= opening
            t0, c0 = time.perf_counter(), time.process_time()
            found = None
            if state.phase == "play" and state.moves_made < 4:
                action = random_policy(state, seat, rng)  # a varied opening per seed
            else:
                action, found = ai.decide(GAME, state, seat)
            if measured:
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                nodes.append(found.nodes if found else 0)
                depth = found.depth if found else 0
                depths[depth] = depths.get(depth, 0) + 1
            GAME.apply(state, seat, action, chance)
        if len(wall) >= n:
            break
    return {
        "wall_ms": _spread(wall),
        "cpu_ms": _spread(cpu),
        "nodes": _spread(nodes),
        "n": len(wall),
        "at_budget": sum(1 for k in nodes if k >= NODE_BUDGET),
        "depth_finished": {str(d): k for d, k in sorted(depths.items())},
        "node_budget": NODE_BUDGET,
    }


def plies(n: int = 40, opening: int = 40) -> dict[str, Any]:
    """Each level of `ai.LEVELS` on the same `n` mid-game positions (games of the two-ply seat,
    from move `opening` on; seat-to-act positions where a search is needed)."""
    samples: list[tuple[JudthoState, int]] = []
    for seed in range(100):
        rng = random.Random(seed)
        state = GAME.new_game({}, 4, SeededChance(seed))
        chance = SeededChance(seed + 1000)
        while GAME.outcome(state) is None and len(samples) < n and state.moves_made < opening + 3 * n:
            seat = min(GAME.to_act(state))
            if state.phase == "play" and state.moves_made < 4:
                action = random_policy(state, seat, rng)
            else:
                if state.phase == "play" and state.moves_made >= opening and state.moves_made % 3 == 0:
                    samples.append((copy.deepcopy(state), seat))
                action = ai.choose(GAME, state, seat, level="two_ply")
            GAME.apply(state, seat, action, chance)
        if len(samples) >= n:
            break
    out: dict[str, Any] = {"positions": len(samples)}
    for name, level in ai.LEVELS.items():
        cpu: list[float] = []
        nodes: list[float] = []
        depths: dict[int, int] = {}
        searched = 0
        for state, seat in samples:
            c0 = time.process_time()
            _, found = ai.decide(GAME, state, seat, level=name)
            if found is None:
                continue
            searched += 1
            cpu.append((time.process_time() - c0) * 1000)
            nodes.append(found.nodes)
            depths[found.depth] = depths.get(found.depth, 0) + 1
        finished = sorted(d for d, k in depths.items() for _ in range(k))
        out[name] = {
            "depth": level.depth,
            "node_budget": level.node_budget,
            "searched": searched,
            "median_plies_finished": statistics.median(finished) if finished else None,
            "plies_finished": {str(d): k for d, k in sorted(depths.items())},
            "nodes": _spread(nodes),
            "at_budget": sum(1 for k in nodes if k >= level.node_budget),
            "cpu_ms": _spread(cpu),
        }
    return out


def figures(n: int = 60) -> dict[str, Any]:
    """The Judtho figures that bench/run.py adds to the generic ones."""
    return {"movegen": movegen_figures(), "ai_midgame_move_ms": ai_move_figures(n)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("length", "strength", "plies", "figures"))
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--nodes", type=int, default=None, help="the AI's node budget (default: its level's)")
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side (processes)")
    parser.add_argument("--opponent", choices=("random", "shallow", "budget", "two_ply"), default="random")
    parser.add_argument("--opponent-nodes", type=int, default=100_000, help="the `budget` opponent's node budget")
    args = parser.parse_args()
    if args.what == "figures":
        print(json.dumps(figures(args.n), indent=2))
        return
    if args.what == "plies":
        print(json.dumps(plies(args.n), indent=2))
        return
    out = length(args) if args.what == "length" else strength(args)
    out["nodes"] = args.nodes
    print(json.dumps(out, indent=1 if args.what == "strength" else None))


if __name__ == "__main__":
    main()
