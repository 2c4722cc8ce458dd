"""e10: what a seat does when the table's time control runs out on a decision with no clock of its own.

e9 gives a clock to the pick, the start roll and the windows (their `timeout_action`); the turn's
own steps wait for their player. A table may still run a time control over every decision (minutes
live, a day by turns), and when it runs out there the table applies `time_up_action`, so that a
table whose player walked away keeps moving and ends. The answer is chosen on public facts alone
(seat order, who is alive and in range, the damage markers), never on the seat's identity or
character, so that the answers of an absent player give nothing of theirs away:

- the clock's own answer, where the decision has one (e9);
- `pass`, or `end` (a turn's end, 鐵壁 unused), where the question offers it;
- at the start of the turn: `roll` (no 翩躚, no turn-start skill);
- the attack step: attack the first living character in range, in seat order; `end` only when
  nobody is in range. The game has no end but deaths (c9, c10), so a table of absent players
  that never attacked would never finish;
- 煉金塔: heal yourself 1 (harmless, and yours to give);
- an item aimed at a character (cards.py): 急救 sets the damage of the most damaged character
  allowed (the least harm, often a heal); 祝福 heals the first character allowed; the harmful
  ones (蝙蝠群, 毒蜘蛛, 詛咒人偶) go to the first character allowed other than yourself;
- anything else (which pack at 廣場, whom to give an Order card, which equipment to take, where to
  go after a 7, 陰溝失足's card and recipient, 掘墓's card): the first option offered.

Never a `reveal` and never a skill: those are choices a player makes for themselves.
"""

from __future__ import annotations

from rules.core import Action, Seat

from .actions import AttackAction, End, Heal, Pass, Reveal, Roll, Target, UseSkill
from .content import load
from .state import COLOURS, JudgementState, seat_of, top

HARMLESS = {"heal_roll"}
"""Items aimed at a character that only do it good (祝福)."""
LEAST_HARM = {"set_damage"}
"""Items whose harm depends on the damage the target has (急救: set to 7)."""


def choose(legal: list[Action], state: JudgementState, seat: Seat) -> Action | None:
    """e10's answer among `legal` (the seat's legal actions now), or None when it has none."""
    options = [a for a in legal if not isinstance(a, (Reveal, UseSkill))]
    if not options:
        return None
    frame = top(state)
    kind = frame.kind if frame is not None else None
    if kind == "attack":  # `end` is offered, but a table of absent players must still fight
        attacks = [a for a in options if isinstance(a, AttackAction)]
        return attacks[0] if attacks else options[0]
    for passive in (Pass(), End(), Roll()):
        if passive in options:
            return passive
    if kind == "alchemy":
        own = Heal(COLOURS[seat])
        return own if own in options else options[0]
    if kind == "card_target" and frame is not None:
        return _aim(options, state, seat, load().cards[frame.data["card"]].effect.id)
    return options[0]


def _aim(options: list[Action], state: JudgementState, seat: Seat, effect: str) -> Action:
    """The character an item is aimed at (e10): see the module's docstring."""
    targets = [a for a in options if isinstance(a, Target)]
    if not targets:
        return options[0]
    if effect in LEAST_HARM:
        return max(targets, key=lambda a: state.players[seat_of(state, a.colour)].damage)
    if effect in HARMLESS:
        return targets[0]
    others = [a for a in targets if seat_of(state, a.colour) != seat]
    return (others or targets)[0]

