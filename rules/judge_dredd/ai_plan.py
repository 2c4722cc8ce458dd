"""What one seat knows, and what a place on the board is worth to a Judge: the AI's planning.

Everything here is read from `game.view(state, seat)` (the seat's own hand, face-up and peeked
Perps, public counts), plus three public facts the view does not carry: cards played face up this
round that change a Move (`extra_move`, `max_move`, `ignore_rivers`, kept on the state) and the
table's variants. A face-down Perp is valued over the Perps this seat has not seen (the 28 less
those face up, peeked or arrested), so a hidden Perp's identity never changes a decision.

The worth of a Sector, in points (the score is the red values of Perps and Crimes arrested):
a Crime there is this turn's Arrest, worth P(success) x (Perp CV + Crime CV) less P(failure) x
`ICU_COST`; otherwise the best Crime within reach, discounted per Game Turn of walking
(`DISCOUNT`) and halved when another Judge is nearer; plus the extra Action Cards issued there.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter, deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.core import Seat

from .ai_odds import arrest_odds, beats
from .content import load_board, load_cards, load_perps
from .movement import move_options
from .state import HAND_LIMIT, ICU, DreddState

ICU_COST = 3.0
"""Points a trip to Intensive Care costs: about a Game Turn and a half without an Arrest."""
CARD_POINT = 1.1
"""What one more Action Card in hand is worth, in points. Self-play on paired seeds: 1.1 won
57% of 300 two-seat games against 0.8 (27% of 200 four-seat), 0.5 only 35%."""
DISCOUNT = 0.8
"""A Crime one Game Turn further away is worth this much of itself (others may get there first).
Self-play, each seat in turn on the same seeds: 0.8 won 58% of 300 two-seat games against 0.6
and 29% of 240 four-seat games (0.9: 52%; 0.45: 50%)."""
CONTESTED = 0.5
"""A Crime another Judge is nearer to (or already at) is worth this much of itself."""
CROWD = 0.6
"""Each other Judge at the same Crime shares the Perp's roll and competes on margin (R8)."""
RIVAL_BOOST = (2, 0)
"""What an opponent with cards in hand is assumed to add to an Arrest (CF, dice): we do not
know their cards."""
ALIEN_CF = 6
PATHS_KEPT = 512
"""Distance tables `steps_to` keeps (about 2 KB each). Its key holds the Sectors a Move stops
in, which are where this game's Crimes happen to be: a new set nearly every Game Turn of every
game, so unbounded it grew by about 0.26 MB a two-seat game for as long as the bot ran. A
decision asks about a dozen targets around one blocked set, which stays for a Game Turn or
more: over six AI games (2-6 seats), of 358,000 questions 512 tables missed 1,196 and an
unbounded cache 1,190."""


@lru_cache(maxsize=PATHS_KEPT)
def steps_to(target: str, blocked: frozenset[str]) -> dict[str, int]:
    """Steps from every Sector to `target`, rivers only by bridges, never passing through a
    `blocked` Sector: one a Move stops in (a Crime, the Alien Creature, a Quarantine), though a
    way may start in one. Breadth-first from the target (steps are symmetric). The table is
    shared through the cache: read it, never change it."""
    board = load_board()
    dist = {target: 0}
    queue = deque([target])
    while queue:
        cur = queue.popleft()
        if cur in blocked and cur != target:
            continue
        for nxt in board.neighbours(cur):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist


def turns(a: str | None, b: str, blocked: frozenset[str] = frozenset()) -> int:
    """Game Turns of Moves (two Sectors each) from `a` to `b` around `blocked` Sectors; from the
    ICU, one to reach the Hospital first."""
    if a is None:
        return 9
    if a == ICU:
        return 1 + turns(load_board().hospital, b, blocked)
    d = steps_to(b, blocked - {b}).get(a, 20)
    return (d + 1) // 2


# --------------------------------------------------------------------------- combat from a hand


def self_boost(hand: list[str], limit: int = 2) -> tuple[int, int, bool]:
    """(Combat Factor, extra dice, holds the Judge Dredd card) a Judge may add to an Arrest from
    this hand: its best `limit` helpful combat options (a die counted as 3.5 to rank them)."""
    gains: list[tuple[float, int, int]] = []
    dredd = False
    for card in hand:
        best: tuple[float, int, int] | None = None
        for option in load_cards()[card].options.values():
            if option.window != "arrest":
                continue
            effect = option.effect
            if "auto_arrest" in effect:
                dredd = True
                continue
            cf = int(effect.get("judge_cf", 0)) - int(effect.get("perp_cf", 0))
            dice = int(effect.get("judge_extra_dice", 0))
            worth = cf + 3.5 * dice
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, cf, dice)
        if best is not None:
            gains.append(best)
    gains.sort(reverse=True)
    top = gains[:limit]
    return sum(g[1] for g in top), sum(g[2] for g in top), dredd


# --------------------------------------------------------------------------- what the seat knows


@dataclass
class Seen:
    """One seat's knowledge of the game, from its view."""

    seat: Seat
    view: dict[str, Any]
    state: DreddState
    """Read only for public facts the view leaves out (see the module docstring)."""
    hand: list[str] = field(default_factory=list)
    unseen: tuple[tuple[int, float], ...] = ()
    """The Combat Values a face-down (unpeeked) Perp may have, with their chances."""
    boost: tuple[int, int, bool] = (0, 0, False)
    hostility: float = 0.4
    """How much an opponent's loss counts as our gain (scales `weight`). Hurting one opponent
    helps every other one too, and whoever plays the card pays for it: measured over 80-120
    four-seat AI games, one seat at 0.25-0.7 won 29-36% against a table at 1.0 (0.0 won 21%,
    1.0 itself 19%), and 0.0-0.5 were level (22-25%) against a table at 0.25."""
    memo: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    """Values already worked out for this decision (the view does not change during one)."""

    @classmethod
    def of(cls, game: Any, state: DreddState, seat: Seat) -> Seen:
        view = game.view(state, seat)
        seen = cls(seat=seat, view=view, state=state, hand=list(view.get("hand") or []))
        known = Counter(p.cv for p in load_perps().values())
        for c in view["crimes"]:
            if c["perp"] is not None:
                known[c["perp_cv"]] -= 1
        for j in view["judges"]:
            for a in j["arrested"]:
                known[a["perp_cv"]] -= 1
        total = sum(n for n in known.values() if n > 0)
        if total:
            seen.unseen = tuple(sorted((cv, n / total) for cv, n in known.items() if n > 0))
        else:
            seen.unseen = ((round(sum(p.cv for p in load_perps().values()) / len(load_perps())), 1.0),)
        seen.boost = self_boost(seen.hand)
        return seen

    # -- public facts

    def judge(self, seat: Seat) -> dict[str, Any]:
        return self.view["judges"][seat]

    def at(self, seat: Seat) -> str | None:
        return self.judge(seat)["at"]

    @property
    def seats(self) -> list[Seat]:
        return [j["seat"] for j in self.view["judges"]]

    @property
    def rivals(self) -> list[Seat]:
        return [s for s in self.seats if s != self.seat]

    def score(self, seat: Seat) -> int:
        return int(self.judge(seat)["score"])

    def hand_count(self, seat: Seat) -> int:
        return len(self.hand) if seat == self.seat else int(self.judge(seat)["hand"])

    def crimes_at(self, sector: str | None) -> list[dict[str, Any]]:
        return [c for c in self.view["crimes"] if c["sector"] == sector]

    def crime(self, crime: str | None) -> dict[str, Any] | None:
        return next((c for c in self.view["crimes"] if c["crime"] == crime), None)

    def alien_at(self, sector: str | None) -> bool:
        alien = self.view["alien"]
        return alien is not None and alien["sector"] == sector

    def quarantined(self, sector: str | None) -> bool:
        q = self.view["quarantine"]
        return q is not None and q["sector"] == sector

    @property
    def plus_ten(self) -> bool:
        return "dredd_plus_ten" in self.state.variants

    @property
    def blocked(self) -> frozenset[str]:
        """The Sectors a Move stops in: Crimes, the Alien Creature, a Quarantine."""
        key = ("blocked",)
        if key not in self.memo:
            out = {c["sector"] for c in self.view["crimes"]}
            for thing in (self.view["alien"], self.view["quarantine"]):
                if thing is not None:
                    out.add(thing["sector"])
            self.memo[key] = frozenset(out)
        return frozenset(self.memo[key])

    def turns(self, a: str | None, b: str) -> int:
        """`turns(a, b, self.blocked)`: the distance table to `b` is looked up once per decision,
        not the blocked set less `b` made and hashed for the shared cache at every question."""
        if a is None:
            return 9
        if a == ICU:
            return 1 + self.turns(load_board().hospital, b)
        key = ("to", b)
        table = self.memo.get(key)
        if table is None:
            table = self.memo[key] = steps_to(b, self.blocked - {b})
        return (int(table.get(a, 20)) + 1) // 2

    # -- threat

    def weight(self, seat: Seat) -> float:
        """How much hurting this opponent is worth to us: fully for the leading opponent (the
        best score among the others, ties included), half for the rest; never ourselves."""
        if seat == self.seat:
            return 0.0
        top = max(self.score(s) for s in self.rivals)
        return self.hostility * (1.0 if self.score(seat) >= top else 0.5)

    # -- values

    def perp_values(self, crime: dict[str, Any], extra: int = 0) -> tuple[tuple[int, float], ...]:
        """The Perp's Combat Value (Perp + Crime + `extra`), as (value, chance) pairs."""
        base = crime["crime_cv"] + extra
        if crime["perp_cv"] is not None:
            return ((crime["perp_cv"] + base, 1.0),)
        return tuple((cv + base, p) for cv, p in self.unseen)

    def points(self, crime: dict[str, Any]) -> float:
        """What arresting this Crime scores (the expectation over a face-down Perp)."""
        return sum(v * p for v, p in self.perp_values(crime))

    def boost_of(self, seat: Seat) -> tuple[int, int]:
        if seat == self.seat:
            return self.boost[0], self.boost[1]
        return RIVAL_BOOST if self.hand_count(seat) else (0, 0)

    def arrest_ev(self, seat: Seat, crime: dict[str, Any], crowd: int = 0) -> float:
        """Expected points of `seat` attempting this Crime (its likely cards included), less the
        expected cost of Intensive Care; `crowd` other Judges at the Crime share it (R8)."""
        key = ("ev", seat, crime["crime"], crime["sector"], crowd)
        if key not in self.memo:
            self.memo[key] = self._arrest_ev(seat, crime, crowd)
        return float(self.memo[key])

    def _arrest_ev(self, seat: Seat, crime: dict[str, Any], crowd: int) -> float:
        cf, dice = self.boost_of(seat)
        win, lose = arrest_odds(cf, 1 + dice, self.perp_values(crime))
        points = self.points(crime)
        if seat == self.seat and self.boost[2]:  # the Judge Dredd card makes (or all but makes) it
            win, lose = max(win, 0.97), min(lose, 0.02)
        return win * CROWD**crowd * points - lose * ICU_COST

    def alien_ev(self, seat: Seat) -> float:
        cf, dice = self.boost_of(seat)
        _, _, lose = beats(ALIEN_CF - 5 - cf, 1 + dice, 1)
        return -lose * ICU_COST

    def sector_value(self, seat: Seat, sector: str | None) -> float:
        """What it is worth to `seat` to end this Move in `sector` (see the module docstring)."""
        key = ("sector", seat, sector)
        if key not in self.memo:
            self.memo[key] = self._sector_value(seat, sector)
        return float(self.memo[key])

    def _sector_value(self, seat: Seat, sector: str | None) -> float:
        if sector is None:
            return 0.0
        hand = self.hand_count(seat)
        issue = 0.0
        if sector != ICU:
            bonus = load_board().bonus(sector)
            issue = CARD_POINT * (min(bonus, HAND_LIMIT - hand) - min(1, HAND_LIMIT - hand))
        if sector == ICU:
            return -ICU_COST / 2
        here = self.crimes_at(sector)
        if self.judge(seat)["block_with"] is not None:
            here = []  # the Block Mania fight is this round's attempt: Crimes here wait
        if here:
            crowd = sum(1 for s in self.seats if s != seat and self.at(s) == sector
                        and not self.judge(s)["attempted"] and self.judge(s)["block_with"] is None)
            value = max(self.arrest_ev(seat, c, crowd) for c in here)
            if self.alien_at(sector):
                value = max(value, self.alien_ev(seat))
            return value + issue
        if self.alien_at(sector):
            return self.alien_ev(seat) + issue
        value = self.future(seat, sector)
        if self.quarantined(sector):
            value -= 1.5
        return value + issue

    def future(self, seat: Seat, sector: str) -> float:
        """The best Crime (or Grand Hall refill) reachable in later Game Turns from `sector`."""
        best = 0.0
        for ev, where, nearest in self.targets(seat):
            t = self.turns(sector, where)
            best = max(best, ev * DISCOUNT**t * (CONTESTED if nearest < t else 1.0))
        hand = self.hand_count(seat)
        if hand <= 2:
            away = max(self.turns(sector, "ghj"), 1)  # the Grand Hall's refill
            best = max(best, CARD_POINT * (HAND_LIMIT - hand - 1) * DISCOUNT**away)
        return best

    def targets(self, seat: Seat) -> list[tuple[float, str, int]]:
        """The Crimes worth going for: (expected points, Sector, Game Turns the nearest other
        Judge needs to get there)."""
        key = ("targets", seat)
        if key not in self.memo:
            out = []
            placed = [(s, at) for s in self.seats if (at := self.at(s)) not in (None, ICU)]
            for c in self.view["crimes"]:
                ev = self.arrest_ev(seat, c)
                if ev > 0:
                    others = [self.turns(at, c["sector"]) for s, at in placed if s != seat]
                    out.append((ev, c["sector"], min(others, default=99)))
            self.memo[key] = out
        return list(self.memo[key])

    # -- Moves

    def options(
        self, seat: Seat, extra: int = 0, ignore_rivers: bool | None = None, at: str | None = None
    ) -> dict[str, list[str]]:
        """Where `seat` could end a Move now (public rules on public positions), with `extra`
        Sectors more, rivers ignored, or starting `at` another Sector, as if a card were played."""
        state = self.state
        if extra or ignore_rivers is not None or at is not None:
            state = copy.copy(state)
            judges = list(state.judges)
            judge = judges[seat]
            judges[seat] = dataclasses.replace(
                judge,
                extra_move=judge.extra_move + extra,
                ignore_rivers=judge.ignore_rivers if ignore_rivers is None else ignore_rivers,
                at=judge.at if at is None else at,
            )
            state.judges = judges
        if state.judges[seat].at is None:
            return {}
        return move_options(state, seat)

    def best_move_value(
        self, seat: Seat, extra: int = 0, ignore_rivers: bool | None = None, at: str | None = None
    ) -> float:
        """The best Sector value `seat` can reach with its Move (as it stands, or helped)."""
        key = ("best", seat, extra, ignore_rivers, at)
        if key not in self.memo:
            self.memo[key] = self._best_move_value(seat, extra, ignore_rivers, at)
        return float(self.memo[key])

    def _best_move_value(self, seat: Seat, extra: int, ignore_rivers: bool | None, at: str | None) -> float:
        opts = self.options(seat, extra, ignore_rivers, at)
        if not opts:
            return self.sector_value(seat, at or self.at(seat))
        return max(self.sector_value(seat, dest) for dest in opts)

    def opportunity(self, seat: Seat) -> float:
        """What `seat` stands to gain from its Move this round over staying where it is."""
        j = self.judge(seat)
        if j["moved"] or j["at"] in (None, ICU) or j["miss_moves"]:
            return 0.0
        return max(0.0, self.best_move_value(seat) - self.sector_value(seat, j["at"]))
