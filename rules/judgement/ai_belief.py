"""What one seat believes about the hidden identities (身份), computed exactly from its view.

The identity cards dealt are public in number (身份分配表: at 9 seats 3 侍衛, 3 刺客, 3 平民), so
the seats whose identity this seat does not know share the cards left over once its own, the shown
ones and the dead ones (死亡: the identity card is turned up) and the ones it spied (密探令, `known`)
are taken out. `Belief.of(view)` enumerates every assignment of those cards to those seats (at most
9!/(3!3!3!) = 1,680, fewer once anything is known), weighs each by the evidence, and sums the
marginals: P(seat t has identity g). Exact, and a few milliseconds at 9 seats.

Evidence and its weight (P6), each a likelihood per identity of one seat:
- exact: this seat's own identity, every identity shown or dead, `me.known`;
- this seat's own Order cards (c29, the recipient answers truthfully): for a card it GAVE, the bet
  held exactly when the result was not `nothing` (`OrderTest.holds`; an HP-only bet says nothing
  about the identity). `VEIL_EPSILON` stands in for 0 when the recipient may be a face-down (or
  face-up, unsealed) 隱女, whose 「隱」 may lie (ruling 13);
- public history (`view["history"]`: the public events history.py keeps, as `{"kind",
  "params"}`, oldest first): a public Order result weighs P(result | g) summed over the 16 Order
  cards (Q8: uniform over the pack); an attack or a chosen hurt of t on s makes t less likely
  to share s's faction (`HOSTILE`), a heal or a rescue (贈花) of t on another seat more likely
  (`FRIENDLY`); an identity card drawn and not shown (照妖鏡: the 刺客 must show,
  `MIRROR_EPSILON`; 王命/黑彌撒 would heal a 侍衛/刺客 who showed, `SUMMONS`);
- the view's own `attack` (this turn's attack), counted once when the history already holds it.

Soft evidence about a seat s of unknown identity is mixed over s's marginal from the exact
evidence (a first pass), so the final pass stays one enumeration.

Every seat's view carries the same `history` (public events only), so the AI still reads nothing
but its own view; a caller may pass another `history` (tests, hand-made views).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache, reduce
from operator import add, itemgetter, mul
from typing import Any

from .content import IDENTITIES, load

GUARD, ASSASSIN, COMMONER = IDENTITIES
INDEX = {g: i for i, g in enumerate(IDENTITIES)}

VEIL_EPSILON = 0.1
"""Likelihood of an Order result that contradicts the identity when the recipient may be 隱女
(「隱」 answers as any identity but to 密探令, ruling 13)."""
EXACT_EPSILON = 0.0
"""Likelihood of a result that contradicts the identity otherwise (c29: truthful). Evidence that
contradicts itself (only in a hand-made view) is dropped rather than divided by zero."""
MIRROR_EPSILON = 0.05
"""照妖鏡 drawn and no identity shown: a 刺客 must show (a face-down 隱女 may not)."""
SUMMONS = 0.5
"""王命 (侍衛) or 黑彌撒 (刺客) drawn and not shown: that identity would have healed by showing."""
HOSTILE = 0.6
"""t attacked (or chose to hurt) s: t's likelihood of sharing s's faction (P6)."""
FRIENDLY = 1.5
"""t healed s by choice (祝福, 急救, 煉金塔's heal): t's likelihood of sharing s's faction."""
ORDER_RESULTS = ("hurt", "healed", "paid", "nothing", "shown_secretly")
DIRECT_SOURCES_NOT_CHOSEN = ("heavens_thunder", "death_trap", "order")
"""Hurts that say nothing about whom the hurter chose (area effects; an Order card's damage is
weighed by its public result instead)."""


@cache
def assignments(counts: tuple[int, int, int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct ordering of the identity cards with these counts (guard, assassin,
    commoner), as tuples of identity indices: the multiset permutations, 1,680 at most."""
    n = sum(counts)
    if n == 0:
        return ((),)
    out: list[tuple[int, ...]] = []
    for g in range(3):
        if counts[g]:
            rest = list(counts)
            rest[g] -= 1
            out += [(g, *tail) for tail in assignments((rest[0], rest[1], rest[2]))]
    return tuple(out)


def order_result(card: str, identity: str, hp: int | None, damaged: bool | None = None) -> set[str]:
    """The public results an Order card can have on a recipient of this identity (c29, ruling 13):
    `nothing` when the bet fails; else by the effect (pay or take the damage; heal, or damage when
    unhurt; shown to the drawer). HP unknown (`None`): an HP bet may go either way."""
    c = load().cards[card]
    test = c.test
    holds: set[bool]
    if test is None:
        holds = {True}
    elif test.identity_in is not None and identity not in test.identity_in:
        holds = {False}
    elif test.hp_min is None and test.hp_max is None:
        holds = {True}
    elif hp is None:
        holds = {True, False}
    else:
        holds = {test.holds(identity, hp)}
    out: set[str] = set()
    if False in holds:
        out.add("nothing")
    if True in holds:
        eff = c.effect.id
        if eff == "show_identity_to_drawer":
            out.add("shown_secretly")
        elif eff == "give_equipment_or_damage":
            out |= {"paid", "hurt"}
        elif eff == "heal_or_damage":
            out |= {"healed", "hurt"} if damaged is None else ({"healed"} if damaged else {"hurt"})
        else:
            out.add("hurt")
    return out


@cache
def public_result_likelihood(result: str) -> tuple[float, float, float]:
    """P(public Order result | identity) with the card unknown: uniform over the 16 Order cards
    (Q8), each possible result of a card sharing its weight."""
    cards = [c for c in load().cards.values() if c.pack == "order"]
    total = sum(c.count for c in cards)
    out = []
    for g in IDENTITIES:
        p = 0.0
        for c in cards:
            possible = order_result(c.id, g, None)
            if result in possible:
                p += c.count / total / len(possible)
        out.append(p)
    return (out[0], out[1], out[2])


@dataclass(frozen=True)
class Belief:
    """Marginal identity probabilities of every seat, as `seat` sees it (None: a spectator)."""

    seat: int | None
    marginals: tuple[tuple[float, float, float], ...]
    """Per seat: P(guard), P(assassin), P(commoner)."""
    mine: str | None
    """The viewer's own identity."""

    @classmethod
    def of(cls, view: Mapping[str, Any], history: Iterable[Mapping[str, Any]] | None = None) -> Belief:
        """The exact posterior from `view` (and public `history`, else `view["history"]`)."""
        players = view["players"]
        n = len(players)
        me = view.get("me") or {}
        seat = view.get("seat")
        fixed: dict[int, int] = {}
        if seat is not None and me.get("identity"):
            fixed[seat] = INDEX[me["identity"]]
        for p in players:
            if p.get("identity"):
                fixed[p["seat"]] = INDEX[p["identity"]]
        for s, g in (me.get("known") or {}).items():
            fixed[int(s)] = INDEX[g]
        row = load().identity_table[n]
        left = [row[g] - sum(1 for v in fixed.values() if v == i) for i, g in enumerate(IDENTITIES)]
        unknown = [s for s in range(n) if s not in fixed]
        if min(left) < 0 or sum(left) != len(unknown):  # a hand-made view: fall back to no counts
            left = [len(unknown)] * 3
        events = list(history if history is not None else view.get("history") or [])
        exact = _likelihoods(view, unknown)
        first = _posterior(n, fixed, unknown, left, exact) or _posterior(n, fixed, unknown, left, {})
        assert first is not None
        soft = _soft_likelihoods(view, unknown, events, first)
        final = (_posterior(n, fixed, unknown, left, _times(exact, soft)) if soft else None) or first
        return cls(seat=seat, marginals=final, mine=me.get("identity"))

    def p(self, seat: int, identity: str) -> float:
        return self.marginals[seat][INDEX[identity]]

    def known(self, seat: int) -> str | None:
        """The identity if it is certain (shown, dead, spied, own, or proven by evidence)."""
        m = self.marginals[seat]
        for i, v in enumerate(m):
            if v > 1 - 1e-6:
                return IDENTITIES[i]
        return None

    def entropy(self, seat: int) -> float:
        return -sum(v * math.log(v) for v in self.marginals[seat] if v > 0)


def _posterior(
    n: int, fixed: Mapping[int, int], unknown: Sequence[int], left: Sequence[int],
    like: Mapping[int, Sequence[float]],
) -> tuple[tuple[float, float, float], ...] | None:
    """Enumerate the assignments of the `left` cards to the `unknown` seats, weight by the
    product of likelihoods, and sum the marginals (exact). None: the evidence rules out every
    assignment. The same question asked again (a seat's next decision with no new evidence: most
    of them) is answered from `_posterior_of`'s cache."""
    rows = tuple((float(r[0]), float(r[1]), float(r[2])) for r in (like.get(s, _NO_EVIDENCE) for s in unknown))
    return _posterior_of(n, tuple(sorted(fixed.items())), tuple(unknown), (left[0], left[1], left[2]), rows)


_NO_EVIDENCE = (1.0, 1.0, 1.0)


@lru_cache(maxsize=512)
def _posterior_of(
    n: int, fixed: tuple[tuple[int, int], ...], unknown: tuple[int, ...], counts: tuple[int, int, int],
    rows: tuple[tuple[float, float, float], ...],
) -> tuple[tuple[float, float, float], ...] | None:
    """`_posterior` on hashable arguments. The sums are the plain loop's to the last bit: each
    assignment's weight multiplies the rows' likelihoods in seat order (a row without evidence,
    all 1.0, changes no product and is skipped), and each sum adds the weights one by one in the
    order of the assignments (an assignment of weight 0 adds nothing: x + 0.0 == x)."""
    k = len(unknown)
    sums: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(k)]
    total = 0.0
    if k:
        layout = _layout(counts if sum(counts) == k else None, k)
        weights: list[float] | None = None
        for i, r in enumerate(rows):
            if r == _NO_EVIDENCE:
                continue
            col = layout.columns[i]
            weights = [r[g] for g in col] if weights is None else list(map(mul, weights, map(r.__getitem__, col)))
        if weights is None:  # no evidence: every weight is 1.0, the sums are counts
            total = float(len(layout.columns[0]))
            sums = [[float(c) for c in seat] for seat in layout.counts]
        else:
            total = reduce(add, weights, 0.0)
            sums = [[reduce(add, pick(weights), 0.0) if pick else 0.0 for pick in seat] for seat in layout.picks]
    if k and total <= 0:
        return None
    out: list[tuple[float, float, float]] = [(1 / 3, 1 / 3, 1 / 3)] * n
    for s, g in fixed:
        vec = [0.0, 0.0, 0.0]
        vec[g] = 1.0
        out[s] = (vec[0], vec[1], vec[2])
    for i, s in enumerate(unknown):
        out[s] = (sums[i][0] / total, sums[i][1] / total, sums[i][2] / total)
    return tuple(out)


@dataclass(frozen=True)
class _Layout:
    """The assignments of one question, by seat: `columns[i]` the identity each assignment gives
    the i-th unknown seat; `picks[i][g]` a getter of the weights of the assignments giving it `g`,
    in order, as a tuple (None: there are none); `counts[i][g]` how many there are."""

    columns: tuple[tuple[int, ...], ...]
    picks: tuple[tuple[Callable[[list[float]], tuple[float, ...]] | None, ...], ...]
    counts: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def _layout(counts: tuple[int, int, int] | None, k: int) -> _Layout:
    """The layout of `assignments(counts)`, or of `_free(k)` when the counts do not add up (None).
    Bounded: a game meets a dozen counts or so (fewer unknown seats as identities show)."""
    combos = assignments(counts) if counts is not None else _free(k)
    columns = tuple(tuple(a[i] for a in combos) for i in range(k))
    where = [[[j for j, g in enumerate(col) if g == h] for h in range(3)] for col in columns]
    picks = tuple(tuple(_getter(js) for js in seat) for seat in where)
    return _Layout(columns, picks, tuple(tuple(len(js) for js in seat) for seat in where))


def _getter(js: list[int]) -> Callable[[list[float]], tuple[float, ...]] | None:
    """A getter of the items at `js` as a tuple (itemgetter gives a lone item bare)."""
    if not js:
        return None
    if len(js) == 1:
        j = js[0]
        return lambda ws: (ws[j],)
    return itemgetter(*js)


@cache
def _free(k: int) -> tuple[tuple[int, ...], ...]:
    """Every identity for every seat (a view whose counts do not add up)."""
    if k == 0:
        return ((),)
    return tuple((g, *t) for g in range(3) for t in _free(k - 1))


def _times(a: Mapping[int, Sequence[float]], b: Mapping[int, Sequence[float]]) -> dict[int, list[float]]:
    out: dict[int, list[float]] = {s: list(v) for s, v in a.items()}
    for s, v in b.items():
        row = out.setdefault(s, [1.0, 1.0, 1.0])
        for g in range(3):
            row[g] *= v[g]
    return out


def may_veil(view: Mapping[str, Any], seat: int) -> bool:
    """Whether `seat` may be 隱女 with 「隱」 usable, as far as the view shows: face down while
    隱女 is nobody else's known character, or face up as 隱女 and not sealed."""
    p = view["players"][seat]
    if p.get("character"):
        return p["character"] == "veiled_lady" and not p.get("sealed")
    me = view.get("me") or {}
    if me.get("character") == "veiled_lady" and view.get("seat") != seat:
        return False
    return not any(q.get("character") == "veiled_lady" for q in view["players"] if q["seat"] != seat)


def _likelihoods(view: Mapping[str, Any], unknown: Sequence[int]) -> dict[int, list[float]]:
    """The exact evidence about the unknown seats: the Order cards this seat gave (c29)."""
    like: dict[int, list[float]] = {}
    me = view.get("me") or {}
    seat = view.get("seat")
    for note in me.get("orders") or ():
        t = note["recipient"]
        if note["giver"] != seat or t not in unknown or not note.get("result"):
            continue
        hp = view["players"][t].get("hp")
        eps = VEIL_EPSILON if may_veil(view, t) else EXACT_EPSILON
        row = like.setdefault(t, [1.0, 1.0, 1.0])
        for g, name in enumerate(IDENTITIES):
            if note["result"] not in order_result(note["card"], name, hp):
                row[g] *= eps
    return like


def _soft_likelihoods(
    view: Mapping[str, Any], unknown: Sequence[int], events: Sequence[Mapping[str, Any]],
    first: Sequence[Sequence[float]],
) -> dict[int, list[float]]:
    """Public history (and this turn's attack in the view): Order results, hostility, heals,
    identity cards not shown."""
    like: dict[int, list[float]] = {}
    todo = set(unknown)

    def weigh(t: int, factors: Sequence[float]) -> None:
        row = like.setdefault(t, [1.0, 1.0, 1.0])
        for g in range(3):
            row[g] *= factors[g]

    def toward(t: int, s: int, same: float) -> None:
        """t acted on s: `same` is t's likelihood factor for sharing s's faction."""
        if t not in todo or s == t:
            return
        m = first[s]
        factors = [1.0, 1.0, 1.0]
        factors[0] = m[0] * same + (1 - m[0])
        factors[1] = m[1] * same + (1 - m[1])
        weigh(t, factors)

    attack = view.get("attack")
    seen_attack = False
    for e in events:
        kind, params = e.get("kind"), e.get("params") or {}
        if kind and kind.startswith("order_") and kind[6:] in ORDER_RESULTS and params.get("to") in todo:
            weigh(params["to"], public_result_likelihood(kind[6:]))
        elif kind == "attacks":
            for s in params.get("targets", ()):
                toward(params["seat"], s, HOSTILE)
            if attack and params.get("seat") == attack.get("attacker"):
                seen_attack = True
        elif kind in ("card_target", "skill_target") and "target" in params:
            continue  # the hurt or heal that follows says which
        elif kind == "hurt" and params.get("by") is not None and params.get("source") not in DIRECT_SOURCES_NOT_CHOSEN:
            if params.get("source") != "attack":
                toward(params["by"], params["seat"], HOSTILE)
        elif kind in ("healed", "rescued") and params.get("by") is not None and params.get("by") != params.get("seat"):
            toward(params["by"], params["seat"], FRIENDLY)
        elif kind == "card_drawn" and params.get("seat") in todo:
            t = params["seat"]
            if view["players"][t].get("identity"):
                continue
            card = params.get("card")
            if card == "mirror_of_truth" and not may_veil(view, t):
                weigh(t, (1.0, MIRROR_EPSILON, 1.0))
            elif card == "royal_summons":
                weigh(t, (SUMMONS, 1.0, 1.0))
            elif card == "black_mass":
                weigh(t, (1.0, SUMMONS, 1.0))
    if attack and not seen_attack:
        for s in attack.get("targets", ()):
            toward(attack["attacker"], s, HOSTILE)
    return like
