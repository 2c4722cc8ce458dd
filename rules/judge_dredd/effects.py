"""What an Action Card does once played (cards.py has already found it legal).

"Immediately an Action Card has taken effect, it is placed on the discard pile. Those affecting
Combat are not carried through to the next Arrest Round, even if there was a stand-off." Combat
effects are written on the fight being prepared (`state.fight`), which the engine throws away when
its dice are rolled. Two cards stay in play instead: the Quarantine until it is lifted (R13) and
the Alien Creature until it is beaten (R12); the engine puts them on the discard pile then.

A Barney (R10) and an Outdoor Boing (R14) wait for an answer: they open an `answer` window on
their target, who may cancel them with a card showing a Judge or a Tip Off; if the target passes,
`resolve` carries them out. Every card played is announced publicly with its option and target;
what a peek shows and which cards a Requisition or Benji Doonan took are private events.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, Chance, Event, Seat

from .actions import Answer, Block, Play, TipOff
from .cards import COMBAT_EFFECTS, seat_of, target_kind
from .content import CardOption, load_board, load_cards
from .movement import enter, find_crime, relocate_crime, to_icu
from .state import ICU, Alien, DreddState, Quarantine, Window

STAY_IN_PLAY = frozenset({"quarantine", "alien_creature"})
"""Main-option effects whose card stays on the board instead of going to the discard pile."""


def play(state: DreddState, seat: Seat, action: Action, chance: Chance) -> list[Event]:
    """Take the card from the hand, announce it, and carry out its option."""
    if isinstance(action, Answer):
        return answer(state, seat, action.card)
    if isinstance(action, Block):
        return block_mania(state, seat, action.first, action.second)
    if isinstance(action, TipOff):
        return perp_on_the_move(state, seat, action.crime, action.path.split("-"))
    assert isinstance(action, Play)
    option = load_cards()[action.card].option(action.option)
    assert option is not None
    state.judges[seat].hand.remove(action.card)
    needs = target_kind(option)
    params: dict[str, Any] = {"by": seat, "card": action.card, "option": action.option}
    if needs == "judge":
        target = seat_of(state, action.target)
        assert target is not None
        events = [Event("card_played", {**params, "target": target})]
        events += on_judge(state, seat, action.card, action.option, option, target, chance)
    elif needs == "sector":
        events = [Event("card_played_sector", {**params, "sector": action.target})]
        events += on_sector(state, seat, option, action.target)
    else:
        events = [Event("card_played_crime", {**params, "crime": action.target})]
        events += peek(state, seat, [action.target])
        if "extra_move" in option.effect:  # Tip Off: Inside Info — your own Judge, this Move
            events += extra_move(state, seat, int(option.effect["extra_move"]))
    if not STAY_IN_PLAY & option.effect.keys():
        state.discards.append(action.card)
    return events


# --------------------------------------------------------------------------- on a Judge


def on_judge(
    state: DreddState, seat: Seat, card: str, name: str, option: CardOption, target: Seat, chance: Chance
) -> list[Event]:
    effect = option.effect
    if COMBAT_EFFECTS & effect.keys():
        return combat(state, seat, card, name, effect, target)
    judge = state.judges[target]
    events: list[Event] = []
    if "miss_move" in effect:
        judge.miss_moves += 1  # R18: Miss Move effects stack, each costing one Move
    if "max_move" in effect:
        # R18: "`extra_move` and `max_move` apply to this round's Move and are wasted if the
        # target has already moved."
        cap = int(effect["max_move"])
        if judge.moved:
            events.append(Event("card_wasted", {"seat": target}))
        else:
            judge.max_move = cap if judge.max_move is None else min(judge.max_move, cap)
    if "extra_move" in effect:
        events += extra_move(state, target, int(effect["extra_move"]))
    if "ignore_rivers" in effect:
        if judge.moved:
            events.append(Event("card_wasted", {"seat": target}))
        else:
            judge.ignore_rivers = True
    if "barney" in effect:
        events += ask_answer(state, seat, card, "barney", target, str(effect["barney"]))
    if "send_to_icu" in effect:
        events += ask_answer(state, seat, card, "send_to_icu", target, None)
    if "robodoc" in effect:
        events += robodoc(state, target)
    if "take_random_cards" in effect:
        events += take_random_cards(state, seat, target, int(effect["take_random_cards"]), chance)
    if "void_arrest" in effect:
        assert state.fight is not None
        state.fight.voided = True  # R16: banked as `arrest_voided` when the window closes
    return events


def combat(state: DreddState, seat: Seat, card: str, name: str, effect: dict[str, Any], target: Seat) -> list[Event]:
    """A Combat Factor option, written on the fight for this Arrest attempt only: additions and
    extra dice for the Judge it is played on or for the Perp (or Alien) that Judge faces, or the
    Judge Dredd card's automatic Arrest (R17; +10 under the variant, counted by the engine)."""
    fight = state.fight
    assert fight is not None
    fight.cards.append({"by": seat, "card": card, "option": name, "on": target})
    for key, value in effect.items():
        if key == "judge_cf":
            fight.judge_cf[target] = fight.judge_cf.get(target, 0) + int(value)
        elif key == "judge_extra_dice":
            fight.judge_dice[target] = fight.judge_dice.get(target, 0) + int(value)
        elif key == "perp_cf":
            fight.perp_cf += int(value)
        elif key == "perp_extra_dice":
            fight.perp_dice += int(value)
        elif key == "auto_arrest":
            fight.auto = target
    return []


def extra_move(state: DreddState, seat: Seat, steps: int) -> list[Event]:
    """R18: extra Sectors for this round's Move, wasted if the Judge has already moved."""
    judge = state.judges[seat]
    if judge.moved or judge.at == ICU:
        return [Event("card_wasted", {"seat": seat})]
    judge.extra_move += steps
    return []


def robodoc(state: DreddState, target: Seat) -> list[Event]:
    """Robodoc Cards: "That Judge then leaves Intensive Care immediately, going to the Justice Dept.
    Hospital Sector. He/she can then Move and Arrest as normal." """
    hospital = load_board().hospital
    return [Event("card_robodoc", {"seat": target, "sector": hospital}), *enter(state, target, hospital)]


def take_random_cards(state: DreddState, seat: Seat, target: Seat, n: int, chance: Chance) -> list[Event]:
    """Requisition (1 card) and Benji Doonan (2), R15: cards taken at random from one hand, unseen
    by the table. Only the taker and the victim learn which; a taker over six discards down to six
    (the engine asks for it before anything else)."""
    victim = state.judges[target].hand
    taken = [victim.pop(chance.randint(0, len(victim) - 1)) for _ in range(min(n, len(victim)))]
    state.judges[seat].hand.extend(taken)
    events = [Event("card_took", {"by": seat, "target": target, "count": len(taken)})]
    events += [Event("card_taken", {"by": seat, "target": target, "card": c}, to=(seat, target)) for c in taken]
    return events


# --------------------------------------------------------------------------- answers (R10, R14)


def ask_answer(state: DreddState, seat: Seat, card: str, effect: str, target: Seat, sector: str | None) -> list[Event]:
    """Open the answer window on the target (always asked, R7); the interrupted window comes back
    when it closes (the engine restores it)."""
    pending = {"card": card, "by": seat, "target": target, "effect": effect, "sector": sector}
    state.window = Window("answer", for_seat=target, pending=pending, interrupted=state.window)
    return [Event("window", {"window": "answer", "seat": target, "card": card})]


def answer(state: DreddState, seat: Seat, card: str) -> list[Event]:
    """The target cancels the pending card: "Both Tip-Off and Boing card are then discarded" (and
    so are a Barney and the Judge card that dealt with its new orders)."""
    window = state.window
    assert window is not None and window.pending is not None
    state.judges[seat].hand.remove(card)
    state.discards.append(card)
    window.pending["answered"] = card
    return [Event("card_answered", {"seat": seat, "card": card, "against": window.pending["card"]})]


def resolve(state: DreddState, chance: Chance) -> list[Event]:
    """The target passed: a Barney sends them at once to its Sector (revealing Perps there, R2;
    their Move is not used up, R10); an Outdoor Boing sends them to Intensive Care (R14)."""
    window = state.window
    if window is None or window.pending is None or window.pending.get("answered"):
        return []
    pending = window.pending
    target = int(pending["target"])
    if pending["effect"] == "barney":
        sector = str(pending["sector"])
        return [Event("card_barneyed", {"seat": target, "sector": sector}), *enter(state, target, sector)]
    return [Event("card_boinged", {"seat": target}), *to_icu(state, target)]


# --------------------------------------------------------------------------- Sectors and Perps


def on_sector(state: DreddState, seat: Seat, option: CardOption, sector: str) -> list[Event]:
    effect = option.effect
    if "quarantine" in effect:
        # R13: lifted at the end of the Game Turn after this one.
        state.quarantine = Quarantine(sector=sector, lifts_after_turn=state.turn + 1)
    if "alien_creature" in effect:
        state.alien = Alien(sector=sector, cf=int(effect["alien_creature"]["cf"]))
    if "peek_perp" in effect:
        return peek(state, seat, [c.crime for c in state.crimes if c.sector == sector and not c.revealed])
    return []


def peek(state: DreddState, seat: Seat, crimes: list[str]) -> list[Event]:
    """Look at face-down Perps: only the seat learns who they are (the view shows them to it)."""
    events = []
    judge = state.judges[seat]
    for crime in crimes:
        found = find_crime(state, crime)
        assert found is not None
        if crime not in judge.peeked:
            judge.peeked.append(crime)
        events.append(Event("card_peeked", {"crime": crime, "perp": found.perp, "sector": found.sector}, to=(seat,)))
    return events


def block_mania(state: DreddState, seat: Seat, first: str, second: str) -> list[Event]:
    """Block Mania: the two Judges must fight each other in the Arrest Round, wherever they are
    (R11: when the first of them is due; the engine fights it)."""
    a, b = seat_of(state, first), seat_of(state, second)
    assert a is not None and b is not None
    state.judges[seat].hand.remove("block_mania")
    state.discards.append("block_mania")
    state.judges[a].block_with = b
    state.judges[b].block_with = a
    return [Event("card_played_block", {"by": seat, "card": "block_mania", "first": a, "second": b})]


def perp_on_the_move(state: DreddState, seat: Seat, crime: str, path: list[str]) -> list[Event]:
    """Tip Off: Perp on the Move: the Perp moves with its Crime along `path` (normal Movement
    rules, through Judges and Crimes alike); it turns face up if it ends with a Judge (R2)."""
    found = find_crime(state, crime)
    assert found is not None
    card = "tip_off_perp_moves"
    state.judges[seat].hand.remove(card)
    state.discards.append(card)
    params = {"by": seat, "card": card, "crime": crime, "from": found.sector, "to": path[-1], "path": path}
    return [Event("card_tipoff", params), *relocate_crime(state, crime, path[-1])]
