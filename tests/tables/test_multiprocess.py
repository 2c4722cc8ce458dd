"""Many Gavel processes on one PostgreSQL database: worker processes (`tests.tables.mp_driver`)
play the same toy-window tables at once, with a short clock so that windows run out, and one of
them is killed mid-run and started again. Whatever the interleaving:

- no action is applied twice: each (table, version) is in the log once and acknowledged once;
- no acknowledged action is lost: each is in the log, as acknowledged;
- each table's log replays to its stored state (`TableService.replay`);
- each timeout is fired once: no (table, version) is expired twice.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from gavel.tables.service import TableService
from gavel.tables.store import loads
from tests.tables import toy_window
from tests.tables.backends import Backend
from tests.tables.mp_driver import PLAYERS

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 0.3
"""The tables' window clock (seconds): short, so that windows run out during the run."""
GUILD = 7



async def open_tables(url: str, channels: list[int]) -> list[int]:
    """Four-seat toy-window tables, started, one per channel; their ids."""
    svc = TableService(url, renderers={"toy_window": None}, outbox=False)
    try:
        ids = []
        for channel in channels:
            await svc.create(GUILD, channel, "toy_window", PLAYERS[0], seed=f"mp{channel}", timeout=TIMEOUT)
            for player in PLAYERS[1:]:
                await svc.join(channel, player)
            await svc.start(channel, PLAYERS[0])
            table = svc.table(channel)
            assert table is not None
            ids.append(table.id)
        return ids
    finally:
        svc.close()


STEPS = 6000
"""Turns of each worker task's loop at most (one turn: a move, or a 10 ms wait for a clock)."""


class Workers:
    """The worker processes, each forked by one `python -m tests.tables.mp_driver --serve` process
    of this test's (see `mp_driver.serve`): real processes of their own on the shared database,
    each with its own pid and connections, killed alone by SIGKILL, that skip the interpreter
    start and imports a fresh `python` would spend on each (about a second of CPU apiece)."""

    def __init__(self, tmp_path: Path, module: str = "tests.tables.mp_driver") -> None:
        self.tmp_path = tmp_path
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.server = subprocess.Popen([sys.executable, "-m", module, "--serve"], cwd=ROOT, env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.logs: dict[int, Path] = {}

    def _ask(self, line: str) -> str:
        assert self.server.stdin is not None and self.server.stdout is not None
        self.server.stdin.write(line + "\n")
        self.server.stdin.flush()
        answer = self.server.stdout.readline().strip()
        assert answer, f"the worker server ended ({self.server.poll()})"
        return answer

    def start(self, url: str, channels: list[int], idle: list[int], acks: Path, seed: int) -> int:
        log = self.tmp_path / f"worker{seed}.log"
        config = {"url": url, "channels": channels, "idle": idle, "acks": str(acks), "seed": seed, "steps": STEPS,
                  "tasks": 3, "log": str(log)}
        return self.launch(config)

    def launch(self, config: dict[str, Any]) -> int:
        """Start a worker with this config (its `log` the file its output goes to); its pid."""
        pid = int(self._ask("start " + json.dumps(config)))
        self.logs[pid] = Path(config["log"])
        return pid

    def running(self, pid: int) -> bool:
        return self._ask(f"poll {pid}") == "-"

    def finish(self, pid: int) -> int:
        """Wait for the worker to end (its `steps` bound ends a stuck one); its exit code."""
        return int(self._ask(f"wait {pid}"))

    def finish_ok(self, pid: int) -> None:
        code = self.finish(pid)
        assert code == 0, f"worker failed ({code}):\n{self.logs[pid].read_text(encoding='utf-8')}"

    def close(self) -> None:
        """End the server: it waits for the workers still running (each ends within its `steps`)."""
        assert self.server.stdin is not None
        self.server.stdin.close()
        try:
            code = self.server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.server.kill()
            raise
        assert code == 0, f"the worker server failed ({code})"


def acknowledged(*files: Path) -> list[dict[str, Any]]:
    """Every acknowledgement the workers wrote (a killed worker's last line may be cut short)."""
    found = []
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return found


def check(url: str, table_ids: list[int], acks: list[dict[str, Any]], *, all_acknowledged: bool) -> dict[str, int]:
    """The four promises (see the module); what the run did, for the test to check it did enough."""
    svc = TableService(url, renderers={"toy_window": None}, outbox=False)
    try:
        logs = {t: svc.store.actions(t) for t in table_ids}
        by_version = {(t, a["version"]): a for t, log in logs.items() for a in log}
        # no double apply: one log row per (table, version), contiguous, and one acknowledgement each
        for t, log in logs.items():
            versions = [a["version"] for a in log]
            assert versions == list(range(versions[0], versions[0] + len(versions))), (t, versions)
        twice = [k for k, n in Counter((a["table"], a["version"]) for a in acks).items() if n > 1]
        assert twice == [], f"acknowledged twice: {twice[:5]}"
        # nothing acknowledged is lost
        for ack in acks:
            row = by_version.get((ack["table"], ack["version"]))
            assert row is not None, f"acknowledged but not in the log: {ack}"
            assert (row["seat"], row["action"]) == (ack["seat"], ack["action"]), (ack, row)
        if all_acknowledged:  # nobody was killed: every row in the log was acknowledged by its writer
            assert len(acks) == len(by_version)
        # each timeout fired once
        fired = Counter((a["table"], a["at"]) for a in acks if a["kind"] == "timeout" and a["version"] == a["at"] + 1)
        assert [k for k, n in fired.items() if n > 1] == []
        # every log replays to the stored state, and every game was played to its end
        for t in table_ids:
            row = svc.store.table_row(t)
            assert row is not None and row["status"] == "finished", (t, row and row["status"])
            replayed = svc.replay(t)  # the stored snapshot (its compact form) reads back to the replay
            assert replayed.to_json() == type(replayed).from_json(loads(row["state"])).to_json(), t
        return {"actions": len(by_version), "timeouts": len(fired), "acks": len(acks)}
    finally:
        svc.close()


def test_many_processes_play_the_same_tables_and_survive_a_killed_one(pg: Backend, tmp_path: Path) -> None:
    assert toy_window.ToyWindow  # registered in this process too (replay)
    url = pg.location()
    workers = Workers(tmp_path)
    try:
        # Two workers, 10 tables (every fifth one never answered in a window: its windows run out).
        # Six tasks in two processes race on ten tables: each table is written by both processes
        # many times over (a table's game is about 28 changes), and the checks below are per
        # (table, version): more tables would repeat the same races, not add another kind.
        channels = list(range(5000, 5010))
        ids = asyncio.run(open_tables(url, channels))
        idle = channels[::5]
        files = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
        pids = [workers.start(url, channels, idle, f, seed) for seed, f in enumerate(files)]
        for pid in pids:
            workers.finish_ok(pid)
        done = check(url, ids, acknowledged(*files), all_acknowledged=True)
        assert done["actions"] >= 200 and done["acks"] == done["actions"] and done["timeouts"] >= len(idle) * 4
        assert {a["pid"] for a in acknowledged(*files)} == set(pids)  # both played

        # Again on 10 new tables; one worker is killed mid-run and started again.
        channels = list(range(6000, 6010))
        ids = asyncio.run(open_tables(url, channels))
        idle = channels[::5]
        files = [tmp_path / "c.jsonl", tmp_path / "d.jsonl", tmp_path / "c2.jsonl"]
        for f in files:
            f.touch()
        victim, other = (workers.start(url, channels, idle, f, seed) for seed, f in enumerate(files[:2], 10))
        while len(files[0].read_text(encoding="utf-8").splitlines()) < 60:
            assert workers.running(victim), "the worker to kill ended before it was killed"
            time.sleep(0.02)
        os.kill(victim, signal.SIGKILL)
        assert workers.finish(victim) == -signal.SIGKILL
        again = workers.start(url, channels, idle, files[2], 12)
        workers.finish_ok(other)
        workers.finish_ok(again)
        done = check(url, ids, acknowledged(*files), all_acknowledged=False)
        assert done["actions"] >= 200 and done["timeouts"] >= len(idle) * 4
    finally:
        workers.close()
