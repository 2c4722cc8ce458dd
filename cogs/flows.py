"""The interaction flows every game shares: open a lobby, play a command, post the board.

Thin on purpose: read the interaction, call the TableService, deliver what it returns.
Every command is acknowledged (`defer`) before anything that may wait: a table's lock, the
database, a drawing or an export, so Discord's 3-second deadline never passes while another
change holds the table. A refusal stays private all the same: a command answered in public
(`/table status`, `log`, `board`) is deferred in public only when this process holds the
channel's table in memory (nothing left to refuse but a table closed meanwhile by another
process); otherwise it is deferred privately, and its answer, once found, is posted in public
(`answer_in_public`).
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

from cogs import components, names
from cogs.delivery import board_file, clip, guild_lang, pages, pinging, record_file
from cogs.errors import after_change, lang_of
from gavel.tables import i18n
from gavel.tables.notices import Notice, Private, Prompt, Public
from gavel.tables.replays import Replay, ReplayPage
from gavel.tables.service import Player, Table, game_name, get_game
from gavel.tables.table import TIME_CONTROLS
from rules import registry
from rules.core import IllegalAction, Msg
from rules.plugin import Actions, Command, Menu, Option

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from cogs.bot import GavelBot


def player_of(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def channel_of(interaction: discord.Interaction) -> discord.abc.Messageable:
    """The channel a command was typed in, as one messages are posted to: a table's channel.
    Discord sends a game command from no other (a category or a forum takes none); should one come
    from one all the same, it is refused as a channel with no table."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise IllegalAction("no_table")
    return channel


def bot_of(interaction: discord.Interaction) -> GavelBot:
    """The bot an interaction came to: Gavel's (every command and click here is one of its own)."""
    from cogs.bot import GavelBot  # the bot's module imports this one

    bot = interaction.client
    if not isinstance(bot, GavelBot):
        raise TypeError(f"an interaction of {type(bot).__name__}, not of Gavel's bot")
    return bot


def attached(file: discord.File | None) -> Any:
    """`file=` of a message that may have a file: the file, or discord.py's "no file" (`MISSING`)."""
    return discord.utils.MISSING if file is None else file


@contextmanager
def delivering(bot: GavelBot, channel_id: int, notices: Sequence[Notice] = ()) -> Iterator[None]:
    """Around the delivery of a change: a Discord error there becomes `Undelivered` (the change
    stands), and whatever happened the window clock is armed for the decision open now (the
    timer the change's `notices` carry, `Public.timer`, else the one the service says)."""
    try:
        with after_change():
            yield
    finally:
        bot.changed(channel_id, notices)


def can_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_messages)


async def open_table(bot: GavelBot, interaction: discord.Interaction) -> Table:
    """The table in this channel, or the `no_table` refusal (before anything is deferred); in a
    channel whose table could not be loaded after a restart, the `table_broken` refusal. A table
    this process does not hold (another process opened it, or a lazy start-up left it in the
    database), and any table when processes share the database (`GAVEL_SHARED`), is read from
    the database (`TableService.look`)."""
    channel = interaction.channel_id or 0
    # Several processes share the database: the copy in memory may be behind, so read it fresh.
    table = None if bot.shared else bot.service.table(channel)
    table = table or await bot.service.peek(channel)
    if table is None:
        broken = bot.service.broken_in(interaction.channel_id or 0)  # its table could not be loaded
        raise IllegalAction("table_broken", table=broken.table_id) if broken else IllegalAction("no_table")
    return table


async def defer(interaction: discord.Interaction, *, ephemeral: bool) -> None:
    """Acknowledge a command now (Discord's "thinking", public or private), unless it was
    already: the first thing a command does, before any call that may wait."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        interaction.extras["private"] = ephemeral


def held_here(bot: GavelBot, interaction: discord.Interaction) -> bool:
    """Whether this process holds the channel's open table in memory (no wait, no database)."""
    return bot.service.table(interaction.channel_id or 0) is not None


async def answer_in_public(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Answer in the channel a command that was deferred privately so that a refusal found after
    it stayed private (a read of the database): the private "thinking" message is closed, the
    answer follows in public, and the private message is taken away. A click deferred without
    a message of its own (`defer()` on a component) just has the answer follow."""
    if content:
        kwargs["content"] = content
    if interaction.type is discord.InteractionType.component:
        await interaction.followup.send(**kwargs)
        return
    await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)))
    await interaction.followup.send(**kwargs)
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:  # the "done" left behind is harmless
        pass


async def ack(interaction: discord.Interaction, view: discord.ui.View | None = None) -> None:
    """Close a privately deferred command with a short private "done" (with `view`: the Undo
    button, when the player may take back what they just did)."""
    if view is None:
        await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)))
        return
    await interaction.edit_original_response(content=i18n.gettext("cogs.done", lang_of(interaction)), view=view)


def undo_view_for(bot: GavelBot, channel_id: int, player: Player, lang: str) -> discord.ui.View | None:
    """The Undo button for `player` at the channel's table, or None when they may not take
    anything back now (`TableService.can_undo`)."""
    table = bot.service.table(channel_id)
    seat = table.seat_of(player.user_id) if table is not None else None
    if table is None or not bot.service.can_undo(table, seat):
        return None
    return components.undo_view(table.id, table.version, lang)


async def send_notice(interaction: discord.Interaction, notice: Public | Private, *, ephemeral: bool,
                      buttons: bool = True) -> None:
    """Answer a deferred interaction with one notice (text, board image, and the turn menus
    when a public notice carries a prompt; `buttons=False`: without them)."""
    lang = lang_of(interaction) if ephemeral else guild_lang(interaction.guild, interaction)
    text, kwargs = bot_of(interaction).delivery.compose(notice, lang)
    if not buttons:
        kwargs.pop("view", None)
    if not ephemeral and interaction.extras.get("private"):  # deferred privately: a refusal would have been
        await answer_in_public(interaction, clip(text) or "\u200b", **kwargs)
        return
    await interaction.followup.send(clip(text) or "\u200b", ephemeral=ephemeral, **kwargs)


def spectating(table: Table, interaction: discord.Interaction) -> bool:
    """Whether the user holds no seat at the table (a spectator): what they ask of it
    (`/table board`, `status`, `log`) is answered privately, so spectators never make the bot post."""
    return not any(s.user_id == interaction.user.id and not s.resigned for s in table.seats)


async def send_finished_game(bot: GavelBot, interaction: discord.Interaction, table_id: int) -> None:
    """A finished game of this server again (`/table history game_id:`, its menu): its record
    (the file `/table log export:true` gives) and its final board (the public view), posted in
    the channel. Acknowledged privately before the game is read (the menu's click is, by its
    handler), so that another server's game, or none, is refused privately; the game itself is
    posted in public (`answer_in_public`)."""
    await defer(interaction, ephemeral=True)
    found = await bot.service.history_game(interaction.guild_id, table_id)
    lang = guild_lang(interaction.guild, interaction)
    record = found.record
    files = [record_file(record, lang)]
    board = board_file(found.notice.image, "board.png", found.notice.described(lang))
    if board is not None:
        files.append(board)
    text = "\n".join([*names.lines(found.notice, lang),
                      i18n.gettext("table.exported", lang, game=record.game_key, file=record.filename, n=record.moves)])
    await answer_in_public(interaction, clip(text), files=files)


async def show_replay(bot: GavelBot, interaction: discord.Interaction, table_id: int | None, step: int, *,
                      edit: bool) -> None:
    """A step of a finished game's replay, every secret shown (`TableService.replay_page`), with
    its buttons (`components.replay_view`), for the user alone: a new private message, or (`edit`)
    the replay message clicked, edited in place. The interaction is acknowledged first (by the
    caller: deferred), then the game is read and folded, then the board drawn, in threads."""
    replay = await bot.service.replay_game(interaction.guild_id, interaction.channel_id or 0, table_id)
    step = replay.clamp(step)
    lang = lang_of(interaction)
    page = await bot.service.replay_page(replay, step)
    text, kwargs = bot.delivery.compose(page.notice, lang)
    kwargs["view"] = components.replay_view(replay.table_id, step, replay.last, lang, replay.marks)
    kwargs["embeds"] = secrets_embeds(page, replay, lang)
    text = clip(text) or "\u200b"
    board = kwargs.pop("file", None)
    files = [*([board] if board is not None else []), *replay_pictures(replay, step)]
    if edit:
        kwargs.pop("allowed_mentions", None)
        await interaction.edit_original_response(content=text, attachments=files, **kwargs)
        return
    await interaction.followup.send(text, ephemeral=True, files=files, **kwargs)


EMBED_FIELD = 1024
"""The longest value of an embed's field."""
EMBED_TOTAL = 5800
"""The most text an embed's fields hold together (Discord: 6000 for a message's embeds)."""


def secrets_embeds(page: ReplayPage, replay: Replay, lang: str) -> list[discord.Embed]:
    """Every seat's secrets at a replay's step as one embed, a field per seat (its player's name,
    its lines), so a long hand never pushes the step's own lines out of the message; none when no
    seat has any."""
    if not page.secrets:
        return []
    embed = discord.Embed(title=i18n.gettext("cogs.replay.secrets", lang))
    room = min(EMBED_FIELD, EMBED_TOTAL // len(page.secrets))
    for seat, lines in page.secrets:
        said = "\n".join(names.render(line, lang, replay.seat_name) for line in lines)
        embed.add_field(name=names.escaped(replay.seat_name(seat))[:256],
                        value=said if len(said) <= room else said[:room - 1] + "\u2026", inline=False)
    return [embed]


def replay_pictures(replay: Replay, step: int) -> list[discord.File]:
    """The pictures a replay adds to a step beside its board (`Replay.pictures`), as attachments."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in replay.pictures.get(step, [])]


async def post_replay_step(bot: GavelBot, interaction: discord.Interaction, table_id: int, step: int) -> None:
    """"Post this step": the replay's step as the user sees it, posted in the channel for everyone
    (the game is over: its secrets may be shown), without the replay's buttons."""
    replay = await bot.service.replay_game(interaction.guild_id, interaction.channel_id or 0, table_id)
    lang = guild_lang(interaction.guild, interaction)
    page = await bot.service.replay_page(replay, replay.clamp(step))
    text, kwargs = bot.delivery.compose(page.notice, lang)
    kwargs.pop("view", None)
    kwargs["embeds"] = secrets_embeds(page, replay, lang)
    board = kwargs.pop("file", None)
    files = [*([board] if board is not None else []), *replay_pictures(replay, replay.clamp(step))]
    await interaction.followup.send(clip(text) or "\u200b", files=files, **kwargs)


async def send_replay_animation(bot: GavelBot, interaction: discord.Interaction, table_id: int | None) -> None:
    """`/table replay export:true`: the whole game's PUBLIC board as one animated picture, posted
    in the channel (deferred privately first: a refusal stays private)."""
    replay = await bot.service.replay_game(interaction.guild_id, interaction.channel_id or 0, table_id)
    lang = guild_lang(interaction.guild, interaction)
    picture = await bot.service.replay_animation(replay)
    game = names.render(game_name(replay.game), lang)
    if picture is None:
        await interaction.followup.send(i18n.gettext("table.replay_no_picture", lang), ephemeral=True)
        return
    file = discord.File(io.BytesIO(picture), filename=f"game{replay.table_id}.gif",
                        description=i18n.gettext("cogs.alt.replay_animation", lang, table=replay.table_id))
    await answer_in_public(interaction, i18n.gettext("table.replay_animation", lang, table=replay.table_id, game=game),
                           file=file)


async def send_rules(interaction: discord.Interaction, game_key: str) -> None:
    """`<game_key>.rules`, the game's one rules summary (checked against the rulings with the
    engine), privately in the user's language, cut at line ends into messages Discord takes,
    with the board and its parts named (`rules_picture`, drawn in a thread, once per language)."""
    lang = lang_of(interaction)
    key = f"{game_key}.rules"
    if not i18n.has(key):
        raise IllegalAction("no_rules")
    first, *rest = pages(i18n.gettext(key, lang))
    await defer(interaction, ephemeral=True)
    bot = bot_of(interaction)
    image = await bot.service.rules_picture(game_key, lang)
    picture = board_file(image, "parts.png", await bot.service.rules_description(game_key, lang)) if image else None
    await interaction.followup.send(first, ephemeral=True, file=attached(picture))
    for page in rest:
        await interaction.followup.send(page, ephemeral=True)


def lobby_text(status: Public, lang: str, event: Public | None = None) -> str:
    """The table's status, then what just happened (without repeating a status line)."""
    lines = names.lines(status, lang)
    news = [line for line in names.lines(event, lang) if line not in lines] if event is not None else []
    return clip("\n".join([*lines, "", *news] if news else lines))


AUTOCOMPLETE_MAX = 25
"""Discord shows at most 25 autocomplete choices."""


def token_choices(bot: GavelBot, interaction: discord.Interaction, verb: str, index: int, current: str,
                  chosen: dict[int, str | None] | None = None, *,
                  whole: bool = False) -> list[app_commands.Choice[str]]:
    """Autocomplete for one option of a game command: token `index` of the `verb` actions this
    user may play now, matched against what they typed (the token or its translated name, via
    the game's `Words`), and narrowed by tokens already chosen in other options (`chosen`:
    token index -> value, e.g. the man before his square). `whole`: name each choice by the
    game's label of the whole action (`game.label`) when the catalogue has it (a path of
    Sectors reads better as "move to X" than as its codes)."""
    prompt = bot.service.prompt(interaction.channel_id or 0, player_of(interaction))
    if prompt is None:
        load_later(bot, interaction.channel_id or 0)
        return []
    legal = bot.service.legal_for(interaction.channel_id or 0, player_of(interaction))
    words, lang = components.words_for(prompt).menu(legal), lang_of(interaction)
    say = i18n.speech(lang)
    typed = current.lower()
    seen: set[str] = set()
    out: list[app_commands.Choice[str]] = []
    for parts in (a.split() for a in legal):
        if len(parts) <= index or parts[0] != verb or parts[index] in seen:
            continue
        if any(value and parts[i] != words.plain(value) for i, value in (chosen or {}).items()):
            continue
        token = parts[index]
        labelled = action_label(prompt, " ".join(parts), lang) if whole else None
        name = labelled or words.part(parts, index, say)
        if typed not in token.lower() and typed not in name.lower():
            continue
        seen.add(token)
        label = name if labelled or name == token else f"{name} ({token})"
        out.append(app_commands.Choice(name=components.shortened(components.capitalised(label), 100), value=token))
    return out[:AUTOCOMPLETE_MAX]


def played_here(interaction: discord.Interaction, game_key: str) -> bool:
    """Whether the game command being typed (its group: `/<group> ...`) is of the game played
    here (`game_key`): a game's command typed in another game's channel offers nothing."""
    group = getattr(getattr(getattr(interaction, "command", None), "parent", None), "name", None)
    found = registry.by_group(group) if isinstance(group, str) else None
    return found is None or found.key == game_key


def whole_choices(bot: GavelBot, interaction: discord.Interaction, verbs: Sequence[str],
                  current: str) -> list[app_commands.Choice[str]]:
    """The user's legal actions of these verbs, each named whole (`Words.name`: the game's label,
    or its parts), the action text as the value."""
    prompt = bot.service.prompt(interaction.channel_id or 0, player_of(interaction))
    if prompt is None:
        load_later(bot, interaction.channel_id or 0)
    if prompt is None or not played_here(interaction, prompt.game):
        return []
    legal = bot.service.legal_for(interaction.channel_id or 0, player_of(interaction))
    words, say = components.words_for(prompt).menu(legal), i18n.speech(lang_of(interaction))
    typed = current.strip().lower()
    out: list[app_commands.Choice[str]] = []
    for text in legal:
        if text.split()[0] not in verbs:
            continue
        name = words.name(text, say)
        if typed and typed not in text and typed not in name.lower():
            continue
        out.append(app_commands.Choice(name=name[:100], value=text[:100]))
    return out[:AUTOCOMPLETE_MAX]


def time_choices() -> list[app_commands.Choice[str]]:
    """The time controls (`gavel.tables.table.TIME_CONTROLS`: none, live, daily) as choices of the
    shared `/<game> new time:` option, labelled by `cogs.time.<name>` (the Translator shows the
    zh-TW label from the same key)."""
    return [app_commands.Choice(name=app_commands.locale_str(i18n.gettext(f"cogs.time.{name}", "en")[:100],
                                                             key=f"cogs.time.{name}"), value=name)
            for name in TIME_CONTROLS]


F = TypeVar("F", bound=Callable[..., Any])


def time_option(command: F) -> F:
    """The shared `time` option of every game's `/<game> new` (put it under `@<group>.command`;
    the callback takes `time: str | None = None` and passes it to `open_lobby`): the time control
    a table is opened with, named and described in the shared catalogue (`cogs.option.time.*`)."""
    command = app_commands.choices(time=time_choices())(command)
    command = app_commands.describe(time=app_commands.locale_str(
        i18n.gettext("cogs.option.time.description", "en"), key="cogs.option.time.description"))(command)
    return app_commands.rename(time=app_commands.locale_str("time", key="cogs.option.time.name"))(command)


def action_label(prompt: Prompt, text: str, lang: str) -> str | None:
    """The game's own label of an action (`game.label`, seats named as the prompt names them),
    or None when it has no words for it."""
    try:
        game = registry.plugin(prompt.game).game
        msg = game.label(game.parse_action(text))
    except IllegalAction:
        return None
    if not i18n.has(msg.key, lang):
        return None
    return i18n.render(msg, lang, prompt.seat_name)


def variant_choices(game_key: str) -> list[app_commands.Choice[str]]:
    """A game's variants (`GameInfo.variants`) as choices of `/<game> new variant:`, labelled
    by `<game>.variant.<name>`; the Translator shows the zh-TW label from the same key."""
    choices = []
    for name in get_game(game_key).info.variants:
        key = f"{game_key}.variant.{name}"
        label = i18n.gettext(key, "en") if i18n.has(key, "en") else name
        choices.append(app_commands.Choice(name=app_commands.locale_str(label[:100], key=key), value=name))
    return choices


async def open_lobby(bot: GavelBot, interaction: discord.Interaction, game_key: str,
                     variant: str | None = None, *, timeout: float | None = None, time: str | None = None,
                     reliable: bool = False, pauses: str | None = None) -> None:
    """`/<game> new`: a lobby in this channel, announced with its buttons. The table's board
    images speak the server's language, like its channel messages. `timeout`: how long a
    card-play window waits for a human (the service's default when None); `time`: the time
    control (`time_option`; none when None); `reliable`: only players with a reliable record on
    this server may join (`gavel.tables.reliability`); `pauses`: how much its daily clocks stop
    for its players' vacations and sleep (`gavel.tables.pauses`; `any` when None)."""
    await defer(interaction, ephemeral=True)
    assert interaction.channel_id is not None  # the commands are guild-only
    notices = await bot.service.create(interaction.guild_id, interaction.channel_id, game_key, player_of(interaction),
                                       variant=variant or None, lang=guild_lang(interaction.guild, interaction),
                                       timeout=timeout, time=time or None, reliable=reliable,
                                       pauses=pauses or None)
    with after_change():
        await ack(interaction)
        await post_lobby(bot, interaction, notices)


Change = Callable[[int, Player], Awaitable[list[Notice]]]
"""A TableService call on (channel id, the user): `service.leave`, or a lambda around `act`."""


async def change(bot: GavelBot, interaction: discord.Interaction, call: Change) -> None:
    """A command that changes the table in this channel: defer, refuse privately if there is
    none, make the change, say "done" privately and tell the channel what happened."""
    await defer(interaction, ephemeral=True)
    table = await open_table(bot, interaction)
    player = player_of(interaction)
    notices = await call(table.channel_id, player)
    with delivering(bot, table.channel_id, notices):
        await ack(interaction, undo_view_for(bot, table.channel_id, player, lang_of(interaction)))
        await bot.delivery.deliver(notices, channel=channel_of(interaction), interaction=interaction)


async def show(bot: GavelBot, interaction: discord.Interaction, read: Callable[[int], Awaitable[Public | Private]],
               *, ephemeral: bool, spectators_privately: bool = False) -> None:
    """A command that reads the table in this channel (`service.status`, `log`, `me`): defer,
    refuse privately if there is none, answer with the notice (one answered in public is deferred
    in public when the table is held here, else privately and then posted: `send_notice`).
    `spectators_privately`: a user with no seat there is answered privately, so that spectators
    never make the bot post."""
    held = bot.service.table(interaction.channel_id or 0)  # memory only: nothing waits before the deferral
    watching = spectators_privately and held is not None and spectating(held, interaction)
    await defer(interaction, ephemeral=ephemeral or held is None or watching)
    table = await open_table(bot, interaction)
    private = ephemeral or (spectators_privately and spectating(table, interaction))
    await send_notice(interaction, await read(table.channel_id), ephemeral=private)


async def act(bot: GavelBot, interaction: discord.Interaction, text: str, *, seen: int | None = None) -> None:
    """A game command (`/<game> roll`): play it for this user, then tell the channel. The
    command answers the decision open when it arrived (`seen`, when the caller read the table
    already): if another player's action gets in first (the command waited for the table's
    lock), the service refuses it as `stale` with who is asked now, rather than apply it to a
    position the player never saw."""
    if seen is None:
        await defer(interaction, ephemeral=True)
        seen = (await open_table(bot, interaction)).version
    await change(bot, interaction, lambda channel_id, player: bot.service.act(channel_id, player, text, version=seen))


async def post_lobby(bot: GavelBot, interaction: discord.Interaction, notices: list[Notice], *,
                     extra: str = "", ping: Sequence[int] = ()) -> None:
    """The lobby message: who sits where, and the Join / Leave / Add AI / Start buttons (`extra`:
    a last line, e.g. a rematch's invitations; `ping`: the users it mentions who are pinged, the
    invited; a name in the lobby pings nobody)."""
    channel = channel_of(interaction)
    table = bot.service.table(interaction.channel_id or 0)
    lang = guild_lang(interaction.guild, interaction)
    assert table is not None
    status = await bot.service.status(table.channel_id)
    created = next((n for n in notices if isinstance(n, Public)), None)
    text = clip("\n".join(filter(None, [lobby_text(status, lang, created), extra])))
    await channel.send(text, view=components.lobby_view(table.id, lang), allowed_mentions=pinging(ping))
    await bot.delivery.deliver([n for n in notices if not isinstance(n, Public)], channel=channel,
                               interaction=interaction)


async def post_board(bot: GavelBot, interaction: discord.Interaction) -> None:
    """The board for everyone, with the turn prompt, and its buttons when the asker is the player
    it asks (for a game with hidden information, the asker's own view, privately; for a
    spectator, the channel's board, privately). Deferred in public only for an active table held
    here whose board is public to the asker (a refusal stays private; `show`)."""
    held = bot.service.table(interaction.channel_id or 0)
    await defer(interaction, ephemeral=held is None or held.status != "active"
                or held.game.info.hidden_information or spectating(held, interaction))
    table = await open_table(bot, interaction)
    if table.status != "active":
        raise IllegalAction("not_started")
    watching = spectating(table, interaction)  # a spectator's copy is theirs alone
    private = table.game.info.hidden_information or watching
    notice = await bot.service.board(table.channel_id, for_user=player_of(interaction))
    # A copy of the board never carries another player's menu: the turn's own buttons go with it
    # only for the player it asks; "My options" (a hand to hide, several asked) opens the clicker's own.
    prompt = notice.prompt if isinstance(notice, Public) else None
    own = prompt is not None and not watching and (prompt.user_id == interaction.user.id or prompt.private
                                                   or len(prompt.asked) > 1)
    await send_notice(interaction, notice, ephemeral=isinstance(notice, Private) or private, buttons=own)


def merged(first: list[Notice], then: list[Notice]) -> list[Notice]:
    """Two changes made by one command (a skill, then its target) as one delivery: the first
    call's public lines go on top of the second call's public notice (the first's prompt and
    board image are dropped: they are stale by now; on Discord no line says whose turn it is,
    `TableService.mentions`), and every private notice of both calls is kept."""
    lines = [m for n in first if isinstance(n, Public) for m in n.lines]
    privates = [n for n in first if isinstance(n, Private)]
    at = next((i for i, n in enumerate(then) if isinstance(n, Public)), None)
    if at is None:
        return [*privates, *then]
    head = cast(Public, then[at])
    public = replace(head, lines=[*lines, *head.lines], said=None)  # its lines are not the ones worded
    return [public, *privates, *then[:at], *then[at + 1:]]


async def act_all(bot: GavelBot, interaction: discord.Interaction, texts: Sequence[str], *,
                  later: str = "cogs.done", table: Table | None = None) -> None:
    """A command that names several actions played one after another (a skill, then its
    target: `Command.action`): the first for this user, then each next one only while it is
    legal for them, all told in one message (`merged`). When one is not legal (yet), it is
    left to the private menu and the user is told so privately by `later` (a message id)."""
    table = table or await open_table(bot, interaction)
    seen = table.version
    if len(texts) == 1:
        await act(bot, interaction, texts[0], seen=seen)
        return
    player, service = player_of(interaction), bot.service
    await defer(interaction, ephemeral=True)
    notices = await service.act(table.channel_id, player, texts[0], version=seen)
    done = "cogs.done"
    for text in texts[1:]:
        if text not in service.legal_for(table.channel_id, player):
            done = later
            break
        first = notices
        notices = merged(first, await service.act(table.channel_id, player, text))
        # what the first call said travels inside the second's message: its own notices are done
        await service.delivered(n.outbox for n in first if n.outbox is not None and n not in notices)
    with delivering(bot, table.channel_id, notices):
        undo = undo_view_for(bot, table.channel_id, player, lang_of(interaction))
        if undo is None:
            await interaction.edit_original_response(content=i18n.gettext(done, lang_of(interaction)))
        else:
            await interaction.edit_original_response(content=i18n.gettext(done, lang_of(interaction)), view=undo)
        await bot.delivery.deliver(notices, channel=channel_of(interaction), interaction=interaction)


async def command(bot: GavelBot, interaction: discord.Interaction, game_key: str, name: str,
                  options: Mapping[str, str | None] | None = None) -> None:
    """`/<group> <name>` of the game `game_key` with its options, as the game's plug-in reads them
    (`Command.action`, shared with local play): the action it names played like any command, the
    several it names one after another (`act_all`; one that is not legal then is left to the
    menu, as the command's `then` tells the player), or the private menu it opens instead
    (`Menu`). A sub-command the game does not list is its name followed by the options' values.
    Typed in another game's channel, it is refused."""
    await defer(interaction, ephemeral=True)  # every answer of a game command is private but the channel's
    table = await open_table(bot, interaction)
    plugin = registry.plugin(game_key)
    if table.game_key != game_key:
        raise IllegalAction("wrong_game", command=f"/{plugin.commands.group}")
    given = {key: value.strip() for key, value in (options or {}).items() if value is not None and value.strip()}
    spec = plugin.commands.get(name)
    if spec is None:
        await act(bot, interaction, " ".join([name, *given.values()]), seen=table.version)
        return
    legal = bot.service.legal_for(table.channel_id, player_of(interaction))
    try:
        texts = spec.action(given, legal, i18n.speech(lang_of(interaction)))
    except IllegalAction as refused:  # worded as the slash commands word it, where autocomplete offers the choice
        refused.code = spec.slash_refusals.get(refused.code, refused.code)
        raise
    if isinstance(texts, Menu):
        await open_menu(bot, interaction, texts.prefix, texts.text, refusal=texts.refusal, marked=texts.marked)
        return
    if len(texts) == 1 and plugin.words.confirm(texts[0]):  # giving up, an offer to end the game: asked first
        lang = lang_of(interaction)
        question = i18n.gettext("cogs.confirm.action", lang, action=plugin.words.name(texts[0], i18n.speech(lang)))
        if await components.ask_sure(interaction, table.id, table.version, "act", texts[0], question, lang):
            return
    await act_all(bot, interaction, texts, later=spec.then or "cogs.done", table=table)  # the table as read once


def load_later(bot: GavelBot, channel_id: int) -> None:
    """Autocomplete found no table held here for the channel (never touched since start-up, or
    dropped while idle): load it in the background (`TableService.peek`), so that the player's
    next keystroke finds it. Autocomplete itself never waits (it cannot defer); one load per
    channel at a time, in a context of its own (nothing of the interaction's)."""
    if not channel_id or channel_id in bot.loading or bot.service.table(channel_id) is not None:
        return
    bot.loading.add(channel_id)

    async def load() -> None:
        try:
            await bot.service.peek(channel_id)
        except Exception:  # a table that cannot be loaded is found broken by the next command
            log.info("could not load the table of channel %s for autocomplete", channel_id, exc_info=True)
        finally:
            bot.loading.discard(channel_id)

    asyncio.get_running_loop().create_task(load(), name=f"load-{channel_id}", context=contextvars.Context())


def declared_choices(bot: GavelBot, interaction: discord.Interaction, command: Command, option: Option,
                     current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for `option` of a game's declared `command`, from the user's legal actions:
    the game's own choices when its words have them (`Words.choices`, given the other options
    typed, by name), else what the declaration offers (`Command.complete`): a token of some
    verb's actions (narrowed by the other options when the verb is the command's own), or whole
    actions. Typed in another game's channel: nothing."""
    prompt = bot.service.prompt(interaction.channel_id or 0, player_of(interaction))
    if prompt is None:
        load_later(bot, interaction.channel_id or 0)
    if prompt is None or not played_here(interaction, prompt.game):
        return []
    legal = bot.service.legal_for(interaction.channel_id or 0, player_of(interaction))
    words = components.words_for(prompt).menu(legal)
    typed = {o.name: getattr(interaction.namespace, o.name, None) for o in command.options if o is not option}
    given = {name: value for name, value in typed.items() if isinstance(value, str) and value}
    found = words.choices(command.name, option.name, given, current, legal, i18n.speech(lang_of(interaction)))
    if found is not None:
        return [app_commands.Choice(name=components.shortened(components.capitalised(name), 100), value=value[:100])
                for name, value in found][:AUTOCOMPLETE_MAX]
    out: list[app_commands.Choice[str]] = []
    for source in command.complete(option):
        if isinstance(source, Actions):
            out += whole_choices(bot, interaction, source.verbs, current)
            continue
        chosen: dict[int, str | None] = {}
        if source.verb == command.name:
            chosen = {i + 1: given.get(o.name) for i, o in enumerate(command.options) if o is not option}
        out += token_choices(bot, interaction, source.verb, source.index, current, chosen, whole=source.whole)
    return out[:AUTOCOMPLETE_MAX]


async def open_menu(bot: GavelBot, interaction: discord.Interaction, prefix: Sequence[str] = (),
                    text: Msg | None = None, *, refusal: IllegalAction | None = None, marked: bool = True) -> None:
    """The private menu of the user's legal actions (what "My options" opens), at `prefix` (a
    step the command names already), under `text`; refused by `refusal` (default
    `not_your_turn`) when no legal action starts so, and `not_seated` for someone with no seat.
    `marked`: its buttons carry the labels of the board's squares, and it comes with the user's
    own board when they name some."""
    await defer(interaction, ephemeral=True)
    table = await open_table(bot, interaction)
    prompt = bot.service.prompt(table.channel_id, player_of(interaction))
    legal = prompt.actions if prompt is not None else []
    words = components.words_for(prompt).menu(legal)
    if prompt is None and table.seat_of(interaction.user.id) is None and table.away_seat(interaction.user.id) is None:
        raise IllegalAction("not_seated")  # a spectator: it is nobody's turn of theirs
    if prompt is None or not legal or not components.matching(legal, prefix, words):
        raise refusal or IllegalAction("not_your_turn")
    lang = lang_of(interaction)
    squares = prompt.labels if marked else {}
    view = components.prompt_view(prompt.table_id, prompt.version, legal, words, lang, squares, prefix=prefix,
                                  info=False, undo=prompt.undo and not prefix)
    head = [components.said(prompt, text, lang)] if text is not None else []
    if not prefix:  # what the decision is about, then what only this player knows of it
        head = [*head, *components.asked_lines(prompt, lang)]
    message = "\n".join(filter(None, [*head, i18n.gettext("cogs.prompt.choose", lang) if text is None else ""]))
    if not any(a in squares for a in legal):
        await interaction.followup.send(message, view=view, ephemeral=True)
        return
    shown = await bot.service.board(table.channel_id, for_user=player_of(interaction))
    file = board_file(getattr(shown, "image", None), "board.png", shown.described(lang))
    await interaction.followup.send(message, view=view, ephemeral=True, file=attached(file))


ME_ACTIONS = frozenset({"table.me_to_act", "table.me_anytime"})
"""The lines of `/table me` that list what the seat may do (as action text)."""


async def own_view(bot: GavelBot, interaction: discord.Interaction, filename: str = "hand.png") -> None:
    """A player's own view, privately (the fallback when DMs are closed: `Command.view`): what
    `/table me` says (the seat, its secrets, its recent private news), what it may do named in
    the game's words (`Words.name`), with its hand image as `filename`."""
    await defer(interaction, ephemeral=True)
    table = await open_table(bot, interaction)
    player = player_of(interaction)
    me = await bot.service.me(table.channel_id, player)
    image, described = None, ""
    lang = lang_of(interaction)
    if table.status == "active":
        hand = await bot.service.hand(table.channel_id, player)
        image, described = hand.image, hand.described(lang)
    prompt = bot.service.prompt(table.channel_id, player)
    legal = prompt.actions if prompt is not None else []
    words, say = components.words_for(prompt).menu(legal), i18n.speech(lang)
    named = say.join([words.name(a, say) for a in legal[:25]])
    lines = [replace(m, params={**m.params, "actions": named}) if m.key in ME_ACTIONS else m for m in me.lines]
    text = clip("\n".join(names.lines(replace(me, lines=lines), lang)))
    file = board_file(image, filename, described) if image else None
    await interaction.followup.send(text or "\u200b", ephemeral=True, file=attached(file))
