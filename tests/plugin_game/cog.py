"""`/beacon new|roll|stoke|douse|signal|board|rules`: Beacon Relay's slash-command declarations.

Only declarations: each command hands its call to the shared flow (`cogs.flows`), and options
that are not the action's own tokens are read by the game's `Commands` through the shared
`flows.command` (`/beacon stoke beacon:紅` is `stoke red`). Buttons, prompts, DMs and the
board need nothing here: the platform builds them from the game's plug-in. The bot loads this
module as the plug-in's `cog` (`setup(bot)`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs.flows import (
    act,
    command,
    open_lobby,
    player_of,
    post_board,
    send_rules,
    show,
    time_option,
    token_choices,
)

from .engine import KEY

if TYPE_CHECKING:
    from cogs.bot import GavelBot


class BeaconCog(commands.Cog):
    """Beacon Relay: a lobby, the die, the beacons; everything else is `/table`."""

    beacon = app_commands.Group(name="beacon", description=_t("Play Beacon Relay in this channel"), guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    @beacon.command(name="new", description=_t("Open a Beacon Relay lobby in this channel (2-4 players)"))
    @time_option
    async def new(self, interaction: discord.Interaction, time: str | None = None) -> None:
        await open_lobby(self.bot, interaction, KEY, time=time)

    @beacon.command(name="roll", description=_t("Throw the die"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "roll")

    @beacon.command(name="stoke", description=_t("Make a beacon burn higher by your roll"))
    @app_commands.describe(beacon=_t("Which beacon (red, blue, green or gold)"))
    async def stoke(self, interaction: discord.Interaction, beacon: str) -> None:
        await command(self.bot, interaction, KEY, "stoke", {"beacon": beacon})

    @stoke.autocomplete("beacon")
    async def stoke_beacon(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return token_choices(self.bot, interaction, "stoke", 1, current)

    @beacon.command(name="douse", description=_t("Make a burning beacon lower by your roll"))
    @app_commands.describe(beacon=_t("Which beacon (red, blue, green or gold)"))
    async def douse(self, interaction: discord.Interaction, beacon: str) -> None:
        await command(self.bot, interaction, KEY, "douse", {"beacon": beacon})

    @douse.autocomplete("beacon")
    async def douse_beacon(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return token_choices(self.bot, interaction, "douse", 1, current)

    @beacon.command(name="signal", description=_t("Show which beacon is yours (only you see it)"))
    async def signal(self, interaction: discord.Interaction) -> None:
        player = player_of(interaction)
        await show(self.bot, interaction, lambda channel: self.bot.service.me(channel, player), ephemeral=True)

    @beacon.command(name="board", description=_t("Show the beacons"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @beacon.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, KEY)


async def setup(bot: GavelBot) -> None:
    """What the bot calls to add this game's commands (as a discord.py extension's `setup`)."""
    await bot.add_cog(BeaconCog(bot), override=True)
