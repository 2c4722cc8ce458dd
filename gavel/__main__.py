"""`python -m gavel`: the same as the `gavel` command."""

from gavel.cli import entry

if __name__ == "__main__":
    entry()
