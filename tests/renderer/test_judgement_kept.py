"""The City of Judgement's pictures drawn from what was kept of earlier ones (the header's lines,
the location cards with their pieces, the strip of decks and dice, the damage track, the players'
rows, each board drawn over the last one on its ground, the role card's sections) are the pictures
drawn afresh: through real games, action after action, two tables at once, the public board and
seats' own, names that change, both languages. A board's parts draw nothing outside their areas
(what is kept of a part is its area). (How much time the kept parts save is measured by
bench/run.py, not asserted here.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from gavel.tables import i18n
from renderer import common, judgement_board, judgement_look, judgement_panel, judgement_role
from renderer import judgement as R
from rules.core import SeededChance
from rules.judgement.engine import GAME
from tests.renderer.test_judgement import busy_view

THEME = judgement_look.theme_named(None)
TEXTS = {lang: (lambda key, lang=lang: i18n.gettext(key, lang)) for lang in i18n.LANGUAGES}


def _forget() -> None:
    """Empty every picture kept between drawings (not the fonts, tiles and backgrounds, whose own
    tests are elsewhere)."""
    for module in (R, judgement_board, judgement_look, judgement_panel, judgement_role):
        for value in list(vars(module).values()):
            if isinstance(value, common.Kept):
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


def _paletted(kind: str, view: dict[str, Any], call: dict[str, Any], *, fresh: bool = False) -> Any:
    """A picture on the palette, as `render` and `render_hand` encode it (pasted together from the
    paletted pixels of its parts), or `fresh`: the picture drawn in RGB and then converted whole."""
    if kind == "board":
        return common.paletted(R.compose(view, **call), THEME) if fresh else R.compose_paletted(view, **call)
    return common.paletted(judgement_role.compose_role(view, **call), THEME) if fresh \
        else judgement_role.compose_role(view, **call, on_palette=True)


def _draw(kind: str, view: dict[str, Any], call: dict[str, Any], *, fresh: bool = False) -> bytes:
    """The pixels of `_paletted`'s picture (with its height)."""
    img = _paletted(kind, view, call, fresh=fresh)
    return bytes(img.size[1].to_bytes(4, "big")) + img.tobytes()


def test_pictures_drawn_from_kept_parts_are_the_pictures_drawn_afresh() -> None:
    """Every picture is drawn with what the earlier ones kept; one in four of them (the 1st and 4th
    of every eight: the two games take turns in the sequence, and so do the kinds, as a step posts
    two or three), and every picture of the game's end, is drawn again afresh and compared: a kept
    part that goes stale shows in the pictures after it until what it shows changes, so the sample
    finds it as the whole sequence did. Only the sample's pictures are read out as pixels (the
    others are drawn all the same, which is what keeps parts)."""
    games = [_calls(5, 9, 80), _calls(8, 5, 400)]
    calls = [c for pair in zip(*games, strict=False) for c in pair] + games[1][len(games[0]):]
    assert any(v.get("over") for _, v, _ in calls), "no game reached its end"
    sample = [i for i, c in enumerate(calls) if i % 8 in (0, 3) or c[1].get("over")]
    chosen = set(sample)
    _forget()
    kept: dict[int, bytes] = {}
    for i, c in enumerate(calls):
        if i in chosen:
            kept[i] = _draw(*c)
        else:
            _paletted(*c)
    assert len(judgement_panel._ROWS), "no row was kept"
    assert {calls[i][0] for i in sample} == {"board", "role"}
    assert {len(calls[i][1]["players"]) for i in sample} == {9, 5}
    for i in sample:
        c = calls[i]
        _forget()
        assert _draw(*c, fresh=True) == kept[i], f"picture {i} ({c[0]}) differs from the one drawn afresh"


def _edge_views(ring: list[str]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Boards at the edges of their parts' areas: nine pieces on one card (two rows) with the gold
    and red rings, every card labelled and offered, long names in both scripts, the attack line full,
    four winners; at nine seats (the lowest rows) and four (the tallest); on `ring` (a game's: its
    backgrounds are drawn for it already)."""
    out = []
    for seats in (9, 4):
        crowded = busy_view(seats) | {"ring": ring}
        for p in crowded["players"]:
            p.update(at=ring[0], alive=True)
        crowded["frame"] = {"kind": "attack", "targets": list(range(seats)), "asked": list(range(seats))}
        crowded["attack"] = {"attacker": 2, "targets": [0, 1, 3, 4], "d4": 1, "d6": 6, "dealt": {"0": 5, "1": 5}}
        offered = busy_view(seats) | {"ring": ring, "frame": {"kind": "go", "options": ring, "location": ring[0]}}
        over = busy_view(seats) | {"ring": ring, "over": True, "phase": "over", "winners": list(range(seats))[:4],
                                   "reason": "commoner:white_fairy"}
        names = {s: ("陳大文" * 6 if s % 2 else "Wolfeschlegelsteinhausen" * 2) for s in range(seats)}
        marked = {label: loc for label, loc in zip("ABCDEF", crowded["ring"], strict=True)}
        out += [(crowded, {"names": names, "texts": TEXTS, "highlight": marked}),
                (offered, {"names": names, "texts": TEXTS}), (over, {"names": names, "texts": TEXTS}),
                (crowded | {"seat": 1, "me": None}, {"names": names, "texts": TEXTS, "lang": "zh-TW"})]
    return out


def test_the_parts_of_a_board_draw_nothing_outside_their_areas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every part drawn afresh (`Canvases.area`) leaves the board round its area as it was (`NEAR`
    pixels on each side: a drawing that strays further would show in a kept picture, where the
    last board's pixels stay, and not in a fresh one): at the edge views, and through a game's
    boards one in sixteen (each drawn over the last)."""
    real = judgement_board.Canvases.area
    drawn: list[tuple[int, int, int, int]] = []

    def guarded(self: judgement_board.Canvases, kept: Any, area: Any, key: Any, paint: Any, **options: Any) -> Any:
        def inside_only(draw: Any) -> Any:
            def checked() -> None:
                x0, y0, x1, y1 = area
                near = (max(0, x0 - NEAR), max(0, y0 - NEAR), min(self.rgb.width, x1 + NEAR),
                        min(self.rgb.height, y1 + NEAR))
                before = self.rgb.crop(near)
                draw()
                after = self.rgb.crop(near)
                inside = (x0 - near[0], y0 - near[1], x1 - near[0], y1 - near[1])
                after.paste(before.crop(inside), inside[:2])
                assert after.tobytes() == before.tobytes(), f"the part in {area} draws outside it"
                drawn.append(area)

            return checked

        under = options.pop("under", None)  # what is drawn first in the area (a card): inside it too
        if under is not None:
            options["under"] = (under[0], inside_only(under[1]))
        return real(self, kept, area, key, inside_only(paint), **options)

    monkeypatch.setattr(judgement_board.Canvases, "area", guarded)
    _forget()
    boards = [c for c in _calls(5, 9, 80) if c[0] == "board"]
    for view, call in _edge_views(list(boards[0][1]["ring"])):
        R.compose(view, **call)
    for _, view, call in boards[::16]:
        R.compose(view, **call)
    assert len(set(drawn)) >= 6 + 4 + 9, "not every kind of area was drawn"


NEAR = 40
