"""`rules/` imports only the standard library and `rules` itself (DESIGN: the engines stay pure)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def outside_imports(source: str) -> list[str]:
    """Absolute imports in `source` of anything but the stdlib and `rules`."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [n for n in names if n.split(".")[0] != "rules" and n.split(".")[0] not in sys.stdlib_module_names]
    return found


def test_rules_import_only_the_standard_library_and_rules() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert len(files) > 3, "no modules found under rules/"
    bad = {str(p.relative_to(RULES)): outside_imports(p.read_text(encoding="utf-8")) for p in files}
    assert {name: found for name, found in bad.items() if found} == {}


def test_the_import_check_catches_a_foreign_import() -> None:
    source = "import os\nfrom rules.core import Game\nfrom . import board\nimport discord\nfrom PIL import Image\n"
    assert outside_imports(source) == ["discord", "PIL"]
