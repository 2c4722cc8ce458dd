"""A command answers the decision its player saw: a pass by someone else in the same card-play
window leaves it standing; any other change (a card played, a move) refuses it as stale, with
who is asked now, and changes nothing."""

from __future__ import annotations

import pytest

from gavel.tables import i18n
from rules.core import IllegalAction, Msg
from tests.tables.conftest import ALICE, BOB, CAROL, CHANNEL, seat
from tests.tables.test_window_clock import open_window, window_service, window_table


async def test_a_pass_by_another_seat_in_the_same_window_still_counts() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    table = svc.table(CHANNEL)
    seen = table.version  # bob sends `pass` now; carol's pass gets in first
    await svc.act(CHANNEL, CAROL, "pass")
    assert table.version == seen + 1
    await svc.act(CHANNEL, BOB, "pass", version=seen)  # the same window: accepted
    assert svc.store.actions(table.id)[-1]["seat"] == 1


async def test_a_card_played_in_between_makes_the_command_stale() -> None:
    svc = window_service()
    await window_table(svc, ALICE, BOB, CAROL)
    await open_window(svc)
    table = svc.table(CHANNEL)
    seen = table.version
    card = next(a for a in svc.legal_for(CHANNEL, CAROL) if a.startswith("play"))
    await svc.act(CHANNEL, CAROL, card)  # a card played opens the window again for everyone
    version, log = table.version, len(svc.store.actions(table.id))
    with pytest.raises(IllegalAction) as err:
        await svc.act(CHANNEL, BOB, "pass", version=seen)
    assert err.value.code == "stale"
    assert table.version == version and len(svc.store.actions(table.id)) == log
    text = i18n.render(Msg("error.stale", err.value.params), "en")
    assert "alice" in text and "bob" in text and "carol" in text  # who is asked now


async def test_a_command_seen_before_another_players_move_is_refused(svc) -> None:
    await seat(svc, ALICE, BOB, dice=[5, 5])
    table = svc.table(CHANNEL)
    seen = table.version
    await svc.act(CHANNEL, ALICE, "roll")
    await svc.act(CHANNEL, ALICE, "move 5")  # now bob's turn
    with pytest.raises(IllegalAction) as err:
        await svc.act(CHANNEL, BOB, "roll", version=seen)
    assert err.value.code == "stale"
    assert i18n.render(Msg("error.stale", err.value.params), "zh-TW").count("bob") == 1
    await svc.act(CHANNEL, BOB, "roll", version=table.version)  # the same command, seen now: fine
