"""What the renderers keep between pictures gives the pixels drawing afresh gives: the text runs
each font keeps, the City of Judgement's location tiles and player rows, Judge Dredd's card
faces. (How much time they save is measured by bench/run.py, not asserted here.)"""

from __future__ import annotations

import copy

from PIL import Image, ImageDraw, ImageFont

from renderer import common, judge_dredd_hand, judgement_board, judgement_panel
from renderer import judgement as R
from tests.renderer.test_judgement import busy_view, make_view


def _pixels(png: bytes) -> bytes:
    import io

    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def test_a_cached_font_draws_the_pixels_freetype_draws() -> None:
    cached = common.font("bold", 19)
    plain = ImageFont.truetype(str(common.FONT_DIR / common.FONT_FILES["bold"]), 19)
    assert isinstance(cached, common.CachedFont)
    for _ in range(2):  # the second time from the runs kept
        for xy, anchor, stroke in (((10.0, 10.0), "lt", 0), ((40.5, 30.25), "mm", 2), ((100.7, 50.0), "rm", 0)):
            images = []
            for f in (cached, plain):
                img = Image.new("RGB", (200, 80), (240, 230, 200))
                ImageDraw.Draw(img).text(xy, "Mega-City 陳 One", font=f, fill=(20, 20, 20), anchor=anchor,
                                         stroke_width=stroke, stroke_fill=(255, 255, 255))
                images.append(img.tobytes())
            assert images[0] == images[1]
        assert cached.getlength("Sector 7") == plain.getlength("Sector 7")


def _fresh() -> None:
    for clear in (judgement_panel._ROWS.cache_clear, judgement_board._tile_sprite.cache_clear,
                  judgement_board.background.cache_clear, common.font.cache_clear):
        clear()


def test_judgement_boards_from_kept_rows_and_tiles_are_the_boards_drawn_afresh() -> None:
    views = [busy_view(9), make_view(9), busy_view(7), make_view(4, ring=[*busy_view(4)["ring"][2:],
                                                                          *busy_view(4)["ring"][:2]])]
    calls = [dict(names={0: "Ann", 3: "陳大文"}, highlight={"A": "tavern"}), dict(), dict(names={1: "Bob"})]
    fresh = []
    for view in views:
        for call in calls:
            _fresh()
            fresh.append(_pixels(R.render(copy.deepcopy(view), **call)))
    _fresh()
    kept = [_pixels(R.render(copy.deepcopy(view), **call)) for view in views for call in calls]
    kept_again = [_pixels(R.render(copy.deepcopy(view), **call)) for view in views for call in calls]
    assert kept == fresh == kept_again
    assert judgement_panel._ROWS, "no row was kept"


def test_a_composed_card_face_is_the_face_drawn() -> None:
    th = judge_dredd_hand.theme_named(None)
    colours = (th["crime"], th["title"], th["card_ink"])
    """At heights spread from a little over the band to past the tallest composed face, and at
    each edge where the face changes from drawn to composed and back (the shortest face, the one
    row more, `FACE_MOST` and the row above it): the heights in between are the same repeated row
    between the same top and bottom, so a spread sample shows what every height would."""
    most = judge_dredd_hand.FACE_MOST
    for band_h in (52, 71):
        shortest = band_h + judge_dredd_hand.FACE_TOP + 1 + judge_dredd_hand.FACE_BOTTOM
        edges = {shortest - 1, shortest, shortest + 1, shortest + 2, most - 1, most, most + 1}
        for h in sorted(set(range(band_h + 20, most + 40, 29)) | edges):
            composed = judge_dredd_hand._card_face(th.name, h, band_h, *colours)
            assert composed.tobytes() == judge_dredd_hand._drawn_face(h, band_h, *colours).tobytes(), h


def test_judge_dredd_boards_from_kept_rows_are_the_boards_drawn_afresh() -> None:
    import random

    from renderer import judge_dredd as D
    from renderer import judge_dredd_panel
    from rules import registry
    from rules.core import SeededChance

    game = registry.plugin("judge_dredd").game
    state = game.new_game({}, 6, SeededChance(9))
    rng = random.Random(9)
    views = []
    for step in range(150):
        seat = min(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)), SeededChance(f"{step}"))
        if step % 15 == 0:
            views.append(game.view(state, None))
    names = {0: "Dredd", 2: "陳大文", 4: "Anderson"}
    fresh = []
    for view in views:
        judge_dredd_panel._ROWS.cache_clear()
        fresh.append(_pixels(D.render(view, names=names)))
    judge_dredd_panel._ROWS.cache_clear()
    kept = [_pixels(D.render(view, names=names)) for view in views]
    again = [_pixels(D.render(view, names=names)) for view in views]
    assert kept == fresh == again
    assert len(judge_dredd_panel._ROWS) > 0
