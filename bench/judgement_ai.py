"""Measure The City of Judgement's computer seats. Prints JSON.

    python bench/judgement_ai.py figures  [--n 60]
    python bench/judgement_ai.py length   [--games 50] [--seats 9]
    python bench/judgement_ai.py strength [--games 20] [--seats 6]

`figures` (also part of `python bench/run.py --games judgement`): the AI's decision time (median,
p95, worst; only decisions with two or more legal actions) over whole AI games at 4 and 9 seats,
the game length in turns, and the winners' shares by reason (guards, assassins, a Commoner's goal).

`length`: `--games` whole games of AI seats at `--seats`: turns and actions per game (mean,
median, min, max) and the share of each reason (plan Q12: HP balance, logged for later tuning).

`strength`: the AI plays every seat of one faction and uniformly random legal actions play all
the others; each seed is played twice, the AI as the 侍衛 and as the 刺客. Reported: how often the
AI's faction won, beside the same faction's share when every seat is random (same seeds).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core import Action, SeededChance
from rules.judgement import ai
from rules.judgement.engine import GAME
from rules.judgement.state import JudgementState

Policy = Callable[[JudgementState, int, random.Random], Action]
MAX_STEPS = 5000


def ai_policy(state: JudgementState, seat: int, rng: random.Random) -> Action:
    return ai.choose(GAME, state, seat)


def random_policy(state: JudgementState, seat: int, rng: random.Random) -> Action:
    return rng.choice(GAME.legal_actions(state, seat))


def play(policies: dict[int, Policy] | Policy, seats: int, seed: int | str,
         times: list[float] | None = None) -> dict[str, Any]:
    """One whole game; `policies` per seat (or one for all). With `times`, the ms of each AI
    decision between two or more legal actions are appended."""
    rng = random.Random(f"{seed}:policy")
    state = GAME.new_game({}, seats, SeededChance(seed))
    identities = [p.identity for p in state.players]
    steps = 0
    for step in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        policy = policies if callable(policies) else policies[seat]
        timed = times is not None and policy is ai_policy and len(GAME.legal_actions(state, seat)) > 1
        t0 = time.perf_counter()
        action = policy(state, seat, rng)
        if timed and times is not None:
            times.append((time.perf_counter() - t0) * 1000)
        GAME.apply(state, seat, action, SeededChance(f"{seed}:{step}"))
        steps += 1
    outcome = GAME.outcome(state)
    return {
        "seed": seed,
        "seats": seats,
        "identities": identities,
        "winners": list(outcome.winners) if outcome else [],
        "reason": (outcome.reason if outcome else "unfinished").split(":")[0],
        "turns": state.turn_no,
        "steps": steps,
    }


def spread(values: list[float]) -> dict[str, float]:
    return {
        "mean": round(statistics.mean(values), 1),
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def timing(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 3), "p95": round(p95, 3),
            "max": round(ordered[-1], 3), "n": len(ordered)}


def length(games: int, seats: int, times: list[float] | None = None) -> dict[str, Any]:
    """`games` whole AI games at `seats`: length in turns and actions, and the reasons' shares."""
    results = [play(ai_policy, seats, f"len{seats}:{seed}", times) for seed in range(games)]
    reasons = Counter(r["reason"] for r in results)
    return {
        "games": games,
        "seats": seats,
        "turns": spread([r["turns"] for r in results]),
        "actions": spread([r["steps"] for r in results]),
        "win_share": {k: round(v / games, 3) for k, v in sorted(reasons.items())},
    }


def faction_won(result: dict[str, Any], faction: str) -> bool:
    return result["reason"] == f"{faction}s"


def strength(games: int, seats: int) -> dict[str, Any]:
    """The AI on one faction's seats against random seats (module docstring)."""
    out: dict[str, Any] = {"games_per_faction": games, "seats": seats}
    for faction in ("guard", "assassin"):
        ai_wins = base_wins = 0
        for seed in range(games):
            tag = f"str{seats}:{seed}"
            dealt = GAME.new_game({}, seats, SeededChance(tag))
            policies: dict[int, Policy] = {
                s: (ai_policy if p.identity == faction else random_policy) for s, p in enumerate(dealt.players)
            }
            ai_wins += faction_won(play(policies, seats, tag), faction)
            base_wins += faction_won(play(random_policy, seats, tag), faction)
        out[faction] = {"ai_faction_wins": round(ai_wins / games, 3), "all_random_wins": round(base_wins / games, 3)}
    return out


def figures(n: int = 60) -> dict[str, Any]:
    """The figures bench/run.py adds for judgement: AI decision time, game length, win shares."""
    games = max(2, n // 6)
    times: list[float] = []
    nine = length(games, 9, times)
    four = length(games, 4, times)
    return {"ai_decision_ms": timing(times), "ai_games_9_seats": nine, "ai_games_4_seats": four}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("figures", "length", "strength"))
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--seats", type=int, default=0)
    args = parser.parse_args()
    if args.what == "figures":
        out = figures(args.n)
    elif args.what == "length":
        out = length(args.games or 50, args.seats or 9)
    else:
        out = strength(args.games or 20, args.seats or 6)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
