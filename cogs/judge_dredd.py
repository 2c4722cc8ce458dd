"""`/dredd`: Judge Dredd in a channel, each command handed to the shared flows (`cogs/flows.py`).

Every action verb of the game has a command (`place`, `move`/`stay` as `move path:stay`,
`arrest`, `play`, `block` (Block Mania), `tipoff` (Tip Off), `answer`, `pass`, `skip`,
`discard`, `done`), each option autocompleted from the user's own legal actions and narrowed by the
options already chosen; the same actions are one click away from a window's "My options"
button. Hands are private: they arrive by DM (`tables` sends them when they change), and
`/dredd hand` shows them ephemerally when DMs are closed. How its tokens read is the game's
words (`rules.judge_dredd.words`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs.flows import (
    act,
    open_lobby,
    player_of,
    post_board,
    send_rules,
    show,
    time_option,
    token_choices,
    variant_choices,
)

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "judge_dredd"
STAY = "stay"
"""`/dredd move path:stay` is the `stay` action (a Move of zero Sectors)."""
TIMEOUT_MAX = 3600

Choices = list[app_commands.Choice[str]]


class JudgeDreddCog(commands.Cog):
    """Judge Dredd: a lobby, every action by command, hands and boards privately."""

    dredd = app_commands.Group(name="dredd", description=_t("Play Judge Dredd in this channel"), guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    def choices(self, interaction: discord.Interaction, verb: str, index: int, current: str,
                chosen: dict[int, str | None] | None = None, *, whole: bool = False) -> Choices:
        return token_choices(self.bot, interaction, verb, index, current, chosen, whole=whole)

    # ------------------------------------------------------------------ the table
    @dredd.command(name="new", description=_t("Open a Judge Dredd lobby in this channel (2-6 players)"))
    @app_commands.describe(variant=_t("A table option that changes the rules (none by default)"),
                           timeout=_t("Seconds a card-play window waits for a player (default 60, 0 = no clock)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    @time_option
    async def new(self, interaction: discord.Interaction, variant: str | None = None,
                  timeout: app_commands.Range[int, 0, TIMEOUT_MAX] | None = None, time: str | None = None) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant, timeout=timeout, time=time)

    @dredd.command(name="hand", description=_t("Your hand of Action Cards, privately"))
    async def hand(self, interaction: discord.Interaction) -> None:
        player = player_of(interaction)
        await show(self.bot, interaction, lambda channel: self.bot.service.hand(channel, player), ephemeral=True)

    @dredd.command(name="board", description=_t("The board (as you see it, privately, when you play here)"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @dredd.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

    # ------------------------------------------------------------------ set-up and movement
    @dredd.command(name="place", description=_t("Set-up: put your Judge in a free Starting Sector"))
    @app_commands.describe(sector=_t("A free Starting Sector"))
    async def place(self, interaction: discord.Interaction, sector: str) -> None:
        await act(self.bot, interaction, f"place {sector.strip().lower()}")

    @place.autocomplete("sector")
    async def place_sector(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "place", 1, current)

    @dredd.command(name="move", description=_t("Your Move: up to two adjacent Sectors, or stay"))
    @app_commands.describe(path=_t("Where to go (the Sectors in order), or stay"))
    async def move(self, interaction: discord.Interaction, path: str) -> None:
        path = path.strip().lower()
        await act(self.bot, interaction, STAY if path == STAY else f"move {path}")

    @move.autocomplete("path")
    async def move_path(self, interaction: discord.Interaction, current: str) -> Choices:
        stay = self.choices(interaction, STAY, 0, current, whole=True)
        return [*stay, *self.choices(interaction, "move", 1, current, whole=True)][:25]

    # ------------------------------------------------------------------ arrests
    @dredd.command(name="arrest", description=_t("Choose which Crime to attempt an Arrest at"))
    @app_commands.describe(crime=_t("The Crime (or the Alien Creature)"))
    async def arrest(self, interaction: discord.Interaction, crime: str) -> None:
        await act(self.bot, interaction, f"arrest {crime.strip().lower()}")

    @arrest.autocomplete("crime")
    async def arrest_crime(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "arrest", 1, current)

    # ------------------------------------------------------------------ cards
    @dredd.command(name="play", description=_t("Play an Action Card from your hand"))
    @app_commands.describe(card=_t("The card"), option=_t("Its main option or its OR option"),
                           target=_t("On whom or where: a Judge, a Sector or a Crime"))
    async def play(self, interaction: discord.Interaction, card: str, option: str, target: str) -> None:
        await act(self.bot, interaction, " ".join(["play", *(t.strip().lower() for t in (card, option, target))]))

    def _play_chosen(self, interaction: discord.Interaction, skip: int) -> dict[int, str | None]:
        namespace = interaction.namespace
        chosen = {1: getattr(namespace, "card", None), 2: getattr(namespace, "option", None),
                  3: getattr(namespace, "target", None)}
        del chosen[skip]
        return chosen

    @play.autocomplete("card")
    async def play_card(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "play", 1, current, self._play_chosen(interaction, 1))

    @play.autocomplete("option")
    async def play_option(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "play", 2, current, self._play_chosen(interaction, 2))

    @play.autocomplete("target")
    async def play_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "play", 3, current, self._play_chosen(interaction, 3))

    @dredd.command(name="block", description=_t("Block Mania: make two Judges fight each other"))
    @app_commands.describe(first=_t("One Judge"), second=_t("The other Judge"))
    async def block(self, interaction: discord.Interaction, first: str, second: str) -> None:
        await act(self.bot, interaction, f"block {first.strip().lower()} {second.strip().lower()}")

    @block.autocomplete("first")
    async def block_first(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "block", 1, current, {2: getattr(interaction.namespace, "second", None)})

    @block.autocomplete("second")
    async def block_second(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "block", 2, current, {1: getattr(interaction.namespace, "first", None)})

    @dredd.command(name="tipoff", description=_t("Tip Off (Perp on the Move): move a Crime's Perp"))
    @app_commands.describe(crime=_t("The Crime whose Perp moves"), path=_t("Where the Perp goes"))
    async def tipoff(self, interaction: discord.Interaction, crime: str, path: str) -> None:
        await act(self.bot, interaction, f"tipoff {crime.strip().lower()} {path.strip().lower()}")

    @tipoff.autocomplete("crime")
    async def tipoff_crime(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "tipoff", 1, current, {2: getattr(interaction.namespace, "path", None)})

    @tipoff.autocomplete("path")
    async def tipoff_path(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "tipoff", 2, current, {1: getattr(interaction.namespace, "crime", None)})

    @dredd.command(name="answer", description=_t("Answer a Barney or an Outdoor Boing with a card"))
    @app_commands.describe(card=_t("The card you answer with"))
    async def answer(self, interaction: discord.Interaction, card: str) -> None:
        await act(self.bot, interaction, f"answer {card.strip().lower()}")

    @answer.autocomplete("card")
    async def answer_card(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "answer", 1, current)

    @dredd.command(name="pass", description=_t("Play no card now (or do not answer)"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "pass")

    @dredd.command(name="skip", description=_t("Pass every card-play window for the rest of this Game Turn"))
    async def skip(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "skip")

    @dredd.command(name="discard", description=_t("Discard a card from your hand"))
    @app_commands.describe(card=_t("The card to discard"))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await act(self.bot, interaction, f"discard {card.strip().lower()}")

    @discard.autocomplete("card")
    async def discard_card(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "discard", 1, current)

    @dredd.command(name="done", description=_t("Stop discarding"))
    async def done(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "done")
