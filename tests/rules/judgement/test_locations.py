"""場地效果: every location (l2 酒館 … l10 黑市, by its roll), c18 (compulsory, 隱女's 遁), c19 (廣場:
exactly one pack), c33 (大聖堂 Holy, 埋骨之地 Dark), e3 (no prompt for a non-choice)."""

from __future__ import annotations

from rules.judgement import locations
from rules.judgement.state import top

from .cards_kit import BLUE, GREEN, RED, act, dice, kinds, legal, stack, table

VEILED = ["veiled_lady", "duelist", "blood_count", "swordswoman"]


def at(location: str, chars: list[str | None] | None = None, *, revealed: bool = False):
    """Red has just moved onto `location`; the others wait at 酒館."""
    return table(chars=chars, at=[location, "tavern", "tavern", "tavern"], revealed=revealed)


def test_c18_location_effect_is_compulsory():
    """No character but a face-up 隱女 is asked whether to do it: the effect just happens."""
    state = at("cathedral")
    stack(state, "holy", "holy_water")
    events = locations.enter(state, RED, dice())
    assert kinds(events) == ["card_drawn", "healed"] and top(state) is None
    hidden = at("cathedral", VEILED)  # 遁 is not usable face down
    stack(hidden, "holy", "holy_water")
    assert kinds(locations.enter(hidden, RED, dice())) == ["card_drawn", "healed"]


def test_c18_veiled_lady_vanish_declines_location():
    state = at("ossuary", VEILED, revealed=True)
    stack(state, "dark", "cleaver")
    assert locations.enter(state, RED, dice()) == []
    assert top(state).kind == "vanish" and legal(state, RED) == ["decline", "pass"]
    events = act(state, RED, "decline")
    assert kinds(events) == ["location_declined"] and state.dark == ["cleaver"] and top(state) is None


def test_c18_veiled_lady_may_go_on_with_pass():
    state = at("ossuary", VEILED, revealed=True)
    stack(state, "dark", "cleaver")
    locations.enter(state, RED, dice())
    events = act(state, RED, "pass")
    assert kinds(events) == ["card_drawn", "equipped"] and state.players[RED].equipment == ["cleaver"]


def test_c18_sealed_veiled_lady_cannot_vanish():
    state = at("ossuary", VEILED, revealed=True)
    state.players[RED].sealed = True
    stack(state, "dark", "cleaver")
    assert kinds(locations.enter(state, RED, dice())) == ["card_drawn", "equipped"]


def test_c19_square_offers_exactly_one_of_three_draws():
    state = at("market_square")
    stack(state, "holy", "holy_water")
    stack(state, "dark", "cleaver")
    stack(state, "order", "slap")
    assert locations.enter(state, RED, dice()) == []
    assert top(state).kind == "draw" and legal(state, RED) == ["draw holy", "draw dark", "draw order"]
    events = act(state, RED, "draw dark")
    assert kinds(events) == ["card_drawn", "equipped"]
    assert state.holy == ["holy_water"] and state.order == ["slap"] and top(state) is None


def test_l4_market_square_order_goes_to_give():
    state = at("market_square")
    stack(state, "holy", "holy_water")
    stack(state, "dark", "cleaver")
    stack(state, "order", "slap")
    locations.enter(state, RED, dice())
    act(state, RED, "draw order")
    assert top(state).kind == "give"


def test_c33_cathedral_draws_holy_ossuary_dark():
    state = at("cathedral")
    stack(state, "holy", "amulet")
    stack(state, "dark", "cleaver")
    events = locations.enter(state, RED, dice())
    assert events[0].params == {"seat": RED, "deck": "holy", "card": "amulet"}
    state.players[RED].at = "ossuary"
    events = locations.enter(state, RED, dice())
    assert events[0].params == {"seat": RED, "deck": "dark", "card": "cleaver"}


def test_e3_cathedral_draws_without_a_prompt():
    state = at("cathedral")
    stack(state, "holy", "astrolabe")
    locations.enter(state, RED, dice())
    assert top(state) is None and state.players[RED].equipment == ["astrolabe"]


def test_l2_tavern_draws_an_order_and_gives_it():
    state = at("tavern")
    stack(state, "order", "accusation")
    events = locations.enter(state, RED, dice())
    assert kinds(events) == ["order_drawn", "order_card"] and top(state).kind == "give"
    act(state, RED, "give green")
    assert top(state).kind == "obey" and top(state).seats == [GREEN]


def test_l6_cathedral_and_l8_ossuary_items_resolve_at_once():
    state = at("ossuary")
    stack(state, "dark", "venom_spider")
    locations.enter(state, RED, dice())
    assert top(state).kind == "card_target"


def test_l9_alchemist_hurt2_or_heal1():
    state = at("alchemist_tower")
    state.players[BLUE].damage = 3
    locations.enter(state, RED, dice())
    assert top(state).kind == "alchemy"
    options = legal(state, RED)
    assert "hurt red" in options and "heal red" in options and len(options) == 8
    events = act(state, RED, "hurt blue")
    assert kinds(events) == ["hurt"] and state.players[BLUE].damage == 5
    locations.enter(state, RED, dice())
    act(state, RED, "heal blue")
    assert state.players[BLUE].damage == 4


def test_l9_alchemist_chosen_victim_is_direct_self_is_not():
    state = at("alchemist_tower")
    state.players[BLUE].damage = 11
    locations.enter(state, RED, dice())
    act(state, RED, "hurt blue")
    assert state.deaths[0].seat == BLUE and state.deaths[0].direct and state.deaths[0].by == RED
    me = at("alchemist_tower")
    me.players[RED].damage = 11
    locations.enter(me, RED, dice())
    act(me, RED, "hurt red")
    assert me.deaths[0].seat == RED and not me.deaths[0].direct


def test_l9_alchemist_dead_are_not_targets():
    state = at("alchemist_tower")
    state.players[GREEN].alive = False
    locations.enter(state, RED, dice())
    assert "hurt green" not in legal(state, RED) and "heal green" not in legal(state, RED)


def test_l10_black_market_takes_equipment():
    state = at("black_market")
    state.players[BLUE].equipment = ["cleaver"]
    state.players[GREEN].equipment = ["amulet", "flail"]
    locations.enter(state, RED, dice())
    assert top(state).kind == "card_take"
    assert legal(state, RED) == ["take blue cleaver", "take green amulet", "take green flail"]
    events = act(state, RED, "take green flail")
    assert events[0].params == {"seat": RED, "from": GREEN, "card": "flail", "source": "black_market"}
    assert state.players[RED].equipment == ["flail"] and state.players[GREEN].equipment == ["amulet"]
    assert state.dark_discard == [] and state.holy_discard == []


def test_l10_black_market_nobody_else_has_equipment():
    state = at("black_market")
    state.players[RED].equipment = ["cleaver"]
    events = locations.enter(state, RED, dice())
    assert kinds(events) == ["no_effect"] and state.players[RED].equipment == ["cleaver"]
