"""The one error handler for slash commands and component callbacks.

A player's mistake (`IllegalAction`) becomes a short ephemeral message in their own language;
anything else is a bug: it is logged with its traceback and the player is told that nothing
changed (the service applies an action in one transaction, so a crash mid-way changes nothing).
The one exception is anything failing *after* the service applied a change (`after_change`):
Discord refusing the message, Discord not answering in time (a timeout, a dropped connection),
or a bug. Then the change stands, and "nothing changed, try again" would invite a second move:
the player hears that it went through (`Undelivered`, and why).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import discord
from discord import app_commands

from cogs import names
from cogs.delivery import Undelivered, locale_lang, reply_ephemeral
from gavel.tables import i18n
from rules.core import IllegalAction

log = logging.getLogger("gavel.cogs")


def lang_of(interaction: discord.Interaction) -> str:
    """The language of the person who clicked or typed (for replies only they see)."""
    return locale_lang(interaction.locale)


UNDELIVERED = {"refused": "cogs.error.undelivered", "unanswered": "cogs.error.unanswered",
               "broken": "cogs.error.broken_after"}
"""What the player hears when their change stood but telling the table failed (`Undelivered.why`)."""


@contextmanager
def after_change() -> Iterator[None]:
    """Around everything done once the service has applied a change, so that any error there
    (Discord's refusal, no answer from Discord, a bug) reaches the handler as `Undelivered`, its
    cause kept for the log. A player's mistake (`IllegalAction`) stays what it is."""
    try:
        yield
    except IllegalAction:
        raise
    except Exception as exc:
        raise Undelivered.of(exc) from exc


def unwrap(error: BaseException) -> BaseException:
    """The exception a command or transformer actually raised."""
    while isinstance(error, (app_commands.CommandInvokeError, app_commands.TransformerError)):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else error.original
        if inner is None:
            break
        error = inner
    return error


async def handle(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user what went wrong; log what they cannot fix."""
    error = unwrap(error)
    lang = lang_of(interaction)
    if isinstance(error, IllegalAction):
        text = names.render(error.msg, lang)  # params may be words (Msg) too; a count picks the plural form
    elif isinstance(error, app_commands.CheckFailure):
        text = i18n.gettext("cogs.error.not_allowed", lang)
    elif isinstance(error, Undelivered):
        log.error("a change was applied but not delivered in %s", _where(interaction), exc_info=error)
        text = i18n.gettext(UNDELIVERED.get(error.why, UNDELIVERED["broken"]), lang)
    else:
        log.error("unexpected error in %s", _where(interaction), exc_info=error)
        text = i18n.gettext("cogs.error.unexpected", lang)
    try:
        await reply_ephemeral(interaction, text)
    except discord.HTTPException:
        log.warning("could not report an error to the user in %s", _where(interaction), exc_info=True)


def _where(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Mapping[str, Any] = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"
