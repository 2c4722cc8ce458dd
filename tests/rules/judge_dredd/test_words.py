"""Judge Dredd's words (`rules.judge_dredd.words`): Sectors, cards, Crimes and colours by name, a
colour with its player's name at the table, a card's option with what it does."""

from __future__ import annotations

from rules.judge_dredd.words import DreddWords
from rules.registry import plugin
from tables import i18n
from tables.i18n import speech


def test_dredd_tokens_read_as_names():
    ui = plugin("judge_dredd").words
    ui = ui.at(ui.facts({}, ("alice", "bob")))
    assert isinstance(ui, DreddWords)
    sector = i18n.gettext
    en = speech("en")
    assert ui.token("doc-arm", en) == f"{sector('judge_dredd.sector.doc')} → {sector('judge_dredd.sector.arm')}"
    assert ui.token("blue", speech("en")) == i18n.gettext("judge_dredd.ui.judge", colour="Blue", player="bob")
    assert ui.token("murder", speech("en")) == i18n.gettext("judge_dredd.crime.murder")
    assert ui.token("sonic_cannon", speech("zh-TW")) == i18n.gettext("judge_dredd.cardname.sonic_cannon", "zh-TW")
    option = ui.part(["play", "sonic_cannon", "main", "red"], 2, speech("en"))
    assert option.endswith(i18n.gettext("judge_dredd.cardtext.sonic_cannon.main"))
    assert ui.part(["play", "sonic_cannon", "main", "red"], 0, speech("en")) == i18n.gettext("judge_dredd.verb.play")


def test_a_card_play_window_reads_from_the_public_view_with_who_passed():
    """Before whose Move, then who passed and who passes for the rest of the Game Turn; nothing
    for a position without a window."""
    words, en = plugin("judge_dredd").words, speech("en")
    names = ("alice", "bob", "carol")
    public = {"window": {"kind": "before_move", "for": 0, "passed": [1]}, "to_act": [0], "skipping": [2]}
    said = words.moment(public, names, en)
    window = i18n.gettext("judge_dredd.window.before_move", seat="alice")
    assert said.startswith(i18n.gettext("cogs.dredd.window", window=window))
    skipping = i18n.gettext("cogs.dredd.skipping", player="carol")
    assert said.endswith(i18n.gettext("cogs.dredd.passed", players=f"bob, {skipping}"))
    assert words.moment({"window": None, "to_act": [0]}, names, en) == ""
