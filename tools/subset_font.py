"""Re-make the bundled CJK font subset, `data/fonts/NotoSansCJKtc-Regular-subset.otf`.

A maintainer tool, run by hand whenever new Chinese text lands (a new game's `.toml` or `.po`
files): the renderers draw every zh-TW word with this one font, and a character it lacks shows as
an empty box. The tests (`tests/renderer/test_judgement_font.py`) say which characters are missing.

Run it from the repository root, in a throwaway virtual environment OUTSIDE the repository
(fontTools is not a project dependency, and nothing the bot or the tests import may import it):

    python -m venv /tmp/ftv && /tmp/ftv/bin/pip install fonttools   # once
    /tmp/ftv/bin/python tools/subset_font.py                         # every time

It needs the system package `fonts-noto-cjk` (`/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc`;
`--source` for another path). From that collection it takes the face named "Noto Sans CJK TC" and
keeps these characters (about 8,900, 7,200 of them Chinese; the file is 4.1 MB, 3.9 MiB):

- Latin, Greek, general punctuation, arrows, maths and box-drawing symbols, CJK punctuation,
  Bopomofo, kana (Japanese player names) and the full-width forms;
- every Big5 symbol and the 5,401 frequently used Big5 characters (level 1), what the subset held
  before;
- the less frequent Big5 characters (level 2) that are also common in Japan, Korea or mainland China
  (JIS X 0208, KS X 1001 hanja, GB 2312): about 1,800 more, so that future text rarely misses;
- every character of every text file under `data/` (`.toml`, `.po`, ...) and of `renderer/*.py`,
  whatever the lists above say (躚 and 枷 of 審判之城 are Big5 level 2 and in none of them).

Hinting is dropped and the family is renamed "Noto Sans CJK TC Subset" (a Modified Version under
the SIL Open Font License, `data/fonts/LICENSE-NotoSansCJK.txt`). The head timestamps are pinned to
the source's, so the same characters give the same bytes and a re-run with nothing new changes no
file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = ROOT / "data" / "fonts" / "NotoSansCJKtc-Regular-subset.otf"
FACE = "Noto Sans CJK TC"
FAMILY = "Noto Sans CJK TC Subset"

RANGES = (
    (0x0020, 0x024F),  # Basic Latin, Latin-1, Latin Extended-A/B
    (0x02B0, 0x02FF),  # spacing modifiers
    (0x0370, 0x03FF),  # Greek
    (0x2000, 0x206F),  # general punctuation
    (0x2100, 0x22FF),  # letterlike, number forms, arrows, maths
    (0x2460, 0x26FF),  # enclosed numbers, box drawing, blocks, shapes, symbols
    (0x3000, 0x31FF),  # CJK punctuation, kana, Bopomofo
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)
"""Blocks kept whole (only what the face has of them ends up in the file)."""


def _double_byte(encoding: str, leads: range, trails: range) -> set[str]:
    """Every single character a double-byte encoding has in those lead and trail bytes."""
    out = set()
    for a in leads:
        for b in trails:
            try:
                ch = bytes([a, b]).decode(encoding)
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                out.add(ch)
    return out


def _han(chars: set[str]) -> set[str]:
    return {c for c in chars if "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff"}


def common_characters() -> set[str]:
    """The fixed part of the set: the blocks, Big5 level 1 and symbols, and the Big5 level-2
    characters that the Japanese, Korean or simplified-Chinese standard sets also hold."""
    big5 = _double_byte("big5", range(0xA1, 0xFA), range(0x40, 0xFF))

    def code(c: str) -> int:
        return int.from_bytes(c.encode("big5"), "big")

    level1 = {c for c in big5 if code(c) < 0xC940}  # symbols A140-A3BF and level 1 A440-C67E
    level2 = {c for c in big5 if code(c) >= 0xC940}
    elsewhere = (
        _han(_double_byte("euc_jp", range(0xB0, 0xF5), range(0xA1, 0xFF)))
        | _han(_double_byte("euc_kr", range(0xCA, 0xFE), range(0xA1, 0xFF)))
        | _han(_double_byte("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF)))
    )
    blocks = {chr(cp) for lo, hi in RANGES for cp in range(lo, hi + 1)}
    return blocks | level1 | (level2 & elsewhere)


def repo_characters(root: Path = ROOT) -> set[str]:
    """Every character of the text under `data/` and of the renderers' code."""
    files = [p for p in (root / "data").rglob("*") if p.is_file() and p.suffix in (".toml", ".po", ".txt", ".md")]
    files += sorted((root / "renderer").glob("*.py"))
    out: set[str] = set()
    for p in files:
        out |= set(p.read_text(encoding="utf-8"))
    return {c for c in out if c.isprintable() and ord(c) >= 0x20}


def subset(source: Path, out: Path) -> tuple[int, int]:
    """Write the subset; return (characters asked for that the face has, bytes written)."""
    from fontTools import subset as ftsubset
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(source), lazy=False)
    face = next((f for f in collection.fonts if f["name"].getDebugName(1) == FACE), None)
    if face is None:
        sys.exit(f"{source}: no face named {FACE!r}")
    wanted = {ord(c) for c in common_characters() | repo_characters()}
    have = set(face.getBestCmap())
    unicodes = sorted(wanted & have)
    options = ftsubset.Options()
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    sub = ftsubset.Subsetter(options)
    sub.populate(unicodes=unicodes)
    sub.subset(face)
    _rename(face)
    face["head"].modified = face["head"].created
    face.recalcTimestamp = False
    out.parent.mkdir(parents=True, exist_ok=True)
    face.save(str(out))
    return len(unicodes), out.stat().st_size


def _rename(face: Any) -> None:
    """The OFL asks a Modified Version not to use the Reserved Font Names as its own: the family
    becomes "Noto Sans CJK TC Subset" (names 1, 3, 4, 6, 16). `face`: a fontTools `TTFont` (not a
    dependency, so not named in the hints)."""
    name = face["name"]
    for rec in name.names:
        if rec.nameID in (1, 4, 16):
            rec.string = str(rec.toUnicode()).replace(FACE, FAMILY)
        elif rec.nameID in (3, 6):
            rec.string = str(rec.toUnicode()).replace("NotoSansCJKtc", "NotoSansCJKtcSubset")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="the Noto Sans CJK collection (.ttc)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the subset")
    args = parser.parse_args(argv)
    missing = sorted(c for c in repo_characters() if ord(c) >= 0x2E80)
    count, size = subset(args.source, args.out)
    print(f"{args.out}: {count} characters, {size / 1e6:.2f} MB ({len(missing)} CJK characters in the repo)")


if __name__ == "__main__":
    main()
