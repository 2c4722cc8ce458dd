"""聖卡和暗卡: drawing (c34-c36, c43, r15), and every Holy (h1-h15) and Dark (d1-d13) card.

States are built directly; dice are scripted (e5: d4 before d6). Frames are answered through the
registry as the engine does, and an answer must be among the frame's legal actions."""

from __future__ import annotations

import pytest

from rules.core import ScriptedChance, SeededChance
from rules.judgement import cards, damage, traits
from rules.judgement.content import load
from rules.judgement.state import top

from .cards_kit import BLUE, GREEN, RED, YELLOW, act, dice, kinds, legal, stack, table, where


def drawn(state, pack: str, card: str, seat: int = RED, chance=None):
    """`seat` draws `card` from the top of `pack`."""
    stack(state, pack, card)
    return cards.draw(state, seat, pack, chance or dice())


# --------------------------------------------------------------------------- clauses


def test_c34_item_resolves_and_discards_equipment_stays():
    state = table()
    state.players[RED].damage = 3
    events = drawn(state, "holy", "holy_water")
    assert kinds(events) == ["card_drawn", "healed"]
    assert state.players[RED].damage == 1
    assert state.holy_discard == ["holy_water"] and state.players[RED].equipment == []
    events = drawn(state, "dark", "cleaver")
    assert kinds(events) == ["card_drawn", "equipped"]
    assert state.players[RED].equipment == ["cleaver"] and state.dark_discard == []


def test_c35_weapon_bonuses_stack():
    state = table()
    for card in ("cleaver", "flail", "rusty_axe"):
        drawn(state, "dark", card)
    assert len(traits.equipped(state, RED, "attack_bonus")) == 3
    assert damage.attack_bonus(state, RED) == 3
    damage.hurt(state, BLUE, 1, by=RED, source="attack", direct=True, attack=True)
    assert state.players[BLUE].damage == 4


def test_c36_empty_deck_reshuffles_its_discards():
    state = table()
    state.holy_discard[:] = ["holy_water", "first_aid", "hidden_codex"]
    events = cards.draw(state, RED, "holy", SeededChance(1))
    assert events[0].kind == "deck_reshuffled" and events[0].params == {"deck": "holy", "count": 3}
    assert events[1].kind == "card_drawn"
    # the order of the new deck is never an event param
    assert all("cards" not in e.params and "order" not in e.params for e in events)
    assert len(state.holy) + len(state.holy_discard) + len(state.frames) >= 2


def test_c36_empty_deck_and_discard_draws_nothing():
    state = table()
    events = cards.draw(state, RED, "dark", dice())
    assert kinds(events) == ["deck_empty"]


def test_c43_in_play_excludes_discards():
    """場上 is everywhere but the discards: an item waiting on its choice is in play (in its frame),
    equipment is in play, a used item is not."""
    state = table()
    drawn(state, "dark", "bat_swarm")
    assert where(state, "bat_swarm") == ["frame:card_target"]
    act(state, RED, "target blue")
    assert where(state, "bat_swarm") == ["dark_discard"]
    drawn(state, "holy", "amulet")
    assert where(state, "amulet") == ["equipment:0"]


def test_r15_no_cards_held_after_resolution():
    """No hand: every Holy and Dark item ends in its discard, every equipment in front of someone."""
    rng = SeededChance(5)
    for card in (c for c in load().cards.values() if c.pack != "order"):
        state = table()
        state.players[BLUE].equipment = ["cleaver", "flail"]
        state.players[RED].equipment = ["rusty_axe", "astrolabe"]
        drawn(state, card.pack, card.id, chance=rng)
        while top(state) is not None:
            frame = top(state)
            seat = frame.seats[0]
            act(state, seat, legal(state, seat)[0], rng)
        places = where(state, card.id)
        assert places, card.id
        if card.kind == "item":
            assert places == [f"{card.pack}_discard"], card.id
        else:
            assert places[0].startswith("equipment:"), card.id
        assert not any(f"{card.pack}" in p and "frame" in p for p in places)


# --------------------------------------------------------------------------- Holy equipment


def test_h1_paladins_lance_asks_show_keep_and_bonus_after_show():
    state = table(identities=["guard", "assassin", "guard", "assassin"])
    drawn(state, "holy", "paladins_lance")
    assert top(state).kind == "show" and legal(state, RED) == ["show", "keep"]
    assert damage.attack_bonus(state, RED) == 0
    events = act(state, RED, "show")
    assert kinds(events) == ["identity_shown"] and damage.attack_bonus(state, RED) == 2
    assert state.holy_discard == [] and state.players[RED].equipment == ["paladins_lance"]


def test_h1_paladins_lance_asks_an_assassin_too_who_may_only_keep():
    state = table(identities=["assassin", "guard", "guard", "assassin"])
    drawn(state, "holy", "paladins_lance")
    assert legal(state, RED) == ["keep"]
    assert act(state, RED, "keep") == [] and top(state) is None
    assert damage.attack_bonus(state, RED) == 0


def test_h2_amulet_stops_bat_swarm_spider_and_trap():
    state = table()
    drawn(state, "holy", "amulet", seat=BLUE)
    drawn(state, "dark", "bat_swarm")
    events = act(state, RED, "target blue")
    assert "unhurt" in kinds(events) and state.players[BLUE].damage == 0


def test_h3_lucky_brooch_stops_alchemy_damage_not_its_heal():
    from rules.judgement import locations

    state = table(at=["alchemist_tower", "tavern", "tavern", "tavern"])
    drawn(state, "holy", "lucky_brooch", seat=BLUE)
    state.players[BLUE].damage = 2
    locations.enter(state, RED, dice())
    act(state, RED, "hurt blue")
    assert state.players[BLUE].damage == 2
    locations.enter(state, RED, dice())
    act(state, RED, "heal blue")
    assert state.players[BLUE].damage == 1


def test_h4_astrolabe_is_equipped_for_the_move():
    state = table()
    drawn(state, "holy", "astrolabe")
    assert [c.id for c in traits.equipped(state, RED, "move_roll_twice")] == ["astrolabe"]


def test_h5_holy_vestment_minus_one_dealt_and_taken():
    state = table()
    drawn(state, "holy", "holy_vestment", seat=BLUE)
    damage.hurt(state, BLUE, 3, by=RED, source="attack", direct=True, attack=True)
    assert state.players[BLUE].damage == 2
    damage.hurt(state, RED, 3, by=BLUE, source="attack", direct=True, attack=True)
    assert state.players[RED].damage == 2


def test_h6_silver_rosary_is_equipped_for_the_reward():
    state = table()
    drawn(state, "holy", "silver_rosary")
    assert [c.id for c in traits.equipped(state, RED, "loot_all")] == ["silver_rosary"]


# --------------------------------------------------------------------------- Holy items


def test_h7_holy_water_heals_2():
    state = table()
    state.players[RED].damage = 1
    drawn(state, "holy", "holy_water")
    assert state.players[RED].damage == 0 and state.holy_discard == ["holy_water"]


def test_h8_royal_summons_guard_may_show_and_heals_all():
    state = table(identities=["guard", "assassin", "guard", "assassin"])
    state.players[RED].damage = 6
    assert kinds(drawn(state, "holy", "royal_summons")) == ["card_drawn"]
    assert top(state).kind == "show" and legal(state, RED) == ["show", "keep"]
    events = act(state, RED, "show")
    assert kinds(events) == ["identity_shown", "healed"] and state.players[RED].damage == 0
    assert state.holy_discard == ["royal_summons"]


def test_r12_royal_summons_guard_may_show():
    """Ruling 12: showing is a choice; a non-guard is asked too (e1) but may only keep."""
    state = table(identities=["commoner", "guard", "guard", "assassin"])
    state.players[RED].damage = 4
    drawn(state, "holy", "royal_summons")
    assert legal(state, RED) == ["keep"]
    assert act(state, RED, "keep") == []
    assert state.players[RED].damage == 4 and not state.players[RED].identity_shown
    guard = table(identities=["guard", "guard", "assassin", "assassin"])
    guard.players[RED].damage = 4
    drawn(guard, "holy", "royal_summons")
    act(guard, RED, "keep")
    assert guard.players[RED].damage == 4 and not guard.players[RED].identity_shown


def test_h8_royal_summons_identity_already_shown_heals_at_once():
    state = table(identities=["guard", "assassin", "guard", "assassin"])
    state.players[RED].identity_shown = True
    state.players[RED].damage = 5
    events = drawn(state, "holy", "royal_summons")
    assert kinds(events) == ["card_drawn", "healed"] and top(state) is None


def test_h9_honey_cake_reveal_heals_hp_11_or_less():
    state = table(chars=["executioner", "duelist", "blood_count", "swordswoman"])  # 11 HP
    state.players[RED].damage = 5
    drawn(state, "holy", "honey_cake")
    assert top(state).kind == "reveal_offer" and legal(state, RED) == ["reveal", "keep"]
    events = act(state, RED, "reveal")
    assert kinds(events) == ["revealed", "healed"] and state.players[RED].damage == 0


def test_h9_honey_cake_asks_every_face_down_drawer_but_heals_only_hp_11_or_less():
    state = table()  # duelist: 12 HP
    state.players[RED].damage = 5
    drawn(state, "holy", "honey_cake")
    assert legal(state, RED) == ["reveal", "keep"]  # e1: the same question
    act(state, RED, "reveal")
    assert state.players[RED].revealed and state.players[RED].damage == 5
    kept = table(chars=["executioner", "duelist", "blood_count", "swordswoman"])
    kept.players[RED].damage = 5
    drawn(kept, "holy", "honey_cake")
    assert act(kept, RED, "keep") == [] and kept.players[RED].damage == 5
    assert kept.holy_discard == ["honey_cake"]


def test_h10_benediction_heals_d6_another():
    state = table()
    state.players[BLUE].damage = 6
    drawn(state, "holy", "benediction")
    assert legal(state, RED) == ["target blue", "target green", "target yellow"]
    events = act(state, RED, "target blue", dice(4))
    assert kinds(events) == ["card_target", "card_die", "healed"]
    assert events[1].params == {"seat": RED, "d6": 4, "card": "benediction"}
    assert state.last_roll == {"seat": RED, "d4": None, "d6": 4, "total": 4, "why": "benediction"}
    assert state.players[BLUE].damage == 2


def test_h11_hidden_codex_extra_turn():
    state = table()
    events = drawn(state, "holy", "hidden_codex")
    assert state.extra_turn and kinds(events) == ["card_drawn", "extra_turn"]


def test_h12_guardian_angel_shields_from_attacks_only():
    state = table()
    drawn(state, "holy", "guardian_angel", seat=BLUE)
    assert state.players[BLUE].shield == "attack"
    damage.hurt(state, BLUE, 3, by=RED, source="attack", direct=True, attack=True)
    assert state.players[BLUE].damage == 0
    damage.hurt(state, BLUE, 2, by=RED, source="bat_swarm", direct=True)
    assert state.players[BLUE].damage == 2


def test_h13_heavens_thunder_2_to_every_other_indirect():
    state = table()
    state.players[BLUE].damage = 11  # blood_count, 13 HP
    events = drawn(state, "holy", "heavens_thunder")
    assert [s.damage for s in state.players] == [0, 13, 2, 2]
    assert kinds(events) == ["card_drawn", "hurt", "dying", "hurt", "hurt"]
    assert [d.seat for d in state.deaths] == [BLUE] and not state.deaths[0].direct  # c41, ruling 9


def test_h14_mirror_assassin_must_show():
    state = table(identities=["assassin", "guard", "guard", "assassin"])
    drawn(state, "holy", "mirror_of_truth")
    assert legal(state, RED) == ["show"]
    assert kinds(act(state, RED, "show")) == ["identity_shown"]
    assert state.players[RED].identity_shown and state.holy_discard == ["mirror_of_truth"]


def test_h14_mirror_asks_a_guard_too_who_keeps():
    state = table(identities=["guard", "assassin", "guard", "assassin"])
    drawn(state, "holy", "mirror_of_truth")
    assert top(state).kind == "show" and legal(state, RED) == ["keep"]  # e1
    assert act(state, RED, "keep") == [] and not state.players[RED].identity_shown


def test_h14_mirror_face_down_veiled_lady_may_ignore_it():
    state = table(
        chars=["veiled_lady", "duelist", "blood_count", "swordswoman"],
        identities=["assassin", "guard", "guard", "assassin"],
    )
    drawn(state, "holy", "mirror_of_truth")
    assert legal(state, RED) == ["show", "keep"]
    state.players[RED].revealed = True
    assert legal(state, RED) == ["show"]


def test_h15_first_aid_sets_any_damage_to_7():
    state = table()
    drawn(state, "holy", "first_aid")
    assert legal(state, RED) == ["target red", "target blue", "target green", "target yellow"]
    events = act(state, RED, "target green")
    assert kinds(events) == ["card_target", "damage_set"] and state.players[GREEN].damage == 7


# --------------------------------------------------------------------------- Dark equipment


@pytest.mark.parametrize(
    ("number", "card", "effect"),
    [
        ("d1", "bombard", "range_outside"),
        ("d2", "repeating_crossbow", "attack_all_in_range"),
        ("d3", "cursed_blade", "forced_attack_d4_only"),
        ("d4", "cleaver", "attack_bonus"),
        ("d5", "flail", "attack_bonus"),
        ("d6", "rusty_axe", "attack_bonus"),
    ],
)
def test_d1_to_d6_dark_equipment_is_equipped_and_read_where_it_acts(number, card, effect):
    state = table()
    events = drawn(state, "dark", card)
    assert kinds(events) == ["card_drawn", "equipped"] and top(state) is None
    assert [c.id for c in traits.equipped(state, RED, effect)] == [card]


def test_d4_d5_d6_each_weapon_adds_1():
    state = table()
    drawn(state, "dark", "rusty_axe")
    damage.hurt(state, BLUE, 2, by=RED, source="attack", direct=True, attack=True)
    assert state.players[BLUE].damage == 3


# --------------------------------------------------------------------------- Dark items


def test_d7_bat_swarm_2_then_drawer_heals_1():
    state = table()
    state.players[RED].damage = 3
    drawn(state, "dark", "bat_swarm")
    events = act(state, RED, "target yellow")
    assert kinds(events) == ["card_target", "hurt", "healed"]
    assert state.players[YELLOW].damage == 2 and state.players[RED].damage == 2


def test_d7_bat_swarm_direct_kill_of_the_chosen_victim():
    state = table()
    state.players[BLUE].damage = 12
    drawn(state, "dark", "bat_swarm")
    act(state, RED, "target blue")
    assert state.deaths[0].seat == BLUE and state.deaths[0].direct and state.deaths[0].by == RED  # ruling 9


def test_d8_venom_spider_2_to_target_2_to_self():
    state = table()
    drawn(state, "dark", "venom_spider")
    act(state, RED, "target green")
    assert state.players[GREEN].damage == 2 and state.players[RED].damage == 2


def test_d9_goblin_takes_one_equipment_from_another():
    state = table()
    state.players[RED].equipment = ["astrolabe"]
    state.players[BLUE].equipment = ["cleaver", "amulet"]
    drawn(state, "dark", "goblin_pilferer")
    assert legal(state, RED) == ["take blue cleaver", "take blue amulet"]
    events = act(state, RED, "take blue amulet")
    assert kinds(events) == ["took", "equipped"]
    assert state.players[RED].equipment == ["astrolabe", "amulet"] and state.players[BLUE].equipment == ["cleaver"]
    assert state.dark_discard == ["goblin_pilferer"]


def test_d9_goblin_nothing_to_take_and_one_card_taken_at_once():
    state = table()
    state.players[RED].equipment = ["astrolabe"]
    events = drawn(state, "dark", "goblin_pilferer")
    assert kinds(events) == ["card_drawn", "no_effect"] and state.players[RED].equipment == ["astrolabe"]
    state.players[GREEN].equipment = ["flail"]
    events = drawn(state, "dark", "goblin_pilferer")
    assert kinds(events) == ["card_drawn", "took", "equipped"] and top(state) is None
    assert state.players[RED].equipment == ["astrolabe", "flail"]


def test_d10_cursed_doll_1_to_4_hits_target_5_6_hits_drawer():
    state = table()
    drawn(state, "dark", "cursed_doll")
    act(state, RED, "target blue", dice(4))
    assert state.players[BLUE].damage == 3 and state.players[RED].damage == 0
    drawn(state, "dark", "cursed_doll")
    act(state, RED, "target blue", dice(5))
    assert state.players[BLUE].damage == 3 and state.players[RED].damage == 3


def test_d11_death_trap_hits_the_location_of_the_roll_indirect():
    state = table(at=["ossuary", "cathedral", "cathedral", "tavern"])
    state.players[GREEN].damage = 11
    events = drawn(state, "dark", "death_trap", chance=dice(2, 4))  # d4 2, d6 4: 6 = 大聖堂
    assert kinds(events)[:2] == ["card_drawn", "dice"]
    assert [p.damage for p in state.players] == [0, 3, 14, 0]
    assert state.deaths[0].seat == GREEN and not state.deaths[0].direct  # c41


def test_d11_death_trap_seven_does_nothing_and_can_hit_the_drawer():
    state = table(at=["ossuary", "cathedral", "cathedral", "tavern"])
    events = drawn(state, "dark", "death_trap", chance=dice(3, 4))
    assert kinds(events) == ["card_drawn", "dice", "no_effect"]
    drawn(state, "dark", "death_trap", chance=dice(4, 4))  # 8 = 埋骨之地, where Red is
    assert [p.damage for p in state.players] == [3, 0, 0, 0]


def test_d12_black_mass_assassin_may_show_and_heals_all():
    state = table(identities=["assassin", "guard", "guard", "assassin"])
    state.players[RED].damage = 7
    drawn(state, "dark", "black_mass")
    assert legal(state, RED) == ["show", "keep"]
    act(state, RED, "show")
    assert state.players[RED].identity_shown and state.players[RED].damage == 0
    other = table(identities=["guard", "assassin", "guard", "assassin"])
    drawn(other, "dark", "black_mass")
    assert legal(other, RED) == ["keep"]  # e1: asked all the same


def test_d13_slip_gives_one_equipment_to_another():
    state = table()
    state.players[RED].equipment = ["cleaver", "amulet"]
    drawn(state, "dark", "slip_in_the_gutter")
    assert legal(state, RED) == ["pay cleaver", "pay amulet"]
    act(state, RED, "pay amulet")
    assert legal(state, RED) == ["give blue", "give green", "give yellow"]
    events = act(state, RED, "give green")
    assert kinds(events) == ["gave", "equipped"]
    assert state.players[RED].equipment == ["cleaver"] and state.players[GREEN].equipment == ["amulet"]
    assert state.dark_discard == ["slip_in_the_gutter"]


def test_d13_slip_one_card_one_other_is_given_at_once_and_discarded_once():
    state = table()
    state.players[GREEN].alive = state.players[YELLOW].alive = False
    state.players[RED].equipment = ["cleaver"]
    events = drawn(state, "dark", "slip_in_the_gutter")
    assert kinds(events) == ["card_drawn", "gave", "equipped"] and top(state) is None
    assert state.players[BLUE].equipment == ["cleaver"] and state.dark_discard == ["slip_in_the_gutter"]


def test_d13_slip_with_no_equipment_takes_1():
    state = table()
    events = drawn(state, "dark", "slip_in_the_gutter")
    assert kinds(events) == ["card_drawn", "hurt"] and state.players[RED].damage == 1


def test_e1_identity_cards_always_ask_the_drawer():
    """照妖鏡, 王命, 黑彌撒 open the same `show` frame for every identity (e1)."""
    for card, pack in (("mirror_of_truth", "holy"), ("royal_summons", "holy"), ("black_mass", "dark")):
        for identity in ("guard", "assassin", "commoner"):
            state = table(identities=[identity, "guard", "assassin", "assassin"])
            events = drawn(state, pack, card)
            assert [e.kind for e in events if e.public] == ["card_drawn"], (card, identity)
            assert top(state).kind == "show" and top(state).seats == [RED]


def test_holy_and_dark_events_hold_no_secret():
    state = table(identities=["assassin", "guard", "guard", "assassin"])
    events = drawn(state, "holy", "mirror_of_truth") + act(state, RED, "show")
    secret = {"assassin"}
    public = [e for e in events if e.public and e.kind != "identity_shown"]
    assert not any(v in secret for e in public for v in e.params.values())


def test_draw_uses_scripted_chance_for_dice_only():
    state = table(at=["ossuary", "cathedral", "cathedral", "tavern"])
    chance = ScriptedChance([1, 1])
    drawn(state, "dark", "death_trap", chance=chance)
    assert chance.record == [1, 1]
