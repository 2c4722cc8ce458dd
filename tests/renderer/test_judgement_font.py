"""The bundled CJK subset draws every Traditional Chinese string of the project (CJK text
that renders). A character the subset lacks is drawn as the font's not-defined box; when this test
fails, re-run `tools/subset_font.py` (its docstring says how)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from renderer import common
from tests.renderer.views import missing_glyphs

ROOT = Path(__file__).resolve().parents[2]


def _zh_values(node: Any) -> Iterator[str]:
    """Every `zh_TW = "..."` value in a parsed TOML tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "zh_TW" and isinstance(value, str):
                yield value
            else:
                yield from _zh_values(value)
    elif isinstance(node, list):
        for value in node:
            yield from _zh_values(value)


def _zh_strings() -> dict[str, str]:
    """{where: text} for every zh-TW string of the game data and of every zh_TW catalogue."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "data" / "judgement").glob("*.toml")):
        with path.open("rb") as fh:
            for i, text in enumerate(_zh_values(tomllib.load(fh))):
                out[f"{path.name}#{i}"] = text
    for path in sorted((ROOT / "data" / "locale" / "zh_TW" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            for message in read_po(fh, locale="zh_TW"):
                if message.id and message.string:
                    out[f"{path.name}:{message.id}"] = str(message.string)
    return out


def _missing(texts: dict[str, str]) -> dict[str, list[str]]:
    """{character: [where it is used]} for the characters the font that draws the string lacks.
    A string with Chinese in it is drawn wholly in the CJK font (`common.font_for`), so each of its
    characters is checked there, once."""
    by_char: dict[str, list[str]] = {}
    for where, text in texts.items():
        if common.needs_cjk(text):
            for ch in set(text.replace("{", "").replace("}", "")):
                by_char.setdefault(ch, []).append(where)
    f = common.font("cjk", 24)
    return {ch: sorted(by_char[ch])[:3] for ch in missing_glyphs("".join(sorted(by_char)), f)}


def test_judgement_zh_strings_and_every_zh_catalogue_render_with_no_missing_glyph():
    texts = _zh_strings()
    assert any(k.startswith("characters.toml") for k in texts)
    assert any(k.startswith("judgement_board.po") for k in texts)
    assert _missing(texts) == {}


def test_the_glyph_check_can_fail():
    """A private-use character is in no font: the check reports it (and the old subset's two gaps,
    躚 of 翩躚 and 枷 of 鏈枷, are now drawn)."""
    assert _missing({"x": "翩躚\U000f0001"}) == {"\U000f0001": ["x"]}
    assert missing_glyphs("翩躚鏈枷", common.font("cjk", 24)) == []


def test_the_subset_stays_small():
    """A font the bot loads at every start and the repository carries: about 4 MB at most."""
    assert (common.FONT_DIR / common.FONT_FILES["cjk"]).stat().st_size < 4.3e6


def test_font_tools_stay_a_maintainers_tool():
    """fontTools is no project dependency: only `tools/subset_font.py` may import it, and only inside
    the function that runs it."""
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("renderer", "rules", "gavel", "cogs", "bench")
        for path in (ROOT / folder).rglob("*.py")
        if "fontTools" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []
    tool = (ROOT / "tools" / "subset_font.py").read_text(encoding="utf-8")
    assert "\nfrom fontTools" not in tool and "\nimport fontTools" not in tool
