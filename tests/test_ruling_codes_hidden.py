"""Players never see ruling codes (D29, J18, ...): those are for docs/rulings and the code.

Checked for the games whose rulings files say so (Dad's Army, Judtho): every message of theirs
in both catalogues, and the English slash-command texts their cogs carry in the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gavel.tables import i18n
from rules import registry

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"(?<![A-Za-z0-9])(?!S[1-4]\b)[A-Z][0-9]{1,2}(?![0-9])|\bruling")
"""A ruling code (a capital letter and a number, standing alone) or the word itself. Squares
are lower-case (Judtho's `d4`) or digits (`6,3`), so they do not match; nor do Dad's Army's
shelter codes S1 to S4, which the board shows and `shelter` takes (no ruling code starts with S)."""
OURS = re.compile(r"(judtho|dads_army|cmd\.judtho|cmd\.dadsarmy|error\.(judtho|dads_army)|board\.(judtho|dads_army))\b")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_ruling_code_in_the_messages_of_dads_army_and_judtho(lang: str) -> None:
    shown = {key: text for key, text in i18n.catalogue(lang).items() if OURS.match(key) and CODE.search(text)}
    assert shown == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_ruling_code_in_the_slash_command_texts_they_declare(lang: str) -> None:
    for key in ("judtho", "dads_army"):
        keys = registry.plugin(key).commands.keys()
        assert len(keys) > 5, f"no slash-command text declared by {key}: the scan is broken"
        texts = {k: i18n.gettext(k, lang) for k in keys if not k.startswith("cogs.")}
        assert {k: t for k, t in texts.items() if CODE.search(t)} == {}, key
