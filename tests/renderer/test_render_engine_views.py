"""Views made by the real engine through whole seeded games: every phase renders, and every
legal action with a square gets that square's label."""

from __future__ import annotations

import random

from renderer import dads_army as R
from rules.core import SeededChance
from rules.dads_army import GAME
from tests.renderer.views import decode


def _playout(seed: int, seats: int, limit: int = 400):
    chance = SeededChance(seed)
    state = GAME.new_game({}, seats, chance)
    rnd = random.Random(seed)
    for step in range(limit):
        acting = sorted(GAME.to_act(state))
        view = GAME.view(state, None)
        actions = [str(a) for a in GAME.legal_actions(state, acting[0])] if acting else []
        yield step, view, actions
        if not actions:
            return
        GAME.apply(state, acting[0], rnd.choice(actions), chance)


def test_engine_views_render_in_every_phase_and_labels_match_actions():
    phases: set[str] = set()
    for seed, seats in ((1, 4), (2, 3), (5, 2), (8, 4)):
        for step, view, actions in _playout(seed, seats):
            labels = R.label_actions(view, actions)
            hl = R.highlights(view, actions)
            movers = {a.split()[1] for a, label in labels.items() if label and a.startswith("move ")}
            assert len(movers) <= 1  # one man's letters at a time
            for action, label in labels.items():
                square = R.action_square(action)
                assert square is not None or label is None, action
                if label:
                    assert tuple(hl[label]) == square
            assert len(set(map(tuple, hl.values()))) == len(hl)
            if view["phase"] not in phases or step % 40 == 0:
                phases.add(view["phase"])
                img = decode(R.render(view, highlight=hl, names={0: "王小明", 1: "Ann"}))
                assert img.size == (R.WIDTH, R.HEIGHT)
    assert {"roll", "move"} <= phases
