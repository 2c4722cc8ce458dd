"""The words: plural forms by gettext's rules (`msgid_plural`, `i18n.ngettext`, `Msg.count`) instead
of "Card(s)" and "Winner: a, b"; a death said as something that happened to the dead; The City of
Judgement's one Chinese word for healing; and 和 spaced from a name written in Latin letters."""

from __future__ import annotations

import io
import re
import string

from babel.messages.pofile import read_po

from gavel.tables import i18n
from gavel.tables.console import Console, LocalOptions
from gavel.tables.notices import Public, _decode, _encode
from gavel.tables.service import TableService, _Out
from rules.core import Event, IllegalAction, Msg, Outcome, SeatName
from rules.judge_dredd import cards as dredd_cards
from rules.judge_dredd import present as dredd_present
from rules.judgement import damage, death
from rules.judgement import present as judgement_present
from tests.rules.judgement.characters_kit import make
from tests.rules.judgement.test_death import NO_DICE, everyone_passes
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL
from tests.tables.test_window_clock import window_service, window_table


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def plural_entries(lang: str) -> dict[str, tuple[str, ...]]:
    """{key: forms} of every `msgid_plural` entry of a language's `.po` files, read as Babel reads them."""
    found: dict[str, tuple[str, ...]] = {}
    for po in sorted((i18n.LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fh:
            for message in read_po(fh):
                if isinstance(message.id, (tuple, list)):
                    found[str(message.id[0])] = tuple(message.string)
    return found


def test_plural_entries_have_every_form_of_their_language_with_the_same_fields() -> None:
    en, zh = plural_entries("en"), plural_entries("zh_TW")
    assert {"table.winner", "table.history_won", "judge_dredd.card.took", "judge_dredd.event.hand_dealt",
            "judge_dredd.event.cards_drawn", "error.dredd_too_far", "judge_dredd.event.final_score",
            "judgement.event.game_over"} <= set(en)
    assert set(en) == set(zh)
    for key, forms in en.items():
        assert len(forms) == 2 and len(zh[key]) == 1 and all(forms) and all(zh[key]), key  # en: one, other; zh: one
        assert len({frozenset(fields(f)) for f in (*forms, *zh[key])}) == 1, key
    assert i18n.plural_form("en")(1) == 0 and i18n.plural_form("en")(2) == 1 and i18n.plural_form("en")(0) == 1
    assert i18n.plural_form("zh-TW")(1) == 0 == i18n.plural_form("zh-TW")(5)


def test_no_message_hedges_a_plural_with_brackets() -> None:
    """Neither "Card(s)" nor "Winner: a, b": a number's words follow it."""
    for lang in i18n.LANGUAGES:
        texts = [*i18n.catalogue(lang).values(), *(f for forms in i18n.plurals(lang).values() for f in forms)]
        hedged = [t for t in texts if re.search(r"\w\((?:s|es)\)", t)]
        assert hedged == [], lang


def test_ngettext_picks_the_form_of_the_number() -> None:
    assert i18n.ngettext("table.winner", 1, "en", names="alice") == "Game over. Winner: alice!"
    assert i18n.ngettext("table.winner", 2, "en", names="alice, bob") == "Game over. Winners: alice, bob!"
    assert i18n.ngettext("table.winner", 2, "zh-TW", names="alice、bob") == "遊戲結束。贏家：alice、bob！"
    assert i18n.ngettext("cogs.done", 3, "en") == i18n.gettext("cogs.done", "en")  # no plural forms: the message
    assert i18n.ngettext("no.such.key", 3, "zh-TW") == "no.such.key"
    assert i18n.gettext("table.winner", "en", names="x") == "Game over. Winner: x!"  # the first form, by key


def test_a_counted_message_renders_its_plural_and_survives_the_outbox() -> None:
    line = Msg("table.winner", {"names": i18n.Listed.of([SeatName(0), SeatName(2)])}, count=2)
    notice = Public(1, [line], names=("alice", "bob", "carol"))
    assert notice.text("en") == ["Game over. Winners: alice, carol!"]
    assert notice.text("zh-TW") == ["遊戲結束。贏家：alice、carol！"]
    again = _decode(_encode(line))
    assert again == line and again.count == 2
    assert _decode(_encode(Msg("cogs.done"))).count is None


async def test_the_winners_line_follows_how_many_won() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB, CAROL, ai=1)
    table = svc.table(CHANNEL)
    out = _Out()
    await svc.play.finish(table, Outcome((0, 2), "test"), out)
    assert Public(None, out.public, names=table.names).text("en")[-1] == "Game over. Winners: alice, carol!"
    one = Msg("table.winner", {"names": i18n.Listed.of(["bob"])}, count=1)
    assert i18n.render(one, "en") == "Game over. Winner: bob!"


def test_judge_dredd_counts_cards_sectors_and_arrests() -> None:
    def say(event: Event, lang: str = "en") -> str:
        return i18n.render(dredd_cards.describe(event) or dredd_present.describe(event), lang, lambda s: f"P{s}")

    assert say(Event("cards_drawn", {"seat": 0, "count": 1})) == "P0 receives 1 Action Card."
    assert say(Event("cards_drawn", {"seat": 0, "count": 2})) == "P0 receives 2 Action Cards."
    assert say(Event("final_score", {"seat": 1, "score": 7, "arrests": 1})) == "P1: 7 points from 1 Arrest."
    assert say(Event("card_took", {"by": 0, "target": 1, "count": 2})).startswith("P0 takes 2 cards at random")
    assert say(Event("card_took", {"by": 0, "target": 1, "count": 1})).startswith("P0 takes 1 card at random")
    assert say(Event("cards_drawn", {"seat": 0, "count": 2}), "zh-TW") == "P0 拿到 2 張行動卡。"
    one = IllegalAction("dredd_too_far", steps=1, sectors="ghj").counted(1)
    assert i18n.render(one.msg, "en") == "Your Judge may move at most 1 Sector this Move. Within reach: ghj."
    two = IllegalAction("dredd_too_far", steps=2, sectors="ghj").counted(2)
    assert i18n.render(two.msg, "en") == "Your Judge may move at most 2 Sectors this Move. Within reach: ghj."
    assert IllegalAction("dredd_too_far", steps=2).msg == Msg("error.dredd_too_far", {"steps": 2})


def test_the_console_says_a_refusal_in_its_plural_form() -> None:
    out = io.StringIO()
    console = Console(TableService(":memory:", renderers={}), LocalOptions(game="judge_dredd", images="unused"), out)
    console.refused(IllegalAction("dredd_too_far", steps=1, sectors="ghj").counted(1))
    assert out.getvalue() == "Refused: Your Judge may move at most 1 Sector this Move. Within reach: ghj.\n"


def test_the_city_of_judgement_names_its_winner_or_winners() -> None:
    def over(winners: list[int]) -> str:
        event = Event("game_over", {"winners": winners, "reason": "guards", "identities": {}, "characters": {}})
        return i18n.render(judgement_present.describe(event), "en", lambda s: f"P{s}")

    assert "Winner: blue P1." in over([1]) and "Winners: blue P1 and yellow P3." in over([1, 3])


def test_a_death_turns_the_card_up_it_is_no_choice_of_the_dead() -> None:
    """Ruling 8: the dead character is turned face up and its identity shown; said as what
    happens to it ("is turned face up"), not as what a player chose ("reveals their character",
    "shows their identity", the words of a choice offered)."""
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"], revealed=False)
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    events = everyone_passes(state)
    said = [i18n.render(judgement_present.describe(e), "en", lambda s: f"P{s}") for e in events if e.public]
    assert said[0] == "red P0 dies."
    assert said[1].startswith("red P0's character is turned face up: ") and said[2].startswith(
        "red P0's identity card is turned up: ")
    assert not any("reveals their character" in line or "shows their identity" in line for line in said)
    zh = [i18n.render(judgement_present.describe(e), "zh-TW", lambda s: f"P{s}") for e in events if e.public]
    assert zh[1].startswith("紅（red）P0 的人物隨死亡亮出：") and zh[2].startswith("紅（red）P0 的身份隨死亡公開：")
    chosen = Event("identity_shown", {"seat": 2, "identity": "guard"})  # shown by choice (an Order card)
    shown = i18n.render(judgement_present.describe(chosen), "en", lambda s: f"P{s}")
    assert shown == "green P2 shows their identity: " + i18n.gettext("judgement.identity.guard") + "."


def judgement_words(lang: str) -> dict[str, str]:
    return {key: text for key, text in i18n.catalogue(lang).items()
            if key.startswith(("judgement.", "cmd.judgement.", "error.judgement"))}


def test_the_city_of_judgement_heals_with_one_chinese_word() -> None:
    zh = judgement_words("zh-TW")
    assert [key for key, text in zh.items() if "治療" in text] == []
    en = judgement_words("en")
    healing = [key for key, text in en.items() if re.search(r"\bheal", text, re.I) and key != "judgement.rules"]
    assert healing and all("回復" in zh[key] for key in healing), [(k, zh[k]) for k in healing if "回復" not in zh[k]]


def test_and_is_spaced_from_a_latin_name_in_chinese() -> None:
    assert i18n.gettext("judgement.list.2", "zh-TW", a0="alice", a1="bob") == "alice 和 bob"
    assert i18n.gettext("judgement.list.3", "zh-TW", a0="AI 1", a1="侍衛", a2="AI 3") == "AI 1、侍衛和 AI 3"
    assert i18n.gettext("judgement.list.3", "zh-TW", a0="聖卡", a1="暗卡", a2="指令卡") == "聖卡、暗卡和指令卡"
    named = Msg("judgement.list.2", {"a0": SeatName(0), "a1": Msg("judgement.identity.guard")})
    assert i18n.render(named, "zh-TW", lambda s: "alice") == "alice 和侍衛"
    assert i18n.gettext("judgement.list.2", "en", a0="alice", a1="bob") == "alice and bob"
