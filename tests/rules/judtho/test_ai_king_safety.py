"""The computer seats' King safety (1.1.6, J11): from hand-made positions, the search
sees an Opponent Knight two jumps from its King and defends, guards an Ally's King, and plays a
knatch threat that cannot be parried as the Conquest it is. A Rival's Knight is no threat (1.1.3)."""

from __future__ import annotations

from rules.judtho.board import COLOURS, initial_relation, relation_from_table
from rules.judtho.evaluate import king_threats, kings, knatched_kings
from rules.judtho.moves import apply_move, legal_moves
from rules.judtho.notation import Move
from rules.judtho.search import best_move
from tests.rules.judtho.kit import position

WHITE_ALLIED_TO_BLACK = relation_from_table(
    {
        "white": {"red": "opponent", "yellow": "rival", "black": "ally"},
        "red": {"white": "opponent", "yellow": "opponent", "black": "opponent"},
        "yellow": {"white": "rival", "red": "opponent", "black": "opponent"},
        "black": {"white": "ally", "red": "opponent", "yellow": "opponent"},
    }
)


def choose(pieces: dict[str, str], colour: str = "white", relation=initial_relation) -> Move:
    move = best_move(position(pieces), colour, relation, COLOURS)
    assert isinstance(move, Move)
    return move


def test_j11_it_moves_its_king_when_an_opponent_knight_is_two_jumps_away() -> None:
    # The Black Knight on d4 jumps to b3 or c2 and knatches the King on a1. Black moves after Red
    # (so after the two plies searched) but before White moves again: the King must go now. The
    # Red Queen on h8 hangs as bait (a search that only counts material would take it).
    pieces = {
        "a1": "white king",
        "b2": "white pawn",
        "h1": "white rook",
        "h8": "red queen",
        "a12": "red king",
        "a11": "red pawn",
        "d4": "black knight",
        "l12": "black king",
    }
    move = choose(pieces)
    assert move.piece == "king"
    after = apply_move(position(pieces), move)
    assert king_threats(after, "white", kings(after)["white"], initial_relation) == []


def test_j11_it_takes_the_knight_that_is_two_jumps_from_its_king() -> None:
    # Same Knight; now the Bishop on f2 can take it: that defends and wins a piece.
    pieces = {
        "a1": "white king",
        "b2": "white pawn",
        "f2": "white bishop",
        "a12": "red king",
        "a11": "red pawn",
        "d4": "black knight",
        "l12": "black king",
    }
    assert str(choose(pieces)) == "Bf2xd4"


def test_j11_it_saves_an_allys_king_from_a_knatch() -> None:
    # White and Black are Allies (6.1). The Red Knight on l8 jumps to k10 next (Red moves right
    # after White) and knatches the Black King on l12; the Red Queen on e6 hangs to White's
    # Bishop. The Ally's King comes first: the Rook takes the Knight.
    pieces = {
        "a1": "white king",
        "a2": "white bishop",
        "f8": "white rook",
        "e6": "red queen",
        "l8": "red knight",
        "a12": "red king",
        "a11": "red pawn",
        "l12": "black king",
        "k12": "black pawn",
        "l11": "black pawn",
        "k11": "black pawn",
    }
    assert str(choose(pieces, relation=WHITE_ALLIED_TO_BLACK)) == "Rf8xl8"


def test_j11_it_knatches_when_it_can() -> None:
    # Nd9-b10 or Nd9-c11 attacks the Red King on a12: knatched at once (J11), a Conquest for
    # White, worth more than the Red Queen that hangs on h6.
    pieces = {
        "a1": "white king",
        "d9": "white knight",
        "h1": "white rook",
        "h6": "red queen",
        "a12": "red king",
        "a11": "red pawn",
    }
    move = choose(pieces)
    assert move.piece == "knight"
    assert "red" in knatched_kings(apply_move(position(pieces), move), initial_relation)


def test_j11_a_knatch_threat_that_cannot_be_parried_is_played_as_a_conquest() -> None:
    # The Red King on a12 is walled in by its own Pawns; Ne7-d9 (threatening b10 and c11, which
    # attack a12) or Ne7-c8 (threatening b10), and no Red piece can take the Knight or free the
    # King in one move. The
    # knatch follows on White's next move, beyond the two plies searched: the evaluation must
    # see that White moves before Red can answer again. The Red Rook on h6 hangs as bait.
    pieces = {
        "a1": "white king",
        "e7": "white knight",
        "h1": "white rook",
        "h6": "red rook",
        "a12": "red king",
        "a11": "red pawn",
        "b11": "red pawn",
        "b12": "red pawn",
    }
    move = choose(pieces)
    assert str(move) in ("Ne7-d9", "Ne7-c8")
    after = apply_move(position(pieces), move)
    for reply in legal_moves(after, "red", initial_relation):
        threatened = apply_move(after, reply)
        assert king_threats(threatened, "red", kings(threatened)["red"], initial_relation) == ["white"], str(reply)


def test_1_1_3_a_rivals_knight_next_to_its_king_is_no_threat() -> None:
    # The Yellow Knight on c5 could jump to b3 and attack the King on a1, were it an Opponent's;
    # Yellow is White's Rival (it can neither knatch, J11, nor finish in White's Kingdom, J19),
    # so White takes the Red Queen.
    pieces = {
        "a1": "white king",
        "b2": "white pawn",
        "h1": "white rook",
        "h8": "red queen",
        "a12": "red king",
        "a11": "red pawn",
        "c5": "yellow knight",
        "l1": "yellow king",
    }
    assert str(choose(pieces)) == "Rh1xh8"
