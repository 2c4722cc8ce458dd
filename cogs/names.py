"""Text not ours in a Discord message: players' names above all, read as written.

A player chooses their name, so a name may hold markdown (`**bold**`, `||spoiler||`, `# heading`)
or a mention (`@everyone`, `<@id>` of another member). Wherever the front-end writes a name into
a message's text (a notice's lines, the lobby, history, stats, the leaderboard, a DM, a refusal),
it goes through `escaped`: its markdown shows as the characters typed and its mentions as text
that pings nobody. (Nothing pings unless a message says whom: the bot's default is no mention at
all, and a turn prompt pings the players who must act by id.) Local play shows names raw, and the
board images draw them raw: only Discord reads markdown.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import discord

from gavel.tables import i18n
from gavel.tables.notices import Private, Public
from rules.core import Msg

_INNER_UNDERSCORE = re.compile(r"(?<=[^\W_])\\_(?=[^\W_])")
"""An escaped underscore between two letters or digits (`no\\_such`): one there formats nothing
in Discord (as in CommonMark), so it is left as typed (`no_such`), and a name or a value that
holds one reads the same in the message as in the catalogue's text."""


def escaped(text: str) -> str:
    """`text` as Discord shows it literally: markdown escaped (a backslash before each mark,
    which Discord hides) and mentions broken (`@everyone`, `<@id>`, `<@&id>` no longer mention)."""
    return discord.utils.escape_mentions(_INNER_UNDERSCORE.sub("_", discord.utils.escape_markdown(text)))


def lines(notice: Public | Private, lang: str) -> list[str]:
    """A notice's lines in `lang`, every name in them `escaped`."""
    return notice.text(lang, escaped)


def render(msg: Msg | str, lang: str, seat_name: Callable[[int], str] | None = None) -> str:
    """A message in `lang` (`i18n.render`), every name and other string parameter `escaped`."""
    return i18n.render(msg, lang, seat_name, escaped)
