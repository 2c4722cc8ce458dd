"""How long a server's history, stats and leaderboard take on PostgreSQL when the database holds
a large installation's games; prints one JSON object.

    python bench/history.py [--games 1000000] [--servers 1000] [--db postgresql://postgres@127.0.0.1:5432/test]

A fresh database is made beside `--db`'s (dropped after), brought to the newest schema by the
store itself, and filled in bulk by the server (`generate_series`): `--games` finished games
spread over `--servers` servers, four seats each (one result row per seat; 50 players per
server), and a rating row per (server, game, player). Then, for 25 servers picked at random,
the very queries the store runs for `/table history` (`finished_rows`, first page), `/table
stats` (`user_results` of one player in that server) and `/table leaderboard` (`ratings`, one
game, top 10) are run under `EXPLAIN (ANALYZE)`: per command, the database's own time
(planning + execution, ms) as median and max, and whether the plan read the whole table
(`seq_scan`). Also `fill_s` (wall) for the bulk load, and `beside`: the database the fresh one was
made from.
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


class Recording(PgStore):
    """The store, noting the statements it reads with instead of running them."""

    last: tuple[Any, list[Any]] = ("", [])

    def _read(self, query: Any, params: Any = ()) -> list[dict[str, Any]]:
        self.last = (query, list(params))
        return []


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
            fill_s = time.perf_counter() - started
            rng = random.Random(1)
            figures: dict[str, dict[str, Any]] = {}
            asks = {
                "history": lambda g: store.finished_rows(g, 10, 0),
                "stats": lambda g: store.user_results(g * 1000 + rng.randrange(PLAYERS), g),
                "leaderboard": lambda g: store.ratings(g, rng.choice(GAMES), limit=10),
            }
            for command, ask in asks.items():
                times, whole = [], False
                for _ in range(25):
                    ask(1 + rng.randrange(args.servers))
                    ms, seq = explained(conn, *store.last)
                    times.append(ms)
                    whole = whole or seq
                figures[command] = {"db_ms_median": round(statistics.median(times), 3),
                                    "db_ms_max": round(max(times), 3), "seq_scan": whole}
        store.close()
        print(json.dumps({"games": args.games, "servers": args.servers, "fill_s": round(fill_s, 1),
                          "beside": conninfo_to_dict(args.db).get("dbname"), "commands": figures}, indent=2))
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.close()


if __name__ == "__main__":
    main()
