"""`/dadsarmy new|roll|move|board|rules`: Dad's Army's slash commands, each handed to the shared
flows (`cogs/flows.py`). How its tokens read is the game's words (`rules.dads_army.words`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs.flows import act, open_lobby, post_board, send_rules, time_option, token_choices, variant_choices

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "dads_army"


class DadsArmyCog(commands.Cog):
    """Dad's Army: a lobby, the die, the moves; everything else is `/table`."""

    dadsarmy = app_commands.Group(name="dadsarmy", description=_t("Play Dad's Army in this channel"), guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    @dadsarmy.command(name="new", description=_t("Open a Dad's Army lobby in this channel (2-4 players)"))
    @app_commands.describe(variant=_t("A table option that changes the rules (none by default)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    @time_option
    async def new(self, interaction: discord.Interaction, variant: str | None = None, time: str | None = None) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant, time=time)

    @dadsarmy.command(name="roll", description=_t("Throw the die"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "roll")

    @dadsarmy.command(name="move", description=_t("Move one of your men exactly the roll"))
    @app_commands.describe(man=_t("Which of your men"), to=_t("The square to reach, as column,row (e.g. 5,9)"))
    async def move(self, interaction: discord.Interaction, man: str, to: str) -> None:
        await act(self.bot, interaction, f"move {man.strip().lower()} {to.replace(' ', '')}")

    @move.autocomplete("man")
    async def move_man(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return token_choices(self.bot, interaction, "move", 1, current)

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        man = getattr(interaction.namespace, "man", None)
        return token_choices(self.bot, interaction, "move", 2, current, {1: man})

    @dadsarmy.command(name="board", description=_t("Post the board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @dadsarmy.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

