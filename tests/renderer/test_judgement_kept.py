"""The City of Judgement's pictures drawn from what was kept of earlier ones (the header, the strip
of decks and dice, the damage track, the players' rows, the role
card's sections) are the pictures drawn afresh: through real games, action after action, two
tables at once, the public board and seats' own, names that change, both languages. (How much
time the kept parts save is measured by bench/run.py, not asserted here.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from renderer import common, judgement_board, judgement_look, judgement_panel, judgement_role
from renderer import judgement as R
from rules.core import SeededChance
from rules.judgement.engine import GAME
from tables import i18n

TEXTS = {lang: (lambda key, lang=lang: i18n.gettext(key, lang)) for lang in i18n.LANGUAGES}


def _forget() -> None:
    """Empty every picture kept between drawings (not the fonts, tiles and backgrounds, whose own
    tests are elsewhere)."""
    for module in (R, judgement_board, judgement_look, judgement_panel, judgement_role):
        for value in list(vars(module).values()):
            if isinstance(value, (common.Kept, judgement_panel._Rows)):
                value.cache_clear()


def _views(seed: int, seats: int, steps: int) -> Iterator[tuple[Any, int]]:
    """The state after each action of a random game (to its end, or `steps` actions)."""
    chance = SeededChance(seed)
    state = GAME.new_game({}, seats, chance)
    rnd = random.Random(seed)
    for step in range(steps):
        yield state, step
        acting = sorted(GAME.to_act(state))
        if not acting or GAME.outcome(state) is not None:
            return
        GAME.apply(state, acting[0], rnd.choice([str(a) for a in GAME.legal_actions(state, acting[0])]), chance)


def _calls(seed: int, seats: int, steps: int) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """The pictures a table posts through a game: the public board after every action (with the
    moves of the seat to act marked), now and then a seat's own board in its reader's language,
    and the role card of the seat that acted, the names changing halfway."""
    out: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for state, step in _views(seed, seats, steps):
        names = {s: f"P{s}" for s in range(seats)} if step < steps // 2 else {0: "陳大文", 2: "Ann"}
        public = GAME.view(state, None)
        acting = sorted(GAME.to_act(state))
        actions = [str(a) for a in GAME.legal_actions(state, acting[0])] if acting else []
        out.append(("board", public, {"names": names, "texts": TEXTS, "highlight": R.highlights(public, actions)}))
        seat = acting[0] if acting else step % seats
        lang = ("en", "zh-TW")[step % 2]
        own = GAME.view(state, seat)
        if step % 5 == 0:
            out.append(("board", own, {"names": names, "texts": TEXTS, "lang": lang}))
        out.append(("role", own, {"names": names, "texts": TEXTS, "lang": lang}))
    return out


def _compose(kind: str, view: dict[str, Any], call: dict[str, Any]) -> Any:
    return R.compose(view, **call) if kind == "board" else judgement_role.compose_role(view, **call)


def _draw(kind: str, view: dict[str, Any], call: dict[str, Any]) -> bytes:
    img = _compose(kind, view, call)
    return bytes(img.size[1].to_bytes(4, "big")) + img.convert("RGB").tobytes()


def test_pictures_drawn_from_kept_parts_are_the_pictures_drawn_afresh() -> None:
    """Every picture is drawn with what the earlier ones kept; one in three of them (the kinds take
    turns through the sample, as a step posts two or three), and every picture of the game's end,
    is drawn again afresh and compared: a kept part that goes stale shows in the pictures after it
    until what it shows changes, so the sample finds it as the whole sequence did. Only the sample's
    pictures are read out as pixels (the others are drawn all the same, which is what keeps parts)."""
    games = [_calls(5, 9, 80), _calls(8, 5, 400)]
    calls = [c for pair in zip(*games, strict=False) for c in pair] + games[1][len(games[0]):]
    assert any(v.get("over") for _, v, _ in calls), "no game reached its end"
    sample = [i for i, c in enumerate(calls) if i % 3 == 0 or c[1].get("over")]
    _forget()
    kept: dict[int, bytes] = {}
    chosen = set(sample)
    for i, c in enumerate(calls):
        if i in chosen:
            kept[i] = _draw(*c)
        else:
            _compose(*c)
    assert len(judgement_panel._ROWS), "no row was kept"
    assert {calls[i][0] for i in sample} == {"board", "role"}
    assert {len(calls[i][1]["players"]) for i in sample} == {9, 5}
    for i in sample:
        c = calls[i]
        _forget()
        assert _draw(*c) == kept[i], f"picture {i} ({c[0]}) differs from the one drawn afresh"
