"""場地效果 The location step: what each of the six locations does to the character that entered it.

Rulebook, 遵照場地卡上的指示行動: "在你移動到另一張地區牌之後，通常情況下必須玩家必須根據自己所在的場地卡
上規定的內容執行。（隱女技能效果除外）" and its example: "人物移動進入廣場（4、5）… 你必須且僅選擇其中
一個效果執行。"

- c18: the effect is compulsory. The one exception is 隱女's 「遁」 (`skip_location`, face up and
  not sealed, `traits.has_skill`): she is asked in a `vanish` frame whether to `decline` the
  effect or go on with it (`pass`: the common "do nothing special here" verb; ruling ours).
- c19, 廣場: exactly one of the three packs (`draw` frame: `draw holy|dark|order`).
- c33 / e3, 大聖堂 and 埋骨之地: a Holy or a Dark card is drawn at once; nothing is asked.
- c28, 酒館: an Order card is drawn and must be given to another player (orders.py).
- 煉金塔 (N6.4): choose any living character, yourself included, and `hurt` it 2 or `heal`
  it 1 (`alchemy` frame). 幸運胸針 stops the 2 in damage.py (its source is this location's id).
  Ruling 9: the chosen victim is hurt directly; hurting yourself is self-inflicted (damage.py).
- 黑市 (N6.4): take one equipment card of your choice from another character; nothing
  happens when nobody else has one (cards.offer_take; ruling ours there: ANOTHER living one).

The flow calls `enter(state, seat, chance)` at the location step (turn.py); what it opens waits
on the frame stack and the step goes on once the stack is empty.
"""

from __future__ import annotations

from rules.core import Action, Chance, Event, IllegalAction, Seat

from . import cards, damage
from .actions import Decline, Draw, Heal, Hurt, Pass
from .content import Location, load
from .frames import FrameKind, answered, close, open_frame, register, waiting
from .state import COLOURS, JudgementState, deck_of, discard_of, living, seat_of
from .traits import has_skill


def enter(state: JudgementState, seat: Seat, chance: Chance) -> list[Event]:
    """Carry out the effect of the location `seat` stands on (c18), or ask 隱女 first (「遁」)."""
    where = state.players[seat].at
    if where is None:
        return []
    location = load().locations[where]
    if has_skill(state, seat, "skip_location"):
        open_frame(state, "vanish", [seat], location=location.id)
        return []
    return effect(state, seat, location, chance)


def effect(state: JudgementState, seat: Seat, location: Location, chance: Chance) -> list[Event]:
    """The location's own effect (N6.4), by its effect id."""
    eff = location.effect
    if eff.id == "draw_order_and_give":
        return cards.draw(state, seat, "order", chance)
    if eff.id == "draw":
        return cards.draw(state, seat, str(eff["pack"]), chance)
    if eff.id == "choose_draw":
        packs = [p for p in eff["packs"] if deck_of(state, p) or discard_of(state, p)]
        if len(packs) == 1:
            return cards.draw(state, seat, packs[0], chance)
        if packs:
            open_frame(state, "draw", [seat], location=location.id, packs=packs)
        return []
    if eff.id == "damage_or_heal":
        open_frame(state, "alchemy", [seat], location=location.id)
        return []
    if eff.id == "take_equipment":
        return cards.offer_take(state, seat, location.id)
    raise ValueError(f"no location effect {eff.id!r}")


# --------------------------------------------------------------------------- vanish (隱女's 遁)


def _vanish_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Decline(), Pass()]


def _vanish_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    close(state, frame)
    location = load().locations[frame.data["location"]]
    if isinstance(action, Decline):
        return [Event("location_declined", {"seat": seat, "location": location.id})]
    return effect(state, seat, location, chance)


register(
    FrameKind(
        "vanish",
        _vanish_legal,
        _vanish_apply,
        public=("location",),
        why=lambda state, seat, action: IllegalAction("judgement_location_decline_or_pass"),
    )
)
"""隱女 face up: `decline` the location's effect or `pass` (go on with it). Her own turn: no clock."""


# --------------------------------------------------------------------------- draw (廣場)


def _draw_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    return [Draw(p) for p in frame.data["packs"]]


def _draw_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    _, answer = answered(state, action, Draw)
    return cards.draw(state, seat, answer.pack, chance)


register(
    FrameKind(
        "draw",
        _draw_legal,
        _draw_apply,
        public=("location", "packs"),
        why=lambda state, seat, action: IllegalAction("judgement_location_choose_pack"),
    )
)
"""廣場: exactly one of Holy, Dark or Order (c19)."""


# --------------------------------------------------------------------------- alchemy (煉金塔)


def _alchemy_legal(state: JudgementState, seat: Seat) -> list[Action]:
    alive = living(state)
    return [*(Hurt(COLOURS[s]) for s in alive), *(Heal(COLOURS[s]) for s in alive)]


def _alchemy_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    assert isinstance(action, (Hurt, Heal))
    close(state, frame)
    location = load().locations[frame.data["location"]]
    target = seat_of(state, action.colour)
    if isinstance(action, Hurt):
        amount = int(location.effect["damage"])
        return damage.hurt(state, target, amount, by=seat, source=location.id, direct=True)
    return damage.heal(state, target, int(location.effect["heal"]), by=seat, source=location.id)


register(
    FrameKind(
        "alchemy",
        _alchemy_legal,
        _alchemy_apply,
        public=("location",),
        why=lambda state, seat, action: IllegalAction("judgement_location_living_target"),
    )
)
"""煉金塔: `hurt <colour>` (2) or `heal <colour>` (1), any living character, yourself included."""
