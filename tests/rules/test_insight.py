"""After the game (`rules.insight`): each seat's chance to win at each step, from seeded playouts
of the game's computer player, and each seat's luck from the draws its game's hook reads."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules import insight, registry
from rules.core import UNDO, Game, ScriptedChance, SeededChance
from rules.insight import Budget, Draw, Tally

SMALL = Budget(actions=400, steps=5, playouts=3)
"""Enough to check the figures' shape; the real budget's cost is measured in bench/insight.py."""

GAMES = [("dads_army", 4), ("judge_dredd", 4), ("judgement", 5), ("judtho", 3)]


def played(key: str, seats: int, seed: int = 1, dice: list[int] | None = None, most: int | None = None,
           ) -> tuple[Game[Any], dict[str, Any], list[int], list[tuple[int, str, list[int]]]]:
    """A whole game of `key` by its (playout) AI, seeded: its game, config, set-up draws and log.
    `dice`: every die thrown is taken from this script, round and round (other draws stay seeded);
    `most`: stop after this many actions (the luck report reads any log, over or not)."""
    plugin = registry.plugin(key)
    game, policy = plugin.game, plugin.playout or plugin.ai
    assert policy is not None

    def chance(tag: str) -> Any:
        return ScriptedChance(list(dice) * 50, fallback=SeededChance(tag)) if dice else SeededChance(tag)

    first = chance(f"setup{seed}")
    state = game.new_game({}, seats, first)
    log: list[tuple[int, str, list[int]]] = []
    rng = random.Random(seed)
    while game.outcome(state) is None and (most is None or len(log) < most):
        assert len(log) < 6000, f"{key} did not end"
        seat = sorted(game.to_act(state))[0]
        text = str(policy(game, state, seat, rng))
        c = chance(f"{seed}:{len(log)}")
        game.apply(state, seat, text, c)
        log.append((seat, text, list(c.record)))
    return game, {}, list(first.record), log


@pytest.fixture(scope="module")
def games() -> dict[str, tuple[Game[Any], dict[str, Any], list[int], list[tuple[int, str, list[int]]]]]:
    return {key: played(key, seats) for key, seats in GAMES}


@pytest.mark.parametrize(("key", "seats"), GAMES)
def test_chances_are_a_figure_per_step_deterministic_for_a_seed(key: str, seats: int, games: dict[str, Any]) -> None:
    game, config, setup, log = games[key]
    plugin = registry.plugin(key)
    policy = plugin.playout or plugin.ai
    found = insight.chances(game, config, seats, setup, log, policy, seed=7, budget=SMALL)
    again = insight.chances(game, config, seats, setup, log, policy, seed=7, budget=SMALL)
    assert found == again  # the same log, seed and budget: the same figures
    assert len(found.chances) == len(log) + 1 and all(len(row) == seats for row in found.chances)
    assert all(0.0 <= c <= 1.0 for row in found.chances for c in row)
    final = game.replay(config, seats, setup, log)
    outcome = game.outcome(final)
    assert outcome is not None
    assert found.chances[-1] == [1.0 if s in outcome.winners else 0.0 for s in range(seats)]
    if key == "dads_army":  # one winner a game (or an equal share of a playout cut short): they add up to 1
        assert all(sum(row) == pytest.approx(1.0) for row in found.chances)
    if key == "judgement":  # a faction wins or loses as one, its dead members too
        for side in found.sides:
            assert all(len({row[s] for s in side}) == 1 for row in found.chances)
    assert set(found.marks) <= set(found.sampled) and len(found.marks) <= 3 and list(found.marks) == sorted(found.marks)
    assert 0 in found.sampled and len(log) in found.sampled
    assert sorted(s for side in found.sides for s in side) == list(range(seats))
    assert insight.Chances.from_json(found.to_json()).marks == found.marks


def test_the_budget_bounds_the_work_never_the_clock(games: dict[str, Any]) -> None:
    game, config, setup, log = games["judge_dredd"]
    policy = registry.plugin("judge_dredd").ai
    small = insight.chances(game, config, 4, setup, log, policy, budget=Budget(actions=100, steps=3, playouts=5))
    # each step plays out once at least, and no more once its share (100 actions in all) is spent
    assert small.playouts == 3
    bigger = insight.chances(game, config, 4, setup, log, policy, budget=Budget(actions=20_000, steps=3, playouts=5))
    assert bigger.playouts > small.playouts and bigger.actions > small.actions


def test_turning_points_of_a_sampled_game_are_narrowed_to_one_move(games: dict[str, Any]) -> None:
    game, config, setup, log = games["dads_army"]
    policy = registry.plugin("dads_army").ai
    coarse = insight.chances(game, config, 4, setup, log, policy, budget=Budget(actions=1, steps=5, playouts=1))
    found = insight.chances(game, config, 4, setup, log, policy, budget=Budget(actions=4000, steps=5, playouts=1))
    assert set(coarse.sampled) == {*insight.sample_steps(len(log), 5), len(log)}  # nothing left for narrowing
    assert found.marks and set(found.marks) <= set(found.sampled)
    for mark in found.marks:  # the move that made the difference: the step before it was played out too
        assert mark - 1 in found.sampled
    assert len(found.sampled) > len(coarse.sampled)


def test_a_seed_changes_the_playouts(games: dict[str, Any]) -> None:
    game, config, setup, log = games["dads_army"]
    policy = registry.plugin("dads_army").ai
    one = insight.chances(game, config, 4, setup, log, policy, seed=1, budget=SMALL)
    two = insight.chances(game, config, 4, setup, log, policy, seed=2, budget=SMALL)
    assert one.chances != two.chances  # the dice of the playouts come from the seed


def test_a_game_not_over_has_no_chances_unless_its_table_ended_it(games: dict[str, Any]) -> None:
    game, config, setup, log = games["dads_army"]
    with pytest.raises(ValueError, match="not over"):
        insight.chances(game, config, 4, setup, log[:-1], registry.plugin("dads_army").ai, budget=SMALL)
    # the others resigned: the table ended the game with seat 2 the winner, where the engine saw no end
    resigned = insight.chances(game, config, 4, setup, log[:-1], registry.plugin("dads_army").ai, budget=SMALL,
                               winners=[2])
    assert resigned.chances[-1] == [0.0, 0.0, 1.0, 0.0] and len(resigned.chances) == len(log)


def test_a_playout_cut_short_shares_the_win() -> None:
    plugin = registry.plugin("dads_army")
    state = plugin.game.new_game({}, 4, SeededChance(3))
    shares, applied = insight.playout(plugin.game, state, plugin.ai, 4, random.Random(1), "t", 5)
    assert applied == 5 and shares == [0.25] * 4


def test_steps_sampled_interpolated_and_turning_points() -> None:
    assert insight.sample_steps(4, 10) == [0, 1, 2, 3]
    assert insight.sample_steps(100, 5) == [0, 25, 50, 74, 99]
    figures = {0: [0.5, 0.5], 4: [0.9, 0.1], 8: [0.2, 0.8], 10: [1.0, 0.0]}
    line = insight.interpolate(figures, 10, 2)
    assert line[2] == pytest.approx([0.7, 0.3]) and line[4] == [0.9, 0.1] and line[9] == pytest.approx([0.6, 0.4])
    # moves: 0->4 by 0.4, 4->8 by 0.7, 8->10 by 0.8: the largest three, credited to the later step
    assert insight.turning_points(figures, 10) == (4, 8, 10)
    assert insight.turning_points(figures, 10, count=1) == (10,)
    assert insight.turning_points({0: [0.5], 3: [0.5]}, 3) == ()  # nothing moved: no turning point


def test_positions_fold_undo_rows_as_replay_does(games: dict[str, Any]) -> None:
    game, config, setup, log = games["dads_army"]
    # a roll taken back: the log has the roll, the undo, and the game goes on as before
    undone = [*log[:3], log[3], (log[3][0], UNDO, []), *log[3:]]
    steps = [(i, b, copy.deepcopy(after), e) for i, b, after, e in insight.positions(game, config, 4, setup, undone)]
    assert len(steps) == len(undone) + 1
    assert steps[-1][2].to_json() == game.replay(config, 4, setup, undone).to_json()
    before, after = steps[4][2].to_json(), steps[5][2].to_json()
    assert {k: v for k, v in after.items() if k != "version"} == \
        {k: v for k, v in steps[3][2].to_json().items() if k != "version"} and before != after


# --------------------------------------------------------------------------- luck


def tallies(key: str, seats: int, dice: list[int], most: int | None = None,
            ) -> tuple[list[Tally], list[tuple[int, str, list[int]]]]:
    game, config, setup, log = played(key, seats, seed=5, dice=dice, most=most)
    hook = registry.plugin(key).luck
    assert hook is not None
    return insight.luck(game, config, seats, setup, log, hook.read), log


def test_dads_army_luck_counts_every_throw_against_three_and_a_half() -> None:
    found, log = tallies("dads_army", 4, [6])
    throws = sum(1 for _, text, _ in log if text == "roll")
    assert throws and sum(t.count for t in found) == throws
    for t in found:  # every die scripted to 6: 2.5 above the average each
        assert t.kind == "roll" and t.got == 6 * t.count and t.expected == 3.5 * t.count
        assert t.per(True) == pytest.approx(2.5)


def test_judge_dredd_luck_reads_fight_dice_and_arrest_cards() -> None:
    from rules.judge_dredd.luck import arrest_cards, arrest_share

    found, _ = tallies("judge_dredd", 4, [1])
    fights = [t for t in found if t.kind == "fight"]
    cards = [t for t in found if t.kind == "arrest_card"]
    assert fights and cards
    for t in fights:  # every die a 1: 2.5 below the average each
        assert t.got == t.count and t.per(True) == pytest.approx(-2.5)
    for t in cards:
        assert 0 <= t.got <= t.count and t.expected == pytest.approx(arrest_share() * t.count)
    assert sum(t.count for t in cards) >= 4 * 6  # the hands dealt at set-up at least
    read = registry.plugin("judge_dredd").luck.read  # type: ignore[union-attr]
    card = sorted(arrest_cards())[0]
    from rules.core import Event
    drawn = list(read(registry.plugin("judge_dredd").game, None, 2, None,  # type: ignore[arg-type]
                      [Event("hand_dealt", {"seat": 2, "cards": [card, card]}, to=(2,))]))
    assert drawn == [Draw(2, "arrest_card", 1.0, arrest_share(), arrest_share() * (1 - arrest_share()))] * 2


def test_judgement_luck_reads_each_throw_against_its_own_average_and_equipment_drawn() -> None:
    from rules.judgement.content import load
    from rules.judgement.luck import equipment_share

    found, _ = tallies("judgement", 5, [1], most=300)  # with every die a 1, nobody is ever hurt
    throws = [t for t in found if t.kind == "throw"]
    assert throws and {t.kind for t in found} <= {"throw", "equipment"}
    for t in throws:  # all ones: d4 + d6 = 2 (average 6), d6 - d4 = 0 (average 1), a lone die 1 (2.5 or 3.5)
        assert t.got < t.expected and t.per(True) < 0
    holy = load().deck("holy")
    assert equipment_share("holy") == sum(load().cards[c].kind == "equipment" for c in holy) / len(holy)
    from rules.core import Event
    read = registry.plugin("judgement").luck.read  # type: ignore[union-attr]
    events = [Event("dice", {"seat": 1, "d4": 4, "d6": 6, "total": 10, "why": "move"}),
              Event("dice", {"seat": 1, "d4": 4, "d6": 6, "total": 2, "why": "attack"}),
              Event("attack_die", {"seat": 0, "d4": 3}), Event("card_die", {"seat": 0, "d6": 2, "card": "x"})]
    both, d4, d6 = 15 / 12 + 35 / 12, 15 / 12, 35 / 12
    assert list(read(registry.plugin("judgement").game, None, 1, None, events)) == [  # type: ignore[arg-type]
        Draw(1, "throw", 10.0, 6.0, both), Draw(1, "throw", 2.0, 1.0, both), Draw(0, "throw", 3.0, 2.5, d4),
        Draw(0, "throw", 2.0, 3.5, d6)]
    equipment = next(c.id for c in load().cards.values() if c.kind == "equipment" and c.pack == "dark")
    item = next(c.id for c in load().cards.values() if c.kind != "equipment" and c.pack == "dark")
    share = equipment_share("dark")
    drawn = [Event("card_drawn", {"seat": 3, "deck": "dark", "card": card}) for card in (equipment, item)]
    assert list(read(registry.plugin("judgement").game, None, 3, None, drawn)) == [  # type: ignore[arg-type]
        Draw(3, "equipment", 1.0, share, share * (1 - share)), Draw(3, "equipment", 0.0, share, share * (1 - share))]


def test_judtho_has_no_chance_and_no_luck_hook() -> None:
    plugin = registry.plugin("judtho")
    assert plugin.luck is None and plugin.playout is not None
    state = plugin.game.new_game({}, 3, SeededChance(1))
    assert plugin.game.new_game({}, 3, ScriptedChance([], all_draws=True)).to_json() == state.to_json()


def test_standouts_take_each_seats_kind_furthest_from_its_average() -> None:
    hook = insight.LuckHook(lambda *a: [], per_draw=frozenset({"die"}))
    # seat 0: 3 cards fewer than 5 expected (variance 2.5: 1.9 deviations) beats 5 pips above 35 on
    # ten dice (variance 29.2: 0.9 deviations), though the dice stray further per draw
    found = insight.standouts([Tally(0, "card", 10, 2.0, 5.0, 2.5), Tally(0, "die", 10, 40.0, 35.0, 29.17),
                               Tally(1, "die", 4, 10.0, 14.0, 11.67), Tally(2, "die", 0, 0.0, 0.0)], hook)
    assert [(t.seat, t.kind) for t in found] == [(0, "card"), (1, "die")]
    assert insight.tally_from_json(insight.tally_json(found)) == found
