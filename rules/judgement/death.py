"""Dying and death (瀕死狀態及死亡, 遊戲結束 注意2, 死亡獎勵), ruling 8's pipeline.

A character whose damage reaches its HP is dying (c37, damage.py queues a `Dying`). `run` settles
the queue, one death at a time (e6), in seat order from the active seat (ruling 10):

1. The rescue window (`rescue` frame): "如果無人救助 ... 則人物陣亡" (c38). It asks every living seat
   (ruling 8), the same question whatever their secrets, and opens unless a rescue is publicly
   impossible (e1; skills.could_use): nobody could still be an unsealed 賣花女 with 贈花 unused, and
   the dying seat could not be a 修女 with 禱告 unused. Only the real 賣花女 has `rescue` (she reveals
   if face down); a dying 修女 prays through e2's any-time `skill prayer` (`recovered`).
2. Rescued (贈花): damage is set to 7 (public `rescued`), the seat joins the flower girl's `saved`.
3. Otherwise death: `alive` off, the character card turned face up (ruling 8; no on-reveal skill
   fires for the dead), the response skills to the death (回響; none in the content yet: the slot
   is `_responses`), then the identity card is shown (注意2: "人物確認死亡，結算完一切的回響技能後，
   亮出你的身份", c13).
4. The reward (死亡獎勵, c39, ruling 11): a direct killer (ruling 9) takes one equipment card of its
   choice (`loot` frame; at once when there is only one kind, e3), or all of them with 銀念珠; the
   rest goes face up to its discard.
5. victory.check once the queue is empty (ruling 14; Q5: once after a batch), then the attack in
   progress carries on (attack.resume).

`kills`, `attack_kills`, `dead_order`, `death_seq` (deaths queued before the next death share it:
ruling 10's "simultaneous"), `died_turn` are recorded here.

- Ruling (ours): A killer who is dead (or dies in the same batch before the reward) takes nothing:
  all the victim's equipment goes to the discards.
- Ruling (ours): A kill counts for `kills` (決鬥者's goal, "when you kill a character") only when it is
  direct (ruling 9): an attack, or an effect whose user chose the victim. Self-inflicted and area
  deaths are nobody's kill.
- Ruling (ours): A dying character healed out of dying before its window (禱告) is simply no longer
  dying.
- Ruling (ours): a face-down 賣花女 who answers `rescue` is turned face up first (her skill's
  `reveals`: "若尚未亮出則亮出人物"), then the damage is set to 7; 贈花 is then publicly used, so no later
  window opens for it.
- Ruling (ours): a rescue window opens (e1) also when only the dying seat itself could be a 修女 with
  禱告 unused: she may reveal in the window (e2) and pray (Q3).
"""

from __future__ import annotations

from rules.core import Action, Chance, Event, IllegalAction, Seat

from . import damage, reveal
from .actions import Pass, Rescue, Take
from .frames import FrameKind, answered, asked, close, open_frame, register, waiting
from .skills import could_use, holds
from .state import COLOURS, Dying, JudgementState, from_active, living, seat_of
from .traits import equipped, hp

OWN_FRAMES = ("rescue", "loot")


def dying(state: JudgementState, seat: Seat) -> bool:
    """c37: the marker is at (or past) the character's HP."""
    return state.players[seat].alive and state.players[seat].damage >= hp(state, seat) > 0


def rescue_possible(state: JudgementState, seat: Seat) -> bool:
    """e1: a rescue of `seat` is possible on public facts: some living seat could be an unsealed
    賣花女 with 贈花 unused, or `seat` could be a 修女 with 禱告 unused."""
    return any(could_use(state, s, "rescue") for s in living(state)) or could_use(state, seat, "heal_all")


def run(state: JudgementState, chance: Chance) -> list[Event]:
    """Settle the death queue until a frame waits or it is empty (ruling 8, e6); then the goals
    (victory.check) and the attack in progress (attack.resume)."""
    from . import attack, victory

    events: list[Event] = []
    while state.phase != "over":
        if state.frames:
            return events
        if not state.deaths:
            break
        order = from_active(state)
        state.deaths.sort(key=lambda d: (not d.asked, order.index(d.seat)))
        head = state.deaths[0]
        if not dying(state, head.seat):
            state.deaths.pop(0)
            continue
        if not head.asked:
            head.asked = True
            if rescue_possible(state, head.seat):
                open_frame(state, "rescue", living(state), seat=head.seat)
                return events
        state.deaths.pop(0)
        events += die(state, head, chance)
    if state.phase != "over" and not state.frames and not state.deaths:
        events += victory.check(state)
        if state.phase != "over" and state.attack is not None and state.attack.stage != "done":
            events += attack.resume(state, chance)
    return events


def die(state: JudgementState, death: Dying, chance: Chance) -> list[Event]:
    """The character dies: ruling 8's steps 3-4 (face up, responses, identity, reward)."""
    seat = death.seat
    player = state.players[seat]
    player.alive = False
    player.died_turn = state.turn_no
    player.death_seq = death.batch
    player.shield = None
    state.death_count = max(state.death_count, death.batch)
    state.dead_order.append(seat)
    events = [Event("died", {"seat": seat, "by": death.by, "direct": death.direct, "source": death.source})]
    events += _at_death(reveal.reveal(state, seat, chance, fire=False))
    events += _responses(state, seat, chance)
    events += _at_death(reveal.show_identity(state, seat))
    killer = death.by if death.direct else None
    if killer is not None:
        state.players[killer].kills.append(seat)
        if death.attack:
            state.players[killer].attack_kills.append(seat)
    return events + _reward(state, seat, killer)


def _at_death(events: list[Event]) -> list[Event]:
    """The character turned face up and the identity shown because of a death, marked `death`:
    they happen to the dead, who chooses nothing (its words say so: `judgement.event.<kind>_death`)."""
    return [Event(e.kind, {**e.params, "death": True}, e.to) for e in events]


def _responses(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """回響 skills answering a death (timing `on_death`): none in the content yet; the slot stays so
    that the identity is shown only after them (c13)."""
    return []


def _reward(state: JudgementState, victim: Seat, killer: Seat | None) -> list[Event]:
    """死亡獎勵 (c39, ruling 11): the living direct killer takes one card (all with 銀念珠)."""
    from .cards import take

    kinds = list(dict.fromkeys(state.players[victim].equipment))
    events: list[Event] = []
    if killer is not None and state.players[killer].alive and kinds:
        if equipped(state, killer, "loot_all"):
            for card in list(state.players[victim].equipment):
                events += take(state, killer, victim, card, "loot")
        elif len(kinds) == 1:
            events += take(state, killer, victim, kinds[0], "loot")
        else:
            open_frame(state, "loot", [killer], by=killer, victim=victim)
            return events
    return events + _discard_rest(state, victim)


def _discard_rest(state: JudgementState, victim: Seat) -> list[Event]:
    """Ruling 11: the dead character's other equipment goes face up to its discard."""
    from .cards import discard

    player = state.players[victim]
    cards, player.equipment = list(player.equipment), []
    for card in cards:
        discard(state, card)
    return [Event("discarded", {"seat": victim, "cards": cards})] if cards else []


def recovered(state: JudgementState, chance: Chance) -> list[Event]:
    """A heal in the rescue window (禱告): if the dying seat is no longer dying, the window closes
    and its death is dropped (public `rescued`)."""
    frame = next((f for f in state.frames if f.kind == "rescue"), None)
    if frame is None or dying(state, frame.data["seat"]):
        return []
    seat = frame.data["seat"]
    close(state, frame)
    state.deaths[:] = [d for d in state.deaths if d.seat != seat]
    return [Event("rescued", {"seat": seat, "by": seat, "skill": "prayer"}), *run(state, chance)]


# --------------------------------------------------------------------------- the rescue window


def _rescue_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Rescue(), Pass()] if holds(state, seat, "rescue") else [Pass()]


def _rescue_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    target = frame.data["seat"]
    if isinstance(action, Pass):
        frame.passed.append(seat)
        if asked(frame):
            return []
        close(state, frame)
        return run(state, chance)
    sk = holds(state, seat, "rescue")
    assert sk is not None
    close(state, frame)
    events = reveal.reveal(state, seat, chance)
    state.players[seat].used.append(sk.id)
    state.players[seat].saved.append(target)
    events += [Event("rescued", {"seat": target, "by": seat, "skill": sk.id})]
    events += damage.set_damage(state, target, int(sk.effect["set_damage"]), by=seat, source=sk.id)
    state.deaths[:] = [d for d in state.deaths if d.seat != target]
    return events + run(state, chance)


register(FrameKind("rescue", _rescue_legal, _rescue_apply, lambda s, seat: Pass(), public=("seat",),
                   why=lambda s, seat, a: IllegalAction("judgement_rescue_or_pass")))


# --------------------------------------------------------------------------- the killer's reward


def _loot_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    victim = frame.data["victim"]
    return [Take(COLOURS[victim], c) for c in dict.fromkeys(state.players[victim].equipment)]


def _loot_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    from .cards import take

    frame, answer = answered(state, action, Take)
    victim = frame.data["victim"]
    events = take(state, seat, seat_of(state, answer.colour), answer.card, "loot")
    return events + _discard_rest(state, victim) + run(state, chance)


def _loot_timeout(state: JudgementState, seat: Seat) -> Action | None:
    legal = _loot_legal(state, seat)
    return legal[0] if legal else None


register(FrameKind("loot", _loot_legal, _loot_apply, _loot_timeout, public=("by", "victim"),
                   why=lambda s, seat, a: IllegalAction("judgement_loot_one_card")))
