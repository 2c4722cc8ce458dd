"""The Discord bot: `create_bot(service)` for tests and `main()` for `python bot.py`.

Intents: `discord.Intents.default()` only. Gavel works through slash commands, buttons,
selects and DMs, none of which needs a privileged intent (Message Content, Server Members
and Presence stay off in the Developer Portal).

Slash commands are synced with Discord only when asked: `GAVEL_SYNC=1` (or `gavel --sync`) at
start-up (do it the first time and whenever the commands change). Syncing on every start would
hit Discord's rate limit on command updates for nothing.

Shards: by default one process runs the bot over a single gateway connection, as a plain
`commands.Bot`. `create_bot(..., shard_ids=, shard_count=)` (`gavel --shards 0-3 --shard-count 8`)
makes a `ShardedGavelBot` (`commands.AutoShardedBot`) that connects only those shards of
`shard_count`, so several processes on one or more machines share the guilds, each with the
same database (a PostgreSQL URL). Such a process receives the events of its shards' guilds
only; what it does by itself, unasked, is kept to them too (`GavelBot.serves`): the notes about
tables that could not be loaded, and what the outbox sends again, go out from the process
whose shard holds the channel's guild, not from every process. A
channel of another shard is still reachable over HTTP (`fetch_channel`), so a clock that runs
out in any process posts to its table. Slash commands are global (one set for the application),
so only the process that runs shard 0 syncs them, whatever it was asked: the same command line
with `--sync` can start every process.

Token: `DISCORD_TOKEN` from the environment, else from a `.env` file (`KEY=VALUE` lines) in
the working directory. The database is the TableService's (`GAVEL_DB`, default
`./gavel.sqlite3`); the buttons of old messages keep working because they are DynamicItems that
carry the table id and version.

Memory follows the tables in use, not the tables stored. Start-up loads only the tables that
owe their channel something (lazily, in every mode: `TableService.restore(lazy=True)`); every
other table is loaded when first touched (a command, a click, its clock running out), and a
table left untouched for `GAVEL_IDLE` seconds (default `IDLE`, ten minutes; 0: never) that owes
nothing only memory holds is dropped again (`TableService.drop_idle`, swept every
`sweep_every` seconds); one untouched for a minute (`REST`) keeps only its compact form, its
stored JSON text (`Table.rest`). The clocks of the tables not in memory live in the database: the
`WindowClock` watches it (`watch`) and loads a table when its clock runs out, its half-time
reminder falls due or its AI seats are to play on; so does the `RematchClock` for rematch
windows. `GAVEL_EAGER=1` (`gavel --eager`) loads every open table at start-up instead, as Gavel
once did (start-up then costs memory and time per stored table; idle tables are still dropped
unless `GAVEL_IDLE=0`).

Card-play windows run out on the bot's one `WindowClock` (gavel/tables/clock.py): it is armed
after every delivered change and, at start-up, for every table loaded; what it applies
when a window runs out (or what AI seats play when it asks them to play on) is posted to the
table's channel like any other change. AI seats think in worker processes (`PooledSeats`),
so the event loop that answers every table never waits on a search.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import components, errors, games
from cogs.clicks import Clicks
from cogs.delivery import Delivery, Resender, guild_lang, reply_ephemeral
from cogs.inbox import DMInbox
from cogs.tables import TablesCog
from cogs.translator import Translator
from gavel.tables import i18n
from gavel.tables.ai import PooledSeats
from gavel.tables.clock import WindowClock
from gavel.tables.games import game_name
from gavel.tables.notices import Notice, Public
from gavel.tables.registry import REST, hand_back
from gavel.tables.rematch import RematchClock
from gavel.tables.service import TableService
from gavel.tables.store import is_postgres
from rules import registry
from rules.core import Msg

log = logging.getLogger("gavel.cogs")

IDLE = 600.0
"""Seconds a table may stay untouched before it is dropped from memory (`GAVEL_IDLE`; 0: never)."""


def env_flag(name: str) -> bool:
    """Whether the environment variable `name` is set to 1, true or yes."""
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes")


def env_idle() -> float:
    """`GAVEL_IDLE` (seconds, 0 or more), else `IDLE`; ValueError for anything else."""
    text = os.environ.get("GAVEL_IDLE", "").strip()
    if not text:
        return IDLE
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise ValueError(f"GAVEL_IDLE must be a number of seconds, 0 or more, not {text!r}")
    return value


OUTAGE_BEATS = 3
"""Heartbeats missed in a row (`GavelBot.HEARTBEAT`) that make an outage of Gavel's."""

class GavelBot(commands.Bot):
    """A `commands.Bot` that knows its TableService and how to deliver notices. It sees every
    guild the bot is in (one gateway connection); `ShardedGavelBot` sees some shards' guilds."""

    def __init__(self, service: TableService, *, sync: bool = False, shared: bool = False, eager: bool = False,
                 idle: float = IDLE, **client: Any) -> None:
        # No message pings anyone unless it says whom (`cogs.delivery.pinging`: the players who must
        # act): a name, a line of history or a notice that reads "@everyone" or "<@id>" pings nobody.
        client.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, tree_cls=GavelTree, **client)
        self.service = service
        self.sync_commands = sync and self.serves(None)
        """Whether start-up syncs the slash commands: when asked, and only in the process that
        runs shard 0 (the one whose guilds include DMs), so several processes never all sync."""
        if sync and not self.sync_commands:
            log.info("not syncing the slash commands: the process that runs shard 0 does")
        self._elsewhere: set[int] = set()
        """Channels found to be in another process's shards (a channel never changes guild)."""
        self._guilds_elsewhere: dict[int, discord.Guild] = {}
        """Guilds this process does not hold, fetched for their language (`reach`)."""
        self.shared = shared
        service.shared = shared or service.shared
        """Whether this bot is one of several processes on one PostgreSQL database (`GAVEL_SHARED`,
        or some of the shards only): it then also watches the database for clocks that ran out at
        tables it never touched, loads tables on first touch and claims the outbox's rows."""
        self.delivery = Delivery(self)
        self.inbox = DMInbox(self.delivery)
        """Each player's turn inbox in their DMs (`cogs.inbox`): the service notes who its tables
        wait on, and the delivery shows it here."""
        service.inbox.enabled = True
        self.resender = Resender(self)
        self.clock = WindowClock(service, self.deliver_to)
        self.rematch_clock = RematchClock(service, self.deliver_to)
        """The timers of rematch windows (the previous game's players invited back)."""
        self.component_handler = Clicks(self)
        self.loading: set[int] = set()
        """Channels whose table is being loaded for autocomplete (`flows.load_later`)."""
        self.eager = eager
        """Whether start-up loads every open table (`GAVEL_EAGER`), not only those it owes something."""
        service.idle = idle
        service.rest = REST
        self._sweep: asyncio.Task[None] | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self.watches = not eager or idle > 0 or (shared and is_postgres(service.store.path))
        """Whether start-up sets the database's watch (`WindowClock.watch`, `RematchClock.watch`)
        for clocks, reminders and rematch windows falling due at tables not held here: always,
        but for one process that loads every table at start-up and never drops one (its own
        timers then cover every table)."""

    @property
    def sweep_every(self) -> float:
        """Seconds between two sweeps for idle tables: a quarter of the idle time, 1 to 30."""
        return min(30.0, max(1.0, self.service.idle / 4)) if self.service.idle > 0 else 30.0

    def sweep(self) -> int:
        """Let the tables left idle rest (`REST`: their compact form only), drop those idle for
        `GAVEL_IDLE` (`TableService.drop_idle`) and stop their timers: the database's clock fires
        them now (`WindowClock.watch`). How many were dropped."""
        dropped = self.service.drop_idle()
        for table in dropped:
            self.clock.forget(table.channel_id)
        if dropped:
            log.debug("dropped %d idle table(s) from memory", len(dropped))
        return len(dropped)

    HEARTBEAT = 60.0
    """Seconds between two heartbeats (`TableStore.heartbeat`): no process alive for
    `OUTAGE_BEATS` of them is an outage of Gavel's, which stops every clock."""

    def start_heartbeat(self) -> None:
        """Write a heartbeat every `HEARTBEAT` seconds for as long as the bot runs."""
        if self._heartbeat is None:
            self._heartbeat = asyncio.get_running_loop().create_task(self._beating(), name="heartbeat")

    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.HEARTBEAT)
            try:
                await self.service.alive(OUTAGE_BEATS * self.HEARTBEAT)
            except Exception:  # the next one may get through: a missed heartbeat only stops clocks
                log.exception("the heartbeat failed")

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                if self.sweep():
                    await asyncio.to_thread(hand_back)  # what the dropped tables held, back to the system
            except Exception:  # a sweep that fails leaves the tables held: memory, never a table, is lost
                log.exception("the sweep for idle tables failed")

    async def setup_hook(self) -> None:
        await self.add_cog(TablesCog(self), override=True)
        for group in games.groups(self):  # every game's slash group, from its plug-in's declaration
            self.tree.add_command(group, override=True)
        self.add_dynamic_items(*components.DYNAMIC_ITEMS)
        await self.tree.set_translator(Translator())
        await asyncio.to_thread(self.service.warm)  # before any table needs it, and off the loop
        # The time Gavel was down (none of its processes alive) stopped every clock.
        await self.service.alive(OUTAGE_BEATS * self.HEARTBEAT)
        # A table is loaded where it is first touched (unless GAVEL_EAGER): start-up loads only
        # what it owes a channel, whatever the number of tables stored.
        restored = await self.service.restore(lazy=not self.eager)
        log.info("restored %d open table(s)%s", restored, "" if self.eager else " (the others load when touched)")
        self.service.settle()  # what start-up loaded is no longer walked by every full collection
        # The windows that were open when the bot stopped run out again, and AI seats that were
        # to act play on: in timers, so the bot connects first and never waits for them. What
        # the last run had not delivered goes out once the bot is ready, and so do the notes of
        # tables that could not be loaded.
        self.clock.arm_all()
        await self.rematch_clock.arm_all()  # the rematch windows open when the bot stopped
        if self.watches:
            # The clocks of tables not held here (never loaded, dropped while idle, or another
            # process's) fire from the database: each timeout is claimed by exactly one process.
            self.clock.watch()
            self.rematch_clock.watch()
        if self.service.idle > 0 or self.service.rest > 0:
            self._sweep = asyncio.get_running_loop().create_task(self._sweeping(), name="idle-tables")
        self.resender.start()
        self.start_heartbeat()
        if self.service.broken_tables():
            asyncio.get_running_loop().create_task(self._announce_broken(), name="broken-tables")
        if self.sync_commands:
            synced = await self.tree.sync()
            log.info("synced %d slash command(s)", len(synced))

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process's shards receive the events of `guild_id` (None: DMs, which
        Discord sends to shard 0). Always, when it runs every shard."""
        ids: list[int] | None = getattr(self, "shard_ids", None)
        if ids is None or not self.shard_count:
            return True
        return (0 if guild_id is None else (guild_id >> 22) % self.shard_count) in ids

    async def reach(self, channel_id: int) -> discord.abc.Messageable:
        """The channel, from the cache or else over HTTP: another shard's channel is reachable
        from any process. Raises `discord.HTTPException` when Discord cannot give it (deleted,
        no access)."""
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        return await self._with_guild(channel)

    async def own_channel(self, channel_id: int) -> discord.abc.Messageable | None:
        """The channel (as `reach` gives it) when this process's shards hold its guild; None when
        another process's do (it is that process's to post in unasked)."""
        if channel_id in self._elsewhere:
            return None
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if not self.serves(guild.id if guild is not None else None):
            self._elsewhere.add(channel_id)
            return None
        return await self._with_guild(channel)

    async def _with_guild(self, channel: Channel) -> discord.abc.Messageable:
        """A fetched channel of a guild this process does not hold comes with a bare guild (its
        id alone, "unavailable", in English): the guild is fetched too, once per process, so the
        channel hears its guild's language (`guild_lang`). A channel that takes no messages (a
        category, a forum) is no table's: `TypeError`."""
        if not isinstance(channel, discord.abc.Messageable):
            raise TypeError(f"channel {channel.id} takes no messages")
        guild = getattr(channel, "guild", None)
        if isinstance(channel, discord.abc.GuildChannel) and guild is not None and guild.unavailable \
                and self.get_guild(guild.id) is None:
            known = self._guilds_elsewhere.get(guild.id)
            if known is None:
                known = self._guilds_elsewhere[guild.id] = await self.fetch_guild(guild.id)
            channel.guild = known
        return channel

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The bot joined a server: welcome it, once ever (`welcome`)."""
        try:
            await self.welcome(guild)
        except Exception:  # the database is away for a moment: no welcome, no harm
            log.exception("could not welcome guild %s", guild.id)

    async def welcome(self, guild: discord.Guild) -> bool:
        """A short welcome (what Gavel is, `/help`, the games it plays) in the guild's preferred
        language, in its system channel or else the first text channel the bot may write in; once
        per guild ever, however many processes or times the bot joins (the store notes it first).
        Nowhere to write: nothing, and nothing noted (a later join tries again)."""
        channel = welcome_channel(guild)
        if channel is None or not await self.service.first_welcome(guild.id):
            return False
        games = i18n.Listed.of(game_name(plugin.game) for _, plugin in sorted(registry.plugins().items()))
        try:
            await channel.send(i18n.render(Msg("cogs.welcome", {"games": games}), guild_lang(guild)))
        except discord.HTTPException:
            log.info("could not post the welcome in guild %s", guild.id, exc_info=True)
            await self.service.first_welcome(guild.id, failed=True)
            return False
        return True

    async def on_resumed(self) -> None:
        """Back after a disconnection: send what could not be sent meanwhile."""
        self.resender.wake()

    async def _announce_broken(self) -> None:
        """Say in each channel whose table could not be loaded that it is blocked, and why: in
        the channels of this process's shards (another process's says it in its own)."""
        await self.wait_until_ready()
        for broken in self.service.broken_tables():
            try:
                channel = await self.own_channel(broken.channel_id)
                if channel is None:
                    continue
                lang = guild_lang(getattr(channel, "guild", None))
                await channel.send(i18n.render(broken.note(), lang))
            except discord.HTTPException:
                log.warning("could not post the broken-table note in channel %s", broken.channel_id, exc_info=True)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component that no handler claims (`components.claimed`: an old
        message's, a foreign or garbled custom id) would go unanswered, and Discord would tell
        the clicker "This interaction failed": say privately, in their language, that the
        button is no longer in use. Claimed clicks are their handler's to answer."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if components.claimed(custom_id):
            return
        log.info("a click on an unknown component %r in channel %s", custom_id, interaction.channel_id)
        self.delivery.remember(interaction)
        try:
            await reply_ephemeral(interaction, i18n.gettext("cogs.error.unknown_button", errors.lang_of(interaction)))
        except discord.HTTPException:
            log.warning("could not answer a click on an unknown component", exc_info=True)

    async def close(self) -> None:
        self.resender.stop()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None
        if self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None
        self.clock.close()
        self.rematch_clock.close()
        await super().close()
        self.service.close()

    async def deliver_to(self, channel_id: int, notices: list[Notice]) -> None:
        """The clock's way to speak: a window ran out with nobody clicking, so there is no
        interaction to answer; the notices go to the table's channel (fetched if not cached: it
        may be another shard's, `reach`)."""
        await self.delivery.deliver(notices, channel=await self.reach(channel_id))

    def changed(self, channel_id: int | None, notices: Sequence[Notice] = ()) -> None:
        """After a change was delivered: (re)start the window clock for what is open now, as the
        change's channel notice says it (`Public.timer`), else as the service says."""
        if channel_id is not None:
            timer = next((n.timer for n in notices if isinstance(n, Public) and n.timer is not None), None)
            self.clock.arm(channel_id, timer)


Channel = discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread
"""A channel as the client's cache or Discord's API gives it."""


class GavelTree(app_commands.CommandTree["GavelBot"]):
    """The bot's slash command tree: every command's error is told to its user (`errors.handle`),
    and every command first remembers its user's language (their DMs and private images speak it
    from then on). Never refuses."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await errors.handle(interaction, error)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.client.delivery.remember(interaction)
        return True


def welcome_channel(guild: discord.Guild) -> discord.TextChannel | None:
    """Where a welcome goes: the guild's system channel, else its first text channel (in the
    order members see them), where the bot may read and send messages; None: nowhere."""
    me = guild.me
    if me is None:
        return None
    ordered = sorted(guild.text_channels, key=lambda c: (c.position, c.id))
    for channel in [c for c in (guild.system_channel,) if c is not None] + ordered:
        allowed = channel.permissions_for(me)
        if allowed.view_channel and allowed.send_messages:
            return channel
    return None


class ShardedGavelBot(GavelBot, commands.AutoShardedBot):
    """A `GavelBot` over some shards of the bot: `shard_ids` of `shard_count` (all of them when
    `shard_ids` is None), each shard a gateway connection that carries the events of the guilds
    whose `(guild_id >> 22) % shard_count` it is. Every process of one bot must give the same
    `shard_count`, and each shard must run in exactly one process."""

    def __init__(self, service: TableService, *, sync: bool = False, shared: bool = False,
                 shard_ids: Sequence[int] | None = None, shard_count: int, eager: bool = False,
                 idle: float = IDLE) -> None:
        ids = check_shards(shard_ids, shard_count)
        super().__init__(service, sync=sync, shared=shared, shard_ids=ids, shard_count=shard_count, eager=eager,
                         idle=idle)


def check_shards(shard_ids: Sequence[int] | None, shard_count: int) -> list[int] | None:
    """`shard_ids` as a list, after checking them against `shard_count` (ValueError with the
    reason): at least one shard, each once, each below the count."""
    if isinstance(shard_count, bool) or not isinstance(shard_count, int) or shard_count < 1:
        raise ValueError(f"the shard count must be a whole number of at least 1, not {shard_count!r}")
    if shard_ids is None:
        return None
    ids = list(shard_ids)
    if not ids:
        raise ValueError("no shard given")
    for shard in ids:
        if isinstance(shard, bool) or not isinstance(shard, int) or not 0 <= shard < shard_count:
            raise ValueError(f"shard {shard!r} is not one of 0 to {shard_count - 1} (the shard count is {shard_count})")
    if len(set(ids)) != len(ids):
        raise ValueError(f"shard {next(s for s in ids if ids.count(s) > 1)} is given twice")
    return ids


def create_bot(service: TableService, *, sync: bool | None = None, shared: bool | None = None,
               shard_ids: Sequence[int] | None = None, shard_count: int | None = None,
               eager: bool | None = None, idle: float | None = None) -> GavelBot:
    """The bot with its cogs; `sync=None` reads `GAVEL_SYNC`, `shared=None` reads `GAVEL_SHARED`
    (1: several bot processes share the PostgreSQL database; `main` turns it on for a process
    given some of the shards), `eager=None` reads `GAVEL_EAGER` (1: start-up loads every open
    table) and `idle=None` reads `GAVEL_IDLE` (seconds before an untouched table is dropped from
    memory; 0: never; default `IDLE`). With a
    `shard_count`, a `ShardedGavelBot` over `shard_ids` (None: every shard, in this process);
    `shard_ids` without a count is refused (ValueError), as every process must use the same count."""
    if sync is None:
        sync = env_flag("GAVEL_SYNC")
    if shared is None:
        shared = env_flag("GAVEL_SHARED")
    if eager is None:
        eager = env_flag("GAVEL_EAGER")
    if idle is None:
        idle = env_idle()
    if shard_count is None:
        if shard_ids is not None:
            raise ValueError("shard ids need a shard count (the same in every process)")
        return GavelBot(service, sync=sync, shared=shared, eager=eager, idle=idle)
    return ShardedGavelBot(service, sync=sync, shared=shared, shard_ids=shard_ids, shard_count=shard_count,
                           eager=eager, idle=idle)


def read_env_file(path: Path) -> dict[str, str]:
    """`KEY=VALUE` lines; blank lines, `#` comments and an optional `export ` are ignored."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


NO_TOKEN = ("DISCORD_TOKEN is not set (environment or .env file in the working directory).\n"
            "The bot needs its token from the Discord Developer Portal: export DISCORD_TOKEN=... or put"
            " DISCORD_TOKEN=... in ./.env (README: Running it on Discord).\n"
            "To play in this terminal without a token: gavel --local GAME --ai 3 (gavel --help lists the games).")
"""What `gavel` without a token says, before anything is written or logged."""


def token() -> str:
    found = os.environ.get("DISCORD_TOKEN") or read_env_file(Path.cwd() / ".env").get("DISCORD_TOKEN")
    if not found:
        raise SystemExit(NO_TOKEN)
    return found


async def main(*, sync: bool | None = None, shard_ids: Sequence[int] | None = None,
               shard_count: int | None = None) -> None:
    """Run the bot until interrupted: over every guild, or over `shard_ids` of `shard_count`. A
    process given some of the shards runs in shared mode (as with `GAVEL_SHARED=1`): the others
    run elsewhere on the same database, so clocks, the outbox and tables are shared through it.
    Without a token it stops first: no database or lock file is made, nothing is logged."""
    found = token()
    discord.utils.setup_logging()
    if shard_count is not None:
        log.info("running shard(s) %s of %d", "all" if shard_ids is None else ", ".join(map(str, shard_ids)),
                 shard_count)
    shared = True if shard_ids is not None else None
    bot = create_bot(TableService(thinking=PooledSeats()), sync=sync, shared=shared, shard_ids=shard_ids,
                     shard_count=shard_count)
    async with bot:
        await bot.start(found)
