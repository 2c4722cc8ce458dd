"""skills.py and reveal.py: skills at their timing (c24), face down none but 隱, reveal once unless
含羞 (c26), on-reveal skills (c42, ruling 7), and every active or turn-hook skill (k2, k3, k5, k7,
k8, k9, k13, k14)."""

from __future__ import annotations

from rules.core import ScriptedChance
from rules.judgement import reveal, skills
from rules.judgement.actions import End, Pass, Reveal, Take, Target, UseSkill
from rules.judgement.frames import KINDS
from rules.judgement.state import top
from rules.judgement.traits import has_skill

from .characters_kit import make

NO_DICE = ScriptedChance([])


def frame_act(state, seat, action, dice=()):
    frame = top(state)
    assert frame is not None and action in KINDS[frame.kind].legal(state, seat), (action, frame)
    return KINDS[frame.kind].apply(state, seat, action, ScriptedChance(list(dice)))


def test_c24_face_down_character_cannot_use_skills() -> None:
    state = make(["inquisitor", "mercenary"], revealed=False)
    assert skills.timed(state, 0, "turn_start") == []
    state.players[0].revealed = True
    assert skills.timed(state, 0, "turn_start") == [UseSkill("seal")]


def test_c24_veil_works_face_down() -> None:
    state = make(["veiled_lady", "mercenary"], revealed=False)
    assert has_skill(state, 0, "answer_as_any")
    assert not has_skill(state, 0, "skip_location")  # 遁 needs the card face up


def test_c26_reveal_once_unless_bashful() -> None:
    state = make(["flower_girl", "mercenary"], revealed=False)
    assert Reveal() in skills.any_time(state, 1)
    events = skills.apply(state, 1, Reveal(), NO_DICE)
    assert [e.kind for e in events] == ["revealed"] and events[0].params == {"seat": 1, "character": "mercenary"}
    assert Reveal() not in skills.any_time(state, 1)
    skills.apply(state, 0, Reveal(), NO_DICE)
    skills.apply(state, 0, UseSkill("bashful"), NO_DICE)
    frame_act(state, 0, Target("blue"))
    assert not state.players[1].revealed and Reveal() in skills.any_time(state, 1)


def test_k3_bashful_turns_card_down() -> None:
    state = make(["flower_girl", "mercenary", "duelist"])
    state.players[2].revealed = False
    assert skills.timed(state, 0, "turn_start") == [UseSkill("bashful")]
    skills.apply(state, 0, UseSkill("bashful"), NO_DICE)
    assert KINDS["skill_target"].legal(state, 0) == [Target("red"), Target("blue")]
    events = frame_act(state, 0, Target("blue"))
    assert events[-1].kind == "concealed" and not state.players[1].revealed
    assert state.players[1].ever_revealed and skills.timed(state, 0, "turn_start") == []  # once per game


def test_c42_on_reveal_skill_fires() -> None:
    state = make(["court_sorcerer", "mercenary"], revealed=False)
    reveal.reveal(state, 0, NO_DICE)
    frame = top(state)
    assert frame is not None and frame.kind == "skill_target" and frame.data["skill"] == "thunder_hex"
    assert Pass() in KINDS["skill_target"].legal(state, 0)
    events = frame_act(state, 0, Target("blue"), [5])
    die = next(e for e in events if e.kind == "card_die")
    assert die.params["d6"] == 5 and state.last_roll is not None and state.last_roll["d4"] is None
    assert state.players[1].damage == 5


def test_k9_thunder_hex_may_be_passed() -> None:
    state = make(["court_sorcerer", "mercenary"], revealed=False)
    reveal.reveal(state, 0, NO_DICE)
    frame_act(state, 0, Pass())
    assert not state.frames and state.players[1].damage == 0


def test_r7_hex_fires_again_after_bashful() -> None:
    state = make(["court_sorcerer", "flower_girl"], revealed=False)
    reveal.reveal(state, 0, NO_DICE)
    frame_act(state, 0, Target("blue"), [2])
    state.players[1].revealed = True
    skills.apply(state, 1, UseSkill("bashful"), NO_DICE)
    frame_act(state, 1, Target("red"))
    assert not state.players[0].revealed
    skills.apply(state, 0, Reveal(), NO_DICE)
    frame_act(state, 0, Target("blue"), [3])
    assert state.players[1].damage == 5


def test_k2_prayer_heals_all_once() -> None:
    state = make(["sister_of_mercy", "mercenary"])
    assert UseSkill("prayer") not in skills.any_time(state, 0)  # nothing to heal
    state.players[0].damage = 6
    assert UseSkill("prayer") in skills.any_time(state, 0)
    skills.apply(state, 0, UseSkill("prayer"), NO_DICE)
    assert state.players[0].damage == 0
    state.players[0].damage = 3
    assert UseSkill("prayer") not in skills.any_time(state, 0)


def test_k2_entrust_at_turn_start() -> None:
    state = make(["sister_of_mercy", "mercenary"])
    assert UseSkill("entrust") in skills.timed(state, 0, "turn_start")
    skills.apply(state, 0, UseSkill("entrust"), NO_DICE)
    assert state.players[0].entrusted and UseSkill("entrust") not in skills.timed(state, 0, "turn_start")


def test_k5_seal_stops_skills_not_equipment() -> None:
    state = make(["inquisitor", "swordswoman", "mercenary"])
    state.players[1].equipment = ["cleaver"]
    skills.apply(state, 0, UseSkill("seal"), NO_DICE)
    events = frame_act(state, 0, Target("blue"))
    assert events[-1].kind == "sealed" and state.players[1].sealed_by == 0
    assert not has_skill(state, 1, "attack_d4_only")
    from rules.judgement.damage import attack_bonus

    assert attack_bonus(state, 1) == 1


def test_k7_public_execution_hits_one_on_square_once_per_turn() -> None:
    state = make(["executioner", "mercenary", "duelist"], at=["tavern", "market_square", "cathedral"])
    assert skills.timed(state, 0, "turn_start") == [UseSkill("public_execution")]
    skills.apply(state, 0, UseSkill("public_execution"), NO_DICE)
    assert KINDS["skill_target"].legal(state, 0) == [Target("blue")]
    frame_act(state, 0, Target("blue"))
    assert state.players[1].damage == 3 and skills.timed(state, 0, "turn_start") == []
    skills.on_turn_start(state, NO_DICE)  # next turn of seat 0
    assert skills.timed(state, 0, "turn_start") == [UseSkill("public_execution")]


def test_k8_tonic_heals_1_at_turn_start() -> None:
    state = make(["apothecary", "mercenary"])
    state.players[0].damage = 3
    events = skills.on_turn_start(state, NO_DICE)
    assert state.players[0].damage == 2 and events[0].kind == "healed"
    state.players[0].revealed = False
    skills.on_turn_start(state, NO_DICE)
    assert state.players[0].damage == 2


def test_k13_grave_robbing_takes_from_discard() -> None:
    state = make(["gravedigger", "mercenary"])
    assert UseSkill("grave_robbing") not in skills.any_time(state, 0)
    state.holy_discard = ["holy_water", "amulet"]
    state.dark_discard = ["cleaver"]
    skills.apply(state, 0, UseSkill("grave_robbing"), NO_DICE)
    assert KINDS["dig"].legal(state, 0) == [Take("red", "amulet"), Take("red", "cleaver")]
    frame_act(state, 0, Take("red", "cleaver"))
    assert state.players[0].equipment == ["cleaver"] and state.dark_discard == []
    assert UseSkill("grave_robbing") not in skills.any_time(state, 0)


def test_k14_iron_wall_until_next_turn() -> None:
    from rules.judgement import damage

    state = make(["captain_of_the_guard", "mercenary"])
    skills.on_turn_end(state, 0, NO_DICE)
    assert KINDS["turn_end"].legal(state, 0) == [UseSkill("iron_wall"), End()]
    frame_act(state, 0, UseSkill("iron_wall"))
    assert state.players[0].shield == "all"
    damage.hurt(state, 0, 3, by=1, source="bat_swarm", direct=True)
    assert state.players[0].damage == 0
    skills.on_turn_start(state, NO_DICE)
    assert state.players[0].shield is None
    skills.on_turn_end(state, 0, NO_DICE)
    assert not state.frames  # once per game


def test_e2_any_time_offers_reveal_only_face_down() -> None:
    state = make(["mercenary", "duelist"], revealed=False)
    assert skills.any_time(state, 0) == [Reveal()]
    state.players[0].alive = False
    assert skills.any_time(state, 0) == []


def test_r7_reveal_offered_in_windows() -> None:
    from rules.judgement import damage, death
    from rules.judgement.engine import GAME

    state = make(["white_fairy", "mercenary", "duelist", "court_sorcerer"], revealed=False)
    damage.hurt(state, 0, 8, by=1, source="attack", direct=True, attack=True)
    death.run(state, NO_DICE)
    assert GAME.to_act(state) == {0, 1, 2, 3}
    assert GAME.legal_actions(state, 3) == [Pass(), Reveal()]  # another seat's window, e2
    GAME.apply(state, 3, Reveal(), NO_DICE)
    frame = top(state)
    assert frame is not None and frame.kind == "skill_target" and GAME.to_act(state) == {3}  # 雷咒 first


def test_r12_identity_shown_publicly_once() -> None:
    state = make(["white_fairy", "mercenary"])
    events = reveal.show_identity(state, 0)
    assert [(e.kind, e.params, e.to) for e in events] == [("identity_shown", {"seat": 0, "identity": "guard"}, None)]
    assert state.players[0].identity_shown and reveal.show_identity(state, 0) == []
