"""`/judgement`: The City of Judgement (審判之城) in a channel, each command handed to the shared flows.

Every decision of this game is private (P4, its secrets): the channel hears the
public events, names who must act (a mention) and carries one "My options" button whose custom
id names no action; each clicker's own choices open ephemerally (`cogs/delivery.py`,
`cogs/clicks.py`). Secrets (identity, character, the Order card given or held) reach a seat by DM
when they change; `/judgement role` is the ephemeral fallback ("My role", as `/table me`).

Commands (each option autocompleted from the user's own legal actions, names in their language):
`new [variant] [timeout]`, `pick`, `roll`, `go`, `draw`, `give`, `obey [answer]` (obey, pay an
equipment card, or 隱女's pose), `target`, `hurt`, `heal`, `take`, `show`, `keep`, `attack`,
`reveal`, `skill [target]`, `rescue`, `counter`, `decline`, `pass`, `end`, `options` (my options
privately), `board`, `role`, `rules`. The rarer answers (`again`, `hit` and the `declare_button`
variant's `declare`) are buttons of the private menu only: Discord allows 25 commands a group.

How its tokens read (a colour token as its player at this table, content ids by name, a whole
action by the game's label) is the game's words (`rules.judgement.words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import flows
from cogs.flows import act, open_lobby, open_table, player_of, post_board, send_rules, token_choices, variant_choices
from rules.judgement.commands import ANSWERS, clean, command_text

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "judgement"
TIMEOUT_MAX = 3600
BUTTON_ONLY = frozenset({"again", "hit", "declare", "pay", "pose"})
"""Verbs reached by the private menu's buttons (pay and pose also as `/judgement obey answer:`)."""
Choices = list[app_commands.Choice[str]]


class JudgementCog(commands.Cog):
    """The City of Judgement: a lobby, every decision by command or private buttons, the role privately."""

    judgement = app_commands.Group(name="judgement", description=_t("Play The City of Judgement in this channel"),
                                   guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    def choices(self, interaction: discord.Interaction, verb: str, index: int, current: str,
                chosen: dict[int, str | None] | None = None) -> Choices:
        return token_choices(self.bot, interaction, verb, index, current, chosen)

    def whole_choices(self, interaction: discord.Interaction, verbs: Sequence[str], current: str) -> Choices:
        return flows.whole_choices(self.bot, interaction, verbs, current)

    async def do(self, interaction: discord.Interaction, verb: str, *tokens: str | None) -> None:
        """Play `verb` with these options; a blank one (Unicode spaces included) is refused with what
        the user may name (`command_text`), before anything reaches the game."""
        legal: list[str] = []
        if tokens:
            table = await open_table(self.bot, interaction)
            legal = self.bot.service.legal_for(table.channel_id, player_of(interaction))
        await act(self.bot, interaction, command_text(verb, tokens, legal))

    # ------------------------------------------------------------------ the table
    @judgement.command(name="new", description=_t("Open a City of Judgement lobby in this channel (4-9 players)"))
    @app_commands.describe(variant=_t("A table option that changes the rules (none by default)"),
                           timeout=_t("Seconds a question waits for a player (default 60, 0 = no clock)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    @flows.time_option
    async def new(self, interaction: discord.Interaction, variant: str | None = None,
                  timeout: app_commands.Range[int, 0, TIMEOUT_MAX] | None = None, time: str | None = None) -> None:
        await open_lobby(self.bot, interaction, GAME_KEY, variant, timeout=timeout, time=time)

    @judgement.command(name="board", description=_t("The board, privately (as you see it) when you play here"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @judgement.command(name="role", description=_t("My role, privately: identity, character, goal, Order card"))
    async def role(self, interaction: discord.Interaction) -> None:
        """The ephemeral "My role" (the fallback when DMs are closed): what `/table me` says (the
        seat, its secrets, its recent private news, what it may do), with the role card image."""
        await flows.own_view(self.bot, interaction, "role.png")

    @judgement.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

    @judgement.command(name="options", description=_t("My options now, privately (the same as the button)"))
    async def options(self, interaction: discord.Interaction) -> None:
        """The private menu of the user's legal actions, as "My options" opens it."""
        await flows.open_menu(self.bot, interaction)

    # ------------------------------------------------------------------ set-up and the move
    @judgement.command(name="pick", description=_t("Pick your character, in secret, from those dealt to you"))
    @app_commands.describe(character=_t("One of the characters dealt to you"))
    async def pick(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """Without a character: asked which, the characters dealt to the user named (privately)."""
        await flows.command(self.bot, interaction, GAME_KEY, "pick", {"character": character})

    @pick.autocomplete("character")
    async def pick_character(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "pick", 1, current)

    @judgement.command(name="roll", description=_t("Throw d4+d6: your start roll, or your move"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "roll")

    @judgement.command(name="go", description=_t("Go to a location (after a 7, the Astrolabe's two throws, or Flit)"))
    @app_commands.describe(location=_t("Where to go"))
    async def go(self, interaction: discord.Interaction, location: str) -> None:
        await self.do(interaction, "go", location)

    @go.autocomplete("location")
    async def go_location(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "go", 1, current)

    # ------------------------------------------------------------------ locations and cards
    @judgement.command(name="draw", description=_t("Market Square: draw one card from the pack you choose"))
    @app_commands.describe(pack=_t("Holy, Dark or Order"))
    async def draw(self, interaction: discord.Interaction, pack: str) -> None:
        await self.do(interaction, "draw", pack)

    @draw.autocomplete("pack")
    async def draw_pack(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "draw", 1, current)

    @judgement.command(name="give", description=_t("Give the card you drew (an Order card) to another player"))
    @app_commands.describe(target=_t("The player who receives it"))
    async def give(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "give", target)

    @give.autocomplete("target")
    async def give_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "give", 1, current)

    @judgement.command(name="obey", description=_t("Answer the Order card you were given (only you see how)"))
    @app_commands.describe(answer=_t("Obey (the default), or give up an equipment card instead"))
    async def obey(self, interaction: discord.Interaction, answer: str | None = None) -> None:
        """A blank answer (a full-width space too) is no answer: the plain `obey`."""
        await flows.command(self.bot, interaction, GAME_KEY, "obey", {"answer": answer})

    @obey.autocomplete("answer")
    async def obey_answer(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.whole_choices(interaction, ANSWERS, current)

    @judgement.command(name="target", description=_t("Choose the player a card or a skill is aimed at"))
    @app_commands.describe(target=_t("The player"))
    async def target(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "target", target)

    @target.autocomplete("target")
    async def target_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "target", 1, current)

    @judgement.command(name="hurt", description=_t("Alchemist's Tower: deal its damage to a player"))
    @app_commands.describe(target=_t("The player (yourself included)"))
    async def hurt(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "hurt", target)

    @hurt.autocomplete("target")
    async def hurt_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "hurt", 1, current)

    @judgement.command(name="heal", description=_t("Alchemist's Tower: heal a player"))
    @app_commands.describe(target=_t("The player (yourself included)"))
    async def heal(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "heal", target)

    @heal.autocomplete("target")
    async def heal_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "heal", 1, current)

    @judgement.command(name="take", description=_t("Take an equipment card from a player (Black Market, a reward ...)"))
    @app_commands.describe(target=_t("The player who has it"), card=_t("The equipment card"))
    async def take(self, interaction: discord.Interaction, target: str, card: str) -> None:
        await self.do(interaction, "take", target, card)

    @take.autocomplete("target")
    async def take_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "take", 1, current, {2: getattr(interaction.namespace, "card", None)})

    @take.autocomplete("card")
    async def take_card(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "take", 2, current, {1: getattr(interaction.namespace, "target", None)})

    @judgement.command(name="show", description=_t("Show your identity card (or character) when a card asks"))
    async def show_(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "show")

    @judgement.command(name="keep", description=_t("Keep it hidden when a card asks you to show it"))
    async def keep(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "keep")

    @judgement.command(name="decline", description=_t("Veiled Lady's Vanish: skip this location's effect"))
    async def decline(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "decline")

    # ------------------------------------------------------------------ characters and attacks
    @judgement.command(name="attack", description=_t("Attack a player in range (d6 - d4)"))
    @app_commands.describe(target=_t("The player in range"))
    async def attack(self, interaction: discord.Interaction, target: str) -> None:
        await self.do(interaction, "attack", target)

    @attack.autocomplete("target")
    async def attack_target(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "attack", 1, current)

    @judgement.command(name="reveal", description=_t("Turn your character card face up"))
    async def reveal(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "reveal")

    @judgement.command(name="skill", description=_t("Use a skill of your character (then choose its target)"))
    @app_commands.describe(name=_t("The skill"), target=_t("The player it is aimed at, when it asks for one"))
    async def skill(self, interaction: discord.Interaction, name: str, target: str | None = None) -> None:
        """`skill <id>`, then, when a target is named and the skill now asks for one, `target
        <colour>`: both changes told in one message. A target the skill does not take is left
        to the private menu (the skill stands)."""
        if not clean(target):  # a blank target is no target
            await self.do(interaction, "skill", name)
            return
        table = await open_table(self.bot, interaction)
        used = command_text("skill", [name], self.bot.service.legal_for(table.channel_id, player_of(interaction)))
        await flows.act_all(self.bot, interaction, [used, f"target {clean(target)}"],
                            later="judgement.ui.target_later")

    @skill.autocomplete("name")
    async def skill_name(self, interaction: discord.Interaction, current: str) -> Choices:
        return self.choices(interaction, "skill", 1, current)

    @skill.autocomplete("target")
    async def skill_target(self, interaction: discord.Interaction, current: str) -> Choices:
        """The target is chosen after the skill: every living player, by name (the engine judges)."""
        return flows.option_choices(self.bot, interaction, "skill", "target", current, verb="target")

    @judgement.command(name="rescue", description=_t("Flower Girl's Gift of Flowers: save the dying character"))
    async def rescue(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "rescue")

    @judgement.command(name="counter", description=_t("Mercenary's Counterstrike: attack back"))
    async def counter(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "counter")

    @judgement.command(name="pass", description=_t("Do nothing in this window"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "pass")

    @judgement.command(name="end", description=_t("End your attack step (or your turn)"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.do(interaction, "end")


__all__ = ["BUTTON_ONLY", "GAME_KEY", "JudgementCog"]
