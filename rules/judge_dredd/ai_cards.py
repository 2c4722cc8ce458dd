"""The Judge Dredd AI in a card-play window (R7): which card to play, or `pass`.

Every legal card action is scored in points as (what it changes for us) - (what the card is
worth kept, `KEEP`); the best one is played if it scores above nothing, else we pass. A window
re-asks everyone after a card, so several cards may follow one another, but each play spends a
card and its gain shrinks (the odds saturate, the target has already lost its Move), and at most
`FIGHT_CARDS` of ours go on one fight: every window closes.

- Combat options (before a fight's dice): the fight's outcome is modelled (ai_odds) before and
  after the card; our own Arrest counts its points and Intensive Care, an opponent's counts
  against us by `Seen.weight` (the leading opponent most). Our own fight is also judged by the
  best package of our helpful cards played together (`package`): against a Perp of 14 no card
  alone helps, three together do.
- Hostile Movement options (Miss Move, Lawgiver Jams, Barney, Outdoor Boing, Quarantine, Block
  Mania, a Perp moved away) go on opponents only, by what they would have gained; helpful ones
  (extra Sectors, Fergee, Robodoc, a Perp moved to us, a Barney to a good Crime) on ourselves.
- Requisition and Benji Doonan take from the fullest hand, the leader's first; Edwin Parsey voids
  an opponent's Arrest worth more than the card.
- Answers (R10, R14): a Barney or Outdoor Boing that costs us more than the card is answered.
- At issue: discard cards worth less than a fresh one when the Sector issues more than the hand
  has room for (the Grand Hall, the four bonus Sectors).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, Seat

from .actions import Answer, Block, Discard, Done, Pass, Play, TipOff
from .ai_odds import arrest_odds, duel
from .ai_plan import CARD_POINT, ICU_COST, Seen
from .content import load_board, load_cards
from .state import HAND_LIMIT, ICU

KEEP: dict[str, float] = {
    # Positive Combat Factor first (a die is worth about 3.5): what the card is worth kept.
    "sonic_cannon": 1.8,
    "tweak": 1.2,
    "fergee": 1.2,
    "spikes": 1.2,
    "walter": 0.4,
    "judge_hershey": 1.2,
    "judge_sweeney": 1.2,
    "judge_anderson": 1.2,
    "judge_giant": 1.0,
    "hi_ex": 1.1,
    "stumm_gas": 1.1,
    "lawmaster": 0.9,
    "tip_off_perp_moves": 0.9,
    "tip_off_inside_info": 0.8,
    "block_mania": 0.8,
    "requisition": 0.8,
    "robodoc": 0.6,
    "barney_resyk": 0.6,
    "barney_statue_of_judgement": 0.6,
    "barney_aqua_plant": 0.6,
    "barney_iso_block_666": 0.6,
    "barney_weather_control": 0.6,
    "barney_black_atlantic_docks": 0.6,
    # Hostile cards: worth what they may cost a leader later.
    "flabbon": 0.6,
    "east_meg_spy": 0.6,
    "lawgiver_jams": 0.6,
    "juve_gang": 0.6,
    "lawmaster_crash": 0.5,
    "outdoor_boing": 0.8,
    "benji_doonan": 0.8,
    "edwin_parsey": 1.0,
    "quarantine": 0.4,
    "alien_creature": 0.1,
    "judge_dredd": 4.0,
}
"""Points a card is worth in hand (what playing it gives up). Self-play, each seat in turn on the
same seeds: these values times 1.5 won only 38% of 300 two-seat games against them, times 0.75
48%, times 0.5 11% of 100 four-seat games."""
FRESH_CARD = 0.9
"""What a card drawn at random is worth: at issue, a card worth less is discarded for room."""
FIGHT_CARDS = 3
"""At most this many of our cards on one fight."""
CADET_WIN = 30.0
"""The Cadet's Right decides the game: every card is worth playing."""
NEVER = -1e9

HOSTILE_EFFECTS = ("miss_move", "max_move", "send_to_icu", "take_random_cards", "void_arrest", "perp_extra_dice")
"""Effects that only ever hurt the Judge they are played on (with a lower own Combat Factor and a
higher Perp's): the AI never plays them on itself (tested)."""


def hostile(effect: dict[str, Any]) -> bool:
    return (
        any(k in effect for k in HOSTILE_EFFECTS)
        or int(effect.get("judge_cf", 0)) < 0
        or int(effect.get("perp_cf", 0)) > 0
    )


# --------------------------------------------------------------------------- the fight model


@dataclass
class FightModel:
    """The fight being prepared, as the view shows it, with cards we might add."""

    kind: str
    judges: list[Seat]
    crime: str | None
    judge_cf: dict[Seat, int] = field(default_factory=dict)
    judge_dice: dict[Seat, int] = field(default_factory=dict)
    perp_cf: int = 0
    perp_dice: int = 0
    auto: Seat | None = None

    @classmethod
    def of(cls, fight: dict[str, Any]) -> FightModel:
        auto = next((int(c["on"]) for c in fight["cards"] if c["card"] == "judge_dredd" and c["on"] is not None), None)
        return cls(
            kind=fight["kind"],
            judges=[int(s) for s in fight["judges"]],
            crime=fight["crime"],
            judge_cf={int(k): int(v) for k, v in fight["judge_cf"].items()},
            judge_dice={int(k): int(v) for k, v in fight["judge_dice"].items()},
            perp_cf=int(fight["perp_cf"]),
            perp_dice=int(fight["perp_dice"]),
            auto=auto,
        )

    def with_card(self, effect: dict[str, Any], target: Seat) -> FightModel:
        new = dataclasses.replace(self, judge_cf=dict(self.judge_cf), judge_dice=dict(self.judge_dice))
        new.judge_cf[target] = new.judge_cf.get(target, 0) + int(effect.get("judge_cf", 0))
        new.judge_dice[target] = new.judge_dice.get(target, 0) + int(effect.get("judge_extra_dice", 0))
        new.perp_cf += int(effect.get("perp_cf", 0))
        new.perp_dice += int(effect.get("perp_extra_dice", 0))
        if "auto_arrest" in effect:
            new.auto = target
        return new

    def cf(self, seen: Seen, seat: Seat) -> int:
        bonus = 10 if self.auto == seat and seen.plus_ten and self.kind == "perp" else 0
        return self.judge_cf.get(seat, 0) + bonus

    def dice(self, seat: Seat) -> int:
        return 1 + max(self.judge_dice.get(seat, 0), 0)

    def against_each_other(self, seen: Seen, seat: Seat) -> float:
        """The chance `seat` comes out ahead of every other Judge in the fight (ties halved)."""
        p = 1.0
        for other in self.judges:
            if other != seat:
                a, e, _ = duel(self.cf(seen, seat), self.dice(seat), self.cf(seen, other), self.dice(other))
                p *= a + e / 2
        return p

    def utility(self, seen: Seen) -> float:
        """What this fight is worth to `seen.seat`, in points."""
        me = seen.seat
        total = 0.0
        if self.kind == "cadet":
            for s in self.judges:
                win = self.against_each_other(seen, s)
                total += CADET_WIN * win if s == me else -CADET_WIN * win
            return total
        if self.kind == "block":
            for s in self.judges:
                lose = 1.0 - self.against_each_other(seen, s)
                total += -lose * ICU_COST if s == me else seen.weight(s) * lose * ICU_COST / 2
            return total
        if self.kind == "alien":
            values: tuple[tuple[int, float], ...] = ((6 + self.perp_cf, 1.0),)
            points = 0.5
        else:
            crime = seen.crime(self.crime)
            if crime is None:
                return 0.0
            values = seen.perp_values(crime, self.perp_cf)
            points = seen.points(crime)
        auto_wins = self.auto is not None and self.kind == "perp" and not seen.plus_ten
        for s in self.judges:
            if auto_wins:
                win, lose = (1.0 if s == self.auto else 0.0), 0.0
            else:
                win, lose = arrest_odds(self.cf(seen, s), self.dice(s), values, 1 + max(self.perp_dice, 0))
                if len(self.judges) > 1:
                    win *= self.against_each_other(seen, s)
            if s == me:
                total += win * points - lose * ICU_COST
            else:
                total += seen.weight(s) * (lose * ICU_COST / 2 - win * points)
        return total


def _worth(effect: dict[str, Any]) -> float:
    """A helpful combat option's size, to order a package (a die is about 3.5)."""
    if "auto_arrest" in effect:
        return 20.0
    return (int(effect.get("judge_cf", 0)) - int(effect.get("perp_cf", 0))
            + 3.5 * int(effect.get("judge_extra_dice", 0)))


def package(seen: Seen, legal: list[Action]) -> tuple[float, Action] | None:
    """Our own fight: the best few of our helpful combat cards, together. One card at a time
    can look useless where three together win (5 + die against a Perp of 14), so the first
    card of the best package (points gained less the cards' worth) is played, the next ones
    after it. None when no package gains anything, or this is not our fight."""
    fight = seen.view["fight"]
    if fight is None or seen.seat not in [int(s) for s in fight["judges"]]:
        return None
    model = FightModel.of(fight)
    mine = sum(1 for c in fight["cards"] if c["by"] == seen.seat)
    cadet = model.kind == "cadet"
    room = len(seen.hand) if cadet else FIGHT_CARDS - mine
    colour = seen.judge(seen.seat)["colour"]
    helpful: dict[str, tuple[float, Play, dict[str, Any]]] = {}
    for action in legal:
        if not isinstance(action, Play) or action.target != colour:
            continue
        option = load_cards()[action.card].option(action.option)
        if option is None or option.window != "arrest" or hostile(option.effect):
            continue
        worth = _worth(option.effect)
        if worth > 0 and (action.card not in helpful or worth > helpful[action.card][0]):
            helpful[action.card] = (worth, action, option.effect)
    ranked = sorted(helpful.values(), key=lambda h: (-h[0], h[1].card))[: max(room, 0)]
    base = model.utility(seen)
    best: tuple[float, Action] | None = None
    current, cost = model, 0.0
    for _, action, effect in ranked:
        current = current.with_card(effect, seen.seat)
        cost += 0.0 if cadet else KEEP.get(action.card, 1.0)
        gain = current.utility(seen) - base - cost
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, ranked[0][1])
    return best


def fight_gain(seen: Seen, card: str, effect: dict[str, Any], target: Seat) -> float:
    fight = seen.view["fight"]
    if fight is None:
        return NEVER
    model = FightModel.of(fight)
    mine = sum(1 for c in fight["cards"] if c["by"] == seen.seat)
    cadet = model.kind == "cadet"
    if mine >= FIGHT_CARDS and not cadet:
        return NEVER
    if target == seen.seat and hostile(effect):
        return NEVER
    gain = model.with_card(effect, target).utility(seen) - model.utility(seen)
    return gain - (0.0 if cadet else KEEP.get(card, 1.0))


# --------------------------------------------------------------------------- Movement Round cards


def _moved(seen: Seen, seat: Seat) -> bool:
    return bool(seen.judge(seat)["moved"])


def _kind(seen: Seen) -> str:
    return str(seen.view["window"]["kind"])


def _seat(seen: Seen, colour: str) -> Seat | None:
    return next((j["seat"] for j in seen.view["judges"] if j["colour"] == colour), None)


def play_gain(seen: Seen, action: Play) -> float:
    """Points gained by playing this card option on this target now, less the card's worth."""
    kind = load_cards()[action.card]
    option = kind.option(action.option)
    if option is None:
        return NEVER
    effect = option.effect
    keep = KEEP.get(action.card, 1.0)
    me = seen.seat
    if option.window == "arrest":
        target = _seat(seen, action.target)
        return NEVER if target is None else fight_gain(seen, action.card, effect, target)
    if "alien_creature" in effect:
        return NEVER
    if "quarantine" in effect:
        return quarantine_gain(seen, action.target) - keep
    if "peek_perp" in effect:
        return peek_gain(seen, action.target, effect) - keep
    target = _seat(seen, action.target)
    if target is None:
        return NEVER
    if target == me and hostile(effect):
        return NEVER
    if "robodoc" in effect:
        return 2.5 - keep if target == me else NEVER
    if "void_arrest" in effect:
        fight = seen.view["fight"]
        crime = seen.crime(fight["crime"]) if fight else None
        return seen.weight(target) * seen.points(crime) - keep if crime else NEVER
    if "take_random_cards" in effect:
        n = min(int(effect["take_random_cards"]), seen.hand_count(target))
        over = max(0, len(seen.hand) - 1 + n - HAND_LIMIT)
        return (n * (1 + seen.weight(target) / 2) - over) * CARD_POINT - keep
    if "miss_move" in effect:
        return seen.weight(target) * seen.opportunity(target) - keep
    if "max_move" in effect:
        return seen.weight(target) * seen.opportunity(target) / 2 - keep
    if "send_to_icu" in effect:
        if not (_moved(seen, target) or _kind(seen) == "after_moves"):
            return NEVER  # wait until the Judge has walked into the Crime
        here = seen.sector_value(target, seen.at(target))
        return seen.weight(target) * (max(here, 0.0) + ICU_COST) * 0.7 - keep
    if "barney" in effect:
        return barney_gain(seen, target, str(effect["barney"])) - keep
    if "extra_move" in effect or "ignore_rivers" in effect:
        if target != me or _moved(seen, me) or seen.at(me) == ICU:
            return NEVER
        extra = int(effect.get("extra_move", 0))
        rivers = True if "ignore_rivers" in effect else None
        return seen.best_move_value(me, extra, rivers) - seen.best_move_value(me) - keep
    return NEVER


def barney_gain(seen: Seen, target: Seat, sector: str) -> float:
    """A Barney sends the target to `sector` at once without using its Move (R10): on us, when
    that is a better place to be; on an opponent, when it takes them away from a good Crime."""
    def worth(seat: Seat, at: str | None) -> float:
        if at is None:
            return 0.0
        if _moved(seen, seat):
            return seen.sector_value(seat, at)
        return seen.best_move_value(seat, at=at)

    here = worth(target, seen.at(target))
    there = worth(target, sector)
    if target == seen.seat:
        return there - here
    answered = 0.7 if seen.hand_count(target) else 1.0  # they may hold a Judge card
    return seen.weight(target) * (here - there) * answered


def quarantine_gain(seen: Seen, sector: str) -> float:
    """Quarantine (R13) locks everyone in a Sector for this turn and the next: worth it on a
    Sector with no Crime that holds the leader, not us."""
    if seen.crimes_at(sector):
        return NEVER
    there = [s for s in seen.seats if seen.at(s) == sector]
    if not there or seen.seat in there:
        return NEVER
    return sum(seen.weight(s) * seen.opportunity(s) * 1.5 for s in there)


def peek_gain(seen: Seen, target: str, effect: dict[str, Any]) -> float:
    """Looking at a face-down Perp near us (Walter, Judge Anderson, Inside Info): a little."""
    me = seen.seat
    if effect.get("peek_perp") == 1:
        crimes = [c for c in seen.view["crimes"] if c["crime"] == target]
    else:
        crimes = seen.crimes_at(target)
    fresh = [c for c in crimes if c["perp"] is None]
    if not fresh or seen.turns(seen.at(me), fresh[0]["sector"]) > 2:
        gain = 0.0
    else:
        gain = 0.5 * len(fresh)
    if "extra_move" in effect:  # Tip Off: Inside Info also gives our own Move a Sector
        if _moved(seen, me) or seen.at(me) == ICU:
            return NEVER
        gain += seen.best_move_value(me, int(effect["extra_move"])) - seen.best_move_value(me)
    return gain if gain > 0 else NEVER


def block_gain(seen: Seen, action: Block) -> float:
    """Block Mania (R11): the two fight instead of attempting an Arrest this round. Worth it on
    opponents standing at good Crimes once everyone has moved; never on us."""
    if _kind(seen) != "after_moves":
        return NEVER
    pair = [_seat(seen, action.first), _seat(seen, action.second)]
    if None in pair or seen.seat in pair:
        return NEVER
    gain = 0.0
    for s in pair:
        assert s is not None
        gain += seen.weight(s) * (max(seen.sector_value(s, seen.at(s)), 0.0) + ICU_COST / 2)
    return gain - KEEP["block_mania"]


def tipoff_gain(seen: Seen, action: TipOff) -> float:
    """Tip Off: Perp on the Move, once everyone has moved: bring a Crime to our Sector, or take
    one away from an opponent about to arrest it."""
    if _kind(seen) != "after_moves":
        return NEVER
    crime = seen.crime(action.crime)
    if crime is None:
        return NEVER
    start, end = crime["sector"], action.path.split("-")[-1]
    moved = dict(crime, sector=end)
    gain = 0.0
    for s in seen.seats:
        j = seen.judge(s)
        if j["attempted"] or j["block_with"] is not None or j["at"] not in (start, end):
            continue
        w = 1.0 if s == seen.seat else -seen.weight(s)
        if j["at"] == start and len(seen.crimes_at(start)) == 1:
            gain -= w * seen.arrest_ev(s, crime)
        if j["at"] == end and not seen.crimes_at(end):
            gain += w * seen.arrest_ev(s, moved)
    return gain - KEEP["tip_off_perp_moves"] if gain else NEVER


# --------------------------------------------------------------------------- the window


def answer(seen: Seen, legal: list[Action]) -> Action:
    """Answer a Barney or an Outdoor Boing on us when it costs us more than the card."""
    pending = seen.view["window"]["pending"] or {}
    me = seen.seat
    answers = [a for a in legal if isinstance(a, Answer)]
    if not answers:
        return Pass()
    cheapest = min(answers, key=lambda a: (KEEP.get(a.card, 1.0), a.card))
    card = str(pending.get("card") or "")
    if card == "outdoor_boing":
        loss = max(seen.sector_value(me, seen.at(me)), 0.0) + ICU_COST
    else:
        loss = -barney_gain(seen, me, str(pending.get("sector")))
    return cheapest if loss > KEEP.get(cheapest.card, 1.0) else Pass()


def issue(seen: Seen, legal: list[Action]) -> Action:
    """Optional discards before issue: make room for the cards this Sector issues."""
    at = seen.at(seen.seat)
    bonus = load_board().bonus(at or ICU)
    room = HAND_LIMIT - len(seen.hand)
    if room < bonus and seen.hand:
        worst = min(seen.hand, key=lambda c: (KEEP.get(c, 1.0), c))
        if KEEP.get(worst, 1.0) < FRESH_CARD and Discard(worst) in legal:
            return Discard(worst)
    return Done()


def worst_card(hand: list[str]) -> str:
    return min(hand, key=lambda c: (KEEP.get(c, 1.0), c))


def gain_of(seen: Seen, action: Action) -> float:
    if isinstance(action, Play):
        return play_gain(seen, action)
    if isinstance(action, Block):
        return block_gain(seen, action)
    if isinstance(action, TipOff):
        return tipoff_gain(seen, action)
    return NEVER


def in_window(seen: Seen, legal: list[Action]) -> Action:
    """The card to play in the open window, or `pass` (`done` at issue)."""
    kind = _kind(seen)
    if kind == "issue":
        return issue(seen, legal)
    if kind == "answer":
        return answer(seen, legal)
    best = package(seen, legal) if kind == "before_fight" else None
    for action in legal:
        gain = gain_of(seen, action)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best is not None else Pass()
