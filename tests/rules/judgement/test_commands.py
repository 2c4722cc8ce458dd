"""The City of Judgement's commands (`rules.judgement.commands`): `/judgement obey [answer]`,
`/judgement skill <name>` and `/judgement pick [character]` read the same way by the console and the
cog; `/judgement role` and `/judgement options` are the seat's own view."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from gavel.tables.i18n import speech
from rules import registry
from rules.core import IllegalAction, Listed
from rules.judgement.commands import COMMANDS, read_obey, read_pick, read_skill

EN = speech("en")


def test_obey_reads_its_answer_as_the_cog_does() -> None:
    read = read_obey
    legal = ["obey", "pay amulet", "pose guard"]
    assert read({}, legal, EN) == "obey"
    assert read({"answer": "pay amulet"}, legal, EN) == "pay amulet"
    assert read({"answer": "amulet"}, legal, EN) == "pay amulet"
    assert read({"answer": "guard"}, legal, EN) == "pose guard"
    assert read({"answer": "obey"}, legal, EN) == "obey"


def test_skill_with_a_target_is_the_skill_then_its_target_while_it_asks_for_one() -> None:
    assert read_skill({"name": "Seal"}, [], EN) == ["skill seal"]
    assert read_skill({"name": "seal", "target": " Blue\u3000"}, [], EN) == ["skill seal", "target blue"]
    assert read_skill({"name": "seal", "target": "\u200b"}, [], EN) == ["skill seal"]  # a blank target is none
    skill = COMMANDS.get("skill")
    assert skill is not None and skill.then and i18n.has(skill.then, "en") and i18n.has(skill.then, "zh-TW")


def test_c5_pick_with_no_character_asks_which_naming_the_characters_dealt() -> None:
    """c5: each picks one of the characters dealt to them; `pick` alone is asked which."""
    legal = ["pick mercenary", "pick vampire", "reveal"]
    assert read_pick({"character": "Vampire"}, legal, EN) == "pick vampire"
    with pytest.raises(IllegalAction) as refused:
        read_pick({}, legal, EN)
    assert refused.value.code == "judgement_pick_which" and refused.value.params["first"] == "mercenary"
    assert isinstance(refused.value.params["options"], Listed)
    assert read_pick({}, ["reveal"], EN) == "pick"  # not picking now: the game says why


def test_the_commands_as_both_front_ends_read_them() -> None:
    """`obey` and `pick` may be given with no options, `pick` typed alone is the command (asked
    which), `role` and `options` are views, not actions."""
    assert registry.by_group("judgement") is registry.plugin("judgement")
    assert registry.plugin("judgement").commands is COMMANDS
    obey, skill, pick = (COMMANDS.get(name) for name in ("obey", "skill", "pick"))
    assert obey is not None and obey.optional and obey.names == ("answer",) and not obey.bare
    assert obey.options[0].rest, "`obey pay amulet` on one line is one answer"
    assert skill is not None and not skill.optional and skill.names == ("name", "target")
    assert pick is not None and pick.optional and pick.bare and pick.names == ("character",)
    assert obey.action({"answer": "amulet"}, ["obey", "pay amulet"], EN) == ["pay amulet"]
    views = [c.name for c in COMMANDS.commands if c.view]
    assert views == ["role", "options"]
    assert not any(c.view for c in (obey, skill, pick))
