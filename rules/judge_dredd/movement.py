"""Where Judges (and Perps) may go: the Movement Rules, and the helpers that put a piece somewhere.

Movement Rules (rulebook): "A player may move his/her playing piece up to two adjacent Sectors in
any direction. Sectors either side of a river are only adjacent if connected by a bridge.
Immediately a Judge enters a Sector containing a Crime, the Perp Card is turned face up. A player
may not move out of a sector in which there is a Crime unless there is another Judge in that
sector able to attempt an Arrest [...]. More than one Judge can occupy the same Sector."

The helpers `enter`, `to_icu`, `relocate_crime` are the only places that move a Judge or a Crime,
so a Perp is always revealed when a Judge reaches it (R2), whoever moved what. cards.py uses them.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import Event, IllegalAction, Listed, Msg, Seat

from .content import load_board
from .state import ICU, Crime, DreddState

MOVE = 2
"""A Move is up to two adjacent Sectors."""
PROTECTED_VARIANT = "no_tipoff_into_protected"
"""R4 variant: a Tip Off may not move a Perp into a Starting Sector or the Hospital."""


# --------------------------------------------------------------------------- who is where


def judges_at(state: DreddState, sector: str) -> list[Seat]:
    """The Judges in `sector` (never the ICU's, R9), earliest arrival first."""
    here = [seat for seat, j in enumerate(state.judges) if j.at == sector and sector != ICU]
    return sorted(here, key=lambda s: state.judges[s].arrived)


def crimes_at(state: DreddState, sector: str) -> list[Crime]:
    return [c for c in state.crimes if c.sector == sector]


def find_crime(state: DreddState, crime: str) -> Crime | None:
    """The Crime on the board named by its Crime card id, or None."""
    return next((c for c in state.crimes if c.crime == crime), None)


def alien_at(state: DreddState, sector: str) -> bool:
    return state.alien is not None and state.alien.sector == sector


def able_to_arrest(state: DreddState, seat: Seat) -> bool:
    """R6: a Judge is not able to attempt an Arrest when in ICU, committed to a Block Mania
    fight, or having already attempted one this Game Turn."""
    judge = state.judges[seat]
    return judge.at not in (None, ICU) and judge.block_with is None and not judge.attempted


def left_alone(state: DreddState, seat: Seat, sector: str) -> list[Crime]:
    """The Crimes in `sector` that no Judge but `seat` there is able to attempt (R1, R6, R25):
    another Judge covers a Crime if able to attempt an Arrest at all, and, when in a stand-off,
    only the Crime of the stand-off ("must attempt to Arrest the Perp again")."""
    crimes = crimes_at(state, sector)
    if not crimes:  # most Sectors a Move passes: no Crime, so nobody else is looked for
        return []
    others = [state.judges[o] for o in judges_at(state, sector) if o != seat and able_to_arrest(state, o)]
    return [c for c in crimes if not any(j.standoff in (None, c.crime) for j in others)]


def may_leave(state: DreddState, seat: Seat, sector: str) -> bool:
    """Whether the Judge may step out of `sector` on a Move.

    Not out of a Quarantined Sector (R13), nor out of the Alien Creature's (R12), nor out of a
    Sector with a Crime unless, once the Judge is gone, every Crime there still has another Judge
    there able to attempt it (R1, R6, R25)."""
    if state.quarantine is not None and state.quarantine.sector == sector:
        return False
    if alien_at(state, sector):
        return False
    return not left_alone(state, seat, sector)


# --------------------------------------------------------------------------- a Judge's Move


def move_allowance(state: DreddState, seat: Seat) -> int:
    """How many Sectors this Move may cover: two, plus this round's extras, capped by a
    Lawgiver Jams (R18)."""
    judge = state.judges[seat]
    steps = MOVE + judge.extra_move
    if judge.max_move is not None:
        steps = min(steps, judge.max_move)
    return max(steps, 0)


def move_options(state: DreddState, seat: Seat) -> dict[str, list[str]]:
    """Every Sector this Judge's Move may end in, with one path there (the Sectors entered, in
    order; empty for staying put): a shortest one, the first in board order.

    A Judge starting the Move in ICU may only move into the Hospital Sector (R9). Otherwise the
    Move is a path of up to `move_allowance` steps (R1), rivers only by bridges unless the Move
    ignores rivers (Fergee), never stepping out of a Sector the Judge may not leave. One path per
    destination is all the AI and the flow need: a Sector passed through is one the Judge could
    leave, so it has no Crime, or another Judge stands there and its Perp is face up already (R2);
    so every path there has the same effect. Players may give any of them (`move_paths`, R24).
    """
    judge = state.judges[seat]
    if judge.at == ICU:
        return {load_board().hospital: [load_board().hospital]}
    assert judge.at is not None
    board = load_board()
    options: dict[str, list[str]] = {judge.at: []}
    frontier: list[tuple[str, list[str]]] = [(judge.at, [])]
    for _ in range(move_allowance(state, seat)):
        nxt: list[tuple[str, list[str]]] = []
        for here, path in frontier:
            if not may_leave(state, seat, here):
                continue
            for there in board.neighbours(here, ignore_rivers=judge.ignore_rivers):
                if there not in options:
                    options[there] = [*path, there]
                    nxt.append((there, options[there]))
        frontier = nxt
    return options


def move_paths(state: DreddState, seat: Seat) -> dict[str, list[list[str]]]:
    """Every legal path of this Judge's Move, by the Sector it ends in (R24): "any direction", so
    every way there is accepted, and the one given is the one recorded. A path enters each Sector
    at most once and never comes back to where the Move began (that is staying put, `stay`). The
    first path of each destination is `move_options`' own, so the list a player sees opens with
    one path per Sector; then the others, shortest first. The ICU has its one path (R9)."""
    options = move_options(state, seat)
    judge = state.judges[seat]
    start = judge.at
    assert start is not None
    if start == ICU:
        return {dest: [path] for dest, path in options.items()}
    board = load_board()
    found: dict[str, list[list[str]]] = {dest: [path] for dest, path in options.items() if path}

    def walk(here: str, path: list[str], left: int) -> None:
        if left == 0 or not may_leave(state, seat, here):
            return
        for there in board.neighbours(here, ignore_rivers=judge.ignore_rivers):
            if there == start or there in path:
                continue
            step = [*path, there]
            if step != options[there]:
                found[there].append(step)
            walk(there, step, left - 1)

    walk(start, [], move_allowance(state, seat))
    for paths in found.values():
        paths[1:] = sorted(paths[1:], key=lambda p: (len(p), p))
    return found


def path_refusal(state: DreddState, seat: Seat, steps: list[str]) -> IllegalAction | None:
    """Why `steps` is not one of the Move's legal paths (None when it is), in the words a player
    needs: already there (`stay`); a Sector two or more steps away given alone, answered with the
    paths that reach it (R24); a broken Movement Rule (`walk_refusal`); or a walk that comes back
    to where it began or passes a Sector (its start included) twice."""
    start = state.judges[seat].at
    paths = move_paths(state, seat)
    if steps in paths.get(steps[-1], []):
        return None
    if steps == [start]:
        return IllegalAction("dredd_already_there", sector=Msg(f"judge_dredd.sector.{start}"))
    if len(steps) == 1 and steps[0] in paths:
        ways = ["move " + "-".join(p) for p in paths[steps[0]]]
        shown = ways[:PATHS_SHOWN] + (["…"] if len(ways) > PATHS_SHOWN else [])
        # command tokens, the same in every language: joined by a neutral mark, not a word
        return IllegalAction("dredd_move_paths", to=Msg(f"judge_dredd.sector.{steps[0]}"), paths=" / ".join(shown))
    refused = walk_refusal(state, seat, steps)
    if refused is not None:
        return refused
    if steps[-1] == start:
        return IllegalAction("dredd_move_stay")
    walked = [start, *steps]
    twice = next(s for i, s in enumerate(walked) if s in walked[:i])
    return IllegalAction("dredd_move_repeats", sector=Msg(f"judge_dredd.sector.{twice}"))


def sector_list(sectors: Iterable[str]) -> Listed:
    """Sectors as one list parameter, in code order: the ones next to a Judge, or a Move's ends."""
    return Listed.of(Msg(f"judge_dredd.sector.{code}") for code in sorted(sectors))


PATHS_SHOWN = 6
"""At most this many paths are named when a distant Sector is given alone (R24)."""


def leave_refusal(state: DreddState, seat: Seat, sector: str) -> IllegalAction | None:
    """Why the Judge may not step out of `sector` (the reasons of `may_leave`, in its order)."""
    if may_leave(state, seat, sector):
        return None
    name = Msg(f"judge_dredd.sector.{sector}")
    if state.quarantine is not None and state.quarantine.sector == sector:
        return IllegalAction("dredd_quarantine_lock", sector=name)
    if alien_at(state, sector):
        return IllegalAction("dredd_alien_lock", sector=name)
    if any(other != seat and able_to_arrest(state, other) for other in judges_at(state, sector)):
        # R25: another Judge could stay, but not for every Crime here (a stand-off binds them)
        crime = left_alone(state, seat, sector)[0].crime
        return IllegalAction("dredd_crime_left_alone", sector=name, crime=Msg(f"judge_dredd.crime.{crime}"))
    return IllegalAction("dredd_crime_sector_lock", sector=name)


def walk_refusal(state: DreddState, seat: Seat, steps: list[str]) -> IllegalAction | None:
    """Why the Sectors `steps`, walked from the Judge's Sector, are not a legal Move (None when
    they are): the first broken Movement Rule, named so the player can put it right — out of the
    ICU only into the Hospital (R9), too many Sectors, Sectors not next to each other, a river
    with no bridge, or a Sector the Judge may not leave (a Crime, the Alien Creature, Quarantine)."""
    judge = state.judges[seat]
    board = load_board()
    hospital = board.hospital
    if judge.at == ICU:
        if steps == [hospital]:
            return None
        return IllegalAction("dredd_icu_to_hospital", sector=Msg(f"judge_dredd.sector.{hospital}"))
    allowance = move_allowance(state, seat)
    if len(steps) > allowance:
        reach = sector_list(move_paths(state, seat))
        return IllegalAction("dredd_too_far", steps=allowance, sectors=reach).counted(allowance)
    here = judge.at
    assert here is not None
    for there in steps:
        names = {"from": Msg(f"judge_dredd.sector.{here}"), "to": Msg(f"judge_dredd.sector.{there}")}
        near = board.adjacent(here, ignore_rivers=judge.ignore_rivers)
        if there == here:  # a path names the Sectors after the one it stands in
            return IllegalAction("dredd_step_in_place", sector=names["from"], sectors=sector_list(near))
        if there not in near:
            code = "dredd_river" if there in board.adjacent(here, ignore_rivers=True) else "dredd_not_adjacent"
            return IllegalAction(code, **names, sectors=sector_list(near))
        refused = leave_refusal(state, seat, here)
        if refused is not None:
            return refused
        here = there
    return None


# --------------------------------------------------------------------------- putting pieces somewhere


def reveal(state: DreddState, sector: str) -> list[Event]:
    """R2: every face-down Perp in a Sector with a Judge in it turns face up, and stays so."""
    if sector == ICU or not judges_at(state, sector):
        return []
    events = []
    for c in crimes_at(state, sector):
        if not c.revealed:
            c.revealed = True
            events.append(Event("perp_revealed", {"crime": c.crime, "perp": c.perp, "sector": sector}))
    return events


def enter(state: DreddState, seat: Seat, sector: str) -> list[Event]:
    """Put the Judge in `sector` (a Move's end, a Barney, Robodoc, Cadet's Right): a new arrival
    there (R8's first arrival), Perps there revealed (R2). Returns the reveal events only; the
    caller reports the move itself."""
    judge = state.judges[seat]
    if judge.at != sector:
        state.arrivals += 1
        judge.arrived = state.arrivals
        judge.at = sector
        judge.standoff = None  # "unless [...] the Judge is somehow able to leave the Sector"
    return reveal(state, sector)


def to_icu(state: DreddState, seat: Seat) -> list[Event]:
    """The Judge goes to the Intensive Care Unit: out of any stand-off and any Block Mania
    (R11: a Judge in ICU cannot fight). Returns the public event `to_icu`."""
    judge = state.judges[seat]
    judge.at = ICU
    judge.standoff = None
    if judge.block_with is not None:
        state.judges[judge.block_with].block_with = None
        judge.block_with = None
    return [Event("to_icu", {"seat": seat})]


# --------------------------------------------------------------------------- a Perp on the move (Tip Off)


def perp_paths(state: DreddState, crime: str, steps: int = MOVE) -> dict[str, list[str]]:
    """Where a Tip Off may move the Crime `crime` (with its Perp): "Normal Movement rules apply.
    The Perp may enter/leave/move through a Sector occupied by a Judge or another Crime."
    So: up to `steps` steps along borders and bridges, one path per destination, the start
    excluded. With the variant `no_tipoff_into_protected` (R4) it may not end in, nor pass
    through, a Starting Sector or the Hospital."""
    found = find_crime(state, crime)
    if found is None:
        return {}
    board = load_board()
    guarded = PROTECTED_VARIANT in state.variants
    options: dict[str, list[str]] = {found.sector: []}
    frontier: list[tuple[str, list[str]]] = [(found.sector, [])]
    for _ in range(steps):
        nxt: list[tuple[str, list[str]]] = []
        for here, path in frontier:
            for there in board.neighbours(here):
                if there in options or (guarded and board.protected(there)):
                    continue
                options[there] = [*path, there]
                nxt.append((there, options[there]))
        frontier = nxt
    del options[found.sector]
    return options


def relocate_crime(state: DreddState, crime: str, sector: str) -> list[Event]:
    """Move a Crime (with its Perp) to `sector`; its Perp turns face up if a Judge is there (R2).
    Judges at the old Sector lose a stand-off on it ("unless the Perp is no longer in that
    Sector"). Returns reveal events only."""
    found = find_crime(state, crime)
    assert found is not None
    found.sector = sector
    for judge in state.judges:
        if judge.standoff == crime:
            judge.standoff = None
    return reveal(state, sector)
