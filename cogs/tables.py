"""`/table`: the commands every game shares (status, board, me, log, rules, leave, undo, sit,
away, cancel, stats, settings, leaderboard, history, replay, luck), `/help`, and `/games` (the tables waiting
for the player, on every server: `cogs.inbox`). `sit` and `away` are the
walk-aways' (`gavel.tables.away`).

`/table stats [user]` is private; `/table leaderboard [game]` (the server's ratings, `gavel.tables.ratings`)
and `/table history [game_id] [page]` answer in the channel, as embeds; a game picked from the
history's menu or by `game_id` comes with its record and its final board (its public view).

`/table replay [game_id]` steps through a finished game privately, every secret shown (`flows.show_replay`,
its buttons in `cogs.clicks`); `export:true` posts its public board through the whole game as an
animated GIF.

`/table luck [game_id]` shows a finished game's chances to win move by move (its turning points
starred) and its luck, in the channel; refused privately while the game is played.

`/table log export:true` posts the whole game of the channel (the one in play, or the last one
played there) as a text file that local play replays: `python bot.py --local <game> --script FILE`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _t
from discord.ext import commands

from cogs import components, names
from cogs.components import HistorySelect
from cogs.delivery import board_file, clip, guild_lang, record_file
from cogs.errors import lang_of
from cogs.flows import (
    ack,
    answer_in_public,
    attached,
    can_manage,
    change,
    channel_of,
    defer,
    delivering,
    open_table,
    player_of,
    post_board,
    send_finished_game,
    send_notice,
    send_replay_animation,
    send_rules,
    show,
    show_replay,
    spectating,
)
from cogs.inbox import games_view, inbox_text
from gavel.tables import i18n
from gavel.tables.inbox import game_words
from gavel.tables.service import game_name
from gavel.tables.table import Player
from rules import registry

if TYPE_CHECKING:
    from cogs.bot import GavelBot
    from gavel.tables.notices import Public
    from gavel.tables.service import TableService


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
        await show(self.bot, interaction, self.service.status, ephemeral=False, spectators_privately=True)

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
        channel = interaction.channel_id or 0
        if not export:
            await show(self.bot, interaction, self.service.log, ephemeral=False, spectators_privately=True)
            return
        # The export reads the whole log from the database: deferred first, privately (a refusal
        # stays private), and posted in public.
        await defer(interaction, ephemeral=True)
        record = self.service.export(interaction.channel_id or 0)
        text = i18n.gettext("table.exported_public" if record.public else "table.exported",
                            guild_lang(interaction.guild, interaction), game=record.game_key,
                            file=record.filename, n=record.moves)
        file = record_file(record, guild_lang(interaction.guild, interaction))
        open_now = (None if self.bot.shared else self.service.table(channel)) or await self.service.look(channel)
        if open_now is not None and spectating(open_now, interaction):  # a spectator's copy is theirs alone
            await interaction.followup.send(text, file=file, ephemeral=True)
            return
        await answer_in_public(interaction, text, file=file)

    @table.command(name="rules", description=_t("A short summary of the rules of the game played here"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await defer(interaction, ephemeral=True)  # the rules are private: a refusal is too
        await send_rules(interaction, (await open_table(self.bot, interaction)).game_key)

    @table.command(name="leave", description=_t("Leave the lobby, or resign from the game"))
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave a lobby at once; a player resigning from a game in play is asked first (Confirm)."""
        await defer(interaction, ephemeral=True)  # before the table is looked for
        table = await open_table(self.bot, interaction)
        if table.status == "active" and table.seat_of(interaction.user.id) is not None:
            lang = lang_of(interaction)
            if await components.ask_sure(interaction, table.id, table.version, "leave", "",
                                         i18n.gettext("cogs.confirm.leave", lang), lang):
                return
        await change(self.bot, interaction, self.service.leave)

    @table.command(name="undo", description=_t("Take back your last action, if nothing new came to light since"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await change(self.bot, interaction, self.service.undo)

    @table.command(name="sit", description=_t("Take your seat back from the AI after being away"))
    async def sit(self, interaction: discord.Interaction) -> None:
        await change(self.bot, interaction, self.service.sit)

    @table.command(name="away", description=_t("Vote to hand a silent player's seat to the AI"))
    @app_commands.describe(player=_t("The seated player who does not answer"))
    async def away(self, interaction: discord.Interaction, player: discord.Member) -> None:
        """A strict majority of the other players hands the seat to the AI until its player sits again."""
        await change(self.bot, interaction, lambda channel, by: self.service.away(channel, by, player.id))

    @table.command(name="wanted", description=_t("Offer an away player's seat to someone new (the host)"))
    @app_commands.describe(seat=_t("The away seat: its number or its player's name"))
    async def wanted(self, interaction: discord.Interaction, seat: str) -> None:
        """One line in the channel with a "Take this seat" button; `/games open` lists it too."""
        await change(self.bot, interaction, lambda channel, by: self.service.want(channel, by, seat))

    @table.command(name="take", description=_t("Take over a wanted seat at this table"))
    @app_commands.describe(seat=_t("The wanted seat: its number or its player's name"))
    async def take(self, interaction: discord.Interaction, seat: str) -> None:
        """The seat is yours from now on: first, by DM, everything it has been told so far."""
        await change(self.bot, interaction, lambda channel, by: self.service.take(channel, by, seat))

    @table.command(name="cancel", description=_t("Cancel the table (its host, or Manage Messages)"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        allowed = can_manage(interaction)
        channel = interaction.channel_id or 0
        if self.service.broken_in(channel) is not None:  # a table that could not be loaded: moderators only
            await defer(interaction, ephemeral=True)
            notices = await self.service.cancel(channel, player_of(interaction), can_manage=allowed)
            await ack(interaction)
            await self.bot.delivery.deliver(notices, channel=channel_of(interaction), interaction=interaction)
            return
        await change(self.bot, interaction, lambda channel, by: self.service.cancel(channel, by, can_manage=allowed))

    @app_commands.command(name="help",
                          description=_t("The games Gavel plays, how to start one, and the shared commands"))
    async def help(self, interaction: discord.Interaction) -> None:
        """Answered privately, in the reader's language; anywhere, a direct message included."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_notice(interaction, self.service.help(), ephemeral=True)

    @table.command(name="settings", description=_t("Your own settings: with no option, see them (privately)"))
    @app_commands.describe(reminders=_t("A DM when half of a long clock (2 minutes or more) is gone and you have"
                                        " not acted"),
                           inbox=_t("One DM, kept up to date, listing every table waiting for you (or a daily"
                                    " digest)"),
                           sleep=_t("Your sleep hours, e.g. 23-07 (or off): your clocks in daily games stop then"),
                           tz=_t("Your time zone, an IANA name such as Europe/London or Asia/Taipei"))
    @app_commands.choices(reminders=[
        app_commands.Choice(name=_t("On", key="cmd.table.settings.reminders.on"), value="on"),
        app_commands.Choice(name=_t("Off", key="cmd.table.settings.reminders.off"), value="off"),
    ], inbox=[
        app_commands.Choice(name=_t("On", key="cmd.table.settings.inbox.on"), value="on"),
        app_commands.Choice(name=_t("Off", key="cmd.table.settings.inbox.off"), value="off"),
        app_commands.Choice(name=_t("Daily digest", key="cmd.table.settings.inbox.digest"), value="digest"),
    ])
    async def settings(self, interaction: discord.Interaction, reminders: str | None = None,
                       inbox: str | None = None, sleep: str | None = None, tz: str | None = None) -> None:
        """Per player, not per table: answered privately, and the same at every table. Turning
        reminders off stops the half-time DM only; the channel still mentions whose turn it is.
        Turning the inbox on shows it at once (a DM listing the tables waiting for them)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.service.settings_notice(interaction.user.id, reminders, inbox, sleep, tz)
        await send_notice(interaction, notice, ephemeral=True)
        messenger = getattr(self.bot, "inbox", None)
        if inbox in ("on", "digest") and messenger is not None:
            await self.service.refresh_inbox(interaction.user.id, messenger, messenger.text_of)

    @table.command(name="vacation",
                   description=_t("Stop your clocks in daily games for some days; with no option, your days left"))
    @app_commands.describe(days=_t("How many days from now (0 ends your vacation early and gives back the days"
                                   " not begun)"))
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, 366] | None = None) -> None:
        """Per player, not per table: answered privately. A vacation stops the player's clocks
        at every daily table that accepts it (`gavel.tables.pauses`), on every server."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        notice = await self.service.vacation(interaction.user.id, days)
        await send_notice(interaction, notice, ephemeral=True)

    @app_commands.command(name="games", description=_t("Every table waiting for you, on every server (privately)"))
    @app_commands.describe(open=_t("Instead: the seats wanted at this server's tables, which you may take over"))
    async def games(self, interaction: discord.Interaction, open: bool = False) -> None:
        """The turn inbox's list, privately, anywhere (a DM included), with a link to each table's
        channel, where its live message holds the "My options" menu. With `open`, the away seats
        offered at the server's tables (`/table wanted`), each with its channel."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = lang_of(interaction)
        if open:
            seats = await self.service.wanted_seats(interaction.guild_id)
            await interaction.followup.send(clip(open_text(seats, lang)), ephemeral=True)
            return
        waits = await self.service.games(interaction.user.id)
        view = games_view(waits, lang)
        if view is None:
            await interaction.followup.send(inbox_text(waits, lang), ephemeral=True)
        else:
            await interaction.followup.send(inbox_text(waits, lang), ephemeral=True, view=view)

    @table.command(name="orders",
                   description=_t("Your standing orders at this table: windows your seat passes by itself (privately)"))
    @app_commands.describe(order=_t("Which order (with no option, see yours)"), set=_t("Turn it on or off"))
    @app_commands.choices(set=[
        app_commands.Choice(name=_t("On", key="cmd.table.orders.set.on"), value="on"),
        app_commands.Choice(name=_t("Off", key="cmd.table.orders.set.off"), value="off"),
    ])
    async def orders(self, interaction: discord.Interaction, order: str | None = None,
                     set: str | None = None) -> None:
        """Per player and per table: answered privately (nobody else learns what the seat passes
        by itself); a pass the order gives at once is delivered like any change."""
        await defer(interaction, ephemeral=True)
        table = await open_table(self.bot, interaction)
        said, notices = await self.service.orders(table.channel_id, player_of(interaction), order, set)
        with delivering(self.bot, table.channel_id, notices):
            await send_notice(interaction, said, ephemeral=True)
            if notices:
                await self.bot.delivery.deliver(notices, channel=channel_of(interaction), interaction=interaction)

    @orders.autocomplete("order")
    async def order_choices(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        """The orders the channel's game offers, in the reader's words (memory only)."""
        table = self.service.table(interaction.channel_id or 0)
        if table is None:
            return []
        lang = lang_of(interaction)
        found = [(o.key, i18n.gettext(o.words(table.game_key), lang))
                 for o in registry.plugin(table.game_key).standing_orders]
        return [app_commands.Choice(name=words[:100], value=key)
                for key, words in found if current.lower() in words.lower() or current.lower() in key][:25]

    @table.command(name="stats", description=_t("Your results in this server"))
    @app_commands.describe(user=_t("Whose results (default: yours)"))
    async def stats(self, interaction: discord.Interaction, user: discord.Member | None = None) -> None:
        """Per game: played, won and the rating; then the last results. Privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        someone = user is not None and user.id != interaction.user.id
        who = Player(user.id, user.display_name) if user is not None and someone else player_of(interaction)
        notice = await self.service.stats(interaction.guild_id, who, named=someone)
        await send_notice(interaction, notice, ephemeral=True)

    @table.command(name="block", description=_t("Keep a player away from your tables (privately; they are not told)"))
    @app_commands.describe(user=_t("The player to keep away"))
    async def block(self, interaction: discord.Interaction, user: discord.Member) -> None:
        """Neither joins a lobby where the other sits, on any server (`gavel.tables.reliability`). Privately."""
        await defer(interaction, ephemeral=True)
        notice = await self.service.block(player_of(interaction), Player(user.id, user.display_name))
        await send_notice(interaction, notice, ephemeral=True)

    @table.command(name="unblock", description=_t("Lift your block on a player"))
    @app_commands.describe(user=_t("The player you blocked"))
    async def unblock(self, interaction: discord.Interaction, user: discord.Member) -> None:
        """Privately."""
        await defer(interaction, ephemeral=True)
        notice = await self.service.unblock(player_of(interaction), Player(user.id, user.display_name))
        await send_notice(interaction, notice, ephemeral=True)

    @table.command(name="leaderboard", description=_t("The best rated players of a game in this server"))
    @app_commands.describe(game=_t("The game (default: the one played in this channel)"))
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The server's top players of a game (rating, games, won), as an embed with the table
        drawn as a picture. Without a game, the one played in this channel; none: refused privately."""
        lang = guild_lang(interaction.guild, interaction)
        # Deferred privately before the game is found (the channel's last game is a database
        # read): a refusal stays private, the leaderboard is posted in public (`send_embed`).
        await defer(interaction, ephemeral=True)
        await self.service.board_game(game, interaction.channel_id)
        notice = await self.service.leaderboard(interaction.guild_id, game, interaction.channel_id, lang=lang)
        await send_embed(interaction, notice, lang, "leaderboard.png")

    @leaderboard.autocomplete("game")
    async def leaderboard_games(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return game_choices(lang_of(interaction), current)

    @table.command(name="history",
                   description=_t("This server's finished games, or one of them: its record and final board"))
    @app_commands.describe(game_id=_t("A finished game's number: its record and final board"),
                           page=_t("Older games: page 2, 3, ..."))
    async def history(self, interaction: discord.Interaction, game_id: int | None = None,
                      page: app_commands.Range[int, 1, 1000] = 1) -> None:
        """The server's last finished games (players, result, date), ten a page; with `game_id`,
        that game's record (the file `/table log export:true` gives) and its final board (the
        public view: what every player could see)."""
        lang = guild_lang(interaction.guild, interaction)
        if game_id is None:
            await interaction.response.defer(thinking=True)
            entries = await self.service.history_entries(interaction.guild_id, page - 1)
            if not entries:
                await send_embed(interaction, await self.service.history(interaction.guild_id, page - 1), lang)
                return
            lines = [names.render(line, lang) for _, line, _ in entries]
            embed = discord.Embed(title=i18n.gettext("table.history_title", lang),
                                  description="\n".join([*lines, "", i18n.gettext("table.history_hint", lang)])
                                  [:EMBED_LIMIT])
            view = discord.ui.View(timeout=None)
            view.add_item(HistorySelect.make([(i, i18n.render(label, lang)) for i, _, label in entries], lang,
                                             page - 1))
            await interaction.followup.send(embed=embed, view=view)
            return
        await send_finished_game(self.bot, interaction, game_id)

    @table.command(name="luck",
                   description=_t("A finished game's turning points and luck: each side's chance to win, move by move"))
    @app_commands.describe(game_id=_t("A finished game's number (default: the last game played here)"))
    async def luck(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """A finished game (this channel's last one, else the one numbered) after its end: the chart
        of each side's chance to win with its turning points starred, and the luck of each seat's
        dice and cards in one sentence and a picture. Refused privately while the game is played:
        nothing of it is shown before its end. Worked out once (seconds of playouts in the AI
        workers) and kept: deferred first."""
        lang = guild_lang(interaction.guild, interaction)
        await defer(interaction, ephemeral=True)
        found = await self.service.luck(interaction.guild_id, interaction.channel_id or 0, game_id, lang=lang)
        luck = board_file(found.luck_png, "luck.png", found.luck_text(lang)) if found.chart_png else None
        await send_embed(interaction, found.notice(), lang, "chances.png" if found.chart_png else "luck.png",
                         extra=luck)


    @table.command(name="replay",
                   description=_t("Step through a finished game again, every secret shown (privately)"))
    @app_commands.describe(game_id=_t("A finished game's number (default: this channel's last one)"),
                           export=_t("Instead: post the whole game's public board as an animation"))
    async def replay(self, interaction: discord.Interaction, game_id: int | None = None, export: bool = False) -> None:
        """A finished game step by step, privately (each user browses on their own): ⏮ ◀ ▶ ⏭, a
        step menu and "Post this step". Every secret is shown, so a game in play is refused. With
        `export`, the public board through the whole game as an animated picture, in public."""
        await defer(interaction, ephemeral=True)  # before the database is read: a refusal stays private
        if export:
            await send_replay_animation(self.bot, interaction, game_id)
            return
        await show_replay(self.bot, interaction, game_id, 0, edit=False)

EMBED_LIMIT = 4096
"""Discord's longest embed description."""


def open_text(seats: list[dict[str, Any]], lang: str) -> str:
    """`/games open`: one line per wanted seat (its game, its channel, the name of the player it
    was), names escaped."""
    if not seats:
        return i18n.gettext("table.wanted_none", lang)
    return "\n".join(i18n.gettext("table.wanted_open", lang, game=i18n.render(game_words(s["game"]), lang),
                                  channel=s["channel"], player=names.escaped(s["name"])) for s in seats)


def game_choices(lang: str, current: str) -> list[app_commands.Choice[str]]:
    """Every installed game (`rules.registry`), named in the reader's language, matching what was typed."""
    typed = current.strip().lower()
    out = []
    for key, plugin in sorted(registry.plugins().items()):
        name = i18n.render(game_name(plugin.game), lang)
        if not typed or typed in name.lower() or typed in key.lower():
            out.append(app_commands.Choice(name=name[:100], value=key))
    return out[:25]


async def send_embed(interaction: discord.Interaction, notice: Public, lang: str, filename: str | None = None, *,
                     extra: discord.File | None = None) -> None:
    """Answer a deferred interaction with a notice as an embed: its first line the title, the
    rest the description, and its image (when it has one) shown in the embed; `extra`, a second
    picture attached below it. Deferred privately (so that a refusal stayed private), it is posted
    in public (`answer_in_public`)."""
    first, *rest = names.lines(notice, lang) or [""]
    embed = discord.Embed(title=first[:256], description="\n".join(rest)[:EMBED_LIMIT] or None)
    kwargs: dict[str, Any] = {"embed": embed}
    if notice.image is not None and filename is not None:
        embed.set_image(url=f"attachment://{filename}")
        kwargs["file"] = attached(board_file(notice.image, filename, notice.described(lang)))
    if extra is not None:
        kwargs["files"] = [f for f in (kwargs.pop("file", None), extra) if f is not None]
    if interaction.extras.get("private"):
        await answer_in_public(interaction, "", **kwargs)
        return
    await interaction.followup.send(**kwargs)
