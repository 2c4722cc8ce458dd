"""Opening the table store the configuration names: SQLite (`gavel.tables.store.Store`) or PostgreSQL
(`gavel.tables.pgstore.PgStore`, whose driver is imported only for a PostgreSQL database). Above
both store modules, so that neither imports the other."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from gavel.tables.store import Store, TableStore, default_path, is_postgres

if TYPE_CHECKING:
    from gavel.tables.pgstore import PgStore

    _stores: tuple[type[TableStore], ...] = (Store, PgStore)  # mypy: both keep the contract


def open_store(location: str | Path | None = None) -> TableStore:
    """The store for `location` (default: `GAVEL_DB`, else `gavel.sqlite3`): PostgreSQL for a
    `postgresql://` URL, SQLite for anything else (a file, `:memory:`). The one place a store
    is made from configuration."""
    target = location if location is not None else default_path()
    if is_postgres(target):
        from gavel.tables import pgstore  # psycopg is loaded only for a PostgreSQL database

        return pgstore.PgStore(str(target))
    return Store(target)
