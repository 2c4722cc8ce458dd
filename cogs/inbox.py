"""The turn inbox on Discord (`gavel.tables.inbox`): each player's one DM listing every table
waiting on them, posted and edited here, and the `/games` reply (the same list, privately, with a
link button to each table's channel, where its live message carries the "My options" menu).

The service says what to do (`TableService.show_waits`: post, edit or nothing, from the
database); this only words it in the player's language (their client's, as last seen) and talks
to Discord. A DM refused (closed DMs) is not tried again until the player next interacts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs import names
from cogs.delivery import CANNOT_DM, channel_link, clip
from gavel.tables import i18n
from gavel.tables.inbox import Wait, game_words, inbox_lines

if TYPE_CHECKING:
    from cogs.delivery import Delivery

BUTTONS = 25
"""Discord's most buttons under one message: `/games` links to the first 25 tables."""


def inbox_text(waits: list[Wait], lang: str) -> str:
    """The inbox as a player reads it on Discord: a channel link per table (it works from a DM),
    each deadline as a countdown, names escaped."""
    lines = inbox_lines(waits, lang, link=lambda w: channel_link(w.guild_id, w.channel_id),
                        when=lambda t: f"<t:{int(t)}:R>", escape=names.escaped)
    return clip("\n".join(lines))


def games_view(waits: list[Wait], lang: str) -> discord.ui.View | None:
    """A link button to each table's channel (its game's name on it), or None when none waits
    (the tables coming up have none: nothing is asked there yet)."""
    asked = [w for w in waits if not w.ahead]
    if not asked:
        return None
    view = discord.ui.View(timeout=None)
    for wait in asked[:BUTTONS]:
        label = i18n.render(game_words(wait.game), lang) or f"#{wait.table_id}"
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label[:80],
                                        url=channel_link(wait.guild_id, wait.channel_id)))
    return view


class DMInbox:
    """Posts and edits players' inbox messages in their DMs (`gavel.tables.inbox.Messenger`)."""

    def __init__(self, delivery: Delivery) -> None:
        self.delivery = delivery

    def text_of(self, user_id: int, waits: list[Wait]) -> str:
        """The inbox in the player's language (their client's as last seen, else English)."""
        return inbox_text(waits, self.delivery.lang_of(user_id))

    async def post(self, user_id: int, text: str) -> tuple[int, int] | None:
        if self.delivery.dms_closed(user_id):
            return None
        try:
            channel = await self.delivery.dm(user_id)
            message = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            if not (isinstance(exc, discord.Forbidden) or exc.code == CANNOT_DM):
                raise
            self.delivery.closed(user_id)
            return None
        return message.channel.id, message.id

    async def edit(self, channel_id: int, message_id: int, text: str) -> bool:
        message = self.delivery.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
        except (discord.NotFound, discord.Forbidden):
            return False
        return True

