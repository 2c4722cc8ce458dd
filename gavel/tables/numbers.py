"""Whole numbers typed by a user (a command's option, a menu value, a console word), read one way
everywhere: ASCII digits only. `str.isdigit` also passes `²` (which `int` refuses) and `٣` (which
`int` reads, though nobody typed it on purpose), and a number past the database's 64-bit integers
(`MOST`) would reach a query that cannot hold it; neither is ever an error of ours, only a
refusal of the front-end's choosing."""

from __future__ import annotations

MOST = 2**63 - 1
"""The largest number a SQLite or PostgreSQL integer column holds: no table id or page beyond it."""


def whole(text: str, *, least: int = 1, most: int | None = MOST) -> int | None:
    """`text` as a whole number from `least` to `most` (None: no upper bound) written in ASCII
    digits, or None when it is not one."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        return None
    if most is not None and len(text) > len(str(most)):
        return None  # no need to read a thousand digits to know
    number = int(text)
    return number if number >= least and (most is None or number <= most) else None
