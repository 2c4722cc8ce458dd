"""The City of Judgement's words (`rules.judgement.words`): a colour as its player at the table,
content ids by name, a whole action by the game's label."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.i18n import speech
from rules.judgement.words import JudgementWords
from rules.registry import plugin


def test_colours_read_as_the_players_at_the_table_and_ids_as_names():
    ui = plugin("judgement").words
    ui = ui.at(ui.facts({}, ("alice", "bob", "AI 1", "AI 2")))
    assert isinstance(ui, JudgementWords)
    blue = i18n.gettext("judgement.ui.colour.blue", "zh-TW")
    assert ui.token("blue", speech("zh-TW")) == i18n.gettext("judgement.ui.seat", "zh-TW", colour=blue,
                                                             player="bob") == "藍（blue）bob"
    assert ui.token("blue", speech("en")) == "blue bob"  # the colour a command takes, with the name
    assert ui.token("tavern", speech("zh-TW")) == "酒館" and ui.token("tavern", speech("en")) == "Tavern"
    assert ui.token("holy", speech("zh-TW")) == i18n.gettext("judgement.pack.holy", "zh-TW")
    assert ui.label(["attack", "blue"], 0, speech("en")) == "Attack " + ui.token("blue", speech("en"))
    take = ui.label(["take", "red", "amulet"], 0, speech("en"))
    assert i18n.gettext("judgement.card.amulet") in take and "alice" in take
    # a secret action's label names nothing in the log; in its player's own menu it names the pick
    picked = ui.label(["pick", "white_fairy"], 0, speech("zh-TW"))
    assert picked.endswith(i18n.gettext("judgement.char.white_fairy", "zh-TW"))
    assert ui.verb("rescue", speech("zh-TW")) == i18n.gettext("judgement.verb.rescue", "zh-TW")


def test_a_skills_target_may_be_any_living_player_until_a_target_action_is_legal():
    words = plugin("judgement").words
    public = {"players": [{"colour": "red", "alive": True}, {"colour": "blue", "alive": False},
                          {"colour": "green", "alive": True}]}
    at = words.at(words.facts(public, ("alice", "bob", "carol")))
    en = speech("en")
    assert [v for _, v in at.choices("skill", "target", {}, "", ["skill x"], en) or []] == ["red", "green"]
    assert [n for n, _ in at.choices("skill", "target", {}, "car", ["skill x"], en) or []] == [at.token("green", en)]
    assert at.choices("skill", "target", {}, "", ["target red"], en) is None
    assert at.choices("attack", "target", {}, "", ["skill x"], en) is None
