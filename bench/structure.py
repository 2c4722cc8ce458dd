"""How the code is put together, measured from outside; prints one JSON object.

    python bench/structure.py [--only click,imports,type_ignores,per_game_discord_lines,readme_lines]
                              [--verbose] [--ai 3] [--turns 3] [--seed 5eed]

Figures to compare before and after a change of the platform's structure. Nothing here names a
private part of the platform: code is told apart by where it lives (a frame's file under
gavel/tables/, cogs/, rules/, renderer/), the store's database connections are found by walking
the service's public `store` attribute to any `sqlite3.Connection`, and Discord is simcord's.

- `click`: one Dad's Army table on simcord (the real bot, the real board renderer, a SQLite
  file), alice and `--ai` AI seats, opened by `/dadsarmy new`, "Add AI" and "Start" with a fixed
  seed (`secrets.token_hex` answers `--seed` while the lobby opens). The AI seats think inline on
  the event loop, as in the tests (the service's default; the bot hands them to a process pool).
  alice plays by clicking the first button (or the first option of a select) of whatever she is
  shown (a new prompt of hers in the channel first, posted or edited in, else the menu her click
  answered with). The click measured is the one the AI seats answer (their names, "AI 1"..., in
  what it posted in the channel or added to the turn's message, and alice prompted again): from
  it to the board, the AI seats' moves and her next prompt (simcord settles every task the
  click started). A first such click warms the caches;
  the next `--turns` are timed (`cpu_ms`, `wall_ms`: medians, `time.process_time` beside the
  wall clock, no profiler on); the one after is watched, with `sys.setprofile` and
  `threading.setprofile` (the service's `asyncio.to_thread` calls then run on a fresh default
  executor, so every worker thread is watched). The table's seed fixes every throw and AI choice,
  so a run before and a run after a change that keeps behaviour measure the same clicks:
  - `modules`: project files (under rules/, gavel/, cogs/, renderer/) whose code ran;
    `platform_modules`: those under gavel/tables/ or cogs/;
  - `service_calls`: call events whose caller's code is in cogs/ and the callee's in
    gavel/tables/ (a coroutine counted when it starts, not at every resumption);
  - `transactions`: COMMITs on the store's SQLite connections (`begins`: BEGINs; `statements`:
    every statement traced); null on a store with no SQLite connection;
  - `channel_messages`: new messages in the table's channel visible to all; `ephemeral`: new
    ones only the clicker sees; `dms`: new messages in direct-message channels; `edits`: PATCH
    requests to a message (an edit, or the answer of a deferred interaction); `http_requests`.
  Every count is of that one watched click (`watched_click_cpu_ms`: its CPU time, profiler
  included); `clicks_in_turn`: alice's clicks up to it since the AI seats last answered her.
- `imports`: the import graph of the modules of gavel/tables/ (every `.py`, its `__init__` as
  the package), from `ast`: `import`, `from ... import` (absolute or relative) at module level
  and inside functions, an arrow from a module to each module of the package it names (`from
  gavel.tables import x` names the module x if there is one, else the package). Imports inside
  `if TYPE_CHECKING:` are left out of the graph and counted apart (`type_checking_arrows`).
  `modules`, `arrows` (distinct pairs), `cycles` (the sizes of the strongly connected
  components of more than one module, largest first), `largest_circle` (the largest of them, 0
  if none) and `upward`: the back edges of a depth-first search (each module's arrows followed in
  name order) started at the facade module `gavel.tables.service`, then at each module not yet
  reached in name order: arrows to a module still on the search's path. A graph has a back edge
  under any such search iff it has a cycle, so `upward` is 0 iff there is none; taking those
  arrows away leaves the graph without a circle, layered top-down from the facade (so `upward`
  is at least the fewest arrows that would have to go). With no facade module, the search
  starts at the modules in name order (`facade`: null).
- `type_ignores`: `# type: ignore` comments (tokens, not text in strings) in the files mypy checks
  (`[tool.mypy] files` of pyproject.toml), in total and per top-level entry.
- `per_game_discord_lines`: per registered game, the lines of its Discord code: the module a
  plug-in names as its `cog` (0 if plug-ins have no such attribute) and any `cogs/<game key>.py`
  (a file counted once); `total`.
- `readme_lines`: lines of README.md.

`--verbose` adds the lists behind the counts (modules, service calls by name, the import cycles'
members, the arrows of the search that point up, files with their ignores). Tests assert no
time: these figures are where the structure and speed are measured.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import contextlib
import importlib.util
import json
import re
import secrets
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import tokenize
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIGURES = ("click", "imports", "type_ignores", "per_game_discord_lines", "readme_lines")
PROJECT = ("rules", "gavel", "cogs", "renderer")
"""Top-level folders whose files are the project's modules."""
PLATFORM = ("gavel/tables", "cogs")
FACADE = "gavel.tables.service"
GAME = "dads_army"
AI_NAME = re.compile(r"\bAI \d+\b")
"""An AI seat's name as the table shows it ("AI 1", "AI 2", ...)."""
GENERATOR_FLAGS = 0x20 | 0x80 | 0x200
"""CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR: code whose frame is entered again at each resumption."""


def relative(filename: str) -> str | None:
    """A code object's file relative to the repository, or None outside it."""
    try:
        return Path(filename).resolve().relative_to(ROOT).as_posix()
    except (ValueError, OSError):
        return None


# ---------------------------------------------------------------------------------- the click


class Watch:
    """What ran during one click: a profile function for `sys.setprofile` and
    `threading.setprofile`, on only while `on`."""

    def __init__(self) -> None:
        self.on = False
        self.files: set[str] = set()
        self.service_calls: Counter[str] = Counter()
        self._places: dict[str, str | None] = {}
        self._started: set[int] = set()
        self._kept: list[FrameType] = []  # started coroutine frames, kept so their ids stay theirs
        self._lock = threading.Lock()

    def place(self, filename: str) -> str | None:
        if filename not in self._places:
            rel = relative(filename)
            self._places[filename] = rel if rel is not None and rel.split("/", 1)[0] in PROJECT else None
        return self._places[filename]

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.on or event != "call":
            return
        code = frame.f_code
        callee = self.place(code.co_filename)
        if callee is None:
            return
        with self._lock:
            self.files.add(callee)
            caller = frame.f_back
            if caller is None or not callee.startswith("gavel/tables/"):
                return
            where = self.place(caller.f_code.co_filename)
            if where is None or not where.startswith("cogs/"):
                return
            if code.co_flags & GENERATOR_FLAGS:
                if id(frame) in self._started:
                    return  # a resumption
                self._started.add(id(frame))
                self._kept.append(frame)
            self.service_calls[f"{callee.removesuffix('.py').replace('/', '.')}.{code.co_qualname}"] += 1

    @contextlib.contextmanager
    def watching(self) -> Iterator[None]:
        loop = asyncio.get_running_loop()
        threading.setprofile(self)
        loop.set_default_executor(ThreadPoolExecutor(thread_name_prefix="structure-watched"))
        sys.setprofile(self)
        self.on = True
        try:
            yield
        finally:
            self.on = False
            sys.setprofile(None)
            threading.setprofile(None)


def sqlite_connections(root: Any, depth: int = 3) -> list[sqlite3.Connection]:
    """Every `sqlite3.Connection` reachable from `root` through instance attributes (and lists,
    tuples, dicts of them), `depth` steps at most."""
    found: list[sqlite3.Connection] = []
    seen: set[int] = set()

    def walk(value: Any, left: int) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, sqlite3.Connection):
            found.append(value)
            return
        if left == 0 or isinstance(value, (str, bytes, int, float, bool, type(None))):
            return
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            children = list(value)
        else:
            children = list(getattr(value, "__dict__", {}).values())
            children += [getattr(value, s) for s in getattr(type(value), "__slots__", ()) if hasattr(value, s)]
        for child in children:
            walk(child, left - 1)

    walk(root, depth)
    return found


class Statements:
    """SQL statements traced on the store's SQLite connections."""

    def __init__(self, connections: list[sqlite3.Connection]) -> None:
        self.connections = connections
        self.seen: list[str] = []
        self._lock = threading.Lock()
        for conn in connections:
            conn.set_trace_callback(self.trace)

    def trace(self, statement: str) -> None:
        with self._lock:
            self.seen.append(statement.lstrip().upper())

    def figures(self, since: int) -> dict[str, int | None]:
        if not self.connections:
            return {"transactions": None, "begins": None, "statements": None}
        new = self.seen[since:]
        return {"transactions": sum(1 for s in new if s.startswith(("COMMIT", "END"))),
                "begins": sum(1 for s in new if s.startswith("BEGIN")), "statements": len(new)}


def components(message: Any) -> list[Any]:
    """The buttons and selects of a channel message or an interaction's response, in order."""
    message = getattr(message, "message", message)
    out: list[Any] = []
    for row in getattr(message, "components", None) or []:
        out.extend(getattr(row, "children", [row]))
    return out


class Table:
    """A Dad's Army table on simcord: alice and AI seats, and what each click of hers did."""

    def __init__(self, env: Any, service: Any, channel: Any, alice: Any, dm_channels: Callable[[], set[int]]) -> None:
        self.env = env
        self.service = service
        self.channel = channel
        self.alice = alice
        self.dm_channels = dm_channels
        self.statements = Statements(sqlite_connections(service.store))

    def stored(self) -> dict[int, set[int]]:
        return {cid: set(messages) for cid, messages in self.env.backend.messages.items()}

    def posted(self, before: dict[int, set[int]]) -> dict[str, int]:
        """New messages since `before`, by where they went."""
        counts = {"channel_messages": 0, "ephemeral": 0, "dms": 0}
        dms = self.dm_channels()
        for cid, messages in self.env.backend.messages.items():
            for mid, message in messages.items():
                if mid in before.get(cid, set()):
                    continue
                if cid in dms:
                    counts["dms"] += 1
                elif message.visible_to(None):
                    counts["channel_messages" if cid == self.channel.id else "dms"] += 1
                else:
                    counts["ephemeral"] += 1
        return counts

    def channel_text(self, before: dict[int, set[int]], shown: Any = None) -> str:
        """The words of the messages posted in the table's channel since `before`, and the lines
        added to `shown` (the message as it was: a turn's message is edited as the turn goes on)."""
        new = self.env.backend.messages.get(self.channel.id, {})
        posted = [m.content for mid, m in sorted(new.items()) if mid not in before.get(self.channel.id, set())]
        now = new.get(shown.id) if shown is not None else None
        old = set(shown.content.split("\n")) if shown is not None else set()
        added = [line for line in (now.content.split("\n") if now is not None else []) if line not in old]
        return "\n".join([*posted, *added])

    def prompts_alice(self, message: Any) -> bool:
        return message is not None and self.alice.mention in message.content and bool(components(message))

    async def click(self, target: Any) -> Any:
        first = components(target)[0]
        if getattr(first, "options", None):  # a select: its first option
            return await self.alice.select(target, [first.options[0].value], custom_id=first.custom_id)
        return await self.alice.click(target, custom_id=first.custom_id)

    async def turn(self, watch: Watch | None = None, max_clicks: int = 40) -> dict[str, Any]:
        """alice clicks until a click of hers is answered by the AI seats (their names in what it
        posted in the channel) and her next prompt; the figures of that click."""
        target = self.channel.last_message
        if not self.prompts_alice(target):
            raise RuntimeError(f"not alice's prompt: {getattr(target, 'content', None)!r}")
        for clicks in range(1, max_clicks + 1):
            shown = self.channel.last_message
            before, requests, traced = self.stored(), len(self.env.http_requests), len(self.statements.seen)
            if watch is not None:
                watch.files.clear()
                watch.service_calls.clear()
            with watch.watching() if watch is not None else contextlib.nullcontext():
                t0, c0 = time.perf_counter(), time.process_time()
                result = await self.click(target)
                cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            last = self.channel.last_message
            # a new prompt of hers: a new message, or the turn's message edited to ask her again
            fresh = (last is not None and shown is not None and self.prompts_alice(last)
                     and (last.id != shown.id or last.content != shown.content))
            if fresh and AI_NAME.search(self.channel_text(before, shown)):
                sent = self.env.http_requests[requests:]
                return {"cpu_ms": cpu * 1000, "wall_ms": wall * 1000, "clicks_in_turn": clicks,
                        **self.posted(before),
                        "edits": sum(1 for r in sent if r.method == "PATCH" and "/messages/" in r.path),
                        "http_requests": len(sent), **self.statements.figures(traced)}
            # her next step: a new prompt in the channel, else the menu the click answered with
            response = result.response
            if fresh:
                target = last
            elif response is not None and components(response):
                target = response
            elif self.prompts_alice(last):
                target = last
            else:  # the game is over (an AI seat won), or she has nothing to click
                raise RuntimeError(f"alice has nothing to click after {clicks} clicks (fewer --turns?): "
                                   f"{getattr(last, 'content', None)!r}")
        raise RuntimeError(f"the AI seats did not answer alice in {max_clicks} clicks")


@contextlib.contextmanager
def seeded(seed: str) -> Iterator[None]:
    """`secrets.token_hex` answers `seed` (the table's seed when a lobby opens)."""
    real = secrets.token_hex
    secrets.token_hex = lambda nbytes=None: seed
    try:
        yield
    finally:
        secrets.token_hex = real


async def click_figures(ai: int, turns: int, seed: str, verbose: bool) -> dict[str, Any]:
    from simcord.env import Env

    from cogs.bot import create_bot
    from gavel.tables.service import TableService

    with tempfile.TemporaryDirectory(prefix="gavel-structure-") as folder:
        service = TableService(str(Path(folder) / "structure.sqlite3"))
        bot = create_bot(service, sync=False, eager=True, idle=0)
        bot.watches, service.rest = False, 0.0  # one table, in memory throughout: no loop to poll or sweep
        env = Env(bot, strict_sync=False)  # commands registered unsynced
        await env.start()
        try:
            guild = env.create_guild("Walmington")
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            with seeded(seed):
                await alice.slash(channel, "dadsarmy new")
            lobby = channel.last_message
            if lobby is None:
                raise RuntimeError("/dadsarmy new opened no lobby")
            for _ in range(ai):
                await alice.click(lobby, label="Add AI")
            await alice.click(lobby, label="Start")
            table = Table(env, service, channel, alice, lambda: set(env.backend.dm_channels.values()))
            await table.turn()  # warm: the first board, the first menus
            timed = [await table.turn() for _ in range(turns)]
            watch = Watch()
            figures = await table.turn(watch)
            env.raise_errors()
        finally:
            await env.shutdown()
            service.close()
    platform = sorted(f for f in watch.files if f.startswith(tuple(p + "/" for p in PLATFORM)))
    report: dict[str, Any] = {
        "game": GAME, "humans": 1, "ai_seats": ai, "ai": "inline", "seed": seed, "timed_clicks": len(timed),
        "cpu_ms": round(statistics.median(t["cpu_ms"] for t in timed), 2),
        "wall_ms": round(statistics.median(t["wall_ms"] for t in timed), 2),
        "modules": len(watch.files), "platform_modules": len(platform),
        "service_calls": sum(watch.service_calls.values()), "distinct_service_calls": len(watch.service_calls),
        **{k: v for k, v in figures.items() if k not in ("cpu_ms", "wall_ms")},
        "watched_click_cpu_ms": round(figures["cpu_ms"], 2),
    }
    if verbose:
        report["module_list"] = sorted(watch.files)
        report["platform_module_list"] = platform
        report["service_call_list"] = dict(sorted(watch.service_calls.items()))
    return report


# ---------------------------------------------------------------------------------- imports


def package_modules(folder: Path, package: str) -> dict[str, Path]:
    """Module name -> file, for every `.py` under `folder` (a package's `__init__` as the package)."""
    out = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join([package, *parts])] = path
    return out


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_names(tree: ast.AST, module: str, is_package: bool) -> tuple[list[str], list[str]]:
    """The dotted names a module's imports name (`from a import b`: `a.b`, which `resolve` reads
    as the module `a.b` if there is one, else `a`), outside and inside `if TYPE_CHECKING:` blocks."""
    runtime: list[str] = []
    checking: list[str] = []

    def visit(node: ast.AST, inside: bool) -> None:
        if isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, inside)
            return
        into = checking if inside else runtime
        if isinstance(node, ast.Import):
            into.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            into.extend(f"{source}.{alias.name}" for alias in node.names)  # a module, else a name of `source`
        for inner in ast.iter_child_nodes(node):
            visit(inner, inside)

    visit(tree, False)
    return runtime, checking


def resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The package's module `name` means: itself, else its longest dotted prefix that is one."""
    parts = name.split(".")
    while parts:
        if (candidate := ".".join(parts)) in modules:
            return candidate
        parts.pop()
    return None


def arrows_of(modules: dict[str, Path]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    runtime: set[tuple[str, str]] = set()
    checking: set[tuple[str, str]] = set()
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names, checked = imported_names(tree, module, path.name == "__init__.py")
        for into, found in ((runtime, names), (checking, checked)):
            for name in found:
                target = resolve(name, modules)
                if target is not None and target != module:
                    into.add((module, target))
    return runtime, checking - runtime


def strongly_connected(nodes: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            out.append(sorted(component))

    for v in nodes:
        if v not in index:
            connect(v)
    return out


def back_edges(nodes: list[str], edges: dict[str, list[str]], first: str) -> list[tuple[str, str]]:
    """The arrows to a module on the current path of a depth-first search from `first`, then from
    each unreached module in name order, each module's arrows in name order."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    found: list[tuple[str, str]] = []

    def search(v: str) -> None:
        state[v] = 1
        for w in edges[v]:
            if state.get(w) == 1:
                found.append((v, w))
            elif w not in state:
                search(w)
        state[v] = 2

    for v in ([first] if first in edges else []) + nodes:
        if v not in state:
            search(v)
    return found


def import_figures(verbose: bool) -> dict[str, Any]:
    modules = package_modules(ROOT / "gavel" / "tables", "gavel.tables")
    runtime, checking = arrows_of(modules)
    nodes = sorted(modules)
    edges = {v: sorted(w for u, w in runtime if u == v) for v in nodes}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(nodes) + 1000))
    cycles = sorted((c for c in strongly_connected(nodes, edges) if len(c) > 1), key=lambda c: (-len(c), c))
    upward = back_edges(nodes, edges, FACADE)
    report: dict[str, Any] = {
        "modules": len(nodes), "arrows": len(runtime), "type_checking_arrows": len(checking),
        "cycles": [len(c) for c in cycles], "largest_circle": len(cycles[0]) if cycles else 0,
        "upward": len(upward), "facade": FACADE if FACADE in modules else None,
    }
    if verbose:
        report["cycle_members"] = cycles
        report["upward_arrows"] = [f"{u} -> {w}" for u, w in upward]
        report["type_checking_arrow_list"] = sorted(f"{u} -> {w}" for u, w in checking)
    return report


# ---------------------------------------------------------------------------------- small counts


def mypy_files() -> list[Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    entries = config["tool"]["mypy"]["files"]
    entries = [entries] if isinstance(entries, str) else entries
    out: list[Path] = []
    for entry in entries:
        path = ROOT / entry
        out.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else [])
    return out


def ignores_in(path: Path) -> int:
    with path.open("rb") as source:
        tokens = tokenize.tokenize(source.readline)
        return sum(1 for t in tokens if t.type == tokenize.COMMENT
                   and "type:ignore" in t.string.replace(" ", "").lower())


def type_ignore_figures(verbose: bool) -> dict[str, Any]:
    by_file = {path.relative_to(ROOT).as_posix(): ignores_in(path) for path in mypy_files()}
    by_entry: Counter[str] = Counter()
    for name, count in by_file.items():
        by_entry[name.split("/", 1)[0]] += count
    report: dict[str, Any] = {"total": sum(by_file.values()), "files_checked": len(by_file),
                              "by_entry": dict(sorted(by_entry.items()))}
    if verbose:
        report["files"] = {name: n for name, n in sorted(by_file.items()) if n}
    return report


def line_count(path: Path) -> int:
    with path.open("rb") as f:
        return sum(1 for _ in f)


def module_file(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    origin = spec.origin if spec is not None else None
    return Path(origin) if origin is not None and origin not in ("built-in", "frozen") else None


def discord_line_figures(verbose: bool) -> dict[str, Any]:
    from rules import registry

    report: dict[str, Any] = {}
    files: dict[str, list[str]] = {}
    for key, plugin in sorted(registry.plugins().items()):
        found: set[Path] = set()
        cog = getattr(plugin, "cog", None)
        if cog:
            path = module_file(cog)
            if path is not None and path.is_file():
                found.add(path.resolve())
        named = ROOT / "cogs" / f"{key}.py"
        if named.is_file():
            found.add(named.resolve())
        report[key] = sum(line_count(p) for p in found)
        files[key] = sorted(relative(str(p)) or str(p) for p in found)
    report["total"] = sum(report.values())
    if verbose:
        report["files"] = files
    return report


# ---------------------------------------------------------------------------------- main


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", default=",".join(FIGURES), help="comma-separated figures: " + ",".join(FIGURES))
    parser.add_argument("--verbose", action="store_true", help="the lists behind the counts")
    parser.add_argument("--ai", type=int, default=3, help="AI seats beside alice at the click's table (1-3)")
    parser.add_argument("--turns", type=int, default=3,
                        help="clicks timed (each the one the AI seats answer); the seeded game ends after a few more")
    parser.add_argument("--seed", default="5eed", help="the table's seed")
    args = parser.parse_args(argv)
    args.only = [f for f in args.only.split(",") if f]
    unknown = sorted(set(args.only) - set(FIGURES))
    if unknown:
        parser.error(f"unknown figure(s): {', '.join(unknown)}")
    if not 1 <= args.ai <= 3 or args.turns < 1:
        parser.error("--ai is 1 to 3, --turns at least 1")
    return args


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    report: dict[str, Any] = {}
    if "click" in args.only:
        report["click"] = asyncio.run(click_figures(args.ai, args.turns, args.seed, args.verbose))
    if "imports" in args.only:
        report["imports"] = import_figures(args.verbose)
    if "type_ignores" in args.only:
        report["type_ignores"] = type_ignore_figures(args.verbose)
    if "per_game_discord_lines" in args.only:
        report["per_game_discord_lines"] = discord_line_figures(args.verbose)
    if "readme_lines" in args.only:
        report["readme_lines"] = line_count(ROOT / "README.md")
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return report


if __name__ == "__main__":
    main()
