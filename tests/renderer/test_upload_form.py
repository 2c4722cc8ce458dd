"""`common.upload_form`: a channel's board is uploaded as lossless WebP, the same pixels as the
PNG the renderer made, in fewer bytes; anything else goes up as it is."""

from __future__ import annotations

import io

from PIL import Image

from renderer import for_game
from renderer.common import upload_form
from rules import registry
from rules.core import SeededChance


def _board(key: str) -> bytes:
    game = registry.plugin(key).game
    state = game.new_game({}, 4, SeededChance(7))
    png = for_game(key).render(game.view(state, None))
    assert png.startswith(b"\x89PNG")
    return png


def test_a_board_goes_up_as_webp_with_the_same_pixels_in_fewer_bytes() -> None:
    for key in ("judge_dredd", "dads_army"):
        png = _board(key)
        data, ext = upload_form(png)
        assert ext == "webp" and data[:4] == b"RIFF" and data[8:12] == b"WEBP"
        assert len(data) < len(png)
        with Image.open(io.BytesIO(png)) as a, Image.open(io.BytesIO(data)) as b:
            assert a.size == b.size
            assert a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def test_what_is_no_png_goes_up_as_it_is() -> None:
    assert upload_form(b"not a picture") == (b"not a picture", "png")


async def test_gavel_upload_png_uploads_the_png_as_drawn(monkeypatch) -> None:
    from gavel.tables.images import for_upload
    png = _board("dads_army")
    assert (await for_upload(png))[1] == "webp"
    monkeypatch.setenv("GAVEL_UPLOAD", "png")
    assert await for_upload(png) == (png, "png")
