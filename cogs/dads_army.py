"""`/dadsarmy new|roll|move|board|rules`, and how Dad's Army's tokens look on buttons.

Square buttons carry the same short labels the renderer draws on the board image
(`renderer.dads_army.label_actions`), so "B · 5,9" on a button is the "B" on the picture.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import components
from cogs.errors import lang_of
from cogs.flows import act, open_lobby, player_of, post_board, send_rules, variant_choices
from tables import i18n

if TYPE_CHECKING:
    from cogs.bot import GavelBot
    from tables.table import Table

log = logging.getLogger("gavel.cogs")

GAME_KEY = "dads_army"
AUTOCOMPLETE_MAX = 25


def square_labels(table: Table, actions: list[str]) -> dict[str, str]:
    """Labels of the squares the prompt's image marks, keyed by action text."""
    try:
        from renderer import dads_army as renderer

        view = table.game.view(table.state, None)
        return {a: label for a, label in renderer.label_actions(view, actions).items() if label}
    except Exception:  # a missing or broken renderer costs the labels, never the buttons
        log.warning("no square labels for table %s", table.id, exc_info=True)
        return {}


components.register_ui(components.GameUI(key=GAME_KEY, square_labels=square_labels,
                                         token_keys=("dads_army.man.{token}",)))


class DadsArmyCog(commands.Cog):
    """Dad's Army: a lobby, the die, the moves; everything else is `/table`."""

    dadsarmy = app_commands.Group(name="dadsarmy", description=_t("Play Dad's Army in this channel"), guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    @dadsarmy.command(name="new", description=_t("Open a Dad's Army lobby in this channel (2-4 players)"))
    @app_commands.describe(variant=_t("A table option that changes the rules (none by default)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    async def new(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant)

    @dadsarmy.command(name="roll", description=_t("Throw the die"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "roll")

    @dadsarmy.command(name="move", description=_t("Move one of your men exactly the roll"))
    @app_commands.describe(man=_t("Which of your men"), to=_t("The square to reach, as column,row (e.g. 5,9)"))
    async def move(self, interaction: discord.Interaction, man: str, to: str) -> None:
        await act(self.bot, interaction, f"move {man.strip().lower()} {to.replace(' ', '')}")

    @move.autocomplete("man")
    async def move_man(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self._choices(interaction, 1, current, None)

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self._choices(interaction, 2, current, getattr(interaction.namespace, "man", None))

    def _choices(self, interaction: discord.Interaction, index: int, current: str,
                 man: str | None) -> list[app_commands.Choice[str]]:
        """The `move` tokens this user may play now, filtered by what they typed."""
        legal = self.bot.service.legal_for(interaction.channel_id or 0, player_of(interaction))
        lang, seen, out = lang_of(interaction), set(), []
        for parts in (a.split() for a in legal):
            if len(parts) != 3 or parts[0] != "move" or (man and parts[1] != man) or parts[index] in seen:
                continue
            token = parts[index]
            name = i18n.gettext(f"dads_army.man.{token}", lang) if index == 1 else token
            if current.lower() not in token.lower() and current.lower() not in name.lower():
                continue
            seen.add(token)
            label = name if name == token else f"{name} ({token})"
            out.append(app_commands.Choice(name=components.capitalised(label)[:100], value=token))
        return out[:AUTOCOMPLETE_MAX]

    @dadsarmy.command(name="board", description=_t("Post the board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @dadsarmy.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

