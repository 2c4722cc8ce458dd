"""The City of Judgement's attack refusals: a colour not at the table is "no such player at this
table" with the seated players named; a seated player out of range is "not in your range" with
who is in range named (c21); attacking oneself (c23) names them too; in both languages."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg, ScriptedChance
from rules.judgement import attack, skills
from rules.judgement.engine import GAME

from .characters_kit import make

NAMES = ("alice", "bob", "carol", "dave")


def at_attack() -> object:
    """Four players; red (tavern) may attack blue (market square) only: green and yellow are at
    the ossuary, out of range."""
    state = make(["white_fairy", "mercenary", "duelist", "captain_of_the_guard"],
                 at=["tavern", "market_square", "ossuary", "ossuary"])
    attack.begin(state, 0, ScriptedChance([]))
    return state


def words(state: object, text: str, lang: str) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as raised:
        GAME.check(state, 0, text)  # type: ignore[arg-type]
    error = raised.value
    named = i18n.name_seats(error.params, lambda seat: NAMES[seat])
    return error.code, i18n.render(Msg(f"error.{error.code}", named), lang)


def test_a_colour_not_at_the_table_is_no_such_player_naming_those_seated() -> None:
    state = at_attack()
    code, text = words(state, "attack pink", "en")
    assert code == "judgement_no_such_player"
    assert text == ("There is no pink player at this table. The players here: red (alice), blue (bob), "
                    "green (carol), yellow (dave).")
    assert words(state, "attack pink", "zh-TW")[1].startswith("這一桌沒有 pink 玩家")


def test_a_seated_player_out_of_range_is_not_in_your_range_naming_who_is() -> None:
    state = at_attack()
    code, text = words(state, "attack green", "en")
    assert code == "judgement_out_of_range"
    assert text.startswith("green (carol) is not in your range") and text.endswith("In your range: blue (bob).")
    assert "blue（bob）" in words(state, "attack green", "zh-TW")[1]


def test_attacking_oneself_names_who_may_be_attacked() -> None:
    code, text = words(at_attack(), "attack red", "en")
    assert code == "judgement_attack_self" and text.endswith("In your range: blue (bob).")


def test_a_skill_refused_says_which_rule_stands_in_the_way() -> None:
    state = make(["inquisitor", "mercenary"], revealed=False)
    face_down = skills.skill_refusal(state, 0, "seal")
    assert face_down.code == "judgement_skill_face_down"
    assert i18n.render(Msg("error.judgement_skill_face_down", face_down.params), "zh-TW").endswith("請先亮出你的人物。")
    assert skills.skill_refusal(state, 0, "veil").code == "judgement_skill_not_yours"
    state.players[0].revealed = True
    state.players[0].sealed = True
    assert skills.skill_refusal(state, 0, "seal").code == "judgement_skill_sealed"
