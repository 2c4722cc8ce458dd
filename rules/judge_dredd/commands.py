"""Judge Dredd's slash command group, `/dredd`, declared once for both front-ends
(`rules.plugin.Commands`).

Every action verb of the game has a command (`place`, `move`/`stay` as `move path:stay`,
`arrest`, `play`, `block` (Block Mania), `tipoff` (Tip Off), `answer`, `pass`, `skip`, `discard`,
`done`), each option autocompleted from the user's own legal actions and narrowed by the options
already chosen; the same actions are one click away from a window's "My options" button. Hands
are private: they arrive by DM when they change, and `/dredd hand` shows them privately when DMs
are closed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.plugin import BOARD_COMMAND, HAND, RULES_COMMAND, Command, Commands, Option, Speech, Tokens, lobby

STAY = "stay"
"""`/dredd move path:stay` is the `stay` action (a Move of zero Sectors)."""
TIMEOUT_MAX = 3600
"""The longest a card-play window may wait for a player, in seconds (`/dredd new timeout:`)."""


def lowered(value: str) -> str:
    """An option as the action's token(s): lower case, without the spaces around it."""
    return value.strip().lower()


def read_move(options: Mapping[str, str], legal: Sequence[str], say: Speech) -> str:
    """`/dredd move path:<Sectors>`, or `path:stay`: the `stay` action."""
    path = lowered(options.get("path", ""))
    return STAY if path == STAY else f"move {path}"


def action(name: str, *options: str) -> Command:
    """A command that is the verb `name` followed by its options, each one token of the action."""
    return Command(name, tuple(Option(o) for o in options), clean=lowered)


COMMANDS = Commands(group="dredd", commands=(
    lobby(timeout=TIMEOUT_MAX),
    Command("hand", kind=HAND),
    BOARD_COMMAND,
    RULES_COMMAND,
    action("place", "sector"),
    Command("move", (Option("path", complete=(Tokens(STAY, 0, whole=True), Tokens("move", 1, whole=True))),),
            read=read_move),
    action("arrest", "crime"),
    action("play", "card", "option", "target"),
    action("block", "first", "second"),
    action("tipoff", "crime", "path"),
    action("answer", "card"),
    action("pass"),
    action("skip"),
    action("discard", "card"),
    action("done"),
))
