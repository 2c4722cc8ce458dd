"""A computer player for The City of Judgement: plays its faction's goal from what it can infer,
or its Commoner goal (P6).

Entry point: `choose(game, state, seat, rng=None) -> Action`, also `PLUGIN.ai`. It reads ONLY
`game.view(state, seat)` (its own identity, character, Order cards and spied identities, and the
public board) and the legal actions the engine lists; it is deterministic given those (an
optional `random.Random` breaks ties). Every action is scored (`Seen.value`) in damage points:

- belief (ai_belief.py): exact marginals P(seat t is 侍衛/刺客/平民) from the view's evidence;
- stance (ai_goals.py): what one damage point on a seat of each identity is worth to this seat, a
  kill's worth, wanted equipment and places, and how much its own life costs;
- the dice: an attack deals d6 − d4 (c22: 0 or less misses) plus weapons, less 聖袍, nothing
  through a shield (e4); 疾刃/妖刀 deal the d4 alone; a move is d4 + d6 (c15, 7 anywhere, c16,
  the own location thrown again, c17).

Decisions, by what the engine asks (frame kinds registered in rules/judgement/*.py):
- `pick`: the character worth most to the identity dealt (HP, fighting skills, an easy goal);
- the move (`roll`, 翩躚's `go`, the `go` frame after a 7 or 星盤): the location worth most: its
  effect (cards by need: Holy when hurt, Dark to fight, Orders to probe; 煉金塔 on a likely enemy
  or to heal; 黑市 to take the best equipment) and the attack it allows next;
- `attack`: the target in range with the best expected worth (damage × hostility + kill bonus);
  `end` when nothing is worth it; 反擊 (`counter`), 血戰 (`again`), 順手牽羊 (`pilfer`) likewise;
- `give` (an Order card): the recipient whose likely answer is worth most (a damaging bet on a
  likely enemy, a healing bet on a likely ally, 密探令 on the most uncertain seat); `obey`:
  truthfully (c29); paying the least useful equipment when that beats the damage (ruling 13);
  隱女 `pose`s as the identity that avoids damage (never to 密探令: the engine refuses it);
- `card_target`, `skill_target`, `alchemy`, `card_take`, `loot`, `dig`, `slip`: by the worth of
  each outcome; `show`: show an identity only for a heal that pays for the exposure (王命, 黑彌撒)
  or 聖騎士之槍's +2 against a known enemy; `reveal_offer` (蜂蜜蛋糕) likewise;
- `rescue`: 贈花 on an ally (or on anyone when the 賣花女's own goal needs a rescue); 禱告 when dying;
- `reveal` (any time, e2): only when a skill pays now (雷咒 on a good target, 疾刃 before an
  attack, 禱告/調藥 when hurt, 公開處刑 and 封印 at the turn's start, 掘墓 for wanted equipment);
  a face-down character is safer, and 隱女 never reveals;
- `turn_end` (鐵壁) when low; `declare` (variant): always; `vanish` (遁): skip a bad location.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import SimpleNamespace
from typing import Any

from rules.core import Action, Seat, best_action, only_choice

from . import board
from .ai_belief import ASSASSIN, GUARD, Belief, order_result
from .ai_goals import Stance, stance
from .content import IDENTITIES, load
from .state import COLOURS

DEATH = 8.0
"""What this seat's own death costs, in damage points, per unit of caution."""
REVEAL = 1.5
"""What turning the character face up costs when nothing pays for it (a hidden character is safer)."""
SECRECY = 2.0
"""What showing the identity costs a 侍衛 or 刺客 (every enemy then knows where to aim)."""
TIE = 1e-3


@cache
def attack_roll() -> tuple[tuple[float, int], ...]:
    """d6 − d4 as (probability, base damage), misses (c22) as 0."""
    out: dict[int, float] = {}
    for d4 in range(1, 5):
        for d6 in range(1, 7):
            k = max(0, d6 - d4)
            out[k] = out.get(k, 0.0) + 1 / 24
    return tuple(sorted((p, k) for k, p in out.items()))


D4 = tuple((0.25, k) for k in range(1, 5))
D6 = tuple((1 / 6, k) for k in range(1, 7))


@cache
def move_roll() -> tuple[tuple[float, int], ...]:
    """d4 + d6 as (probability, total)."""
    out: dict[int, float] = {}
    for d4 in range(1, 5):
        for d6 in range(1, 7):
            out[d4 + d6] = out.get(d4 + d6, 0.0) + 1 / 24
    return tuple((p, t) for t, p in sorted(out.items()))


def choose(game: Any, state: Any, seat: Seat, rng: random.Random | None = None) -> Action:
    """An action for `seat`, which must be one that may act now."""
    legal = game.legal_actions(state, seat)
    if (only := only_choice(seat, legal)) is not None:
        return only
    seen = Seen.of(game.view(state, seat))
    return best_action(legal, seen.value, rng)


@dataclass
class Seen:
    """What the seat knows (its view), with the belief and stance built from it."""

    view: Mapping[str, Any]
    seat: int
    me: Mapping[str, Any]
    players: list[Mapping[str, Any]]
    belief: Belief
    stance: Stance
    _kept: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    """Answers already worked out for this decision (`harm`, `attack_dist`, `place_worth`, the
    characters seen): the view does not change while the seat decides, and a move weighs the same
    places and attacks for every throw that reaches them."""

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Seen:
        belief = Belief.of(view)
        return cls(view, view["seat"], view["me"], view["players"], belief, stance(view, belief))

    # ------------------------------------------------------------------ facts

    @property
    def frame(self) -> Mapping[str, Any]:
        return self.view.get("frame") or {}

    @property
    def kind(self) -> str | None:
        return self.frame.get("kind")

    def colour(self, colour: str) -> int:
        return COLOURS.index(colour)

    def living(self) -> list[int]:
        return [p["seat"] for p in self.players if p["alive"]]

    def others(self) -> list[int]:
        return [s for s in self.living() if s != self.seat]

    def hp(self, t: int) -> int | None:
        if t == self.seat:
            return self.me.get("hp")
        return self.players[t]["hp"]

    def hp_candidates(self, t: int) -> list[int]:
        """The HPs `t`'s character may have: its own if public, else any character not seen."""
        known = self.hp(t)
        if known is not None:
            return [known]
        return list(_hidden_hps(self._seen_characters()))

    def _seen_characters(self) -> frozenset[str]:
        kept: frozenset[str] | None = self._kept.get(("seen",))
        if kept is None:
            seen = {p["character"] for p in self.players if p["character"]}
            if self.me.get("character"):
                seen.add(self.me["character"])
            kept = self._kept[("seen",)] = frozenset(seen)
        return kept

    def damage(self, t: int) -> int:
        return int(self.players[t]["damage"])

    def remaining(self) -> int:
        """This seat's own life left."""
        return max(1, (self.me.get("hp") or 10) - self.damage(self.seat))

    def equipment(self, t: int) -> list[str]:
        return list(self.players[t]["equipment"])

    def character(self, t: int) -> str | None:
        return self.me.get("character") if t == self.seat else self.players[t]["character"]

    def revealed(self, t: int) -> bool:
        return bool(self.players[t]["revealed"])

    def has(self, t: int, effect: str) -> int:
        cards = load().cards
        return sum(1 for c in self.equipment(t) if cards[c].effect.id == effect)

    def hate(self, t: int) -> float:
        return self.stance.hate(self.belief, t)

    def skill_live(self, t: int, skill: str) -> bool:
        """`t` is face up with this skill, unsealed and (once per game) unused."""
        p = self.players[t]
        if not p["revealed"] or p["sealed"] or not p["alive"] or (cid := self.character(t)) is None:
            return False
        char = load().characters[cid]
        sk = next((s for s in char.skills if s.id == skill), None)
        return sk is not None and not (sk.once_per_game and skill in p["used"])

    def my_skill(self, skill: str, face_up: bool = False) -> bool:
        """This seat's character has `skill`, unsealed and unused (`face_up`: usable as it stands)."""
        char = self.me.get("character")
        if not char:
            return False
        sk = next((s for s in load().characters[char].skills if s.id == skill), None)
        p = self.players[self.seat]
        if sk is None or p["sealed"] or (sk.once_per_game and skill in p["used"]):
            return False
        return p["revealed"] or not face_up

    # ------------------------------------------------------------------ geometry (board.py on the view)

    def _board(self) -> Any:
        return SimpleNamespace(ring=self.view["ring"], variants=self.view["variants"])

    def zone(self, t: int, at: str | None = None) -> list[str]:
        """Where `t` can attack from `at` (its own location by default): c21, 炮擊."""
        at = at if at is not None else self.players[t]["at"]
        if at is None:
            return []
        near = board.reach(self._board(), at)
        if self.has(t, "range_outside"):
            return [loc for loc in self.view["ring"] if loc not in near]
        return near

    def in_range(self, t: int, at: str | None = None) -> list[int]:
        zone = self.zone(t, at)
        return [s for s in self.living() if s != t and self.players[s]["at"] in zone]

    # ------------------------------------------------------------------ worth of damage and healing

    def self_cost(self, n: float) -> float:
        """What `n` damage to this seat costs it."""
        if n <= 0:
            return 0.0
        left = self.remaining()
        caution = self.stance.caution
        if n >= left:
            return n + DEATH * caution
        return n * caution * (0.5 + 2.0 / left)

    def kill_worth(self, t: int, by_attack: bool = False) -> float:
        h = self.hate(t)
        worth = self.stance.kill * h if h < 0 else max(self.stance.kill * h, self.stance.kill_floor)
        if by_attack:
            worth += self.stance.attack_kill.get(t, 0.0)
        return worth

    def harm(self, t: int, dist: tuple[tuple[float, int], ...], by_attack: bool = False) -> float:
        """Worth of `t` taking damage drawn from `dist` ((probability, amount) pairs)."""
        key = ("harm", t, dist, by_attack)
        worth: float | None = self._kept.get(key)
        if worth is None:
            worth = self._kept[key] = self._harm(t, dist, by_attack)
        return worth

    def _harm(self, t: int, dist: tuple[tuple[float, int], ...], by_attack: bool) -> float:
        if t == self.seat:
            return -sum(p * self.self_cost(n) for p, n in dist)
        h = self.hate(t)
        kill = self.kill_worth(t, by_attack)
        lives = [max(1, hp - self.damage(t)) for hp in self.hp_candidates(t)] or [5]
        total = 0.0
        for p, n in dist:
            if n <= 0:
                continue
            for left in lives:
                total += p / len(lives) * (h * min(n, left) + (kill if n >= left else 0.0))
        return total

    def mend(self, t: int, n: float) -> float:
        """Worth of `t` healing `n`."""
        healed = min(n, self.damage(t))
        if healed <= 0:
            return 0.0
        if t == self.seat:
            left = self.remaining()
            return healed * self.stance.caution * (0.5 + 2.0 / left) + (2.0 if left <= 3 else 0.0)
        return -self.hate(t) * healed

    def attack_dist(self, attacker: int, target: int, d4_only: bool | None = None) -> tuple[tuple[float, int], ...]:
        """The damage `attacker`'s attack deals `target` (e4: bonuses and 聖袍 on a hit, shields)."""
        key = ("attack_dist", attacker, target, d4_only)
        dist: tuple[tuple[float, int], ...] | None = self._kept.get(key)
        if dist is None:
            dist = self._kept[key] = self._attack_dist(attacker, target, d4_only)
        return dist

    def _attack_dist(self, attacker: int, target: int, d4_only: bool | None) -> tuple[tuple[float, int], ...]:
        shield = self.players[target]["shield"]
        if shield is not None:
            return ((1.0, 0),)
        if d4_only is None:
            d4_only = self.has(attacker, "forced_attack_d4_only") > 0 or self.skill_live(attacker, "swift_blade")
        cards = load().cards
        bonus = 0
        shown = self.players[attacker]["identity"]
        for c in self.equipment(attacker):
            eff = cards[c].effect
            if eff.id == "attack_bonus":
                if eff.get("identity") and not (shown == eff["identity"]):
                    continue
                bonus += int(eff["amount"])
        bonus -= self.has(attacker, "damage_modifier") + self.has(target, "damage_modifier")
        base = D4 if d4_only else attack_roll()
        return tuple((p, max(0, k + bonus) if k > 0 else 0) for p, k in base)

    def attack_worth(self, target: int, d4_only: bool | None = None, at: str | None = None) -> float:
        """Worth of attacking `target` now (連弩: everyone in range); a possible 反擊 costs a little."""
        targets = [target]
        if self.has(self.seat, "attack_all_in_range"):
            targets = self.in_range(self.seat, at)
        worth = sum(self.harm(t, self.attack_dist(self.seat, t, d4_only), by_attack=True) for t in targets)
        if self._may_counter(target):
            worth -= 0.4 * self.self_cost(1.4)
        if self.stance.wanted and self.my_skill("pilfer", face_up=True) and self.equipment(target):
            worth += 0.5 * max(self.gain(c) for c in self.equipment(target))
        return worth

    def _may_counter(self, t: int) -> bool:
        char = self.character(t)
        if char is not None:
            return char == "mercenary" and not self.players[t]["sealed"]
        return "mercenary" not in self._seen_characters()

    def best_attack(self, at: str | None = None) -> float:
        """The best attack this seat could make from `at` (0: none worth making)."""
        targets = self.in_range(self.seat, at)
        return max([0.0, *(self.attack_worth(t, at=at) for t in targets)])

    # ------------------------------------------------------------------ equipment

    def gain(self, card: str) -> float:
        me = self.me.get("identity")
        return self.stance.equipment(card, me, self.players[self.seat]["identity"] is not None)

    def take_worth(self, victim: int, card: str) -> float:
        loss = 0.0 if victim == self.seat else max(0.0, self.hate(victim)) * 0.5 * self.gain(card)
        return self.gain(card) + loss

    # ------------------------------------------------------------------ places and draws

    def pack_worth(self, pack: str) -> float:
        """What drawing from a pack is worth now (c19: 廣場 chooses one)."""
        if pack == "order":
            return self.order_draw_worth()
        rest = _remaining(pack, self.view)
        if not rest:
            return 0.0
        wanted = sum(self.stance.wanted.get(c, 0.0) for c in rest) / len(rest)
        hurt = min(self.damage(self.seat), 4)
        if pack == "holy":
            return 0.6 + 0.35 * hurt * self.stance.caution + wanted
        return (1.0 if self.stance.fighter else 0.2) + wanted - (0.3 if self.remaining() <= 3 else 0.0)

    def order_draw_worth(self) -> float:
        uncertain = sum(self.belief.entropy(t) for t in self.others())
        return min(1.2, 0.2 + 0.25 * uncertain) if self.stance.fighter else 0.2

    def effect_worth(self, loc: str) -> float:
        """The location's own effect for this seat (N6.4)."""
        eff = load().locations[loc].effect
        if eff.id == "draw_order_and_give":
            return self.order_draw_worth()
        if eff.id == "choose_draw":
            return max(self.pack_worth(p) for p in eff["packs"])
        if eff.id == "draw":
            return self.pack_worth(str(eff["pack"]))
        if eff.id == "damage_or_heal":
            hurt = [self.alchemy_hurt(t) for t in self.living()]
            heal = [self.mend(t, int(eff["heal"])) for t in self.living()]
            return max([0.0, *hurt, *heal])
        if eff.id == "take_equipment":
            options = [self.take_worth(s, c) for s in self.others() for c in self.equipment(s)]
            return max([0.0, *options])
        return 0.0

    def place_worth(self, loc: str, effect: bool = True) -> float:
        """Going to `loc`: its effect, the attack it allows next, and the goal's places."""
        key = ("place", loc, effect)
        kept: float | None = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = self._place_worth(loc, effect)
        return kept

    def _place_worth(self, loc: str, effect: bool) -> float:
        worth = self.stance.places.get(loc, 0.0)
        if effect:
            if self.my_skill("vanish", face_up=True):
                worth += max(0.0, self.effect_worth(loc))
            else:
                worth += self.effect_worth(loc)
        return worth + 0.8 * self.best_attack(loc)

    def roll_worth(self) -> float:
        """The move's throw (c15-c17): the expected worth of where the dice send this seat."""
        here = self.players[self.seat]["at"]
        others = [loc for loc in self.view["ring"] if loc != here]
        best_other = max(self.place_worth(loc) for loc in others) if others else 0.0
        total, weight = 0.0, 0.0
        for p, t in move_roll():
            found = load().location_for_roll(t)
            if found is None:
                total, weight = total + p * best_other, weight + p
            elif found.id != here:
                total, weight = total + p * self.place_worth(found.id), weight + p
        return total / weight if weight else 0.0

    # ------------------------------------------------------------------ Order cards

    def order_card(self) -> str | None:
        private = self.me.get("frame") or {}
        return private.get("card") or self.me.get("order")

    def order_outcome(self, card: str, t: int, identity: str) -> float:
        """Worth of giving `card` to `t` if `t` has `identity` (c29: answered truthfully)."""
        c = load().cards[card]
        hps = self.hp_candidates(t)
        damaged = self.damage(t) > 0
        results: dict[str, float] = {}
        for hp in hps:
            for r in order_result(card, identity, hp, damaged):
                results[r] = results.get(r, 0.0) + 1 / len(hps) / len(order_result(card, identity, hp, damaged))
        h = self.stance.hate_as(t, identity)
        worth = 0.0
        for r, p in results.items():
            if r == "hurt":
                amount = int(c.effect["amount"] if "amount" in c.effect.params else c.effect["damage"])
                worth += p * h * amount
            elif r == "healed":
                worth += p * -h * int(c.effect["amount"])
            elif r == "paid":
                worth += p * (0.7 * min((self.gain(x) for x in self.equipment(t)), default=0.0) + 0.3 * h)
            elif r == "shown_secretly":
                worth += p * 1.5 * self.belief.entropy(t)
        return worth

    def give_worth(self, t: int) -> float:
        card = self.order_card()
        if card is None:
            return 0.0
        m = self.belief.marginals[t]
        if load().cards[card].effect.id == "show_identity_to_drawer":
            return 1.5 * self.belief.entropy(t)
        return sum(m[i] * self.order_outcome(card, t, g) for i, g in enumerate(IDENTITIES) if m[i] > 0)

    def answer_worth(self, identity: str, then_pay: bool = False) -> float:
        """Worth to this seat of answering its Order card as `identity` (c29, ruling 13): `obey`
        takes the damage; a pose that makes the bet hold may still pay instead (`then_pay`)."""
        card = self.order_card()
        if card is None:
            return 0.0
        c = load().cards[card]
        results = order_result(card, identity, self.me.get("hp") or 10, self.damage(self.seat) > 0)
        if "hurt" in results:
            amount = int(c.effect["amount"] if "amount" in c.effect.params else c.effect["damage"])
            worth = -self.self_cost(amount)
            if then_pay and "paid" in results and self.equipment(self.seat):
                worth = max(worth, max(self.pay_worth(x) for x in self.equipment(self.seat)))
            return worth
        if "healed" in results:
            return self.mend(self.seat, int(c.effect["amount"]))
        return 0.0

    def pay_worth(self, card: str) -> float:
        giver = (self.frame or {}).get("giver")
        worth = -self.gain(card)
        if giver is not None:
            worth -= max(0.0, self.hate(giver)) * 0.5 * self.gain(card)
        return worth

    # ------------------------------------------------------------------ cards and skills aimed at a seat

    def alchemy_hurt(self, t: int) -> float:
        if self.has(t, "immune_to_location"):
            return 0.0
        return self.harm(t, ((1.0, 2),))

    def card_on(self, card: str, t: int) -> float:
        """A targeted Holy/Dark item aimed at `t` (cards.py)."""
        eff = load().cards[card].effect
        immune = any(card in load().cards[c].effect.get("cards", ()) for c in self.equipment(t)
                     if load().cards[c].effect.id == "immune_to_cards")
        if eff.id == "damage_then_heal_self":
            return 0.0 if immune else self.harm(t, ((1.0, int(eff["damage"])),))
        if eff.id == "damage_and_self":
            return 0.0 if immune else self.harm(t, ((1.0, int(eff["damage"])),))
        if eff.id == "doll_roll":
            hit = int(eff["hit_max"]) / 6
            return hit * (0.0 if immune else self.harm(t, ((1.0, int(eff["damage"])),)))
        if eff.id == "set_damage":
            delta = self.damage(t) - int(eff["value"])
            return self.mend(t, delta) if delta > 0 else self.harm(t, ((1.0, -delta),))
        if eff.id == "heal_roll":
            return self.mend(t, 3.5)
        return 0.0

    def skill_on(self, skill: str, t: int) -> float:
        """A targeted skill aimed at `t` (skills.py)."""
        if skill == "seal":
            return self.seal_worth(t)
        if skill == "bashful":
            if t == self.seat:
                return 0.5
            return 0.3 * self.hate(t)
        if skill == "public_execution":
            return self.harm(t, ((1.0, 3),))
        if skill == "thunder_hex":
            return self.harm(t, D6)
        return 0.0

    def seal_worth(self, t: int) -> float:
        """封印: for the 審判官's goal the likeliest to die; else a revealed likely enemy."""
        if t == self.seat:
            return -1.0
        if self.stance.seal_target:
            lives = [hp - self.damage(t) for hp in self.hp_candidates(t)]
            return 3.0 - 0.3 * (sum(lives) / len(lives))
        return self.hate(t) * (1.5 if self.revealed(t) else 0.5)

    # ------------------------------------------------------------------ reveal and show

    def reveal_worth(self) -> float:
        """c26: turn face up only when a skill pays now."""
        char = self.me.get("character")
        if not char or self.revealed(self.seat):
            return 0.0
        worth = -REVEAL * self.stance.hide
        kind = self.kind
        step = self.view["step"] if self.view["active"] == self.seat and not self.frame else None
        if self.players[self.seat]["sealed"]:
            return worth
        dmg = self.damage(self.seat)
        if char == "court_sorcerer":
            worth += max([0.0, *(self.harm(t, D6) for t in self.others())])
        elif char == "swordswoman" and kind == "attack":
            targets = self.in_range(self.seat)
            now = max([0.0, *(self.attack_worth(t) for t in targets)])
            worth += max([0.0, *(self.attack_worth(t, d4_only=True) for t in targets)]) - now
        elif char == "sister_of_mercy" and dmg:
            dying = kind == "rescue" and self.frame.get("seat") == self.seat
            worth += 30.0 if dying else (self.mend(self.seat, dmg) if self.remaining() <= 3 else 0.0)
        elif char == "apothecary" and dmg >= 2:
            worth += 1.5
        elif char == "executioner" and step == "start":
            worth += max([0.0, *(self.harm(t, ((1.0, 3),)) for t in self.others()
                                 if self.players[t]["at"] == "market_square")])
        elif char == "inquisitor" and step == "start" and self.stance.seal_target:
            worth += max([0.0, *(self.seal_worth(t) for t in self.others())])
        elif char == "gravedigger":
            pile = [c for c in self.view["discards"]["holy"] + self.view["discards"]["dark"]
                    if load().cards[c].kind == "equipment"]
            worth += max([0.0, *(self.gain(c) - 0.5 for c in pile)])
        elif char == "captain_of_the_guard" and kind == "attack" and self.remaining() <= 6:
            worth += 2.0
        elif char == "blood_count" and kind == "attack" and dmg >= 2:
            worth += 0.8
        elif char == "master_thief" and kind == "attack" and self.stance.wanted:
            worth += 0.5 * max([0.0, *(1.0 for t in self.in_range(self.seat) if self.equipment(t))])
        return worth

    def show_worth(self) -> float:
        """`show` in the `show` frame (r12): a heal (王命, 黑彌撒) or 聖騎士之槍's +2, against exposure."""
        card = self.frame.get("card")
        eff = load().cards[card].effect if card else None
        cost = SECRECY if self.me.get("identity") in (GUARD, ASSASSIN) else 0.5
        if eff is None:
            return -cost
        if eff.id == "show_identity_heal_all":
            return self.mend(self.seat, self.damage(self.seat)) - cost
        if eff.id == "attack_bonus":
            enemies = sum(1 for t in self.others() if self.hate(t) > 0.9)
            return 0.8 * enemies - cost
        return -cost  # 照妖鏡: show only when forced

    def honey_worth(self) -> float:
        """蜂蜜蛋糕: revealing heals all when HP is 11 or less."""
        card = self.frame.get("card")
        hp_max = int(load().cards[card].effect["hp_max"]) if card else 11
        heal = self.mend(self.seat, self.damage(self.seat)) if (self.me.get("hp") or 99) <= hp_max else 0.0
        return heal - REVEAL * self.stance.hide

    # ------------------------------------------------------------------ the one scorer

    def value(self, action: Action) -> float:
        """Worth of `action` now, in damage points (module docstring)."""
        handler = getattr(self, f"_v_{action.verb}", None)
        return handler(action) if handler is not None else 0.0

    def _v_pick(self, action: Any) -> float:
        return pick_worth(self.me.get("identity"), action.character)

    def _v_roll(self, action: Any) -> float:
        if self.view["phase"] != "turn":
            return 0.0
        return self.roll_worth() + (0.3 if self.has(self.seat, "move_roll_twice") else 0.0)

    def _v_go(self, action: Any) -> float:
        why = self.frame.get("why") if self.kind == "go" else "flit"
        return self.place_worth(action.location, effect=why != "start")

    def _v_draw(self, action: Any) -> float:
        return self.pack_worth(action.pack)

    def _v_decline(self, action: Any) -> float:
        return 0.0

    def _v_pass(self, action: Any) -> float:
        if self.kind == "vanish":
            return self.effect_worth(self.frame["location"])
        return 0.0

    def _v_give(self, action: Any) -> float:
        t = self.colour(action.colour)
        if self.kind == "slip":
            chosen = self.frame.get("chosen")
            return -self.hate(t) * (self.gain(chosen) if chosen else 1.0)
        return self.give_worth(t)

    def _v_obey(self, action: Any) -> float:
        return self.answer_worth(self.me.get("identity") or "commoner") + TIE

    def _v_pose(self, action: Any) -> float:
        return self.answer_worth(action.identity, then_pay=True)

    def _v_pay(self, action: Any) -> float:
        if self.kind == "slip":
            return -self.gain(action.card)
        return self.pay_worth(action.card)

    def _v_target(self, action: Any) -> float:
        t = self.colour(action.colour)
        if self.kind == "skill_target":
            return self.skill_on(self.frame.get("skill", ""), t)
        return self.card_on(self.frame.get("card", ""), t)

    def _v_hurt(self, action: Any) -> float:
        return self.alchemy_hurt(self.colour(action.colour))

    def _v_heal(self, action: Any) -> float:
        return self.mend(self.colour(action.colour), 1)

    def _v_take(self, action: Any) -> float:
        return self.take_worth(self.colour(action.colour), action.card)

    def _v_hit(self, action: Any) -> float:
        t = self.frame.get("target")
        return self.harm(t, ((1.0, int(self.frame.get("n", 2))),), by_attack=True) if t is not None else 0.0

    def _v_show(self, action: Any) -> float:
        return self.show_worth()

    def _v_keep(self, action: Any) -> float:
        return 0.0

    def _v_reveal(self, action: Any) -> float:
        if self.kind == "reveal_offer":
            return self.honey_worth()
        return self.reveal_worth()

    def _v_skill(self, action: Any) -> float:
        skill = action.skill
        dmg = self.damage(self.seat)
        if skill == "prayer":
            dying = self.kind == "rescue" and self.frame.get("seat") == self.seat
            return 30.0 if dying else (self.mend(self.seat, dmg) - 1.0 if self.remaining() <= 4 else -1.0)
        if skill == "grave_robbing":
            pile = [c for c in self.view["discards"]["holy"] + self.view["discards"]["dark"]
                    if load().cards[c].kind == "equipment"]
            return max([0.0, *(self.gain(c) for c in pile)]) - 0.5
        if skill == "iron_wall":
            return 2.5 if self.remaining() <= 6 else -0.5
        if skill == "entrust":
            return -0.5
        if skill == "bashful":
            return 0.5 if self.revealed(self.seat) and self.stance.hide > 1 else -0.5
        if skill in ("seal", "public_execution"):
            targets = [t for t in self.others()
                       if skill == "seal" or self.players[t]["at"] == "market_square"]
            return max([-0.5, *(self.skill_on(skill, t) for t in targets)]) - 0.3
        return 0.0

    def _v_attack(self, action: Any) -> float:
        return self.attack_worth(self.colour(action.colour))

    def _v_end(self, action: Any) -> float:
        return 0.0

    def _v_again(self, action: Any) -> float:
        targets = [t for t in self.frame.get("targets", ()) if self.players[t]["alive"]]
        gain = sum(self.harm(t, self.attack_dist(self.seat, t), by_attack=True) for t in targets)
        return gain - self.self_cost(2)

    def _v_counter(self, action: Any) -> float:
        t = self.frame.get("by")
        if t is None:
            return 0.0
        cost = REVEAL * self.stance.hide if not self.revealed(self.seat) else 0.0
        return self.harm(t, self.attack_dist(self.seat, t), by_attack=True) + 0.5 - cost

    def _v_rescue(self, action: Any) -> float:
        t = self.frame.get("seat")
        if t is None:
            return 0.0
        if t == self.seat:
            return 30.0
        goal = 4.0 if self.me.get("goal") == "alive_with_saved_at_end" else 0.0
        return goal - 3.0 * self.hate(t) - (REVEAL if not self.revealed(self.seat) else 0.0)

    def _v_declare(self, action: Any) -> float:
        return 100.0


PICK_BONUS = {
    "swordswoman": 3.0, "court_sorcerer": 2.0, "blood_count": 2.0, "mercenary": 2.0, "executioner": 1.5,
    "captain_of_the_guard": 1.5, "duelist": 1.0, "sister_of_mercy": 1.0, "apothecary": 1.5, "veiled_lady": 1.0,
}
"""Fighting skills a 侍衛 or 刺客 wants (beyond HP)."""
COMMONER_EASE = {
    "veiled_lady": 4.0, "white_fairy": 3.0, "apothecary": 3.0, "mercenary": 3.0, "captain_of_the_guard": 2.5,
    "flower_girl": 2.5, "sister_of_mercy": 2.0, "court_sorcerer": 2.0, "master_thief": 2.0, "blood_count": 2.0,
    "gravedigger": 1.5, "executioner": 1.5, "swordswoman": 1.5, "duelist": 1.0, "inquisitor": 1.0,
}
"""How reachable each character's goal is for a 平民 (N6.5), beside HP."""


def pick_worth(identity: str | None, character: str) -> float:
    """c5: the character worth most to the identity dealt."""
    hp = load().characters[character].hp
    if identity == "commoner":
        return COMMONER_EASE.get(character, 1.0) + 0.2 * hp
    return PICK_BONUS.get(character, 0.0) + 0.5 * hp


@lru_cache(maxsize=128)
def _hidden_hps(seen: frozenset[str]) -> tuple[int, ...]:
    """HPs of the characters not seen (c5: the rest are out of the game, so only a guess).
    Bounded: the characters seen differ from game to game (any of 2^15 sets), and a game asks
    about only a few."""
    hps = tuple(c.hp for c in load().characters.values() if c.id not in seen)
    return hps or (10,)


def _remaining(pack: str, view: Mapping[str, Any]) -> list[str]:
    """The cards of a Holy or Dark pack neither in its face-up discard nor in play (c36, c43)."""
    rest = list(load().deck(pack))
    for c in list(view["discards"][pack]) + [c for p in view["players"] for c in p["equipment"]]:
        if c in rest:
            rest.remove(c)
    return rest
