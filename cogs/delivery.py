"""Where notices go: `Public` to the channel, `Private` to one player's DMs.

The channel hears everything in the guild's preferred language (everyone reads it); a
player's own replies follow their client's language. A turn prompt mentions the player to
act and carries the menus for their legal actions. A DM that Discord refuses (closed DMs,
error 50007) is never retried: the player gets it ephemerally when they are the one who
clicked, otherwise the channel gets one short note asking them to use `/table me`.

When several humans may act at once (a card-play window) or the actions could give a hand
away, the channel gets ONE message: the lines, the board, a mention of everyone still to act
and one "My options" button that opens the clicker's own choices privately. Its custom id
carries no action, so it is the same button for every seat; the per-seat `Prompt` notices
that come with it are folded into that message, never posted one per player. While a turn goes
on (a window's passes among it), that message is edited rather than posted again (cogs/live.py).
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs import components, names
from cogs.live import CONTENT_MAX, LivePosts, why_new
from gavel.tables import i18n, images
from gavel.tables.notices import LivePost, Private, Prompt, Public, Reminder, Waiting, image_digest
from rules import registry
from rules.core import IllegalAction

if TYPE_CHECKING:
    from cogs.bot import GavelBot

log = logging.getLogger("gavel.cogs")

CANNOT_DM = 50007
MENTION_NOBODY = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)


def pinging(users: Iterable[int]) -> discord.AllowedMentions:
    """Mentions that ping these users only: a mention of anyone else in the text shows their
    name but sends them no notification (a seat is pinged once per decision: `Prompt.ping`)."""
    chosen = sorted(set(users))
    if not chosen:
        return MENTION_NOBODY
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in chosen],
                                   replied_user=False)


def left_words(seconds: float, lang: str) -> str:
    """A time left in the reader's words: minutes, or hours and minutes (at least a minute)."""
    minutes = max(1, int(seconds / 60 + 0.5))
    if minutes < 60:
        return i18n.gettext("cogs.left.minutes", lang, minutes=minutes)
    return i18n.gettext("cogs.left.hours", lang, hours=minutes // 60, minutes=minutes % 60)


def channel_link(guild_id: int | None, channel_id: int) -> str:
    """A link to a channel that works in a DM too (a `<#id>` mention needs the guild at hand)."""
    return f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}"


_LANGS: dict[object, str] = {None: i18n.language(None), **{key: i18n.language(locale) for locale in discord.Locale
                                                            for key in (locale, locale.value)}}
"""Our language for each Discord locale (`i18n.language`), worked out once: every interaction
names one, and a click need not ask the translation layer again."""


def locale_lang(locale: object | None) -> str:
    """Our language for a Discord locale (any other tag: as `i18n.language` reads it)."""
    found = _LANGS.get(locale)
    return found if found is not None else i18n.language(locale)


def guild_lang(guild: discord.Guild | None, interaction: discord.Interaction | None = None) -> str:
    """The language for channel messages: the guild's preferred locale (what the server
    set as its community language), else the interaction's `guild_locale`."""
    if guild is not None and guild.preferred_locale is not None:
        return locale_lang(guild.preferred_locale)
    return locale_lang(interaction.guild_locale if interaction is not None else None)


def clip(text: str) -> str:
    return text if len(text) <= CONTENT_MAX else text[: CONTENT_MAX - 1] + "…"


def pages(text: str) -> list[str]:
    """Text cut at line ends into messages Discord accepts (a long AI streak can pass 2000
    characters; cutting it would lose the end, where the winner or the prompt is)."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        line = clip(line)
        if current and len(current) + 1 + len(line) > CONTENT_MAX:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    return [*out, current]


async def reply_ephemeral(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Answer privately whether or not the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(clip(text), ephemeral=True, **kwargs)


def board_file(image: bytes | None, filename: str = "board.png", description: str = "") -> discord.File | None:
    """An image as an attachment, with its `description` (what it shows, in words, for screen
    readers: Discord keeps at most 1024 characters); None without an image."""
    if not image:
        return None
    return discord.File(io.BytesIO(image), filename=filename, description=description[:ALT_MAX] or None)


ALT_MAX = 1024
"""The longest attachment description Discord keeps."""


def record_file(record: Any, lang: str) -> discord.File:
    """A game's record (`GameRecord`: the script local play replays) as a text attachment,
    described in `lang` like every attachment Gavel posts."""
    key = "cogs.alt.record_public" if getattr(record, "public", False) else "cogs.alt.record"
    description = i18n.gettext(key, lang, file=record.filename, n=record.moves)
    return discord.File(io.BytesIO(record.text.encode("utf-8")), filename=record.filename,
                        description=description[:ALT_MAX])


def notice_file(notice: Public | Private, lang: str = i18n.DEFAULT) -> discord.File | None:
    """A notice's image as an attachment named for what it shows: `hand.png` for a hand (a
    player who saves it, or reads the DM list, sees which is which), `board.png` otherwise;
    described in words in `lang`, its reader's (`notice.alt`)."""
    hand = isinstance(notice, Private) and notice.shows == "hand"
    if not notice.image:
        return None
    # `described`, read from the notice's fields: the words are there in every language
    described = notice.alt.get(lang) or notice.alt.get(i18n.DEFAULT) or ""
    return board_file(notice.image, "hand.png" if hand else "board.png", described)


async def channel_file(notice: Public, lang: str = i18n.DEFAULT) -> discord.File | None:
    """`notice_file` for a board posted in (or edited into) a channel: the same pixels in the
    form that uploads fewest bytes (`images.for_upload`, encoded in a worker thread), named
    `board.<its extension>`. A table's channel gets a board at nearly every turn: most of the
    bytes a game sends."""
    if not notice.image:
        return None
    data, ext = await images.for_upload(notice.image)
    described = notice.alt.get(lang) or notice.alt.get(i18n.DEFAULT) or ""
    return board_file(data, f"board.{ext}", described)


def has_secrets(game_key: str) -> bool:
    """Whether a game keeps something per seat to show on request (`Game.secrets`: a hand), as
    its `GameInfo.has_secrets` declares; False for a key no game has."""
    try:
        return registry.plugin(game_key).game.info.has_secrets
    except IllegalAction:
        return False


def _why(exc: BaseException) -> str:
    """A failed send in a log line: Discord's status and code, or the error that came instead."""
    if isinstance(exc, discord.HTTPException):
        return f"{exc.status} {exc.code}"
    return type(exc).__name__


def moment(prompt: Prompt) -> tuple[int, int]:
    """A prompt's table and version: prompts of one moment share one channel message."""
    return prompt.table_id, prompt.version


UNANSWERED: tuple[type[BaseException], ...] = (aiohttp.ClientError, TimeoutError, OSError)
"""What a request to Discord raises when no answer came (a timeout, a dropped connection, a
network error): not an `HTTPException`, which is Discord's answer, but a send that failed all
the same (the message may or may not have been posted)."""

SEND_FAILED: tuple[type[BaseException], ...] = (discord.HTTPException, *UNANSWERED)
"""Every way one send to Discord fails: its notice stays in the outbox and is sent again."""


class Undelivered(Exception):
    """Telling the table failed after the service had applied a change: the change stands, only
    its announcement is late. `why` says what the player hears: `refused` (Discord refused the
    message: a missing permission, an outage; the outbox keeps it and sends it again),
    `unanswered` (Discord did not answer in time; sent again too), `broken` (anything else went
    wrong after the change: it is logged as a bug, and the change still stands)."""

    def __init__(self, why: str = "refused") -> None:
        super().__init__(why)
        self.why = why

    @classmethod
    def of(cls, exc: BaseException) -> Undelivered:
        """The `Undelivered` for an error raised while the table was being told of a change."""
        if isinstance(exc, Undelivered):
            return exc
        if isinstance(exc, discord.HTTPException):
            return cls("refused")
        return cls("unanswered" if isinstance(exc, UNANSWERED) else "broken")


class Delivery:
    """Sends a service's notices. One per bot; remembers which closed-DM notes were posted
    so the channel hears it once per table, not on every private notice."""

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot
        self._dm_noted: set[tuple[int, int]] = set()
        self._dm_closed: set[int] = set()
        """Users whose DMs Discord refused: not tried again on every notice, only once they next
        interact with the bot (`remember`), having perhaps opened them."""
        self._dms: dict[int, discord.abc.Messageable] = {}
        """Each user's DM channel, opened once (no user fetched nor DM channel made per notice)."""
        self.live = LivePosts(getattr(bot, "service", None))
        self._sending: dict[int, asyncio.Lock] = {}
        """One lock per channel: this process delivers a channel's changes one after the other,
        so that each takes what the channel owes before it (`deliver`) in turn, none held up by
        another of its own."""
        service = getattr(bot, "service", None)
        if service is not None:
            # Discord's way of saying things: the prompt's own line mentions the players to act,
            # and a decision's end is a live countdown. The service words its lines for it, every
            # name in them escaped (`names.escaped`).
            service.mentions = service.timestamps = True
            service.escape = names.escaped
        self._langs: dict[int, str] = getattr(service, "langs", {})
        """Each user's client language as last seen in an interaction: DMs are written in it. The
        service's own map, so that the images it draws for one reader (a role card, a hand, a
        private board) are in that reader's language too."""

    def remember(self, interaction: discord.Interaction) -> None:
        """The user's client language, as this interaction shows it (every command and click);
        their DMs are tried again (they may have opened them)."""
        self._langs[interaction.user.id] = locale_lang(interaction.locale)
        self._dm_closed.discard(interaction.user.id)

    async def dm(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel: the one known, else the user's own (`dm_channel`), else made
        once (`create_dm`) and kept."""
        known = self._dms.get(user_id)
        if known is not None:
            return known
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        channel: discord.abc.Messageable = user.dm_channel or await user.create_dm()
        self._dms[user_id] = channel
        return channel

    def dms_closed(self, user_id: int) -> bool:
        """Whether the user's DMs were refused since they last interacted (not tried meanwhile)."""
        return user_id in self._dm_closed

    def closed(self, user_id: int) -> None:
        """The user's DMs were refused: not tried again until they next interact (`remember`)."""
        self._dm_closed.add(user_id)

    def lang_of(self, user_id: int) -> str:
        """The language the user reads their DMs in: their client's as last seen, else English."""
        return self._langs.get(user_id, i18n.DEFAULT)

    async def waiting(self, notice: Waiting) -> None:
        """Who a table waits on now: noted in the database, and the turn inbox of each player whose
        wait changed shown again (`cogs.inbox`; nothing where the bot has none). Never retried nor
        told: an inbox Discord refused now is shown whole by the next change of that player's
        tables (its stored digest still says what it showed), and a failure here must not hold up
        the table's own notices."""
        inbox = getattr(self.bot, "inbox", None)
        if inbox is None:
            return
        try:
            await self.bot.service.show_waits(notice, inbox, inbox.text_of)
        except Exception:
            log.warning("the turn inboxes of table %s at version %s could not be shown", notice.table_id,
                        notice.version, exc_info=True)

    async def deliver(
        self,
        notices: Iterable[Any],
        *,
        channel: discord.abc.Messageable | discord.abc.GuildChannel | discord.abc.PrivateChannel | None,
        interaction: discord.Interaction | None = None,
        earlier: bool = True,
    ) -> list[discord.Message]:
        """Deliver in order; returns the channel messages posted.

        Every notice is tried, whatever happened to the one before: a DM that fails with a
        server error does not keep the next player from hearing. What Discord accepted is marked
        delivered in the outbox; what it refused waits there and is sent again later (`Resender`).
        `earlier`: first send what the channel's table still owes from before (a post that
        failed), so the channel reads things in order. When the channel's own message failed and
        someone is waiting on this interaction, they hear it (`Undelivered`) after all the rest.

        `channel` is where the table plays (an interaction's channel, as Discord gives it): one
        that takes no messages (a forum, a category, none at all) cannot have a table."""
        if not isinstance(channel, discord.abc.Messageable):
            raise TypeError(f"notices are posted in a channel that takes messages, not in {channel!r}")
        notices = list(notices)
        channel_id = getattr(channel, "id", None)
        if not earlier or channel_id is None:
            posted, failed = await self._send(notices, channel, interaction)
        else:
            lock = self._sending.setdefault(channel_id, asyncio.Lock())
            async with lock:
                posted, failed = await self._after_owed(notices, channel, channel_id, interaction)
        public = [exc for notice, exc in failed if isinstance(notice, Public)]
        if interaction is not None and public:
            raise Undelivered.of(public[0]) from public[0]
        return posted

    async def _after_owed(self, notices: list[Any], channel: discord.abc.Messageable, channel_id: int,
                          interaction: discord.Interaction | None
                          ) -> tuple[list[discord.Message], list[tuple[Any, BaseException]]]:
        """Send what the channel owes from before, then the notices (`deliver`). Those the outbox
        holds back (an older notice there is another process's to send: `Owed.held`) go out
        after it, from the outbox (`Resender`)."""
        told = [n for n in notices if isinstance(n, Public) and n.outbox is not None]
        if told and not any(n.owed for n in told):  # the outbox said, as it kept them, that none older waits
            return await self._send(notices, channel, interaction)
        owed = await self.bot.service.owed(channel_id, [n.outbox for n in notices])
        if owed.before:
            await self._send(owed.before, channel, None)
        if owed.held:
            notices = [n for n in notices if n.outbox not in owed.held]
        posted, failed = await self._send(notices, channel, interaction)
        resender = getattr(self.bot, "resender", None)
        if owed.held and resender is not None:
            resender.wake(after=resender.HELD)
        elif owed.before and resender is not None:
            await resender.rearm()  # what it was waiting to send again may just have gone out
        return posted, failed

    async def _send(self, notices: list[Any], channel: discord.abc.Messageable,
                    interaction: discord.Interaction | None
                    ) -> tuple[list[discord.Message], list[tuple[Any, BaseException]]]:
        """Send each notice and mark the outbox; returns the channel messages posted and the
        notices that could not be sent, each with its error (`SEND_FAILED`: Discord refused it,
        or did not answer). What went through is marked delivered whatever happens after it (an
        error nobody expected, a cancelled task): a notice already posted is never posted again."""
        lang = guild_lang(getattr(channel, "guild", None), interaction)
        if interaction is not None:
            self.remember(interaction)
        prompts = [n for n in notices if isinstance(n, Prompt)]
        posted: list[discord.Message] = []
        shown: set[tuple[int, int]] = set()
        """(table, version) whose prompts have a message: the others of that moment fold into it."""
        done: list[int] = []
        failed: list[tuple[Any, BaseException]] = []
        try:
            for notice in notices:
                try:
                    if isinstance(notice, Public):
                        message = await self.public(notice, channel, lang, prompts)
                        if message is not None:
                            posted.append(message)
                        if notice.prompt is not None:
                            shown.add(moment(notice.prompt))
                    elif isinstance(notice, Private):
                        await self.private(notice, channel, interaction, lang)
                    elif isinstance(notice, Reminder):
                        await self.reminder(notice, lang)
                    elif isinstance(notice, Waiting):
                        await self.waiting(notice)
                    elif isinstance(notice, Prompt) and moment(notice) not in shown:
                        shown.add(moment(notice))
                        text, view = self.prompt_parts(notice, lang, prompts)
                        posted.append(await channel.send(text, view=view,
                                                         allowed_mentions=pinging(self.to_ping(notice, prompts))))
                except SEND_FAILED as exc:
                    log.warning("could not deliver a notice of table %s (%s); it will be sent again",
                                getattr(notice, "table_id", None), _why(exc), exc_info=True)
                    failed.append((notice, exc))
                    continue
                if notice.outbox is not None:
                    done.append(notice.outbox)
        finally:
            await self.bot.service.delivered(done)
        kept = [n.outbox for n, _ in failed if n.outbox is not None]
        if kept:
            await self.bot.service.undelivered(kept)
            resender = getattr(self.bot, "resender", None)
            if resender is not None:
                resender.wake(after=await asyncio.to_thread(self.bot.service.next_waiting))
        return posted, failed

    def compose(self, notice: Public | Private, lang: str,
                prompts: Sequence[Prompt] = ()) -> tuple[str, dict[str, Any]]:
        """A notice as message text and `send` arguments: its lines, then the turn prompt's
        mention and menus when it carries one, and the image (`board.png`, or `hand.png`).
        `prompts`: the other players' prompts delivered with it (see `everyone_to_act`)."""
        lines, prompt_text, kwargs, _ = self._parts(notice, lang, prompts)
        return "\n".join([*lines, prompt_text] if prompt_text else lines), kwargs

    def _parts(self, notice: Public | Private, lang: str,
               prompts: Sequence[Prompt]) -> tuple[list[str], str, dict[str, Any], frozenset[int]]:
        """(the notice's lines, the prompt's mention line, `send` arguments, the seats asked)."""
        kwargs: dict[str, Any] = {"allowed_mentions": MENTION_NOBODY}
        prompt_text = ""
        seats: frozenset[int] = frozenset()
        if isinstance(notice, Public) and notice.prompt is not None:
            # The prompt's own line mentions (and pings) the players to act (the service, told so,
            # says it in no line of its own: `TableService.mentions`).
            seats = frozenset(seat for seat, _ in self.everyone_to_act(notice.prompt, prompts))
            prompt_text, kwargs["view"] = self.prompt_parts(notice.prompt, lang, prompts)
            kwargs["allowed_mentions"] = pinging(self.to_ping(notice.prompt, prompts))
        elif isinstance(notice, Public) and notice.over and notice.table_id is not None:
            kwargs["view"] = components.again_view(notice.table_id, lang)  # the game's last message
        if isinstance(notice, Public) and notice.table_id is not None and notice.away:
            view = kwargs.get("view") or discord.ui.View(timeout=None)
            view.add_item(components.SitButton.make(notice.table_id, lang))  # the away player's way back
            kwargs["view"] = view
        if isinstance(notice, Public) and notice.table_id is not None and notice.wanted is not None:
            view = kwargs.get("view") or discord.ui.View(timeout=None)
            view.add_item(components.TakeButton.make(notice.table_id, notice.wanted, lang))  # a newcomer's way in
            kwargs["view"] = view
        file = notice_file(notice, lang)
        if file is not None:
            kwargs["file"] = file
        said = notice.said if isinstance(notice, Public) else None
        lines = said[1] if said is not None and said[0] == lang else names.lines(notice, lang)  # worded by the service
        return lines, prompt_text, kwargs, seats

    async def public(self, notice: Public, channel: discord.abc.Messageable, lang: str,
                     prompts: Sequence[Prompt] = ()) -> discord.Message | None:
        """Post to the channel, in pages if long; the image and the menus ride on the last page.
        A change's notice edits its table's live message instead while the turn goes on (see
        cogs/live.py); a new message takes the buttons off the one before."""
        lines, prompt_text, kwargs, seats = self._parts(notice, lang, prompts)
        if not lines and not prompt_text and not notice.image:
            return None
        if "file" in kwargs and notice.image:  # the channel's board, in its smaller upload form
            kwargs["file"] = await channel_file(notice, lang)
        if notice.table_id is None or notice.version is None:  # not a change of a table in play
            return (await self._post(channel, lines, prompt_text, kwargs))[0]
        table_id, version = notice.table_id, notice.version
        channel_id = getattr(channel, "id", 0)
        async with self.live.lock(channel_id):
            live = await self.live.get(table_id)
            now = self.live.clock()
            pings = notice.prompt is not None and bool(self.to_ping(notice.prompt, prompts))
            sit = notice.away or (live is not None and live.sit and live.channel_id == channel_id)
            before = live.lines if live is not None else ()
            text = "\n".join([*before, *lines, *([prompt_text] if prompt_text else [])])
            why = why_new(live, channel_id=channel_id, version=version, pings=pings, highlight=notice.highlight,
                          over=notice.over, text=text, now=now)
            if why == "stale":  # an older notice: told, but never with buttons older than the live message's
                kwargs["view"] = self._sit_only(table_id, lang) if notice.away else None
                return (await self._post(channel, lines, prompt_text, kwargs))[0]
            board = image_digest(notice.image)
            if why is None and live is not None:
                view = self._with_sit(kwargs.get("view"), sit, table_id, lang)
                same = board and board == live.image  # the same board: the one it shows stays, not uploaded again
                edited = await self._edit_live(channel, live, text, view,
                                               {k: v for k, v in kwargs.items() if k != "file"} if same else kwargs)
                if edited is not None:
                    await self.live.keep(LivePost(table_id, channel_id, live.message_id, version, tuple(sorted(seats)),
                                                  (*live.lines, *lines), live.posted, view is not None, sit,
                                                  board or live.image))
                    return edited
            message, shown = await self._post(channel, lines, prompt_text, kwargs)
            view = kwargs.get("view")
            await self.live.keep(LivePost(table_id, channel_id, message.id, version, tuple(sorted(seats)), tuple(shown),
                                          now, view is not None, notice.away, board))
            if live is not None and live.buttons and live.channel_id == channel_id and live.message_id != message.id:
                await self._unbutton(channel, live, lang)
            return message

    async def _post(self, channel: discord.abc.Messageable, lines: list[str], prompt_text: str,
                    kwargs: dict[str, Any]) -> tuple[discord.Message, list[str]]:
        """A new message (in pages if long: the mention, the image and the menus ride on the last);
        with the lines the last page shows above its prompt."""
        *before, last = pages("\n".join([*lines, prompt_text] if prompt_text else lines))
        for page in before:
            await channel.send(page, allowed_mentions=MENTION_NOBODY)  # the mention rides on the last
        message = await channel.send(last, **kwargs)
        asked = set(prompt_text.split("\n")) if prompt_text else set()
        return message, [line for line in last.split("\n") if line not in asked]

    async def _edit_live(self, channel: discord.abc.Messageable, live: LivePost, text: str,
                         view: discord.ui.View | None, kwargs: dict[str, Any]) -> discord.Message | None:
        """Edit the live message by its id (nothing fetched): `text`, the new board and `view`.
        None when Discord refused it for good (the message deleted, its edit window closed): the
        notice is posted anew. A server error or no answer raises: the notice stays in the outbox
        and is sent again later, as an edit of the same message."""
        edit: dict[str, Any] = {"content": text, "view": view,
                                "allowed_mentions": kwargs.get("allowed_mentions", MENTION_NOBODY)}
        if "file" in kwargs:
            edit["attachments"] = [kwargs["file"]]
        try:
            return await self._partial(channel, live.message_id).edit(**edit)
        except discord.HTTPException as exc:
            if isinstance(exc, discord.DiscordServerError) or exc.status >= 500:
                raise
            log.info("could not edit the live message %s (%s); posting anew", live.message_id, _why(exc))
            return None

    async def _unbutton(self, channel: discord.abc.Messageable, live: LivePost, lang: str) -> None:
        """Take the buttons off a table's message a newer one follows (its text and board stay; an
        away player's "Take my seat back" too), so that no two of its messages offer a decision."""
        try:
            await self._partial(channel, live.message_id).edit(view=self._with_sit(None, live.sit, live.table_id, lang))
        except SEND_FAILED as exc:  # its buttons are refused as stale when clicked: nothing is lost
            log.info("could not take the buttons off message %s (%s)", live.message_id, _why(exc))

    async def sit_used(self, table_id: int, message_id: int) -> None:
        """The "Take my seat back" button of this message was used (and taken off it): the table's
        live message, when it is that one, keeps it no longer on its next edit."""
        live = await self.live.get(table_id)
        if live is not None and live.sit and live.message_id == message_id:
            await self.live.keep(dataclasses.replace(live, sit=False))

    @staticmethod
    def _partial(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage:
        get = getattr(channel, "get_partial_message", None)
        if get is None:
            raise TypeError(f"messages of {channel!r} cannot be edited by id")
        message: discord.PartialMessage = get(message_id)
        return message

    @staticmethod
    def _sit_only(table_id: int, lang: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(components.SitButton.make(table_id, lang))
        return view

    @staticmethod
    def _with_sit(view: discord.ui.View | None, sit: bool, table_id: int, lang: str) -> discord.ui.View | None:
        """`view` with the table's "Take my seat back" button when the message carries one."""
        if not sit:
            return view
        view = view if view is not None else discord.ui.View(timeout=None)
        button = components.SitButton.make(table_id, lang)
        if button.custom_id not in {getattr(item, "custom_id", None) for item in view.children}:
            view.add_item(button)
        return view

    def everyone_to_act(self, prompt: Prompt, prompts: Sequence[Prompt] = ()) -> list[tuple[int, int]]:
        """(seat, user id) of every human who may act at the prompt's moment: the prompts
        delivered with it, and every human seat its decision asks (`Prompt.asked`, played by
        `Prompt.users`): a prompt may travel alone (a board asked for later)."""
        found = {p.seat: p.user_id for p in (prompt, *prompts) if moment(p) == moment(prompt)}
        for seat in prompt.asked:
            user_id = prompt.users[seat] if 0 <= seat < len(prompt.users) else None
            if user_id is not None:
                found.setdefault(seat, user_id)
        return sorted(found.items())

    @staticmethod
    def to_ping(prompt: Prompt, prompts: Sequence[Prompt] = ()) -> list[int]:
        """The users the message of the prompt's moment pings: those whose prompt says so
        (`Prompt.ping`: first asked in this decision). The others to act are mentioned by name
        only: they were pinged when the decision asked them."""
        return sorted({p.user_id for p in (prompt, *prompts) if moment(p) == moment(prompt) and p.ping})

    def prompt_parts(self, prompt: Prompt, lang: str, prompts: Sequence[Prompt] = ()) -> tuple[str, discord.ui.View]:
        """The mention line and the menus for a turn, from the prompt alone. One player with
        nothing to hide gets the menus of their legal actions; otherwise (a hand to hide, or
        several players at once) everyone to act is mentioned and one button opens each
        clicker's own options."""
        acting = self.everyone_to_act(prompt, prompts)
        if prompt.private or len(acting) > 1:
            mentions = ", ".join(f"<@{user_id}>" for _, user_id in acting)
            moment = self.moment(prompt, lang)
            key = "cogs.prompt.window" if len(acting) > 1 else (
                "cogs.prompt.window_one" if moment else "cogs.prompt.turn_private")
            text = "\n".join(filter(None, [moment, i18n.gettext(key, lang, mentions=mentions)]))
            return text, components.private_prompt_view(prompt.table_id, prompt.version, lang,
                                                         hand=has_secrets(prompt.game), game_key=prompt.game,
                                                         undo=prompt.undo and len(acting) == 1)
        text = "\n".join(filter(None, [i18n.gettext("cogs.prompt.turn", lang, mention=f"<@{prompt.user_id}>"),
                                        self.clock(prompt, lang)]))
        return text, components.prompt_view(prompt.table_id, prompt.version, prompt.actions,
                                             components.words_for(prompt), lang, prompt.labels, undo=prompt.undo)

    def moment(self, prompt: Prompt, lang: str) -> str:
        """The line above a window's mention: what the window is for and who passed (the game's
        decision says it in public words: `Prompt.about`), and when it closes by itself, as a
        Discord timestamp every client counts down in its own language ("in 42 seconds"). ""
        for a plain turn."""
        return i18n.sentences([components.said(prompt, prompt.about, lang), self.clock(prompt, lang)], lang)

    @staticmethod
    def clock(prompt: Prompt, lang: str) -> str:
        """When the decision closes by itself, as a Discord timestamp ("in 42 seconds"), in the
        game's words when it has them (`<game>.prompt.clock`: a clock on every move says so) or a
        window's; "" when no clock runs (`Prompt.deadline`)."""
        if prompt.deadline is None:  # no clock runs
            return ""
        ends = prompt.ends(time.time())
        if ends is None:
            return ""
        when = f"<t:{int(ends)}:R>"
        # The table's time control (a plain decision) or a window's clock, each in the game's own
        # words when it has them (`<game>.prompt.time`: a game whose player departs then).
        own, shared = ("prompt.time", "cogs.prompt.time") if prompt.timed else ("prompt.clock", "cogs.prompt.clock")
        return i18n.gettext(i18n.own_or(prompt.game, own, shared, lang), lang, when=when)

    async def private(self, notice: Private, channel: discord.abc.Messageable,
                      interaction: discord.Interaction | None, channel_lang: str) -> None:
        """DM once; on refusal (remembered until the user next interacts: `remember`) fall back
        to an ephemeral reply to their own click, else one public note per table saying where to
        read it (`/table me`)."""
        own = interaction is not None and interaction.user.id == notice.user_id
        lang = self._langs.get(notice.user_id, channel_lang)
        # In pages when long (a substitute's briefing): cut at line ends, the picture on the last.
        *before, text = pages("\n".join(names.lines(notice, lang)))
        if not text and not before and not notice.image:
            return
        if notice.user_id not in self._dm_closed:
            try:
                dm = await self.dm(notice.user_id)
                for page in before:
                    await dm.send(page)
                file = notice_file(notice, lang)
                await (dm.send(text or None, file=file) if file is not None else dm.send(text or None))
                return
            except discord.HTTPException as exc:
                if not (isinstance(exc, discord.Forbidden) or exc.code == CANNOT_DM):
                    raise
                log.info("DM to %s refused (%s); falling back until they next interact", notice.user_id, exc.code)
                self._dm_closed.add(notice.user_id)
        if own and interaction is not None:
            note = i18n.gettext("cogs.dm.closed_here", lang)
            kwargs: dict[str, Any] = {}
            file = notice_file(notice, lang)
            if file is not None:
                kwargs["file"] = file
            *first, last = pages("\n".join([note, *before, text]))
            for page in first:
                await reply_ephemeral(interaction, page)
            await reply_ephemeral(interaction, last, **kwargs)
            return
        key = (notice.table_id, notice.user_id)
        if key in self._dm_noted:
            return
        self._dm_noted.add(key)
        note = i18n.gettext("cogs.dm.closed_public", channel_lang, mention=f"<@{notice.user_id}>")
        await channel.send(note, allowed_mentions=pinging([notice.user_id]))

    async def reminder(self, notice: Reminder, channel_lang: str) -> None:
        """The half-time reminder, by DM, in the player's language (else the server's): the
        game, a link to its channel, the time left and when the clock runs out (a Discord
        timestamp that counts down). A closed DM means no reminder: logged, nothing else."""
        lang = self._langs.get(notice.user_id, channel_lang)
        game = notice.game if isinstance(notice.game, str) else i18n.render(notice.game, lang)
        text = i18n.gettext("cogs.reminder", lang, game=game, channel=channel_link(notice.guild_id, notice.channel_id),
                            left=left_words(notice.left, lang), when=f"<t:{int(notice.ends)}:R>")
        if notice.user_id in self._dm_closed:
            return
        try:
            await (await self.dm(notice.user_id)).send(clip(text))
        except discord.HTTPException as exc:
            if not (isinstance(exc, discord.Forbidden) or exc.code == CANNOT_DM):
                raise
            log.info("the half-time reminder to %s was refused (%s): their DMs are closed", notice.user_id, exc.code)
            self._dm_closed.add(notice.user_id)


class Resender:
    """Sends again what the outbox still holds: a channel post or a DM that Discord refused (a
    server error, a missing permission since fixed), and what a previous run of the bot had not
    sent when it stopped. It runs once the bot is ready, then whenever a notice falls due (at
    most every `IDLE` seconds), and at once when woken (a reconnection). It sends what the
    channels of its bot's shards owe (`flush`)."""

    IDLE = 30.0
    HELD = 1.0
    """Seconds before it looks again when a change's notices were held back behind an older one
    another delivery of the channel was sending."""

    def __init__(self, bot: GavelBot) -> None:
        self.bot = bot
        self._tasks: set[asyncio.Task[None]] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._wakes = 0
        """How many times `wake` was called: `rearm` leaves alone a timer set while it read the outbox."""
        self._flushing = asyncio.Lock()

    @property
    def armed(self) -> bool:
        """Whether a wake-up is set (a refused notice waits out its pause)."""
        return self._timer is not None

    def start(self) -> None:
        self._spawn(self._run(), "outbox-resender")

    def wake(self, after: float | None = 0.0) -> None:
        """Send what is due `after` seconds from now (a notice just refused is due after its
        pause). One such timer at a time: the earlier wins."""
        self._wakes += 1
        loop = asyncio.get_running_loop()
        when = loop.time() + max(0.0, after or 0.0)
        if self._timer is not None:
            if self._timer.when() <= when:
                return
            self._timer.cancel()
        self._timer = loop.call_at(when, self._due)

    async def rearm(self) -> None:
        """Set the wake-up for what the outbox still holds, now that notices it was set for went
        out with a newer action (`Delivery.deliver` sends what a channel owes first): none left,
        no wake-up; the next one due later, a later wake-up. A wake-up kept for notices already
        sent would only flush an empty outbox. Reads the outbox only while a wake-up is set; a
        `wake` meanwhile (a notice refused since) wins."""
        if self._timer is None:
            return
        wakes = self._wakes
        after = await asyncio.to_thread(self.bot.service.next_waiting)
        if self._timer is None or self._wakes != wakes:
            return
        self._timer.cancel()
        self._timer = None
        if after is not None:
            self.wake(after)

    def _due(self) -> None:
        self._timer = None
        self._spawn(self.flush(), "outbox-flush")

    def _spawn(self, work: Any, name: str) -> None:
        task = asyncio.get_running_loop().create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for task in list(self._tasks):
            task.cancel()

    async def _run(self) -> None:
        """Once ready, send what the last run left; then look again every `IDLE` seconds."""
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            await self.flush()
            await asyncio.sleep(self.IDLE)

    def shards(self) -> tuple[list[int], int] | None:
        """The shards of its bot (ids, count), or None when it runs them all."""
        ids: list[int] | None = getattr(self.bot, "shard_ids", None)
        count: int | None = getattr(self.bot, "shard_count", None)
        return (list(ids), count) if ids is not None and count else None

    async def flush(self) -> None:
        """Send every notice that is due now, channel by channel, oldest first (one flush at a time).
        A bot over some shards claims and sends those of its shards' channels only: the channels
        of other shards are other processes' to send again, and what it claimed but finds it
        cannot send (`GavelBot.own_channel`) it lets go at once, never holding it for a lease."""
        async with self._flushing:
            try:
                waiting = await self.bot.service.waiting(shards=self.shards())
            except Exception:  # a bad row or an outage: log, and try again later
                log.exception("the outbox could not be read")
                return
            for channel_id, notices in waiting.items():
                try:
                    channel = await self.bot.own_channel(channel_id)
                    if channel is None:
                        await self.bot.service.release(n.outbox for n in notices if n.outbox is not None)
                        continue
                    await self.bot.delivery.deliver(notices, channel=channel, earlier=False)
                except Exception:
                    log.warning("channel %s cannot be reached; its notices wait", channel_id, exc_info=True)
                    await self.bot.service.undelivered(n.outbox for n in notices if n.outbox is not None)
