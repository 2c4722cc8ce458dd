"""Every game's slash command group, built at start-up from its plug-in's declaration
(`rules.plugin.Commands`): the one place Discord's game commands come from, naming no game.

Each declared sub-command becomes an `app_commands.Command` whose callback is made here, with one
parameter per declared option (a text, or a whole number between its bounds; optional ones
default to None), its fixed choices, and autocomplete from the player's legal actions through the
shared flows (`flows.declared_choices`). What a sub-command does is its declared kind: a lobby, the
board, the rules, an action read from its options (`flows.command`, which also opens the menu a
command may name instead), or one of the seat's private views. Names, descriptions and choices
are the catalogue's (`cmd.<group>.<command>.<option>.name|description`), in English here and
localised by the `Translator` from the same keys.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs import flows
from cogs.flows import open_lobby
from gavel.tables import i18n
from rules import registry
from rules.plugin import BOARD, HAND, LOBBY, MENU, RULES, VIEW, Command, Option, Plugin

if TYPE_CHECKING:
    from cogs.bot import GavelBot

Choices = list[app_commands.Choice[str]]
Run = Callable[[discord.Interaction, Mapping[str, Any]], Awaitable[None]]
"""What a sub-command does with its interaction and its options' values, by option name."""

DESCRIPTION_MAX = 100
"""Discord's longest description (and choice name)."""


def text(key: str) -> locale_str:
    """A catalogue entry as Discord is given it: its English text, localised by its key."""
    return locale_str(i18n.gettext(key, "en")[:DESCRIPTION_MAX], key=key)


def parameter_name(option: Option) -> str:
    """The callback's parameter for `option`: its name, or `from_` for a name Python keeps (`from`)."""
    name = option.name
    return f"{name}_" if keyword.iskeyword(name) or not name.isidentifier() else name


def _parameter(option: Option) -> inspect.Parameter:
    kind = inspect.Parameter.KEYWORD_ONLY
    annotation: Any = str
    if option.integer:
        annotation = app_commands.Range[int, option.minimum or 0, option.maximum]
    if option.boolean:
        annotation = bool
    if option.required:
        return inspect.Parameter(parameter_name(option), kind, annotation=annotation)
    # Optional, not `| None`: a Range is an object, which `|` cannot join
    return inspect.Parameter(parameter_name(option), kind, annotation=Optional[annotation], default=None)  # noqa: UP045


def _callback(command: Command, run: Run) -> Callable[..., Coroutine[Any, Any, None]]:
    """A callback whose signature is the command's options (discord.py reads its parameters)."""
    names = {parameter_name(o): o.name for o in command.options}

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await run(interaction, {names[key]: value for key, value in values.items()})

    interaction = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)
    callback.__dict__["__signature__"] = inspect.Signature([interaction, *map(_parameter, command.options)])
    return callback


def runner(bot: GavelBot, plugin: Plugin, command: Command) -> Run:
    """What the sub-command `command` of `plugin`'s group does, by its kind."""
    key = plugin.key

    async def run(interaction: discord.Interaction, values: Mapping[str, Any]) -> None:
        if command.kind == LOBBY:
            await open_lobby(bot, interaction, key, values.get("variant"), timeout=values.get("timeout"),
                             time=values.get("time"), reliable=bool(values.get("reliable")),
                             pauses=values.get("pauses"))
        elif command.kind == BOARD:
            await flows.post_board(bot, interaction)
        elif command.kind == RULES:
            await flows.send_rules(interaction, key)
        elif command.kind == VIEW and command.image:
            await flows.own_view(bot, interaction, command.image)
        elif command.kind in (VIEW, HAND):
            player = flows.player_of(interaction)
            read = bot.service.hand if command.kind == HAND else bot.service.me
            await flows.show(bot, interaction, lambda channel: read(channel, player), ephemeral=True)
        elif command.kind == MENU:
            await flows.open_menu(bot, interaction)
        else:
            await flows.command(bot, interaction, key, command.name, values)

    return run


def _choices(plugin: Plugin, command: Command, option: Option) -> Choices:
    """An option's fixed choices: a lobby's variants and time controls (the platform's), or the
    declared values, each labelled by its catalogue key."""
    if command.kind == LOBBY and option.name == "variant":
        return flows.variant_choices(plugin.key)
    if command.kind == LOBBY and option.name == "time":
        return flows.time_choices()
    base = plugin.commands.key(command, option)
    return [app_commands.Choice(name=text(f"{base}.{value}"), value=value) for value in option.choices]


def sub_command(bot: GavelBot, plugin: Plugin, command: Command) -> app_commands.Command[Any, ..., None]:
    """One declared sub-command as Discord's: its options named, described, with their choices
    and autocomplete."""
    commands = plugin.commands
    callback = _callback(command, runner(bot, plugin, command))
    described = {parameter_name(o): text(f"{commands.key(command, o)}.description") for o in command.options}
    renamed = {parameter_name(o): locale_str(o.name, key=f"{commands.key(command, o)}.name") for o in command.options}
    chosen = {parameter_name(o): choices for o in command.options if (choices := _choices(plugin, command, o))}
    if described:
        callback = app_commands.describe(**described)(callback)
        callback = app_commands.rename(**renamed)(callback)
    if chosen:
        callback = app_commands.choices(**chosen)(callback)
    made: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=command.name, description=text(f"{commands.key(command)}.description"), callback=callback)
    for option in command.options:
        if command.complete(option):
            made.autocomplete(parameter_name(option))(_completer(bot, plugin, command, option))
    return made


def _completer(bot: GavelBot, plugin: Plugin, command: Command,
               option: Option) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, Choices]]:
    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        return flows.declared_choices(bot, interaction, command, option, current)

    return complete


def group(bot: GavelBot, plugin: Plugin) -> app_commands.Group:
    """A plug-in's slash command group, every declared sub-command in it, in order."""
    commands = plugin.commands
    made = app_commands.Group(name=commands.group, description=text(f"{commands.key()}.description"),
                              guild_only=True)
    for command in commands.commands:
        made.add_command(sub_command(bot, plugin, command))
    return made


def groups(bot: GavelBot) -> list[app_commands.Group]:
    """The slash command group of every registered game that declares its commands."""
    return [group(bot, plugin) for _, plugin in sorted(registry.plugins().items()) if plugin.commands.commands]

