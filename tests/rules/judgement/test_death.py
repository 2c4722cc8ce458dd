"""death.py: ruling 8's pipeline (rescue window, death, identity, reward), c13, c38, c39, ruling 10
(simultaneous deaths), ruling 11 (銀念珠, the rest discarded), e1 (the window's uniform question),
e6 (the queue's order), k3 贈花 and k2 禱告 while dying."""

from __future__ import annotations

from rules.core import ScriptedChance
from rules.judgement import damage, death, skills
from rules.judgement.actions import Pass, Rescue, Reveal, Take, UseSkill
from rules.judgement.frames import KINDS, asked
from rules.judgement.state import top

from .characters_kit import make

NO_DICE = ScriptedChance([])


def frame_act(state, seat, action):
    frame = top(state)
    assert frame is not None and action in KINDS[frame.kind].legal(state, seat), (action, frame)
    return KINDS[frame.kind].apply(state, seat, action, NO_DICE)


def everyone_passes(state):
    events = []
    frame = top(state)
    assert frame is not None and frame.kind == "rescue"
    for seat in list(asked(frame)):
        events += frame_act(state, seat, Pass())
    return events


def test_c38_unrescued_dying_character_dies() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"])
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    events = death.run(state, NO_DICE)
    assert [e.kind for e in events][:1] == ["died"]  # every character is face up and none is the 賣花女
    assert not state.players[0].alive and state.dead_order == [0] and state.players[0].death_seq == 1
    assert state.players[1].kills == [0] and state.players[1].attack_kills == [0]


def test_r8_rescue_window_asks_every_living_seat() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"], revealed=False, active=2)
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    assert death.run(state, NO_DICE) == []
    frame = top(state)
    assert frame is not None and frame.kind == "rescue" and frame.data == {"seat": 0}
    assert asked(frame) == [2, 3, 0, 1]  # seat order from the active seat
    assert all(KINDS["rescue"].legal(state, s) == [Pass()] for s in range(4))
    everyone_passes(state)
    assert not state.players[0].alive and not state.frames


def test_r8_death_pipeline_order() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"], revealed=False)
    state.players[0].equipment = ["cleaver"]
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    kinds = [e.kind for e in everyone_passes(state)]
    assert kinds[:5] == ["died", "revealed", "identity_shown", "took", "equipped"]
    assert state.players[1].equipment == ["cleaver"]


def test_c13_identity_shown_after_response_skills() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"], revealed=False)
    damage.hurt(state, 0, 8, by=None, source="heavens_thunder", direct=False)
    death.run(state, NO_DICE)
    events = everyone_passes(state)
    kinds = [e.kind for e in events]
    assert kinds.index("revealed") < kinds.index("identity_shown")
    shown = next(e for e in events if e.kind == "identity_shown")
    assert shown.to is None and shown.params == {"seat": 0, "identity": "guard", "death": True}  # shown by the death


def test_k3_gift_sets_damage_to_7() -> None:
    state = make(["white_fairy", "mercenary", "flower_girl", "swordswoman"], revealed=False)
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert KINDS["rescue"].legal(state, 2) == [Rescue(), Pass()]
    events = frame_act(state, 2, Rescue())
    assert [e.kind for e in events][:3] == ["revealed", "rescued", "damage_set"]
    assert state.players[0].alive and state.players[0].damage == 7 and state.players[2].saved == [0]
    assert not state.frames and not state.deaths
    state.players[0].revealed = True  # publicly not the 修女 either
    damage.hurt(state, 0, 1, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert not state.players[0].alive  # 贈花 is used: publicly no rescue, no window


def test_e1_rescue_window_skipped_when_publicly_impossible() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"], revealed=False)
    state.players[3].character = "flower_girl"
    state.players[3].sealed = True  # the only face-down seat that could rescue is sealed: still others
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert top(state) is not None  # face-down 0, 1, 2 could still be the 賣花女
    state = make(["white_fairy", "mercenary", "duelist", "flower_girl"])
    state.players[3].sealed = True
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert not state.frames and not state.players[0].alive


def test_k2_prayer_while_dying_ends_the_window() -> None:
    state = make(["sister_of_mercy", "mercenary", "duelist", "swordswoman"], revealed=False)
    damage.hurt(state, 0, 9, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert Reveal() in skills.any_time(state, 0)
    skills.apply(state, 0, Reveal(), NO_DICE)
    assert UseSkill("prayer") in skills.any_time(state, 0)
    events = skills.apply(state, 0, UseSkill("prayer"), NO_DICE)
    assert "rescued" in [e.kind for e in events]
    assert state.players[0].alive and state.players[0].damage == 0 and not state.frames and not state.deaths


def test_c39_direct_killer_takes_one_equipment() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"])
    state.players[0].equipment = ["cleaver", "amulet", "astrolabe"]
    damage.hurt(state, 0, 8, by=1, source="cursed_doll", direct=True)
    death.run(state, NO_DICE)
    frame = top(state)
    assert frame is not None and frame.kind == "loot" and asked(frame) == [1]
    assert KINDS["loot"].legal(state, 1) == [Take("red", "cleaver"), Take("red", "amulet"), Take("red", "astrolabe")]
    frame_act(state, 1, Take("red", "amulet"))
    assert state.players[1].equipment == ["amulet"] and state.players[0].equipment == []
    assert state.holy_discard == ["astrolabe"] and state.dark_discard == ["cleaver"]


def test_c41_indirect_kill_gives_no_reward() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"])
    state.players[0].equipment = ["cleaver"]
    damage.hurt(state, 0, 8, by=1, source="heavens_thunder", direct=False)
    death.run(state, NO_DICE)
    assert state.players[1].equipment == [] and state.dark_discard == ["cleaver"] and state.players[1].kills == []


def test_r11_rosary_takes_all_rest_discarded() -> None:
    state = make(["white_fairy", "mercenary", "duelist", "swordswoman"])
    state.players[0].equipment = ["cleaver", "amulet"]
    state.players[1].equipment = ["silver_rosary"]
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert not state.frames and state.players[1].equipment == ["silver_rosary", "cleaver", "amulet"]


def test_r10_simultaneous_deaths_seat_order_all_first() -> None:
    state = make(["white_fairy", "apothecary", "duelist", "swordswoman"], active=2)
    for seat in (0, 1):
        damage.hurt(state, seat, 11, by=2, source="heavens_thunder", direct=False)
    death.run(state, NO_DICE)
    assert state.dead_order == [0, 1]
    assert state.players[0].death_seq == state.players[1].death_seq == 1
    damage.hurt(state, 2, 12, by=3, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert state.players[2].death_seq == 2


def test_e6_deaths_queue_in_seat_order() -> None:
    state = make(["white_fairy", "apothecary", "duelist", "swordswoman"], active=1)
    damage.hurt(state, 0, 8, by=None, source="death_trap", direct=False)
    damage.hurt(state, 1, 11, by=None, source="death_trap", direct=False)
    death.run(state, NO_DICE)
    assert state.dead_order == [1, 0]  # from the active seat 1
