"""Helpers for the Judtho tests: positions written as `{"d4": "white princess"}`."""

from __future__ import annotations

from rules.judtho.board import Position, load_board
from rules.judtho.moves import legal_moves


def position(pieces: dict[str, str], variant: str = "quattro") -> Position:
    return Position(load_board(variant), {sq: tuple(text.split()) for sq, text in pieces.items()})  # type: ignore[misc]


def texts(pos: Position, colour: str, **kw) -> set[str]:
    return {str(m) for m in legal_moves(pos, colour, **kw)}


def from_square(pos: Position, colour: str, square: str, **kw) -> set[str]:
    return {str(m) for m in legal_moves(pos, colour, **kw) if getattr(m, "origin", None) == square}
