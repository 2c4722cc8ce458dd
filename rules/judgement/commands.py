"""The City of Judgement's slash command group and the sub-commands whose options are not simply the action's
tokens, as both front-ends read them (`rules.plugin.Commands`)."""

from __future__ import annotations

from rules.plugin import Commands

COMMANDS = Commands(group="judgement")
