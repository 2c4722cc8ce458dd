"""The translation layer: both catalogues complete, fields consistent, every error translatable;
each game's words in its own catalogue files, the shared ones holding only what every game shares."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gavel.tables import i18n
from rules import registry
from rules.core import Msg, SeatName

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [p for folder in ("rules", "gavel/tables", "cogs") for p in (ROOT / folder).rglob("*.py")]
SHARED = ("gavel", "cogs", "tables", "renderer")
"""The catalogue domains every game shares (`<domain>.po`); every other file is one game's
(`<key>.po`, `<key>_<part>.po`)."""


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


def game_names() -> dict[str, str]:
    """Every name a key may give a registered game by: its key and its slash command group."""
    names: dict[str, str] = {}
    for plugin in registry.plugins().values():
        names[plugin.key] = names[plugin.commands.group] = plugin.key
    return names


def game_of(key: str, names: dict[str, str]) -> str | None:
    """The game a message id names in one of its parts (`cmd.dredd.pass`, `console.judtho_place`,
    `board.dads_army.title`, `error.judtho_illegal`), or None."""
    for part in key.split("."):
        for name, game in names.items():
            if part == name or part.startswith(f"{name}_"):
                return game
    return None


def domains() -> dict[str, dict[str, list[str]]]:
    """{lang folder: {domain: its message ids}} of every catalogue file."""
    out: dict[str, dict[str, list[str]]] = {}
    for folder in sorted(i18n.LOCALE_DIR.iterdir()):
        for po in sorted((folder / "LC_MESSAGES").glob("*.po")):
            with po.open("rb") as fh:
                out.setdefault(folder.name, {})[po.stem] = [str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
                                                            for m in read_po(fh) if m.id]  # a plural: its key
    return out


def misplaced(catalogues: dict[str, dict[str, list[str]]], names: dict[str, str]) -> dict[str, str]:
    """{file: why} for every catalogue file that is neither shared nor one game's, and every
    message id a shared file or another game's file holds of a game."""
    wrong: dict[str, str] = {}
    for lang, files in catalogues.items():
        for domain, keys in files.items():
            owner = next((game for game in names.values() if domain == game or domain.startswith(f"{game}_")), None)
            if owner is None and domain not in SHARED:
                wrong[f"{lang}/{domain}.po"] = "neither shared nor a game's"
            for key in keys:
                game = game_of(key, names)
                if game is not None and game != owner:
                    wrong[f"{lang}/{domain}.po: {key}"] = f"a message of {game}"
    return wrong


def test_each_games_words_are_in_its_own_catalogues_and_the_shared_ones_hold_none() -> None:
    """A game's words (its commands, its name, its board, its console hints) live in that game's
    files; the shared domains hold only what every game shares, so a game added or removed
    touches its own files alone."""
    names = game_names()
    assert {"judtho", "dredd", "dads_army"} <= set(names)
    catalogues = domains()
    assert set(catalogues) == {"en", "zh_TW"} and catalogues["en"].keys() == catalogues["zh_TW"].keys()
    assert {"gavel", "cogs", "tables"} <= set(catalogues["en"])
    assert misplaced(catalogues, names) == {}


def test_a_game_message_in_a_shared_or_foreign_file_is_found() -> None:
    names = game_names()
    found = misplaced({"en": {"cogs": ["cogs.done", "cmd.dredd.pass.name", "console.judtho_place"],
                              "tables": ["game.dads_army"], "judtho": ["judtho.verb.place", "cmd.judgement.name"],
                              "cogs_judgement": ["judgement.verb.pick"]}}, names)
    assert found == {"en/cogs.po: cmd.dredd.pass.name": "a message of judge_dredd",
                     "en/cogs.po: console.judtho_place": "a message of judtho",
                     "en/tables.po: game.dads_army": "a message of dads_army",
                     "en/judtho.po: cmd.judgement.name": "a message of judgement",
                     "en/cogs_judgement.po": "neither shared nor a game's",
                     "en/cogs_judgement.po: judgement.verb.pick": "a message of judgement"}
