"""victory.py: c9-c12, ruling 14 (automatic declaration, shared wins, the declare_button variant),
and every character's Commoner goal (k1-k15)."""

from __future__ import annotations

from rules.core import ScriptedChance
from rules.judgement import victory
from rules.judgement.actions import Declare, Pass
from rules.judgement.frames import KINDS
from rules.judgement.state import JudgementState, top

from .characters_kit import make

FILL = ["white_fairy", "mercenary", "duelist", "swordswoman", "blood_count"]


def table(char: str, **kw) -> JudgementState:
    """Seat 0 plays `char` as a 平民; seats 1-4 guard, assassin, guard, assassin."""
    chars = [char, *[c for c in FILL if c != char][:4]]
    return make(chars, ["commoner", "guard", "assassin", "guard", "assassin"], **kw)


def kill(state: JudgementState, *seats: int) -> None:
    for seat in seats:
        state.players[seat].alive = False
        state.players[seat].death_seq = state.death_count + 1
        state.dead_order.append(seat)
    state.death_count += 1


def test_c9_game_ends_the_moment_a_side_wins() -> None:
    state = table("white_fairy")
    assert victory.check(state) == []
    kill(state, 1, 3)
    events = victory.check(state)
    assert state.phase == "over" and events[0].kind == "game_over" and events[0].to is None
    assert events[0].params["identities"]["2"] == "assassin" and not state.frames
    assert victory.check(state) == []


def test_c10_assassins_win_when_all_guards_dead_dead_assassins_included() -> None:
    state = table("master_thief")
    kill(state, 2)
    kill(state, 1, 3)
    victory.check(state)
    assert state.reason == "assassins" and state.winners == [2, 4]


def test_c10_guards_win_when_all_assassins_dead() -> None:
    state = table("master_thief")
    kill(state, 2, 4)
    victory.check(state)
    assert state.reason == "guards" and state.winners == [1, 3]


def test_c11_commoner_goal_declared_when_met() -> None:
    state = table("master_thief")
    state.players[0].equipment = ["cleaver", "flail", "rusty_axe", "amulet"]
    assert victory.check(state) == []
    state.players[0].equipment.append("astrolabe")
    victory.check(state)
    assert state.phase == "over" and state.reason == "commoner:master_thief" and 0 in state.winners


def test_c12_guard_meeting_character_goal_does_not_win() -> None:
    state = table("master_thief")
    state.players[0].identity, state.players[1].identity = "guard", "commoner"
    state.players[0].equipment = ["cleaver", "flail", "rusty_axe", "amulet", "astrolabe"]
    assert victory.check(state) == [] and state.phase == "turn"


def test_r14_all_true_goals_win_at_end() -> None:
    state = table("white_fairy")  # alive at the end: an end-only goal
    kill(state, 2, 4)
    victory.check(state)
    assert state.winners == [0, 1, 3]


def test_r14_declare_button_late_is_void() -> None:
    state = table("master_thief")
    state.variants = ["declare_button"]
    state.players[0].equipment = ["cleaver", "flail", "rusty_axe", "amulet", "astrolabe"]
    victory.check(state)
    frame = top(state)
    assert frame is not None and frame.kind == "declare" and state.phase == "turn"
    assert KINDS["declare"].legal(state, 0) == [Declare(), Pass()]
    KINDS["declare"].apply(state, 0, Pass(), ScriptedChance([]))
    assert not state.frames
    victory.check(state)
    assert not state.frames and state.phase == "turn"  # the moment is missed: void
    state.players[0].equipment.pop()
    victory.check(state)
    state.players[0].equipment.append("astrolabe")
    victory.check(state)
    KINDS["declare"].apply(state, 0, Declare(), ScriptedChance([]))
    assert state.phase == "over" and state.reason == "commoner:master_thief"


def test_k1_goal_white_fairy_alive_at_end() -> None:
    state = table("white_fairy")
    assert victory.goal_met(state, 0)
    kill(state, 0)
    assert not victory.goal_met(state, 0)


def test_k2_goal_sister_follows_previous_seat_then_next() -> None:
    state = make(["sister_of_mercy", "white_fairy", "mercenary", "duelist"],
                 ["commoner", "guard", "assassin", "guard"])
    kill(state, 2)  # the assassins are all dead: guards 1 and 3 win
    assert victory.winners(state) == [0, 1, 3]  # seat 3 is just before her in turn order
    state.turn_order = [3, 0, 2, 1]
    state.players[3].identity = "assassin"  # seat 3 alive, an assassin: nobody wins yet
    assert victory.winners(state) == []
    state.players[2].identity = "guard"  # dead, the seat after her
    kill(state, 3)  # now the assassins are all dead: the guards win, dead seat 2 too
    assert 0 not in victory.winners(state)  # she follows seat 3, an assassin
    state.players[0].entrusted = True  # 託付: she follows seat 2
    assert victory.winners(state) == [0, 1, 2]


def test_k3_goal_flower_girl_with_a_saved_other_alive() -> None:
    state = table("flower_girl")
    assert not victory.goal_met(state, 0)
    state.players[0].saved = [0]
    assert not victory.goal_met(state, 0)  # herself does not count
    state.players[0].saved = [2]
    assert victory.goal_met(state, 0)
    kill(state, 2)
    assert not victory.goal_met(state, 0)


def test_k4_goal_thief_owns_5_equipment() -> None:
    state = table("master_thief")
    state.players[0].equipment = ["cleaver", "flail", "rusty_axe", "amulet", "astrolabe"]
    assert victory.triggered(state, 0)


def test_k5_goal_inquisitor_sealed_dies_while_alive() -> None:
    state = table("inquisitor")
    state.players[2].sealed, state.players[2].sealed_by = True, 0
    assert not victory.triggered(state, 0)
    kill(state, 2)
    assert victory.triggered(state, 0)


def test_k6_goal_veiled_lady_never_revealed() -> None:
    state = table("veiled_lady", revealed=False)
    assert victory.goal_met(state, 0) and not victory.triggered(state, 0)
    state.players[0].ever_revealed = True
    assert not victory.goal_met(state, 0)


def test_k7_goal_executioner_3_dead_and_alive() -> None:
    state = table("executioner")
    kill(state, 1, 2)
    assert not victory.triggered(state, 0)
    kill(state, 3)
    assert victory.triggered(state, 0)


def test_k8_goal_apothecary_first_to_die_or_last_two() -> None:
    state = table("apothecary")
    kill(state, 0, 1)  # together: both first (ruling 10)
    assert victory.triggered(state, 0)
    state = table("apothecary")
    kill(state, 1)
    kill(state, 0)
    assert not victory.triggered(state, 0)
    state = table("apothecary")
    kill(state, 1)
    kill(state, 2)
    kill(state, 3)
    assert victory.triggered(state, 0)


def test_k9_goal_sorcerer_guards_dead_alive() -> None:
    state = table("court_sorcerer")
    kill(state, 1, 3)
    assert victory.triggered(state, 0)


def test_k10_goal_duelist_kill_with_3_dead() -> None:
    state = table("duelist")
    kill(state, 1)
    kill(state, 2)
    state.players[0].kills = [2]
    assert not victory.triggered(state, 0)
    kill(state, 3)
    state.players[0].kills.append(3)
    assert victory.triggered(state, 0)


def test_k11_goal_blood_count_3_dark_equipment() -> None:
    state = table("blood_count")
    state.players[0].equipment = ["cleaver", "flail", "amulet"]
    assert not victory.triggered(state, 0)
    state.players[0].equipment.append("rusty_axe")
    assert victory.triggered(state, 0)


def test_k12_goal_swordswoman_2_attack_kills() -> None:
    state = table("swordswoman")
    state.players[0].kills = [1, 2]
    state.players[0].attack_kills = [1]
    assert not victory.triggered(state, 0)
    state.players[0].attack_kills.append(2)
    assert victory.triggered(state, 0)


def test_k13_goal_gravedigger_3_named_cards() -> None:
    state = table("gravedigger")
    state.players[0].equipment = ["paladins_lance", "amulet", "cleaver"]
    assert not victory.triggered(state, 0)
    state.players[0].equipment.append("silver_rosary")
    assert victory.triggered(state, 0)


def test_k14_goal_captain_first_to_die_or_assassins_dead() -> None:
    state = table("captain_of_the_guard")
    kill(state, 0)
    assert victory.triggered(state, 0)
    state = table("captain_of_the_guard")
    kill(state, 2, 4)
    assert victory.triggered(state, 0)


def test_k15_goal_mercenary_attack_kill_hp13_or_black_market() -> None:
    state = table("mercenary")  # seat 1 white fairy (8), seat 3 swordswoman (13)
    state.players[0].attack_kills = [1]
    assert not victory.triggered(state, 0)
    state.players[0].attack_kills.append(3)
    assert victory.triggered(state, 0)
    state = table("mercenary")
    state.players[0].at = "black_market"
    assert victory.goal_met(state, 0) and not victory.triggered(state, 0)


def test_e1_declare_question_is_asked_whatever_the_face_down_character() -> None:
    asked_of = []
    for char in ("master_thief", "white_fairy"):
        state = table(char, revealed=False)
        state.variants = ["declare_button"]
        state.players[0].equipment = ["cleaver", "flail", "rusty_axe", "amulet", "astrolabe"]
        victory.check(state)
        frame = top(state)
        assert frame is not None and frame.kind == "declare"
        asked_of.append((frame.seats, KINDS["declare"].legal(state, 0)))
    assert asked_of == [([0], [Declare(), Pass()]), ([0], [Pass()])]
