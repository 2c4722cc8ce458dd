"""The platform's modules (`gavel/tables`) import one way: no import circle among them, counting
every import (at the top, inside a function, under `if TYPE_CHECKING:`), and the table service's
parts are plain objects given their collaborators (no part derives from another)."""

from __future__ import annotations

import ast
from pathlib import Path

PLATFORM = Path(__file__).resolve().parent.parent / "gavel" / "tables"


def imports_of(path: Path) -> set[str]:
    """The `gavel.tables` modules a module imports, wherever in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "gavel.tables":
                found |= {alias.name for alias in node.names}
            elif node.module.startswith("gavel.tables."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {alias.name.split(".")[2] for alias in node.names if alias.name.startswith("gavel.tables.")}
    found.discard(path.stem)
    return found


def graph() -> dict[str, set[str]]:
    return {path.stem: imports_of(path) for path in sorted(PLATFORM.glob("*.py"))}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk (each as the modules along it)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(edges.get(module, ())):
            if state.get(other) == 1:
                found.append([*path[path.index(other):], other])
            elif other not in state:
                walk(other, [*path, other])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            walk(module, [module])
    return found


def test_the_walk_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_platform_has_no_import_circle() -> None:
    edges = graph()
    assert "service" in edges and "access" in edges["ground"] and "ground" in edges["play"]  # the graph is read at all
    assert circles(edges) == []


def test_no_part_imports_the_facade() -> None:
    """Only the front-ends (the console among them) import `gavel.tables.service`."""
    importers = sorted(m for m, deps in graph().items() if "service" in deps)
    assert importers == ["console"]


def test_the_service_is_made_of_parts_not_mixins() -> None:
    """`TableService` derives from nothing: it holds its parts, each made with its collaborators."""
    from gavel.tables.service import TableService

    assert TableService.__bases__ == (object,)
