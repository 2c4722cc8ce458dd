"""The checkout's entry point: `python bot.py ...` runs the same `main` as the installed `gavel`
command (`gavel.cli`; `python bot.py --help` lists the options). `parser` and `local_args` are
here too for the code that reads the command line through this module."""

import sys

from gavel.cli import local_args, main, parser

__all__ = ["local_args", "main", "parser"]

if __name__ == "__main__":
    sys.exit(main())
