"""A store started while its PostgreSQL server restarts waits for it; a server that is not there
is said at once."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from gavel.tables import pgstore
from gavel.tables.store import StoreError


class Connection:
    """What `configure` is given: a connection that takes the row factory and the JSON loader."""

    row_factory: Any = None
    adapters = psycopg.adapt.AdaptersMap(psycopg.adapters)


def test_a_server_restarting_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    answers: list[Any] = [psycopg.OperationalError("FATAL:  the database system is shutting down"),
                          psycopg.OperationalError("FATAL:  the database system is starting up"), Connection()]
    slept: list[float] = []
    monkeypatch.setattr(pgstore.psycopg, "connect", lambda *a, **k: (
        (_ for _ in ()).throw(answers.pop(0)) if isinstance(answers[0], Exception) else answers.pop(0)))
    monkeypatch.setattr(pgstore.time, "sleep", slept.append)
    assert isinstance(pgstore.connect("postgresql://x@127.0.0.1:1/db"), Connection)
    assert answers == [] and slept == [0.5, 0.5]


def test_a_server_that_is_not_there_is_said_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise psycopg.OperationalError('connection to server at "127.0.0.1", port 1 failed: Connection refused')

    monkeypatch.setattr(pgstore.psycopg, "connect", refused)
    monkeypatch.setattr(pgstore.time, "sleep", slept.append)
    with pytest.raises(StoreError, match="cannot connect"):
        pgstore.connect("postgresql://x@127.0.0.1:1/db")
    assert slept == []
