"""The benchmark script keeps working as games change (its figures are not judged here)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import importlib.util
import io
import json
import os
import queue
import threading
import types
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rules import registry

BENCH = Path(__file__).resolve().parent.parent / "bench"


def script(name: str) -> ModuleType:
    """A script of bench/, loaded as a module."""
    spec = importlib.util.spec_from_file_location(f"gavel_bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def cheap_ai(monkeypatch) -> None:
    """The AI games the scripts play, with every game's AI replaced by a stand-in that takes the
    first legal action: the script times and plays whatever the game's `ai` is, through the same
    code; what each game's own AI chooses, and how fast, is tested and measured elsewhere
    (tests/rules/, bench/run.py itself)."""
    for key, plugin in registry.plugins().items():
        first = dataclasses.replace(plugin, ai=lambda game, state, seat: game.legal_actions(state, seat)[0])
        monkeypatch.setitem(registry._PLUGINS, key, first)


SMOKE_AI_STEPS = 12
"""Actions each of bench/run.py's AI games is cut to here: a smoke run. The script plays whole AI
games (a Judge Dredd game is 1000-3500 actions) to time decisions and memory; what this test checks
is that every figure is still produced, which the first actions of every game already do (the
decisions it times come in the first few actions, and the peak memory of any run is above 0)."""


def test_bench_reports_every_figure_for_every_game(cheap_ai, monkeypatch) -> None:
    import functools
    import sys

    bench = script("run")
    whole = bench.ai_playout
    monkeypatch.setattr(bench, "ai_playout", lambda game, seats, seed, steps, *args, **kw:
                        whole(game, seats, seed, min(steps, SMOKE_AI_STEPS), *args, **kw))
    random_whole = bench.random_playout  # the random games too: their figures count actions, not games
    monkeypatch.setattr(bench, "random_playout", lambda game, seats, seed, times, max_steps=5000:
                        random_whole(game, seats, seed, times, min(max_steps, SMOKE_AI_STEPS)))
    monkeypatch.syspath_prepend(str(BENCH))  # where bench/run.py finds a game's own figures
    # The City of Judgement's own figures: its whole AI games cut like the others
    monkeypatch.setattr(importlib.import_module("judgement_ai"), "MAX_STEPS", SMOKE_AI_STEPS)
    judtho_ai = importlib.import_module("judtho_ai")
    # Judtho's own figures: the AI timed from its fourth move rather than its fortieth, its search
    # on a budget of 40 positions (the same search and the same figures: nodes, depth; the search
    # at every depth and budget is tested in tests/rules/judtho/), the move generators for a
    # moment each
    monkeypatch.setattr(judtho_ai, "ai_move_figures", functools.partial(judtho_ai.ai_move_figures, opening=4))
    monkeypatch.setattr(judtho_ai, "ai", types.SimpleNamespace(
        decide=functools.partial(judtho_ai.ai.decide, node_budget=40)))
    monkeypatch.setattr(judtho_ai, "movegen_figures", functools.partial(judtho_ai.movegen_figures, seconds=0.05))
    assert sys.modules["judtho_ai"] is judtho_ai
    shipped = [plugin.game for plugin in registry.plugins().values() if plugin.renderer]
    assert shipped, "no game has a renderer"
    for game in shipped:  # games registered by other tests live in tests/ and have no renderer
        figures = bench.bench_game(game, n=1, playouts=1)
        for base in ("render", "apply", "ai_move", "end_to_end"):
            for name in (f"{base}_ms", f"{base}_cpu_ms"):  # wall and CPU time, side by side
                assert figures[name]["n"] >= 1 and 0 <= figures[name]["median"] <= figures[name]["p95"], name
        assert figures["png_bytes"] > 1000
        assert figures["playouts_per_s"] > 0 and figures["playouts_per_cpu_s"] > 0
        assert figures["state_json_bytes"] > 100 and figures["ai_game_peak_kib"] > 0


def test_loop_bench_prints_its_figures(capsys) -> None:
    """A smoke run of `bench/loop.py` (one Dad's Army table, AI inline, one second), its `main` called
    in this process (what a run from the shell adds is the interpreter starting)."""
    script("loop").main(["--seconds", "1", "--ai-tables", "0", "--player-tables", "1", "--every", "0.2",
                         "--inline"])
    figures = json.loads(capsys.readouterr().out)
    assert {"max_stall_ms", "p99_stall_ms", "late_interactions", "cpu_s", "wall_s"} <= set(figures)
    assert figures["interactions"] >= 1 and figures["player_actions"] >= 1


SOAK_FIGURES = ("games", "rss_start_mb", "rss_warm_mb", "rss_end_mb", "growth_mb_per_1000_games", "cpu_s", "wall_s")


class CountedCollections:
    """A stand-in for the `gc` module in bench/soak.py: counts the collections the script asks
    for before each memory figure, and makes none. A collection walks the whole heap, and the
    test process holds a large one (every module and test of the suite): about 0.1 s of CPU each,
    and a soak run takes three figures per game. What the test checks of a memory figure is that
    it is there and above 0, not how much garbage it left out, and that the script collects
    before each figure is checked by the count; a run of the script collects for real."""

    def __init__(self) -> None:
        self.collections = 0

    def collect(self) -> int:
        self.collections += 1
        return 0


def test_soak_reports_memory_and_time_for_every_game(capsys, monkeypatch) -> None:
    soak = script("soak")
    monkeypatch.setattr(soak, "MAX_STEPS", 40)  # a smoke run: 40 actions a game, the first legal one each
    monkeypatch.setattr(soak, "gc", collections := CountedCollections())
    for key, plugin in registry.plugins().items():
        first = dataclasses.replace(plugin, ai=lambda game, state, seat: game.legal_actions(state, seat)[0])
        monkeypatch.setitem(registry._PLUGINS, key, first)
    soak.main(["--games", "2"])
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {key for key, plugin in registry.plugins().items()
                           if type(plugin.game).__module__.startswith("rules.")}
    for key, figures in report.items():
        assert all(name in figures for name in SOAK_FIGURES), key
        assert figures["games"] == 2 and figures["warmup_games"] == 1
        assert 0 < figures["rss_start_mb"] and 0 < figures["rss_warm_mb"] and 0 < figures["rss_end_mb"]
        # seconds to the hundredth: two smoke games on warm caches may take less than that
        assert isinstance(figures["cpu_s"], float) and figures["cpu_s"] >= 0
        assert isinstance(figures["wall_s"], float) and figures["wall_s"] >= 0
    assert collections.collections == 3 * len(report)  # before each game's three memory figures


def test_soak_draws_boards_when_asked_and_refuses_an_unknown_game(capsys, monkeypatch) -> None:
    import renderer.dads_army

    soak = script("soak")
    monkeypatch.setattr(soak, "MAX_STEPS", 60)
    monkeypatch.setattr(soak, "gc", CountedCollections())  # its memory figures are not what this test is about
    drawn: list[bytes] = []
    draw = renderer.dads_army.render
    spy = dataclasses.replace(renderer.dads_army.RENDERER,
                              render=lambda view, **kw: drawn.append(draw(view, **kw)) or drawn[-1])
    monkeypatch.setattr(renderer.dads_army, "RENDERER", spy)
    soak.main(["--games", "2", "--only", "dads_army", "--render"])
    figures = json.loads(capsys.readouterr().out)["dads_army"]
    assert figures["games"] == 2
    # what the caches hold apart from the rest, so a cache still filling is not taken for a leak
    assert 0 < figures["render_caches_warm_mb"] and 0 < figures["render_caches_end_mb"]
    assert figures["render_caches_end_mb"] * (1 << 20) <= figures["render_caches"]["total"]["budget"]
    assert figures["heap_end_mb"] is None or figures["heap_end_mb"] > 0
    assert len(drawn) >= 2 and all(png.startswith(b"\x89PNG") for png in drawn)  # a board every few actions
    with pytest.raises(SystemExit):
        soak.main(["--only", "chess"])
    assert "unknown game 'chess'" in capsys.readouterr().err


SCALE_RUN = ("processes", "actions", "wall_s", "cpu_s", "actions_per_s", "actions_per_cpu_s", "driver_ai_cpu_s",
             "games_finished", "act_ms", "act_cpu_ms")
SCALE_STARTUP = ("tables", "lobbies", "active", "write_s", "open_s", "open_cpu_s", "restore_s", "restore_cpu_s",
                 "restored", "max_rss_mb")


class InThreads:
    """A stand-in for `multiprocessing`'s spawn context: a "process" runs its target in a thread
    of this process, with a plain queue, barrier and event (a worker's `service.close` after its
    report, the barrier's start together, all as between processes)."""

    Queue = queue.Queue
    Barrier = threading.Barrier
    Event = threading.Event

    class Process:
        def __init__(self, target: Any, args: tuple[Any, ...], daemon: bool = False) -> None:
            self.thread = threading.Thread(target=target, args=args, daemon=True)
            self.pid = os.getpid()

        def start(self) -> None:
            self.thread.start()

        def join(self, timeout: float | None = None) -> None:
            self.thread.join(timeout)

        def kill(self) -> None:
            pass

    @classmethod
    def get_context(cls, method: str) -> type[InThreads]:
        return cls


SCALE_ACTIONS = 4
"""Timed actions a worker plays in the smoke run: two for each of its two tables."""


def scale_run(*args: str, workers_in_threads: bool = False) -> dict:
    """A smoke run of `bench/scale.py` (two Dad's Army tables a worker, four actions: each table
    acts twice, so every latency has a p50 and a p95; four saved tables: two lobbies, two active
    ones, each kind restored), its `main` called in this process. The throughput workers it
    starts are processes of their own as in a run from the shell (they find the script as the
    module `scale`, bench/ being on their path): that is what shows the spawned code runs in a new
    process. With `workers_in_threads` they are threads of this process instead (`InThreads`):
    the same worker code, barrier and queue, for a run whose point is not the processes. The
    start-up measurement (`scale.startup`, whole) does in this process what it does in a new one
    (`_startup_main`, the same function, given a path and a queue): its figures from the same code,
    on each backend, without two more interpreters importing Gavel for four tables."""
    import importlib
    import sys

    sys.path.insert(0, str(BENCH))
    try:
        scale = importlib.import_module("scale")
        startup = scale.startup

        def startup_in_this_process(*startup_args: Any) -> Any:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(scale, "multiprocessing", InThreads)
                return startup(*startup_args)

        with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(io.StringIO()) as out:
            patch.setattr(scale, "startup", startup_in_this_process)
            if workers_in_threads:
                patch.setattr(scale, "multiprocessing", InThreads)
            scale.main(["--tables", "2", "--actions", str(SCALE_ACTIONS), "--startup-tables", "4", *args])
    finally:
        sys.path.remove(str(BENCH))
    return json.loads(out.getvalue())


def assert_scale_figures(figures: dict, processes: list[int]) -> None:
    assert figures["processes"] == processes
    assert set(figures["throughput"]) == {str(n) for n in processes}
    for n in processes:
        run = figures["throughput"][str(n)]
        assert all(name in run for name in SCALE_RUN), n
        assert run["processes"] == n and run["actions"] == SCALE_ACTIONS * n  # every worker played all its actions
        assert run["wall_s"] > 0 and run["cpu_s"] > 0 and run["actions_per_s"] > 0 and run["actions_per_cpu_s"] > 0
        for latency in (run["act_ms"], run["act_cpu_ms"]):  # wall and CPU time, side by side
            assert latency["n"] == SCALE_ACTIONS * n and 0 < latency["p50"] <= latency["p95"]
    startup = figures["startup"]
    assert all(name in startup for name in SCALE_STARTUP)
    assert startup["tables"] == 4 and startup["lobbies"] == 2 and startup["active"] == 2
    assert startup["restored"] == 4  # every saved table came back
    assert startup["lazy"]["restored"] >= 0 and startup["lazy"]["max_rss_mb"] > 0  # the lazy start-up too
    assert startup["restore_s"] > 0 and startup["max_rss_mb"] > 0


def test_scale_bench_on_sqlite_reports_one_process_and_why() -> None:
    """Its one worker is a thread of this process: what this test is about is that SQLite is
    measured with one process, and why; the spawned worker processes, the same code, are the
    PostgreSQL test's (which CI runs), and a second interpreter importing Gavel here would add
    nothing to either."""
    report = scale_run("--backends", "sqlite", "--processes", "1,2", workers_in_threads=True)
    assert report["game"] == "dads_army" and report["seats"] >= 2 and "postgresql" not in report
    assert_scale_figures(report["sqlite"], [1])  # two asked for: SQLite allows one process per file
    assert "DatabaseInUse" in report["sqlite"]["note"]


def test_scale_bench_on_postgresql_runs_several_processes_and_drops_its_schemas() -> None:
    from tests.tables.backends import PG_URL, require_pg

    require_pg()
    import psycopg

    # Two processes alone: the several processes on one database are what SQLite cannot do; one
    # process per count is the same code whatever the count, and the SQLite run has the count 1.
    # The start-up's figures are taken in this process, from the same code on PostgreSQL (four
    # tables written, restored eagerly and lazily).
    report = scale_run("--backends", "postgresql", "--processes", "2", "--pg", PG_URL)
    figures = report["postgresql"]
    assert_scale_figures(figures, [2])
    assert "db_server_cpu_s" in figures["throughput"]["2"]
    made = figures["schemas_dropped"]
    assert len(made) == 2  # one per process count, one for the start-up
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        left = conn.execute("SELECT nspname FROM pg_namespace WHERE nspname = ANY(%s)", [made]).fetchall()
    assert left == []  # its schemas are gone


def test_snapshot_bench_prints_its_figures() -> None:
    """A smoke run of `bench/snapshots.py`: every shipped game's conversions both ways, and a
    start-up of a few saved tables."""
    bench = script("snapshots")
    report = bench.main(["--quick", "--reps", "1", "--loops", "1", "--startup-tables", "6"])
    assert set(report["games"]) >= {"dads_army", "judtho"}
    for figures in report["games"].values():
        for way in ("to_json", "from_json"):
            for when in ("before", "after"):
                assert figures[f"{way}_{when}_cpu_us"] >= 0 and figures[f"{way}_{when}_us"] >= 0
    assert report["startup"]["restored"] == 6 and report["startup"]["restore_cpu_s"] >= 0


def test_suite_bench_reports_the_runs_cpu_its_costliest_tests_and_its_failures(capsys, tmp_path) -> None:
    """A smoke run of `bench/suite.py` over one small test file and one that fails: the whole
    run's CPU time, its collection, each test's summed by file, and the failure named."""
    failing = tmp_path / "test_failing.py"
    failing.write_text("def test_fails():\n    assert 1 == 2\n", encoding="utf-8")
    bench = script("suite")
    report = bench.main(["--top", "2", "tests/test_words_plural.py", str(failing), "-q", "-p", "no:cacheprovider"])
    assert report["returncode"] == 1 and [f.split("::")[-1] for f in report["failed"]] == ["test_fails"]
    assert report["command"] == f"python -m pytest tests/test_words_plural.py {failing} -q -p no:cacheprovider"
    assert report["tests"] > 3 and len(report["top_tests"]) == 2
    files = {entry["file"]: entry["tests"] for entry in report["top_files"]}
    assert files["tests/test_words_plural.py"] == report["tests"] - 1 and len(files) == 2
    assert report["cpu_s"] >= report["tests_cpu_s"] + report["collection_cpu_s"] > 0
    assert json.loads(capsys.readouterr().out) == report


def test_suite_bench_sums_each_tests_own_cpu_and_its_processes_by_file() -> None:
    figures = {"collection": 1.0, "tests": {"a.py::x": [0.5, 0.25], "a.py::y": [0.125, 0.0], "b.py::z": [0.25, 0.0]}}
    report = script("suite").summary(figures, top=2)
    assert report["tests"] == 3 and report["tests_cpu_s"] == 1.12 and report["collection_cpu_s"] == 1.0
    assert report["top_tests"] == [{"test": "a.py::x", "cpu_s": 0.75}, {"test": "b.py::z", "cpu_s": 0.25}]
    assert report["top_files"] == [{"file": "a.py", "cpu_s": 0.88, "tests": 2},
                                   {"file": "b.py", "cpu_s": 0.25, "tests": 1}]


def test_structure_bench_reports_every_figure(capsys) -> None:
    """A smoke run of `bench/structure.py`: one click at a Dad's Army table of alice and one AI
    seat (one timed turn), and the counts read from the source."""
    report = script("structure").main(["--ai", "1", "--turns", "1", "--verbose"])
    assert json.loads(capsys.readouterr().out) == report
    click = report["click"]
    assert click["game"] == "dads_army" and click["ai_seats"] == 1 and click["timed_clicks"] == 1
    assert click["cpu_ms"] > 0 and click["wall_ms"] > 0
    # the click went through the front-end into the platform, the engine and the board
    assert 0 < click["platform_modules"] < click["modules"] == len(click["module_list"])
    assert "renderer/dads_army.py" in click["module_list"]  # the board drawn
    assert any(m.startswith("rules/dads_army/") for m in click["module_list"])  # the game's engine and AI
    assert any(m.startswith("cogs/") for m in click["platform_module_list"])
    assert any(m.startswith("gavel/tables/") for m in click["platform_module_list"])
    assert click["service_calls"] == sum(click["service_call_list"].values()) > 0
    assert all(name.startswith("gavel.tables.") for name in click["service_call_list"])
    assert click["transactions"] >= 1 and click["begins"] >= 1  # alice's action and the AI's, saved
    assert click["channel_messages"] + click["edits"] >= 1 and click["dms"] == 0
    imports = report["imports"]
    assert imports["modules"] > 10 and imports["arrows"] > imports["modules"] // 2
    assert imports["largest_circle"] == max(imports["cycles"], default=0)
    assert (imports["upward"] == 0) == (imports["cycles"] == [])
    ignores = report["type_ignores"]
    assert ignores["total"] == sum(ignores["by_entry"].values()) and ignores["files_checked"] > 50
    lines = report["per_game_discord_lines"]
    games = ("dads_army", "judge_dredd", "judgement", "judtho")
    assert all(lines[key] >= 0 for key in games) and lines["total"] == sum(lines[key] for key in games)
    assert lines["total"] == 0  # every game's commands are declared in its plug-in; no game has Discord code of its own
    assert report["readme_lines"] > 0


def test_structure_bench_reads_an_import_graph(tmp_path) -> None:
    """The import graph of a small package: imports at module level, inside a function, relative,
    of a module or of a name of the package, and apart from them those under TYPE_CHECKING; its
    circles and the arrows pointing up from the facade."""
    bench = script("structure")
    files = {
        "__init__.py": "from pkg.a import thing\n",
        "a.py": "from . import b\nthing = 1\n",
        "b.py": "def late():\n    import pkg.c\n",
        "c.py": ("from pkg import a, thing\nfrom typing import TYPE_CHECKING\n"
                 "if TYPE_CHECKING:\n    from pkg.d import x\n"),
        "d.py": "from .b import late\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    modules = bench.package_modules(tmp_path, "pkg")
    assert sorted(modules) == ["pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"]
    runtime, checking = bench.arrows_of(modules)
    assert runtime == {("pkg", "pkg.a"), ("pkg.a", "pkg.b"), ("pkg.b", "pkg.c"), ("pkg.c", "pkg.a"),
                       ("pkg.c", "pkg"), ("pkg.d", "pkg.b")}
    assert checking == {("pkg.c", "pkg.d")}
    nodes = sorted(modules)
    edges = {v: sorted(w for u, w in runtime if u == v) for v in nodes}
    cycles = [c for c in bench.strongly_connected(nodes, edges) if len(c) > 1]
    assert cycles == [["pkg", "pkg.a", "pkg.b", "pkg.c"]]
    # from the facade pkg.d: d -> b -> c -> pkg -> a, and a -> b points up (b is on the path);
    # c -> a then reaches a module already done, not up: one arrow to take away for no circle
    assert bench.back_edges(nodes, edges, "pkg.d") == [("pkg.a", "pkg.b")]
    # from pkg instead: pkg -> a -> b -> c, whose arrows to pkg and to a both point up
    assert bench.back_edges(nodes, edges, "pkg") == [("pkg.c", "pkg"), ("pkg.c", "pkg.a")]
    acyclic = {v: [w for w in ws if v != "pkg.c"] for v, ws in edges.items()}
    assert bench.back_edges(nodes, acyclic, "pkg.d") == []
    assert [c for c in bench.strongly_connected(nodes, acyclic) if len(c) > 1] == []


def test_channel_bench_plays_by_clicks_and_counts_what_the_channel_saw(capsys) -> None:
    """A smoke run of `bench/channel.py`: a few clicks of alice and bob at a Dad's Army table with
    two AI seats, then the bound stops the game (`finished: false`); every figure is there and
    the counts agree with one another."""
    report = script("channel").main(["--only", "dads_army", "--max-clicks", "6"])
    assert json.loads(capsys.readouterr().out) == report
    assert report["seed"] == "5eed" and report["humans"] == 2 and report["ai_seats"] == 2
    (game,) = report["games"].values()
    assert set(game) >= {"human_decisions", "human_turns", "channel_messages", "channel_image_mb", "edits",
                         "pings", "pings_to_actor", "dms", "cpu_s", "wall_s", "finished"}
    assert "stuck" not in game  # the humans always had something to click
    assert game["finished"] is False and game["clicks"] == 6  # the bound: every click counts
    assert 1 <= game["human_decisions"] < game["clicks"]  # a decision is the click that played an action
    assert 1 <= game["human_turns"] <= game["human_decisions"]
    assert game["actions"] >= 1
    assert game["channel_messages"] >= 1 and game["channel_image_mb"] > 0  # the board, posted
    assert 0 <= game["pings"] <= game["channel_messages"] * 2
    assert game["pings_to_actor"] == 0  # the Start click's answer, and every click's, pings nobody who clicked
    assert game["dms"] == 0  # Dad's Army has no secrets
    assert game["cpu_s"] >= 0 and game["wall_s"] > 0


def test_channel_bench_in_shared_mode_times_every_first_response_and_drops_its_schema(capsys) -> None:
    """A smoke run of `bench/channel.py --shared`: two Dad's Army tables on one PostgreSQL database
    in shared mode, two rounds of clicks at once with `/table me` at one of them; every
    interaction is timed to its first response, and the run's schema is gone afterwards."""
    from tests.tables.backends import PG_URL, require_pg

    require_pg()
    import psycopg

    bench = script("channel")
    report = bench.main(["--shared", "--tables", "2", "--rounds", "2", "--only", "dads_army",
                                     "--pg", PG_URL, "--workers", "1"])
    assert json.loads(capsys.readouterr().out) == report
    assert report["mode"] == "shared" and report["tables"] == 2 and report["games"]["dads_army"]["tables"] == 2
    assert report["clicks"] == 4 and report["table_me"] == 2  # each table's human asked, twice; /table me at one
    assert report["interactions"] == report["clicks"] + report["table_me"]
    kinds = report["by_kind"]
    assert kinds["click"]["interactions"] == 4 and kinds["me"]["interactions"] == 2
    assert report["unanswered"] == 0 and 0 <= report["late_interactions"] <= report["interactions"]
    assert 0 < report["p50_first_response_ms"] <= report["max_first_response_ms"] <= report["max_done_ms"]
    assert report["p50_first_response_ms"] <= report["p50_done_ms"] <= report["max_done_ms"]
    assert all(name in report for name in bench.LOAD_FIGURES)
    assert report["actions"] >= 2 and report["cpu_s"] > 0 and report["wall_s"] > 0
    (made,) = report["schemas_dropped"]
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        assert conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [made]).fetchall() == []


FLEET_FIGURES = ("restored", "actions", "games_finished", "tables_touched", "cpu_ms", "wall_ms", "startup_s",
                 "startup_cpu_s", "rss_mb", "kb_per_table", "kb_per_touched_table", "db_bytes_per_action",
                 "render_caches", "upload", "load_average")


def fleet_run(capsys, *args: str) -> dict:
    """A smoke run of `bench/fleet.py`: three Dad's Army tables, five actions at them, measured in
    this process (`--inline`: the bot-like process's code, without a second interpreter importing
    Gavel for three tables); its one JSON line."""
    script("fleet").main(["--only", "dads_army", "--tables", "3", "--actions", "5", "--states", "2", "--inline",
                          *args])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1  # one object per game
    report = json.loads(lines[0])
    assert all(name in report for name in FLEET_FIGURES)
    assert report["game"] == "dads_army" and report["tables"] == 3 and report["seats"] == 4
    assert report["actions"] == 5 and report["refused"] == {}  # every random action was a legal one, taken
    assert 1 <= report["tables_touched"] <= 3
    for timing in (report["cpu_ms"], report["wall_ms"]):
        assert timing["n"] == 5 and 0 <= timing["median"] <= timing["p95"]
    rss = report["rss_mb"]
    assert 0 < rss["base"] and 0 < rss["start"] and 0 < rss["end"]
    written = report["db_bytes_per_action"]
    kinds = ("state", "log", "outbox_json", "outbox_images", "other")
    assert abs(written["total"] - sum(written[k] for k in kinds)) <= len(kinds)  # each kind rounded
    assert written["state"] > 100 and written["log"] > 0 and written["outbox_json"] > 0
    assert written["outbox_images"] == 0  # the outbox keeps words: a picture sent again is drawn again
    upload = report["upload"]  # the channel's boards made ready to upload, as the front-end does
    assert upload["form"] in ("webp", "png") and upload["boards"] >= 5  # a board at every action
    assert upload["cpu_ms"]["n"] == 5 and upload["with_action_cpu_ms"]["n"] == 5
    assert upload["with_action_cpu_ms"]["median"] >= report["cpu_ms"]["median"]
    caches = report["render_caches"]
    assert caches["total_bytes"] > 0 and caches["caches"]["gavel.tables.images.Drawn"]["entries"] >= 1
    assert caches["total_bytes"] == sum(c["bytes"] for c in caches["caches"].values())
    return report


def test_fleet_bench_starts_like_the_bot_and_acts_at_random_tables(capsys) -> None:
    report = fleet_run(capsys)
    assert report["backend"] == "sqlite" and not report["lazy"]
    assert report["restored"] == 3  # every table loaded at start-up
    assert report["sqlite_file_bytes_per_action"] > 0 and "pg_wal_bytes_per_action" not in report


def test_fleet_bench_leaves_the_uploads_out_when_asked_and_counts_none_with_gavel_upload_png(
        capsys, monkeypatch) -> None:
    script("fleet").main(["--only", "dads_army", "--tables", "2", "--actions", "2", "--states", "1", "--inline",
                          "--no-upload"])
    assert json.loads(capsys.readouterr().out)["upload"] is None
    monkeypatch.setenv("GAVEL_UPLOAD", "png")  # the PNG goes up as drawn: nothing to encode
    report = fleet_run(capsys)
    assert report["upload"]["form"] == "png" and report["upload"]["cpu_ms"]["p95"] == 0
    assert report["upload"]["with_action_cpu_ms"] == report["cpu_ms"]


def test_fleet_bench_with_idle_tables_dropped_holds_none_at_the_end(capsys) -> None:
    report = fleet_run(capsys, "--lazy", "--idle", "0")
    assert report["lazy"] and report["restored"] == 0 and report["idle"] == 0
    assert report["held_end"] == 0  # each action's notices delivered, every table it touched dropped after
    assert report["dropped"] == report["tables_touched"] - report["games_finished"]


def test_fleet_bench_on_postgresql_loads_tables_on_first_touch_and_drops_its_schema(capsys) -> None:
    from tests.tables.backends import PG_URL, require_pg

    require_pg()
    import psycopg

    report = fleet_run(capsys, "--db", PG_URL, "--lazy")
    assert report["backend"] == "postgresql" and report["lazy"]
    assert report["restored"] == 0 and report["kb_per_table"] >= 0  # nothing loaded until touched
    assert report["pg_wal_bytes_per_action"] > 0 and report["pg_wal_background_bytes_per_s"] >= 0
    assert "sqlite_file_bytes_per_action" not in report
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        left = conn.execute("SELECT nspname FROM pg_namespace WHERE nspname = %s", [report["schema_dropped"]])
        assert left.fetchall() == []  # its schema is gone


def test_bench_end_to_end_plays_on_at_a_new_table_once_a_game_ends(monkeypatch) -> None:
    """bench/run.py's end-to-end follows a finished table with a new one until it has its
    samples. Here every action it chooses is a resignation where one is legal (Judtho's players
    may resign from the first move; its Assembly measured like any phase), so games end within a
    few actions and the samples span several tables."""
    bench = script("run")
    monkeypatch.setattr(bench, "staying", lambda legal: [a for a in legal if a.split(" ", 1)[0] in bench.LEAVING]
                        or legal)
    monkeypatch.setattr(bench, "SETUP_PHASES", {})
    game = registry.plugin("judtho").game
    actions = asyncio.run(bench.end_to_end(game, game.info.max_seats, 6))
    assert len(actions.wall) == len(actions.cpu) == 6  # every sample taken, past the games' ends
    assert actions.tables >= 2


def test_bench_compare_says_what_it_cannot_compare() -> None:
    """`--compare` over an older tree: a part that failed on one side, a figure measured on one
    side only, a game measured on one side only, and a side whose whole run failed are each
    named with why (the runs themselves are each side's `bench_game`, tested above)."""
    bench = script("run")
    before = {"dads_army": {"seats": 4, "apply_ms": {"median": 1.0}, "errors": {"render": "LookupError: no of"}},
              "judtho": {"seats": 4}}
    after = {"dads_army": {"seats": 4, "apply_ms": {"median": 1.0}, "render_ms": {"median": 2.0}, "png_bytes": 9},
             "judgement": {"seats": 9}}
    missing = bench.not_compared(before, after, {})
    assert missing["dads_army"] == {"render (before)": "LookupError: no of", "png_bytes": "measured after only",
                                    "render_ms": "measured after only"}
    assert missing["judtho"] == "measured before only" and missing["judgement"] == "measured after only"
    assert "*" not in missing
    failed = bench.not_compared({}, after, {"before": "ImportError: cannot import name 'registry'"})
    assert failed["*"] == {"before": "the run failed: ImportError: cannot import name 'registry'"}
    assert bench.not_compared(after, after, {}) == {}  # the same tree: everything compared


def test_bench_keeps_going_past_a_part_that_fails_when_asked(monkeypatch) -> None:
    """A side of a comparison (`--root`) measures every part it can: the part that fails says why."""
    bench = script("run")

    def missing(key: str) -> None:
        raise LookupError("renderer.of is not in the code measured")

    monkeypatch.setattr(bench, "renderer_of", missing)
    game = registry.plugin("dads_army").game
    figures = bench.bench_game(game, n=1, playouts=1, parts=("render", "apply"), keep_going=True)
    assert figures["errors"] == {"render": "LookupError: renderer.of is not in the code measured"}
    assert figures["apply_ms"]["n"] >= 1 and "render_ms" not in figures
    with pytest.raises(LookupError):
        bench.bench_game(game, n=1, playouts=1, parts=("render",))


def test_inbox_bench_counts_what_one_player_receives_in_a_day(cheap_ai, tmp_path) -> None:
    bench = script("inbox")
    before = asyncio.run(bench.day("dads_army", 1, "off", str(tmp_path / "before.db")))
    after = asyncio.run(bench.day("dads_army", 1, "on", str(tmp_path / "after.db")))
    assert before["my_moves"] > 0 and before["their_moves"] > 0
    assert (before["inbox_posts"], before["inbox_edits"]) == (0, 0)
    assert after["inbox_posts"] >= 1 and after["inbox_edits"] >= 1
    assert after["channel_pings"] == before["channel_pings"]  # the same day, played alike
    assert after["pings"] == after["channel_pings"] + after["reminder_dms"] + after["inbox_posts"]
    away = asyncio.run(bench.day("dads_army", 1, "on", str(tmp_path / "away.db"), away=True))
    vacation = asyncio.run(bench.day("dads_army", 1, "on", str(tmp_path / "vacation.db"), away=True, vacation=True))
    assert away["my_moves"] == vacation["my_moves"] == 0 and away["my_time_ups"] > 0
    assert vacation["my_time_ups"] == vacation["reminder_dms"] == 0 and vacation["my_clocks_stopped_h"] > 0


def test_briefing_reports_every_seat_s_fold() -> None:
    briefing = script("briefing")
    found = asyncio.run(briefing.measure("judge_dredd", 20, "b"))
    assert found["rows"] >= 20 and [s["seat"] for s in found["seats"]] == [0, 1, 2, 3]
    assert all(s["lines"] > 0 and s["cpu_ms"] >= 0 for s in found["seats"])  # every Judge holds a hand
    assert set(found["slowest"]) == {"cpu_ms", "wall_ms"}


def test_replay_steps_bench_reports_a_step_and_the_export(capsys) -> None:
    report = script("replay_steps").main(["--only", "dads_army", "--steps", "2"])
    figures = report["games"]["dads_army"]
    assert figures["shown"] == 2 and figures["steps"] > 2
    assert figures["step_cpu_ms"]["median"] > 0 and figures["open_cpu_ms"] >= 0
    assert 0 < figures["export"]["bytes"] <= 8 * 1024 * 1024 and figures["export"]["frames"] >= 2
    assert json.loads(capsys.readouterr().out) == report
