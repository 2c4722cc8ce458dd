"""The Judtho boards, Kingdoms and Neutral Territory, read once from `data/judtho/board.toml`.

Quattro is 12 × 12 (rulebook 1.2.4) with a 6 × 4 Kingdom in each corner and Neutral Territory
on ranks 5–8 (1.2.5); Duo is its left half, files a–f (J27). Squares are strings `a1`..`l12`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from rules.data import data_path

BOARD_FILE = data_path("judtho", "board.toml")

COLOURS = ("white", "red", "yellow", "black")
"""Every army, in turn order (1.2.3)."""

Relation = Callable[[str, str], str]
"""`relation(a, b)` is how colour `a` stands to colour `b`: `self`, `ally`, `rival` or `opponent`."""


def square_name(file: int, rank: int) -> str:
    """`(0, 0)` -> `a1`: files and ranks counted from 0."""
    return f"{chr(ord('a') + file)}{rank + 1}"


def square_coords(square: str) -> tuple[int, int]:
    """`a1` -> `(0, 0)`. Raises ValueError for text that is not a square of the 12 × 12 grid."""
    if len(square) < 2 or not ("a" <= square[0] <= "l") or not square[1:].isdigit() or square[1] == "0":
        raise ValueError(square)
    rank = int(square[1:])
    if not 1 <= rank <= 12:
        raise ValueError(square)
    return ord(square[0]) - ord("a"), rank - 1


def _rectangle(corners: list[str]) -> frozenset[str]:
    (f0, r0), (f1, r1) = (square_coords(s) for s in corners)
    return frozenset(square_name(f, r) for f in range(f0, f1 + 1) for r in range(r0, r1 + 1))


@dataclass(frozen=True)
class Board:
    """One board: its squares, the Kingdom of each colour in play and Neutral Territory."""

    name: str
    files: int
    ranks: int
    colours: tuple[str, ...]
    kingdoms: dict[str, frozenset[str]] = field(hash=False, compare=False)
    neutral: frozenset[str] = field(hash=False, compare=False)
    squares: tuple[str, ...] = field(hash=False, compare=False)
    kingdom_of: dict[str, str] = field(hash=False, compare=False)
    """Square -> the colour whose Kingdom it lies in; Neutral squares are absent."""

    def on_board(self, square: str) -> bool:
        return square in self.kingdom_of or square in self.neutral

    def step(self, square: str, df: int, dr: int) -> str | None:
        """The square `df` files and `dr` ranks away, or None off the board."""
        f, r = square_coords(square)
        f, r = f + df, r + dr
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return square_name(f, r)
        return None


def square_is_dark(square: str) -> bool:
    """J30: a square is dark when file number + rank is even (a = 1), so a1 is dark, as in chess."""
    f, r = square_coords(square)
    return (f + 1 + r + 1) % 2 == 0


@cache
def _raw() -> dict:
    with BOARD_FILE.open("rb") as fh:
        return tomllib.load(fh)


@cache
def load_board(variant: str = "quattro") -> Board:
    """The `quattro` or `duo` board (Trio plays on the Quattro board, §9.2)."""
    raw = _raw()["duo" if variant == "duo" else "quattro"]
    kingdoms = {colour: _rectangle(corners) for colour, corners in raw["kingdoms"].items()}
    files, ranks = len(raw["files"]), raw["ranks"]
    return Board(
        name="duo" if variant == "duo" else "quattro",
        files=files,
        ranks=ranks,
        colours=tuple(raw["colours"]),
        kingdoms=kingdoms,
        neutral=_rectangle(raw["neutral"]),
        squares=tuple(square_name(f, r) for r in range(ranks) for f in range(files)),
        kingdom_of={sq: colour for colour, squares in kingdoms.items() for sq in squares},
    )


def shade(colour: str) -> str:
    """`light` (White, Yellow) or `dark` (Red, Black), rulebook 1.2.2."""
    return _raw()["shades"][colour]


def pawn_forward(colour: str) -> int:
    """+1 (towards rank 12) or -1 (towards rank 1): fixed for the whole game (J14, §4.4)."""
    return _raw()["pawns"]["forward"][colour]


def promotion_rank(colour: str) -> int:
    """The rank (1–12) on which this army's Pawns must promote (2.2, §4.4)."""
    return _raw()["pawns"]["promotion_rank"][colour]


def initial_relation(a: str, b: str) -> str:
    """The relationships at the start (1.1.3, §3.2): the two Light and the two Dark armies are
    Rivals, every other pair are Opponents. In Duo, White and Red are simply Opponents."""
    if a == b:
        return "self"
    return "rival" if shade(a) == shade(b) else "opponent"


@dataclass
class Position:
    """The pieces on a board: square -> (colour, piece). Only occupied squares are keys.

    Relationships are not part of it: whoever asks for moves passes a `Relation`, since
    alliances change during the game (§6).
    """

    board: Board
    pieces: dict[str, tuple[str, str]] = field(default_factory=dict)

    def copy(self) -> Position:
        return Position(self.board, dict(self.pieces))

    def to_json(self) -> dict[str, list[str]]:
        return {sq: [c, p] for sq, (c, p) in sorted(self.pieces.items())}

    @classmethod
    def from_json(cls, board: Board, data: dict[str, list[str]]) -> Position:
        return cls(board, {sq: (c, p) for sq, (c, p) in data.items()})


def relation_from_table(table: dict[str, dict[str, str]]) -> Relation:
    """A `Relation` read from a table `{a: {b: relation}}` (the view's `relations`); `self` is implied."""

    def relation(a: str, b: str) -> str:
        return "self" if a == b else table[a][b]

    return relation


def placement_squares(position: Position, colour: str, *, neutral_if_full: bool = False) -> list[str]:
    """Where `colour` may place a piece: the empty squares of its own Kingdom (1.2.6, J23; so never
    a Rival's Kingdom, J19). With `neutral_if_full`, for a bonus piece or a restored King after a
    Conquest, the empty Neutral squares when the Kingdom is full (J22)."""
    board = position.board
    free = [sq for sq in board.squares if sq in board.kingdoms[colour] and sq not in position.pieces]
    if not free and neutral_if_full:
        free = [sq for sq in board.squares if sq in board.neutral and sq not in position.pieces]
    return free


def default_setup(board: Board, colour: str, choice: str = "princess") -> dict[str, str]:
    """A sensible arrangement of a whole army in its Kingdom (`data/judtho/setup.toml`): square ->
    piece, `choice` being the Prince or Princess picked. White's is written out; Yellow mirrors
    the files, Red the ranks, Black both, so every army's Pawns face the way they move (J14)."""
    flip_file = colour in ("yellow", "black")
    flip_rank = colour in ("red", "black")
    out = {}
    for sq, piece in _setup()["white"].items():
        f, r = square_coords(sq)
        f = board.files - 1 - f if flip_file else f
        r = board.ranks - 1 - r if flip_rank else r
        out[square_name(f, r)] = choice if piece == "choice" else piece
    return out


@cache
def _setup() -> dict:
    with (BOARD_FILE.parent / "setup.toml").open("rb") as fh:
        return tomllib.load(fh)
