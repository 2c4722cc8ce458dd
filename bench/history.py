"""How long a server's history, stats and leaderboard take on PostgreSQL when the database holds
a large installation's games; prints one JSON object.

    python bench/history.py [--games 1000000] [--servers 1000] [--actions 0] [--db postgresql://postgres@127.0.0.1:5432/test]

A fresh database is made beside `--db`'s (dropped after), brought to the newest schema by the
store itself, and filled in bulk by the server (`generate_series`): `--games` finished games
spread over `--servers` servers, four seats each (one result row per seat; 50 players per
server), and a rating row per (server, game, player). Then, for 25 servers picked at random,
the very queries the store runs for `/table history` (`finished_rows`, first page), `/table
stats` (`user_results` of one player in that server) and `/table leaderboard` (`ratings`, one
game, top 10) are run under `EXPLAIN (ANALYZE)`: per command, the database's own time
(planning + execution, ms) as median and max, and whether the plan read the whole table
(`seq_scan`). Also `fill_s` (wall) for the bulk load, `wall_s` and this process's `cpu_s` for
the whole run, and `beside`: the database the fresh one was
made from.

With `--actions N`, every game also gets N log rows (its four players in turn, every fifth row
an AI's or the clock's, a second apart), and a player's record (`/table stats`' last lines:
`record`, the store's two statements, summed) is timed the same way, then again once the log's
index by user (`actions_user`) is dropped: `record_without_user_index`, what the statement
costs without it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from gavel.tables.pgstore import PgStore

GAMES = ("dads_army", "judge_dredd", "judgement", "judtho")
PLAYERS = 50


def fill(conn: psycopg.Connection[Any], games: int, servers: int) -> None:
    """`games` finished games round-robin over `servers` servers (ids 1..servers), each with four
    result rows of players of that server, and the servers' ratings."""
    conn.execute(
        "INSERT INTO tables (id, guild, channel, game, status, version, created, started, finished)"
        " SELECT g, 1 + g %% %s, 100000 + g %% %s, (ARRAY['dads_army','judge_dredd','judgement','judtho'])[1 + g %% 4],"
        " 'finished', 50, now() - make_interval(secs => g), now() - make_interval(secs => g),"
        " now() - make_interval(secs => g) FROM generate_series(1, %s) AS g", [servers, servers * 3, games])
    conn.execute(
        "INSERT INTO results (table_id, guild, game, seat, user_id, name, place, winner, finished)"
        " SELECT t.id, t.guild, t.game, s, t.guild * 1000 + (t.id + s * 7) %% %s, 'p', s + 1,"
        " CASE WHEN s = 0 THEN 1 ELSE 0 END, t.finished FROM tables t, generate_series(0, 3) AS s",
        [PLAYERS])
    conn.execute(
        "INSERT INTO ratings (guild, game, user_id, name, mu, sigma, games, wins)"
        " SELECT g, x.game, g * 1000 + p, 'p', 25 + (p %% 17), 8.3 - (p %% 5), 10, p %% 4"
        " FROM generate_series(1, %s) AS g, generate_series(0, %s) AS p,"
        " (SELECT unnest(ARRAY['dads_army','judge_dredd','judgement','judtho']) AS game) AS x",
        [servers, PLAYERS - 1])
    for table in ("tables", "results", "ratings"):
        conn.execute(f"ANALYZE {table}")


def fill_actions(conn: psycopg.Connection[Any], actions: int) -> None:
    """`actions` log rows per game: its players in turn (the result rows' users), every fifth
    row without a user (an AI seat or the clock), a second apart."""
    conn.execute(
        "INSERT INTO actions (table_id, seq, seat, user_id, action, version, time)"
        " SELECT r.table_id, q, r.seat, CASE WHEN q %% 5 = 0 THEN NULL ELSE r.user_id END, 'move', q,"
        " t.started + make_interval(secs => q) FROM results r JOIN tables t ON t.id = r.table_id,"
        " generate_series(1, %s) AS q WHERE q %% 4 = r.seat", [actions])
    conn.execute("ANALYZE actions")


class Recording(PgStore):
    """The store, noting the statements it reads with instead of running them."""

    reads: list[tuple[Any, list[Any]]]

    def _read(self, query: Any, params: Any = ()) -> list[dict[str, Any]]:
        self.reads.append((query, list(params)))
        return [{"games": 0, "resigned": 0, "abandoned": 0, "acted": 0, "average": None}]


def explained(conn: psycopg.Connection[Any], query: Any, params: list[Any]) -> tuple[float, bool]:
    """(planning + execution ms, whether a table was read whole) of one statement."""
    statement = psycopg.sql.SQL(query) if isinstance(query, str) else query
    row = conn.execute(psycopg.sql.SQL("EXPLAIN (ANALYZE, FORMAT JSON) ") + statement, params).fetchone()
    assert row is not None
    plan = row[0][0]
    text = json.dumps(plan["Plan"])
    return plan["Planning Time"] + plan["Execution Time"], '"Seq Scan"' in text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--servers", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=0, help="log rows per game (0: no log, no record timed)")
    parser.add_argument("--db", default=os.environ.get("GAVEL_TEST_PG") or "postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    name = f"gavel_bench_history_{os.getpid()}"
    admin = psycopg.connect(args.db, autocommit=True)
    admin.execute(f"CREATE DATABASE {name}")
    url = make_conninfo(args.db, dbname=name)
    try:
        store = Recording(url)
        started = time.perf_counter()
        with psycopg.connect(url, autocommit=True) as conn:
            fill(conn, args.games, args.servers)
            if args.actions:
                fill_actions(conn, args.actions)
            fill_s = time.perf_counter() - started
            rng = random.Random(1)
            figures: dict[str, dict[str, Any]] = {}
            asks: dict[str, Any] = {
                "history": lambda g: store.finished_rows(g, 10, 0),
                "stats": lambda g: store.user_results(g * 1000 + rng.randrange(PLAYERS), g),
                "leaderboard": lambda g: store.ratings(g, rng.choice(GAMES), limit=10),
            }
            if args.actions:
                asks["record"] = lambda g: store.record(g * 1000 + rng.randrange(PLAYERS), g)

            def time_each(command: str, ask: Any) -> None:
                times, whole = [], False
                for _ in range(25):
                    store.reads = []
                    ask(1 + rng.randrange(args.servers))
                    found = [explained(conn, *read) for read in store.reads]
                    times.append(sum(ms for ms, _ in found))
                    whole = whole or any(seq for _, seq in found)
                figures[command] = {"db_ms_median": round(statistics.median(times), 3),
                                    "db_ms_max": round(max(times), 3), "seq_scan": whole}

            for command, ask in asks.items():
                time_each(command, ask)
            if args.actions:
                conn.execute("DROP INDEX actions_user")
                conn.execute("ANALYZE actions")
                time_each("record_without_user_index", asks["record"])
        store.close()
        print(json.dumps({"games": args.games, "servers": args.servers, "actions_per_game": args.actions,
                          "fill_s": round(fill_s, 1), "wall_s": round(time.perf_counter() - started, 1),
                          "cpu_s": round(time.process_time(), 2),
                          "beside": conninfo_to_dict(args.db).get("dbname"), "commands": figures}, indent=2))
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.close()


if __name__ == "__main__":
    main()
