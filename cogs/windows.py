"""The one channel message of a card-play window, kept up to date as players pass.

A window asks several players at once; each pass would otherwise post a new message with a
new board, six of them per window at a full table. Instead the window's message is edited:
the new lines (who passed) are added under the old ones, the board is replaced, and the
mention and the "My options" button name who may still act. The message keeps being edited
while at least two players may still act and the set only shrinks (passes); anything else
(a card played clears the passes, so everyone may act again; the last player left; the next
decision) is a new message, so that the players it concerns are pinged.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import discord


@dataclass
class WindowPost:
    """The message a window's players were last asked in, and what it says above its mention."""

    table_id: int
    version: int
    acting: frozenset[int]
    message: discord.Message
    lines: list[str] = field(default_factory=list)


class WindowPosts:
    """The open window message of each channel (memory only: after a restart the next
    change simply posts a new message)."""

    def __init__(self) -> None:
        self._posts: dict[int, WindowPost] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        """Held while a channel's public notice is posted or edited in, so that two deliveries
        never edit the window message from the same old text."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def continued(self, channel_id: int, table_id: int | None, version: int,
                  acting: frozenset[int]) -> WindowPost | None:
        """The message to edit for a notice asking `acting` at `version`, or None to post a new
        one (also when the notice is older than the message: it must not put back a stale button)."""
        post = self._posts.get(channel_id)
        if post is None or post.table_id != table_id or version <= post.version:
            return None
        return post if len(acting) >= 2 and acting < post.acting else None

    def posted(self, channel_id: int, table_id: int | None, version: int, acting: frozenset[int],
               message: discord.Message | None, lines: list[str]) -> None:
        """Remember the message just posted (or edited) when it asks a window's players;
        forget the channel's window otherwise."""
        if message is None or table_id is None or len(acting) < 2:
            self._posts.pop(channel_id, None)
            return
        self._posts[channel_id] = WindowPost(table_id, version, acting, message, lines)
