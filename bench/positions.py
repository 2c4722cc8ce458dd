"""Mid-game states of every installed game, played from a seed with random legal actions: what
the snapshot benchmark (`bench/snapshots.py`) and the snapshot tests convert.

    python bench/positions.py OUT_DIR   # writes <game>.json: a list of saved states (`State.to_json`)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.core import Game, SeededChance, State

STEPS = (0, 15, 40, 80, 140)
"""After how many actions a state is kept (fewer when the game ends first)."""


def positions(game: Game[Any], seed: int = 1, steps: tuple[int, ...] = STEPS, seats: int | None = None) -> list[State]:
    """Copies of one seeded game's state after each count of `steps` actions (random legal ones,
    never a resignation or a departure while another action is possible)."""
    rng = random.Random(seed)
    seats = seats or min(game.info.max_seats, max(game.info.min_seats, 4))
    state = game.new_game({}, seats, SeededChance(seed))
    kept: list[State] = []
    for n in range(max(steps) + 1):
        if n in steps:
            kept.append(game.load(json.loads(json.dumps(state.to_json()))))
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        calm = [a for a in legal if getattr(a, "verb", "") not in ("resign", "depart", "leave")] or legal
        game.apply(state, seat, rng.choice(calm), SeededChance(rng.randrange(1 << 30)))
    return kept


def mid_game(game: Game[Any], seed: int = 1) -> State:
    """The benchmark's mid-game state: the latest of `positions` (80 actions in, or the game's last)."""
    return positions(game, seed, steps=(0, 40, 80))[-1]


def shipped() -> list[Game[Any]]:
    """The games Gavel ships (those with a renderer; test plug-ins have none)."""
    return [plugin.game for key, plugin in sorted(registry.plugins().items()) if plugin.renderer]


def main(out: str) -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for game in shipped():
        states = [s.to_json() for seed in (1, 2, 3) for s in positions(game, seed)]
        (folder / f"{game.info.key}.json").write_text(json.dumps(states, ensure_ascii=False, sort_keys=True) + "\n")
        print(game.info.key, len(states))


if __name__ == "__main__":
    main(sys.argv[1])
