"""Three bot processes on one PostgreSQL database, each over one shard of three, play window
and time-controlled tables of two games (simulated players and an AI seat at each) while they
are killed (SIGKILL) and started again throughout (and, where this machine can run a PostgreSQL
server of the test's own, while that database is restarted as after a crash); then they drain
the outbox. Each process
delivers through the front-end's own `Delivery` and `Resender`, Discord being a fake that
records what went out (`tests.tables.chaos_driver`). Whatever the kills hit:

- no acknowledged action is lost, and no (table, version) is written twice;
- each timeout is fired once;
- every notice is delivered, once (a notice Discord accepted just before its process was
  killed, before the outbox heard of it, may go out again: that alone is excused), and in
  order in its channel;
- no player is told the same secrets twice in a row.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gavel.tables.service import TableService
from gavel.tables.store import loads
from tests.tables import chaos_driver, toy_game, toy_window
from tests.tables.backends import Backend, OwnServer, own_server
from tests.tables.mp_driver import PLAYERS
from tests.tables.test_multiprocess import Workers, acknowledged

GUILDS = [(12 + k) << 22 for k in range(chaos_driver.SHARDS)]
"""One guild per shard: `(guild >> 22) % 3` is 0, 1, 2."""
KILLS = 15
"""Processes killed (at most: the killing stops when every game is over)."""
SETTLE_LOOKS = 2400
"""Times (every 0.05 s) the database restart looks at most for every process to be past its
start-up, before it restarts the database all the same."""
DRAIN = 600
"""Times each process looks at most (every 0.1 s), its games over, for the outbox to be empty: it
stops as soon as it is, so the bound only has to outlast a loaded machine (a notice claimed by a
process killed last waits out its lease, then the next look's claim, then its delivery); 80 looks
once left a notice behind at a load of 9 on 2 cores, and 300 once in a whole run of the suite
(the figures' `left` names the rows a run leaves)."""



async def open_tables(url: str) -> dict[int, int]:
    """Twelve tables per guild (six with card-play windows on a short clock, two of windows under
    a time control, four toy races under a time control), each with three humans and an AI seat,
    started; their channels' guilds."""
    svc = TableService(url, renderers=dict.fromkeys(chaos_driver.GAMES), ais=dict(chaos_driver.GAMES), outbox=False)
    guilds: dict[int, int] = {}
    kinds: list[tuple[str, dict[str, Any]]] = [
        ("toy_window", {"timeout": 0.3}), ("toy_window", {"timeout": 0.3}), ("toy_window", {"timeout": 0.5}),
        ("toy_window", {"timeout": 0, "settings": {"time": 0.4}}), ("toy", {"settings": {"time": 0.4}}),
        ("toy", {"settings": {"time": 0.6}})]
    try:
        for g, guild in enumerate(GUILDS):
            for k, (game, options) in enumerate(kinds * 2):
                channel = 7000 + 100 * g + k
                await svc.create(guild, channel, game, PLAYERS[0], seed=f"chaos{channel}", **options)
                for player in PLAYERS[1:3]:
                    await svc.join(channel, player)
                await svc.add_ai(channel, PLAYERS[0])
                await svc.start(channel, PLAYERS[0])
                guilds[channel] = guild
        return guilds
    finally:
        svc.close()


def lines(*files: Path) -> list[dict[str, Any]]:
    found = []
    for file in files:
        if not file.exists():
            continue
        for line in file.read_text(encoding="utf-8").splitlines():
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a killed process's last line, cut short
    return found


def figures(url: str, guilds: dict[int, int], acks: list[dict[str, Any]], sent: list[dict[str, Any]],
            killed: set[int]) -> dict[str, Any]:
    """What the run did and what went wrong, counted (every `*` figure must be 0)."""
    svc = TableService(url, renderers=dict.fromkeys(chaos_driver.GAMES), outbox=False)
    try:
        ids = [row["id"] for row in svc.store._read("SELECT id FROM tables ORDER BY id")]  # type: ignore[attr-defined]
        logs = {t: svc.store.actions(t) for t in ids}
        by_version = {(t, a["version"]): a for t, log in logs.items() for a in log}
        gaps = sum(1 for log in logs.values() if log and [a["version"] for a in log]
                   != list(range(log[0]["version"], log[0]["version"] + len(log))))
        twice = sum(1 for n in Counter((a["table"], a["version"]) for a in acks).values() if n > 1)
        lost = sum(1 for a in acks if (row := by_version.get((a["table"], a["version"]))) is None
                   or (row["seat"], row["action"]) != (a["seat"], a["action"]))
        fired = Counter((a["table"], a["at"]) for a in acks if a["kind"] == "timeout" and a["version"] == a["at"] + 1)
        unfinished = 0
        wrong_replay = 0
        for t in ids:
            row = svc.store.table_row(t)
            if row is None or row["status"] != "finished":
                unfinished += 1
            elif (replayed := svc.replay(t)).to_json() != type(replayed).from_json(loads(row["state"])).to_json():
                wrong_replay += 1
        left = svc.store.outbox_due(float("inf"))
    finally:
        svc.close()
    marked = {(line["pid"], row) for line in sent if "marked" in line for row in line["marked"]}
    notices = [line for line in sent if "row" in line]  # in the order they went out
    seen: dict[int, dict[str, Any]] = {}
    duplicates = excused = 0
    firsts: list[dict[str, Any]] = []
    for line in notices:
        row = line["row"]
        if row is None:
            firsts.append(line)
            continue
        first = seen.get(row)
        if first is None:
            seen[row] = line
            firsts.append(line)
        elif (first["pid"], row) not in marked and first["pid"] in killed:
            excused += 1  # sent, then its process was killed before the outbox heard of it
        else:
            duplicates += 1
    out_of_order = 0
    newest: dict[int, dict[str, Any]] = {}
    disorder: list[Any] = []
    """Each notice that went out after a newer one of its channel, with that newer one (for the
    failure's message)."""
    for line in firsts:
        row = line["row"]
        if row is None or line["kind"] == "reminder":
            continue
        before = newest.get(line["channel"])
        if before is not None and row < before["row"]:
            out_of_order += 1
            disorder.append((line, before, line["pid"] in killed, before["pid"] in killed))
        if before is None or row > before["row"]:
            newest[line["channel"]] = line
    told: dict[tuple[int, int], Any] = {}
    repeated = 0
    for line in firsts:
        if line["kind"] != "private" or not line.get("secrets"):
            continue
        key = (line["table"], line["seat"])
        if told.get(key) == line["secrets"]:
            repeated += 1
        told[key] = line["secrets"]
    return {"actions": len(by_version), "acks": len(acks), "timeouts": len(fired), "notices": len(seen),
            "kills": len(killed), "excused": excused,
            "*lost": lost, "*twice": twice + gaps, "*fired_twice": sum(1 for n in fired.values() if n > 1),
            "*unfinished": unfinished, "*wrong_replay": wrong_replay, "*never_sent": len(left),
            "*duplicates": duplicates, "*out_of_order": out_of_order, "*repeated_secrets": repeated,
            "disorder": disorder,
            "left": [{k: row.get(k) for k in ("id", "table_id", "channel", "version", "attempts")} for row in left]}


def chaos(url: str, tmp_path: Path, restart: Callable[[], None] | None = None) -> dict[str, Any]:
    """Open the tables, run the three processes with kills throughout (and, `restart`, the
    database restarted once, halfway), let them drain the outbox; the run's `figures`, each of
    its processes having ended well (with `restart`: whatever it logged while the database was away)."""
    assert toy_window.ToyWindow and toy_game.ToyRace  # registered in this process too (replay)
    guilds = asyncio.run(open_tables(url))
    workers = Workers(tmp_path, "tests.tables.chaos_driver")
    rng = random.Random(2026)
    runs = 0
    sent = tmp_path / "sent.jsonl"
    """What every process sent, in the order it went out (each appends its lines, one write each)."""

    acks_of: dict[int, Path] = {}
    """Each process's file of acknowledgements (by pid): one with a line in it is past its start-up."""

    def start(index: int) -> int:
        nonlocal runs
        runs += 1
        pid = workers.launch({"url": url, "index": index, "guilds": {str(c): g for c, g in guilds.items()},
                              "acks": str(tmp_path / f"acks{runs}.jsonl"), "sent": str(sent),
                              "seed": runs, "drain": DRAIN, "log": str(tmp_path / f"worker{runs}.log"),
                              "tolerate": restart is not None})
        acks_of[pid] = tmp_path / f"acks{runs}.jsonl"
        return pid

    def serving(pid: int) -> bool:
        found = acks_of[pid]
        return not running(pid) or (found.exists() and found.stat().st_size > 0)

    killed: set[int] = set()
    ended: dict[int, int] = {}
    """Exit codes of the processes found ended while others were being killed."""

    def running(pid: int) -> bool:
        if pid in ended:
            return False
        answer = workers._ask(f"poll {pid}")
        if answer != "-":
            ended[pid] = int(answer)
        return answer == "-"

    try:
        pids = [start(i) for i in range(chaos_driver.SHARDS)]
        while len(killed) < KILLS:
            # Kill after some progress (30 to 80 more changes acknowledged), whatever the speed.
            target = len(acknowledged(*tmp_path.glob("acks*.jsonl"))) + rng.randint(30, 80)
            while any(running(pid) for pid in pids) and len(acknowledged(*tmp_path.glob("acks*.jsonl"))) < target:
                time.sleep(0.05)
            running_now = [i for i, pid in enumerate(pids) if running(pid)]
            if not running_now:
                break
            if restart is not None and len(killed) == KILLS // 2:
                # A process that starts while the server is down cannot connect, and says so at
                # once (`pgstore.connect` waits only for a server that answers it is restarting),
                # as a bot started then would: the restart comes once every process is serving.
                for _ in range(SETTLE_LOOKS):
                    if all(serving(pid) for pid in pids):
                        break
                    time.sleep(0.05)
                restart()
            index = rng.choice(running_now)
            os.kill(pids[index], signal.SIGKILL)
            assert workers.finish(pids[index]) == -signal.SIGKILL
            killed.add(pids[index])
            pids[index] = start(index)
        for pid in pids:
            if pid not in ended:
                ended[pid] = workers.finish(pid)
    finally:
        workers.close()
    files = sorted(tmp_path.glob("acks*.jsonl"))
    found = figures(url, guilds, acknowledged(*files), lines(sent), killed)
    print(json.dumps(found))
    failed = {pid: workers.logs[pid].read_text(encoding="utf-8") for pid, code in ended.items() if code != 0}
    assert failed == {}, failed
    return found


def test_three_processes_killed_throughout_lose_nothing_and_tell_everything_once_in_order(
        pg: Backend, tmp_path: Path) -> None:
    found = chaos(pg.location(), tmp_path)
    assert found["actions"] >= 150 and found["kills"] >= 5 and found["timeouts"] >= 10, found
    assert {k: v for k, v in found.items() if k.startswith("*") and v} == {}, found


@pytest.fixture
def own_pg() -> Iterator[OwnServer]:
    with own_server() as server:
        yield server


def test_a_database_restart_among_the_kills_loses_nothing_and_tells_everything_once_in_order(
        own_pg: OwnServer, tmp_path: Path) -> None:
    restarts: list[int] = []

    def restart() -> None:
        own_pg.restart()
        restarts.append(1)

    found = chaos(own_pg.url, tmp_path, restart=restart)
    assert restarts == [1] and found["actions"] >= 150 and found["kills"] >= 5, found
    assert {k: v for k, v in found.items() if k.startswith("*") and v} == {}, found
