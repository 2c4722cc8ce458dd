"""`/table rules` posts the board with its parts named beside the summary, privately, in the
reader's language; drawn once per (game, language)."""

from __future__ import annotations

import io

from PIL import Image

from gavel.tables import i18n


async def test_table_rules_posts_the_parts_picture_with_the_summary(world, service, locales):
    w = world
    locales[w.bob.id] = "zh-TW"
    await w.alice.slash(w.channel, "dadsarmy new")
    english = await w.alice.slash(w.channel, "table rules")
    chinese = await w.bob.slash(w.channel, "table rules")
    for result, lang in ((english, "en"), (chinese, "zh-TW")):
        assert result.ephemeral and result.response.content == i18n.gettext("dads_army.rules", lang)
        [picture] = result.response.attachments
        assert picture.filename == "parts.png"
        image = Image.open(io.BytesIO(await picture.read()))
        assert image.format == "PNG" and image.width >= 600 and image.height >= 800  # Dad's Army: as wide as its map
    assert sorted(service.images.parts) == [("dads_army", "en"), ("dads_army", "zh-TW")]
    again = await w.carol.slash(w.channel, "dadsarmy rules")  # the game's own command: the same picture
    assert [a.filename for a in again.response.attachments] == ["parts.png"]
    assert len(service.images.parts) == 2  # drawn once per language
    assert all(not m.attachments or m.attachments[0].filename != "parts.png" for m in w.channel.history())
