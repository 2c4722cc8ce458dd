"""After the game: each seat's chance to win at every step of a finished game (its turning points)
and how lucky each seat's dice and cards were.

Pure and deterministic: the chances are estimated by playing the game on from a position many
times with its own computer player (`Plugin.ai`, or `Plugin.playout` where that is a costly
search), each playout on its own seeded chance and generator, and the work is bounded by a count
of actions applied, never by the clock. The same log, seed and budget give the same figures.

Hidden information: a playout starts from the true state, every hand and pack order as they
were. That is only shown once the game is over, when every secret of the game may be told; it is
also what makes the figure mean something (a playout from one seat's beliefs would be that
seat's guess, not the table's chance). Packs already shuffled in the state stay in their order in
every playout, so the chance a figure gives is the chance given the cards as they lay; dice,
later shuffles and the players' choices vary.

Luck: a game that draws anything says what each draw was worth against its average through its
plug-in's `luck` hook (`LuckHook`), read from the events of each action of the log; a game with
no chance at all (Judtho) has no hook.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import UNDO, Action, Event, Game, Seat, SeededChance, replay_chance, taken_back

Row = tuple[Seat, str, list[int]]
"""One row of a game's log: the seat, the action text, the draws recorded for it."""

Policy = Callable[..., Any]
"""A computer player: `policy(game, state, seat, rng) -> Action` (or its text)."""

# --------------------------------------------------------------------------- positions


def positions(game: Game[Any], config: dict[str, Any], seats: int, setup: Sequence[int],
              log: Sequence[Row], wanted: Iterable[int] | None = None) -> Iterator[tuple[int, Any, Any, list[Event]]]:
    """Fold a log as `Game.replay` does (undo rows included) and yield, for each row `i` (1-based:
    the position after `i` rows), `(i, before, after, events)`: a copy of the state before the row
    when `i` is in `wanted` (None: every row), else None; the state after it (the live object: a
    caller that keeps it copies it); the row's events. Step 0, the position before any row, is
    yielded first as `(0, None, state, [])`."""
    want = None if wanted is None else set(wanted)
    taken = taken_back(text for _, text, _ in log)
    state = game.new_game(config, seats, replay_chance(setup))
    yield 0, None, state, []
    kept: dict[int, Any] = {}
    standing: list[int] = []
    for index, (seat, text, record) in enumerate(log):
        step = index + 1
        before = copy.deepcopy(state) if want is None or step in want else None
        if text.strip() == UNDO:
            version = state.version + 1
            state = kept.pop(standing.pop())
            state.version = version
            yield step, before, state, []
            continue
        if index in taken:
            kept[index] = copy.deepcopy(state)
        standing.append(index)
        events = game.apply(state, seat, text, replay_chance(record))
        yield step, before, state, events


# --------------------------------------------------------------------------- chances


@dataclass(frozen=True)
class Chances:
    """Each seat's chance to win at each step of a finished game.

    `chances[i][s]`: seat `s`'s chance after the log's first `i` rows (so `len(log) + 1` rows, the
    last the ending itself: 1 for a winner, 0 else); `sampled`: the steps whose figure was played
    out (the others are drawn on a straight line between the two sampled steps around them);
    `marks`: the turning points, the (at most three) steps where a chance moved most, in step
    order; `sides`: the seats that win or lose together (one line each on a chart);
    `playouts`/`actions`: the work done."""

    chances: list[list[float]]
    sampled: tuple[int, ...]
    marks: tuple[int, ...]
    sides: tuple[tuple[Seat, ...], ...]
    playouts: int
    actions: int

    def to_json(self) -> dict[str, Any]:
        return {"chances": [[round(c, 4) for c in row] for row in self.chances], "sampled": list(self.sampled),
                "marks": list(self.marks), "sides": [list(s) for s in self.sides],
                "playouts": self.playouts, "actions": self.actions}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chances:
        return cls([[float(c) for c in row] for row in data["chances"]], tuple(data["sampled"]),
                   tuple(data["marks"]), tuple(tuple(s) for s in data["sides"]),
                   int(data["playouts"]), int(data["actions"]))


@dataclass(frozen=True)
class Budget:
    """How much a game's chances may cost, in actions applied (never in time).

    `actions`: every playout of the game together, shared fairly between the steps (each step
    plays out until it has used its share of what is left, at least once: a step may go over by one
    playout, at most `stretch` times the real game's rest plus `slack`); `steps`: at most this many
    steps are played out (evenly spread; the others are interpolated); `playouts`: at most this
    many per step; `refine`: the part of `actions` kept for narrowing down the turning points of
    a sampled log (`chances`); `stretch`: a playout is given up (an equal share to every seat) after this many
    times the actions the real game still took from there, plus `slack`."""

    actions: int = 80_000
    steps: int = 24
    playouts: int = 32
    refine: float = 0.25
    stretch: float = 3.0
    slack: int = 60


def sample_steps(n: int, most: int) -> list[int]:
    """The steps of a game of `n` rows played out: all of `0..n-1` when they are at most `most`,
    else `most` evenly spread ones, the first always among them (step `n`, the end, needs none)."""
    if n <= most:
        return list(range(n))
    return sorted({round(i * (n - 1) / (most - 1)) for i in range(most)})


def playout(game: Game[Any], state: Any, policy: Policy, seats: int, rng: random.Random, seed: str,
            limit: int) -> tuple[list[float], int]:
    """Play `state` (consumed) on to its end with `policy` for every seat: each seat's share of the
    win (1 each to the winners; nothing to anyone in a draw; an equal share to every seat when
    `limit` actions did not end it), and the actions applied."""
    applied = 0
    while applied < limit:
        outcome = game.outcome(state)
        if outcome is not None:
            return [1.0 if s in outcome.winners else 0.0 for s in range(seats)], applied
        actors = sorted(game.to_act(state))
        if not actors:
            break
        seat = actors[rng.randrange(len(actors))] if len(actors) > 1 else actors[0]
        action = policy(game, state, seat, rng)
        game.apply(state, seat, action if isinstance(action, Action) else str(action),
                   SeededChance(f"{seed}:{applied}"))
        applied += 1
    outcome = game.outcome(state)
    if outcome is not None:
        return [1.0 if s in outcome.winners else 0.0 for s in range(seats)], applied
    return [1.0 / seats] * seats, applied


def chances(game: Game[Any], config: dict[str, Any], seats: int, setup: Sequence[int], log: Sequence[Row],
            policy: Policy, *, seed: int | str = 0, budget: Budget = Budget(),
            winners: Iterable[Seat] | None = None) -> Chances:
    """Each seat's chance to win after each row of a finished game's log (`Chances`), from
    seeded playouts of its computer player `policy`. The last row is the result: the game's
    outcome, or `winners` when given (a game its table ended, when a player resigned: the engine
    saw no end). Raises `ValueError` on a game not over with no `winners`.

    A log longer than `budget.steps` is sampled; then `budget.refine` of the budget narrows down
    the turning points: the (at most three) stretches between two sampled steps where a chance
    moved most are halved again and again (the half where it moved more kept), so that a mark
    falls on the move that made the difference, not on the next sampled step."""
    n = len(log)
    steps = sample_steps(n, budget.steps)
    states: dict[int, Any] = {}
    final: Any = None
    for step, _, after, _ in positions(game, config, seats, setup, log):
        if step in steps:
            states[step] = copy.deepcopy(after)
        final = after
    outcome = game.outcome(final)
    if winners is not None:
        won = set(winners)
    elif outcome is not None:
        won = set(outcome.winners)
    else:
        raise ValueError("the game is not over")
    end = [1.0 if s in won else 0.0 for s in range(seats)]
    sides = tuple(tuple(side) for side in game.rating_teams(final, seats)) or tuple((s,) for s in range(seats))
    figures: dict[int, list[float]] = {n: end}
    refining = len(steps) < n
    first = budget.actions * (1 - budget.refine) if refining else budget.actions
    work = _Work(game, policy, seats, n, seed, budget)
    for left, step in zip(range(len(steps), 0, -1), steps, strict=True):
        figures[step] = work.figure(step, states.pop(step), (first - work.spent) / left)
    marks = _narrow(work, figures, config, setup, log) if refining else turning_points(figures, n)
    return Chances(interpolate(figures, n, seats), tuple(sorted(figures)), marks, sides, work.played, work.spent)


class _Work:
    """The playouts of one game's chances, and what they cost so far."""

    def __init__(self, game: Game[Any], policy: Policy, seats: int, n: int, seed: int | str, budget: Budget) -> None:
        self.game, self.policy, self.seats, self.n, self.seed, self.budget = game, policy, seats, n, seed, budget
        self.spent = self.played = 0

    def figure(self, step: int, state: Any, share: float) -> list[float]:
        """Each seat's share of the wins of playouts from `state` (the position after `step` rows):
        as many as fit in `share` actions (one at least, `budget.playouts` at most)."""
        limit = int((self.n - step) * self.budget.stretch) + self.budget.slack
        totals = [0.0] * self.seats
        done = here = 0
        while done < self.budget.playouts and (done == 0 or here < share):
            tag = f"{self.seed}:{step}:{done}"
            shares, applied = playout(self.game, copy.deepcopy(state), self.policy, self.seats, random.Random(tag),
                                      tag, limit)
            here += applied
            done += 1
            totals = [t + s for t, s in zip(totals, shares, strict=True)]
        self.spent += here
        self.played += done
        return [t / done for t in totals]


def _moved(a: Sequence[float], b: Sequence[float]) -> float:
    return max(abs(y - x) for x, y in zip(a, b, strict=True))


def _narrow(work: _Work, figures: dict[int, list[float]], config: dict[str, Any], setup: Sequence[int],
            log: Sequence[Row]) -> tuple[int, ...]:
    """The turning points of a sampled log: the (at most three) stretches between sampled steps
    where a chance moved most, each halved until it is one move long or the budget is spent (every
    halving plays out the step in the middle, its position folded from the log again), each
    ending at its mark; in step order."""
    known = sorted(figures)
    stretches = sorted(((_moved(figures[a], figures[b]), a, b) for a, b in itertools.pairwise(known)),
                       key=lambda m: (-m[0], m[1]))[:3]
    ends = {b: b for move, a, b in stretches if move > 0}
    open_ = [(a, b, b) for move, a, b in stretches if move > 0 and b - a > 1]
    halvings = sum(max(0, (b - a - 1).bit_length()) for a, b, _ in open_)
    while open_ and work.spent < work.budget.actions:
        a, b, key = open_.pop(0)
        middle = (a + b) // 2
        state = next(after for step, _, after, _ in positions(work.game, config, work.seats, setup, log[:middle])
                     if step == middle)
        figures[middle] = work.figure(middle, state, (work.budget.actions - work.spent) / max(halvings, 1))
        halvings -= 1
        a, b = (a, middle) if _moved(figures[a], figures[middle]) >= _moved(figures[middle], figures[b]) \
            else (middle, b)
        ends[key] = b
        if b - a > 1:
            open_.append((a, b, key))
    return tuple(sorted(set(ends.values())))


def interpolate(figures: dict[int, list[float]], n: int, seats: int) -> list[list[float]]:
    """A figure for every step `0..n`: the sampled ones as they are, the others on a straight line
    between the sampled steps around them."""
    known = sorted(figures)
    out: list[list[float]] = []
    j = 0
    for step in range(n + 1):
        while j + 1 < len(known) and known[j + 1] <= step:
            j += 1
        a = known[j]
        if a == step or j + 1 >= len(known):
            out.append(list(figures[a]))
            continue
        b = known[j + 1]
        t = (step - a) / (b - a)
        out.append([x + (y - x) * t for x, y in zip(figures[a], figures[b], strict=True)])
    return out


def turning_points(figures: dict[int, list[float]], n: int, count: int = 3) -> tuple[int, ...]:
    """The (at most `count`) steps where a chance moved most: between two sampled steps a < b, the
    largest move of any seat's chance is credited to step b (the first position that shows it: the
    row b was the last one played before it). Ties go to the earlier step; returned in step order."""
    known = sorted(figures)
    moves = [(max(abs(y - x) for x, y in zip(figures[a], figures[b], strict=True)), b)
             for a, b in itertools.pairwise(known)]
    top = sorted(moves, key=lambda m: (-m[0], m[1]))[:count]
    return tuple(sorted(step for move, step in top if move > 0))


# --------------------------------------------------------------------------- luck


@dataclass(frozen=True)
class Draw:
    """One chance draw that went to a seat: what it gave (`got`) against what a draw of its kind
    gives on average (`expected`), and how far a draw of its kind strays from that on average
    (`variance`: what weighs a seat's 40 dice against its 3 cards). `kind` names its words in the
    game's catalogue (`<key>.luck.<kind>.more` / `.fewer`)."""

    seat: Seat
    kind: str
    got: float
    expected: float
    variance: float = 0.0


LuckRead = Callable[[Game[Any], Any, Seat, Action, list[Event]], Iterable[Draw]]
"""A game's reading of one action: `read(game, state before, seat, action, events)`: the draws in
it (the events include the private ones: the game is over)."""


@dataclass(frozen=True)
class LuckHook:
    """A game's luck report (`Plugin.luck`): `read` finds the draws of each action; `per_draw`
    names the kinds said as an average per draw ("0.8 above the average per throw"), the others
    are said as a total ("3 fewer than expected")."""

    read: LuckRead
    per_draw: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Tally:
    """One seat's draws of one kind: how many, what they gave, what they would give on average,
    and the variance of their sum."""

    seat: Seat
    kind: str
    count: int
    got: float
    expected: float
    variance: float = 0.0

    @property
    def telling(self) -> float:
        """How unusual the difference is: in standard deviations of the sum when the variance is
        known, else per draw."""
        if self.variance > 0:
            return abs(self.above) / self.variance ** 0.5
        return abs(self.above) / self.count if self.count else 0.0

    @property
    def above(self) -> float:
        """The total above (below, when negative) the average."""
        return self.got - self.expected

    def per(self, per_draw: bool) -> float:
        """The difference as the report says it: per draw, or in all."""
        return self.above / self.count if per_draw and self.count else self.above


def luck(game: Game[Any], config: dict[str, Any], seats: int, setup: Sequence[int], log: Sequence[Row],
         read: LuckRead) -> list[Tally]:
    """Every seat's draws by kind over a whole log (undone rows included: the dice were thrown),
    sorted by seat then kind."""
    tallies: dict[tuple[Seat, str], list[float]] = {}
    for step, before, _, events in positions(game, config, seats, setup, log):
        if step == 0 or log[step - 1][1].strip() == UNDO:
            continue
        seat, text, _ = log[step - 1]
        for draw in read(game, before, seat, game.parse_action(text), events):
            t = tallies.setdefault((draw.seat, draw.kind), [0, 0.0, 0.0, 0.0])
            t[0] += 1
            t[1] += draw.got
            t[2] += draw.expected
            t[3] += draw.variance
    return [Tally(seat, kind, int(c), g, e, v) for (seat, kind), (c, g, e, v) in sorted(tallies.items())]


def standouts(tallies: Sequence[Tally], hook: LuckHook) -> list[Tally]:
    """Each seat's most telling kind of draw: the one furthest from its average in standard
    deviations (`Tally.telling`: a seat's 40 dice and 3 cards weighed alike); seats that drew
    nothing are left out."""
    best: dict[Seat, Tally] = {}
    for t in tallies:
        if not t.count:
            continue
        known = best.get(t.seat)
        if known is None or t.telling > known.telling:
            best[t.seat] = t
    return [best[s] for s in sorted(best)]


def tally_json(tallies: Sequence[Tally]) -> list[list[Any]]:
    return [[t.seat, t.kind, t.count, round(t.got, 4), round(t.expected, 4), round(t.variance, 4)] for t in tallies]


def tally_from_json(data: Sequence[Sequence[Any]]) -> list[Tally]:
    return [Tally(int(s), str(k), int(c), float(g), float(e), float(v)) for s, k, c, g, e, v in data]


def die_mean(sides: int) -> float:
    """The average of one fair die of `sides` faces."""
    return (sides + 1) / 2


def die_variance(sides: int) -> float:
    """The variance of one fair die of `sides` faces."""
    return (sides * sides - 1) / 12


__all__ = ["Budget", "Chances", "Draw", "LuckHook", "Tally", "chances", "die_mean", "die_variance", "interpolate",
           "luck", "playout", "positions", "sample_steps", "standouts", "turning_points"]
