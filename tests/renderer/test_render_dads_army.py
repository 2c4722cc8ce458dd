"""The Dad's Army board image: valid, deterministic, pure, and showing what the view says."""

from __future__ import annotations

import ast
import copy
import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from renderer import dads_army as R
from renderer.common import hex_rgb
from tests.renderer.views import decode, make_view

COLOURS = {k: R.THEMES["classic"][k] for k in ("red", "blue", "green", "yellow", "bomb", "flag_blue", "hl_edge")}


def count_colour(img: Image.Image, sq: tuple[int, int] | list[int], rgb: tuple[int, int, int], tol: int = 6) -> int:
    """Pixels of (about) that colour inside one board square."""
    x0, y0, x1, y1 = (round(v) for v in R._cell_box(tuple(sq)))
    n = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            p = img.getpixel((x, y))
            if all(abs(p[i] - rgb[i]) <= tol for i in range(3)):
                n += 1
    return n


def test_render_returns_png_of_board_size():
    png = R.render(make_view())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    assert img.size == (R.WIDTH, R.HEIGHT)
    assert img.mode == "P"  # the fixed theme palette


def test_render_is_deterministic():
    view = make_view(roll=4, phase="move", bombs=[[7, 7]], jacks=[[3, 3]])
    hl = {"A": [5, 2], "B": [7, 3]}
    first = R.render(view, highlight=hl)
    R.render(make_view(players=2), theme="night")  # other work between the two calls
    assert R.render(copy.deepcopy(view), highlight=dict(hl)) == first


def test_render_does_not_change_the_view():
    view = make_view(bombs=[[7, 7]], last_move={"man": "pike", "from": [2, 9], "to": [3, 8], "path": [[2, 9], [3, 9]]})
    before = copy.deepcopy(view)
    R.render(view, highlight={"A": [1, 1]}, names={0: "Ann"})
    assert view == before


def test_renderer_reads_only_the_view_and_the_static_board():
    """A view built by hand renders: no engine state is needed, and the module imports
    nothing from the engine but the static board."""
    view = make_view(players=2, turn=1, phase="move", roll=2)
    view["men"]["vicar"]["square"] = [5, 5]
    assert decode(R.render(view)).size == (R.WIDTH, R.HEIGHT)
    tree = ast.parse(Path(R.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {m for m in imported if m and m.startswith("rules")} == {"rules.dads_army.board"}


def test_man_is_drawn_in_team_colour_on_his_square():
    view = make_view()
    view["men"]["jones"]["square"] = [7, 8]
    img = decode(R.render(view))
    assert count_colour(img, (7, 8), COLOURS["green"]) > 300
    assert count_colour(img, (7, 7), COLOURS["green"]) == 0
    assert count_colour(img, (11, 2), COLOURS["red"]) > 200  # Mainwaring and Wilson at the Bank door


def test_bombs_and_union_jacks_are_drawn_on_their_squares():
    img = decode(R.render(make_view(bombs=[[7, 7]], jacks=[[3, 4]])))
    assert count_colour(img, (7, 7), COLOURS["bomb"]) > 200
    assert count_colour(img, (8, 7), COLOURS["bomb"]) == 0
    assert count_colour(img, (3, 4), COLOURS["flag_blue"]) > 40


def test_bombs_are_plain_no_insignia():
    """Ruling D25: the bomb sprite uses only black, greys, the fuse and spark colours."""
    sprite = R._bomb(38, hex_rgb("#1d1d1d"), hex_rgb("#ff8c1a")).convert("RGBA")
    colours = {sprite.getpixel((x, y))[:3] for x in range(38) for y in range(38) if sprite.getpixel((x, y))[3] > 250}
    reds = [c for c in colours if c[0] > 150 and c[1] < 60 and c[2] < 60]
    assert not reds  # no red/white/black flag-like insignia


def test_reference_marker_in_team_colour():
    img = decode(R.render(make_view()))
    assert count_colour(img, (9, 9), COLOURS["red"]) > 80
    assert count_colour(img, (1, 5), COLOURS["green"]) > 80


def test_highlighted_square_gets_frame_and_label():
    view = make_view()
    plain = decode(R.render(view))
    img = decode(R.render(view, highlight={"A": [7, 8], "B": [11, 2]}))
    assert count_colour(img, (7, 8), COLOURS["hl_edge"]) > 150
    assert count_colour(plain, (7, 8), COLOURS["hl_edge"]) == 0
    # the label badge moved aside for the men: across the square's foot, clear of their codes
    assert count_colour(img, (11, 2), COLOURS["hl_edge"]) + count_colour(img, (11, 3), COLOURS["hl_edge"]) > 100


def test_many_men_on_one_square_are_all_visible():
    view = make_view()
    for man in ("mainwaring", "vicar", "jones"):
        view["men"][man]["square"] = [7, 7]
    view["hodges"] = [7, 7]
    img = decode(R.render(view))
    for team in ("red", "blue", "green"):
        assert count_colour(img, (7, 7), COLOURS[team]) > 60, team
    assert count_colour(img, (7, 7), R.THEMES["classic"]["hodges"]) > 30  # Hodges' neutral token


def test_called_in_and_arrived_men_are_marked():
    view = make_view()
    view["men"]["fraser"] |= {"square": [6, 3], "called_in": True, "arrived": True}
    view["players"][3]["arrived"] = 1
    img = decode(R.render(view))
    assert count_colour(img, (6, 3), R.THEMES["classic"]["gold"]) > 30
    assert count_colour(img, (6, 3), R.THEMES["classic"]["tick"]) > 10


@pytest.mark.parametrize(
    "changes",
    [
        {"phase": "roll"},
        {"phase": "move", "roll": 5},
        {"phase": "push", "roll": 3, "card": {"kind": "character", "man": "pike"}, "pending": 3},
        {"phase": "hodge", "card": {"kind": "hodges", "man": None}},
        {"phase": "shelter", "card": {"kind": "air_raid", "man": None}, "turn": 2},
        {"phase": "bomb", "roll": 4, "card": {"kind": "air_raid", "man": None}, "pending": 4},
        {"phase": "jack", "roll": 2, "card": {"kind": "union_jack", "man": None}, "pending": 2, "bombs": [[7, 7]]},
        {"phase": "over", "turn": None, "winner": 1},
        {"phase": "something_new", "roll": None},
    ],
)
def test_every_phase_renders(changes):
    img = decode(R.render(make_view(**changes)))
    assert img.size == (R.WIDTH, R.HEIGHT)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_renders(players):
    assert decode(R.render(make_view(players=players))).size == (R.WIDTH, R.HEIGHT)


def test_last_move_is_drawn_as_a_path_in_the_movers_colour():
    move = {"man": "pike", "from": [2, 9], "to": [4, 10], "path": [[2, 9], [3, 9], [4, 9], [4, 10]]}
    view = make_view(last_move=move)
    view["men"]["pike"]["square"] = [4, 10]
    img = decode(R.render(view))
    assert count_colour(img, (4, 9), COLOURS["green"]) > 60  # the line through a square with nobody on it
    assert count_colour(decode(R.render(make_view())), (4, 9), COLOURS["green"]) == 0


def test_chinese_player_names_render_with_the_cjk_font():
    view = make_view()
    plain = decode(R.render(view))
    named = decode(R.render(view, names={0: "王小明", 1: "陳美玲", 2: "Arthur", 3: "林志豪"}))
    assert plain.tobytes() != named.tobytes()


def test_busy_board_png_stays_small():
    view = make_view(
        phase="move",
        roll=6,
        bombs=[[c, r] for c in range(1, 13, 3) for r in range(2, 12, 2)],
        jacks=[[2, 5], [12, 6], [7, 8]],
        last_move={"man": "jones", "from": [4, 6], "to": [7, 8], "path": [[4, 6], [5, 6], [5, 7], [6, 7], [7, 8]]},
    )
    hl = R.highlights(view, [f"bomb {c},{r}" for c in range(1, 13) for r in (1, 3, 5, 7, 9)])
    assert len(hl) == 60
    assert len(R.render(view, highlight=hl, names={0: "王小明"})) < 150_000


def test_themes():
    assert R.render(make_view(), theme="night") != R.render(make_view())
    with pytest.raises(ValueError):
        R.render(make_view(), theme="no-such-theme")


def test_renders_in_worker_threads_match_sequential_renders():
    """Tables render with asyncio.to_thread: concurrent renders must give the same bytes."""
    from concurrent.futures import ThreadPoolExecutor

    views = [make_view(phase="move", roll=c % 6 + 1, bombs=[[c, 7]]) for c in range(1, 9)]
    expected = [R.render(v, highlight={"A": [v["bombs"][0][0], 3]}) for v in views]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda v: R.render(v, highlight={"A": [v["bombs"][0][0], 3]}), views * 2))
    assert got == expected * 2


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(c: tuple[int, int, int]) -> float:
        lin = [(v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("theme", sorted(R.THEMES))
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_words_on_a_team_colour_are_legible_in_every_theme(theme, seat, monkeypatch):
    """The phase pill in the acting team's colour (yellow in the night theme was white on yellow)."""
    drawn: list[tuple] = []
    original = R.pill

    def recording(text, height, fill, text_fill, *args, **kwargs):
        drawn.append((text, fill, text_fill))
        return original(text, height, fill, text_fill, *args, **kwargs)

    monkeypatch.setattr(R, "pill", recording)
    R.compose(make_view(turn=seat), theme=theme)
    (_, fill, text_fill), = [d for d in drawn if d[0] == R.MESSAGES["board.dads_army.phase.roll"]]
    assert _contrast(fill, text_fill) >= 3, (theme, fill, text_fill)


@pytest.mark.parametrize("text", ["Ada 7", "▶ Chen Wei-Ling 123", "美玲 5", "★ 林小華 4096", "Jo", "gyp", "…", "",
                                  "Maximilian 9999"])
@pytest.mark.parametrize("kind,at_least", [("bold", 12), ("bold", 24), ("condensed", 12), ("regular", 12)])
def test_legible_picks_the_size_measuring_every_size_would(text, kind, at_least):
    from renderer.common import font_for, letters_height

    size = at_least
    while True:  # the plain way: measure the text at each size until it stands high enough
        f = font_for(text, size, kind)
        high = letters_height(f, text)
        if high is None or high >= R.LEGIBLE_PX or size >= R.LARGEST:
            break
        size += 1
    R.legible.cache_clear()
    assert (R.legible(text, kind, at_least).path, R.legible(text, kind, at_least).size) == (f.path, f.size)


@pytest.mark.parametrize("theme", sorted(R.THEMES))
@pytest.mark.parametrize("at", [(200.0, 300.0), (218.5, 300.0), (181.5, 318.5)])
def test_a_figure_pasted_whole_is_the_token_with_its_code_drawn_on_it(theme, at):
    from PIL import ImageDraw

    from renderer.common import paste_centred

    th = R.THEMES[theme]
    for man, team, called, arrived in [("mainwaring", "red", False, False), ("pike", "yellow", True, True),
                                       ("hodges", None, False, False), ("godfrey", "green", True, False)]:
        ground = Image.new("RGB", (400, 400), th["paper2"])
        ImageDraw.Draw(ground).rectangle((190, 290, 240, 340), fill=th["hl"])  # a ground of two colours
        whole, apart = ground.copy(), ground.copy()
        R._paste_figure(whole, th, man, team, at, R.FIGURE, called, arrived)
        sprite = R._hodges_token(th, R.FIGURE) if team is None else R._man_token(th, man, team, R.FIGURE, called,
                                                                                  arrived)
        paste_centred(apart, sprite, at)
        code = R.INITIALS[man]
        ink = (25, 25, 25) if team is None else R._ink_on(th, team)
        ImageDraw.Draw(apart).text((at[0], at[1] + 1), code, font=R.legible(code, "condensed"), fill=ink,
                                   anchor="mm")
        assert whole.tobytes() == apart.tobytes(), (man, team)


def _label_views() -> list[dict]:
    """Views whose labels take every form: on the map alone, over a highlight, on a tag (a man on
    each shelter, base and the tank), left off (words on the square), in both themes' words."""
    board = R.load_board()
    plain = make_view()
    crowded = make_view()
    icons = [board.ews_tank, *board.wd_bases, *board.shelters.values()]
    for man, sq in zip(crowded["men"], icons, strict=False):
        crowded["men"][man]["square"] = list(sq)
    crowded["hodges"] = list(icons[-1])
    lit = make_view(players=2)
    return [plain, crowded, lit]


def _highlight(view: dict) -> dict:
    board = R.load_board()
    return {"A": list(board.ews_tank), "B": list(board.shelters[1]), "C": [3, 4]} if len(view["players"]) == 2 else {}


@pytest.mark.parametrize("theme", list(R.THEMES))
def test_a_kept_label_is_drawn_where_its_area_says_and_pastes_as_drawn(theme, monkeypatch):
    painted: list[tuple[tuple[int, int, int, int], Image.Image, Image.Image]] = []

    def painting(canvas, area, key, paint):  # the label drawn afresh, every pixel it changed noted
        before = canvas.copy()
        paint()
        painted.append((area, before, canvas.copy()))

    monkeypatch.setattr(R, "_kept_label", painting)
    fresh = [R.compose(v, highlight=_highlight(v), theme=theme) for v in _label_views()]
    monkeypatch.undo()
    assert len(painted) >= 3 * 5  # the tank and four shelters on each board at least
    for area, before, after in painted:
        changed = ImageChops.difference(before, after).getbbox()
        assert changed is not None  # a label draws something
        assert (changed[0] >= area[0] and changed[1] >= area[1] and changed[2] <= area[2]
                and changed[3] <= area[3]), (area, changed)
    R._LABELS.cache_clear()
    for _ in range(2):  # drawn and kept, then pasted from what was kept
        kept = [R.compose(v, highlight=_highlight(v), theme=theme) for v in _label_views()]
        assert [k.tobytes() for k in kept] == [f.tobytes() for f in fresh]
    assert len(R._LABELS) > 0


def test_a_kept_label_is_not_pasted_over_other_ground(monkeypatch):
    view = make_view()
    c, r = R.load_board().shelters[2]
    across = make_view(last_move={"man": "jones", "from": [c - 1, r], "path": [[c, r]], "to": [c + 1, r]})
    monkeypatch.setattr(R, "_kept_label", lambda canvas, area, key, paint: paint())
    fresh = R.compose(across)
    monkeypatch.undo()
    R._LABELS.cache_clear()
    R.compose(view)  # the shelter's plate kept over the bare map
    again = R.compose(across)  # the same plate over the path drawn across its square
    assert again.tobytes() == fresh.tobytes()
    assert again.tobytes() != R.compose(view).tobytes()
