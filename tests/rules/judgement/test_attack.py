"""attack.py: the attack step (攻擊, c20-c23), its dice (e5), and the skills riding on an attack
(疾刃 k12, 順手牽羊 k4, 血戰 k10, 吸血 k11, 反擊 k15) with 連弩 and 妖刀. Dice: d4 before d6."""

from __future__ import annotations

from rules.core import IllegalAction, ScriptedChance
from rules.judgement import attack
from rules.judgement.actions import Again, AttackAction, Counter, End, Hit, Pass, Take
from rules.judgement.frames import KINDS, asked
from rules.judgement.state import top

from .characters_kit import make

# RING: tavern(0) market_square(1) cathedral(2) ossuary(3) alchemist_tower(4) black_market(5)


def act(state, seat, action, dice=()):
    frame = top(state)
    assert frame is not None and action in KINDS[frame.kind].legal(state, seat), (action, frame)
    return KINDS[frame.kind].apply(state, seat, action, ScriptedChance(list(dice)))


def test_c20_attack_is_optional_and_only_in_range() -> None:
    state = make(["white_fairy", "mercenary", "duelist"], at=["tavern", "market_square", "ossuary"])
    attack.begin(state, 0, ScriptedChance([]))
    frame = top(state)
    assert frame is not None and frame.kind == "attack" and asked(frame) == [0]
    assert KINDS["attack"].legal(state, 0) == [AttackAction("blue"), End()]
    act(state, 0, End())
    assert not state.frames and state.players[1].damage == 0


def test_c20_nobody_in_range_opens_no_frame() -> None:
    state = make(["white_fairy", "mercenary"], at=["tavern", "ossuary"])
    events = attack.begin(state, 0, ScriptedChance([]))
    assert not state.frames and [e.kind for e in events] == ["nobody_in_range"]


def test_c22_damage_is_d6_minus_d4_zero_or_less_misses() -> None:
    state = make(["white_fairy", "captain_of_the_guard"], revealed=False)
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [2, 5])
    assert state.players[1].damage == 3
    act(state, 1, Pass())  # e1: the face-down survivor could be the 傭兵
    state.step_begun = True
    attack.begin(state, 0, ScriptedChance([]))
    events = act(state, 0, AttackAction("blue"), [4, 4])
    assert state.players[1].damage == 3 and "missed" in [e.kind for e in events]


def test_e5_d4_drawn_before_d6() -> None:
    state = make(["white_fairy", "captain_of_the_guard"])
    attack.begin(state, 0, ScriptedChance([]))
    events = act(state, 0, AttackAction("blue"), [1, 6])
    dice = next(e for e in events if e.kind == "dice")
    assert (dice.params["d4"], dice.params["d6"], dice.params["total"]) == (1, 6, 5)
    assert state.players[1].damage == 5


def test_c23_cannot_attack_self() -> None:
    state = make(["white_fairy", "captain_of_the_guard"])
    attack.begin(state, 0, ScriptedChance([]))
    assert AttackAction("red") not in KINDS["attack"].legal(state, 0)
    why = KINDS["attack"].why
    assert why is not None and why(state, 0, AttackAction("red")).code == "judgement_attack_self"


def test_k12_swift_blade_throws_d4_only_and_never_misses() -> None:
    state = make(["swordswoman", "captain_of_the_guard"])
    chance = ScriptedChance([1])
    attack.begin(state, 0, chance)
    KINDS["attack"].apply(state, 0, AttackAction("blue"), chance)
    assert state.players[1].damage == 1 and chance.remaining == []


def test_k12_swift_blade_face_down_is_a_plain_attack() -> None:
    state = make(["swordswoman", "captain_of_the_guard"], revealed=False)
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [3, 3])
    assert state.players[1].damage == 0  # c24: no skill face down, so d6 - d4 = 0 misses


def test_c20_cursed_blade_forces_the_attack_with_the_d4() -> None:
    state = make(["white_fairy", "captain_of_the_guard"])
    state.players[0].equipment = ["cursed_blade"]
    attack.begin(state, 0, ScriptedChance([]))
    assert End() not in KINDS["attack"].legal(state, 0)
    act(state, 0, AttackAction("blue"), [2])
    assert state.players[1].damage == 2


def test_c20_crossbow_one_roll_hits_everyone_in_range() -> None:
    state = make(["white_fairy", "captain_of_the_guard", "mercenary", "duelist"],
                 at=["tavern", "tavern", "black_market", "ossuary"])
    state.players[0].equipment = ["repeating_crossbow"]
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 3])
    assert [p.damage for p in state.players] == [0, 2, 2, 0]


def test_k11_bloodsuck_heals_2_on_hit() -> None:
    state = make(["blood_count", "captain_of_the_guard"])
    state.players[0].damage = 5
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 2])
    assert state.players[1].damage == 1 and state.players[0].damage == 3
    state.step_begun = True
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [2, 2])  # a miss heals nothing
    assert state.players[0].damage == 3


def test_k4_pilfer_takes_equipment_instead_of_damage() -> None:
    state = make(["master_thief", "captain_of_the_guard"])
    state.players[1].equipment = ["cleaver", "amulet"]
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 4])
    frame = top(state)
    assert frame is not None and frame.kind == "pilfer"
    assert KINDS["pilfer"].legal(state, 0) == [Take("blue", "cleaver"), Take("blue", "amulet"), Hit()]
    act(state, 0, Take("blue", "amulet"))
    assert state.players[0].equipment == ["amulet"] and state.players[1].damage == 0


def test_k4_pilfer_may_hit_and_is_not_offered_below_2() -> None:
    state = make(["master_thief", "captain_of_the_guard"])
    state.players[1].equipment = ["cleaver"]
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [3, 4])  # 1 damage: no choice
    assert state.players[1].damage == 1 and not state.frames
    state.step_begun = True
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 4])
    act(state, 0, Hit())
    assert state.players[1].damage == 4 and state.players[1].equipment == ["cleaver"]


def test_k10_blood_duel_costs_2_repeatable() -> None:
    state = make(["duelist", "captain_of_the_guard"])
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 3])
    frame = top(state)
    assert frame is not None and frame.kind == "again"
    act(state, 0, Again(), [1, 4])
    assert state.players[0].damage == 2 and state.players[1].damage == 5
    act(state, 0, Again(), [4, 1])
    assert state.players[0].damage == 4 and state.players[1].damage == 5
    act(state, 0, Pass())
    assert not state.frames and state.attack is not None and state.attack.again == 2


def test_k15_counter_ignores_range() -> None:
    state = make(["swordswoman", "mercenary"], at=["tavern", "market_square"])
    state.players[0].equipment = ["bombard"]  # attacks outside normal range only
    state.players[1].at = "ossuary"
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1])
    frame = top(state)
    assert frame is not None and frame.kind == "counter" and asked(frame) == [1]
    events = act(state, 1, Counter(), [1, 4])
    assert "counterattacked" in [e.kind for e in events] and state.players[0].damage == 3
    assert not state.frames


def test_e1_counter_window_asks_every_attacked_survivor_who_could_be_the_mercenary() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "captain_of_the_guard"], revealed=False)
    state.players[0].equipment = ["repeating_crossbow"]
    state.players[3].revealed = state.players[3].ever_revealed = True  # publicly not the 傭兵
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 2])
    frame = top(state)
    assert frame is not None and frame.kind == "counter" and asked(frame) == [1, 2]
    assert KINDS["counter"].legal(state, 2) == [Pass()]
    assert KINDS["counter"].legal(state, 1) == [Counter(), Pass()]
    act(state, 2, Pass())
    events = act(state, 1, Counter(), [3, 4])
    assert [e.kind for e in events][:2] == ["revealed", "counterattacked"]
    assert state.players[1].revealed and state.players[0].damage == 1 and not state.frames


def test_e1_no_counter_window_once_the_mercenary_is_known_elsewhere() -> None:
    state = make(["white_fairy", "duelist", "mercenary"], revealed=False, at=["tavern", "tavern", "ossuary"])
    state.players[2].revealed = True
    attack.begin(state, 0, ScriptedChance([]))
    act(state, 0, AttackAction("blue"), [1, 2])
    assert not state.frames


def test_attack_why_out_of_range() -> None:
    state = make(["white_fairy", "mercenary", "duelist"], at=["tavern", "market_square", "ossuary"])
    attack.begin(state, 0, ScriptedChance([]))
    why = KINDS["attack"].why
    assert why is not None
    err = why(state, 0, AttackAction("green"))
    assert isinstance(err, IllegalAction) and err.code == "judgement_out_of_range"


def test_k4_pilfered_lance_asks_show_then_the_attack_goes_on() -> None:
    """A pilfered 聖騎士之槍 asks its new holder `show`/`keep` (cards.py); the attack's 反擊 window
    still follows (turn.advance carries an interrupted attack on: attack.resume)."""
    from rules.judgement.actions import Keep
    from rules.judgement.engine import GAME

    state = make(["master_thief", "mercenary", "duelist", "swordswoman"])
    state.players[1].equipment = ["paladins_lance"]
    state.step_begun = True
    attack.begin(state, 0, ScriptedChance([]))
    GAME.apply(state, 0, AttackAction("blue"), ScriptedChance([1, 4]))
    GAME.apply(state, 0, Take("blue", "paladins_lance"), ScriptedChance([]))
    assert [f.kind for f in state.frames] == ["show"]
    GAME.apply(state, 0, Keep(), ScriptedChance([]))
    frame = top(state)
    assert frame is not None and frame.kind == "counter" and asked(frame) == [1]
