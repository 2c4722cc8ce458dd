"""The Kings under attack that a description reads (`describe.attackers`) are kept per board, so
that describing one board in every language reads its Kings once: what is kept is what reading
the board afresh gives, for every board of a game, and changing a returned list changes nothing
kept."""

from __future__ import annotations

import random

from rules import registry
from rules.core import SeededChance
from rules.judtho import describe

LEAVING = frozenset({"resign", "depart", "draw", "void"})
"""Verbs left out of the random play, which would end the game before its play phase."""


def test_kept_attackers_are_the_attackers_read_afresh() -> None:
    game = registry.plugin("judtho").game
    state = game.new_game({}, 4, SeededChance(8))
    rng = random.Random(8)
    seen = played = 0
    for step in range(400):
        if game.outcome(state) is not None:
            break
        view = game.view(state, None)
        describe._attackers.cache_clear()
        fresh = describe.attackers(view)
        kept = describe.attackers(view)
        assert kept == fresh
        info = describe._attackers.cache_info()
        assert info.hits == info.misses  # read once, then kept (none of it before the play)
        played += info.misses
        seen += bool(fresh)
        for by in kept.values():
            by.append("nobody")
        assert describe.attackers(view) == fresh
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        staying = [a for a in legal if str(a).split(" ", 1)[0] not in LEAVING] or legal
        game.apply(state, seat, rng.choice(staying), SeededChance(f"k:{step}"))
    assert played and seen, "no board in play, or no King ever attacked: the test proves nothing"
