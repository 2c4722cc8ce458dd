"""Ratings: how a finished game moves its players' ratings, per server (guild) and game, with
OpenSkill's Plackett-Luce model (any number of sides, teams or free-for-all).

The sides come from the game (`Game.rating_teams`: every seat alone by default, an alliance or a
faction together where the game says so); their ranks from its `Outcome`: the winners first, then
the rest by their `scores` where the game gives them (a side's score is its members' total), ties
sharing a rank; with neither winners nor scores there is nothing to rank and the game is not rated.
A human who resigned is split off from their side and ranked last, whatever their old side did.
A seat a substitute took over (`gavel.tables.away`) was played by each of its holders for their
share of the game, so a holder who played a tenth of the game moves a tenth as far: the seat plays as one
player (its holders' ratings averaged by share) and each holder takes their share of its move.

AI seats are shown in the results but never rated: an AI seat plays as a player of the fixed
default rating (`AI_RATING`), never updated, so that a side of AI seats is an opponent of constant
strength and a human's AI teammate adds a constant to the side. A game with no human seat, or
cancelled or abandoned, is not rated.

What a player sees is the conservative estimate, the ordinal `mu - 3 sigma` (the model is 99%
sure the player is at least that good), scaled: `shown = 1000 + 40 * (mu - 3 sigma)`. A new
player shows 1000; it rises as the model learns they are good (and their sigma shrinks).

This module names no game, and `rate` is pure: the store calls it inside the transaction that
writes the results (`TableStore.finish(..., rate=)`), with the ratings it holds now.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

if TYPE_CHECKING:  # the store imports this module: it stays light (no game is loaded for it)
    from rules.core import Game, Outcome

Seat = int

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma
"""A new player's rating (25, 25/3)."""
AI_RATING = (MU, SIGMA)
"""The fixed rating every AI seat plays at (never updated)."""
BASE, SCALE = 1000, 40
"""`shown = BASE + SCALE * (mu - 3 sigma)`."""
UNRATED_REASONS = frozenset({"abandoned"})
"""Outcome reasons of games that end without a result (the table's own: no human left)."""


def shown(mu: float, sigma: float) -> int:
    """The rating a player sees: the conservative ordinal (`mu - 3 sigma`), scaled."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True)
class Player:
    """One seat as the rating sees it: who plays it (None: nobody to rate), whether it is an AI
    seat (rated at `AI_RATING`, never updated) and whether its human resigned."""

    seat: Seat
    user_id: int | None
    ai: bool = False
    resigned: bool = False
    before: tuple[tuple[int, float], ...] = ()
    """Who held the seat before its player now (a substitute), each with their share of the game."""

    @property
    def rated(self) -> bool:
        """A human's seat (a resigned human's too: the AI took the seat over, the human is rated)."""
        return self.user_id is not None and (self.resigned or not self.ai)

    @property
    def share(self) -> float:
        """The share of the game its player now held the seat for (1 without a substitute)."""
        return max(0.0, 1.0 - sum(share for _, share in self.before))

    def holders(self) -> list[tuple[int | None, float]]:
        """Every rated holder of the seat with their share, the player now last (None when the
        seat's player is not rated: an AI seat stands in for them, at full weight alone)."""
        if not self.rated:
            return [(None, 1.0)]
        return [*self.before, (self.user_id, self.share)]


@dataclass(frozen=True)
class Side:
    seats: tuple[Seat, ...]
    rank: int
    """1 is best; sides that tie share a rank (1, 2, 2, 4)."""


@dataclass(frozen=True)
class Rating:
    """A stored rating: `mu`, `sigma`, games rated and won."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class Rated:
    """What a rated game changes: each rated user's rating after it, and the shown rating of
    each rated user before and after (for the results' `rating_before`/`rating_after`)."""

    after: dict[int, Rating]
    before_shown: dict[int, int]
    after_shown: dict[int, int]


def sides(game: Game[Any] | None, state: Any, players: Sequence[Player], outcome: Outcome) -> list[Side]:
    """The ranked sides of a finished game (empty: not rated). `game.rating_teams` groups the
    seats (every seat alone without a game or a state); a resigned human leaves their side and
    ranks last; the winners' sides rank first, then the others by their total score."""
    if outcome.reason in UNRATED_REASONS or not (outcome.winners or outcome.scores):
        return []
    n = len(players)
    groups: list[tuple[Seat, ...]]
    if game is not None and state is not None:
        teams = game.rating_teams(state, n)
        if not teams:  # the game says this one counts for nothing (a game declared void)
            return []
        groups = [tuple(s for s in team if 0 <= s < n) for team in teams]
    else:
        groups = [(s,) for s in range(n)]
    seen = {s for g in groups for s in g}
    groups += [(s,) for s in range(n) if s not in seen]  # a seat the game left out plays alone
    resigned = {p.seat for p in players if p.resigned}
    playing = [tuple(s for s in g if s not in resigned) for g in groups]
    playing = [g for g in playing if g]
    scores = outcome.scores or {}
    winners = set(outcome.winners)

    def standing(group: tuple[Seat, ...]) -> tuple[int, int]:
        return (1 if any(s in winners for s in group) else 0, sum(scores.get(s, 0) for s in group))

    standings = [standing(g) for g in playing]
    ranked = [Side(g, 1 + sum(1 for other in standings if other > standing(g))) for g in playing]
    last = len(playing) + 1
    ranked += [Side((s,), last) for s in sorted(resigned)]
    return ranked if len(ranked) >= 2 else []


def rate(ranked: Sequence[Side], players: Sequence[Player], current: Mapping[int, Rating],
         winners: Sequence[Seat] = ()) -> Rated | None:
    """The ratings after a game: `current` holds the rated users' stored ratings (a user missing
    from it is new). None when nothing is rated (no side holds a rated human)."""
    by_seat = {p.seat: p for p in players}
    rated_users: list[int] = []
    for side in ranked:
        for seat in side.seats:
            p = by_seat.get(seat)
            for user, _ in p.holders() if p is not None else ():
                if user is not None and user not in rated_users:
                    rated_users.append(user)
    if not ranked or not rated_users:
        return None
    before = {u: current.get(u, Rating()) for u in rated_users}
    teams: list[list[Any]] = []
    members: list[tuple[int, int, list[tuple[int, float]]]] = []  # (team, index, [(user, share)])
    taken: set[int] = set()
    for t, side in enumerate(ranked):
        team: list[Any] = []
        for seat in side.seats:
            p = by_seat.get(seat)
            held = [(u, w) for u, w in (p.holders() if p is not None else []) if u is not None and u not in taken]
            if not held:  # an AI seat (or a user's second seat): the fixed default, never updated
                team.append(MODEL.rating(mu=AI_RATING[0], sigma=AI_RATING[1]))
                continue
            taken.update(u for u, _ in held)
            members.append((t, len(team), held))
            team.append(MODEL.rating(mu=sum(w * before[u].mu for u, w in held) / sum(w for _, w in held),
                                     sigma=math.sqrt(sum(w * before[u].sigma ** 2 for u, w in held)
                                                     / sum(w for _, w in held))))
        teams.append(team)
    new = MODEL.rate(teams, ranks=[float(side.rank) for side in ranked])
    won = {user for s in winners if s in by_seat and not by_seat[s].resigned
           for user, _ in by_seat[s].holders() if user is not None}
    after = {}
    for t, i, held in members:
        seat_was, seat_now = teams[t][i], new[t][i]
        moved, shrunk = seat_now.mu - seat_was.mu, seat_now.sigma / seat_was.sigma
        for user, share in held:  # each holder moves by their share of the seat's move
            old = before[user]
            after[user] = Rating(old.mu + share * moved, old.sigma * shrunk ** share,
                                 old.games + 1, old.wins + int(user in won))
    return Rated(after, {u: r.shown for u, r in before.items()}, {u: r.shown for u, r in after.items()})


@dataclass(frozen=True)
class Update:
    """A finished game's rating, handed to the store (`TableStore.finish(..., rate=)`), which
    reads the `users`' stored ratings of (`guild`, `game`) inside the transaction that writes the
    results, calls it with them, and writes what it returns. `names`: each user's seat name (the
    leaderboard shows the last one)."""

    guild: int
    game: str
    ranked: tuple[Side, ...]
    players: tuple[Player, ...]
    winners: tuple[Seat, ...]

    @property
    def users(self) -> tuple[int, ...]:
        seats = {s for side in self.ranked for s in side.seats}
        return tuple(dict.fromkeys(user for p in self.players if p.seat in seats
                                   for user, _ in p.holders() if user is not None))

    def __call__(self, current: Mapping[int, Rating]) -> Rated | None:
        return rate(self.ranked, self.players, current, self.winners)


def update(guild: int | None, game_key: str, game: Game[Any] | None, state: Any,
           players: Sequence[Player], outcome: Outcome) -> Update | None:
    """The rating a finished game makes (None: it is not rated: no result, or no human rated)."""
    ranked = sides(game, state, players, outcome)
    found = Update(guild_key(guild), game_key, tuple(ranked), tuple(players), tuple(outcome.winners))
    return found if ranked and found.users else None


def players_of(rows: Sequence[Mapping[str, Any]], shares: Sequence[Mapping[str, Any]] = ()) -> list[Player]:
    """The rating's view of a finished table's result rows (`seat`, `user_id`, `ai`, `resigned`)
    and of its seats' earlier holders (`seat`, `user_id`, `share`), in order."""
    before: dict[int, list[tuple[int, float]]] = {}
    for r in shares:
        before.setdefault(int(r["seat"]), []).append((int(r["user_id"]), float(r["share"])))
    return [Player(int(r["seat"]), r.get("user_id"), ai=bool(r.get("ai")), resigned=bool(r.get("resigned")),
                   before=tuple(before.get(int(r["seat"]), ()))) for r in rows]


def guild_key(guild: int | None) -> int:
    """The ratings' key of a server: local play (no server) rates under 0."""
    return guild or 0
