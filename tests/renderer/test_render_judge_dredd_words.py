"""Judge Dredd board words, hidden information, labels for prompts, and the hand image."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from gavel.tables import i18n
from renderer import common
from renderer import judge_dredd as R
from renderer import judge_dredd_map as M
from renderer.judge_dredd_look import MESSAGES
from tests.renderer import dredd_views as V
from tests.renderer.views import decode, missing_glyphs

TH = R.THEMES["classic"]


def fits(img) -> bool:
    """The board is as wide as the layout and no taller: it ends where its table ends."""
    return img.width == R.WIDTH and 0 < img.height <= R.HEIGHT


def exact(img: Image.Image, box, rgb) -> int:
    """Pixels of exactly that colour inside a box."""
    d = img.crop(tuple(round(v) for v in box)).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(d), 3) if tuple(d[i : i + 3]) == tuple(rgb))


def every_kind_of_view() -> list[dict]:
    """Views that between them show every word the board can draw."""
    views = [f() for f in V.ALL.values()]
    for phase in ("place", "movement", "arrest", "issue", "cadet", "over"):
        views.append(V.make_view(phase=phase, winner=1 if phase == "over" else None))
    for kind in ("before_move", "after_moves", "before_fight", "after_arrest", "answer", "issue"):
        views.append(V.make_view(window={"kind": kind, "for": 1, "passed": [0], "pending": None}))
    for result in ("arrested", "failed", "standoff", "voided", "won", "tie"):
        for kind in ("perp", "alien", "block", "cadet"):
            views.append(V.make_view(last_fight={"kind": kind, "judges": [0], "crime": "murder", "perp_rolls": [3],
                                                 "perp_total": 12, "rolls": {"0": [5]}, "totals": {"0": 10},
                                                 "winner": 0, "result": result}))
    v = V.make_view()
    v["judges"][0] |= {"standoff": "murder", "miss_moves": 2, "block_with": 1, "at": "icu"}
    views.append(v)
    v = V.make_view(phase="arrest", skipping=[0])
    v["judges"][1]["chosen"] = "murder"
    views.append(v)
    views.append(V.make_view(end_holder=2))
    views.append(V.make_view(quiet_turns=5, quiet_left=3))  # R26's warning
    return views


def recorder(lang: str = "en") -> tuple[set[str], common.Text]:
    asked: set[str] = set()

    def text(key: str) -> str:
        asked.add(key)
        return i18n.gettext(key, lang)

    return asked, text


def test_every_word_the_board_asks_for_is_in_both_catalogues():
    asked, text = recorder()
    for view in every_kind_of_view():
        R.render(view, text=text)
    kinds = ("sonic_cannon", "judge_dredd", "alien_creature", "edwin_parsey", "block_mania")  # every window tag
    hand = V.with_hand(V.make_view(), 0, list(kinds))
    R.render_hand(hand, text=text)
    en, zh_tw = i18n.catalogue("en"), i18n.catalogue("zh-TW")
    assert sorted(k for k in asked if k not in en) == []
    assert sorted(k for k in asked if k not in zh_tw) == []
    mine = {k for k in asked if k.startswith("judge_dredd.board.")}
    assert mine == set(MESSAGES)  # every id declared is one it uses


def test_built_in_english_is_the_english_catalogue():
    en = i18n.catalogue("en")
    assert {k: en.get(k) for k in MESSAGES} == MESSAGES


def test_every_zh_tw_board_word_has_glyphs_in_the_cjk_font():
    for key in MESSAGES:
        word = i18n.gettext(key, "zh-TW")
        assert missing_glyphs(word.replace("{", "").replace("}", ""), common.font_for(word, 24, "bold")) == [], key


def test_sector_names_come_from_the_text_function():
    """The map shows codes; a Sector named in the panel (the Quarantine) is in the reader's words."""
    view = V.make_view()
    view["quarantine"] = {"sector": "aqu", "lifts_after_turn": 3}
    asked, text = recorder("zh-TW")
    R.render(view, text=text)
    assert "judge_dredd.sector.aqu" in asked
    english = decode(R.render(view))
    chinese = decode(R.render(view, text=lambda k: i18n.gettext(k, "zh-TW")))
    panel = (0, M.PANEL_Y, R.WIDTH, min(english.height, chinese.height))
    assert english.crop(panel).tobytes() != chinese.crop(panel).tobytes()
    box = tuple(round(v) for v in M.sector_box("hos"))
    assert english.crop(box).tobytes() == chinese.crop(box).tobytes()  # codes, the same in every language


@pytest.mark.parametrize("names", [{0: "AI 1", 1: "Bob"}, {0: "王小明", 1: "陳美玲 🎲"}])
def test_player_names_appear_in_the_panel_not_on_the_map(names):
    view = V.make_view(2)
    plain, named = decode(R.render(view)), decode(R.render(view, names=names))
    panel = (0, M.PANEL_Y, R.WIDTH, R.HEIGHT)
    board = (0, M.MY, R.WIDTH, M.PANEL_Y)
    assert plain.crop(panel).tobytes() != named.crop(panel).tobytes()
    assert plain.crop(board).tobytes() == named.crop(board).tobytes()


# ---------------------------------------------------------------------------- hidden information


def test_a_spectator_board_never_asks_for_an_unrevealed_perp():
    """Rendering reads only the view: a face-down Perp is null there, so its name is never
    looked up, and the Perps that are revealed are."""
    for make in V.ALL.values():
        view = make()
        asked, text = recorder()
        R.render(view, text=text)
        shown = {c["perp"] for c in view["crimes"] if c.get("perp")}
        perps = {k.removeprefix("judge_dredd.perp.") for k in asked if k.startswith("judge_dredd.perp.")}
        assert perps <= shown
        hidden = {V.SECRET_PERPS[c["crime"]][0] for c in view["crimes"] if not c.get("perp")}
        assert not perps & hidden


def test_a_face_down_perp_leaves_no_trace_of_who_it_is():
    """Two views that differ only in who would be under a face-down card give the same image:
    nothing but the view reaches the renderer."""
    a = V.make_view()
    b = copy.deepcopy(a)
    b["crimes"][0]["secret_note"] = "judge_death"  # a stray field is ignored
    assert R.render(a) == R.render(b)


def test_a_peeked_perp_shows_its_value_on_the_card_back_for_that_seat_only():
    public = V.make_view()
    mine = copy.deepcopy(public)
    mine["seat"] = 0
    mine["crimes"][0] |= {"perp": "judge_death", "perp_cv": 9}  # peeked: not revealed
    asked, text = recorder()
    R.render(mine, text=text)
    assert "judge_dredd.perp.judge_death" in asked
    box = R.crime_boxes(mine)["murder"]
    assert exact(decode(R.render(mine)), box, TH["perp_back"]) > 150  # still the dark back: not face up
    asked, text = recorder()
    R.render(public, text=text)
    assert "judge_dredd.perp.judge_death" not in asked


# ---------------------------------------------------------------------------- labels for prompts

MOVES = ["move rob-hos", "move rob-und-agg", "move rob-hos-agg", "move rob", "stay", "pass",
         "play sonic_cannon or blue"]


def test_highlights_label_each_reachable_sector_once_in_reading_order():
    hl = R.highlights(V.make_view(), MOVES)
    assert hl == {"A": "rob", "B": "hos", "C": "agg"}


def test_highlights_are_stable_whatever_the_action_order():
    import random

    first = R.highlights(V.make_view(), MOVES)
    for seed in range(5):
        shuffled = MOVES[:]
        random.Random(seed).shuffle(shuffled)
        assert R.highlights(V.make_view(), shuffled) == first


def test_label_actions_matches_highlights():
    view = V.make_view()
    labels = R.label_actions(view, MOVES)
    assert labels["stay"] is None and labels["pass"] is None and labels["play sonic_cannon or blue"] is None
    assert labels["move rob-hos-agg"] == labels["move rob-und-agg"] == "C"
    hl = R.highlights(view, MOVES)
    for action, label in labels.items():
        if label:
            assert hl[label] == R.action_target(action)


def test_place_actions_label_starting_sectors():
    view = V.placement()
    actions = ["place w17", "place spc", "place arm", "place ghj"]
    assert R.highlights(view, actions) == {"A": "w17", "B": "spc", "C": "arm", "D": "ghj"}


def test_arrest_choices_label_the_crimes_and_the_alien():
    view = V.crowded()
    view["alien"] = {"sector": "smk", "cf": 6}
    hl = R.highlights(view, ["arrest arson", "arrest littering", "arrest alien"])
    assert hl == {"A": "littering", "B": "arson", "C": "alien"}  # the view's order, the Alien last


def test_highlighted_sector_and_crime_are_marked_on_the_board():
    view = V.crowded()
    plain = decode(R.render(view))
    img = decode(R.render(view, highlight={"A": "hos", "B": "arson"}))
    box = M.sector_box("hos")
    assert exact(img, box, TH["hl_edge"]) > 150 and exact(plain, box, TH["hl_edge"]) == 0
    crime = R.crime_boxes(view)["arson"]
    wide = (crime[0] - 14, crime[1] - 4, crime[2] + 4, crime[3] + 4)
    assert exact(img, wide, TH["hl_edge"]) > 60 and exact(plain, wide, TH["hl_edge"]) == 0


def test_many_highlighted_sectors_render():
    view = V.make_view()
    actions = [f"move w17-{c}" for c in ("wea", "res", "rob", "oil", "und", "iso", "hos", "agg", "ghj", "row", "syn",
                                         "spc", "zoo", "aer")]
    hl = R.highlights(view, actions)
    assert len(hl) == 14
    assert fits(decode(R.render(view, highlight=hl)))


# ---------------------------------------------------------------------------- the hand image


def test_hand_image_for_the_viewing_seat():
    view = V.with_hand(V.make_view(), 1, ["sonic_cannon", "judge_hershey", "edwin_parsey"])
    png = R.render_hand(view, names={1: "Bea"})
    img = Image.open(io.BytesIO(png))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and img.mode == "P"
    assert R.render_hand(copy.deepcopy(view), names={1: "Bea"}) == png  # deterministic
    taller = Image.open(io.BytesIO(R.render_hand(V.with_hand(V.make_view(), 1, ["sonic_cannon"] * 6))))
    assert taller.width == img.width and taller.height > img.height  # two cards a row, whatever the hand


def test_no_hand_image_for_a_spectator_or_an_empty_hand():
    assert R.render_hand(V.make_view()) is None
    assert R.render_hand(V.with_hand(V.make_view(), 0, [])) is None


def test_hand_image_asks_for_each_cards_name_and_option_texts():
    asked, text = recorder("zh-TW")
    view = V.with_hand(V.make_view(), 0, ["sonic_cannon", "edwin_parsey", "judge_anderson"])
    R.render_hand(view, text=text)
    for card in ("sonic_cannon", "edwin_parsey", "judge_anderson"):
        assert f"judge_dredd.cardname.{card}" in asked
        assert f"judge_dredd.cardtext.{card}.main" in asked
    assert "judge_dredd.cardtext.sonic_cannon.or" in asked
    assert "judge_dredd.cardtext.edwin_parsey.or" not in asked  # it has no OR option
    assert {"judge_dredd.board.card_window.arrest", "judge_dredd.board.card_window.reaction",
            "judge_dredd.board.judge_card"} <= asked


def test_depicts_judge_cards_are_marked():
    plain = decode(R.render_hand(V.with_hand(V.make_view(), 0, ["sonic_cannon"])))
    judge = decode(R.render_hand(V.with_hand(V.make_view(), 0, ["judge_giant"])))
    top = lambda img: (0, 50, img.width, img.height)  # noqa: E731  below the title
    assert exact(judge, top(judge), TH["gold"]) > exact(plain, top(plain), TH["gold"]) + 100
