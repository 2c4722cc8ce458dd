"""Each table's live message: the one channel message a turn is told in.

A turn says many things one after the other: a throw, the move that uses it, a card played, six
players passing in a window. Posting each as a new message with a new board would fill the
channel with boards nobody reads twice. Instead the turn's message is edited: the new lines are
added under the old ones, the board is replaced, and the buttons are the decision's open now.
A new message is posted, and the one before loses its buttons, when the channel must notice it
or keep it:

- it pings someone (a player asked anew: Discord notifies nobody of an edit);
- it ends the game, or tells a moment the game highlights (`Public.highlight`);
- the live message is in another channel, too old for Discord to edit (an hour; `LIVE_FOR`
  leaves a margin), or the text would pass Discord's 2000 characters;
- Discord refused the edit (the message was deleted, the edit window closed).

The live message of a table is kept in the database (`TableService.live_post`), so that every
process delivering a channel's notices, and the bot after a restart, edits the same message. A
notice for an older version than the live message never edits it (it would put back a stale
button): it is posted without its menus.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from gavel.tables.notices import LivePost

if TYPE_CHECKING:
    from gavel.tables.service import TableService

CONTENT_MAX = 2000
LIVE_FOR = 50 * 60.0
"""Seconds a live message is edited: Discord refuses edits of a message older than an hour
(error 30046); past this, the turn goes on in a new message."""


def why_new(live: LivePost | None, *, channel_id: int, version: int, pings: bool, highlight: bool,
            over: bool, text: str, now: float) -> str | None:
    """Why a table's notice at `version` gets a new message rather than an edit of the table's
    `live` message (whose text would become `text`); None: edit it."""
    if live is None:
        return "none"
    if live.channel_id != channel_id:
        return "channel"
    if version < live.version:
        return "stale"
    if pings:
        return "ping"
    if over:
        return "over"
    if highlight:
        return "highlight"
    if now - live.posted > LIVE_FOR:
        return "old"
    if len(text) > CONTENT_MAX:
        return "long"
    return None


class LivePosts:
    """Where the delivery finds and notes each table's live message (the service's database),
    and the lock that makes this process post or edit a channel's message one notice at a time."""

    def __init__(self, service: TableService | None, clock: Callable[[], float] = time.time) -> None:
        self.service = service
        self.clock = clock
        """The wall clock a message's age is read on (Discord's edit window counts real time)."""
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        """Held while a channel's public notice is posted or edited in, so that two deliveries of
        this process never edit the live message from the same old text."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def get(self, table_id: int) -> LivePost | None:
        """The table's live message, as the database has it (another process may have posted it)."""
        if self.service is None:
            return None
        return await self.service.live_post(table_id)

    async def keep(self, post: LivePost) -> None:
        """Note the table's live message (a newer one noted meanwhile stays)."""
        if self.service is not None:
            await self.service.keep_live(post)
