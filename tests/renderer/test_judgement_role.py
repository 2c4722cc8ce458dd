"""The private "My role" card of The City of Judgement (labels in the viewer's language
where the image is private): identity, character with HP and skills, the goal (the Commoner goal
for a 平民), the Order card held, the Order cards so far, known identities, the characters dealt
before the pick; in English or Traditional Chinese; deterministic; none for a spectator."""

from __future__ import annotations

import copy
import io

from PIL import Image

from gavel.tables import i18n
from renderer import judgement as R
from renderer.judgement_look import K
from renderer.judgement_role import W, compose_role
from tests.renderer.test_judgement import busy_view, make_view, me_of


def _view(seat: int = 2, **me: object) -> dict:
    view = busy_view(6)
    view["seat"] = seat
    view["me"] = me_of(seat, **me)
    return view


def _zh(key: str) -> str:
    return i18n.gettext(key, "zh-TW")


def _en(key: str) -> str:
    return i18n.gettext(key, "en")


TEXTS = {"en": _en, "zh-TW": _zh}
"""Every language's words, as the service passes them (`texts`): the renderer reads no catalogue."""


def test_a_spectator_has_no_role_card():
    assert R.render_hand(make_view(4)) is None
    assert R.render_role is R.render_hand


def test_role_card_is_a_paletted_png_whose_height_follows_its_content():
    short = R.render_hand(_view(identity="guard", character="mercenary"))
    long = R.render_hand(_view(identity="commoner", character="sister_of_mercy", order="spys_order",
                               orders=[{"card": "slap", "giver": 0, "recipient": 2, "result": "hurt"}],
                               known={"1": "assassin", "4": "guard"}))
    a, b = Image.open(io.BytesIO(short)), Image.open(io.BytesIO(long))
    assert a.mode == b.mode == "P"
    assert a.width == b.width == W
    assert 200 < a.height < b.height < 1400
    assert len(long) < 120_000


def test_role_card_is_deterministic_and_pure():
    view = _view(order="slap", known={"0": "guard"})
    before = copy.deepcopy(view)
    first = R.render_hand(view, names={0: "Ann", 2: "王小明"}, lang="zh-TW", texts=TEXTS)
    R.render_hand(_view(), lang="en", texts=TEXTS)
    assert R.render_hand(copy.deepcopy(view), names={0: "Ann", 2: "王小明"}, lang="zh-TW", texts=TEXTS) == first
    assert view == before


def test_role_card_speaks_the_readers_language():
    """Chinese and English differ; without `lang` the language is the one the caller's `text`
    speaks (its `judgement.board.lang` message); without either, English."""
    view = _view(identity="commoner", character="apothecary")
    en, zh = R.render_hand(view, lang="en", texts=TEXTS), R.render_hand(view, lang="zh-TW", texts=TEXTS)
    assert en != zh
    assert R.render_hand(view) == en
    assert R.render_hand(view, text=_zh) == zh
    assert R.render_hand(view, text=_en) == en


def test_role_card_draws_what_the_seat_knows():
    """Each secret of `me` changes the card: the identity, the character, the Order card, what the
    seat learned; and a character's used skill is marked."""
    base = _view(identity="guard", character="mercenary")
    images = {R.render_hand(base)}
    for changes in ({"identity": "assassin"}, {"character": "flower_girl", "hp": 10}, {"order": "slap"},
                    {"known": {"1": "assassin"}},
                    {"orders": [{"card": "slap", "giver": 2, "recipient": 0, "result": "nothing"}]}):
        images.add(R.render_hand(_view(**{"identity": "guard", "character": "mercenary", **changes})))
    assert len(images) == 6


def test_before_the_pick_the_card_lists_the_characters_dealt():
    view = make_view(4, phase="pick", seat=0)
    view["me"] = me_of(0, character=None, hp=None, options=["white_fairy", "flower_girl", "mercenary"])
    img = compose_role(view, lang="zh-TW", texts=TEXTS)
    fewer = copy.deepcopy(view)
    fewer["me"]["options"] = ["white_fairy"]
    assert compose_role(fewer, lang="zh-TW", texts=TEXTS).height < img.height


def test_role_card_reads_only_me_and_the_seats_own_row():
    """Another seat's public row (its damage, equipment) does not change my card; my card has no
    field for another seat's secret at all."""
    view = _view(identity="guard", character="mercenary")
    other = copy.deepcopy(view)
    other["players"][4].update(damage=9, equipment=["flail"], revealed=True, character="duelist", hp=12)
    assert R.render_hand(view) == R.render_hand(other)


def test_dead_seat_is_told_its_faction_may_still_win():
    view = _view(identity="assassin", character="mercenary")
    view["players"][2]["alive"] = False
    assert R.render_hand(view) != R.render_hand(_view(identity="assassin", character="mercenary"))
    assert _zh(K + "role.dead") != K + "role.dead"


def test_the_table_services_words_choose_the_language():
    """The service passes `text=lambda key: i18n.gettext(key, table.lang)`: that alone picks the
    card's language (the catalogues merge this renderer's domain)."""
    view = _view(identity="commoner", character="apothecary")
    assert R.render_hand(view, text=lambda key: i18n.gettext(key, "zh-TW")) == R.render_hand(view, lang="zh-TW",
                                                                                            texts=TEXTS)
    assert R.render_hand(view, text=lambda key: i18n.gettext(key, "en")) == R.render_hand(view, lang="en", texts=TEXTS)


def test_a_card_pasted_from_its_sections_is_the_card_drawn_whole_whatever_canvas_they_were_drawn_on(monkeypatch):
    """Each section is drawn on a small canvas first and on a tall one when it does not fit
    (`SCRATCH_FIRST`, `SCRATCH_H`): the card is the same either way, and the same as the card
    drawn whole on its own canvas, top to bottom."""
    from renderer import judgement_role

    views = [
        (_view(identity="commoner", character="sister_of_mercy", order="spys_order",
               orders=[{"card": "slap", "giver": 0, "recipient": 2, "result": "hurt"}],
               known={"1": "assassin", "4": "guard"}), "zh-TW"),
        (_view(identity="guard", character="mercenary"), "en"),
        (_view(), "en"),
    ]

    def cards() -> list[bytes]:
        judgement_role._BANDS.cache_clear()
        return [compose_role(view, names={0: "Ann", 2: "王小明"}, lang=lang, texts=TEXTS, on_palette=True).tobytes()
                for view, lang in views]

    sized: list[int] = []
    real_scratch = judgement_role._scratch

    def scratch(ground, height=judgement_role.SCRATCH_H):
        sized.append(height)
        return real_scratch(ground, height)

    monkeypatch.setattr(judgement_role, "_scratch", scratch)
    first = cards()
    assert judgement_role.SCRATCH_FIRST in sized
    monkeypatch.setattr(judgement_role, "SCRATCH_FIRST", 60)  # every section drawn again on the tall canvas
    sized.clear()
    assert cards() == first
    assert sized.count(judgement_role.SCRATCH_H) >= len(views) * 3
    monkeypatch.setattr(judgement_role._Card, "_band", lambda *args, **kwargs: None)  # drawn whole
    assert cards() == first
