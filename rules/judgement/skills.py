"""The characters' skills (角色技能), each at its timing (content `TIMINGS`), c24.

Rulebook (攻擊 註, 角色技能): "所有人物特有的技能，按照人物卡技能描述的發動時機進行發動，如果無特別標註，
可隨時發動。發動人物卡技能必須將人物卡翻開（隱女技能「隱」除外）". A face-down character has no skill
but 隱 (traits.skill checks face up, 封印, once per game). Where each skill lives:

- here: the turn-start skills (`timed(..., "turn_start")`: 託付, 含羞, 封印, 公開處刑; 調藥 heals by
  itself in `on_turn_start`), the turn-end skill (鐵壁, `on_turn_end` opens a `turn_end` frame), the
  any-time skills (`any_time`: `reveal`, 禱告, 掘墓; e2 says where the engine offers them), the
  on-reveal skill (雷咒, `fire`, called by reveal.py), and the `skill_target` and `dig` frames;
- attack.py: 順手牽羊, 血戰, 吸血, 疾刃, 反擊; death.py: 贈花 (the rescue window);
- movement.py: 翩躚; locations.py: 遁; orders.py: 隱.

`could_use` answers e1's question "could this seat publicly have this skill now?" from public facts
only (face-up characters, characters seen face up before 含羞, the dead, 封印, used once-per-game
skills), so windows that depend on it (rescue, counter) leak nothing.

- Ruling (ours): 公開處刑 strikes one *other* character on 廣場, once per turn start (its card says "each
  turn").
- Ruling (ours): 封印 may choose any living character not yet sealed, face up or down (it is "a
  character").
- Ruling (ours): 含羞 may turn down any living face-up character, its own user included; the card
  turned down may be revealed again later and its on-reveal skill fires again (ruling 7): 雷咒 strikes
  again.
- Ruling (ours): 雷咒's target may be any living character, the sorcerer included; the d6 is thrown
  after the target is chosen, and its damage is direct (the sorcerer chose the victim, ruling 9).
- Ruling (ours): 禱告 is offered only while the sister has damage to heal; used while dying (the
  rescue window) it takes her out of the dying state (death.py `recovered`).
- Ruling (ours): 掘墓 takes equipment only from the Holy and Dark discards (face up, so the choice is
  public).
"""

from __future__ import annotations

from rules.core import Action, Chance, Event, IllegalAction, Msg, Seat

from . import damage, reveal
from .actions import End, Pass, Reveal, Take, Target, UseSkill
from .content import Skill, load
from .frames import FrameKind, answered, close, open_frame, register, waiting
from .state import COLOURS, JudgementState, living, seat_of, seats_named, top
from .traits import character, has_skill

PER_TURN = ("damage_at_location",)
"""Skills usable once per turn (not once per game): their ids leave `used` at the turn's start."""


# --------------------------------------------------------------------------- who has what


def own_skill(state: JudgementState, seat: Seat, skill_id: str) -> Skill | None:
    """`seat`'s skill `skill_id` if usable now (face up, unsealed, alive, unused; traits.skill)."""
    char = character(state, seat)
    for sk in char.skills if char else ():
        if sk.id == skill_id and has_skill(state, seat, sk.effect.id):
            if sk.effect.id in PER_TURN and sk.id in state.players[seat].used:
                return None
            return sk
    return None


def skill_refusal(state: JudgementState, seat: Seat, skill_id: str) -> IllegalAction:
    """Why `seat` may not use its skill `skill_id` now, by the first rule in the way: not its
    character's, sealed, face down, used (once per game or this turn), nothing for it to act on,
    or not at this moment of the turn."""
    name = Msg(f"judgement.skill.{skill_id}")
    player = state.players[seat]
    char = character(state, seat)
    sk = next((k for k in char.skills if k.id == skill_id), None) if char else None
    if sk is None:
        return IllegalAction("judgement_skill_not_yours", skill=name)
    if player.sealed:
        return IllegalAction("judgement_skill_sealed", skill=name)
    if not (player.revealed or sk.usable_face_down):
        return IllegalAction("judgement_skill_face_down", skill=name)
    if sk.id in player.used:
        code = "judgement_skill_used_this_turn" if sk.effect.id in PER_TURN else "judgement_skill_used"
        return IllegalAction(code, skill=name)
    if not _useful(state, seat, sk):
        return IllegalAction("judgement_skill_nothing_to_do", skill=name)
    return IllegalAction("judgement_skill_not_usable", skill=name)


def holds(state: JudgementState, seat: Seat, effect: str) -> Skill | None:
    """`seat`'s skill with `effect` if it could use it after revealing: alive, unsealed, unused.
    For responses that reveal by themselves (贈花, 反擊): the seat's own, private knowledge."""
    player = state.players[seat]
    char = character(state, seat)
    if char is None or not player.alive or player.sealed:
        return None
    for sk in char.skills:
        if sk.effect.id == effect and not (sk.once_per_game and sk.id in player.used):
            return sk
    return None


def could_use(state: JudgementState, seat: Seat, effect: str) -> bool:
    """e1: whether, on public facts alone, `seat` might hold a usable skill with `effect` (after
    revealing if face down). Public facts: face-up characters, characters seen face up before 含羞
    turned them down (`ever_revealed`), the dead (face up), 封印, and once-per-game skills used."""
    player = state.players[seat]
    if not player.alive or player.sealed:
        return False
    for char in load().characters.values():
        for sk in char.skills:
            if sk.effect.id != effect:
                continue
            if sk.once_per_game and any(sk.id in p.used for p in state.players):
                continue
            if player.revealed or player.ever_revealed:
                if player.character == char.id:
                    return True
                continue
            shown_elsewhere = any(
                (p.revealed or p.ever_revealed or not p.alive) and p.character == char.id
                for s, p in enumerate(state.players)
                if s != seat
            )
            if not shown_elsewhere:
                return True
    return False


# --------------------------------------------------------------------------- what is offered


def any_time(state: JudgementState, seat: Seat) -> list[Action]:
    """e2's any-time actions of `seat`: `reveal` while face down (c26), and the skills without a
    timing (rulebook: 如果無特別標註，可隨時發動) that would do something now: 禱告, 掘墓."""
    actions: list[Action] = []
    if reveal.can_reveal(state, seat):
        actions.append(Reveal())
    char = character(state, seat)
    for sk in char.skills if char else ():
        if sk.timing == "any" and own_skill(state, seat, sk.id) and _useful(state, seat, sk):
            actions.append(UseSkill(sk.id))
    return actions


def timed(state: JudgementState, seat: Seat, timing: str) -> list[Action]:
    """The active skills `seat` may use at `timing` (`turn_start`, `turn_end`) now."""
    char = character(state, seat)
    return [
        UseSkill(sk.id)
        for sk in (char.skills if char else ())
        if sk.timing == timing and sk.kind == "active" and own_skill(state, seat, sk.id) and _useful(state, seat, sk)
    ]


def _useful(state: JudgementState, seat: Seat, sk: Skill) -> bool:
    """Offer a skill only when it can act (e3: no question without a choice)."""
    effect = sk.effect.id
    if effect == "heal_all":
        return state.players[seat].damage > 0
    if effect == "take_from_discard":
        return bool(_discarded_equipment(state))
    if effect in ("conceal_character", "seal_skills", "damage_at_location"):
        return bool(_targets(state, seat, sk))
    return True


def _targets(state: JudgementState, seat: Seat, sk: Skill) -> list[Seat]:
    """Whom a targeted skill may choose now (see the module's rulings)."""
    effect = sk.effect
    alive = living(state)
    if effect.id == "conceal_character":
        return [s for s in alive if state.players[s].revealed]
    if effect.id == "seal_skills":
        return [s for s in alive if not state.players[s].sealed]
    if effect.id == "damage_at_location":
        return [s for s in alive if s != seat and state.players[s].at == effect["location"]]
    if effect.id == "damage_roll":
        return alive
    return []


def _discarded_equipment(state: JudgementState) -> list[str]:
    """Equipment cards in the face-up Holy and Dark discards (掘墓's choice), once each."""
    cards = load().cards
    pile = state.holy_discard + state.dark_discard
    return list(dict.fromkeys(c for c in pile if cards[c].kind == "equipment"))


# --------------------------------------------------------------------------- using a skill


def apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    """`reveal` (c26, reveal.py) or `skill <id>` outside a frame that lists it."""
    if isinstance(action, Reveal):
        if not reveal.can_reveal(state, seat):
            raise IllegalAction("judgement_already_revealed")
        return reveal.reveal(state, seat, chance)
    if not isinstance(action, UseSkill):
        raise IllegalAction("judgement_cannot", action=str(action))
    sk = own_skill(state, seat, action.skill)
    if sk is None or not _useful(state, seat, sk):
        raise skill_refusal(state, seat, action.skill)
    return use(state, seat, sk, chance)


def use(state: JudgementState, seat: Seat, sk: Skill, chance: Chance) -> list[Event]:
    """Carry out an active skill. A targeted one asks its target first (`skill_target`)."""
    from . import death

    player = state.players[seat]
    effect = sk.effect.id
    if effect in ("conceal_character", "seal_skills", "damage_at_location"):
        open_frame(state, "skill_target", [seat], skill=sk.id, by=seat, allowed=_targets(state, seat, sk),
                   optional=False)
        return [Event("skill_used", {"seat": seat, "skill": sk.id})]
    player.used.append(sk.id)
    events = [Event("skill_used", {"seat": seat, "skill": sk.id})]
    if effect == "heal_all":  # 禱告
        events += damage.heal(state, seat, player.damage, by=seat, source=sk.id)
        return events + death.recovered(state, chance)
    if effect == "entrust":  # 託付
        player.entrusted = True
        return events
    if effect == "no_damage_until_next_turn":  # 鐵壁
        player.shield = str(sk.effect.get("source", "all"))
        return [*events, Event("shield_raised", {"seat": seat, "skill": sk.id})]
    if effect == "take_from_discard":  # 掘墓
        options = _discarded_equipment(state)
        if len(options) == 1:
            return events + dig(state, seat, options[0])
        open_frame(state, "dig", [seat], by=seat, skill=sk.id)
        return events
    raise IllegalAction("judgement_skill_not_usable", skill=Msg(f"judgement.skill.{sk.id}"))


def fire(state: JudgementState, seat: Seat, skill_id: str, chance: Chance) -> list[Event]:
    """An on-reveal skill (c42): 雷咒 asks its owner whom to strike (or `pass`)."""
    char = character(state, seat)
    sk = next(s for s in char.skills if s.id == skill_id) if char else None
    if sk is None or sk.effect.id != "damage_roll":
        return []
    allowed = _targets(state, seat, sk)
    if allowed:
        open_frame(state, "skill_target", [seat], skill=sk.id, by=seat, allowed=allowed, optional=True)
    return []


def _on_target(state: JudgementState, seat: Seat, skill_id: str, target: Seat, chance: Chance) -> list[Event]:
    """A targeted skill lands on `target`."""
    char = character(state, seat)
    sk = next(s for s in char.skills if s.id == skill_id) if char else None
    assert sk is not None
    effect = sk.effect
    player, victim = state.players[seat], state.players[target]
    if effect.id == "conceal_character":  # 含羞
        player.used.append(sk.id)
        victim.revealed = False
        return [Event("concealed", {"seat": target, "by": seat})]
    if effect.id == "seal_skills":  # 封印
        player.used.append(sk.id)
        victim.sealed = True
        victim.sealed_by = seat
        return [Event("sealed", {"seat": target, "by": seat})]
    if effect.id == "damage_at_location":  # 公開處刑
        player.used.append(sk.id)
        return damage.hurt(state, target, int(effect["amount"]), by=seat, source=sk.id, direct=True)
    if effect.id == "damage_roll":  # 雷咒
        from .cards import throw_d6

        n, events = throw_d6(state, seat, chance, sk.id)
        return events + damage.hurt(state, target, n, by=seat, source=sk.id, direct=True)
    return []


def dig(state: JudgementState, seat: Seat, card: str) -> list[Event]:
    """掘墓: take `card` from its discard and equip it (public: the discards are face up)."""
    from .cards import equip

    pile = state.holy_discard if card in state.holy_discard else state.dark_discard
    pile.remove(card)
    return [Event("dug", {"seat": seat, "card": card}), *equip(state, seat, card)]


# --------------------------------------------------------------------------- turn hooks


def on_turn_start(state: JudgementState, chance: Chance) -> list[Event]:
    """回合開始: the active seat's shield (守護天使, 鐵壁) ends "until your next turn starts"; its
    per-turn skills are fresh; 調藥 heals 1 (a passive skill, so no question)."""
    seat = state.active
    player = state.players[seat]
    events: list[Event] = []
    if player.shield is not None:
        player.shield = None
        events.append(Event("shield_ended", {"seat": seat}))
    char = character(state, seat)
    per_turn = {sk.id for sk in (char.skills if char else ()) if sk.effect.id in PER_TURN}
    player.used = [u for u in player.used if u not in per_turn]
    for sk in char.skills if char else ():
        if sk.timing == "turn_start" and sk.kind == "passive" and sk.effect.id == "heal" and own_skill(
            state, seat, sk.id
        ):
            if player.damage > 0:
                events += damage.heal(state, seat, int(sk.effect["amount"]), by=seat, source=sk.id)
    return events


def on_turn_end(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """回合結束: the turn-end skills (鐵壁) are offered in a `turn_end` frame; nothing else waits.
    An attack another module's frame paused has been carried on by turn.advance (attack.resume)
    before the attack step ended, so 鐵壁 is offered after all of it."""
    if timed(state, seat, "turn_end"):
        open_frame(state, "turn_end", [seat], by=seat)
    return []


# --------------------------------------------------------------------------- frames


def _target_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    actions: list[Action] = [Target(COLOURS[s]) for s in frame.data["allowed"] if state.players[s].alive]
    if frame.data.get("optional") or not actions:
        actions.append(Pass())
    return actions


def _target_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    close(state, frame)
    if isinstance(action, Pass):
        return [Event("skill_passed", {"seat": seat, "skill": frame.data["skill"]})]
    assert isinstance(action, Target)
    target = seat_of(state, action.colour)
    events = [Event("skill_target", {"seat": seat, "skill": frame.data["skill"], "target": target})]
    return events + _on_target(state, seat, frame.data["skill"], target, chance)


def _target_timeout(state: JudgementState, seat: Seat) -> Action | None:
    legal = _target_legal(state, seat)
    return Pass() if Pass() in legal else legal[0]


def _target_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    frame = top(state)
    skill = Msg(f"judgement.skill.{frame.data['skill']}") if frame is not None else ""
    if isinstance(action, Target):
        allowed = [seat_of(state, t.colour) for t in _target_legal(state, seat) if isinstance(t, Target)]
        return IllegalAction("judgement_skill_not_a_target", skill=skill, players=seats_named(allowed))
    return IllegalAction("judgement_skill_choose_target", skill=skill)


register(FrameKind("skill_target", _target_legal, _target_apply, _target_timeout,
                   public=("skill", "by", "allowed", "optional"), why=_target_why))


def _dig_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Take(COLOURS[seat], c) for c in _discarded_equipment(state)]


def _dig_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    _, answer = answered(state, action, Take)
    return dig(state, seat, answer.card)


def _dig_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    return IllegalAction("judgement_dig_not_discarded")


register(FrameKind("dig", _dig_legal, _dig_apply, public=("by", "skill"), why=_dig_why))


def _end_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [*timed(state, seat, "turn_end"), End()]


def _end_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    close(state, frame)
    if isinstance(action, UseSkill):
        sk = own_skill(state, seat, action.skill)
        assert sk is not None
        return use(state, seat, sk, chance)
    return []


register(FrameKind("turn_end", _end_legal, _end_apply, public=("by",)))
