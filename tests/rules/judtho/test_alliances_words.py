"""Every message the alliances module can produce has its text in en and zh-TW
(`judtho_alliances.po`), with the same `{fields}` in both languages."""

from __future__ import annotations

import re

from gavel.tables.i18n import catalogue, render
from rules.core import Msg
from rules.judtho import alliances as al


def produced() -> set[str]:
    keys = {m.key for m in (al.army(c) for c in al.COLOURS)}
    keys |= set(al.BATTLE_KEYS.values())
    keys |= {f"judtho.alliance.{k}" for k in ("double", "triple", "unstable", "stable")}
    keys |= {al.Conquest("white", "red", how).msg.key for how in al.HOWS}
    keys |= {al.Placement("white", kind).msg.key for kind in ("bonus_piece", "bonus_again", "king")}
    keys |= {"judtho.award", "judtho.offer.draw", "judtho.offer.void", "judtho.offer.declined"}
    keys |= {f"judtho.reason.{r}" for r in ("first_conquest", "second_conquest", "third_conquest", "departure")}
    ends = ("third_conquest", "conquest", "departure", "resignation", "draw", "void", "adjudication")
    keys |= {f"judtho.end.{e}" for e in ends}
    keys |= {f"error.{code}" for code in ("judtho_not_an_opponent", "judtho_proposal_pending", "judtho_no_proposal",
                                          "judtho_no_restore_right",
                                          "judtho_trio_draw_needs_equal_material")}
    return keys


def test_every_alliances_message_in_both_languages_with_the_same_fields():
    en, zh = catalogue("en"), catalogue("zh-TW")
    for key in produced():
        assert key in en and key in zh, key
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", zh[key])), key


def test_alliance_names_follow_their_model_j7():
    rel, _, _ = al.conquest(al.initial(), "white", "red", "knatch")
    assert al.alliance_name(rel, rel.alliances[0]) == Msg("judtho.alliance.double")
    rel, _, _ = al.conquest(rel, "white", "black", "knatch")
    assert al.alliance_name(rel, rel.alliances[0]) == Msg("judtho.alliance.triple")
    rel, _, _ = al.conquest(al.initial(model="stable_2v2"), "white", "red", "knatch")
    assert al.alliance_name(rel, rel.alliances[0]) == Msg("judtho.alliance.unstable")
    rel, _, _ = al.conquest(rel, "black", "yellow", "knatch")
    assert al.alliance_name(rel, rel.alliances[1]) == Msg("judtho.alliance.stable")


def test_an_award_reads_in_both_languages():
    _, awards, _ = al.conquest(al.initial(), "white", "red", "knatch")
    assert render(awards[0].msg) == "White scores 4 points (the First Conquest)."
    assert render(awards[0].msg, "zh-TW") == "白方 得 4 分（第一次征服）。"
