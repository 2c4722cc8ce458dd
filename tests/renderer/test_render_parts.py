"""The board with its parts named (`Renderer.render_parts`, the picture of `/table rules`): every
game draws one, in both languages, its words from the catalogue, a real PNG of a sane size; the
service draws it once per (game, language)."""

from __future__ import annotations

import dataclasses
import importlib
import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

from gavel.tables import i18n
from gavel.tables.service import TableService
from rules import registry
from rules.core import SeededChance
from tests.tables.toy_game import fake_renderer

GAMES = ("dads_army", "judge_dredd", "judtho", "judgement")


def early_view(key: str) -> Any:
    game = registry.plugin(key).game
    seats = game.info.seats_for(None)
    return game.view(game.new_game({}, min(max(seats[0], 4), seats[-1]), SeededChance("parts")), None)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("key", GAMES)
def test_each_game_names_its_parts_in_the_readers_words(key: str, lang: str, monkeypatch) -> None:
    module = importlib.import_module(f"renderer.{key}")
    asked: set[str] = set()
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording_text(self, xy, text, *args, **kwargs):  # every string drawn on any image
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    def words(message: str) -> str:
        asked.add(message)
        return i18n.gettext(message, lang)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    texts = {code: (lambda m, code=code: i18n.gettext(m, code)) for code in i18n.LANGUAGES}
    png = module.render_parts(early_view(key), text=words, texts=texts)
    image = Image.open(io.BytesIO(png))
    # a board drawn for a phone is narrow (Judtho 574 px wide) and may be tall
    assert image.format == "PNG" and 500 <= image.width <= 1600 and 500 <= image.height <= 1800
    assert len(png) < 2_000_000
    parts = set(module.PARTS)
    assert parts <= asked  # every part named, through the catalogue
    everything = "".join(drawn).replace(" ", "")
    for message in parts:
        wanted = i18n.gettext(message, lang)
        assert wanted != message, f"{message} is not in the {lang} catalogue"
        if "{" not in wanted:
            assert wanted.replace(" ", "") in everything, message  # drawn whole (wrapped over lines)
    if lang == "zh-TW":
        assert any(common_cjk(line) for line in drawn)


def common_cjk(text: str) -> bool:
    return any(ord(ch) >= 0x4E00 for ch in text)


@pytest.mark.parametrize("key", GAMES)
def test_the_built_in_english_is_the_english_catalogue(key: str) -> None:
    module = importlib.import_module(f"renderer.{key}")
    en = i18n.catalogue("en")
    assert {k: en.get(k) for k in module.PARTS} == module.PARTS
    assert all(i18n.has(k, "zh-TW") for k in module.PARTS)


@pytest.mark.parametrize("key", GAMES)
def test_the_contract_offers_it(key: str) -> None:
    import renderer

    found = renderer.for_game(key)
    assert found.render_parts is not None


async def test_the_service_draws_it_once_per_game_and_language_off_the_loop(tmp_path) -> None:
    calls: list[str] = []

    def render_parts(view, *, text=None, **_):
        calls.append(text("dads_army.parts.title"))
        return b"\x89PNG parts"

    plain = fake_renderer(lambda view, **_: b"")
    renderers = {"dads_army": dataclasses.replace(plain, render_parts=render_parts), "judtho": plain}
    svc = TableService(str(tmp_path / "g.sqlite3"), renderers=renderers)
    assert await svc.rules_picture("dads_army", "zh-TW") == b"\x89PNG parts"
    assert await svc.rules_picture("dads_army", "zh-TW") == b"\x89PNG parts"
    assert await svc.rules_picture("dads_army", "en") == b"\x89PNG parts"
    assert calls == [i18n.gettext("dads_army.parts.title", "zh-TW"), i18n.gettext("dads_army.parts.title", "en")]
    assert await svc.rules_picture("judtho", "en") is None  # a renderer without the picture: none
    svc.close()
