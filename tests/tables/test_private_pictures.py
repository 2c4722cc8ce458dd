"""A private notice says what its image shows (`Private.shows`), so a front-end names the file
(`hand.png`, `board.png`) without reading its lines: a seat's own board (`/table me`, `/table
board`) is a board, anything dealt or changed is a hand; the outbox keeps it."""

from __future__ import annotations

from gavel.tables.notices import Private, from_record, to_record
from gavel.tables.service import TableService
from tests.tables.conftest import ALICE, BOB, CHANNEL, seat


async def test_a_seats_own_board_is_a_board_and_its_hand_a_hand(svc: TableService) -> None:
    await seat(svc, ALICE, BOB)
    me = await svc.me(CHANNEL, ALICE)
    board = await svc.board(CHANNEL, ALICE)
    hand = await svc.hand(CHANNEL, ALICE)
    assert isinstance(board, Private)
    assert (me.shows, board.shows, hand.shows) == ("board", "board", "hand")


def test_what_the_image_shows_survives_the_outbox() -> None:
    for shows in ("board", "hand"):
        notice = Private(1, 0, 5, [], b"png", ("alice",), shows=shows)
        assert from_record(to_record(notice), b"png") == notice
    old = to_record(Private(1, 0, 5, [], None, ("alice",)))
    del old["shows"]  # a row kept before notices said it: a private image was a hand
    assert from_record(old).shows == "hand"  # type: ignore[union-attr]
