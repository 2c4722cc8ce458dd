"""The Judge Dredd board and hand read on a phone: every word at least 9 px high when the picture
is shown 400 px wide (measured the way `bench/legibility.py` measures), each Sector's code on its
Sector, each Judge inside their Sector, prompt labels by their targets, the codes over the last
Move's arrow, each player's name beside their Judge's disc, and still nothing the view hides."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import pytest
from PIL import Image

from gavel.tables import i18n
from renderer import judge_dredd as R
from renderer import judge_dredd_map as M
from renderer import judge_dredd_panel as PANEL
from renderer import judge_dredd_pieces as P
from rules.judge_dredd.content import load_board, load_perps
from tests.renderer import dredd_views as V
from tests.renderer.views import decode
from tests.test_legibility import legibility

TH = R.THEMES["classic"]
NAMES = {0: "Mainwaring", 1: "Alexandra", 2: "陳大文", 3: "Pike", 4: "Walker", 5: "Godfrey"}
HAND = ["sonic_cannon", "judge_dredd", "alien_creature", "edwin_parsey", "block_mania",
        "barney_black_atlantic_docks", "tip_off_perp_moves"]
"""Seven cards (one more than a hand keeps), every window tag, the longest names and texts."""


def english(key: str) -> str:
    return i18n.gettext(key, "en")


def chinese(key: str) -> str:
    return i18n.gettext(key, "zh-TW")


def drawn(draw: Callable[[], bytes | None]) -> tuple[Image.Image, list[Any]]:
    """The picture `draw` returns and the texts on it (each with its box there), as the bench sees them."""
    bench = legibility()
    with bench.measuring() as seen:
        png = draw()
        assert png is not None and seen.saved
        texts = seen.final(seen.saved[-1])
    return Image.open(io.BytesIO(png)).convert("RGB"), texts


def read(draw: Callable[[], bytes | None]) -> tuple[Image.Image, list[Any], float]:
    """`drawn`, with the height of its smallest text when the picture is shown `PHONE_WIDTH` wide
    (as `bench.measure` scales it): one drawing read for its words, its pixels and its sizes."""
    bench = legibility()
    with bench.measuring() as seen:
        png = draw()
        assert png is not None and seen.saved
        final = seen.saved[-1]
        texts = seen.final(final)
    assert texts
    px = min(t.px for t in texts) * bench.PHONE_WIDTH / final.width
    return Image.open(io.BytesIO(png)).convert("RGB"), texts, float(px)


BUILT: Mapping[str, Callable[[], dict[str, Any]]] = {
    **V.ALL, "public": V.make_view, "murder_revealed": lambda: V.reveal(V.make_view(), "murder")}


@cache
def board(name: str, lang: str = "en", prompts: tuple[str, ...] = ()) -> tuple[Image.Image, list[Any], float]:
    """The board `BUILT[name]` with `prompts` lettered, in `lang`, with the players' names,
    read once (`read`) and shared by every test that reads that very board: measuring
    draws it afresh, the costly part; the tests only read the picture and its texts."""
    view = BUILT[name]()
    hl = R.highlights(view, list(prompts))
    words = english if lang == "en" else chinese
    return read(lambda: R.render(view, highlight=hl, names=NAMES, text=words))


def phone_board(name: str, lang: str = "en") -> tuple[Image.Image, list[Any], float]:
    """The board as `test_every_kind_of_board_reads_on_a_phone` reads it: its prompt lettered, names on."""
    return board(name, lang, tuple(PROMPTS.get(name, [])))


def inside(inner: tuple[float, ...], outer: tuple[float, ...], slack: float = 0.0) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def in_polygon(pt: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> bool:
    x, y = pt
    found = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


# ---------------------------------------------------------------------------- 9 px at 400 px wide


def test_the_bench_measures_the_board_and_the_hand_at_9_px_or_more():
    bench = legibility()
    found = bench.pictures("judge_dredd")
    for key in ("judge_dredd", "judge_dredd.hand"):
        figures = found[key].figures()
        assert figures["min_text_px_at_400"] >= bench.MIN_PX, (key, figures["smallest"])


PROMPTS: Mapping[str, list[str]] = {
    "movement_window": ["move rob-hos", "move rob-und-agg", "move rob-hos-agg", "stay"],
    "crowded": ["arrest littering", "arrest arson"],
    "placement": ["place w17", "place ghj", "place cty"],
    "quarantine_alien": ["arrest alien", "arrest robot_smashing"],
}


ONE_LANGUAGE = {"placement": "zh-TW", "movement_window": "en", "quarantine_alien": "zh-TW"}
"""Four-Judge boards, whose layout `fight_with_cards` reads in both languages: each read in one.
The three-, five- and six-Judge boards (the end, ICU, crowded) and the fight, whose panel holds
the most words, are read in both."""
PHONE_CASES = [(name, lang) for name in sorted(V.ALL) for lang in ("en", "zh-TW")
               if ONE_LANGUAGE.get(name, lang) == lang]


def test_the_phone_sample_reads_every_board_and_every_seat_count_in_both_languages():
    assert {name for name, _ in PHONE_CASES} == set(V.ALL)
    for seats in {len(V.ALL[name]()["judges"]) for name in V.ALL}:
        langs = {lang for name, lang in PHONE_CASES if len(V.ALL[name]()["judges"]) == seats}
        assert langs == {"en", "zh-TW"}, seats


@pytest.mark.parametrize(("name", "lang"), PHONE_CASES)
def test_every_kind_of_board_reads_on_a_phone(name, lang):
    assert phone_board(name, lang)[2] >= 9.0


@pytest.mark.parametrize("words", [english, chinese], ids=["en", "zh-TW"])
def test_a_full_hand_reads_on_a_phone_with_every_word_in_full(words):
    view = V.with_hand(V.make_view(), 0, HAND)
    img, texts, px = read(lambda: R.render_hand(view, names=NAMES, text=words))
    assert img.width <= 410  # what a phone shows: no scaling down
    assert px >= 9.0
    assert not any(t.text.endswith("…") for t in texts)  # no card text is cut


# ---------------------------------------------------------------------------- the map


def test_every_sector_code_is_drawn_on_its_sector():
    """On the six-Judge board with its Crimes' labels (every Sector's code, Judges and labels about)."""
    _, texts, _ = phone_board("crowded")
    for code in load_board().sectors:
        boxes = [t.box for t in texts if t.text == code.upper()]
        assert any(inside(b, M.sector_box(code)) for b in boxes), code


@pytest.mark.parametrize("name", sorted(V.ALL))
def test_each_judge_stands_inside_their_own_sector(name):
    view = V.ALL[name]()
    for seat, ((x, y), dia) in P.judge_positions(view).items():
        at = next(j["at"] for j in view["judges"] if j["seat"] == seat)
        disc = (x - dia / 2, y - dia / 2, x + dia / 2, y + dia / 2)
        if at == "icu":
            assert inside(disc, M.ICU_BOX)
            continue
        assert inside(disc, M.sector_box(at)), (seat, at)
        assert in_polygon((x, y), M.sector_polygon(at)), (seat, at)
        for corner in ((disc[0], y), (disc[2], y), (x, disc[1]), (x, disc[3])):
            assert in_polygon(corner, M.sector_polygon(at)), (seat, at, corner)
        others = [c for c in load_board().sectors if c != at and in_polygon((x, y), M.sector_polygon(c))]
        assert others == []


def test_four_judges_and_two_crimes_in_one_sector_do_not_overlap():
    view = V.crowded()
    chips = [b for b in P.crime_boxes(view).values() if P.sector_of(b) == "smk"]
    discs = [(x - d / 2, y - d / 2, x + d / 2, y + d / 2) for (x, y), d in P.judge_positions(view).values()
             if inside((x, y, x, y), M.sector_box("smk"))]
    assert len(chips) == 2 and len(discs) == 4
    for c in chips:
        for d in discs:
            assert c[3] <= d[1] or d[3] <= c[1] or c[2] <= d[0] or d[2] <= c[0]


def test_the_last_move_runs_under_the_sector_codes():
    """The arrow of Blue's Move spc → aer → zoo crosses the Aeroball Stadium's top band: the code
    is drawn after it, on its plate, so it reads the same with the arrow or without."""
    with_move = V.movement_window()
    without = copy.deepcopy(with_move)
    without["last_move"] = None
    x, y = M.code_spot("aer")
    plate = (round(x - 3), round(y - 12), round(x + 44), round(y + 12))
    a, b = decode(R.render(with_move)), decode(R.render(without))
    assert a.convert("RGB").crop(plate).tobytes() == b.convert("RGB").crop(plate).tobytes()
    centre = M.sector_centre("aer")
    assert a.convert("RGB").crop((round(centre[0]) - 3, round(centre[1]) - 3, round(centre[0]) + 3,
                                  round(centre[1]) + 3)).tobytes() != \
        b.convert("RGB").crop((round(centre[0]) - 3, round(centre[1]) - 3, round(centre[0]) + 3,
                               round(centre[1]) + 3)).tobytes()  # the arrow is there


def test_a_sector_label_sits_under_its_code_not_on_it():
    view = V.placement()
    hl = R.highlights(view, ["place w17", "place ghj"])
    _, texts = drawn(lambda: R.render(view, highlight=hl))
    for label, code in hl.items():
        box = next(t.box for t in texts if t.text == label and inside(t.box, M.sector_box(code)))
        code_box = next(t.box for t in texts if t.text == code.upper())
        assert box[1] >= code_box[3]  # below the code


def test_crime_labels_are_on_their_chips_and_beside_their_lines_in_the_panel():
    view = V.crowded()
    hl = R.highlights(view, PROMPTS["crowded"])
    assert len(hl) == 2
    _, texts, _ = phone_board("crowded")
    chips = P.crime_boxes(view)
    for label, crime in hl.items():
        on_map = [t for t in texts if t.text == label and inside(t.box, chips[crime], slack=2)]
        assert on_map, label
        line = [t for t in texts if t.text == label and t.box[1] > M.PANEL_Y]
        assert len(line) == 1
        cy = (line[0].box[1] + line[0].box[3]) / 2
        same_line = {t.text for t in texts if t.box[1] < cy < t.box[3]}
        assert "SMK" in same_line and english(f"judge_dredd.crime.{crime}") in same_line


def test_each_crime_is_listed_with_its_sectors_code_and_values():
    _, texts, _ = board("murder_revealed")
    line = next(t for t in texts if t.text == "Murder")
    cy = (line.box[1] + line.box[3]) / 2
    same_line = [t.text for t in texts if t.box[1] < cy < t.box[3] and t.box[1] > M.PANEL_Y]
    assert same_line[:1] == ["ZOO"] or "ZOO" in same_line
    assert {"6", "Judge Death", "9"} <= set(same_line)


# ---------------------------------------------------------------------------- names and colours


@pytest.mark.parametrize("name", ["crowded", "movement_window", "fight_with_cards"])
def test_every_players_name_is_beside_their_judges_disc(name):
    """Each board read with its prompt lettered, as the phone test reads it."""
    view = V.ALL[name]()
    img, texts, _ = phone_board(name)
    for j in view["judges"]:
        seat = j["seat"]
        rows = [t for t in texts if t.text.endswith(NAMES[seat]) and t.box[1] > M.PANEL_Y
                and abs(t.box[0] - (PANEL.X0 + 42)) < 2]
        assert len(rows) == 1, seat
        cy = round((rows[0].box[1] + rows[0].box[3]) / 2)
        colour = TH["judge_" + j["colour"]]
        near = [img.getpixel((PANEL.X0 + 21 + dx, cy + dy)) for dx in (-9, 9) for dy in (-3, 3)]
        assert any(sum(abs(a - b) for a, b in zip(px, colour, strict=True)) < 40 for px in near), seat


def test_the_status_line_puts_the_players_disc_before_their_name():
    img, texts, _ = phone_board("movement_window")  # a window before Green's Move
    line = next(t for t in texts if NAMES[2] in t.text and "moves" in t.text)
    cy = round((line.box[1] + line.box[3]) / 2)
    green = TH["judge_green"]
    strip = colours(img, (PANEL.X0, cy - 12, round(line.box[0]), cy + 12))
    assert strip and any(sum(abs(a - b) for a, b in zip(px, green, strict=True)) < 40 for px in strip)


# ---------------------------------------------------------------------------- hidden information


def test_a_face_down_perp_is_neither_named_nor_valued_anywhere():
    public = V.make_view()
    img, texts, _ = board("public")
    words = {t.text for t in texts}
    for perp, _cv in V.SECRET_PERPS.values():
        assert load_perps()[perp].name not in words
    _, shown, _ = board("murder_revealed")
    assert "Judge Death" in {t.text for t in shown} and "9" in {t.text for t in shown}
    # the chips of the face-down Perps keep their dark half on the map, with no value on it
    chip_texts = [t for t in texts if t.box[3] < M.PANEL_Y]
    for crime, (x0, y0, x1, y1) in P.crime_boxes(public).items():
        half = (x0 + 2, y0 + 2, (x0 + x1) / 2 - 1, y1 - 2)
        assert count(img, half, TH["perp_back"]) > 100, crime
        assert not [t for t in chip_texts if inside(t.box, half, slack=2)], crime


def colours(img: Image.Image, box: tuple[float, ...]) -> dict[tuple[int, int, int], int]:
    """How many pixels of each colour `box` of `img` holds (Pillow counts them)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    part = img.crop((x0, y0, x1, y1))
    return {c: n for n, c in part.getcolors(max(1, part.width * part.height)) or []}


def count(img: Image.Image, box: tuple[float, ...], colour: tuple[int, int, int]) -> int:
    return colours(img, box).get(colour, 0)



def test_a_sector_label_never_covers_a_crime_chip():
    """Wide labels on Sectors with one Crime (Dan Tanna Block, Resyk) and two (the Alien Zoo): each
    pill (its letters and their padding) stays off the chips."""
    view = V.movement_window()
    view["crimes"][3]["sector"] = "zoo"  # Arson joins Murder in the Alien Zoo
    view["crimes"][1]["sector"] = "dan"
    hl = {"W": "dan", "M": "res", "WW": "zoo", "A": "und"}
    chips = P.crime_boxes(view)
    _, texts = drawn(lambda: R.render(view, highlight=hl))
    labels = [t for t in texts if t.text in hl and t.box[3] < M.PANEL_Y]
    assert len(labels) == len(hl)
    for t in labels:
        x0, y0, x1, y1 = t.box[0] - 10, t.box[1] - 4, t.box[2] + 10, t.box[3] + 4  # the pill round the letters
        assert inside((x0, y0, x1, y1), M.sector_box(hl[t.text]))
        for chip in chips.values():
            assert x1 <= chip[0] or chip[2] <= x0 or y1 <= chip[1] or chip[3] <= y0, (t.text, chip)
