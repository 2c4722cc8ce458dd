"""What a seat plays for (the AI's stance): whom it wants hurt, what a kill is worth to it, which
equipment and places it wants, and how much it fears for its own life.

A 侍衛 or 刺客 plays its faction's goal (遊戲結束, c10: every seat of the other faction dead), and
ignores its character's goal (注意1, c12). A 平民 plays its character's goal (c11, N6.5),
one scorer per goal id (`content.GOALS`), each adding to the survival term every Commoner has:

- alive at the end (白妖精, 賣花女 with a rescue, 隱女 never face up): hurt nobody much, fear a lot;
- equipment (神偷 any 5, 血伯爵 3 Dark, 盜墓人 3 named Holy cards): those cards are worth a lot;
- kills (劊子手 3 dead, 決鬥者 a kill once 3 are dead, 女劍士 2 attack kills, 傭兵 an attack kill of
  HP 13+ or 黑市 at the end): everyone is fair game, a kill is worth more than its damage;
- 藥劑師 (first to die, or among the last two): before the first death, dying is no loss;
- 宮廷術士 (every 侍衛 dead, alive): as a 刺客 who spares the 刺客; 禁衛隊長 (every 刺客 dead, or
  first to die): as a 侍衛;
- 審判官 (a character it sealed dies while it lives): the sealed seat is its target;
- 修女 (the seat before her wins; after 託付 the seat after): as her neighbour's faction, and she
  protects that neighbour.

The stance is per identity and per seat: `weight[g]` is what one damage point on a seat of
identity g is worth, `extra[t]` adds a seat's own worth (the neighbour, the sealed seat), so the AI
can weigh an Order card's outcome identity by identity (ai.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .ai_belief import ASSASSIN, COMMONER, GUARD, Belief
from .content import IDENTITIES, Effect, load

FACTION_WEIGHT = {
    GUARD: {GUARD: -1.0, ASSASSIN: 1.0, COMMONER: 0.3},
    ASSASSIN: {GUARD: 1.0, ASSASSIN: -1.0, COMMONER: 0.3},
}
"""One damage point on a seat of each identity, to a 侍衛 and a 刺客 (c10). A 平民 is nobody's ally
and may end the game with its own goal first (c9, c11): against random seats, 0.3 won 25-26 of 40
nine-seat games per faction where 0 won 21-24 (bench/judgement_ai.py strength, same seeds)."""
KILL = 4.0
"""A kill's worth beyond its damage, in damage points, per unit of hostility."""
EQUIPMENT = {
    "attack_bonus": 1.2,
    "damage_modifier": 1.5,
    "immune_to_cards": 0.6,
    "immune_to_location": 0.4,
    "move_roll_twice": 0.6,
    "loot_all": 0.5,
    "range_outside": 0.4,
    "attack_all_in_range": 1.2,
    "forced_attack_d4_only": 0.3,
}
"""What one equipment card is worth to a fighter, by its effect (c35: stacking, compulsory)."""
WEAPONS = ("attack_bonus", "attack_all_in_range", "range_outside", "forced_attack_d4_only")


@dataclass
class Stance:
    """What `seat` plays for; see the module docstring."""

    weight: dict[str, float]
    """Worth of one damage point on a seat, by that seat's identity."""
    extra: dict[int, float] = field(default_factory=dict)
    """A seat's own worth per damage point, on top of its identity's."""
    kill: float = KILL
    """A kill's worth beyond its damage, per unit of hostility (at least `kill_floor`)."""
    kill_floor: float = 0.0
    """A kill's worth whatever the hostility (kill goals)."""
    attack_kill: dict[int, float] = field(default_factory=dict)
    """Extra worth of killing a seat by this seat's attack (女劍士, 傭兵)."""
    caution: float = 1.0
    """How much this seat's own damage costs (2: its goal is to be alive; 0: dying is no loss)."""
    wanted: dict[str, float] = field(default_factory=dict)
    """Extra worth of owning particular equipment cards (equipment goals)."""
    places: dict[str, float] = field(default_factory=dict)
    """Extra worth of ending the turn on a location (傭兵's 黑市)."""
    fighter: bool = True
    """Weapons are worth their full value."""
    hide: float = 1.0
    """Cost of turning the character face up (c26; 隱女's goal makes it huge)."""
    seal_target: bool = False
    """審判官 (Commoner): sealing the likeliest to die pays."""

    def hate(self, belief: Belief, seat: int) -> float:
        """Worth of one damage point on `seat` (negative: an ally)."""
        m = belief.marginals[seat]
        return sum(m[i] * self.weight[g] for i, g in enumerate(IDENTITIES)) + self.extra.get(seat, 0.0)

    def hate_as(self, seat: int, identity: str) -> float:
        """Worth of one damage point on `seat` if its identity is `identity`."""
        return self.weight[identity] + self.extra.get(seat, 0.0)

    def equipment(self, card: str, mine: str | None, shown: bool) -> float:
        """What owning `card` is worth to this seat."""
        c = load().cards[card]
        base = EQUIPMENT.get(c.effect.id, 0.3)
        if c.effect.get("identity"):  # 聖騎士之槍: +2 for a 侍衛 who shows it
            base = (2.0 if shown else 1.2) if mine == c.effect["identity"] else 0.3
        if not self.fighter and c.effect.id in WEAPONS:
            base *= 0.4
        return base + self.wanted.get(card, 0.0)


def stance(view: Mapping[str, Any], belief: Belief) -> Stance:
    """What the viewing seat plays for (module docstring)."""
    me = view.get("me") or {}
    seat = view.get("seat")
    identity = me.get("identity")
    if identity in FACTION_WEIGHT:
        return Stance(weight=dict(FACTION_WEIGHT[identity]))
    character = me.get("character")
    if identity != COMMONER or not character or seat is None:
        return Stance(weight={g: 0.0 for g in IDENTITIES}, caution=1.5, fighter=False)
    goal = load().characters[character].goal
    out = Stance(weight={g: 0.0 for g in IDENTITIES}, caution=1.5, fighter=False, kill=1.0)
    goals = list(goal["goals"]) if goal.id == "any_of" else [goal]
    for g in goals:
        _GOALS[g.id](out, g, view, belief)
    if character == "veiled_lady":
        out.hide = 50.0
    return out


def _everyone(out: Stance, weight: float, kill: float) -> None:
    for g in IDENTITIES:
        out.weight[g] = max(out.weight[g], weight)
    out.kill_floor = max(out.kill_floor, kill)
    out.fighter = True


def _alive(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """白妖精, 賣花女, 隱女: be alive when it ends."""
    out.caution = max(out.caution, 2.0)


def _neighbour(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """修女: win with the seat before her (after 託付, after her): play its faction, guard it."""
    me = view["me"]
    order = view["turn_order"]
    entrusted = "entrust" in view["players"][me["seat"]]["used"]
    offset = int(goal.get("entrust_offset" if entrusted else "offset", -1))
    mate = order[(order.index(me["seat"]) + offset) % len(order)]
    m = belief.marginals[mate]
    for g in (GUARD, ASSASSIN):
        mix = sum(m[i] * FACTION_WEIGHT[h][g] for i, h in enumerate(IDENTITIES) if h in FACTION_WEIGHT)
        out.weight[g] = mix
    out.extra[mate] = out.extra.get(mate, 0.0) - 2.0
    out.kill = KILL
    out.fighter = True


def _equipment(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """神偷 (any 5), 血伯爵 (3 Dark), 盜墓人 (3 of the named Holy cards): those cards are worth a lot."""
    cards = load().cards
    names = goal.get("cards")
    pack = goal.get("pack")
    for c in cards.values():
        if c.kind != "equipment":
            continue
        if (names is None or c.id in names) and (pack is None or c.pack == pack):
            out.wanted[c.id] = 2.5
    _everyone(out, 0.3, 0.5)


def _sealed(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """審判官: a character it sealed dies while it lives."""
    seat = view["seat"]
    out.seal_target = True
    sealed = "seal" in view["players"][seat]["used"]
    for p in view["players"]:
        if sealed and p["sealed"] and p["alive"] and p["seat"] != seat:
            out.extra[p["seat"]] = 1.5
    out.kill_floor = max(out.kill_floor, 1.0)
    out.fighter = True


def _dead_count(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """劊子手: 3 dead and alive."""
    _everyone(out, 0.6, 3.0)


def _first_to_die(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """藥劑師, 禁衛隊長: the first to die wins, so before any death dying costs little."""
    if not view["dead_order"]:
        out.caution = min(out.caution, 0.3)


def _last_alive(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """藥劑師: among the last two alive."""
    _everyone(out, 0.5, 2.0)
    if view["dead_order"]:
        out.caution = max(out.caution, 2.0)


def _faction_dead(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """宮廷術士 (every 侍衛 dead), 禁衛隊長 (every 刺客 dead): hunt that faction, alive."""
    out.weight[str(goal["identity"])] = 1.0
    out.kill = KILL
    out.fighter = True


def _kill_total(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """決鬥者: a direct kill once the dead (the victim included) number 3."""
    dead = len(view["dead_order"])
    _everyone(out, 0.4, 6.0 if dead + 1 >= int(goal["count"]) else 1.5)


def _attack_kills(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """女劍士 (2 attack kills): everyone is fair game. 傭兵 (1 attack kill of HP 13 or more): the
    face-up characters of HP 13+ are (a face-down one's HP is a guess)."""
    min_hp = int(goal.get("min_hp", 0))
    _everyone(out, 0.1 if min_hp else 0.4, 1.0)
    for p in view["players"]:
        if p["seat"] == view["seat"] or not p["alive"]:
            continue
        if min_hp and (p["hp"] is None or p["hp"] < min_hp):
            continue
        out.attack_kill[p["seat"]] = 6.0
        if min_hp:
            out.extra[p["seat"]] = out.extra.get(p["seat"], 0.0) + 0.6


def _at_location(out: Stance, goal: Effect, view: Mapping[str, Any], belief: Belief) -> None:
    """傭兵: on 黑市 when the game ends."""
    out.places[str(goal["location"])] = 1.5
    out.caution = max(out.caution, 1.5)


_GOALS = {
    "alive_at_end": _alive,
    "alive_with_saved_at_end": _alive,
    "alive_never_revealed_at_end": _alive,
    "neighbour_wins": _neighbour,
    "own_equipment": _equipment,
    "own_named_cards": _equipment,
    "sealed_dies_while_alive": _sealed,
    "dead_count_alive": _dead_count,
    "first_to_die": _first_to_die,
    "among_last_alive": _last_alive,
    "faction_dead_alive": _faction_dead,
    "kill_with_dead_total": _kill_total,
    "attack_kills": _attack_kills,
    "at_location_at_end": _at_location,
}
"""One scorer per Commoner goal id (content.GOALS; `any_of` applies each of its goals)."""
