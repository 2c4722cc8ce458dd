"""Beacon Relay's slash command group, `/beacon new|roll|stoke|douse|signal|board|rules`, declared
once for both front-ends (`rules.plugin.Commands`); the names and descriptions are its catalogue's
(`messages.toml`, `cmd.beacon.*`).

`/beacon stoke beacon:紅` names the beacon in any language, so its option is read here rather
than taken as the action's token; `/beacon roll` is the verb alone; `/beacon signal` shows the
player's own view (their secret beacon), privately."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import IllegalAction
from rules.plugin import BOARD_COMMAND, RULES_COMMAND, VIEW, Command, Commands, Option, Read, Speech, lobby

from .words import beacon_named


def tend(verb: str) -> Read:
    """The reader of `/beacon stoke|douse beacon:<name>`: the action on the beacon named. A name
    no language gives a beacon is refused here; the rules judge the action itself (roll first,
    nothing to douse)."""

    def read(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
        name = options.get("beacon", "")
        beacon = beacon_named(name, say)
        if beacon is None:
            raise IllegalAction("beacon_relay_no_beacon", name=name)
        return f"{verb} {beacon}"

    return read


COMMANDS = Commands(group="beacon", commands=(
    lobby(variant=False),
    Command("roll"),
    Command("stoke", (Option("beacon"),), read=tend("stoke")),
    Command("douse", (Option("beacon"),), read=tend("douse")),
    Command("signal", kind=VIEW),
    BOARD_COMMAND,
    RULES_COMMAND,
))
