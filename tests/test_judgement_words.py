"""The City of Judgement's words: every name and text of the content in both languages (from the data
files, through `Game.catalogue`), every action verb's label, every event kind seeded games emit and
every refusal code the rules raise, in English and Traditional Chinese, with the same `{fields}`."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gavel.tables import i18n
from rules import core
from rules.core import Game, Msg
from rules.judgement import actions, present
from rules.judgement.content import IDENTITIES, PACKS, load
from tests.rules.judgement.test_view import registered  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parent.parent
LANGS = i18n.LANGUAGES
CJK = re.compile(r"[\u4e00-\u9fff]")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def missing(keys: list[str]) -> dict[str, list[str]]:
    return {lang: sorted(k for k in keys if not i18n.has(k, lang)) for lang in LANGS}


NONE = {lang: [] for lang in LANGS}


class Toy(Game[Any]):
    """A game that brings its own words (`Game.catalogue`), for the hook's test."""

    def catalogue(self, lang: str) -> dict[str, str]:
        return {"toy_words.hello": "你好" if lang == "zh-TW" else "Hello", "game.judge_dredd": "not this"}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    import rules  # noqa: F401  (registers every game first)

    monkeypatch.setitem(core._GAMES, "toy_words", Toy())
    i18n.catalogue.cache_clear()
    yield
    i18n.catalogue.cache_clear()


def test_a_game_may_bring_its_own_words_and_a_po_entry_wins(toy: None) -> None:
    assert i18n.gettext("toy_words.hello", "en") == "Hello"
    assert i18n.gettext("toy_words.hello", "zh-TW") == "你好"
    assert i18n.gettext("game.judge_dredd", "en") == "Judge Dredd"  # the .po's, not the game's


def test_games_bring_no_words_by_default() -> None:
    assert Game().catalogue("en") == {}


def content_keys() -> list[str]:
    content = load()
    keys = [f"judgement.{kind}.{c}" for c in content.characters for kind in ("char", "goal")]
    keys += [f"judgement.{kind}.{s.id}" for c in content.characters.values() for s in c.skills
             for kind in ("skill", "skill_text")]
    keys += [f"judgement.{kind}.{c}" for c in content.cards for kind in ("card", "card_text")]
    keys += [f"judgement.{kind}.{loc}" for loc in content.locations for kind in ("loc", "loc_text")]
    keys += [f"judgement.{kind}.{i}" for i in IDENTITIES for kind in ("identity", "identity_text")]
    return keys


def test_every_name_and_text_of_the_content_is_in_both_languages(registered: None) -> None:  # noqa: F811
    keys = content_keys()
    assert len(keys) == 2 * (15 + sum(len(c.skills) for c in load().characters.values()) + 40 + 6 + 3)
    assert missing(keys) == NONE
    assert [k for k in keys if not CJK.search(i18n.gettext(k, "zh-TW"))] == []


def test_the_names_are_the_data_files_own(registered: None) -> None:  # noqa: F811
    """Written once: the catalogue's words are the data files' (no copy in a .po to drift)."""
    content = load()
    for c in content.characters.values():
        assert i18n.gettext(f"judgement.char.{c.id}", "en") == c.name.en
        assert i18n.gettext(f"judgement.char.{c.id}", "zh-TW") == c.name.zh_TW
    for card in content.cards.values():
        assert i18n.gettext(f"judgement.card.{card.id}", "zh-TW") == card.name.zh_TW
    po = "".join((ROOT / "data" / "locale" / lang / "LC_MESSAGES" / "judgement.po").read_text(encoding="utf-8")
                 for lang in ("en", "zh_TW"))
    assert [k for k in content_keys() if f'"{k}"' in po] == []


def test_every_pack_has_a_name() -> None:
    assert missing([f"judgement.pack.{p}" for p in PACKS]) == NONE


def test_every_action_verb_has_a_label_in_both_languages(registered: None) -> None:  # noqa: F811
    assert missing([f"judgement.action.{kind.verb}" for kind in actions.ALL]) == NONE


def test_every_judgement_key_has_the_same_fields_in_both_languages(registered: None) -> None:  # noqa: F811
    en, zh = i18n.catalogue("en"), i18n.catalogue("zh-TW")
    keys = [k for k in en if k.startswith("judgement.")]
    assert keys
    assert {k: (fields(en[k]), fields(zh.get(k, ""))) for k in keys if fields(en[k]) != fields(zh.get(k, ""))} == {}


def test_lists_have_words_for_every_seat_count() -> None:
    assert missing([f"judgement.list.{n}" for n in range(10)] + ["judgement.list.pair"]) == NONE
    msg = present.names_list([Msg("judgement.pack.holy"), Msg("judgement.pack.dark"), Msg("judgement.pack.order")])
    assert i18n.render(msg, "en") == "Holy card, Dark card and Order card"
    assert i18n.render(msg, "zh-TW") == "聖卡、暗卡和指令卡"


def keys_of(value: Any) -> list[str]:
    """Every message key a `Msg` uses, its nested ones too."""
    if isinstance(value, Msg):
        return [value.key, *(k for v in value.params.values() for k in keys_of(v))]
    return []


def test_every_event_kind_seeded_games_emit_has_words(registered: None) -> None:  # noqa: F811
    """Whole seeded games at 4-9 seats: every event (and every word inside it: names, lists,
    codes) has its message in both languages, and renders with no `{field}` left."""
    from rules.judgement.engine import GAME
    from tests.rules.judgement.test_leaks import playout

    kinds: set[str] = set()
    keys: set[str] = set()
    unfilled: set[str] = set()
    for seats, seed in ((4, 21), (5, 22), (6, 23), (7, 24), (8, 25), (9, 26)):
        for step in playout(seats, seed):
            keys.update(keys_of(GAME.label(step.action)))
            for event in step.events:
                kinds.add(event.kind)
                msg = GAME.describe(event)
                keys.update(keys_of(msg))
                if "{" in i18n.render(msg, "en", lambda s: f"#{s}"):
                    unfilled.add(event.kind)
    assert len(kinds) > 15, sorted(kinds)
    assert missing(sorted(keys)) == NONE
    assert sorted(unfilled) == []


def refusal_codes() -> set[str]:
    """The `IllegalAction` codes the judgement rules raise (read from the source)."""
    codes: set[str] = set()
    for path in (ROOT / "rules" / "judgement").glob("*.py"):
        codes |= set(re.findall(r"""IllegalAction\(\s*["']([a-z_]+)["']""", path.read_text(encoding="utf-8")))
    return codes


def test_every_refusal_code_has_words_in_both_languages() -> None:
    """The front-ends say a refusal as `error.<code>` (cogs/errors.py, gavel/tables/console.py)."""
    codes = refusal_codes()
    assert len(codes) > 5
    assert missing(sorted(f"error.{c}" for c in codes)) == NONE
