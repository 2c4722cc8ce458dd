"""Who could capture a piece, read backwards from its square (`captures.captors`, what the board's
description reads for its Kings), names the same armies as reading the captures of every legal
move of every army (`moves.legal_moves`, the reference kept here): on every occupied square of
one position in four of the play of seeded random games of every variant (spread over the whole
game, so the relationships still change as alliances are made; at least a thousand pieces and an
attacked King per set-up), and of crowded random boards under random relationships (sweeps through a Rival's
Kingdom, blocked lines, Knights' distant captures). The description's attacked Kings are the
reference's too."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules import registry
from rules.core import SeededChance
from rules.judtho import describe
from rules.judtho.board import COLOURS, Position, Relation, load_board, relation_from_table
from rules.judtho.captures import captors
from rules.judtho.moves import legal_moves
from rules.judtho.notation import Move

LEAVING = frozenset({"resign", "depart", "draw", "void"})
"""Verbs left out of the random play, which would end the game before its play phase."""

GAMES = (
    ({}, 4),
    ({"variants": ["stable_2v2"]}, 4),
    ({"variants": ["duo"]}, 2),
    ({"variants": ["trio"]}, 3),
    ({"variants": ["trio_dark", "bonus_to_conqueror"]}, 3),
    ({"variants": ["pawn_any_diagonal", "prince_b"]}, 4),
    ({"variants": ["prince_c", "t2c_four"]}, 4),
)
"""(config, seats) of the random games: every variant, and options changing how pieces move
(which the description leaves out: it reads the plain moves)."""


KINDS = ("king", "queen", "prince", "princess", "prince", "princess", "rook", "knight", "bishop", "pawn", "pawn")
"""The pieces of the crowded boards, the sweeping ones and Pawns more often."""


def captors_by_moves(position: Position, colours: Sequence[str], relation: Relation,
                     moves: Mapping[str, Sequence[Any]] | None = None) -> dict[str, list[str]]:
    """{square: the armies of `colours`, in order, with a legal move capturing the piece on it}, read
    from every army's whole move list (`moves`, by army, when the caller has listed them already):
    the reference."""
    found: dict[str, list[str]] = {}
    for colour in colours:
        if not any(owner == colour for owner, _ in position.pieces.values()):
            continue
        listed = moves[colour] if moves is not None else legal_moves(position, colour, relation)
        for move in listed:
            if not isinstance(move, Move):
                continue
            for square in move.captures:
                if colour not in found.setdefault(square, []):
                    found[square].append(colour)
    return found


def from_view(view: Mapping[str, Any]) -> tuple[Position, Relation]:
    board = load_board(str(view.get("variant") or "quattro"))
    position = Position(board, {sq: (held[0], held[-1]) for sq, held in view["board"].items()})
    return position, relation_from_table({a: dict(row) for a, row in view["relations"].items()})


def played_views(config: dict[str, Any], seats: int, seed: int, steps: int, every: int = 1) -> list[dict[str, Any]]:
    """The public views of a seeded random game at one position in `every` of its play phase (the
    first, then every `every`-th; the views of the others are never built)."""
    game = registry.plugin("judtho").game
    state = game.new_game(config, seats, SeededChance(seed))
    rng = random.Random(seed)
    out = []
    in_play = 0
    for step in range(steps):
        if game.outcome(state) is not None:
            break
        if state.phase == "play":
            if in_play % every == 0:
                out.append(game.view(state, None))
            in_play += 1
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        staying = [a for a in legal if str(a).split(" ", 1)[0] not in LEAVING] or legal
        game.apply(state, seat, rng.choice(staying), SeededChance(f"{seed}:{step}"))
    return out


@pytest.mark.parametrize(("config", "seats"), GAMES)
def test_captors_match_the_move_lists_in_random_games(config: dict[str, Any], seats: int) -> None:
    checked = attacked = 0
    for seed in range(2):
        for view in played_views(config, seats, seed, 300, every=4):
            position, relation = from_view(view)
            colours = view["colours"]
            expected = captors_by_moves(position, colours, relation)
            assert captors(position, list(position.pieces), colours, relation) == expected
            checked += len(position.pieces)
            described = describe.attackers(view)
            assert described == {sq: by for sq, by in expected.items() if position.pieces[sq][1] == "king"}
            attacked += bool(described)
    assert checked > 1000 and attacked, "too few positions in play, or no King attacked: the test proves little"


def crowded(rng: random.Random, variant: str) -> tuple[Position, list[str], Relation]:
    """A random board, a third to two thirds full of random pieces of the armies in play, and
    random (symmetric) relationships between them."""
    board = load_board(variant)
    colours = list(board.colours)
    squares = rng.sample(board.squares, rng.randint(len(board.squares) // 3, 2 * len(board.squares) // 3))
    position = Position(board, {sq: (rng.choice(colours), rng.choice(KINDS)) for sq in squares})
    table: dict[str, dict[str, str]] = {c: {} for c in COLOURS}
    for i, a in enumerate(COLOURS):
        for b in COLOURS[i + 1:]:
            table[a][b] = table[b][a] = rng.choice(("opponent", "opponent", "rival", "ally"))
    return position, colours, relation_from_table(table)


@pytest.mark.parametrize("variant", ["quattro", "duo"])
def test_captors_match_the_move_lists_on_crowded_boards(variant: str) -> None:
    rng = random.Random(f"captors:{variant}")
    sweeps = 0
    for _ in range(150):
        position, colours, relation = crowded(rng, variant)
        in_play = colours[: rng.randint(1, len(colours))]
        moves = {colour: legal_moves(position, colour, relation) for colour in in_play}
        expected = captors_by_moves(position, in_play, relation, moves)
        assert captors(position, list(position.pieces), in_play, relation) == expected
        sweeps += sum(1 for colour in in_play for m in moves[colour]
                      if isinstance(m, Move) and len(m.captures) > 1 and m.piece in ("prince", "princess"))
    assert sweeps, "no sweep on any board: the test proves little"


def test_a_sweep_over_a_king_in_a_rival_kingdom_takes_it_only_ending_outside() -> None:
    # White and Yellow are Rivals (1.1.3): White's Princess may not finish in Yellow's Kingdom
    # (g1-l4, J19), so she cannot jump onto Red's King on h4; a sweep over it that ends on a Red
    # piece beyond, in Neutral Territory, takes it (J9).
    board = load_board("quattro")
    relation = relation_from_table({a: {b: "rival" if {a, b} in ({"white", "yellow"}, {"red", "black"})
                                        else "opponent" for b in COLOURS if b != a} for a in COLOURS})
    alone = Position(board, {"h2": ("white", "princess"), "h4": ("red", "king")})
    assert captors(alone, ["h4"], COLOURS, relation) == {} == captors_by_moves(alone, COLOURS, relation)
    swept = Position(board, {"h2": ("white", "princess"), "h4": ("red", "king"), "h5": ("red", "pawn")})
    assert captors(swept, ["h4"], COLOURS, relation) == {"h4": ["white"]}
    assert captors_by_moves(swept, COLOURS, relation)["h4"] == ["white"]
    # the Prince alike, his sweep of up to three: h2 -> h3 (King) -> h4 (Pawn, still Yellow's)
    # ends in the Kingdom; one more square and it ends on h5, outside
    prince = Position(board, {"h2": ("white", "prince"), "h3": ("red", "king"), "h4": ("red", "pawn")})
    assert captors(prince, ["h3"], COLOURS, relation) == {}
    assert "h3" not in captors_by_moves(prince, COLOURS, relation)
    prince = Position(board, {"h1": ("white", "prince"), "h2": ("red", "king"), "h3": ("red", "pawn"),
                              "h4": ("red", "rook")})
    assert captors(prince, ["h2"], COLOURS, relation) == {}
    assert "h2" not in captors_by_moves(prince, COLOURS, relation)
    prince = Position(board, {"h2": ("white", "prince"), "h3": ("red", "king"), "h5": ("red", "pawn")})
    assert captors(prince, ["h3"], COLOURS, relation) == {"h3": ["white"]}
    assert captors_by_moves(prince, COLOURS, relation)["h3"] == ["white"]
