"""`/table` (every game) and the clicks on lobby, turn and "My info" buttons.

Thin on purpose: read the interaction, call the TableService, deliver what it returns.
Anything that may touch the database or render an image is deferred first, so Discord's
3-second deadline never passes. Cheap checks (is there a table here?) run before deferring
so that a refusal stays private.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import components
from cogs.delivery import MENTION_USERS, board_file, clip, guild_lang
from cogs.errors import lang_of
from rules.core import IllegalAction
from tables import i18n
from tables.notices import Private, Public
from tables.service import Player, Table

if TYPE_CHECKING:
    from cogs.bot import GavelBot


def player_of(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def can_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_messages)


def open_table(bot: GavelBot, interaction: discord.Interaction) -> Table:
    """The table in this channel, or the `no_table` refusal (before anything is deferred)."""
    table = bot.service.table(interaction.channel_id or 0)
    if table is None:
        raise IllegalAction("no_table")
    return table


async def ack(interaction: discord.Interaction) -> None:
    """Close a privately deferred command with a short private "done"."""
    await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)))


async def send_notice(interaction: discord.Interaction, notice: Public | Private, *, ephemeral: bool) -> None:
    """Answer a deferred interaction with one notice (text and board image)."""
    lang = lang_of(interaction) if ephemeral else guild_lang(interaction.guild, interaction)
    text = clip("\n".join(notice.text(lang))) or "\u200b"
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": MENTION_USERS}
    file = board_file(notice.image)
    if file is not None:
        kwargs["file"] = file
    await interaction.followup.send(text, **kwargs)


def lobby_text(status: Public, lang: str, event: Public | None = None) -> str:
    lines = status.text(lang)
    if event is not None:
        lines += ["", *event.text(lang)]
    return clip("\n".join(lines))


async def open_lobby(bot: GavelBot, interaction: discord.Interaction, game_key: str) -> None:
    """`/<game> new`: a lobby in this channel, announced with its buttons."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    notices = await bot.service.create(interaction.guild_id, interaction.channel_id, game_key, player_of(interaction))
    await ack(interaction)
    await post_lobby(bot, interaction, notices)


async def act(bot: GavelBot, interaction: discord.Interaction, text: str) -> None:
    """A game command (`/dadsarmy roll`): play it for this user, then tell the channel."""
    table = open_table(bot, interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    notices = await bot.service.act(table.channel_id, player_of(interaction), text)
    await ack(interaction)
    await bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]


async def post_lobby(bot: GavelBot, interaction: discord.Interaction, notices: list[Any]) -> None:
    """The lobby message: who sits where, and the Join / Leave / Add AI / Start buttons."""
    channel = interaction.channel
    table = bot.service.table(interaction.channel_id or 0)
    lang = guild_lang(interaction.guild, interaction)
    assert channel is not None and table is not None
    status = await bot.service.status(table.channel_id)
    created = next((n for n in notices if isinstance(n, Public)), None)
    await channel.send(lobby_text(status, lang, created), view=components.lobby_view(table.id, lang),  # type: ignore[union-attr]
                       allowed_mentions=MENTION_USERS)
    await bot.delivery.deliver([n for n in notices if not isinstance(n, Public)], channel=channel,  # type: ignore[arg-type]
                               interaction=interaction)


async def post_board(bot: GavelBot, interaction: discord.Interaction) -> None:
    """The board for everyone, with the turn prompt and its buttons (for a game with hidden
    information, the asker's own view, privately)."""
    table = open_table(bot, interaction)
    if table.status != "active":
        raise IllegalAction("not_started")
    private = table.game.info.hidden_information
    await interaction.response.defer(ephemeral=private, thinking=True)
    notice = await bot.service.board(table.channel_id, for_user=player_of(interaction))
    if isinstance(notice, Private) or notice.prompt is None:
        await send_notice(interaction, notice, ephemeral=isinstance(notice, Private))
        return
    lang = guild_lang(interaction.guild, interaction)
    prompt_text, view = bot.delivery.prompt_parts(notice.prompt, lang)
    text = clip("\n".join([*notice.text(lang), prompt_text]))
    file = board_file(notice.image)
    kwargs: dict[str, Any] = {"file": file} if file is not None else {}
    await interaction.followup.send(text, view=view, allowed_mentions=MENTION_USERS, **kwargs)


class TablesCog(commands.Cog):
    """The shared `/table` commands."""

    table = app_commands.Group(name="table", description=_t("Manage the game table in this channel"),
                               guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.service

    @table.command(name="status", description=_t("Who is seated, and whose turn it is"))
    async def status(self, interaction: discord.Interaction) -> None:
        table = open_table(self.bot, interaction)
        await interaction.response.defer(thinking=True)
        await send_notice(interaction, await self.service.status(table.channel_id), ephemeral=False)

    @table.command(name="board", description=_t("Post the current board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @table.command(name="me", description=_t("Your own private information"))
    async def me(self, interaction: discord.Interaction) -> None:
        table = open_table(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_notice(interaction, await self.service.me(table.channel_id, player_of(interaction)), ephemeral=True)

    @table.command(name="log", description=_t("The last moves"))
    async def log(self, interaction: discord.Interaction) -> None:
        table = open_table(self.bot, interaction)
        await interaction.response.defer(thinking=True)
        await send_notice(interaction, await self.service.log(table.channel_id), ephemeral=False)

    @table.command(name="leave", description=_t("Leave the lobby, or resign from the game"))
    async def leave(self, interaction: discord.Interaction) -> None:
        table = open_table(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        notices = await self.service.leave(table.channel_id, player_of(interaction))
        await ack(interaction)
        await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]

    @table.command(name="cancel", description=_t("Cancel the table (its host, or Manage Messages)"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        table = open_table(self.bot, interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        by = player_of(interaction)
        notices = await self.service.cancel(table.channel_id, by, can_manage=can_manage(interaction))
        await ack(interaction)
        await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]

    @table.command(name="stats", description=_t("Your results in this server"))
    async def stats(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.service.stats(interaction.guild_id, player_of(interaction))
        await send_notice(interaction, notice, ephemeral=True)


class Clicks:
    """What each persistent button does. Every check that can refuse runs before anything
    changes, and a refusal is an ephemeral message to the clicker only."""

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    async def __call__(self, kind: str, interaction: discord.Interaction, item: Any) -> None:
        await getattr(self, kind)(interaction, item)

    def live(self, table_id: int, version: int | None = None) -> Table:
        table = self.bot.service.get(table_id)
        if table is None or table.status not in ("lobby", "active"):
            raise IllegalAction("stale_button")
        if version is not None and (table.status != "active" or table.version != version):
            raise IllegalAction("stale_button")
        return table

    async def lobby(self, interaction: discord.Interaction, item: components.LobbyButton) -> None:
        service, table = self.bot.service, self.live(item.table_id)
        if table.status != "lobby":
            raise IllegalAction("stale_button")
        player, channel_id = player_of(interaction), table.channel_id
        await interaction.response.defer()
        if item.op == "start":
            notices = await service.start(channel_id, player)
            lang = guild_lang(interaction.guild, interaction)
            await interaction.edit_original_response(content=lobby_text(await service.status(channel_id), lang),
                                                     view=None)
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]
            return
        call = {"join": service.join, "leave": service.leave, "ai": service.add_ai}[item.op]
        notices = await call(channel_id, player)
        event = next((n for n in notices if isinstance(n, Public)), None)
        lang = guild_lang(interaction.guild, interaction)
        if service.table(channel_id) is table:
            text = lobby_text(await service.status(channel_id), lang, event)
            await interaction.edit_original_response(content=text, view=components.lobby_view(table.id, lang))
        else:  # the last human left: the lobby closed
            await interaction.edit_original_response(content=lobby_text(event, lang) if event else None, view=None)

    async def info(self, interaction: discord.Interaction, item: components.InfoButton) -> None:
        table = self.live(item.table_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.bot.service.me(table.channel_id, player_of(interaction))
        await send_notice(interaction, notice, ephemeral=True)

    async def action(self, interaction: discord.Interaction, item: components.ActionButton) -> None:
        await self._choose(interaction, item, None)

    async def select(self, interaction: discord.Interaction, item: components.ActionSelect) -> None:
        values = item.item.values
        await self._choose(interaction, item, values[0] if values else None)

    async def _choose(self, interaction: discord.Interaction, item: Any, picked: str | None) -> None:
        """One step down the action menu; play the action once the path names one."""
        table = self.live(item.table_id, item.version)
        player = player_of(interaction)
        legal = self.bot.service.legal_for(table.channel_id, player)
        prefix = components.decode_prefix(item.arg, legal) if legal else None
        if prefix is None:
            raise IllegalAction("not_your_prompt")
        if picked is not None:
            prefix.append(picked)
        candidates = components.matching(legal, prefix)
        if not candidates:
            raise IllegalAction("not_your_prompt")
        action = components.resolve(legal, prefix)
        if action is None and picked is not None and len(candidates) == 1:
            action = candidates[0]  # a select offers a token; the only action it leads to
        if action is None:
            await self._next_step(interaction, table, legal, prefix, item.version)
            return
        await interaction.response.defer()
        notices = await self.bot.service.act(table.channel_id, player, action, version=item.version)
        spent = interaction.message is not None and interaction.message.flags.ephemeral
        if spent:
            await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)), view=None)
        else:
            await interaction.edit_original_response(view=None)
        await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]

    async def _next_step(self, interaction: discord.Interaction, table: Table, legal: list[str],
                         prefix: list[str], version: int) -> None:
        lang = lang_of(interaction)
        ui = components.ui_for(table.game_key)
        squares = ui.square_labels(table, legal) if ui.square_labels else {}
        view = components.prompt_view(table.id, version, legal, ui, lang, squares, prefix=prefix, info=False)
        text = i18n.gettext("cogs.prompt.choose", lang)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)
