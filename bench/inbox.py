"""What one player in five daily games on three servers receives in a day, without and with the
turn inbox; prints one JSON object.

    python bench/inbox.py [--game dads_army] [--seed 1] [--db PATH]

Five two-player tables of `--game` on the daily time control (24 hours a decision), on three
servers (two, two and one), each against an opponent of its own. The simulated day runs on a
virtual clock: each opponent answers a while after it is asked (20 minutes to 4 hours, seeded),
and the player plays in four sessions (08:00, 12:30, 18:00, 22:30), answering every table that
waits on them; either side plays the game's own AI's choices. Every change goes through the
table service and its outbox as on the bot; what Discord would do with it is counted: the
channel messages that ping the player (`Prompt.ping`), the half-time reminder DMs
(`due_reminders`, `remind`), and, with the inbox, what the delivery does with each `Waiting`
(`TableService.show_waits` on a fake Discord: new DMs and edits).

The same day (same seed) is played three times: `before` (no inbox: no waits noted, pings and
reminders only), `after` (`inbox: on`) and `digest` (`inbox: digest`); then twice more with the
player away all day (no session): `away` (inbox on) and `vacation` (the same, after
`/table vacation days:1`: their daily clocks stop, and no half-time reminder reaches them).
`pings` counts notifications: channel
pings, reminder DMs and new inbox DMs (an edit notifies nobody). `cpu_s` beside `wall_s`, for each
day (its changes, the AI's choices and the inbox's work alike) and for the whole run.
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gavel.tables.inbox import Wait, inbox_lines
from gavel.tables.notices import Notice, Prompt, Public, Reminder, Waiting
from gavel.tables.service import Player, TableService
from rules import registry

DAY = 24 * 3600.0
START = 1_800_000_000.0
"""The virtual day's midnight (wall-clock seconds)."""
SESSIONS = (8 * 3600.0, 12.5 * 3600.0, 18 * 3600.0, 22.5 * 3600.0)
SERVERS = (1, 1, 2, 2, 3)
"""The server of each of the five tables."""
ME = Player(1, "me")


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class Discord:
    """Counts what the inbox posts and edits, for the player alone."""

    def __init__(self) -> None:
        self.posts = self.edits = 0
        self._next = 1

    async def post(self, user_id: int, text: str) -> tuple[int, int] | None:
        self._next += 1
        if user_id == ME.user_id:
            self.posts += 1
        return 9, self._next

    async def edit(self, channel_id: int, message_id: int, text: str) -> bool:
        self.edits += 1  # only the player turned the inbox on
        return True


def text_of(user: int, waits: list[Wait]) -> str:
    return "\n".join(inbox_lines(waits, "en", link=lambda w: f"<#{w.channel_id}>", when=lambda t: f"<t:{int(t)}:R>"))


async def day(game: str, seed: int, mode: str, db: str, *, away: bool = False,
              vacation: bool = False) -> dict[str, Any]:
    """One simulated day with the player's inbox `mode`; what they received. `away`: the player
    plays no session; `vacation`: they declared a day's vacation first."""
    cpu, wall = time.process_time(), time.perf_counter()
    clock, discord = Clock(), Discord()
    svc = TableService(db, renderers={game: None}, clock=clock)
    svc.wall = clock
    svc.inbox.enabled = mode != "off"  # before: no waits noted at all, as before the inbox
    choose = registry.plugin(game).ai
    assert choose is not None, f"{game} has no AI to play its seats"
    await svc.set_settings(ME.user_id, inbox=mode)
    if vacation:
        await svc.vacation(ME.user_id, 1)
    rng = random.Random(seed)
    counts = {"channel_pings": 0, "reminder_dms": 0, "my_moves": 0, "their_moves": 0, "changes": 0, "my_time_ups": 0}
    channels = [1000 + i for i in range(len(SERVERS))]
    opponents = {c: Player(100 + i, f"opponent{i}") for i, c in enumerate(channels)}
    due: list[tuple[float, int]] = []  # (when, channel): an opponent answers

    async def deliver(notices: list[Notice]) -> None:
        counts["changes"] += 1
        pinged = False
        for notice in notices:
            prompt = notice.prompt if isinstance(notice, Public) else notice if isinstance(notice, Prompt) else None
            if prompt is not None and prompt.ping and prompt.user_id == ME.user_id:
                pinged = True
            if isinstance(notice, Reminder) and notice.user_id == ME.user_id:
                counts["reminder_dms"] += 1
            if isinstance(notice, Waiting):
                await svc.show_waits(notice, discord, text_of)
        counts["channel_pings"] += pinged
        counts["my_time_ups"] += sum(1 for n in notices if isinstance(n, Public) for m in n.lines
                                     if m.key == "table.time_up" and "'me'" in repr(m.params))
        await svc.delivered([n.outbox for n in notices if n.outbox is not None])

    async def play(channel: int, player: Player) -> None:
        """The player's whole turn at the table: every decision that asks them, by the AI's choice."""
        while True:
            table = svc.table(channel)
            if table is None or table.status != "active":
                return
            seats = [s for s in table.humans_to_act() if table.seats[s].user_id == player.user_id]
            if not seats:
                return
            action = choose(table.game, table.state, seats[0])
            await deliver(await svc.act(channel, player, str(action)))
            counts["my_moves" if player is ME else "their_moves"] += 1

    def schedule(channel: int) -> None:
        """The opponent answers a while after being asked."""
        table = svc.table(channel)
        if table is not None and table.status == "active" and any(
                table.seats[s].user_id != ME.user_id for s in table.humans_to_act()):
            heapq.heappush(due, (clock.now + rng.uniform(20 * 60, 4 * 3600), channel))

    for i, channel in enumerate(channels):
        host, other = (ME, opponents[channel]) if i % 2 == 0 else (opponents[channel], ME)
        await deliver(await svc.create(SERVERS[i], channel, game, host, seed=f"{seed}-{i}", time="daily"))
        await deliver(await svc.join(channel, other))
        await deliver(await svc.start(channel, host))
        schedule(channel)
    sessions = [] if away else [START + s for s in SESSIONS]
    ticks = [START + h * 3600.0 for h in range(1, 24)]  # the bot's watch finds reminders due: hourly here
    while True:
        upcoming = [t for t in (due[0][0] if due else None, sessions[0] if sessions else None,
                                ticks[0] if ticks else None) if t is not None]
        if not upcoming or min(upcoming) >= START + DAY:
            break
        clock.now = min(upcoming)
        for deadline in await svc.due_reminders():
            await deliver(await svc.remind(deadline.channel_id, deadline.opened or deadline.version))
        while ticks and ticks[0] <= clock.now:
            ticks.pop(0)
        if sessions and clock.now == sessions[0]:
            sessions.pop(0)
            for channel in channels:
                await play(channel, ME)
                schedule(channel)
            continue
        if not due or due[0][0] > clock.now:
            continue  # an hourly look only
        _, channel = heapq.heappop(due)
        await play(channel, opponents[channel])
        schedule(channel)
    clock.now = START + DAY
    for ran in await svc.due_clocks():  # the clocks due by the day's end: run out, or stopped by a vacation
        await deliver(await svc.expire(ran.channel_id, ran.version))
    for deadline in await svc.due_reminders():
        await deliver(await svc.remind(deadline.channel_id, deadline.opened or deadline.version))
    paused = 0.0
    for channel in channels:
        table = svc.table(channel)
        row = svc.store.head(table.id) if table is not None else None
        found = json.loads(row["clock"]) if row is not None and isinstance(row["clock"], str) else None
        if isinstance(found, dict) and found.get("due") is not None and table is not None and any(
                table.seats[s].user_id == ME.user_id for s in table.humans_to_act()):
            paused += max(0.0, float(found["due"]) - float(found.get("heard") or found.get("start") or 0) - DAY)
    svc.store.close()
    return {"inbox": mode, "away": away, "vacation": vacation, "my_clocks_stopped_h": round(paused / 3600, 1),
            "dm_posts": discord.posts + counts["reminder_dms"], "inbox_posts": discord.posts,
            "inbox_edits": discord.edits, "pings": counts["channel_pings"] + counts["reminder_dms"] + discord.posts,
            **counts, "cpu_s": round(time.process_time() - cpu, 3), "wall_s": round(time.perf_counter() - wall, 3)}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="dads_army")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="a database location (default: a fresh SQLite file per run)")
    args = parser.parse_args()
    out: dict[str, Any] = {"game": args.game, "seed": args.seed, "tables": len(SERVERS),
                           "servers": len(set(SERVERS))}
    cpu, wall = time.process_time(), time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for name, mode in (("before", "off"), ("after", "on"), ("digest", "digest")):
            db = args.db or os.path.join(folder, f"{name}.db")
            out[name] = await day(args.game, args.seed, mode, db)
        for name, vacation in (("away", False), ("vacation", True)):
            db = args.db or os.path.join(folder, f"{name}.db")
            out[name] = await day(args.game, args.seed, "on", db, away=True, vacation=vacation)
    out["cpu_s"] = round(time.process_time() - cpu, 2)
    out["wall_s"] = round(time.perf_counter() - wall, 2)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    asyncio.run(main())
