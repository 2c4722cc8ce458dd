"""`/judtho new|place|move|board|draw|resign|suggest|rules`: Judtho's slash commands, each handed to
the shared flows (`cogs/flows.py`).

`/judtho place` and `/judtho move` autocomplete from the user's own legal actions, as the game's
words offer them (`rules.judtho.words`: `place` narrows the square by the piece, `move` the
destination by the square moved from; every capture, sweep, distant capture and promotion is a
choice of `to` labelled in notation, its value the whole action). The turn menu is two steps,
piece then destination (`JudthoWords.steps`).

The Trio's `suggest` is the one action whose words never reach the channel (Section 4, E4):
the engine tells the channel only that a suggestion was sent, and the move to the mover alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import flows
from cogs.flows import act, open_lobby, player_of, post_board, send_rules, variant_choices
from rules.core import IllegalAction, Msg
from rules.judtho import commands as judtho_commands
from rules.judtho.commands import square_of
from rules.judtho.words import DISTANT, PICK

if TYPE_CHECKING:
    from cogs.bot import GavelBot

GAME_KEY = "judtho"
Choices = list[app_commands.Choice[str]]



class JudthoCog(commands.Cog):
    """Judtho: a lobby, placing and moving by command (or by the turn menus), draws, resigning."""

    judtho = app_commands.Group(name="judtho", description=_t("Play Judtho (four-player chess) in this channel"),
                                guild_only=True)

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    def legal(self, interaction: discord.Interaction) -> list[str]:
        table = self.bot.service.table(interaction.channel_id or 0)
        if table is None or table.game_key != GAME_KEY:
            return []
        return self.bot.service.legal_for(table.channel_id, player_of(interaction))

    # ------------------------------------------------------------------ the table
    @judtho.command(name="new", description=_t("Open a Judtho lobby in this channel (2-4 players)"))
    @app_commands.describe(variant=_t("Duo (2 players), Trio (3) or a table option (Quattro, 4 players, by default)"))
    @app_commands.choices(variant=variant_choices(GAME_KEY))
    @flows.time_option
    async def new(self, interaction: discord.Interaction, variant: str | None = None, time: str | None = None) -> None:
        """J18, E6: the move clock is the shared time control (`time:`); whoever runs out of time departs."""
        await open_lobby(self.bot, interaction, GAME_KEY, variant, time=time)

    @judtho.command(name="board", description=_t("Post the board"))
    async def board(self, interaction: discord.Interaction) -> None:
        await post_board(self.bot, interaction)

    @judtho.command(name="rules", description=_t("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, GAME_KEY)

    # ------------------------------------------------------------------ placing
    @judtho.command(name="place", description=_t("Place a piece (Assembly, or a placement you are owed)"))
    @app_commands.describe(piece=_t("The piece, or rest: place the rest for me"),
                           square=_t("The empty square, e.g. c2"))
    async def place(self, interaction: discord.Interaction, piece: str, square: str | None = None) -> None:
        await flows.command(self.bot, interaction, GAME_KEY, "place", {"piece": piece, "square": square})

    @place.autocomplete("piece")
    async def place_piece(self, interaction: discord.Interaction, current: str) -> Choices:
        return flows.option_choices(self.bot, interaction, "place", "piece", current)

    @place.autocomplete("square")
    async def place_square(self, interaction: discord.Interaction, current: str) -> Choices:
        piece = getattr(interaction.namespace, "piece", None)
        return flows.option_choices(self.bot, interaction, "place", "square", current, {"piece": piece})

    # ------------------------------------------------------------------ moving
    @judtho.command(name="move", description=_t("Move a piece: from a square, to a square or a capture"))
    @app_commands.describe(origin=_t("The square of the piece to move, e.g. b1"),
                           to=_t("Where it goes, or what it captures (notation, e.g. Nb1-c3, Sd4xd5xd7)"))
    @app_commands.rename(origin="from")
    async def move(self, interaction: discord.Interaction, origin: str, to: str) -> None:
        if to.strip().endswith(PICK):
            await self.pick_targets(interaction, square_of(origin))
            return
        await act(self.bot, interaction, self.move_text(interaction, square_of(origin), to.strip()))

    async def pick_targets(self, interaction: discord.Interaction, origin: str) -> None:
        """4.7: the Knight on `origin`'s distant targets, privately: the turn menu's own
        "Distant capture" step ("All" and a multi-select of any of them, `JudthoWords.combined`)."""
        text = Msg("judtho.ui.pick", {"piece": Msg("judtho.piece.knight"), "square": origin})
        await flows.open_menu(self.bot, interaction, (f"N{origin}", DISTANT), text, marked=False,
                              refusal=IllegalAction("judtho_no_distant_capture", square=origin))

    def move_text(self, interaction: discord.Interaction, origin: str, to: str) -> str:
        """The action `to` names from `origin` (`rules.judtho.commands.move_text`, shared with the
        console): a whole legal move as offered or typed without its piece letter (`d12xf12`), or
        the one legal move ending on the square `to`. A square that ends several moves (a
        promotion's pieces, a sweep and a plain capture) is refused with those moves named and
        where to choose them (`judtho_which_move`), never guessed."""
        return judtho_commands.move_text(self.legal(interaction), origin, to, refusal="judtho_which_move")

    @move.autocomplete("origin")
    async def move_origin(self, interaction: discord.Interaction, current: str) -> Choices:
        return flows.option_choices(self.bot, interaction, "move", "from", current)

    @move.autocomplete("to")
    async def move_to(self, interaction: discord.Interaction, current: str) -> Choices:
        """The moves from `from`, a distant capture of every target first as "All: …" (4.7)."""
        origin = getattr(interaction.namespace, "from", None)
        return flows.option_choices(self.bot, interaction, "move", "to", current, {"from": origin})

    # ------------------------------------------------------------------ draws and resigning
    @judtho.command(name="draw", description=_t("Offer a draw or a void game on your turn, or answer an offer"))
    @app_commands.describe(answer=_t("offer (a draw), void (propose a void game), accept or decline"))
    @app_commands.choices(answer=[app_commands.Choice(name=_t(word.capitalize(), key=f"judtho.verb.{word}"),
                                                      value=word) for word in ("offer", "void", "accept", "decline")])
    async def draw(self, interaction: discord.Interaction, answer: str = "offer") -> None:
        """J24, E7: `void` proposes a void game (`void offer`); accept and decline answer either proposal."""
        await flows.command(self.bot, interaction, GAME_KEY, "draw", {"answer": answer})

    @judtho.command(name="resign", description=_t("Resign (on your turn)"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await act(self.bot, interaction, "resign")

    # ------------------------------------------------------------------ the Trio's suggestion
    @judtho.command(name="suggest", description=_t("Trio: suggest one move to your partner, privately"))
    @app_commands.describe(move=_t("The move, in notation (e.g. Nb1-c3)"))
    async def suggest(self, interaction: discord.Interaction, move: str) -> None:
        await act(self.bot, interaction, f"suggest {move.strip()}")

    @suggest.autocomplete("move")
    async def suggest_move(self, interaction: discord.Interaction, current: str) -> Choices:
        """Section 4, E4: only the partner of the Partnership army to move may suggest, once a turn
        (its legal `suggest` actions, `JudthoWords.choices`)."""
        return flows.option_choices(self.bot, interaction, "suggest", "move", current)
