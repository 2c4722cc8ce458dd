"""What the Judge Dredd renderer keeps between pictures gives the pixels drawing afresh gives: the
Sector codes' layer, the player rows and Crime lines pasted where they are, the cards of a hand.
(How much time they save is measured by bench/run.py, not asserted here.)"""

from __future__ import annotations

import random
import zlib
from typing import Any

from PIL import Image

from renderer import judge_dredd_map as M
from renderer.judge_dredd_look import THEMES


def _noise(seed: int) -> Image.Image:
    """A ground of every colour: what the codes are drawn over may be anything."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", (M.WIDTH, M.HEIGHT), rng.randbytes(M.WIDTH * M.HEIGHT * 3))


def test_the_codes_pasted_from_their_layer_are_the_codes_drawn() -> None:
    for name, th in THEMES.items():
        assert M.codes_layer(name) is not None, name  # the fast way is taken
        for seed in (1, 2):
            pasted, painted = _noise(seed), _noise(seed)
            M.draw_codes(pasted, th)
            M.paint_codes(painted, th)
            assert pasted.tobytes() == painted.tobytes(), (name, seed)


def test_a_hand_of_kept_cards_is_the_hand_drawn_in_place() -> None:
    from gavel.tables.images import _text
    from renderer import judge_dredd_hand as H
    from renderer.judge_dredd_look import optional_words, theme_named, words
    from rules.judge_dredd.content import load_cards

    cards = sorted(load_cards())
    rng = random.Random(5)
    for lang in ("en", "zh_TW"):
        say, maybe = words(_text(lang)), optional_words(_text(lang))
        for theme in THEMES:
            th = theme_named(theme)
            for size in (1, 2, 5, 6):
                hand = rng.sample(cards, size)
                laid = tuple(H._layout(say, maybe, c, load_cards()[c]) for c in hand)
                shown = H.Shown(th, 2, "green", "Hand · 陳", laid, tuple(say(H.K + w) for w in H.HAND_WORDS))
                for _ in range(2):  # the second time from the cards kept
                    assert H._compose(shown).tobytes() == H._compose(shown, kept=False).tobytes(), (lang, hand)


def counting_pastes(monkeypatch: Any, stores: dict[str, Any]) -> dict[str, int]:
    """How many times each store (a `common.Kept` or a `judge_dredd_panel.Kept`) pasted what it
    kept instead of drawing it, from now on (zero the counts to start again)."""
    pasted = dict.fromkeys(stores, 0)
    for name, store in stores.items():
        if hasattr(store, "draw"):  # the panel's: a paste is a draw that did not paint
            def draw(img: Any, area: Any, key: Any, paint: Any, name: str = name, real: Any = store.draw) -> Any:
                painted = []

                def painting() -> Any:
                    painted.append(True)
                    return paint()
                found = real(img, area, key, painting)
                pasted[name] += not painted
                return found
            monkeypatch.setattr(store, "draw", draw)
        else:
            def get(key: Any, name: str = name, real: Any = store.get) -> Any:
                found = real(key)
                pasted[name] += found is not None
                return found
            monkeypatch.setattr(store, "get", get)
    return pasted


def test_maps_rows_and_crime_lines_are_kept_and_paste_as_drawn(monkeypatch: Any) -> None:
    """The maps, piles, headers, rows, Crime lines and last fights pasted from before are the ones drawn
    afresh, in both languages and themes, over boards of a whole game; and each of the panel's is
    drawn on the panel's plain ground (what `Kept` takes for granted). The pastes are counted: each
    store pastes in each pass, so a pass that pasted nothing (nothing proved) fails."""
    from gavel.tables.images import _text
    from renderer import judge_dredd as D
    from renderer import judge_dredd_panel as P
    from rules import registry
    from rules.core import SeededChance

    monkeypatch.setattr(P.Kept, "check_ground", True)
    monkeypatch.setattr(D, "CHECK_GROUND", True)
    game = registry.plugin("judge_dredd").game
    state = game.new_game({}, 6, SeededChance(12))
    rng = random.Random(12)
    views = []
    for step in range(600):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = rng.choice(legal)
        if step % 23 == 0 or (state.fight is not None and step % 3 == 0):
            view = game.view(state, None)
            views.append((view, D.highlights(view, [str(a) for a in legal])))
        game.apply(state, seat, action, SeededChance(f"{step}"))
    names = {0: "Dredd", 2: "陳大文", 4: "Anderson the Psi-Judge with a long name"}
    kept_somewhere = {"rows": P._ROWS, "lines": P._LINES, "fights": P._FIGHTS, "headers": P._HEADERS,
                      "maps": D._MAPS, "piles": D._PILES}
    pasted = counting_pastes(monkeypatch, kept_somewhere)
    for lang, theme in (("en", "classic"), ("zh_TW", "night")):
        text = _text(lang)
        fresh = []
        for view, hl in views:
            P._ROWS.cache_clear()
            P._LINES.cache_clear()
            P._FIGHTS.cache_clear()
            P._HEADERS.cache_clear()
            D._MAPS.cache_clear()
            D._PILES.cache_clear()
            fresh.append(D.compose(view, highlight=hl, names=names, text=text, theme=theme).tobytes())
        pasted.update(dict.fromkeys(pasted, 0))
        kept = [D.compose(view, highlight=hl, names=names, text=text, theme=theme).tobytes() for view, hl in views]
        assert kept == fresh, lang
        assert all(pasted.values()), (lang, pasted)
    assert all(len(kept) > 0 for kept in kept_somewhere.values())


def test_boards_and_hands_encoded_from_kept_pieces_are_the_pictures_converted_afresh(monkeypatch: Any) -> None:
    """Over a whole game, in both languages and themes: a board's PNG (its bands on the palette,
    those seen lately not compressed again: `banded_png`) is the PNG of the board converted whole
    (`paletted_png`), and a hand put together on the palette from its kept header and cards
    (`_indexed`) is the hand drawn in RGB and converted. Each board and hand sampled is drawn in
    one of the two: the even ones in English on the classic theme, the odd ones in Chinese at
    night; each pass still walks the game in order, and the bands found kept are counted, so a
    pass that reused none fails."""
    from gavel.tables.images import _text
    from renderer import common
    from renderer import judge_dredd as D
    from renderer import judge_dredd_hand as H
    from rules import registry
    from rules.core import SeededChance

    game = registry.plugin("judge_dredd").game
    state = game.new_game({}, 4, SeededChance(21))
    rng = random.Random(21)
    boards, hands = [], []
    for step in range(400):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        if step % 5 == 0:
            view = game.view(state, None)
            boards.append((view, D.highlights(view, [str(a) for a in legal])))
            hands.append(game.view(state, step % 4))
        game.apply(state, seat, rng.choice(legal), SeededChance(f"{step}"))
    names = {0: "Dredd", 2: "陳大文"}
    shown: list[Any] = []
    real = H._hand_png

    def hand_png(one: Any) -> bytes:
        shown.append(one)
        found: bytes = real(one)
        return found

    monkeypatch.setattr(H, "_hand_png", hand_png)
    common.BANDS.clear()
    reused = []
    real_band = common.BANDS.band

    def band(width: int, pixels: bytes, level: int) -> Any:
        reused[-1] += (width, level, zlib.adler32(pixels), len(pixels)) in common.BANDS._found
        return real_band(width, pixels, level)

    monkeypatch.setattr(common.BANDS, "band", band)
    for half, (lang, theme) in enumerate((("en", "classic"), ("zh_TW", "night"))):
        text = _text(lang)
        reused.append(0)
        for view, hl in boards[half::2]:
            png = D.render(view, highlight=hl, names=names, text=text, theme=theme)
            canvas = D.compose(view, highlight=hl, names=names, text=text, theme=theme)
            assert png == common.paletted_png(canvas, D.theme_named(theme)), lang
        for view in hands[half::2]:
            png = D.render_hand(view, names=names, text=text, theme=theme)
            if png is not None:
                assert png == common.paletted_png(H._compose(shown[-1]), shown[-1].th), lang
    assert len(common.BANDS) > 0 and len(shown) > 10 and all(reused), (reused, len(shown))


def test_a_board_whose_map_was_encoded_before_is_the_board_converted_afresh(monkeypatch: Any) -> None:
    """Boards of every step of a game, in both languages and themes: a board whose map rows are given
    as the bands of a board before with the same map (`_TOPS`: its piles and panel its own) is the
    PNG of the board composed and converted whole; and that happens."""
    from gavel.tables.images import _text
    from renderer import common
    from renderer import judge_dredd as D
    from rules import registry
    from rules.core import SeededChance

    game = registry.plugin("judge_dredd").game
    state = game.new_game({}, 5, SeededChance(33))
    rng = random.Random(33)
    boards = []
    for step in range(36):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        view = game.view(state, None)
        boards.append((view, D.highlights(view, [str(a) for a in legal]) if step % 4 else None))
        game.apply(state, seat, rng.choice(legal), SeededChance(f"{step}"))
    known = []
    real = D._TOPS.get

    def get(key: Any) -> Any:
        found = real(key)
        known.append(found is not None)
        return found

    monkeypatch.setattr(D._TOPS, "get", get)
    names = {0: "Dredd", 3: "陳大文"}
    for lang, theme in (("en", "classic"), ("zh_TW", "night")):
        text = _text(lang)
        D._TOPS.cache_clear()
        for view, hl in boards:
            png = D.render(view, highlight=hl, names=names, text=text, theme=theme)
            canvas = D.compose(view, highlight=hl, names=names, text=text, theme=theme)
            assert png == common.paletted_png(canvas, D.theme_named(theme)), lang
    assert 10 < sum(known) < len(known) - 10, (sum(known), len(known))


def test_words_pasted_from_before_are_the_words_drawn() -> None:
    """`draw_words` over a plain ground gives the pixels `ImageDraw.text` gives, whether it draws
    the words (first) or pastes them as kept (then), at whole and fractional positions, with every
    anchor the panel uses, near the picture's corner (drawn in place) too; and it does keep them."""
    from PIL import ImageDraw

    from renderer.common import font
    from renderer.judge_dredd_look import _WORDS, draw_words

    _WORDS.cache_clear()
    ground, ink = (239, 235, 225), (200, 16, 46)
    cases = [((300, 100), "12", "bold", 28, "rm"), ((262.5, 80), "3", "bold", 22, "mm"),
             ((131.73, 60.5), "Jaywalking", "condensed", 21, "lm"), ((40.2, 18.9), "?", "bold", 21, "mm"),
             ((2.4, 3.7), "Tag", "bold", 21, "lm"), ((350.01, 150), "", "bold", 21, "lm")]
    for xy, text, kind, size, anchor in cases:
        f = font(kind, size)
        want = Image.new("RGB", (420, 200), ground)
        ImageDraw.Draw(want).text(xy, text, font=f, fill=ink, anchor=anchor)
        for _ in range(2):
            got = Image.new("RGB", (420, 200), ground)
            draw_words(got, ImageDraw.Draw(got), xy, text, f, ink, ground, anchor)
            assert got.tobytes() == want.tobytes(), (xy, text)
    assert len(_WORDS) >= 4
