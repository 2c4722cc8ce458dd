"""Standing orders on the simulated Discord: `/table orders` answers privately and stores the
choice, and a window with the hold (`TableService.hold`) stays as it is in the channel while
passes wait, then closes when the hold ends, whichever passes came from orders.

The window toy (tests/cogs/toy_window.py) on simcord's virtual time, as the reminders' tests run it."""

from __future__ import annotations

from gavel.tables import i18n
from tests.cogs.conftest import refusals
from tests.cogs.test_reminders import (  # noqa: F401 (fixtures)
    answer,
    clock,
    hand_line,
    on_virtual_time,
    service,
    simcord_bot,
    start,
)

HOLD = 5.0


async def test_table_orders_shows_and_sets_the_players_own_orders_privately(world, service):  # noqa: F811
    w = world
    table = await start(w, service)
    shown = answer(await w.bob.slash(w.channel, "table orders"))
    idle = i18n.gettext("table.order.idle")
    assert shown.ephemeral and i18n.gettext("table.orders") in shown.content and idle in shown.content
    assert "set:off" in shown.content  # on by default
    changed = answer(await w.bob.slash(w.channel, "table orders", order="idle", set="off"))
    assert changed.ephemeral and i18n.gettext("table.orders.saved") in changed.content and "set:on" in changed.content
    assert table.seats[1].orders == {} and table.seats[0].orders is None
    assert service.store.seats(table.id)[1]["orders"] == "{}"
    assert refusals(w.env) == []


async def test_a_pass_during_the_hold_posts_nothing_and_the_window_closes_when_it_ends(world, service):  # noqa: F811
    w = world
    service.hold = HOLD
    table = await start(w, service, timeout=None)
    version, messages = table.version, len(w.channel.history())
    before = w.channel.history()[-1].content
    await w.alice.slash(w.channel, "wtoy pass")
    await w.bob.slash(w.channel, "wtoy pass")
    assert table.version == version and table.state.window  # both passes wait for the hold
    assert len(w.channel.history()) == messages  # and the channel saw nothing of them
    assert w.channel.history()[-1].content == before
    await w.env.advance_time(HOLD + 1)
    assert not table.state.window  # the hold ended: both passes applied, the window closed
    told = w.channel.history()[-1].content  # on the turn's live message, edited (or a new one)
    assert told != before and told.count("event.passed") == 2
    assert refusals(w.env) == []
