"""The City of Judgement board image: valid, deterministic and pure at 4-9 seats, its background
drawn once per ring; the six locations with their numbers, the pieces, the damage track with each
marker and HP mark; bilingual words that exist in both catalogues; no secret drawn (the board reads
only the public part of a view). The views here are built by hand in the brief's schema; the real
engine's are in `test_judgement_engine.py`."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from gavel.tables import i18n
from renderer import common, judgement_board
from renderer import judgement as R
from renderer.judgement_board import (
    BAND_H,
    HEIGHT,
    PANEL_Y0,
    TRACK_BOTTOM,
    TRACK_Y0,
    TRACK_Y1,
    WIDTH,
    cell_x,
    tile_box,
)
from renderer.judgement_look import COLOURS, MESSAGES, THEMES
from rules.judgement import state as S
from rules.judgement.content import load
from tests.renderer.views import colour_count, decode, missing_glyphs

ROOT = Path(__file__).resolve().parents[2]
TH = THEMES["classic"]
TEXTS = {lang: (lambda key, lang=lang: i18n.gettext(key, lang)) for lang in i18n.LANGUAGES}
"""Every language's words, as the service gives them: the public board draws Chinese and English."""
RING = ["ossuary", "tavern", "alchemist_tower", "market_square", "black_market", "cathedral"]


def make_view(seats: int = 6, **changes: Any) -> dict[str, Any]:
    """A public view in the brief's schema: turn 5, seat 2 to move, pieces round the ring."""
    players = [
        {"seat": s, "colour": S.COLOURS[s], "at": RING[s % 6], "damage": 0, "alive": True, "revealed": False,
         "character": None, "hp": None, "identity": None, "equipment": [], "used": [], "sealed": False,
         "shield": None, "picked": True, "start_roll": None}
        for s in range(seats)
    ]
    view = {
        "game": "judgement", "version": 40, "seat": None, "seats": seats, "variants": [], "phase": "turn",
        "step": "move", "active": 2, "turn_no": 5, "turn_order": list(range(seats)), "to_act": [2],
        "ring": list(RING), "players": players, "decks": {"holy": 11, "dark": 9, "order": 12},
        "discards": {"holy": ["holy_water"], "dark": [], "order": 2}, "frame": None,
        "last_roll": {"seat": 1, "d4": 3, "d6": 5, "total": 8, "why": "move"}, "attack": None, "dead_order": [],
        "over": False, "winners": [], "reason": "", "me": None,
    }
    view.update(copy.deepcopy(changes))
    return view


def busy_view(seats: int = 7) -> dict[str, Any]:
    """Mid-game: face-up characters with HP, equipment, a dead assassin, 封印, a shield, an attack and
    the rescue window open."""
    v = make_view(seats)
    p = v["players"]
    p[0].update(revealed=True, character="white_fairy", hp=8, damage=3, equipment=["holy_vestment", "flail"],
                identity="guard")
    p[1].update(damage=5, equipment=["amulet"], sealed=True)
    p[2].update(revealed=True, character="blood_count", hp=13, damage=5, shield="attack",
                equipment=["astrolabe", "cursed_blade", "silver_rosary"])
    p[3].update(alive=False, revealed=True, character="apothecary", hp=9, damage=9, identity="assassin")
    for s in range(4, seats):
        p[s].update(damage=3 * (s - 3), at="tavern")
    v["frame"] = {"kind": "rescue", "asked": [0, 1], "passed": [2]}
    v["attack"] = {"attacker": 2, "targets": [1], "d4": 1, "d6": 5, "dealt": {"1": 4}, "again": 0}
    v["dead_order"] = [3]
    return v


def me_of(seat: int, **changes: Any) -> dict[str, Any]:
    me = {"seat": seat, "identity": "guard", "character": "mercenary", "hp": 14, "goal": None, "options": [],
          "order": None, "orders": [], "known": {}, "frame": None}
    me.update(changes)
    return me


def count(img: Image.Image, box: tuple[float, float, float, float], rgb: tuple[int, int, int], tol: int = 6) -> int:
    return colour_count(img, box, rgb, tol)


# ---------------------------------------------------------------------------- the image


@pytest.mark.parametrize("seats", range(4, 10))
def test_board_renders_at_4_to_9_seats_as_a_small_paletted_png(seats):
    png = R.render(busy_view(seats), names={0: "Ann", 1: "王小明"}, texts=TEXTS)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    # portrait, as tall as its rows need: the full HEIGHT at nine seats
    assert img.size == (WIDTH, R.board_height(busy_view(seats))) and WIDTH == R.WIDTH == 560
    assert (img.height == HEIGHT) == (seats == 9) and img.height <= HEIGHT and img.height > WIDTH
    assert img.mode == "P"
    assert len(png) < 150_000


def test_render_is_deterministic_and_pure():
    view = busy_view(9)
    before = copy.deepcopy(view)
    first = R.render(view, names={0: "Ann"}, highlight={"A": "tavern"})
    R.render(make_view(4))  # other work in between
    assert R.render(copy.deepcopy(view), names={0: "Ann"}, highlight={"A": "tavern"}) == first
    assert view == before


def test_the_background_is_drawn_once_whatever_the_ring(monkeypatch):
    """The costly part of a board (the roads, the empty track) is drawn once per theme, variant and
    languages, then reused by every table, whatever its ring: the location cards are drawn in their
    own areas. The time a board takes is measured by `python bench/run.py --games judgement`
    (render_ms), not asserted here."""
    drawn: list[bool] = []
    real = judgement_board._background

    def counted(pairs, th):
        drawn.append(pairs)
        return real(pairs, th)

    judgement_board.background.cache_clear()
    monkeypatch.setattr(judgement_board, "_background", counted)
    try:
        view = busy_view(9)
        first = R.render(view)
        for _ in range(4):
            assert R.render(view) == first
        assert drawn == [False]
        turned = make_view(9, ring=[*RING[1:], RING[0]])
        other = R.render(turned)
        assert drawn == [False] and other != R.render(make_view(9))  # another ring, the same ground
        judgement_board.background.cache_clear()
        R._BOARDS.cache_clear()
        assert R.render(turned) == other  # drawn afresh on a new ground: the same picture
        assert drawn == [False, False]
    finally:
        judgement_board.background.cache_clear()


def test_the_board_reads_no_secret_a_seats_view_gives_the_same_image_whatever_its_secrets():
    """The board draws the public part only: `me` (identity, face-down character, Order card,
    known identities) never reaches it. (A seat's own board speaks its reader's language alone,
    the public one both: `test_judgement_private_lang.py`.)"""
    public = busy_view(6)
    mine = copy.deepcopy(public) | {"seat": 1, "me": me_of(1, identity="assassin", character="inquisitor", hp=10,
                                                              order="spys_order", known={"0": "guard"})}
    plain = copy.deepcopy(public) | {"seat": 1, "me": me_of(1)}
    assert R.render(mine) == R.render(plain)
    assert R.render(mine, lang="zh-TW", texts=TEXTS) == R.render(plain, lang="zh-TW", texts=TEXTS)


def test_each_location_shows_its_roll_numbers_and_the_pieces_on_it():
    img = decode(R.render(make_view(6)))
    for slot, loc in enumerate(RING):
        x0, y0, x1, y1 = tile_box(slot)
        seat = slot  # seat s stands on RING[s]
        assert count(img, (x0, y0 + BAND_H, x1, y1), TH[f"p_{S.COLOURS[seat]}"]) > 60, loc
    # nobody on the tavern any more: no blue on it
    view = make_view(6)
    view["players"][1]["at"] = "cathedral"
    img = decode(R.render(view))
    x0, y0, x1, y1 = tile_box(RING.index("tavern"))
    assert count(img, (x0, y0 + BAND_H, x1, y1), TH["p_blue"]) == 0
    assert R.render(make_view(6)) != R.render(view)
    assert {load().locations[loc].rolls for loc in RING} == {(2, 3), (4, 5), (6,), (8,), (9,), (10,)}


def test_the_damage_track_puts_each_marker_on_its_value():
    view = make_view(4)
    view["players"][1]["damage"] = 9
    img = decode(R.render(view))
    top, bottom = TRACK_Y0 + 40, TRACK_Y0 + 150
    blue = TH["p_blue"]
    assert count(img, (cell_x(9) - 17, top, cell_x(9) + 17, bottom), blue) > 40
    assert count(img, (cell_x(0) - 17, top, cell_x(0) + 17, bottom), blue) == 0
    # a dead player has no marker
    view["players"][1]["alive"] = False
    img = decode(R.render(view))
    assert count(img, (cell_x(9) - 17, top, cell_x(9) + 17, bottom), blue) == 0


def test_a_face_up_character_gets_an_hp_mark_on_the_track_and_a_face_down_one_none():
    view = make_view(4)
    purple_free = make_view(4)
    view["players"][3].update(revealed=True, character="mercenary", hp=14)  # yellow
    hp_row = (cell_x(14) - 17, TRACK_BOTTOM, cell_x(14) + 17, TRACK_Y1)
    assert count(decode(R.render(view)), hp_row, TH["p_yellow"]) > 10
    assert count(decode(R.render(purple_free)), hp_row, TH["p_yellow"]) == 0


def test_several_markers_on_one_value_are_all_drawn():
    view = make_view(9)
    for p in view["players"]:
        p["damage"] = 4
    img = decode(R.render(view))
    box = (cell_x(4) - 17, TRACK_Y0 + 40, cell_x(4) + 17, TRACK_Y0 + 150)
    for colour in COLOURS:
        if colour in ("white", "black"):
            continue  # the disc edges are dark and light
        assert count(img, box, TH[f"p_{colour}"]) > 15, colour


@pytest.mark.parametrize(
    "changes",
    [
        {"phase": "pick", "turn_no": 0, "to_act": [0, 1, 2, 3], "last_roll": None},
        {"phase": "start_roll", "turn_no": 0, "to_act": [1]},
        {"variants": ["pairs"]},
        {"over": True, "phase": "over", "winners": [0, 2], "reason": "guards"},
        {"over": True, "phase": "over", "winners": [1], "reason": "commoner:apothecary"},
        {"frame": {"kind": "go", "asked": [2], "passed": [], "options": ["tavern", "ossuary"], "why": "move"}},
        {"frame": {"kind": "some_new_kind", "asked": [0, 1, 2], "passed": []}},
        {"ring": []},
        {"players": []},
    ],
)
def test_every_phase_and_odd_views_render(changes):
    view = make_view(4, **changes)
    if view["phase"] == "pick":
        for p in view["players"]:
            p["at"] = None
        view["players"][0]["picked"] = False
    if view["phase"] == "start_roll":
        view["players"][0]["start_roll"] = 9
    img = decode(R.render(view))
    assert img.size == (WIDTH, R.board_height(view))


def test_pairs_variant_draws_other_roads():
    assert R.render(make_view(4, variants=["pairs"])) != R.render(make_view(4))


def test_names_are_drawn_in_any_script_and_change_the_image():
    view = make_view(4)
    assert R.render(view, names={0: "王小明"}) != R.render(view)
    assert R.render(view, names={0: "🎲Zoë"}) != R.render(view)


# ---------------------------------------------------------------------------- labels


def test_go_actions_get_labels_in_ring_order_and_the_image_marks_them():
    view = make_view(4)
    actions = ["go cathedral", "go tavern", "roll", "attack blue"]
    hl = R.highlights(view, actions)
    assert hl == {"A": "tavern", "B": "cathedral"}
    assert R.highlights(view, list(reversed(actions))) == hl
    assert R.label_actions(view, actions) == {"go cathedral": "B", "go tavern": "A", "roll": None,
                                              "attack blue": None}
    x0, y0, x1, _ = tile_box(RING.index("tavern"))
    img = decode(R.render(view, highlight=hl))
    assert count(img, (x0 - 4, y0 - 4, x1, y0 + 2), TH["hl"], tol=10) > 50
    assert count(decode(R.render(view)), (x0 - 4, y0 - 4, x1, y0 + 2), TH["hl"], tol=10) == 0


# ---------------------------------------------------------------------------- words


def _po(lang: str) -> dict[str, str]:
    path = ROOT / "data" / "locale" / lang / "LC_MESSAGES" / "judgement_board.po"
    with path.open("rb") as fh:
        return {str(m.id): str(m.string) for m in read_po(fh) if m.id}


def test_every_board_word_is_in_both_catalogues_and_english_equals_the_built_in():
    en, zh = _po("en"), _po("zh_TW")
    assert en == MESSAGES
    assert set(zh) == set(MESSAGES)
    assert {key: i18n.gettext(key, "zh-TW") for key in MESSAGES} == zh  # the words the service gives the board
    same = {k for k in MESSAGES if zh[k] == en[k]}
    assert same <= {"judgement.board.attack_dice"}, same
    for key, text in zh.items():  # fields survive translation
        assert sorted(_fields(text)) == sorted(_fields(en[key])), key


def _fields(text: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def test_every_label_and_mark_has_its_glyphs():
    """Every word the board draws, in both languages, and the marks (♥ † ▶ ★ → −), in the font
    that draws them; the content names of locations, characters, cards and identities too."""
    texts = [*_po("zh_TW").values(), *_po("en").values(), "♥ † ▶ ★ → − · … 聖 暗 令"]
    c = load()
    for group in (c.locations, c.characters, c.cards, c.identities):
        for record in group.values():
            texts += [record.name.en, record.name.zh_TW]
    for text in texts:
        word = text.replace("{", "").replace("}", "")
        assert missing_glyphs(word, common.font_for(word, 20, "bold")) == [], word
    for mark in "♥†▶★→−·…":
        assert missing_glyphs(mark + "字", common.font("cjk", 20)) == [], mark  # inside Chinese pills


def test_the_same_board_whatever_the_table_language():
    """Public, so bilingual: the caller's `text` changes nothing."""
    view = busy_view(5)
    assert R.render(view, text=lambda key: "XX") == R.render(view)
    assert R.render(view, text=lambda key: "XX", texts=TEXTS) == R.render(view, texts=TEXTS) != R.render(view)


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"sealed": True}, "sealed"),
        ({"shield": "attack"}, "shield"),
        ({"shield": "all"}, "shield"),
        ({"identity": "assassin"}, "id_assassin"),
        ({"identity": "guard"}, "id_guard"),
        ({"alive": False, "identity": "commoner", "revealed": True, "character": "duelist", "hp": 12}, "id_commoner"),
        ({"revealed": True, "character": "duelist", "hp": 12}, "hp"),
    ],
)
def test_each_public_mark_shows_in_the_players_panel(changes, key):
    """封印, the shields, a shown identity, a face-up character's HP: each in its colour on the row, even
    when the row is crowded (9 seats, four equipment cards, a long name)."""
    view = make_view(9)
    view["players"][4]["equipment"] = ["paladins_lance", "amulet", "lucky_brooch", "astrolabe"]
    plain = decode(R.render(view, names={4: "A rather long display name"}))
    view["players"][4].update(changes)
    marked = decode(R.render(view, names={4: "A rather long display name"}))
    panel = (0, PANEL_Y0, WIDTH, HEIGHT)
    assert count(marked, panel, TH[key], tol=3) > count(plain, panel, TH[key], tol=3) + 40


def test_an_open_attack_rings_its_targets_and_an_open_go_edges_its_options():
    """Public frame data drawn on the board: the attack frame's `targets`, the go frame's `options`."""
    plain = make_view(4)
    attack = make_view(4, frame={"kind": "attack", "asked": [2], "passed": [], "by": 2, "targets": [1, 3]})
    assert R.render(attack) != R.render(plain)
    go = make_view(4, frame={"kind": "go", "asked": [2], "passed": [], "options": ["tavern"], "why": "move"})
    x0, y0, x1, _ = tile_box(RING.index("tavern"))
    band = (x0 - 3, y0 - 3, x1, y0)
    assert count(decode(R.render(go)), band, TH["gold"], tol=8) > count(decode(R.render(plain)), band, TH["gold"],
                                                                        tol=8) + 40
