"""Judge Dredd's words (`judge_dredd.po`): every Sector, Perp, Crime and Action Card in the data
files has its name, and every card option its short text, in English and Traditional Chinese.

The data files are read here with tomllib directly, not through the engine, so that a card, Perp
or Crime added to the data without its words fails this test whatever the engine does with it.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from gavel.tables import i18n

DATA = Path(__file__).resolve().parent.parent / "data" / "judge_dredd"
LANGS = i18n.LANGUAGES
COLOURS = ("red", "blue", "green", "yellow", "white", "black")
VARIANTS = ("dredd_plus_ten", "no_tipoff_into_protected")
WINDOW_KINDS = ("before_move", "after_moves", "before_fight", "after_arrest", "answer", "issue")
CJK = re.compile(r"[\u4e00-\u9fff]")


def load(name: str) -> dict:
    with (DATA / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def sectors() -> dict[str, dict]:
    return load("board")["sectors"]


def cards() -> list[dict]:
    return load("cards")["cards"]


def dredd_commands() -> list[str]:
    """The `/dredd` subcommands a player uses during a game (all but `new`), as the game declares them."""
    from rules.judge_dredd.commands import COMMANDS

    names = [c.name for c in COMMANDS.commands]
    assert len(names) > 10, "the declaration of /dredd is missing"
    return [n for n in names if n != "new"]


def missing(keys: list[str]) -> dict[str, list[str]]:
    """The keys absent from each language's catalogue (an empty list each when all are there)."""
    return {lang: [k for k in keys if not i18n.has(k, lang)] for lang in LANGS}


def none_missing() -> dict[str, list[str]]:
    return {lang: [] for lang in LANGS}


def test_every_sector_of_the_board_and_the_intensive_care_unit_has_a_name_and_a_short_name() -> None:
    codes = [*sectors(), "icu"]
    assert len(codes) == 29
    keys = [f"judge_dredd.{kind}.{code}" for code in codes for kind in ("sector", "sector_short")]
    assert missing(keys) == none_missing()


def test_short_sector_names_fit_a_map_cell() -> None:
    """At most 12 characters in English and 5 in Chinese."""
    for code in [*sectors(), "icu"]:
        assert len(i18n.gettext(f"judge_dredd.sector_short.{code}", "en")) <= 12, code
        assert len(i18n.gettext(f"judge_dredd.sector_short.{code}", "zh-TW")) <= 5, code


def test_every_perp_and_crime_has_a_name() -> None:
    keys = [f"judge_dredd.perp.{p['id']}" for p in load("perps")["perps"]]
    keys += [f"judge_dredd.crime.{c['id']}" for c in load("crimes")["crimes"]]
    assert len(keys) == 56
    assert missing(keys) == none_missing()


def test_every_action_card_has_a_name_and_a_text_for_each_option_it_has() -> None:
    """`.or` exists exactly for the cards with an OR option (Alien Creature Escapes, Edwin Parsey
    and Judge Dredd have none)."""
    kinds = cards()
    assert len(kinds) == 34
    keys = [f"judge_dredd.cardname.{c['id']}" for c in kinds]
    keys += [f"judge_dredd.cardtext.{c['id']}.{option}" for c in kinds for option in ("main", "or") if c.get(option)]
    assert missing(keys) == none_missing()
    without_or = sorted(c["id"] for c in kinds if not c.get("or"))
    assert without_or == ["alien_creature", "edwin_parsey", "judge_dredd"]
    for lang in LANGS:
        assert [k for k in without_or if i18n.has(f"judge_dredd.cardtext.{k}.or", lang)] == []


def test_english_names_are_the_data_files_names() -> None:
    """One spelling of each name: the catalogue's English is the data file's `name`."""
    pairs = [(f"judge_dredd.sector.{code}", s["name"]) for code, s in sectors().items()]
    pairs += [(f"judge_dredd.perp.{p['id']}", p["name"]) for p in load("perps")["perps"]]
    pairs += [(f"judge_dredd.crime.{c['id']}", c["name"]) for c in load("crimes")["crimes"]]
    pairs += [(f"judge_dredd.cardname.{c['id']}", c["name"]) for c in cards()]
    assert [(key, name) for key, name in pairs if i18n.gettext(key, "en") != name] == []


def test_chinese_names_are_written_in_chinese() -> None:
    keys = [f"judge_dredd.sector.{code}" for code in sectors()]
    keys += [f"judge_dredd.perp.{p['id']}" for p in load("perps")["perps"]]
    keys += [f"judge_dredd.crime.{c['id']}" for c in load("crimes")["crimes"]]
    keys += [f"judge_dredd.cardname.{c['id']}" for c in cards()]
    keys += [f"judge_dredd.colour.{c}" for c in COLOURS]
    assert [k for k in keys if not CJK.search(i18n.gettext(k, "zh-TW"))] == []


def test_chinese_names_are_all_different() -> None:
    """Two Perps (or Crimes, Sectors, cards) never read the same in Chinese."""
    groups = {
        "sector": list(sectors()),
        "sector_short": list(sectors()),
        "perp": [p["id"] for p in load("perps")["perps"]],
        "crime": [c["id"] for c in load("crimes")["crimes"]],
        "cardname": [c["id"] for c in cards()],
    }
    for kind, ids in groups.items():
        names = [i18n.gettext(f"judge_dredd.{kind}.{i}", "zh-TW") for i in ids]
        assert len(set(names)) == len(names), kind


def test_barney_texts_name_the_sector_the_card_sends_to() -> None:
    """Barney cards (R10): the main option's text names the same Sector as its `barney` effect."""
    barneys = [c for c in cards() if "barney" in c["main"]["effect"]]
    assert len(barneys) == 6
    for card in barneys:
        code = card["main"]["effect"]["barney"]
        for lang in LANGS:
            place = i18n.gettext(f"judge_dredd.sector.{code}", lang)
            assert place in i18n.gettext(f"judge_dredd.cardtext.{card['id']}.main", lang), (card["id"], lang)
            assert place in i18n.gettext(f"judge_dredd.cardname.{card['id']}", lang), (card["id"], lang)


def test_r22_every_judge_colour_has_a_name() -> None:
    assert missing([f"judge_dredd.colour.{c}" for c in COLOURS]) == none_missing()


def test_r4_r17_variants_have_labels_discord_can_show() -> None:
    """Variant labels are offered as slash-command choices: at most 100 characters."""
    assert missing([f"judge_dredd.variant.{v}" for v in VARIANTS]) == none_missing()
    for variant in VARIANTS:
        for lang in LANGS:
            assert len(i18n.gettext(f"judge_dredd.variant.{variant}", lang)) <= 100


def test_the_registered_game_offers_only_variants_with_labels() -> None:
    import rules  # noqa: F401 - importing `rules` registers every game
    from rules.core import games

    assert set(games()["judge_dredd"].info.variants) <= set(VARIANTS)


def test_r7_every_card_play_window_kind_has_a_phrase_naming_its_judge_where_it_has_one() -> None:
    assert missing([f"judge_dredd.window_kind.{k}" for k in WINDOW_KINDS]) == none_missing()
    for kind in WINDOW_KINDS:
        for lang in LANGS:
            text = i18n.gettext(f"judge_dredd.window_kind.{kind}", lang, judge="Red")
            assert "{" not in text and ("Red" in text) == (kind not in ("after_moves", "issue")), (kind, lang)


def test_rules_summary_names_the_starting_sectors_cards_and_commands_as_the_catalogue_does() -> None:
    """The summary uses the same names as the board and the cards, in each language, and lists
    the commands of `/dredd`."""
    starting = [code for code, s in sectors().items() if s["start"]]
    assert len(starting) == 6
    explained = ("robodoc", "outdoor_boing", "block_mania", "quarantine", "requisition", "benji_doonan",
                 "edwin_parsey", "judge_dredd")
    for lang in LANGS:
        text = i18n.gettext("judge_dredd.rules", lang)
        names = [i18n.gettext(f"judge_dredd.sector.{code}", lang) for code in [*starting, "icu"]]
        names += [i18n.gettext(f"judge_dredd.cardname.{card}", lang) for card in explained]
        assert [n for n in names if n not in text] == [], lang
        for command in dredd_commands():
            assert f"/dredd {command}" in text, (command, lang)
        for variant in VARIANTS:
            assert variant in text, (variant, lang)
        assert max(len(line) for line in text.splitlines()) < 2000, "a line longer than one Discord message"


def test_every_verb_of_the_action_texts_has_a_button_word() -> None:
    """The verbs of the brief's action texts (`place move stay arrest play block tipoff answer
    pass discard done`) have button words in both languages, so a zh-TW menu shows no English."""
    from rules.judge_dredd.actions import SYNTAX

    verbs = sorted(SYNTAX.kinds)
    assert len(verbs) >= 11
    assert missing([f"judge_dredd.verb.{v}" for v in verbs]) == none_missing()
