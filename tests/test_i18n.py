"""The translation layer: both catalogues complete, fields consistent, every error translatable."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from rules.core import Msg, SeatName
from tables import i18n

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [p for folder in ("rules", "tables", "cogs") for p in (ROOT / folder).rglob("*.py")]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_english_message_has_a_traditional_chinese_one() -> None:
    en, zh = i18n.catalogue("en"), i18n.catalogue("zh-TW")
    assert en, "the English catalogue is empty"
    assert sorted(set(en) - set(zh)) == []
    assert sorted(set(zh) - set(en)) == []


@pytest.mark.parametrize("lang", ["zh-TW"])
def test_translations_use_the_same_fields(lang: str) -> None:
    en, other = i18n.catalogue("en"), i18n.catalogue(lang)
    shared = [key for key in en if key in other]
    wrong = {key: (fields(en[key]), fields(other[key])) for key in shared if fields(en[key]) != fields(other[key])}
    assert wrong == {}


def test_every_error_code_in_the_code_has_a_message() -> None:
    codes: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r"""(?:IllegalAction|\w+Error|\w+Refused)\(\s*["']([a-z_]+)["']""", text))
        codes |= set(re.findall(r"""^\s+code(?::\s*str)?\s*=\s*["']([a-z_]+)["']""", text, re.M))
    assert codes, "no error codes found: the scan is broken"
    missing = sorted(code for code in codes if not i18n.has(f"error.{code}"))
    assert missing == []


def test_every_literal_message_key_exists() -> None:
    keys: set[str] = set()
    for path in SOURCES:
        keys |= set(re.findall(r"""Msg\(\s*["']([a-z_][a-z0-9_.\-]*)["']""", path.read_text(encoding="utf-8")))
    missing = sorted(key for key in keys if not i18n.has(key))
    assert missing == []


def test_render_translates_nested_messages_and_seat_names() -> None:
    msg = Msg("error.bad_action_text", {"text": Msg("error.not_your_turn")})
    assert i18n.render(msg, "zh-TW") == "看不懂這個指令：還沒輪到你。"
    named = Msg("error.unknown_game", {"game": SeatName(1)})
    assert i18n.render(named, "en", seat_name=lambda s: f"seat{s}") == "There is no game called seat1."


def test_discord_locales_map_to_our_languages() -> None:
    assert i18n.language("zh-TW") == "zh-TW"
    assert i18n.language("en-GB") == "en"
    assert i18n.language(None) == "en"
    assert i18n.gettext("no.such.key", "zh-TW") == "no.such.key"
