"""What every part of the table service that reads or changes a table stands on.

The parts (`gavel.tables.lobby`, `play`, `answers`, `views`, …) each take the same four
collaborators, made once by the facade (`gavel.tables.service.TableService`) before them; this is
that set, handed over as one (`Ground`), beside what each part needs of its own.
"""

from __future__ import annotations

from typing import NamedTuple

from gavel.tables.access import Access
from gavel.tables.registry import Tables
from gavel.tables.timing import Clocks
from gavel.tables.writes import Writes


class Ground(NamedTuple):
    """The open tables and their store (`Tables`), finding a table and changing it under its
    lock (`Access`), writing it (`Writes`) and its decisions' clocks (`Clocks`)."""

    tables: Tables
    access: Access
    writes: Writes
    timing: Clocks
