"""The Judtho board image: valid, deterministic, pure and fast; the board of 3.1 in the square
colours of J30, the Duo half board (J27), pieces in their army colours, the last move."""

from __future__ import annotations

import ast
import copy
import io
from pathlib import Path

import pytest
from PIL import Image

from renderer import judtho as R
from renderer.judtho_look import CELL, THEMES, cell_box, parse_square
from renderer.judtho_pieces import glyph
from tests.renderer import judtho_views as V
from tests.renderer.views import colour_count, decode

TH = THEMES["classic"]
ROOT = Path(__file__).resolve().parents[2]


def exact(img: Image.Image, box, rgb, tol: int = 4) -> int:
    """Pixels of that colour (within `tol` per channel: the palette's nearest-colour lookup is
    coarse) inside a box."""
    return colour_count(img, box, rgb, tol)


def on(img: Image.Image, sq: str, key: str) -> int:
    return exact(img, cell_box(parse_square(sq)), TH[key])


@pytest.mark.parametrize("name", sorted(V.ALL))
def test_every_fixture_view_renders_to_a_small_paletted_png(name):
    view = V.fresh(name)
    png = R.render(view)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    assert img.size == (R.width(view), R.height(view))
    assert img.mode == "P"
    assert len(png) < 80_000


@pytest.mark.parametrize("name", sorted(V.ALL))
def test_render_is_deterministic(name):
    view = V.fresh(name)
    first = R.render(view, names={0: "Ann"})
    R.render(V.game_over(), theme="night")  # other work in between
    assert R.render(copy.deepcopy(view), names={0: "Ann"}) == first


def test_render_does_not_change_the_view():
    view = V.quattro_alliance()
    before = copy.deepcopy(view)
    R.render(view, highlight={"A": "c3", "B": "d8"}, names={0: "Ann"}, theme="night")
    assert view == before


def test_the_empty_board_is_drawn_once_per_look():
    """Speed without a timed assertion: the squares, coordinates and frame (the bulk of the
    drawing) come from the cache after the first render of a theme, width and language: the
    board starts from it, and a piece's square first met (`_cell`) is cut from it too."""
    from renderer.judtho_board import background

    R.render(V.quattro_alliance())
    before = background.cache_info()
    R.render(V.knight_distant(), highlight={"A": "c3"})
    after = background.cache_info()
    assert after.hits > before.hits and after.misses == before.misses


def test_unknown_theme_is_refused():
    with pytest.raises(ValueError):
        R.render(V.make_view(), theme="neon")


def test_renderer_reads_only_the_view():
    """The modules import nothing from the engine or the tables."""
    for path in (ROOT / "renderer").glob("judtho*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not {m for m in imported if m.startswith(("rules", "gavel", "cogs"))}, path.name


# ---------------------------------------------------------------------------- the board


def test_3_1_j30_dark_squares_take_the_kingdom_colour():
    """a1 is dark (file + rank even); dark squares are the Kingdom's colour, Neutral turquoise."""
    img = decode(R.render(V.make_view(board={}, last_move=None)))
    expect = {
        "a1": "white_dark", "b1": "white_light", "f4": "white_dark", "e4": "white_light",
        "g1": "yellow_dark", "l4": "yellow_dark", "h1": "yellow_light",
        "a9": "red_dark", "b9": "red_light", "f12": "red_dark", "e12": "red_light",
        "g9": "black_dark", "l12": "black_dark", "k12": "black_light",
        "a5": "neutral_dark", "b5": "neutral_light", "l8": "neutral_dark", "k8": "neutral_light",
    }
    for sq, key in expect.items():
        assert on(img, sq, key) > CELL * CELL * 0.9, (sq, key)


def test_j27_duo_is_the_left_half_board():
    """Its panel beside it, the Duo picture is about as wide as the whole board's, and no taller."""
    duo, quattro = V.duo(), V.make_view()
    assert abs(R.width(duo) - R.width(quattro)) <= 8 and R.height(duo) < R.height(quattro)
    img = decode(R.render(duo))
    assert on(img, "a1", "white_dark") > CELL * CELL * 0.5
    assert on(img, "f12", "red_dark") > 100
    # what would be g1 is the frame's coordinate strip and then the panel, not a Yellow Kingdom
    assert on(img, "g1", "yellow_dark") == 0 and on(img, "h2", "yellow_dark") == 0


@pytest.mark.parametrize("colour", ["white", "red", "yellow", "black"])
def test_pieces_are_drawn_in_their_army_colour_with_a_contrasting_outline(colour):
    view = V.make_view(board={"e6": [colour, "queen"]}, last_move=None)
    img = decode(R.render(view))
    assert on(img, "e6", "army_" + colour) > 100  # a 42 px piece on a 44 px square
    assert on(img, "e6", f"army_{colour}_edge") > 50
    for other in {"white", "red", "yellow", "black"} - {colour}:
        assert on(img, "e6", "army_" + other) < 25  # a few anti-aliased pixels of the outline and its ring


def test_every_piece_has_its_own_glyph_and_prince_princess_are_not_king_queen():
    """2.5.1, 2.5.2: the Prince and Princess are distinct at a glance: smaller (their crown
    starts lower) and lettered."""
    sprites = {p: glyph(p, 46, TH["army_white"], TH["army_white_edge"]) for p in
               ("king", "queen", "prince", "princess", "rook", "bishop", "knight", "pawn")}
    assert len({s.tobytes() for s in sprites.values()}) == 8
    tops = {p: s.getchannel("A").getbbox()[1] for p, s in sprites.items()}
    assert tops["prince"] >= tops["king"] + 5 and tops["princess"] >= tops["queen"] + 5


def test_the_pieces_of_the_view_are_where_it_says():
    view = V.quattro_alliance()
    img = decode(R.render(view))
    for sq, (colour, _) in view["board"].items():
        assert on(img, sq, "army_" + colour) > 50, sq
    assert on(img, "c12", "army_red") == 0  # the captured King's square is empty


# ---------------------------------------------------------------------------- last move


def test_last_move_marks_from_to_and_every_swept_square():
    """4.5: `Sh6xg7xf8` took g7 and f8; both are marked as captures, h6 and f8 as from/to."""
    img = decode(R.render(V.quattro_alliance()))
    assert on(img, "h6", "last") > 100 and on(img, "f8", "last") > 50
    assert on(img, "g7", "capture") > 100 and on(img, "f8", "capture") > 100
    assert on(img, "d8", "capture") == 0 and on(img, "d8", "last") == 0


def test_knights_distant_capture_marks_each_victim():
    """4.7: the Knight stays on i6; h8 and k5 are both marked."""
    img = decode(R.render(V.knight_distant()))
    assert on(img, "h8", "capture") > 100 and on(img, "k5", "capture") > 100
    assert on(img, "g7", "capture") == 0
    assert on(img, "i6", "capture") > 20  # lines from the Knight that stayed to its victims
    assert on(decode(R.render(V.quattro_alliance())), "i6", "capture") == 0


def test_no_last_move_no_marks():
    img = decode(R.render(V.make_view(last_move=None)))
    board = (cell_box((1, 12))[0], cell_box((1, 12))[1], cell_box((12, 1))[2], cell_box((12, 1))[3])
    assert exact(img, board, TH["last"]) == 0 and exact(img, board, TH["capture"]) == 0


def test_an_odd_or_sparse_view_still_renders():
    """A missing key, an unknown colour, piece or square draws what it can, never raises."""
    for view in (
        {},
        {"variant": "duo", "phase": "over", "winner": ["purple"], "players": [{"seat": 0}],
         "board": {"z1": ["white", "king"], "a1": ["green", "dragon"], "b2": "x"},
         "last_move": {"text": "x", "from": "q9", "to": None, "captures": ["a1"]},
         "alliances": [["white", "mauve"]], "battle": "weird"},
    ):
        assert R.render(view)[:4] == b"\x89PNG"
