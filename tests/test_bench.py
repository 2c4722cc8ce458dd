"""The benchmark script keeps working as games change (its figures are not judged here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from rules.core import games

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "run.py"


def test_bench_reports_every_figure_for_every_game(monkeypatch) -> None:
    from tests.rules.test_contract import PLAYOUT_AI

    for key, ai in PLAYOUT_AI.items():  # the whole AI games below with a cheaper search
        monkeypatch.setattr(games()[key], "ai", ai)
    spec = importlib.util.spec_from_file_location("gavel_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    shipped = [game for game in games().values() if type(game).__module__.startswith("rules.")]
    assert shipped, "no game is registered"
    for game in shipped:  # games registered by other tests live in tests/ and have no renderer
        figures = bench.bench_game(game, n=3, playouts=1)
        for base in ("render", "apply", "ai_move", "end_to_end"):
            for name in (f"{base}_ms", f"{base}_cpu_ms"):  # wall and CPU time, side by side
                assert figures[name]["n"] >= 1 and 0 <= figures[name]["median"] <= figures[name]["p95"], name
        assert figures["png_bytes"] > 1000
        assert figures["playouts_per_s"] > 0 and figures["playouts_per_cpu_s"] > 0
        assert figures["state_json_bytes"] > 100 and figures["ai_game_peak_kib"] > 0


def test_loop_bench_prints_its_figures() -> None:
    """A smoke run of `bench/loop.py` (two Dad's Army tables, AI inline, two seconds)."""
    import json
    import subprocess
    import sys

    script = SCRIPT.parent / "loop.py"
    out = subprocess.run([sys.executable, str(script), "--seconds", "2", "--ai-tables", "0", "--player-tables", "1",
                          "--every", "0.2", "--inline"], capture_output=True, text=True, check=True)
    figures = json.loads(out.stdout)
    assert {"max_stall_ms", "p99_stall_ms", "late_interactions", "cpu_s", "wall_s"} <= set(figures)
    assert figures["interactions"] >= 1 and figures["player_actions"] >= 1
