"""damage.py: the one path for damage (c40), dying at HP (c37), e4's modifier order, ruling 6's
floors and ruling 9's direct/indirect."""

from __future__ import annotations

from rules.core import ScriptedChance
from rules.judgement import damage, death

from .characters_kit import make


def test_c37_damage_reaching_hp_makes_dying() -> None:
    state = make(["white_fairy", "mercenary"])  # HP 8, 14
    events = damage.hurt(state, 0, 7, by=1, source="bat_swarm", direct=True)
    assert state.players[0].damage == 7 and not state.deaths
    assert [e.kind for e in events] == ["hurt"] and events[0].params["n"] == 7 and events[0].to is None
    events = damage.hurt(state, 0, 1, by=1, source="bat_swarm", direct=True)
    assert [e.kind for e in events] == ["hurt", "dying"]
    assert [d.seat for d in state.deaths] == [0] and state.deaths[0].by == 1 and state.deaths[0].direct


def test_c40_every_source_goes_through_hurt() -> None:
    """傷害 is anything that lowers life (c40): no rule module but damage.py moves the marker."""
    import re
    from pathlib import Path

    package = Path(damage.__file__).parent
    writers = sorted(
        p.name for p in package.glob("*.py") if re.search(r"\.damage\s*[-+]?=(?!=)", p.read_text(encoding="utf-8"))
    )
    assert writers == ["damage.py"]
    state = make(["white_fairy", "mercenary"])
    damage.hurt(state, 1, 3, by=0, source="alchemist_tower", direct=True)
    damage.hurt(state, 1, 2, by=None, source="slap", direct=False)
    assert state.players[1].damage == 5


def test_r6_bonus_applies_only_to_hit() -> None:
    state = make(["white_fairy", "mercenary"])
    state.players[0].equipment = ["cleaver", "flail"]
    assert damage.hurt(state, 1, 0, by=0, source="attack", direct=True, attack=True)[0].params["n"] == 0
    damage.hurt(state, 1, 1, by=0, source="attack", direct=True, attack=True)
    assert state.players[1].damage == 3


def test_r6_vestment_may_bring_a_hit_to_zero() -> None:
    state = make(["white_fairy", "mercenary"])
    state.players[1].equipment = ["holy_vestment"]
    damage.hurt(state, 1, 1, by=0, source="attack", direct=True, attack=True)
    assert state.players[1].damage == 0
    damage.hurt(state, 1, 2, by=0, source="bat_swarm", direct=True)
    assert state.players[1].damage == 2  # 聖袍 is about attacks only


def test_r6_heal_never_below_zero() -> None:
    state = make(["white_fairy", "mercenary"])
    state.players[1].damage = 1
    events = damage.heal(state, 1, 2, by=None, source="holy_water")
    assert state.players[1].damage == 0 and events[0].params["n"] == 1


def test_e4_angel_after_vestment() -> None:
    state = make(["white_fairy", "mercenary"])
    state.players[0].equipment = ["rusty_axe"]
    state.players[1].shield = "attack"
    events = damage.hurt(state, 1, 3, by=0, source="attack", direct=True, attack=True)
    assert state.players[1].damage == 0 and events[0].kind == "unhurt"
    assert events[0].params["why"] == "guardian_angel"
    damage.hurt(state, 1, 2, by=0, source="bat_swarm", direct=True)
    assert state.players[1].damage == 2  # 守護天使 stops attacks only
    state.players[1].shield = "all"
    damage.hurt(state, 1, 2, by=0, source="bat_swarm", direct=True)
    assert state.players[1].damage == 2  # 鐵壁 stops everything


def test_e4_immunities_by_source() -> None:
    state = make(["white_fairy", "mercenary"])
    state.players[1].equipment = ["amulet", "lucky_brooch"]
    for source in ("bat_swarm", "venom_spider", "death_trap", "alchemist_tower"):
        assert damage.hurt(state, 1, 2, by=0, source=source, direct=True)[0].kind == "unhurt"
    damage.hurt(state, 1, 2, by=0, source="slap", direct=True)
    assert state.players[1].damage == 2


def test_e4_paladins_lance_needs_a_shown_guard() -> None:
    state = make(["white_fairy", "mercenary"], ["guard", "assassin"])
    state.players[0].equipment = ["paladins_lance"]
    damage.hurt(state, 1, 1, by=0, source="attack", direct=True, attack=True)
    assert state.players[1].damage == 1
    state.players[0].identity_shown = True
    damage.hurt(state, 1, 1, by=0, source="attack", direct=True, attack=True)
    assert state.players[1].damage == 4


def test_r9_chosen_victim_is_direct_area_is_indirect() -> None:
    state = make(["white_fairy", "white_fairy", "white_fairy"])
    damage.hurt(state, 0, 8, by=2, source="bat_swarm", direct=True)
    damage.hurt(state, 1, 8, by=2, source="heavens_thunder", direct=True)
    damage.hurt(state, 2, 8, by=2, source="venom_spider", direct=True)
    assert [(d.seat, d.direct) for d in state.deaths] == [(0, True), (1, False), (2, False)]


def test_c41_thunder_and_trap_kills_give_no_reward() -> None:
    state = make(["white_fairy", "white_fairy"])
    damage.hurt(state, 0, 8, by=1, source="death_trap", direct=False)
    assert state.deaths[0].direct is False


def test_set_damage_rescues_a_dying_seat() -> None:
    state = make(["white_fairy", "mercenary"])
    damage.hurt(state, 0, 9, by=1, source="attack", direct=True, attack=True)
    assert state.deaths
    events = damage.set_damage(state, 0, 7, by=None, source="first_aid")
    assert state.players[0].damage == 7 and events[0].kind == "damage_set"
    death.run(state, ScriptedChance([]))
    assert not state.deaths and state.players[0].alive and not state.frames


def test_armour_says_how_it_reduced_an_attacks_damage() -> None:
    """聖袍 (the target's armour) takes 1 off a hit: an `armour` event before the `hurt` gives the
    damage before and after it, worded "armour reduced the damage from X to Y" (en, zh-TW)."""
    from gavel.tables import i18n
    from rules.judgement import present

    state = make(["duelist", "mercenary", "swordswoman", "gravedigger"])
    state.players[1].equipment = ["holy_vestment"]
    events = damage.hurt(state, 1, 4, by=0, source="attack", direct=True, attack=True)
    assert [e.kind for e in events] == ["armour", "hurt"]
    assert events[0].params == {"seat": 1, "card": "holy_vestment", "before": 4, "after": 3}
    assert events[1].params["n"] == 3 and state.players[1].damage == 3
    names = {0: "AI 1", 1: "AI 2"}.get
    en = i18n.render(present.describe(events[0]), "en", names)
    zh = i18n.render(present.describe(events[0]), "zh-TW", names)
    assert en == "blue AI 2's armour (Holy Vestment) reduced the damage from 4 to 3."
    assert "將傷害從 4 減為 3" in zh and "藍（blue）AI 2" in zh and "聖袍" in zh


def test_armour_counts_from_the_damage_after_the_attackers_bonus() -> None:
    """e4's order: the attacker's weapon first, then the target's 聖袍: 3 + 1 → 4, armour → 3."""
    state = make(["duelist", "mercenary", "swordswoman", "gravedigger"])
    state.players[0].equipment = ["rusty_axe"]
    state.players[1].equipment = ["holy_vestment"]
    bonus = damage.attack_bonus(state, 0)
    events = damage.hurt(state, 1, 3, by=0, source="attack", direct=True, attack=True)
    assert events[0].kind == "armour" and events[0].params["before"] == 3 + bonus
    assert events[0].params["after"] == 3 + bonus - 1 == events[1].params["n"]


def test_no_armour_line_without_armour_a_hit_or_an_attack() -> None:
    state = make(["duelist", "mercenary", "swordswoman", "gravedigger"])
    assert [e.kind for e in damage.hurt(state, 1, 3, by=0, source="attack", direct=True, attack=True)] == ["hurt"]
    state.players[2].equipment = ["holy_vestment"]
    # not an attack (a card's damage): 聖袍 does nothing, so no line about it
    assert [e.kind for e in damage.hurt(state, 2, 2, by=0, source="bat_swarm", direct=True)] == ["hurt"]
    # a miss deals nothing: no armour at work (ruling 6)
    assert damage.armour(state, 2, 0, by=0, attack=True) is None
