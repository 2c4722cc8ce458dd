"""Property-based checks (hypothesis) of what must hold for any input, not just the seeds we picked."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import Action, BadActionText, SeededChance, games, replay_chance
from rules.dads_army import GAME
from rules.dads_army.actions import MEN, Bomb, Done, Hodge, Jack, Keep, Lay, Move, Push, Roll, Shelter

from .test_contract import SAMPLED, playout

squares = st.tuples(st.integers(1, 12), st.integers(1, 12))
men = st.sampled_from(MEN)
dads_army_actions = st.one_of(
    st.builds(Roll),
    st.builds(Keep),
    st.builds(Done),
    st.builds(Move, men, squares),
    st.builds(Hodge, men),
    st.builds(Shelter, men, st.integers(1, 4)),
    st.builds(Lay, squares),
    st.builds(Push, squares),
    st.builds(Bomb, squares),
    st.builds(Jack, squares),
)


@given(dads_army_actions)
def test_every_well_formed_action_text_round_trips(action: Action) -> None:
    text = str(action)
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(text.upper()) == action


@given(st.text(max_size=40))
def test_any_text_is_read_or_refused_as_bad_action_text(text: str) -> None:
    try:
        action = GAME.parse_action(text)
    except BadActionText:
        return
    assert GAME.parse_action(str(action)) == action


@given(st.lists(st.integers(0, 10**6), max_size=60), st.integers(2, 60))
def test_a_recorded_shuffle_replays_exactly(values: list[int], size: int) -> None:
    chance = SeededChance(sum(values))
    deck = chance.shuffle(range(size))
    assert sorted(deck) == list(range(size))
    assert replay_chance(chance.record).shuffle(range(size)) == deck


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(k for k, g in games().items() if type(g).__module__.startswith("rules."))),
    st.integers(0, 10**9),
    st.data(),
)
def test_any_seeded_game_keeps_the_contract(key: str, seed: int, data: st.DataObject) -> None:
    info = games()[key].info
    seats = data.draw(st.integers(info.min_seats, info.max_seats))
    # whole games at random seeds, under a sample of the per-position checks (the contract test's
    # seeded games check every position)
    playout(games()[key], seats, seed, every=SAMPLED)
