"""`/table`: the commands every game shares (status, board, me, log, rules, leave, sit, away,
cancel, stats), and `/help`. `sit` and `away` are the walk-aways' (`tables.away`).

`/table log export:true` posts the whole game of the channel (the one in play, or the last one
played there) as a text file that local play replays: `python bot.py --local <game> --script FILE`.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs.delivery import guild_lang
from cogs.flows import ack, can_manage, change, open_table, player_of, post_board, send_notice, send_rules, show
from tables import i18n

if TYPE_CHECKING:
    from cogs.bot import GavelBot
    from tables.service import TableService


class TablesCog(commands.Cog):
    """The shared `/table` commands."""

    table = app_commands.Group(name="table", description=_t("Manage the game table in this channel"),
                               guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    @property
    def service(self) -> TableService:
        return self.bot.service

    @table.command(name="status", description=_t("Who is seated, and whose turn it is"))
    async def status(self, interaction: discord.Interaction) -> None:
        if self.service.broken_in(interaction.channel_id or 0) is not None:  # the service says what is wrong
            await interaction.response.defer(thinking=True)
            await send_notice(interaction, await self.service.status(interaction.channel_id or 0), ephemeral=False)
            return
        await show(self.bot, interaction, self.service.status, ephemeral=False)

    @table.command(name="board", description=_t("Post the current board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @table.command(name="me", description=_t("Your own private information"))
    async def me(self, interaction: discord.Interaction) -> None:
        player = player_of(interaction)
        await show(self.bot, interaction, lambda channel: self.service.me(channel, player), ephemeral=True)

    @table.command(name="log", description=_t("The last moves, or the whole game as a file"))
    @app_commands.describe(export=_t("Attach the whole game as a file that local play replays (--script)"))
    async def log(self, interaction: discord.Interaction, export: bool = False) -> None:
        if not export:
            await show(self.bot, interaction, self.service.log, ephemeral=False)
            return
        # A database read, no image: quick enough to answer without deferring (a refusal stays private).
        record = self.service.export(interaction.channel_id or 0)
        text = i18n.gettext("table.exported", guild_lang(interaction.guild, interaction), game=record.game_key,
                            file=record.filename, n=record.moves)
        file = discord.File(io.BytesIO(record.text.encode("utf-8")), filename=record.filename)
        await interaction.response.send_message(text, file=file)

    @table.command(name="rules", description=_t("A short summary of the rules of the game played here"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, (await open_table(self.bot, interaction)).game_key)

    @table.command(name="leave", description=_t("Leave the lobby, or resign from the game"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await change(self.bot, interaction, self.service.leave)

    @table.command(name="sit", description=_t("Take your seat back from the AI after being away"))
    async def sit(self, interaction: discord.Interaction) -> None:
        await change(self.bot, interaction, self.service.sit)

    @table.command(name="away", description=_t("Vote to hand a silent player's seat to the AI"))
    @app_commands.describe(player=_t("The seated player who does not answer"))
    async def away(self, interaction: discord.Interaction, player: discord.Member) -> None:
        """A strict majority of the other players hands the seat to the AI until its player sits again."""
        await change(self.bot, interaction, lambda channel, by: self.service.away(channel, by, player.id))

    @table.command(name="cancel", description=_t("Cancel the table (its host, or Manage Messages)"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        allowed = can_manage(interaction)
        channel = interaction.channel_id or 0
        if self.service.broken_in(channel) is not None:  # a table that could not be loaded: moderators only
            notices = await self.service.cancel(channel, player_of(interaction), can_manage=allowed)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await ack(interaction)
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)  # type: ignore[arg-type]
            return
        await change(self.bot, interaction, lambda channel, by: self.service.cancel(channel, by, can_manage=allowed))

    @app_commands.command(name="help",
                          description=_t("The games Gavel plays, how to start one, and the shared commands"))
    async def help(self, interaction: discord.Interaction) -> None:
        """Answered privately, in the reader's language; anywhere, a direct message included."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_notice(interaction, self.service.help(), ephemeral=True)

    @table.command(name="stats", description=_t("Your results in this server"))
    async def stats(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.service.stats(interaction.guild_id, player_of(interaction))
        await send_notice(interaction, notice, ephemeral=True)
