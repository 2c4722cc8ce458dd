"""The Dad's Army computer player: legal, sensible and able to finish a game (its speed is
measured by bench/run.py, not here: timings in tests fail on a busy machine)."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import SeededChance
from rules.dads_army import GAME, PLUGIN
from rules.dads_army.actions import Bomb, Push
from rules.dads_army.ai import Planner, choose, distances
from rules.dads_army.board import load_board

from .dads_army_kit import draw_at_base, position, roll

ROUNDS = 40
"""A game between computer players ends well within this many rounds (mean is 7-9)."""


def ai_game(seats: int, seed: int):
    state = GAME.new_game({}, seats, SeededChance(seed))
    events = []
    step = 0
    while GAME.outcome(state) is None and state.turns <= ROUNDS * seats:
        seat = min(GAME.to_act(state))
        action = choose(GAME, state, seat)
        events += GAME.apply(state, seat, action, SeededChance(seed * 10_000 + step))
        step += 1
    return state, events


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ai_seats_finish_a_game(seats: int) -> None:
    for seed in range(4):
        state, _ = ai_game(seats, seed)
        assert GAME.outcome(state) is not None, f"{seats} AI seats, seed {seed}: no winner in {ROUNDS} rounds"


def test_ai_is_reachable_from_the_game_and_deterministic() -> None:
    assert PLUGIN.ai is choose
    state = GAME.new_game({}, 4, SeededChance(11))
    roll(state, 4, state.turn)
    assert choose(GAME, state, state.turn) == choose(GAME, GAME.load(state.to_json()), state.turn)


def test_every_event_of_ai_games_reads_well_in_both_languages() -> None:
    kinds = set()
    for seats, seed in ((2, 0), (3, 1), (4, 2), (4, 3)):
        for event in ai_game(seats, seed)[1]:
            kinds.add(event.kind)
            for lang in i18n.LANGUAGES:
                text = i18n.render(GAME.describe(event), lang)
                assert "{" not in text and "dads_army." not in text, (lang, text)
    assert {"rolled", "moved", "card_drawn", "arrived", "won"} <= kinds


def test_ai_heads_for_a_wd_base_first() -> None:
    state = position(refs=[(6, 1), (9, 12)], mainwaring=(5, 3), wilson=(6, 1))
    state.men["wilson"].called_in = state.men["wilson"].arrived = True
    roll(state, 2)
    assert str(choose(GAME, state, 0)) == "move mainwaring 5,1"


def test_ai_goes_home_once_called_in() -> None:
    state = position(refs=[(6, 3), (9, 12)], mainwaring=(8, 3), wilson=(12, 8))
    state.men["mainwaring"].called_in = True
    roll(state, 2)
    assert str(choose(GAME, state, 0)) == "move mainwaring 6,3"


def test_ai_walks_back_to_a_base_when_its_way_is_bombed() -> None:
    state = position(refs=[(3, 12), (9, 12)], mainwaring=(6, 8), wilson=(3, 12), jones=(1, 1), pike=(1, 2))
    state.men["mainwaring"].called_in = True
    state.men["wilson"].called_in = state.men["wilson"].arrived = True
    state.bombs = [(2, 12), (4, 12)]
    state.bombs_left -= 2
    roll(state, 1)
    assert str(choose(GAME, state, 0)) == "move mainwaring 6,7"  # towards WD base E, not home


def test_ai_pushes_the_man_as_far_from_home_as_it_can() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 6))
    draw_at_base(state, "character:vicar")
    roll(state, 2)
    action = choose(GAME, state, 0)
    plan = Planner(state)
    pushes = {a.to: plan.remaining("vicar", a.to) for a in GAME.legal_actions(state, 0) if isinstance(a, Push)}
    assert isinstance(action, Push) and pushes[action.to] == max(pushes.values())


def test_ai_hodges_the_leaders_man() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), wilson=(12, 4), vicar=(6, 4), verger=(1, 6))
    state.men["vicar"].called_in = True
    draw_at_base(state, "hodges")
    assert str(choose(GAME, state, 0)) == "hodge vicar"


def test_ai_bombs_the_leaders_way_but_never_a_wd_base_entrance() -> None:
    state = position(refs=[(3, 12), (6, 3)], mainwaring=(5, 3), vicar=(6, 7), verger=(6, 3))
    state.men["vicar"].called_in = True
    state.men["verger"].called_in = state.men["verger"].arrived = True
    draw_at_base(state, "air_raid")
    while state.phase == "shelter":
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, choose(GAME, state, seat), SeededChance(0))
    before = Planner(state).remaining("vicar")
    roll(state, 1)
    action = choose(GAME, state, 0)
    entrances = {b.entrance for b in load_board().buildings if b.kind == "wd_base"}
    assert isinstance(action, Bomb) and action.at not in entrances
    vicar, home = state.men["vicar"].square, state.players[1].reference
    on_a_shortest_way = distances(vicar, frozenset(), frozenset()).get(action.at, 99) + distances(
        home, frozenset(), frozenset()
    ).get(action.at, 99)
    assert on_a_shortest_way == before


def test_ai_redraws_a_reference_bombed_for_10_turns_unless_its_kept_union_jack_clears_it() -> None:
    from rules.dads_army.engine import REDRAW, REDRAW_AFTER

    state = position(refs=[(3, 12), (9, 11)])
    state.variants = [REDRAW]
    state.bombs, state.bombs_left = [(3, 12)], 23
    state.players[0].bombed_turns = REDRAW_AFTER
    assert str(choose(GAME, state, 0)) == "redraw"
    state.players[0].kept_jack, state.jacks_left = True, 23
    assert str(choose(GAME, state, 0)) == "lay 3,12"
