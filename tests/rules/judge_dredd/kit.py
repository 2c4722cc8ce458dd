"""Helpers for the Judge Dredd rules tests: constructed positions, scripted dice, passing windows.

A position is a real game (set up by the engine) with its Judges, Crimes and hands moved where a
test wants them; the flow is then put at a point of the Game Turn with `at_move`, `at_window` or
`at_arrests`, so each test drives the real engine from there.
"""

from __future__ import annotations

import copy
import functools
from collections import Counter

from rules.core import Chance, Event, ScriptedChance, SeededChance
from rules.judge_dredd import GAME
from rules.judge_dredd import turn as flow
from rules.judge_dredd.content import full_deck, load_crimes, load_perps
from rules.judge_dredd.state import Crime, DreddState, Window

STARTS = ("w17", "spc", "arm", "cty", "aca", "ghj")


def dice(*values: int) -> Chance:
    """Scripted dice; any shuffle falls back to a seeded generator."""
    return ScriptedChance(values, fallback=SeededChance(3))


def placed(seats: int = 2, seed: int = 1, config: dict | None = None) -> DreddState:
    """A game after set-up: seat 0 holds the Turn Start card, Judges placed in STARTS order,
    six Crimes out, six cards each; the first Movement Round's first window is open."""
    state = GAME.new_game(config or {}, seats, SeededChance(seed))
    state.turn_start = 0
    for seat in range(seats):
        GAME.apply(state, seat, f"place {STARTS[seat]}", SeededChance(seed))
    return state


def position(
    seats: int = 2,
    at: dict[int, str] | None = None,
    crimes: list[tuple[str, str, str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    config: dict | None = None,
) -> DreddState:
    """A placed game rearranged: Judges `at` Sectors (or `icu`), exactly these Crimes
    (crime id, perp id, sector; revealed if a Judge is there) and these hands (others emptied
    when `hands` is given). Packs keep every other card, so nothing is lost or doubled."""
    state = placed(seats, config=config)
    state.window = None
    for seat, where in (at or {}).items():
        state.judges[seat].at = where
        state.arrivals += 1
        state.judges[seat].arrived = state.arrivals
    if crimes is not None:
        for c in state.crimes:
            state.perp_pack.append(c.perp)
            state.crime_pack.append(c.crime)
        state.crimes = []
        for crime, perp, sector in crimes:
            state.perp_pack.remove(perp)
            state.crime_pack.remove(crime)
            here = any(j.at == sector for j in state.judges)
            state.crimes.append(Crime(crime=crime, perp=perp, sector=sector, revealed=here))
    if hands is not None:
        for judge in state.judges:
            state.stock.extend(judge.hand)
            judge.hand = []
        for seat, cards in hands.items():
            for card in cards:
                state.stock.remove(card)
            state.judges[seat].hand = list(cards)
    return state


def at_move(state: DreddState, seat: int) -> DreddState:
    """The flow awaits `seat`'s Move in the Movement Round (its window has closed)."""
    state.phase, state.window = "movement", None
    state.cursor = flow.order(state).index(seat)
    state.mover = seat
    return state


def at_window(state: DreddState, kind: str, for_seat: int | None = None) -> DreddState:
    """Open a card-play window by hand (its flow continues as the real one would)."""
    state.window = Window(kind, for_seat=for_seat)
    return state


def at_arrests(state: DreddState, chance: Chance | None = None) -> list[Event]:
    """Start the Arrest Round now (every Judge has moved), as after the last Move."""
    state.phase, state.window, state.mover = "movement", None, None
    state.cursor = state.seats
    for judge in state.judges:
        judge.moved = True
    return flow.start_arrests(state, chance or SeededChance(0)) + flow.advance(state, chance or SeededChance(0))


def act(state: DreddState, seat: int, text: str, *values: int) -> list[Event]:
    return GAME.apply(state, seat, text, dice(*values))


def pass_window(state: DreddState, *values: int) -> list[Event]:
    """Everyone still in the open window passes (the last pass closes it, with these dice)."""
    assert state.window is not None
    kind = state.window
    events: list[Event] = []
    chance = dice(*values)
    while state.window is kind and GAME.to_act(state):
        seat = min(GAME.to_act(state))
        verb = "done" if kind.kind == "issue" else "pass"
        events += GAME.apply(state, seat, verb, chance)
    return events


def texts(state: DreddState, seat: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def destinations(state: DreddState, seat: int) -> set[str]:
    """Where `seat` may end its Move now (its own Sector when it may stay)."""
    out = set()
    for a in GAME.legal_actions(state, seat):
        if a.verb == "move":
            out.add(a.path.split("-")[-1])
        elif a.verb == "stay":
            out.add(state.judges[seat].at)
    return out


# --------------------------------------------------------------------------- secrets and conservation


def _rotate(items: list) -> list:
    return items[1:] + items[:1] if items else items


def hide_check(state: DreddState, viewer: int | None) -> None:
    """What `viewer` must not learn cannot change its view: the order of every pack, the other
    players' hands (same counts, other cards) and every face-down Perp it has not peeked at."""
    assert GAME.view(counterfactual(state, viewer), viewer) == GAME.view(state, viewer)


def counterfactual(state: DreddState, viewer: int | None) -> DreddState:
    """`state` with what `viewer` must not learn changed (see `hide_check`)."""
    other = copy.deepcopy(state)
    for pack in ("stock", "perp_pack", "crime_pack", "sector_pack"):
        setattr(other, pack, list(reversed(getattr(other, pack))))
    hidden = [s for s in range(state.seats) if s != viewer]
    pooled = _rotate([card for s in hidden for card in other.judges[s].hand])
    for s in hidden:
        n = len(other.judges[s].hand)
        other.judges[s].hand, pooled = pooled[:n], pooled[n:]
    peeked = set(state.judges[viewer].peeked) if viewer is not None else set()
    secret = [c for c in other.crimes if not c.revealed and c.crime not in peeked]
    for crime, perp in zip(secret, _rotate([c.perp for c in secret]), strict=True):
        crime.perp = perp
    return other


def conserved(state: DreddState) -> None:
    """54 Action Cards, 28 Perps and 28 Crimes, each in exactly one place; six Crimes at most."""
    cards = [*state.stock, *state.discards, *(c for j in state.judges for c in j.hand)]
    if state.quarantine is not None:
        cards.append("quarantine")
    if state.alien is not None:
        cards.append("alien_creature")
    assert Counter(cards) == Counter(full_deck())
    arrested = [pair for j in state.judges for pair in j.arrested] + state.gone
    perps = [*state.perp_pack, *(c.perp for c in state.crimes), *(p for p, _ in arrested)]
    crimes = [*state.crime_pack, *(c.crime for c in state.crimes), *(c for _, c in arrested)]
    assert sorted(perps) == sorted(load_perps()) and sorted(crimes) == sorted(load_crimes())
    assert len(state.crimes) <= 6


# --------------------------------------------------------------------------- playing whole games


@functools.cache
def _distance(a: str, b: str) -> int:
    """Steps from `a` to `b` on the fixed board (rivers by bridges only), 99 when unreachable:
    worked out once per pair for the whole run, since the board never changes."""
    from collections import deque

    from rules.judge_dredd.content import load_board

    board, seen, queue = load_board(), {a: 0}, deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            return seen[here]
        for there in board.neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return 99


HELPFUL = ("judge_cf", "judge_extra_dice", "auto_arrest")


def busy_policy(state: DreddState, seat: int, legal: list) -> object:
    """A quick player for playouts (not the AI): walks toward the nearest Crime, plays helpful
    combat cards on itself in its own fights, otherwise passes and keeps its cards."""
    from rules.judge_dredd.content import load_cards
    from rules.judge_dredd.state import COLOURS

    verbs = {a.verb for a in legal}
    if verbs & {"move", "stay"}:
        sectors = [c.sector for c in state.crimes] or ["aca"]

        def far(a: object) -> int:
            to = a.path.split("-")[-1] if a.verb == "move" else state.judges[seat].at
            return min(_distance(to, s) for s in sectors)

        return min(legal, key=far)
    fight = state.fight
    if "play" in verbs and fight is not None and seat in fight.judges and state.window.kind == "before_fight":
        for a in legal:
            if a.verb == "play" and a.target == COLOURS[seat]:
                effect = load_cards()[a.card].option(a.option).effect
                if any(effect.get(k, 0) > 0 for k in HELPFUL if not isinstance(effect.get(k), bool)) or (
                    effect.get("auto_arrest")
                ):
                    return a
    for verb in ("pass", "done"):
        for a in legal:
            if a.verb == verb:
                return a
    return legal[0]
