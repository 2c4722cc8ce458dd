"""The attack step (攻擊): optional, one target in range, d6 − d4, and the skills that ride on it.

Rulebook (遊戲流程 3, 攻擊): "攻擊另一名攻擊距離範圍內的玩家（選擇執行）" (c20); "宣言攻擊對象為範圍內的一名
目標人物，同時扔出4面、6面骰子 ... 傷害值等於6面骰子數值減去4面骰子數值。數值小於等於0，視為攻擊未命中"
(c22); "宣言攻擊的對象，不可以是自己" (c23). Range is board.in_range (c21, 炮擊).

The `attack` frame asks the active seat: `attack <colour>` for each character in range, or `end`
(not with 妖刀 while anyone is in range). An attack then runs in stages (`state.attack.stage`),
resumed after every frame and every death it causes (death.run calls `resume`):

1. `reroll`: throw (e5: d4 first). 疾刃 and 妖刀 throw the d4 alone: the damage is its roll and it
   never misses. 連弩: the one roll hits every character in range.
2. `hits`: each target in seat order. A miss is a miss (c22). A hit goes through damage.hurt with
   `attack=True` (weapon bonuses, 聖袍, 守護天使, e4; ruling 6). 順手牽羊: when the hit would deal 2
   or more (after modifiers), the thief is asked `take <colour> <card>` or `hit` (`pilfer` frame).
   吸血: once the roll has dealt damage, the count heals 2.
3. `counter`: e1, the `counter` window asks every attacked survivor who could publicly be the 傭兵
   (skills.could_use); only the real one has `counter` among `pass`. 反擊 ignores range.
4. `again`: 血戰 offers `again` (pay 2, throw again at the same targets, repeatable) or `pass`.

- Ruling (ours): Deaths the attack causes are settled (rescue window, death) before the counter
  window: a target rescued by 贈花 has survived and may 反擊; a dead one may not.
- Ruling (ours): 反擊 is a plain attack on the attacker alone (its weapons and 妖刀 count; 連弩 does not
  spread it), and it is not itself answered by another 反擊, 血戰 or 順手牽羊.
- Ruling (ours): 血戰's 2 damage is paid first and is self-inflicted (indirect, ruling 9); if it
  brings the duelist down, that death is settled before the new throw, and a dead duelist throws
  nothing. With 連弩 the new throw hits every original target still alive.
- Ruling (ours): 吸血 heals 2 once per throw that dealt damage (連弩 hitting three heals 2, not 6).
"""

from __future__ import annotations

from rules.core import Action, Chance, Event, IllegalAction, Msg, Seat

from . import board, damage, reveal
from .actions import Again, AttackAction, Counter, End, Hit, Pass, Take
from .frames import FrameKind, asked, close, open_frame, register, waiting
from .skills import could_use, holds
from .state import COLOURS, Attack, JudgementState, seat_named, seat_of, seats_named, top
from .traits import equipped, has_skill, hp, skill


def begin(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """攻擊階段: open the `attack` frame if anyone is in range (c20, c21), else say so."""
    targets = board.in_range(state, seat)
    if not targets:
        return [Event("nobody_in_range", {"seat": seat})]
    open_frame(state, "attack", [seat], by=seat, targets=targets)
    return []


def forced(state: JudgementState, seat: Seat) -> bool:
    """妖刀: "you must attack each turn if anyone is in range"."""
    return bool(equipped(state, seat, "forced_attack_d4_only")) and bool(board.in_range(state, seat))


def d4_only(state: JudgementState, seat: Seat) -> bool:
    """疾刃 (skill) or 妖刀 (equipment): the d4 alone is thrown and is the damage."""
    return has_skill(state, seat, "attack_d4_only") or bool(equipped(state, seat, "forced_attack_d4_only"))


def throw(state: JudgementState, seat: Seat, chance: Chance) -> tuple[int, list[Event]]:
    """The attack dice (e5: the d4 first): the damage before modifiers and its public event, `dice`
    {seat, d4, d6, total, why: attack} (`total` is the damage rolled, d6 − d4), or `attack_die`
    {seat, d4} when the d4 alone is thrown (疾刃, 妖刀). `state.last_roll` holds either."""
    d4 = chance.roll(4)
    if d4_only(state, seat):
        state.last_roll = {"seat": seat, "d4": d4, "d6": None, "total": d4, "why": "attack"}
        return d4, [Event("attack_die", {"seat": seat, "d4": d4})]
    d6 = chance.roll(6)
    roll = {"seat": seat, "d4": d4, "d6": d6, "total": d6 - d4, "why": "attack"}
    state.last_roll = dict(roll)
    return d6 - d4, [Event("dice", roll)]


def resume(state: JudgementState, chance: Chance) -> list[Event]:
    """Carry the current attack on through its stages until a frame waits or it is done. Deaths
    come first: death.run settles them and calls back here."""
    from . import death

    events: list[Event] = []
    att = state.attack
    while att is not None and att.stage != "done" and state.phase != "over":
        if state.frames:
            return events
        if state.deaths:
            return events + death.run(state, chance)
        if att.stage == "reroll":
            events += _reroll(state, att, chance)
        elif att.stage == "hits":
            events += _hits(state, att, chance)
        elif att.stage == "counter":
            events += _counter_window(state, att)
        elif att.stage == "again":
            events += _again_window(state, att)
    return events


def _alive(state: JudgementState, seat: Seat) -> bool:
    return state.players[seat].alive


def _dying(state: JudgementState, seat: Seat) -> bool:
    return any(d.seat == seat for d in state.deaths) or state.players[seat].damage >= hp(state, seat)


def _reroll(state: JudgementState, att: Attack, chance: Chance) -> list[Event]:
    if not _alive(state, att.attacker):
        att.stage = "done"
        return []
    att.pending = [t for t in att.targets if _alive(state, t)]
    att.dealt = {}
    if not att.pending:
        att.stage = "done"
        return []
    att.base, events = throw(state, att.attacker, chance)
    assert state.last_roll is not None
    att.d4, att.d6 = state.last_roll["d4"], state.last_roll["d6"]
    att.stage = "hits"
    return events


def _hits(state: JudgementState, att: Attack, chance: Chance) -> list[Event]:
    """Resolve the pending targets one by one (順手牽羊 may stop to ask)."""
    events: list[Event] = []
    by = att.attacker
    while att.pending:
        target = att.pending.pop(0)
        if not _alive(state, target):
            continue
        if att.base <= 0:  # c22
            events.append(Event("missed", {"seat": by, "target": target}))
            continue
        n, _ = damage.modified(state, target, att.base, by=by, source="attack", attack=True)
        pilfer = skill(state, by, "steal_instead_of_damage")
        if pilfer is not None and n >= int(pilfer.effect["min_damage"]) and state.players[target].equipment:
            open_frame(state, "pilfer", [by], by=by, target=target, n=n)
            return events
        events += _strike(state, att, target)
    events += _bloodsuck(state, att)
    att.stage = "counter"
    return events


def _strike(state: JudgementState, att: Attack, target: Seat) -> list[Event]:
    before = state.players[target].damage
    events = damage.hurt(state, target, att.base, by=att.attacker, source="attack", direct=True, attack=True)
    att.dealt[target] = state.players[target].damage - before
    return events


def _bloodsuck(state: JudgementState, att: Attack) -> list[Event]:
    """吸血: the roll dealt damage: heal 2 (once per throw)."""
    sk = skill(state, att.attacker, "heal_on_hit")
    if sk is None or not any(att.dealt.values()):
        return []
    return damage.heal(state, att.attacker, int(sk.effect["amount"]), by=att.attacker, source=sk.id)


def _counter_window(state: JudgementState, att: Attack) -> list[Event]:
    """e1: every attacked survivor who could publicly be the 傭兵 is asked (the attacker lives)."""
    att.stage = "again"
    if not _alive(state, att.attacker):
        return []
    seats = [
        t for t in att.targets
        if _alive(state, t) and not _dying(state, t) and could_use(state, t, "counterattack")
    ]
    if seats:
        open_frame(state, "counter", seats, by=att.attacker)
    return []


def _again_window(state: JudgementState, att: Attack) -> list[Event]:
    """血戰: after the attack, `again` (pay 2, attack the same target again) or `pass`."""
    att.stage = "done"
    if not _alive(state, att.attacker) or _dying(state, att.attacker):
        return []
    if not has_skill(state, att.attacker, "attack_again"):
        return []
    if any(_alive(state, t) and not _dying(state, t) for t in att.targets):
        open_frame(state, "again", [att.attacker], by=att.attacker, targets=list(att.targets))
    return []


def counterstrike(state: JudgementState, seat: Seat, attacker: Seat, chance: Chance) -> list[Event]:
    """反擊: `seat` attacks `attacker` at once, whatever the range (a plain attack, module rulings)."""
    events = [Event("counterattacked", {"seat": seat, "target": attacker})]
    base, dice = throw(state, seat, chance)
    events += dice
    if base <= 0:
        return [*events, Event("missed", {"seat": seat, "target": attacker})]
    return events + damage.hurt(state, attacker, base, by=seat, source="attack", direct=True, attack=True)


# --------------------------------------------------------------------------- the attack frame


def _attack_legal(state: JudgementState, seat: Seat) -> list[Action]:
    actions: list[Action] = [AttackAction(COLOURS[t]) for t in board.in_range(state, seat)]
    if not forced(state, seat):
        actions.append(End())
    return actions


def _attack_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    close(state, frame)
    if isinstance(action, End):
        return [Event("no_attack", {"seat": seat})]
    assert isinstance(action, AttackAction)
    target = seat_of(state, action.colour)
    targets = board.in_range(state, seat) if equipped(state, seat, "attack_all_in_range") else [target]
    state.attack = Attack(attacker=seat, targets=targets, stage="reroll")
    return [Event("attacks", {"seat": seat, "targets": targets}), *resume(state, chance)]


def _attack_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    if isinstance(action, AttackAction):
        target = seat_of(state, action.colour)
        reach = board.in_range(state, seat)
        players = seats_named(reach) if reach else Msg("judgement.refusal.nobody")
        if target == seat:
            return IllegalAction("judgement_attack_self", players=players)  # c23
        if not state.players[target].alive:
            return IllegalAction("judgement_target_dead", target=seat_named(target), players=players)
        return IllegalAction("judgement_out_of_range", target=seat_named(target), players=players)  # c21
    if isinstance(action, End) and forced(state, seat):
        return IllegalAction("judgement_must_attack")  # 妖刀
    return IllegalAction("judgement_attack_or_end")


register(FrameKind("attack", _attack_legal, _attack_apply, public=("by", "targets"), why=_attack_why))


# --------------------------------------------------------------------------- 順手牽羊


def _pilfer_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    target = frame.data["target"]
    cards = dict.fromkeys(state.players[target].equipment)
    return [*(Take(COLOURS[target], c) for c in cards), Hit()]


def _pilfer_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    from .cards import take

    frame = waiting(state)
    assert state.attack is not None
    close(state, frame)
    target = frame.data["target"]
    if isinstance(action, Take):
        events = take(state, seat, target, action.card, "pilfer")
    else:
        events = _strike(state, state.attack, target)
    return events + resume(state, chance)


def _pilfer_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    return IllegalAction("judgement_pilfer_take_or_hit")


register(FrameKind("pilfer", _pilfer_legal, _pilfer_apply, lambda s, seat: Hit(), public=("by", "target", "n"),
                   why=_pilfer_why))


# --------------------------------------------------------------------------- 反擊


def _counter_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    actions: list[Action] = [Pass()]
    if holds(state, seat, "counterattack") and _alive(state, frame.data["by"]):
        actions.insert(0, Counter())
    return actions


def _counter_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    frame.passed.append(seat)
    events: list[Event] = []
    if isinstance(action, Counter):
        events += reveal.reveal(state, seat, chance)
        events += counterstrike(state, seat, frame.data["by"], chance)
    if not asked(frame) and frame in state.frames:
        close(state, frame)
        events += resume(state, chance)
    return events


register(FrameKind("counter", _counter_legal, _counter_apply, lambda s, seat: Pass(), public=("by",),
                   why=lambda s, seat, a: IllegalAction("judgement_counter_or_pass")))


# --------------------------------------------------------------------------- 血戰


def _again_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Again(), Pass()]


def _again_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = top(state)
    att = state.attack
    assert frame is not None and att is not None
    close(state, frame)
    if isinstance(action, Pass):
        return []
    sk = skill(state, seat, "attack_again")
    cost = int(sk.effect["self_damage"]) if sk is not None else 2
    att.again += 1
    att.stage = "reroll"
    events = [Event("attacks_again", {"seat": seat, "targets": list(att.targets)})]
    events += damage.hurt(state, seat, cost, by=seat, source="blood_duel", direct=False)
    return events + resume(state, chance)


register(FrameKind("again", _again_legal, _again_apply, lambda s, seat: Pass(), public=("by", "targets"),
                   why=lambda s, seat, a: IllegalAction("judgement_again_or_pass")))
