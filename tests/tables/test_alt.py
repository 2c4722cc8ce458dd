"""The words of a picture (`Public.alt`, `Private.alt`: what a screen reader reads) travel with
it: made from the same view as the picture, in every language, kept by the outbox, printed by
local play's `--json`."""

from __future__ import annotations

import io
import json
from pathlib import Path

from gavel.tables import i18n
from gavel.tables.console import LocalOptions, run
from gavel.tables.notices import Private, Public, from_record, to_record
from gavel.tables.service import TableService
from rules.core import Msg
from tests.tables.conftest import ALICE, BOB, CHANNEL, make_service, seat


def test_alt_the_outbox_keeps_a_pictures_words() -> None:
    public = Public(3, [Msg("table.board")], b"PNG", names=("a", "b"), alt={"en": "A board", "zh-TW": "棋盤"})
    private = Private(3, 1, 42, [Msg("table.board_private")], b"PNG", shows="board", alt={"en": "Mine"})
    for notice in (public, private):
        again = from_record(json.loads(json.dumps(to_record(notice))), notice.image)
        assert again.alt == notice.alt and again.described("zh-TW") == notice.described("zh-TW")
    assert private.described("zh-TW") == "Mine"  # English when the reader's language has none
    assert "alt" not in to_record(Public(3, [Msg("table.board")]))  # no picture, no words


async def test_alt_the_channels_board_is_described_in_every_language(svc: TableService) -> None:
    notices = await seat(svc, ALICE, BOB)
    [public] = [n for n in notices if isinstance(n, Public) and n.image]
    assert set(public.alt) == set(i18n.LANGUAGES)
    assert public.described("en").startswith("The board of Toy") and "alice, bob" in public.described("en")
    assert "alice、bob" in public.described("zh-TW")
    board = await svc.board(CHANNEL)
    assert isinstance(board, Public) and board.described("en") == public.described("en")


async def test_alt_a_picture_that_cannot_be_drawn_has_no_words(svc: TableService, renderer) -> None:
    renderer.render = lambda view, **_: (_ for _ in ()).throw(RuntimeError("broken"))
    notices = await seat(svc, ALICE, BOB)
    assert all(not n.alt for n in notices if isinstance(n, Public))


async def test_alt_local_play_prints_a_pictures_words_in_json(tmp_path: Path) -> None:
    out = io.StringIO()
    opts = LocalOptions(game="toy", seats=2, images=str(tmp_path / "img"), json=True, lang="zh-TW")
    assert await run(opts, service=make_service(), stdin=io.StringIO("roll\n"), out=out) == 0
    objects = [json.loads(line) for line in out.getvalue().splitlines()]
    drawn = [o for o in objects if o.get("image")]
    assert drawn and all(o["alt"].startswith("「") for o in drawn)  # in the console's language
    assert all("alt" not in o for o in objects if o.get("kind") in ("public", "private") and not o.get("image"))


async def test_alt_local_play_prints_the_rules_pictures_words(tmp_path: Path) -> None:
    from gavel.tables.images import parts_description

    script = tmp_path / "rules.txt"
    script.write_text("/table rules\n")
    out = io.StringIO()
    opts = LocalOptions(game="dads_army", seats=2, ai=1, script=str(script), images=str(tmp_path / "img"), json=True)
    assert await run(opts, service=make_service(), stdin=io.StringIO(""), out=out) == 0
    rules = next(o for o in map(json.loads, out.getvalue().splitlines()) if o.get("kind") == "rules")
    assert rules["image"] and rules["alt"] == parts_description("dads_army", "en") != ""


async def test_alt_the_json_leak_check_reads_the_city_of_judgements_words(tmp_path: Path) -> None:
    """Local play's public objects carry the board's words, so `test_json_leaks` checks them for
    hidden characters and roles along with everything else."""
    from tests.tables.test_json_leaks import judgement_secrets, play

    publics, _, over = await play(tmp_path, "judgement", seats=1, ai=5, seed="j1", secrets=judgement_secrets)
    described = [o["alt"] for o in publics if o.get("image")]
    assert over and described and all(a.startswith(i18n.gettext("judgement.alt.board")) for a in described)
