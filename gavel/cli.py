"""Gavel's command line: the Discord bot, or `--local <game>` to play in a terminal.

The installed command `gavel`, `python -m gavel` and the checkout's `python bot.py` all run
`main`, from any folder: what Gavel reads (content, fonts, catalogues) comes with the code
(`rules.data`), and what it writes (board images, exported games, the database) goes to the
current folder or the paths given.

    gavel                              # the Discord bot (token from DISCORD_TOKEN or .env)
    gavel --sync                       # the same, syncing the slash commands first (or GAVEL_SYNC=1)
    gavel --shards 0-3 --shard-count 8   # the bot over shards 0 to 3 of 8 (the others run elsewhere)
    gavel --idle 300                   # drop a table from memory after 5 idle minutes (or GAVEL_IDLE=300)
    gavel --eager                      # load every open table at start-up (or GAVEL_EAGER=1)
    gavel --local <game> --ai 3        # play a game in this terminal, against three AI seats
    gavel --local <game> --seats 0 --ai 4 --seed 1   # four AI seats play a whole game
    gavel --local <game> --script table3.txt   # replay an exported game (/table log export)
    gavel --check-db                   # what is wrong with the database (GAVEL_DB, or --db PATH)
    gavel --backup gavel-backup.sqlite3   # a consistent copy of a SQLite database, safe while the bot runs

The database is a SQLite file (default gavel.sqlite3), or PostgreSQL when GAVEL_DB (or --db) is a
postgresql:// URL; a PostgreSQL database is backed up with pg_dump.

Several processes can run one bot on one PostgreSQL database, each over some of its shards:
`--shards` takes a range (`0-3`) or a list (`0,2,5`, or both: `0-3,6`) of shard ids below
`--shard-count`, the same count in every process (`--shard-count` alone: every shard, here). Bad
shard options are refused before anything starts (exit 2).

A database that another Gavel process holds, or that a newer Gavel wrote, is refused with a
message (exit 1), not a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections import Counter


def _whole_numbers(text: str, low: int) -> str:
    """`text` when it is whole numbers of at least `low` split by commas (`3,6,1`), ASCII digits
    only (`²` passes `str.isdigit` but not `int`); else ValueError, which argparse reports as
    "invalid dice value: '3,x'" before anything starts."""
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if not parts or not all(p.isascii() and p.isdigit() and int(p) >= low for p in parts):
        raise ValueError(text)
    return text


def dice(text: str) -> str:
    """`--dice`: thrown values, 1 or more (a die has no 0)."""
    return _whole_numbers(text, 1)


def draws(text: str) -> str:
    """`--draws`: recorded random numbers, 0 or more (a shuffle draws 0)."""
    return _whole_numbers(text, 0)


def idle_seconds(text: str) -> str:
    """`--idle`: seconds, 0 or more (kept as typed: it becomes `GAVEL_IDLE`)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return text


def shard_count(text: str) -> int:
    """`--shard-count`: how many shards the bot has in all, 1 or more."""
    if not (text.strip().isascii() and text.strip().isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"the shard count must be a whole number of at least 1, not {text!r}")
    return int(text)


def shard_ids(text: str) -> tuple[tuple[int, int], ...]:
    """`--shards`: a range `0-3`, a list `0,2,5`, or both (`0-3,6`), as (first, last) pairs in the
    order given. Whether each shard is below the count, and given once, is `shard_options`' to
    check (it knows the count, and so never spells out a range past it)."""
    found: list[tuple[int, int]] = []
    for part in (p.strip() for p in text.split(",")):
        low, dash, high = part.partition("-")
        ends = [low.strip(), high.strip()] if dash else [low.strip()]
        if not all(e.isascii() and e.isdigit() for e in ends):
            what = f"{part!r} in {text!r}" if part else f"an empty item in {text!r}"
            raise argparse.ArgumentTypeError(f"{what} is not a shard id or a range like 0-3")
        first, last = int(ends[0]), int(ends[-1])
        if last < first:
            raise argparse.ArgumentTypeError(f"the range {part!r} ends before it starts")
        found.append((first, last))
    return tuple(found)


def games_help() -> str:
    """The games `--local` plays, each by its key and its Discord group's name (either works), with
    its variants (`--variant`): the end of `--help`."""
    from rules import registry

    lines = ["games for --local GAME (its key, or its Discord group's name) and --variant NAME:"]
    for plugin in registry.plugins().values():
        info = plugin.game.info
        group = plugin.commands.group
        named = f"{info.key} ({group})" if group and group != info.key else info.key
        variants = ", ".join(info.variants) if info.variants else "none"
        lines.append(f"  {named:<26} {info.names.get('en', info.key)}; variants: {variants}")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gavel", description="Gavel: tabletop games on Discord, or locally.",
                                epilog=games_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--local", metavar="GAME", help="play GAME in this terminal instead of running the bot"
                   " (the games are listed below)")
    p.add_argument("--seats", type=int, help="human seats: Alice, Bob, Carol... (default 1; 0 if --ai fills the table)")
    p.add_argument("--ai", type=int, help="AI seats (default: enough to reach the game's minimum)")
    p.add_argument("--seed", help="seed for the table's dice and shuffles")
    p.add_argument("--variant", metavar="NAME", help="a rules variant of the game, e.g. redraw_bombed_reference")
    p.add_argument("--time", choices=["none", "live", "daily"], default=None,
                   help="the table's time control, as /<game> new time: (shown here; local play runs no clock)")
    p.add_argument("--dice", type=dice, help="scripted dice, e.g. 3,6,1 (then seeded dice)")
    p.add_argument("--script", metavar="FILE", help="commands from FILE; a refused line fails unless it starts with !"
                   " (an exported game's '# gavel:' line gives the options not given here)")
    p.add_argument("--names", metavar="A,B,...", help="names of the human seats (default Alice, Bob, Carol...)")
    p.add_argument("--draws", type=draws, metavar="N,N,...",
                   help="every random number the table draws, in order, then seeded (an exported game's record)")
    p.add_argument("--json", action="store_true", help="print one JSON object per notice")
    p.add_argument("--images", default=None, metavar="DIR", help="also write each board as a PNG file in DIR"
                   " (default: the board as text only; 'inline': the picture itself in a kitty, iTerm2 or"
                   " WezTerm terminal, else the text)")
    p.add_argument("--color", "--colour", dest="color", action="store_true", default=None,
                   help="colour the text boards (default: at a terminal, unless NO_COLOR is set)")
    p.add_argument("--no-color", "--no-colour", dest="color", action="store_false", help="no colour in the text boards")
    p.add_argument("--lang", default="en", choices=["en", "zh-TW"], help="language of messages and boards")
    p.add_argument("--db", metavar="PATH", help="the database: a SQLite file, or a postgresql:// URL"
                   " (default: GAVEL_DB, else gavel.sqlite3)")
    p.add_argument("--check-db", action="store_true", help="check every table in the database, print what is"
                   " wrong, and exit (1 if anything is); safe while the bot runs")
    p.add_argument("--backup", metavar="FILE", help="copy the database to FILE (overwritten if it exists) with"
                   " SQLite's online backup and exit; safe while the bot runs (PostgreSQL: use pg_dump)")
    p.add_argument("--sync", action="store_true", help="sync the slash commands with Discord at start-up (as"
                   " GAVEL_SYNC=1): the first time and whenever they change; only the process of shard 0 does")
    p.add_argument("--eager", action="store_true", help="load every open table at start-up (as GAVEL_EAGER=1);"
                   " by default a table is loaded when first touched")
    p.add_argument("--idle", type=idle_seconds, metavar="SECONDS", help="drop a table untouched for SECONDS from"
                   " memory (as GAVEL_IDLE; default 600, 0: never); it loads again when touched")
    p.add_argument("--shards", type=shard_ids, metavar="IDS", help="run the bot over these shards only: a range"
                   " (0-3) or a list (0,2,5) of ids below --shard-count; the other shards run in other processes")
    p.add_argument("--shard-count", type=shard_count, metavar="N", help="how many shards the bot has in all, the"
                   " same in every process (alone: all N shards in this process)")
    return p


def shard_options(args: argparse.Namespace) -> None:
    """Refuse (exit 2, with the reason) shard options that do not fit together, before anything
    starts: `--shards` without `--shard-count`, a shard not below the count or given twice, shard
    options with something other than the bot (`--local`, `--check-db`, `--backup`), or some of
    the shards on a SQLite file (the processes of one bot share a PostgreSQL database). Leaves
    `args.shards` as the shard ids, in the order given."""
    if args.shards is None and args.shard_count is None:
        return
    flag = "--shards" if args.shards is not None else "--shard-count"
    for other, given in (("--local", args.local), ("--check-db", args.check_db), ("--backup", args.backup)):
        if given:
            parser().error(f"{flag} is for the Discord bot, not {other}")
    if args.shard_count is None:
        parser().error("--shards needs --shard-count (how many shards the bot has in all, the same in every"
                       " process)")
    ranges = args.shards or ()
    beyond = [str(last) for _, last in ranges if last >= args.shard_count]
    if beyond:
        parser().error(f"--shards {','.join(beyond)}: shard ids go from 0 to {args.shard_count - 1}"
                       f" with --shard-count {args.shard_count}")
    if args.shards is not None:
        ids = [shard for first, last in ranges for shard in range(first, last + 1)]
        twice = sorted(shard for shard, n in Counter(ids).items() if n > 1)
        if twice:
            parser().error(f"--shards names shard {', '.join(map(str, twice))} more than once")
        args.shards = tuple(ids)
        from gavel.tables.store import is_postgres

        database = args.db or os.environ.get("GAVEL_DB") or ""
        if len(ids) < args.shard_count and not is_postgres(database):
            parser().error("--shards runs part of the bot: the processes that run the other shards must share"
                           " its database, a PostgreSQL one (GAVEL_DB or --db postgresql://user@host:5432/db);"
                           " a SQLite file serves one process")


def run_discord(args: argparse.Namespace | None = None) -> int:
    """Start the Discord bot (cogs are imported only here, so local play needs no token): over
    every guild, or over `args.shards` of `args.shard_count`; `--sync` syncs (else `GAVEL_SYNC`)."""
    from cogs.bot import main as bot_main

    asyncio.run(bot_main(sync=True if args is not None and args.sync else None,
                         shard_ids=getattr(args, "shards", None), shard_count=getattr(args, "shard_count", None)))
    return 0


def local_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, and for a `--script` with a `# gavel:` header (an exported game) the
    header's options under it: what the command line gives wins. A header for another game than
    `--local` is refused (exit 2), not half replayed."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser().parse_args(argv)
    if args.local and args.script:
        from gavel.tables.console import script_header

        header = script_header(args.script)
        if header:
            recorded = parser().parse_args(header).local
            if _key(recorded) != _key(args.local):
                parser().error(f"{args.script} records a game of {recorded}, not {args.local}")
            args = parser().parse_args([*header, *argv])
    return args


def _key(game: str) -> str:
    """The game key a `--local` name names (`dredd` → `judge_dredd`), else the name as given."""
    from gavel.tables.games import local_game
    from rules.core import IllegalAction

    try:
        return local_game(game)
    except IllegalAction:
        return game


def main(argv: list[str] | None = None) -> int:
    from gavel.tables.store import StoreError

    args = local_args(argv)
    shard_options(args)
    if args.db and not args.local:  # local play is handed its own (`LocalOptions.db`), never the bot's
        os.environ["GAVEL_DB"] = args.db  # the one place every part of Gavel reads it from
    if not args.local:  # the bot's settings, read where the bot is made (`cogs.bot.create_bot`)
        if args.eager:
            os.environ["GAVEL_EAGER"] = "1"
        if args.idle is not None:
            os.environ["GAVEL_IDLE"] = args.idle
    try:
        if args.check_db:
            from gavel.tables.check import main as check_main
            from gavel.tables.store import default_path

            return check_main(default_path())
        if args.backup:
            from gavel.tables.store import backup, default_path

            backup(default_path(), args.backup)
            print(f"{default_path()} copied to {args.backup}")
            return 0
        if args.local:
            from gavel.tables.console import options_from_args, run

            return asyncio.run(run(options_from_args(args)))
        return run_discord(args)
    except StoreError as exc:  # another process holds the file, a newer Gavel wrote it...
        print(f"gavel: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader of the output stopped reading (`gavel --local ... --json | head`): it has what
        # it wanted. Later writes, and the interpreter's last flush, go nowhere instead of failing.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def entry() -> None:
    """The `gavel` command (`[project.scripts]`): `main`'s answer is the exit status."""
    sys.exit(main())
