"""The Judge Dredd board image: valid, deterministic, pure, showing what the view says and
nothing the view hides."""

from __future__ import annotations

import ast
import copy
import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from gavel.tables import i18n
from renderer import judge_dredd as R
from renderer import judge_dredd_map as M
from renderer import judge_dredd_pieces as P
from rules.judge_dredd.content import load_board
from tests.renderer import dredd_views as V
from tests.renderer.views import decode

TH = R.THEMES["classic"]
ROOT = Path(__file__).resolve().parents[2]


def fits(img) -> bool:
    """The board is as wide as the layout and no taller: it ends where its table ends."""
    return img.width == R.WIDTH and 0 < img.height <= R.HEIGHT


def count_colour(img: Image.Image, box, rgb, tol: int = 6) -> int:
    """Pixels of (about) that colour inside a box."""
    x0, y0, x1, y1 = (round(v) for v in box)
    data = img.crop((x0, y0, x1, y1)).convert("RGB").tobytes()
    r, g, b = rgb
    return sum(
        1
        for i in range(0, len(data), 3)
        if abs(data[i] - r) <= tol and abs(data[i + 1] - g) <= tol and abs(data[i + 2] - b) <= tol
    )


def gap_between(a: str, b: str):
    """The strip between two grid neighbours (street or river)."""
    sa, sb = load_board().sectors[a], load_board().sectors[b]
    ba, bb = M.sector_box(a), M.sector_box(b)
    if sa.row == sb.row:
        left, right = sorted((ba, bb))
        return (left[2], max(ba[1], bb[1]), right[0], min(ba[3], bb[3]))
    top, bottom = sorted((ba, bb), key=lambda box: box[1])
    return (max(ba[0], bb[0]), top[3], min(ba[2], bb[2]), bottom[1])


def in_sector(img: Image.Image, code: str, key: str) -> int:
    return count_colour(img, M.sector_box(code), TH[key])


@pytest.mark.parametrize("name", sorted(V.ALL))
def test_every_fixture_view_renders_to_a_paletted_png(name):
    png = R.render(V.ALL[name]())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    assert fits(img)
    assert img.mode == "P"
    assert len(png) < 150_000


@pytest.mark.parametrize("name", sorted(V.ALL))
def test_render_is_deterministic(name):
    view = V.ALL[name]()
    first = R.render(view, names={0: "Ann"})
    R.render(V.game_over(), theme="night")  # other work in between
    assert R.render(copy.deepcopy(view), names={0: "Ann"}) == first


def test_render_does_not_change_the_view():
    view = V.fight_with_cards()
    before = copy.deepcopy(view)
    R.render(view, highlight={"A": "hos"}, names={0: "Ann"})
    assert view == before


def test_renderer_reads_only_the_view_and_the_static_content():
    """The modules import nothing from the engine but the content loaders."""
    for path in (ROOT / "renderer").glob("judge_dredd*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert {m for m in imported if m.startswith("rules")} <= {"rules.judge_dredd.content"}, path.name


def test_every_sector_of_the_board_data_is_drawn_inside_the_map():
    board = load_board()
    assert len(board.sectors) == 28
    boxes = [M.sector_box(c) for c in board.sectors]
    for x0, y0, x1, y1 in boxes:
        assert M.MX <= x0 < x1 <= M.MX + M.MAP_W and M.MY <= y0 < y1 <= M.MY + M.MAP_H
    for i, a in enumerate(boxes):  # no two Sectors overlap
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_river_a_and_river_b_separate_exactly_the_non_adjacent_neighbours():
    """Water lies between two grid neighbours iff they are across a river (bridge or none):
    River A between columns 3 and 4; River B between rows 2 and 3 east of River A."""
    board = load_board()
    img = decode(R.render(V.make_view(judges=[], crimes=[])))
    water = TH["water"]
    for e in board.edges:
        a, b = board.sectors[e.a], board.sectors[e.b]
        if abs(a.row - b.row) + abs(a.col - b.col) != 1:
            continue
        gap = gap_between(e.a, e.b)
        wet = count_colour(img, gap, water, tol=10) > 20
        assert wet == (e.kind == "bridge"), (e.a, e.b, e.kind)
        if e.kind == "bridge":
            assert count_colour(img, gap, TH["bridge"], tol=10) > 60, (e.a, e.b)  # a deck across it
    for a, b in board.river_crossings:
        gap = gap_between(a, b)
        assert count_colour(img, gap, water, tol=10) > 20, (a, b)
        assert count_colour(img, gap, TH["bridge"], tol=10) < 10, (a, b)


def test_diagonal_borders_give_wedges_and_cut_corners():
    """Two Sectors sharing a diagonal border reach towards each other; the other two of the block
    of four lose that corner."""
    styles = M.corner_styles()
    for a, b in load_board().diagonals:
        assert "ext" in styles[a].values() and "ext" in styles[b].values()
        assert len(M.sector_polygon(a)) > 4 and len(M.sector_polygon(b)) > 4
    assert styles["wea"][(-1, 1)] == "cut" and styles["res"][(1, -1)] == "cut"  # W17-ROB's block
    assert styles["w17"][(1, 1)] == "ext" and styles["rob"][(-1, -1)] == "ext"


def test_judges_are_drawn_in_their_colours_in_their_sectors():
    img = decode(R.render(V.movement_window()))
    assert in_sector(img, "rob", "judge_red") > 150
    assert in_sector(img, "zoo", "judge_blue") > 150
    assert in_sector(img, "arm", "judge_green") > 150
    assert in_sector(img, "cty", "judge_yellow") > 150
    assert in_sector(img, "w17", "judge_red") == 0


def test_six_judges_in_one_sector_are_all_visible():
    view = V.make_view(6)
    for j in view["judges"]:
        j["at"] = "mal"
    img = decode(R.render(view))
    for colour in V.COLOURS:
        assert in_sector(img, "mal", "judge_" + colour) > 40, colour


def test_judges_in_intensive_care_stand_in_the_icu_box():
    view = V.icu_and_answer()
    img = decode(R.render(view))
    assert count_colour(img, M.ICU_BOX, TH["judge_blue"]) > 150
    assert count_colour(img, M.ICU_BOX, TH["judge_white"], tol=3) > 100
    assert count_colour(decode(R.render(V.make_view(5))), M.ICU_BOX, TH["judge_blue"]) == 0


def test_quarantined_sector_is_hatched():
    img = decode(R.render(V.quarantine_alien()))
    plain = decode(R.render(V.make_view()))
    assert in_sector(img, "rob", "hazard") > 300
    assert in_sector(plain, "rob", "hazard") == 0


def test_alien_creature_is_drawn_in_its_sector():
    img = decode(R.render(V.quarantine_alien()))
    assert in_sector(img, "meg", "alien") > 100
    assert in_sector(img, "zoo", "alien") == 0


def test_face_down_perp_is_a_dark_card_back_and_a_revealed_one_is_not():
    view = V.make_view()
    down = decode(R.render(view))
    up = decode(R.render(V.reveal(copy.deepcopy(view), "murder")))
    box = R.crime_boxes(view)["murder"]
    assert count_colour(down, box, TH["perp_back"]) > 300
    assert count_colour(up, box, TH["perp_back"]) < 50


def test_last_move_is_drawn_as_a_path_in_the_movers_colour():
    view = V.make_view()
    view["last_move"] = {"seat": 1, "path": ["spc", "aer", "bng"]}
    view["judges"][1]["at"] = "bng"

    def bluish(img: Image.Image) -> int:  # the translucent line in Blue's colour
        d = img.crop(tuple(round(v) for v in M.sector_box("aer"))).tobytes()
        return sum(1 for i in range(0, len(d), 3) if d[i + 2] > d[i] + 60)

    assert bluish(decode(R.render(view))) > 100  # through a Sector with nobody in it
    assert bluish(decode(R.render(V.make_view()))) == 0


def test_several_crimes_in_one_sector_get_separate_cards():
    boxes = R.crime_boxes(V.crowded())
    a, b = boxes["littering"], boxes["arson"]
    assert a[3] <= b[1] or b[3] <= a[1] or a[2] <= b[0] or b[2] <= a[0]
    x0, y0, x1, y1 = M.sector_box("smk")
    assert all(x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1 for box in (a, b))


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_player_count_renders(seats):
    assert fits(decode(R.render(V.make_view(seats))))


def test_themes():
    assert R.render(V.make_view(), theme="night") != R.render(V.make_view())
    with pytest.raises(ValueError):
        R.render(V.make_view(), theme="no-such-theme")


def test_odd_views_do_not_break_the_image():
    """Unknown phases, windows, fight kinds and locations draw what they can."""
    view = V.make_view(phase="something_new", window={"kind": "new_kind", "for": None, "passed": [], "pending": None})
    view["judges"][0]["at"] = "nowhere"
    view["fight"] = {"kind": "mystery", "judges": [0], "crime": None, "judge_cf": {}, "judge_dice": {},
                     "perp_cf": None, "perp_dice": None, "cards": []}
    view["last_move"] = {"seat": 0, "path": ["nowhere", "hos"]}
    assert fits(decode(R.render(view)))


def test_renders_in_worker_threads_match_sequential_renders():
    from concurrent.futures import ThreadPoolExecutor

    views = [f() for f in V.ALL.values()]
    expected = [R.render(v) for v in views]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(R.render, views * 2))
    assert got == expected * 2


def test_renderer_is_registered_for_the_game():
    import renderer

    assert renderer.for_game("judge_dredd").render is R.render


def test_zh_tw_board_differs_and_english_is_the_default():
    view = V.fight_with_cards()
    english = R.render(view)
    assert R.render(view, text=lambda key: i18n.gettext(key, "en")) == english
    assert R.render(view, text=lambda key: key) == english  # a layer that knows no id: English
    chinese = decode(R.render(view, text=lambda key: i18n.gettext(key, "zh-TW")))
    assert chinese.tobytes() != decode(english).tobytes()


@pytest.mark.parametrize("crowd", [1, 4, 5, 6])
def test_crime_cards_and_judges_do_not_overlap(crowd):
    view = V.make_view(6)
    view["crimes"][1]["sector"] = "rob"
    view["crimes"][0]["sector"] = "rob"
    for j in view["judges"][:crowd]:
        j["at"] = "rob"
    boxes = R.crime_boxes(view)
    lowest = max(boxes["murder"][3], boxes["robot_smashing"][3])
    for seat, ((_, y), dia) in P.judge_positions(view).items():
        if view["judges"][seat]["at"] == "rob":
            assert y - dia / 2 >= lowest, seat


def test_the_map_scaled_by_its_rows_is_the_whole_background_scaled_at_once():
    """The background's map is drawn large for its own rows only and scaled down by them
    (`scaled_map`): the same pixels as the whole picture drawn large, the frame's colour below
    the map, and scaled down at once. One theme: the order of the passes is Pillow's, whatever
    the colours. Each pass rounds to 8 bits, so a Pillow that took its passes in the other order
    would differ in the last bit: at most one level in any channel is allowed (none on this one)."""
    th = TH
    large = M.map_drawn_large(th)
    whole = Image.new("RGB", (M.WIDTH * M.BG_SCALE, M.HEIGHT * M.BG_SCALE), th["frame"])
    whole.paste(large, (0, 0))
    at_once = whole.resize((M.WIDTH, M.HEIGHT), Image.Resampling.LANCZOS)
    by_rows = Image.new("RGB", (M.WIDTH, M.HEIGHT), th["frame"])
    by_rows.paste(M.scaled_map(large), (0, 0))
    assert at_once.size == by_rows.size
    assert max(high for _, high in ImageChops.difference(at_once, by_rows).getextrema()) <= 1
