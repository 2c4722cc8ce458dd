"""The Judtho board read as a player reads it at Discord's size: every army on every square colour
of J30, pieces that differ, labels that stay legible and never hide a piece, the Trio sides, the
Assembly reserve, how the game ended."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageFilter

from renderer import judtho as R
from renderer.judtho_board import BADGE_PX, CORNER_BADGE_PX, PIECE_PX, TARGET_PIECE_PX, badge
from renderer.judtho_look import COLOURS, NEED_PX, PIECES, THEMES, K, cell_box, layout, parse_square
from renderer.judtho_panel import ROW_PIECE, _relation_rows
from renderer.judtho_pieces import SHAPES, _masks, rims
from tests.renderer import judtho_views as V
from tests.renderer.views import colour_count, decode

GROUNDS = [f"{area}_{tone}" for area in (*COLOURS, "neutral") for tone in ("dark", "light")]
WHITE = (255, 255, 255)


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio, 1 (same) to 21 (black on white)."""
    lo, hi = sorted((luminance(a), luminance(b)))
    return (hi + 0.05) / (lo + 0.05)


def count(img: Image.Image, box, rgb, tol: int = 0) -> int:
    return colour_count(img, box, rgb, tol)


class Recorder:
    """A `text` for render that remembers which words the board asked for."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def __call__(self, key: str) -> str:
        self.asked.add(key)
        return R.MESSAGES.get(key, key)


# ---------------------------------------------------------------------------- colours


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("army", COLOURS)
def test_j30_every_army_reads_on_every_square_colour(theme, army):
    """Black on dark grey, Yellow on yellow, Red on red: the fill or its outline stands out from
    every square (3:1, the WCAG ratio for graphics), and the outline from the fill."""
    th = THEMES[theme]
    fill, edge = th["army_" + army], th[f"army_{army}_edge"]
    assert contrast(fill, edge) >= 3.0
    for ground in GROUNDS:
        assert max(contrast(fill, th[ground]), contrast(edge, th[ground])) >= 3.0, ground


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_four_army_colours_differ_at_a_glance(theme):
    th = THEMES[theme]
    for a, b in itertools.combinations(COLOURS, 2):
        fa, fb = th["army_" + a], th["army_" + b]
        assert sum(abs(x - y) for x, y in zip(fa, fb, strict=True)) >= 150, (a, b)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_panel_pieces_lie_on_a_tray_every_army_reads_on(theme):
    """The captured and reserve rows: on the night theme's dark panel a Black piece would be a
    light outline only, easy to take for White; on the tray it is black."""
    th = THEMES[theme]
    for army in COLOURS:
        fill, edge = th["army_" + army], th[f"army_{army}_edge"]
        assert max(contrast(fill, th["tray"]), contrast(edge, th["tray"])) >= 3.0
    assert contrast(th["army_black"], th["tray"]) >= 7.0


def test_a_captured_black_piece_is_drawn_black_on_the_night_panel():
    view = V.make_view(captured={"white": [["black", "knight"]]}, reserve={})
    img = decode(R.render(view, theme="night"))
    th = THEMES["night"]
    lay = layout(12)
    panel = (lay.panel_x, 0, lay.width, R.HEIGHT)
    assert count(img, panel, th["tray"]) > 200
    assert count(img, panel, th["army_black"]) > 40


# ---------------------------------------------------------------------------- pieces


def test_2_5_every_piece_silhouette_differs_from_every_other():
    """At the board's size, each pair of silhouettes (without outline or letter) differs in at
    least 8% of the smaller one's pixels: the Prince and the Princess differ in shape, not only
    in their letters, and neither is a King or a Queen."""
    masks = {p: _masks(p, PIECE_PX)[0].resize((PIECE_PX, PIECE_PX)).point(lambda v: 255 if v > 128 else 0).tobytes()
             for p in PIECES}
    for a, b in itertools.combinations(PIECES, 2):
        differ = sum(1 for x, y in zip(masks[a], masks[b], strict=True) if x != y)
        smaller = min(sum(1 for v in masks[p] if v) for p in (a, b))
        assert differ >= 0.08 * smaller, (a, b, differ, smaller)


def test_the_outline_and_halo_masks_are_the_single_square_max_filter_for_every_piece_and_size() -> None:
    """`_masks` grows the silhouette into its outline, and the outline into its halo, by passes of a
    3 x 3 MaxFilter (`dilate`): pixel for pixel the one big square MaxFilter they replace, for every
    piece at every size a picture draws (board, offered targets, panel rows, the panel's Kings)."""
    for size in sorted({PIECE_PX, TARGET_PIECE_PX, ROW_PIECE, 46, 34}):
        edge, halo = rims(size)
        for piece in SHAPES:
            fill, outer, ring = _masks(piece, size)
            wanted = fill.filter(ImageFilter.MaxFilter(2 * edge + 1))
            assert outer.tobytes() == wanted.tobytes(), (piece, size)
            assert ring.tobytes() == wanted.filter(ImageFilter.MaxFilter(2 * halo + 1)).tobytes(), (piece, size)


def test_j27_the_duo_board_is_half_the_quattro_board():
    """Half the board, and its panel beside it: about as wide a picture, no taller."""
    assert 2 * layout(6).board_w == layout(12).board_w
    assert abs(R.width(V.duo()) - R.width(V.make_view())) <= 8
    assert R.height(V.duo()) < R.height(V.make_view())


# ---------------------------------------------------------------------------- labels


def _empty_squares(n: int) -> dict[str, str]:
    squares = [f"{f}{r}" for r in range(5, 9) for f in "abcdefghijkl"]
    return dict(zip(R.highlights(V.make_view(), [f"e3-{s}" for s in squares[:n]]).keys(), squares[:n], strict=True))


def test_labels_stay_full_size_when_many_squares_are_offered():
    """A Queen with forty squares: each empty square's label is as big as when there are two,
    so "AK" reads at ~800 px wide."""
    view = V.make_view()
    few, many = _empty_squares(2), _empty_squares(40)
    assert len(many) > 30  # the light tint applies
    square = cell_box(parse_square("a5"))
    white_few = count(decode(R.render(view, highlight=few)), square, WHITE, 7)
    white_many = count(decode(R.render(view, highlight=many)), square, WHITE, 7)
    assert white_many >= 0.9 * white_few > 100
    assert badge("AK", THEMES["classic"], BADGE_PX).height >= 26


@pytest.mark.parametrize("n", [1, 40])
def test_a_label_on_an_occupied_square_leaves_the_piece_readable(n):
    """The label of a capture sits in the square's lower right corner, a tight tag beside the foot
    of a piece drawn smaller: the upper 58% of the square (crown, the Prince's or the Princess's
    letter, 2.5.1-2.5.2) is not covered, even by a two-letter label as tall as a phone needs."""
    view = V.make_view(board={"e6": ["black", "princess"]}, last_move=None)
    highlight = dict(_empty_squares(n - 1)) if n > 1 else {}
    highlight["ZZ"] = "e6"
    img = decode(R.render(view, highlight=highlight))
    x0, y0, x1, y1 = cell_box(parse_square("e6"))
    assert count(img, (x0, y0, x1, y0 + (y1 - y0) * 0.58), WHITE, 7) <= 3  # the S letter's light edge, not the label
    assert count(img, ((x0 + x1) / 2, (y0 + y1) / 2, x1, y1), WHITE, 7) > 40
    assert badge("ZZ", THEMES["classic"], CORNER_BADGE_PX).height >= NEED_PX + 4
    # the piece is still there, in its colour, above the label
    upper = (x0, y0, x1, y0 + (y1 - y0) * 0.58)  # its crown, and its letter as tall as a phone needs
    assert count(img, upper, THEMES["classic"]["army_black"], 7) > 20
    assert count(img, upper, THEMES["classic"]["army_black_edge"], 7) > 12


# ---------------------------------------------------------------------------- panel


def test_9_2_trio_shows_the_two_sides_not_rivals():
    """Trio (Section 4, J28): the Single Player's White and Yellow against the Partnership."""
    view = V.trio()
    assert _relation_rows(view) == [("sides", [["white", "yellow"], ["red", "black"]])]
    said = Recorder()
    R.render(view, text=said)
    assert K + "sides" in said.asked and K + "rivals" not in said.asked


def test_quattro_still_shows_rivals_then_alliances():
    assert _relation_rows(V.make_view()) == [("rivals", [("white", "yellow"), ("red", "black")])]
    assert _relation_rows(V.quattro_alliance()) == [("alliance", [["white", "red"]])]


def test_1_2_assembly_shows_the_reserve_not_an_empty_captured_row():
    said = Recorder()
    R.render(V.assembly(), text=said)
    assert K + "reserve" in said.asked and K + "captured" not in said.asked
    said = Recorder()
    R.render(V.quattro_alliance(), text=said)
    assert K + "captured" in said.asked


def test_the_end_says_how_the_game_ended():
    said = Recorder()
    R.render(V.game_over() | {"end": "third_conquest"}, text=said)
    assert K + "end.third_conquest" in said.asked
    said = Recorder()
    R.render(V.game_over() | {"end": "something_new"}, text=said)  # unknown: no word, no error
    assert not any(k.startswith(K + "end.") for k in said.asked)


@pytest.mark.parametrize("kind", ["draw", "void"])
def test_j24_a_pending_offer_is_what_the_status_says(kind):
    """While a draw (or void) offer stands nobody moves: the status says the offer, not a mover."""
    said = Recorder()
    R.render(V.make_view(to_move=None, proposal=kind), text=said)
    assert K + "offer." + kind in said.asked and K + "to_move" not in said.asked


@pytest.mark.parametrize("kind", ["bonus_piece", "king"])
def test_j22_placement_says_what_the_conquest_owes(kind):
    """After a Conquest the placer puts down a bonus piece or their captured King (J22)."""
    said = Recorder()
    view = V.quattro_alliance() | {"phase": "placement", "to_move": "white",
                                   "owed": [{"colour": "white", "kind": kind}, {"colour": "red", "kind": "king"}]}
    R.render(view, text=said)
    assert K + "to_place." + kind in said.asked and K + "to_place" not in said.asked
