"""The engine's quick paths give what the slow ones gave: J21's incremental position keys (E5)
against the key of the whole position, a game saved with whole-position digests, the plain-move
check against the full list of legal actions, the relations' JSON, and the fast `Move`."""

from __future__ import annotations

import copy
import dataclasses
import random

from rules.core import SeededChance, to_jsonable
from rules.judtho import alliances as al
from rules.judtho.engine import (
    GAME,
    Draw,
    PlaceRest,
    Resign,
    Void,
    legacy_digest,
    move_options,
    plainly_legal_move,
    play_moves,
    position_digest,
    seen_keys,
)
from rules.judtho.moves import apply_move, legal_moves
from rules.judtho.notation import Move, make_move
from rules.judtho.state import JudthoState

from .test_engine import KINGS, act, play_state

CH = SeededChance(0)


def play_phase_states(seats: int, seed: int, steps: int) -> list[JudthoState]:
    """Copies of the states met in the play of a seeded random game (Assembly by `@rest`)."""
    rng = random.Random(seed)
    state = GAME.new_game({}, seats, SeededChance(seed))
    out = []
    while GAME.outcome(state) is None and len(out) < steps:
        seat = min(GAME.to_act(state))
        legal = [a for a in GAME.legal_actions(state, seat) if not isinstance(a, (Resign, Void, Draw))]
        if state.phase == "play":
            out.append(copy.deepcopy(state))
        GAME.apply(state, seat, PlaceRest() if PlaceRest() in legal else rng.choice(legal), CH)
    return out


def quiet_moves(state: JudthoState) -> list[Move]:
    rel = state.rel()
    moves = legal_moves(state.position(), rel.to_move, lambda a, b: al.relation(rel, a, b), move_options(state))
    return [m for m in moves if isinstance(m, Move) and not m.captures]


def test_e5_a_candidate_moves_key_is_the_key_of_the_whole_position_after_it():
    """Half of each position's quiet moves are made repetitions by writing the key of the whole
    position after them into `seen`: exactly those leave the legal moves."""
    rng = random.Random(5)
    checked = 0
    for state in play_phase_states(4, 7, 60) + play_phase_states(2, 8, 30):
        rel = state.rel()
        after_rel = al.end_turn(rel, rel.to_move)
        quiet = quiet_moves(state)
        met = {m for m in quiet if rng.random() < 0.5}
        state.seen = [*state.seen, *(position_digest(state, apply_move(state.position(), m).pieces, after_rel)
                                     for m in met)]
        moves = play_moves(state, rel.to_move)
        assert not met & set(moves)
        assert set(quiet) - met <= set(moves)
        checked += len(met)
    assert checked > 100


def test_j21_a_game_saved_with_whole_position_digests_still_refuses_its_positions():
    """A game saved before the incremental keys holds `legacy_digest`s in `seen`: loaded, it still
    refuses a move back to one of those positions, and the positions met after it get keys."""
    state = play_state(dict(KINGS))
    state.seen = [legacy_digest(state)]
    for text in ("Kc1-c2", "Kc12-c11", "Kj1-j2", "Kj12-j11", "Kc2-c1", "Kc11-c12", "Kj2-j1"):
        act(state, text)
        state.seen[-1] = legacy_digest(state)  # as the engine wrote it then
    saved = state.to_json()
    assert all(len(d) == 16 and not d.startswith("z") for d in saved["seen"])
    loaded = GAME.load(saved)
    assert loaded.to_json() == saved
    assert "Kj11-j12" not in [str(a) for a in GAME.legal_actions(loaded, 3)]
    assert not plainly_legal_move(loaded, 3, Move("king", "j11", "j12"))
    act(loaded, "Kj11-i12")
    assert loaded.seen[-1] == position_digest(loaded) and loaded.seen[-1].startswith("z")


def test_the_quick_check_of_a_plain_move_agrees_with_the_full_list():
    """Every move of the mover's pieces (repetitions included) and moves of the other armies: the quick
    answer is yes only for a legal action, and yes for every legal move without a Conquest suffix."""
    checked = 0
    for state in play_phase_states(4, 11, 50) + play_phase_states(3, 12, 25):
        legal = GAME.legal_actions(state, min(GAME.to_act(state)))
        relation = GAME._relation(state)
        for seat in range(len(state.seat_colours)):
            full = GAME._legal_actions(state, seat) if seat in GAME.to_act(state) else []  # once per seat
            for colour in state.seat_colours[seat]:
                for move in legal_moves(state.position(), colour, relation):
                    if not isinstance(move, Move):
                        continue
                    quick = GAME._quick_legal(state, seat, move)
                    assert quick == (move in full)
                    if quick:
                        assert not GAME._quick_legal(state, seat, dataclasses.replace(move, conquests=("K",)))
                    checked += 1
        assert all(GAME._quick_legal(state, min(GAME.to_act(state)), m) for m in legal if isinstance(m, Move))
    assert checked > 1000


def test_no_quick_answer_while_a_proposal_stands():
    state = play_state(dict(KINGS))
    act(state, "draw offer")
    assert not GAME._quick_legal(state, 0, Move("king", "c1", "c2"))


def test_the_relations_json_is_what_asdict_wrote():
    """`Relations.to_json` written field by field equals `to_jsonable(asdict)` with the sets sorted,
    for relations through every stage (Conquests, alliances, a proposal, the end)."""

    def reference(rel: al.Relations) -> dict:
        data = dataclasses.asdict(rel)
        data["bonus_placed"] = sorted(rel.bonus_placed)
        data["agreed"] = sorted(rel.agreed)
        return to_jsonable(data)

    rels = [al.initial(), al.initial("duo"), al.initial("trio"), al.initial("quattro", "stable_2v2")]
    rel = al.initial()
    for conqueror, conquered in (("white", "red"), ("yellow", "black"), ("white", "yellow")):
        rel = al.conquest(rel, conqueror, conquered, "regicide")[0]
        rels.append(rel)
    rels.append(al.offer(al.initial(), ["white"], "draw", {}))
    for one in rels:
        assert one.to_json() == reference(one)
        assert list(one.to_json()) == [f.name for f in dataclasses.fields(al.Relations)]
        assert al.Relations.from_json(one.to_json()) == one


def test_the_relations_are_read_again_from_a_new_dict():
    state = play_state(dict(KINGS))
    assert state.rel().to_move == "white"
    state.relations = {**state.relations, "to_move": "red"}
    assert state.rel().to_move == "red"


def test_the_seen_keys_follow_a_list_replaced_or_changed():
    state = play_state(dict(KINGS))
    first = position_digest(state)
    assert seen_keys(state)[0] == {int(first[1:], 16)}
    act(state, "Kc1-c2")
    assert len(seen_keys(state)[0]) == 2
    state.seen[0] = "0123456789abcdef"  # changed in place, not appended: read again
    keys, legacy = seen_keys(state)
    assert len(keys) == 1 and legacy == {"0123456789abcdef"}
    state.seen = []
    assert seen_keys(state) == (set(), set())


def test_a_move_made_fast_equals_one_made_by_its_dataclass():
    for args in (("queen", "a1", "a5"), ("pawn", "e11", "e12", (), "princess"), ("princess", "d4", "d7", ("d5", "d7"))):
        fast, slow = make_move(*args), Move(*args)
        assert fast == slow and hash(fast) == hash(slow) and str(fast) == str(slow) and vars(fast) == vars(slow)
