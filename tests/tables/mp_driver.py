"""One worker process of the multi-process test (`tests/tables/test_multiprocess.py`): a
`TableService` on the shared PostgreSQL database that plays the toy-window tables it is given,
several calls at once, and fires the window clocks that run out (`WindowClock.watch`), as a bot
process would. Every change the service acknowledged (an `act` that returned, an `expire` that
applied timeouts) is appended to the worker's acknowledgement file, one JSON line each, as soon
as it returns: a worker killed mid-run leaves every acknowledgement it made.

    python -m tests.tables.mp_driver '<json: url, channels, idle, acks, seed, steps, tasks>'

or, as the test runs them, forked from one parent that has imported all this once (`serve`):

    python -m tests.tables.mp_driver --serve

`idle` channels are never answered in a window: their windows always run out. Each of the
worker's `tasks` stops when every table is over, or after `steps` turns of its loop (a bound
that turns a hang into a failed check instead of a stuck test).
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from gavel.tables.clock import WindowClock
from gavel.tables.notices import Notice
from gavel.tables.service import Player, TableService
from rules.core import IllegalAction
from tests.tables import toy_window

PLAYERS = [Player(i + 1, f"p{i + 1}") for i in range(4)]
"""The users of every table, seat by seat."""

WRITES: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar("writes", default=None)
"""The log rows the call running in this context wrote (the store runs in a worker thread,
which `asyncio.to_thread` gives a copy of this context: the list is the same)."""


def service(url: str) -> TableService:
    svc = TableService(url, renderers={"toy_window": None}, ais={"toy_window": toy_window.choose}, outbox=False)
    svc.lease = 2.0
    return recording_writes(svc)


def recording_writes(svc: TableService) -> TableService:
    """`svc` with every action it writes noted in the list `WRITES` holds (when one is set)."""
    record = svc.store.record_action

    def recording(table_id: int, seat: int, user_id: int | None, action: str, *args: Any, **kwargs: Any) -> int:
        seq = record(table_id, seat, user_id, action, *args, **kwargs)
        sink = WRITES.get()
        if sink is not None:  # a batch's earlier rows too (a pass a standing order gave with the move)
            sink += [{"table": table_id, "version": e.version, "seat": e.seat, "action": e.action}
                     for e in kwargs.get("earlier", ())]
            sink.append({"table": table_id, "version": args[3], "seat": seat, "action": action})
        return seq

    svc.store.record_action = recording  # type: ignore[method-assign]
    return svc


class Worker:
    def __init__(self, config: dict[str, Any], acks: TextIO) -> None:
        self.svc = service(config["url"])
        self.channels: list[int] = list(config["channels"])
        self.idle = set(config["idle"])
        self.rng = random.Random(config["seed"])
        self.steps = int(config["steps"])
        self.acks = acks
        self.errors = 0
        expire = self.svc.expire

        async def expiring(channel: int, version: int) -> list[Notice]:
            sink: list[dict[str, Any]] = []
            token = WRITES.set(sink)
            try:
                notices = await expire(channel, version)
            finally:
                WRITES.reset(token)
            self.ack("timeout", sink, at=version)
            return notices

        self.svc.expire = expiring  # type: ignore[method-assign]

    def ack(self, kind: str, writes: list[dict[str, Any]], **extra: Any) -> None:
        for write in writes:
            self.acks.write(json.dumps({"kind": kind, "pid": os.getpid(), **write, **extra}) + "\n")
        self.acks.flush()  # in the kernel's hands: a SIGKILL does not lose it

    async def play(self) -> None:
        for _ in range(self.steps):
            if not self.channels:
                return
            channel = self.rng.choice(self.channels)
            table = await self.svc.look(channel)
            if table is None or table.state is None:
                if channel in self.channels and table is None:
                    self.channels.remove(channel)
                continue
            seats = table.humans_to_act()
            window = bool(table.decision().clocked)
            if not seats or (window and channel in self.idle):
                await asyncio.sleep(0.01)  # nothing to do here now (an idle window waits for its clock)
                continue
            seat = self.rng.choice(seats)
            legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
            plays = [a for a in legal if a.startswith("play")]
            action = self.rng.choice(plays) if plays and self.rng.random() < 0.2 else legal[0]
            sink: list[dict[str, Any]] = []
            token = WRITES.set(sink)
            try:
                await self.svc.act(channel, PLAYERS[seat], action, version=table.version)
            except IllegalAction:
                continue  # stale, or another call got there first: nothing of ours was applied
            except Exception as exc:
                self.errors += 1
                print(f"worker {os.getpid()}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            finally:
                WRITES.reset(token)
            self.ack("act", sink)

    async def run(self, tasks: int) -> int:
        clock = WindowClock(self.svc, _nowhere)
        clock.watch(every=0.05)
        try:
            await asyncio.gather(*(self.play() for _ in range(tasks)))
        finally:
            clock.close()
            self.svc.close()
        return self.errors


async def _nowhere(channel: int, notices: list[Notice]) -> None:
    """The worker has no Discord: a timeout's notices go nowhere."""


def work(config: dict[str, Any]) -> int:
    """One worker's whole run; its exit code."""
    logging.basicConfig(level=logging.WARNING, format=f"worker {os.getpid()} %(asctime)s %(name)s: %(message)s")
    with open(config["acks"], "a", encoding="utf-8") as acks:
        errors = asyncio.run(Worker(config, acks).run(int(config.get("tasks", 3))))
    return 1 if errors else 0


def main() -> int:
    return work(json.loads(sys.argv[1]))


def serve(run: Callable[[dict[str, Any]], int] | None = None) -> int:
    """Start workers as forks of this process, which has imported Gavel once and started no
    thread, no loop and no connection: each worker is a process of its own (its pid, its
    connections, killed alone by a signal), without the second of imports a fresh interpreter
    spends. One command a line on standard input, one answer line each on standard output:

    - `start <json config>` (with `"log"`: the file the worker's output goes to): its pid;
    - `poll <pid>`: its exit code (negative: the signal that ended it), or `-` while it runs;
    - `wait <pid>`: its exit code, once it has ended.

    At the end of the input every worker still running is waited for. `run`: what a worker
    does with its config (this module's `work` by default)."""
    run = run or work
    started: set[int] = set()

    def status(pid: int, flags: int) -> str:
        done, code = os.waitpid(pid, flags)
        if done == 0:
            return "-"
        started.discard(pid)
        return str(os.waitstatus_to_exitcode(code))

    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "start":
            config = json.loads(rest)
            pid = os.fork()
            if pid == 0:  # the worker
                code = 1
                try:
                    log = os.open(config["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND)
                    os.dup2(log, 1)
                    os.dup2(log, 2)
                    code = run(config)
                except BaseException:
                    logging.exception("worker %d failed", os.getpid())
                finally:
                    sys.stdout.flush()
                    sys.stderr.flush()
                    os._exit(code)
            started.add(pid)
            answer = str(pid)
        elif command in ("poll", "wait"):
            answer = status(int(rest), os.WNOHANG if command == "poll" else 0)
        else:
            answer = f"unknown command {command!r}"
        print(answer, flush=True)
    for pid in list(started):
        status(pid, 0)
    return 0


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["--serve"] else main())
