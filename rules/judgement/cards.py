"""聖卡和暗卡 Holy and Dark cards: drawing, equipment, and what every item does (c34-c36, c43, r15).

Rulebook, 聖卡和暗卡: "玩家在獲得聖/暗卡時，立即發動該卡的效果，即：道具必須執行，裝備則必須裝備 …
多張裝備時則疊加它們的效果，這些效果強制執行。用過的聖卡和暗卡都正面向上放置在墓地，當聖卡和暗卡用完
之後，重新切洗放入遊戲。" So:

- c34: an item (道具) is carried out at once and goes face up to its discard; equipment (裝備) is
  put in front of the character and stays there (`Player.equipment`, public).
- c35: equipment is compulsory and stacks. What equipment does in an attack or to damage
  (attack_bonus, damage_modifier, immune_*, range_outside, attack_all_in_range,
  forced_attack_d4_only, loot_all, move_roll_twice) is read where it acts (damage.py, attack.py,
  board.py, movement.py, death.py) through `traits.equipped`; here it is only equipped.
- c36: an empty Holy or Dark deck is made again from its face-up discard, shuffled. c31: the
  Order deck likewise from its face-down discard, once all its cards are used (指令卡).
- c43 (場上 = everywhere but the discards): a card being resolved is in play until it is discarded.
- Ruling 15: nobody holds cards. An item waiting on a choice sits in its frame's data, never in
  a hand, and is discarded when the frame resolves.
- Holy and Dark cards are public (P4): `card_drawn {seat, deck, card}` then the effect's own
  events. An Order card is drawn face down: public `order_drawn {seat}`, the card to the drawer
  alone (`order_card`), then orders.py's `give` frame.

Choices open frames (e3: only a real choice waits; a choice with one option is taken at once):
`card_target` (蝙蝠群, 毒蜘蛛, 祝福, 急救, 詛咒人偶), `card_take` (哥布林竊賊, and 黑市 for
locations.py), `slip` (陰溝失足: which card, then to whom), `show` (照妖鏡, 王命, 黑彌撒, 聖騎士之槍)
and `reveal_offer` (蜂蜜蛋糕). e1: `show` and `reveal_offer` ask the drawer whatever their secret
(the answer may be forced; the legal list is private), so whether a question is asked tells nothing.

Ruling 9 (direct or indirect): a victim the drawer chose is hurt directly (`direct=True`); 天雷 and
死亡陷阱 are indirect (their `kill_credit`; damage.py reads it); damage the drawer takes from its
own card is self-inflicted, hence indirect (damage.py).

Ruling (ours): 蝙蝠群 heals its DRAWER 1 after dealing its 2 (the card text: "then heal 1 of your
own damage"), even when a shield or 護身符 stopped the 2, and even when the drawer aimed it at
itself; a drawer it left dying is not healed (the death pipeline has it).
Ruling (ours): 哥布林竊賊 and 黑市 take from ANOTHER living character (the card and location text
say "any other"); with nobody else holding equipment nothing happens.
Ruling (ours): 毒蜘蛛 and 詛咒人偶 may be aimed at yourself (their text says "any character").
Ruling (ours): 詛咒人偶 on 1-4 hurts the chosen character directly (it was chosen); on 5-6 the
drawer's own 3 is self-inflicted.
Ruling (ours): 王命 with a 侍衛 identity already shown, and 黑彌撒 with a 刺客 identity already
shown, heal at once without a question (the identity is public, so nothing is asked, e3); 黑彌撒's
text only says "if you do", but an identity already shown is the same act done earlier.
Ruling (ours): 聖騎士之槍 ("when it would first apply you may show your identity") asks its holder
`show`/`keep` when it is equipped (drawn, taken or looted) and the holder's identity is not yet
shown: asking at the first hit would pause an attack only for 侍衛 holders. Asked of everyone (e1).
Ruling (ours): 照妖鏡's exemption is a face-down 隱女's (`exempt_face_down`); a 刺客 may always
`show`, an exempt one may also `keep`; anyone else may only `keep`.
Ruling (ours): 蜂蜜蛋糕 asks every face-down drawer `reveal`/`keep` (e1); only a character of HP 11
or less is healed by revealing; a face-up drawer of HP 11 or less heals at once, a face-up one
above 11 gets nothing (its HP is public).
Ruling (ours): 陰溝失足 gives to another LIVING character; with one card it is not asked which,
with one other living character it is not asked to whom (e3).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Action, Chance, Event, IllegalAction, Msg, Seat

from . import damage, orders
from .actions import Give, Keep, Pay, Reveal, Show, Take, Target
from .content import Card, load
from .frames import FrameKind, answered, close, open_frame, register, waiting
from .state import COLOURS, JudgementState, deck_of, discard_of, living, seat_of, seats_named, top
from .traits import hp

# --------------------------------------------------------------------------- decks


def draw(state: JudgementState, seat: Seat, pack: str, chance: Chance) -> list[Event]:
    """`seat` draws the top card of `pack` and it acts at once (c34; an Order card is handed on,
    c28). An empty deck is first made again from its discard (c31, c36)."""
    events = refill(state, pack, chance)
    deck = deck_of(state, pack)
    if not deck:
        return [*events, Event("deck_empty", {"deck": pack, "seat": seat})]
    card = deck.pop(0)
    if pack == "order":
        events += [Event("order_drawn", {"seat": seat}), Event("order_card", {"seat": seat, "card": card}, to=(seat,))]
        return events + orders.open_give(state, seat, card)
    events.append(Event("card_drawn", {"seat": seat, "deck": pack, "card": card}))
    if load().cards[card].kind == "equipment":
        return events + equip(state, seat, card)
    return events + use_item(state, seat, card, chance)


def refill(state: JudgementState, pack: str, chance: Chance) -> list[Event]:
    """c36 / c31: when `pack` is used up, its discard is shuffled to make it again. The order is
    never an event param (P3); the public event gives the count only."""
    deck, pile = deck_of(state, pack), discard_of(state, pack)
    if deck or not pile:
        return []
    deck[:] = chance.shuffle(pile)
    pile.clear()
    return [Event("deck_reshuffled", {"deck": pack, "count": len(deck)})]


def discard(state: JudgementState, card: str) -> None:
    """Put a used card on its pack's discard: face up for Holy and Dark (c36), face down for Order
    (c31; the view counts that pile only)."""
    discard_of(state, load().cards[card].pack).append(card)


def equip(state: JudgementState, seat: Seat, card: str) -> list[Event]:
    """Put an equipment card in front of `seat` (c34; stacks, c35). Public `equipped`. Every gain
    goes through here (a draw, 黑市, 哥布林竊賊, 陰溝失足, an Order card paid, a killer's reward), so
    聖騎士之槍's question is asked on every gain (ruling ours, module docstring)."""
    player = state.players[seat]
    player.equipment.append(card)
    events = [Event("equipped", {"seat": seat, "card": card})]
    effect = load().cards[card].effect
    if effect.id == "attack_bonus" and effect.get("identity_shown") and not player.identity_shown:
        open_frame(state, "show", [seat], card=card, by=seat)
    return events


def unequip(state: JudgementState, seat: Seat, card: str) -> None:
    """Take an equipment card away from `seat` (it goes to someone else or to a discard)."""
    state.players[seat].equipment.remove(card)


def others_alive(state: JudgementState, seat: Seat) -> list[Seat]:
    """Every other living seat, in turn order from the active seat."""
    return [s for s in living(state) if s != seat]


def throw_d6(state: JudgementState, seat: Seat, chance: Chance, why: str) -> tuple[int, list[Event]]:
    """A card's lone d6 (祝福, 詛咒人偶), public like every die: `state.last_roll` {seat, d4: None,
    d6, total, why} and a `card_die` {seat, d6, card} event (the d4+d6 `dice` words would show an
    empty d4)."""
    d6 = chance.roll(6)
    state.last_roll = {"seat": seat, "d4": None, "d6": d6, "total": d6, "why": why}
    return d6, [Event("card_die", {"seat": seat, "d6": d6, "card": why})]


# --------------------------------------------------------------------------- items


def use_item(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """Carry out an item at once (c34). It is discarded when done; an item that waits on a choice
    is discarded when its frame resolves (ruling 15)."""
    effect = load().cards[card].effect
    handler = ITEMS[effect.id]
    events = handler(state, seat, card, chance)
    if not _waiting_on(state, card):
        discard(state, card)
    return events


def _waiting_on(state: JudgementState, card: str) -> bool:
    """Whether a frame still holds this item (it is discarded when that frame resolves)."""
    return any(f.data.get("card") == card and f.data.get("item") for f in state.frames)


def _card(card: str) -> Card:
    return load().cards[card]


def _heal_self(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """聖水: heal 2 of your damage."""
    return damage.heal(state, seat, int(_card(card).effect["amount"]), by=seat, source=card)


def _heal_all(state: JudgementState, seat: Seat, card: str) -> list[Event]:
    """Heal all of `seat`'s damage (王命, 黑彌撒, 蜂蜜蛋糕)."""
    return damage.heal(state, seat, state.players[seat].damage, by=seat, source=card)


def _show_identity_heal_all(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """王命 (侍衛) / 黑彌撒 (刺客): you may show your identity; if you do, heal all (ruling 12).
    Already shown: heal at once if it is that identity, else nothing (public; ruling ours)."""
    player = state.players[seat]
    if player.identity_shown:
        if player.identity == _card(card).effect["identity"]:
            return _heal_all(state, seat, card)
        return [Event("no_effect", {"seat": seat, "card": card})]
    open_frame(state, "show", [seat], card=card, by=seat, item=True)
    return []


def _force_show_identity(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """照妖鏡: a 刺客 must show its identity (a face-down 隱女 may ignore it). e1: the drawer is asked
    whatever its identity, unless the identity is already shown (public)."""
    if state.players[seat].identity_shown:
        return [Event("no_effect", {"seat": seat, "card": card})]
    open_frame(state, "show", [seat], card=card, by=seat, item=True)
    return []


def _reveal_heal_all(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """蜂蜜蛋糕: HP 11 or less may reveal the character; revealed (now or before), heal all.
    e1: every face-down drawer is asked `reveal`/`keep`."""
    player = state.players[seat]
    if player.revealed:
        if hp(state, seat) <= int(_card(card).effect["hp_max"]):
            return _heal_all(state, seat, card)
        return [Event("no_effect", {"seat": seat, "card": card})]
    open_frame(state, "reveal_offer", [seat], card=card, by=seat, item=True)
    return []


def _extra_turn(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """秘典: when this turn ends, take another turn (turn.py reads `extra_turn`)."""
    state.extra_turn = True
    return [Event("extra_turn", {"seat": seat, "card": card})]


def _shield(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """守護天使: until your next turn starts, attacks deal you no damage (damage.py reads
    `shield`; the turn's start clears it). 鐵壁's `all` is wider and is kept."""
    player = state.players[seat]
    if player.shield != "all":
        player.shield = str(_card(card).effect["source"])
    return [Event("shielded", {"seat": seat, "card": card})]


def _thunder(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """天雷: every character but you takes 2; indirect (rulebook 導致死亡, ruling 9)."""
    amount = int(_card(card).effect["amount"])
    events: list[Event] = []
    for other in others_alive(state, seat):
        events += damage.hurt(state, other, amount, by=seat, source=card, direct=False)
    return events


def _death_trap(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """死亡陷阱: throw d4+d6 (e5); every character on the location with that number takes 3, the
    drawer included; a 7 does nothing. Indirect (rulebook; ruling 9)."""
    from .movement import throw

    total, events = throw(state, seat, chance, card)
    location = load().location_for_roll(total)
    victims = [s for s in living(state) if location is not None and state.players[s].at == location.id]
    if not victims:
        return [*events, Event("no_effect", {"seat": seat, "card": card})]
    amount = int(_card(card).effect["amount"])
    for victim in victims:
        events += damage.hurt(state, victim, amount, by=seat, source=card, direct=False)
    return events


def _goblin(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """哥布林竊賊: take one equipment card of your choice from another character (ruling ours)."""
    return offer_take(state, seat, card, item=True)


def _slip(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """陰溝失足: give one of your equipment cards to another character; with none, take 1 damage
    (self-inflicted, indirect)."""
    player = state.players[seat]
    if not player.equipment:
        return damage.hurt(state, seat, int(_card(card).effect["damage"]), by=seat, source=card, direct=False)
    open_frame(state, "slip", [seat], card=card, by=seat, item=True, chosen=None)
    return _slip_settle(state, seat, finish=False)


def _targeted(state: JudgementState, seat: Seat, card: str, chance: Chance) -> list[Event]:
    """Items aimed at one character: 蝙蝠群, 毒蜘蛛, 詛咒人偶 and 急救 at any living character,
    祝福 at another. One possible target is taken at once (e3)."""
    allowed = living(state) if _card(card).effect["target"] == "any" else others_alive(state, seat)
    if not allowed:
        return [Event("no_effect", {"seat": seat, "card": card})]
    if len(allowed) == 1:
        return [
            Event("card_target", {"seat": seat, "card": card, "target": allowed[0]}),
            *_on_target(state, seat, card, allowed[0], chance),
        ]
    open_frame(state, "card_target", [seat], card=card, by=seat, item=True, allowed=allowed)
    return []


def _on_target(state: JudgementState, seat: Seat, card: str, target: Seat, chance: Chance) -> list[Event]:
    """What a targeted item does to the chosen character (ruling 9: a chosen victim is direct)."""
    effect = _card(card).effect
    if effect.id == "damage_then_heal_self":  # 蝙蝠群
        events = damage.hurt(state, target, int(effect["damage"]), by=seat, source=card, direct=True)
        if not any(d.seat == seat for d in state.deaths):
            events += damage.heal(state, seat, int(effect["heal"]), by=seat, source=card)
        return events
    if effect.id == "damage_and_self":  # 毒蜘蛛
        events = damage.hurt(state, target, int(effect["damage"]), by=seat, source=card, direct=True)
        return events + damage.hurt(state, seat, int(effect["self_damage"]), by=seat, source=card, direct=False)
    if effect.id == "heal_roll":  # 祝福
        n, events = throw_d6(state, seat, chance, card)
        return events + damage.heal(state, target, n, by=seat, source=card)
    if effect.id == "set_damage":  # 急救
        return damage.set_damage(state, target, int(effect["value"]), by=seat, source=card)
    if effect.id == "doll_roll":  # 詛咒人偶
        n, events = throw_d6(state, seat, chance, card)
        if n <= int(effect["hit_max"]):
            return events + damage.hurt(state, target, int(effect["damage"]), by=seat, source=card, direct=True)
        return events + damage.hurt(state, seat, int(effect["damage"]), by=seat, source=card, direct=False)
    raise ValueError(f"no target effect {effect.id!r}")


ITEMS: dict[str, Callable[[JudgementState, Seat, str, Chance], list[Event]]] = {
    "heal": _heal_self,
    "show_identity_heal_all": _show_identity_heal_all,
    "reveal_heal_all": _reveal_heal_all,
    "heal_roll": _targeted,
    "extra_turn": _extra_turn,
    "no_damage_until_next_turn": _shield,
    "damage_all_others": _thunder,
    "force_show_identity": _force_show_identity,
    "set_damage": _targeted,
    "damage_then_heal_self": _targeted,
    "damage_and_self": _targeted,
    "take_equipment": _goblin,
    "doll_roll": _targeted,
    "damage_location_roll": _death_trap,
    "give_equipment_or_damage": _slip,
}
"""Every Holy and Dark item's effect id and what carries it out (N6.6-N6.7)."""


def _finish(state: JudgementState, frame_card: str, item: bool) -> None:
    """An item whose frame resolved goes to its discard (c34, ruling 15)."""
    if item:
        discard(state, frame_card)


def _name(card: str) -> Msg:
    """A card's (or location's) name for a refusal's words."""
    return Msg(f"judgement.{'loc' if card in load().locations else 'card'}.{card}")


# --------------------------------------------------------------------------- card_target


def _target_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    return [Target(COLOURS[s]) for s in frame.data["allowed"] if state.players[s].alive]


def _target_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame, answer = answered(state, action, Target)
    card, target = frame.data["card"], seat_of(state, answer.colour)
    events = [Event("card_target", {"seat": seat, "card": card, "target": target})]
    events += _on_target(state, seat, card, target, chance)
    _finish(state, card, frame.data.get("item", False))
    return events


def _target_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    frame = top(state)
    if isinstance(action, Target) and frame is not None:
        allowed = [seat_of(state, t.colour) for t in _target_legal(state, seat) if isinstance(t, Target)]
        return IllegalAction("judgement_card_not_a_target", card=_name(frame.data["card"]),
                             players=seats_named(allowed))
    return IllegalAction("judgement_card_choose_target")


register(FrameKind("card_target", _target_legal, _target_apply, public=("card", "by", "allowed"), why=_target_why))


# --------------------------------------------------------------------------- card_take (哥布林竊賊, 黑市)


def holders(state: JudgementState, seat: Seat) -> list[Seat]:
    """The other living characters holding equipment (what 哥布林竊賊 and 黑市 may take from)."""
    return [s for s in others_alive(state, seat) if state.players[s].equipment]


def offer_take(state: JudgementState, seat: Seat, source: str, *, item: bool = False) -> list[Event]:
    """Let `seat` take one equipment card of its choice from another character (`source`: the card
    or location id). Nobody has one: nothing happens. One card in all: it is taken at once (e3)."""
    options = [(s, c) for s in holders(state, seat) for c in dict.fromkeys(state.players[s].equipment)]
    if not options:
        return [Event("no_effect", {"seat": seat, "card": source})]
    if len(options) == 1:
        return take(state, seat, options[0][0], options[0][1], source)
    open_frame(state, "card_take", [seat], card=source, by=seat, item=item, source=source)
    return []


def take(state: JudgementState, seat: Seat, victim: Seat, card: str, source: str) -> list[Event]:
    """Move `card` from `victim` to `seat` (public `took`), equipped at once."""
    unequip(state, victim, card)
    return [Event("took", {"seat": seat, "from": victim, "card": card, "source": source}), *equip(state, seat, card)]


def _take_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Take(COLOURS[s], c) for s in holders(state, seat) for c in dict.fromkeys(state.players[s].equipment)]


def _take_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame, answer = answered(state, action, Take)
    events = take(state, seat, seat_of(state, answer.colour), answer.card, frame.data["source"])
    _finish(state, frame.data["card"], frame.data.get("item", False))
    return events


def _take_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    if isinstance(action, Take):
        if seat_of(state, action.colour) == seat:
            return IllegalAction("judgement_card_take_own")
        return IllegalAction("judgement_card_no_such_equipment", card=_name(action.card))
    return IllegalAction("judgement_card_choose_take")


register(FrameKind("card_take", _take_legal, _take_apply, public=("card", "by", "source"), why=_take_why))


# --------------------------------------------------------------------------- slip (陰溝失足)


def _slip_settle(state: JudgementState, seat: Seat, *, finish: bool = True) -> list[Event]:
    """Take whatever 陰溝失足 leaves no choice about (e3): the one card, the one recipient.
    `finish=False` when the draw itself is settling it (use_item discards the card then)."""
    frame = waiting(state)
    assert frame.kind == "slip"
    if frame.data["chosen"] is None and len(set(state.players[seat].equipment)) == 1:
        frame.data["chosen"] = state.players[seat].equipment[0]
    if frame.data["chosen"] is not None:
        others = others_alive(state, seat)
        if len(others) <= 1:
            return _slip_give(state, seat, others[0] if others else None, finish=finish)
    return []


def _slip_give(state: JudgementState, seat: Seat, to: Seat | None, *, finish: bool = True) -> list[Event]:
    """Hand the chosen card to `to` (public `gave`) and discard 陰溝失足."""
    frame = waiting(state)
    assert frame.kind == "slip"
    close(state, frame)
    card = frame.data["chosen"]
    events: list[Event] = []
    if to is not None:
        unequip(state, seat, card)
        events = [Event("gave", {"seat": seat, "to": to, "card": card, "source": frame.data["card"]})]
        events += equip(state, to, card)
    _finish(state, frame.data["card"], finish)
    return events


def _slip_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    if frame.data["chosen"] is None:
        return [Pay(c) for c in dict.fromkeys(state.players[seat].equipment)]
    return [Give(COLOURS[s]) for s in others_alive(state, seat)]


def _slip_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    if isinstance(action, Pay):
        frame.data["chosen"] = action.card
        return _slip_settle(state, seat)
    assert isinstance(action, Give)
    return _slip_give(state, seat, seat_of(state, action.colour))


def _slip_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    frame = top(state)
    if isinstance(action, Give) and frame is not None and frame.data["chosen"] is not None:
        return IllegalAction("judgement_card_give_another")
    if isinstance(action, Pay):
        return IllegalAction("judgement_card_not_yours", card=_name(action.card))
    return IllegalAction("judgement_card_choose_slip")


register(FrameKind("slip", _slip_legal, _slip_apply, public=("card", "by", "chosen"), why=_slip_why))


# --------------------------------------------------------------------------- show (identity cards)


def _show_options(state: JudgementState, seat: Seat, card: str) -> list[Action]:
    """What the `show` frame lets `seat` answer (private: it follows from the identity)."""
    effect = _card(card).effect
    player = state.players[seat]
    matches = player.identity == effect["identity"]
    if effect.id == "force_show_identity":
        if not matches:
            return [Keep()]
        exempt = player.character in effect.get("exempt_face_down", ()) and not player.revealed
        return [Show(), Keep()] if exempt else [Show()]
    return [Show(), Keep()] if matches else [Keep()]


def _show_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    return _show_options(state, seat, frame.data["card"])


def _show_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    close(state, frame)
    card = frame.data["card"]
    events: list[Event] = []
    if isinstance(action, Show):
        from . import reveal

        events += reveal.show_identity(state, seat)
        if _card(card).effect.id == "show_identity_heal_all":
            events += _heal_all(state, seat, card)
    _finish(state, card, frame.data.get("item", False))
    return events


def _show_timeout(state: JudgementState, seat: Seat) -> Action | None:
    """A clock keeps the identity hidden, or shows it when the card forces it."""
    options = _show_legal(state, seat)
    return Keep() if Keep() in options else options[0]


def _show_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    if isinstance(action, Keep):
        return IllegalAction("judgement_card_must_show")
    if isinstance(action, Show):
        return IllegalAction("judgement_card_cannot_show")
    return IllegalAction("judgement_card_show_or_keep")


register(FrameKind("show", _show_legal, _show_apply, _show_timeout, public=("card", "by"), why=_show_why))


# --------------------------------------------------------------------------- reveal_offer (蜂蜜蛋糕)


def _offer_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Reveal(), Keep()]


def _offer_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    close(state, frame)
    card = frame.data["card"]
    events: list[Event] = []
    if isinstance(action, Reveal) and not state.players[seat].revealed:
        from . import reveal

        events += reveal.reveal(state, seat, chance)
    if state.players[seat].revealed and hp(state, seat) <= int(_card(card).effect["hp_max"]):
        events += _heal_all(state, seat, card)
    _finish(state, card, True)
    return events


register(
    FrameKind(
        "reveal_offer",
        _offer_legal,
        _offer_apply,
        lambda state, seat: Keep(),
        public=("card", "by"),
        why=lambda state, seat, action: IllegalAction("judgement_card_reveal_or_keep"),
    )
)
