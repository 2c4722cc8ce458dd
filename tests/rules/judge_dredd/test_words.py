"""Judge Dredd's words (`rules.judge_dredd.words`): Sectors, cards, Crimes and colours by name, a
colour with its player's name at the table, a card's option with what it does."""

from __future__ import annotations

from gavel.tables import i18n
from gavel.tables.i18n import speech
from rules.judge_dredd.words import DreddWords
from rules.registry import plugin


def test_dredd_tokens_read_as_names():
    ui = plugin("judge_dredd").words
    ui = ui.at(ui.facts({}, ("alice", "bob")))
    assert isinstance(ui, DreddWords)
    sector = i18n.gettext
    en = speech("en")
    # each Sector with the code the board writes on it
    doc, arm = sector("judge_dredd.sector.doc"), sector("judge_dredd.sector.arm")
    assert ui.token("doc-arm", en) == f"{doc} (DOC) → {arm} (ARM)"
    assert ui.token("hos", speech("zh-TW")) == f"{sector('judge_dredd.sector.hos', 'zh-TW')} (HOS)"
    assert ui.token("blue", speech("en")) == i18n.gettext("judge_dredd.ui.judge", colour="Blue", player="bob")
    assert ui.token("murder", speech("en")) == i18n.gettext("judge_dredd.crime.murder")
    assert ui.token("sonic_cannon", speech("zh-TW")) == i18n.gettext("judge_dredd.cardname.sonic_cannon", "zh-TW")
    option = ui.part(["play", "sonic_cannon", "main", "red"], 2, speech("en"))
    assert option.endswith(i18n.gettext("judge_dredd.cardtext.sonic_cannon.main"))
    assert ui.part(["play", "sonic_cannon", "main", "red"], 0, speech("en")) == i18n.gettext("judge_dredd.verb.play")

