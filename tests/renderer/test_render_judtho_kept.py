"""What the Judtho renderer keeps between pictures gives the pixels drawing afresh gives: the
squares with their pieces (each only on a rank where nothing else was drawn under it), the status
box, the relations, the players' cards' frames and their rows of pieces pasted where they are,
over the boards of whole games of every variant (Assembly, play, placements, the end), with the
moves offered lettered, in both languages and themes. (How much time they save is measured by
bench/run.py and bench/fleet.py, not asserted here.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gavel.tables.images import _text
from renderer import judtho as R
from renderer import judtho_board as B
from renderer import judtho_panel as P
from renderer.judtho_look import THEMES
from rules import registry
from rules.core import SeededChance
from tests.renderer import judtho_views as V

LEAVING = frozenset({"resign", "depart", "draw", "void"})
"""Verbs mostly left out of the random play, which would end the game at once."""

GAMES = (({}, 4, 1), ({"variants": ["duo"]}, 2, 2), ({"variants": ["trio"]}, 3, 3))
"""(config, seats, seed) of the games played."""


def kept_somewhere() -> list[Any]:
    """Every store of kept parts of the Judtho pictures."""
    return [P._FRAMES, P._ROWS, P._STATUSES, P._RELATIONS, B._cell.store]


def clear() -> None:
    for kept in kept_somewhere():
        kept.cache_clear()


def game_views(config: dict[str, Any], seats: int, seed: int) -> list[tuple[dict[str, Any], dict[str, str]]]:
    """The public views of a seeded random game, each with the moves offered lettered
    (`highlights`), and those of the moves of one piece: every third action of the Assembly and
    of play (an action places or moves one piece, so three apart still differ by a rank or two
    and a card or two, and the armies to move come round again), and every view of the other
    phases (the placements) and the end."""
    game = registry.plugin("judtho").game
    state = game.new_game(config, seats, SeededChance(seed))
    rng = random.Random(seed)
    out = []
    for step in range(400):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        actions = game.legal_actions(state, seat)
        legal = [str(a) for a in actions]
        if step % 3 == 0 or state.phase not in ("play", "assembly"):
            view = game.view(state, None)
            origins = sorted({o for a in legal if (o := R.origin_of(a))})
            one = [a for a in legal if origins and R.origin_of(a) == origins[step % len(origins)]]
            out.append((view, R.highlights(view, one)))
        staying = [a for a in actions if str(a).split(" ", 1)[0] not in LEAVING or rng.random() < 0.01] or actions
        game.apply(state, seat, rng.choice(staying), SeededChance(f"{seed}:{step}"))
    out.append((game.view(state, None), {}))
    return out


@pytest.mark.parametrize(("config", "seats", "seed"), GAMES)
def test_boards_drawn_from_kept_parts_are_the_boards_drawn_afresh(config: dict[str, Any], seats: int,
                                                                   seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position of the game is drawn once, the even ones in English on the classic theme,
    the odd ones in Chinese at night (the views built by hand in both): each pass still walks the
    whole game in order, so the parts kept from one position are pasted on the next (an action
    changes a rank or two and a card or two), and every kind of key (theme, language, width) is
    drawn both fresh and kept; the pastes are counted, so a pass that pasted nothing fails."""
    monkeypatch.setattr(B, "CHECK_GROUND", True)
    played = game_views(config, seats, seed)
    by_hand = [(V.fresh(name), {}) for name in sorted(V.ALL)]
    names = {0: "Alice", 1: "陳大文", 2: "Anderson the very long named player of Yellow"}
    pasted = {id(kept): 0 for kept in kept_somewhere()}
    for kept in kept_somewhere():
        def counting(key: Any, *default: Any, kept: Any = kept, get: Any = kept.get) -> Any:
            found = get(key, *default)  # a `cached` function's store asks with a default of its own
            pasted[id(kept)] += found is not None and not (default and found is default[0])
            return found
        monkeypatch.setattr(kept, "get", counting)
    for half, (lang, theme) in enumerate((("en", "classic"), ("zh-TW", "night"))):
        views = played[half::2] + by_hand
        text = _text(lang)
        fresh = []
        for view, hl in views:
            clear()
            fresh.append(R.compose(view, highlight=hl, names=names, text=text, theme=theme).tobytes())
        for kept in kept_somewhere():
            pasted[id(kept)] = 0
        kept_pictures = [R.compose(view, highlight=hl, names=names, text=text, theme=theme).tobytes()
                         for view, hl in views]
        assert kept_pictures == fresh, lang
        assert all(pasted.values()), (lang, pasted)  # every store's parts were pasted, not only drawn
    assert all(len(kept) > 0 for kept in kept_somewhere())


def test_a_card_is_pasted_only_where_it_was_drawn_on_the_same_ground() -> None:
    """A card's frame kept on one board is not pasted on another layout or theme: each draws its own."""
    clear()
    quattro, duo = V.make_view(), V.fresh("duo")
    for theme in THEMES:
        for view in (quattro, duo):
            fresh = R.compose(view, theme=theme).tobytes()
            assert R.compose(view, theme=theme).tobytes() == fresh
    assert len(P._FRAMES) == len(THEMES) * (len(quattro["players"]) + len(duo["players"]))


def test_a_status_kept_is_pasted_only_for_the_same_words() -> None:
    """The same army to move, with a draw offered or not, or a winner named differently: each
    status box says its own words."""
    start = V.make_view()
    views = [start, start | {"proposal": "draw"}, start | {"proposal": "void"}, V.game_over(),
             V.game_over() | {"end": "third_conquest"}]
    for names in (None, {0: "Alice"}, {0: "Bob"}):
        fresh = []
        for view in views:
            clear()
            fresh.append(R.compose(view, names=names).tobytes())
        assert [R.compose(view, names=names).tobytes() for view in views] == fresh
