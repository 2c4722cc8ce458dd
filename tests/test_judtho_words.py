"""Judtho's Discord words (`judtho.po`): every variant of the engine's GameInfo, every piece, every
verb a button shows and every `/judtho` command and option have words in English and Traditional
Chinese; the rules summary names every command; no key is defined twice across the catalogues."""

from __future__ import annotations

import re
from pathlib import Path

from gavel.tables import i18n
from rules.judtho.commands import COMMANDS as JUDTHO_COMMANDS
from rules.judtho.engine import GAME
from rules.judtho.pieces import LETTERS

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "data" / "locale"
COMMANDS = [c.name for c in JUDTHO_COMMANDS.commands]
VERBS = ("place", "move", "pass", "rest", "draw", "offer", "accept", "decline", "resign", "suggest")


def missing(keys: list[str]) -> dict[str, list[str]]:
    return {lang: [k for k in keys if not i18n.has(k, lang)] for lang in i18n.LANGUAGES}


def test_every_engine_variant_has_a_name():
    keys = [f"judtho.variant.{v}" for v in GAME.info.variants]
    assert missing(keys) == {lang: [] for lang in i18n.LANGUAGES}


def test_every_piece_and_verb_has_a_name():
    keys = [f"judtho.piece.{p}" for p in [*LETTERS, "pawn"]] + [f"judtho.verb.{v}" for v in VERBS]
    assert missing(keys) == {lang: [] for lang in i18n.LANGUAGES}


def test_every_command_and_option_is_translated():
    assert set(COMMANDS) == {"new", "board", "rules", "place", "move", "draw", "resign", "suggest"}
    keys = ["cmd.judtho.name", "cmd.judtho.description"]
    for name in COMMANDS:
        keys += [f"cmd.judtho.{name}.name", f"cmd.judtho.{name}.description"]
    for option in ("new.variant", "place.piece", "place.square", "move.from", "move.to", "draw.answer",
                   "suggest.move"):
        keys += [f"cmd.judtho.{option}.name", f"cmd.judtho.{option}.description"]
    assert missing(keys) == {lang: [] for lang in i18n.LANGUAGES}


def test_rules_summary_names_every_command_in_both_languages():
    for lang in i18n.LANGUAGES:
        text = i18n.gettext("judtho.rules", lang)
        assert all(f"/judtho {name}" in text for name in COMMANDS if name != "rules"), lang


def test_j19_rules_summary_says_the_relations_and_the_points():
    text = i18n.gettext("judtho.rules", "en")
    for words in ("Rivals", "Opponent", "Regicide", "knatch", "Annihilation", "4 points", "24", "Duo", "Trio",
                  "places the rest"):
        assert words in text, words


def test_no_judtho_key_is_defined_twice():
    for lang_dir in LOCALE.iterdir():
        seen: dict[str, str] = {}
        for po in sorted((lang_dir / "LC_MESSAGES").glob("*.po")):
            for key in re.findall(r'^msgid "(\S+)"', po.read_text(encoding="utf-8"), re.M):
                assert key not in seen, f"{key} in {po.name} and {seen[key]}"
                seen[key] = po.name
