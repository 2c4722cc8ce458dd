"""One bot process of the chaos test (`tests/tables/test_chaos.py`): a `TableService` in shared
mode on the common PostgreSQL database, with the outbox on, that owns one shard of three (the
guilds whose `(guild >> 22) % 3` is its index), as a `ShardedGavelBot` would. It plays the
tables of its shard's channels as their simulated players (the clicks of a shard come to its
process), fires every clock that runs out (its own tables' and, `watch`, anyone's), lets AI
seats play, and delivers every notice through the front-end's own code (`cogs.delivery`:
`Delivery.deliver` with what a channel still owes first, and `Resender.flush` for what is due),
where only the last step, Discord itself, is a fake that records what went out.

Each line it records is appended and flushed at once, one `write` each (a SIGKILL loses none that
was written):

- in the `acks` file, every change the service acknowledged (as `mp_driver` does);
- in the `sent` file, which every process appends to (its lines are in the order the notices
  went out), every notice "Discord accepted": the process, the channel, the outbox
  row, the kind, the seat, the secrets it carried, and a `marked` line once the outbox was
  told (a notice sent but not marked when its process was killed is the one a crash may send
  twice: no outbox can avoid that).

When every table of its shard is over it keeps running until the outbox is empty, looking
`drain` times at most, every 0.1 s.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import discord

from cogs.delivery import Delivery, Resender
from gavel.tables.clock import WindowClock
from gavel.tables.notices import Notice, Private, Prompt, Public, Reminder
from gavel.tables.service import TableService
from rules.core import IllegalAction, Msg
from tests.tables import toy_game, toy_window
from tests.tables.mp_driver import PLAYERS, WRITES, recording_writes, serve

SHARDS = 3
LEASE = 3.0
"""The service's lease (seconds): how long a claim (a clock, an outbox row) holds. The bot's is
30 s; a short one lets the run go on soon after each kill, but a process that stalls for longer
than it (a loaded machine: 1 s once let a live process's notice be claimed and sent by another
as well) is taken for dead."""
HOLD = 1.0
"""The windows' hold (`gavel.tables.timing.HOLD`), shorter than the bot's (5 s) so that passes
come both during a hold (they wait, stored in the clock row, for a timer any process may fire)
and after it (applied at once), while the processes are killed and the windows' clocks run."""
GAMES = {"toy_window": toy_window.choose, "toy": toy_game.choose}


def shard(guild: int | None) -> int:
    """The shard whose process receives a guild's events (as `GavelBot.serves` reckons it)."""
    return 0 if guild is None else (guild >> 22) % SHARDS


class FakeChannel(discord.abc.Messageable):
    """A channel that takes messages; nothing is sent through it (`Sender._send` records)."""

    def __init__(self, channel_id: int, guild_id: int) -> None:
        self.id = channel_id
        self.guild = None
        self.guild_id = guild_id

    async def _get_channel(self) -> Any:
        return self


class Sender(Delivery):
    """The real `Delivery` down to what Discord would be asked: each notice is written to the
    `sent` file instead (Discord accepted it), then the outbox is told as `Delivery._send` does."""

    def __init__(self, bot: Any, out: TextIO) -> None:
        super().__init__(bot)
        self.out = out

    def write(self, line: dict[str, Any]) -> None:
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()

    async def _send(self, notices: list[Any], channel: discord.abc.Messageable,
                    interaction: discord.Interaction | None) -> tuple[list[discord.Message], list[Any]]:
        done: list[int] = []
        channel_id = getattr(channel, "id", 0)
        for notice in notices:
            self.write(describe(notice, channel_id))
            if notice.outbox is not None:
                done.append(notice.outbox)
        await self.bot.service.delivered(done)
        if done:
            self.write({"marked": done, "pid": os.getpid()})
        return [], []


def describe(notice: Notice, channel: int) -> dict[str, Any]:
    """What the fake Discord saw of one notice."""
    line: dict[str, Any] = {"pid": os.getpid(), "channel": channel, "row": notice.outbox,
                            "kind": type(notice).__name__.lower(), "table": getattr(notice, "table_id", None)}
    if isinstance(notice, Private):
        line["seat"] = notice.seat
        line["secrets"] = [m.params for m in notice.lines if isinstance(m, Msg) and m.key == "toy_window.hand"]
    elif isinstance(notice, Public | Prompt):
        prompt = notice.prompt if isinstance(notice, Public) else notice
        line["version"] = prompt.version if prompt is not None else None
    elif isinstance(notice, Reminder):
        line["seat"] = notice.seat
    return line


class Bot:
    """What `Delivery` and `Resender` ask of a `ShardedGavelBot` over shard `index`."""

    def __init__(self, service: TableService, index: int, guilds: dict[int, int], out: TextIO) -> None:
        self.service = service
        self.shard_ids = [index]
        self.shard_count = SHARDS
        self.guilds = guilds
        self.closed = False
        self.delivery = Sender(self, out)
        self.resender = Resender(self)
        self.resender.IDLE = LEASE  # as in production: the idle period equals the lease

    def serves(self, guild_id: int | None) -> bool:
        return shard(guild_id) in self.shard_ids

    async def reach(self, channel_id: int) -> FakeChannel:
        return FakeChannel(channel_id, self.guilds[channel_id])

    async def own_channel(self, channel_id: int) -> FakeChannel | None:
        return await self.reach(channel_id) if self.serves(self.guilds[channel_id]) else None

    async def deliver_to(self, channel_id: int, notices: list[Notice]) -> None:
        await self.delivery.deliver(notices, channel=await self.reach(channel_id))

    def is_closed(self) -> bool:
        return self.closed

    async def wait_until_ready(self) -> None:
        return None


class Worker:
    def __init__(self, config: dict[str, Any], acks: TextIO, out: TextIO) -> None:
        svc = TableService(config["url"], renderers=dict.fromkeys(GAMES), ais=dict(GAMES))
        svc.lease = LEASE
        svc.shared = True
        svc.hold = HOLD
        self.svc = recording_writes(svc)
        guilds = {int(c): int(g) for c, g in config["guilds"].items()}
        self.bot = Bot(svc, int(config["index"]), guilds, out)
        self.channels = [c for c in guilds if self.bot.serves(guilds[c])]
        self.rng = random.Random(config["seed"])
        self.drain = int(config["drain"])
        self.acks = acks
        self.errors = 0
        self.clock = WindowClock(svc, self.delivered_by_clock)
        expire = svc.expire

        async def expiring(channel: int, version: int) -> list[Notice]:
            sink: list[dict[str, Any]] = []
            token = WRITES.set(sink)
            try:
                notices = await expire(channel, version)
            finally:
                WRITES.reset(token)
            self.ack("timeout", sink, at=version)
            return notices

        svc.expire = expiring  # type: ignore[method-assign]
        advance = svc.advance

        async def advancing(channel: int) -> list[Notice]:
            sink: list[dict[str, Any]] = []
            token = WRITES.set(sink)
            try:
                notices = await advance(channel)
            finally:
                WRITES.reset(token)
            self.ack("advance", sink)
            return notices

        svc.advance = advancing  # type: ignore[method-assign]

    async def delivered_by_clock(self, channel: int, notices: list[Notice]) -> None:
        await self.bot.deliver_to(channel, notices)
        self.clock.arm(channel)

    def ack(self, kind: str, writes: list[dict[str, Any]], **extra: Any) -> None:
        for write in writes:
            self.acks.write(json.dumps({"kind": kind, "pid": os.getpid(), **write, **extra}) + "\n")
        self.acks.flush()

    async def play(self, channels: Sequence[int]) -> None:
        """One player's clicks on the tables of this shard, until every one is over."""
        left = list(channels)
        while left:
            channel = self.rng.choice(left)
            try:
                table = await self.svc.look(channel)
            except Exception as exc:  # the database is away for a moment (a player sees an error)
                self.errors += 1
                print(f"worker {os.getpid()}: look: {type(exc).__name__}: {exc}", file=sys.stderr)
                await asyncio.sleep(0.05)
                continue
            if table is None or table.state is None or table.status != "active":
                left.remove(channel)
                continue
            seats = table.humans_to_act()
            if not seats or self.rng.random() < 0.6:
                await asyncio.sleep(0.05)  # a slow player: the clock may run out
                continue
            seat = self.rng.choice(seats)
            legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
            plays = [a for a in legal if a.startswith(("play", "move"))]
            action = self.rng.choice(plays) if plays and self.rng.random() < 0.5 else legal[0]
            sink: list[dict[str, Any]] = []
            token = WRITES.set(sink)
            try:
                notices = await self.svc.act(channel, PLAYERS[seat], action, version=table.version)
            except IllegalAction:
                continue
            except Exception as exc:
                self.errors += 1
                print(f"worker {os.getpid()}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            finally:
                WRITES.reset(token)
            self.ack("act", sink)
            try:
                await self.bot.delivery.deliver(notices, channel=await self.bot.reach(channel))
            except Exception as exc:
                self.errors += 1
                print(f"worker {os.getpid()}: delivery: {type(exc).__name__}: {exc}", file=sys.stderr)
            self.clock.arm(channel)

    async def run(self) -> int:
        await self.svc.restore(lazy=True)
        self.clock.arm_all()
        self.clock.watch(every=0.1)
        self.bot.resender.start()
        try:
            await asyncio.gather(*(self.play(self.channels) for _ in range(2)))
            for _ in range(self.drain):
                if await asyncio.to_thread(self.svc.store.outbox_next) is None:
                    break
                await asyncio.sleep(0.1)
        finally:
            self.bot.closed = True
            self.bot.resender.stop()
            self.clock.close()
            self.svc.close()
        return self.errors


class Errors(logging.Handler):
    """Counts what the process logged as an error (a timer or a flush that failed: the run then fails)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def work(config: dict[str, Any]) -> int:
    """One bot process's whole run; its exit code."""
    logging.basicConfig(level=logging.WARNING, format=f"worker {os.getpid()} %(asctime)s %(name)s: %(message)s")
    logged = Errors()
    logging.getLogger().addHandler(logged)
    with open(config["acks"], "a", encoding="utf-8") as acks, open(config["sent"], "a", encoding="utf-8") as out:
        errors = asyncio.run(Worker(config, acks, out).run())
    if config.get("tolerate"):  # the database was restarted under it: errors meanwhile are expected
        return 0
    return 1 if errors or logged.count else 0


if __name__ == "__main__":
    sys.exit(serve(work))
