"""How long the bot's event loop stalls while tables play; prints one JSON object.

    python bench/loop.py [--seconds 60] [--ai-tables 5] [--player-tables 20] [--every 3] [--inline]

What a bot process does under load, without Discord: `--ai-tables` all-AI Judtho tables play
whole games one after another, and `--player-tables` tables of one simulated player and AI
seats (every installed game in turn) get one action from their player every `--every` seconds or
so (a random legal action; a finished table is replaced by a new one). Boards are rendered
as the bot renders them, the database is a SQLite file, and AI seats think in worker
processes as in the bot (`--inline`: on the event loop, as before they moved out).

A heartbeat task asks to wake every 5 ms; how late it wakes is the loop's stall. A simulated
click is an interaction: it is *late* when its handler starts more than 3 s after the click
(Discord's deadline to answer). Printed: `max_stall_ms`, `p99_stall_ms`, `late_interactions`,
`interactions`, the action latency (`act_ms`: click to the service's answer, median / p95),
actions applied, and CPU seconds of this process and of the AI workers beside the wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.ai import InlineSeats, PooledSeats
from gavel.tables.service import Player, TableService
from rules import registry
from rules.core import IllegalAction

HEARTBEAT = 0.005
DEADLINE = 3.0
"""Seconds Discord gives an interaction to be answered (deferred)."""
PLAYER_GAMES = tuple(registry.plugins())
"""The games of the simulated players' tables, in turn: every installed game."""


def seats_at(key: str) -> int:
    """Seats at a simulated player's table (the player and AI seats): one more than the game's
    least, within its most."""
    info = registry.plugin(key).game.info
    return min(info.max_seats, info.min_seats + 1)


NOT_CLICKED = frozenset({"resign", "draw", "void"})
"""Verbs a simulated player never picks: they would end the table early."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def workers_cpu(seats: Any) -> float:
    """CPU seconds of the AI worker processes (from /proc; 0 inline)."""
    pool = getattr(seats, "_pool", None)
    total = 0.0
    for pid in list(getattr(pool, "_processes", {}) or {}):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            continue
    return total


class Load:
    def __init__(self, service: TableService, seconds: float, every: float, seed: int) -> None:
        self.service = service
        self.end = time.monotonic() + seconds
        self.every = every
        self.rng = random.Random(seed)
        self.stalls: list[float] = []
        self.lateness: list[float] = []
        self.act_ms: list[float] = []
        self.actions = 0
        self.ai_games = 0

    async def heartbeat(self) -> None:
        while time.monotonic() < self.end:
            asked = time.monotonic()
            await asyncio.sleep(HEARTBEAT)
            self.stalls.append(max(0.0, time.monotonic() - asked - HEARTBEAT) * 1000)

    async def ai_table(self, channel: int) -> None:
        """All-AI Judtho games, one after another, until the time is up."""
        host = Player(10_000 + channel, f"host{channel}")
        while time.monotonic() < self.end:
            await self.service.create(1, channel, "judtho", host, seed=f"loop-{channel}-{self.ai_games}", sit=False)
            for _ in range(4):
                await self.service.add_ai(channel, host)
            await self.service.start(channel, host)
            while (table := self.service.table(channel)) is not None and table.status == "active":
                await self.service.advance(channel)
            self.ai_games += 1

    async def player_table(self, channel: int, game: str) -> None:
        """One player and AI seats; the player acts every few seconds, as a Discord user would."""
        player = Player(20_000 + channel, f"player{channel}")
        await asyncio.sleep(self.rng.uniform(0, self.every))
        while time.monotonic() < self.end:
            if self.service.table(channel) is None:
                await self.service.create(1, channel, game, player, seed=f"loop-{channel}")
                for _ in range(seats_at(game) - 1):
                    await self.service.add_ai(channel, player)
                await self.service.start(channel, player)
                continue
            clicked = time.monotonic() + self.rng.uniform(0.5, 1.5) * self.every
            await asyncio.sleep(max(0.0, clicked - time.monotonic()))
            # the handler starts now: how late it is after the click is what the loop made it wait
            started = time.monotonic()
            self.lateness.append(started - clicked)
            legal = [a for a in self.service.legal_for(channel, player) if a.split()[0] not in NOT_CLICKED]
            if not legal:
                continue
            try:
                await self.service.act(channel, player, self.rng.choice(legal))
                self.actions += 1
            except IllegalAction:
                pass
            self.act_ms.append((time.monotonic() - clicked) * 1000)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    seats = InlineSeats() if args.inline else PooledSeats()
    with tempfile.TemporaryDirectory() as folder:
        service = TableService(Path(folder) / "loop.sqlite3", thinking=seats)
        service.warm()  # as the bot does at start-up
        load = Load(service, args.seconds, args.every, args.seed)
        cpu0, wall0 = time.process_time(), time.monotonic()
        # AI tables play in long calls (a whole game's AI moves): stopped when the time is up
        ai = [asyncio.create_task(load.ai_table(1 + i)) for i in range(args.ai_tables)]
        players = [load.player_table(100 + i, PLAYER_GAMES[i % len(PLAYER_GAMES)]) for i in range(args.player_tables)]
        await asyncio.gather(load.heartbeat(), *players)
        for task in ai:
            task.cancel()
        await asyncio.gather(*ai, return_exceptions=True)
        figures = {
            "max_stall_ms": round(max(load.stalls, default=0.0), 1),
            "p99_stall_ms": round(percentile(load.stalls, 0.99), 1),
            "late_interactions": sum(1 for late in load.lateness if late > DEADLINE),
            "interactions": len(load.lateness),
            "max_interaction_wait_ms": round(max(load.lateness, default=0.0) * 1000, 1),
            "act_ms": {"median": round(statistics.median(load.act_ms), 1) if load.act_ms else None,
                       "p95": round(percentile(load.act_ms, 0.95), 1)},
            "player_actions": load.actions,
            "ai_games_finished": load.ai_games,
            "ai": f"pool of {seats.workers}" if isinstance(seats, PooledSeats) else "inline",
            "cpu_s": round(time.process_time() - cpu0, 2),
            "ai_workers_cpu_s": round(workers_cpu(seats), 2),
            "wall_s": round(time.monotonic() - wall0, 2),
        }
        service.close()
        return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the load runs")
    parser.add_argument("--ai-tables", type=int, default=5, help="all-AI Judtho tables")
    parser.add_argument("--player-tables", type=int, default=20, help="tables of one simulated player and AI seats")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between a player's actions (about)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inline", action="store_true", help="AI on the event loop (the old way), to compare")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()
