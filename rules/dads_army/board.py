"""The static board of Walmington-on-Sea, read once from `data/dads_army/board.toml`.

Everything the engine, the AI and the renderer need to know about squares that never
changes during a game lives here, precomputed: which building a square belongs to, where the
doors are, which squares are bomb-proof, and the one-step neighbours with walls applied
(D10), so that move generation is a dictionary lookup.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.data import data_path

Square = tuple[int, int]
"""(column, row) = (pink, black), both 1..12."""

Direction = tuple[int, int]
DIRECTIONS: tuple[Direction, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""North, east, south, west: the only steps there are (no diagonals)."""

BOARD_FILE = data_path("dads_army", "board.toml")

MAN_CODES: dict[str, str] = {
    "mainwaring": "Mw",
    "wilson": "Wi",
    "vicar": "Vi",
    "verger": "Ve",
    "jones": "Jo",
    "pike": "Pi",
    "fraser": "Fr",
    "godfrey": "Go",
}
"""Each man's code, as his token on the board shows it; a command takes it for his name (`move mw
6,2`), in any case."""
SHELTER_CODE = "S{n}"
"""How the board names air raid shelter n (`S2`); a command takes it for the number."""


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    kind: str
    """`home`, `beach_shelter`, `wd_base` or `air_raid_shelter`."""
    squares: tuple[Square, ...]
    door_inside: Square
    entrance: Square
    capacity: int | None = None
    number: int | None = None
    """Air raid shelters only: the shelter id 1..4 used by `shelter <man> <n>`."""


@dataclass(frozen=True, eq=False)
class Board:
    columns: int
    rows: int
    sea_rows: tuple[int, ...]
    ews_tank: Square
    buildings: tuple[Building, ...]
    building_of: dict[Square, str]
    """Square -> building id, for squares inside a building only."""
    doors: dict[Square, Square]
    """Door square (inside) -> entrance square (outside)."""
    wd_bases: frozenset[Square]
    shelters: dict[int, Square]
    """Air raid shelter number 1..4 -> its square."""
    bomb_proof: frozenset[Square]
    """Squares never bombed whatever stands there: shelters, their entrances, WD bases (D16)."""
    teams: tuple[tuple[str, tuple[str, str]], ...]
    """(team, (man, man)) in seat order."""
    team_of: dict[str, str]
    start: dict[str, Square]
    """Start square of every man and of `hodges` (D6)."""
    neighbours: dict[Square, dict[Direction, Square]]
    """One legal step from each square, by direction, walls and doors applied (D10)."""

    @property
    def squares(self) -> list[Square]:
        return [(c, r) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1)]

    def on_board(self, sq: Square) -> bool:
        return 1 <= sq[0] <= self.columns and 1 <= sq[1] <= self.rows

    def in_building(self, sq: Square) -> bool:
        return sq in self.building_of


def _sq(value: list[int]) -> Square:
    return (int(value[0]), int(value[1]))


def _linked(a: Square, b: Square, building_of: dict[Square, str], doors: dict[Square, Square]) -> bool:
    """Whether one step a -> b crosses no wall: both outside, both in the same building, or
    the door step between a building's door square and its entrance."""
    if building_of.get(a) == building_of.get(b):
        return True
    return doors.get(a) == b or doors.get(b) == a


@cache
def load_board(path: Path = BOARD_FILE) -> Board:
    """The board, parsed and precomputed once per process."""
    with path.open("rb") as fh:
        raw = tomllib.load(fh)
    grid = raw["grid"]
    buildings = tuple(
        Building(
            id=b["id"],
            name=b["name"],
            kind=b["kind"],
            squares=tuple(_sq(s) for s in b["squares"]),
            door_inside=_sq(b["door_inside"]),
            entrance=_sq(b["entrance"]),
            capacity=b.get("capacity"),
            number=b.get("number"),
        )
        for b in raw["buildings"]
    )
    by_id = {b.id: b for b in buildings}
    building_of = {sq: b.id for b in buildings for sq in b.squares}
    doors = {b.door_inside: b.entrance for b in buildings}
    wd_bases = frozenset(b.door_inside for b in buildings if b.kind == "wd_base")
    shelter_buildings = [b for b in buildings if b.kind == "air_raid_shelter"]
    shelters = {int(b.number or 0): b.door_inside for b in shelter_buildings}
    bomb_proof = wd_bases | {b.door_inside for b in shelter_buildings} | {b.entrance for b in shelter_buildings}
    teams = tuple((t["id"], (t["men"][0], t["men"][1])) for t in raw["teams"])
    team_of = {man: team for team, men in teams for man in men}
    start: dict[str, Square] = {}
    for t in raw["teams"]:
        for man, home in zip(t["men"], t["homes"], strict=True):
            start[man] = by_id[home].door_inside
    start["hodges"] = by_id[grid["hodges_start"]].door_inside
    columns, rows = int(grid["columns"]), int(grid["rows"])
    neighbours: dict[Square, dict[Direction, Square]] = {}
    for r in range(1, rows + 1):
        for c in range(1, columns + 1):
            here = (c, r)
            steps: dict[Direction, Square] = {}
            for d in DIRECTIONS:
                there = (c + d[0], r + d[1])
                if 1 <= there[0] <= columns and 1 <= there[1] <= rows and _linked(here, there, building_of, doors):
                    steps[d] = there
            neighbours[here] = steps
    return Board(
        columns=columns,
        rows=rows,
        sea_rows=tuple(grid["sea_rows"]),
        ews_tank=_sq(grid["ews_tank"]),
        buildings=buildings,
        building_of=building_of,
        doors=doors,
        wd_bases=wd_bases,
        shelters=shelters,
        bomb_proof=frozenset(bomb_proof),
        teams=teams,
        team_of=team_of,
        start=start,
        neighbours=neighbours,
    )
