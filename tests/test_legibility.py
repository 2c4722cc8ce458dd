"""The phone legibility measure (`bench/legibility.py`) reads the sizes it should, and the boards
held to it stay readable at 400 px wide."""

from __future__ import annotations

import importlib
import importlib.util
import io
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image, ImageDraw

from renderer.common import font, pill

BENCH = Path(__file__).resolve().parent.parent / "bench"


def legibility() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gavel_bench_legibility", BENCH / "legibility.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def glyphs(text: str, size: int) -> int:
    _, top, _, bottom = font("bold", size).getbbox(text)
    return bottom - top


def test_a_supersampled_pasted_text_is_measured_at_its_final_size() -> None:
    bench = legibility()

    def draw() -> bytes:
        big = Image.new("RGBA", (400, 120), (0, 0, 0, 0))  # drawn at 2x
        ImageDraw.Draw(big).text((10, 10), "Hello", font=font("bold", 40), fill=(0, 0, 0, 255))
        ImageDraw.Draw(big).text((10, 70), "·—", font=font("bold", 40), fill=(0, 0, 0, 255))  # no words
        sprite = big.resize((200, 60), Image.Resampling.LANCZOS)
        canvas = Image.new("RGB", (800, 300), (255, 255, 255))
        canvas.paste(sprite, (20, 20), sprite)
        off = Image.new("RGB", (100, 50))
        ImageDraw.Draw(off).text((0, 0), "Gone", font=font("bold", 30), fill=(255, 255, 255))
        canvas.paste(off.crop((0, 40, 100, 50)), (300, 0))  # cropped away from under the text
        small = Image.new("RGB", (100, 50))
        ImageDraw.Draw(small).text((0, 0), "Tiny", font=font("bold", 12), fill=(255, 255, 255))
        canvas.paste(small.copy(), (500, 200))
        return png(canvas)

    picture = bench.measure(draw)
    assert picture is not None and picture.image.size == (800, 300)
    texts = dict(picture.texts)
    assert set(texts) == {"Hello", "Tiny"}
    # 40 px text drawn 2x too big, halved, then the 800 px picture shown 400 px wide: a quarter.
    assert abs(texts["Hello"] - glyphs("Hello", 40) / 4) < 0.01
    assert abs(texts["Tiny"] - glyphs("Tiny", 12) / 2) < 0.01
    figures = picture.figures()
    assert figures["smallest"][0][0] == "Tiny" and figures["min_text_px_at_400"] == round(texts["Tiny"], 2)


def test_texts_of_a_cached_sprite_are_measured_too() -> None:
    """A sprite drawn before the measurement (a cache) is drawn again under it."""
    bench = legibility()
    pill("AB", 20, (255, 255, 255), (0, 0, 0), (0, 0, 0))

    def draw() -> bytes:
        canvas = Image.new("RGBA", (400, 100), (255, 255, 255, 255))
        sprite = pill("AB", 20, (255, 255, 255), (0, 0, 0), (0, 0, 0))
        canvas.alpha_composite(sprite, (10, 10))
        return png(canvas)

    picture = bench.measure(draw)
    assert picture is not None
    assert [t for t, _ in picture.texts] == ["AB"]
    size = round(20 * 0.72)  # the pill's own font size, drawn 4x and scaled down
    assert abs(picture.texts[0][1] - glyphs("AB", size * 4) / 4) < 0.01


def test_a_real_game_is_measured() -> None:
    bench = legibility()
    found = bench.pictures("dads_army")
    board = found["dads_army"]
    figures = board.figures()
    assert figures["width"] == board.image.width and len(figures["smallest"]) == 5
    assert any(text == "Mainwaring" for text, _ in board.texts)  # a seat's name


def _dads_army_cases():
    """Dad's Army boards: every phase by hand (figures crowded on a square, a card in play, a
    winner), in English and Chinese, with long names; and six real positions of a seeded game, each
    with its legal actions highlighted (a second game would add more boards of the same phases)."""
    from gavel.tables import i18n
    from renderer import dads_army as R
    from rules.core import SeededChance
    from rules.dads_army import GAME
    from tests.renderer.views import make_view

    zh = lambda key: i18n.gettext(key, "zh-TW")  # noqa: E731
    en = lambda key: i18n.gettext(key, "en")  # noqa: E731
    names = {0: "Bartholomew Fortescue-Smythe", 1: "王小明", 2: "Ann", 3: "Jo"}
    crowded = make_view(phase="push", roll=3, card={"kind": "character", "man": "pike"}, pending=3)
    for man in ("mainwaring", "vicar", "jones"):
        crowded["men"][man]["square"] = [7, 7]
    crowded["hodges"] = [7, 7]
    views = [
        (crowded, {"A": [7, 8], "B": [11, 2]}),
        (make_view(phase="move", roll=5), {"A": [5, 2], "B": [7, 3]}),
        (make_view(phase="shelter", card={"kind": "air_raid", "man": None}, turn=2), {"S1": [4, 4], "S3": [5, 9]}),
        (make_view(phase="bomb", roll=4, card={"kind": "air_raid", "man": None}, pending=4), {}),
        (make_view(phase="over", turn=None, winner=1), {}),
    ]
    for view, highlight in views:
        for text in (en, zh):
            yield lambda view=view, highlight=highlight, text=text: R.render(
                view, highlight=highlight, names=names, text=text)
    for seed in (1,):
        rnd, state = random.Random(seed), GAME.new_game({}, 4, SeededChance(seed))
        for step in range(120):
            acting = sorted(GAME.to_act(state))
            if not acting:
                break
            actions = [str(a) for a in GAME.legal_actions(state, acting[0])]
            if step % 20 == 0:
                view = GAME.view(state, None)
                highlight = R.highlights(view, actions)
                yield lambda view=view, highlight=highlight: R.render(view, highlight=highlight, names=names, text=en)
            GAME.apply(state, acting[0], rnd.choice(actions), SeededChance(f"{seed}:{step}"))


def test_every_dads_army_board_reads_on_a_phone() -> None:
    """Every word on a Dad's Army board is at least 9 px high when the board is shown 400 px
    wide (a phone's Discord); the words measured include the seats' names and the labels."""
    bench = legibility()
    seen: set[str] = set()
    for draw in _dads_army_cases():
        picture = bench.measure(draw)
        assert picture is not None
        small = [(text, round(px, 2)) for text, px in picture.texts if px < bench.MIN_PX]
        assert small == []
        seen |= {text for text, _ in picture.texts}
    assert {"Mw", "S1", "A", "12", "ROLL"} <= seen  # codes, labels, pointers and the phase were measured


def test_a_man_and_a_shelter_are_typed_as_the_board_shows_them() -> None:
    from rules.dads_army import GAME
    from rules.dads_army.board import MAN_CODES

    for man, code in MAN_CODES.items():
        for typed in (code, code.upper(), code.lower(), man.upper()):
            assert str(GAME.parse_action(f"move {typed} 6,2")) == f"move {man} 6,2"
    assert str(GAME.parse_action("shelter Pi S3")) == str(GAME.parse_action("shelter pike 3")) == "shelter pike 3"
    assert str(GAME.parse_action("hodge go")) == "hodge godfrey"


def test_the_measure_finds_texts_cut_clipped_or_covered() -> None:
    """A text shortened by the renderers' helper is cut, one running off the canvas is clipped,
    one painted over by an opaque shape or sprite drawn later is covered; a translucent tint, the
    transparent part of a sprite and the same words drawn again over themselves (a halo) are not."""
    from renderer import common

    bench = legibility()
    f = font("bold", 20)

    def draw() -> bytes:
        canvas = Image.new("RGB", (600, 300), (255, 255, 255))
        d = ImageDraw.Draw(canvas)
        ink = (0, 0, 0)
        d.text((10, 10), "Whole", font=f, fill=ink)
        d.text((10, 40), common.ellipsize("A sentence far too long", f, 90), font=f, fill=ink)
        d.text((560, 70), "Edge", font=f, fill=ink)
        d.text((10, 100), "Under", font=f, fill=ink)
        d.rectangle((5, 98, 60, 130), fill=(200, 30, 30))
        d.text((10, 140), "Tinted", font=f, fill=ink)
        ImageDraw.Draw(canvas, "RGBA").rectangle((5, 138, 90, 170), fill=(255, 200, 0, 60))
        d.text((10, 180), "Halo", font=f, fill=ink)
        d.text((10, 180), "Halo", font=f, fill=ink, stroke_width=2, stroke_fill=(255, 255, 255))
        sprite = Image.new("RGBA", (200, 40), (0, 0, 0, 0))
        ImageDraw.Draw(sprite).ellipse((0, 0, 40, 40), fill=(20, 90, 200, 255))
        d.text((10, 220), "Pasted", font=f, fill=ink)
        canvas.paste(sprite, (5, 215), sprite)
        d.text((300, 220), "Beside", font=f, fill=ink)
        canvas.paste(sprite, (250, 215), sprite)  # its transparent part lies over the words
        return png(canvas)

    picture = bench.measure(draw)
    assert picture is not None
    flaws = dict(picture.flaws)
    assert flaws == {
        common.ellipsize("A sentence far too long", f, 90): "cut",
        "Edge": "clipped",
        "Under": "covered by rectangle",
        "Pasted": "covered by paste",
    }
    figures = picture.figures()
    assert (figures["cut"], figures["clipped"], figures["covered"]) == (1, 1, 2)


def test_wrapping_carries_a_character_down_with_a_closing_mark() -> None:
    """A Chinese line never ends past its width to keep a closing mark (，) off the next line's
    start: the character before the mark goes down with it, and nothing is cut."""
    from renderer.common import wrap_text

    text = "選擇任一人物（可選自己）：對其造成 2 點傷害，並讓你自己回復 1 點生命。"
    probe = font("cjk", 16)
    width = probe.getlength("選擇任一人物（可選自己）：對其造成 2 點傷害")  # "，" would overflow
    f, lines = wrap_text(text, width, 16, "regular", 8, 16)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(f.getlength(line) <= width for line in lines)
    assert not any(line.startswith("，") for line in lines) and lines[0].endswith("傷")


def _each_game_and_language() -> list[tuple[str, str]]:
    from gavel.tables import i18n
    from rules import registry

    keys = [importlib.import_module(module).PLUGIN.game.info.key for module in registry.INSTALLED]
    return [(key, lang) for key in keys for lang in i18n.LANGUAGES]


@pytest.mark.parametrize(("key", "lang"), _each_game_and_language())
def test_every_game_shows_every_text_whole(key: str, lang: str) -> None:
    """Each game's board and private pictures, in each language, with the fewest and the most
    seats: no text cut with `…`, clipped by an edge or covered by a later drawing, and none under
    9 px at 400 px wide (`bench/legibility.py` measures every seat count)."""
    bench = legibility()
    counts = bench.seat_counts(key)
    for seats in sorted({counts[0], counts[-1]}):
        for name, picture in bench.pictures(key, seats=seats, lang=lang).items():
            assert picture.flaws == [], (name, seats)
            assert min(px for _, px in picture.texts) >= bench.MIN_PX, (name, seats)
