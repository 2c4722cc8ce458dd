"""The engine contract for The City of Judgement: who is asked, what is legal, refusals, clocks,
secret actions, e2's any-time actions, and whole games (replay, round trips) at 4-9 seats."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import IllegalAction, NotYourTurn, SeededChance
from rules.judgement.actions import Go, Pick, Pose, Reveal, Roll
from rules.judgement.engine import GAME
from rules.judgement.state import JudgementState, top

from .test_turn import Calls, install_quiet, module, spread, started
from .test_view import registered  # noqa: F401  (fixture: the content's names in tables.i18n)


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> Calls:
    return install_quiet(monkeypatch)


def test_c1_seats_4_to_9_only() -> None:
    assert (GAME.info.min_seats, GAME.info.max_seats) == (4, 9)
    assert GAME.info.key == "judgement" and GAME.info.hidden_information
    assert GAME.info.names == {"en": "The City of Judgement", "zh-TW": "審判之城"}
    assert set(GAME.info.variants) == {"pairs", "declare_button"}
    with pytest.raises(ValueError):
        GAME.new_game({}, 10, SeededChance(1))


def test_c5_every_seat_picks_at_once_in_secret() -> None:
    state = GAME.new_game({}, 5, SeededChance(2))
    assert GAME.to_act(state) == set(range(5))
    options = state.players[3].options
    assert GAME.legal_actions(state, 3) == [Pick(c) for c in options]
    other = state.players[1].options[0]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 3, f"pick {other}", SeededChance(0))
    assert refused.value.code == "judgement_not_your_option"
    GAME.apply(state, 3, f"pick {options[1]}", SeededChance(0))
    assert GAME.to_act(state) == {0, 1, 2, 4}
    with pytest.raises(NotYourTurn) as refused:
        GAME.apply(state, 3, f"pick {options[0]}", SeededChance(0))
    assert refused.value.code == "judgement_already_picked"
    assert GAME.secret_action(Pick(options[0])) and GAME.secret_action(Pose("guard"))
    assert not GAME.secret_action(Roll())


def test_start_rolls_follow_the_turn_order(quiet: Calls) -> None:
    state = GAME.new_game({}, 5, SeededChance(3))
    for seat in range(5):
        GAME.apply(state, seat, str(GAME.legal_actions(state, seat)[0]), SeededChance(seat))
    assert state.phase == "start_roll"
    first = state.turn_order[0]
    assert GAME.to_act(state) == {first} and GAME.legal_actions(state, first) == [Roll()]


def test_e9_clocks() -> None:
    """The pick takes the first character dealt, the start roll throws, the start roll's 7 goes
    to the first location; the turn's own step has no clock."""
    state = GAME.new_game({}, 5, SeededChance(4))
    assert GAME.timeout_action(state, 2) == Pick(state.players[2].options[0])
    for seat in range(5):
        GAME.apply(state, seat, GAME.timeout_action(state, seat), SeededChance(seat))
    first = state.turn_order[0]
    assert GAME.timeout_action(state, first) == Roll()
    assert GAME.timeout_action(state, state.turn_order[1]) is None
    from .test_setup import dice

    GAME.apply(state, first, "roll", dice(3, 4))
    assert GAME.timeout_action(state, first) == Go(state.ring[0])


def test_e9_the_turn_step_has_no_clock(quiet: Calls) -> None:
    state = started()
    assert GAME.timeout_action(state, state.active) is None
    spread(state)
    from .test_setup import dice

    GAME.apply(state, state.active, "roll", dice(3, 4))
    assert top(state) is not None and GAME.timeout_action(state, state.active) is None


def test_e2_any_time_actions_join_the_asked_seats_decisions(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """The any-time actions join every decision of the turn phase for the seat asked, not before
    the turns begin; a seat nobody asks may still reveal (ruling 7, test_reveal_any_time.py) but
    nothing else."""
    skills = module(monkeypatch, "skills")
    monkeypatch.setattr(
        skills, "any_time", lambda state, seat: [] if state.players[seat].revealed else [Reveal()], raising=False
    )
    fresh = GAME.new_game({}, 5, SeededChance(5))
    assert Reveal() not in GAME.legal_actions(fresh, 0)
    state = started()
    seat = state.active
    assert GAME.legal_actions(state, seat) == [Roll(), Reveal()]
    other = next(s for s in range(5) if s != seat)
    assert GAME.legal_actions(state, other) == [Reveal()]
    with pytest.raises(NotYourTurn):
        GAME.apply(state, other, "roll", SeededChance(0))


def test_why_illegal_names_the_allowed_verbs(quiet: Calls) -> None:
    state = started()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.active, "end", SeededChance(0))
    assert refused.value.code == "judgement_not_now" and refused.value.params["allowed"] == "roll"


def play(
    seats: int, seed: int, limit: int, variant: str | None = None
) -> tuple[JudgementState, list[int], list[tuple[int, str, list[int]]], dict]:
    """Random legal actions from a seeded set-up; every legal text round-trips. Returns the state,
    the set-up record, the log and the config."""
    rng = random.Random(seed)
    config = {"variant": variant} if variant else {}
    setup = SeededChance(seed)
    state = GAME.new_game(config, seats, setup)
    log: list[tuple[int, str, list[int]]] = []
    for _ in range(limit):
        if GAME.outcome(state) is not None:
            break
        actors = sorted(GAME.to_act(state))
        assert actors, "nobody can act in a game that is not over"
        seat = rng.choice(actors)
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        for action in legal:
            assert GAME.parse_action(str(action)) == action
        action = rng.choice(legal)
        chance = SeededChance(rng.randrange(1 << 30))
        for event in GAME.apply(state, seat, action, chance):
            GAME.describe(event)
            json.dumps(event.to_json())
        log.append((seat, str(action), list(chance.record)))
    return state, list(setup.record), log, config


@pytest.mark.parametrize("seats", [4, 6, 9])
def test_replay_rebuilds_the_flow(quiet: Calls, seats: int) -> None:
    """`GAME.replay(config, seats, setup_record, log)` folds to the same state (the flow alone)."""
    state, record, log, config = play(seats, seats, 120, variant="pairs" if seats == 6 else None)
    assert state.turn_no > 5
    assert GAME.replay(config, seats, record, log).to_json() == state.to_json()


MAX_ACTIONS = 1500
"""Random legal play ends far sooner (about 70-300 actions at 4-9 seats)."""


@pytest.mark.parametrize("seats", range(4, 10))
def test_random_playouts_end_and_replay(seats: int) -> None:
    """Whole games of random legal actions over the real modules: they end within MAX_ACTIONS, never
    raise, every legal text round-trips (in `play`), the state survives JSON, every event is
    described, and folding the log rebuilds the identical state."""
    for seed in range(5):
        state, record, log, config = play(seats, 1000 * seats + seed, MAX_ACTIONS)
        assert GAME.outcome(state) is not None, f"{seats} seats, seed {seed}: no end in {MAX_ACTIONS} actions"
        assert GAME.load(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
        assert GAME.replay(config, seats, record, log).to_json() == state.to_json()


@pytest.mark.parametrize("variant", ["pairs", "declare_button"])
def test_random_playouts_of_the_variants(variant: str) -> None:
    for seats, seed in ((4, 1), (7, 2), (9, 3)):
        state, record, log, config = play(seats, seed, MAX_ACTIONS, variant=variant)
        assert GAME.outcome(state) is not None
        assert GAME.replay(config, seats, record, log).to_json() == state.to_json()


def test_why_illegal_asks_the_frame_that_is_waiting(quiet: Calls, monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame kind that names its own refusal (`FrameKind.why`) is asked; any-time actions are not
    the frame's business."""
    from rules.judgement.actions import End, Pass
    from rules.judgement.frames import KINDS, FrameKind, open_frame

    def legal(state: JudgementState, seat: int) -> list:
        return [Pass()]

    def why(state: JudgementState, seat: int, action: object) -> IllegalAction:
        return IllegalAction("judgement_test_pass_only")

    monkeypatch.setitem(KINDS, "test_why", FrameKind("test_why", legal, lambda *a: [], why=why))
    state = started()
    open_frame(state, "test_why", [state.active])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.active, str(End()), SeededChance(0))
    assert refused.value.code == "judgement_test_pass_only"
    state.players[state.active].revealed = True  # face down, it could reveal at any time (ruling 7)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.active, "reveal", SeededChance(0))
    assert refused.value.code == "judgement_already_revealed"


FLOW_EVENTS = {
    "picked",
    "picked_card",
    "start_rolls",
    "dice",
    "moved",
    "choose_location",
    "move_reroll",
    "flitted",
    "stayed",
    "start_tie",
    "first_player",
    "turn_started",
    "another_turn",
}
"""The events of set-up, movement and the turn (judgement_flow.po)."""
FLOW_REFUSALS = (
    "not_your_option",
    "choose_location",
    "already_revealed",
    "not_before_turns",
    "skill_not_usable",
    "not_now",
    "cannot",
    "must_leave",
    "not_a_destination",
    "roll_to_move",
    "flit_too_far",
    "already_answered",
    "not_asked",
    "already_picked",
)


def test_flow_words_render_in_both_languages(registered: None) -> None:  # noqa: F811
    """Every flow event seen in whole games reads as words in English and Traditional Chinese, every
    field filled; every refusal code of the flow has its message in both."""
    from gavel.tables import i18n

    seen: set[str] = set()
    for seats, seed in ((4, 11), (6, 12), (9, 13)):
        rng = random.Random(seed)
        state = GAME.new_game({}, seats, SeededChance(seed))
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            for event in GAME.apply(state, seat, action, SeededChance(rng.randrange(1 << 30))):
                if event.kind not in FLOW_EVENTS:
                    continue
                seen.add(event.kind)
                for lang in i18n.LANGUAGES:
                    text = i18n.render(GAME.describe(event), lang)
                    assert i18n.has(f"judgement.event.{event.kind}", lang)
                    assert "{" not in text and "judgement." not in text, (lang, event, text)
    assert seen >= FLOW_EVENTS - {"flitted", "stayed", "another_turn", "start_tie", "move_reroll", "picked"}
    for code in FLOW_REFUSALS:
        assert all(i18n.has(f"error.judgement_{code}", lang) for lang in i18n.LANGUAGES), code
