"""The City of Judgement images from the real engine's views (`rules.judgement.engine.GAME`), through
seeded random games at 4 and 9 seats: every phase renders, a seat's own board (in its reader's
language) and the spectator's (bilingual) differ in words only, neither board nor a seat's role card
changes when another seat's secrets are swapped, and every decision the engine can open has a name on the board."""

from __future__ import annotations

import copy
import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from renderer import judgement as R
from renderer.judgement_look import MESSAGES, K
from rules.core import SeededChance
from rules.judgement import frames
from rules.judgement.engine import GAME
from rules.judgement.state import JudgementState
from tests.renderer.views import decode

RULE_MODULES = ("cards", "orders", "locations", "attack", "death", "skills", "reveal", "victory", "movement")


def _playout(seed: int, seats: int, limit: int = 1500) -> Iterator[tuple[int, JudgementState, list[int]]]:
    chance = SeededChance(seed)
    state = GAME.new_game({}, seats, chance)
    rnd = random.Random(seed)
    for step in range(limit):
        acting = sorted(GAME.to_act(state))
        actions = [str(a) for a in GAME.legal_actions(state, acting[0])] if acting else []
        yield step, state, acting
        if not actions:
            return
        GAME.apply(state, acting[0], rnd.choice(actions), chance)


def _swapped(state: JudgementState, viewer: int) -> JudgementState | None:
    """The same state with other living seats' secrets swapped: two hidden identities that differ,
    and two face-down characters when there are; None when nothing can be swapped (a seat the
    viewer learned by 密探令 is left alone)."""
    p = state.players
    others = [s for s in range(state.seats) if s != viewer and s not in p[viewer].known and p[s].alive]
    secret_id = [s for s in others if not p[s].identity_shown and p[s].identity]
    face_down = [s for s in others if not p[s].revealed and p[s].character]
    ids = next(((a, b) for a in secret_id for b in secret_id if a < b and p[a].identity != p[b].identity), None)
    chars = next(((a, b) for a in face_down for b in face_down if a < b), None)
    if ids is None and chars is None:
        return None
    other = copy.deepcopy(state)
    q = other.players
    if ids is not None:
        a, b = ids
        q[a].identity, q[b].identity = q[b].identity, q[a].identity
    if chars is not None:
        a, b = chars
        q[a].character, q[b].character = q[b].character, q[a].character
    return other


@pytest.mark.parametrize(("seed", "seats"), [(5, 4), (7, 9)])
def test_engine_views_render_and_show_no_secret(seed, seats):
    phases: set[str] = set()
    swaps = 0
    for step, state, acting in _playout(seed, seats):
        # every phase's first position, then one in 16 (4 seats) or 40 (9 seats): 13 and 9
        # positions, every phase of the game and 8 and 7 of them with secrets to swap
        if step % (16 if seats < 6 else 40) and state.phase in phases:
            continue
        phases.add(state.phase)
        seat = acting[0] if acting else 0
        public, own = GAME.view(state, None), GAME.view(state, seat)
        board = R.render(public, names={0: "王小明", 1: "Ann"})
        assert decode(board).size == (R.WIDTH, R.board_height(public))
        mine = R.render(own, names={0: "王小明", 1: "Ann"}, lang="zh-TW")  # a seat's own: its reader's words
        assert mine != board
        role = R.render_hand(own, lang="zh-TW")
        assert role is not None and R.render_hand(public) is None
        other = _swapped(state, seat)
        if other is not None and state.phase != "over":
            swaps += 1
            assert R.render(GAME.view(other, None)) == R.render(public)
            assert R.render(GAME.view(other, seat), names={0: "王小明", 1: "Ann"}, lang="zh-TW") == mine  # no `me`
            assert R.render_hand(GAME.view(other, seat), lang="zh-TW") == role
    assert "turn" in phases and ("pick" in phases or seats >= 8)  # e3: at 8-9 seats the pick is automatic
    assert swaps > 3


def test_every_frame_the_engine_opens_has_a_name_on_the_board():
    for name in RULE_MODULES:
        importlib.import_module(f"rules.judgement.{name}")
    unnamed = sorted(kind for kind in frames.KINDS if K + "frame." + kind not in MESSAGES)
    assert unnamed == []


def test_render_size_on_real_views():
    """The PNG size on the engine's own views (9 seats, mid-game). The time a board takes is
    measured by `python bench/run.py --games judgement` (render_ms), not asserted here."""
    views: list[dict[str, Any]] = []
    for step, state, _ in _playout(7, 9):
        if step % 40 == 0 and state.phase == "turn":
            views.append(GAME.view(state, None))
        if len(views) == 8:
            break
    sizes = [len(R.render(v)) for v in views]
    assert sizes and min(sizes) > 1000
    assert max(sizes) < 150_000
