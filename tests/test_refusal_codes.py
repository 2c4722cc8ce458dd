"""Every refusal says why: each `IllegalAction` code the engines, the plug-ins' commands, the table
and the front-ends can raise has its own catalogue text in English and in Traditional Chinese, and
none of them is a bare "not allowed" with no rule and no alternative.

The codes are collected from the source itself (`refusal_codes`): every `IllegalAction(...)`,
`NotYourTurn(...)`, `BadActionText(...)`, `GameOver(...)` and `Refusal(...)` (a refusal not yet
made into an exception) call with a literal code, a code chosen between literals
(`"a" if ... else "b"`) or held in a local name or a parameter default, and every refusal class's
own `code`. A call that passes on another refusal's code (`refused.code`) was read where that
refusal was made. A call whose code the scan cannot read fails the test, so a new refusal cannot
slip past it.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

import pytest

from gavel.tables import i18n
from rules import registry

ROOT = Path(__file__).resolve().parent.parent


def _plugin_folders() -> tuple[str, ...]:
    """The folders of the whole plug-ins (with their own commands) kept outside `rules/` (a test-only game),
    by where their engines live: the scan reads their refusals too, without naming them."""
    found = set()
    for plugin in registry.plugins().values():
        folder = Path(sys.modules[type(plugin.game).__module__].__file__ or "").resolve().parent
        if plugin.commands.commands and folder.is_relative_to(ROOT) and not folder.is_relative_to(ROOT / "rules"):
            found.add(folder.relative_to(ROOT).as_posix())
    return tuple(sorted(found))


SCANNED = ("rules", "cogs", "gavel", *_plugin_folders())
REFUSALS = {"IllegalAction", "NotYourTurn", "BadActionText", "GameOver", "Refusal"}

GENERIC = [
    re.compile(p) for p in (
        r"^the rules do not allow that\W*$",
        r"^that is not allowed now\W*$",
        r"^that move is not allowed now\W*$",
        r"^you cannot do that now\W*$",
        r"^is not legal now\W*$",
        r"^not legal\W*$",
        r"^規則不允許這樣做\W*$",
        r"^現在不允許這樣做\W*$",
        r"^現在不能這樣走\W*$",
        r"^現在不能這樣做\W*$",
        r"^目前不合法\W*$",
    )
]
"""Messages that refuse without a reason, once their placeholders (the action's own text) are gone."""

LAST_RESORTS = {
    "illegal_action": "{allowed}",
    "dads_army_cannot": "{options}",
    "dads_army_not_now": "{allowed}",
    "judtho_illegal": "{allowed}",
    "dredd_cannot": "{allowed}",
    "dredd_not_now": "{allowed}",
    "judgement_not_an_option": "{allowed}",
    "judgement_not_now": "{allowed}",
}
"""Each game's last-resort refusal (an action matching no rule of its own) names what is possible."""


def _literals(node: ast.AST | None) -> list[str] | None:
    """The codes an expression can be: a string literal, or either branch of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def _names(function: ast.AST) -> dict[str, list[str]]:
    """The literal codes each local name or parameter default of `function` may hold."""
    held: dict[str, list[str]] = {}
    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = function.args
        positional = args.posonlyargs + args.args
        for arg, default in zip(positional[len(positional) - len(args.defaults):], args.defaults, strict=True):
            if (codes := _literals(default)) is not None:
                held.setdefault(arg.arg, []).extend(codes)
        for arg, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
            if (codes := _literals(kw_default)) is not None:
                held.setdefault(arg.arg, []).extend(codes)
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and (codes := _literals(node.value)) is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    held.setdefault(target.id, []).extend(codes)
    return held


@functools.cache
def refusal_codes() -> tuple[frozenset[str], tuple[str, ...]]:
    """(every refusal code found, the calls whose code could not be read). Read once, when a test
    first asks, not at collection. A file that names none of `REFUSALS` can neither call nor
    subclass one, so only the files that name one are parsed."""
    found: set[str] = set()
    unread: list[str] = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if not any(name in text for name in REFUSALS):
                continue
            tree = ast.parse(text)
            nodes = list(ast.walk(tree))
            scopes = [n for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            for node in nodes:
                if isinstance(node, ast.ClassDef) and (node.name in REFUSALS
                                                       or any(getattr(b, "id", "") in REFUSALS for b in node.bases)):
                    for item in node.body:
                        targets = item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
                        if any(getattr(t, "id", "") == "code" for t in targets):
                            found.update(_literals(getattr(item, "value", None)) or [])
                if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") in REFUSALS and node.args):
                    continue
                first = node.args[0]
                if isinstance(first, ast.Attribute) and first.attr == "code":
                    continue  # another refusal's code, passed on: read where that one was made
                codes = _literals(first)
                if codes is None and isinstance(first, ast.Name):
                    scope = next((s for s in scopes if s.lineno <= node.lineno <= (s.end_lineno or 0)
                                  and first.id in _names(s)), None)
                    codes = _names(scope).get(first.id) if scope is not None else None
                if codes is None:
                    unread.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                else:
                    found.update(codes)
    return frozenset(found), tuple(unread)


def test_the_scan_reads_every_refusal_and_finds_each_games_own() -> None:
    codes, unread = refusal_codes()
    assert unread == ()
    for code in ("not_your_turn", "game_over", "bad_action_text", "illegal_action", "stale", "no_table",
                 "dads_army_not_your_man", "dads_army_wall", "judtho_rival_kingdom", "judtho_one_suggestion",
                 "dredd_step_in_place", "dredd_not_adjacent", "judgement_no_such_player", "judgement_out_of_range",
                 "ambiguous_move"):
        assert code in codes, code


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_refusal_code_has_its_own_text_in_both_languages(lang: str) -> None:
    codes, _ = refusal_codes()
    catalogue = i18n.catalogue(lang)
    missing = sorted(code for code in codes if f"error.{code}" not in catalogue)
    assert missing == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_refusal_text_is_a_bare_not_allowed(lang: str) -> None:
    codes, _ = refusal_codes()
    catalogue = i18n.catalogue(lang)
    generic = []
    for code in sorted(codes):
        text = catalogue.get(f"error.{code}", "")
        bare = re.sub(r"\{[a-z_]+\}", "", text).strip(" :：;；。.()（）").lower()
        if any(p.match(bare) for p in GENERIC) or not bare:
            generic.append(f"{code}: {text}")
    assert generic == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_last_resort_refusals_name_what_is_possible(lang: str) -> None:
    codes, _ = refusal_codes()
    catalogue = i18n.catalogue(lang)
    for code, alternatives in LAST_RESORTS.items():
        assert code in codes, code
        assert alternatives in catalogue[f"error.{code}"], (code, catalogue[f"error.{code}"])
