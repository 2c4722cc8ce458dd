"""Views made by the real Judge Dredd engine through whole seeded games: every phase renders,
every `move`/`place`/`arrest` gets its target's label, and a spectator's board never looks up a
Perp that the state still holds face down."""

from __future__ import annotations

import random

import pytest

from gavel.tables import i18n
from renderer import judge_dredd as R
from rules.core import SeededChance
from rules.judge_dredd import GAME
from tests.renderer.views import decode


def fits(img) -> bool:
    """The board is as wide as the layout and no taller: it ends where its table ends."""
    return img.width == R.WIDTH and 0 < img.height <= R.HEIGHT


def _playout(seed: int, seats: int, limit: int = 4000):
    chance = SeededChance(seed)
    state = GAME.new_game({}, seats, chance)
    rnd = random.Random(seed)
    for step in range(limit):
        acting = sorted(GAME.to_act(state))
        actions = [str(a) for a in GAME.legal_actions(state, acting[0])] if acting else []
        yield step, state, acting, actions
        if not actions:
            return
        GAME.apply(state, acting[0], rnd.choice(actions), chance)


def _recording(asked: list[str]):
    def text(key: str) -> str:
        asked.append(key)
        return i18n.gettext(key, "en")

    return text


@pytest.mark.parametrize(("seed", "seats"), [(3, 3), (11, 6)])
def test_engine_views_render_and_never_look_up_a_face_down_perp(seed, seats):
    phases: set[str] = set()
    rendered = 0
    for step, state, acting, actions in _playout(seed, seats):
        seat = acting[0] if acting else None
        view = GAME.view(state, seat)
        labels = R.label_actions(view, actions)
        hl = R.highlights(view, actions)
        for action, label in labels.items():
            assert (label is None) == (R.action_target(action) is None), action
            if label:
                assert hl[label] == R.action_target(action)
        # uniform random play seldom arrests, so these games end after eight Game Turns without an
        # Arrest (ruling 26), a couple of hundred actions: look at every tenth view
        interesting = view["phase"] not in phases or (view["fight"] and step % 19 == 0) or step % 10 == 0
        if not interesting:
            continue
        phases.add(view["phase"])
        asked: list[str] = []
        public = GAME.view(state, None)
        text = _recording(asked)
        img = decode(R.render(public, names={0: "王小明", 1: "Ann"}, text=text))
        assert fits(img)
        face_down = {c.perp for c in state.crimes if not c.revealed}
        looked_up = {k.removeprefix("judge_dredd.perp.") for k in asked if k.startswith("judge_dredd.perp.")}
        assert looked_up & face_down == set()
        if seat is not None and hl:
            R.render(view, highlight=hl)
        if seat is not None and view["hand"]:
            assert R.render_hand(view) is not None
        rendered += 1
    assert {"place", "movement", "arrest", "over"} <= phases
    assert rendered > 10
