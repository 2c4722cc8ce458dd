"""The legal card plays listed (`card_plays`) are exactly the card actions `reason` accepts, asked
one by one of every option of every card in hand on every target there is."""

from __future__ import annotations

import random

from rules import registry
from rules.core import SeededChance
from rules.judge_dredd import cards
from rules.judge_dredd.actions import Block, Play, TipOff
from rules.judge_dredd.content import load_board, load_cards
from rules.judge_dredd.movement import perp_paths
from rules.judge_dredd.state import ALIEN, COLOURS


def _asked_one_by_one(state, seat):
    colours = COLOURS[: state.seats]
    targets = [*colours, *load_board().sectors, *(c.crime for c in state.crimes), ALIEN, "nowhere"]
    found = []
    for card in sorted(set(state.judges[seat].hand)):
        for name in load_cards()[card].options:
            found += [Play(card, name, t) for t in targets]
    found += [Block(a, b) for a in COLOURS for b in COLOURS]
    for c in state.crimes:
        found += [TipOff(c.crime, "-".join(p)) for p in perp_paths(state, c.crime, 3).values()]
    return [a for a in found if cards.reason(state, seat, a) is None]


def test_the_listing_is_what_reason_accepts() -> None:
    game = registry.plugin("judge_dredd").game
    checked = windows = 0
    for seed in range(3):
        state = game.new_game({}, 5 + seed % 2, SeededChance(seed))
        rng = random.Random(seed)
        for step in range(500):
            if not game.to_act(state):
                break
            # one card-play window position in three, every seat's listing (about 280 positions and
            # 10000 plays over three games; the positions of one window mostly differ by who passed)
            if state.window is not None and state.window.kind in cards.PLAY_WINDOWS and windows % 3 == 0:
                for seat in range(state.seats):
                    listed = cards.card_plays(state, seat)
                    assert len(set(listed)) == len(listed)
                    assert set(listed) == set(_asked_one_by_one(state, seat)), (seed, step, seat)
                    checked += len(listed)
            windows += state.window is not None and state.window.kind in cards.PLAY_WINDOWS
            seat = min(game.to_act(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), SeededChance(f"{seed}.{step}"))
    assert windows > 300 and checked > 1000
