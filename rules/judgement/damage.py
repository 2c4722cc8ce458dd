"""Damage and healing: the one path by which a character's life marker moves (名詞解釋: 傷害).

The rulebook calls anything that lowers life 傷害 (c40), so every attack, skill, card, Order card
and location deals damage through `hurt`, heals through `heal`, and sets the marker through
`set_damage` (贈花, 急救). Here, and only here:

- e4, the order of modifiers: the base amount; then the attacker's weapon bonuses (屠刀, 鏈枷, 鏽斧,
  聖騎士之槍 for a 侍衛 whose identity is shown); then 聖袍 −1 (the attacker's and the target's);
  then the shields (守護天使: attacks deal 0; 鐵壁: everything deals 0); then the immunities
  (護身符: 蝙蝠群, 毒蜘蛛, 死亡陷阱; 幸運胸針: 煉金塔). Ruling 6: the bonuses and 聖袍 apply only to a
  hit (a base above 0); 聖袍 may bring a hit down to 0; nothing goes below 0.
- 瀕死狀態 (c37): when the marker reaches the character's HP the character is dying; a `Dying` goes
  on `state.deaths` for death.py (ruling 8). The marker stops at the end of the track (14).
- Ruling 6: healing never takes the marker below 0 (unhurt).
- Ruling 9, who caused it: an attack, or an effect whose user chose this victim, is *direct*; an
  area or chance effect (天雷, 死亡陷阱: the card's `kill_credit`) is *indirect*. Ruling (ours):
  damage a seat deals itself (毒蜘蛛's 2, 血戰's 2, 詛咒人偶 backfiring, 煉金塔 on yourself) is
  indirect, so nobody is rewarded and it is nobody's kill; ruling 9 lists "self-inflicted" as
  indirect and the reward (導致死亡) is for killing *another* character.
"""

from __future__ import annotations

from rules.core import Event, Seat

from .content import load
from .state import Dying, JudgementState
from .traits import equipped, hp

SHIELDS = {"attack": "guardian_angel", "all": "iron_wall"}
"""Player.shield values and what raised them (the public reason a hurt came to nothing)."""


def attack_bonus(state: JudgementState, seat: Seat) -> int:
    """The +N of `seat`'s weapons (c35: equipment stacks). 聖騎士之槍 counts only for a 侍衛 whose
    identity is shown (its card text), which is public, so the bonus never tells a secret."""
    player = state.players[seat]
    total = 0
    for card in equipped(state, seat, "attack_bonus"):
        need = card.effect.get("identity")
        if need is not None and player.identity != need:
            continue
        if card.effect.get("identity_shown") and not player.identity_shown:
            continue
        total += int(card.effect["amount"])
    return total


def _vestment(state: JudgementState, seat: Seat, key: str) -> int:
    """聖袍's change to attacks `seat` deals (`dealt`) or takes (`taken`)."""
    return sum(int(c.effect.get(key, 0)) for c in equipped(state, seat, "damage_modifier"))


def modified(
    state: JudgementState, target: Seat, amount: int, *, by: Seat | None, source: str, attack: bool
) -> tuple[int, str | None]:
    """The damage `target` really takes, and what stopped it (a card or skill id) if it came to 0
    by a shield or an immunity. e4's order; ruling 6 (modifiers only on a hit)."""
    n = max(0, amount)
    if attack and n > 0:
        if by is not None:
            n += attack_bonus(state, by)
            n += _vestment(state, by, "dealt")
        n += _vestment(state, target, "taken")
        n = max(0, n)
    player = state.players[target]
    if n > 0 and player.shield is not None and (player.shield == "all" or attack):
        return 0, SHIELDS.get(player.shield, player.shield)
    if n > 0:
        for card in equipped(state, target, "immune_to_cards"):
            if source in card.effect["cards"]:
                return 0, card.id
        for card in equipped(state, target, "immune_to_location"):
            if source == card.effect["location"]:
                return 0, card.id
    return n, None


def armour(state: JudgementState, target: Seat, amount: int, *, by: Seat | None,
           attack: bool) -> tuple[int, int, str] | None:
    """What the target's armour (聖袍's `taken`) did to an attack's hit: (the damage before it, after
    it, the card), or None when it changed nothing (no armour, a miss: ruling 6)."""
    if not attack or amount <= 0:
        return None
    cards = [c for c in equipped(state, target, "damage_modifier") if int(c.effect.get("taken", 0))]
    if not cards:
        return None
    n = amount + (attack_bonus(state, by) + _vestment(state, by, "dealt") if by is not None else 0)
    before, after = max(0, n), max(0, n + _vestment(state, target, "taken"))
    return (before, after, cards[0].id) if before != after else None


def is_direct(state: JudgementState, target: Seat, *, by: Seat | None, source: str, direct: bool) -> bool:
    """Ruling 9: direct only when the caller says the victim was chosen (or attacked), the card is
    not an indirect one (天雷, 死亡陷阱), and the victim is not the one who dealt it."""
    if by is None or by == target or not direct:
        return False
    card = load().cards.get(source)
    return card is None or card.kill_credit == "direct"


def _queue_dying(state: JudgementState, target: Seat, *, by: Seat | None, source: str, direct: bool,
                 attack: bool) -> list[Event]:
    """c37: the marker reached HP. Queue the death pipeline once per seat (the first cause counts)."""
    player = state.players[target]
    limit = hp(state, target)
    if not player.alive or limit <= 0 or player.damage < limit:
        return []
    if any(d.seat == target for d in state.deaths):
        return []
    state.deaths.append(
        Dying(
            seat=target,
            by=by,
            direct=is_direct(state, target, by=by, source=source, direct=direct),
            attack=attack and by is not None and by != target,
            source=source,
            batch=state.death_count + 1,
        )
    )
    return [Event("dying", {"seat": target})]


def hurt(
    state: JudgementState,
    target: Seat,
    amount: int,
    *,
    by: Seat | None,
    source: str,
    direct: bool,
    attack: bool = False,
) -> list[Event]:
    """Deal `amount` to `target` from `source` (`attack`, a card, skill or location id), caused by
    `by` (None: nobody). `direct` says the user chose this victim (ruling 9); `attack` that it is an
    attack's hit (the weapon bonuses, 聖袍 and 守護天使 apply). Emits a public `armour`
    {seat, card, before, after} when the target's 聖袍 took damage off the hit (`armour`), a `hurt`
    {seat, n, by, source, damage} (or `unhurt` {seat, by, source, why} when a shield or an immunity
    stopped it) and `dying` {seat} when the marker reaches HP (c37)."""
    player = state.players[target]
    if not player.alive:
        return []
    n, why = modified(state, target, amount, by=by, source=source, attack=attack)
    if why is not None:
        return [Event("unhurt", {"seat": target, "by": by, "source": source, "why": why})]
    armoured = armour(state, target, amount, by=by, attack=attack)
    events = [] if armoured is None else [
        Event("armour", {"seat": target, "card": armoured[2], "before": armoured[0], "after": armoured[1]})]
    track = load().track_max
    before = player.damage
    player.damage = min(track, before + n)
    events += [Event("hurt", {"seat": target, "n": player.damage - before, "by": by, "source": source,
                             "damage": player.damage})]
    return events + _queue_dying(state, target, by=by, source=source, direct=direct, attack=attack)


def heal(state: JudgementState, target: Seat, amount: int, *, by: Seat | None, source: str) -> list[Event]:
    """Heal `amount` of `target`'s damage, never below 0 (ruling 6). Public `healed`
    {seat, n, by, source, damage} with n the damage actually removed."""
    player = state.players[target]
    if not player.alive:
        return []
    before = player.damage
    player.damage = max(0, before - max(0, amount))
    return [Event("healed", {"seat": target, "n": before - player.damage, "by": by, "source": source,
                             "damage": player.damage})]


def set_damage(state: JudgementState, target: Seat, value: int, *, by: Seat | None, source: str) -> list[Event]:
    """Put `target`'s marker on `value` (贈花, 急救: 7). Public `damage_set` {seat, value, by, source}.
    A dying seat set below its HP is no longer dying; death.py sees that and drops its queued death
    (ruling 8: that is what a rescue is)."""
    player = state.players[target]
    if not player.alive:
        return []
    player.damage = max(0, min(load().track_max, value))
    events = [Event("damage_set", {"seat": target, "value": player.damage, "by": by, "source": source})]
    return events + _queue_dying(state, target, by=by, source=source, direct=by is not None, attack=False)
