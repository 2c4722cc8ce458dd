"""The Arrest Round: who must attempt which Arrest, and the fights themselves.

Arrest Rules (rulebook): "A Judge in the same Sector as a Crime must attempt an Arrest. A Judge
may only attempt one Arrest each Arrest Round." Making an Arrest: the Judge's total (5 + one die
+ cards) must be higher than the Perp's (Perp CV + Crime CV + one die + cards). Higher: the Judge
takes the Perp and Crime. Lower: Intensive Care. Equal: a stand-off, attempted again next Arrest
Round. With several Judges at one Crime the Perp rolls once; the greatest margin arrests, equal
margins go to the Judge at the scene first (R8). Two or More Crimes in a Sector: each Judge there
chooses which to attempt (E2, `next_chooser`).

Also fought here, as Arrest attempts: Block Mania (R11), the Alien Creature (R12) and, after the
game, the Cadet's Right (R21). The dice are thrown by the bot when the window before the fight
closes: the Perp's first, then each Judge's (rulebook order).
"""

from __future__ import annotations

from rules.core import Chance, Event, Seat

from .content import load_crimes, load_perps
from .movement import alien_at, crimes_at, find_crime, to_icu
from .state import ALIEN, ICU, DreddState, Fight, LastFight, order

BASE_CF = 5
"""A Judge has a basic Combat Factor of 5 plus one die roll."""
PLUS_TEN = "dredd_plus_ten"
"""R17 variant: the Judge Dredd card adds 10 instead of making the Arrest."""
DREDD_BONUS = 10


def sector_targets(state: DreddState, sector: str) -> list[str]:
    """Everything to attempt in a Sector: its Crimes (Crime ids, in the order they were set up)
    and `alien` if the Alien Creature is there (R12)."""
    found = [c.crime for c in crimes_at(state, sector)]
    if alien_at(state, sector):
        found.append(ALIEN)
    return found


def targets(state: DreddState, seat: Seat) -> list[str]:
    """What this Judge must attempt in the Arrest Round: the Crimes in the Judge's Sector (Crime
    ids) and `alien` if the Alien Creature is there; only the stand-off one if the Judge is in a
    stand-off whose Perp is still there ("must attempt to Arrest the Perp again"). Nothing from
    the ICU (R9)."""
    judge = state.judges[seat]
    if judge.at is None or judge.at == ICU:
        return []
    found = sector_targets(state, judge.at)
    if judge.standoff in found:
        return [judge.standoff]
    return found


def due(state: DreddState, seat: Seat) -> bool:
    """Must this Judge still attempt an Arrest (or fight a Block Mania) this round?"""
    judge = state.judges[seat]
    return not judge.attempted and (judge.block_with is not None or bool(targets(state, seat)))


def _must_attempt_here(state: DreddState, seat: Seat, sector: str) -> bool:
    judge = state.judges[seat]
    return judge.at == sector and judge.block_with is None and due(state, seat)


def chosen_target(state: DreddState, seat: Seat) -> str | None:
    """The target this Judge chose this round (E2), while it can still be attempted."""
    target = state.chosen.get(seat)
    return target if target is not None and target in targets(state, seat) else None


def next_chooser(state: DreddState, sector: str) -> Seat | None:
    """Two or More Crimes in a Sector: "If a Judge is in a Sector containing two or more Crimes,
    he/she may choose which one to try and arrest." (E2) Every Judge in `sector` who must
    attempt and has not chosen does so in Arrest order; a Judge with one target (a stand-off:
    "must attempt to Arrest the Perp again") is given it. Returns the next Judge to choose, or
    None when every Judge there has a target."""
    for seat in order(state):
        if not _must_attempt_here(state, seat, sector) or chosen_target(state, seat) is not None:
            continue
        options = targets(state, seat)
        if len(options) > 1:
            return seat
        state.chosen[seat] = options[0]
    return None


def fellow_judges(state: DreddState, seat: Seat, target: str) -> list[Seat]:
    """R8: "All Judges present at a Crime must attempt an Arrest", resolved together when the
    first is due. The Judges are `seat` then every other Judge in the Sector who must attempt
    (not yet attempted, not bound to a Block Mania fight) the same target, in Arrest order from
    the Turn Start holder: those who chose it (E2), or for whom it is the one target."""
    judge = state.judges[seat]
    assert judge.at is not None
    others = [s for s in order(state) if s != seat]
    return [seat, *(s for s in others if _must_attempt_here(state, s, judge.at) and _attempts(state, s, target))]


def _attempts(state: DreddState, seat: Seat, target: str) -> bool:
    """Will this Judge attempt `target`: the one chosen (E2), else the only one there is?"""
    chosen = chosen_target(state, seat)
    return chosen == target if chosen is not None else targets(state, seat) == [target]


def start_fight(state: DreddState, kind: str, judges: list[Seat], crime: str | None = None) -> Fight:
    """Commit these Judges to a fight: it is their Arrest attempt this round (so no Block Mania
    can be played on them any more), and its cards start from nothing."""
    for s in judges:
        state.judges[s].attempted = True
        state.chosen.pop(s, None)
    state.fight = Fight(kind=kind, judges=list(judges), crime=crime)
    return state.fight


def _roll(chance: Chance, extra: int) -> list[int]:
    return [chance.roll() for _ in range(1 + max(extra, 0))]


def judge_total(state: DreddState, fight: Fight, seat: Seat, rolls: list[int]) -> int:
    """5 + the dice + the cards on this Judge (+10 for the Judge Dredd card under R17's variant)."""
    total = BASE_CF + fight.judge_cf.get(seat, 0) + sum(rolls)
    if fight.auto == seat and PLUS_TEN in state.variants and fight.kind == "perp":
        total += DREDD_BONUS
    return total


def perp_value(state: DreddState, fight: Fight) -> int:
    """The Perp's Combat Value before its die: Perp CV + Crime CV (the Alien: its CV), + cards."""
    if fight.kind == "alien":
        assert state.alien is not None
        return state.alien.cf + fight.perp_cf
    crime = find_crime(state, fight.crime or "")
    assert crime is not None
    return load_perps()[crime.perp].cv + load_crimes()[crime.crime].cv + fight.perp_cf


def roll_fight(state: DreddState, chance: Chance) -> list[Event]:
    """The window before the fight has closed: throw the dice and settle it. Leaves `state.fight`
    set (with `winner`) only after a successful Arrest on a Perp, for the Edwin Parsey window."""
    fight = state.fight
    assert fight is not None
    if fight.kind in ("perp", "alien"):
        events = _fight_perp(state, fight, chance)
    else:
        events = _fight_judges(state, fight, chance)
    if not (fight.kind == "perp" and fight.winner is not None):
        state.fight = None
    return events


def _fight_perp(state: DreddState, fight: Fight, chance: Chance) -> list[Event]:
    """An Arrest (or the Alien fight, R12): shared Perp roll, greatest margin, first arrival."""
    last = LastFight(kind=fight.kind, judges=list(fight.judges), crime=fight.crime)
    state.last_fight = last
    crime = find_crime(state, fight.crime) if fight.crime else None
    params = {"crime": fight.crime, "perp": crime.perp} if crime else {"crime": ALIEN}
    events: list[Event] = []
    if fight.kind == "perp" and fight.auto is not None and PLUS_TEN not in state.variants:
        fight.winner = last.winner = fight.auto  # R17: the Arrest succeeds without dice
        last.result = "arrested"
        for s in fight.judges:
            state.judges[s].standoff = None
        return [Event("dredd_arrest", {"seat": fight.auto, **params})]
    last.perp_rolls = _roll(chance, fight.perp_dice)
    value = perp_value(state, fight)
    last.perp_total = value + sum(last.perp_rolls)
    kind = "alien_rolled" if fight.kind == "alien" else "perp_rolled"
    events.append(Event(kind, {**params, "value": value, "rolls": last.perp_rolls, "total": last.perp_total}))
    events += _judges_roll(state, fight, last, chance)
    winner = arrest_winner(state, last.totals, last.perp_total)
    fight.winner = last.winner = winner
    for s in fight.judges:
        state.judges[s].standoff = None
    for s in fight.judges:
        if last.totals[s] < last.perp_total:
            events.append(Event("arrest_failed" if fight.kind == "perp" else "alien_won", {"seat": s, **params}))
            events += to_icu(state, s)
        elif last.totals[s] == last.perp_total and winner is None:
            state.judges[s].standoff = fight.crime if fight.kind == "perp" else ALIEN
            events.append(Event("standoff", {"seat": s, **params}))
    if winner is None:
        last.result = "standoff" if any(t == last.perp_total for t in last.totals.values()) else "failed"
    elif fight.kind == "alien":
        last.result = "won"
        events += defeat_alien(state, winner)
    else:
        last.result = "arrested"
    return events


def _judges_roll(state: DreddState, fight: Fight, last: LastFight, chance: Chance) -> list[Event]:
    """Each Judge in the fight rolls, in Arrest order: `value` is the Combat Factor before the
    dice (5 + cards), so the log shows how each total was made."""
    events = []
    for s in fight.judges:
        rolls = _roll(chance, fight.judge_dice.get(s, 0))
        last.rolls[s] = rolls
        last.totals[s] = judge_total(state, fight, s, rolls)
        value = last.totals[s] - sum(rolls)
        events.append(Event("judge_rolled", {"seat": s, "value": value, "rolls": rolls, "total": last.totals[s]}))
    return events


def arrest_winner(state: DreddState, totals: dict[Seat, int], perp_total: int) -> Seat | None:
    """Two or More Judges Attempting the Same Arrest: "The Judge who beats the Perp by the
    greatest margin makes the successful Arrest — if two or more Judges tie, the one who was at
    the scene of the Crime first makes the successful Arrest." One Judge: higher than the Perp."""
    beaten = [s for s, t in totals.items() if t > perp_total]
    if not beaten:
        return None
    return min(beaten, key=lambda s: (-totals[s], state.judges[s].arrived))


def defeat_alien(state: DreddState, seat: Seat) -> list[Event]:
    """R12: the creature is beaten; its card goes to the discard pile; nobody scores."""
    assert state.alien is not None
    sector = state.alien.sector
    state.alien = None
    state.discards.append("alien_creature")
    for judge in state.judges:
        if judge.standoff == ALIEN:
            judge.standoff = None
    return [Event("alien_defeated", {"seat": seat, "sector": sector})]


def bank_arrest(state: DreddState) -> list[Event]:
    """After the Edwin Parsey window: "A Judge making a successful Arrest takes the Perp and Crime
    cards" — or, when Edwin Parsey was played, they leave the game unscored (R16)."""
    fight = state.fight
    assert fight is not None and fight.winner is not None and fight.crime is not None
    crime = find_crime(state, fight.crime)
    assert crime is not None
    state.crimes.remove(crime)
    state.fight = None
    state.last_arrest = state.turn  # a successful Arrest, voided or not: the game is moving (R26)
    for judge in state.judges:  # a stand-off on it ends: "the Perp is no longer in that Sector"
        if judge.standoff == crime.crime:
            judge.standoff = None
    params = {"seat": fight.winner, "crime": crime.crime, "perp": crime.perp}
    if fight.voided:
        state.gone.append([crime.perp, crime.crime])
        if state.last_fight is not None:
            state.last_fight.result = "voided"
        return [Event("arrest_voided", params)]
    state.judges[fight.winner].arrested.append([crime.perp, crime.crime])
    return [Event("arrested", params)]


def _fight_judges(state: DreddState, fight: Fight, chance: Chance) -> list[Event]:
    """Block Mania (R11: loser to ICU, a tie does nothing) and the Cadet's Right (R21: the
    highest total wins; a tie at the top fights again), each Judge at 5 + die + cards."""
    last = LastFight(kind=fight.kind, judges=list(fight.judges))
    state.last_fight = last
    events = _judges_roll(state, fight, last, chance)
    top = max(last.totals.values())
    best = [s for s in fight.judges if last.totals[s] == top]
    if fight.kind == "block":
        a, b = fight.judges
        state.judges[a].block_with = state.judges[b].block_with = None
        if len(best) > 1:
            last.result = "tie"
            return [*events, Event("block_tie", {"seat": a, "other": b})]
        winner, loser = best[0], (b if best[0] == a else a)
        last.winner, last.result = winner, "won"
        return [*events, Event("block_won", {"seat": winner, "other": loser}), *to_icu(state, loser)]
    if len(best) > 1:
        last.result = "tie"
        state.cadet = best
        return [*events, Event("cadet_tie", {"count": len(best)})]
    last.winner, last.result = best[0], "won"
    state.cadet = []
    state.winner = best[0]
    return [*events, Event("cadet_won", {"seat": best[0]})]
