"""Ruling 23, Options in the Arrest Round: in the windows before the dice of an Arrest or fight and
right after a successful Arrest, only options that change Combat Factors may be played, plus what a
Special Note allows there (Block Mania's and Requisition's main options, Edwin Parsey after an
Arrest). The other `any` main options are Movement Round plays, refused in the Arrest Round with
their own reason."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg
from rules.judge_dredd.content import load_cards
from rules.judge_dredd.state import ICU

from .kit import act, texts
from .test_cards import fight, movement, refused
from .test_special_notes import after_arrest

HAND = ["robodoc", "quarantine", "alien_creature", "benji_doonan", "walter", "judge_anderson"]
"""Every card whose `any` option changes no Combat Factor (a peek is the OR option of the last two)."""
PEEKS_AND_LOCKS = ["play quarantine main zoo", "play alien_creature main bng", "play walter or littering",
                   "play judge_anderson or aqu"]


def test_ruling_23_only_block_mania_and_requisition_carry_the_special_note() -> None:
    """The data marks the two `any` options a Special Note lets into the Arrest Round; every other
    `any` option is, in effect, a Movement Round option."""
    special = {(k.id, name) for k in load_cards().values() for name, o in k.options.items() if o.arrest_round}
    assert special == {("block_mania", "main"), ("requisition", "main")}
    anys = {(k.id, name): o.moment for k in load_cards().values() for name, o in k.options.items() if o.window == "any"}
    assert anys.pop(("block_mania", "main")) == "any" and anys.pop(("requisition", "main")) == "any"
    assert set(anys.values()) == {"movement"} and len(anys) == 6


def test_ruling_23_before_the_dice_the_other_any_options_are_refused() -> None:
    state = fight({0: ["tweak"], 1: HAND})
    state.judges[0].hand = ["tweak", "sonic_cannon"]  # something for Benji Doonan to take
    state.judges[0].at = "zoo"
    state.judges[1].at = ICU  # a Judge Robodoc could be played on, but for the Arrest Round
    legal = texts(state, 1)
    for text in [*PEEKS_AND_LOCKS, "play robodoc main blue", "play benji_doonan main red"]:
        assert text not in legal
        assert refused(state, 1, text) == "dredd_not_in_arrest_round"
    # what changes Combat Factors is still played on the Judge in the fight
    assert "play robodoc or red" in legal and "play quarantine or red" in legal


def test_ruling_23_the_same_options_are_legal_in_the_movement_round() -> None:
    state = movement({0: HAND, 1: ["tweak"], 2: ["fergee"]}, seats=3, at={0: "rob", 1: ICU, 2: "ghj"})
    legal = texts(state, 0)
    for text in [*PEEKS_AND_LOCKS, "play robodoc main blue", "play benji_doonan main green"]:
        assert text in legal, text


def test_ruling_23_block_mania_and_requisition_main_options_before_the_dice() -> None:
    state = fight({0: ["tweak"], 1: ["block_mania", "requisition"]}, seats=3)
    legal = texts(state, 1)
    assert "play requisition main red" in legal
    assert "block blue green" in legal  # neither has attempted an Arrest yet (ruling 11)


def test_ruling_23_right_after_an_arrest_edwin_parsey_requisition_and_block_mania_only() -> None:
    state = after_arrest({0: ["sonic_cannon", "tweak"], 1: ["edwin_parsey", "requisition", "quarantine", "robodoc"]})
    legal = texts(state, 1)
    assert "play edwin_parsey main red" in legal
    assert "play requisition main red" in legal
    assert refused(state, 1, "play quarantine main zoo") == "dredd_not_in_arrest_round"
    assert not [t for t in legal if t.startswith(("play quarantine", "play robodoc"))]  # no fight: no CF option


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_ruling_23_the_refusal_names_the_rule_and_the_card(lang: str) -> None:
    state = fight({0: ["tweak"], 1: ["quarantine"]})
    with pytest.raises(IllegalAction) as raised:
        act(state, 1, "play quarantine main zoo")
    error = raised.value
    text = i18n.render(Msg(f"error.{error.code}", error.params), lang)
    name = i18n.gettext("judge_dredd.cardname.quarantine", lang)
    words = {"en": ("Arrest Round", "Combat Factors", "Movement Round"), "zh-TW": ("逮捕輪", "戰力", "移動輪")}
    assert name in text and all(w in text for w in words[lang])
    assert "R23" not in text and "23" not in text
