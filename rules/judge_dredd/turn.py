"""The order of play: set-up, the Game Turn (Movement Round, Arrest Round), the end of the turn
(Turn Start Card, replenishing Crimes, issuing Action Cards), the end of the game.

The flow is a small state machine: `state.phase` plus a cursor, the awaited `mover` or `chooser`,
the open card-play `window` (R7) and the `fight` being prepared. Each step opens the next window
or waits for the next decision; `advance` closes every window nobody is left to answer (a seat
with an empty hand passes by itself), so players only ever face real decisions. Whatever needs no
choice (a missed Move, the compulsory Move out of ICU, a Judge who can only stay) is done here and
reported as an event.
"""

from __future__ import annotations

from typing import Any

from rules.core import Chance, Event, Seat

from . import arrest, cards
from .content import load_board, load_crimes, load_perps
from .hands import draw, over_limit
from .movement import enter, move_options, reveal
from .state import ALIEN, CRIMES_ON_BOARD, HAND_LIMIT, ICU, Crime, DreddState, LastMove, Window, order

ACADEMY = "aca"
"""Cadet's Right: the tied Judges fight in the Academy of Law."""
QUIET_LIMIT = 8
"""R26: this many Game Turns in a row without a successful Arrest end the game."""
QUIET_WARNING = 4
"""R26: once this many have passed, the table is warned (from the fifth such Game Turn on)."""


# --------------------------------------------------------------------------- set-up


def place_judge(state: DreddState, seat: Seat, sector: str, chance: Chance) -> list[Event]:
    """Starting the Game: each player in turn from the Turn Start holder places a Judge in an
    unoccupied Starting Sector; then the holder sets up six Crimes and deals six Action Cards."""
    events = [Event("placed", {"seat": seat, "sector": sector}), *enter(state, seat, sector)]
    state.cursor += 1
    if state.cursor < state.seats:
        return events
    events += replenish_crimes(state, chance)
    for s in order(state):
        events += draw(state, s, HAND_LIMIT, chance)
    return events + start_turn(state)


def free_starting_sectors(state: DreddState) -> list[str]:
    taken = {j.at for j in state.judges}
    return [code for code in load_board().starting_sectors if code not in taken]


# --------------------------------------------------------------------------- crimes


def replenish_crimes(state: DreddState, chance: Chance) -> list[Event]:
    """Setting Up Crimes: turn up a Sector card, put the top Perp face down there and the top
    Crime face up on it, until there are six Crimes. The Sector pack is reshuffled from all 21
    Sector cards when exhausted (R5); when the last Perp card is drawn the holder is noted (R20).
    A Crime reported where a Judge stands is revealed at once (R2)."""
    events: list[Event] = []
    while len(state.crimes) < CRIMES_ON_BOARD and state.perp_pack and state.crime_pack:
        if not state.sector_pack:
            state.sector_pack = chance.shuffle(load_board().card_sectors)
            state.sector_used = []
            events.append(Event("sectors_reshuffled", {"count": len(state.sector_pack)}))
        sector = state.sector_pack.pop(0)
        state.sector_used.append(sector)
        perp, crime = state.perp_pack.pop(0), state.crime_pack.pop(0)
        state.crimes.append(Crime(crime=crime, perp=perp, sector=sector))
        events.append(Event("crime_reported", {"crime": crime, "sector": sector}))
        events += reveal(state, sector)
        if not state.perp_pack and state.end_holder is None:
            state.end_holder = state.turn_start
            events.append(Event("last_perp", {"seat": state.turn_start}))
    return events


# --------------------------------------------------------------------------- Movement Round


def start_turn(state: DreddState) -> list[Event]:
    """A new Game Turn: the Movement Round from the Turn Start holder."""
    state.turn += 1
    state.phase = "movement"
    state.cursor = 0
    state.mover = state.chooser = None
    state.skipping = []  # `skip` lasts for the rest of one Game Turn
    return [Event("turn_started", {"turn": state.turn, "seat": state.turn_start}), *next_mover(state)]


def next_mover(state: DreddState) -> list[Event]:
    """Open the window before the next Judge's Move, or the window after the last Move."""
    if state.cursor >= state.seats:
        state.window = Window("after_moves")
        return [Event("window", {"window": "after_moves"})]
    seat = order(state)[state.cursor]
    state.window = Window("before_move", for_seat=seat)
    return [Event("window", {"window": "before_move", "seat": seat})]


def begin_move(state: DreddState, seat: Seat) -> list[Event]:
    """The window before this Judge's Move has closed. A Judge starting in ICU moves into the
    Hospital Sector and stops (R9); a Miss Move costs this Move (R18); a Judge who can only stay
    stays; otherwise the Move is awaited."""
    judge = state.judges[seat]
    if judge.at != ICU and judge.miss_moves > 0:
        judge.miss_moves -= 1
        return [Event("move_missed", {"seat": seat}), *end_move(state, seat)]
    options = move_options(state, seat)
    if len(options) == 1:
        (path,) = options.values()
        return make_move(state, seat, path)
    state.mover = seat
    return []


def make_move(state: DreddState, seat: Seat, path: list[str]) -> list[Event]:
    """Walk the Judge along `path` (empty: stay). Every Sector entered reveals its Perps (R2)."""
    judge = state.judges[seat]
    start = judge.at
    assert start is not None
    events: list[Event] = []
    if path:
        events.append(Event("moved", {"seat": seat, "from": start, "to": path[-1], "path": path}))
        for sector in path[:-1]:
            judge.at = sector
            events += reveal(state, sector)
        judge.at = start
        events += enter(state, seat, path[-1])
    else:
        events.append(Event("stayed", {"seat": seat, "sector": start}))
    state.last_move = LastMove(seat=seat, path=[start, *path])
    return events + end_move(state, seat)


def end_move(state: DreddState, seat: Seat) -> list[Event]:
    judge = state.judges[seat]
    judge.moved = True
    judge.extra_move, judge.ignore_rivers, judge.max_move = 0, False, None  # used or wasted (R18)
    state.mover = None
    state.cursor += 1
    return next_mover(state)


# --------------------------------------------------------------------------- Arrest Round


def start_arrests(state: DreddState, chance: Chance) -> list[Event]:
    state.phase = "arrest"
    return [Event("arrest_round", {"turn": state.turn}), *next_arrest(state, chance)]


def next_arrest(state: DreddState, chance: Chance) -> list[Event]:
    """The next Judge due, in order from the Turn Start holder: a Block Mania pair fights when
    the first of them is due (R11); in a Sector with two or more things to attempt, every Judge
    there who must attempt chooses first, in Arrest order (E2); then the fight of the Judge due
    is prepared, with the Judges at the same target (R8). When nobody is due, the Game Turn ends."""
    for seat in order(state):
        if not arrest.due(state, seat):
            continue
        partner = state.judges[seat].block_with
        if partner is not None:
            arrest.start_fight(state, "block", [seat, partner])
            return open_fight_window(state, seat)
        sector = state.judges[seat].at
        assert sector is not None
        if len(arrest.sector_targets(state, sector)) > 1:
            chooser = arrest.next_chooser(state, sector)
            if chooser is not None:
                state.chooser = chooser
                return []
        return begin_arrest(state, seat, arrest.chosen_target(state, seat) or arrest.targets(state, seat)[0])
    return end_turn(state, chance)


def choose_target(state: DreddState, seat: Seat, target: str, chance: Chance) -> list[Event]:
    """`arrest <crime>`: the chooser's target is noted (public), then the next Judge there
    chooses, or the first fight begins (E2)."""
    state.chooser = None
    state.chosen[seat] = target
    return [Event("arrest_chosen", {"seat": seat, "crime": target}), *next_arrest(state, chance)]


def begin_arrest(state: DreddState, seat: Seat, target: str) -> list[Event]:
    """Start the Arrest attempt (or the Alien fight) of `seat`, with every fellow Judge (R8)."""
    state.chooser = None
    judges = arrest.fellow_judges(state, seat, target)
    if target == ALIEN:
        arrest.start_fight(state, "alien", judges)
    else:
        arrest.start_fight(state, "perp", judges, crime=target)
    return open_fight_window(state, seat)


def open_fight_window(state: DreddState, seat: Seat) -> list[Event]:
    fight = state.fight
    assert fight is not None
    state.window = Window("before_fight", for_seat=seat)
    params: dict[str, Any] = {"window": "before_fight", "seat": seat, "fight": fight.kind, "judges": fight.judges}
    if fight.crime:
        params["crime"] = fight.crime
    return [Event("window", params)]


def after_fight(state: DreddState, chance: Chance) -> list[Event]:
    """The dice have spoken: open the Edwin Parsey window after a successful Arrest, else go on."""
    if state.phase == "cadet":
        return finish_cadet(state)
    if state.fight is not None:
        state.window = Window("after_arrest", for_seat=state.fight.winner)
        return [Event("window", {"window": "after_arrest", "seat": state.fight.winner})]
    return next_arrest(state, chance)


# --------------------------------------------------------------------------- end of the Game Turn


def end_turn(state: DreddState, chance: Chance) -> list[Event]:
    """After the last Arrest: quarantine may lift (R13), per-turn effects end, the Turn Start
    Card passes left — or the game ends (R20), or ends after eight Game Turns in a row without a
    successful Arrest (R26; the table is warned when four have passed) — then Crimes are
    replenished and the issue window opens (discards first)."""
    events: list[Event] = []
    if state.quarantine is not None and state.quarantine.lifts_after_turn <= state.turn:
        events.append(Event("quarantine_lifted", {"sector": state.quarantine.sector}))
        state.quarantine = None
        state.discards.append("quarantine")  # the card stayed in play until now
    for judge in state.judges:
        judge.moved = judge.attempted = judge.ignore_rivers = False
        judge.extra_move, judge.max_move = 0, None
        judge.block_with = None
    state.chooser = state.mover = None
    state.chosen = {}
    holder = (state.turn_start + 1) % state.seats
    if game_ends(state, holder):
        return events + end_game(state)
    quiet = quiet_turns(state, ended=True)
    if quiet >= QUIET_LIMIT:
        events.append(Event("quiet_end", {"count": quiet}))
        return events + end_game(state)
    if quiet == QUIET_WARNING:
        events.append(Event("quiet_warning", {"count": quiet, "left": QUIET_LIMIT - quiet}))
    state.turn_start = holder
    events.append(Event("turn_start_passed", {"seat": holder}))
    events += replenish_crimes(state, chance)
    state.phase = "issue"
    state.window = Window("issue")
    return [*events, Event("window", {"window": "issue", "seat": None})]


def game_ends(state: DreddState, holder: Seat) -> bool:
    """End of Game: "Once the last Perp Card in the Perp Pack is used up, the game will end after
    one complete round of Game Turns has been played — ie as soon as the Turn Start Card would be
    passed to the player who had it when the last Perp card was used." (R20; `end_holder` is noted
    by `replenish_crimes`.)"""
    return state.end_holder is not None and holder == state.end_holder


def quiet_turns(state: DreddState, ended: bool | None = None) -> int:
    """R26: the Game Turns in a row, up to the last one ended, with no successful Arrest; 0 as soon
    as one is made. `ended`: whether the current Game Turn is over (by default, read from the
    phase: it is over from the issue of cards on)."""
    if state.last_arrest == state.turn:
        return 0
    if ended is None:
        ended = state.phase in ("issue", "cadet", "over")
    return max((state.turn if ended else state.turn - 1) - state.last_arrest, 0)


def issue_cards(state: DreddState, chance: Chance) -> list[Event]:
    """Issuing Action Cards (R19): each player, from the holder, gets the most cards allowed
    without passing six in hand: 1; 2 in West 17, City Hall, the Academy or the Armoury; 6 in the
    Grand Hall (checked now; ICU gets 1). Then the next Game Turn starts."""
    board = load_board()
    events: list[Event] = []
    for seat in order(state):
        judge = state.judges[seat]
        n = min(board.bonus(judge.at or ICU), HAND_LIMIT - len(judge.hand))
        if n > 0:
            events += draw(state, seat, n, chance)
    return events + start_turn(state)


def scores(state: DreddState) -> dict[Seat, int]:
    """The Winner: the Combat Values of the Perps and Crimes each player arrested."""
    perps, crimes = load_perps(), load_crimes()
    return {s: sum(perps[p].cv + crimes[c].cv for p, c in j.arrested) for s, j in enumerate(state.judges)}


def end_game(state: DreddState) -> list[Event]:
    """The highest total wins; a tie at the top is settled by the Cadet's Right (R21)."""
    totals = scores(state)
    top = max(totals.values())
    best = [s for s in order(state) if totals[s] == top]
    events = [Event("game_end", {"turn": state.turn})]
    events += [
        Event("final_score", {"seat": s, "score": totals[s], "arrests": len(state.judges[s].arrested)})
        for s in order(state)
    ]
    if len(best) == 1:
        state.winner = best[0]
        state.phase = "over"
        return [*events, Event("won", {"seat": best[0], "score": top})]
    state.phase = "cadet"
    state.cadet = best
    for seat in best:
        events += enter(state, seat, ACADEMY)
    events.append(Event("cadets_right", {"count": len(best), "score": top}))
    return events + start_cadet_fight(state)


def start_cadet_fight(state: DreddState) -> list[Event]:
    arrest.start_fight(state, "cadet", list(state.cadet))
    return open_fight_window(state, state.cadet[0])


def finish_cadet(state: DreddState) -> list[Event]:
    if state.winner is not None:
        state.phase = "over"
        return [Event("won", {"seat": state.winner, "score": scores(state)[state.winner]})]
    return start_cadet_fight(state)


# --------------------------------------------------------------------------- windows (R7)


def window_seats(state: DreddState) -> list[Seat]:
    """The seats still to answer the open window: every seat that has not passed since the last
    card (only the target in an answer window; only the tied players in the Cadet's Right), less
    those with an empty hand — a public count, so passing for them reveals nothing — and less
    those skipping the rest of the Game Turn where `still_asked` does not hold (public too)."""
    window = state.window
    if window is None:
        return []
    if window.kind == "answer":
        candidates = [window.for_seat] if window.for_seat is not None else []
    elif state.phase == "cadet":
        candidates = list(state.cadet)
    else:
        candidates = order(state)
    return [
        s
        for s in candidates
        if s not in window.passed and state.judges[s].hand and (s not in state.skipping or still_asked(state, s))
    ]


def still_asked(state: DreddState, seat: Seat) -> bool:
    """The windows a seat is asked in even after `skip`: an answer window where it is the target
    (R7: the target is always asked), the window before a fight its own Judge is in, and the
    issue window (its discards). `skip` is offered in every other card-play window."""
    window = state.window
    if window is None:
        return False
    if window.kind in ("answer", "issue"):
        return True
    return window.kind == "before_fight" and state.fight is not None and seat in state.fight.judges


def skip(state: DreddState, seat: Seat) -> list[Event]:
    """`skip`: pass this window, and be passed in this Game Turn's later windows (public)."""
    window = state.window
    assert window is not None
    window.passed.append(seat)
    state.skipping.append(seat)
    return [Event("skipped", {"seat": seat, "window": window.kind, "for": window.for_seat})]


def close_window(state: DreddState, chance: Chance) -> list[Event]:
    """Everyone has passed: carry on from where the window stood."""
    window = state.window
    assert window is not None
    state.window = None
    events = [Event("window_closed", {"window": window.kind, "seat": window.for_seat})]
    if window.kind == "answer":
        state.window = window  # the pending card reads its own window
        events += cards.resolve_pending(state, chance)
        state.window = resume(window)
        return events
    if window.kind == "before_move":
        assert window.for_seat is not None
        return events + begin_move(state, window.for_seat)
    if window.kind == "after_moves":
        return events + start_arrests(state, chance)
    if window.kind == "before_fight":
        return events + arrest.roll_fight(state, chance) + after_fight(state, chance)
    if window.kind == "after_arrest":
        return events + arrest.bank_arrest(state) + next_arrest(state, chance)
    if window.kind == "issue":
        return events + issue_cards(state, chance)
    raise AssertionError(f"unknown window {window.kind}")


def resume(answer: Window) -> Window | None:
    """An answer window closes: the window it paused opens again with its passes cleared."""
    paused = answer.interrupted
    if paused is not None:
        paused.passed = []
    return paused


def advance(state: DreddState, chance: Chance) -> list[Event]:
    """Close every window that nobody is left to answer, until a decision is needed."""
    events: list[Event] = []
    while state.phase != "over" and state.window is not None and over_limit(state) is None:
        if window_seats(state):
            break
        events += close_window(state, chance)
    return events

