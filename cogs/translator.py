"""Slash command names and descriptions in the user's language (zh-TW), from our catalogues.

Keys follow the command tree: `cmd.<group>.<command>.name|description` for commands and
groups, `cmd.<group>.<command>.<option>.name|description` for options, an option by the name
Discord shows (a renamed parameter's new name, not its Python name). A missing key keeps
the English text, so adding a command never breaks the sync.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from gavel.tables import i18n

_FIELDS = {
    Where.command_name: "name",
    Where.group_name: "name",
    Where.parameter_name: "name",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_description: "description",
}


def key_for(context: app_commands.TranslationContext) -> str | None:
    """The catalogue key of one localisable string of the command tree."""
    what = _FIELDS.get(context.location)
    if what is None:
        return None
    data = context.data
    if context.location in (Where.parameter_name, Where.parameter_description):
        # by the name users see (`from`, renamed from the Python name `origin`, a keyword)
        path = f"{data.command.qualified_name} {getattr(data, 'display_name', data.name)}"
    else:
        path = data.qualified_name
    return f"cmd.{path.replace(' ', '.')}.{what}"


class Translator(app_commands.Translator):
    """Localises the command tree for every non-English language we have a catalogue for."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if locale is not discord.Locale.taiwan_chinese:  # Traditional Chinese is for Taiwan only
            return None
        lang = "zh-TW"
        key = string.extras.get("key") or key_for(context)
        if key is None or not i18n.has(key, lang):
            return None
        return i18n.gettext(key, lang)
