"""The data files hold the content's facts: the identity table (rulebook 身份分配表, N6.1),
the six locations (N6.4), the 15 characters (N6.5) and the 16 Holy, 16 Dark and 16 Order cards
(N6.6-N6.8). Every effect and goal names an id the engine will implement (`EFFECTS`, `GOALS`)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterator

import pytest

from rules.judgement.content import (
    CARD_KINDS,
    DATA,
    EFFECTS,
    GOALS,
    IDENTITIES,
    KILL_CREDITS,
    PACKS,
    SKILL_KINDS,
    TARGETS,
    TIMINGS,
    Effect,
    Text,
    load,
)

CJK = re.compile(r"[\u4e00-\u9fff]")


def raw(name: str) -> dict:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


# --------------------------------------------------------------------------- identities


@pytest.mark.parametrize(
    ("players", "guards", "assassins", "commoners"),
    [(4, 2, 2, 0), (5, 2, 2, 1), (6, 2, 2, 2), (7, 3, 3, 1), (8, 3, 3, 2), (9, 3, 3, 3)],
)
def test_identity_table_per_player_count(players: int, guards: int, assassins: int, commoners: int) -> None:
    dealt = Counter(load().identities_for(players))
    assert dealt == Counter({"guard": guards, "assassin": assassins, "commoner": commoners}) + Counter()
    assert sum(dealt.values()) == players


def test_identity_table_covers_exactly_4_to_9_players() -> None:
    content = load()
    assert content.players == (4, 9)
    assert sorted(content.identity_table) == list(range(4, 10))


def test_identity_deck_is_3_of_each_and_every_row_fits_in_it() -> None:
    content = load()
    assert dict(content.identity_deck) == {"guard": 3, "assassin": 3, "commoner": 3}
    for row in content.identity_table.values():
        assert set(row) == set(IDENTITIES)
        assert all(row[i] <= content.identity_deck[i] for i in IDENTITIES)
    assert tuple(content.identities) == IDENTITIES


@pytest.mark.parametrize(("players", "each"), [(4, 3), (5, 3), (6, 2), (7, 2), (8, 1), (9, 1)])
def test_setup_step_4_characters_shared_out_equally(players: int, each: int) -> None:
    assert load().characters_each(players) == each


# --------------------------------------------------------------------------- locations


def test_six_locations_for_a_ring_of_six() -> None:
    content = load()
    assert len(content.locations) == content.ring_slots == 6


def test_location_rolls_cover_2_to_10_once_with_7_free() -> None:
    content = load()
    rolls = [r for loc in content.locations.values() for r in loc.rolls]
    assert len(rolls) == len(set(rolls)), "a roll names two locations"
    assert content.free_roll == 7
    assert sorted([*rolls, content.free_roll]) == list(range(2, 11))
    assert content.location_for_roll(7) is None


def test_rulebook_location_numbers() -> None:
    content = load()
    assert {loc.id: loc.rolls for loc in content.locations.values()} == {
        "tavern": (2, 3),
        "market_square": (4, 5),
        "cathedral": (6,),
        "ossuary": (8,),
        "alchemist_tower": (9,),
        "black_market": (10,),
    }
    assert content.location_for_roll(3).name.zh_TW == "酒館"
    assert content.location_for_roll(8).name.zh_TW == "埋骨之地"


def test_market_square_offers_exactly_one_of_three_draws() -> None:
    effect = load().locations["market_square"].effect
    assert effect.id == "choose_draw"
    assert set(effect["packs"]) == set(PACKS)


# --------------------------------------------------------------------------- characters


def test_fifteen_characters_numbered_1_to_15() -> None:
    content = load()
    assert len(content.characters) == 15
    assert sorted(c.number for c in content.characters.values()) == list(range(1, 16))


def test_character_hp_spread() -> None:
    hps = Counter(c.hp for c in load().characters.values())
    assert hps == Counter({8: 2, 10: 3, 11: 3, 12: 2, 13: 3, 14: 2})
    assert max(hps) <= load().track_max


def test_every_character_has_1_or_2_skills_with_a_declared_timing_and_kind() -> None:
    for c in load().characters.values():
        assert 1 <= len(c.skills) <= 2, c.id
        for s in c.skills:
            assert s.timing in TIMINGS, (c.id, s.id, s.timing)
            assert s.kind in SKILL_KINDS, (c.id, s.id, s.kind)
            assert isinstance(s.once_per_game, bool)


def test_only_veil_is_usable_face_down() -> None:
    face_down = [(c.id, s.id) for c in load().characters.values() for s in c.skills if s.usable_face_down]
    assert face_down == [("veiled_lady", "veil")]


def test_rulebook_named_characters() -> None:
    chars = load().characters
    assert chars["white_fairy"].name.zh_TW == "白妖精"
    assert chars["white_fairy"].skills[0].effect["may_stay"] is True
    assert chars["flower_girl"].name.zh_TW == "賣花女"
    assert {s.id for s in chars["flower_girl"].skills} == {"gift_of_flowers", "bashful"}
    assert chars["veiled_lady"].name.zh_TW == "隱女"
    assert {s.effect.id for s in chars["veiled_lady"].skills} == {"answer_as_any", "skip_location"}


def test_gift_of_flowers_sets_damage_below_every_hp() -> None:
    chars = load().characters
    rescue = next(s for s in chars["flower_girl"].skills if s.id == "gift_of_flowers")
    assert rescue.timing == "on_dying" and rescue.once_per_game and rescue.reveals
    assert rescue.effect["set_damage"] < min(c.hp for c in chars.values())


def test_every_character_has_a_commoner_goal_in_both_languages() -> None:
    for c in load().characters.values():
        assert c.goal.id in GOALS, c.id
        assert c.goal_text.en and CJK.search(c.goal_text.zh_TW), c.id


# --------------------------------------------------------------------------- cards


def test_each_pack_has_16_cards() -> None:
    content = load()
    for pack in PACKS:
        assert len(content.deck(pack)) == 16, pack


@pytest.mark.parametrize("pack", ["holy", "dark"])
def test_holy_and_dark_have_6_equipment_and_10_items(pack: str) -> None:
    kinds = Counter(c.kind for c in load().cards.values() if c.pack == pack for _ in range(c.count))
    assert kinds == Counter({"equipment": 6, "item": 10})


def test_every_card_kind_belongs_to_its_pack() -> None:
    for c in load().cards.values():
        assert c.pack in PACKS and c.kind in CARD_KINDS[c.pack], c.id
        assert c.count >= 1
        assert c.kill_credit in KILL_CREDITS


def test_heavens_thunder_and_death_trap_are_the_indirect_cards() -> None:
    indirect = {c.id for c in load().cards.values() if c.kill_credit == "indirect"}
    assert indirect == {"heavens_thunder", "death_trap"}


def test_only_order_cards_carry_a_bet() -> None:
    for c in load().cards.values():
        assert (c.test is not None) == (c.pack == "order"), c.id
        if c.test is not None and c.test.identity_in is not None:
            assert c.test.identity_in <= set(IDENTITIES), c.id


def test_accusation_is_the_rulebook_example() -> None:
    """Rulebook 指令卡: "I bet you are an Assassin; if so, take 1 damage"; anyone else: nothing happens."""
    card = load().cards["accusation"]
    assert card.test.holds("assassin", 10)
    assert not card.test.holds("guard", 10) and not card.test.holds("commoner", 10)
    assert (card.effect.id, card.effect["amount"]) == ("damage", 1)


def test_hp_bets_split_the_characters_9_to_15_and_1_to_8() -> None:
    content = load()
    harsh, bully = content.cards["harsh_lesson"].test, content.cards["bullying"].test
    assert {c.number for c in content.characters.values() if harsh.holds("guard", c.hp)} == set(range(9, 16))
    assert {c.number for c in content.characters.values() if bully.holds("guard", c.hp)} == set(range(1, 9))


def test_spys_order_always_holds_and_veil_cannot_lie_to_it() -> None:
    content = load()
    assert all(content.cards["spys_order"].test.holds(i, 8) for i in IDENTITIES)
    veil = content.characters["veiled_lady"].skills[0]
    assert "spys_order" in veil.effect["except"]


def test_every_identity_is_bet_on_by_some_order_card() -> None:
    bets = Counter()
    for c in load().cards.values():
        if c.test is not None and c.test.identity_in is not None:
            bets.update({i: c.count for i in c.test.identity_in})
    assert set(bets) == set(IDENTITIES)


# --------------------------------------------------------------------------- ids, languages, effects


def _ids(name: str, key: str) -> list[str]:
    return [r["id"] for r in raw(name)[key]]


def test_ids_are_unique_in_the_files_and_across_records() -> None:
    files = [
        _ids("setup.toml", "identities"),
        _ids("locations.toml", "locations"),
        _ids("characters.toml", "characters"),
        _ids("cards.toml", "cards"),
    ]
    for ids in files:
        assert len(ids) == len(set(ids)), ids
    everything = [i for ids in files for i in ids]
    assert len(everything) == len(set(everything))
    for c in load().characters.values():
        assert len({s.id for s in c.skills}) == len(c.skills)
    skills = [s.id for c in load().characters.values() for s in c.skills]
    assert len(skills) == len(set(skills))


def _texts() -> Iterator[tuple[str, Text]]:
    content = load()
    for i in content.identities.values():
        yield i.id, i.name
        yield i.id, i.text
    for loc in content.locations.values():
        yield loc.id, loc.name
        yield loc.id, loc.text
    for c in content.characters.values():
        yield c.id, c.name
        yield c.id, c.goal_text
        for s in c.skills:
            yield s.id, s.name
            yield s.id, s.text
    for card in content.cards.values():
        yield card.id, card.name
        yield card.id, card.text


def test_every_record_has_text_in_both_languages() -> None:
    count = 0
    for rid, text in _texts():
        count += 1
        assert text.en.strip() and not CJK.search(text.en), rid
        assert text.zh_TW.strip() and CJK.search(text.zh_TW), rid
        assert text.get("zh-TW") == text.zh_TW and text.get("en") == text.en
    assert count == 2 * (3 + 6 + 15 + 40) + 2 * sum(len(c.skills) for c in load().characters.values())


def _effects() -> Iterator[tuple[str, Effect]]:
    content = load()
    for loc in content.locations.values():
        yield loc.id, loc.effect
    for c in content.characters.values():
        for s in c.skills:
            yield s.id, s.effect
    for card in content.cards.values():
        yield card.id, card.effect


def _goals(goal: Effect) -> Iterator[Effect]:
    yield goal
    for sub in goal.get("goals", ()):
        yield from _goals(sub)


def test_every_effect_id_and_parameter_is_declared() -> None:
    for rid, effect in _effects():
        assert effect.id in EFFECTS, (rid, effect.id)
        assert set(effect.params) <= EFFECTS[effect.id], (rid, effect.id, set(effect.params))


def test_every_goal_id_and_parameter_is_declared() -> None:
    for c in load().characters.values():
        for goal in _goals(c.goal):
            assert goal.id in GOALS, (c.id, goal.id)
            assert set(goal.params) <= GOALS[goal.id], (c.id, goal.id, set(goal.params))


def test_every_declared_effect_and_goal_is_used() -> None:
    used = {e.id for _, e in _effects()}
    assert used == set(EFFECTS)
    goals = {g.id for c in load().characters.values() for g in _goals(c.goal)}
    assert goals == set(GOALS)


def test_references_name_real_records() -> None:
    """Targets, packs, identities, locations and cards named inside effects and goals exist."""
    content = load()
    everything = [e for _, e in _effects()] + [g for c in content.characters.values() for g in _goals(c.goal)]
    for e in everything:
        if "target" in e.params:
            assert e["target"] in TARGETS, e.id
        if "pack" in e.params:
            assert e["pack"] in PACKS, e.id
        for pack in e.get("packs", ()):
            assert pack in PACKS, e.id
        if "identity" in e.params:
            assert e["identity"] in IDENTITIES, e.id
        if "location" in e.params:
            assert e["location"] in content.locations, e.id
        for card in (*e.get("cards", ()), *e.get("except", ())):
            assert card in content.cards, (e.id, card)
        for char in e.get("exempt_face_down", ()):
            assert char in content.characters, (e.id, char)


def test_content_is_frozen_and_loaded_once() -> None:
    content = load()
    assert load() is content
    with pytest.raises(TypeError):
        content.cards["amulet"] = content.cards["amulet"]  # type: ignore[index]
    with pytest.raises(TypeError):
        content.cards["amulet"].effect.params["cards"] = ()  # type: ignore[index]


# --------------------------------------------------------------------------- the content's tables (N6.x), pinned

CHARACTERS = [  # N6.5: number, id, 中文, HP, skills
    (1, "white_fairy", "白妖精", 8, ["翩躚"]),
    (2, "sister_of_mercy", "修女", 8, ["禱告", "託付"]),
    (3, "flower_girl", "賣花女", 10, ["贈花", "含羞"]),
    (4, "master_thief", "神偷", 10, ["順手牽羊"]),
    (5, "inquisitor", "審判官", 10, ["封印"]),
    (6, "veiled_lady", "隱女", 11, ["隱", "遁"]),
    (7, "executioner", "劊子手", 11, ["公開處刑"]),
    (8, "apothecary", "藥劑師", 11, ["調藥"]),
    (9, "court_sorcerer", "宮廷術士", 12, ["雷咒"]),
    (10, "duelist", "決鬥者", 12, ["血戰"]),
    (11, "blood_count", "血伯爵", 13, ["吸血"]),
    (12, "swordswoman", "女劍士", 13, ["疾刃"]),
    (13, "gravedigger", "盜墓人", 13, ["掘墓"]),
    (14, "captain_of_the_guard", "禁衛隊長", 14, ["鐵壁"]),
    (15, "mercenary", "傭兵", 14, ["反擊"]),
]


@pytest.mark.parametrize(("number", "cid", "zh", "hp", "skills"), CHARACTERS)
def test_character_table(number: int, cid: str, zh: str, hp: int, skills: list[str]) -> None:
    c = load().characters[cid]
    assert (c.number, c.name.zh_TW, c.hp) == (number, zh, hp)
    assert [s.name.zh_TW for s in c.skills] == skills


def test_once_per_game_skills_are_the_content_notes_ones() -> None:
    once = {s.name.zh_TW for c in load().characters.values() for s in c.skills if s.once_per_game}
    assert once == {"禱告", "託付", "贈花", "含羞", "封印", "掘墓", "鐵壁"}


def test_response_and_on_reveal_skills() -> None:
    skills = [s for c in load().characters.values() for s in c.skills]
    assert {s.name.zh_TW for s in skills if s.kind == "response"} == {"贈花", "隱", "反擊"}
    assert {s.name.zh_TW for s in skills if s.timing == "on_reveal"} == {"雷咒"}


CARDS = [  # N6.6-N6.8: id, 中文, pack, kind, copies
    ("paladins_lance", "聖騎士之槍", "holy", "equipment", 1),
    ("amulet", "護身符", "holy", "equipment", 1),
    ("lucky_brooch", "幸運胸針", "holy", "equipment", 1),
    ("astrolabe", "星盤", "holy", "equipment", 1),
    ("holy_vestment", "聖袍", "holy", "equipment", 1),
    ("silver_rosary", "銀念珠", "holy", "equipment", 1),
    ("holy_water", "聖水", "holy", "item", 2),
    ("royal_summons", "王命", "holy", "item", 1),
    ("honey_cake", "蜂蜜蛋糕", "holy", "item", 1),
    ("benediction", "祝福", "holy", "item", 1),
    ("hidden_codex", "秘典", "holy", "item", 1),
    ("guardian_angel", "守護天使", "holy", "item", 1),
    ("heavens_thunder", "天雷", "holy", "item", 1),
    ("mirror_of_truth", "照妖鏡", "holy", "item", 1),
    ("first_aid", "急救", "holy", "item", 1),
    ("bombard", "炮擊", "dark", "equipment", 1),
    ("repeating_crossbow", "連弩", "dark", "equipment", 1),
    ("cursed_blade", "妖刀", "dark", "equipment", 1),
    ("cleaver", "屠刀", "dark", "equipment", 1),
    ("flail", "鏈枷", "dark", "equipment", 1),
    ("rusty_axe", "鏽斧", "dark", "equipment", 1),
    ("bat_swarm", "蝙蝠群", "dark", "item", 3),
    ("venom_spider", "毒蜘蛛", "dark", "item", 1),
    ("goblin_pilferer", "哥布林竊賊", "dark", "item", 2),
    ("cursed_doll", "詛咒人偶", "dark", "item", 1),
    ("death_trap", "死亡陷阱", "dark", "item", 1),
    ("black_mass", "黑彌撒", "dark", "item", 1),
    ("slip_in_the_gutter", "陰溝失足", "dark", "item", 1),
    ("extortion", "勒索令", "order", "order", 2),
    ("greed", "貪婪令", "order", "order", 2),
    ("wrath", "憤怒令", "order", "order", 2),
    ("slap", "掌摑令", "order", "order", 2),
    ("accusation", "指認令", "order", "order", 1),
    ("banishment", "驅逐令", "order", "order", 1),
    ("solace", "安撫令", "order", "order", 1),
    ("succour", "援助令", "order", "order", 1),
    ("secret_meeting", "密會令", "order", "order", 1),
    ("harsh_lesson", "嚴懲令", "order", "order", 1),
    ("bullying", "欺凌令", "order", "order", 1),
    ("spys_order", "密探令", "order", "order", 1),
]


def test_card_table() -> None:
    assert [(c.id, c.name.zh_TW, c.pack, c.kind, c.count) for c in load().cards.values()] == CARDS


ORDER_BETS = {  # N6.8: the identities each bet names, and the effect when it holds
    "extortion": ({"commoner", "guard"}, "give_equipment_or_damage"),
    "greed": ({"commoner", "assassin"}, "give_equipment_or_damage"),
    "wrath": ({"guard", "assassin"}, "give_equipment_or_damage"),
    "slap": ({"guard"}, "damage"),
    "accusation": ({"assassin"}, "damage"),
    "banishment": ({"assassin"}, "damage"),
    "solace": ({"commoner"}, "heal_or_damage"),
    "succour": ({"guard"}, "heal_or_damage"),
    "secret_meeting": ({"assassin"}, "heal_or_damage"),
}


@pytest.mark.parametrize("card_id", sorted(ORDER_BETS))
def test_order_card_bets_on_identity(card_id: str) -> None:
    card = load().cards[card_id]
    identities, effect = ORDER_BETS[card_id]
    assert {i for i in IDENTITIES if card.test.holds(i, 10)} == identities
    assert card.effect.id == effect


def test_equipment_stacks_three_plus_one_cards() -> None:
    """Notes 6.7: 屠刀, 鏈枷 and 鏽斧 each add 1; 聖騎士之槍 adds 2 for a shown Guard."""
    cards = load().cards
    plus = {c.id: c.effect["amount"] for c in cards.values() if c.effect.id == "attack_bonus"}
    assert plus == {"cleaver": 1, "flail": 1, "rusty_axe": 1, "paladins_lance": 2}
    assert cards["paladins_lance"].effect["identity"] == "guard"


def test_provenance_marks_what_the_rulebook_names() -> None:
    """Notes 1: every item says whether it is the rulebook's or designed for this project."""
    content = load()
    assert {loc.id for loc in content.locations.values() if loc.provenance == "designed"} == {
        "alchemist_tower",
        "black_market",
    }
    assert all(loc.provenance in {"rulebook", "designed"} for loc in content.locations.values())
    named = {c.id for c in content.characters.values() if c.provenance == "rulebook-name"}
    assert named == {"white_fairy", "flower_girl", "veiled_lady"}
    assert all(c.provenance in {"rulebook-name", "designed"} for c in content.characters.values())
