"""The Judtho engine: the Game contract, play under relations, promotion, pass (J20), repetition
(J21), the turn cap (J26), JSON round-trip and replay. `play_state` builds a position in play."""

from __future__ import annotations

import random

import pytest

from rules.core import GameOver, IllegalAction, NotYourTurn, SeededChance
from rules.judtho.alliances import initial
from rules.judtho.engine import GAME, Judtho, PlaceRest, position_digest

CH = SeededChance(0)


def play_state(pieces: dict[str, str], seats: int = 4, to_move: str = "white", options: tuple[str, ...] = (),
               **config):
    """A game in play with `pieces` (`{"d4": "white queen"}`), each army's unchosen Princess in reserve."""
    state = GAME.new_game({"variants": list(options), **config}, seats, CH)
    state.pieces = {sq: text.split() for sq, text in sorted(pieces.items())}
    state.reserve = {c: ["princess"] for c in state.reserve}
    state.phase = "play"
    rel = state.rel()
    state.set_rel(type(rel).from_json({**rel.to_json(), "to_move": to_move}))
    state.seen = [position_digest(state)]
    return state


def act(state, text: str):
    """Apply `text` for whoever must act (the single seat in `to_act`)."""
    (seat,) = GAME.to_act(state)
    return GAME.apply(state, seat, text, CH)


KINGS = {"c1": "white king", "c12": "red king", "j1": "yellow king", "j12": "black king"}


def test_game_info_key_seats_and_variants():
    assert isinstance(GAME, Judtho)
    assert GAME.info.key == "judtho" and (GAME.info.min_seats, GAME.info.max_seats) == (2, 4)
    assert set(GAME.info.variants) >= {"duo", "trio", "stable_2v2", "bonus_to_conqueror", "t2c_four",
                                       "pawn_any_diagonal"}
    with pytest.raises(ValueError):
        GAME.new_game({"variant": "duo"}, 4, CH)
    with pytest.raises(ValueError):
        GAME.new_game({}, 5, CH)


def test_2_1_a_legal_move_is_played_and_the_turn_passes_in_order():
    state = play_state({**KINGS, "d4": "white queen", "d8": "red pawn", "a11": "red rook"})
    events = act(state, "Qd4xd8")
    assert state.pieces["d8"] == ["white", "queen"] and state.captured["white"] == [["red", "pawn"]]
    assert GAME.to_act(state) == {1} and state.rel().to_move == "red"
    assert any(e.kind == "moved" for e in events)
    assert state.last_move == {"text": "Qd4xd8", "from": "d4", "to": "d8", "captures": ["d8"]}


def test_2_1_only_the_mover_acts_and_a_rival_is_not_captured():
    state = play_state({**KINGS, "d4": "white queen", "h4": "yellow pawn"})
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, "Kc12-c11", CH)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "Qd4xh4", CH)


def test_2_2_promotion_on_the_last_rank():
    state = play_state({**KINGS, "e11": "white pawn"})
    act(state, "e11-e12=S")
    assert state.pieces["e12"] == ["white", "princess"]


def test_pawn_any_diagonal_variant_captures_backwards():
    state = play_state({**KINGS, "e6": "white pawn", "d5": "red pawn"}, options=("pawn_any_diagonal",))
    act(state, "e6xd5")
    assert state.pieces["d5"] == ["white", "pawn"]


def test_j20_no_legal_move_is_a_pass():
    state = play_state({**KINGS, "c1": "red king", "a1": "white king", "a2": "white pawn", "b2": "white pawn",
                        "b1": "white pawn", "a3": "yellow bishop", "b3": "yellow bishop", "h12": "red king"})
    del state.pieces["c1"]
    state.seen = [position_digest(state)]
    actions = [str(a) for a in GAME.legal_actions(state, 0)]
    assert "pass" in actions and not any("-" in a or "x" in a for a in actions)
    act(state, "pass")
    assert state.rel().to_move == "red"


def test_j21_a_move_back_to_an_earlier_position_is_refused():
    state = play_state(dict(KINGS))
    for text in ("Kc1-c2", "Kc12-c11", "Kj1-j2", "Kj12-j11", "Kc2-c1", "Kc11-c12", "Kj2-j1"):
        act(state, text)
    assert "Kj11-j12" not in [str(a) for a in GAME.legal_actions(state, 3)]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 3, "Kj11-j12", CH)
    assert err.value.code == "judtho_repetition"
    act(state, "Kj11-i12")


def test_j26_turn_cap_is_off_by_default_and_adjudicates_when_on():
    assert GAME.new_game({}, 4, CH).turn_cap == 0
    state = play_state(dict(KINGS), turn_cap=1)
    for text in ("Kc1-c2", "Kc12-c11", "Kj1-j2", "Kj12-j11"):
        act(state, text)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "adjudication"


def test_json_round_trip_and_load():
    state = play_state({**KINGS, "d4": "white queen", "d8": "red pawn"})
    act(state, "Qd4xd8")
    again = GAME.load(state.to_json())
    assert again.to_json() == state.to_json()
    assert GAME.view(again, 0) == GAME.view(state, 0)


def random_game(seats: int, seed: int, limit: int = 2500, options: tuple[str, ...] = ()):
    """A seeded random playout from the Assembly (`@rest`, then random moves): the log and the state."""
    rng = random.Random(seed)
    state = GAME.new_game({"variants": list(options)}, seats, SeededChance(seed))
    log = []
    while GAME.outcome(state) is None and len(log) < limit:
        seat = min(GAME.to_act(state))
        actions = [a for a in GAME.legal_actions(state, seat) if str(a) not in ("resign", "draw offer", "void offer")]
        if state.phase == "assembly" and rng.random() < 0.9:
            actions = [a for a in actions if isinstance(a, PlaceRest)] or actions
        action = rng.choice(actions)
        GAME.apply(state, seat, str(action), SeededChance(seed))
        log.append((seat, str(action), []))
        view = GAME.view(state, seat)
        assert view["game"] == "judtho" and view["version"] == state.version
    return state, log


@pytest.mark.parametrize(("seats", "seed"), [(4, 1), (2, 3), (3, 4)])  # each seat count once (test_flow.py plays more)
def test_seeded_random_playouts_end_and_replay_equals_the_live_state(seats, seed):
    state, log = random_game(seats, seed)
    assert GAME.outcome(state) is not None, "a random playout ends within 2500 actions"
    replayed = GAME.replay({}, seats, [], log)
    assert replayed.to_json() == state.to_json()
    with pytest.raises(GameOver):
        GAME.apply(state, 0, "pass", CH)


def test_view_shape_of_brief_4():
    state = play_state(dict(KINGS))
    v = GAME.view(state, 2)
    for key in ("game", "variant", "version", "seat", "phase", "to_move", "colours", "players", "board", "reserve",
                "captured", "relations", "alliances", "battle", "last_move", "winner"):
        assert key in v, key
    assert v["battle"] == "judtho.battle.ascendancy" and v["relations"]["white"]["yellow"] == "rival"
    assert v["players"][0] == {"seat": 0, "colours": ["white"], "points": 0, "material": 0, "status": "active"}
    assert v["board"]["c1"] == ["white", "king"]
    assert GAME.secrets(state, 0) == []  # an open game (the move clock: test_clock.py)


def test_the_view_renders():
    from renderer import judtho as rj

    state, _ = random_game(4, 5, limit=150)
    assert rj.render(GAME.view(state, 0))


def test_initial_relations_are_the_alliances_modules():
    assert GAME.new_game({}, 4, CH).rel() == initial()
