"""`help` (local play) and `TableService.help` (`/help` on Discord): every installed game with its
command group and seat counts, how a table starts, and the shared commands, in both languages."""

from __future__ import annotations

import io
from pathlib import Path

from gavel.tables import i18n
from gavel.tables.console import LocalOptions, run
from gavel.tables.service import TableService, game_name
from rules import registry


def test_help_lists_every_game_of_the_registry_with_its_group_and_seats() -> None:
    notice = TableService(":memory:").help()
    assert notice.table_id is None and notice.prompt is None  # for anyone, about no table
    games = [m for m in notice.lines if m.key == "help.game"]
    assert [m.params["group"] for m in games] == [p.commands.group for _, p in sorted(registry.plugins().items())]
    judtho = next(m for m in games if m.params["group"] == registry.plugin("judtho").commands.group)
    assert judtho.params["players"] == "2–4"
    for lang in i18n.LANGUAGES:
        for line in notice.text(lang):
            assert "help." not in line and "{" not in line, line  # every line worded, every field filled
        assert any(i18n.render(game_name(registry.plugin("judgement").game), lang) in line
                   for line in notice.text(lang))


async def test_help_in_local_play(tmp_path: Path) -> None:
    script = tmp_path / "help.txt"
    script.write_text("help\n/help\n")
    out = io.StringIO()
    code = await run(LocalOptions(game="dads_army", seats=2, ai=1, script=str(script), images=str(tmp_path)),
                     service=TableService(":memory:", outbox=False), stdin=io.StringIO(""), out=out)
    text = out.getvalue()
    assert code == 0 and text.count(i18n.gettext("help.title")) == 2 and i18n.gettext("help.shared") in text
