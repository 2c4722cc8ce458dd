"""Dad's Army's slash command group, `/dadsarmy`, declared once for both front-ends
(`rules.plugin.Commands`): a lobby, the die, the moves, the board and the rules. Each option is
one token of the action, autocompleted from the player's legal actions."""

from __future__ import annotations

from rules.plugin import BOARD_COMMAND, RULES_COMMAND, Command, Commands, Option, lobby


def square(value: str) -> str:
    """An option as the action's token: lower case, without spaces (`5, 9` is the square `5,9`)."""
    return "".join(value.split()).lower()


COMMANDS = Commands(group="dadsarmy", commands=(
    lobby(),
    Command("roll"),
    Command("move", (Option("man"), Option("to")), clean=square),
    BOARD_COMMAND,
    RULES_COMMAND,
))
