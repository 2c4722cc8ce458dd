"""指令卡 Order cards: the drawer gives the card away, the recipient answers it (c28-c32, ruling 13).

Rulebook, 關於指令卡: "你一定要把這張卡交給任意另一一位。他則必須按上面的文字來做，不可以欺騙 …
這張卡在本局遊戲中都只有你們兩個人知道，執行之後，必須背面向下放到指令卡的墓地。" and its
example: 「我打賭你是一個刺客，如果你是，你承受一點傷害」 — "you" is the recipient (c32).

- c28, the `give` frame: the drawer must give the card to ANOTHER player. Ruling (ours): another
  LIVING player (a dead one cannot answer); with one other living player it goes there at once
  (e3). The card id is the giver's alone (`order_card`, to=(giver,)); the public sees
  `order_given {by, to}`.
- c30: the text goes to the two of them only (`order_text`, to=(giver, recipient)).
- e1, the `obey` frame: the recipient is ALWAYS asked, whatever its identity, so the question
  itself tells nothing. c29: `obey` answers truthfully from the hidden identity and the
  character's HP (`OrderTest.holds`). Exactly ONE public result follows: `order_hurt`,
  `order_healed`, `order_paid`, `order_nothing` or `order_shown_secretly` (P4). The damage
  goes through damage.py with source `order` (never the card id: that is secret), and damage.py's
  own public `hurt`/`unhurt`/`healed` for the recipient is folded into that one result.
- Ruling 13: "give me 1 equipment or take 1 damage": a recipient for whom the bet holds chooses
  (`pay <card>` or `obey`, which takes the damage); with no equipment it takes the damage. The
  "heal 1" cards deal 1 damage instead to a recipient with no damage. 隱女's 「隱」 (usable face
  down, `answer_as_any`) lets her `pose <identity>`: the card is answered as if she had that
  identity (a secret action). She may not lie to 密探令 (its `except`). 「隱」 lies about the
  identity only: the HP bets (嚴懲令, 欺凌令) are answered from her true HP (Q2).
- 密探令: the identity goes to the giver alone (`order_spied`, to=(giver, recipient)); the
  giver's `known` remembers it; the public sees `order_shown_secretly`.
- Ruling 9: the giver chose the recipient, so Order damage is direct, by the giver.
- Each seat keeps its own `OrderNote` history (`Player.orders`, secret); the card goes face down
  to `order_discard` (c31).
"""

from __future__ import annotations

from rules.core import Action, Chance, Event, IllegalAction, Msg, Seat

from . import damage
from .actions import Give, Obey, Pay, Pose
from .content import IDENTITIES, load
from .frames import FrameKind, answered, close, open_frame, register, waiting
from .state import COLOURS, Frame, JudgementState, OrderNote, living, seat_of
from .traits import hp, skill

SOURCE = "order"
"""The `source` Order damage and healing carry in damage.py: never the card id (a secret)."""


def recipients(state: JudgementState, giver: Seat) -> list[Seat]:
    """Who may be given the card (c28): every other living seat, in turn order."""
    return [s for s in living(state) if s != giver]


def open_give(state: JudgementState, giver: Seat, card: str) -> list[Event]:
    """The drawer of an Order card must give it away (c28). One possible recipient: at once (e3)."""
    others = recipients(state, giver)
    if not others:
        state.order_discard.append(card)
        return []
    if len(others) == 1:
        return give(state, giver, card, others[0])
    open_frame(state, "give", [giver], card=card, giver=giver)
    return []


def give(state: JudgementState, giver: Seat, card: str, recipient: Seat) -> list[Event]:
    """Hand the card to `recipient` and ask it (e1: always) to answer."""
    state.players[giver].orders.append(OrderNote(card=card, giver=giver, recipient=recipient))
    state.players[recipient].orders.append(OrderNote(card=card, giver=giver, recipient=recipient))
    open_frame(state, "obey", [recipient], card=card, giver=giver, recipient=recipient, to=[giver], posed=None)
    return [
        Event("order_given", {"by": giver, "to": recipient}),
        Event("order_text", {"by": giver, "to": recipient, "card": card}, to=(giver, recipient)),
    ]


# --------------------------------------------------------------------------- the `give` frame


def _give_legal(state: JudgementState, seat: Seat) -> list[Action]:
    return [Give(COLOURS[s]) for s in recipients(state, seat)]


def _give_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame, answer = answered(state, action, Give)
    return give(state, seat, frame.data["card"], seat_of(state, answer.colour))


def _give_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    if isinstance(action, Give) and action.colour in COLOURS:
        target = seat_of(state, action.colour)
        if target == seat:
            return IllegalAction("judgement_order_give_another")
        return IllegalAction("judgement_order_give_living")
    return IllegalAction("judgement_order_give_first")


register(FrameKind("give", _give_legal, _give_apply, public=("giver",), private=("card",), why=_give_why))
"""The drawer chooses the recipient. No clock: it is part of the drawer's own turn."""


# --------------------------------------------------------------------------- the `obey` frame


def veiled(state: JudgementState, seat: Seat, card: str) -> bool:
    """Whether 隱女's 「隱」 lets `seat` pose against this card (ruling 13: not 密探令)."""
    sk = skill(state, seat, "answer_as_any")
    return sk is not None and card not in sk.effect.get("except", ())


def bet_holds(state: JudgementState, seat: Seat, card: str, identity: str) -> bool:
    """The card's bet on `seat` answered as `identity` (true or posed) and its true HP (c29)."""
    test = load().cards[card].test
    return test is None or test.holds(identity, hp(state, seat))


def may_pay(state: JudgementState, seat: Seat, card: str, identity: str) -> bool:
    """Ruling 13: a recipient may give equipment instead of the damage when the bet holds."""
    effect = load().cards[card].effect
    return (
        effect.id == "give_equipment_or_damage"
        and bool(state.players[seat].equipment)
        and bet_holds(state, seat, card, identity)
    )


def _answer_as(state: JudgementState, seat: Seat, frame: Frame) -> str:
    return frame.data.get("posed") or state.players[seat].identity


def _obey_legal(state: JudgementState, seat: Seat) -> list[Action]:
    frame = waiting(state)
    card = frame.data["card"]
    actions: list[Action] = [Obey()]
    if frame.data.get("posed") is None and veiled(state, seat, card):
        actions += [Pose(i) for i in IDENTITIES]
    if may_pay(state, seat, card, _answer_as(state, seat, frame)):
        actions += [Pay(c) for c in dict.fromkeys(state.players[seat].equipment)]
    return actions


def _obey_apply(state: JudgementState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    frame = waiting(state)
    if isinstance(action, Pose):
        frame.data["posed"] = action.identity
        if may_pay(state, seat, frame.data["card"], action.identity):
            return []  # she answers as that identity, and now chooses: pay or take the damage
    pay = action.card if isinstance(action, Pay) else None
    return resolve(state, frame, _answer_as(state, seat, frame), pay)


def resolve(state: JudgementState, frame: Frame, identity: str, pay: str | None) -> list[Event]:
    """Carry out the card on its recipient answering as `identity`; one public result (P4)."""
    close(state, frame)
    card, giver, recipient = frame.data["card"], frame.data["giver"], frame.data["recipient"]
    effect = load().cards[card].effect
    player = state.players[recipient]
    pair = {"by": giver, "to": recipient}
    if not bet_holds(state, recipient, card, identity):
        result, events = "nothing", [Event("order_nothing", pair)]
    elif effect.id == "show_identity_to_drawer":
        truth = player.identity  # 隱 cannot lie to 密探令 (ruling 13)
        state.players[giver].known[recipient] = truth
        result = "shown_secretly"
        events = [
            Event("order_shown_secretly", pair),
            Event("order_spied", {**pair, "identity": truth}, to=(giver, recipient)),
        ]
    elif effect.id == "give_equipment_or_damage" and pay is not None:
        from .cards import equip, unequip

        unequip(state, recipient, pay)
        result, events = "paid", [Event("order_paid", {**pair, "card": pay}), *equip(state, giver, pay)]
    elif effect.id == "heal_or_damage" and player.damage > 0:
        result = "healed"
        events = _fold(
            state, "order_healed", pair, damage.heal(state, recipient, int(effect["amount"]), by=giver, source=SOURCE)
        )
    else:
        amount = int(effect["amount"] if "amount" in effect.params else effect["damage"])
        result = "hurt"
        events = _fold(
            state, "order_hurt", pair, damage.hurt(state, recipient, amount, by=giver, source=SOURCE, direct=True)
        )
    for seat in (giver, recipient):
        note = next(n for n in reversed(state.players[seat].orders) if n.card == card and not n.result)
        note.result = result
    state.order_discard.append(card)
    return events


def _fold(state: JudgementState, kind: str, pair: dict[str, Seat], events: list[Event]) -> list[Event]:
    """Make damage.py's public `hurt`/`unhurt`/`healed` of the recipient the order's one result
    {by, to, n, damage}: `n` is what really changed, `damage` the marker now; its other events
    (`dying`) follow."""
    n = 0
    rest: list[Event] = []
    for event in events:
        if event.kind in ("hurt", "unhurt", "healed") and event.params.get("seat") == pair["to"]:
            n = int(event.params.get("n", 0))
        else:
            rest.append(event)
    return [Event(kind, {**pair, "n": n, "damage": state.players[pair["to"]].damage}), *rest]


def _obey_timeout(state: JudgementState, seat: Seat) -> Action | None:
    """A clock answers truthfully (and takes the damage rather than choosing a card)."""
    return Obey()


def _obey_why(state: JudgementState, seat: Seat, action: Action) -> IllegalAction:
    frame = waiting(state)
    if isinstance(action, Pose):
        if skill(state, seat, "answer_as_any") is not None and frame.data.get("posed") is None:
            return IllegalAction("judgement_order_no_lie_to_spy")
        return IllegalAction("judgement_order_cannot_pose")
    if isinstance(action, Pay):
        if action.card not in state.players[seat].equipment:
            return IllegalAction("judgement_order_pay_not_yours", card=Msg(f"judgement.card.{action.card}"))
        return IllegalAction("judgement_order_cannot_pay")
    return IllegalAction("judgement_order_answer_first")


register(
    FrameKind(
        "obey",
        _obey_legal,
        _obey_apply,
        _obey_timeout,
        public=("giver", "recipient"),
        private=("card",),
        why=_obey_why,
    )
)
"""The recipient answers (e1: always asked). `card` is for the recipient and the giver (`to`)
alone; `posed` (隱) is nobody's but the recipient's, so it is in neither list."""
