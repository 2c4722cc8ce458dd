"""The fixed content of Judge Dredd, read once from `data/judge_dredd/*.toml`.

The board (28 Sectors, their borders and bridges), the 54 Action Cards in 34 kinds, the 28 Perps
and the 28 Crimes never change during a game, so they are loaded once per process and shared as
small frozen records. Adjacency is precomputed both ways (rivers only by bridges, and rivers
ignored for Fergee's OR option), so a Move is checked by set lookups.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.data import data_path

DATA = data_path("judge_dredd")


@dataclass(frozen=True)
class Sector:
    code: str
    name: str
    row: int
    """1..4, north to south."""
    col: int
    """1..7, west to east."""
    start: bool
    bonus: int
    """Action Cards a Judge here may receive at issue (1; 2 in four Starting Sectors; 6 in the Grand Hall)."""
    hospital: bool
    card: bool
    """Whether a Sector card names it (every Sector but the Starting Sectors and the Hospital)."""


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    kind: str
    """`border` or `bridge`."""


@dataclass(frozen=True, eq=False)
class Board:
    sectors: dict[str, Sector]
    """By code, in reading order (row by row, west to east)."""
    edges: tuple[Edge, ...]
    river_crossings: tuple[tuple[str, str], ...]
    """Sectors facing each other across a river with no bridge: adjacent only when rivers are ignored."""
    diagonals: tuple[tuple[str, str], ...]
    rivers: tuple[tuple[tuple[float, float], ...], ...]
    """Polylines in grid units (x east, y south, [0, 0] the north-west corner), for drawing."""
    _adjacent: dict[str, frozenset[str]] = field(repr=False)
    _adjacent_ignoring_rivers: dict[str, frozenset[str]] = field(repr=False)
    _neighbours: dict[str, tuple[str, ...]] = field(repr=False, default_factory=dict)
    _neighbours_ignoring_rivers: dict[str, tuple[str, ...]] = field(repr=False, default_factory=dict)

    def adjacent(self, code: str, ignore_rivers: bool = False) -> set[str]:
        """The Sectors one step from `code`: "Sectors either side of a river are only adjacent if
        connected by a bridge" (Movement Rules), unless the Move ignores rivers (Fergee)."""
        table = self._adjacent_ignoring_rivers if ignore_rivers else self._adjacent
        return set(table.get(code, ()))

    def neighbours(self, code: str, ignore_rivers: bool = False) -> tuple[str, ...]:
        """`adjacent` in code order, worked out once per Sector: what a walk over the board
        (a Move, a Perp's Tip Off, a distance) steps through, without a set made and sorted
        at every step."""
        table = self._neighbours_ignoring_rivers if ignore_rivers else self._neighbours
        return table.get(code, ())

    @property
    def starting_sectors(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.sectors.items() if s.start)

    @property
    def hospital(self) -> str:
        return next(c for c, s in self.sectors.items() if s.hospital)

    @property
    def card_sectors(self) -> tuple[str, ...]:
        """The 21 Sectors of the Sector pack."""
        return tuple(c for c, s in self.sectors.items() if s.card)

    def bonus(self, code: str) -> int:
        """Cards issued at the end of the Game Turn to a Judge at `code` (1 anywhere else, ICU included)."""
        sector = self.sectors.get(code)
        return sector.bonus if sector is not None else 1

    def protected(self, code: str) -> bool:
        """Starting Sectors and the Hospital: no Sector card names them (R4)."""
        s = self.sectors[code]
        return s.start or s.hospital


def _pairs(raw: list[list[str]]) -> tuple[tuple[str, str], ...]:
    return tuple((p[0], p[1]) for p in raw)


@cache
def load_board(path: Path = DATA / "board.toml") -> Board:
    """The board, parsed and its adjacency precomputed once per process."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    sectors = {
        code: Sector(
            code=code,
            name=s["name"],
            row=int(s["row"]),
            col=int(s["col"]),
            start=bool(s["start"]),
            bonus=int(s["bonus"]),
            hospital=bool(s["hospital"]),
            card=bool(s["card"]),
        )
        for code, s in raw["sectors"].items()
    }
    edges = tuple(Edge(a, b, kind) for a, b, kind in raw["edges"])
    crossings = _pairs(raw["river_crossings"])
    adjacent: dict[str, set[str]] = {code: set() for code in sectors}
    for e in edges:
        adjacent[e.a].add(e.b)
        adjacent[e.b].add(e.a)
    wet: dict[str, set[str]] = {code: set(n) for code, n in adjacent.items()}
    for a, b in crossings:
        wet[a].add(b)
        wet[b].add(a)
    return Board(
        sectors=sectors,
        edges=edges,
        river_crossings=crossings,
        diagonals=_pairs(raw["diagonals"]),
        rivers=tuple(tuple((float(x), float(y)) for x, y in r["points"]) for r in raw["rivers"]),
        _adjacent={c: frozenset(n) for c, n in adjacent.items()},
        _adjacent_ignoring_rivers={c: frozenset(n) for c, n in wet.items()},
        _neighbours={c: tuple(sorted(n)) for c, n in adjacent.items()},
        _neighbours_ignoring_rivers={c: tuple(sorted(n)) for c, n in wet.items()},
    )


# --------------------------------------------------------------------------- Action Cards

OPTION_WINDOWS = ("movement", "arrest", "any", "reaction")
"""When an option may be played (cards.py maps them onto the card-play windows of R7)."""


@dataclass(frozen=True, eq=False)
class CardOption:
    """One option of an Action Card: when it may be played and what it does (effect keys as the
    card data gives them: `judge_cf`, `miss_move`, `barney`, ...)."""

    window: str
    effect: dict[str, Any]
    arrest_round: bool = False
    """An `any` option a Special Note lets be played in the Arrest Round too (Block Mania's and
    Requisition's main options, R23). Every other `any` option changes no Combat Factor, and "only
    the option affecting Combat Factors applies on an Action Card played during the Arrest Round"."""

    @property
    def moment(self) -> str:
        """When the option may really be played: its `window`, except that an `any` option the
        Arrest Round excludes (R23) is a `movement` one (cards are never played at issue, R7)."""
        if self.window == "any" and not self.arrest_round:
            return "movement"
        return self.window


@dataclass(frozen=True, eq=False)
class CardKind:
    id: str
    name: str
    count: int
    depicts_judge: bool
    """The card shows a Judge, so it can answer a Barney (R10)."""
    main: CardOption
    or_: CardOption | None

    def option(self, name: str) -> CardOption | None:
        """`main` or `or`; None for a missing OR option."""
        return self.main if name == "main" else self.or_ if name == "or" else None

    @property
    def options(self) -> dict[str, CardOption]:
        out = {"main": self.main}
        if self.or_ is not None:
            out["or"] = self.or_
        return out


def _option(raw: dict[str, Any] | None) -> CardOption | None:
    if raw is None:
        return None
    if raw["window"] not in OPTION_WINDOWS:
        raise ValueError(f"unknown card window {raw['window']!r}")
    arrest_round = bool(raw.get("arrest_round", False))
    if arrest_round and raw["window"] != "any":
        raise ValueError("`arrest_round` is only for an option of window `any`")
    return CardOption(window=raw["window"], effect=dict(raw.get("effect", {})), arrest_round=arrest_round)


@cache
def load_cards(path: Path = DATA / "cards.toml") -> dict[str, CardKind]:
    """The 34 kinds of Action Card by id (in the data file's order)."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    kinds: dict[str, CardKind] = {}
    for c in raw["cards"]:
        main = _option(c["main"])
        assert main is not None
        kinds[c["id"]] = CardKind(
            id=c["id"],
            name=c["name"],
            count=int(c["count"]),
            depicts_judge=bool(c.get("depicts_judge", False)),
            main=main,
            or_=_option(c.get("or")),
        )
    return kinds


def full_deck() -> tuple[str, ...]:
    """The 54 Action Cards as card ids, each kind repeated `count` times, unshuffled."""
    return tuple(k.id for k in load_cards().values() for _ in range(k.count))


# --------------------------------------------------------------------------- Perps and Crimes


@dataclass(frozen=True)
class Perp:
    id: str
    name: str
    cv: int
    """Combat Value, printed in red."""


@dataclass(frozen=True)
class Crime:
    id: str
    name: str
    cv: int
    """Combat Value, printed in red."""


@cache
def load_perps(path: Path = DATA / "perps.toml") -> dict[str, Perp]:
    """The 28 Perps by id (the Perp pack, unshuffled, is their order)."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    return {p["id"]: Perp(p["id"], p["name"], int(p["cv"])) for p in raw["perps"]}


@cache
def load_crimes(path: Path = DATA / "crimes.toml") -> dict[str, Crime]:
    """The 28 Crimes by id (the Crime pack, unshuffled, is their order)."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    return {c["id"]: Crime(c["id"], c["name"], int(c["cv"])) for c in raw["crimes"]}
