"""The Judtho computer seat: the search on the live game, legal at every step and
within its node budget at every search; the two-ply level plays a whole game, today's level
the mid-game of it (three plies cost ten times as much per move)."""

from __future__ import annotations

from rules.core import SeededChance
from rules.judtho import ai
from rules.judtho.engine import GAME, Draw, PlaceRest
from rules.judtho.search import NODE_BUDGET, SearchResult


def test_ai_assembles_with_the_default_set_up() -> None:
    state = GAME.new_game({}, 4, SeededChance(1))
    assert ai.choose(GAME, state, 0) == PlaceRest()


def test_four_ai_seats_finish_a_quattro_game_with_legal_actions_within_the_budget() -> None:
    state = GAME.new_game({}, 4, SeededChance(1))
    chance = SeededChance(2)
    nodes: list[int] = []
    first_conquest = None
    budget = ai.LEVELS["two_ply"].node_budget
    three_ply: list[SearchResult] = []
    for _ in range(2000):
        if GAME.outcome(state) is not None:
            break
        seat = sorted(GAME.to_act(state))[0]
        if state.phase == "play" and 40 <= state.moves_made < 46:
            # Today's level on six mid-game positions of this game (each a search of thousands of
            # nodes, every one of them reaching three plies): legal, within its budget.
            deeper, searched = ai.decide(GAME, state, seat)
            assert deeper in GAME.legal_actions(state, seat)
            if searched is not None:
                three_ply.append(searched)
        action, found = ai.decide(GAME, state, seat, level="two_ply")
        if found is not None:
            nodes.append(found.nodes)
        assert action in GAME.legal_actions(state, seat)
        events = GAME.apply(state, seat, action, chance)
        if first_conquest is None and any(e.kind == "conquest" for e in events):
            first_conquest = state.moves_made
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "third_conquest"
    assert sum(outcome.scores.values()) == 36  # 4 + 8 + 24 (6.2)
    assert nodes and max(nodes) <= budget
    assert sorted(nodes)[len(nodes) // 2] < budget // 2  # two plies usually take far less
    assert len(three_ply) >= 5 and max(r.nodes for r in three_ply) <= NODE_BUDGET
    assert sorted(r.depth for r in three_ply)[len(three_ply) // 2] == 3  # three plies in the median
    # Kings kept (J11, King safety): no army falls within the first ten moves each (this game's
    # first Conquest comes after about 18 each; before the King-safety work, after 2.5).
    assert first_conquest is not None and first_conquest >= 40


def test_ai_declines_a_draw_offer() -> None:
    state = GAME.new_game({}, 2, SeededChance(1))
    chance = SeededChance(2)
    while state.phase == "assembly":
        seat = sorted(GAME.to_act(state))[0]
        GAME.apply(state, seat, PlaceRest(), chance)
    mover = sorted(GAME.to_act(state))[0]
    GAME.apply(state, mover, Draw("offer"), chance)
    other = sorted(GAME.to_act(state))[0]
    assert ai.choose(GAME, state, other) == Draw("decline")
