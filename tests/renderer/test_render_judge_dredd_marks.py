"""Judge Dredd board marks a player reads at a glance: who passes for the rest of the Game Turn
(`skip`), the Crime a Judge chose to attempt, the last Move only while it points at its Judge,
Chinese Sector names broken at a name's dot, and labels for Tip Off and Sector-card targets."""

from __future__ import annotations

from gavel.tables import i18n
from renderer import judge_dredd as R
from renderer import judge_dredd_map as M
from renderer.judge_dredd_look import MESSAGES
from tests.renderer import dredd_views as V
from tests.renderer.views import decode

PANEL = (0, M.PANEL_Y, R.WIDTH, M.HEIGHT)


def asked_by(view: dict) -> set[str]:
    asked: set[str] = set()

    def text(key: str) -> str:
        asked.add(key)
        return i18n.gettext(key, "en")

    R.render(view, text=text)
    return asked


def test_a_seat_skipping_the_rest_of_the_turn_is_marked():
    view = V.make_view(window={"kind": "before_move", "for": 1, "passed": [0, 2], "pending": None})
    assert "judge_dredd.board.skipping" not in asked_by(view)
    view["skipping"] = [2]
    assert "judge_dredd.board.skipping" in asked_by(view)
    plain = decode(R.render(V.make_view(window=view["window"]))).crop(PANEL).tobytes()
    assert decode(R.render(view)).crop(PANEL).tobytes() != plain


def test_the_chosen_crime_is_named_in_the_players_row():
    view = V.make_view(phase="arrest")
    view["judges"][1]["chosen"] = "murder"
    asked = asked_by(view)
    assert {"judge_dredd.board.chosen", "judge_dredd.crime.murder"} <= asked
    assert MESSAGES["judge_dredd.board.chosen"].format(crime="Murder") == "→ Murder"


def test_every_mark_of_a_crowded_row_still_fits_somewhere():
    """Passes, Block Mania, a chosen Crime and a miss: a mark that does not fit after the counts
    goes after the name instead of being dropped."""
    view = V.make_view(window={"kind": "before_fight", "for": 0, "passed": [1], "pending": None}, skipping=[1])
    view["judges"][1] |= {"block_with": 2, "chosen": "murder", "miss_moves": 1}
    asked = asked_by(view)
    assert {"judge_dredd.board.skipping", "judge_dredd.board.block_mania", "judge_dredd.board.chosen",
            "judge_dredd.board.misses"} <= asked


def test_last_move_is_not_drawn_once_its_judge_was_sent_elsewhere():
    """A Barney or Intensive Care since: an arrow to an empty Sector would mislead."""
    moved = V.make_view()
    moved["last_move"] = {"seat": 1, "path": ["spc", "aer", "bng"]}
    moved["judges"][1]["at"] = "bng"
    sent = V.make_view(last_move=moved["last_move"])
    sent["judges"][1]["at"] = "icu"
    box = tuple(round(v) for v in M.sector_box("aer"))
    assert decode(R.render(moved)).crop(box).tobytes() != decode(R.render(V.make_view())).crop(box).tobytes()
    assert decode(R.render(sent)).crop(box).tobytes() == decode(R.render(V.make_view())).crop(box).tobytes()


def test_the_map_shows_sector_codes_not_names():
    """A phone cannot read 28 names on the map: it shows each Sector's code (what the commands
    take), in capitals; the names are in the message text and the panel's lines."""
    lines = []
    real = M.ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        lines.append(text)
        return real(self, xy, text, *args, **kwargs)

    M._drawn_background.cache_clear()
    M.codes_layer.cache_clear()  # the codes are painted once per theme, into the layer pasted after
    M.ImageDraw.ImageDraw.text = spy
    try:
        R.render(V.make_view(), text=lambda k: i18n.gettext(k, "zh-TW"))
    finally:
        M.ImageDraw.ImageDraw.text = real
        M._drawn_background.cache_clear()
        M.codes_layer.cache_clear()
    assert {"ROB", "HOS", "GHJ", "W17"} <= set(lines)
    assert not any("羅迪" in line for line in lines)


def test_tip_off_and_sector_cards_label_their_target_sectors():
    actions = ["tipoff murder zoo-meg", "tipoff littering smk", "play quarantine main agg", "play walter or murder",
               "play sonic_cannon main red", "pass"]
    labels = R.label_actions(V.make_view(), actions)
    hl = R.highlights(V.make_view(), actions)
    assert {hl[labels[a]] for a in actions[:3]} == {"meg", "smk", "agg"}
    assert labels["play walter or murder"] is None and labels["play sonic_cannon main red"] is None
    assert labels["pass"] is None


def test_a_card_in_a_fight_shows_what_it_adds():
    from renderer.judge_dredd_panel import card_amount

    say = lambda key: MESSAGES.get(key, key)  # noqa: E731
    assert card_amount(say, "sonic_cannon", "main") == ("+5", True)
    assert card_amount(say, "flabbon", "main") == ("−2", False)
    assert card_amount(say, "tweak", "main") == ("+1d6", True)
    assert card_amount(say, "east_meg_spy", "main") == ("Perp +1d6", False)
    assert card_amount(say, "sonic_cannon", "or") == ("", True)  # misses a Move: no number
    assert card_amount(say, "no_such_card", "main") == ("", True)
