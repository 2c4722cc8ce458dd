"""The outbox keeps a notice's words, never its picture: a row holds no image bytes, and a notice
read back from it (a restart, a retry) has its picture drawn again from its table at the row's
version, the same bytes as first drawn (a renderer is a pure function of what it is given). A row
kept with its bytes still sends them; a picture that cannot be drawn again costs the picture, never
the notice. Each test runs on both database backends."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from gavel.tables.notices import Notice, Private, Prompt, Public, to_record
from gavel.tables.service import TableService
from gavel.tables.store import dumps
from tests.tables.backends import Backend, backend  # noqa: F401  (the backends' fixture)
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD


class Echo:
    """A renderer whose 'PNG' is what it was given: the view, the marked moves, the seats' names
    and a word in the language it draws in. Two pictures are the same bytes only when drawn from
    the same view, marks, names and language."""

    def render(self, view: dict[str, Any], *, highlight: Any = None, names: Any = None, text: Any = None,
               **_: Any) -> bytes:
        return json.dumps({"board": view, "highlight": highlight, "names": names,
                           "lang": text("table.alt.hand")}, sort_keys=True, default=str).encode()

    def render_hand(self, view: dict[str, Any], *, names: Any = None, text: Any = None, **_: Any) -> bytes:
        return json.dumps({"hand": view, "names": names, "lang": text("table.alt.hand")}, sort_keys=True,
                          default=str).encode()

    def highlights(self, view: dict[str, Any], actions: list[str]) -> dict[str, list[int]]:
        return {a: [] for a in actions}

    def label_actions(self, view: dict[str, Any], actions: list[str]) -> dict[str, str | None]:
        return {}


def service(location: str) -> TableService:
    return TableService(location, renderers={"judge_dredd": Echo(), "dads_army": Echo()})


def pictures(notices: list[Notice]) -> dict[int, bytes]:
    """The pictures of the notices kept in the outbox, by row."""
    return {n.outbox: n.image for n in notices
            if isinstance(n, (Public, Private)) and n.image is not None and n.outbox is not None}


async def started(svc: TableService, game: str) -> list[Notice]:
    await svc.create(GUILD, CHANNEL, game, ALICE, seed="pictures")
    for player in (BOB, CAROL):
        await svc.join(CHANNEL, player)
    return await svc.start(CHANNEL, ALICE)


async def act(svc: TableService) -> list[Notice]:
    """Someone asked acts: the first legal action of the first human asked."""
    table = svc.table(CHANNEL)
    assert table is not None and table.state is not None
    seat = table.humans_to_act()[0]
    action = str(table.game.legal_actions(table.state, seat)[0])
    user = table.seats[seat].user_id
    player = next(p for p in (ALICE, BOB, CAROL) if p.user_id == user)
    return await svc.act(CHANNEL, player, action)


def kept(svc: TableService) -> list[dict[str, Any]]:
    return svc.store.outbox_due(float("inf"))


async def sent_again(svc: TableService) -> dict[int, list[Notice]]:
    """What this process reads back from the outbox once its sends of what it kept were refused
    and their pause is over: the notices it was sending are never read back meanwhile (they
    would go out twice)."""
    assert svc.outbox.sending and (await svc.outbox.waiting()) == {}  # being sent: not taken again
    await svc.outbox.undelivered(list(svc.outbox.sending))
    start = svc.wall()
    svc.wall = lambda: start + 10  # the first pause is 5 s
    return await svc.outbox.waiting()


async def test_no_row_holds_a_picture_and_a_restart_draws_the_same_ones(backend: Backend) -> None:  # noqa: F811
    location = backend.location()
    svc = service(location)
    said = await started(svc, "judge_dredd")
    for _ in range(5):  # the hands are dealt on the way
        said += await act(svc)
    drawn = pictures(said)
    assert any(isinstance(n, Private) and n.shows == "hand" and n.image for n in said)
    rows = kept(svc)
    assert rows and all(r["image"] is None for r in rows)  # no PNG in the database
    assert {r["id"] for r in rows if "picture" in json.loads(r["notice"])} == set(drawn)
    fresh = service(location)  # a restart: nothing in memory; most were kept at versions the table is past
    await fresh.restore()
    again = pictures((await fresh.outbox.waiting()).get(CHANNEL, []))
    assert again == drawn  # every board and hand as first drawn: folded from the log, or the table's own
    assert len({r["version"] for r in rows if r["id"] in drawn}) > 2
    fresh.close()
    svc.close()


async def test_a_public_board_is_drawn_again_with_its_prompts_moves(backend: Backend) -> None:  # noqa: F811
    location = backend.location()
    svc = service(location)
    notices = await started(svc, "dads_army")  # moves are public: the board marks the prompt's
    public = notices[0]
    assert isinstance(public, Public) and public.prompt is not None and public.image is not None
    assert json.loads(public.image)["highlight"]
    svc.outbox.pictures.drop([public.outbox or 0])  # the same process, its own copy gone: drawn again
    again = (await sent_again(svc)).get(CHANNEL, [])
    assert [n.image for n in again if n.outbox == public.outbox] == [public.image]
    svc.close()


async def test_a_row_kept_with_its_bytes_still_sends_them(backend: Backend) -> None:  # noqa: F811
    svc = service(backend.location())
    await started(svc, "judge_dredd")
    table = svc.table(CHANNEL)
    assert table is not None
    old = Public(table.id, [], b"old picture", names=table.names)
    [row] = svc.store.outbox_add(table.id, CHANNEL, table.version, [(dumps(to_record(old)), b"old picture")])
    found = [n for n in (await sent_again(svc)).get(CHANNEL, []) if n.outbox == row]
    assert [n.image for n in found] == [b"old picture"]  # type: ignore[union-attr]
    svc.close()


async def test_a_picture_that_cannot_be_drawn_again_costs_the_picture_not_the_lines(
        backend: Backend, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    location = backend.location()
    svc = service(location)
    first = await started(svc, "judge_dredd")
    await act(svc)  # the table moves on: the start's pictures must be folded from the log

    def gone(*_: Any) -> list[dict[str, Any]]:
        raise RuntimeError("the log cannot be read")

    fresh = service(location)
    fresh.store.actions = gone  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR):
        waiting = (await fresh.outbox.waiting()).get(CHANNEL, [])
    again = {n.outbox: n for n in waiting if not isinstance(n, Prompt)}
    for notice in first:
        if isinstance(notice, (Public, Private)) and notice.image is not None:
            sent = again[notice.outbox]
            assert isinstance(sent, (Public, Private))
            assert sent.image is None and sent.lines == notice.lines  # its lines still go
    assert "cannot be drawn again" in caplog.text
    fresh.close()
    svc.close()


async def test_a_pictures_words_are_not_kept_and_are_said_again_with_it(backend: Backend) -> None:  # noqa: F811
    location = backend.location()
    svc = service(location)
    said = await started(svc, "judge_dredd")
    for _ in range(5):
        said += await act(svc)
    first = {n.outbox: n.alt for n in said
             if isinstance(n, (Public, Private)) and n.image is not None and n.outbox is not None}
    assert first and all(first.values())
    rows = {r["id"]: json.loads(r["notice"]) for r in kept(svc)}
    assert all("alt" not in rows[row] and "picture" in rows[row] for row in first)  # the words are not kept
    again = (await sent_again(svc)).get(CHANNEL, [])  # this process's own pictures: their words with them
    assert {n.outbox: n.alt for n in again if n.outbox in first} == first
    fresh = service(location)  # a restart: drawn and said again from the tables at the rows' versions
    fresh.wall = svc.wall  # as late: their pause is over
    await fresh.restore()
    again = (await fresh.outbox.waiting()).get(CHANNEL, [])
    assert {n.outbox: n.alt for n in again if n.outbox in first} == first
    fresh.close()
    svc.close()


async def test_a_row_that_holds_its_pictures_words_still_sends_them(backend: Backend) -> None:  # noqa: F811
    svc = service(backend.location())
    await started(svc, "judge_dredd")
    table = svc.table(CHANNEL)
    assert table is not None
    old = Public(table.id, [], b"old", names=table.names, alt={"en": "as it was", "zh-TW": "如前"})
    record = {**to_record(old), "picture": {"of": "board", "lang": "en"}}
    [row] = svc.store.outbox_add(table.id, CHANNEL, table.version, [(dumps(record), None)])
    found = [n for n in (await sent_again(svc)).get(CHANNEL, []) if n.outbox == row]
    assert [n.alt for n in found] == [old.alt]  # type: ignore[union-attr]
    svc.close()
