"""The README stays one screen and the documentation holds together.

The README is what a newcomer reads: what Gavel is, the two commands, how to put it on Discord, and
links into `docs/` for the rest. These checks keep it short, keep its two commands as they are,
and make every relative link of the README and of `docs/` lead to a file that exists (and, with a
`#fragment`, to a heading of that file).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"

MAX_README_LINES = 70
"""One screen: a newcomer reads the README without scrolling far."""

PLAY = "python -m pip install -e . && python bot.py --local dads_army --ai 3"
TEST = "python -m pip install -e '.[dev]' && python -m pytest"

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", flags=re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")


def pages() -> list[Path]:
    """The README and every Markdown page under docs/ (rulings and boards included)."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def guide_pages() -> list[Path]:
    """The pages the README's rest moved into: docs/*.md and docs/games/*.md."""
    return sorted([*DOCS.glob("*.md"), *(DOCS / "games").glob("*.md")])


def prose(text: str) -> str:
    """`text` without its code blocks and inline code, where a bracket is not a link."""
    return CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", words).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (outside code blocks)."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(match) for match in re.findall(r"^#{1,6} +(.+?) *$", text, flags=re.M)}


def broken_links(path: Path, text: str) -> list[str]:
    """Each relative link of `text` (a page at `path`) whose file, or heading, does not exist."""
    broken = []
    for target in LINK.findall(prose(text)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ... are not checked here
            continue
        file, _, fragment = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            broken.append(f"{target}: no such heading")
    return broken


def test_the_readme_is_one_screen() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines: move the detail into docs/"


def test_the_readme_shows_the_two_commands_and_the_python_version() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [body.strip() for body in re.findall(r"```bash\n(.*?)```", text, flags=re.S)]
    assert PLAY in blocks and TEST in blocks
    assert "Python 3.11" in text
    for word in ("DISCORD_TOKEN", "applications.commands", "--sync", "Message Content"):
        assert word in text, word


def test_every_relative_link_leads_to_a_file_and_heading_that_exist() -> None:
    broken = {path.relative_to(ROOT).as_posix(): found for path in pages()
              if (found := broken_links(path, path.read_text(encoding="utf-8")))}
    assert broken == {}


def test_the_link_check_finds_a_missing_file_or_heading() -> None:
    """The check above can fail: a missing file, a missing heading and a link out of the folder."""
    page = DOCS / "commands.md"
    text = ("[a](games/nowhere.md) [b](games/judtho.md#no-such-heading) [c](../nowhere.md) "
            "[fine](games/judtho.md#play-it-locally) [web](https://example.org/x.md) `[code](x.md)`")
    assert broken_links(page, text) == ["games/nowhere.md: no such file",
                                        "games/judtho.md#no-such-heading: no such heading",
                                        "../nowhere.md: no such file"]


def test_every_page_has_a_title_and_the_readme_links_it() -> None:
    readme = prose(README.read_text(encoding="utf-8"))
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in LINK.findall(readme)}
    assert len(guide_pages()) >= 10
    for path in guide_pages():
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# ") and len(first) > 4, path
        assert path.resolve() in linked, f"README.md does not link {path.relative_to(ROOT)}"


def test_the_pages_name_the_platform_by_its_package() -> None:
    """The platform is `gavel/tables/` (the test folder `tests/tables/` keeps its name)."""
    stale = [f"{path.relative_to(ROOT)}: {line.strip()}" for path in pages()
             for line in path.read_text(encoding="utf-8").splitlines()
             if re.search(r"(?<![\w/.])tables(?:/|\.[a-z_])", line)]
    assert stale == []


def test_simcord_and_why_it_replaces_dpytest_are_written_down() -> None:
    text = " ".join(" ".join(path.read_text(encoding="utf-8").split()) for path in pages())
    assert ("dpytest, named in the original design card, cannot dispatch slash commands or button clicks "
            "(its last release predates interaction support), so simcord replaces it.") in text
