"""c30: the Order card's text goes privately to its giver and its recipient, in ONE event for both
(the message system words an event once for all its readers). So its words must read right to
each of them: not "The Order card alice handed to bob" addressed to alice herself, but a neutral
"Order card from alice to bob: …" (zh-TW 「指令卡（alice 交給 bob）：…」)."""

from __future__ import annotations

from gavel.tables import i18n
from rules.judgement.engine import GAME

from .cards_kit import BLUE, RED, table
from .test_orders import handed


def test_c30_the_order_text_reads_right_to_the_giver_and_to_the_recipient():
    state = table()
    events = handed(state, "slap")
    [text] = [e for e in events if e.kind == "order_text"]
    assert set(text.to) == {RED, BLUE}
    names = {RED: "alice", BLUE: "bob"}
    msg = GAME.describe(text)
    card = i18n.gettext("judgement.card.slap", "en")
    # the same line reaches both: it must not speak of either reader as a third person
    assert i18n.render(msg, "en", names.get) == f"Order card from red alice to blue bob: {card}."
    zh = i18n.render(msg, "zh-TW", names.get)
    assert zh == f"指令卡（紅（red）alice 交給 藍（blue）bob）：{i18n.gettext('judgement.card.slap', 'zh-TW')}。"
