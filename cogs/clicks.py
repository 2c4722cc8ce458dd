"""What each persistent button and select does (lobby, turn menus, "My info", a replay's steps).

Every check that can refuse runs before anything changes, and a refusal is an ephemeral
message to the clicker only. Version and table id come from the custom id, so a click on a
message from before a restart works, and one from before the last move is refused.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord

from cogs import components
from cogs.delivery import board_file, guild_lang
from cogs.errors import after_change, lang_of
from cogs.flows import (
    ack,
    delivering,
    lobby_text,
    player_of,
    post_lobby,
    post_replay_step,
    send_finished_game,
    send_notice,
    show_replay,
)
from gavel.tables import i18n
from gavel.tables.notices import Prompt, Public
from gavel.tables.numbers import whole
from gavel.tables.service import Table
from gavel.tables.table import Player
from rules.core import IllegalAction

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from cogs.bot import GavelBot
    from gavel.tables.notices import Notice
    from gavel.tables.table import Player


class Clicks:
    """The bot's `component_handler`: `kind` names the item class that was clicked."""

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot

    async def __call__(self, kind: str, interaction: discord.Interaction, item: Any) -> None:
        # The clicker's language, for their DMs and private images from now on: a player who only
        # clicked Join gets their identity and pick DMs in it, not in the server's.
        self.bot.delivery.remember(interaction)
        await getattr(self, kind)(interaction, item)

    async def live(self, interaction: discord.Interaction, table_id: int, version: int | None = None) -> Table:
        """The open table a button was made for, or the `stale_button` refusal. Judged by the
        channel's open table in memory when it is the button's and not behind it; otherwise (a
        table another process opened or moved on, or one a lazy start-up left in the database:
        a button carries its table's id and version, and needs no table in memory), and always
        when processes share the database (`GAVEL_SHARED`), by the table as the database has
        it. A custom id naming another channel's table is refused."""
        channel = interaction.channel_id or 0
        table = self.bot.service.table(channel)
        behind = version is not None and version > table.version if table is not None else False
        if table is None or table.id != table_id or behind or self.bot.shared:
            table = await self.bot.service.peek(channel)
        if table is None or table.id != table_id:
            raise IllegalAction("stale_button")
        if version is not None and (table.status != "active" or not self.bot.service.answering(table, version)):
            raise IllegalAction("stale_button")
        return table

    async def lobby(self, interaction: discord.Interaction, item: components.LobbyButton) -> None:
        await interaction.response.defer()  # before the table is read: a refusal follows privately
        service, table = self.bot.service, await self.live(interaction, item.table_id)
        if table.status != "lobby":
            raise IllegalAction("stale_button")
        player, channel_id = player_of(interaction), table.channel_id
        if item.op == "start":
            notices = await service.start(channel_id, player)
            with delivering(self.bot, channel_id, notices):
                lang = guild_lang(interaction.guild, interaction)
                await interaction.edit_original_response(content=lobby_text(await service.status(channel_id), lang),
                                                         view=None)
                await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)
            return
        calls: dict[str, Callable[[int, Player], Awaitable[list[Notice]]]]
        calls = {"join": service.join, "leave": service.leave, "ai": service.add_ai}
        notices = await calls[item.op](channel_id, player)
        event = next((n for n in notices if isinstance(n, Public)), None)
        lang = guild_lang(interaction.guild, interaction)
        with after_change():
            if service.table(channel_id) is table:
                text = lobby_text(await service.status(channel_id), lang, event)
                await interaction.edit_original_response(content=text, view=components.lobby_view(table.id, lang))
            else:  # the last human left: the lobby closed
                await interaction.edit_original_response(content=lobby_text(event, lang) if event else None, view=None)

    async def again(self, interaction: discord.Interaction, item: components.AgainButton) -> None:
        """"Play again": a lobby like the game the button was on, its other humans mentioned
        (invited back until the window ends, as a Discord timestamp), the window's timer armed."""
        service, channel_id = self.bot.service, interaction.channel_id or 0
        await interaction.response.defer(ephemeral=True, thinking=True)
        notices = await service.rematch(channel_id, player_of(interaction), item.table_id)
        awaited, ends = await service.rematch_awaited(channel_id)
        lang = guild_lang(interaction.guild, interaction)
        invite = ""
        if awaited and ends is not None:
            invite = i18n.gettext("cogs.rematch.invite", lang, mentions=", ".join(f"<@{i.user_id}>" for i in awaited),
                                  when=f"<t:{int(ends)}:R>")
        with after_change():
            await ack(interaction)
            await post_lobby(self.bot, interaction, notices, extra=invite, ping=[i.user_id for i in awaited])
        await self.bot.rematch_clock.arm_channel(channel_id)

    async def replay_open(self, interaction: discord.Interaction, item: components.ReplayOpen) -> None:
        """"Replay" on a game's last message: that game from its set-up, for the clicker alone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_replay(self.bot, interaction, item.table_id, 0, edit=False)

    async def replay_step(self, interaction: discord.Interaction, item: components.ReplayButton) -> None:
        """⏮ ◀ ▶ ⏭ edit the (private) replay message in place; "Post this step" posts the step
        shown in the channel."""
        if item.op == "post":
            await interaction.response.defer(ephemeral=True)
            await post_replay_step(self.bot, interaction, item.table_id, item.step)
            return
        await interaction.response.defer()  # the replay message is edited in place
        replay = await self.bot.service.replay_game(interaction.guild_id, interaction.channel_id or 0, item.table_id)
        await show_replay(self.bot, interaction, replay.table_id, item.target(replay.last), edit=True)

    async def replay_pick(self, interaction: discord.Interaction, item: components.ReplayPick) -> None:
        """The step menu: the step picked, in place."""
        values = item.item.values
        await interaction.response.defer()
        step = whole(values[0], least=0) if values else None  # a forged value: `²`, a thousand digits
        await show_replay(self.bot, interaction, item.table_id, step if step is not None else 0, edit=True)

    async def info(self, interaction: discord.Interaction, item: components.InfoButton) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.live(interaction, item.table_id)
        notice = await self.bot.service.me(table.channel_id, player_of(interaction))
        await send_notice(interaction, notice, ephemeral=True)

    async def hand(self, interaction: discord.Interaction, item: components.HandButton) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.live(interaction, item.table_id)
        notice = await self.bot.service.hand(table.channel_id, player_of(interaction))
        await send_notice(interaction, notice, ephemeral=True)

    async def sit(self, interaction: discord.Interaction, item: components.SitButton) -> None:
        """"Take my seat back": `/table sit` for the clicker (`not_away` for anyone else)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.live(interaction, item.table_id)
        notices = await self.bot.service.sit(table.channel_id, player_of(interaction))
        with delivering(self.bot, table.channel_id, notices):
            await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)))
            if interaction.message is not None:  # used: the button goes from its message
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(view=components.without_sit(interaction.message))
                await self.bot.delivery.sit_used(item.table_id, interaction.message.id)
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)

    async def take(self, interaction: discord.Interaction, item: components.TakeButton) -> None:
        """"Take this seat": `/table take` of the offered seat for the clicker; the briefing goes
        to them by DM (privately here when their DMs are closed)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.live(interaction, item.table_id)
        notices = await self.bot.service.take(table.channel_id, player_of(interaction), str(item.seat + 1))
        with delivering(self.bot, table.channel_id, notices):
            await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)))
            if interaction.message is not None:  # taken: the button goes from its message
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(view=None)
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)

    async def confirm(self, interaction: discord.Interaction, item: components.ConfirmButton) -> None:
        """Confirm, under an "Are you sure?": the resignation (`/table leave` during a game) or
        the game's action it asked about, played now (refused if the table moved past it)."""
        lang = lang_of(interaction)
        await interaction.response.defer()  # before the table is looked for: a refusal follows privately
        table = await self.live(interaction, item.table_id, None if item.op == "leave" else item.version)
        if table.status != "active":
            raise IllegalAction("stale_button")
        player = player_of(interaction)
        if item.op == "leave":
            notices = await self.bot.service.leave(table.channel_id, player)
        else:
            notices = await self.bot.service.act(table.channel_id, player, item.arg, version=item.version,
                                                 lang=guild_lang(interaction.guild, interaction))
        with delivering(self.bot, table.channel_id, notices):
            await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang), view=None)
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)

    async def cancel(self, interaction: discord.Interaction, item: components.CancelButton) -> None:
        """Cancel, under an "Are you sure?": nothing is done; the question says so."""
        await interaction.response.edit_message(content=i18n.gettext("cogs.confirm.cancelled", lang_of(interaction)),
                                                view=None)

    async def history(self, interaction: discord.Interaction, item: components.HistorySelect) -> None:
        """A game picked from `/table history`'s menu: its record and final board."""
        values = item.item.values
        number = whole(values[0]) if values else None  # a forged value: `²`, a thousand digits
        if number is None:
            raise IllegalAction("stale_button")
        await interaction.response.defer()  # the game is read next: a refusal follows privately
        await send_finished_game(self.bot, interaction, number)

    async def action(self, interaction: discord.Interaction, item: components.ActionButton) -> None:
        await self._choose(interaction, item, None)

    async def select(self, interaction: discord.Interaction, item: components.ActionSelect) -> None:
        values = item.item.values
        await self._choose(interaction, item, values[0] if values else None)

    async def multi(self, interaction: discord.Interaction, item: components.ActionMultiSelect) -> None:
        await self._choose(interaction, item, None, chosen=list(item.item.values))

    async def page(self, interaction: discord.Interaction, item: components.PageButton) -> None:
        await self._choose(interaction, item, None, page=item.page)

    async def _choose(self, interaction: discord.Interaction, item: Any, picked: str | None, *,
                      page: int | None = None, chosen: list[str] | None = None) -> None:
        """One step down the action menu (or, with `page`, the same step's next page); play
        the action once the path names one. `chosen`: the set picked on a `Combined` step's
        multi-select, joined by the game into the action (only values the step offers)."""
        player = player_of(interaction)
        held = self.bot.service.table(interaction.channel_id or 0)
        if self.bot.shared or held is None or held.id != item.table_id or item.version > held.version:
            # the button is judged by the table as stored (a database read): acknowledged first
            await interaction.response.defer()
        try:
            # One light call: the button's table, still answering its decision, and the clicker's
            # prompt without the board's labels (the actions and the game's words decode a click).
            table, prompt = await self.bot.service.for_click(interaction.channel_id or 0, player, item.table_id,
                                                             item.version, fresh=self.bot.shared)
        except IllegalAction as refusal:
            if refusal.code == "stale_button" and await self._refresh(interaction, item):
                return
            raise
        legal = prompt.actions if prompt is not None else []
        if not legal and item.version != table.version:
            raise IllegalAction("stale_button")  # the decision goes on, but this player is done with it
        words = components.words_for(prompt).menu(legal)
        prefix = components.decode_prefix(item.arg, legal, words) if legal else None
        if prefix is None:
            raise IllegalAction("not_your_prompt")
        if picked is not None:
            prefix.append(picked)
        candidates = components.matching(legal, prefix, words)
        if not candidates:
            raise IllegalAction("not_your_prompt")
        action = components.resolve(legal, prefix, words) if page is None else None
        if chosen is not None:
            combined = words.combined(legal, prefix, i18n.speech(lang_of(interaction)))
            if combined is None or not chosen or not set(chosen) <= set(combined.values()):
                raise IllegalAction("not_your_prompt")
            action = combined.join(chosen)
        if action is None and picked is not None and len(candidates) == 1:
            action = candidates[0]  # a select offers a token; the only action it leads to
        if action is None:
            # the next step is shown: now with the labels its buttons and board share
            shown = self.bot.service.prompt(table.channel_id, player)
            assert shown is not None  # a prefix of a legal action was matched
            await self._next_step(interaction, shown, prefix, item.version, page or 0)
            return
        if words.confirm(action):  # giving up, an offer to end the game: "Are you sure?" first
            question = i18n.gettext("cogs.confirm.action", lang_of(interaction),
                                    action=words.name(action, i18n.speech(lang_of(interaction))))
            if await components.ask_sure(interaction, table.id, item.version, "act", action, question,
                                         lang_of(interaction)):
                return
        if not interaction.response.is_done():
            await interaction.response.defer()
        notices = await self.bot.service.act(table.channel_id, player, action, version=item.version,
                                             lang=guild_lang(interaction.guild, interaction))
        spent = interaction.message is not None and interaction.message.flags.ephemeral
        undo = _undo_view(table, player, notices, lang_of(interaction))
        following = self._following(table.channel_id, player, item.version) if spent else None
        with delivering(self.bot, table.channel_id, notices):
            if spent and following is None:
                await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)),
                                                         view=undo)
            elif not spent:  # the public message's buttons go, but an away player's way back
                await interaction.edit_original_response(view=components.kept_sit(interaction.message, None))
                if undo is not None:  # the Undo button, for the one who acted only
                    await interaction.followup.send(i18n.gettext("cogs.done", lang_of(interaction)), view=undo,
                                                    ephemeral=True)
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)
        if following is not None:  # told after the channel, so the board it shows is the new one
            await self._next_step(interaction, following, [], following.version,
                                  note=i18n.gettext("cogs.done", lang_of(interaction)))

    def _following(self, channel_id: int, player: Player, version: int) -> Prompt | None:
        """The clicker's next decision, when the game asks them again at once (a turn of several
        steps, the next window of their own turn): its prompt, shown in place of their spent
        private menu, so they need not open "My options" again. None when they are not asked
        now, their pass waits for a window's hold, or the table did not move. Their own options
        only, at the moment the channel shows the change: nothing another seat holds."""
        prompt = self.bot.service.prompt(channel_id, player)
        if prompt is None or not prompt.actions or prompt.version == version or prompt.seat not in prompt.asked:
            return None
        if prompt.seat in self.bot.service.answered(channel_id):
            return None
        return prompt

    async def undo(self, interaction: discord.Interaction, item: components.UndoButton) -> None:
        """Undo: the clicker takes back their last action (refused with the reason when they may
        not, or when the table has moved past the button's version); the channel is told."""
        await interaction.response.defer()  # before the table is read: a refusal follows privately
        table = await self.live(interaction, item.table_id)
        player = player_of(interaction)
        notices = await self.bot.service.undo(table.channel_id, player, version=item.version)
        with delivering(self.bot, table.channel_id, notices):
            if interaction.message is not None and interaction.message.flags.ephemeral:
                await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)),
                                                         view=_undo_view(table, player, notices,
                                                                         lang_of(interaction)))
            await self.bot.delivery.deliver(notices, channel=interaction.channel, interaction=interaction)

    async def _refresh(self, interaction: discord.Interaction, item: Any) -> bool:
        """A private menu that went stale while its player was choosing (in a card-play window
        every pass moves the game on), or a "My options" button of a message the game has moved
        past: say so, and show the player's options as they are now. False (a plain refusal)
        for a public step that names an action, or when the player has nothing to do."""
        private = interaction.message is not None and interaction.message.flags.ephemeral
        if not private and item.arg != "":
            return False
        prompt = self.bot.service.prompt(interaction.channel_id or 0, player_of(interaction))
        if prompt is None or prompt.table_id != item.table_id or not prompt.actions:
            return False
        note = i18n.gettext("error.stale_button", lang_of(interaction))
        await self._next_step(interaction, prompt, [], prompt.version, note=note)
        return True

    async def _next_step(self, interaction: discord.Interaction, prompt: Prompt, prefix: list[str], version: int,
                         page: int = 0, *, note: str = "") -> None:
        """The clicker's private menu one step on, built from their prompt alone (its actions,
        the game's words at its facts, its square labels, what it is asked and knows alone)."""
        lang, legal, squares = lang_of(interaction), prompt.actions, prompt.labels
        words = components.words_for(prompt).menu(legal)
        chosen, choices = components.expand(legal, prefix, words)  # with the levels every choice agrees on
        # A step the channel's board marks none of (the moves of one piece, where the board marks
        # only one piece's moves) may be marked on the player's own board of this step alone.
        step = [c.action for c in choices if c.action]
        own_marks = not prompt.private and bool(prefix) and bool(step) and not any(a in squares for a in step)
        if own_marks:
            squares = self.bot.service.step_labels(interaction.channel_id or 0, step)
            own_marks = bool(squares)
        view = components.prompt_view(prompt.table_id, version, legal, words, lang, squares, prefix=prefix,
                                      page=page, info=False, undo=prompt.undo and not prefix)
        # what the decision is about atop its first step, then what only this player knows of it
        asked = components.asked_lines(prompt, lang) if not prefix else []
        text = "\n".join(filter(None, [note, *asked, components.path_label(words, chosen, lang),
                                        i18n.gettext("cogs.prompt.choose", lang)]))
        # The buttons of this step say "A · …" (a square to move to), but the channel's board
        # marks nothing where moves are secret: the step comes with the player's own board, which
        # marks them. A step without marks (a card to play, a pass) comes without a picture.
        marked = (prompt.private or own_marks) and any(c.action in squares for c in choices)
        done = interaction.response.is_done()  # acknowledged already (`_choose`): what follows is a follow-up
        if interaction.message is not None and interaction.message.flags.ephemeral:
            if not marked and done:
                await interaction.edit_original_response(content=text, view=view)
                return
            if not marked:
                await interaction.response.edit_message(content=text, view=view)
                return
            if not done:
                await interaction.response.defer()
            file = await self._own_board(interaction, step if own_marks else None)
            await interaction.edit_original_response(content=text, view=view,
                                                     attachments=[file] if file else [])
        elif marked:
            if not done:
                await interaction.response.defer(ephemeral=True, thinking=True)
            file = await self._own_board(interaction, step if own_marks else None)
            if file is not None:
                await interaction.followup.send(text, view=view, ephemeral=True, file=file)
            else:
                await interaction.followup.send(text, view=view, ephemeral=True)
        elif done:
            await interaction.followup.send(text, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)

    async def _own_board(self, interaction: discord.Interaction,
                         actions: list[str] | None = None) -> discord.File | None:
        """The clicker's own board (marking `actions` alone when given), with its description."""
        own = await self.bot.service.board(interaction.channel_id or 0, for_user=player_of(interaction),
                                           actions=actions)
        return board_file(own.image, "board.png", own.described(lang_of(interaction)))


def _undo_view(table: Table, player: Player, notices: list[Notice], lang: str) -> discord.ui.View | None:
    """The Undo button for the player who just acted, when the change's channel notice says they
    may take their action back (`Public.undo`); None otherwise. Asks the service nothing."""
    public = next((n for n in notices if isinstance(n, Public)), None)
    if public is None or public.undo is None or public.undo[0] != table.seat_of(player.user_id):
        return None
    return components.undo_view(table.id, public.undo[1], lang)
