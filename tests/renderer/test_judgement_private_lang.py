"""The City of Judgement board in its reader's language when it is private (labels in
the viewer's language where the image is private, and bilingual where it is public).

The public board (a spectator's view, `seat` None: the one the channel sees) keeps Chinese and
English together whatever the table's language (given the words of both, `texts`, as the service
gives them; the renderer itself knows only English); a board drawn from a seat's own view (the private
board of /judgement board, /table board, /table me) speaks only the reader's language, decided as
the role card decides it (`lang`, else the caller's `text`), and still draws no secret.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from gavel.tables import i18n
from gavel.tables.service import Player, TableService
from renderer import judgement as R
from renderer import judgement_board, judgement_look, judgement_panel, judgement_role
from renderer.judgement_look import board_langs, lang_of
from rules.judgement.engine import GAME
from tests.renderer.test_judgement import busy_view, me_of

CJK = re.compile(r"[\u2e80-\u9fff\uff00-\uffef]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def forget_drawn() -> None:
    """Empty what the board's modules keep of earlier drawings (the background, the location
    cards' sprites, the parts kept by what they show, the fonts' text runs), so that every word is
    drawn again, whichever test drew the same before."""
    for module in (R, judgement_board, judgement_look, judgement_panel, judgement_role):
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


@pytest.fixture
def drawn(monkeypatch) -> Iterator[list[str]]:
    """Every string the board draws (all of it drawn afresh)."""
    seen: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: Any, xy: Any, words: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(str(words))
        return real(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    forget_drawn()
    yield seen
    forget_drawn()


def own(seat: int = 1, **me: Any) -> dict[str, Any]:
    view = copy.deepcopy(busy_view(7))
    view.update(seat=seat, me=me_of(seat, **me))
    return view


def zh_text(key: str) -> str:
    return i18n.gettext(key, "zh-TW")


def en_text(key: str) -> str:
    return i18n.gettext(key, "en")


TEXTS = {"en": en_text, "zh-TW": zh_text}
"""Every language's words, as the service passes them (`texts`)."""


def test_the_board_languages_follow_the_view_public_both_private_the_readers():
    public = busy_view(5)
    assert board_langs(public, zh_text, texts=TEXTS) == board_langs(public, en_text, texts=TEXTS) == ("zh-TW", "en")
    assert board_langs(public, zh_text) == board_langs(public) == ("en",)  # no Chinese words given: none drawn
    assert board_langs(own(), zh_text) == ("zh-TW",)
    assert board_langs(own(), en_text) == board_langs(own()) == ("en",)
    assert board_langs(own(), lang="zh-TW") == ("zh-TW",)
    assert lang_of(zh_text) == "zh-TW"  # the service's words carry the renderer's language key


def test_a_seats_english_board_draws_no_chinese(drawn):
    R.render(own(), text=en_text, names={0: "Ann"})
    assert drawn and not [w for w in drawn if CJK.search(w)], [w for w in drawn if CJK.search(w)]
    assert "Damage track" in drawn and "Ossuary" in drawn


def test_a_seats_chinese_board_draws_no_english_word(drawn):
    R.render(own(), text=zh_text, names={0: "王小明"})
    assert drawn and not [w for w in drawn if ENGLISH_WORD.search(w)], [w for w in drawn if ENGLISH_WORD.search(w)]
    assert "傷害軌" in drawn and "埋骨之地" in drawn


def test_the_public_board_stays_bilingual_whoever_asks(drawn):
    R.render(busy_view(7), text=en_text, texts=TEXTS)
    assert "傷害軌" in drawn and "Damage track" in drawn
    assert (R.render(busy_view(7), text=zh_text, texts=TEXTS) == R.render(busy_view(7), text=en_text, texts=TEXTS)
            == R.render(busy_view(7), texts=TEXTS))


def test_a_seats_board_differs_by_language_only_and_never_by_its_secrets():
    """Deterministic and secret-free: the seat's `me` (identity, face-down character, Order card,
    known identities) changes nothing; only the reader's language does."""
    english = R.render(own(), text=en_text)
    assert R.render(own(), text=en_text) == english
    assert R.render(own(identity="assassin", character="inquisitor", hp=10, order="spys_order",
                        known={"0": "guard"}), text=en_text) == english
    chinese = R.render(own(), text=zh_text)
    assert chinese == R.render(own(), lang="zh-TW", texts=TEXTS) != english
    assert R.render(busy_view(7), texts=TEXTS) not in (english, chinese)


async def test_the_service_draws_each_players_private_board_in_their_language_and_the_channels_in_both():
    svc = TableService(":memory:", renderers={"judgement": R.RENDERER})
    ann, ben, cat, dan = (Player(i, n) for i, n in enumerate(("ann", "ben", "cat", "dan"), 1))
    svc.langs[ben.user_id] = "zh-TW"
    await svc.create(9, 90, "judgement", ann, seed="boards", lang="en")
    for p in (ben, cat, dan):
        await svc.join(90, p)
    await svc.start(90, ann)
    table = svc.access.open(90)
    names = dict(enumerate(table.names))
    state = table.state
    ben_seat, ann_seat = table.seat_of(ben.user_id), table.seat_of(ann.user_id)
    mine = await svc.board(90, ben)
    assert mine.image == R.render(GAME.view(state, ben_seat), names=names, lang="zh-TW", texts=TEXTS)
    hers = await svc.board(90, ann)
    assert hers.image == R.render(GAME.view(state, ann_seat), names=names, lang="en", texts=TEXTS)
    public = await svc.board(90)
    assert public.image == R.render(GAME.view(state, None), names=names, texts=TEXTS)
